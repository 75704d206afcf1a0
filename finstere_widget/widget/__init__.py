"""Jupyter widgets for Finstere Flure (``pip install "finstere_widget[widget]"``).

* :class:`BoardWidget` — the canvas board: positions, monster-turn step-through, move and
  edit modes, overlays, ``to_html``.
* :class:`MonsterStepper` — tile and rule options + the board + the event log.
* :class:`BoardEditor` — the board in edit mode with its tool palette and undo/redo.
* :class:`GameView` — a whole game against the engine's bots.
* :class:`GameReplay` — a recorded game stepped through with a slider.
* :class:`PuzzleQuiz` — a graded series of puzzles, each step predicted in the browser.
* :class:`CompareView` — two readings of a rule option side by side, stepping together.

Importing this package checks that the extra is installed (one line naming the install
when it is not) and imports each widget, with anywidget and ipywidgets, on first use.
"""

from __future__ import annotations

import importlib

from .._extras import MissingExtraError, installed, missing_extra

_NEEDS = ("anywidget", "ipywidgets", "traitlets")
installed("widget", *_NEEDS, part="finstere_widget.widget")

TYPE_CHECKING = False  # not typing's: importing typing costs as much as the interpreter
if TYPE_CHECKING:
    from typing import Any

    from .board import BoardWidget
    from .compare import CompareView
    from .editor import BoardEditor
    from .game import GameView
    from .puzzle_quiz import PuzzleQuiz
    from .replay import GameReplay
    from .stepper import MonsterStepper

#: public name -> the module of this package that defines it
_WHERE = {
    "BoardEditor": "editor",
    "BoardWidget": "board",
    "CompareView": "compare",
    "GameView": "game",
    "GameReplay": "replay",
    "MonsterStepper": "stepper",
    "PuzzleQuiz": "puzzle_quiz",
}

__all__ = [
    "BoardEditor",
    "BoardWidget",
    "CompareView",
    "GameReplay",
    "GameView",
    "MonsterStepper",
    "PuzzleQuiz",
]


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    try:
        module = importlib.import_module(f"{__name__}.{where}")
    except MissingExtraError:
        raise
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] in _NEEDS:
            raise missing_extra("widget", exc.name or "", "finstere_widget.widget") from None
        raise
    value = getattr(module, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))
