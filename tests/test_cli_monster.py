"""``python -m finstere_widget monster`` (docs/format.md): output and bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from finstere_widget.cli import main
from finstere_widget.engine import Position, RuleOptions, monster_turn

EXAMPLES = Path(__file__).parent / "examples"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "finstere_widget", *args],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=60,
    )


def test_monster_json_is_the_api_trace() -> None:
    path = EXAMPLES / "monster_basic_8.json"
    proc = run("monster", str(path), "--tile", "8", "--json")
    assert proc.returncode == 0, proc.stderr
    expected = monster_turn(Position.from_json(path.read_text()), "8").to_dict()
    assert json.loads(proc.stdout) == expected


def test_monster_narration_reads_step_by_step(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["monster", str(EXAMPLES / "monster_basic_8.json"), "--tile", "8"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "tile 8"
    assert (
        "step 4: sees D north at 3 and E south at 3 — tie between D and E, keeps heading east (M5)"
        in lines
    )
    assert lines[-1] == "end: stops after 8 steps; taken: C, F, G (M3)"


def test_monster_options_and_stage_change_the_turn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pos = Position.from_dict(
        {
            "format": "finstere-position/1",
            "monster": {"at": [3, 8], "facing": "E"},
            "pools": [[[4, 8], [5, 8], [6, 8], [7, 8]]],
            "pawns": [{"id": "A", "player": "red", "light": 6, "dark": 1, "at": [6, 8]}],
        }
    )
    f = tmp_path / "p.json"
    f.write_text(pos.to_json())
    assert (
        main(
            [
                "monster",
                str(f),
                "--tile",
                "1",
                "--json",
                "--option",
                "slide_over_pawn=stop",
                "--stage",
                "2",
            ]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["position"]["monster"]["at"] == [6, 8]
    assert data["position"]["pawns"][0]["at"] == "eaten"
    expected = monster_turn(pos.replace(stage=2), "1", RuleOptions.parse(["slide_over_pawn=stop"]))
    assert data == expected.to_dict()


@pytest.mark.parametrize(
    ("content", "args", "message"),
    [
        ('{"format": "finstere-position/1", "monster": ', [], "malformed JSON"),
        (
            '{"format": "finstere-position/1", "monster": {"at": [0, 0], "facing": "E"}, "x": 1}',
            [],
            "unknown key 'x'",
        ),
        (
            '{"format": "finstere-position/1", "monster": {"at": [15, 0], "facing": "E"}}',
            [],
            r"monster.at: square [15, 0] is off the board",
        ),
        (
            '{"format": "finstere-position/1", "monster": {"at": [1, 1], "facing": "E"}, "stones": [{"at": [1, 1]}]}',
            [],
            "overlaps the monster",
        ),
        (
            '{"format": "finstere-position/1", "monster": {"at": [1, 1], "facing": "E"}}',
            ["--tile", "9X"],
            "tile '9X'",
        ),
        (
            '{"format": "finstere-position/1", "monster": {"at": [1, 1], "facing": "E"}}',
            ["--option", "speed=3"],
            "unknown rule option 'speed'",
        ),
        (
            '{"format": "finstere-position/1", "monster": {"at": [1, 1], "facing": "E"}}',
            ["--option", "slide_over_pawn=fly"],
            "slide_over_pawn: value 'fly'",
        ),
    ],
)
def test_bad_input_gives_one_clear_line_and_status_2(
    content: str, args: list[str], message: str
) -> None:
    if "--tile" not in args:
        args = [*args, "--tile", "8"]
    proc = run("monster", "-", *args, stdin=content)
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0]


def test_missing_file_is_named(tmp_path: Path) -> None:
    proc = run("monster", str(tmp_path / "nope.json"), "--tile", "8")
    assert proc.returncode == 2 and "nope.json" in proc.stderr and proc.stdout == ""
