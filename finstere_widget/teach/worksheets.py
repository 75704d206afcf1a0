"""Printable worksheets (PDF) for a class: a set of predict-the-monster puzzles, or a lesson's
exercises, each with its answer key printed separately, so the teacher hands out one and
keeps the other.

>>> from finstere_widget.teach import puzzles, puzzle_worksheet
>>> sheet = puzzle_worksheet(puzzles("M5", n=4, seed=1))  # doctest: +SKIP
>>> key = puzzle_worksheet(puzzles("M5", n=4, seed=1), answers=True)  # doctest: +SKIP

Needs Pillow (the ``animate`` extra): ``pip install "finstere_widget[animate]"``.
"""

from __future__ import annotations

import datetime
import io
import re
from collections.abc import Sequence
from typing import Any

from ..engine.errors import LessonError, shown
from ..engine.i18n import resolve, translations
from ..engine.narrate import _directions, narrate, sq
from ..render import style as S
from ..render.animate import PAPER
from ..render.raster import _pil, font, scene_image, wrap_text
from ..render.scene import build_scene
from .lesson_text import exercises, title
from .predict import Puzzle, question_text

__all__ = ["lesson_worksheet", "puzzle_worksheet"]

#: puzzles on a page of the worksheet (two columns)
PER_PAGE = 4
MAX_PUZZLES = 200
_FIXED_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)


class _Pages:
    """Pages of text and pictures laid out top to bottom, a new page when one is full."""

    def __init__(self, heading: str, paper: str, dpi: int) -> None:
        key = paper.lower() if isinstance(paper, str) else ""
        if key not in PAPER:
            raise LessonError(
                "paper {paper}: expected one of {papers}",
                paper=shown(paper),
                papers=", ".join(PAPER),
            )
        if type(dpi) is not int or not 50 <= dpi <= 600:
            raise LessonError("dpi {dpi}: expected a whole number from 50 to 600", dpi=shown(dpi))
        self.Image, self.Draw, _ = _pil()
        self.heading = heading
        self.width, self.height = (round(v / 72 * dpi) for v in PAPER[key])
        self.margin = round(dpi * 0.5)
        self.body = font(max(6, round(dpi * 0.085)))
        self.bold = font(max(6, round(dpi * 0.085)), True)
        self.title = font(max(8, round(dpi * 0.13)), True)
        self.line = round(self.body.size * 1.35)
        self.pages: list[Any] = []
        self.y = 0
        self._new_page()

    def _new_page(self) -> None:
        self.page = self.Image.new("RGB", (self.width, self.height), "white")
        self.draw = self.Draw.Draw(self.page)
        self.pages.append(self.page)
        self.draw.text((self.margin, self.margin), self.heading, fill="black", font=self.title)
        self.y = self.margin + round(self.title.size * 2)

    def room(self, height: float) -> None:
        if self.y + height > self.height - self.margin:
            self._new_page()

    def text(self, text: str, bold: bool = False, indent: int = 0) -> None:
        face = self.bold if bold else self.body
        width = self.width - 2 * self.margin - indent
        for paragraph in text.split("\n"):
            for piece in wrap_text(paragraph, face, width, self.draw) or [""]:
                self.room(self.line)
                self.draw.text((self.margin + indent, self.y), piece, fill="black", font=face)
                self.y += self.line

    def gap(self, lines: float = 0.6) -> None:
        self.y += round(self.line * lines)

    def pdf(self, title_: str, dpi: int, *, mono: bool = False) -> bytes:
        """The pages as one PDF; ``mono``: black and white (text pages: a tenth of the
        bytes)."""
        buf = io.BytesIO()
        first, *rest = (page.convert("1") for page in self.pages) if mono else self.pages
        first.save(
            buf,
            format="PDF",
            save_all=True,
            append_images=rest,
            resolution=dpi,
            title=title_,
            # the same sheet gives the same bytes whenever it is built (Pillow's own keys)
            creationDate=_FIXED_DATE.timetuple(),
            modDate=_FIXED_DATE.timetuple(),
        )
        return buf.getvalue()


