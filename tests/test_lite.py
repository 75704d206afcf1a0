"""The JupyterLite build's parts that need no browser (tools/lite.py; the site itself is
opened offline by tests/browser/test_lite_browser.py)."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import lite  # type: ignore[import-not-found]  # noqa: E402

sys.path.pop(0)


def _code_cells(nb: Path) -> list[str]:
    cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


#: every notebook the site ships: (language, its file under notebooks/)
SHIPPED = [(lang, nb) for lang in lite.LANGS for nb in lite.lesson_files(lang)]


def _id(case: tuple[str, Path]) -> str:
    return case[1].relative_to(ROOT / "notebooks").as_posix()


def test_the_sites_languages_are_the_packages() -> None:
    from finstere_widget.engine.i18n import LANGUAGES

    assert list(lite.LANGS) == list(LANGUAGES)


@pytest.mark.parametrize("case", SHIPPED, ids=_id)
def test_every_notebook_in_the_site_installs_the_package_first(case: tuple[str, Path]) -> None:
    lang, nb = case
    cells = _code_cells(nb)
    if lang == "en":
        assert cells[0] == lite.INSTALL_CELL, (
            f"{nb.name}: the first code cell is not the install cell"
        )
    # a translated lesson's install cell says it in its language: the same code
    assert lite.is_install_cell(cells[0]), f"{_id(case)}: the first code cell is no install cell"
    assert all("piplite" not in c for c in cells[1:])


def test_an_install_cell_is_known_by_its_code_whatever_its_comment_says() -> None:
    french = (
        "# Dans JupyterLite, ceci installe finstere_widget\n" + lite.INSTALL_CELL.split("\n", 2)[2]
    )
    assert lite.is_install_cell(lite.INSTALL_CELL) and lite.is_install_cell(french)
    assert not lite.is_install_cell("# a comment only")
    assert not lite.is_install_cell(french.replace("ipywidgets", "ipywidgets', 'numpy"))
    assert not lite.is_install_cell("import sys\n" + lite.INSTALL_CELL)


def test_every_lesson_in_every_language_and_the_guide_are_in_the_site() -> None:
    """#31: the teacher's guide (00, which recommends this site behind a firewall) and every
    student lesson, in the five languages; not the teacher's editions (their answers)."""
    assert lite.NOTEBOOKS[0] == "00"
    for lang in lite.LANGS:
        folder = ROOT / "notebooks" / ("" if lang == "en" else lang)
        on_disk = sorted(folder.glob("*.ipynb"))
        assert len(on_disk) >= 13, lang
        assert lite.lesson_files(lang) == on_disk, lang
        assert sorted(p.name.split("_", 1)[0] for p in on_disk) == list(lite.NOTEBOOKS), lang


#: compiled packages the site does not serve (Pyodide's builds of them are on no registry
#: the Lite build reaches): a notebook importing one would fail in the browser
NOT_IN_THE_SITE = ("matplotlib", "pandas", "numpy", "dask", "distributed", "tqdm", "PIL")
IMPORT = re.compile(r"^\s*(?:import|from)\s+([A-Za-z_][\w]*)", re.MULTILINE)


@pytest.mark.parametrize("case", SHIPPED, ids=_id)
def test_no_notebook_in_the_site_imports_a_package_the_site_lacks(case: tuple[str, Path]) -> None:
    nb = case[1]
    imported = {m for cell in _code_cells(nb) for m in IMPORT.findall(cell)}
    assert imported.isdisjoint(NOT_IN_THE_SITE), (nb.name, imported & set(NOT_IN_THE_SITE))
    for cell in _code_cells(nb):
        # the studies run in the kernel's process in Lite: any jobs= is chosen by platform
        for jobs in re.findall(r"jobs=(\w+)", cell):
            assert jobs in ("1", "JOBS"), f"{nb.name}: jobs={jobs} would start processes in Lite"


def test_lock_closure_follows_dependencies_and_names_a_missing_package() -> None:
    lock: dict[str, dict[str, Any]] = {
        "ipython": {"depends": ["traitlets", "pygments"]},
        "traitlets": {"depends": []},
        "pygments": {"depends": []},
        "micropip": {"depends": []},
        "numpy": {"depends": []},
    }
    assert lite.lock_closure(lock, ("IPython", "micropip")) == [
        "ipython",
        "micropip",
        "pygments",
        "traitlets",
    ]
    with pytest.raises(lite.LiteBuildError, match="no package 'ssl'"):
        lite.lock_closure(lock, ("ssl",))


