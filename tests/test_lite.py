"""The JupyterLite build's parts that need no browser (tools/lite.py; the site itself is
opened offline by tests/browser/test_lite_browser.py)."""

from __future__ import annotations

import json
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


@pytest.mark.parametrize("prefix", lite.NOTEBOOKS)
def test_every_notebook_in_the_site_installs_the_package_first(prefix: str) -> None:
    (nb,) = sorted((ROOT / "notebooks").glob(f"{prefix}_*.ipynb"))
    cells = _code_cells(nb)
    assert cells[0] == lite.INSTALL_CELL, f"{nb.name}: the first code cell is not the install cell"
    assert all("piplite" not in c for c in cells[1:])


def test_every_notebook_is_in_the_site() -> None:
    # every lesson; the teacher's guide (00) is the teacher's, read before the class
    on_disk = sorted(
        p.name.split("_", 1)[0]
        for p in (ROOT / "notebooks").glob("*.ipynb")
        if not p.name.startswith("00_")
    )
    assert list(lite.NOTEBOOKS) == on_disk


#: compiled packages the site does not serve (Pyodide's builds of them are on no registry
#: the Lite build reaches): a notebook importing one would fail in the browser
NOT_IN_THE_SITE = ("matplotlib", "pandas", "numpy", "dask", "distributed", "tqdm", "PIL")
IMPORT = re.compile(r"^\s*(?:import|from)\s+([A-Za-z_][\w]*)", re.MULTILINE)


@pytest.mark.parametrize("prefix", lite.NOTEBOOKS)
def test_no_notebook_in_the_site_imports_a_package_the_site_lacks(prefix: str) -> None:
    (nb,) = sorted((ROOT / "notebooks").glob(f"{prefix}_*.ipynb"))
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
    assert len(copies) == len(lite.NOTEBOOKS)
    # what a lesson reads beside it comes too (10's saved study)
    assert (tmp_path / "data" / "three_prey_6_lookahead.json").is_file()
    for nb in copies:
        cells = _code_cells(nb)
        assert not [c for c in cells if "piplite" in c or "micropip" in c], nb.name
        assert lite.PREINSTALLED_NOTE in cells[0], nb.name


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
