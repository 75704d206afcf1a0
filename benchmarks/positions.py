"""Random positions (seeded): benchmark positions (11 stones, both basic pools, 8-12 pawns)
and varied positions with every kind of piece (for checking the reference)."""

from __future__ import annotations

import random

from finstere_widget.engine import (
    HEADINGS,
    SQUARES,
    Heading,
    Monster,
    Pawn,
    Position,
    Stone,
    StoneKind,
    Teleporter,
)
from finstere_widget.engine.pieces import PawnPlace
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


KINDS = tuple(StoneKind)  # stone, crystal and every pivot


def varied_position(rng: random.Random) -> Position:
    """A random position with every kind of piece: stones of all kinds, pools (sometimes
    moved), 0-2 teleporter pairs, 2-16 pawns of every face (some outside, escaped or eaten,
    some on pool squares), the monster anywhere (a teleporter pad included), either stage."""
    pools = tuple(make_pool(p) for p in BASIC_POOLS)
    if rng.random() < 0.3:
        x, y = rng.randint(3, 10), rng.randint(2, 7)
        line = (
            [(x + k, y) for k in range(4)] if rng.random() < 0.5 else [(x, y + k) for k in range(4)]
        )
        if set(line) <= set(SQUARES):  # a pool lies on the board (B1)
            pools = (pools[0], make_pool(line))
            if len({s for p in pools for s in p.squares}) < 8:
                pools = pools[:1]
    pool_squares = {s for p in pools for s in p.squares}
    free = [s for s in SQUARES if s not in pool_squares]
    rng.shuffle(free)
    teleporters = []
    pads = [s for s in free if s not in ((0, 0), (15, 10))]  # never on the exit/entrance (A2)
    for pair in ("yellow", "blue")[: rng.choice((0, 0, 1, 2))]:
        for _ in range(2):
            pad = pads.pop()
            free.remove(pad)
            teleporters.append(Teleporter(pad, pair, rng.choice(HEADINGS)))
    monster_at = rng.choice(teleporters).at if teleporters and rng.random() < 0.2 else free.pop()
    stones = tuple(Stone(free.pop(), rng.choice(KINDS)) for _ in range(rng.randint(4, 14)))
    on_pool = [s for s in pool_squares if rng.random() < 0.15]
    pawn_list = []
    for k in range(rng.randint(2, 16)):
        light, dark = FACES[k % 4]
        r = rng.random()
        at: PawnPlace
        if r < 0.15:
            at = rng.choice(("outside", "outside", "escaped", "eaten"))
        elif on_pool and r < 0.25:
            at = on_pool.pop()
        else:
            at = free.pop()
        pawn_list.append(
            Pawn(chr(65 + k), COLOURS[k % 4], light, dark, rng.choice(("light", "dark")), at)
        )
    monster = Monster(monster_at, rng.choice(HEADINGS))
    return Position(
        monster, stones, pools, tuple(teleporters), tuple(pawn_list), rng.choice((1, 2))
    )
