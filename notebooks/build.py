"""Build the teaching notebooks from their Markdown sources, execute them, clean them.

    .venv/bin/python notebooks/build.py            # every notebooks/src/*.md
    .venv/bin/python notebooks/build.py 01 03      # only those whose name starts so
    .venv/bin/python notebooks/build.py --check    # fail if a committed notebook is stale

A source ``notebooks/src/NN_name.md`` is Markdown: every fenced ```` ```python ```` block is
a code cell, the text between them is a markdown cell (a line ``<!-- cell -->`` splits it
further). Other fences (```` ```text ````) stay in the markdown.

The notebook is executed top to bottom (nbclient, kernel ``python3`` of this interpreter,
working directory ``notebooks/``) and written as ``notebooks/NN_name.ipynb`` with:

* no widget state (``metadata.widgets`` removed) and no widget-view outputs: a reader
  without a kernel sees the text/SVG outputs; a kernel re-creates the widgets;
* stable cell ids (``NN-k``) and minimal metadata; execution counts stay (1, 2, 3, ... as
  executed top to bottom: nbval refuses outputs of a cell without one);
* the outputs kept, so GitHub/nbviewer readers see every board (explicit SVG cells), and
  the cells marked ``# NBVAL_CHECK_OUTPUT`` have golden text for ``pytest --nbval-lax``.

Execution errors stop the build (a notebook with a failing ``assert`` is never written).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

HERE = Path(__file__).resolve().parent
# the lessons are written (and their golden outputs pinned) in English, whatever the locale
os.environ["FINSTERE_WIDGET_LANG"] = "en"
SRC = HERE / "src"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
FENCE = re.compile(r"^```python\s*$")
SPLIT = "<!-- cell -->"
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def parse(text: str) -> list[tuple[str, str]]:
    """``[(kind, source)]`` with kind ``markdown`` or ``code``."""
    cells: list[tuple[str, str]] = []
    buf: list[str] = []
    in_code = False

    def flush(kind: str) -> None:
        src = "\n".join(buf).strip("\n")
        if src.strip():
            cells.append((kind, src))
        buf.clear()

    for line in text.splitlines():
        if in_code:
            if line.strip() == "```":
                flush("code")
                in_code = False
            else:
                buf.append(line)
        elif FENCE.match(line):
            flush("markdown")
            in_code = True
        elif line.strip() == SPLIT:
            flush("markdown")
        else:
            buf.append(line)
    if in_code:
        raise SystemExit("unterminated ```python block")
    flush("markdown")
    return cells


def make(src: Path) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    prefix = src.stem.split("_", 1)[0]
    for k, (kind, text) in enumerate(parse(src.read_text(encoding="utf-8"))):
        cell = (nbformat.v4.new_code_cell(text) if kind == "code"
                else nbformat.v4.new_markdown_cell(text))
        cell["id"] = f"{prefix}-{k:02d}"
        nb.cells.append(cell)
    nb.metadata = {"kernelspec": dict(KERNELSPEC), "language_info": {"name": "python"}}
    return nb


def clean(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    nb.metadata = {"kernelspec": dict(KERNELSPEC), "language_info": {"name": "python"}}
    for cell in nb.cells:
        cell.metadata = {}
        if cell.cell_type != "code":
            continue
        outputs = []
        for out in cell.outputs:
            data = out.get("data")
            if data is not None:
                data.pop(WIDGET_VIEW, None)
                if not data:
                    continue
            if "metadata" in out:
                out["metadata"] = {}
            outputs.append(out)
        cell.outputs = outputs
    return nb


def build(src: Path, timeout: int = 600) -> Path:
    nb = make(src)
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3",
                            resources={"metadata": {"path": str(HERE)}},
                            store_widget_state=False)
    client.execute()
    nb = clean(nb)
    nbformat.validate(nb)
    out = HERE / f"{src.stem}.ipynb"
    text = json.dumps(nb, indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    out.write_text(text, encoding="utf-8")
    return out


def stale(src: Path) -> bool:
    """True when the committed notebook's sources differ from ``src``."""
    out = HERE / f"{src.stem}.ipynb"
    if not out.exists():
        return True
    have = nbformat.read(out, as_version=4)
    want = make(src)
    return ([(c.cell_type, c.source) for c in have.cells]
            != [(c.cell_type, c.source) for c in want.cells])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("names", nargs="*", help="prefixes of the notebooks to build (default: all)")
    ap.add_argument("--check", action="store_true",
                    help="only check that every notebook matches its source")
    args = ap.parse_args(argv)
    sources = sorted(SRC.glob("*.md"))
    if args.names:
        sources = [s for s in sources if any(s.stem.startswith(n) for n in args.names)]
    if args.check:
        bad = [s.name for s in sources if stale(s)]
        for name in bad:
            print(f"stale: {name} (run: python notebooks/build.py {name[:2]})", file=sys.stderr)
        return 1 if bad else 0
    for s in sources:
        print(f"building {s.name} ...", flush=True)
        print(f"  wrote {build(s).relative_to(HERE.parent)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
