"""The command line is a package with explicit registration and no import circle (#13):
``finstere_widget.cli`` imports each subcommand module and calls its ``register``; the
subcommand modules import only ``cli.common``, never ``cli`` itself."""

from __future__ import annotations

import argparse
import ast
import subprocess
import sys
from pathlib import Path

import pytest

import finstere_widget
from finstere_widget import cli

PACKAGE = Path(finstere_widget.__file__).parent
CLI_MODULES = ["common", "edges", "examples", "game", "monster", "moves", "puzzles", "study"]
#: every subcommand, in the order ``--help`` lists them
COMMANDS = [
    "monster",
    "move",
    "moves",
    "simulate",
    "play",
    "study",
    "edge-cases",
    "puzzles",
    "examples",
]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def top_level_imports(path: Path, modules: set[str]) -> set[str]:
    """The finstere_widget modules ``path`` imports when it is imported (module level, not
    the lazy imports inside functions, not ``if TYPE_CHECKING:`` blocks)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.If):
                test = ast.unparse(node.test)
                if "TYPE_CHECKING" not in test:
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                for block in (
                    node.body,
                    node.orelse,
                    node.finalbody,
                    *(h.body for h in node.handlers),
                ):
                    visit(block)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                    target = f"{base}.{node.module}" if node.module else base
                else:
                    target = node.module or ""
                for alias in node.names:  # ``from . import game``: the submodule only
                    sub = f"{target}.{alias.name}"
                    found.add(sub if sub in modules else target)

    visit(ast.parse(path.read_text(encoding="utf-8")).body)
    return found


def import_graph() -> dict[str, set[str]]:
    paths = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    return {
        name: top_level_imports(p, set(paths)) & paths.keys() - {name} for name, p in paths.items()
    }


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every import circle, as the path of modules that closes it (depth-first search)."""
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    path: list[str] = []

    def walk(node: str) -> None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                found.append(path[path.index(nxt) :] + [nxt])
            elif nxt not in state:
                walk(nxt)
        path.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            walk(node)
    return found


def test_the_cycle_finder_finds_a_circle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
    # the old layout: cli imported cli_game at its end, cli_game imported cli
    source = {
        "finstere_widget.cli": {"finstere_widget.cli_game"},
        "finstere_widget.cli_game": {"finstere_widget.cli"},
    }
    assert cycles(source)


def test_the_graph_sees_relative_imports() -> None:
    graph = import_graph()
    assert "finstere_widget.cli.common" in graph["finstere_widget.cli.game"]
    assert "finstere_widget.cli.common" in graph["finstere_widget.cli.monster"]
    assert "finstere_widget.engine.position" in graph["finstere_widget.cli.common"]


def test_the_cli_module_imports_its_subcommands_only_when_the_parser_is_built() -> None:
    """``finstere-widget --version`` answers without the engine (#29): the subcommand
    modules are imported by :func:`build_parser`, each one named in ``cli.COMMANDS``."""
    graph = import_graph()
    assert not {f"finstere_widget.cli.{m}" for m in CLI_MODULES} & graph["finstere_widget.cli"]
    assert set(cli.COMMANDS) == set(CLI_MODULES) - {"common"}


def test_no_import_circle_in_the_package() -> None:
    assert cycles(import_graph()) == []


def test_subcommand_modules_never_import_the_cli_module() -> None:
    graph = import_graph()
    for name in CLI_MODULES:
        assert "finstere_widget.cli" not in graph[f"finstere_widget.cli.{name}"], name


@pytest.mark.parametrize(
    "first",
    [
        "finstere_widget",
        "finstere_widget.__main__",
        *(f"finstere_widget.cli.{m}" for m in CLI_MODULES),
    ],
)
def test_any_module_imported_first_in_a_fresh_interpreter(first: str) -> None:
    code = (
        f"import {first}\n"
        "import argparse\n"
        "from finstere_widget.cli import build_parser\n"
        "p = build_parser('x')\n"
        "sub = next(a for a in p._actions if isinstance(a, argparse._SubParsersAction))\n"
        "print(','.join(sub.choices))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [",".join(COMMANDS)]


def _choices(parser: argparse.ArgumentParser) -> list[str]:
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return list(sub.choices)


def test_registration_is_explicit_and_repeatable() -> None:
    # each module registers exactly its own commands, only when asked, as often as asked
    from finstere_widget.cli import common, examples, game, monster, moves, puzzles, study

    for module, names in [
        (monster, ["monster"]),
        (moves, ["move", "moves"]),
        (game, ["simulate", "play"]),
        (study, ["study"]),
        (puzzles, ["puzzles"]),
        (examples, ["examples"]),
    ]:
        parser = common.Parser(prog="x")
        module.register(parser.add_subparsers())
        assert _choices(parser) == names
    assert _choices(cli.build_parser("x")) == COMMANDS
    assert _choices(cli.build_parser("x")) == COMMANDS  # a second parser: nothing doubled
    assert cli.build_parser("x").format_help() == cli.build_parser("x").format_help()


def test_option_is_parsed_in_one_place(capsys: pytest.CaptureFixture[str]) -> None:
    # every command taking --option NAME=VALUE reports a bad value the same way
    position = str(Path(__file__).parent / "examples" / "monster_basic_8.json")
    for argv in (
        ["monster", position, "--tile", "8"],
        ["move", position, "--pawn", "x", "--path", "N"],
        ["simulate", "--games", "1"],
        ["play", "--watch"],
    ):
        assert cli.main([*argv, "--option", "slide_over_pawn=fly"]) == 2, argv
        out, err = capsys.readouterr()
        assert out == ""
        assert err.startswith("error: ") and "slide_over_pawn" in err and "fly" in err, err
