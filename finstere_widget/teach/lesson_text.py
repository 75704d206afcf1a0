"""A lesson's Markdown source as cells: the text the learner reads, the code cells, and the
teacher's notes (between a line ``<!-- teacher -->`` and a line ``<!-- /teacher -->``).

``notebooks/build.py`` builds the lessons' two editions from it, and
:mod:`~finstere_widget.teach.worksheets` prints a lesson's exercises and their answers.

Two kinds of line are for the printed worksheet only (the notebooks leave them out):

* ``<!-- board: SPEC -->`` right after an exercise's text: the board printed with that
  exercise (``SPEC``: :func:`~finstere_widget.teach.worksheets.board_for`);
* ``<!-- puzzles: SEED -->``: the worksheet starts with lesson 09's graded puzzle series
  (:func:`~finstere_widget.teach.walkthrough.puzzle_levels` of ``SEED``).
"""

from __future__ import annotations

import ast
import re
from typing import Literal, NamedTuple

from ..engine.errors import LessonError

CellKind = Literal["markdown", "code", "teacher"]

FENCE = re.compile(r"^```python\s*$")
SPLIT = "<!-- cell -->"
TEACHER, END_TEACHER = "<!-- teacher -->", "<!-- /teacher -->"
#: the words that start an exercise or a check, in the lessons' five languages
EXERCISE_WORDS = (
    "Exercise|Your turn|Question"  # en
    "|Exercice|À toi"  # fr
    "|Aufgabe|Du bist dran|Frage"  # de
    "|Esercizio|Tocca a te|Domanda"  # it
    "|Cvičení|Teď ty|Otázka"  # cs
)
CHECK_WORDS = "Check yourself|Fais le point|Teste dich selbst|Mettiti alla prova|Ověř si"
EXERCISE = re.compile(rf"^(\*\*({EXERCISE_WORDS})\b[^*]*\*\*|#+\s*({CHECK_WORDS})\b)", re.I | re.M)
#: a line naming the board an exercise prints (``<!-- board: monster_basic_8 -->``)
BOARD_MARK = re.compile(r"^<!--\s*board:(?P<spec>.*?)-->$")
#: a line asking the worksheet for the lesson's puzzle series (``<!-- puzzles: 2026 -->``)
PUZZLES_MARK = re.compile(r"^<!--\s*puzzles:(?P<seed>.*?)-->$")


class Exercise(NamedTuple):
    """An exercise of a lesson as the worksheet prints it."""

    question: str
    #: the teacher's note after it ("" for none)
    answer: str
    #: its board marker's spec (``"monster_basic_8 tile 8 step 4"``), "" for none
    board: str


def _mark(line: str) -> bool:
    bare = line.strip()
    return bool(BOARD_MARK.match(bare) or PUZZLES_MARK.match(bare))


def parse(text: str, marks: bool = False) -> list[tuple[CellKind, str]]:
    """``[(kind, source)]``: ``markdown``, ``code`` (a ```` ```python ```` fence) or
    ``teacher`` (markdown for the teacher's edition only). A teacher's note holds markdown
    only and must be closed: anything else is a ``LessonError`` naming the line. The
    worksheet's marker lines (a board's, the puzzles': the module's docstring) are left out
    unless ``marks``; one in a teacher's note is a ``LessonError``."""
    cells: list[tuple[CellKind, str]] = []
    buf: list[str] = []
    mode: CellKind = "markdown"
    dropped = False  # a marker line was just left out (a blank line after it goes too)

    def flush(kind: CellKind) -> None:
        src = "\n".join(buf).strip("\n")
        if src.strip():
            cells.append((kind, src))
        buf.clear()

    for number, line in enumerate(text.splitlines(), 1):
        bare = line.strip()
        if dropped and not bare and (not buf or not buf[-1].strip()):
            dropped = False
            continue  # the marker and its blank line go: the text reads as without it
        dropped = False
        if mode != "code" and _mark(line):
            if mode == "teacher":
                raise LessonError(
                    "line {number}: {line} belongs after the exercise's text, not in the "
                    "teacher's note",
                    number=number,
                    line=bare,
                )
            if marks:
                buf.append(bare)
            else:
                dropped = True
            continue
        if mode == "code":
            if bare == "```":
                flush("code")
                mode = "markdown"
            else:
                buf.append(line)
        elif mode == "teacher":
            if bare == END_TEACHER:
                flush("teacher")
                mode = "markdown"
            elif FENCE.match(line) or bare == TEACHER:
                raise LessonError(
                    "line {number}: a teacher's note holds markdown only and ends with {end}",
                    number=number,
                    end=END_TEACHER,
                )
            else:
                buf.append(line)
        elif FENCE.match(line):
            flush("markdown")
            mode = "code"
        elif bare == TEACHER:
            flush("markdown")
            mode = "teacher"
        elif bare == END_TEACHER:
            raise LessonError(
                "line {number}: {end} without {start}",
                number=number,
                end=END_TEACHER,
                start=TEACHER,
            )
        elif bare == SPLIT:
            flush("markdown")
        else:
            buf.append(line)
    if mode != "markdown":
        raise LessonError("the lesson ends inside a {kind} block", kind=mode)
    flush("markdown")
    return cells


def exercises(text: str) -> list[tuple[str, str]]:
    """A lesson's exercises and check questions (a paragraph starting ``**Exercise N.**``,
    ``**Your turn.**`` or ``**Question N.**``, or a ``## Check yourself`` section) with the teacher's note that follows each
    (``""`` where none does): ``[(question, answer)]`` in the lesson's order."""
    return [(e.question, e.answer) for e in exercise_items(text)]


