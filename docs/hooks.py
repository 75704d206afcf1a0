"""MkDocs hooks of the documentation site (mkdocs.yml ``hooks:``).

* the repository URL comes from one place, ``[project.urls] Source`` in pyproject.toml;
* the committed, executed notebooks become pages of the "Notebooks" section, a section per
  language (English ``notebooks/``, then ``notebooks/fr/``, ``de/``, ``it/``, ``cs/``), each
  with every student edition in file order (rendered by mkdocs-jupyter with their static
  SVG boards; nothing is executed again); a translated lesson's page says its language
  (``<html lang="fr">``). The teacher's editions (``teacher/``: the exercises' answers) are
  not published (docs/teaching.md says why);
* links from the documents to files of the repository outside ``docs/`` (``../tests/...``)
  point to that file (or folder) in the repository, so they work on GitHub and on the site
  alike;
* ``<!-- cli-help: COMMAND -->`` in a page becomes the ``--help`` text of that subcommand;
* ``<!-- api: PACKAGE -->`` becomes the reference of every name in ``PACKAGE.__all__``,
  grouped by the module defining it (so a new public name is documented without editing);
* every page works offline and behind a classroom's firewall: the build fails when a page
  would load anything from another host (a font, a script, a stylesheet, a picture) or ask
  a repository host for its statistics (:func:`external_loads`);
* the build fails when a page's HTML, read the way a browser reads it, does not hold every
  section its table of contents lists (a bare ``<title>`` in a docstring swallowed the rest
  of the API page: :func:`missing_sections`);
* ``python docs/hooks.py digest`` prints :func:`sources_digest`: ``bash .ci/docs`` stamps
  the site it built with it (:data:`STAMP`), and tests/test_docs_site.py reads that site
  rather than building it a second time while the sources are the same.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files

from finstere_widget.engine import i18n as _i18n

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


#: the lessons' languages, English first, each named in itself (the package's list)
LANGUAGES: dict[str, str] = dict(_i18n.LANGUAGES)


def lesson_folder(lang: str, root: Path = ROOT) -> Path:
    """Where the student editions of ``lang`` are: ``notebooks/``, ``notebooks/fr/``..."""
    return root / "notebooks" if lang == "en" else root / "notebooks" / lang


def lessons(root: Path = ROOT) -> dict[str, list[str]]:
    """The notebooks the site publishes, by language: every student edition, in file
    order (paths from the repository's root). Not the teacher's editions (``teacher/``)."""
    return {
        lang: [
            nb.relative_to(root).as_posix()
            for nb in sorted(lesson_folder(lang, root).glob("*.ipynb"))
        ]
        for lang in LANGUAGES
    }


def notebook_nav() -> list[dict[str, list[str]]]:
    """The "Notebooks" section: a section per language, named in that language."""
    return [{LANGUAGES[lang]: pages} for lang, pages in lessons().items()]


def page_language(src_uri: str) -> str:
    """The language of the page made from ``src_uri``: a lesson's folder, else English."""
    parts = src_uri.split("/")
    if len(parts) == 3 and parts[0] == "notebooks" and parts[1] in LANGUAGES:
        return parts[1]
    return "en"


_HTML_LANG = re.compile(r'(<html\b[^>]*?\blang=")[^"]*(")', re.I)


def with_language(html: str, lang: str) -> str:
    """``html`` with its ``<html lang>`` set to ``lang`` (the theme writes the site's)."""
    return html if lang == "en" else _HTML_LANG.sub(rf"\g<1>{lang}\g<2>", html, count=1)


def on_config(config: Any) -> Any:
    # every student lesson is a page of the "Notebooks" section, under its language
    for entry in config.nav:
        if isinstance(entry, dict) and "Notebooks" in entry:
            entry["Notebooks"] = notebook_nav()
    urls = project_urls()
    # not ``repo_url``: the theme would ask the repository host's API for its stars and
    # forks on every page (no network in a classroom); a plain link in the footer instead
    config.extra["repository"] = urls["Source"]
    config.extra["social"] = [
        {"icon": "fontawesome/brands/git-alt", "link": urls["Source"], "name": "Source code"}
    ]
    config.site_url = urls.get("Documentation")
    return config


@event_priority(100)  # before mkdocs-jupyter turns .ipynb files into pages
def on_files(files: Files, config: Any) -> Files:
    for nb in (nb for pages in lessons().values() for nb in pages):
        # src_dir is the repository: the page's source path is then the notebook itself
        files.append(
            File(
                nb,
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
    source = project_urls()["Source"].rstrip("/")

    def repository(m: re.Match[str]) -> str:  # a folder is a tree, a file a blob
        kind = "tree" if m.group(1).endswith("/") else "blob"
        return f"]({source}/{kind}/main/{m.group(1)})"

    markdown = _OUTSIDE_LINK.sub(repository, markdown)
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


@functools.lru_cache(maxsize=2)
def _griffe_load(package: str) -> Any:
    """``package`` and all its modules as griffe reads them: once a build (the API page
    has a section per subpackage; each read the whole package again, 12 s of the build)."""
    import griffe

    return griffe.load(package, search_paths=[str(ROOT)])


def api_groups(package: str) -> list[tuple[str, str, list[str]]]:
    """Every name of ``package.__all__`` grouped by the module that defines it:
    ``[(module path, module title, [names])]``."""
    import importlib
    import inspect

    runtime = importlib.import_module(package)
    top, _, rest = package.partition(".")
    loaded = _griffe_load(top)
    if rest:
        loaded = loaded[rest]
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
    """Docstrings use Sphinx roles (``:class:`Position```); the site shows just the name.
    A notebook page's contents list their anchors as the headings' ids (mkdocs-jupyter
    left out the code in a heading: "`slide_over_pawn` (M9): ..." linked nowhere), each
    heading with an id of its own (:func:`unique_heading_ids`)."""
    html = unique_heading_ids(html)
    _follow_heading_ids(page.toc, read_page(html).heading_ids)
    return _ROLE.sub("", html)


_HEADING = re.compile(r'(<h([1-6])\b[^>]*?\bid=")([^"]+)(")(.*?</h\2>)', re.S)


def unique_heading_ids(html: str) -> str:
    """``html`` with a repeated heading id numbered the way the contents number it (the
    second ``check`` is ``check_1``, the third ``check_2``), its ¶ link too: mkdocs-jupyter
    gives a notebook's headings of the same words one id, so the contents' links to the
    later ones went nowhere."""
    taken = set(read_page(html).heading_ids)
    seen: set[str] = set()

    def number(m: re.Match[str]) -> str:
        hid = m.group(3)
        if hid not in seen:
            seen.add(hid)
            return m.group(0)
        n = 1
        while f"{hid}_{n}" in taken:
            n += 1
        new = f"{hid}_{n}"
        taken.add(new)
        seen.add(new)
        inner = m.group(5).replace(f'href="#{hid}"', f'href="#{new}"')
        return f"{m.group(1)}{new}{m.group(4)}{inner}"

    return _HEADING.sub(number, html)


def _follow_heading_ids(toc: Any, heading_ids: list[str]) -> None:
    """Point each entry of ``toc`` whose anchor no heading carries at the one heading whose
    id ends with it (the same words, with the heading's code in front)."""
    present = set(heading_ids)

    def visit(items: Any) -> None:
        for item in items:
            if item.id not in present:
                ends = [h for h in heading_ids if h.endswith("-" + item.id)]
                if len(ends) == 1:
                    item.id = ends[0]
            visit(item.children)

    visit(toc)


# --- every page offline, and whole ----------------------------------------------------------

#: elements whose text a browser reads raw up to their end tag, whatever it holds: a bare
#: ``<title>`` in a page's body swallows everything after it
RAW_TEXT = ("title", "textarea", "xmp", "iframe", "noembed", "noframes", "script", "style")
#: attributes that make a browser fetch what they name
LOADING = {"src", "srcset", "poster", "data", "background"}
#: ``<link rel=...>`` values that fetch nothing
NOT_LOADED = {"canonical", "alternate", "author", "license", "help", "me", "next", "prev"}
_URL = re.compile(r"""(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}[^\s"'()<>]*""", re.I)
#: in CSS (``url(...)``, ``@import``) and in scripts: a full URL only
_CSS_URL = re.compile(r"""(?:url\(\s*["']?|@import\s+["']?)((?:https?:)?//[^"')\s]+)""", re.I)
_SCRIPT_URL = re.compile(r"""["'`]((?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}[^"'`\s]*)["'`]""", re.I)


class _Page(HTMLParser):
    """A page read the way a browser reads it: headings' ids, and what it loads."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.heading_ids: list[str] = []
        self.loads: list[str] = []
        self.asks_repository = False
        self._raw: str | None = None
        self._raw_text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if re.fullmatch(r"h[1-6]", tag) and values.get("id"):
            self.heading_ids.append(values["id"])
        if values.get("data-md-component") == "source":
            self.asks_repository = True  # the theme fetches the repository's statistics
        rel = set(values.get("rel", "").lower().split())
        for name, value in values.items():
            if name in LOADING or (name == "href" and tag == "link" and not rel <= NOT_LOADED):
                self.loads += [u for u in re.split(r",\s*", value) if _URL.match(u.strip())]
            elif name == "style":
                self.loads += _CSS_URL.findall(value)
        if tag in RAW_TEXT:
            self._raw = tag
            self._raw_text = []
            self.set_cdata_mode(tag)

    def handle_data(self, data: str) -> None:
        if self._raw is not None:
            self._raw_text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._raw is not None and tag == self._raw:
            text = "".join(self._raw_text)
            if tag == "style":
                self.loads += _CSS_URL.findall(text)
            elif tag == "script":
                self.loads += _SCRIPT_URL.findall(text)
            self._raw = None


@functools.lru_cache(maxsize=4)
def read_page(html: str) -> _Page:
    """``html`` read as a browser reads it; the same page read again (each check of a page
    reads it) is the reading kept: read the result, never change it."""
    page = _Page()
    page.feed(html)
    page.close()
    return page


#: names, not places: XML namespaces and DTD identifiers, which no browser fetches
NAMES_ONLY = re.compile(r"(?:https?:)?//www\.w3\.org/", re.I)


def external_loads(html: str) -> list[str]:
    """What ``html`` would fetch from another host (fonts, scripts, stylesheets, pictures,
    a script's ``import``/``fetch`` of a full URL), and the repository statistics the theme
    asks for; ``[]`` when the page works offline."""
    page = read_page(html)
    loads = [u for u in page.loads if not NAMES_ONLY.match(u)]
    return loads + (["the repository host's API (repo_url)"] if page.asks_repository else [])


def missing_sections(html: str, toc_ids: list[str]) -> list[str]:
    """The ids of the table of contents that no heading of ``html`` carries, the page read
    as a browser reads it (a raw-text element left open swallows the headings after it)."""
    found = set(read_page(html).heading_ids)
    return [i for i in toc_ids if i not in found]


def _toc_ids(items: Any) -> list[str]:
    out: list[str] = []
    for item in items:
        out.append(item.id)
        out += _toc_ids(item.children)
    return out


#: mkdocs-jupyter's pages load mermaid from a CDN when a notebook holds a diagram; ours
#: hold none, so the loader goes (and a page that needs it fails the offline check)
_MERMAID_LOADER = re.compile(
    r'<script type="module">(?:(?!</script>).)*?cdnjs\.cloudflare\.com/ajax/libs/mermaid.*?</script>',
    re.S,
)


def on_post_page(output: str, page: Any, config: Any) -> str:
    if not re.search(r'class="[^"]*\bjp-Mermaid\b', output):  # no diagram on the page
        output = _MERMAID_LOADER.sub("", output)
    where = page.file.src_uri
    loads = external_loads(output)
    if loads:
        raise PluginError(f"{where}: loads from another host (offline, firewalls): {loads[:5]}")
    missing = missing_sections(output, _toc_ids(page.toc))
    if missing:
        raise PluginError(
            f"{where}: the HTML, read as a browser reads it, lacks {len(missing)} of the "
            f"sections its contents list, from {missing[0]!r} on (markup in a docstring?)"
        )
    return with_language(output, page_language(where))


# --- a site built once in CI -----------------------------------------------------------------

#: the file in the site's folder holding :func:`sources_digest` of the sources it was built
#: from (written by ``bash .ci/docs`` once the strict build has passed; any later build
#: empties the folder first, so a stamp is never left beside another build's pages)
STAMP = "built-from.txt"
#: what the pages are made of, beside the lessons (:func:`lessons`)
SOURCES = ("mkdocs.yml", "pyproject.toml", "docs/**/*", "finstere_widget/**/*")
#: the tools that make the pages
BUILDERS = (
    "mkdocs",
    "mkdocs-material",
    "mkdocs-jupyter",
    "mkdocstrings",
    "mkdocstrings-python",
    "griffe",
    "nbconvert",
    "pymdown-extensions",
    "markdown",
)


def sources_digest(root: Path = ROOT) -> str:
    """A SHA-256 of everything the site is built from: the configuration, docs/, the
    package (its docstrings are the API page, its parser the command line's help), the
    published notebooks, and the versions of the tools that build it. The teacher's
    editions, the tests and the notebooks' sources are not read by the build."""
    files = {p for pattern in SOURCES for p in root.glob(pattern) if p.is_file()}
    files |= {root / nb for pages in lessons(root).values() for nb in pages}
    h = hashlib.sha256(sys.version.encode())
    for name in BUILDERS:
        try:
            h.update(f"{name}=={importlib.metadata.version(name)}\n".encode())
        except importlib.metadata.PackageNotFoundError:
            h.update(f"{name} missing\n".encode())
    for path in sorted(files):
        if "__pycache__" in path.parts:
            continue
        h.update(path.relative_to(root).as_posix().encode() + b"\0")
        h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()


if __name__ == "__main__":
    if sys.argv[1:] != ["digest"]:
        sys.exit("usage: python docs/hooks.py digest")
    print(sources_digest())
