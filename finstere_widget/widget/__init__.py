"""Jupyter widgets for Finstere Flure (``pip install "finstere_widget[widget]"``).

* :class:`BoardWidget` — the canvas board: positions, monster-turn step-through, move and
  edit modes, overlays, ``to_html``.
* :class:`MonsterStepper` — tile and rule options + the board + the event log.
* :class:`BoardEditor` — the board in edit mode with its tool palette and undo/redo.
* :class:`GameView` — a whole game against the engine's bots.
* :class:`PuzzleQuiz` — a graded series of puzzles, each step predicted in the browser.
* :class:`CompareView` — two readings of a rule option side by side, stepping together.
"""

from __future__ import annotations

from .._extras import require

require("widget", "anywidget", "ipywidgets", "traitlets", part="finstere_widget.widget")

from .board import BoardWidget  # noqa: E402
from .compare import CompareView  # noqa: E402
from .editor import BoardEditor  # noqa: E402
from .game import GameView  # noqa: E402
from .puzzle_quiz import PuzzleQuiz  # noqa: E402
from .stepper import MonsterStepper  # noqa: E402

__all__ = ["BoardEditor", "BoardWidget", "CompareView", "GameView", "MonsterStepper", "PuzzleQuiz"]
