"""Build the teaching notebooks from their Markdown sources, execute them, clean them.

    .venv/bin/python notebooks/build.py            # every notebooks/src/*.md
    .venv/bin/python notebooks/build.py 01 03      # only those whose name starts so
    .venv/bin/python notebooks/build.py --check    # fail if a committed notebook is stale
    .venv/bin/python notebooks/build.py --lang fr  # only the French lessons
    .venv/bin/python notebooks/build.py --worksheets  # notebooks/worksheets/*.pdf only

A source ``notebooks/src/NN_name.md`` is Markdown: every fenced ```` ```python ```` block is
a code cell, the text between them is a markdown cell (a line ``<!-- cell -->`` splits it
further). Other fences (```` ```text ````) stay in the markdown.

**Editions.** Text between a line ``<!-- teacher -->`` and a line ``<!-- /teacher -->``
(answers, expected predictions, misconceptions) is for the teacher: the student edition
``notebooks/NN_name.ipynb`` (what a learner opens, what nbval runs) leaves it out, the
teacher's edition ``notebooks/teacher/NN_name.ipynb`` shows it under "For the teacher", with
the same executed outputs.

**Languages.** ``notebooks/src/LANG/NN_name.md`` (``fr``, ``de``, ``it``, ``cs``) is the
lesson in that language, with the English source's code cells, the words aside (comments and
the sentences in strings are translated: ``lesson_text.code_differs``); it is built into
``notebooks/LANG/NN_name.ipynb`` and ``notebooks/LANG/teacher/NN_name.ipynb``. The first code
cell of every lesson is prefixed with ``LANG = use_language("LANG")``, so its boards,
stories and quizzes speak the lesson's language, never the computer's locale, and ``LANG``
names it for the cells that pass a language on.

The notebook is executed top to bottom (nbclient, kernel ``python3`` of this interpreter,
working directory ``notebooks/``) and written as ``notebooks/NN_name.ipynb`` with:

* no widget state (``metadata.widgets`` removed) and no widget-view outputs: a reader
  without a kernel sees the text/SVG outputs; a kernel re-creates the widgets;
* stable cell ids (``NN-k``) and minimal metadata; execution counts stay (1, 2, 3, ... as
  executed top to bottom: nbval refuses outputs of a cell without one);
* the outputs kept, so GitHub/nbviewer readers see every board (explicit SVG cells), and
  the cells whose source starts with a line ``# NBVAL_CHECK_OUTPUT`` have golden text for
  ``pytest --nbval-lax``: the built cell leaves that line out and carries the cell tag
  ``nbval-check-output`` instead (its only metadata), which nbval honours alike.

Execution errors stop the build (a notebook with a failing ``assert`` is never written).

**Worksheets** (``--worksheets``: ``notebooks/worksheets/NN_name.pdf`` and
``NN_name-answers.pdf``, ``worksheets/LANG/`` for a translation; nothing is executed) print
every exercise of a lesson (a paragraph starting ``**Exercise N.**``, ``**Question N.**``,
... or a ``## Check yourself`` section: ``lesson_text.EXERCISE``) with lines to write on; the
answer key prints the teacher's note after each. Two kinds of marker line, left out of both
notebooks, feed them:

* ``<!-- board: SPEC -->`` on the line right after an exercise's text prints that board with
  the exercise (and again beside its answer in the key). ``SPEC`` is a shipped example's
  name (``finstere_widget.examples.names()``) or ``basic``; ``NAME without A,B`` takes
  those pawns off; ``NAME tile 8 step 4`` shows it as the monster, playing that tile, is
  about to make step 4's look (``teach.worksheets.board_for``). Every exercise that talks
  about a position ("on the picture", "at step 4", "in example 1", "take G away") gets
  one, and each translation carries the English lesson's markers in the same order
  (``tests/test_worksheets.py`` checks both).
* ``<!-- puzzles: SEED -->`` starts the worksheet with the lesson's graded puzzle series,
  ``puzzle_levels(SEED)`` (lesson 09: the 18 puzzles its code cells build with
  ``SEED = 2026``; ``finstere-widget puzzles --lesson 09`` prints the same set).

A worksheet is the same bytes whenever it is built from the same source (fixed PDF dates),
so a rebuild changes only the PDFs whose lesson changed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

from finstere_widget.teach.lesson_text import code_differs, parse

HERE = Path(__file__).resolve().parent
# the lessons are written (and their golden outputs pinned) in English, whatever the locale
os.environ["FINSTERE_WIDGET_LANG"] = "en"
SRC = HERE / "src"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
LANGS = ("en", "fr", "de", "it", "cs")
#: "For the teacher", as a teacher's edition heads its notes, in each lesson language
FOR_THE_TEACHER = {
    "en": "For the teacher",
    "fr": "Pour l'enseignant",
    "de": "Für die Lehrkraft",
    "it": "Per l'insegnante",
    "cs": "Pro učitele",
}
#: the first code cell's comment on ``use_language``, in each lesson language
SPEAKS = {
    "en": "this lesson's language: its boards and stories speak it",
    "fr": "la langue de cette leçon : ses plateaux et ses récits la parlent",
    "de": "die Sprache dieser Lektion: ihre Spielpläne und Geschichten sprechen sie",
    "it": "la lingua di questa lezione: le sue mappe e i suoi racconti la parlano",
    "cs": "jazyk této lekce: mluví jím její plány i příběhy",
}
#: a source code cell starting with this line has its output checked by nbval: the built
#: cell carries the tag instead (nbval honours both; the tag does not show in the lesson)
CHECK_MARK, CHECK_TAG = "# NBVAL_CHECK_OUTPUT", "nbval-check-output"
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def language(src: Path) -> str:
    """The lesson's language: its folder under ``src/`` (``fr``...), English at the top."""
    return src.parent.name if src.parent != SRC else "en"


