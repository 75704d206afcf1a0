"""The documentation site works offline and whole (#29): no page loads anything from
another host (fonts, the repository host's API, a CDN), and every page's HTML, read the way
a browser reads it, holds every section its contents list. docs/hooks.py fails the build
otherwise; these tests check that it does, and build the site."""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def hooks() -> ModuleType:
    sys.path.insert(0, str(DOCS))
    try:
        return importlib.import_module("hooks")
    finally:
        sys.path.remove(str(DOCS))


PAGE = """<html><head><title>API</title>
<link rel="canonical" href="https://example.org/api.html">
<link rel="stylesheet" href="assets/main.css"></head><body>
<h2 id="drawing">Drawing</h2><p>{doc}</p><h2 id="widgets">Widgets</h2>
<footer>search</footer></body></html>"""


def test_a_bare_title_in_a_docstring_swallows_the_sections_after_it() -> None:
    h = hooks()
    whole = PAGE.format(doc="its <code>&lt;title&gt;</code>, a palette")
    assert h.missing_sections(whole, ["drawing", "widgets"]) == []
    cut = PAGE.format(doc="its <title>, a palette")  # the API page before this fix
    assert h.missing_sections(cut, ["drawing", "widgets"]) == ["widgets"]


@pytest.mark.parametrize(
    "markup",
    [
        '<link rel="stylesheet" href="https://fonts.googleapis.com/css?family=Roboto">',
        '<link rel="preconnect" href="https://fonts.gstatic.com" crossorigin>',
        '<script src="//cdn.example.com/x.js"></script>',
        '<img srcset="a.png 1x, https://img.example.com/b.png 2x">',
        "<style>@import url(https://fonts.example.com/a.css);</style>",
        "<div style=\"background: url('https://x.example.com/a.png')\"></div>",
        '<script type="module">await import("https://cdnjs.cloudflare.com/m.mjs")</script>',
        '<div class="md-source" data-md-component="source"></div>',  # api.github.com
    ],
)
def test_a_load_from_another_host_is_found(markup: str) -> None:
    assert hooks().external_loads(PAGE.format(doc=markup))


def test_links_namespaces_and_local_files_are_not_loads() -> None:
    markup = (
        '<a href="https://github.com/x/y">source</a><img src="../images/tie.svg">'
        '<svg xmlns="http://www.w3.org/2000/svg"><title>board</title></svg>'
        '<script>var ns = "http://www.w3.org/2000/svg";</script>'
    )
    assert hooks().external_loads(PAGE.format(doc=markup)) == []


def test_the_theme_uses_the_systems_fonts_and_no_repository_statistics() -> None:
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert re.search(r"^\s+font: false\b", text, re.M)
    assert not re.search(r"^repo_url:", text, re.M)
    assert "config.repo_url" not in (DOCS / "hooks.py").read_text(encoding="utf-8")


def test_the_api_page_promises_the_public_modules() -> None:
    page = (DOCS / "api.md").read_text(encoding="utf-8")
    for package in (
        "finstere_widget.engine",
        "finstere_widget.render",
        "finstere_widget.render.animate",
        "finstere_widget.marimo",
        "finstere_widget.design",
        "finstere_widget.teach",
        "finstere_widget.widget",
    ):
        assert f"<!-- api: {package} -->" in page, package
    h = hooks()
    listed = {
        n
        for p in ("finstere_widget.render.animate", "finstere_widget.design")
        for _, _, names in h.api_groups(p)
        for n in names
    }
    assert {"turn_svg", "turn_gif", "turn_handout", "make_bot"} <= listed


def test_no_docstring_holds_bare_markup() -> None:
    """A tag in a docstring outside backticks is written into the API page as a tag."""
    import ast

    tag = re.compile(r"<[a-zA-Z/!][^>\n]*>")
    found = []
    for path in sorted((ROOT / "finstere_widget").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                doc = ast.get_docstring(node, clean=False) or ""
                bare = re.sub(r"``.*?``|`[^`]*`", "", doc, flags=re.S)
                found += [f"{path.name}: {m.group(0)}" for m in tag.finditer(bare)]
    assert found == []


@pytest.mark.slow
def test_the_site_builds_offline_and_whole(tmp_path: Path) -> None:
    """The strict build (docs/hooks.py checks each page as it is written), then every page
    of the result read again: nothing loaded from another host, the API page whole."""
    site = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(ROOT)},
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    h = hooks()
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 20
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert h.external_loads(html) == [], page
    api = h.read_page((site / "api.html").read_text(encoding="utf-8")).heading_ids
    for name in ("finstere_widget.marimo.board", "finstere_widget.render.animate.turn_gif"):
        assert any(name in i for i in api), name
    assert "search" in (site / "api.html").read_text(encoding="utf-8").rsplit("</article>", 1)[-1]
