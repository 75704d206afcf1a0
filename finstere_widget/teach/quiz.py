"""Quiz logic for predicting the monster, look by look (no Jupyter, no widget).

A :class:`Quiz` turns a monster turn into one question per look (M4-M6): *which way does
the monster go now?* The learner may answer with the direction, the square the monster
steps to (the next square that way, or where the step ends after a slide, a wall or a
teleporter), or the pawn it chases. :meth:`Quiz.judge` says right or wrong and gives the
feedback of the rules — the three lines of sight with their distances, and the rule id
that decides (M5 nearest, M5 tie, M6 final look) — in the language asked. Hints come in
three levels; the quiz keeps the score.

Every question carries its accepted answers and both feedbacks, so a browser front end can
judge a click itself from :meth:`Quiz.to_dict` without asking the kernel. What a click
means is :meth:`Question.verdict`: right, wrong, or no answer at all (a square or a heading
behind the monster — it never looks back, M4 — or a square off its lines with no pawn on
it); the browser's judge (``quizVerdict`` in widget/static/board.js) reads the same data
the same way, and a browser test compares the two on every square of the board.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from gettext import NullTranslations
from typing import Any, Literal, TypedDict

from ..engine.board import Heading, Square, step
from ..engine.errors import PuzzleError, QuizError, shown
from ..engine.events import Event, Look, Ray
from ..engine.i18n import resolve, translations
from ..engine.narrate import _directions, _towards, describe, one_after_another
from ..engine.position import Position
from ..engine.replay import replay

#: what a learner may click or type: a direction (a Heading), a square, or a pawn id (a
#: string: pawn ids such as "E" would be ambiguous with directions)
Guess = Heading | Square | str

#: a heading as the quiz's data writes it (and the browser reads it)
HeadingName = Literal["N", "E", "S", "W"]
_HEADING_NAMES: dict[Heading, HeadingName] = {
    Heading.N: "N",
    Heading.E: "E",
    Heading.S: "S",
    Heading.W: "W",
}


class QuestionDict(TypedDict):
    """One question of :meth:`Quiz.to_dict`: the look to predict with everything a browser
    needs to judge an answer itself (the widget adds the frames it is tied to:
    ``widget.synced.QuizQuestion``)."""

    event: int  # the look's event index
    at: list[int]  # the monster's square [x, y]
    facing: HeadingName
    heading: HeadingName  # the right answer's direction
    squares: list[list[int]]  # the squares that answer it right
    accepted: list[list[int]]  # those and the chased pawn's square
    pawn: str | None  # the pawn it chases (None: none seen, or a tie)
    pawns: list[list[int | str]]  # [x, y, id] of each pawn on the board
    rule: str  # the rule id that decides (M5, M6...)
    right: list[str]  # the feedback's lines for a right answer
    wrong: list[str]  # ... and for a wrong one
    hints: list[str]  # levels 1, 2 and 3


class QuizDict(TypedDict):
    """:meth:`Quiz.to_dict`: the quiz's language, its questions and the words around them
    (:func:`quiz_words`)."""

    lang: str
    questions: list[QuestionDict]
    words: dict[str, str]


@dataclass(frozen=True)
class Question:
    """One look of the turn: where the monster stands and faces, and what is right."""

    number: int  # 0, 1, 2... over the turn's looks
    event_index: int  # index of the look in the turn's events
    look: Look
    heading: Heading  # the way the monster goes (M5/M6)
    squares: tuple[Square, ...]  # the next square that way, and where the step ends
    pawn: str | None  # the pawn it heads for (None: no pawn seen, or a tie)
    #: the pawns on the board when the question is asked (square, id), in pawn order
    pawns: tuple[tuple[Square, str], ...] = ()

    @property
    def rule(self) -> str:
        return "M6" if self.look.rule == "M6" else "M5"

    @property
    def pawn_at(self) -> Square | None:
        """The square of the pawn it heads for (None when it heads for none)."""
        return next((sq for sq, pid in self.pawns if pid == self.pawn), None)

    @property
    def accepted(self) -> tuple[Square, ...]:
        """Every square whose click is right: where it steps, and the pawn it chases."""
        at = self.pawn_at
        return self.squares + ((at,) if at is not None and at not in self.squares else ())

    def direction_of(self, square: Square) -> Heading | None:
        """The heading from the monster to ``square`` when it is in line (same column or
        row), else None."""
        (mx, my), (x, y) = self.look.at, square
        if (x, y) == (mx, my) or (x != mx and y != my):
            return None
        if x == mx:
            return Heading.N if y < my else Heading.S
        return Heading.W if x < mx else Heading.E

    def verdict(self, guess: Guess) -> bool | None:
        """True (right), False (wrong), or None when ``guess`` answers nothing: a heading
        or a square behind the monster (it never looks back, M4), or a square off its
        three lines with no pawn on it. A square: right if the step goes or ends there or
        the chased pawn stands there; else a pawn's square is a wrong pawn; else a square in
        line with the monster means that direction. A guess of no such kind is a
        :class:`QuizError` naming it."""
        behind = self.look.facing.back
        if isinstance(guess, Heading):
            return None if guess == behind else guess == self.heading
        if isinstance(guess, (tuple, list)) and _square(guess):
            sq = (guess[0], guess[1])
            if sq in self.accepted:
                return True
            if any(sq == at for at, _ in self.pawns):
                return False
            d = self.direction_of(sq)
            return None if d is None or d == behind else d == self.heading
        if not isinstance(guess, str):
            raise QuizError(
                "quiz: a guess is a heading, a square (x, y) or a pawn id, not {guess}",
                guess=shown(guess),
            )
        pid = guess.strip()
        if not any(pid == p for _, p in self.pawns):
            return None  # no such pawn on the board
        return self.pawn is not None and pid == self.pawn

    def is_right(self, guess: Guess) -> bool:
        return self.verdict(guess) is True


@dataclass(frozen=True)
class Feedback:
    correct: bool
    lines: tuple[str, ...]  # the verdict, each line of sight, the decision with its rule
    rule: str

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def _square(guess: tuple[Any, ...] | list[Any]) -> bool:
    """Whether ``guess`` is a square: two whole numbers (``[x, y]`` as JSON has it too)."""
    return len(guess) == 2 and all(type(v) is int for v in guess)


def _ray_line(t: NullTranslations, ray: Ray, facing: Heading) -> str:
    if ray.direction == facing:
        side = t.gettext("ahead")
    elif ray.direction == facing.left:
        side = t.gettext("left")
    else:
        side = t.gettext("right")
    where = _directions(t)["name"][ray.direction]
    if ray.seen is not None:
        what = t.ngettext("{pawn} at {distance}", "{pawn} at {distance}", ray.distance or 0).format(
            pawn=ray.seen, distance=ray.distance
        )
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
    #: the open question: the first one not yet answered right (as the browser keeps it
    #: open after a wrong answer, with its hints, until the right answer)
    current: int = field(init=False, default=0)
    #: each question's first answer, right or wrong: the one scored
    first: list[bool] = field(init=False, default_factory=list)
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
            before = positions[k - 1] if k > 0 else self.position
            pawns = tuple((p.at, p.id) for p in before.pawns if isinstance(p.at, tuple))
            questions.append(Question(len(questions), k, e, heading, tuple(squares), pawn, pawns))
        self.questions = tuple(questions)

    @classmethod
    def play(
        cls, position: Position, tile: str | int, options: Any = None, lang: str | None = None
    ) -> Quiz:
        from ..engine.monster import monster_turn

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
        if not self.questions:  # events without a look: nothing to ask
            raise QuizError("the quiz is over: every look has been answered")
        return self.questions[min(self.current, len(self.questions) - 1)]

    @property
    def score(self) -> tuple[int, int]:
        """(right answers, questions answered)."""
        return self.right, self.asked

    def feedback(self, question: Question, correct: bool) -> Feedback:
        t = translations(self.lang)
        look = question.look
        heading = _towards(t, question.heading)
        if question.rule == "M6":  # the final look: it turns, and takes no step (M6)
            verdict = (
                t.gettext("Right: it ends its turn facing {heading}.")
                if correct
                else t.gettext("Not quite: it ends its turn facing {heading}.")
            ).format(heading=heading)
        elif correct:
            verdict = t.gettext("Right: it goes {heading}.").format(heading=heading)
        else:
            verdict = t.gettext("Not quite: it goes {heading}.").format(heading=heading)
        rays = [_ray_line(t, r, look.facing) for r in look.rays]
        return Feedback(correct, (verdict, *rays, describe(look, self.lang)), question.rule)

    def judge(self, guess: Guess) -> Feedback:
        """Judge ``guess`` for the open question. Its first answer is scored, right or wrong;
        the question stays open until it is answered right (as in the browser), then the
        next one opens."""
        if self.done:
            raise QuizError("the quiz is over: every look has been answered")
        number = self.current
        q = self.questions[number]
        correct = q.is_right(guess)
        if len(self.first) == number:  # the first answer to it: the one that counts
            self.first.append(correct)
            self.asked += 1
            self.right += int(correct)
        if correct:
            self.current += 1
        return self.feedback(q, correct)

    def answer(self, number: int, guess: Guess) -> Feedback | None:
        """An answer to question ``number`` as a front end reports it: an answer to the open
        question is judged (:meth:`judge`: the first one is scored, a right one opens the
        next question); a retry of a question already answered right gets its feedback but
        leaves the score; a guess that answers nothing (:meth:`Question.verdict` None) gets
        None and leaves the score too. A question not reached yet is refused with a
        :class:`PuzzleError`."""
        if (
            type(number) is not int
            or not 0 <= number < len(self.questions)
            or number > self.current
        ):
            raise PuzzleError(
                "quiz: question {number} cannot be answered now (question {current} of 0..{last} is open)",
                number=number,
                current=self.current,
                last=len(self.questions) - 1,
            )
        q = self.questions[number]
        verdict = q.verdict(guess)
        if verdict is None:
            return None
        if number == self.current:
            return self.judge(guess)
        return self.feedback(q, verdict)

    def hint(self, level: int = 1) -> str:
        """A hint for the open question: 1 where to look, 2 the distances, 3 the rule."""
        if type(level) is not int:
            raise QuizError("quiz: hint level {level}: expected 1, 2 or 3", level=shown(level))
        text = hint_text(self.question, level, self.lang)
        self.hints_used += 1
        return text

    def to_dict(self) -> QuizDict:
        """Every question with its accepted answers and both feedbacks (for a browser)."""
        return {
            "lang": resolve(self.lang),
            "questions": [self._question_data(q) for q in self.questions],
            "words": quiz_words(self.lang),
        }

    def _question_data(self, q: Question) -> QuestionDict:
        pawns: list[list[int | str]] = [[at[0], at[1], pid] for at, pid in q.pawns]
        return {
            "event": q.event_index,
            "at": list(q.look.at),
            "facing": _HEADING_NAMES[q.look.facing],
            "heading": _HEADING_NAMES[q.heading],
            "squares": [list(s) for s in q.squares],
            "accepted": [list(s) for s in q.accepted],
            "pawn": q.pawn,
            "pawns": pawns,
            "rule": q.rule,
            "right": list(self.feedback(q, True).lines),
            "wrong": list(self.feedback(q, False).lines),
            "hints": [hint_text(q, level, self.lang) for level in (1, 2, 3)],
        }


def hint_text(question: Question, level: int, lang: str | None = None) -> str:
    """Hint ``level`` for ``question``: 1 where to look, 2 the distances, 3 the rule."""
    t = translations(lang)
    if level <= 1:
        return t.gettext(
            "The monster looks ahead, left and right — never behind; stones block its "
            "sight, crystals and pools do not (M4)."
        )
    if level == 2:
        seen = [r for r in question.look.rays if r.seen is not None]
        if not seen:
            return t.gettext("It sees no pawn in any of the three directions.")
        return one_after_another([_ray_line(t, r, question.look.facing) for r in seen], t)
    return t.gettext(
        "The nearest pawn decides; when two or three are equally near, it keeps its "
        "heading ({rule})."
    ).format(rule=question.rule)


def quiz_words(lang: str | None = None) -> dict[str, str]:
    """The words a quiz front end shows around the questions, in ``lang`` (placeholders in
    braces are the front end's to fill: ``{n}``, ``{total}``, ``{right}``, ``{asked}``,
    ``{hints}``, ``{level}``, ``{hint}``)."""
    t = translations(lang)
    names = _directions(t)["name"]
    return {
        "title": t.gettext("Predict the monster"),
        "intro": t.gettext("Predict the monster: tile {tile}, looks to answer: {n}."),
        "question": t.gettext("Look {n} of {total}: where does the monster go now?"),
        "how": t.gettext(
            "Click the square it steps to or the pawn it chases, or choose a direction "
            "(arrow keys)."
        ),
        "step_on": t.gettext("Step on (→) to the next look: a question waits there."),
        "log_prompt": t.gettext(
            "Answer the question below: each look is told here once it is answered."
        ),
        "locked": t.gettext("Answer first: the monster's look is shown once you have answered."),
        "retry": t.gettext("Now give the right answer to see the monster's look."),
        "behind": t.gettext("The monster never looks behind (M4): choose ahead, left or right."),
        "nothing": t.gettext(
            "That answers nothing: click a square in line with the monster, a pawn, or a direction."
        ),
        "done": t.gettext(
            "Turn over: {right} of {asked} right at the first try; hints used: {hints}."
        ),
        "score": t.gettext("score: {right} of {asked}"),
        "hint": t.gettext("Hint"),
        "hint_title": t.gettext("a hint (H): where to look, then the distances, then the rule"),
        "hint_level": t.gettext("hint {level} of 3: {hint}"),
        "directions": t.gettext("answer with a direction"),
        "rule": t.gettext("rule"),
        "puzzle": t.gettext("Puzzle {n} of {total} (level {level})"),
        "series": t.gettext("series score: {right} of {asked}"),
        "previous": t.gettext("previous puzzle"),
        "next": t.gettext("next puzzle"),
        "N": names[Heading.N],
        "E": names[Heading.E],
        "S": names[Heading.S],
        "W": names[Heading.W],
    }


def score_line(quiz: Quiz) -> str:
    t = translations(quiz.lang)
    return t.gettext("score: {right} of {asked}").format(right=quiz.right, asked=quiz.asked)


__all__ = [
    "Feedback",
    "Guess",
    "HeadingName",
    "Question",
    "QuestionDict",
    "Quiz",
    "QuizDict",
    "hint_text",
    "quiz_words",
    "score_line",
]
