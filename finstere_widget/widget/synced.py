"""What crosses between Python and the board's browser code besides the drawing itself (the
render contract: :mod:`finstere_widget.render.primitives`), as typed dicts.

Python to the browser: the quiz on the frames on show (:class:`QuizState`, the ``quiz``
trait; ``{}`` for none) and the whole state an exported page embeds (:class:`PageState`,
``BoardWidget.state_for_html``). The browser to Python: the board's messages, of which the
quiz's (:class:`QuizAnswerMessage`, :class:`QuizHintMessage`) are read by
:func:`quiz_message`, which raises :class:`~finstere_widget.engine.errors.QuizError` naming
the key at fault (clicks and keys are read by :func:`.interaction.read_message`).

``widget/static/board.js`` has a JSDoc ``@typedef`` for each of these, key for key
(``tests/test_render_contract.py`` checks that they agree), as panel.js has for the control
panel's (:mod:`.panel`).
"""

from __future__ import annotations

from typing import Literal, TypedDict, final, get_args

from ..engine.errors import QuizError, shown
from ..render.primitives import Geometry, PackedFrame, Prim
from ..teach.quiz import HeadingName, QuestionDict

#: a heading as the browser writes it (the engine's quiz data writes it so too)
HEADING_NAMES: tuple[HeadingName, ...] = get_args(HeadingName)
#: what the board is for: looking, moving pawns, editing the position
Mode = Literal["view", "move", "edit"]
MODES: tuple[Mode, ...] = get_args(Mode)


class QuizQuestion(QuestionDict):
    """One look to predict, with everything the browser needs to judge an answer itself
    (the engine's :meth:`Quiz.to_dict <finstere_widget.teach.quiz.Quiz.to_dict>`: a
    :class:`~finstere_widget.teach.quiz.QuestionDict`) and the frames it is tied to: asked
    on ``gate``, the look's own frame ``look`` shown once it is answered right."""

    look: int
    gate: int


class QuizState(TypedDict):
    """The ``quiz`` trait: the questions of the turn on show, the words around them in the
    quiz's language, the number of frames they were built for (the browser ignores a quiz
    that does not fit the frames) and the round (a new one starts the answers afresh)."""

    lang: str
    questions: list[QuizQuestion]
    words: dict[str, str]
    frames: int
    round: int


@final
class NoQuiz(TypedDict):
    """The ``quiz`` trait with no quiz: ``{}``."""


#: the ``quiz`` trait
QuizData = QuizState | NoQuiz


def quiz_of(data: QuizData) -> QuizState | None:
    """The quiz a ``quiz`` trait holds; None for ``{}`` (no quiz)."""
    return data if "questions" in data else None


class PageState(TypedDict):
    """What an exported page embeds (``BoardWidget.state_for_html``): the board's synced
    traits as the page's stand-in model serves them to board.js."""

    static: list[Prim]
    groups: list[list[Prim]]
    frames: list[PackedFrame]
    event_log: list[str]
    frame: int
    geometry: Geometry
    hint: str
    mode: Mode
    max_width: int
    standalone: bool
    quiz: QuizData
    lang: str
    texts: dict[str, str]


class QuizAnswer(TypedDict, total=False):
    """An answer, one key of three: a direction, a square, or a pawn's id."""

    heading: HeadingName
    square: list[int]
    pawn: str


class QuizAnswerMessage(TypedDict):
    """The browser judged an answer to question ``question`` (the kernel records it)."""

    type: Literal["quiz_answer"]
    question: int
    answer: QuizAnswer


class QuizHintMessage(TypedDict):
    """The learner asked for hint ``level`` (1-3) on question ``question``."""

    type: Literal["quiz_hint"]
    question: int
    level: int


QuizMessage = QuizAnswerMessage | QuizHintMessage
#: the quiz's message types, as the browser names them
QUIZ_MESSAGE_TYPES: tuple[str, ...] = ("quiz_answer", "quiz_hint")
_ID_MAX = 40  # the longest pawn id a message may name (engine: safe pawn ids are shorter)


def _whole(content: dict[object, object], key: str, low: int, high: int | None = None) -> int:
    value = content.get(key)
    if type(value) is not int or value < low or (high is not None and value > high):
        if high is None:
            raise QuizError(
                "quiz message: {key} must be a whole number >= {low}, not {value}",
                key=repr(key),
                low=low,
                value=shown(value),
            )
        raise QuizError(
            "quiz message: {key} must be a whole number from {low} to {high}, not {value}",
            key=repr(key),
            low=low,
            high=high,
            value=shown(value),
        )
    return value


def _answer(value: object) -> QuizAnswer:
    if not isinstance(value, dict) or len(value) != 1:
        raise QuizError(
            "quiz message: 'answer' must be one of {{heading}}, {{square}} or {{pawn}}, "
            "not {value}",
            value=shown(value),
        )
    ((key, v),) = value.items()
    if key == "heading":
        for h in HEADING_NAMES:
            if v == h:
                return {"heading": h}
        raise QuizError(
            "quiz message: answer 'heading' must be N, E, S or W, not {value}", value=shown(v)
        )
    if key == "square":
        if isinstance(v, list) and len(v) == 2 and all(type(c) is int for c in v):
            return {"square": [v[0], v[1]]}
        raise QuizError("quiz message: answer 'square' must be [x, y], not {value}", value=shown(v))
    if key == "pawn":
        if isinstance(v, str) and 0 < len(v) <= _ID_MAX:
            return {"pawn": v}
        raise QuizError(
            "quiz message: answer 'pawn' must be a pawn's id, not {value}", value=shown(v)
        )
    raise QuizError("quiz message: an answer has no key {key}", key=shown(key))


def quiz_message(content: object) -> QuizMessage:
    """A quiz message from the browser, checked: ``{"type": "quiz_answer", "question": i,
    "answer": {"heading": "N"} | {"square": [x, y]} | {"pawn": "A"}}`` or ``{"type":
    "quiz_hint", "question": i, "level": 1..3}``. Anything else is a
    :class:`~finstere_widget.engine.errors.QuizError` naming the key at fault."""
    if not isinstance(content, dict):
        raise QuizError("a quiz message must be an object, not {value}", value=shown(content))
    kind = content.get("type")
    if kind == "quiz_answer":
        allowed = {"type", "question", "answer"}
    elif kind == "quiz_hint":
        allowed = {"type", "question", "level"}
    else:
        raise QuizError(
            "quiz message: 'type' must be one of {types}, not {value}",
            types=", ".join(QUIZ_MESSAGE_TYPES),
            value=shown(kind),
        )
    extra = sorted(str(k) for k in content if k not in allowed)
    if extra:
        raise QuizError("quiz message: a {kind} has no key {key}", kind=kind, key=shown(extra[0]))
    question = _whole(content, "question", 0)
    if kind == "quiz_hint":
        return {"type": "quiz_hint", "question": question, "level": _whole(content, "level", 1, 3)}
    return {"type": "quiz_answer", "question": question, "answer": _answer(content.get("answer"))}


__all__ = [
    "HEADING_NAMES",
    "MODES",
    "QUIZ_MESSAGE_TYPES",
    "HeadingName",
    "Mode",
    "NoQuiz",
    "PageState",
    "QuizAnswer",
    "QuizAnswerMessage",
    "QuizData",
    "QuizHintMessage",
    "QuizMessage",
    "QuizQuestion",
    "QuizState",
    "quiz_message",
    "quiz_of",
]
