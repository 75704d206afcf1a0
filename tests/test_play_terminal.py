"""The terminal game (``finstere-widget play``) as a player sees it: scripted sessions in a
pseudo-terminal (the standard library's ``os.openpty``; the program cannot tell it from a
real terminal), with assertions on what the screen shows: the board with its pawns and its
margins' numbers, the symbols explained by ``help``, only the legal pawns offered, what P10
did at the end of the first round, the monster's narration, colours only where the terminal
has them, and a game record written as the game goes."""

from __future__ import annotations

import fcntl
import io
import json
import os
import random
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from finstere_widget.engine import Game, PawnMove, Position
from finstere_widget.engine.board import ROW_EXTENT, WALL_LETTERS, Heading

ROOT = Path(__file__).resolve().parent.parent
ANSI = re.compile(r"\x1b\[[0-9;]*m")
PROMPT = re.compile(r"\] > ")
#: where column x of the board is drawn on a grid line (and its number on the margin's)
COL0, CELL = 5, 3


class Terminal:
    """``finstere-widget play ARGS`` on a pseudo-terminal of 40 lines of ``columns``
    characters: what it shows (``\\r\\n`` read as ``\\n``), lines typed at it, its exit
    status."""

    def __init__(
        self, *args: str, colour_env: bool = False, cwd: Path | None = None, columns: int = 100
    ) -> None:
        env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
        env.update(PYTHONPATH=str(ROOT), TERM="xterm-256color", LINES="40")
        env.pop("COLUMNS", None)  # the terminal's own size is read
        if not colour_env:
            env["NO_COLOR"] = "1"
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "finstere_widget", "play", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            cwd=cwd or ROOT,
            close_fds=True,
        )
        os.close(slave)
        self.fd = master
        self.shown = ""  # everything shown so far
        self.read = 0  # how far wait_for has read
        self._bytes = b""

    def _pump(self, timeout: float) -> bool:
        """Read what the program wrote within ``timeout``; False at its end."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return True
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:  # EIO: the program closed the terminal
            return False
        if not chunk:
            return False
        self._bytes += chunk
        text = self._bytes.decode("utf-8", errors="ignore")
        self.shown = text.replace("\r\n", "\n")
        return True

    def wait_for(self, pattern: str | re.Pattern[str], timeout: float = 60) -> str:
        """What was shown from the last wait up to the end of ``pattern``'s next match."""
        rx = re.compile(pattern) if isinstance(pattern, str) else pattern
        end = time.monotonic() + timeout
        while True:
            m = rx.search(self.shown, self.read)
            if m:
                out = self.shown[self.read : m.end()]
                self.read = m.end()
                return out
            left = end - time.monotonic()
            if left <= 0 or not self._pump(min(left, 1.0)) and not rx.search(self.shown, self.read):
                raise AssertionError(f"{pattern!r} never shown; the screen:\n{self.shown[-3000:]}")

    def prompt(self) -> str:
        return self.wait_for(PROMPT)

    def type(self, line: str) -> None:
        os.write(self.fd, (line + "\n").encode())

    def finish(self, timeout: float = 120) -> int:
        """Wait for the end (reading everything shown); the exit status."""
        end = time.monotonic() + timeout
        while self._pump(0.2) and time.monotonic() < end:
            pass
        status = self.proc.wait(timeout=max(1.0, end - time.monotonic()))
        os.close(self.fd)
        return status

    def rest(self) -> str:
        out = self.shown[self.read :]
        self.read = len(self.shown)
        return out


def grid_lines(screen: str) -> tuple[str, dict[int, str], str, str]:
    """The last board on ``screen``: its column numbers' line, its rows by number, and the
    lines of the walls' letters above and below it."""
    lines = screen.splitlines()
    heads = [k for k, line in enumerate(lines) if line.split()[:3] == ["0", "1", "2"]]
    assert heads, screen
    k = heads[-2] if len(heads) >= 2 and heads[-1] - heads[-2] == 14 else heads[-1]
    assert lines[k + 14] == lines[k], screen  # the numbers below as above
    rows = {}
    for line in lines[k + 2 : k + 13]:
        m = re.match(r"^( ?\d{1,2}) ", line)
        assert m, (line, screen)
        rows[int(m.group(1))] = line
    return lines[k], rows, lines[k + 1], lines[k + 13]


def cell(line: str, x: int) -> str:
    """The two characters drawn for column ``x`` of a grid line (or under its number)."""
    return line[COL0 + CELL * x : COL0 + CELL * x + 2].strip()


# --- the board --------------------------------------------------------------------------------


