"""The JupyterLite build's parts that need no browser (tools/lite.py; the site itself is
opened offline by tests/browser/test_lite_browser.py)."""

from __future__ import annotations

import json
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


def test_notebooks_left_out_of_the_site_are_the_ones_needing_more_than_the_widgets() -> None:
    shipped = {p.name.split("_", 1)[0] for p in (ROOT / "notebooks").glob("*.ipynb")}
    left_out = shipped - set(lite.NOTEBOOKS)
    for prefix in left_out:
        (src,) = sorted((ROOT / "notebooks" / "src").glob(f"{prefix}_*.md"))
        text = src.read_text(encoding="utf-8")
        assert "matplotlib" in text or "pandas" in text, f"{src.name} could be in the site"


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
