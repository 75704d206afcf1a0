"""Printable worksheets: a puzzle set and a lesson's exercises as PDF, the answers only in
the answer key (teach/worksheets.py, teach/lesson_text.py)."""

from __future__ import annotations

import re
from pathlib import Path
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
        letter = "abc"[puzzle.choices.index(a)]  # the choice printed on the sheet
        assert head.startswith(f"{k}. {letter}) ({a.square[0]}, {a.square[1]}), facing ")
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


# --- boards on the page: an exercise names its board by a marker in the lesson's source ----

SRC = Path(__file__).resolve().parent.parent / "notebooks" / "src"
LANGS = ("fr", "de", "it", "cs")
BOARD_LESSON = """# Lesson 3: the monster looks

**Exercise 1.** On the picture: which pawns can the monster see?
<!-- board: monster_basic_8 -->

<!-- teacher -->
Only A (M4).
<!-- /teacher -->

**Exercise 2.** At step 4 the monster sees D and E. Which way does it go?
<!-- board: monster_basic_8 tile 8 step 4 -->

**Exercise 3.** Take A away: where does it go at step 1?
<!-- board: monster_advanced_8 without A -->

**Exercise 4.** A pawn shows 5. What does it show next round?
"""


def _source(name: str, lang: str = "en") -> str:
    folder = SRC if lang == "en" else SRC / lang
    return (folder / f"{name}.md").read_text(encoding="utf-8")


def test_an_exercise_that_names_a_board_gets_that_board_and_the_others_none() -> None:
    from finstere_widget import examples, monster_turn
    from finstere_widget.engine.replay import replay
    from finstere_widget.teach.worksheets import sheet_items

    items = sheet_items(BOARD_LESSON)
    assert [i.question.split("**")[1] for i in items] == [
        "Exercise 1.",
        "Exercise 2.",
        "Exercise 3.",
        "Exercise 4.",
    ]
    start = examples.load("monster_basic_8")
    assert items[0].board == start
    assert items[0].answer == "Only A (M4)."
    # "at step 4": the board as it stands before step 4's look, after steps 1-3 were played
    events = monster_turn(start, "8").events
    after_3 = replay(start, events)[max(k for k, e in enumerate(events) if e.step == 3)]
    assert items[1].board == after_3 and items[1].board != start
    assert "4" in items[1].caption and "8" in items[1].caption
    advanced = examples.load("monster_advanced_8")
    assert items[2].board == advanced.replace(pawns=tuple(p for p in advanced.pawns if p.id != "A"))
    assert items[3].board is None
    assert "<!--" not in "".join(i.question for i in items)  # the marker is not printed


def test_a_board_marker_is_left_out_of_the_notebooks_and_the_exercises_text() -> None:
    plain = "\n".join(line for line in BOARD_LESSON.splitlines() if "board:" not in line) + "\n"
    assert parse(BOARD_LESSON) == parse(plain)
    assert exercises(BOARD_LESSON) == exercises(plain)
    # a marker set apart by blank lines goes with one of them: the paragraphs stay as they were
    apart = "# L\n\n**Exercise 1.** Look.\n\n<!-- board: basic -->\n\nMore text.\n"
    assert parse(apart) == parse("# L\n\n**Exercise 1.** Look.\n\nMore text.\n")


def test_the_sheet_and_its_key_print_each_named_board(monkeypatch: pytest.MonkeyPatch) -> None:
    """Old code printed text only: no board was drawn for a lesson's exercise."""
    import finstere_widget.teach.worksheets as ws

    drawn: list[Any] = []
    from finstere_widget.render.raster import scene_image as real

    def spy(scene: Any, **kw: Any) -> Any:
        drawn.append(scene)
        return real(scene, **kw)

    monkeypatch.setattr(ws, "scene_image", spy)
    sheet = lesson_worksheet(BOARD_LESSON)
    assert len(drawn) == 3
    key = lesson_worksheet(BOARD_LESSON, answers=True)
    assert len(drawn) == 6  # the key shows the board beside the teacher's answer
    for pdf in (sheet, key):
        assert b"/DeviceRGB" in pdf  # a page in colour: the board
    assert lesson_worksheet(BOARD_LESSON) == sheet


