"""``finstere-widget edge-cases`` (cli/edges.py): the explorer on the command line, its JSON,
its gallery and its refusals (one line on stderr, status 2, nothing written)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from finstere_widget.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["edge-cases", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_json_is_the_same_for_the_same_seed(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--option", "monster_stone_on_corner", "--budget", "150", "--seed", "4", "--json")
    status, first, _ = run(capsys, *args)
    assert status == 0
    status, second, _ = run(capsys, *args)
    assert first == second
    data = json.loads(first)
    assert data["option"] == "monster_stone_on_corner" and data["rule"] == "M8"
    assert data["tried"] <= data["budget"] == 150
    assert all(c["kind"] == "turn" and c["tile"] for c in data["cases"])


def test_the_table_names_the_groups_and_the_situations_tried(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(
        capsys, "--option", "slide_over_pawn", "--values", "eat,stop", "--budget", "120"
    )
    assert status == 0
    assert "120 of 120 situations tried" in out and "(M9)" in out


def test_out_writes_the_gallery(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    page = tmp_path / "gallery.html"
    status, _, _ = run(
        capsys, "--option", "monster_stone_on_corner", "--budget", "100", "--out", str(page)
    )
    assert status == 0
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and "data-fw-compare" in text


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["--option", "nope"], "nope"),
        (["--option", "slide_over_pawn", "--values", "eat,hop"], "hop"),
        (["--option", "slide_over_pawn", "--values", "eat"], "eat"),
        (["--option", "slide_over_pawn", "--budget", "0"], "budget 0"),
        (["--option", "slide_over_pawn", "--budget", str(10**12)], "budget 1000000000000"),
        (["--option", "slide_over_pawn", "--seed", "-3"], "seed -3"),
        (["--option", "slide_over_pawn", "--out", "/nonexistent/x.html"], "no such folder"),
        (["--option", "slide_over_pawn", "--out", "x.txt"], ".html"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], named: str, tmp_path: Path
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ") and named in err


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["--seed", "abc"], "seed 'abc'"),
        (["--seed", "1.5"], "seed '1.5'"),
        (["--budget", "x"], "budget 'x'"),
        (["--games", "0"], "games 0"),
        (["--games", "many"], "games 'many'"),
    ],
)
def test_a_number_that_is_not_one_is_the_same_one_line_error(
    capsys: pytest.CaptureFixture[str], argv: list[str], named: str
) -> None:
    """--seed abc, --budget x, --games many: the same one-line 'error: edge cases: ...' as
    every other refusal of the explorer's arguments (not argparse's usage lines)."""
    status, out, err = run(capsys, "--option", "slide_over_pawn", *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: edge cases: ") and named in err


def test_games_plays_that_many_games_per_cell_and_the_table_shows_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """--games N: N harvested games at each set-up and player count, told per cell in the
    table, and the one-line warning while a cell has fewer than 30."""
    argv = ("--option", "five_is_three_prey", "--budget", "40", "--games", "2")
    status, out, _ = run(capsys, *argv)
    assert status == 0
    assert "harvest: 2 greedy games at each set-up and player count" in out
    assert "6p " in out and "of 2 games" in out
    assert out.count("warning: ") == 1 and "fewer than 30 games per cell" in out
    status, data, _ = run(capsys, *argv, "--json")
    doc = json.loads(data)
    assert doc["harvest"]["games_per_cell"] == 2
    assert doc["harvest"]["games"] == {"basic": {"6": 2, "7": 2}, "advanced": {"6": 2, "7": 2}}


def test_the_table_speaks_the_language_asked(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--option", "slide_over_pawn", "--budget", "100", "--lang", "fr")
    assert status == 0
    assert "situations essayées sur 100" in out and "pour 1 000 parties de base" in out
    assert "(M9)" in out  # the groups' rule ids stay
