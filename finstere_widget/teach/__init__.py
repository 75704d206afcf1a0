"""The teacher's wing: predict-the-monster puzzles, the stepper's quiz and the lessons'
helpers (a pawn's path tried, a rulebook beside the engine, a game told round by round), built on the rules
engine (which imports nothing from here).

>>> from finstere_widget.teach import puzzles
>>> [p.rule for p in puzzles(rule="M5", n=2, seed=1)]  # doctest: +SKIP

Names are imported on first use, so ``import finstere_widget.teach`` is cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.lazy import exports

if TYPE_CHECKING:
    from .predict import Puzzle, puzzles, puzzles_from_json, puzzles_to_json
    from .quiz import Feedback, Question, Quiz
    from .replay import ReplayStep, replay_steps, step_caption
    from .walkthrough import (
        Comparison,
        goal_check,
        landing_squares,
        language_told,
        move_told,
        path_steps,
        puzzle_levels,
        puzzle_told,
        puzzles_told,
        replay_told,
        rounds_told,
        side_by_side,
        try_path,
    )
    from .worksheets import lesson_worksheet, puzzle_worksheet

#: public name -> the module of this package that defines it
_WHERE = {
    "Puzzle": "predict",
    "puzzles": "predict",
    "puzzles_from_json": "predict",
    "puzzles_to_json": "predict",
    "Feedback": "quiz",
    "Question": "quiz",
    "Quiz": "quiz",
    "lesson_worksheet": "worksheets",
    "puzzle_worksheet": "worksheets",
    "Comparison": "walkthrough",
    "goal_check": "walkthrough",
    "landing_squares": "walkthrough",
    "move_told": "walkthrough",
    "language_told": "walkthrough",
    "path_steps": "walkthrough",
    "puzzle_told": "walkthrough",
    "puzzles_told": "walkthrough",
    "replay_told": "walkthrough",
    "ReplayStep": "replay",
    "replay_steps": "replay",
    "step_caption": "replay",
    "puzzle_levels": "walkthrough",
    "rounds_told": "walkthrough",
    "side_by_side": "walkthrough",
    "try_path": "walkthrough",
}

__all__ = [
    "use_language",
    "Comparison",
    "Feedback",
    "Puzzle",
    "Question",
    "Quiz",
    "lesson_worksheet",
    "puzzle_worksheet",
    "goal_check",
    "landing_squares",
    "move_told",
    "language_told",
    "path_steps",
    "puzzle_told",
    "puzzles_told",
    "replay_told",
    "ReplayStep",
    "replay_steps",
    "step_caption",
    "puzzle_levels",
    "puzzles",
    "puzzles_from_json",
    "puzzles_to_json",
    "rounds_told",
    "side_by_side",
    "try_path",
]


def use_language(lang: str | None) -> str:
    """Speak ``lang`` (``"en"``, ``"fr"``, ``"de"``, ``"it"``, ``"cs"``) in everything made
    from now on in this kernel, whatever the computer's locale: every lesson's first cell
    says its language this way. ``None`` goes back to the locale. Returns the code in use;
    an unknown language is a ``LanguageError`` naming it."""
    from ..engine.i18n import use_language as choose

    return choose(lang)


__getattr__, __dir__ = exports(__name__, _WHERE)
