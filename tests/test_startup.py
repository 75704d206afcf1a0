"""Start-up (#29): what a first cell or ``finstere-widget --version`` does not need is not
imported. No time is asserted here (benchmarks/bench_startup.py reports the ratios against
``python -c pass``); these tests check which modules each start loads."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def loaded_after(code: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``code``."""
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)), file=sys.stderr)"
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


def test_import_finstere_widget_loads_no_engine_module() -> None:
    mods = loaded_after("import finstere_widget")
    assert not {m for m in mods if m.startswith("finstere_widget.")}, mods
    assert "argparse" not in mods


def test_version_loads_neither_the_engine_nor_argparse() -> None:
    mods = loaded_after(
        "import sys\nsys.argv = ['finstere-widget', '--version']\n"
        "from finstere_widget.__main__ import main\nmain()"
    )
    assert not {m for m in mods if m.startswith(("finstere_widget.engine", "finstere_widget.cli."))}
    assert "argparse" not in mods


def test_import_of_the_widgets_loads_no_widget_library() -> None:
    mods = loaded_after("import finstere_widget.widget")
    assert not {"anywidget", "ipywidgets", "traitlets"} & mods
    assert "finstere_widget.engine.monster" not in mods


def test_a_position_needs_neither_the_monster_nor_the_game() -> None:
    mods = loaded_after("from finstere_widget.engine import Position\nPosition.basic()")
    assert "finstere_widget.engine.position" in mods
    assert not {"finstere_widget.engine.monster", "finstere_widget.engine.game"} & mods


def test_the_lazy_names_are_the_public_api() -> None:
    import finstere_widget
    from finstere_widget import engine, widget

    for package in (finstere_widget, engine, widget):
        for name in package.__all__:
            assert getattr(package, name) is not None, (package.__name__, name)
        assert set(package.__all__) <= set(dir(package))
    with pytest.raises(AttributeError, match="no_such_name"):
        engine.no_such_name  # noqa: B018
    assert finstere_widget.Position is engine.Position


def test_replay_is_the_function_after_its_module_is_imported() -> None:
    """``engine.replay`` is a submodule and a public function: importing the submodule
    (the monster does) must not leave the module where the function is expected."""
    mods_code = (
        "import finstere_widget.engine.monster\n"
        "from finstere_widget.engine import replay\n"
        "assert callable(replay), replay\n"
    )
    loaded_after(mods_code)


def test_the_monsters_sight_lines_are_built_on_first_use() -> None:
    """M4: the table of lines of sight is built by the first look, not by the import, and
    is the same table either way."""
    loaded_after(
        "from finstere_widget.engine import monster\n"
        "assert monster.SIGHT_LINES._rows is None\n"
        "from finstere_widget.examples import load\n"
        "monster.monster_turn(load('monster_basic_8'), '8')\n"
        "assert monster.SIGHT_LINES._rows is not None\n"
        "line = monster.SIGHT_LINES[1][monster.INDEX[(9, 7)]][0]\n"
        "assert line == monster._sight_line(monster.Heading(1), monster.INDEX[(9, 7)])\n"
    )


def test_a_missing_widget_extra_is_one_line_without_a_chained_traceback() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; sys.modules['anywidget'] = None\nimport finstere_widget.widget",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    assert done.returncode == 1
    assert "During handling" not in done.stderr and "direct cause" not in done.stderr
    assert done.stderr.splitlines()[-1].startswith("finstere_widget._extras.MissingExtraError: ")