def test_the_sites_notebooks_install_nothing(tmp_path: Path) -> None:
    """#29: the kernel starts with the package and its widgets (Pyodide's lock, loaded at
    start), so the site's copies of the notebooks hold no install cell doing network work."""
    copies = lite.lite_notebooks(tmp_path)
    assert len(copies) == len(SHIPPED) == len(lite.NOTEBOOKS) * len(lite.LANGS)
    for lang, nb in SHIPPED:
        # the English lessons at the site's top, as in notebooks/; the others in fr/, de/...
        copy = tmp_path / lite.site_path(lang, nb)
        assert copy in copies, copy
        assert copy.parent == (tmp_path if lang == "en" else tmp_path / lang)
        cells = _code_cells(copy)
        assert not [c for c in cells if "piplite" in c or "micropip" in c], _id((lang, nb))
        # the note in the lesson's language
        assert cells[0] == lite.PREINSTALLED_NOTES[lang], _id((lang, nb))
        assert cells[1:] == _code_cells(nb)[1:]
        meta = json.loads(copy.read_text(encoding="utf-8"))["metadata"]
        assert meta["kernelspec"] == lite.LITE_KERNELSPEC
    assert lite.PREINSTALLED_NOTES["en"] == lite.PREINSTALLED_NOTE
    assert len(set(lite.PREINSTALLED_NOTES.values())) == len(lite.LANGS)
    # what a lesson reads beside it comes too (10's saved study), beside every language's
    # lessons (the kernel's working folder is the notebook's): a copy, not a link
    for folder in (tmp_path, *(tmp_path / lang for lang in lite.LANGS[1:])):
        data = folder / "data" / "three_prey_6_lookahead.json"
        assert data.is_file() and not data.parent.is_symlink(), data
    assert not (tmp_path / "teacher").exists() and not (tmp_path / "fr" / "teacher").exists()