@pytest.mark.parametrize(
    "text, match",
    [
        ("**Exercise 1.** Look.\n<!-- board: no_such_example -->\n", "no_such_example"),
        ("**Exercise 1.** Look.\n<!-- board: monster_basic_8 tile 8 step 40 -->\n", "step 40"),
        ("**Exercise 1.** Look.\n<!-- board: monster_basic_8 tile Z step 1 -->\n", "tile Z"),
        ("**Exercise 1.** Look.\n<!-- board: monster_basic_8 without Q -->\n", "Q"),
        ("**Exercise 1.** Look.\n<!-- board: monster_basic_8 step 2 -->\n", "step 2"),
        ("**Exercise 1.** Look.\n<!-- board: -->\n", "board"),
    ],
)
def test_a_board_marker_that_names_no_board_is_refused_naming_it(text: str, match: str) -> None:
    from finstere_widget.teach.worksheets import sheet_items

    with pytest.raises(LessonError, match=re.escape(match)):
        sheet_items("# L\n\n" + text)


@pytest.mark.parametrize(
    "text",
    [
        "<!-- board: basic -->\n\n**Exercise 1.** Look.\n",  # before any exercise
        "**Exercise 1.** Look.\n<!-- board: basic -->\n<!-- board: basic -->\n",  # two
        "**Exercise 1.** Look.\n<!-- teacher -->\n<!-- board: basic -->\n<!-- /teacher -->\n",
    ],
)
def test_a_board_marker_belongs_to_one_exercise(text: str) -> None:
    from finstere_widget.teach.lesson_text import exercise_items

    with pytest.raises(LessonError):
        exercise_items(text)


def _boards(text: str) -> list[str]:
    from finstere_widget.teach.lesson_text import exercise_items

    return [e.board for e in exercise_items(text) if e.board]


LESSONS = sorted(p.stem for p in SRC.glob("*.md"))


@pytest.mark.parametrize("name", LESSONS)
def test_every_language_names_the_english_lessons_boards(name: str) -> None:
    from finstere_widget.teach.worksheets import sheet_items

    english = _boards(_source(name))
    for lang in LANGS:
        assert _boards(_source(name, lang)) == english, f"{lang}/{name}"
    sheet_items(_source(name))  # every board it names is one


#: what in an English exercise says it is about a position on the board
ABOUT_A_BOARD = re.compile(
    r"on the picture|in example \d|at step \d|take \w+ away|the monster (faces|is about"
    r"|stands)|\(\d+, ?\d+\)|^\*\*Exercise \d\.\*\* [A-Z]\d? (walks|goes|takes|shows 4)"
    r"|stands (right|close)|the square just left",
    re.I | re.M,
)


@pytest.mark.parametrize("name", LESSONS)
def test_every_exercise_about_a_position_prints_its_board(name: str) -> None:
    from finstere_widget.teach.lesson_text import exercise_items

    for item in exercise_items(_source(name)):
        if ABOUT_A_BOARD.search(item.question) and "## " not in item.question:
            assert item.board, f"{name}: {item.question[:60]!r} prints no board"


def test_lesson_03_prints_the_board_before_step_4_for_its_tie() -> None:
    from finstere_widget.teach.worksheets import sheet_items

    items = {
        i.question.split("**")[1]: i
        for i in sheet_items(_source("03_basic_monster_example"))
        if i.question.startswith("**")
    }
    assert items["Exercise 1."].board is not None
    at_4 = items["Exercise 2."].board
    assert at_4 is not None and at_4.monster.at == (12, 5)  # D north, E south, 3 squares each


# --- lesson 09: its own 18 puzzles on paper, from the command line too --------------------


def _lesson_09_set() -> list[Any]:
    from finstere_widget.teach import puzzle_levels

    text = _source("09_predict_the_monster")
    seed = re.search(r"^SEED = (\d+)$", text, re.M)
    assert seed is not None and "puzzle_levels(SEED)" in text
    level1, level2, level3 = puzzle_levels(int(seed.group(1)))
    return level1 + level2 + level3


