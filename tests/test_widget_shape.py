"""The widgets' code shape (issue 10): the game view's undo rewinds the bots' chances, the
editor checks a teleporter pair's name before anything is drawn, refusals take the theme's
colours, and the pure parts (editing, interaction, messages, overlays) work without a
widget or a browser."""

from __future__ import annotations

import pytest

pytest.importorskip("anywidget")

from finstere_widget.engine import Position
from finstere_widget.widget import BoardWidget, GameView, MonsterStepper
from finstere_widget.widget.editing import Tool, edited


def _first_move(v: GameView) -> tuple[str, tuple[str, ...]]:
    """The learner's first pawn (by id) and its last legal destination: a fixed choice."""
    pid = sorted(v._movable())[0]
    return pid, tuple(v.game.pawn_moves(pid)[-1].path)


def _actions(v: GameView) -> list[object]:
    return [e.action for e in v.game.history]


def test_undo_then_the_same_moves_again_gives_the_same_game() -> None:
    """The bots draw from seeded random.Random objects: an undo rewinds them with the game,
    so the same moves again make the bots (and the monster) do exactly what they did (the
    random bot draws at every move: without the rewind its second game differs)."""
    v = GameView(("blue", "red", "green"), you="blue", bot="random", seed=11)
    moves = []
    for _ in range(4):  # four of the learner's moves, each followed by bots and monster
        if v.game.is_terminal():
            break
        pid, path = _first_move(v)
        moves.append((pid, path))
        v.board.move(pid, path)
    played = _actions(v)
    assert len(played) > 3 * len(moves), "the bots and the monster played in between"
    for _ in moves:
        assert v.undo()
    assert _actions(v) == [] or all(e.seat not in v.human_seats for e in v.game.history)
    for pid, path in moves:
        v.board.move(pid, path)
    assert _actions(v) == played
    # and undoing only the last move, then replaying it, also gives the same end
    assert v.undo()
    v.board.move(*moves[-1])
    assert _actions(v) == played


def test_a_refused_move_keeps_the_recorded_bots() -> None:
    from finstere_widget.engine import FinstereError

    v = GameView(("blue", "red"), you="blue", bot="random", seed=5)
    pid, _ = _first_move(v)
    with pytest.raises(FinstereError):
        v._human_move(pid, ("N", "N", "N", "N", "N", "N", "N", "N", "N", "N", "N", "N"))
    assert v._bots_before == {}, "nothing recorded for a move the game refused"


def test_an_unknown_teleporter_pair_is_refused_first_naming_the_pair() -> None:
    pos = Position.basic()
    new, words, pending = edited(pos, Tool("teleporter", "N", "green<b>"), (3, 3))
    assert new is None and pending is None
    assert "'green<b>'" in words and "yellow and blue" in words and "(B5)" in words
    # a pending pad of a known pair survives a click with an unknown pair
    _, _, first = edited(pos, Tool("teleporter", "N", "blue"), (3, 3))
    assert first is not None
    new, words, pending = edited(pos, Tool("teleporter", "N", "red", pending=first), (5, 5))
    assert new is None and pending == first and "'red'" in words


def test_the_board_draws_no_pad_of_an_unknown_pair() -> None:
    b = BoardWidget(Position.basic(), mode="edit")
    b.tool = "teleporter"
    b.tool_pair = "green"
    before = (b.static, b.groups, b.frames)
    b.click((3, 3))
    assert b.hint_kind == "problem" and "'green'" in b.hint
    assert b._ui.pending_teleporter is None
    assert (b.static, b.groups, b.frames) == before, "nothing drawn for the unknown pair"


def test_the_steppers_refusal_takes_the_theme_colours_and_is_escaped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from finstere_widget.engine.errors import TileError

    s = MonsterStepper(Position.basic())

    def refuse(*_args: object) -> None:
        raise TileError("tile <script>: refused")

    monkeypatch.setattr(s.board, "show_turn_from", refuse)
    assert s.run() is None and s.result is None
    assert "var(--jp-error-color1" in s.message.value  # the theme's error colour (board.css)
    assert "#b00020" not in s.message.value
    assert "&lt;script&gt;" in s.message.value and "<script>" not in s.message.value


