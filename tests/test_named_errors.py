"""Errors outside the family, found by the third audit (issue 25, item 9, its widget, render
and engine parts): each call either is handled or raises one named error of the engine's
family, and leaves the widget or the position as it was. Each case failed before its fix
(see the commit that added it)."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from finstere_widget.engine import FinstereError, Heading, Pawn, Position, monster_turn
from finstere_widget.engine.pieces import Monster, Teleporter
from finstere_widget.render import frames
from finstere_widget.widget import BoardEditor, BoardWidget


def _board() -> BoardWidget:
    board = BoardWidget(Position.basic())
    board.show_values({(3, 3): 0.25}, {(3, 3): "a"}, "before")
    return board


def _drawn(board: BoardWidget) -> Any:
    return (board.groups, board.frames, board.hint)


# --- BoardWidget.show_values -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "named"),
    [
        ((5,), "values"),
        (({(3, 3): None},), r"values\[\(3, 3\)\]"),
        (({(3, 3): "x"},), r"values\[\(3, 3\)\]"),
        (({(3, 3): 10**400},), r"values\[\(3, 3\)\]"),
        (({(3, 3): math.nan},), r"values\[\(3, 3\)\]"),
        (({(3, 3): math.inf},), r"values\[\(3, 3\)\]"),
        (({(3, 3): True},), r"values\[\(3, 3\)\]"),
        (({(3, 3): 1}, 5), "labels"),
        (({(3, 3): 1}, {(3, 3): object()}), r"labels\[\(3, 3\)\]"),
        (({(3, 3): 1}, None, 5), "caption"),
        (({(99, 3): 1},), r"\(99, 3\)"),
    ],
)
def test_show_values_refuses_what_is_no_heat_map_naming_it(
    args: tuple[Any, ...], named: str
) -> None:
    """``show_values(5)`` AttributeError, ``{sq: None}`` TypeError, ``{sq: "x"}`` a
    ValueError naming nothing, ``{sq: 10**400}`` OverflowError: a named error of the
    family, the board as it was."""
    board = _board()
    before = _drawn(board)
    with pytest.raises(FinstereError, match=named):
        board.show_values(*args)
    assert _drawn(board) == before


def test_show_values_takes_numbers_and_short_text() -> None:
    board = _board()
    board.show_values({(3, 3): 1, (4, 4): 0.5, (5, 5): -2}, {(3, 3): "a", (4, 4): 7}, "c")
    assert board.groups != _board().groups


# --- clicks on a zone ----------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["move", "edit", "view"])
@pytest.mark.parametrize("zone", [5, None, ["pawn:A"], b"pawn:A", 1.5])
def test_click_zone_on_no_zone_is_a_hint_not_a_crash(mode: str, zone: Any) -> None:
    """``click_zone(5)`` raised AttributeError in move mode: a zone is a name; anything else
    is ignored with a hint, like a malformed square."""
    board = BoardWidget(Position.basic(), mode=mode)  # type: ignore[arg-type]
    before = (board.position, board.groups)
    board.click_zone(zone)
    assert (board.position, board.groups) == before
    if mode != "view":
        assert board.hint and board.hint_kind == "problem"


# --- the editor's mode ------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["view", "move", "edit"])
def test_an_editors_board_mode_and_its_buttons_stay_in_step(mode: str) -> None:
    """``BoardEditor(pos).board.mode = "view"`` raised a TraitError and left the board in
    view mode with the "edit" button pressed."""
    editor = BoardEditor(Position.basic())
    board: Any = editor.board
    board.mode = mode
    assert board.mode == mode
    assert editor.mode.value == (mode if mode != "view" else None)
    editor.mode.value = "move"
    assert board.mode == "move"
    editor.mode.value = "edit"
    assert board.mode == "edit"


# --- hand-built positions the drawing takes as given -------------------------------------------


def _green() -> Position:
    return Position(
        Monster((2, 0), Heading.E),
        teleporters=(
            Teleporter((4, 0), "green", Heading.S),
            Teleporter((9, 5), "green", Heading.E),
        ),
    )


def test_B5_an_unknown_teleporter_pair_built_by_hand_is_drawn() -> None:
    """B5: a hand-built position with a pair "green" made ``_repr_svg_()`` and the frames
    raise KeyError; it is drawn (in the fallback colour), and its check names the pair."""
    position = _green()
    assert "<svg" in position._repr_svg_()
    turn = monster_turn(position, "5")
    assert frames.trace_frames(position, turn.events)
    with pytest.raises(FinstereError, match="green"):
        position.validated()


@pytest.mark.parametrize("pawn_id", ["a\x1bb", "\x1b[2J", "a\nb", "a\u202eb", "a\ud800", "x" * 3])
def test_a_hand_built_pawn_id_is_escaped_in_the_diagram(pawn_id: str) -> None:
    """``str(position)`` printed a pawn id holding ESC raw (a terminal obeys it); every
    character that does not print is escaped."""
    pawn = Pawn(pawn_id, "blue", 1, 6, "light", (3, 3))
    text = str(Position(Monster((0, 0), Heading.E), pawns=(pawn,)))
    assert all(c.isprintable() or c == "\n" for c in text)
    assert text.count("\n") == 12  # 11 rows and one pawn line: no line broken in two


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    pawn_id=st.text(max_size=8),
    player=st.text(max_size=8),
    pair=st.text(max_size=8),
    light=st.one_of(st.integers(), st.text(max_size=3), st.none()),
)
def test_a_hand_built_position_always_shows(
    pawn_id: str, player: str, pair: str, light: Any
) -> None:
    """Whatever text a hand-built position holds, ``str``, ``repr`` and ``_repr_svg_`` show it
    (escaped), and its check is an error of the family."""
    position = Position(
        Monster((2, 0), Heading.E),
        teleporters=(Teleporter((4, 0), pair, Heading.S), Teleporter((9, 5), pair, Heading.E)),
        pawns=(Pawn(pawn_id, player, light, 6, "light", (3, 3)),),
    )
    text = str(position)
    assert all(c.isprintable() or c == "\n" for c in text)
    repr(position)
    assert "<svg" in position._repr_svg_()
    try:
        position.validated()
    except FinstereError:
        pass


HAND_BUILT = {
    "a pawn's square as a list": dict(pawns=(Pawn("A", "blue", 1, 6, "light", [3, 3]),)),  # type: ignore[arg-type]
    "a pawn's place unknown": dict(pawns=(Pawn("A", "blue", 1, 6, "light", "home\x1b"),)),  # type: ignore[arg-type]
    "a pawn id not text": dict(pawns=(Pawn(5, "blue", 1, 6, "light", (3, 3)),)),  # type: ignore[arg-type]
    "an arrow as text": dict(
        teleporters=(
            Teleporter((3, 3), "yellow", "N"),  # type: ignore[arg-type]
            Teleporter((5, 5), "yellow", "N"),  # type: ignore[arg-type]
        )
    ),
    "a monster's square as text": dict(),
}


@pytest.mark.parametrize("case", sorted(HAND_BUILT))
def test_a_malformed_hand_built_position_is_shown_or_named(case: str) -> None:
    """``repr`` of a pawn on ``[3, 3]`` (a list) raised TypeError; ``_repr_svg_`` of a pawn
    id 5, of an unknown place or of an arrow ``"N"`` raised TypeError, KeyError or
    ValueError; ``str`` of the arrow AttributeError. ``repr`` always answers (escaped);
    ``str`` and ``_repr_svg_`` show the position or raise the PositionError naming its
    fault (what ``validated()`` says)."""
    monster = Monster("a1" if case.startswith("a monster") else (0, 0), Heading.E)  # type: ignore[arg-type]
    position = Position(monster, **HAND_BUILT[case])  # type: ignore[arg-type]
    with pytest.raises(FinstereError) as fault:
        position.validated()
    text = repr(position)
    assert text.startswith("<Position") and text.isprintable()
    for show in (str, Position._repr_svg_):
        try:
            out = show(position)
        except FinstereError as exc:
            assert str(exc) == str(fault.value)
        else:
            assert all(c.isprintable() or c == "\n" for c in out)


ODD = [5, None, "x", ["a"], {"a": 1}, 10**400, math.nan, b"\xff", (99, 99)]


@pytest.mark.parametrize("value", ODD, ids=repr)
@pytest.mark.parametrize(
    "call",
    [
        "show_turn_from(v)",
        "show_trace(v, events)",
        "show_trace(p, v)",
        "show_trace(p, events, None, v)",
        "show_frames(v, log)",
        "show_frames(frames, v)",
        "show_frames(frames, log, v)",
    ],
)
def test_a_boards_turn_methods_name_what_is_no_position_trace_or_frame(
    call: str, value: Any
) -> None:
    """``show_turn_from(5)``, ``show_trace(None, ...)``: AttributeError (``.validated``);
    ``show_trace(p, 5)``: TypeError; ``show_frames(5, ...)``: TypeError or KeyError. Each
    is an error of the family naming what it expected, the board as it was."""
    board = _board()
    p = examples_position()
    turn = monster_turn(p, "8")
    events = turn.events
    frames = frames_of(p, events)
    log = ["x"] * len(events)
    before = _drawn(board)
    names = {"v": value, "p": p, "events": events, "frames": frames, "log": log}
    if value is None and call in ("show_trace(p, events, None, v)", "show_frames(frames, log, v)"):
        return  # after=None: the default
    with pytest.raises(FinstereError):
        eval(f"board.{call}", {"board": board}, names)
    assert _drawn(board) == before


def examples_position() -> Position:
    from finstere_widget import examples

    return examples.load("monster_basic_8")


def frames_of(position: Position, events: Any) -> Any:
    return frames.trace_frames(position, events, "8")


# --- the turn's pictures: their parameters ----------------------------------------------------

PICTURE_CALLS = {
    "svg frame_ms": ("turn_svg", "frame_ms"),
    "svg title": ("turn_svg", "title"),
    "gif frame_ms": ("turn_gif", "frame_ms"),
    "gif scale": ("turn_gif", "scale"),
    "images scale": ("turn_images", "scale"),
    "handout paper": ("turn_handout", "paper"),
    "handout dpi": ("turn_handout", "dpi"),
    "handout columns": ("turn_handout", "columns"),
    "handout heading": ("turn_handout", "heading"),
    "save paper": ("save_turn", "paper"),
}
PICTURE_ODD = [5, None, "x", ["a"], {"a": 1}, 10**400, math.nan, math.inf, b"\xff", -1, 0, True]


@pytest.mark.parametrize("value", PICTURE_ODD, ids=repr)
@pytest.mark.parametrize("call", sorted(PICTURE_CALLS))
def test_a_turns_pictures_name_a_parameter_they_cannot_take(
    call: str, value: Any, tmp_path: Any
) -> None:
    """``turn_gif(scale=10**6)`` asked for terabytes of pixels, ``turn_handout(dpi=0)``
    raised ZeroDivisionError, ``save_turn(paper=5)`` AttributeError, ``frame_ms=nan``
    ValueError: each parameter is checked before any picture is made, a SceneError naming
    it (a value it takes draws the turn), and no file is written."""
    from finstere_widget import examples
    from finstere_widget.engine.errors import SceneError
    from finstere_widget.render import animate

    function, name = PICTURE_CALLS[call]
    position = examples.load("monster_basic_8")
    out = tmp_path / "turn.pdf"
    args: list[Any] = [str(out), position] if function == "save_turn" else [position]
    try:
        getattr(animate, function)(*args, 8, **{name: value})
    except SceneError as exc:
        assert name in str(exc)
        assert not out.exists()


# --- the lessons' helpers (teach), the game's seats, the engine's position doors ----------------
# (issue 25, items 9's kind: the audit's fourth round)


def _game() -> Any:
    from finstere_widget.engine import Game

    return Game(2, seed=1)


@pytest.mark.parametrize(
    ("goal", "named"),
    [
        ((99, 99), r"goal: square \[99, 99\] is off the board \(B1\)"),
        ((6, 4, 1), r"goal: .*got \(6, 4, 1\)"),
        ((True, 4), r"goal: .*got \(True, 4\)"),
        ("exit", r"goal: expected a square or one of escaped, outside, got 'exit'"),
        ({6: 4}, r"goal: .*got \{6: 4\}"),
        (6.4, r"goal: .*got 6\.4"),
    ],
    ids=repr,
)
def test_try_path_names_a_goal_that_is_no_place(goal: Any, named: str) -> None:
    """``try_path(..., goal=(99, 99))``, ``(6, 4, 1)`` or ``"exit"`` were taken and told
    "That is not ...": a goal no move can reach. A LessonError names it."""
    from finstere_widget import examples
    from finstere_widget.engine.errors import LessonError
    from finstere_widget.teach import try_path

    with pytest.raises(LessonError, match=named):
        try_path(examples.load("pawn_example_1"), "P4", "N,N,N,W", goal=goal)


def test_try_path_takes_a_goal_written_as_a_list() -> None:
    """``goal=[6, 4]`` (a square as JSON writes it) raised a TypeError (unhashable list)."""
    from finstere_widget import examples
    from finstere_widget.teach import try_path

    pos = examples.load("pawn_example_1")
    told = try_path(pos, "P4", "N,N,N,W", goal=[6, 4], lang="en")  # type: ignore[arg-type]
    assert told.endswith("Goal reached.")
    assert told == try_path(pos, "P4", "N,N,N,W", goal=(6, 4), lang="en")
    assert try_path(pos, "P4", "N,N,W,W", goal=[6, 4], lang="en").endswith(  # type: ignore[arg-type]
        "That is not (6, 4): try another path."
    )


@pytest.mark.parametrize(
    ("by_round", "colour", "named"),
    [
        ("3", "blue", r"by_round: .*got '3'"),
        (3.0, "blue", r"by_round: .*got 3\.0"),
        (True, "blue", r"by_round: .*got True"),
        (0, "blue", r"by_round: .*got 0"),
        (3, "pink", r"colour: expected a colour of this game \(blue, yellow\), got 'pink'"),
        (3, 5, r"colour: .*got 5"),
    ],
    ids=repr,
)
def test_goal_check_names_a_round_or_colour_it_cannot_check(
    by_round: Any, colour: Any, named: str
) -> None:
    """``goal_check(g, "blue", "3")`` raised a TypeError; ``3.0`` was told as "round 3.0";
    a colour not in the game was never reached. A LessonError names the argument."""
    from finstere_widget.engine.errors import LessonError
    from finstere_widget.teach import goal_check

    with pytest.raises(LessonError, match=named):
        goal_check(_game(), colour, by_round)
    assert "round 3" in goal_check(_game(), "blue", 3, lang="en")


#: the lessons' helpers given what is no Game or Position: each raised an AttributeError or a
#: TypeError from inside
TEACH_CALLS: dict[str, tuple[Any, str]] = {
    "rounds_told": (lambda t: t.rounds_told(5), r"^game: expected a Game, got 5$"),
    "goal_check": (lambda t: t.goal_check(5, "blue", 3), r"^game: expected a Game, got 5$"),
    "landing_squares": (
        lambda t: t.landing_squares(5, "P4"),
        r"^position: expected a Position, got 5$",
    ),
    "move_told position": (
        lambda t: t.move_told(5, None),
        r"^position: expected a Position, got 5$",
    ),
    "move_told result": (
        lambda t: t.move_told(Position.basic(), 5),
        r"^result: expected a MoveResult \(apply_move gives one\), got 5$",
    ),
    "try_path": (lambda t: t.try_path(5, "P4", "N"), r"^position: expected a Position, got 5$"),
    "side_by_side words": (
        lambda t: t.side_by_side(Position.basic(), "8", words=5),
        r"^words: expected a mapping of steps to text, got 5$",
    ),
    "side_by_side a word": (
        lambda t: t.side_by_side(Position.basic(), "8", words={1: 5}),
        r"^words: .*got \{1: 5\}$",
    ),
    "side_by_side position": (
        lambda t: t.side_by_side(5, "8", words={}),
        r"^position: expected a Position, got 5$",
    ),
    "puzzles_to_json": (
        lambda t: t.puzzles_to_json(5),
        r"^items: expected puzzles \(puzzles\(\) gives them\), got 5$",
    ),
    "puzzles_to_json item": (
        lambda t: t.puzzles_to_json([Position.basic()]),
        r"^items: expected puzzles .*got <Position",
    ),
    "puzzles_to_json dict": (
        lambda t: t.puzzles_to_json({}),
        r"^items: expected puzzles .*got \{\}$",
    ),
}


@pytest.mark.parametrize("call", sorted(TEACH_CALLS))
def test_the_lessons_helpers_name_what_is_no_game_or_position(call: str) -> None:
    from finstere_widget import teach

    run, named = TEACH_CALLS[call]
    with pytest.raises(FinstereError, match=named):
        run(teach)


@pytest.mark.parametrize("seat", [2, 5, -1, True, False, 1.0, "pink", None, [0]], ids=repr)
@pytest.mark.parametrize("method", ["pawns_of", "movable_pawns"])
def test_T2_a_games_seat_is_checked(method: str, seat: Any) -> None:
    """T2: ``pawns_of(5)`` raised an IndexError, ``pawns_of(-1)`` and
    ``movable_pawns(True)`` gave yellow's pawns (Python's negative index, ``True == 1``),
    ``movable_pawns("blue")`` a TypeError. A seat is ``0..n-1`` or a colour of the game."""
    from finstere_widget.engine.errors import SetupError

    game = _game()
    if seat is None and method == "movable_pawns":  # None: the seat to move
        assert game.movable_pawns(None) == game.movable_pawns(0)
        return
    with pytest.raises(SetupError, match=r"^seat: expected a seat 0\.\.1 or a colour of this game"):
        getattr(game, method)(seat)


def test_T2_a_seat_may_be_given_by_its_colour() -> None:
    game = _game()
    assert game.colours == ("blue", "yellow")
    for seat, colour in enumerate(game.colours):
        assert game.pawns_of(colour) == game.pawns_of(seat)
        assert {p.player for p in game.pawns_of(colour)} == {colour}
        assert game.movable_pawns(colour) == game.movable_pawns(seat)
    assert game.current_player == 0 and game.movable_pawns("yellow") != []  # any seat's


@pytest.mark.parametrize("players", [5, "blue", ("blue", 5), {"blue": 1}], ids=repr)
def test_from_position_names_players_that_are_no_colours(players: Any) -> None:
    """``Game.from_position(pos, players=5)`` raised a TypeError (an int is not iterable);
    ``players="blue"`` was read as four colours b, l, u, e."""
    from finstere_widget.engine import Game
    from finstere_widget.engine.errors import SetupError

    pos = Position.basic()
    with pytest.raises(SetupError, match=r"^players: expected colours \(P1\), got "):
        Game.from_position(pos, players=players)


@pytest.mark.parametrize("value", [5, None, "P", {"monster": {}}, [1, 2]], ids=repr)
@pytest.mark.parametrize("call", ["look", "sees", "replay", "legal_moves", "monster_turn"])
def test_a_position_door_names_what_is_no_position(call: str, value: Any) -> None:
    """``look(5)``, ``sees(5)`` and ``replay(5, [])`` raised an AttributeError from inside
    (the engine trusts a Position): a PositionError names the argument."""
    from finstere_widget.engine import legal_moves, look
    from finstere_widget.engine.errors import PositionError
    from finstere_widget.engine.monster import sees
    from finstere_widget.engine.replay import replay

    run: Callable[[], object] = {
        "look": lambda: look(value),
        "sees": lambda: sees(value),
        "replay": lambda: replay(value, []),
        "legal_moves": lambda: legal_moves(value, "A"),
        "monster_turn": lambda: monster_turn(value, "5"),
    }[call]
    with pytest.raises(PositionError, match=r"expected a Position, got "):
        run()


@pytest.mark.parametrize(
    "events",
    [[{"type": "move"}], [5], 5, "look", {"type": "move"}, [None]],
    ids=repr,
)
def test_narrate_refuses_what_is_no_event_naming_it(events: Any) -> None:
    """``narrate([{"type": "move"}])`` raised an AttributeError, ``narrate(5)`` a TypeError:
    a trace's JSON is read with ``event_from_dict`` first (docs: narrate), and anything
    that is no event is a TraceError naming it."""
    from finstere_widget.engine.errors import TraceError
    from finstere_widget.engine.narrate import describe, line, narrate

    with pytest.raises(TraceError, match=r"^events: expected events \(event_from_dict"):
        narrate(events)
    if isinstance(events, list):
        with pytest.raises(TraceError, match=r"^events: expected events"):
            describe(events[0])
        with pytest.raises(TraceError, match=r"^events: expected events"):
            line(events[0])


def test_narrate_tells_events_read_back_from_their_json() -> None:
    from finstere_widget import examples
    from finstere_widget.engine.events import event_from_dict
    from finstere_widget.engine.narrate import narrate

    turn = monster_turn(examples.load("monster_basic_8"), "8")
    read = [event_from_dict(e.to_dict()) for e in turn.events]
    assert narrate(read, lang="en") == narrate(turn.events, lang="en")


# -- the board's helpers, an event's JSON, a tile's options and a puzzle set's options:
# -- found after #25's list, the same kind (an AttributeError or TypeError from inside)


@pytest.mark.parametrize(
    ("call", "named"),
    [
        ("step(5, N)", "square"),
        ("step((3, 3), 7)", "heading"),
        ("step((3, 3), 'N')", "heading"),
        ("mirror((99, 0))", "square"),
        ("mirror(None)", "square"),
        ("wall_letter('a', N)", "square"),
        ("wall_letter((0, 3), None)", "heading"),
    ],
)
def test_B1_B3_the_boards_helpers_name_a_square_or_heading_that_is_none(
    call: str, named: str
) -> None:
    """B1/B3: ``step(5, N)`` raised a TypeError, ``step((3, 3), 7)`` a KeyError, ``mirror``
    gave a square off the board: a PositionError names the argument."""
    from finstere_widget.engine import board
    from finstere_widget.engine.errors import PositionError

    scope = {"step": board.step, "mirror": board.mirror, "wall_letter": board.wall_letter}
    with pytest.raises(PositionError, match=rf"^{named}: expected a"):
        eval(call, {**scope, "N": Heading.N})  # noqa: S307 - the cases above, no input


def test_B1_on_board_says_no_to_what_is_no_square() -> None:
    """B1: ``on_board(5)`` raised a TypeError; a float or a bool is no board coordinate."""
    from finstere_widget.engine.board import on_board

    assert on_board((3, 3))
    for value in (5, None, (1.5, 2), (True, 2), (3, 3, 3), "ab"):
        assert on_board(value) is False, value  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [5, None, {"type": "move"}, "look"], ids=repr)
def test_event_to_dict_refuses_what_is_no_event(value: Any) -> None:
    """``event_to_dict(5)`` raised an AttributeError: a TraceError names it."""
    from finstere_widget.engine.errors import TraceError
    from finstere_widget.engine.events import event_to_dict

    with pytest.raises(TraceError, match=r"^events: expected events .* got "):
        event_to_dict(value)


def test_S4_tile_parse_names_options_that_are_none() -> None:
    """S4: ``Tile.parse("5", 5)`` raised an AttributeError; ``None`` means the defaults."""
    from finstere_widget.engine.errors import OptionError
    from finstere_widget.engine.monster import Tile

    assert Tile.parse("5", None) == Tile.parse("5")
    with pytest.raises(OptionError, match=r"^options: expected RuleOptions, got 5"):
        Tile.parse("5", 5)  # type: ignore[arg-type]


def test_piece_at_reads_a_JSON_square_and_names_what_is_none() -> None:
    """B1: ``piece_at([x, y])`` (a square as JSON writes it) answered None though a piece
    stood there; ``piece_at(5)`` now names the square."""
    from finstere_widget.engine.errors import PositionError

    example = Path(__file__).parent / "examples" / "monster_basic_8.json"
    pos = Position.from_json(example.read_text(encoding="utf-8"))
    at = pos.monster.at
    assert pos.piece_at([at[0], at[1]]) == "monster"  # type: ignore[arg-type]
    with pytest.raises(PositionError, match=r"^square: expected a square"):
        pos.piece_at(5)  # type: ignore[arg-type]


def test_puzzles_name_options_that_are_none() -> None:
    """``puzzles(options=5)`` raised an AttributeError deep in the search."""
    from finstere_widget.engine.errors import OptionError
    from finstere_widget.teach import puzzles

    with pytest.raises(OptionError, match=r"^options: expected RuleOptions, got 5"):
        puzzles("M5", 1, options=5)  # type: ignore[arg-type]
