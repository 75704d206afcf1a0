"""Start-up (#29): how long the first things a user runs take, against a bare interpreter
(``python -c pass``) started the same way in the same run, as ratios (lower is faster).

* ``import finstere_widget`` — goal <= x5;
* ``finstere-widget --version`` (the console script beside this interpreter, else
  ``python -m finstere_widget``) — goal <= x3;
* ``import finstere_widget.widget`` — goal <= x10;
* for information: ``python -m finstere_widget --version``, ``from finstere_widget.engine
  import Position``, a first monster turn, and a first cell's ``from finstere_widget.widget
  import MonsterStepper`` (which imports anywidget and ipywidgets).

Each command runs in a fresh interpreter, the commands in turn, ``--rounds`` times; the
figure is each command's median wall time over the baseline's (the minimum is printed too).
The code measured is this checkout's (``PYTHONPATH`` is set to it).

    python benchmarks/bench_startup.py [--rounds 15] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: name -> (what to run after the interpreter, goal as a ratio or None)
CASES: dict[str, tuple[list[str], float | None]] = {
    "python -c pass": (["-c", "pass"], None),
    "import finstere_widget": (["-c", "import finstere_widget"], 5.0),
    "finstere-widget --version": (["--version"], 3.0),  # the console script (see command())
    "import finstere_widget.widget": (["-c", "import finstere_widget.widget"], 10.0),
    "python -m finstere_widget --version": (["-m", "finstere_widget", "--version"], None),
    "from finstere_widget.engine import Position": (
        ["-c", "from finstere_widget.engine import Position"],
        None,
    ),
    "a first monster turn": (
        [
            "-c",
            "from finstere_widget.examples import load\n"
            "from finstere_widget import monster_turn\n"
            "monster_turn(load('monster_basic_8'), '8')",
        ],
        None,
    ),
    "from finstere_widget.widget import MonsterStepper": (
        ["-c", "from finstere_widget.widget import MonsterStepper"],
        None,
    ),
}


def command(name: str) -> list[str]:
    args = CASES[name][0]
    if name == "finstere-widget --version":
        script = Path(sys.executable).with_name("finstere-widget")
        if script.exists():
            return [str(script), *args]
        return [sys.executable, "-m", "finstere_widget", *args]
    return [sys.executable, *args]


def run_once(cmd: list[str], env: dict[str, str]) -> float:
    t0 = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
    return time.perf_counter() - t0


def measure(rounds: int) -> dict[str, dict[str, float | None]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PYTHONSTARTUP", None)
    times: dict[str, list[float]] = {name: [] for name in CASES}
    for name in CASES:  # warm the file cache (and the .pyc files) once
        run_once(command(name), env)
    for _ in range(rounds):
        for name in CASES:
            times[name].append(run_once(command(name), env))
    base = statistics.median(times["python -c pass"])
    base_min = min(times["python -c pass"])
    out: dict[str, dict[str, float | None]] = {}
    for name, (_, goal) in CASES.items():
        med = statistics.median(times[name])
        out[name] = {
            "median_ms": round(med * 1000, 1),
            "ratio": round(med / base, 2),
            "ratio_of_minimums": round(min(times[name]) / base_min, 2),
            "goal": goal,
        }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = measure(args.rounds)
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(f"{'start':<52} {'median':>9} {'ratio':>7} {'(min)':>7}  goal")
    for name, r in results.items():
        goal, ratio = r["goal"], r["ratio"]
        verdict = ""
        if goal is not None and ratio is not None:
            verdict = f"<= x{goal:g} " + ("met" if ratio <= goal else "NOT met")
        print(
            f"{name:<52} {r['median_ms']:>7} ms {'x' + str(r['ratio']):>7} "
            f"{'x' + str(r['ratio_of_minimums']):>7}  {verdict}"
        )


if __name__ == "__main__":
    main()