# --- pure parts, without a widget -------------------------------------------------------


def test_read_message_types_every_browser_message_and_never_raises() -> None:
    from finstere_widget.widget.interaction import (
        KeyPress,
        SquareClick,
        Unreadable,
        ZoneClick,
        read_message,
    )

    assert read_message({"type": "click", "square": [3, 4]}) == SquareClick((3, 4))
    assert read_message({"type": "click", "square": None, "zone": "pawn:A"}) == ZoneClick("pawn:A")
    assert read_message({"type": "key", "key": "undo"}) == KeyPress("undo")
    assert read_message({"type": "key", "key": 5}) == KeyPress(None)
    for bad, words in [
        ([1, 2], "does not understand"),
        ({"type": "scroll"}, "does not understand"),
        ({"type": "click", "square": [1, True]}, "malformed square"),
        ({"type": "click", "square": [1, 2, 3]}, "malformed square"),
        ({"type": "click", "square": "a1"}, "malformed square"),
        ({"type": "click"}, "click on a square"),
        ({"type": "click", "zone": 7}, "click on a square"),
    ]:
        got = read_message(bad)
        assert isinstance(got, Unreadable) and words in str(got.problem), bad


def test_a_malformed_quiz_message_is_told_in_the_boards_language() -> None:
    """The error naming the key at fault is kept as an error, not as English text, so the
    board tells it in its own language (the key quoted as it came)."""
    from finstere_widget.engine.errors import QuizError
    from finstere_widget.widget import BoardWidget
    from finstere_widget.widget.interaction import Unreadable, read_message

    bad = {"type": "quiz_answer", "answer": {"heading": "NW"}}
    got = read_message(bad)
    assert isinstance(got, Unreadable) and isinstance(got.problem, QuizError)
    english = str(got.problem)
    board = BoardWidget(lang="fr")
    board._on_msg(board, bad, [])
    assert board.hint == got.problem.translated("fr") and board.hint != english
    assert "'question'" in board.hint and board.hint.startswith("message du quiz")


def test_board_square_names_what_is_not_a_square_of_the_board() -> None:
    from finstere_widget.engine import PositionError
    from finstere_widget.widget.interaction import board_square

    assert board_square([2, 3]) == (2, 3)
    for bad in [(99, 0), "x", (1.5, 2), None]:
        with pytest.raises(PositionError, match=r"is not a square of the board \(B1\)"):
            board_square(bad)
    b = BoardWidget(Position.basic())
    before = b.svg()
    with pytest.raises(PositionError, match="99"):
        b.show_values({(99, 0): 1.0})
    assert b.svg() == before, "a refused overlay changes nothing"


def test_interaction_overlay_marks_the_selection_its_targets_and_a_pending_pad() -> None:
    from finstere_widget.engine import Heading
    from finstere_widget.examples import load
    from finstere_widget.render.scene import center
    from finstere_widget.widget.interaction import Interaction, interaction_overlay

    pos = load("monster_basic_8")
    ui = Interaction(selected="A", targets={(9, 0): None, (10, 1): None, "escaped": None})
    o = interaction_overlay(pos, ui, {(1, 1): 0.5}, {(1, 1): "50%"}, "cap")
    assert o.selected == (9, 1) and sorted(o.targets) == [(9, 0), (10, 1)]
    assert [z["id"] for z in o.target_zones] == ["place:escaped"]
    assert o.heat == {(1, 1): 0.5} and o.labels == {(1, 1): "50%"} and o.caption == "cap"
    assert not o.extra_over and not o.extra_under
    # a waiting pawn that may stay outside (P2): the pawn is marked, not the whole section
    waiting = pos.replace(pawns=tuple(p.moved("outside") if p.id == "B" else p for p in pos.pawns))
    o1 = interaction_overlay(waiting, Interaction("B", {"outside": None, (15, 10): None}))
    assert o1.selected is not None and not isinstance(o1.selected, str)
    assert o1.target_zones == [] and len(o1.extra_under) == 1
    pad = Interaction(pending_teleporter=((4, 4), "blue", Heading.N), path=(center((9, 1)),))
    o2 = interaction_overlay(pos, pad)
    assert len(o2.extra_over) == 2 and o2.path == (center((9, 1)),) and o2.selected is None


