"""A third round of hostile and careless input: how many pawns a position holds, a trace
replayed on a position it does not fit, a learner's guess of no kind, a game record's
unknown keys, the terminal game's endless or undecodable input, and the bots' parameters.
Each case failed before its fix (see the commit that added it)."""

from __future__ import annotations

import copy
import io
import math
from typing import Any

import pytest

from finstere_widget import examples
from finstere_widget.design import GreedyBot, LookaheadBot, MCTSBot, RandomBot, play_game
from finstere_widget.engine import (
    Eat,
    Game,
    Heading,
    Pawn,
    Position,
    PositionError,
    event_from_dict,
    monster_turn,
    replay,
)
from finstere_widget.engine.errors import BotError, PuzzleError, QuizError, RecordError, TraceError
from finstere_widget.engine.position import MAX_PAWNS
from finstere_widget.teach.quiz import Quiz
from tests.test_hostile_doors import cli

# --- how many pawns a position holds ----------------------------------------------------------


def _waiting(n: int) -> list[dict[str, Any]]:
    return [
        {"id": f"p{k}", "player": "blue", "light": 1, "dark": 6, "at": "outside"} for k in range(n)
    ]


def test_a_position_holds_at_most_a_pawn_for_each_square() -> None:
    """12,000 waiting pawns fit in a 1 MB file; drawing them took 263 s (a GIF), 104 s (a
    PDF) and a 47 MB SVG. A position holds at most one pawn per square of the board, by
    every door."""
    data = examples.load("monster_basic_8").to_dict()
    data["pawns"] = _waiting(MAX_PAWNS)
    assert len(Position.from_dict(data).pawns) == MAX_PAWNS  # the limit itself loads
    data["pawns"] = _waiting(MAX_PAWNS + 1)
    with pytest.raises(PositionError, match=rf"pawns: .*\b{MAX_PAWNS + 1}\b"):
        Position.from_dict(data)
    data["pawns"] = _waiting(100_000)
    with pytest.raises(PositionError, match="pawns"):
        Position.from_dict(data)
    basic = Position.basic()
    hand = [Pawn(f"p{k}", "blue", 1, 6, "light", "outside") for k in range(MAX_PAWNS + 1)]
    with pytest.raises(PositionError, match="pawns"):
        Position(basic.monster, basic.stones, basic.pools, (), tuple(hand)).validated()
    diagram = examples.load("monster_basic_8").diagram() + "".join(
        f"pawn p{k} blue 1/6 light outside\n" for k in range(MAX_PAWNS + 1)
    )
    with pytest.raises(PositionError, match="pawns"):
        Position.from_diagram(diagram)


# --- a trace replayed where it does not fit ---------------------------------------------------


def test_replay_refuses_what_is_no_event_and_names_an_unknown_pawn() -> None:
    """``replay`` (a trace read back from JSON, stepped through) raised AssertionError on
    the trace's dicts, TypeError on None and KeyError on an event naming a pawn the position
    does not have; a ``TraceError`` names each."""
    position = examples.load("monster_basic_8")
    trace = monster_turn(position, "8").to_dict()["events"]
    events = [event_from_dict(e) for e in trace]
    assert len(replay(position, events)) == len(events)
    for bad in (trace, None, "abc", [None], [5]):
        with pytest.raises(TraceError, match="event"):
            replay(position, bad)  # type: ignore[arg-type]
    with pytest.raises(TraceError, match="'Z'"):
        replay(position, [Eat(1, "Z", (3, 3), "eaten")])
    moves = [e for e in events if e.type == "move"][:1]
    for mover in ("nobody", None, ["A"]):
        with pytest.raises(TraceError, match="event"):
            replay(position, moves, mover)  # type: ignore[arg-type]
    from finstere_widget.render.frames import trace_frames

    with pytest.raises(TraceError):
        trace_frames(position, trace)


# --- a learner's guess of no kind -------------------------------------------------------------


@pytest.mark.parametrize(
    "guess", [None, 5, 2.5, ("a", "b"), (1,), (math.nan, 1), (True, False), (3.0, 4), b"A", {}]
)
def test_a_quiz_refuses_a_guess_of_no_kind_and_keeps_its_score(guess: Any) -> None:
    """``Quiz.judge`` and ``Quiz.answer`` raised AttributeError, ValueError or IndexError on
    a guess that is no heading, square or pawn id; now a ``QuizError`` names it and the
    score is as it was."""
    quiz = Quiz.play(examples.load("monster_basic_8"), "8")
    for call in (quiz.judge, lambda g: quiz.answer(0, g)):
        with pytest.raises(QuizError, match="guess"):
            call(guess)
        assert quiz.score == (0, 0) and quiz.current == 0


