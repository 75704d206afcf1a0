"""A pip user with no checkout (#29): in a fresh environment holding only the wheel, every
command the README shows and every example at the end of a ``--help`` runs as printed, in
an empty folder, and succeeds."""

from __future__ import annotations

import re
import shlex
import subprocess
import sysconfig
from pathlib import Path

import pytest

from tests.distributions import Dist, env_for, fresh_env

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PROGRAMS = ("finstere-widget ", "python -m finstere_widget ")
#: a synopsis, not a command: an argument to fill in (``POSITION``, ``POS.json``), optional
#: parts in brackets, alternatives (``turn.svg|turn.gif``)
PLACEHOLDER = re.compile(r"(?<![\w-])[A-Z]{2,}[A-Z_]*(?:\.json)?(?![\w-])|[\[|]")

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def bin_dir(built_dist: Dist, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return fresh_env(built_dist.wheel, tmp_path_factory.mktemp("venv") / "env")


def run(line: str, bin_dir: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    argv = shlex.split(line, comments=True)
    done = subprocess.run(
        argv,
        cwd=cwd,
        env=env_for(bin_dir),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, (line, done.stderr[-2000:])
    return done


def readme_commands() -> list[str]:
    """Every command line of the README: the lines of its code blocks, and the inline code,
    that start with the program (the command-line synopsis, with its placeholders, is a
    synopsis, not a command)."""
    found: list[str] = []
    for block in re.findall(r"^```[a-z]*\n(.*?)^```", README, re.S | re.M):
        for line in block.splitlines():
            command = line.split(" #", 1)[0].strip()
            if command.startswith(PROGRAMS) and not PLACEHOLDER.search(command):
                found.append(command)
    for span in re.findall(r"`([^`\n]+)`", README):
        if span.startswith(PROGRAMS) and not PLACEHOLDER.search(span) and span not in found:
            found.append(span)
    return found


def test_the_readme_commands_are_found() -> None:
    commands = readme_commands()
    quick = README.split("## Quick start", 1)[1].split("```bash\n", 1)[1].split("```", 1)[0]
    lines = [line.split(" #", 1)[0].strip() for line in quick.splitlines()]
    assert lines[0] == "pip install finstere_widget"
    assert lines[1:] and all(line in commands for line in lines[1:])
    assert "finstere-widget examples" in commands


def test_the_wheel_is_what_runs(bin_dir: Path, tmp_path: Path) -> None:
    done = run(
        "python -c 'import finstere_widget, sys; print(finstere_widget.__file__)'",
        bin_dir,
        tmp_path,
    )
    assert done.stdout.startswith(str(bin_dir.parent)), done.stdout


#: README commands that need an extra, and the extra: with only the wheel they say so in
#: one line (exit 2); with the extra's packages they run (the README says which extra)
NEEDS_EXTRA = {"finstere-widget puzzles --lesson 09 --worksheet class.pdf": "animate"}


def borrowed_env(bin_dir: Path) -> dict[str, str]:
    """:func:`env_for` with this test environment's third-party packages importable too
    (the extras' packages: no network here to install them), after the wheel's own
    finstere_widget: the package still comes from the wheel (this checkout is installed
    in the test environment as an editable path, which a plain import path does not
    follow)."""
    env = env_for(bin_dir)
    env["PYTHONPATH"] = sysconfig.get_paths()["purelib"]
    return env


def test_every_readme_command_runs_with_only_the_wheel(bin_dir: Path, tmp_path: Path) -> None:
    for line in readme_commands():
        if line in NEEDS_EXTRA:
            continue  # the next test
        run(line, bin_dir, tmp_path)


def test_a_readme_command_needing_an_extra_names_it_and_runs_with_it(
    bin_dir: Path, tmp_path: Path
) -> None:
    """The README's teacher's kit line (``puzzles --lesson 09 --worksheet class.pdf``) was left out by
    the extractor: its inline code was split over two lines. It needs Pillow."""
    commands = readme_commands()
    for line, extra in NEEDS_EXTRA.items():
        assert line in commands, line
        said = next(p for p in README.split("\n\n") if line in " ".join(p.split()))
        assert f"[{extra}]" in said, f"the README does not say {line!r} needs [{extra}]"
        argv = shlex.split(line)
        bare = subprocess.run(
            argv, cwd=tmp_path, env=env_for(bin_dir), capture_output=True, text=True, timeout=300
        )
        assert bare.returncode == 2 and f"finstere_widget[{extra}]" in bare.stderr, bare.stderr
        assert "Traceback" not in bare.stderr and bare.stderr.count("\n") == 1, bare.stderr
        done = subprocess.run(
            argv,
            cwd=tmp_path,
            env=borrowed_env(bin_dir),
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stderr[-2000:]
    assert (tmp_path / "class.pdf").read_bytes().startswith(b"%PDF")


#: run the README's Python block in the wheel's environment: its last line's value printed
_RUN_BLOCK = """
import ast, sys, finstere_widget
tree = ast.parse(sys.stdin.read(), "README.md")
last = tree.body.pop()
space = {}
exec(compile(tree, "README.md", "exec"), space)
value = eval(compile(ast.Expression(last.value), "README.md", "eval"), space)
print(finstere_widget.__file__)
print(type(value).__name__, len(value.board.frames), value.result.events[-1].type)
"""


def test_the_readme_quick_start_python_block_runs_from_the_wheel(
    bin_dir: Path, tmp_path: Path
) -> None:
    """The quick start's notebook lines (``MonsterStepper(load("monster_basic_8"),
    tile="8")``) run with the package from the wheel (its widget extra's packages
    borrowed, see :func:`borrowed_env`) and show the engine's turn."""
    from finstere_widget.engine import monster_turn
    from finstere_widget.examples import load
    from finstere_widget.render.frames import trace_frames

    quick = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"^```python\n(.*?)^```", quick, re.S | re.M)
    assert len(blocks) == 1 and "MonsterStepper(" in blocks[0], blocks
    done = subprocess.run(
        [str(bin_dir / "python"), "-c", _RUN_BLOCK],
        input=blocks[0],
        cwd=tmp_path,
        env=borrowed_env(bin_dir),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    where, shown = done.stdout.splitlines()[-2:]
    assert where.startswith(str(bin_dir.parent)), where
    turn = monster_turn(load("monster_basic_8"), "8")
    frames = len(trace_frames(load("monster_basic_8"), turn.events, "8"))
    assert shown == f"MonsterStepper {frames} {turn.events[-1].type}", shown


def help_examples(bin_dir: Path, cwd: Path) -> list[str]:
    """The examples ending the program's ``--help`` and each subcommand's, as the installed
    command prints them."""

    def examples_of(*args: str) -> tuple[str, list[str]]:
        text = run(shlex.join(["finstere-widget", *args, "--help"]), bin_dir, cwd).stdout
        body, _, tail = text.rpartition("\nexamples:\n")
        assert body, (args, text)
        return body, [line.strip() for line in tail.splitlines() if line.strip()]

    top, found = examples_of()
    choices = re.search(r"\{([\w,-]+)\}", top)
    assert choices, top
    for name in choices.group(1).split(","):
        lines = examples_of(name)[1]
        assert 2 <= len(lines) <= 3, (name, lines)
        found += lines
    return found


def test_every_help_example_runs_with_only_the_wheel(bin_dir: Path, tmp_path: Path) -> None:
    lines = help_examples(bin_dir, tmp_path)
    assert len(lines) >= 20
    for line in lines:
        assert line.startswith("finstere-widget "), line
        if line in NEEDS_EXTRA:
            continue  # the README's line: run with and without its extra below
        run(line, bin_dir, tmp_path)
