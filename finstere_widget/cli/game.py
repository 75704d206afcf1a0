"""Subcommands ``simulate`` (many seeded bot games, summarised) and ``play`` (a game
against bots in the terminal)."""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import textwrap
import time
from collections.abc import Callable, Sequence
from typing import TextIO

from ..design.bots import make_bot
from ..engine.board import HEIGHT, ROW_EXTENT, WALL_LETTERS, WIDTH, Heading, Square
from ..engine.diagram import CHAR_OF_HEADING, CHAR_OF_STONE
from ..engine.errors import FileError, FinstereError, shown
from ..engine.events import Event
from ..engine.files import write_file
from ..engine.game import Game, PawnMove
from ..engine.i18n import N_, colour_word, error_message, place_words, reason_words, translations
from ..engine.monster import TurnResult
from ..engine.moves import parse_path
from ..engine.narrate import describe
from ..engine.narrate import narrate as narrate_turn
from ..engine.position import Position
from .common import (
    OPTION_HELP,
    SubParsers,
    UsageError,
    add_lang,
    add_option,
    add_progress,
    add_seed_and_jobs,
    bot_list,
    check_batch,
    check_writable,
    fmt_to,
    options_from,
    printable,
    progress_from,
    said,
)


def cmd_simulate(args: argparse.Namespace) -> int:
    from ..design.runner import simulate

    check_batch(args)
    translations(args.lang)  # an unknown --lang fails before any game is played
    options = options_from(args)
    bots = bot_list(args.bots)
    show = progress_from(args)  # the study's default: a bar when stderr is a terminal
    began = time.perf_counter()
    result = simulate(
        args.games,
        args.players,
        bots,
        args.seed,
        options,
        jobs=args.jobs or 1,
        progress=show,
        rotate=not args.no_rotate,
        file=sys.stderr,
    )
    seconds = time.perf_counter() - began
    if args.json:
        print(json.dumps(result.to_dict()))
        return 0
    s = result.summary
    _ = translations(args.lang).gettext
    print(
        _("{games} games, {players} players, bots {bots}, seed {seed}").format(
            games=s["games"], players=s["players"], bots=", ".join(bots), seed=args.seed
        )
    )
    print(
        _("wins by seat: {wins}  draws: {draws}").format(wins=s["wins_by_seat"], draws=s["draws"])
    )
    for bot, wins in s["wins_by_bot"].items():
        print(
            "  "
            + _("{bot}: {wins} wins in {seats} seats").format(
                bot=bot, wins=wins, seats=s["seats_by_bot"][bot]
            )
        )
    print(
        _("rounds: mean {mean}, max {most}; escaped per game {escaped}").format(
            mean=s["rounds_mean"], most=s["rounds_max"], escaped=s["escaped_mean"]
        )
    )
    print(
        _(
            "eaten per game: stage 1 {stage1}, stage 2 {stage2}, at the end {end}; "
            "monster steps {steps}"
        ).format(
            stage1=s["eaten_stage1_mean"],
            stage2=s["eaten_stage2_mean"],
            end=s["eaten_at_end_mean"],
            steps=s["monster_steps_mean"],
        )
    )
    for key, count in s["end_reasons"].items():
        # the summary's key is "RULE: reason" (design/simulation.py): the reason is told
        rule, colon, reason = key.partition(": ")
        told = (
            _("{prefix}: {text}").format(prefix=rule, text=reason_words(reason, args.lang))
            if colon
            else reason_words(key, args.lang)
        )
        print(f"  {count:5d}  {told}")
    played = s["games"]
    print(
        _("{played} games played in {seconds} s ({rate} games/s)").format(
            played=played,
            seconds=f"{seconds:.1f}",
            rate=f"{played / seconds if seconds > 0 else 0.0:.1f}",
        )
    )
    return 0


PLAY_HELP = N_("""commands:
  PAWN PATH   move a pawn, e.g.  blue5 IN,W,W   (tokens N E S W IN OUT, P2-P9)
  PAWN        0 squares: the pawn is only flipped (P2)
  moves PAWN  list the legal outcomes of a pawn
  board       show the board again
  monster     tell the monster's last turn step by step
  help        this text
  quit        stop the game
PAWN is a pawn's id (blue5) or its tag on the board (B5).""")

