"""Good citizens in a notebook and a terminal: short reprs, SVG of turns and games,
``--version``, usage lines naming the command run, a quiet closed pipe, and a one-line hint
when an extra is missing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import finstere_widget
from finstere_widget.engine import Game, Position, monster_turn
from finstere_widget.examples import load

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=ROOT,
    )


# --- reprs -----------------------------------------------------------------------------------


def test_position_repr_is_one_short_line_with_the_essentials_and_str_is_the_diagram() -> None:
    pos = load("monster_basic_8")
    text = repr(pos)
    assert "\n" not in text and len(text) <= 160, text
    assert text == (
        "<Position stage 1: monster at (9, 7) facing E, 9 stones, 2 pools, "
        "0 teleporters, 8 pawns (8 on the board)>"
    )
    assert str(pos) == pos.diagram() and Position.from_diagram(str(pos)) == pos
    mixed = Position.from_dict(
        {
            **pos.to_dict(),
            "stage": 2,
            "pawns": [
                {"id": "A", "player": "blue", "light": 6, "dark": 1, "at": "outside"},
                {"id": "B", "player": "red", "light": 4, "dark": 3, "at": "escaped"},
                {"id": "C", "player": "red", "light": 4, "dark": 3, "at": [3, 3]},
            ],
        }
    )
    assert repr(mixed).endswith("3 pawns (1 outside, 1 escaped, 1 on the board)>")


def test_turn_result_repr_is_one_line_and_it_draws_the_final_look() -> None:
    turn = monster_turn(load("monster_basic_8"), "8")
    text = repr(turn)
    assert "\n" not in text and len(text) <= 160, text
    assert text.startswith("<TurnResult tile 8: 8 steps, eaten C, F, G; the monster ends at ")
    assert text.endswith(f"; {len(turn.events)} events>")
    svg = turn._repr_svg_()
    assert svg.startswith("<svg") and "eaten C, F, G" in svg
    assert svg != turn.position._repr_svg_()  # the final look's rays are drawn on top


def test_game_repr_is_one_line_and_it_draws_its_position_with_where_it_stands() -> None:
    game = Game(["blue", "red"], seed=5)
    assert repr(game) == (
        "<Game 2 players blue, red; seed 5; round 1, stage 1; pawns phase, blue to move; 0 actions>"
    )
    game.apply(game.legal_actions()[0])
    assert repr(game).endswith("red to move; 1 actions>")
    svg = game._repr_svg_()
    assert svg.startswith("<svg") and "red to move" in svg


# --- the command line --------------------------------------------------------------------------


def test_version_names_the_program_and_the_one_version() -> None:
    out = _run("-m", "finstere_widget", "--version")
    assert out.returncode == 0 and out.stderr == ""
    assert out.stdout == f"python -m finstere_widget {finstere_widget.__version__}\n"


def test_usage_lines_name_the_command_actually_run() -> None:
    from finstere_widget.cli import build_parser, program_name

    assert program_name("/usr/local/bin/finstere-widget") == "finstere-widget"
    assert program_name("/x/finstere_widget/__main__.py") == "python -m finstere_widget"
    out = _run("-m", "finstere_widget", "monster")
    assert out.returncode == 2
    assert out.stderr.startswith("python -m finstere_widget monster: error: ")
    assert out.stderr.endswith("(see python -m finstere_widget monster --help)\n")
    assert build_parser("finstere-widget").format_usage().startswith("usage: finstere-widget ")


def test_console_script_is_declared_beside_python_m() -> None:
    from importlib.metadata import entry_points

    (script,) = [e for e in entry_points(group="console_scripts") if e.name == "finstere-widget"]
    assert script.value == "finstere_widget.__main__:main"
    exe = Path(sys.executable).with_name("finstere-widget")
    if exe.exists():  # installed into this venv (.ci/lib.sh): its usage names it
        out = subprocess.run([str(exe), "--version"], capture_output=True, text=True, timeout=60)
        assert out.stdout == f"finstere-widget {finstere_widget.__version__}\n"


def test_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    """``finstere-widget moves ... --json | head -c 10``: ~280 KB of output, the reader
    leaves after 10 bytes; no traceback, no 'Exception ignored' on stderr."""
    position = tmp_path / "p.json"
    position.write_text(
        json.dumps(
            {
                "format": "finstere-position/1",
                "monster": {"at": [0, 0], "facing": "E"},
                "layout": "basic",
                "pawns": [{"id": "A", "player": "blue", "light": 6, "dark": 1, "at": [10, 5]}],
            }
        )
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "finstere_widget", "moves", str(position), "--pawn", "A", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.read(10) == b'[{"to": [1'
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 1
    assert err == ""


# --- a missing extra -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "extra", "missing"),
    [
        ("import finstere_widget.widget", "widget", "anywidget"),
        ("from finstere_widget.widget import BoardWidget", "widget", "ipywidgets"),
        (
            "from finstere_widget.render import paint_on_ipycanvas as p; p(None, None)",
            "canvas",
            "ipycanvas",
        ),
    ],
)
def test_a_missing_extra_gives_a_one_line_hint_naming_the_install(
    code: str, extra: str, missing: str
) -> None:
    out = _run("-c", f"import sys; sys.modules[{missing!r}] = None\n{code}")
    assert out.returncode == 1
    last = out.stderr.strip().splitlines()[-1]
    assert last.startswith("finstere_widget._extras.MissingExtraError: ")
    assert f'pip install "finstere_widget[{extra}]"' in last and missing in last


def test_the_engine_and_the_cli_need_no_extra() -> None:
    blocked = "; ".join(
        f"sys.modules[{m!r}] = None"
        for m in ("anywidget", "ipywidgets", "traitlets", "ipycanvas", "tqdm", "matplotlib")
    )
    out = _run(
        "-c",
        f"import sys; {blocked}\n"
        "from finstere_widget.cli import main\n"
        "sys.exit(main(['monster', 'tests/examples/monster_basic_8.json', '--tile', '8']))",
    )
    assert out.returncode == 0 and out.stdout.startswith("tile 8\n"), out.stderr


def test_every_argument_of_every_command_says_what_it_is() -> None:
    """``--help`` explains each argument: none is listed bare (``--games N`` alone)."""
    import argparse

    from finstere_widget.cli import build_parser

    parser = build_parser(prog="finstere-widget")
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    bare = [
        f"{name} {'/'.join(action.option_strings) or action.dest}"
        for name, command in sub.choices.items()
        for action in command._actions
        if not action.help
    ]
    assert bare == []


def test_the_tile_help_gives_the_step_counts_the_engine_takes() -> None:
    """``--tile`` takes a step count 1-20 (M1, M13); its help said any positive count."""
    from finstere_widget.engine import TileError

    pos = load("monster_basic_8")
    monster_turn(pos, "20")
    with pytest.raises(TileError):
        monster_turn(pos, "21")
    text = subprocess.run(
        [sys.executable, "-m", "finstere_widget", "monster", "--help"],
        capture_output=True,
        text=True,
        env={**os.environ, "FINSTERE_WIDGET_LANG": "en", "COLUMNS": "200"},
    ).stdout
    assert "a step count 1-20" in text and "positive step count" not in text


@pytest.mark.parametrize("command", ["simulate", "study"])
def test_a_batch_of_no_games_is_refused_before_it_prints_empty_figures(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--games 0`` printed win shares of 0.000 with intervals [0, 1] (study) and means of
    0.0 (simulate) as if they were results: it is a usage error naming the argument."""
    from finstere_widget.cli import main

    assert main([command, "--games", "0"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "--games must be >= 1" in err


def test_a_set_of_no_puzzles_is_refused_rather_than_printing_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``puzzles -n 0`` printed nothing and exited 0: a usage error naming the argument."""
    from finstere_widget.cli import main

    for n in ("0", "-1"):  # one message for both, not the engine's "0..200" for -1
        assert main(["puzzles", "-n", n]) == 2
        out, err = capsys.readouterr()
        assert out == "" and "-n must be >= 1" in err