def test_a_quiz_takes_a_square_as_a_list_and_refuses_odd_numbers_and_levels() -> None:
    quiz = Quiz.play(examples.load("monster_basic_8"), "8")
    right = quiz.question.squares[0]
    as_json: Any = list(right)  # [x, y] as the browser's JSON has it
    assert quiz.answer(0, as_json) is not None
    assert quiz.score == (1, 1)
    for number in ("0", None, [0]):
        with pytest.raises(PuzzleError, match="question"):
            quiz.answer(number, Heading.N)  # type: ignore[arg-type]
    for level in ("1", None, 2.5):
        with pytest.raises(QuizError, match="hint"):
            quiz.hint(level)  # type: ignore[arg-type]
    empty = Quiz(examples.load("monster_basic_8"), ())
    assert empty.done
    with pytest.raises(QuizError):
        empty.hint()
    with pytest.raises(QuizError):
        _ = empty.question


# --- a game record's unknown keys ---------------------------------------------------------------


def test_a_record_with_an_unknown_key_is_refused_naming_it() -> None:
    """docs/format.md: unknown keys are errors, not ignored; a record's top level and its
    ``setup`` took any key (a misspelt ``"setup.frist_player"`` was silently dropped)."""
    record = Game(2, seed=3).to_record()
    Game.from_record(record)
    top = copy.deepcopy(record)
    top["comment"] = "hi"
    with pytest.raises(RecordError, match="record: unknown key 'comment'"):
        Game.from_record(top)
    setup = copy.deepcopy(record)
    setup["setup"]["frist_player"] = 1
    with pytest.raises(RecordError, match=r"record\.setup: unknown key 'frist_player'"):
        Game.from_record(setup)


# --- the terminal game's input ----------------------------------------------------------------


def test_play_stops_on_a_line_that_never_ends(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``play < /dev/zero`` read one line without end: memory without bound. A line longer
    than any command stops the game with one line on stderr."""
    endless = io.TextIOWrapper(io.BytesIO(b"\0" * 3_000_000), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", endless)
    status, _, err = cli(capsys, "play", "--seed", "1")
    assert status == 2 and err.startswith("error: ") and err.count("\n") == 1
    assert endless.buffer.tell() < 100_000  # it stopped reading


def test_play_reads_bytes_that_are_not_utf8_as_a_bad_move(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the terminal's encoding is strict (not the C locale), a byte that is not UTF-8
    was a UnicodeDecodeError traceback; it is now a move the game does not know."""
    strict = io.TextIOWrapper(io.BytesIO(b"blue1 \xff\xfe\nquit\n"), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", strict)
    status, out, err = cli(capsys, "play", "--seed", "1")
    assert status == 0 and "Traceback" not in err and "\ufffd" in out


# --- the bots' parameters -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "make",
    [
        lambda: GreedyBot(1, top=0),
        lambda: GreedyBot(1, top=-1),
        lambda: GreedyBot(1, top=2.5),  # type: ignore[arg-type]
        lambda: GreedyBot(1, top="6"),  # type: ignore[arg-type]
        lambda: LookaheadBot(1, top=-3),
        lambda: LookaheadBot(1, width=10**9),
        lambda: MCTSBot(1, playouts=-1),
        lambda: MCTSBot(1, playouts="5"),  # type: ignore[arg-type]
        lambda: MCTSBot(1, playouts=10**9),
        lambda: MCTSBot(1, top=True),
        lambda: RandomBot([1]),  # type: ignore[arg-type]
        lambda: GreedyBot(2.5),  # type: ignore[arg-type]
    ],
)
def test_bots_refuse_parameters_out_of_bounds(make: Any) -> None:
    """``GreedyBot(top=0)`` failed an assertion when it chose, ``top=2.5`` and
    ``playouts="5"`` were TypeErrors, ``RandomBot([1])  # type: ignore[arg-type]`` random's TypeError, negative
    numbers were taken; the constructors check what ``make_bot`` checks."""
    with pytest.raises(BotError):
        make()


def test_bots_take_their_bounds_and_play_game_one_bot_per_seat() -> None:
    game = Game(2, seed=1)
    for bot in (GreedyBot(1, top=1), LookaheadBot(1, top=1, width=1), MCTSBot(1, playouts=0)):
        bot.choose(game)
    for bots in ([GreedyBot(1)], None, "greedy", [GreedyBot(1), "greedy"]):
        with pytest.raises(BotError, match="seat"):
            play_game(Game(2, seed=1), bots)  # type: ignore[arg-type]


def test_a_click_far_off_the_board_names_its_square_cut() -> None:
    """A click message with a 100-digit coordinate is refused with a hint naming the square,
    cut to the length errors quote (it was written whole into the hint)."""
    from finstere_widget.engine import Game
    from finstere_widget.engine.errors import MAX_SHOWN
    from finstere_widget.widget import BoardWidget

    b = BoardWidget(Game(2, seed=1).position, mode="move")
    before = b.position
    b.click([10**100, -1])
    assert "outside the board (B1)" in b.hint and "(1000000000" in b.hint
    assert len(b.hint) < MAX_SHOWN + 80 and "…" in b.hint
    assert b.position == before
