"""The position editor: the board in edit mode with a tool palette and undo/redo, or in move
mode to try pawn moves (legal destinations from the engine)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ipywidgets as W  # type: ignore[import-untyped]

from ..engine import Position
from ..engine.i18n import resolve
from .board import EDIT_TOOLS, PAWN_SETS, PLAYERS, BoardWidget
from .labels import (
    FACE_WORDS,
    TOOL_WORDS,
    Language,
    colour_word,
    fit_menu,
    heading_words,
    relabel_menu,
    row,
    titled,
)
from .static_output import StaticFallback

#: the editor's tools in words (English; ``labels.TOOL_WORDS`` in the editor's language)
TOOL_LABELS = TOOL_WORDS


class BoardEditor(StaticFallback, Language, W.VBox):  # type: ignore[misc]
    """Edit a position by clicking: ``editor.position`` gets/sets it (docs/format.md JSON or a
    :class:`Position`); ``editor.board`` is the :class:`BoardWidget`; ``editor.lang`` the
    language of every word (``lang=`` when made, default: the locale; switchable)."""

    def __init__(
        self,
        position: Position | Mapping[str, Any] | str | None = None,
        lang: str | None = None,
        **kwargs: Any,
    ) -> None:
        code = resolve(lang)
        self.board = BoardWidget(position, mode="edit", lang=code)
        b = self.board
        self.mode = W.ToggleButtons(
            options=[("edit", "edit"), ("move pawns", "move")],
            value="edit",
            style={"button_width": "auto"},  # the words' own width, in any language
        )
        # the menus: each as wide as its label and choices in the editor's language
        self.tool = fit_menu(
            W.Dropdown(options=[(TOOL_WORDS[t], t) for t in EDIT_TOOLS], value=b.tool)
        )
        self.heading = fit_menu(W.Dropdown(options=["N", "E", "S", "W"], value=b.tool_heading))
        # the pair: any name may be typed (B5); the game's two are offered in the editor's
        # language and stand for the board's "yellow" and "blue"
        self.pair = W.Combobox(
            options=["yellow", "blue"], value=b.tool_pair, layout=W.Layout(width="170px")
        )
        self.player = fit_menu(W.Dropdown(options=list(PLAYERS), value=b.tool_player))
        self.pawn_set = fit_menu(W.Dropdown(options=list(PAWN_SETS), value=b.tool_pawn))
        self.face = fit_menu(W.Dropdown(options=["light", "dark"], value=b.tool_face))
        self.undo_button = W.Button(icon="undo", layout=W.Layout(width="auto"))
        self.redo_button = W.Button(icon="repeat", layout=W.Layout(width="auto"))
        self.undo_button.on_click(lambda _b: self.board.undo())
        self.redo_button.on_click(lambda _b: self.board.redo())
        W.link((self.tool, "value"), (b, "tool"))
        W.link((self.heading, "value"), (b, "tool_heading"))
        self.pair.observe(self._pair_typed, "value")
        b.observe(self._pair_set, "tool_pair")
        W.link((self.player, "value"), (b, "tool_player"))
        W.link((self.pawn_set, "value"), (b, "tool_pawn"))
        W.link((self.face, "value"), (b, "tool_face"))
        # the buttons and the board's mode in step both ways; the board's "view" mode (set
        # on editor.board) has no button: none is pressed (a W.link raised a TraitError)
        self.mode.observe(self._mode_chosen, "value")
        b.observe(self._mode_set, "mode")
        self.palette = row(
            [self.tool, self.heading, self.pair, self.player, self.pawn_set, self.face]
        )
        self.tool.observe(self._show_fields, "value")
        self._show_fields()
        super().__init__(
            children=[row([self.mode, self.undo_button, self.redo_button]), self.palette, b],
            **kwargs,
        )
        self.lang = code  # every word (_relabel)

    def _relabel(self) -> None:
        if not hasattr(self, "face"):
            return
        _ = self._
        code = self.lang
        relabel_menu(self.mode, [(_("edit"), "edit"), (_("move pawns"), "move")])
        # the group's name, read by screen readers with each button's pressed state
        self.mode.description = _("the board")
        self.mode.style.description_width = "initial"
        relabel_menu(self.tool, [(_(TOOL_WORDS[t]), t) for t in EDIT_TOOLS])
        names = heading_words(code)
        relabel_menu(self.heading, [(names[h], h) for h in ("N", "E", "S", "W")])
        self.pair.options = [colour_word(c, code) for c in ("yellow", "blue")]
        self._pair_set({"new": self.board.tool_pair})
        relabel_menu(self.player, [(colour_word(c, code), c) for c in PLAYERS])
        relabel_menu(self.face, [(_(FACE_WORDS[f]), f) for f in ("light", "dark")])
        self.tool.description = _("tool")
        self.heading.description = _("heading / arrow")
        self.pair.description = _("pair")
        self.player.description = _("player")
        self.pawn_set.description = _("light/dark")
        self.face.description = _("face up")
        titled(self.mode, self.tool, self.heading, self.pair, self.player, self.pawn_set, self.face)
        self.undo_button.description = _("undo")
        self.redo_button.description = _("redo")
        self.board.lang = code

    def _pair_typed(self, change: Any) -> None:
        """The pair typed (or chosen) in the editor's language -> the board's pair name."""
        words = {colour_word(c, self.lang): c for c in ("yellow", "blue")}
        self.board.tool_pair = words.get(change["new"], change["new"])

    def _pair_set(self, change: Any) -> None:
        """The board's pair name -> the editor's words."""
        word = (
            colour_word(change["new"], self.lang) if change["new"] in ("yellow", "blue") else None
        )
        shown = word if word is not None else change["new"]
        if self.pair.value != shown:
            self.pair.value = shown

    def _mode_chosen(self, change: Any) -> None:
        """A mode button pressed -> the board's mode (none pressed: the board as it is)."""
        if change["new"] is not None and self.board.mode != change["new"]:
            self.board.mode = change["new"]

    def _mode_set(self, change: Any) -> None:
        """The board's mode -> its button, or none for a mode with no button ("view")."""
        value = change["new"] if change["new"] in ("edit", "move") else None
        if self.mode.value != value:
            self.mode.value = value

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
