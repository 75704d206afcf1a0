"""Batch simulation with a progress bar (tqdm, the ``sim`` extra) around the engine's
standard-library :func:`finstere_widget.engine.simulation.simulate`.

>>> from finstere_widget.simulate import simulate
>>> result = simulate(200, players=2, bots=["greedy", "random"], seed=1)  # doctest: +SKIP
>>> result.summary["wins_by_bot"]  # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Any

from .engine.options import RuleOptions
from .engine.simulation import GameResult, SimulationResult, game_seed, play_one, summarise
from .engine.simulation import simulate as _simulate

__all__ = ["GameResult", "SimulationResult", "game_seed", "play_one", "simulate", "summarise"]


def simulate(
    games: int,
    players: int = 2,
    bots: str | Sequence[str] = ("random",),
    seed: int = 0,
    options: RuleOptions | None = None,
    executor: Executor | None = None,
    progress: bool | Callable[[int], None] = True,
    *,
    jobs: int | None = None,
    rotate: bool = True,
    **tqdm_kwargs: Any,
) -> SimulationResult:
    """:func:`finstere_widget.engine.simulation.simulate` with a tqdm progress bar
    (``progress=True``, when tqdm is installed), a callback, or nothing (``False``)."""
    if callable(progress):
        return _simulate(
            games, players, bots, seed, options, executor, progress, jobs=jobs, rotate=rotate
        )
    if not progress:
        return _simulate(
            games, players, bots, seed, options, executor, None, jobs=jobs, rotate=rotate
        )
    try:
        from tqdm.auto import tqdm
    except ImportError:  # the sim extra is not installed: no bar
        return _simulate(
            games, players, bots, seed, options, executor, None, jobs=jobs, rotate=rotate
        )
    tqdm_kwargs.setdefault("desc", "games")
    with tqdm(total=games, unit="game", **tqdm_kwargs) as bar:

        def tick(done: int) -> None:
            bar.update(done - bar.n)

        return _simulate(
            games, players, bots, seed, options, executor, tick, jobs=jobs, rotate=rotate
        )
