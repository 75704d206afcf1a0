"""Median time of a full 8-step monster turn with its trace (docs/rules.md M3-M12).

Over 1,000 random positions (8-12 pawns, 11 stones, both pools); each position is
fresh (no cached tables), so unpacking the position is part of the measured time.
Target (issue 2): median <= 35 us on the 2-core CI machine class.

    python benchmarks/bench_monster.py [--positions 1000] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from positions import random_positions  # noqa: E402

from finstere_widget.engine import Position, monster_turn  # noqa: E402


def fresh(pos: Position) -> Position:
    return Position(
        pos.monster, pos.stones, pos.pools, pos.teleporters, pos.pawns, pos.stage, _check=False
    )


def measure(n: int, repeats: int = 5) -> dict[str, float]:
    positions = random_positions(n)
    times = []
    for pos in positions:
        best = float("inf")
        for _ in range(repeats):
            p = fresh(pos)
            t0 = time.perf_counter()
            monster_turn(p, 8)
            best = min(best, time.perf_counter() - t0)
        times.append(best * 1e6)
    times.sort()
    return {
        "positions": n,
        "median_us": statistics.median(times),
        "p90_us": times[int(0.9 * len(times))],
        "max_us": times[-1],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = measure(args.positions)
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"monster turn, tile 8, {result['positions']} random positions: "
            f"median {result['median_us']:.1f} us, p90 {result['p90_us']:.1f} us, "
            f"max {result['max_us']:.1f} us (target median <= 35 us)"
        )


if __name__ == "__main__":
    main()
