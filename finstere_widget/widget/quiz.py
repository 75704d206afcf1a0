"""The monster-turn quiz in the widget: the data the browser needs to ask before each look and
judge the answer itself (no kernel round trip), and the record of what the browser reports.

The questions, their accepted answers, both feedbacks, the hints and the words around them
come from the engine's :class:`~finstere_widget.engine.quiz.Quiz`; this module only ties each
question to the frames on show: ``gate`` is the frame the question is asked on (the one just
before the look, so the board never shows the look — the answer — before it is answered)
and ``look`` the look's own frame, shown once the answer is right.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..engine import Position
from ..engine.board import Heading
from ..engine.errors import FinstereError, TraceError
from ..engine.quiz import Guess, Quiz
from ..render.frames import TraceFrame
from .static_output import static_text

if TYPE_CHECKING:
    from .board import BoardWidget


def quiz_state(quiz: Quiz, frames: Sequence[TraceFrame], round: int = 0) -> dict[str, Any]:
    """``quiz.to_dict()`` with each question's ``gate`` and ``look`` frame numbers, the
    number of frames it was built for (the browser ignores a quiz that does not fit) and
    ``round``: the browser starts its answers afresh when the round changes, and keeps them
    when only the words do (a language switch sends the same round)."""
    where = {f.event_index: f.index for f in frames if f.event_index is not None}
    data = quiz.to_dict()
    for q in data["questions"]:
        look = where.get(q["event"])
        if look is None or look == 0:
            raise TraceError(
                "quiz: the look of event {event} has no frame of its own", event=q["event"]
            )
        q["look"] = look
        q["gate"] = look - 1
    data["frames"] = len(frames)
    data["round"] = round
    return data


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


def guess_of(answer: Any) -> Guess | None:
    """The engine's guess from a browser message's answer: ``{"heading": "N"}``,
    ``{"square": [x, y]}`` or ``{"pawn": "A"}``; None for anything else."""
    if not isinstance(answer, dict):
        return None
    heading = answer.get("heading")
    if isinstance(heading, str) and heading in ("N", "E", "S", "W"):
        return Heading[heading]
    square = answer.get("square")
    if isinstance(square, list) and len(square) == 2 and all(type(v) is int for v in square):
        return (square[0], square[1])
    pawn = answer.get("pawn")
    if isinstance(pawn, str) and 0 < len(pawn) <= 40:
        return pawn
    return None


def record(quiz: Quiz, message: Any) -> str | None:
    """Take a browser message into ``quiz``: ``{"type": "quiz_answer", "question": i,
    "answer": {...}}`` (the first answer to a question is counted, as the browser counts it)
    or ``{"type": "quiz_hint", "question": i, "level": k}``. Returns what was wrong with a
    message it could not take (None when taken); never raises."""
    if not isinstance(message, dict):
        return "not a quiz message"
    number = message.get("question")
    if type(number) is not int:
        return "a quiz message without a question number"
    if message.get("type") == "quiz_hint":  # counted for the open question only
        if number == quiz.current and not quiz.done:
            quiz.hints_used += 1
        return None
    guess = guess_of(message.get("answer"))
    if guess is None:
        return "a quiz answer the quiz does not understand"
    try:
        quiz.answer(number, guess)
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
