"""Printable worksheets (PDF) for a class: a set of predict-the-monster puzzles, or a lesson's
exercises, each with its answer key printed separately, so the teacher hands out one and
keeps the other.

>>> from finstere_widget.teach import puzzles, puzzle_worksheet
>>> sheet = puzzle_worksheet(puzzles("M5", n=4, seed=1))  # doctest: +SKIP
>>> key = puzzle_worksheet(puzzles("M5", n=4, seed=1), answers=True)  # doctest: +SKIP

A lesson's worksheet prints every exercise of its Markdown source (``notebooks/src``); an
exercise followed by a line ``<!-- board: SPEC -->`` is printed with that board
(:func:`board_for`), and a lesson with a line ``<!-- puzzles: SEED -->`` starts with its
graded puzzle series (lesson 09: :func:`~finstere_widget.teach.walkthrough.puzzle_levels`).

Needs Pillow (the ``animate`` extra): ``pip install "finstere_widget[animate]"``.
"""

from __future__ import annotations

import datetime
import io
import re
import struct
from collections.abc import Sequence
from typing import Any, NamedTuple, NoReturn

from ..engine.errors import LessonError, shown
from ..engine.i18n import resolve, translations
from ..engine.monster import monster_turn
from ..engine.narrate import _directions, _towards, narrate, sq
from ..engine.position import Position
from ..engine.replay import replay
from ..render import style as S
from ..render.animate import PAPER
from ..render.overlays import Overlay
from ..render.raster import _pil, font, scene_image, wrap_text
from ..render.scene import build_scene
from .lesson_text import exercise_items, puzzle_seed, title
from .predict import Puzzle, question_text

__all__ = ["SheetItem", "board_for", "lesson_worksheet", "puzzle_worksheet", "sheet_items"]

#: puzzles on a page of the worksheet (two columns, two rows)
PER_PAGE = 4
MAX_PUZZLES = 200
_FIXED_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
#: a lesson exercise's board: this share of the text's width, the writing lines beside it
BOARD_SHARE = 0.56
_LIST_ITEM = re.compile(r"^(•|\d+\.)\s")


class SheetItem(NamedTuple):
    """One exercise as a lesson worksheet prints it."""

    question: str
    #: the teacher's note (the answer key prints it)
    answer: str
    #: the board printed with it (None: text only)
    board: Position | None
    #: the words over the board ("" for none)
    caption: str


def _bad_board(spec: object) -> NoReturn:
    from .. import examples

    raise LessonError(
        "board {spec}: expected {grammar}, NAME an example ({names}) or basic",
        spec=shown(spec),
        grammar="NAME [without ID,ID] [tile T step N]",  # the marker's words: never translated
        names=", ".join(examples.names()),
    )


def board_for(spec: str, lang: str | None = None) -> tuple[Position, str]:
    """The board a ``<!-- board: SPEC -->`` line names, and its caption:

    * ``NAME``: the shipped example ``NAME`` (``finstere_widget.examples``), or ``basic``
      (the basic layout, ``Position.basic()``);
    * ``NAME without A,B``: with those pawns taken off;
    * ``NAME tile T step N``: as it stands when the monster, playing tile ``T``, makes
      step ``N``'s look (steps 1 to N-1 played; the caption says so).

    Anything else is a ``LessonError`` naming the spec."""
    from .. import examples

    words = spec.split() if isinstance(spec, str) else []
    if not words or (words[0] != "basic" and words[0] not in examples.names()):
        _bad_board(spec)
    position = Position.basic() if words[0] == "basic" else examples.load(words[0])
    rest = words[1:]
    tile = step = None
    while rest:
        if rest[0] == "without" and len(rest) >= 2:
            for pawn in rest[1].split(","):
                if pawn not in {p.id for p in position.pawns}:
                    raise LessonError(
                        "board {spec}: no pawn {pawn} on it", spec=shown(spec), pawn=shown(pawn)
                    )
                position = position.replace(pawns=tuple(p for p in position.pawns if p.id != pawn))
            rest = rest[2:]
        elif rest[0] == "tile" and len(rest) >= 4 and rest[2] == "step" and rest[3].isdigit():
            tile, step = rest[1], int(rest[3])
            rest = rest[4:]
        else:
            _bad_board(spec)
    if tile is None or step is None:
        return position, ""
    try:
        events = monster_turn(position, tile).events
    except ValueError as exc:
        raise LessonError(
            "board {spec}: tile {tile}: {error}", spec=shown(spec), tile=shown(tile), error=exc
        ) from exc
    steps = max(e.step for e in events)
    if not 1 <= step <= steps:
        raise LessonError(
            "board {spec}: step {step} is not a step of tile {tile} (1 to {steps})",
            spec=shown(spec),
            step=step,
            tile=tile,
            steps=steps,
        )
    played = [k for k, e in enumerate(events) if e.step < step]
    if played:
        position = replay(position, events)[played[-1]]
    t = translations(lang)
    caption = t.gettext("tile {tile}, step {step}: the monster at {square} facing {heading}")
    return position, caption.format(
        tile=tile,
        step=step,
        square=sq(position.monster.at),
        heading=_towards(t, position.monster.facing),
    )