#: what the board's characters are (the help's second part)
BOARD_HELP = N_("""the board:
  0-15 above and below it: the columns (x); 0-10 on its left: the rows (y); a square is (x, y)
  A-Z *    the walls' letters (B3), beside each wall: the monster that walks through one
           comes out at the other wall of the same letter (M10)
  > ^ v <  the monster, facing east, north, south or west
  B5       a pawn: its player's letter and a number, listed under the board (B5 = blue5)
  .        an empty square
  #        a stone: pawns push it (P6), the monster pushes it (M8)
  ~        a blood pool: pawns and the monster slide across it (P7, M9)
  *        a crystal: a stone the monster sees through (M4)
  ) ( @    pivot stones: they turn the monster right, left or about (M11)
  =        a teleporter (P9, M12)
the exit is (0, 0), top left; pawns come in by the entrance (15, 10), bottom right (IN).
(2) after a pawn's id: the number it shows, the points it moves (P2).""")

#: where column x of the board is drawn: ``COL0 + CELL * x`` on its line (its number and
#: its walls' letters too); a row's number, then its west wall's letter, come before
COL0, CELL = 5, 3

#: a terminal's colours (SGR codes), used only where it has them: the players' colours
#: (bold), the monster (bold, reversed), the blood
SGR = {
    "blue": "1;34",
    "yellow": "1;33",
    "red": "1;31",
    "green": "1;32",
    "purple": "1;35",
    "black": "1;90",
    "white": "1;97",
}
MONSTER_SGR, POOL_SGR, WALL_SGR = "1;7", "31", "2"


def _column_ends(x: int) -> tuple[int, int]:
    """The first and last rows of column ``x`` (B1: the board is notched)."""
    rows = [y for y in range(HEIGHT) if ROW_EXTENT[y][0] <= x <= ROW_EXTENT[y][1]]
    return rows[0], rows[-1]


#: B3: the walls' letters as the margins show them: above each column the letter of its
#: top wall, below it its bottom wall's (each column has one of each, wherever the notches
#: put it), and beside each row its west and east walls'
TOP_LETTERS = tuple(WALL_LETTERS[((x, _column_ends(x)[0]), Heading.N)] for x in range(WIDTH))
BOTTOM_LETTERS = tuple(WALL_LETTERS[((x, _column_ends(x)[1]), Heading.S)] for x in range(WIDTH))
WEST_LETTERS = tuple(WALL_LETTERS[((ROW_EXTENT[y][0], y), Heading.W)] for y in range(HEIGHT))
EAST_LETTERS = tuple(WALL_LETTERS[((ROW_EXTENT[y][1], y), Heading.E)] for y in range(HEIGHT))


def _paint(text: str, sgr: str | None, colour: bool) -> str:
    return f"\x1b[{sgr}m{text}\x1b[0m" if colour and sgr else text


def wants_colour(choice: str, stream: TextIO) -> bool:
    """``--colour``: ``always``, ``never``, or ``auto``: only on a terminal (not a file or
    a pipe) whose ``TERM`` is not ``dumb``, and without ``NO_COLOR`` (no-color.org)."""
    if choice in ("always", "never"):
        return choice == "always"
    if os.environ.get("NO_COLOR") or os.environ.get("TERM", "dumb") in ("", "dumb"):
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or file-like stream
        return False


def pawn_tags(position: Position) -> dict[str, str]:
    """Each pawn's tag on the terminal's board, two characters: a capital letter for its
    player (the first letter of the colour's name that no earlier player has: black is L
    after blue) and a digit (the last of its id, unless another pawn of that player ends
    in it: then the first digit free). The same all game long (ids and players never
    change)."""
    letters: dict[str, str] = {}
    for p in position.pawns:
        if p.player not in letters:
            taken = set(letters.values())
            name = [c for c in p.player.upper() if "A" <= c <= "Z"]
            free = [c for c in name + [chr(k) for k in range(65, 91)] if c not in taken]
            letters[p.player] = free[0] if free else "?"
    tags: dict[str, str] = {}
    used: dict[str, set[str]] = {}
    for p in position.pawns:
        mine = used.setdefault(p.player, set())
        last = p.id[-1:]
        digits = ([last] if "0" <= last <= "9" else []) + list(
            "123456789abcdefghijklmnopqrstuvwxyz"
        )
        digit = next((d for d in digits if d not in mine), "?")
        mine.add(digit)
        tags[p.id] = letters[p.player] + digit
    return tags


