"""Every lesson, in every language and both editions (and the marimo tour), reads as a
lesson: no ``assert`` statement, no developer words ("token", "tests/", "nbval",
"docs/format.md"), no output that is a bare dict, list or tuple repr, no widget repr."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
WORDS = re.compile(r"\btokens?\b|tests/|nbval|docs/format\.md", re.I)
ASSERT = re.compile(r"^\s*assert\b", re.M)
WIDGET_REPR = re.compile(r"\b(VBox|HBox|IntSlider|Dropdown|Button|Output)\(")
PAIRS = {"{": "}", "[": "]", "(": ")"}


def _text(value: object) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def is_repr(text: str) -> bool:
    """A whole output that is a dict, list or tuple repr (``{'greedy': 57}``,
    ``[((15, 10), 67)]``, ``(8, [1, 2])``, ``'en'``)."""
    bare = text.strip()
    if len(bare) < 2 or not (bare[0] in PAIRS and bare[-1] == PAIRS[bare[0]] or bare[0] in "'\""):
        return False
    try:
        ast.literal_eval(bare)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return False
    return True


def faults(nb: dict[str, object]) -> list[str]:
    found = []
    for cell in nb["cells"]:  # type: ignore[attr-defined]
        where = cell.get("id", "?")
        source = _text(cell["source"])
        if cell["cell_type"] == "code" and ASSERT.search(source):
            found.append(f"{where}: an assert statement")
        if WORDS.search(source):
            found.append(f"{where}: developer words {WORDS.search(source).group(0)!r}")  # type: ignore[union-attr]
        for out in cell.get("outputs", []):
            texts = [_text(out["text"])] if "text" in out else []
            texts += [_text(v) for k, v in out.get("data", {}).items() if k == "text/plain"]
            for text in texts:
                if WORDS.search(text):
                    found.append(f"{where}: output says {WORDS.search(text).group(0)!r}")  # type: ignore[union-attr]
                if is_repr(text):
                    found.append(f"{where}: output is a repr: {text[:60]!r}")
                if WIDGET_REPR.search(text):
                    found.append(f"{where}: output is a widget repr: {text[:60]!r}")
    return found


def _id(path: Path) -> str:
    return str(path.relative_to(NOTEBOOKS))


@pytest.mark.parametrize("path", LESSONS, ids=_id)
def test_every_lesson_reads_as_a_lesson(path: Path) -> None:
    assert faults(json.loads(path.read_text(encoding="utf-8"))) == []


def test_the_marimo_tour_reads_as_a_lesson() -> None:
    source = (NOTEBOOKS / "01_tour.py").read_text(encoding="utf-8")
    assert not ASSERT.search(source)
    assert not WORDS.search(source)


def test_the_guard_catches_what_it_guards_against() -> None:
    def nb(source: str, text: str) -> dict[str, object]:
        return {
            "cells": [
                {
                    "id": "x",
                    "cell_type": "code",
                    "source": source,
                    "outputs": [{"output_type": "stream", "text": text}],
                }
            ]
        }

    assert faults(nb("assert 1 == 1", "fine"))
    for bad in (
        "{'greedy': 57}",
        "[((15, 10), 67), ((14, 10), 65)]",
        "(8, [1, 2])",
        "'en'",
        "VBox(children=(IntSlider(value=121",
        "token 1 'Q': unknown token",
        "(P2, docs/format.md)",
        "see tests/examples",
    ):
        assert faults(nb("print(x)", bad)), bad
    assert not faults(nb("print(x)", "(7, 6) is a square, and 8 games were played."))
