"""The position editor: the board in edit mode with a tool palette and undo/redo, or in move
mode to try pawn moves (legal destinations from the engine)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ipywidgets as W  # type: ignore[import-untyped]

from ..engine import Position
from .board import EDIT_TOOLS, PAWN_SETS, PLAYERS, BoardWidget
from .static_output import StaticFallback

TOOL_LABELS = {
    "stone": "stone",
    "crystal": "crystal",
    "pivot_right": "pivot 90° right",
    "pivot_left": "pivot 90° left",
    "pivot_180": "pivot 180°",
    "pool_square": "pool 2×2",
    "pool_long_h": "pool 4×1 —",
    "pool_long_v": "pool 1×4 |",
    "teleporter": "teleporter",
    "pawn": "pawn",
    "monster": "monster",
    "erase": "erase",
}


class BoardEditor(StaticFallback, W.VBox):  # type: ignore[misc]
    """Edit a position by clicking: ``editor.position`` gets/sets it (docs/format.md JSON or a
    :class:`Position`); ``editor.board`` is the :class:`BoardWidget`."""

    def __init__(
        self, position: Position | Mapping[str, Any] | str | None = None, **kwargs: Any
    ) -> None:
        self.board = BoardWidget(position, mode="edit")
        b = self.board
        self.mode = W.ToggleButtons(
            options=[("edit", "edit"), ("move pawns", "move")],
            value="edit",
            style={"button_width": "90px"},
        )
        self.tool = W.Dropdown(
            options=[(TOOL_LABELS[t], t) for t in EDIT_TOOLS],
            value=b.tool,
            description="tool",
            layout=W.Layout(width="200px"),
        )
        self.heading = W.Dropdown(
            options=["N", "E", "S", "W"],
            value=b.tool_heading,
            description="heading / arrow",
            style={"description_width": "initial"},
            layout=W.Layout(width="150px"),
        )
        self.pair = W.Combobox(
            options=["yellow", "blue"],
            value=b.tool_pair,
            description="pair",
            layout=W.Layout(width="170px"),
        )
        self.player = W.Dropdown(
            options=list(PLAYERS),
            value=b.tool_player,
            description="player",
            layout=W.Layout(width="170px"),
        )
        self.pawn_set = W.Dropdown(
            options=list(PAWN_SETS),
            value=b.tool_pawn,
            description="light/dark",
            layout=W.Layout(width="160px"),
        )
        self.face = W.Dropdown(
            options=["light", "dark"],
            value=b.tool_face,
            description="face up",
            layout=W.Layout(width="160px"),
        )
        self.undo_button = W.Button(description="undo", icon="undo", layout=W.Layout(width="80px"))
        self.redo_button = W.Button(
            description="redo", icon="repeat", layout=W.Layout(width="80px")
        )
        self.undo_button.on_click(lambda _b: self.board.undo())
        self.redo_button.on_click(lambda _b: self.board.redo())
        W.link((self.tool, "value"), (b, "tool"))
        W.link((self.heading, "value"), (b, "tool_heading"))
        W.link((self.pair, "value"), (b, "tool_pair"))
        W.link((self.player, "value"), (b, "tool_player"))
        W.link((self.pawn_set, "value"), (b, "tool_pawn"))
        W.link((self.face, "value"), (b, "tool_face"))
        W.link((self.mode, "value"), (b, "mode"))
        self.palette = W.HBox(
            [self.tool, self.heading, self.pair, self.player, self.pawn_set, self.face],
            layout=W.Layout(flex_flow="row wrap"),
        )
        self.tool.observe(self._show_fields, "value")
        self._show_fields()
        super().__init__(
            children=[W.HBox([self.mode, self.undo_button, self.redo_button]), self.palette, b],
            **kwargs,
        )

    #: the fields each tool uses (the palette shows only those)
    FIELDS = {
        "teleporter": ("heading", "pair"),
        "monster": ("heading",),
        "pawn": ("player", "pawn_set", "face"),
    }

    def _show_fields(self, _change: object = None) -> None:
        used = self.FIELDS.get(self.tool.value, ())
        for name in ("heading", "pair", "player", "pawn_set", "face"):
            getattr(self, name).layout.display = "" if name in used else "none"

    def __repr__(self) -> str:
        return f"BoardEditor({self.board!r})"

    @property
    def position(self) -> Position:
        return self.board.position

    @position.setter
    def position(self, value: Position | Mapping[str, Any] | str) -> None:
        self.board.position = value
