"""The committed teaching notebooks are clean and in step with their Markdown sources
(notebooks/src/*.md and their translations notebooks/src/LANG/*.md, built by
notebooks/build.py into a student and a teacher's edition each):

* every source has both editions, with the same cells in the same order, and every
  notebook has a source;
* the student edition holds none of the teacher's notes, the teacher's edition all of them,
  with the same executed outputs;
* a translated lesson has the English lesson's code (its words aside), and its first code cell sets the
  lesson's language (never the computer's locale);
* no stored widget state (``metadata.widgets``), no widget-view outputs (they would show
  "model not found" without a kernel), minimal metadata, stable cell ids;
* every code cell has been executed (nbval compares outputs only of executed cells) and
  no cell output is an error.

The student editions run under nbval in ``.ci/test`` (``pytest notebooks --nbval-lax``).
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from finstere_widget.engine.errors import LessonError

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def _build_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("notebook_build", NOTEBOOKS / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BUILD = _build_module()
SOURCES: list[Path] = BUILD.sources()


def _id(src: Path) -> str:
    return str(src.relative_to(NOTEBOOKS / "src").with_suffix(""))


def _read(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def test_every_notebook_has_a_source_and_back() -> None:
    built = {
        p
        for p in NOTEBOOKS.rglob("*.ipynb")
        if ".ipynb_checkpoints" not in p.parts and "src" not in p.parts
    }
    want = {BUILD.out_path(s, teacher) for s in SOURCES for teacher in (False, True)}
    assert built == want, (sorted(map(str, built - want)), sorted(map(str, want - built)))
    assert (NOTEBOOKS / "01_tour.ipynb").exists()  # .ci/lab and Voila open it


@pytest.mark.parametrize("src", SOURCES, ids=_id)
def test_notebook_matches_its_source(src: Path) -> None:
    lang = BUILD.language(src)
    assert not BUILD.stale(src), (
        f"run: .venv/bin/python notebooks/build.py --lang {lang} {src.stem.split('_', 1)[0]}"
    )


@pytest.mark.parametrize("src", SOURCES, ids=_id)
def test_notebook_is_clean(src: Path) -> None:
    for teacher in (False, True):
        nb = _read(BUILD.out_path(src, teacher))
        assert set(nb["metadata"]) == {"kernelspec", "language_info"}
        assert nb["metadata"]["kernelspec"]["name"] == "python3"
        prefix = src.stem.split("_", 1)[0]
        ids = [cell["id"] for cell in nb["cells"]]
        assert [i for i in ids if "-t" not in i] == [
            f"{prefix}-{k:02d}" for k in range(len(ids) - sum("-t" in i for i in ids))
        ]
        for k, cell in enumerate(nb["cells"]):
            assert cell["metadata"] in ({}, {"tags": ["nbval-check-output"]}), k
            if cell["cell_type"] != "code":
                continue
            assert cell["execution_count"] is not None, f"cell {k} was not executed"
            for out in cell["outputs"]:
                assert out["output_type"] != "error", f"cell {k} failed when built"
                assert WIDGET_VIEW not in out.get("data", {}), f"cell {k} stores a widget view"


@pytest.mark.parametrize("src", SOURCES, ids=_id)
def test_the_teachers_notes_are_in_the_teachers_edition_only(src: Path) -> None:
    notes = [
        text for kind, text in BUILD.parse(src.read_text(encoding="utf-8")) if kind == "teacher"
    ]
    student = _read(BUILD.out_path(src))
    teacher = _read(BUILD.out_path(src, teacher=True))
    said = "\n".join("".join(c["source"]) for c in student["cells"])
    for note in notes:
        assert note not in said
    notes_cells = [c for c in teacher["cells"] if "-t" in c["id"]]
    assert len(notes_cells) == len(notes)
    heading = BUILD.FOR_THE_TEACHER[BUILD.language(src)]
    for cell, note in zip(notes_cells, notes, strict=True):
        assert "".join(cell["source"]) == f"**{heading}.** {note}"
    # the same cells, run once: the teacher sees what the student sees
    rest = [c for c in teacher["cells"] if "-t" not in c["id"]]
    assert rest == student["cells"]


@pytest.mark.parametrize("src", SOURCES, ids=_id)
def test_a_lesson_speaks_its_own_language(src: Path) -> None:
    lang = BUILD.language(src)
    nb = _read(BUILD.out_path(src))
    first = next(
        c for c in nb["cells"] if c["cell_type"] == "code" and "piplite" not in "".join(c["source"])
    )
    assert re.search(rf'^LANG = use_language\("{lang}"\)', "".join(first["source"]), re.M)
    # nothing else in the lesson sets a language of its own
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    assert len(re.findall(r"^LANG = ", code, re.M)) == 1
    assert not re.search(r"lang=[\"']", code), "a language written into a cell"
    if lang != "en":
        assert BUILD.translation_differs(src) is None, BUILD.translation_differs(src)
        english = _read(NOTEBOOKS / f"{src.stem}.ipynb")
        assert len(nb["cells"]) == len(english["cells"])


def test_a_teachers_note_is_markdown_only_and_closed() -> None:
    for text in (
        "<!-- teacher -->\nanswer\n",
        "<!-- teacher -->\n```python\nx = 1\n```\n<!-- /teacher -->\n",
        "text\n<!-- /teacher -->\n",
    ):
        with pytest.raises(LessonError):
            BUILD.parse(text)
    assert BUILD.parse("a\n<!-- teacher -->\nb\n<!-- /teacher -->\nc\n") == [
        ("markdown", "a"),
        ("teacher", "b"),
        ("markdown", "c"),
    ]


def test_a_translation_changes_the_words_of_the_code_and_nothing_else() -> None:
    """Comments, sentences in strings, labels given by keyword (``title=``) and the text
    around an f-string's fields (in any order) are the translator's; a one-word string (a metric, a bot), a number, a name, a
    field's format and the cells' count are the English lesson's."""
    from finstere_widget.teach.lesson_text import code_differs

    english = (
        'n = 3  # three\nprint(f"{n} games, {w:.0%} won")\nchart(t, "rounds", title="Length")\n'
    )
    fine = 'n = 3  # trois\nprint(f"{w:.0%} gagnées sur {n} parties")\nchart(t, "rounds", title="Durée")\n'
    assert code_differs(english, fine) is None
    wrong = {
        english.replace('"rounds"', '"tours"'): "line 3: 'tours' is not the English 'rounds'",
        english.replace("n = 3", "n = 4"): "line 1: 4 is not the English 3",
        english.replace(".0%", ".1%"): "line 2: the f-string's fields differ",
        english.replace("chart(", "plot("): "line 3",
        english + "n += 1\n": "the cell",
    }
    for text, said in wrong.items():
        found = code_differs(english, text)
        assert found is not None and found.startswith(said), (text, found)
    assert code_differs("%time f()", "%time g()") is not None  # not Python: character for character


@pytest.mark.parametrize("src", SOURCES, ids=_id)
def test_golden_outputs_are_marked_by_a_tag_not_a_comment_the_learner_sees(src: Path) -> None:
    """A source cell starting ``# NBVAL_CHECK_OUTPUT`` is built without that line and with
    the cell tag ``nbval-check-output`` (nbval checks its output under --nbval-lax)."""
    marked = [
        text.split("\n", 1)[0].strip() == "# NBVAL_CHECK_OUTPUT"
        for kind, text in BUILD.parse(src.read_text(encoding="utf-8"))
        if kind == "code"
    ]
    for teacher in (False, True):
        nb = _read(BUILD.out_path(src, teacher))
        code = [cell for cell in nb["cells"] if cell["cell_type"] == "code"]
        assert len(code) == len(marked)
        for cell, mark in zip(code, marked, strict=True):
            assert "NBVAL" not in "".join(cell["source"]), cell["id"]
            assert ("nbval-check-output" in cell["metadata"].get("tags", [])) == mark, cell["id"]
