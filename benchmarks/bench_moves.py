"""Legal outcomes of a 6-point pawn on a crowded board (docs/rules.md P2-P9, issue 3).

Each position: the basic stones and pools plus 4 more stones, 15 other pawns and the
monster at random (seeded), and a 6/1 pawn showing 6 on a random free square. Every
position is fresh (no cached tables), so unpacking it is part of the time. Reported:
``legal_moves`` (the search: every distinct outcome with a shortest path), the search
plus building every outcome's position (what ``moves --json`` prints), and, side by side,
the straightforward search of benchmarks/reference.py (outcomes with their stones).
Each figure is the best of 5 runs, with the garbage collector paused (as ``timeit``
does) and every result kept alive until the position is done (freeing the previous
run's outcomes is nobody's time). Ratios are medians of per-position ratios.
Target (issue 13): the search <= 0.15x the reference.

    python benchmarks/bench_moves.py [--positions 500] [--json]
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import reference

from finstere_widget.engine import SQUARES, Heading, Monster, Pawn, Pool, Position, Stone
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
    """An equal position without anything cached on it (nor on its pools)."""
    return Position(
        pos.monster,
        pos.stones,
        tuple(Pool(p.squares) for p in pos.pools),
        pos.teleporters,
        pos.pawns,
        pos.stage,
    )


def measure(n: int, repeats: int = 5, seed: int = 6) -> dict[str, float]:
    rng = random.Random(seed)
    positions = [crowded_position(rng) for _ in range(n)]
    search, full, ref, counts = [], [], [], []
    kept: list[object] = []  # results live on until the timing is over: freeing them is
    gc.collect()  # not the next repeat's time
    gc.disable()  # as timeit does: a collection pause is not the search's time
    try:
        for pos in positions:
            best = best_full = best_ref = float("inf")
            for _ in range(repeats):
                p = fresh(pos)
                t0 = time.perf_counter()
                outs = legal_moves(p, "me")
                t1 = time.perf_counter()
                for o in outs:
                    o.position  # noqa: B018 - build it
                t2 = time.perf_counter()
                r = reference.legal_outcomes(pos, "me")
                t3 = time.perf_counter()
                kept += (outs, r)
                best = min(best, t1 - t0)
                best_full = min(best_full, t2 - t0)
                best_ref = min(best_ref, t3 - t2)
            search.append(best)
            full.append(best_full)
            ref.append(best_ref)
            counts.append(len(outs))
            kept.clear()
    finally:
        gc.enable()

    def ratio(a: list[float], b: list[float]) -> float:
        return statistics.median(x / y for x, y in zip(a, b, strict=True))

    ms = sorted(t * 1e3 for t in search)
    return {
        "positions": n,
        "outcomes_mean": statistics.mean(counts),
        "outcomes_max": max(counts),
        "median_ms": ms[n // 2],
        "max_ms": ms[-1],
        "with_positions_median_ms": statistics.median(full) * 1e3,
        "reference_median_ms": statistics.median(ref) * 1e3,
        "search_vs_reference": ratio(search, ref),
        "with_positions_vs_reference": ratio(full, ref),
        "positions_vs_search": ratio([f - s for f, s in zip(full, search, strict=True)], search),
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
    print(
        f"legal_moves, 6-point pawn, crowded board ({r['positions']} positions, "
        f"{r['outcomes_mean']:.0f} outcomes on average, at most {r['outcomes_max']}):"
    )
    print(
        f"  engine search: median {r['median_ms']:.3f} ms, worst {r['max_ms']:.3f} ms; "
        f"reference median {r['reference_median_ms']:.3f} ms: "
        f"x{r['search_vs_reference']:.2f} (target <= 0.15)"
    )
    print(
        f"  search + every outcome's position: median {r['with_positions_median_ms']:.3f} ms, "
        f"x{r['with_positions_vs_reference']:.2f} the reference; building the positions "
        f"costs x{r['positions_vs_search']:.2f} the search"
    )


if __name__ == "__main__":
    main()
