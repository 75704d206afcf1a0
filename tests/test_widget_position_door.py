"""The widgets check a hand-built :class:`Position` (``Position.validated``) at their door:
BoardWidget, MonsterStepper and BoardEditor when made and when their position is set,
GameView when given a game. A malformed one is refused with the PositionError naming its
fault, and the widget is left as it was."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from finstere_widget.engine import Heading, Monster, Pawn, Position, PositionError, Stone

#: hand-built positions that break docs/format.md or the rules, and the words naming the fault
MALFORMED: list[tuple[str, Position, str]] = [
    (
        "two pawns on one square",
        Position(
            Monster((0, 0), Heading.E),
            (),
            (),
            (),
            (
                Pawn("A", "blue", 6, 1, "light", (1, 0)),
                Pawn("B", "red", 4, 3, "light", (1, 0)),
            ),
            1,
        ),
        "square [1, 0]: pawns[1] (B) overlaps pawns[0] (A)",
    ),
    (
        "an id with markup",
        Position(
            Monster((0, 0), Heading.E),
            (),
            (),
            (),
            (Pawn("<b>", "blue", 6, 1, "light", (1, 0)),),
            1,
        ),
        "pawns[0].id",
    ),
    (
        "a stone off the board",
        Position(Monster((0, 0), Heading.E), (Stone((40, 2)),), (), (), (), 1),
        "stones[0]",
    ),
]
IDS = [name for name, _, _ in MALFORMED]


def _fault(position: Position) -> str:
    with pytest.raises(PositionError) as caught:
        position.validated()
    return str(caught.value)


def test_the_positions_are_malformed_as_named() -> None:
    for _, position, words in MALFORMED:
        assert words in _fault(position)


def _made_and_set(make: Callable[[Any], Any], position: Position, words: str) -> None:
    with pytest.raises(PositionError, match=re.escape(words)):
        make(position)
    widget = make(Position.basic())
    before = widget.position
    with pytest.raises(PositionError, match=re.escape(words)):
        widget.position = position
    assert widget.position is before  # unchanged


@pytest.mark.parametrize(("name", "position", "words"), MALFORMED, ids=IDS)
def test_board_widget_refuses_a_malformed_position(
    name: str, position: Position, words: str
) -> None:
    from finstere_widget.widget import BoardWidget

    _made_and_set(BoardWidget, position, words)
    board = BoardWidget(Position.basic())
    synced = (board.static, board.groups, board.frames)
    with pytest.raises(PositionError):
        board.position = position
    assert (board.static, board.groups, board.frames) == synced and not board.can_undo


@pytest.mark.parametrize(("name", "position", "words"), MALFORMED, ids=IDS)
def test_monster_stepper_refuses_a_malformed_position(
    name: str, position: Position, words: str
) -> None:
    from finstere_widget.widget import MonsterStepper

    _made_and_set(lambda p: MonsterStepper(p, tile="8"), position, words)
    s = MonsterStepper(Position.basic(), tile="8")
    result, frames = s.result, s.board.frames
    with pytest.raises(PositionError, match=re.escape(words)):
        s.play_from(position)
    assert s.result is result and s.board.frames == frames


@pytest.mark.parametrize(("name", "position", "words"), MALFORMED, ids=IDS)
def test_board_editor_refuses_a_malformed_position(
    name: str, position: Position, words: str
) -> None:
    from finstere_widget.widget import BoardEditor

    _made_and_set(BoardEditor, position, words)


def test_game_view_refuses_a_game_whose_position_is_malformed() -> None:
    from finstere_widget.engine.game import Game
    from finstere_widget.widget.game import GameView

    name, position, words = MALFORMED[0]

    class HandBuilt(Game):
        """A game whose position was put together by hand, past the game's own checks."""

        @property
        def position(self) -> Position:
            return position

    game = HandBuilt(["blue", "red"], seed=1)
    with pytest.raises(PositionError, match=re.escape(words)):
        GameView(players=("blue", "red"), you="blue", game=game)
    view = GameView(players=("blue", "red"), you="blue", seed=1)
    before, shown_before = view.game, view.board.position
    with pytest.raises(PositionError, match=re.escape(words)):
        view._start(game)
    assert view.game is before and view.board.position is shown_before


@pytest.mark.parametrize(("name", "position", "words"), MALFORMED, ids=IDS)
def test_board_widget_shows_no_turn_or_trace_from_a_malformed_position(
    name: str, position: Position, words: str
) -> None:
    from finstere_widget.engine import monster_turn
    from finstere_widget.widget import BoardWidget

    board = BoardWidget(Position.basic())
    events = monster_turn(Position.basic(), "8").events
    synced = (board.static, board.groups, board.frames)
    with pytest.raises(PositionError, match=re.escape(words)):
        board.show_turn_from(position, "8")
    with pytest.raises(PositionError, match=re.escape(words)):
        board.show_trace(position, events, "8")
    with pytest.raises(PositionError, match=re.escape(words)):
        board.show_trace(Position.basic(), events, "8", after=position)
    assert (board.static, board.groups, board.frames) == synced