def test_new_pawns_take_the_first_free_id_and_the_rulebooks_pairs() -> None:
    from finstere_widget.widget.editing import new_pawn, next_pawn_id

    assert next_pawn_id([]) == "A"
    assert next_pawn_id(["A", "B", "D"]) == "C"
    letters = [chr(c) for c in range(ord("A"), ord("Z") + 1)]
    assert next_pawn_id(letters) == "A1"
    assert next_pawn_id(letters + ["A1", "B1"]) == "C1"
    pos = Position.basic()
    p = new_pawn(pos, "red", "4/3", "dark", (2, 2))
    assert p.id not in {q.id for q in pos.pawns}
    assert (p.player, p.dark, p.light, p.up, p.at) == ("red", 4, 3, "dark", (2, 2))


# --- the widget's typed state ------------------------------------------------------------


def test_traits_are_typed_and_checked_when_set() -> None:
    import traitlets

    b = BoardWidget(Position.basic())
    for name, bad in [
        ("mode", "fly"),
        ("hint_kind", "shout"),
        ("tool", "hammer"),
        ("tool_heading", "NE"),
        ("tool_face", "side"),
        ("groups", [1]),
        ("static", ["x"]),
        ("frames", [3]),
        ("event_log", [1]),
        ("max_width", -5),
    ]:
        before = getattr(b, name)
        with pytest.raises(traitlets.TraitError):
            setattr(b, name, bad)
        assert getattr(b, name) == before, name


def test_on_move_is_a_registry_and_movable_may_be_asked_at_each_click() -> None:
    from finstere_widget.examples import load

    allowed = {"A"}
    heard: list[str] = []

    def listener(pawn: str, _result: object) -> None:
        heard.append(pawn)

    b = BoardWidget(load("monster_basic_8"), mode="move", movable=lambda: allowed)
    b.on_move(listener)
    assert b.movable == {"A"}
    b.select("B")
    assert b.hint_kind == "problem" and "cannot move now" in b.hint and b._ui.selected is None
    allowed.add("B")  # the callable is asked again at the next click
    b.click((8, 7))
    assert b._ui.selected == "B"
    b.click((8, 6))
    assert heard == ["B"] and b.position.pawn("B").at == (8, 6)
    b.on_move(listener, remove=True)
    b.on_move(listener, remove=True)  # removing twice is harmless
    b.click((9, 1))
    b.click((9, 2))
    assert b.position.pawn("A").at == (9, 2)
    assert heard == ["B"], "a removed listener hears nothing"


def test_what_a_click_means_in_move_mode_without_a_widget() -> None:
    from finstere_widget.engine import legal_moves
    from finstere_widget.examples import load
    from finstere_widget.widget.interaction import (
        DeselectPawn,
        Interaction,
        MoveAlong,
        NoPawnThere,
        NotLit,
        SelectPawn,
        lit_targets,
        move_click,
    )

    pos = load("monster_basic_8")
    outcomes = legal_moves(pos, "A")
    lit = lit_targets(outcomes, (9, 1), allow_stay=False)
    assert (9, 1) not in lit and (9, 0) in lit and (9, 2) in lit
    assert (9, 1) in lit_targets(outcomes, (9, 1), allow_stay=True)  # a move of 0 (P2)
    assert all(lit[to].to == to for to in lit)
    idle = Interaction()
    assert move_click(pos, idle, (9, 1), None) == SelectPawn("A")
    assert move_click(pos, idle, None, "pawn:B") == SelectPawn("B")
    assert move_click(pos, idle, None, "pawn:ZZ") == NoPawnThere(None)
    assert move_click(pos, idle, (0, 5), None) == NoPawnThere((0, 5))
    chosen = Interaction(selected="A", targets=lit)
    assert move_click(pos, chosen, (9, 2), None) == MoveAlong("A", tuple(lit[(9, 2)].path))
    assert move_click(pos, chosen, (9, 1), None) == DeselectPawn("A")
    assert move_click(pos, chosen, (8, 7), None) == SelectPawn("B")
    assert move_click(pos, chosen, (0, 5), None) == NotLit("A", (0, 5))
    assert move_click(pos, chosen, None, "place:escaped") == NotLit("A", None)


