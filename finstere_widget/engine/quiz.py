"""Quiz logic for predicting the monster, look by look (no Jupyter, no widget).

A :class:`Quiz` turns a monster turn into one question per look (M4-M6): *which way does
the monster go now?* The learner may answer with the direction, the square the monster
steps to (the next square that way, or where the step ends after a slide, a wall or a
teleporter), or the pawn it chases. :meth:`Quiz.judge` says right or wrong and gives the
feedback of the rules — the three lines of sight with their distances, and the rule id
that decides (M5 nearest, M5 tie, M6 final look) — in the language asked. Hints come in
three levels; the quiz keeps the score.

Every question carries its accepted answers and both feedbacks, so a browser front end can
judge a click itself from :meth:`Quiz.to_dict` without asking the kernel.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from gettext import NullTranslations
from typing import Any

from .board import Heading, Square, step
from .events import Event, Look, Ray
from .i18n import resolve, translations
from .narrate import _directions, _towards, describe
from .position import Position
from .replay import replay

#: what a learner may click or type: a direction (a Heading), a square, or a pawn id (a
#: string: pawn ids such as "E" would be ambiguous with directions)
Guess = Heading | Square | str


@dataclass(frozen=True)
class Question:
    """One look of the turn: where the monster stands and faces, and what is right."""

    number: int  # 0, 1, 2... over the turn's looks
    event_index: int  # index of the look in the turn's events
    look: Look
    heading: Heading  # the way the monster goes (M5/M6)
    squares: tuple[Square, ...]  # the next square that way, and where the step ends
    pawn: str | None  # the pawn it heads for (None: no pawn seen, or a tie)

    @property
    def rule(self) -> str:
        return "M6" if self.look.rule == "M6" else "M5"

    def is_right(self, guess: Guess) -> bool:
        if isinstance(guess, Heading):
            return guess == self.heading
        if isinstance(guess, tuple):
            return tuple(guess) in self.squares
        return self.pawn is not None and guess.strip() == self.pawn  # a pawn id


@dataclass(frozen=True)
class Feedback:
    correct: bool
    lines: tuple[str, ...]  # the verdict, each line of sight, the decision with its rule
    rule: str

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def _ray_line(t: NullTranslations, ray: Ray, facing: Heading) -> str:
    if ray.direction == facing:
        side = t.gettext("ahead")
    elif ray.direction == facing.left:
        side = t.gettext("left")
    else:
        side = t.gettext("right")
    where = _directions(t)["name"][ray.direction]
    if ray.seen is not None:
        what = t.gettext("{pawn} at {distance}").format(pawn=ray.seen, distance=ray.distance)
    elif ray.blocked_by == "wall":
        what = t.gettext("no pawn before the wall")
    else:
        what = t.gettext("no pawn before a stone")
    return t.gettext("{side} ({direction}): {what}").format(side=side, direction=where, what=what)


@dataclass
class Quiz:
    """A monster turn as a series of questions, with the score."""

    position: Position
    events: tuple[Event, ...]
    lang: str | None = None
    questions: tuple[Question, ...] = field(init=False)
    current: int = field(init=False, default=0)
    right: int = field(init=False, default=0)
    asked: int = field(init=False, default=0)
    hints_used: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        self.lang = resolve(self.lang)
        positions = replay(self.position, self.events)
        questions: list[Question] = []
        for k, e in enumerate(self.events):
            if not isinstance(e, Look):
                continue
            heading = e.chosen
            first, _ = step(e.at, heading)
            squares = [first]
            if e.rule != "M6":  # where this step ends: before the next look (or the end)
                nxt = next(
                    (j for j in range(k + 1, len(self.events)) if isinstance(self.events[j], Look)),
                    len(self.events),
                )
                landed = positions[nxt - 1].monster.at
                if landed not in squares:
                    squares.append(landed)
            pawn = e.nearest[0].seen if e.decision in ("turn", "keep") else None
            questions.append(Question(len(questions), k, e, heading, tuple(squares), pawn))
        self.questions = tuple(questions)

    @classmethod
    def play(
        cls, position: Position, tile: str | int, options: Any = None, lang: str | None = None
    ) -> Quiz:
        from .monster import monster_turn

        return cls(position, monster_turn(position, tile, options).events, lang)

    def __repr__(self) -> str:
        return (
            f"<Quiz question {min(self.current + 1, len(self.questions))} of "
            f"{len(self.questions)}, score {self.right} of {self.asked}, {self.hints_used} hints>"
        )

    @property
    def done(self) -> bool:
        return self.current >= len(self.questions)

    @property
    def question(self) -> Question:
        return self.questions[min(self.current, len(self.questions) - 1)]

    @property
    def score(self) -> tuple[int, int]:
        """(right answers, questions answered)."""
        return self.right, self.asked

    def feedback(self, question: Question, correct: bool) -> Feedback:
        t = translations(self.lang)
        look = question.look
        if correct:
            verdict = t.gettext("Right: it goes {heading}.").format(
                heading=_towards(t, question.heading)
            )
        else:
            verdict = t.gettext("Not quite: it goes {heading}.").format(
                heading=_towards(t, question.heading)
            )
        rays = [_ray_line(t, r, look.facing) for r in look.rays]
        return Feedback(correct, (verdict, *rays, describe(look, self.lang)), question.rule)

    def judge(self, guess: Guess) -> Feedback:
        """Judge ``guess`` for the current question, count it, and move to the next one."""
        if self.done:
            raise IndexError("the quiz is over: every look has been answered")
        q = self.questions[self.current]
        correct = q.is_right(guess)
        self.asked += 1
        self.right += int(correct)
        self.current += 1
        return self.feedback(q, correct)

    def hint(self, level: int = 1) -> str:
        """A hint for the current question: 1 where to look, 2 the distances, 3 the rule."""
        t = translations(self.lang)
        q = self.question
        self.hints_used += 1
        if level <= 1:
            return t.gettext(
                "The monster looks ahead, left and right — never behind; stones block its "
                "sight, crystals and pools do not (M4)."
            )
        if level == 2:
            seen = [r for r in q.look.rays if r.seen is not None]
            if not seen:
                return t.gettext("It sees no pawn in any of the three directions.")
            return "; ".join(_ray_line(t, r, q.look.facing) for r in seen)
        return t.gettext(
            "The nearest pawn decides; when two or three are equally near, it keeps its "
            "heading ({rule})."
        ).format(rule=q.rule)

    def to_dict(self) -> dict[str, Any]:
        """Every question with its accepted answers and both feedbacks (for a browser)."""
        out = []
        for q in self.questions:
            out.append(
                {
                    "event": q.event_index,
                    "heading": q.heading.name,
                    "squares": [list(s) for s in q.squares],
                    "pawn": q.pawn,
                    "rule": q.rule,
                    "right": list(self.feedback(q, True).lines),
                    "wrong": list(self.feedback(q, False).lines),
                }
            )
        return {"lang": self.lang, "questions": out}


def score_line(quiz: Quiz) -> str:
    t = translations(quiz.lang)
    return t.gettext("score: {right} of {asked}").format(right=quiz.right, asked=quiz.asked)


__all__ = ["Feedback", "Guess", "Question", "Quiz", "score_line"]
