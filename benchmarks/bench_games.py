"""Whole games per second: random bots, 4 players (issue 3), on one core and with two
worker processes (``simulate(..., jobs=2)``), plus greedy-vs-random 2-player games.
Side by side in the same run: the median time of the reference's 8-step monster turn
(benchmarks/reference.py), so a game's cost reads as a number of reference turns -- a
figure that a loaded machine changes much less than games per second. The one-core
figures are this thread's CPU time (``time.thread_time``), for the games and the
reference alike: on a machine shared with other jobs the wall clock also counts the
time the games waited for a core (on a quiet machine the two agree). The two-process
figure is wall time, against the one-core games' wall time.
Target (issue 13): >= 150 random 4-player games per second on one core.

    python benchmarks/bench_games.py [--games 200] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import reference
from positions import random_positions

from finstere_widget.design.simulation import simulate


def timed(
    games: int, players: int, bots: list[str], jobs: int, seed: int = 1
) -> tuple[float, float]:
    """Seconds to play ``simulate(games, ...)``: (wall clock, this thread's CPU time)."""
    w0, c0 = time.perf_counter(), time.thread_time()
    simulate(games, players, bots, seed=seed, jobs=jobs)
    return time.perf_counter() - w0, time.thread_time() - c0


def rate(games: int, players: int, bots: list[str], jobs: int, seed: int = 1) -> float:
    """Games per second of wall clock."""
    return games / timed(games, players, bots, jobs, seed)[0]


def reference_turn_s(
    n: int = 100, repeats: int = 3, clock: Callable[[], float] = time.thread_time
) -> float:
    """Median time (by ``clock``: CPU time unless told) of the reference's 8-step monster
    turn over ``n`` random positions, each the best of ``repeats``."""
    times = []
    for pos in random_positions(n, seed=7):
        best = float("inf")
        for _ in range(repeats):
            t0 = clock()
            reference.monster_turn(pos, 8)
            best = min(best, clock() - t0)
        times.append(best)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    n = args.games
    rate(10, 4, ["random"], 1)  # warm-up (imports, caches)
    ref_before = reference_turn_s()
    wall, cpu = timed(n, 4, ["random"], 1)
    ref = (ref_before + reference_turn_s()) / 2
    one = n / cpu
    one_wall = n / wall
    two = rate(n, 4, ["random"], 2)
    greedy_games = max(20, n // 4)
    greedy = greedy_games / timed(greedy_games, 2, ["greedy", "random"], 1)[1]
    result = {
        "games": n,
        "cpus": os.cpu_count(),
        "random_4p_games_per_s_1_core": round(one, 1),
        "random_4p_games_per_s_1_core_wall": round(one_wall, 1),
        "reference_turn_us": round(ref * 1e6, 1),
        "game_in_reference_turns": round(1 / (one * ref), 1),
        "random_4p_games_per_s_2_processes": round(two, 1),
        "speedup_2_processes": round(two / one_wall, 2),
        "greedy_vs_random_2p_games_per_s_1_core": round(greedy, 1),
    }
    if args.json:
        print(json.dumps(result))
        return
    print(
        f"random bots, 4 players, {n} games: {one:.1f} games per CPU second on one core "
        f"(target >= 150; {one_wall:.1f} by the wall clock)"
    )
    print(
        f"  one game costs {1 / (one * ref):.1f} reference monster turns "
        f"({ref * 1e6:.1f} us of CPU each in this run)"
    )
    print(
        f"  with two processes: {two:.1f} games/s, speed-up x{two / one_wall:.2f} "
        f"({os.cpu_count()} CPUs; includes starting the pool)"
    )
    print(f"greedy vs random, 2 players: {greedy:.1f} games per CPU second on one core")


if __name__ == "__main__":
    main()