def sheet_items(source: str, lang: str | None = None) -> list[SheetItem]:
    """The exercises of a lesson's Markdown ``source`` as its worksheet prints them, each
    with the board its marker names (:func:`board_for`)."""
    if not isinstance(source, str):
        raise LessonError(
            "a lesson worksheet is made from the lesson's Markdown text, got {got}",
            got=shown(source),
        )
    out = []
    for e in exercise_items(source):
        board, caption = board_for(e.board, lang) if e.board else (None, "")
        out.append(SheetItem(e.question, e.answer, board, caption))
    return out


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
        # 10 pt text, a 14 pt title: readable on paper at arm's length
        self.body = font(max(6, round(dpi * 0.14)))
        self.bold = font(max(6, round(dpi * 0.14)), True)
        self.title = font(max(8, round(dpi * 0.2)), True)
        self.line = round(self.body.size * 1.4)
        #: a line to write on: room for a pupil's handwriting
        self.writing = round(dpi * 0.33)
        self.inner = self.width - 2 * self.margin
        self.pages: list[Any] = []
        self.pictures: set[int] = set()  # the pages with a picture (kept in colour)
        self.y = self.top = 0
        self._new_page()

    def _new_page(self) -> None:
        self.page = self.Image.new("RGB", (self.width, self.height), "white")
        self.draw = self.Draw.Draw(self.page)
        self.pages.append(self.page)
        # a long title on as many lines as it needs (it ran off the page's edge)
        lines = wrap_text(self.heading, self.title, self.inner, self.draw) or [""]
        for k, line in enumerate(lines):
            y = self.margin + round(k * self.title.size * 1.25)
            self.draw.text((self.margin, y), line, fill="black", font=self.title)
        self.top = self.margin + round(self.title.size * (1.25 * len(lines) + 0.75))
        self.y = self.top

    @property
    def bottom(self) -> int:
        return self.height - self.margin

    def room(self, height: float) -> None:
        """A new page unless ``height`` fits under what is there (a block taller than a
        page starts on a fresh page and runs on)."""
        if self.y + height > self.bottom and self.y > self.top:
            self._new_page()

    def wrap(self, text: str, width: float, lead: str = "") -> list[list[tuple[str, Any]]]:
        """``text`` (plain, a bold ``lead`` first) as lines of (word, font) no wider than
        ``width``: a paragraph's lines joined, a list item on a line of its own, a blank
        line kept."""
        logical: list[str] = []
        for raw in text.split("\n"):
            line = raw.strip()
            if not line:
                logical.append("")
            elif logical and logical[-1] and not _LIST_ITEM.match(line):
                logical[-1] += " " + line
            else:
                logical.append(line)
        while logical and not logical[0]:
            logical.pop(0)
        out: list[list[tuple[str, Any]]] = []
        if lead:  # the lead and the sentence after it share their first line
            runs = [(lead, self.bold)]
            if logical and not _LIST_ITEM.match(logical[0]):
                runs.append((logical.pop(0), self.body))
            out += self._fill(runs, width)
        for line in logical:
            out += self._fill([(line, self.body)], width) if line else [[]]
        while out and not out[-1]:
            out.pop()
        return out

    def _fill(self, runs: list[tuple[str, Any]], width: float) -> list[list[tuple[str, Any]]]:
        lines: list[list[tuple[str, Any]]] = [[]]
        x = 0.0
        for text, face in runs:
            for word in text.split():
                w = self.draw.textlength(word, font=face)
                space = self.draw.textlength(" ", font=face) if lines[-1] else 0
                if lines[-1] and x + space + w > width:
                    lines.append([])
                    x, space = 0.0, 0
                lines[-1].append((word, face))
                x += space + w
        return lines if lines != [[]] else [[]]

    def put(self, lines: list[list[tuple[str, Any]]], x: int) -> None:
        for words in lines:
            self.room(self.line)
            cx = float(x)
            for k, (word, face) in enumerate(words):
                if k:
                    cx += self.draw.textlength(" ", font=face)
                self.draw.text((cx, self.y), word, fill="black", font=face)
                cx += self.draw.textlength(word, font=face)
            self.y += self.line

    def text(self, text: str, bold: bool = False, indent: int = 0) -> None:
        width = self.inner - indent
        lines = self.wrap("", width, lead=text) if bold else self.wrap(text, width)
        self.put(lines, self.margin + indent)

    def gap(self, lines: float = 0.6) -> None:
        self.y += round(self.line * lines)

    def rule_lines(self, x0: int, x1: int, top: int, bottom: int) -> None:
        """Lines to write on from ``top`` to ``bottom``."""
        y = top + self.writing
        while y <= bottom:
            self.draw.line((x0, y, x1, y), fill="#707070", width=max(1, self.line // 14))
            y += self.writing

    def picture(self, image: Any, x: int, y: int) -> None:
        self.page.paste(image, (x, y))
        self.pictures.add(len(self.pages) - 1)

    def pdf(self, title_: str, dpi: int) -> bytes:
        """The pages as one PDF: a page with a picture in up to 128 colours, a page of text
        in black and white, each stored as its PNG data (lossless: no blurred words)."""
        images = []
        for k, page in enumerate(self.pages):
            if k in self.pictures:
                flat = page.quantize(128, dither=self.Image.Dither.NONE)
            else:
                flat = page.convert("1", dither=self.Image.Dither.NONE)
            buf = io.BytesIO()
            flat.save(buf, format="PNG")
            images.append(buf.getvalue())
        return pdf_of_pngs(images, title_, dpi)


def _png_parts(png: bytes) -> tuple[int, int, int, int, bytes, bytes]:
    """A PNG's width, height, bit depth, colour type, palette and image data (its IDAT
    chunks joined: a zlib stream of filtered rows, which a PDF reads as it is)."""
    at = 8
    head = palette = b""
    data = []
    while at < len(png):
        size = struct.unpack(">I", png[at : at + 4])[0]
        kind, body = png[at + 4 : at + 8], png[at + 8 : at + 8 + size]
        if kind == b"IHDR":
            head = body
        elif kind == b"PLTE":
            palette = body
        elif kind == b"IDAT":
            data.append(body)
        at += 12 + size
    width, height, depth, colour = struct.unpack(">IIBB", head[:10])
    return width, height, depth, colour, palette, b"".join(data)


def _pdf_text(text: str) -> bytes:
    """``text`` as a PDF string (UTF-16 with its byte order mark, brackets escaped)."""
    raw = "\ufeff".encode("utf-16-be") + text.encode("utf-16-be")
    return b"(" + raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


def pdf_of_pngs(pngs: Sequence[bytes], title_: str, dpi: int) -> bytes:
    """A PDF with one page a picture, from the pictures' PNG bytes (8-bit palette or 1-bit
    grey, as ``_Pages.pdf`` makes them), ``dpi`` pixels an inch. Its dates are fixed: the
    same pages give the same bytes whenever they are built."""
    date = _FIXED_DATE.strftime("D:%Y%m%d%H%M%SZ").encode()
    objects: list[bytes] = [b"", b""]  # the catalogue and the page tree, written last
    objects.append(
        b"<< /Title "
        + _pdf_text(title_)
        + b" /Producer (finstere_widget) /CreationDate ("
        + date
        + b") /ModDate ("
        + date
        + b") >>"
    )
    kids = []
    for png in pngs:
        width, height, depth, colour, palette, data = _png_parts(png)
        if colour == 3:
            space = b"[/Indexed /DeviceRGB %d <%s>]" % (
                len(palette) // 3 - 1,
                palette.hex().encode(),
            )
        else:
            space = b"/DeviceGray"
        image = (
            (
                b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace %s"
                b" /BitsPerComponent %d /Filter /FlateDecode /DecodeParms << /Predictor 15"
                b" /Colors 1 /BitsPerComponent %d /Columns %d >> /Length %d >>\nstream\n"
                % (width, height, space, depth, depth, width, len(data))
            )
            + data
            + b"\nendstream"
        )
        w, h = width * 72 / dpi, height * 72 / dpi
        draw = b"q %.2f 0 0 %.2f 0 0 cm /Im0 Do Q" % (w, h)
        objects.append(image)
        objects.append(b"<< /Length %d >>\nstream\n" % len(draw) + draw + b"\nendstream")
        n = len(objects)  # the image is object n - 1, its drawing n (numbered from 1)
        objects.append(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.2f %.2f] /Resources << /XObject"
            b" << /Im0 %d 0 R >> >> /Contents %d 0 R >>" % (w, h, n - 1, n)
        )
        kids.append(b"%d 0 R" % len(objects))
    objects[0] = b"<< /Type /Catalog /Pages 2 0 R >>"
    objects[1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(kids), len(kids))
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for k, body in enumerate(objects, 1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % k + body + b"\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    out.write(b"".join(b"%010d 00000 n \n" % at for at in offsets))
    out.write(
        b"trailer\n<< /Size %d /Root 1 0 R /Info 3 0 R >>\nstartxref\n%d\n%%%%EOF\n"
        % (len(objects) + 1, xref)
    )
    return out.getvalue()


def _plain(markdown: str) -> str:
    """Markdown as the printed page reads it: no emphasis marks, code or link targets."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", markdown)
    text = re.sub(r"[*_`]{1,3}([^*_`]+)[*_`]{1,3}", r"\1", text)
    text = re.sub(r"^#+\s*", "", text, flags=re.M)
    return re.sub(r"^\s*[-*]\s+", "• ", text, flags=re.M)


def _lead(question: str) -> tuple[str, str]:
    """The question's bold lead (``Exercise 1.``, a ``## Check yourself`` heading) and the
    rest, both as plain text."""
    m = re.match(r"\*\*([^*]+)\*\*", question) or re.match(r"#+\s*(.+)", question)
    if not m:
        return "", _plain(question)
    return _plain(m.group(1)).strip(), _plain(question[m.end() :]).strip()


def _answer_words(puzzle: Puzzle, lang: str) -> str:
    t = translations(lang)
    a = puzzle.answer
    facing = _directions(t)["name"][a.facing]
    taken = ", ".join(a.taken) if a.taken else t.gettext("nobody")
    return t.gettext("{square}, facing {facing}; taken: {taken}").format(
        square=sq(a.square), facing=facing, taken=taken
    )


def _choices(puzzle: Puzzle, lang: str) -> list[str]:
    t = translations(lang)
    return [
        t.gettext("{letter}) {square} facing {heading}, taken: {taken}").format(
            letter=letter,
            square=sq(c.square),
            heading=_towards(t, c.facing),
            taken=", ".join(c.taken) or "-",
        )
        for letter, c in zip("abcdefg", puzzle.choices, strict=False)
    ]


def _check_puzzles(puzzles: Any) -> list[Puzzle]:
    items = list(puzzles) if isinstance(puzzles, Sequence) and not isinstance(puzzles, str) else []
    if not items or len(items) > MAX_PUZZLES or not all(isinstance(p, Puzzle) for p in items):
        raise LessonError(
            "a worksheet takes 1 to {most} puzzles (teach.puzzles), got {got}",
            most=MAX_PUZZLES,
            got=shown(puzzles),
        )
    return items


def _puzzle_pages(pages: _Pages, items: Sequence[Puzzle], *, answers: bool, lang: str) -> None:
    """The puzzles on ``pages``: each board with its choices and a line for the rule, two
    columns, four a page; ``answers``: the key (each answer, its letter, the rules that
    decide it and the step told in words)."""
    t = translations(lang)
    if answers:
        for k, puzzle in enumerate(items, 1):
            pages.room(pages.line * 4)
            letter = "abcdefg"[puzzle.choices.index(puzzle.answer)]
            pages.text(
                f"{k}. {letter}) {_answer_words(puzzle, lang)}  ({', '.join(puzzle.rules)})",
                bold=True,
            )
            for sentence in narrate(puzzle.events, lang=lang):
                pages.text(sentence, indent=pages.line)
            pages.gap()
        return
    pages.text(question_text(lang))
    pages.gap()
    gap = pages.margin // 2
    cell_w = (pages.inner - gap) / 2
    scale = cell_w / S.WIDTH
    pic_h = round(S.HEIGHT * scale)
    most = max(len(p.choices) for p in items)
    cell_h = pic_h + round(pages.line * (most + 2.2))
    rows = 2 if pages.y + 2 * cell_h <= pages.bottom else 1
    top = pages.y
    for k, puzzle in enumerate(items):
        slot = k % (2 * rows)
        if k and slot == 0:
            pages._new_page()
            top = pages.y
        row, col = divmod(slot, 2)
        x = round(pages.margin + col * (cell_w + gap))
        y = round(top + row * cell_h)
        pages.picture(scene_image(build_scene(puzzle.position, lang=lang), scale=scale), x, y)
        ty = y + pic_h + pages.line // 3
        number = f"{k + 1}."
        pages.draw.text((x, ty), number, fill="black", font=pages.bold)
        rule_x = x + round(pages.draw.textlength(number + "  ", font=pages.bold))
        pages.draw.text(
            (rule_x, ty), t.gettext("rule") + ": ______________", fill="black", font=pages.body
        )
        for choice in _choices(puzzle, lang):
            ty += pages.line
            pages.draw.text((x + pages.line, ty), choice, fill="black", font=pages.body)
        pages.y = y + cell_h


def puzzle_worksheet(
    puzzles: Sequence[Puzzle],
    *,
    answers: bool = False,
    lang: str | None = None,
    paper: str = "a4",
    dpi: int = 150,
    heading: str | None = None,
) -> bytes:
    """A PDF worksheet of ``puzzles``: each board with its choices and a line to write the
    rule that decides it, two columns, four a page; ``answers=True`` gives the answer key
    instead (each answer, the rules that decide it and the step told in words)."""
    code = resolve(lang)
    t = translations(code)
    items = _check_puzzles(puzzles)
    name = heading or (
        t.gettext("Answer key") if answers else t.gettext("Where will the monster go?")
    )
    pages = _Pages(name, paper, dpi)
    _puzzle_pages(pages, items, answers=answers, lang=code)
    return pages.pdf(name, dpi)


def _exercise(pages: _Pages, item: SheetItem, answers: bool, lang: str) -> None:
    lead, rest = _lead(item.question)
    lines = pages.wrap(rest, pages.inner, lead=lead)
    answer = _plain(item.answer) or "—"
    if item.board is None:
        writing = max(4, 2 * len(re.findall(r"^\d+\. ", rest, re.M)))
        below = (
            pages.line * (len(pages.wrap(answer, pages.inner - pages.line)) + 0.3)
            if answers
            else pages.writing * writing
        )
        pages.room(len(lines) * pages.line + min(below, pages.line * 8))
        pages.put(lines, pages.margin)
        if answers:
            pages.gap(0.3)
            pages.text(answer, indent=pages.line)
        else:
            for _ in range(writing):
                pages.room(pages.writing)
                pages.y += pages.writing
                pages.rule_lines(
                    pages.margin, pages.width - pages.margin, pages.y - pages.writing, pages.y
                )
        pages.gap(1.4)
        return
    board_w = round(pages.inner * BOARD_SHARE)
    scale = board_w / S.WIDTH
    board_h = round(S.HEIGHT * scale)
    gap = pages.margin // 2
    right_x = pages.margin + board_w + gap
    right_w = pages.width - pages.margin - right_x
    beside = pages.wrap(answer, right_w) if answers else []
    block = max(board_h, len(beside) * pages.line)
    # the question and its board on one page: a board is never cut by a page's end
    pages.room(len(lines) * pages.line + pages.line // 2 + block)
    pages.put(lines, pages.margin)
    pages.gap(0.5)
    top = pages.y
    overlay = Overlay(caption=item.caption) if item.caption else None
    pages.picture(
        scene_image(build_scene(item.board, overlay, lang), scale=scale), pages.margin, top
    )
    if answers:
        pages.put(beside, right_x)
    else:
        pages.rule_lines(right_x, pages.width - pages.margin, top, top + board_h)
    pages.y = max(pages.y, top + board_h)
    pages.gap(1.4)


def lesson_worksheet(
    source: str,
    *,
    answers: bool = False,
    lang: str | None = None,
    paper: str = "a4",
    dpi: int = 150,
) -> bytes:
    """A PDF of a lesson's exercises and check questions (its Markdown source, as in
    ``notebooks/src``), with room to write; an exercise whose source names a board
    (``<!-- board: SPEC -->``, :func:`board_for`) is printed with it, the lines to write on
    beside it; a lesson with ``<!-- puzzles: SEED -->`` starts with its puzzle series
    (:func:`~finstere_widget.teach.walkthrough.puzzle_levels`). ``answers=True`` gives the
    answer key (each board again, the teacher's note beside it). A lesson with neither an
    exercise nor puzzles is a ``LessonError``."""
    code = resolve(lang)
    t = translations(code)
    found = sheet_items(source, code)
    seed = puzzle_seed(source)
    if not found and seed is None:
        raise LessonError("this lesson has no exercise (a cell starting **Exercise …**)")
    lesson = _plain(title(source)) or t.gettext("Exercises")
    key = t.gettext("Answer key")
    name = lesson + " — " + key if answers else lesson
    pages = _Pages(name, paper, dpi)
    if seed is not None:
        from .walkthrough import puzzle_levels

        level1, level2, level3 = puzzle_levels(seed)
        _puzzle_pages(pages, level1 + level2 + level3, answers=answers, lang=code)
        pages.gap(1.4)
    for item in found:
        _exercise(pages, item, answers, code)
    return pages.pdf(name, dpi)
