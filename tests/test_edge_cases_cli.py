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


def test_a_seed_that_is_not_a_number_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["edge-cases", "--option", "slide_over_pawn", "--seed", "x"])
    assert info.value.code == 2
    assert "--seed" in capsys.readouterr().err


def test_the_table_speaks_the_language_asked(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--option", "slide_over_pawn", "--budget", "100", "--lang", "fr")
    assert status == 0
    assert "situations essayées sur 100" in out and "pour 1 000 parties de base" in out
    assert "(M9)" in out  # the groups' rule ids stay
