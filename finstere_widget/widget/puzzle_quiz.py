"""A graded series of puzzles as a quiz: one puzzle after the other on the quiz board of
:class:`~finstere_widget.widget.MonsterStepper` (``quiz=True``), the monster's one step
answered look by look in the browser, and the series' score kept."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as W  # type: ignore[import-untyped]

from ..engine.errors import PuzzleError, shown
from ..teach.predict import Puzzle
from ..teach.quiz import quiz_words
from .labels import row
from .quiz import record, told_text
from .static_output import with_static
from .stepper import MonsterStepper
from .synced import QuizMessage


class PuzzleQuiz(W.VBox):  # type: ignore[misc]
    """``PuzzleQuiz(puzzles(...), lang=None)``: each puzzle's step (a one-step tile) as a
    quiz — the look, then the final look — with buttons (and ``show(k)``) to go through the
    series. ``quiz.scores`` holds each puzzle's (right, asked) as the browser reported them;
    ``quiz.score`` their sum. The puzzle's topic is not shown: it would give the answer."""

    def __init__(self, puzzles: Sequence[Puzzle], lang: str | None = None, **kwargs: Any) -> None:
        if (
            not isinstance(puzzles, (list, tuple))
            or not puzzles
            or not all(isinstance(p, Puzzle) for p in puzzles)
        ):  # 5 or "text" crashed inside (TypeError, AttributeError)
            raise PuzzleError(
                "PuzzleQuiz needs a list of at least one puzzle, got {puzzles}",
                puzzles=shown(puzzles),
            )
        self.puzzles: tuple[Puzzle, ...] = tuple(puzzles)
        self.words = quiz_words(lang)  # an unknown language is refused here (LanguageError)
        first = self.puzzles[0]
        self.stepper = MonsterStepper(
            first.position, tile="1", options=first.options, option_names=(), quiz=True, lang=lang
        )
        self.board = self.stepper.board
        self.board.quiz_listener = self._on_quiz_message
        self.index = 0
        #: puzzle number -> (right, asked) at the first try, as the browser reported them
        self.scores: dict[int, tuple[int, int]] = {}
        self.heading = W.HTML()
        self.total = W.HTML()
        self.prev_button = W.Button(
            description=self.words["previous"],
            icon="arrow-left",
            tooltip=self.words["previous"],
            layout=W.Layout(width="auto"),
        )
        self.next_button = W.Button(
            description=self.words["next"],
            icon="arrow-right",
            tooltip=self.words["next"],
            layout=W.Layout(width="auto"),
        )
        self.prev_button.on_click(lambda _b: self.show(self.index - 1))
        self.next_button.on_click(lambda _b: self.show(self.index + 1))
        super().__init__(
            children=[
                self.heading,
                self.board,
                row([self.prev_button, self.next_button, self.total]),
            ],
            **kwargs,
        )
        self._update()

    def __repr__(self) -> str:
        right, asked = self.score
        return (
            f"PuzzleQuiz(puzzle {self.index + 1} of {len(self.puzzles)}, level "
            f"{self.puzzle.difficulty}, score {right} of {asked})"
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The static fallback: the puzzle's position and nothing of its answer."""
        bundle = super()._repr_mimebundle_(**kwargs)
        return with_static(bundle, self.board.static_svg(), told_text(self.board, repr(self)))

    @property
    def puzzle(self) -> Puzzle:
        return self.puzzles[self.index]

    @property
    def score(self) -> tuple[int, int]:
        """(right, asked) over the series so far."""
        return (sum(r for r, _ in self.scores.values()), sum(a for _, a in self.scores.values()))

    def show(self, k: int) -> None:
        """Go to puzzle ``k`` (0-based; out of range is clamped); its quiz starts afresh."""
        if type(k) is not int:  # int("x"), int(None) raised ValueError, TypeError
            raise PuzzleError(
                "show: expected a puzzle number 0..{last}, got {k}",
                last=len(self.puzzles) - 1,
                k=shown(k),
            )
        k = max(0, min(len(self.puzzles) - 1, k))
        self.index = k
        p = self.puzzles[k]
        self.stepper.play_from(p.position, p.options)  # plays the step once, with its quiz
        self._update()

    def _on_quiz_message(self, message: QuizMessage) -> None:
        quiz = self.stepper.quiz
        if quiz is not None and record(quiz, message) is None:
            self.scores[self.index] = quiz.score
            self._update()

    def _update(self) -> None:
        w = self.words
        p = self.puzzle
        self.heading.value = escape(
            w["puzzle"].format(n=self.index + 1, total=len(self.puzzles), level=p.difficulty)
        )
        right, asked = self.score
        self.total.value = escape(w["series"].format(right=right, asked=asked))
        self.prev_button.disabled = self.index == 0
        self.next_button.disabled = self.index == len(self.puzzles) - 1
