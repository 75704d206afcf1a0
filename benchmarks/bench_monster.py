"""A full 8-step monster turn with its trace (docs/rules.md M3-M13), side by side in one run with

* the straightforward implementation of benchmarks/reference.py (same events, as dicts);
* a tight loop doing only the turn's looks (the three rays from each square the monster
  looked from, on a table of what blocks sight): the floor any implementation pays;
* only the turn's typed records, each built again from its fields (every event, each
  ``Ray`` that saw a pawn, the pawns that moved, the monster, the final ``Position`` and
  the ``TurnResult``): what a turn recorded as these typed values pays on top of its looks;
* the trace's JSON form (``TurnResult.to_dict()``), against the turn's own time;
* the same turn without its trace (``monster_outcome``: the bots' and the danger map's
  turn), against the traced turn.

Over random positions (8-12 pawns, 11 stones, both pools); each position is fresh (no
cached tables), so unpacking the position is part of every measured time. Each figure is
the best of ``repeats`` runs, with the garbage collector paused (as ``timeit`` does); the
ratios are medians of the per-position ratios, so a loaded machine slows both sides alike.
Targets (issue 13): turn <= 0.25x the reference, <= 3x the looks; to_dict <= 1x the turn.
The looks and the records together cost about 0.22x the reference and 2.5x the looks: the
rest of the turn (unpacking the pieces, the step rules, picking each ray's record) has what
is left, about 3 us (docs/speed.md, "The monster's turn").

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

from finstere_widget.engine import Look, Position, Ray, TurnResult, monster_turn
from finstere_widget.engine.board import NUM_INDICES, RAYS, Heading
from finstere_widget.engine.monster import monster_outcome
from finstere_widget.engine.pieces import Monster, Pawn, Pool

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


#: a record a turn builds: its constructor and its fields
Record = tuple[Callable[..., object], tuple[Any, ...]]


def records_of(result: TurnResult, before: Position) -> list[Record]:
    """The typed records the turn from ``before`` built: every event, each ``Ray`` that saw
    a pawn (the other rays are the board's own records, built once), each pawn that moved,
    the monster, the position after the turn and the result itself."""
    plan: list[Record] = []
    for e in result.events:
        if isinstance(e, Look):
            plan += [(Ray, tuple(r)) for r in e.rays if r.seen is not None]
        plan.append((type(e), tuple(e)))
    p = result.position
    plan += [
        (Pawn, (b.id, b.player, b.light, b.dark, b.up, b.at))
        for a, b in zip(before.pawns, p.pawns, strict=True)
        if a is not b
    ]
    plan.append((Monster, (p.monster.at, p.monster.facing)))
    plan.append((Position, (p.monster, p.stones, p.pools, p.teleporters, p.pawns, p.stage)))
    plan.append((TurnResult, tuple(result)))
    return plan


def records_only(plan: list[Record]) -> None:
    """Only the turn's records, each built again from its fields (:func:`records_of`)."""
    for make, fields in plan:
        make(*fields)


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
    engine, ref, looks, records, to_dict, quiet = [], [], [], [], [], []
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
            records.append(best_of(records_only, [(records_of(result, pos),)] * repeats))
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
        "records_us": statistics.median(records) * 1e6,
        "to_dict_us": statistics.median(to_dict) * 1e6,
        "turn_vs_reference": ratio(engine, ref),
        "turn_vs_looks": ratio(engine, looks),
        "records_vs_reference": ratio(records, ref),
        "floor_vs_reference": ratio([a + b for a, b in zip(looks, records, strict=True)], ref),
        "turn_vs_records": ratio(engine, records),
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
        f"  its records only {r['records_us']:.1f} us: x{r['records_vs_reference']:.2f} the "
        f"reference; looks + records x{r['floor_vs_reference']:.2f} the reference; the turn is "
        f"x{r['turn_vs_records']:.2f} its records"
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
