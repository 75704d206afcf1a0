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
import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any, TextIO, TypeVar

from ..engine.errors import SetupError, StudyError, shown
from ..engine.files import write_file
from ..engine.options import RuleOptions
from .simulation import SimulationResult, check_seed_and_jobs
from .simulation import simulate as _simulate
from .studies import (
    StudyResult,
    Variant,
    check_resumable,
    check_study_games,
    league_matches,
    league_table,
    parse_option_grid,
    run_study,
    study_from_dict,
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
    "load",
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
    ``LocalCluster`` of ``workers`` single-threaded worker processes (default: one per
    core), listening on 127.0.0.1 only (closed on exit),
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
            n_workers=workers or os.cpu_count() or 2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",  # the scheduler and the workers listen on this machine only
            dashboard_address=None,
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


def interactive() -> bool:
    """A person is watching: stderr is a terminal, or this runs in a notebook's kernel."""
    if bool(getattr(sys.stderr, "isatty", lambda: False)()):
        return True
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    return shell is not None and type(shell).__name__ == "ZMQInteractiveShell"


def _check_progress(progress: object) -> None:
    if progress is not None and not isinstance(progress, bool) and not callable(progress):
        raise SetupError(
            "progress: expected True, False or a function of the games done, got {progress}",
            progress=shown(progress),
        )


def _check_executor(executor: object) -> None:
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise SetupError(
            "executor: expected a concurrent.futures.Executor, got {executor}",
            executor=shown(executor),
        )


def _progress_bar(total: int, show: bool | None, stream: TextIO | None) -> Any:
    if show is None:
        show = interactive()
    if not show:
        return nullcontext(None)
    try:
        from tqdm.auto import tqdm
    except ImportError:  # the sim extra is not installed: no bar
        return nullcontext(None)
    return tqdm(total=total, unit="game", desc="games", file=stream or sys.stderr)  # with its ETA


def _run(
    total: int,
    body: Callable[[Executor | None, Callable[[int], None] | None], T],
    jobs: int | None,
    dask: str | None,
    executor: Executor | None,
    progress: bool | None,
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
    seed: int | None = None,
    *,
    base: RuleOptions | None = None,
    jobs: int | None = 1,
    executor: Executor | None = None,
    dask: str | None = None,
    progress: bool | None = None,
    rotate: bool = True,
    stream: TextIO | None = None,
    out: str | os.PathLike[str] | None = None,
    resume: StudyResult | str | os.PathLike[str] | None = None,
    estimate: Callable[[int, float, int], None] | None = None,
) -> StudyResult:
    """Compare every combination of ``options`` values (``{"slide_over_pawn": ["eat",
    "stop"]}`` or ``["slide_over_pawn=eat,stop"]``), player counts and bot line-ups over
    ``games`` seeded games each (``seed``: default 0); each variant is compared with the
    first (paired by seed: ``result.comparisons``).

    ``progress``: a tqdm bar with its ETA (on ``stream``, default stderr); by default when
    a person is watching (a terminal, a notebook). ``out``: a file the study is saved to as
    the run goes (every few seconds and at the end, each time written whole to a temporary
    file and moved into place), with every game, so that :func:`load` reads it back and
    ``resume`` extends it. ``resume`` (a saved study or its file): play only the games it
    lacks -- the result equals one run of ``games`` games but for ``timing``; its
    variants and seed are the study's (``options``, ``players``, ``bots`` and ``seed``
    are then taken from it unless given, and must agree when given). ``estimate(games,
    seconds, total)`` gets the time the first games took and the games the run plays. Ctrl-C stops the run cleanly: the
    result (and ``out``) holds the games of every variant played so far
    (``timing["interrupted"]``)."""
    _check_progress(progress)
    _check_executor(executor)
    previous = load(resume) if isinstance(resume, (str, os.PathLike)) else resume
    if previous is not None and not isinstance(previous, StudyResult):
        raise StudyError("resume: expected a study or its file, got {resume}", resume=shown(resume))
    if previous is not None and options is None and players == (2,) and bots == (("greedy",),):
        arms = list(previous.variants)
    else:
        if isinstance(options, str):
            options = [options]
        grid = parse_option_grid(options) if isinstance(options, Sequence) else options
        arms = variants(players, bots, grid, base, rotate)
    if seed is None:
        seed = previous.seed if previous is not None else 0
    check_study_games(games, len(arms))  # before a cluster is started or a game built
    check_seed_and_jobs(seed, jobs)
    if previous is not None:
        check_resumable(previous, arms, seed, games)
    if out is not None:
        check_out(out, previous)
    jobs_ = jobs if dask is None and executor is None else None
    save = None if out is None else (lambda r: save_study(r, out))
    done = previous.games if previous is not None else 0
    return _run(
        (games - done) * len(arms),
        lambda ex, tick: run_study(
            arms,
            games,
            seed,
            ex,
            tick,
            jobs=jobs_,
            previous=previous,
            on_save=save,
            on_first=estimate,
        ),
        jobs,
        dask,
        executor,
        progress,
        stream,
    )


def check_out(path: str | os.PathLike[str], previous: StudyResult | None = None) -> None:
    """``out`` must not overwrite a study file with another study's games: a file that
    exists is either the one resumed or refused (naming it); so is a folder."""
    target = Path(path)
    if target.is_dir():
        raise StudyError("out {path}: is a folder", path=shown(str(path)))
    if target.exists() and previous is None:
        raise StudyError(
            "out {path}: the file exists; --resume it, or choose another name",
            path=shown(str(path)),
        )


def save_study(result: StudyResult, path: str | os.PathLike[str]) -> None:
    """Write ``result`` with its games to ``path`` (docs/format.md) whole or not at all
    (:func:`~finstere_widget.engine.files.write_file`): an interrupted write never leaves a
    half file, and an existing one stays as it was until the new one is complete."""
    write_file(path, to_json(result, games=True))


#: the largest study file :func:`load` reads
MAX_STUDY_FILE = 2_000_000_000


def load(path: str | os.PathLike[str]) -> StudyResult:
    """A study saved with ``out=`` (``--out FILE``) read back: the result for tables,
    plots, comparisons, or a ``resume``. A file that is not a study is a
    :class:`StudyError` naming it."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_STUDY_FILE + 1)
    except OSError as exc:
        raise StudyError(
            "cannot read study file {path}: {reason}", path=shown(str(path)), reason=exc.strerror
        ) from None
    if len(data) > MAX_STUDY_FILE:
        raise StudyError("study file {path}: too large", path=shown(str(path)))
    try:
        parsed = json.loads(data)
    except (ValueError, UnicodeDecodeError):
        raise StudyError("{path} is not a study file (not JSON)", path=shown(str(path))) from None
    try:
        return study_from_dict(parsed)
    except StudyError as exc:
        raise StudyError(
            "{path}: {reason}", path=shown(str(path)), reason=exc.args[0] if exc.args else ""
        ) from None


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
    progress: bool | None = None,
    stream: TextIO | None = None,
) -> tuple[StudyResult, list[dict[str, Any]]]:
    """:func:`finstere_widget.design.studies.league` with the executors and progress bar
    of :func:`study`."""
    _check_progress(progress)
    _check_executor(executor)
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
    result: StudyResult,
    games: bool = False,
    league_rows: Sequence[Mapping[str, Any]] | None = None,
    timing: bool = True,
) -> str:
    """The study as JSON text, byte-identical for the same arguments whatever ran it but
    for its ``"timing"`` (left out with ``timing=False``)."""
    data = result.to_dict(games=games)
    if not timing:
        data.pop("timing", None)
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
    _check_progress(progress)
    _check_executor(executor)
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