def _board_cells(position: Position, tags: dict[str, str]) -> dict[Square, tuple[str, str | None]]:
    """What each square shows (text, colour): the pawns over the monster over the stones
    and teleporters over the pools."""
    cells: dict[Square, tuple[str, str | None]] = {}
    for pool in position.pools:
        for sq in pool.squares:
            cells[sq] = ("~", POOL_SGR)
    for t in position.teleporters:
        cells[t.at] = ("=", SGR.get(t.pair))
    for s in position.stones:
        cells[s.at] = (CHAR_OF_STONE[s.kind], None)
    cells[position.monster.at] = (CHAR_OF_HEADING[position.monster.facing], MONSTER_SGR)
    for p in position.pawns:
        if isinstance(p.at, tuple):
            cells[p.at] = (tags.get(p.id, "??"), SGR.get(p.player))
    return cells


def board_lines(
    position: Position, tags: dict[str, str], lang: str | None = None, colour: bool = False
) -> list[str]:
    """The terminal's board: the columns' numbers above and below, each row's number on its
    left (the widget's square names, render/margins.py), the walls' letters between them
    and the board (B3: :data:`TOP_LETTERS`...), three characters a square (a pawn is its
    tag, :func:`pawn_tags`), then the pawns: those on the board by tag, id, the
    number each shows and its square, the others by where they are. Readable without
    colours; ``colour`` paints the pawns, the monster and the blood. Ids are escaped."""
    _ = translations(lang).gettext
    cells = _board_cells(position, tags)
    numbers = (" " * COL0 + "".join(f"{x:<{CELL}}" for x in range(WIDTH))).rstrip()

    def letters(row: Sequence[str]) -> str:
        return " " * COL0 + "".join(_paint(c, WALL_SGR, colour) + " " * (CELL - 1) for c in row)

    lines = [numbers, letters(TOP_LETTERS).rstrip()]
    for y in range(HEIGHT):
        lo, hi = ROW_EXTENT[y]
        west, east = (_paint(c, WALL_SGR, colour) for c in (WEST_LETTERS[y], EAST_LETTERS[y]))
        # the west wall's letter two characters before the row's first square, the east
        # wall's where the square after its last would be: they follow the notches
        row = [f"{y:>2}" + " " * (COL0 + CELL * lo - 4), west, " "]
        for x in range(lo, hi + 1):
            text, sgr = cells.get((x, y), (".", None))
            row.append(_paint(text, sgr, colour) + " " * (CELL - len(text)))
        lines.append("".join(row) + east)
    lines += [letters(BOTTOM_LETTERS).rstrip(), numbers]
    on_board = [
        _("{tag} = {pawn} ({value}) on {square}").format(
            tag=_paint(tags.get(p.id, "??"), SGR.get(p.player), colour),
            pawn=printable(p.id, 40),
            value=p.value,
            square=fmt_to(p.at),
        )
        for p in position.pawns
        if isinstance(p.at, tuple)
    ]
    width = max((len(_plain(e)) for e in on_board), default=0)
    for k in range(0, len(on_board), 2):
        pair = on_board[k : k + 2]
        pad = " " * (width - len(_plain(pair[0])) + 4)
        lines.append(("  " + pad.join(pair)).rstrip())
    players = list(dict.fromkeys(p.player for p in position.pawns))
    for place in ("outside", "escaped", "eaten"):
        for player in players:
            here = [p for p in position.pawns if p.player == player and p.at == place]
            if here:
                names = ", ".join(
                    f"{printable(p.id, 40)} ({p.value})"
                    if place == "outside"
                    else printable(p.id, 40)
                    for p in here
                )
                told = _("{prefix}: {text}").format(prefix=place_words(place, lang), text=names)
                lines.append("  " + told)
    return lines


