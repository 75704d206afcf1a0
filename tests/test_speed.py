"""Guards against speed regressions, as ratios to a baseline measured in the same process
(never an absolute time: a loaded machine slows the engine and its baseline alike).

The baselines are the straightforward implementation of benchmarks/reference.py (checked
to play the same rules by tests/test_reference.py) and a loop doing only the monster's
looks. Each figure is a best-of-N per position and the ratio a median over positions, on
small samples of benchmarks/; the bounds are about twice the figures the README reports,
so a busy machine cannot flake them while a naive rewrite of a hot path (ratio ~1 to the
reference) fails them. The README's figures come from the full scripts."""

from __future__ import annotations

import statistics

from tests.test_reference import load_bench


def test_monster_turn_is_fast_against_the_reference_and_the_looks() -> None:
    r = load_bench("bench_monster").measure(80, repeats=3)
    assert r["turn_vs_reference"] < 0.75, r  # target 0.25 (about 0.41 today, README)
    assert r["turn_vs_looks"] < 10, r  # target 3 (about 4.8 today)
    assert r["turn_vs_records"] < 6.5, r  # the turn against building its records (about 3.15)
    assert r["to_dict_vs_turn"] < 1.8, r  # target 1 (about 0.95 today)
    assert r["untraced_vs_turn"] < 0.9, r  # the bots' turn records no look (about 0.71)


def test_legal_moves_search_is_fast_against_the_reference() -> None:
    r = load_bench("bench_moves").measure(30, repeats=3)
    assert r["search_vs_reference"] < 0.45, r  # target 0.15 (about 0.21 today, README)


def test_a_random_game_costs_few_reference_monster_turns() -> None:
    """Game and baseline interleaved (one game, then the reference's turns), the ratio a
    median over rounds, so a burst of load elsewhere hits one round, not the figure. Both
    sides are this thread's CPU time: the wall clock would also count the time a game
    waited for a core on a shared machine (the baseline's best-of-N never does)."""
    bench = load_bench("bench_games")
    ratios = []
    for s in range(1, 6):
        game = bench.timed(1, 4, ["random"], 1, seed=s)[1]
        ratios.append(game / bench.reference_turn_s(15, repeats=2))
    assert statistics.median(ratios) < 160, ratios  # about 79 reference turns (README)
