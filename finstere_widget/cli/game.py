"""Subcommands ``simulate`` (many seeded bot games, summarised) and ``play`` (a game
against bots in the terminal)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TextIO

from ..design.bots import make_bot
from ..engine.diagram import format_diagram
from ..engine.errors import FinstereError, shown
from ..engine.game import Game, PawnMove
from ..engine.i18n import N_, colour_word, error_message, place_words, reason_words, translations
from ..engine.moves import parse_path
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
    progress_from,
    said,
)


def cmd_simulate(args: argparse.Namespace) -> int:
    from ..design.runner import simulate

    check_batch(args)
    translations(args.lang)  # an unknown --lang fails before any game is played
    options = options_from(args)
    bots = bot_list(args.bots)
    show = progress_from(args)
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
    return 0


PLAY_HELP = N_("""commands:
  PAWN PATH   move a pawn, e.g.  blue5 IN,W,W   (tokens N E S W IN OUT, P2-P9)
  PAWN        0 squares: the pawn is only flipped (P2)
  moves PAWN  list the legal outcomes of a pawn
  board       show the board again
  help        this text
  quit        stop the game""")


def _out(stream: TextIO, text: str = "") -> None:
    stream.write(text + "\n")
    stream.flush()


def _show(game: Game, out: TextIO, lang: str | None = None) -> None:
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
    _out(out, format_diagram(game.position))


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


#: the longest line the terminal game reads (a move is a pawn id and at most 64 tokens)
MAX_LINE = 1000


def play_loop(
    game: Game,
    human: set[int],
    bot_names: list[str],
    inp: TextIO,
    out: TextIO,
    lang: str | None = None,
) -> int:
    """The terminal game: human seats type moves, the others are bots; what it says is in
    ``lang`` (the commands typed stay the English words of :data:`PLAY_HELP`)."""
    t = translations(lang)
    _ = t.gettext
    bots = {
        seat: make_bot(bot_names[k % len(bot_names)], f"{game.setup.seed}/{seat}")
        for k, seat in enumerate(s for s in range(game.n) if s not in human)
    }
    shown_round = -1
    while not game.is_terminal():
        if game.is_chance():
            turn = game.sample_chance()
            end = turn.events[-1]
            steps = end.steps if end.type == "end" else None
            _out(out, monster_line(turn.tile, steps, turn.eaten, lang))
            continue
        seat = game.current_player
        colour = colour_word(game.colours[seat], lang)
        if seat not in human:
            action = bots[seat].choose(game)
            game.apply(action)
            if isinstance(action, PawnMove):
                # "{prefix}: {text}": French puts a space before the colon
                said = f"{action.pawn} " + (",".join(action.path) or _("(flipped)"))
                _out(
                    out,
                    _("{prefix}: {text}").format(prefix=f"{colour} ({bots[seat].name})", text=said),
                )
            continue
        if shown_round != game.state.round:
            _show(game, out, lang)
            shown_round = game.state.round
        pawns = game.movable_pawns()
        listing = ", ".join(f"{p.id}={p.value}@{fmt_to(p.at)}" for p in pawns)
        out.write(_("{colour} to move [{pawns}] > ").format(colour=colour, pawns=listing))
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
            _out(out, _(PLAY_HELP))
            continue
        if cmd == "board":
            _show(game, out, lang)
            continue
        if cmd == "moves" and len(words) != 2:
            _out(out, _("illegal: {error}").format(error=_("type moves and one pawn id")))
            continue
        try:
            if cmd == "moves":
                game.position.pawn(words[1])  # an unknown id is an error naming it
                outcomes = game.pawn_moves(words[1])  # T2 and the first round's P10
                for o in outcomes:  # as the moves command lists them
                    line = _("{to}  cost {cost}  path {path}").format(
                        to=f"{_to(o.to, lang):>10}", cost=o.cost, path=",".join(o.path) or "-"
                    )
                    push = "  " + _("(pushes)") if o.pushes else ""
                    _out(out, f"  {line}{push}")
                if not outcomes:
                    _out(out, "  " + _("{pawn} cannot move now (T2, P10)").format(pawn=words[1]))
                continue
            # the path's tokens split by commas, spaces or both ("N,E", "N E", "N, E"): a
            # token after a space is never dropped
            path = parse_path(",".join(" ".join(words[1:]).replace(",", " ").split()))
            entry = game.apply(PawnMove(words[0], path))
        except FinstereError as exc:
            _out(out, _("illegal: {error}").format(error=error_message(exc, lang)))
            continue
        assert entry.move is not None
        _out(
            out,
            _("{colour}: {pawn} ends {to}").format(
                colour=colour, pawn=entry.move.pawn, to=_to(entry.move.to, lang)
            ),
        )
    outcome = game.outcome()
    assert outcome is not None
    _show(game, out, lang)
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
    status = play_loop(game, human, bots, sys.stdin, sys.stdout, args.lang)
    if args.record:
        try:
            with open(args.record, "w", encoding="utf-8") as f:
                f.write(game.to_json(indent=1))
        except OSError as exc:
            raise UsageError(
                "--record {record}: {strerror}", record=shown(args.record), strerror=exc.strerror
            ) from None
    return status


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
        "--bots", default="greedy", help=said(N_("the opponents' bots (default greedy)"))
    )
    p.add_argument(
        "--seat", type=int, default=0, help=said(N_("your seat (0 = blue, the default)"))
    )
    p.add_argument("--first", type=int, default=0, help=said(N_("the first player's seat")))
    p.add_argument("--watch", action="store_true", help=said(N_("bots play every seat")))
    p.add_argument("--record", metavar="FILE", help=said(N_("write the game record (JSON) here")))
    add_option(p, help=said(OPTION_HELP))
    add_lang(p)
    p.set_defaults(handler=cmd_play)