def _plain(text: str) -> str:
    """``text`` without its colours (its width on the screen)."""
    while "\x1b[" in text:
        start = text.index("\x1b[")
        end = text.index("m", start)
        text = text[:start] + text[end + 1 :]
    return text


def screen_width(stream: TextIO) -> int:
    """The columns to fit text in: the terminal's (``COLUMNS``, else its size) when
    ``stream`` is standard output, else 80; never under 40."""
    if stream is sys.stdout:
        return max(40, shutil.get_terminal_size((80, 24)).columns)
    return 80


#: a help line's first column (a symbol or a command) and the spaces after it
_GLUE = "\u00a0"  # a space textwrap does not break at
_COLUMN = re.compile(r"^(  \S(?:.*?\S)?\s{2,})\S")


def wrapped(text: str, width: int) -> str:
    """A help text fitted in ``width`` columns: a line indented by five spaces or more
    continues the one before it; a longer line is broken between words, its next lines
    indented to its second column (or by four)."""
    lines: list[str] = []
    for line in text.splitlines():
        if lines and line.startswith("     ") and line.strip():
            lines[-1] += " " + line.strip()
        else:
            lines.append(line)
    out: list[str] = []
    for line in lines:
        if len(line) < width:
            out.append(line)
            continue
        m = _COLUMN.match(line)
        indent = len(m.group(1)) if m and len(m.group(1)) <= width // 3 else 4
        # never a line break before French's spaced punctuation (" :", " ;")
        glued = re.sub(r" (?=[:;!?»])", _GLUE, line)
        out += [
            part.replace(_GLUE, " ")
            for part in textwrap.wrap(
                glued,
                width - 1,
                subsequent_indent=" " * indent,
                break_long_words=False,
                break_on_hyphens=False,
            )
        ]
    return "\n".join(out)


def _out(stream: TextIO, text: str = "") -> None:
    stream.write(text + "\n")
    stream.flush()


def _show(
    game: Game,
    out: TextIO,
    lang: str | None = None,
    tags: dict[str, str] | None = None,
    colour: bool = False,
) -> None:
    st = game.state
    _out(
        out,
        translations(lang)
        .gettext("-- round {round}, stage {stage}, tiles left {n}; in the pile: {tiles}")
        .format(
            round=st.round,
            stage=game.position.stage,
            n=game.tiles_to_play(),
            tiles=" ".join(game.tiles_left()),
        ),
    )
    tags = pawn_tags(game.position) if tags is None else tags
    _out(out, "\n".join(board_lines(game.position, tags, lang, colour)))


def _to(to: object, lang: str | None) -> str:
    """Where a move ends: ``(x, y)``, or the place off the board in words."""
    return fmt_to(to) if isinstance(to, tuple) else place_words(str(to), lang)


def monster_line(tile: str, steps: int | None, eaten: Sequence[str], lang: str | None) -> str:
    """The terminal game's line for a monster turn: its tile, its steps (None: not told)
    and the pawns it took."""
    t = translations(lang)
    return t.ngettext(
        "monster: tile {tile}, {steps} step, took {eaten}",
        "monster: tile {tile}, {steps} steps, took {eaten}",
        2 if steps is None else steps,
    ).format(
        tile=tile,
        steps="?" if steps is None else steps,
        eaten=", ".join(eaten) or t.gettext("nobody"),
    )


def turn_lines(turn: TurnResult, lang: str | None) -> list[str]:
    """The monster's turn step by step (:func:`~finstere_widget.engine.narrate.narrate`),
    indented under its line, escaped for the terminal."""
    return ["  " + printable(line, 2000) for line in narrate_turn(turn.events, lang=lang)]


def _told_changes(extra: Sequence[Event], lang: str | None) -> list[str]:
    """What the game did by itself after a move, a sentence each: at the end of the first
    round's pawn phase, the pawns not moved turned over where they wait (P10)."""
    _ = translations(lang).gettext
    told = ["  " + printable(describe(e, lang), 400) for e in extra]
    if any(e.rule == "P10" for e in extra):  # the first round's flips (P10)
        head = N_(
            "the first round's pawn phase is over: the pawns not moved are turned over outside (P10)"
        )
        told.insert(0, _(head))
    return told


