"""A pip user with no checkout (#29): in a fresh environment holding only the wheel, every
command the README shows and every example at the end of a ``--help`` runs as printed, in
an empty folder, and succeeds."""

from __future__ import annotations

import re
import shlex
import subprocess
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


def test_every_readme_command_runs_with_only_the_wheel(bin_dir: Path, tmp_path: Path) -> None:
    for line in readme_commands():
        run(line, bin_dir, tmp_path)


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
        run(line, bin_dir, tmp_path)