def test_the_board_numbers_its_margins_and_draws_each_pawn_under_its_column() -> None:
    """Columns 0-15 above (and below) the grid, rows 0-10 on the left, as the widget's
    square names are (render/margins.py); a pawn on the board is drawn as its tag (a letter
    and a number) in its square, and the tags are listed with the pawns' ids."""
    term = Terminal("--seed", "1", "--lang", "en")
    first = term.prompt()
    head, rows, _, _ = grid_lines(first)
    assert [cell(head, x) for x in range(16)] == [str(x) for x in range(16)]
    assert sorted(rows) == list(range(11))
    for y, line in rows.items():
        lo, hi = ROW_EXTENT[y]
        drawn = [cell(line, x) for x in range(17)]
        assert all(c == "" for c in drawn[: max(0, lo - 1)]), line
        assert all(c in ".#~>" for c in drawn[lo : hi + 1]), line
        assert drawn[hi + 1].isupper() or drawn[hi + 1] == "*", line  # the east wall's letter
        assert line[COL0 + CELL * (hi + 1) + 1 :] == "", line
    assert cell(rows[0], 0) == ">"  # B4: the monster on the exit, facing east
    assert cell(rows[2], 2) == "#" and cell(rows[2], 8) == "~"  # a stone, the 2x2 pool
    term.type("blue5 IN,W")
    term.prompt()
    term.type("board")
    board = term.prompt()
    head, rows, _, _ = grid_lines(board)
    assert cell(rows[10], 14) == "B5"  # blue5 on (14, 10), under the column numbered 14
    assert cell(head, 14) == "14"
    assert "B5 = blue5 (2) on (14, 10)" in board  # the tag's legend: id, number shown, square
    assert re.search(r"Y5 = yellow5 \(2\) on \(15, \d+\)", board)
    found = re.search(r"yellow5 \(2\) on \(15, (\d+)\)", board)
    assert found, board
    yellow_y = int(found.group(1))
    assert cell(rows[yellow_y], 15) == "Y5"
    assert "outside the entrance: blue1 (1), blue3 (3), blue4 (4)" in board
    term.type("quit")
    assert term.finish() == 0


def test_B3_every_walls_letter_is_in_the_margin_beside_its_wall() -> None:
    """B3: as the widget draws them, each wall's letter beside the board: a column's top and
    bottom walls' letters above and below it, a row's west and east walls' letters just
    before its first square and after its last (following the notches). All 54 edges, so
    that "goes through wall M from (11, 0) and comes out at the other M on (4, 10)" (M10)
    is read off the screen."""
    term = Terminal("--seed", "1", "--lang", "en")
    _, rows, top, bottom = grid_lines(term.prompt())
    term.type("quit")
    assert term.finish() == 0
    for ((x, y), heading), letter in WALL_LETTERS.items():
        if heading == Heading.N:
            shown = top[COL0 + CELL * x]
        elif heading == Heading.S:
            shown = bottom[COL0 + CELL * x]
        elif heading == Heading.W:
            shown = rows[y][COL0 + CELL * x - 2]
        else:
            shown = rows[y][COL0 + CELL * (x + 1)]
        assert shown == letter, ((x, y), heading.name, letter, shown)
    assert rows[0][COL0 + CELL * 12] == "M" and rows[10][COL0 + CELL * 4 - 2] == "M"


def test_help_explains_every_symbol_of_the_board() -> None:
    term = Terminal("--seed", "1", "--lang", "en")
    term.prompt()
    term.type("help")
    text = term.prompt()
    for symbol, words in [
        (">", "monster"),
        ("#", "stone"),
        ("~", "blood pool"),
        ("*", "crystal"),
        ("=", "teleporter"),
        ("B5", "blue5"),
        (".", "empty square"),
        ("A-Z *", "walls' letters"),
    ]:
        assert re.search(rf"^\s+{re.escape(symbol)}\s.*{words}", text, re.M), (symbol, text)
    assert "(0, 0)" in text and "(15, 10)" in text  # the exit and the entrance
    term.type("quit")
    assert term.finish() == 0


