"""The committed teaching notebooks (notebooks/*.ipynb) are clean and in step with their
Markdown sources (notebooks/src/*.md, built by notebooks/build.py):

* every source has its notebook, with the same cells in the same order;
* no stored widget state (``metadata.widgets``), no widget-view outputs (they would show
  "model not found" without a kernel), minimal metadata, stable cell ids;
* every code cell has been executed (nbval compares outputs only of executed cells) and
  no cell output is an error.

The notebooks themselves run under nbval in ``.ci/test`` (``pytest notebooks --nbval-lax``).
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
SOURCES = sorted((NOTEBOOKS / "src").glob("*.md"))
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def _build_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("notebook_build", NOTEBOOKS / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_notebook_has_a_source_and_back() -> None:
    built = {p.stem for p in NOTEBOOKS.glob("*.ipynb")}
    assert built == {s.stem for s in SOURCES}
    assert "01_tour" in built  # .ci/lab and Voila open it


@pytest.mark.parametrize("src", SOURCES, ids=lambda p: p.stem)
def test_notebook_matches_its_source(src: Path) -> None:
    build = _build_module()
    assert not build.stale(src), f"run: .venv/bin/python notebooks/build.py {src.stem[:2]}"


@pytest.mark.parametrize("src", SOURCES, ids=lambda p: p.stem)
def test_notebook_is_clean(src: Path) -> None:
    nb = json.loads((NOTEBOOKS / f"{src.stem}.ipynb").read_text(encoding="utf-8"))
    assert set(nb["metadata"]) == {"kernelspec", "language_info"}
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    prefix = src.stem.split("_", 1)[0]  # 01, 02a, ...
    for k, cell in enumerate(nb["cells"]):
        assert cell["id"] == f"{prefix}-{k:02d}"
        assert cell["metadata"] == {}
        if cell["cell_type"] != "code":
            continue
        assert cell["execution_count"] is not None, f"cell {k} was not executed"
        for out in cell["outputs"]:
            assert out["output_type"] != "error", f"cell {k} failed when built"
            assert WIDGET_VIEW not in out.get("data", {}), f"cell {k} stores a widget view"