def _plain(markdown: str) -> str:
    """Markdown as the printed page reads it: no emphasis marks, code or link targets."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", markdown)
    text = re.sub(r"[*_`]{1,3}([^*_`]+)[*_`]{1,3}", r"\1", text)
    text = re.sub(r"^#+\s*", "", text, flags=re.M)
    return re.sub(r"^\s*[-*]\s+", "• ", text, flags=re.M)


def _answer_words(puzzle: Puzzle, lang: str) -> str:
    t = translations(lang)
    a = puzzle.answer
    facing = _directions(t)["name"][a.facing]
    taken = ", ".join(a.taken) if a.taken else t.gettext("nobody")
    return t.gettext("{square}, facing {facing}; taken: {taken}").format(
        square=sq(a.square), facing=facing, taken=taken
    )


def puzzle_worksheet(
    puzzles: Sequence[Puzzle],
    *,
    answers: bool = False,
    lang: str | None = None,
    paper: str = "a4",
    dpi: int = 150,
    heading: str | None = None,
) -> bytes:
    """A PDF worksheet of ``puzzles``: each board with the question and lines to answer on,
    two columns, four a page; ``answers=True`` gives the answer key instead (each answer,
    the rules that decide it and the step told in words)."""
    code = resolve(lang)
    t = translations(code)
    items = list(puzzles)
    if not items or len(items) > MAX_PUZZLES or not all(isinstance(p, Puzzle) for p in items):
        raise LessonError(
            "a worksheet takes 1 to {most} puzzles (teach.puzzles), got {got}",
            most=MAX_PUZZLES,
            got=shown(puzzles),
        )
    name = heading or (
        t.gettext("Answer key") if answers else t.gettext("Where will the monster go?")
    )
    pages = _Pages(name, paper, dpi)
    if answers:
        for k, puzzle in enumerate(items, 1):
            pages.room(pages.line * 4)
            pages.text(
                f"{k}. {_answer_words(puzzle, code)}  ({', '.join(puzzle.rules)})", bold=True
            )
            for sentence in narrate(puzzle.events, lang=code):
                pages.text(sentence, indent=pages.line)
            pages.gap()
        return pages.pdf(name, dpi, mono=True)
    pages.text(question_text(code))
    pages.gap()
    gap = pages.margin // 2
    cell_w = (pages.width - 2 * pages.margin - gap) / 2
    scale = cell_w / S.WIDTH
    pic_h = round(S.HEIGHT * scale)
    cell_h = pic_h + round(pages.line * 5.5)
    top = pages.y
    for k, puzzle in enumerate(items):
        slot = k % PER_PAGE
        if k and slot == 0:
            pages._new_page()
            top = pages.y
        row, col = divmod(slot, 2)
        x = round(pages.margin + col * (cell_w + gap))
        y = round(top + row * cell_h)
        pages.page.paste(scene_image(build_scene(puzzle.position), scale=scale), (x, y))
        ty = y + pic_h + pages.line // 2
        pages.draw.text((x, ty), f"{k + 1}.", fill="black", font=pages.bold)
        for label in (t.gettext("square"), t.gettext("facing"), t.gettext("taken")):
            ty += pages.line
            pages.draw.text(
                (x, ty), f"{label}: ______________________", fill="black", font=pages.body
            )
    return pages.pdf(name, dpi)


def lesson_worksheet(
    source: str,
    *,
    answers: bool = False,
    lang: str | None = None,
    paper: str = "a4",
    dpi: int = 150,
) -> bytes:
    """A PDF of a lesson's exercises and check questions (its Markdown source, as in
    ``notebooks/src``), with room to write; ``answers=True`` gives the answer key (the
    teacher's note after each). A lesson with no exercise is a ``LessonError``."""
    code = resolve(lang)
    t = translations(code)
    if not isinstance(source, str):
        raise LessonError(
            "a lesson worksheet is made from the lesson's Markdown text, got {got}",
            got=shown(source),
        )
    found = exercises(source)
    if not found:
        raise LessonError("this lesson has no exercise (a cell starting **Exercise …**)")
    lesson = _plain(title(source)) or t.gettext("Exercises")
    key = t.gettext("Answer key")
    name = lesson + " — " + key if answers else lesson
    pages = _Pages(name, paper, dpi)
    for question, answer in found:
        pages.room(pages.line * 6)
        pages.text(_plain(question))
        if answers:
            pages.gap(0.3)
            pages.text(_plain(answer) or "—", indent=pages.line)
        else:
            for _ in range(4):
                pages.gap(0.9)
                pages.room(pages.line)
                pages.draw.line(
                    (pages.margin, pages.y, pages.width - pages.margin, pages.y), fill="#999999"
                )
        pages.gap(1.2)
    return pages.pdf(name, dpi, mono=True)
