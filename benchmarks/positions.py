"""Random benchmark positions: 11 stones, both basic pools, 8-12 pawns (seeded)."""

from __future__ import annotations

import random

from finstere_widget.engine import SQUARES, Heading, Monster, Pawn, Position, Stone
from finstere_widget.engine.position import BASIC_POOLS, make_pool

COLOURS = ("blue", "yellow", "red", "green")
FACES = ((6, 1), (4, 3), (3, 4), (2, 5))


def random_position(rng: random.Random, pawns: int | None = None) -> Position:
    pools = tuple(make_pool(p) for p in BASIC_POOLS)
    pool_squares = {s for p in pools for s in p.squares}
    free = [s for s in SQUARES if s not in pool_squares]
    n_pawns = pawns if pawns is not None else rng.randint(8, 12)
    picks = rng.sample(free, 11 + n_pawns + 1)
    stones = tuple(Stone(s) for s in picks[:11])
    pawn_list = []
    for k, sq in enumerate(picks[11:-1]):
        light, dark = FACES[k % 4]
        pawn_list.append(
            Pawn(chr(65 + k), COLOURS[k // 4 % 4], light, dark, rng.choice(("light", "dark")), sq)
        )
    monster = Monster(picks[-1], rng.choice(list(Heading)))
    return Position(monster, stones, pools, (), tuple(pawn_list))


def random_positions(n: int, seed: int = 2003) -> list[Position]:
    rng = random.Random(seed)
    return [random_position(rng) for _ in range(n)]
