"""Danger: how likely is a pawn to be taken in the coming monster phase?

:func:`danger_map` answers for every empty square: put one extra pawn there, play the
monster's turn (:func:`monster_turn`, the engine's own M rules) for each tile left in the
pile, and average whether that pawn was eaten or crushed. A pawn on a square the monster
never looks at, enters or pushes into cannot change its turn, so each tile is first played
once without the extra pawn and only the squares that turn *touched* are simulated again
-- the answer is the same as the brute force (tests check it), several times faster.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from ..engine.board import SQUARES, Square
from ..engine.errors import PositionError, TileError, shown
from ..engine.events import (
    Eat,
    End,
    Enter,
    Escape,
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
from ..engine.monster import monster_takes, monster_turn
from ..engine.options import RuleOptions
from ..engine.pieces import Pawn
from ..engine.position import Position
from ..engine.setup import DECK

PROBE_ID = "?"  # the extra pawn's id


def _line(a: Square, b: Square) -> list[Square]:
    """The squares from a to b on a row or column (both ends included)."""
    (x0, y0), (x1, y1) = a, b
    if x0 == x1:
        step = 1 if y1 >= y0 else -1
        return [(x0, y) for y in range(y0, y1 + step, step)]
    if y0 == y1:
        step = 1 if x1 >= x0 else -1
        return [(x, y0) for x in range(x0, x1 + step, step)]
    return [a, b]


def touched(position: Position, tile: str, options: RuleOptions | None = None) -> set[Square]:
    """The squares where an extra pawn could change the monster's turn for ``tile``: every
    square seen in a look before a step, entered, slid over, pushed into."""
    out: set[Square] = set()
    for e in monster_turn(position, tile, options).events:
        match e:
            case Look():
                if e.rule != "M6":  # the final look only turns the monster
                    for r in e.rays:
                        out.update(r.cells)
            case Move() | Wrap() | Teleport():
                out.add(e.from_)
                out.add(e.to)
            case Slide() | Push():
                out.update(_line(e.from_, e.to))
            case Eat() | Remove():
                out.add(e.at)
            case Turn() | End() | Enter() | Escape() | Flip():
                pass  # a turn on the spot and the end touch no new square; pawns' moves are no monster events
            case _:
                assert_never(e)
    return out


def _probe(position: Position, square: Square) -> Position:
    probe = Pawn(PROBE_ID, "probe", 1, 6, "light", square)
    return Position(
        position.monster,
        position.stones,
        position.pools,
        position.teleporters,
        position.pawns + (probe,),
        position.stage,
    )


def empty_squares(position: Position) -> list[Square]:
    """Squares with nothing on them (no piece, no pool): where a pawn can stop (P5, P7)."""
    taken = {position.monster.at}
    taken.update(position.stone_map)
    taken.update(position.pawn_map)
    taken.update(position.teleporter_map)
    taken.update(position.pool_squares)
    return [sq for sq in SQUARES if sq not in taken]


@lru_cache(maxsize=128)
def _counted(tiles: tuple[str, ...]) -> Counter[str]:
    return Counter(tiles)


def _pile(tiles_left: object) -> Counter[str]:
    """The tiles left as counts (default: the whole deck, M1); anything but a list of
    tiles is a :class:`TileError` naming it (``danger_map(pos, 5)`` was a TypeError)."""
    if tiles_left is None:
        return _counted(DECK)
    if type(tiles_left) is tuple and all(type(t) is str for t in tiles_left):
        return _counted(tiles_left)  # the bots ask thousands of times with a few piles
    if isinstance(tiles_left, (str, bytes)) or not isinstance(tiles_left, Iterable):
        raise TileError(
            "tiles_left: expected a list of tiles such as ['5', 'X'], got {tiles}",
            tiles=shown(tiles_left),
        )
    tiles = list(tiles_left)
    if not all(isinstance(t, str) for t in tiles):
        raise TileError(
            "tiles_left: expected a list of tiles such as ['5', 'X'], got {tiles}",
            tiles=shown(tiles),
        )
    return Counter(tiles)


def danger_map(
    position: Position,
    tiles_left: Iterable[str] | None = None,
    options: RuleOptions | None = None,
    squares: Iterable[Square] | None = None,
) -> dict[Square, float]:
    """For each empty square (or each of ``squares``), the probability that a pawn standing
    there is eaten or crushed in the coming monster phase, averaged over ``tiles_left``
    (default: the whole deck, M1), each tile as likely as its copies in the pile."""
    if not isinstance(position, Position):
        raise PositionError(
            "danger_map: expected a Position, got {position}", position=shown(position)
        )
    tiles = _pile(tiles_left)
    total = sum(tiles.values())
    targets = empty_squares(position) if squares is None else list(squares)
    out = {sq: 0.0 for sq in targets}
    if total == 0:
        return out
    hot = {tile: touched(position, tile, options) for tile in tiles}
    for sq in targets:
        near = [tile for tile in tiles if sq in hot[tile]]
        if near:  # one walk of the monster for every tile whose turn the pawn may change
            for tile, taken in monster_takes(_probe(position, sq), options, near).items():
                if PROBE_ID in taken:
                    out[sq] += tiles[tile] / total
    return out


def eaten_probability(
    position: Position,
    pawn_id: str,
    tiles_left: Iterable[str] | None = None,
    options: RuleOptions | None = None,
) -> float:
    """The probability that pawn ``pawn_id`` is taken in the coming monster phase (one
    walk of the monster for every tile, :func:`monster_takes`)."""
    tiles = _pile(tiles_left)
    total = sum(tiles.values())
    if total == 0 or not position.pawn(pawn_id).on_board:
        return 0.0
    p = 0.0
    for tile, taken in monster_takes(position, options, tiles, until=pawn_id).items():
        if pawn_id in taken:
            p += tiles[tile] / total
    return p