@pytest.mark.parametrize("lang", ["en", "fr", "de", "it", "cs"])
def test_help_fits_a_narrow_terminal_in_every_language(lang: str) -> None:
    """On a terminal 60 characters wide, help's lines are broken between words to fit (a
    longer line would be cut by the terminal mid-word), indented under their text, no word
    lost."""
    from finstere_widget.cli.game import BOARD_HELP, PLAY_HELP
    from finstere_widget.engine.i18n import translations

    term = Terminal("--seed", "1", "--lang", lang, columns=60)
    term.prompt()
    term.type("help")
    shown = term.prompt().splitlines()[1:-1]  # the typed line and the prompt left out
    term.type("quit")
    assert term.finish() == 0
    shown = [line for line in shown if not line.startswith("P10")]
    assert max(len(line) for line in shown) < 60, shown
    words = translations(lang).gettext
    assert " ".join(shown).split() == (words(PLAY_HELP) + " " + words(BOARD_HELP)).split()
    assert any(line.startswith(" " * 11) for line in shown)  # under the symbols' text


def test_P10_the_prompt_offers_only_pawns_that_can_move_and_the_flips_are_told() -> None:
    """P10: in the first round the prompt says how many pawns are still to bring onto the
    board and offers only pawns with a legal move (each offered pawn has moves, each of the
    player's other pawns not yet moved has none); when the pawn phase is over, the pawns
    not moved are turned over outside, and the screen says so, pawn by pawn."""
    term = Terminal("--seed", "1", "--lang", "en")
    note = term.prompt().splitlines()[-2]
    assert note == "P10: in the first round blue brings 2 more pawns onto the board", note
    term.type("blue5 IN,W")
    *_, note, last = term.prompt().splitlines()
    assert note == "P10: in the first round blue brings 1 more pawn onto the board", note
    offered = re.findall(r"(blue\d)=", last)
    assert offered == ["blue1", "blue3", "blue4"]
    for pid in offered:
        term.type(f"moves {pid}")
        assert "cannot move now" not in term.prompt()
    term.type("moves blue5")  # moved already: not offered, and the screen says why
    assert "blue5 cannot move now" in term.prompt()
    term.type("blue4 IN,N,W")
    after = term.prompt()
    # blue's two pawns are on the board: blue1 and blue3 are turned over where they wait
    assert re.search(r"P10", after), after
    assert "pawn blue1 is flipped and now shows 6 (P10)" in after
    assert "pawn blue3 is flipped and now shows 4 (P10)" in after
    assert "pawn yellow" in after  # the bot's waiting pawns too
    assert "P10" not in after.splitlines()[-2]  # round 2: no first-round note
    term.type("quit")
    assert term.finish() == 0


def test_a_pawn_may_be_named_by_its_tag_on_the_board() -> None:
    term = Terminal("--seed", "1", "--lang", "en")
    term.prompt()
    term.type("blue5 IN")
    term.prompt()
    term.type("b5 W")  # not moved again in the same phase: refused as blue5 (T2)
    assert "pawn blue5 has already moved this phase (T2)" in term.prompt()
    term.type("quit")
    assert term.finish() == 0


# --- the monster's turn -----------------------------------------------------------------------


def test_narrate_tells_each_monster_turn_step_by_step() -> None:
    term = Terminal("--seed", "1", "--lang", "en", "--narrate")
    term.prompt()
    term.type("blue5 IN,W")
    term.prompt()
    term.type("blue4 IN,N,W")
    text = term.prompt()
    monster = text[text.index("monster: tile") :]
    assert re.search(r"^  step 1: ", monster, re.M), monster
    assert re.search(r"^  end: ", monster, re.M), monster
    term.type("quit")
    assert term.finish() == 0


def test_the_monster_command_tells_the_last_turn_again() -> None:
    """Without ``--narrate`` the monster's turn is its one line (and a hint the first time),
    and ``monster`` tells it step by step, the same lines ``--narrate`` prints."""
    term = Terminal("--seed", "1", "--lang", "en")
    term.prompt()
    term.type("monster")
    assert "the monster has not moved yet" in term.prompt()
    term.type("blue5 IN,W")
    term.prompt()
    term.type("blue4 IN,N,W")
    text = term.prompt()
    assert "step 1:" not in text and "type monster" in text
    term.type("monster")
    told = term.prompt()
    assert re.search(r"^  step 1: ", told, re.M) and re.search(r"^  end: ", told, re.M)
    term.type("quit")
    assert term.finish() == 0
    narrated = Terminal("--seed", "1", "--lang", "en", "--narrate")
    narrated.prompt()
    narrated.type("blue5 IN,W")
    narrated.prompt()
    narrated.type("blue4 IN,N,W")
    text = narrated.prompt()
    lines = [line for line in text.splitlines() if line.startswith("  step ")]
    assert lines == [line for line in told.splitlines() if line.startswith("  step ")]
    narrated.type("quit")
    assert narrated.finish() == 0


