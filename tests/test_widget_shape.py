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