def test_the_kernel_preloads_what_the_first_cells_import() -> None:
    """The tour's imports (the package, its widgets, IPython) are loaded at the kernel's
    start, with the kernel's own packages (which it would otherwise install one by one)."""
    preload = {lite._norm(p) for p in lite.PRELOAD}
    assert {"finstere-widget", "anywidget", "ipywidgets", "ipython"} <= preload
    assert {"piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "micropip"} <= preload
    assert not {"matplotlib", "pandas", "numpy"} & preload


def test_a_wheel_becomes_a_lock_entry_with_its_pyodide_dependencies(tmp_path: Path) -> None:
    import zipfile

    wheel = tmp_path / "demo_pkg-1.2-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        zf.writestr("demo_pkg/__init__.py", "")
        zf.writestr("demo_helper.py", "")
        zf.writestr(
            "demo_pkg-1.2.dist-info/METADATA",
            "Metadata-Version: 2.1\nName: demo_pkg\nVersion: 1.2\n"
            "Requires-Dist: traitlets>=5\n"
            "Requires-Dist: pytest; extra == 'test'\n"
            'Requires-Dist: colorama; sys_platform == "win32"\n'
            "Requires-Dist: not-in-the-lock\n",
        )
    entry = lite.wheel_entry(wheel, {"traitlets", "pytest", "colorama"})
    assert entry["name"] == "demo-pkg" and entry["version"] == "1.2"
    assert entry["imports"] == ["demo_helper", "demo_pkg"]
    assert entry["depends"] == ["traitlets"]
    assert entry["file_name"] == wheel.name and len(str(entry["sha256"])) == 64


def test_every_notebook_in_the_site_has_a_name_of_its_own(tmp_path: Path) -> None:
    """JupyterLite gives a notebook opened the running session of any notebook with the
    same file name (its sessions are found by name, not path): ``fr/03_...ipynb`` opened
    after ``03_...ipynb`` found no kernel of its own. The site's copies of the translations
    carry their language in their names (``fr/03_basic_monster_example.fr.ipynb``)."""
    copies = lite.lite_notebooks(tmp_path)
    names = [c.name for c in copies]
    assert len(set(names)) == len(names)
    for lang, nb in SHIPPED:
        where = lite.site_path(lang, nb)
        assert (tmp_path / where) in copies, where
        if lang != "en":
            assert where == f"{lang}/{nb.stem}.{lang}.ipynb"


def test_every_link_to_the_lite_site_opens_a_notebook_it_ships(tmp_path: Path) -> None:
    """The documentation's "run in the browser" links (``lite/lab/index.html?path=...``)
    name notebooks the site has, in every language."""
    shipped = {c.relative_to(tmp_path).as_posix() for c in lite.lite_notebooks(tmp_path)}
    linked = {
        m
        for page in sorted((ROOT / "docs").glob("*.md"))
        for m in re.findall(r"lite/lab/index\.html\?path=([^\"'&)\s]+)", page.read_text("utf-8"))
    }
    assert {lite.site_path(lang, lite.lesson_files(lang)[1]) for lang in lite.LANGS} <= linked
    assert linked <= shipped, linked - shipped


#: run by Node in the site's own Pyodide (``node SCRIPT PYODIDE_DIR PACKAGES``): loads the
#: packages the kernel loads at start, then makes every module's source that has bytecode
#: beside it unreadable as Python before importing what the first cells import; prints
#: what it found (JSON)
_IMPORTS_FROM_BYTECODE_JS = r"""
const [dir, packages] = process.argv.slice(2);
const { loadPyodide } = await import(dir + "/pyodide.mjs");
const py = await loadPyodide({ indexURL: dir + "/", packages: JSON.parse(packages) });
py.globals.set("MODULES", JSON.stringify(MODULES_LIST));
console.log(await py.runPythonAsync(CHECK_PY));
"""

_IMPORTS_FROM_BYTECODE_PY = r"""
import importlib, importlib.util, json, os, sys, sysconfig
sys.dont_write_bytecode = True  # a .pyc found after the import was shipped, not written
site = sysconfig.get_paths()["purelib"]
spoiled, bare = 0, []
for folder, _, files in os.walk(site):
    for f in files:
        if f.endswith(".py"):
            path = os.path.join(folder, f)
            if os.path.exists(importlib.util.cache_from_source(path)):
                with open(path, "w") as out:
                    out.write("this is not Python: the import read the source (\n")
                spoiled += 1
            else:
                bare.append(os.path.relpath(path, site))
failed = {}
for name in json.loads(MODULES):
    try:
        importlib.import_module(name)
    except BaseException as exc:
        failed[name] = f"{type(exc).__name__}: {exc}"
json.dumps({"spoiled": spoiled, "bare": bare, "failed": failed})
"""

#: what the kernel's start and the tour's first cells import
_FIRST_IMPORTS = (
    "IPython",
    "ipykernel",
    "ipywidgets",
    "anywidget",
    "jedi",
    "micropip",
    "finstere_widget",
    "finstere_widget.widget",
    "finstere_widget.engine",
)


@pytest.mark.slow
def test_the_sites_packages_import_from_bytecode_compiled_at_build_time(tmp_path: Path) -> None:
    """#29's kernel start: every wheel the site's kernel loads carries the bytecode of its
    modules compiled by the site's own Python (tools/lite.py :func:`precompile`), so the
    page compiles no source at start. Checked in that Python (Pyodide, run by Node on the
    built site): with every source that has bytecode beside it replaced by text that is not
    Python, IPython, the widgets and this package still import; and the lock's hashes are
    those of the wheels shipped (Pyodide refuses a wheel whose hash differs)."""
    import hashlib
    import shutil
    import subprocess

    site = Path(os.environ.get("FINSTERE_LITE_SITE") or ROOT / "site" / "lite")
    if not (site / "jupyter-lite.json").exists():
        site = lite.build(tmp_path / "site", ROOT / ".cache" / "lite")
    folder = site / "static" / "pyodide"
    lock = json.loads((folder / "pyodide-lock.json").read_text(encoding="utf-8"))
    for name, entry in lock["packages"].items():
        data = (folder / entry["file_name"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"], name
    node = shutil.which("node")
    assert node is not None, "node (which the Lite build needs too) is missing"
    script = tmp_path / "check.mjs"
    script.write_text(
        _IMPORTS_FROM_BYTECODE_JS.replace("MODULES_LIST", json.dumps(list(_FIRST_IMPORTS))).replace(
            "CHECK_PY", json.dumps(_IMPORTS_FROM_BYTECODE_PY)
        ),
        encoding="utf-8",
    )
    done = subprocess.run(
        [node, str(script), str(folder.resolve()), json.dumps(list(lite.PRELOAD))],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["failed"] == {}, found
    assert found["spoiled"] > 1000, found["spoiled"]
    assert found["bare"] == [], f"sources with no bytecode beside them: {found['bare'][:10]}"
