"""The four widgets in marimo (``pip install "finstere_widget[marimo]"``).

marimo renders anywidgets (:class:`~finstere_widget.widget.BoardWidget` is one) but not
ipywidgets boxes, which is what :class:`~finstere_widget.widget.MonsterStepper`,
:class:`~finstere_widget.widget.BoardEditor` and :class:`~finstere_widget.widget.GameView`
are. Here each of them is shown as the very same Jupyter widget object, laid out by marimo:
its controls above and below the board become :class:`~finstere_widget.widget.panel.ControlPanel`
anywidgets, and the board is the board anywidget. Nothing is re-implemented: a choice in a
panel sets the ipywidgets control, whose observers run the engine exactly as in Jupyter.

In a marimo cell::

    import finstere_widget.marimo as fm

    stepper = fm.stepper(position, tile="7")   # MonsterStepper
    stepper                                    # the last expression is shown

``stepper.widget`` is the Jupyter widget; every attribute not found on the view is looked up
on it (``stepper.result``, ``stepper.position = ...``, ``stepper.board.frame``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ._extras import require

require("marimo", "marimo", "anywidget", "ipywidgets", "traitlets", part="finstere_widget.marimo")

import marimo as mo  # noqa: E402

from .engine import Position  # noqa: E402
from .widget import BoardEditor, BoardWidget, GameView, MonsterStepper  # noqa: E402
from .widget.panel import ControlPanel  # noqa: E402

__all__ = ["MarimoView", "board", "editor", "game", "stepper", "view"]


class MarimoView:
    """A widget of this package laid out for marimo: ``view.widget`` (the Jupyter widget),
    ``view.board`` (its :class:`BoardWidget`), ``view.above`` / ``view.below`` (the
    :class:`ControlPanel` of the controls above / below the board)."""

    def __init__(self, widget: Any) -> None:
        board: Any = widget if isinstance(widget, BoardWidget) else getattr(widget, "board", None)
        if board is not widget:
            if not isinstance(board, BoardWidget) or not hasattr(widget, "children"):
                raise TypeError(
                    f"view() takes a BoardWidget or a widget of this package holding one in "
                    f"a box (MonsterStepper, BoardEditor, GameView), not {type(widget).__name__}"
                )
        self.widget = widget
        self.board = board
        self.above = ControlPanel()
        self.below = ControlPanel()
        self._split()
        if widget is not board:
            widget.observe(self._split, "children")
        self._ui = [
            mo.ui.anywidget(self.above),
            mo.ui.anywidget(board),
            mo.ui.anywidget(self.below),
        ]

    def _split(self, _change: Any = None) -> None:
        """The controls before the board go above it, the others below."""
        if self.widget is self.board:
            return
        children = list(self.widget.children)
        k = next((i for i, c in enumerate(children) if c is self.board), len(children))
        self.above.widgets = children[:k]
        self.below.widgets = children[k + 1 :]

    def _display_(self) -> Any:
        """What marimo shows: the panels and the board, stacked."""
        items = [
            ui
            for ui, panel in zip(self._ui, (self.above, None, self.below), strict=True)
            if panel is None or panel.widgets
        ]
        return items[0] if len(items) == 1 else mo.vstack(items)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in ("widget", "board", "above", "below", "_ui"):
            raise AttributeError(name)
        return getattr(self.widget, name)

    def __repr__(self) -> str:
        return f"marimo view of {self.widget!r}"


def view(widget: Any) -> MarimoView:
    """Lay out any widget of this package for marimo."""
    return MarimoView(widget)


def board(position: Position | Mapping[str, Any] | str | None = None, **kwargs: Any) -> MarimoView:
    """A :class:`BoardWidget` (same arguments) for marimo."""
    return MarimoView(BoardWidget(position, **kwargs))


def stepper(
    position: Position | Mapping[str, Any] | str | None = None,
    tile: str | int = "8",
    **kwargs: Any,
) -> MarimoView:
    """A :class:`MonsterStepper` (same arguments) for marimo."""
    return MarimoView(MonsterStepper(position, tile, **kwargs))


def editor(position: Position | Mapping[str, Any] | str | None = None, **kwargs: Any) -> MarimoView:
    """A :class:`BoardEditor` (same arguments) for marimo."""
    return MarimoView(BoardEditor(position, **kwargs))


def game(
    players: Sequence[str] = ("blue", "red"), you: str | Sequence[str] = "blue", **kwargs: Any
) -> MarimoView:
    """A :class:`GameView` (same arguments) for marimo."""
    return MarimoView(GameView(players, you, **kwargs))
