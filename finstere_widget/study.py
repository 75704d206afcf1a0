"""Design studies at scale: the engine's :mod:`~finstere_widget.engine.study` with a
progress bar (tqdm), a process pool or a dask cluster, pandas tables and matplotlib plots.

>>> from finstere_widget.study import study, to_dataframe, plot_seats
>>> result = study(200, players=[3], bots=[["greedy"]],
...                options={"slide_over_pawn": ["eat", "stop"]}, jobs=2)  # doctest: +SKIP
>>> to_dataframe(result)  # doctest: +SKIP

* ``jobs=1`` plays in this process, ``jobs=N`` on a process pool, ``dask="local"`` on a
  dask ``LocalCluster`` started for the run, ``dask="HOST:PORT"`` on a running scheduler;
  the result (and :func:`to_json`) is identical whatever runs it.
* :func:`to_dataframe` needs pandas (the ``study`` extra) and otherwise returns the rows as
  a list of dicts; the plots need matplotlib (the ``sim`` extra).
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor
from contextlib import contextmanager, nullcontext
from typing import Any, TextIO, TypeVar

from .engine.errors import StudyError
from .engine.options import RuleOptions
from .engine.simulation import check_seed_and_jobs
from .engine.study import (
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
from .engine.study import league as _league

T = TypeVar("T")

__all__ = [
    "StudyResult",
    "Variant",
    "dask_executor",
    "league",
    "league_table",
    "plot_league",
    "plot_metric",
    "plot_seats",
    "study",
    "to_dataframe",
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
    """:func:`finstere_widget.engine.study.league` with the executors and progress bar
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


def to_dataframe(rows: StudyResult | Sequence[Mapping[str, Any]], seats: bool = False) -> Any:
    """The variant rows (``seats=True``: the rows by seat; or any rows, e.g. a league's)
    as a pandas DataFrame, or as a list of dicts when pandas is not installed."""
    if isinstance(rows, StudyResult):
        data = [dict(r) for r in (rows.seats if seats else rows.rows)]
    else:
        data = [dict(r) for r in rows]
    try:
        pd: Any = importlib.import_module("pandas")
    except ImportError:
        return data
    return pd.DataFrame(data)


def _axes(ax: Any) -> Any:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=(6, 3.2), dpi=90)
    return ax


def plot_seats(result: StudyResult, ax: Any = None) -> Any:
    """Win rate of each seat, one group of bars per variant, with 95 % Wilson intervals
    and the equal share (1 / players) as a dashed line. Returns the matplotlib axes."""
    ax = _axes(ax)
    nv = len(result.variants)
    width = 0.8 / max(1, nv)
    for k, v in enumerate(result.variants):
        rows = [s for s in result.seats if s["variant"] == v.label]
        xs = [s["seat"] + (k - (nv - 1) / 2) * width for s in rows]
        ys = [s["win_rate"] for s in rows]
        err = [
            [s["win_rate"] - s["win_lo"] for s in rows],
            [s["win_hi"] - s["win_rate"] for s in rows],
        ]
        ax.bar(xs, ys, width=width, yerr=err, capsize=3, label=v.label)
    most = max(v.players for v in result.variants)
    for n in {v.players for v in result.variants}:
        ax.axhline(1 / n, color="grey", ls="--", lw=1)
    ax.set_xticks(range(most))
    ax.set_xticklabels([f"seat {s}" for s in range(most)])
    ax.set_ylabel("share of games won")
    ax.set_title(f"Wins by seat ({result.games} games per variant, 95 % CI)")
    ax.legend(fontsize="small")
    return ax


def plot_metric(result: StudyResult, metric: str = "rounds", ax: Any = None) -> Any:
    """One variant-level mean (``rounds``, ``escaped``, ``eaten``, ``monster_steps``) per
    variant with its 95 % interval."""
    if f"{metric}_mean" not in result.rows[0]:
        raise StudyError(
            "unknown metric {metric!r} (rounds, escaped, eaten, monster_steps)", metric=metric
        )
    ax = _axes(ax)
    labels = [r["variant"] for r in result.rows]
    ys = [r[f"{metric}_mean"] for r in result.rows]
    err = [
        [r[f"{metric}_mean"] - r[f"{metric}_lo"] for r in result.rows],
        [r[f"{metric}_hi"] - r[f"{metric}_mean"] for r in result.rows],
    ]
    ax.bar(range(len(ys)), ys, yerr=err, capsize=3, color="#3465a4")
    ax.set_xticks(range(len(ys)))
    ax.set_xticklabels(labels, fontsize="small")
    ax.set_ylabel(f"{metric} per game")
    ax.set_title(f"{metric} per game (mean, 95 % CI)")
    return ax


def plot_league(rows: Sequence[Mapping[str, Any]], ax: Any = None) -> Any:
    """The league: win rate per seat of each bot of each match at each player count,
    Wilson intervals, the fair share dashed."""
    ax = _axes(ax)
    counts = sorted({int(r["players"]) for r in rows})

    def label(r: Mapping[str, Any]) -> str:
        return f"{r['bot']} vs {r['opponent']}" if r.get("opponent") else str(r["bot"])

    bars = list(dict.fromkeys(label(r) for r in rows))
    width = 0.8 / max(1, len(bars))
    for k, bar in enumerate(bars):
        mine = [r for r in rows if label(r) == bar]
        xs = [counts.index(int(r["players"])) + (k - (len(bars) - 1) / 2) * width for r in mine]
        ax.bar(
            xs,
            [r["win_rate"] for r in mine],
            width=width,
            label=bar,
            capsize=3,
            yerr=[
                [r["win_rate"] - r["win_lo"] for r in mine],
                [r["win_hi"] - r["win_rate"] for r in mine],
            ],
        )
    for i, n in enumerate(counts):
        ax.hlines(1 / n, i - 0.45, i + 0.45, colors="grey", linestyles="--", lw=1)
    ax.set_xticks(range(len(counts)))
    ax.set_xticklabels([f"{n} players" for n in counts])
    ax.set_ylabel("win rate per seat")
    ax.set_title("League (95 % Wilson CI; dashes: fair share)")
    ax.legend(fontsize="small")
    return ax
