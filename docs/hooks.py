"""MkDocs hooks of the documentation site (mkdocs.yml ``hooks:``).

* the repository URL comes from one place, ``[project.urls] Source`` in pyproject.toml;
* the committed, executed notebooks of ``notebooks/`` become pages of the "Notebooks"
  section, all of them in file order (rendered by mkdocs-jupyter with their static SVG
  boards; nothing is executed again);
* links from the documents to files of the repository outside ``docs/`` (``../tests/...``)
  point to that file in the repository, so they work on GitHub and on the site alike;
* ``<!-- cli-help: COMMAND -->`` in a page becomes the ``--help`` text of that subcommand;
* ``<!-- api: PACKAGE -->`` becomes the reference of every name in ``PACKAGE.__all__``,
  grouped by the module defining it (so a new public name is documented without editing).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[1]


def project_urls() -> dict[str, str]:
    """``[project.urls]`` of pyproject.toml (tomllib, or a small reader on Python 3.10)."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    try:
        import tomllib

        urls: dict[str, str] = tomllib.loads(text)["project"]["urls"]
        return urls
    except ImportError:  # pragma: no cover - Python 3.10
        table = text.split("[project.urls]", 1)[1].split("\n[", 1)[0]
        return dict(re.findall(r'^(\w[\w ]*?)\s*=\s*"([^"]+)"', table, re.M))


def on_config(config: Any) -> Any:
    # every committed notebook is a page of the "Notebooks" section, in file order
    notebooks = [f"notebooks/{nb.name}" for nb in sorted((ROOT / "notebooks").glob("*.ipynb"))]
    for entry in config.nav:
        if isinstance(entry, dict) and "Notebooks" in entry:
            entry["Notebooks"] = notebooks
    urls = project_urls()
    config.repo_url = urls["Source"]
    config.repo_name = urls["Source"].rstrip("/").rsplit("/", 1)[-1]
    config.site_url = urls.get("Documentation")
    return config


@event_priority(100)  # before mkdocs-jupyter turns .ipynb files into pages
def on_files(files: Files, config: Any) -> Files:
    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        # src_dir is the repository: the page's source path is then the notebook itself
        files.append(
            File(
                f"notebooks/{nb.name}",
                src_dir=str(ROOT),
                dest_dir=config.site_dir,
                use_directory_urls=config.use_directory_urls,
            )
        )
    return files


_OUTSIDE_LINK = re.compile(r"\]\(\.\./((?:tests|finstere_widget|notebooks|benchmarks)/[^)#\s]*)\)")
_CLI_HELP = re.compile(r"<!-- cli-help: ?([\w-]*) -->")


def cli_help(command: str) -> str:
    """The ``--help`` text of ``finstere-widget COMMAND`` (the top level for ''), in English
    whatever the builder's locale: the site is written in English."""
    import argparse

    from finstere_widget.cli import build_parser

    parser = build_parser(prog="finstere-widget", lang="en")
    if command:
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        if command not in sub.choices:
            raise ValueError(f"cli.md: no subcommand {command!r}")
        parser = sub.choices[command]
    return parser.format_help()


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    blob = config.repo_url.rstrip("/") + "/blob/main/"
    markdown = _OUTSIDE_LINK.sub(lambda m: f"]({blob}{m.group(1)})", markdown)
    markdown = _CLI_HELP.sub(lambda m: f"```text\n{cli_help(m.group(1)).rstrip()}\n```", markdown)
    return _API.sub(lambda m: api_markdown(m.group(1)), markdown)


_API = re.compile(r"<!-- api: ([\w.]+) -->")


#: the order of the groups on the API page (modules not listed follow in __all__ order)
API_ORDER = [
    "board",
    "pieces",
    "position",
    "options",
    "monster",
    "events",
    "moves",
    "game",
    "setup",
    "bots",
    "danger",
    "simulation",
    "replay",
    "errors",
]


def api_groups(package: str) -> list[tuple[str, str, list[str]]]:
    """Every name of ``package.__all__`` grouped by the module that defines it:
    ``[(module path, module title, [names])]``."""
    import importlib
    import inspect

    import griffe

    runtime = importlib.import_module(package)
    loaded = griffe.load(package, search_paths=[str(ROOT)])
    groups: dict[str, list[str]] = {}
    for name in runtime.__all__:
        value = getattr(runtime, name)
        if inspect.isclass(value) or inspect.isfunction(value):
            module = value.__module__
        else:  # constants and type aliases: where griffe finds them assigned
            obj = loaded[name]
            module = (obj.target_path if obj.is_alias else obj.path).rsplit(".", 1)[0]
        groups.setdefault(module, []).append(name)

    def rank(module: str) -> int:
        last = module.rsplit(".", 1)[-1]
        return API_ORDER.index(last) if last in API_ORDER else len(API_ORDER)

    out = []
    for module in sorted(groups, key=rank):
        mod = loaded.modules_collection[module]
        doc = mod.docstring.value if mod.docstring else module
        title = re.split(r"(?<=[.:])\s", " ".join(doc.split()), maxsplit=1)[0]
        title = re.sub(r"\s*\([^)]*\)?", "", title).replace("``", "`").rstrip(".:, ")
        out.append((module, title, groups[module]))
    return out


def api_markdown(package: str) -> str:
    """Headings and mkdocstrings directives for every public name of ``package``."""
    parts = []
    # the widgets are put together from parts (BoardWidget's mixins, one module each): show
    # the methods each class inherits from the package's own parts too
    inherited = "      inherited_members: true\n" if package.endswith(".widget") else ""
    for module, title, members in api_groups(package):
        parts.append(f"### {title}\n\n`{module}`\n")
        parts.extend(
            f"::: {package}.{name}\n    options:\n      heading_level: 4\n{inherited}"
            for name in members
        )
    return "\n".join(parts)


_ROLE = re.compile(r":(?:class|meth|func|mod|attr|data|exc|obj):(?=<code>)")


def on_page_content(html: str, page: Any, config: Any, files: Files) -> str:
    """Docstrings use Sphinx roles (``:class:`Position```); the site shows just the name."""
    return _ROLE.sub("", html)
