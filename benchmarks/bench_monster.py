"""A full 8-step monster turn with its trace (docs/rules.md M3-M13), side by side in one run with

* the straightforward implementation of benchmarks/reference.py (same events, as dicts);
* a tight loop doing only the turn's looks (the three rays from each square the monster
  looked from, on a table of what blocks sight): the floor any implementation pays;
* the trace's JSON form (``TurnResult.to_dict()``), against the turn's own time;
* the same turn without its trace (``monster_outcome``: the bots' and the danger map's
  turn), against the traced turn.

Over random positions (8-12 pawns, 11 stones, both pools); each position is fresh (no
cached tables), so unpacking the position is part of every measured time. Each figure is
the best of ``repeats`` runs, with the garbage collector paused (as ``timeit`` does); the
ratios are medians of the per-position ratios, so a loaded machine slows both sides alike.
Targets (issue 13): turn <= 0.25x the reference, <= 3x the looks; to_dict <= 1x the turn.

    python benchmarks/bench_monster.py [--positions 1000] [--json]
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import reference
from positions import random_positions

from finstere_widget.engine import Look, Position, TurnResult, monster_turn
from finstere_widget.engine.board import NUM_INDICES, RAYS, Heading
from finstere_widget.engine.monster import monster_outcome
from finstere_widget.engine.pieces import Pool

LOOK_DIRS = {h: (h, h.left, h.right) for h in Heading}


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


def looks_only(pos: Position, looks: list[tuple[int, Heading]]) -> int:
    """Only the looks: unpack what blocks sight, then walk three rays per look."""
    sight: list[object] = [None] * NUM_INDICES
    for s in pos.stones:
        if s.kind.blocks_sight:
            sight[s.at[1] * 16 + s.at[0]] = s.kind
    for p in pos.pawns:
        if isinstance(p.at, tuple):
            sight[p.at[1] * 16 + p.at[0]] = p.id
    seen = 0
    for m, h in looks:
        for d in LOOK_DIRS[h]:
            for j in RAYS[d][m]:
                if sight[j] is not None:
                    seen += 1
                    break
    return seen


def best_of(run: Callable[..., Any], calls: list[tuple[Any, ...]]) -> float:
    """The fastest of ``run(*args)`` over ``calls`` (one argument tuple per repeat)."""
    best = float("inf")
    for args in calls:
        t0 = time.perf_counter()
        run(*args)
        best = min(best, time.perf_counter() - t0)
    return best


def measure(n: int, repeats: int = 5, seed: int = 2003) -> dict[str, float]:
    positions = random_positions(n, seed)
    engine, ref, looks, to_dict, quiet = [], [], [], [], []
    gc.collect()
    gc.disable()
    try:
        for pos in positions:
            result = monster_turn(pos, 8)
            steps = [
                (e.at[1] * 16 + e.at[0], e.facing) for e in result.events if isinstance(e, Look)
            ]
            engine.append(best_of(monster_turn, [(fresh(pos), 8) for _ in range(repeats)]))
            ref.append(best_of(reference.monster_turn, [(pos, 8)] * repeats))
            looks.append(best_of(looks_only, [(pos, steps)] * repeats))
            to_dict.append(best_of(TurnResult.to_dict, [(result,)] * repeats))
            quiet.append(best_of(monster_outcome, [(fresh(pos), 8) for _ in range(repeats)]))
    finally:
        gc.enable()

    def ratio(a: list[float], b: list[float]) -> float:
        return statistics.median(x / y for x, y in zip(a, b, strict=True))

    return {
        "positions": n,
        "turn_us": statistics.median(engine) * 1e6,
        "reference_us": statistics.median(ref) * 1e6,
        "looks_us": statistics.median(looks) * 1e6,
        "to_dict_us": statistics.median(to_dict) * 1e6,
        "turn_vs_reference": ratio(engine, ref),
        "turn_vs_looks": ratio(engine, looks),
        "to_dict_vs_turn": ratio(to_dict, engine),
        "untraced_us": statistics.median(quiet) * 1e6,
        "untraced_vs_turn": ratio(quiet, engine),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    r = measure(args.positions)
    if args.json:
        print(json.dumps(r))
        return
    print(f"8-step monster turn with its trace, {r['positions']} random positions (medians):")
    print(
        f"  engine {r['turn_us']:.1f} us, reference {r['reference_us']:.1f} us: "
        f"x{r['turn_vs_reference']:.2f} (target <= 0.25)"
    )
    print(
        f"  looks only {r['looks_us']:.1f} us: the turn is x{r['turn_vs_looks']:.2f} (target <= 3)"
    )
    print(
        f"  trace to_dict {r['to_dict_us']:.1f} us: x{r['to_dict_vs_turn']:.2f} the turn "
        "(target <= 1)"
    )
    print(
        f"  without its trace (monster_outcome) {r['untraced_us']:.1f} us: "
        f"x{r['untraced_vs_turn']:.2f} the traced turn"
    )


if __name__ == "__main__":
    main()
