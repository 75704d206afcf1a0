"""The documentation site works offline and whole (#29): no page loads anything from
another host (fonts, the repository host's API, a CDN), and every page's HTML, read the way
a browser reads it, holds every section its contents list. docs/hooks.py fails the build
otherwise; these tests check that it does, and build the site."""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import sys
from html import escape
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


LANGS = ("en", "fr", "de", "it", "cs")


def _lessons(lang: str, teacher: bool = False) -> list[str]:
    """The committed notebooks of ``lang`` (its student editions, or its teacher's)."""
    folder = ROOT / "notebooks" / ("" if lang == "en" else lang) / ("teacher" if teacher else "")
    return sorted(p.relative_to(ROOT).as_posix() for p in folder.glob("*.ipynb"))


def test_the_notebooks_section_has_every_student_lesson_in_every_language() -> None:
    """#31: "Notebooks" holds a section per language (English, Français, Deutsch, Italiano,
    Čeština), each with every student edition of that language in file order; the teacher's
    editions (the exercises' answers) are not published."""
    sections = hooks().notebook_nav()
    assert [next(iter(s)) for s in sections] == [
        "English",
        "Français",
        "Deutsch",
        "Italiano",
        "Čeština",
    ]
    for lang, section in zip(LANGS, sections, strict=True):
        (pages,) = section.values()
        assert pages == _lessons(lang) and len(pages) >= 13, lang
        assert not set(pages) & set(_lessons(lang, teacher=True)), lang
    assert not [p for s in sections for ps in s.values() for p in ps if "teacher/" in p]


def test_a_translated_lesson_page_says_its_language() -> None:
    h = hooks()
    page = '<!doctype html>\n<html lang="en" class="no-js">\n<head></head></html>'
    assert h.page_language("notebooks/fr/01_tour.ipynb") == "fr"
    assert h.page_language("notebooks/01_tour.ipynb") == "en"
    assert h.page_language("rules.md") == "en"
    assert '<html lang="cs" class="no-js">' in h.with_language(page, "cs")
    assert h.with_language(page, "en") == page


def _digest_tree(root: Path) -> None:
    for rel, text in {
        "mkdocs.yml": "site_name: x",
        "pyproject.toml": "[project]",
        "docs/index.md": "# home",
        "notebooks/01_tour.ipynb": "{}",
        "notebooks/fr/01_tour.ipynb": "{}",
        "notebooks/fr/teacher/01_tour.ipynb": "{}",
        "notebooks/src/01_tour.md": "# tour",
        "finstere_widget/__init__.py": "",
        "tests/test_x.py": "",
    }.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")


@pytest.mark.parametrize(
    ("changed", "site_changes"),
    [
        ("notebooks/fr/01_tour.ipynb", True),
        ("notebooks/01_tour.ipynb", True),
        ("docs/index.md", True),
        ("docs/new_page.md", True),
        ("mkdocs.yml", True),
        ("finstere_widget/__init__.py", True),  # the API page, the command line's help
        ("notebooks/fr/teacher/01_tour.ipynb", False),  # not on the site
        ("tests/test_x.py", False),
    ],
)
def test_the_sources_digest_follows_what_the_site_is_built_from(
    tmp_path: Path, changed: str, site_changes: bool
) -> None:
    """.ci/docs stamps the site it built with the digest of its sources; the build test
    reads that site instead of building it again only while the digest is unchanged."""
    h = hooks()
    _digest_tree(tmp_path)
    before = h.sources_digest(tmp_path)
    assert h.sources_digest(tmp_path) == before
    (tmp_path / changed).write_text("changed", encoding="utf-8")
    assert (h.sources_digest(tmp_path) != before) is site_changes


def _build(site: Path) -> None:
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