#: the longest line the terminal game reads (a move is a pawn id and at most 64 tokens)
MAX_LINE = 1000

#: the exit status of a game stopped by Ctrl+C (128 + SIGINT, as a shell reports it)
INTERRUPTED = 130


def play_loop(
    game: Game,
    human: set[int],
    bot_names: list[str],
    inp: TextIO,
    out: TextIO,
    lang: str | None = None,
    *,
    narrate: bool = False,
    colour: bool = False,
    record: Callable[[Game], None] | None = None,
) -> int:
    """The terminal game: human seats type moves, the others are bots; what it says is in
    ``lang`` (the commands typed stay the English words of :data:`PLAY_HELP`).
    ``narrate``: every monster turn step by step (else on the command ``monster``);
    ``colour``: the board in colours; ``record``: called with the game whenever a move has
    been played and before each prompt, so that what was played is written as it goes.
    Ctrl+C stops the game (status :data:`INTERRUPTED`) after the last ``record``."""
    try:
        return _play(game, human, bot_names, inp, out, lang, narrate, colour, record)
    except KeyboardInterrupt:
        if record is not None:
            record(game)
        _out(out, "\n" + translations(lang).gettext("game stopped"))
        return INTERRUPTED


def _play(
    game: Game,
    human: set[int],
    bot_names: list[str],
    inp: TextIO,
    out: TextIO,
    lang: str | None,
    narrate: bool,
    colour: bool,
    record: Callable[[Game], None] | None,
) -> int:
    t = translations(lang)
    _ = t.gettext
    save = record or (lambda game: None)
    bots = {
        seat: make_bot(bot_names[k % len(bot_names)], f"{game.setup.seed}/{seat}")
        for k, seat in enumerate(s for s in range(game.n) if s not in human)
    }
    tags = pawn_tags(game.position)
    by_tag = {tag.upper(): pid for pid, tag in tags.items()}

    def pawn_named(word: str) -> str:
        """A pawn typed by its id, or by its tag on the board (any case)."""
        if word in game.position.pawn_by_id:
            return word
        return by_tag.get(word.upper(), word)

    def show() -> None:
        _show(game, out, lang, tags, colour)

    last_turn: TurnResult | None = None
    hinted = False
    shown_round = -1
    while not game.is_terminal():
        if game.is_chance():
            stage = game.position.stage
            turn = game.sample_chance()
            last_turn = turn
            end = turn.events[-1]
            steps = end.steps if end.type == "end" else None
            _out(out, printable(monster_line(turn.tile, steps, turn.eaten, lang), 2000))
            if narrate:
                for line in turn_lines(turn, lang):
                    _out(out, line)
            elif human and not hinted:
                _out(out, "  " + _("(type monster to read its turn step by step)"))
                hinted = True
            if game.position.stage != stage:
                _out(
                    out,
                    _("stage {stage} begins with a new pile of tiles (S1)").format(
                        stage=game.position.stage
                    ),
                )
            save(game)
            continue
        seat = game.current_player
        colour_name = colour_word(game.colours[seat], lang)
        if seat not in human:
            action = bots[seat].choose(game)
            entry = game.apply(action)
            if isinstance(action, PawnMove):
                # "{prefix}: {text}": French puts a space before the colon
                said = f"{printable(action.pawn, 40)} " + (",".join(action.path) or _("(flipped)"))
                _out(
                    out,
                    _("{prefix}: {text}").format(
                        prefix=f"{colour_name} ({bots[seat].name})", text=said
                    ),
                )
            for line in _told_changes(entry.extra, lang):
                _out(out, line)
            continue
        if shown_round != game.state.round:
            show()
            shown_round = game.state.round
        save(game)
        # only the pawns with a legal move (T2; in the first round P10: those that can enter)
        movable = {a.pawn for a in game.legal_actions() if isinstance(a, PawnMove)}
        pawns = [p for p in game.movable_pawns() if p.id in movable]
        listing = ", ".join(f"{printable(p.id, 40)}={p.value}@{fmt_to(p.at)}" for p in pawns)
        if game.state.round == 1:
            left = 2 - game.state.moves_made[seat]
            _out(
                out,
                t.ngettext(
                    "P10: in the first round {colour} brings {n} more pawn onto the board",
                    "P10: in the first round {colour} brings {n} more pawns onto the board",
                    left,
                ).format(colour=colour_name, n=left),
            )
        out.write(_("{colour} to move [{pawns}] > ").format(colour=colour_name, pawns=listing))
        out.flush()
        line = inp.readline(MAX_LINE + 1)  # /dev/zero is one line without end
        if len(line) > MAX_LINE:
            raise UsageError(
                "input line longer than {limit} characters: game stopped", limit=MAX_LINE
            )
        if not line:
            _out(out, "\n" + _("input ended: game stopped"))
            return 0
        words = line.split()
        if not words:
            continue
        cmd = words[0].lower()
        if cmd in ("quit", "q", "exit"):
            _out(out, _("game stopped"))
            return 0
        if cmd in ("help", "h", "?"):
            width = screen_width(out)
            _out(out, wrapped(_(PLAY_HELP), width))
            _out(out, wrapped(_(BOARD_HELP), width))
            continue
        if cmd == "board":
            show()
            continue
        if cmd == "monster" and len(words) == 1:
            if last_turn is None:
                _out(out, _("the monster has not moved yet"))
                continue
            end = last_turn.events[-1]
            steps = end.steps if end.type == "end" else None
            _out(out, printable(monster_line(last_turn.tile, steps, last_turn.eaten, lang), 2000))
            for told in turn_lines(last_turn, lang):
                _out(out, told)
            continue
        if cmd == "moves" and len(words) != 2:
            _out(out, _("illegal: {error}").format(error=_("type moves and one pawn id")))
            continue
        try:
            if cmd == "moves":
                pid = pawn_named(words[1])
                game.position.pawn(pid)  # an unknown id is an error naming it
                outcomes = game.pawn_moves(pid)  # T2 and the first round's P10
                for o in outcomes:  # as the moves command lists them
                    told = _("{to}  cost {cost}  path {path}").format(
                        to=f"{_to(o.to, lang):>10}", cost=o.cost, path=",".join(o.path) or "-"
                    )
                    push = "  " + _("(pushes)") if o.pushes else ""
                    _out(out, f"  {told}{push}")
                if not outcomes:
                    _out(
                        out,
                        "  "
                        + _("{pawn} cannot move now (T2, P10)").format(pawn=printable(pid, 40)),
                    )
                continue
            # the path's tokens split by commas, spaces or both ("N,E", "N E", "N, E"): a
            # token after a space is never dropped
            path = parse_path(",".join(" ".join(words[1:]).replace(",", " ").split()))
            entry = game.apply(PawnMove(pawn_named(words[0]), path))
        except FinstereError as exc:
            _out(out, printable(_("illegal: {error}").format(error=error_message(exc, lang)), 2000))
            continue
        assert entry.move is not None
        _out(
            out,
            _("{colour}: {pawn} ends {to}").format(
                colour=colour_name, pawn=printable(entry.move.pawn, 40), to=_to(entry.move.to, lang)
            ),
        )
        for told in _told_changes(entry.extra, lang):
            _out(out, told)
    save(game)
    outcome = game.outcome()
    assert outcome is not None
    show()
    escaped = ", ".join(f"{colour_word(c, lang)} {n}" for c, n in outcome.escaped.items())
    _out(
        out,
        _("game over ({rule}: {reason}); escaped: {escaped}").format(
            rule=outcome.rule, reason=reason_words(outcome.reason, lang), escaped=escaped
        ),
    )
    winner = colour_word(outcome.winner, lang) if outcome.winner else _("nobody (draw)")
    _out(out, _("winner: {winner}").format(winner=winner))
    return 0


