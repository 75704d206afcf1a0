"""One error family: no module of the package raises a bare ValueError, KeyError,
IndexError or RuntimeError at its users; bad input is a FinstereError (errors.py, a
ValueError) naming what is wrong. The exceptions left are Python's own protocols (a
TypeError for a call without its argument, AttributeError from ``__getattr__``), a missing
extra (ImportError), an unreachable scheduler (ConnectionError), the command line's usage
error and internal invariants (AssertionError)."""

from __future__ import annotations

import ast
import builtins
import inspect
from pathlib import Path

import pytest

from finstere_widget import engine, examples
from finstere_widget.design.bots import make_bot
from finstere_widget.engine import errors
from finstere_widget.engine.rules import title

PACKAGE = Path(__file__).resolve().parents[1] / "finstere_widget"

#: built-in exceptions the package may raise (see the module docstring)
ALLOWED = {
    "AssertionError",
    "AttributeError",
    "ConnectionError",
    "ImportError",
    "ModuleNotFoundError",
    "NotImplementedError",
    "StopIteration",
    "TypeError",
}
BUILTIN_ERRORS = {
    name
    for name, value in vars(builtins).items()
    if isinstance(value, type) and issubclass(value, BaseException)
}


def raised_builtins(path: Path) -> list[tuple[int, str]]:
    """(line, name) of each ``raise`` of a built-in exception in the module at ``path``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Raise) and node.exc is not None:
            exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            if isinstance(exc, ast.Name) and exc.id in BUILTIN_ERRORS:
                found.append((node.lineno, exc.id))
    return found


def test_the_scan_sees_a_bare_raise(tmp_path: Path) -> None:
    sample = PACKAGE / "engine" / "rules.py"
    text = sample.read_text(encoding="utf-8")
    assert raised_builtins(sample) == []
    bad = tmp_path / "bare.py"
    bad.write_text(text + "\n\ndef f() -> None:\n    raise ValueError('x')\n", "utf-8")
    assert [name for _, name in raised_builtins(bad)] == ["ValueError"]


def test_no_bare_builtin_error_is_raised() -> None:
    modules = sorted(PACKAGE.rglob("*.py"))
    assert len(modules) > 50
    bare = [
        f"{path.relative_to(PACKAGE)}:{line}: {name}"
        for path in modules
        for line, name in raised_builtins(path)
        if name not in ALLOWED
    ]
    assert bare == [], "raise an error of engine/errors.py instead"


def test_every_error_class_is_in_the_family_and_exported() -> None:
    classes = [
        cls
        for _, cls in inspect.getmembers(errors, inspect.isclass)
        if issubclass(cls, BaseException) and cls.__module__ == errors.__name__
    ]
    assert len(classes) >= 15
    for cls in classes:
        assert issubclass(cls, errors.FinstereError) and issubclass(cls, ValueError), cls
        assert cls.__name__ in engine.__all__, cls


def test_the_doors_that_used_bare_errors() -> None:
    with pytest.raises(errors.RuleError, match="'Z9'"):
        title("Z9")
    with pytest.raises(errors.RuleError, match="unknown rule id"):
        title(["M5"])  # type: ignore[arg-type]
    with pytest.raises(errors.ExampleError, match="no example position named 'nope'") as info:
        examples.load("nope")
    assert isinstance(info.value, KeyError) and str(info.value).startswith("no example")
    for bad in ("clever", "mcts:x", "random:3"):
        with pytest.raises(errors.BotError):
            make_bot(bad)