def test_the_terminal_game_speaks_the_language_asked() -> None:
    term = Terminal("--seed", "1", "--lang", "fr", "--narrate")
    first = term.prompt()
    assert "devant l'entrée : blue1 (1), blue3 (3)" in first, first
    term.type("help")
    assert re.search(r"^\s+~\s.*flaque d'hémoglobine", term.prompt(), re.M)
    term.type("quit")
    assert term.finish() == 0


# --- colours --------------------------------------------------------------------------------


def test_colours_only_where_the_terminal_has_them_and_the_grid_reads_the_same_without() -> None:
    coloured = Terminal("--seed", "1", "--lang", "en", colour_env=True)
    screen = coloured.prompt()
    coloured.type("quit")
    assert coloured.finish() == 0
    plain = Terminal("--seed", "1", "--lang", "en")  # NO_COLOR
    bare = plain.prompt()
    plain.type("quit")
    assert plain.finish() == 0
    assert ANSI.search(screen) and not ANSI.search(bare)
    assert ANSI.sub("", screen) == bare
    never = Terminal("--seed", "1", "--lang", "en", "--colour", "never", colour_env=True)
    assert not ANSI.search(never.prompt())
    never.type("quit")
    assert never.finish() == 0


def test_no_colours_when_the_output_is_not_a_terminal() -> None:
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update(PYTHONPATH=str(ROOT), TERM="xterm-256color")
    p = subprocess.run(
        [sys.executable, "-m", "finstere_widget", "play", "--seed", "1", "--lang", "en"],
        input="board\nquit\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert p.returncode == 0 and "\x1b" not in p.stdout and "B5" not in p.stdout
    assert "0  1  2  3" in p.stdout


# --- what comes from user data is escaped ---------------------------------------------------------


def test_typed_control_characters_are_shown_escaped() -> None:
    """What the player types comes back in the game's answers (an unknown pawn, a bad
    path): escaped, never as raw control characters that would drive the terminal."""
    from finstere_widget.cli.game import play_loop

    typed = "moves b\x1b[2J\n\x1b]0;pwned\x07 N\nblue5 IN,\u202eW\nb\x1b5 N\nquit\n"
    out = io.StringIO()
    assert play_loop(Game(2, seed=1), {0}, ["greedy"], io.StringIO(typed), out) == 0
    text = out.getvalue()
    assert "\x1b" not in text and "\x07" not in text and "\u202e" not in text
    assert text.count("illegal: ") == 4 and "\\x1b" in text


def test_the_board_escapes_a_hand_built_positions_pawn_ids() -> None:
    """A Position built by hand is not validated: its pawn ids may hold anything, and the
    terminal's board shows them escaped."""
    from dataclasses import replace

    from finstere_widget.cli.game import board_lines, pawn_tags

    pos = Game(2, seed=1).position
    pawns = list(pos.pawns)
    pawns[0] = replace(pawns[0], id="b1\x1b[2J\u202e", at=(3, 3))
    pawns[4] = replace(pawns[4], id="\x07", at=(9, 9))
    bad = Position(pos.monster, pos.stones, pos.pools, pos.teleporters, tuple(pawns), 1)
    text = "\n".join(board_lines(bad, pawn_tags(bad)))
    assert "\x1b" not in text and "\x07" not in text and "\u202e" not in text
    assert "b1\\x1b[2J\\u202e" in text and "\\x07" in text


# --- the game record ----------------------------------------------------------------------------


def test_record_to_a_full_device_fails_before_anything_is_played() -> None:
    """``play --record /dev/full`` played the whole game and only then failed."""
    p = subprocess.run(
        [sys.executable, "-m", "finstere_widget", "play", "--seed", "1", "--record", "/dev/full"],
        input="blue5 IN,W\nblue4 IN,N,W\nquit\n",
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
    assert p.returncode == 2 and p.stdout == "", p.stdout
    assert p.stderr.startswith("error: --record '/dev/full': ") and p.stderr.count("\n") == 1


def test_record_is_written_as_the_game_goes(tmp_path: Path) -> None:
    """The record on disk holds every move played before the prompt, while the game is still
    on: a game stopped by anything (the terminal closed, the machine off) is not lost."""
    record = tmp_path / "game.json"
    term = Terminal("--seed", "1", "--lang", "en", "--record", str(record))
    term.prompt()
    assert json.loads(record.read_text())["actions"] == []  # written (and so probed) at once
    term.type("blue5 IN,W")
    term.prompt()
    actions = json.loads(record.read_text())["actions"]
    assert actions[0] == {"type": "move", "pawn": "blue5", "path": ["IN", "W"]}, actions
    assert len(actions) == 2  # and the bot's move after it
    term.proc.send_signal(signal.SIGKILL)  # no chance to write anything at the end
    term.finish()
    first = Game.from_record(record.read_text()).history[0].action
    assert isinstance(first, PawnMove) and first.pawn == "blue5"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left


def test_an_interrupted_game_keeps_its_record_and_stops_cleanly(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    term = Terminal("--seed", "1", "--lang", "en", "--record", str(record))
    term.prompt()
    term.type("blue5 IN,W")
    term.prompt()
    term.proc.send_signal(signal.SIGINT)
    term.wait_for("game stopped")
    status = term.finish()
    assert "Traceback" not in term.shown and status == 130
    assert len(json.loads(record.read_text())["actions"]) == 2


def test_a_failed_write_never_wipes_an_existing_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every writer of the play command writes a temporary file beside the target and moves
    it into place: a failure (here the disk full at the first write) leaves the old file
    whole, and no temporary file behind."""
    from finstere_widget.cli import main

    record = tmp_path / "game.json"
    record.write_text("precious\n")

    def full(fd: int) -> None:  # the data reaches the disk at fsync: no room
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    monkeypatch.setattr("sys.stdin", io.StringIO("blue5 IN,W\nquit\n"))
    status = main(["play", "--seed", "1", "--record", str(record)])
    err = capsys.readouterr().err
    assert status == 2 and "No space left on device" in err
    assert record.read_text() == "precious\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_record_keeps_the_files_permissions(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    record.write_text("{}")
    record.chmod(0o640)
    p = subprocess.run(
        [sys.executable, "-m", "finstere_widget", "play", "--watch", "--seed", "2"]
        + ["--record", str(record)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=300,
    )
    assert p.returncode == 0, p.stderr
    assert record.stat().st_mode & 0o777 == 0o640
    assert Game.from_record(record.read_text()).is_terminal()


def test_S1_a_watched_game_says_when_stage_2_begins_and_narrates_to_the_end() -> None:
    """S1: the new pile of stage 2 is told when it comes; ``--narrate`` tells every monster
    turn of a whole game (no hint to type a command when nobody types)."""
    from finstere_widget.cli.game import play_loop

    out = io.StringIO()
    game = Game(3, seed=1)
    assert play_loop(game, set(), ["greedy"], io.StringIO(""), out, narrate=True) == 0
    text = out.getvalue()
    assert text.count("stage 2 begins with a new pile of tiles (S1)") == 1
    turns = sum(1 for entry in game.history if entry.monster is not None)
    assert text.count("monster: tile ") == turns and text.count("  end: ") == turns
    assert "type monster" not in text and "game over" in text


class _RandomTyping(io.StringIO):
    """Standard input that types, at each prompt, a legal move picked at random for the
    game the loop plays (so a human seat plays whole games), and ``help``/``board``/
    ``monster`` now and then."""

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__()
        self.game, self.pick, self.count = game, random.Random(seed), 0

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        self.count += 1
        if self.count % 7 == 0:
            return ("help", "board", "monster")[self.count % 3] + "\n"
        moves = [a for a in self.game.legal_actions() if isinstance(a, PawnMove)]
        move = self.pick.choice(moves)
        return f"{move.pawn} {','.join(move.path)}\n"


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 5), (5, 2), (7, 3)])
def test_a_human_seat_plays_whole_games_with_the_record_kept_as_it_goes(
    tmp_path: Path, players: int, seed: int
) -> None:
    """Whole games with a human seat (its moves legal ones picked at random): every prompt
    offers exactly the pawns with a legal move (in the first round, P10, those that can
    enter while any can), every move typed is played, and the record on disk is the
    finished game's."""
    from finstere_widget.cli.game import RecordWriter, play_loop

    game = Game(players, seed=seed)
    typing = _RandomTyping(game, seed)
    out = io.StringIO()
    record = tmp_path / "game.json"
    offered_ok = []

    class Checking(io.StringIO):
        def write(self, text: str) -> int:
            if text.endswith("] > "):  # a prompt: the pawns offered are the legal ones
                offered = set(re.findall(r"(\w+)=\d+@", text))
                legal = {a.pawn for a in game.legal_actions() if isinstance(a, PawnMove)}
                offered_ok.append(offered == legal)
            return out.write(text)

    status = play_loop(game, {0}, ["greedy"], typing, Checking(), record=RecordWriter(str(record)))
    assert status == 0 and game.is_terminal()
    assert offered_ok and all(offered_ok)
    assert "illegal" not in out.getvalue()
    assert json.loads(record.read_text()) == json.loads(game.to_json())
