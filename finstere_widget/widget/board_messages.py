"""The board's messages from the browser: clicks on squares and zones, keys; nothing here
raises into the browser's log (a problem is shown as a hint)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine import FinstereError, on_board
from ..engine.board import Square
from .board_traits import BoardTraits, _sq, _square_of


class BoardMessages(BoardTraits):
    """What a message from the browser (or a script's click) does, by mode."""

    # --- clicks -----------------------------------------------------------------------

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """Messages from the browser: ``{"type": "click", "square": [x, y] | null}`` or
        ``{"type": "click", "zone": "pawn:A" | "place:outside" | ...}``. Anything else is
        ignored with a hint; nothing here raises."""
        try:
            if isinstance(content, dict) and content.get("type") == "key":
                # Ctrl+Z / Ctrl+Shift+Z on the board: the editor's undo and redo
                if self.mode == "edit" and content.get("key") == "undo":
                    self.undo()
                elif self.mode == "edit" and content.get("key") == "redo":
                    self.redo()
                return
            if not isinstance(content, dict) or content.get("type") != "click":
                self.tell("ignored a message the board does not understand", "problem")
                return
            zone = content.get("zone")
            if "square" in content and content["square"] is not None:
                sq = _square_of(content["square"])
                if sq is None:
                    self.tell("ignored a click with a malformed square", "problem")
                    return
                self.click(sq)
            elif isinstance(zone, str):
                self.click_zone(zone)
            else:
                self.tell("click on a square of the board", "problem")
        except Exception as exc:  # never an exception in the log: show it as a hint
            self.tell(f"could not handle the click: {exc}", "problem")

    def click(self, square: Square | Sequence[int]) -> None:
        """What a click on ``square`` does in the current mode (also for scripts/tests)."""
        sq = _square_of(square)
        if sq is None:
            self.tell("ignored a click with a malformed square", "problem")
            return
        if not on_board(sq):
            self.tell(
                f"{_sq(sq)} is outside the board (B1): click on a square of the board", "problem"
            )
            return
        try:
            if self.mode == "move":
                self._click_move(sq, None)
            elif self.mode == "edit":
                self._click_edit(sq, None)
        except FinstereError as exc:
            self.tell(str(exc), "problem")

    def click_zone(self, zone: str) -> None:
        """A click on a named area outside the grid (a pawn in the tray, a tray section)."""
        try:
            if self.mode == "move":
                self._click_move(None, zone)
            elif self.mode == "edit":
                self._click_edit(None, zone)
        except FinstereError as exc:
            self.tell(str(exc), "problem")