def exercise_items(text: str) -> list[Exercise]:
    """The lesson's exercises (:func:`exercises`), each with the board its marker names.
    A board marker is the exercise's: after its text, before the next exercise; one
    before any exercise, or a second one for the same exercise, is a ``LessonError``."""
    found: list[Exercise] = []
    for kind, src in parse(text, marks=True):
        if kind != "markdown":
            if kind == "teacher" and found and not found[-1].answer:
                found[-1] = found[-1]._replace(answer=src.strip())
            continue
        starts = [m.start() for m in EXERCISE.finditer(src)]
        head = src[: starts[0]] if starts else src
        stray = next((ln for ln in head.splitlines() if BOARD_MARK.match(ln)), None)
        if stray is not None:
            raise LessonError(
                "{line} stands before any exercise: put it right after the exercise's text",
                line=stray,
            )
        for k, start in enumerate(starts):  # from each exercise's mark to the next one's
            end = starts[k + 1] if k + 1 < len(starts) else len(src)
            lines = src[start:end].strip().splitlines()
            boards = [m.group("spec").strip() for ln in lines if (m := BOARD_MARK.match(ln))]
            if "" in boards:
                raise LessonError(
                    "{question}: a board marker names its board (<!-- board: basic -->)",
                    question=lines[0][:60],
                )
            if len(boards) > 1:
                raise LessonError(
                    "{question}: one board an exercise, got {boards}",
                    question=lines[0][:60],
                    boards=", ".join(boards),
                )
            question = "\n".join(ln for ln in lines if not _mark(ln)).strip()
            found.append(Exercise(question, "", boards[0] if boards else ""))
    return found


def puzzle_seed(text: str) -> int | None:
    """The seed of the lesson's ``<!-- puzzles: SEED -->`` line (None: it has none); a seed
    that is not a whole number is a ``LessonError``."""
    for line in text.splitlines():
        m = PUZZLES_MARK.match(line.strip())
        if m:
            seed = m.group("seed").strip()
            if not seed.isdigit():
                raise LessonError(
                    "{line}: the seed is a whole number (<!-- puzzles: 2026 -->)",
                    line=line.strip(),
                )
            return int(seed)
    return None


def title(text: str) -> str:
    """The lesson's title: its first ``# `` heading (``""`` when it has none)."""
    for line in text.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return ""


def code_differs(english: str, translated: str) -> str | None:
    """Where a translated code cell does something else than the English one: ``None`` when
    the two are the same code, else a sentence naming the first line that differs.

    A translation may change the words and nothing else: comments, the text of a string that
    holds a space (a sentence, a title, a label: ``"games won:"``) and the text around an
    f-string's fields, which it may also put in another order (``f"{n} games"`` ->
    ``f"{n} parties"``), and a label given by keyword (``description="action"``, ``title=``,
    ``ylabel=``: :data:`TEXT_KEYWORDS`). A string without a space (a metric, an option, a bot's name:
    ``"rounds"``), a field's expression and format, and every name, number and call must be
    the English ones. Code that does not parse must be equal character for character."""
    try:
        a, b = ast.parse(english), ast.parse(translated)
    except SyntaxError:
        return None if english == translated else "the code differs (it does not parse)"
    return _differs(a, b)


#: the keyword arguments whose strings are shown as labels (``description="action"``)
TEXT_KEYWORDS = frozenset(
    {"description", "title", "label", "xlabel", "ylabel", "placeholder", "tooltip", "caption"}
)


def _is_str(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _line(node: object) -> str:
    return f"line {node.lineno}" if isinstance(node, ast.expr | ast.stmt) else "the cell"


def _fields(node: ast.JoinedStr) -> list[str]:
    return sorted(ast.dump(v) for v in node.values if isinstance(v, ast.FormattedValue))


def _differs(a: object, b: object, where: object = None) -> str | None:
    if type(a) is not type(b):
        return f"{_line(b if isinstance(b, ast.AST) else where)}: not the English code"
    if isinstance(a, ast.JoinedStr) and isinstance(b, ast.JoinedStr):
        same = _fields(a) == _fields(b)
        return None if same else f"{_line(b)}: the f-string's fields differ from the English"
    if isinstance(a, ast.Constant) and isinstance(b, ast.Constant):
        if isinstance(a.value, str) and isinstance(b.value, str) and " " in a.value.strip():
            return None  # words: a translation's to change
        same = a.value == b.value and type(a.value) is type(b.value)
        return None if same else f"{_line(b)}: {b.value!r} is not the English {a.value!r}"
    if isinstance(a, ast.keyword) and isinstance(b, ast.keyword) and a.arg in TEXT_KEYWORDS:
        if a.arg == b.arg and _is_str(a.value) and _is_str(b.value):
            return None  # a label: words, even a single one
    if isinstance(a, ast.AST) and isinstance(b, ast.AST):
        here = b if isinstance(b, ast.expr | ast.stmt) else where
        for name in a._fields:
            found = _differs(getattr(a, name, None), getattr(b, name, None), here)
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{_line(where)}: not the English code"
        for x, y in zip(a, b, strict=True):
            found = _differs(x, y, where)
            if found:
                return found
        return None
    return None if a == b else f"{_line(where)}: not the English code"
