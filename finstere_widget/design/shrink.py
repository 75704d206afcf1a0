"""Shrinking, in the spirit of property-based testing (Hypothesis, QuickCheck): a situation
where two readings of the rules part is made as small as it can be while they still part
the same way.

:func:`shrink` is the generic loop: remove one unit at a time (a pawn, a stone, a pool, a
teleporter pair, an action of a game) while the property holds; when no single removal
keeps it, try the *moves* (a piece one square nearer the monster, a shorter tile) and start
again. What comes out is **1-minimal**: removing any single unit makes the property fail
(:func:`one_minimal` checks it). Standard library only, like the rest of the wing's core.

The position helpers below are what the edge-case explorer removes and moves:
:func:`position_units` names every removable piece, :func:`without` takes one away,
:func:`moves_toward` brings pieces one square nearer a square.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

from ..engine.board import HEADINGS, Square, neighbour
from ..engine.errors import PositionError
from ..engine.pieces import Pawn, Stone
from ..engine.position import Position

T = TypeVar("T")

#: the most candidates one shrink tries (each is two engine calls or a short replay):
#: a bound on the time, never reached by the explorer's cases in practice
MAX_TRIES = 20_000


def shrink(
    start: T,
    keep: Callable[[T], bool],
    removals: Callable[[T], Iterable[T]],
    moves: Callable[[T], Iterable[T]] | None = None,
    max_tries: int = MAX_TRIES,
    normal: Callable[[T], T] | None = None,
) -> tuple[T, int, bool]:
    """``start`` shrunk while ``keep`` holds: ``(smallest, tries, complete)``.

    Removal sweeps first: each candidate of ``removals(state)`` (one unit less) that keeps
    the property is taken, and the sweep goes on over the new state's candidates; sweeps
    repeat until one takes nothing. Then the first candidate of ``moves(state)`` that keeps
    the property is taken and the removals start again. ``normal`` (if given) tidies a
    candidate once it is taken (the explorer cuts a game's actions at the ply where its
    two games now part). ``complete`` is False only when ``max_tries`` ran out first (the
    result may then not be 1-minimal)."""
    tidy: Callable[[T], T] = normal if normal is not None else (lambda x: x)
    state = start
    tries = 0
    while True:
        taken = True
        while taken:
            taken = False
            candidates = list(removals(state))
            i = 0
            while i < len(candidates):
                if tries >= max_tries:
                    return state, tries, False
                tries += 1
                if keep(candidates[i]):
                    state = tidy(candidates[i])
                    candidates = list(removals(state))
                    taken = True  # the unit at i is gone: the next one moved into its place
                else:
                    i += 1
        moved = False
        for candidate in moves(state) if moves is not None else ():
            if tries >= max_tries:
                return state, tries, False
            tries += 1
            if keep(candidate):
                state = tidy(candidate)
                moved = True
                break
        if not moved:
            return state, tries, True


def one_minimal(state: T, keep: Callable[[T], bool], removals: Callable[[T], Iterable[T]]) -> bool:
    """Whether ``state`` keeps the property and no single removal does (1-minimality)."""
    return keep(state) and not any(keep(c) for c in removals(state))


# --- positions ------------------------------------------------------------------------------

#: a removable unit of a position: ("pawn", id), ("stone", square), ("pool", k) or
#: ("teleporters", pair)
Unit = tuple[str, object]


def position_units(position: Position, fixed: Iterable[str] = ()) -> list[Unit]:
    """Every piece of ``position`` that can be taken away, in a fixed order: the pawns (but
    those in ``fixed``), the stones, the teleporter pairs, the pools."""
    keep = set(fixed)
    units: list[Unit] = [("pawn", p.id) for p in position.pawns if p.id not in keep]
    units += [("stone", s.at) for s in position.stones]
    units += [("teleporters", pair) for pair in dict.fromkeys(t.pair for t in position.teleporters)]
    units += [("pool", k) for k in range(len(position.pools))]
    return units


def size(position: Position) -> int:
    """How many pieces a position holds (pawns, stones, teleporters, pools)."""
    return (
        len(position.pawns) + len(position.stones) + len(position.teleporters) + len(position.pools)
    )


def checked(position: Position) -> Position | None:
    """``position`` once :meth:`Position.validated` accepts it, else None."""
    try:
        return position.validated()
    except PositionError:
        return None


def without(position: Position, unit: Unit) -> Position | None:
    """``position`` without one unit (:func:`position_units`); None when what is left is
    not a position."""
    kind, key = unit
    p = position
    if kind == "pawn":
        out = Position(
            p.monster, p.stones, p.pools, p.teleporters,
            tuple(x for x in p.pawns if x.id != key), p.stage,
        )  # fmt: skip
    elif kind == "stone":
        out = Position(
            p.monster, tuple(s for s in p.stones if s.at != key), p.pools, p.teleporters,
            p.pawns, p.stage,
        )  # fmt: skip
    elif kind == "teleporters":
        out = Position(
            p.monster, p.stones, p.pools, tuple(t for t in p.teleporters if t.pair != key),
            p.pawns, p.stage,
        )  # fmt: skip
    else:
        out = Position(
            p.monster, p.stones, tuple(q for k, q in enumerate(p.pools) if k != key),
            p.teleporters, p.pawns, p.stage,
        )  # fmt: skip
    return checked(out)


def removals_of(position: Position, fixed: Iterable[str] = ()) -> Iterator[Position]:
    """Each valid position with one unit of ``position`` less."""
    for unit in position_units(position, fixed):
        out = without(position, unit)
        if out is not None:
            yield out


def _distance(a: Square, b: Square) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def moves_toward(
    position: Position, target: Square | None = None, fixed: Iterable[str] = ()
) -> Iterator[Position]:
    """Each valid position with one pawn or stone on the board one square nearer
    ``target`` (default: the monster), onto a square where nothing stands; the pawns in
    ``fixed`` stay."""
    goal = position.monster.at if target is None else target
    keep = set(fixed)
    taken = {position.monster.at}
    taken |= {s.at for s in position.stones}
    taken |= {p.at for p in position.pawns if isinstance(p.at, tuple)}
    taken |= {t.at for t in position.teleporters}
    p = position
    for k, pawn in enumerate(p.pawns):
        if not isinstance(pawn.at, tuple) or pawn.id in keep:
            continue
        for sq in _nearer(pawn.at, goal, taken):
            pawns = list(p.pawns)
            pawns[k] = Pawn(pawn.id, pawn.player, pawn.light, pawn.dark, pawn.up, sq)
            out = checked(
                Position(p.monster, p.stones, p.pools, p.teleporters, tuple(pawns), p.stage)
            )
            if out is not None:
                yield out
    for k, stone in enumerate(p.stones):
        for sq in _nearer(stone.at, goal, taken):
            stones = list(p.stones)
            stones[k] = Stone(sq, stone.kind)
            out = checked(
                Position(p.monster, tuple(stones), p.pools, p.teleporters, p.pawns, p.stage)
            )
            if out is not None:
                yield out


def _nearer(at: Square, goal: Square, taken: set[Square]) -> list[Square]:
    here = _distance(at, goal)
    out = []
    for h in HEADINGS:
        sq = neighbour(at, h)
        if sq is not None and sq not in taken and _distance(sq, goal) < here:
            out.append(sq)
    return out
