"""Guards against speed regressions: the benchmarks of benchmarks/ on small samples, with
bounds about three times the targets (so a busy CI machine cannot flake them, while a
naive rewrite of a hot path would fail). The README's figures come from the full scripts."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[1] / "benchmarks"


def _load(name: str) -> ModuleType:
    sys.path.insert(0, str(BENCH))
    try:
        spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(BENCH))


def test_monster_turn_speed() -> None:
    result = _load("bench_monster").measure(200, repeats=3)
    assert result["median_us"] < 100, result  # target 35 us (README: 31.8 us)


def test_legal_moves_speed() -> None:
    result = _load("bench_moves").measure(60, repeats=3)
    assert result["median_ms"] < 1.5, result  # target 0.5 ms (README: 0.41 ms)


def test_simulated_games_speed() -> None:
    rate = _load("bench_games").rate(20, 4, ["random"], 1)
    assert rate > 15, rate  # target 50 games/s (README: 157)