def out_path(src: Path, teacher: bool = False) -> Path:
    lang = language(src)
    folder = HERE if lang == "en" else HERE / lang
    return (folder / "teacher" if teacher else folder) / f"{src.stem}.ipynb"


def speaking(code: str, lang: str) -> str:
    """The first code cell, prefixed with the lesson's language."""
    return (
        "from finstere_widget.teach import use_language\n\n"
        f'LANG = use_language("{lang}")  # {SPEAKS[lang]}\n' + code
    )


def make(src: Path, teacher: bool = False) -> nbformat.NotebookNode:
    """The notebook of ``src`` before it runs: the student edition, or the teacher's."""
    nb = nbformat.v4.new_notebook()
    prefix = src.stem.split("_", 1)[0]
    lang = language(src)
    k = t = 0
    first_code = True
    for kind, text in parse(src.read_text(encoding="utf-8")):
        if kind == "teacher":
            if not teacher:
                continue
            cell = nbformat.v4.new_markdown_cell(f"**{FOR_THE_TEACHER[lang]}.** " + text)
            cell["id"] = f"{prefix}-t{t:02d}"
            t += 1
        else:
            # the language goes first in the first code cell, after the JupyterLite install
            # cell where there is one (tools/lite.py: it must stay the first code cell)
            tags = []
            if kind == "code" and text.split("\n", 1)[0].strip() == CHECK_MARK:
                # the golden-output mark becomes a cell tag: nbval reads it, a learner
                # does not see it
                text, tags = text.split("\n", 1)[1] if "\n" in text else "", [CHECK_TAG]
            if kind == "code" and first_code and "piplite" not in text:
                text, first_code = speaking(text, lang), False
            cell = (
                nbformat.v4.new_code_cell(text)
                if kind == "code"
                else nbformat.v4.new_markdown_cell(text)
            )
            if tags:
                cell.metadata = {"tags": tags}
            cell["id"] = f"{prefix}-{k:02d}"
            k += 1
        nb.cells.append(cell)
    nb.metadata = {"kernelspec": dict(KERNELSPEC), "language_info": {"name": "python"}}
    return nb