class RecordWriter:
    """``--record FILE``: the game record written as the game goes (each time it has
    changed), whole or not at all (:func:`~finstere_widget.engine.files.write_file`); a failure is a :class:`UsageError`
    naming the file. The first write, before anything is played, probes the path."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._written: str | None = None

    def __call__(self, game: Game) -> None:
        text = game.to_json(indent=1)
        if text == self._written:
            return
        try:
            write_file(self.path, text)
        except FileError as exc:  # the folder was checked at the start: the disk, a device
            raise UsageError(
                "--record {record}: {strerror}",
                record=shown(self.path),
                strerror=str(exc.params.get("reason", exc)),
            ) from None
        self._written = text


def cmd_play(args: argparse.Namespace) -> int:
    if args.record:
        check_writable(args.record, "--record")
    options = options_from(args)
    bots = bot_list(args.bots)
    game = Game(args.players, seed=args.seed, options=options, first_player=args.first)
    human = set() if args.watch else {args.seat}
    if not args.watch and not 0 <= args.seat < game.n:
        raise UsageError("--seat: seat 0..{last}, got {seat}", last=game.n - 1, seat=args.seat)
    _ = translations(args.lang).gettext  # an unknown --lang fails before the game starts
    record = RecordWriter(args.record) if args.record else None
    if record is not None:
        record(game)  # a file that cannot be written fails now, before anything is played
    _out(
        sys.stdout,
        _("Finstere Flure: {n} players {players}; seed {seed}; type help for commands").format(
            n=game.n,
            players=", ".join(colour_word(c, args.lang) for c in game.colours),
            seed=game.setup.seed,
        ),
    )
    if hasattr(sys.stdin, "reconfigure"):  # a byte that is not UTF-8: a move not known
        sys.stdin.reconfigure(errors="replace")
    return play_loop(
        game,
        human,
        bots,
        sys.stdin,
        sys.stdout,
        args.lang,
        narrate=args.narrate,
        colour=wants_colour(args.colour, sys.stdout),
        record=record,
    )


def register(sub: SubParsers) -> None:
    p = sub.add_parser("simulate", help=said(N_("play many seeded bot games and summarise them")))
    p.add_argument(
        "--games", type=int, required=True, metavar="N", help=said(N_("how many games to play"))
    )
    p.add_argument("--players", type=int, default=2, metavar="P", help=said(N_("2-7 (default 2)")))
    add_seed_and_jobs(
        p, said(N_("worker processes (default: play in this process); same output either way"))
    )
    p.add_argument(
        "--bots",
        default="random",
        help=said(
            N_(
                "bot names seated in turn: random, greedy, lookahead, mcts (e.g. "
                "greedy,random; default random)"
            )
        ),
    )
    p.add_argument(
        "--no-rotate",
        action="store_true",
        help=said(N_("keep bots on fixed seats (default: rotate them from game to game)")),
    )
    add_option(p, help=said(OPTION_HELP))
    p.add_argument(
        "--json", action="store_true", help=said(N_("print per-game results and the summary"))
    )
    add_progress(p)
    add_lang(p)
    p.set_defaults(handler=cmd_simulate)
    p = sub.add_parser("play", help=said(N_("a quick game against bots in the terminal")))
    p.add_argument("--players", type=int, default=2, metavar="P", help=said(N_("2-7 (default 2)")))
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        metavar="S",
        help=said(
            N_("the tile piles' and the bots' seed (default: a new one, printed at the start)")
        ),
    )
    p.add_argument(
        "--bots",
        default="greedy",
        help=said(
            N_(
                "the opponents' bots, seated in turn: random, greedy, lookahead, mcts (e.g. "
                "greedy,mcts:50; default greedy)"
            )
        ),
    )
    p.add_argument(
        "--seat", type=int, default=0, help=said(N_("your seat (0 = blue, the default)"))
    )
    p.add_argument("--first", type=int, default=0, help=said(N_("the first player's seat")))
    p.add_argument("--watch", action="store_true", help=said(N_("bots play every seat")))
    p.add_argument(
        "--record",
        metavar="FILE",
        help=said(N_("write the game record (JSON) here, as the game goes")),
    )
    p.add_argument(
        "--narrate",
        action="store_true",
        help=said(N_("tell every monster turn step by step (else: type monster)")),
    )
    p.add_argument(
        "--colour",
        "--color",
        dest="colour",
        choices=("auto", "always", "never"),
        default="auto",
        help=said(N_("the board in colours: auto (on a terminal without NO_COLOR), always, never")),
    )
    add_option(p, help=said(OPTION_HELP))
    add_lang(p)
    p.set_defaults(handler=cmd_play)