@pytest.mark.parametrize("lang", ("en", *LANGS))
def test_lesson_09s_worksheet_prints_its_18_puzzles_then_its_questions(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import finstere_widget.teach.worksheets as ws
    from finstere_widget.teach.lesson_text import puzzle_seed

    text = _source("09_predict_the_monster", lang)
    assert puzzle_seed(text) is not None
    printed: list[Any] = []
    real = ws._puzzle_pages

    def spy(pages: Any, items: Any, **kw: Any) -> None:
        printed.append(list(items))
        real(pages, items, **kw)

    monkeypatch.setattr(ws, "_puzzle_pages", spy)
    for answers in (False, True):
        pdf = lesson_worksheet(text, answers=answers, lang=lang)
        assert printed.pop() == _lesson_09_set()
        assert _pages(pdf) >= (5 if not answers else 2)  # 18 boards four a page, questions


def test_the_committed_lesson_09_worksheet_holds_the_puzzles() -> None:
    sheets = SRC.parent / "worksheets"
    for folder in (sheets, *(sheets / lang for lang in LANGS)):
        sheet = (folder / "09_predict_the_monster.pdf").read_bytes()
        assert _pages(sheet) >= 5 and b"/DeviceRGB" in sheet  # 18 boards, four a page
        assert (folder / "09_predict_the_monster-answers.pdf").exists()
    for name in ("01_tour", "03_basic_monster_example"):
        assert b"/DeviceRGB" in (sheets / f"{name}.pdf").read_bytes(), name


def test_the_puzzles_command_gives_lesson_09s_set(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    from finstere_widget.cli import main
    from finstere_widget.teach import puzzles_to_json

    assert main(["puzzles", "--lesson", "09", "--json"]) == 0
    assert capsys.readouterr().out.strip() == puzzles_to_json(_lesson_09_set())
    sheet = tmp_path / "class.pdf"
    assert main(["puzzles", "--lesson", "09", "--worksheet", str(sheet), "--lang", "de"]) == 0
    assert _pages(sheet.read_bytes()) == 5  # 18 puzzles, four a page
    assert (tmp_path / "class-answers.pdf").exists()
    out = capsys.readouterr().out
    assert out.count("\n\n") >= 18  # and the set printed, one block a puzzle


def test_lesson_09_is_a_fixed_set_the_other_options_would_change(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from finstere_widget.cli import main

    for extra in (["--rule", "tie"], ["-n", "3"], ["--seed", "4"], ["--difficulty", "1"]):
        assert main(["puzzles", "--lesson", "09", *extra]) == 2
        err = capsys.readouterr().err
        assert "--lesson" in err and extra[0] in err
    with pytest.raises(SystemExit) as refused:  # argparse's own refusal of a choice
        main(["puzzles", "--lesson", "07"])
    assert refused.value.code == 2
    assert "'07'" in capsys.readouterr().err


def test_the_puzzles_help_shows_the_lessons_set(capsys: pytest.CaptureFixture[str]) -> None:
    from finstere_widget.cli import main

    with pytest.raises(SystemExit):
        main(["puzzles", "--help"])
    assert "puzzles --lesson 09 --worksheet class.pdf" in capsys.readouterr().out


def test_a_sheets_boards_speak_the_sheets_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tray's labels and a step's caption in the sheet's language, never the locale's."""
    import finstere_widget.teach.worksheets as ws

    asked: list[Any] = []
    from finstere_widget.render.scene import build_scene as real

    def spy(position: Any, overlay: Any = None, lang: Any = None) -> Any:
        asked.append(lang)
        return real(position, overlay, lang)

    monkeypatch.setattr(ws, "build_scene", spy)
    lesson_worksheet(BOARD_LESSON, lang="cs")
    puzzle_worksheet(puzzles("tie", n=1, seed=1), lang="de")
    assert asked == ["cs", "cs", "cs", "de"]
    caption = ws.sheet_items(BOARD_LESSON, lang="fr")[1].caption
    assert caption.startswith("tuile 8, pas 4 : le monstre en (12, 5)")


@pytest.mark.parametrize(
    ("name", "lang"), [("05_online_guide_example", "de"), ("09_predict_the_monster", "cs")]
)
def test_every_word_on_a_page_stays_inside_its_margins(
    name: str, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long title (German 05's ran off the page) and every line of text are wrapped."""
    from PIL import ImageDraw

    real = ImageDraw.ImageDraw.text
    outside: list[str] = []

    def text(self: Any, xy: Any, words: str, *args: Any, **kw: Any) -> None:
        width, height = self.im.size
        if (width, height) == (1240, 1754):  # an A4 page at 150 dpi, not a board
            right = xy[0] + self.textlength(words, font=kw.get("font"))
            if right > width - 75 + 1:
                outside.append(words)
        real(self, xy, words, *args, **kw)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    for answers in (False, True):
        lesson_worksheet(_source(name, lang), answers=answers, lang=lang)
    assert outside == []
