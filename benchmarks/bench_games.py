"""Whole games per second: random bots, 4 players (issue 3), on one core and with two
worker processes (``simulate(..., jobs=2)``), plus greedy-vs-random 2-player games.
Target: >= 50 random 4-player games per second on one core.

    python benchmarks/bench_games.py [--games 200] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import time

from finstere_widget.engine.simulation import simulate


def rate(games: int, players: int, bots: list[str], jobs: int, seed: int = 1) -> float:
    t0 = time.perf_counter()
    simulate(games, players, bots, seed=seed, jobs=jobs)
    return games / (time.perf_counter() - t0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    n = args.games
    rate(10, 4, ["random"], 1)  # warm-up (imports, caches)
    one = rate(n, 4, ["random"], 1)
    two = rate(n, 4, ["random"], 2)
    greedy = rate(max(20, n // 4), 2, ["greedy", "random"], 1)
    result = {
        "games": n,
        "cpus": os.cpu_count(),
        "random_4p_games_per_s_1_core": round(one, 1),
        "random_4p_games_per_s_2_processes": round(two, 1),
        "speedup_2_processes": round(two / one, 2),
        "greedy_vs_random_2p_games_per_s_1_core": round(greedy, 1),
    }
    if args.json:
        print(json.dumps(result))
        return
    print(f"random bots, 4 players, {n} games: {one:.1f} games/s on one core (target >= 50)")
    print(f"  with two processes: {two:.1f} games/s, speed-up x{two / one:.2f} "
          f"({os.cpu_count()} CPUs; includes starting the pool)")
    print(f"greedy vs random, 2 players: {greedy:.1f} games/s on one core")


if __name__ == "__main__":
    main()
