"""Every consumer of events handles every kind: one ``match`` over the kinds ending in
``assert_never`` per consumer (narration, replay, the widget's story, the frames), so a new
event kind is a mypy error in each of them until it is handled. Proved by running mypy on a
copy of the package with one more kind in the ``Event`` union; the command line tells events
only through the narration."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from finstere_widget.engine.events import EVENT_TYPES

PACKAGE = Path(__file__).resolve().parents[1] / "finstere_widget"
KINDS = {cls.__name__ for cls in EVENT_TYPES.values()}

#: the consumers that must dispatch over every kind (found again by consumers() below)
REQUIRED = {"design/danger.py", "engine/narrate.py", "engine/replay.py"}

NEW_KIND = '''

class Dance(NamedTuple):
    """A kind no consumer knows yet."""

    step: int
    rule: str = "X1"
    type: Literal["dance"] = "dance"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "dance", "step": self.step, "rule": self.rule}


Event = Union[  # noqa: UP007
    Dance,'''


def _names_in_cases(tree: ast.AST) -> set[str]:
    """The event kinds named by class patterns of ``match`` statements in ``tree``."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.match_case):
            for sub in ast.walk(node.pattern):
                if isinstance(sub, ast.MatchClass) and isinstance(sub.cls, ast.Name):
                    names.add(sub.cls.id)
    return names & KINDS


def consumers() -> dict[str, set[str]]:
    """Modules of the package that ``match`` over event kinds: the kinds each names."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        named = _names_in_cases(ast.parse(path.read_text(encoding="utf-8")))
        if named:
            found[path.relative_to(PACKAGE).as_posix()] = named
    return found


def test_each_consumer_names_every_kind_in_its_match() -> None:
    found = consumers()
    assert REQUIRED <= set(found), found
    for module, named in found.items():
        assert named == KINDS, f"{module} leaves out {sorted(KINDS - named)}"


def test_the_command_line_tells_events_only_through_the_narration() -> None:
    """No module of cli/ imports an event kind or tests for one: it prints the sentences
    of engine.narrate (exhaustive), so a new kind cannot be skipped there."""
    for path in sorted((PACKAGE / "cli").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                imported = {a.name for a in node.names}
                assert not imported & KINDS, (path.name, sorted(imported & KINDS))
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "isinstance":
                kinds = {n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)}
                assert not kinds & KINDS, (path.name, node.lineno)


@pytest.mark.slow
def test_a_new_kind_fails_mypy_in_every_consumer(tmp_path: Path) -> None:
    copy = tmp_path / "finstere_widget"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "static"))
    events = copy / "engine" / "events.py"
    text = events.read_text(encoding="utf-8")
    assert text.count("\nEvent = Union[  # noqa: UP007") == 1
    events.write_text(text.replace("\n\nEvent = Union[  # noqa: UP007", NEW_KIND), "utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--python-version=3.10"]
        + [f"finstere_widget/{module}" for module in consumers()],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=600,
    )
    failing = {
        line.split(":", 1)[0].removeprefix("finstere_widget/")
        for line in run.stdout.splitlines()
        if '"assert_never" has incompatible type "Dance"' in line
    }
    assert run.returncode == 1, run.stdout + run.stderr
    assert failing == set(consumers()), run.stdout
