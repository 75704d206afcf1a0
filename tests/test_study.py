"""Design studies (issue 15): confidence intervals, variants, the study API (serial,
process pool, dask), its table and plots, and the ``study`` command line."""

from __future__ import annotations

import functools
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Protocol

import pytest

from finstere_widget.cli import main
from finstere_widget.design import (
    dask_executor,
    plot_league,
    plot_metric,
    plot_seats,
    study,
    to_dataframe,
    to_json,
)
from finstere_widget.design.simulation import simulate
from finstere_widget.design.studies import (
    Variant,
    mean_ci,
    parse_option_grid,
    run_study,
    variants,
    wilson,
)
from finstere_widget.engine.errors import OptionError, StudyError
from finstere_widget.engine.options import RuleOptions


class Run:
    def __init__(self, code: int, out: str, err: str) -> None:
        self.returncode, self.stdout, self.stderr = code, out, err


class RunCli(Protocol):
    """The ``run_cli`` fixture: runs the command line with these arguments."""

    def __call__(self, *args: str) -> Run: ...


@pytest.fixture
def run_cli(capsys: pytest.CaptureFixture[str]) -> RunCli:
    """The command line in this process (``main(argv)``): status, stdout, stderr."""

    def run(*args: str) -> Run:
        capsys.readouterr()
        code = main(list(args))
        out, err = capsys.readouterr()
        return Run(code, out, err)

    return run


