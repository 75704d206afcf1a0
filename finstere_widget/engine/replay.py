"""Replaying events: the position after each event of a monster turn or a pawn move.

Events are data: a trace applied to the position it started from gives back, event by
event, every intermediate position, and the last one is the turn's result (a property
test checks this). The widget's step-through frames and the notebooks use this; nothing
outside the engine interprets events to move pieces.
"""

from __future__ import annotations

from collections.abc import Iterable

from .board import ENTRANCE
from .errors import PositionError, TraceError, shown
from .events import (
    EVENT_TYPES,
    Eat,
    End,
    Enter,
    Escape,
    Event,
    Flip,
    Look,
    Move,
    Push,
    Remove,
    Slide,
    Teleport,
    Turn,
    Wrap,
    assert_never,
)
from .pieces import Monster, Pawn, PawnPlace, Stone
from .position import Position

_EVENT_CLASSES = tuple(EVENT_TYPES.values())


def eaten_place(stage: int) -> PawnPlace:
    """M7: where an eaten (or crushed) pawn goes: back outside in stage 1, out in stage 2."""
    return "eaten" if stage == 2 else "outside"


class _Pieces:
    def __init__(self, position: Position) -> None:
        self.base = position
        self.monster = position.monster
        self.stones = list(position.stones)
        self.pawns = list(position.pawns)
        self.index = {p.id: k for k, p in enumerate(self.pawns)}

    def pawn(self, pawn_id: str) -> Pawn:
        k = self.index.get(pawn_id) if isinstance(pawn_id, str) else None
        if k is None:  # a trace replayed on a position it was not played on
            raise TraceError(
                "event names pawn {pawn}, but no such pawn is in the position",
                pawn=shown(pawn_id),
            )
        return self.pawns[k]

    def set_pawn(self, pawn: Pawn) -> None:
        self.pawns[self.index[pawn.id]] = pawn

    def move_stone(self, src: tuple[int, int], dst: tuple[int, int]) -> None:
        for k, s in enumerate(self.stones):
            if s.at == src:
                self.stones[k] = Stone(dst, s.kind)
                return
        raise TraceError("event moves a stone from {src}, but no stone stands there", src=list(src))

    def remove_stone(self, at: tuple[int, int]) -> None:
        for k, s in enumerate(self.stones):
            if s.at == at:
                del self.stones[k]
                return
        raise TraceError("event removes a stone at {at}, but no stone stands there", at=list(at))

    def move(self, piece: str, to: tuple[int, int]) -> None:
        if piece == "monster":
            self.monster = Monster(to, self.monster.facing)
        else:
            self.set_pawn(self.pawn(piece).moved(to))

    def apply(self, e: Event, mover: str) -> None:
        """One event on the pieces; every kind is handled (mypy checks the match)."""
        match e:
            case Move() | Wrap() | Teleport():
                self.move(mover, e.to)
            case Turn():
                self.monster = Monster(self.monster.at, e.to)
            case Slide() | Push():
                if isinstance(e.piece, tuple):
                    self.move_stone(e.from_, e.to)
                else:
                    self.move(e.piece, e.to)
            case Eat():
                self.set_pawn(self.pawn(e.pawn).moved(eaten_place(self.base.stage)))
            case Remove():
                self.remove_stone(e.at)
            case Enter():
                self.set_pawn(self.pawn(e.pawn).moved(ENTRANCE))
            case Escape():
                self.set_pawn(self.pawn(e.pawn).moved("escaped"))
            case Flip():
                pawn = self.pawn(e.pawn)
                if pawn.up != e.up:
                    self.set_pawn(pawn.flipped())
            case Look() | End():
                pass  # a look and the end change nothing
            case _:
                assert_never(e)

    def position(self) -> Position:
        b = self.base
        return Position(
            self.monster, tuple(self.stones), b.pools, b.teleporters, tuple(self.pawns), b.stage
        )


def replay(position: Position, events: Iterable[Event], mover: str = "monster") -> list[Position]:
    """The position after each event, starting from ``position``.

    ``mover`` is who a ``move`` event moves: the monster in a monster turn, the pawn's id
    in a pawn move. Intermediate positions of a pawn move may show the mover on another
    pawn's square (P5: passing through), so they are not validated.
    """
    if not isinstance(position, Position):  # replay(5, []) raised an AttributeError
        raise PositionError(
            "position: expected a Position, got {position}", position=shown(position)
        )
    if not isinstance(events, Iterable) or isinstance(events, str):
        raise TraceError(
            "events: expected events (event_from_dict reads one from JSON), got {event}",
            event=shown(events),
        )
    pieces = _Pieces(position)
    out = []
    for e in events:
        if not isinstance(e, _EVENT_CLASSES):  # a trace's JSON dicts, not read back
            raise TraceError(
                "events: expected events (event_from_dict reads one from JSON), got {event}",
                event=shown(e),
            )
        pieces.apply(e, mover)
        out.append(pieces.position())
    return out