def teacher_edition(src: Path, student: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The executed student edition with the teacher's notes put back in their places."""
    nb = make(src, teacher=True)
    ran = {cell["id"]: cell for cell in student.cells}
    nb.cells = [ran.get(cell["id"], cell) for cell in nb.cells]
    return nb


def code_cells(src: Path) -> list[str]:
    return [text for kind, text in parse(src.read_text(encoding="utf-8")) if kind == "code"]


def translation_differs(src: Path) -> str | None:
    """Where the translated lesson ``src``'s code is not its English source's (None: the same
    code; only the words may differ: :func:`~finstere_widget.teach.lesson_text.code_differs`)."""
    english, translated = code_cells(SRC / src.name), code_cells(src)
    if len(english) != len(translated):
        return f"{len(translated)} code cells, the English lesson has {len(english)}"
    for k, (a, b) in enumerate(zip(english, translated, strict=True), 1):
        found = code_differs(a, b)
        if found:
            return f"code cell {k}, {found}"
    return None


def clean(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    nb.metadata = {"kernelspec": dict(KERNELSPEC), "language_info": {"name": "python"}}
    for cell in nb.cells:
        tags = [tag for tag in cell.metadata.get("tags", []) if tag == CHECK_TAG]
        cell.metadata = {"tags": tags} if tags else {}
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


def write(nb: nbformat.NotebookNode, out: Path) -> Path:
    nbformat.validate(nb)
    out.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(nb, indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(out)
    return out


def build(src: Path, timeout: int = 600) -> Path:
    """Run the student edition of ``src`` and write both editions; returns the student's."""
    translated = language(src) != "en"
    if translated:
        found = translation_differs(src)
        if found:
            raise SystemExit(f"{src}: {found}")
    nb = make(src)
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(HERE)}},
        store_widget_state=False,
    )
    client.execute()
    nb = clean(nb)
    write(teacher_edition(src, nb), out_path(src, teacher=True))
    return write(nb, out_path(src))


def stale(src: Path) -> bool:
    """True when a committed edition's sources differ from ``src``."""
    for teacher in (False, True):
        out = out_path(src, teacher)
        if not out.exists():
            return True
        have = nbformat.read(out, as_version=4)
        want = make(src, teacher)
        if [(c.cell_type, c.source, c.metadata.get("tags")) for c in have.cells] != [
            (c.cell_type, c.source, c.metadata.get("tags")) for c in want.cells
        ]:
            return True
    return False


def worksheets(src: Path) -> list[Path]:
    """The lesson's exercises (and puzzles) and their answer key as PDFs in
    ``notebooks/worksheets/`` (``LANG/`` for a translation); none for a lesson with neither."""
    from finstere_widget.teach.lesson_text import exercises, puzzle_seed
    from finstere_widget.teach.worksheets import lesson_worksheet

    text = src.read_text(encoding="utf-8")
    if not exercises(text) and puzzle_seed(text) is None:
        return []
    lang = language(src)
    folder = HERE / "worksheets" if lang == "en" else HERE / "worksheets" / lang
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for answers, suffix in ((False, ""), (True, "-answers")):
        out = folder / f"{src.stem}{suffix}.pdf"
        tmp = out.with_name(out.name + ".tmp")
        tmp.write_bytes(lesson_worksheet(text, answers=answers, lang=lang))
        tmp.replace(out)
        written.append(out)
    return written


def sources(langs: tuple[str, ...] = LANGS) -> list[Path]:
    """Every lesson source of those languages, English first."""
    found = []
    for lang in langs:
        folder = SRC if lang == "en" else SRC / lang
        found.extend(sorted(folder.glob("*.md")))
    return found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("names", nargs="*", help="prefixes of the notebooks to build (default: all)")
    ap.add_argument(
        "--check", action="store_true", help="only check that every notebook matches its source"
    )
    ap.add_argument(
        "--worksheets",
        action="store_true",
        help="only write the lessons' worksheets (notebooks/worksheets/)",
    )
    ap.add_argument(
        "--lang",
        action="append",
        choices=LANGS,
        help="only the lessons in this language (repeatable; default: all)",
    )
    args = ap.parse_args(argv)
    todo = sources(tuple(args.lang) if args.lang else LANGS)
    if args.names:
        todo = [s for s in todo if any(s.stem.startswith(n) for n in args.names)]
    if args.check:
        bad = [s for s in todo if stale(s)]
        for src in bad:
            print(
                f"stale: {src.relative_to(SRC)} (run: python notebooks/build.py"
                f" --lang {language(src)} {src.name[:2]})",
                file=sys.stderr,
            )
        return 1 if bad else 0
    for s in todo:
        if not args.worksheets:
            print(f"building {s.relative_to(SRC)} ...", flush=True)
            print(f"  wrote {build(s).relative_to(HERE.parent)}", flush=True)
        for sheet in worksheets(s):
            print(f"  wrote {sheet.relative_to(HERE.parent)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
