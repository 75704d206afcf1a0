"""The board's move mode: select a pawn, its legal destinations (engine) light up, click one
to move; ``on_move`` listeners hear of every move."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..engine.board import Square
from ..engine.events import assert_never
from ..engine.i18n import translations
from ..engine.moves import apply_move, legal_moves
from .board_traits import BoardTraits, Movable, MoveListener, one_message
from .interaction import (
    DeselectPawn,
    Interaction,
    MoveAlong,
    NoPawnThere,
    NotLit,
    SelectPawn,
    lit_targets,
    move_click,
    square_name,
)
from .story import move_path, path_words


class MoveMode(BoardTraits):
    """Pawn selection and moves (the engine, or the ``move_handler``, applies them)."""

    # --- move mode --------------------------------------------------------------------

    def on_move(self, callback: MoveListener, remove: bool = False) -> None:
        """Register ``callback(pawn_id, result)``, called after each move made on the board
        (in the order registered); ``remove=True`` unregisters it (as ipywidgets'
        ``on_click``)."""
        if not remove:
            self._move_listeners.append(callback)
        elif callback in self._move_listeners:
            self._move_listeners.remove(callback)

    @property
    def movable(self) -> set[str] | None:
        """The pawn ids that may be selected now in move mode (None: every pawn); set it
        (or pass ``movable=`` to the constructor) to ids or to a callable naming them, asked
        at each click (the game view asks its game)."""
        ids = self._movable() if callable(self._movable) else self._movable
        return None if ids is None else set(ids)

    @movable.setter
    def movable(self, value: Movable) -> None:
        self._movable = value

    @one_message
    def select(self, pawn_id: str | None) -> None:
        """Select a pawn in move mode and light up its legal destinations (engine)."""
        if pawn_id is None:
            self._ui = self._ui.deselected()
            self._refresh()
            return
        # check first, on the position that will be current: a refused or unknown pawn
        # leaves the step-through (and the browser's picture) as it was
        current = self._on_show.after if self._on_show is not None else self._position
        pawn = current.pawn(pawn_id)
        allowed = self.movable
        if allowed is not None and pawn_id not in allowed:
            self.tell(self._("pawn {pawn} cannot move now").format(pawn=pawn_id), "problem")
            return
        self._leave_trace()
        if self.outcomes_handler is not None:
            outcomes = self.outcomes_handler(pawn_id)
        else:
            outcomes = legal_moves(self._position, pawn_id)
        targets = lit_targets(outcomes, pawn.at, self.allow_stay)
        self._ui = Interaction(
            selected=pawn_id, targets=targets, pending_teleporter=self._ui.pending_teleporter
        )
        t = translations(self.lang or None)
        if pawn.at in targets:  # its own place is a destination (P2): named, not a deselect
            self.tell(
                t.ngettext(
                    "pawn {pawn} ({value} to move): {n} destination lit, its own place among "
                    "them to stay (a move of 0, P2); click one, or press Escape or click off "
                    "the board to deselect",
                    "pawn {pawn} ({value} to move): {n} destinations lit, its own place among "
                    "them to stay (a move of 0, P2); click one, or press Escape or click off "
                    "the board to deselect",
                    len(targets),
                ).format(pawn=pawn_id, value=pawn.value, n=len(targets)),
                "info",
            )
        elif targets:
            self.tell(
                t.ngettext(
                    "pawn {pawn} ({value} to move): {n} destination lit; click it, or the "
                    "pawn again to deselect",
                    "pawn {pawn} ({value} to move): {n} destinations lit; click one, or the "
                    "pawn again to deselect",
                    len(targets),
                ).format(pawn=pawn_id, value=pawn.value, n=len(targets)),
                "info",
            )
        else:
            self.tell(
                t.gettext("pawn {pawn} has no destination this move").format(pawn=pawn_id),
                "problem",
            )
        self._refresh()

    @one_message
    def _deselect(self) -> None:
        """Deselect the pawn selected (a second click on it where it may not stay, Escape,
        a click off the board): its squares unlit, nothing played."""
        pawn = self._ui.selected
        if pawn is None:
            return
        self._ui = self._ui.deselected()
        self.tell(self._("pawn {pawn} deselected").format(pawn=pawn), "info")
        self._refresh()

    def move(self, pawn_id: str, path: str | Sequence[str]) -> Any:
        """Move a pawn along ``path`` (docs/format.md tokens) through the engine; undoable."""
        with self.hold_sync():  # one message to the browser: no half-done picture on show
            return self._move(pawn_id, path)

    def _move(self, pawn_id: str, path: str | Sequence[str]) -> Any:
        before = self._position
        if self.move_handler is not None:
            result = self.move_handler(pawn_id, tuple(path))
        else:
            result = apply_move(before, pawn_id, path)
        # the steps in words of the board's language, as the game's story tells them
        steps = path_words(result.path, self.lang or None) if result.path else self._("no step")
        self._commit(
            result.position,
            self._("pawn {pawn} moved ({steps}) and was flipped (P2)").format(
                pawn=pawn_id, steps=steps
            ),
        )
        self._ui = replace(self._ui, path=tuple(move_path(before, pawn_id, result)))
        self.last_move = result
        self._refresh()
        for cb in list(self._move_listeners):
            cb(pawn_id, result)
        return result

    def _click_move(self, sq: Square | None, zone: str | None) -> None:
        if self._on_show is not None:  # a click ends the step-through: back to the position
            self._leave_trace()
            self._refresh()
        # what the click means (pure: interaction.move_click), every answer handled
        match move_click(self._position, self._ui, sq, zone):
            case MoveAlong(pawn, path):
                self.move(pawn, path)
            case SelectPawn(pawn):
                self.select(pawn)
            case DeselectPawn(pawn):
                self._deselect()
            case NotLit(pawn, square):
                if square is None:  # a click off the grid (the tray)
                    text = self._(
                        "pawn {pawn} cannot end its move there: click a lit square (P2-P9)"
                    ).format(pawn=pawn)
                else:
                    text = self._(
                        "pawn {pawn} cannot end its move on {square}: click a lit square (P2-P9)"
                    ).format(pawn=pawn, square=square_name(square))
                self.tell(text, "problem")
            case NoPawnThere(square):
                if square is None:
                    text = self._("no pawn there: click a pawn to see where it can go")
                else:
                    text = self._(
                        "no pawn on {square}: click a pawn to see where it can go"
                    ).format(square=square_name(square))
                self.tell(text, "problem")
            case _ as never:
                assert_never(never)
