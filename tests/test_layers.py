"""The package's layers: the rules engine imports nothing above it; the designer's wing
(``design``) and the teacher's wing (``teach``) build on the engine and export their public
names lazily, and no public name is shadowed by a module of the same name."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "finstere_widget"


def _imports(path: Path) -> set[str]:
    """The modules a file imports, as absolute dotted names."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    here = list(rel.parts[:-1]) if rel.name != "__init__" else list(rel.parts[:-1])
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[: len(here) - node.level + 1]
                found.add(".".join([*base, node.module] if node.module else base))
            elif node.module:
                found.add(node.module)
    return found


@pytest.mark.parametrize("path", sorted((PACKAGE / "engine").glob("*.py")), ids=lambda p: p.name)
def test_the_engine_imports_only_itself_and_the_standard_library(path: Path) -> None:
    for name in _imports(path):
        top = name.split(".")[0]
        if (path.name, name) == ("position.py", "finstere_widget"):
            # the one exception: ``position_svg`` (a position's ``_repr_svg_`` in a notebook)
            # imports the drawing when called, never at import (test_errors_api holds that)
            continue
        if top == "finstere_widget":
            assert name.startswith("finstere_widget.engine"), f"{path.name} imports {name}"
        else:
            assert top in sys.stdlib_module_names or top == "__future__", (
                f"{path.name} imports {name}, not in the standard library"
            )


@pytest.mark.parametrize("wing", ["design", "teach"])
def test_a_wing_imports_neither_the_widgets_nor_the_other_wing(wing: str) -> None:
    other = {"design": "teach", "teach": "design"}[wing]
    for path in sorted((PACKAGE / wing).glob("*.py")):
        for name in _imports(path):
            for above in ("widget", "cli", other):
                assert not name.startswith(f"finstere_widget.{above}"), (
                    f"{wing}/{path.name} imports {name}"
                )


CORE = {
    "design": ("bots", "danger", "simulation", "studies", "explorer", "shrink"),
    "teach": ("predict", "quiz"),
}


@pytest.mark.parametrize("wing", ["design", "teach"])
def test_the_wings_core_modules_use_the_standard_library_only(wing: str) -> None:
    for mod in CORE[wing]:
        for name in _imports(PACKAGE / wing / f"{mod}.py"):
            top = name.split(".")[0]
            assert (
                top == "finstere_widget" or top in sys.stdlib_module_names or top == ("__future__")
            ), f"{wing}/{mod}.py imports {name}"


@pytest.mark.parametrize("wing", ["design", "teach"])
def test_every_public_name_of_a_wing_is_what_it_says_after_all_its_modules_load(
    wing: str,
) -> None:
    """A submodule named like a public function (``design.study``) would replace it on the
    package once imported: every name of ``__all__`` must stay a class or function after every
    module of the wing has been imported."""
    package = importlib.import_module(f"finstere_widget.{wing}")
    for info in pkgutil.iter_modules(package.__path__):
        if info.name in ("runner", "tables", "plots"):
            try:
                importlib.import_module(f"{package.__name__}.{info.name}")
            except ImportError:  # an extra not installed: its names are not looked at
                continue
        else:
            importlib.import_module(f"{package.__name__}.{info.name}")
    for name in package.__all__:
        value = getattr(package, name)
        assert not inspect.ismodule(value), f"{wing}.{name} is a module"
        assert value.__module__.startswith(f"finstere_widget.{wing}"), (name, value.__module__)
    assert set(package.__all__) <= set(dir(package))


def test_importing_a_wing_loads_none_of_its_modules() -> None:
    """The wings export lazily: importing ``finstere_widget.design`` alone loads no bot,
    study or integration (start-up time of a first cell)."""
    code = (
        "import sys, finstere_widget.design, finstere_widget.teach\n"
        "print(sorted(m for m in sys.modules if m.startswith(('finstere_widget.design.',"
        " 'finstere_widget.teach.'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]", out
