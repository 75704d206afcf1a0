"""A second round of hostile and careless input, door by door: the command line's other
subcommands and options, the batch sizes of simulate and study, JSON that is not JSON
(NaN, Infinity, a key given twice), puzzle files, the control panel's synced trait, and
text that reaches SVG. Each case failed before its fix (see the commit that added it)."""

from __future__ import annotations

from typing import Any

import pytest

from finstere_widget.engine.errors import SetupError


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    from finstere_widget.cli import main

    try:
        status = main(list(argv))
    except SystemExit as exc:  # argparse
        status = int(exc.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def no_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any process pool started fails the test (a refused --jobs must start none: 100000
    workers once were forked, one after the other)."""
    import finstere_widget.engine.simulation as sim

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a process pool was started")

    monkeypatch.setattr(sim, "ProcessPoolExecutor", refuse)


# --- simulate and study: how many workers, how many games -------------------------------------


@pytest.mark.parametrize("jobs", [0, -1, 10**5, 10**100, 2.0, "4", True])
def test_simulate_refuses_a_number_of_workers_out_of_bounds(jobs: Any, no_pool: None) -> None:
    from finstere_widget.engine.simulation import simulate

    with pytest.raises(SetupError, match="jobs"):
        simulate(1, 2, ["random"], jobs=jobs)


@pytest.mark.parametrize("jobs", [0, 10**5, 2.5])
def test_study_and_league_refuse_workers_out_of_bounds(jobs: Any, no_pool: None) -> None:
    from finstere_widget import study as st

    with pytest.raises(SetupError, match="jobs"):
        st.study(1, [2], [["random"]], jobs=jobs)
    with pytest.raises(SetupError, match="jobs"):
        st.league(["random", "greedy"], [2], 1, jobs=jobs)


def test_the_command_line_refuses_100000_workers_before_any_game(
    capsys: pytest.CaptureFixture[str], no_pool: None
) -> None:
    for command in ("simulate", "study"):
        status, out, err = cli(capsys, command, "--games", "1", "--jobs", "100000")
        assert status == 2 and out == "" and err.count("\n") == 1, err
        assert err.startswith("error: ") and "jobs" in err and "100000" in err


@pytest.mark.parametrize("games", [10**8, 10**100, -1, 2.5, "5"])
def test_study_refuses_more_games_than_it_plays_before_building_them(
    games: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``study --games 100000000`` built a list of 10**8 games before playing the first
    (memory without bound): the number is checked first, against the games of every
    variant together."""
    import finstere_widget.engine.study as es
    from finstere_widget import study as st
    from finstere_widget.engine.errors import StudyError

    def no_games(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("games were built before the number was checked")

    monkeypatch.setattr(es, "GameSpec", no_games)
    with pytest.raises(StudyError, match="games"):
        st.study(games, [2], [["random"]])
    with pytest.raises(StudyError, match="games"):
        st.league(["random", "greedy"], [2, 3], games)
    # a million games in all: a million for one variant is allowed, not for three
    with pytest.raises(StudyError, match="333333 per variant"):
        st.study(400_000, [2, 3, 4], [["random"]])


def test_study_command_refuses_a_hundred_million_games(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import finstere_widget.engine.study as es

    monkeypatch.setattr(es, "GameSpec", None)  # any game built fails
    status, out, err = cli(capsys, "study", "--games", "100000000")
    assert status == 2 and out == "" and err.count("\n") == 1 and "games" in err, err


def test_study_and_league_refuse_a_seed_simulate_refuses(no_pool: None) -> None:
    """simulate and Game refuse a seed out of 0..2**64-1; study took -1 and 10**23."""
    from finstere_widget import study as st

    seeds: list[Any] = [-1, 10**23, "0", 1.0]  # wrong types on purpose
    for seed in seeds:
        with pytest.raises(SetupError, match="seed"):
            st.study(1, [2], [["random"]], seed=seed)
        with pytest.raises(SetupError, match="seed"):
            st.league(["random", "greedy"], [2], 1, seed=seed)