@pytest.fixture(scope="module")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The strict build (docs/hooks.py checks each page as it is written): the one
    ``bash .ci/docs`` made in site/ when its stamp holds the digest of today's sources
    (.ci/test runs it just before pytest; no need to build it twice), else built here."""
    h = hooks()
    stamp = ROOT / "site" / h.STAMP
    if stamp.is_file() and stamp.read_text(encoding="utf-8").strip() == h.sources_digest():
        return ROOT / "site"
    site = tmp_path_factory.mktemp("docs") / "site"
    _build(site)
    return site


@pytest.mark.slow
def test_the_site_builds_offline_and_whole(built_site: Path) -> None:
    """Every page of the strict build read again: nothing loaded from another host, the
    API page whole."""
    site = built_site
    h = hooks()
    # the site's own pages (site/lite is the JupyterLite build, tests/test_lite*.py)
    pages = sorted(p for p in site.rglob("*.html") if "lite" not in p.relative_to(site).parts)
    assert len(pages) > 20
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert h.external_loads(html) == [], page
    api = h.read_page((site / "api.html").read_text(encoding="utf-8")).heading_ids
    for name in ("finstere_widget.marimo.board", "finstere_widget.render.animate.turn_gif"):
        assert any(name in i for i in api), name
    assert "search" in (site / "api.html").read_text(encoding="utf-8").rsplit("</article>", 1)[-1]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("lang", "title", "sentence"),
    [
        ("fr", "Finstere Flure — visite du plateau", "Les plateaux ci-dessous sont des"),
        ("de", None, None),
        ("it", None, None),
        ("cs", None, None),
    ],
)
def test_every_lesson_reads_in_its_language_on_the_site(
    built_site: Path, lang: str, title: str | None, sentence: str | None
) -> None:
    """#31: every student lesson of every language is a page of the site, in the
    "Notebooks" section under its language's name, with its language on the page (``<html
    lang>``: screen readers, hyphenation) and its own title and text; no teacher's edition
    is published."""
    h = hooks()
    for nb in _lessons(lang):
        page = built_site / nb.replace(".ipynb", ".html")
        html = page.read_text(encoding="utf-8")
        assert f'<html lang="{lang}"' in html, page
        source = json.loads((ROOT / nb).read_text(encoding="utf-8"))
        heading = "".join(source["cells"][0]["source"]).splitlines()[0].lstrip("# ").strip()
        assert f"<title>{escape(heading, quote=False)} - " in html, (page, heading)
    tour = (built_site / "notebooks" / lang / "01_tour.html").read_text(encoding="utf-8")
    if title is not None:
        assert f"<title>{title} - finstere_widget</title>" in tour
    if sentence is not None:
        assert sentence in tour
    # the section of the navigation, named in the language
    name = h.LANGUAGES[lang]
    assert re.search(rf">\s*{re.escape(name)}\s*<", tour), name
    english = (built_site / "notebooks" / "01_tour.html").read_text(encoding="utf-8")
    assert '<html lang="en"' in english
    assert not [p for p in built_site.rglob("*") if "teacher" in p.relative_to(built_site).parts]


def test_ci_docs_stamps_the_site_after_the_strict_build() -> None:
    """The digest is taken before the build and written only once the strict build has
    passed (``set -e``): a stamp never vouches for a failed or a later build."""
    script = (ROOT / ".ci" / "docs").read_text(encoding="utf-8")
    digest = script.index("python docs/hooks.py digest")
    build = script.index("mkdocs build --strict --clean --site-dir site")
    stamp = script.index(f">site/{hooks().STAMP}")
    assert "set -euo pipefail" in script and digest < build < stamp


def test_a_heading_repeated_in_a_notebook_gets_the_id_its_contents_link_to() -> None:
    """A lesson's "Vérifie tes prédictions" under each example: the contents list links
    to ``..._1`` and ``..._2`` (the Markdown way), mkdocs-jupyter gave the three headings
    one id; the page's second and third headings now carry the ids linked to."""
    h = hooks()
    heading = '<h3 id="check">Check<a class="anchor-link" href="#check">¶</a></h3><p>x</p>'
    html = f'<h2 id="one">One</h2>{heading}{heading}<h2 id="two">Two</h2>{heading}'
    toc = ["one", "check", "check_1", "two", "check_2"]
    assert h.missing_sections(html, toc) == ["check_1", "check_2"]
    fixed = h.unique_heading_ids(html)
    assert h.missing_sections(fixed, toc) == []
    assert h.read_page(fixed).heading_ids == ["one", "check", "check_1", "two", "check_2"]
    assert 'href="#check_2">¶' in fixed and fixed.count('href="#check">') == 1
    assert h.unique_heading_ids(fixed) == fixed


def test_the_teaching_page_has_a_line_per_language() -> None:
    """#31: a teacher finds each language's guide, tour, JupyterLite lessons, teacher's
    editions and worksheets on one line; every link names a file or folder that exists."""
    text = (DOCS / "teaching.md").read_text(encoding="utf-8")
    h = hooks()
    for lang, name in h.LANGUAGES.items():
        (line,) = [ln for ln in text.split("\n- ") if ln.startswith(f"**{name}**")]
        sub = "" if lang == "en" else f"{lang}/"
        lite_tag = "" if lang == "en" else f".{lang}"  # tools/lite.py site_path
        for target in (
            f"](notebooks/{sub}00_teachers_guide.ipynb)",
            f"](notebooks/{sub}01_tour.ipynb)",
            f'href="lite/lab/index.html?path={sub}01_tour{lite_tag}.ipynb"',
            f"](../notebooks/{sub}teacher/)",
            f"](../notebooks/worksheets/{sub})",
        ):
            assert target in line, (lang, target)
        for path in re.findall(r"\]\(\.\./([^)]+)\)|\]\(([^)]+\.ipynb)\)", line):
            rel = path[0] or f"notebooks/{path[1].split('notebooks/', 1)[1]}"
            assert (ROOT / rel).exists(), rel
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    for lang in h.LANGUAGES:
        path = "01_tour.ipynb" if lang == "en" else f"{lang}/01_tour.{lang}.ipynb"
        assert f'href="lite/lab/index.html?path={path}"' in index, lang


def test_a_link_to_a_repository_folder_opens_the_folder() -> None:
    """The teaching page links the teacher's editions' folders (not on the site): a folder
    is a ``tree/`` address in the repository, a file a ``blob/`` one."""
    h = hooks()
    source = h.project_urls()["Source"].rstrip("/")
    text = "[editions](../notebooks/fr/teacher/) and [a test](../tests/test_lite.py)"
    out = h.on_page_markdown(text, None, None, None)
    assert f"]({source}/tree/main/notebooks/fr/teacher/)" in out
    assert f"]({source}/blob/main/tests/test_lite.py)" in out
