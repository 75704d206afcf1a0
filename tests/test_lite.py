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
    on_disk = sorted(p.name.split("_", 1)[0] for p in (ROOT / "notebooks").glob("*.ipynb"))
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