def test_every_teleporter_pair_a_position_may_hold_has_its_colour() -> None:
    """The painters colour pads by pair (B5): a position holds only these pairs and the
    editor refuses any other name first, so no other colour is ever needed."""
    from finstere_widget.engine import PositionError
    from finstere_widget.engine.pieces import TELEPORTER_PAIRS, Teleporter
    from finstere_widget.render import style as S
    from finstere_widget.render.scene import teleporter_colour

    assert set(S.TELEPORTER) == set(TELEPORTER_PAIRS)
    pos = Position.basic()
    assert [teleporter_colour(pos, p) for p in TELEPORTER_PAIRS] == [
        S.TELEPORTER[p] for p in TELEPORTER_PAIRS
    ]
    with pytest.raises(PositionError, match="green"):
        pos.replace(teleporters=(Teleporter((3, 3), "green", pos.monster.facing),))


def test_history_is_a_value_undo_and_redo_walk_it() -> None:
    from finstere_widget.examples import load
    from finstere_widget.widget.interaction import History

    a, b, c = Position.basic(), load("monster_basic_8"), load("monster_basic_8").replace(pawns=())
    h = History().committed(a, b).committed(b, c)
    assert h.undo == (a, b) and h.redo == ()
    assert h.committed(c, c) is h, "no change, nothing recorded"
    step = h.undone(c)
    assert step is not None and step[1] == b
    h2, _ = step
    assert h2.redo == (c,) and h2.undo == (a,)
    back = h2.redone(b)
    assert back is not None and back == (History((a, b), ()), c)
    assert History().undone(a) is None and History().redone(a) is None
    assert h2.committed(b, a).redo == (), "a new change drops the redo stack"


def test_the_frames_on_show_are_one_value_left_for_the_position_after() -> None:
    from finstere_widget.engine.errors import TraceError
    from finstere_widget.examples import load

    pos = load("monster_basic_8")
    b = BoardWidget(pos, mode="move")
    result = b.show_turn("8")
    assert b._on_show is not None and b._on_show.after == pos
    assert len(b.trace_frames) == len(b.frames) > 2
    assert b._on_show.frame(10_000) == b.trace_frames[-1]
    b.frame = 2
    assert b.svg() == b.trace_frames[2].svg()
    b.clear_trace()
    assert b._on_show is None and b.trace_frames == [] and b.position == pos
    assert result.position != pos
    with pytest.raises(TraceError, match="at least one frame"):
        b.show_frames([], [])


def test_every_part_the_board_declares_is_defined_by_one_of_its_parts() -> None:
    """BoardTraits declares what one part calls in another; BoardWidget must define each
    (a stub left behind would raise NotImplementedError at the first click)."""
    from finstere_widget.widget.board_traits import BoardTraits

    stubs = [
        name
        for name, value in vars(BoardTraits).items()
        if callable(value) and not name.startswith("__") and name not in ("tell", "set_state")
    ]
    assert {"_refresh", "_commit", "_leave_trace", "undo", "redo", "_click_move"} <= set(stubs)
    for name in stubs:
        if name.startswith("_valid"):
            continue
        assert getattr(BoardWidget, name) is not getattr(BoardTraits, name), name


def test_the_pure_modules_import_no_widget_library() -> None:
    """interaction.py and editing.py are the widgets' pure logic: no ipywidgets, anywidget
    or traitlets, so they are tested (and usable) without a widget."""
    import ast
    from pathlib import Path

    import finstere_widget.widget as w

    for name in ("interaction.py", "editing.py", "story.py"):
        tree = ast.parse((Path(w.__file__).parent / name).read_text(encoding="utf-8"))
        imported = {
            (node.module or "") if isinstance(node, ast.ImportFrom) else alias.name
            for node in ast.walk(tree)
            if isinstance(node, (ast.Import, ast.ImportFrom))
            for alias in node.names
        }
        roots = {m.split(".")[0] for m in imported}
        assert not roots & {"ipywidgets", "anywidget", "traitlets"}, (name, roots)
        assert not any(m.startswith("board") for m in imported), (name, imported)
