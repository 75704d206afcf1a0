"""The monster-turn quiz in the widget: the data the browser needs to ask before each look and
judge the answer itself (no kernel round trip), and the record of what the browser reports.

The questions, their accepted answers, both feedbacks, the hints and the words around them
come from the engine's :class:`~finstere_widget.teach.quiz.Quiz`; this module only ties each
question to the frames on show: ``gate`` is the frame the question is asked on (the one just
before the look, so the board never shows the look — the answer — before it is answered)
and ``look`` the look's own frame, shown once the answer is right.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..engine import Position
from ..engine.board import Heading
from ..engine.errors import FinstereError, QuizError, TraceError
from ..engine.events import assert_never
from ..render.frames import TraceFrame
from ..teach.quiz import Guess, Quiz
from .static_output import static_text
from .synced import QuizAnswer, QuizQuestion, QuizState, quiz_message

if TYPE_CHECKING:
    from .board import BoardWidget


def quiz_state(quiz: Quiz, frames: Sequence[TraceFrame], round: int = 0) -> QuizState:
    """``quiz.to_dict()`` with each question's ``gate`` and ``look`` frame numbers, the
    number of frames it was built for (the browser ignores a quiz that does not fit) and
    ``round``: the browser starts its answers afresh when the round changes, and keeps them
    when only the words do (a language switch sends the same round)."""
    where = {f.event_index: f.index for f in frames if f.event_index is not None}
    data = quiz.to_dict()
    questions: list[QuizQuestion] = []
    for q in data["questions"]:
        look = where.get(q["event"])
        if look is None or look == 0:
            raise TraceError(
                "quiz: the look of event {event} has no frame of its own", event=q["event"]
            )
        questions.append({**q, "look": look, "gate": look - 1})
    return {
        "lang": data["lang"],
        "questions": questions,
        "words": data["words"],
        "frames": len(frames),
        "round": round,
    }


def quiz_opening(position: Position, tile: str | None) -> Callable[[str | None], str]:
    """The opening caption of a quizzed turn from ``position``, as a function of the
    language: the monster's turn opens with a look (M5), so the quiz asks at once and ▶ waits
    for the answer; the caption says so instead of "press ▶ to step"."""
    from ..engine.i18n import translations
    from ..engine.narrate import _towards, sq

    monster = position.monster

    def caption(lang: str | None) -> str:
        t = translations(lang)
        return t.gettext(
            "tile {tile}: the monster at {square} facing {heading} — where does it go? "
            "Answer to step on"
        ).format(tile=tile or "?", square=sq(monster.at), heading=_towards(t, monster.facing))

    return caption


def guess_of(answer: QuizAnswer) -> Guess:
    """The engine's guess from a checked answer (:func:`.synced.quiz_message`):
    ``{"heading": "N"}``, ``{"square": [x, y]}`` or ``{"pawn": "A"}``."""
    if "heading" in answer:
        return Heading[answer["heading"]]
    if "square" in answer:
        x, y = answer["square"]
        return (x, y)
    if "pawn" in answer:
        return answer["pawn"]
    raise QuizError("quiz message: an answer needs a heading, a square or a pawn")


def record(quiz: Quiz, message: object) -> str | None:
    """Take a browser message into ``quiz``: ``{"type": "quiz_answer", "question": i,
    "answer": {...}}`` (the first answer to a question is counted, as the browser counts it)
    or ``{"type": "quiz_hint", "question": i, "level": k}``, checked by
    :func:`.synced.quiz_message`. Returns what was wrong with a message it could not take
    (None when taken); never raises."""
    try:
        checked = quiz_message(message)
        match checked["type"]:
            case "quiz_hint":  # counted for the open question only
                if checked["question"] == quiz.current and not quiz.done:
                    quiz.hints_used += 1
            case "quiz_answer":
                quiz.answer(checked["question"], guess_of(checked["answer"]))
            case _ as never:
                assert_never(never)
    except FinstereError as exc:
        return str(exc)
    return None


def told_text(board: BoardWidget, head: str) -> str:
    """The static fallback's text for a quizzed turn: ``head`` and the story up to the frame
    on show only (the looks still to be answered are not told)."""
    frames = board.frames
    current = frames[board.frame]["e"] if frames else None
    told = list(board.event_log)[: (current + 1) if current is not None else 0]
    return static_text(head, told, current)


__all__ = ["guess_of", "quiz_opening", "quiz_state", "record", "told_text"]
