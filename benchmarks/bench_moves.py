"""Legal outcomes of a 6-point pawn on a crowded board (docs/rules.md P2-P9, issue 3).

Each position: the basic stones and pools plus 4 more stones, 15 other pawns and the
monster at random (seeded), and a 6/1 pawn showing 6 on a random free square. Every
position is fresh (no cached tables), so unpacking it is part of the time. Reported:
``legal_moves`` (the search: every distinct outcome with a shortest path) and, second,
the search plus building every outcome's position (what ``moves --json`` prints).
Each figure is the best of 5 runs, with the garbage collector paused (as ``timeit``
does). Target: median <= 0.5 ms, worst <= 5 ms for the search.

    python benchmarks/bench_moves.py [--positions 500] [--json]
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import time

from finstere_widget.engine import SQUARES, Heading, Monster, Pawn, Position, Stone
from finstere_widget.engine.moves import legal_moves
from finstere_widget.engine.position import BASIC_POOLS, BASIC_STONES, make_pool

COLOURS = ("blue", "yellow", "red", "green")
FACES = ((6, 1), (4, 3), (3, 4), (2, 5))


def crowded_position(rng: random.Random) -> Position:
    pools = tuple(make_pool(p) for p in BASIC_POOLS)
    taken = {s for p in pools for s in p.squares} | set(BASIC_STONES)
    free = [s for s in SQUARES if s not in taken]
    picks = rng.sample(free, 4 + 15 + 2)
    stones = tuple(Stone(s) for s in BASIC_STONES) + tuple(Stone(s) for s in picks[:4])
    pawns = [Pawn("me", "blue", 6, 1, "light", picks[4])]
    for k, sq in enumerate(picks[5:20]):
        light, dark = FACES[k % 4]
        pawns.append(Pawn(f"p{k}", COLOURS[k % 4], light, dark, rng.choice(("light", "dark")), sq))
    monster = Monster(picks[20], rng.choice(list(Heading)))
    return Position(monster, stones, pools, (), tuple(pawns))


def fresh(pos: Position) -> Position:
    return Position(pos.monster, pos.stones, pos.pools, pos.teleporters, pos.pawns, pos.stage,
                    _check=False)


def measure(n: int, repeats: int = 5, seed: int = 6) -> dict[str, float]:
    rng = random.Random(seed)
    positions = [crowded_position(rng) for _ in range(n)]
    search, full, counts = [], [], []
    gc.collect()
    gc.disable()  # as timeit does: a collection pause is not the search's time
    for pos in positions:
        best = best_full = float("inf")
        for _ in range(repeats):
            p = fresh(pos)
            t0 = time.perf_counter()
            outs = legal_moves(p, "me")
            t1 = time.perf_counter()
            for o in outs:
                o.position  # noqa: B018 - build it
            t2 = time.perf_counter()
            best = min(best, t1 - t0)
            best_full = min(best_full, t2 - t0)
        search.append(best * 1e3)
        full.append(best_full * 1e3)
        counts.append(len(outs))
    gc.enable()
    search.sort()
    full.sort()
    return {
        "positions": n,
        "outcomes_mean": statistics.mean(counts),
        "outcomes_max": max(counts),
        "median_ms": statistics.median(search),
        "p90_ms": search[int(0.9 * n)],
        "max_ms": search[-1],
        "with_positions_median_ms": statistics.median(full),
        "with_positions_max_ms": full[-1],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=500)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    r = measure(args.positions)
    if args.json:
        print(json.dumps(r))
        return
    print(f"legal_moves, 6-point pawn, crowded board ({r['positions']} positions, "
          f"{r['outcomes_mean']:.0f} outcomes on average, at most {r['outcomes_max']}):")
    print(f"  search: median {r['median_ms']:.3f} ms, p90 {r['p90_ms']:.3f} ms, "
          f"worst {r['max_ms']:.3f} ms (target median <= 0.5 ms, worst <= 5 ms)")
    print(f"  search + every outcome's position: median {r['with_positions_median_ms']:.3f} ms, "
          f"worst {r['with_positions_max_ms']:.3f} ms")


if __name__ == "__main__":
    main()
