"""Studies and simulations at scale: the standard-library core of
:mod:`~finstere_widget.design.studies` and :mod:`~finstere_widget.design.simulation` with a
progress bar (tqdm), a process pool or a dask cluster.

>>> from finstere_widget.design import study, to_dataframe, plot_seats
>>> result = study(200, players=[3], bots=[["greedy"]],
...                options={"slide_over_pawn": ["eat", "stop"]}, jobs=2)  # doctest: +SKIP
>>> to_dataframe(result)  # doctest: +SKIP

* ``jobs=1`` plays in this process, ``jobs=N`` on a process pool, ``dask="local"`` on a
  dask ``LocalCluster`` started for the run, ``dask="HOST:PORT"`` on a running scheduler;
  the result (and :func:`to_json`) is identical whatever runs it.
* tables: :mod:`~finstere_widget.design.tables` (pandas); plots:
  :mod:`~finstere_widget.design.plots` (matplotlib).
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor
from contextlib import contextmanager, nullcontext
from typing import Any, TextIO, TypeVar

from ..engine.options import RuleOptions
from .simulation import SimulationResult, check_seed_and_jobs
from .simulation import simulate as _simulate
from .studies import (
    StudyResult,
    Variant,
    check_study_games,
    league_matches,
    league_table,
    parse_option_grid,
    run_study,
    variants,
    wilson,
)
from .studies import league as _league

T = TypeVar("T")

__all__ = [
    "StudyResult",
    "Variant",
    "dask_executor",
    "league",
    "league_table",
    "simulate",
    "study",
    "to_json",
    "wilson",
]


@contextmanager
def dask_executor(
    address: str, workers: int | None = None, timeout: str = "10s"
) -> Iterator[Executor]:
    """A ``concurrent.futures`` executor on dask distributed: ``"local"`` starts a
    ``LocalCluster`` of ``workers`` single-threaded worker processes (closed on exit),
    anything else is a scheduler address (``HOST:PORT`` or ``tcp://HOST:PORT``), reached
    within ``timeout`` or a ``ConnectionError`` naming it."""
    try:
        dd: Any = importlib.import_module("dask.distributed")  # untyped: kept as Any
    except ImportError:
        raise ImportError(
            "dask distributed is not installed: pip install 'finstere_widget[study]'"
        ) from None
    Client, LocalCluster = dd.Client, dd.LocalCluster
    if address == "local":
        cluster = LocalCluster(
            n_workers=workers or 2, threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = Client(cluster)
        try:
            yield client.get_executor()
        finally:
            client.close()
            cluster.close()
    else:
        url = address if "://" in address else f"tcp://{address}"
        try:
            client = Client(url, timeout=timeout)
        except OSError as exc:  # refused, unreachable, timed out
            raise ConnectionError(f"dask scheduler {address!r}: cannot connect ({exc})") from None
        try:
            yield client.get_executor()
        finally:
            client.close()


def _progress_bar(total: int, show: bool, stream: TextIO | None) -> Any:
    if not show:
        return nullcontext(None)
    try:
        from tqdm.auto import tqdm
    except ImportError:  # the sim extra is not installed: no bar
        return nullcontext(None)
    return tqdm(total=total, unit="game", desc="games", file=stream or sys.stderr)


def _run(
    total: int,
    body: Callable[[Executor | None, Callable[[int], None] | None], T],
    jobs: int | None,
    dask: str | None,
    executor: Executor | None,
    progress: bool,
    stream: TextIO | None,
) -> T:
    ctx = dask_executor(dask, jobs) if dask is not None else nullcontext(executor)
    with ctx as ex, _progress_bar(total, progress, stream) as bar:
        tick = None
        if bar is not None:

            def tick(done: int) -> None:
                bar.update(done - bar.n)

        return body(ex, tick)


def study(
    games: int,
    players: Sequence[int] = (2,),
    bots: Sequence[Sequence[str]] = (("greedy",),),
    options: Mapping[str, Sequence[str]] | Sequence[str] | None = None,
    seed: int = 0,
    *,
    base: RuleOptions | None = None,
    jobs: int | None = 1,
    executor: Executor | None = None,
    dask: str | None = None,
    progress: bool = False,
    rotate: bool = True,
    stream: TextIO | None = None,
) -> StudyResult:
    """Compare every combination of ``options`` values (``{"slide_over_pawn": ["eat",
    "stop"]}`` or ``["slide_over_pawn=eat,stop"]``), player counts and bot line-ups over
    ``games`` seeded games each. ``progress`` shows a tqdm bar (on ``stream``, default
    stderr)."""
    if isinstance(options, str):
        options = [options]
    grid = parse_option_grid(options) if isinstance(options, Sequence) else options
    arms = variants(players, bots, grid, base, rotate)
    check_study_games(games, len(arms))  # before a cluster is started or a game built
    check_seed_and_jobs(seed, jobs)
    jobs_ = jobs if dask is None and executor is None else None
    return _run(
        games * len(arms),
        lambda ex, tick: run_study(arms, games, seed, ex, tick, jobs=jobs_),
        jobs,
        dask,
        executor,
        progress,
        stream,
    )


def league(
    bots: Sequence[str],
    players: Sequence[int] = (2, 3, 4),
    games: int = 100,
    seed: int = 0,
    *,
    options: RuleOptions | None = None,
    jobs: int | None = 1,
    executor: Executor | None = None,
    dask: str | None = None,
    progress: bool = False,
    stream: TextIO | None = None,
) -> tuple[StudyResult, list[dict[str, Any]]]:
    """:func:`finstere_widget.design.studies.league` with the executors and progress bar
    of :func:`study`."""
    check_study_games(games, len(players) * len(league_matches(bots)))
    check_seed_and_jobs(seed, jobs)
    jobs_ = jobs if dask is None and executor is None else None
    return _run(
        games * len(players) * len(league_matches(bots)),
        lambda ex, tick: _league(bots, players, games, seed, options, ex, tick, jobs=jobs_),
        jobs,
        dask,
        executor,
        progress,
        stream,
    )


def to_json(
    result: StudyResult, games: bool = False, league_rows: Sequence[Mapping[str, Any]] | None = None
) -> str:
    """The study as JSON text, byte-identical for the same arguments whatever ran it."""
    data = result.to_dict(games=games)
    if league_rows is not None:
        data["league"] = list(league_rows)
    return json.dumps(data, sort_keys=True)


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
    """:func:`finstere_widget.design.simulation.simulate` with a tqdm progress bar
    (``progress=True``, when tqdm is installed), a callback, or nothing (``False``)."""
    if callable(progress) or not progress:
        tick = progress if callable(progress) else None
        return _simulate(
            games, players, bots, seed, options, executor, tick, jobs=jobs, rotate=rotate
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