def test_console_script_runs_study() -> None:
    p = subprocess.run(
        [
            sys.executable,
            "-m",
            "finstere_widget",
            "study",
            "--games",
            "1",
            "--bots",
            "random",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["rows"][0]["games"] == 1


def test_wilson_matches_published_values() -> None:
    # Newcombe (1998), table I: 81/263 -> 0.2553-0.3662; 0/10 -> 0-0.2775; 5/10
    lo, hi = wilson(81, 263)
    assert (round(lo, 4), round(hi, 4)) == (0.2553, 0.3662)
    assert tuple(round(x, 4) for x in wilson(0, 10)) == (0.0, 0.2775)
    assert tuple(round(x, 4) for x in wilson(5, 10)) == (0.2366, 0.7634)
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(StudyError, match="successes"):
        wilson(3, 2)


def test_mean_ci() -> None:
    m, lo, hi = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert m == 2.5 and hi - m == pytest.approx(m - lo)
    assert hi - m == pytest.approx(1.959964 * (1.6666667 / 4) ** 0.5, rel=1e-5)
    assert mean_ci([]) == (0.0, 0.0, 0.0) and mean_ci([7.0]) == (7.0, 7.0, 7.0)


def test_option_grid_and_variants() -> None:
    grid = parse_option_grid(["slide_over_pawn=eat,stop", "finish_round=on"])
    assert grid == {"slide_over_pawn": ["eat", "stop"], "finish_round": ["on"]}
    vs = variants([2, 3], [["greedy"]], grid)
    assert [v.label for v in vs] == [
        "2 players slide_over_pawn=eat finish_round=on",
        "2 players slide_over_pawn=stop finish_round=on",
        "3 players slide_over_pawn=eat finish_round=on",
        "3 players slide_over_pawn=stop finish_round=on",
    ]
    assert vs[1].options == RuleOptions().set("slide_over_pawn", "stop").set("finish_round", "on")
    for bad, word in (
        ("slide_over_pawn", "NAME=VALUE"),
        ("nonsense=1", "nonsense"),
        ("slide_over_pawn=fly", "fly"),
    ):
        with pytest.raises(OptionError, match=word):
            parse_option_grid([bad])
    with pytest.raises(OptionError, match="twice"):
        parse_option_grid(["finish_round=on", "finish_round=off"])
    with pytest.raises(StudyError, match="at least one bot"):
        variants([2], [[]])
    with pytest.raises(StudyError, match="twice"):
        variants([2, 2], [["random"]])
    with pytest.raises(ValueError, match="P1"):
        variants([9], [["random"]])
    with pytest.raises(ValueError, match="clever"):
        variants([2], [["clever"]])


def test_a_variant_plays_the_same_games_as_simulate() -> None:
    with pytest.raises(StudyError, match="games"):
        run_study([Variant("v", 3, ("random",), RuleOptions())], -1)
    with pytest.raises(StudyError, match="at least one variant"):
        run_study([], 1)
    res = run_study([Variant("v", 3, ("random",), RuleOptions())], 6, seed=3)
    assert res.results[0] == simulate(6, 3, ["random"], 3, jobs=1).games
    row = res.rows[0]
    games = res.results[0]
    assert row["games"] == 6 and row["draws"] == sum(g.winner is None for g in games)
    assert row["rounds_mean"] == round(sum(g.rounds for g in games) / 6, 4)
    assert row["rounds_lo"] <= row["rounds_mean"] <= row["rounds_hi"]


def test_variants_share_their_tile_piles() -> None:
    """Common random numbers: game i of every variant starts from the same shuffle."""
    res = run_study(variants([2], [["random"]], {"slide_over_pawn": ["eat", "stop"]}), 3, seed=9)
    assert [g.seed for g in res.results[0]] == [g.seed for g in res.results[1]]


def test_study_json_is_identical_serial_pool_and_dask() -> None:
    """The same study serially, on a process pool and on a dask LocalCluster."""
    run = functools.partial(
        study, games=2, players=[2], bots=[["random"]], options=["slide_over_pawn=eat,stop"], seed=5
    )
    serial = to_json(run(jobs=1), games=True, timing=False)
    pool = to_json(run(jobs=2), games=True, timing=False)
    assert serial == pool
    pytest.importorskip("distributed", reason="the study extra (dask distributed) is required")
    with_dask = to_json(run(jobs=2, dask="local"), games=True, timing=False)
    assert with_dask == serial
    data = json.loads(serial)
    assert data["format"] == "finstere-study/1" and len(data["games"]) == 2


def test_study_on_a_running_dask_scheduler_by_address() -> None:
    """``dask="HOST:PORT"``: a scheduler started beforehand (here in this process)."""
    dd = pytest.importorskip("dask.distributed", reason="the study extra (dask distributed)")
    run = functools.partial(study, games=2, players=[2], bots=[["random"]], seed=6)
    with dd.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        address = cluster.scheduler_address.removeprefix("tcp://")
        remote = to_json(run(dask=address), timing=False)
    assert remote == to_json(run(), timing=False)


def test_unreachable_scheduler_is_a_connection_error_naming_it() -> None:
    pytest.importorskip("distributed", reason="the study extra (dask distributed)")
    with pytest.raises(ConnectionError, match="127.0.0.1:9"):
        with dask_executor("127.0.0.1:9", timeout="1s"):
            pass  # pragma: no cover - never reached


def test_progress_bar_counts_every_game() -> None:
    pytest.importorskip("tqdm")
    stream = io.StringIO()
    study(3, [2], [["random"]], seed=2, progress=True, stream=stream)
    assert "3/3" in stream.getvalue() and "games" in stream.getvalue()


def test_table_dataframe_and_plots() -> None:
    pd = pytest.importorskip("pandas")
    import matplotlib

    matplotlib.use("Agg")
    res = study(3, [2, 3], [["random"]], seed=1)
    df = to_dataframe(res)
    assert isinstance(df, pd.DataFrame) and list(df["players"]) == [2, 3]
    seats = to_dataframe(res, seats=True)
    assert len(seats) == 5 and set(seats.columns) >= {"seat", "win_rate", "win_lo", "win_hi"}
    text = res.table()
    assert "2 players" in text and "wins by seat" in text
    ax = plot_seats(res)
    assert len(ax.patches) == 5  # one bar per seat and variant
    ax = plot_metric(res, "escaped")
    assert [t.get_text() for t in ax.get_xticklabels()] == ["2 players", "3 players"]
    with pytest.raises(StudyError, match="metric"):
        plot_metric(res, "nonsense")
    ax = plot_league([{"players": 2, "bot": "a", "win_rate": 0.5, "win_lo": 0.4, "win_hi": 0.6}])
    assert len(ax.patches) == 1


def test_to_dataframe_without_pandas_gives_dicts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)
    res = study(2, [2], [["random"]], seed=1)
    rows = to_dataframe(res)
    assert isinstance(rows, list) and rows[0]["games"] == 2


def test_cli_study_text_json_and_plot(run_cli: RunCli, tmp_path: Path) -> None:
    a = run_cli(
        "study",
        "--option",
        "slide_over_pawn=eat,stop",
        "--players",
        "2",
        "--games",
        "3",
        "--bots",
        "random",
        "--json",
    )
    b = run_cli(
        "study",
        "--option",
        "slide_over_pawn=eat,stop",
        "--players",
        "2",
        "--games",
        "3",
        "--bots",
        "random",
        "--json",
        "--jobs",
        "2",
    )
    assert a.returncode == 0 and b.returncode == 0, a.stderr + b.stderr
    timeless = [json.loads(p.stdout) for p in (a, b)]
    assert [d.pop("timing") and d for d in timeless][0] == timeless[1]
    assert [v["label"] for v in json.loads(a.stdout)["variants"]] == [
        "slide_over_pawn=eat",
        "slide_over_pawn=stop",
    ]
    plot = tmp_path / "seats.png"
    p = run_cli(
        "study", "--players", "2,3", "--games", "2", "--bots", "random", "--plot", str(plot)
    )
    assert p.returncode == 0, p.stderr
    assert "wins by seat" in p.stdout and plot.read_bytes()[:4] == b"\x89PNG"


def test_cli_study_league(run_cli: RunCli) -> None:
    p = run_cli("study", "--league", "--bots", "random,greedy:1", "--players", "2", "--games", "2")
    assert p.returncode == 0, p.stderr
    assert "random" in p.stdout and "greedy:1" in p.stdout and "fair share" in p.stdout


@pytest.mark.parametrize(
    "args, word",
    [
        (["--players", "9"], "P1"),
        (["--players", "two"], "--players"),
        (["--bots", "clever"], "clever"),
        (["--option", "slide_over_pawn=fly"], "fly"),
        (["--games", "-1"], "--games"),
        (["--league", "--bots", "random"], "two different bots"),
    ],
)
def test_cli_study_errors(run_cli: RunCli, args: list[str], word: str) -> None:
    p = run_cli("study", "--games", "1", *args)
    assert p.returncode == 2 and word in p.stderr and p.stdout == ""
    assert len(p.stderr.strip().splitlines()) == 1
