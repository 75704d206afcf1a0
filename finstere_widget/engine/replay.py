"""Replaying events: the position after each event of a monster turn or a pawn move.

Events are data: a trace applied to the position it started from gives back, event by
event, every intermediate position, and the last one is the turn's result (a property
test checks this). The widget's step-through frames and the notebooks use this; nothing
outside the engine interprets events to move pieces.
"""

from __future__ import annotations

from collections.abc import Iterable

from .board import ENTRANCE
from .errors import TraceError
from .events import (
    Eat,
    Enter,
    Escape,
    Event,
    Flip,
    Move,
    Push,
    Remove,
    Slide,
    Teleport,
    Turn,
    Wrap,
)
from .pieces import Monster, Pawn, PawnPlace, Stone
from .position import Position


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
        return self.pawns[self.index[pawn_id]]

    def set_pawn(self, pawn: Pawn) -> None:
        self.pawns[self.index[pawn.id]] = pawn

    def move_stone(self, src: tuple[int, int], dst: tuple[int, int]) -> None:
        for k, s in enumerate(self.stones):
            if s.at == src:
                self.stones[k] = Stone(dst, s.kind)
                return
        raise TraceError(f"event moves a stone from {list(src)}, but no stone stands there")

    def remove_stone(self, at: tuple[int, int]) -> None:
        for k, s in enumerate(self.stones):
            if s.at == at:
                del self.stones[k]
                return
        raise TraceError(f"event removes a stone at {list(at)}, but no stone stands there")

    def move(self, piece: str, to: tuple[int, int]) -> None:
        if piece == "monster":
            self.monster = Monster(to, self.monster.facing)
        else:
            self.set_pawn(self.pawn(piece).moved(to))

    def apply(self, e: Event, mover: str) -> None:
        if isinstance(e, (Move, Wrap, Teleport)):
            self.move(mover, e.to)
        elif isinstance(e, Turn):
            self.monster = Monster(self.monster.at, e.to)
        elif isinstance(e, (Slide, Push)):
            if isinstance(e.piece, tuple):
                self.move_stone(e.from_, e.to)
            else:
                self.move(e.piece, e.to)
        elif isinstance(e, Eat):
            self.set_pawn(self.pawn(e.pawn).moved(eaten_place(self.base.stage)))
        elif isinstance(e, Remove):
            self.remove_stone(e.at)
        elif isinstance(e, Enter):
            self.set_pawn(self.pawn(e.pawn).moved(ENTRANCE))
        elif isinstance(e, Escape):
            self.set_pawn(self.pawn(e.pawn).moved("escaped"))
        elif isinstance(e, Flip):
            pawn = self.pawn(e.pawn)
            if pawn.up != e.up:
                self.set_pawn(pawn.flipped())
        # Look and End change nothing

    def position(self) -> Position:
        b = self.base
        return Position._trusted(
            self.monster, tuple(self.stones), b.pools, b.teleporters, tuple(self.pawns), b.stage
        )


def replay(position: Position, events: Iterable[Event], mover: str = "monster") -> list[Position]:
    """The position after each event, starting from ``position``.

    ``mover`` is who a ``move`` event moves: the monster in a monster turn, the pawn's id
    in a pawn move. Intermediate positions of a pawn move may show the mover on another
    pawn's square (P5: passing through), so they are not validated.
    """
    pieces = _Pieces(position)
    out = []
    for e in events:
        pieces.apply(e, mover)
        out.append(pieces.position())
    return out
