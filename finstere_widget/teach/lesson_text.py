"""A lesson's Markdown source as cells: the text the learner reads, the code cells, and the
teacher's notes (between a line ``<!-- teacher -->`` and a line ``<!-- /teacher -->``).

``notebooks/build.py`` builds the lessons' two editions from it, and
:mod:`~finstere_widget.teach.worksheets` prints a lesson's exercises and their answers.
"""

from __future__ import annotations

import ast
import re
from typing import Literal

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


def parse(text: str) -> list[tuple[CellKind, str]]:
    """``[(kind, source)]``: ``markdown``, ``code`` (a ```` ```python ```` fence) or
    ``teacher`` (markdown for the teacher's edition only). A teacher's note holds markdown
    only and must be closed: anything else is a ``LessonError`` naming the line."""
    cells: list[tuple[CellKind, str]] = []
    buf: list[str] = []
    mode: CellKind = "markdown"

    def flush(kind: CellKind) -> None:
        src = "\n".join(buf).strip("\n")
        if src.strip():
            cells.append((kind, src))
        buf.clear()

    for number, line in enumerate(text.splitlines(), 1):
        bare = line.strip()
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
    found: list[tuple[str, str]] = []
    for kind, src in parse(text):
        starts = [m.start() for m in EXERCISE.finditer(src)] if kind == "markdown" else []
        for k, start in enumerate(starts):  # from each exercise's mark to the next one's
            end = starts[k + 1] if k + 1 < len(starts) else len(src)
            found.append((src[start:end].strip(), ""))
        if kind == "teacher" and found and not found[-1][1]:
            found[-1] = (found[-1][0], src.strip())
    return found


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
