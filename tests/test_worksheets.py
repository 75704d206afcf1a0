"""Printable worksheets: a puzzle set and a lesson's exercises as PDF, the answers only in
the answer key (teach/worksheets.py, teach/lesson_text.py)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from finstere_widget.engine.errors import LessonError
from finstere_widget.teach import lesson_worksheet, puzzle_worksheet, puzzles
from finstere_widget.teach.lesson_text import exercises, parse, title

pytest.importorskip("PIL")

LESSON = """# Lesson 3: the monster looks

Some text the learner reads.

**Exercise 1.** Why does the monster never see H?
<!-- teacher -->
A stone stands between them: it blocks the line of sight (M4).
<!-- /teacher -->

```python
print("a code cell")
```

**Exercise 2.** Where does it go on tile 5?

## Check yourself

1. What does the monster do on a tie?
<!-- teacher -->
1. It keeps going straight (M5).
<!-- /teacher -->
"""


def _pages(pdf: bytes) -> int:
    assert pdf.startswith(b"%PDF-")
    return len(re.findall(rb"/Type\s*/Page\b", pdf))


def test_a_lessons_exercises_come_with_the_teachers_answer_after_each() -> None:
    found = exercises(LESSON)
    assert [q.split("**")[1] if q.startswith("**") else q.splitlines()[0] for q, _ in found] == [
        "Exercise 1.",
        "Exercise 2.",
        "## Check yourself",
    ]
    assert found[0][1].startswith("A stone stands between them")
    assert found[1][1] == ""  # no answer written for it
    assert found[2][1] == "1. It keeps going straight (M5)."
    assert title(LESSON) == "Lesson 3: the monster looks"


def test_a_teachers_note_holds_markdown_only_and_is_closed() -> None:
    for text in (
        "<!-- teacher -->\nanswer\n",
        "<!-- teacher -->\n```python\nx = 1\n```\n<!-- /teacher -->\n",
        "text\n<!-- /teacher -->\n",
        "```python\nx = 1\n",
    ):
        with pytest.raises(LessonError):
            parse(text)


def test_the_lesson_worksheet_and_its_key_are_pdfs_with_pages() -> None:
    sheet = lesson_worksheet(LESSON)
    key = lesson_worksheet(LESSON, answers=True, lang="fr")
    assert _pages(sheet) >= 1 and _pages(key) >= 1
    # the pages are pictures; the document's title is text (UTF-16)
    assert "Lesson 3: the monster looks".encode("utf-16-be") in sheet
    assert "Lesson 3: the monster looks — Corrigé".encode("utf-16-be") in key
    assert lesson_worksheet(LESSON) == sheet  # the same bytes every time (no clock inside)
    # ...whenever it is built, not only within the same second: the document's dates are fixed
    assert re.findall(rb"/(?:Creation|Mod)Date \(D:(\d{8})", sheet) == [b"20260101"] * 2


def test_a_lesson_without_exercises_or_a_bad_request_is_refused() -> None:
    with pytest.raises(LessonError, match="no exercise"):
        lesson_worksheet("# A lesson\n\nOnly text.\n")
    bad: Any
    for bad in (5, None, b"bytes"):
        with pytest.raises(LessonError):
            lesson_worksheet(bad)
    with pytest.raises(LessonError, match="paper"):
        lesson_worksheet(LESSON, paper="A0")
    with pytest.raises(LessonError, match="dpi"):
        lesson_worksheet(LESSON, dpi=10**6)


def test_a_puzzle_worksheet_has_four_boards_a_page_and_a_separate_key() -> None:
    set_ = puzzles("M5", n=6, seed=1)
    sheet = puzzle_worksheet(set_)
    key = puzzle_worksheet(set_, answers=True)
    assert _pages(sheet) == 2  # six boards, four a page
    assert _pages(key) == 1
    assert sheet != key


def test_a_puzzle_worksheet_is_refused_without_puzzles() -> None:
    bad: Any
    for bad in ([], [1, 2], "M5", [None]):
        with pytest.raises(LessonError, match="puzzles"):
            puzzle_worksheet(bad)


def test_the_key_tells_each_answer_as_the_engine_gives_it() -> None:
    """The answer key's lines are the engine's: rendered to text before the PDF is drawn."""
    import finstere_widget.teach.worksheets as ws

    said: list[str] = []
    real = ws._Pages.text

    def spy(self: Any, text: str, bold: bool = False, indent: int = 0) -> None:
        said.append(text)
        real(self, text, bold, indent)

    set_ = puzzles("crush", n=3, seed=2)
    try:
        ws._Pages.text = spy  # type: ignore[method-assign]
        puzzle_worksheet(set_, answers=True)
    finally:
        ws._Pages.text = real  # type: ignore[method-assign]
    heads = [s for s in said if re.match(r"\d+\. ", s)]
    assert len(heads) == 3
    for k, (head, puzzle) in enumerate(zip(heads, set_, strict=True), 1):
        a = puzzle.answer
        assert head.startswith(f"{k}. ({a.square[0]}, {a.square[1]}), facing ")
        assert ", ".join(a.taken) in head if a.taken else "nobody" in head


def test_the_puzzles_command_writes_the_worksheet_and_its_key(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    from finstere_widget.cli import main

    sheet = tmp_path / "tie.pdf"
    assert main(["puzzles", "--rule", "tie", "-n", "2", "--worksheet", str(sheet)]) == 0
    assert _pages(sheet.read_bytes()) == 1
    assert _pages((tmp_path / "tie-answers.pdf").read_bytes()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tie-answers.pdf", "tie.pdf"]


def test_a_worksheet_that_cannot_be_written_leaves_the_files_as_they_were(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    from finstere_widget.cli import main

    kept = tmp_path / "notes.txt"
    kept.write_text("mine")
    assert main(["puzzles", "-n", "1", "--worksheet", str(kept)]) == 2
    assert kept.read_text() == "mine"
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and ".pdf" in err
    missing = tmp_path / "no" / "such" / "sheet.pdf"
    assert main(["puzzles", "-n", "1", "--worksheet", str(missing)]) == 2
    assert not missing.parent.exists()
