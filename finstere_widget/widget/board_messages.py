"""The board's messages from the browser: clicks on squares and zones, keys; nothing here
raises into the browser's log (a problem is shown as a hint)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine import FinstereError, on_board
from ..engine.board import Square
from ..engine.errors import cut
from ..engine.events import assert_never
from ..engine.i18n import error_message
from .board_traits import BoardTraits, one_message
from .interaction import (
    KeyPress,
    OffBoardClick,
    QuizReport,
    SquareClick,
    Unreadable,
    ZoneClick,
    read_message,
    square_name,
    square_of,
)


class BoardMessages(BoardTraits):
    """What a message from the browser (or a script's click) does, by mode."""

    # --- clicks -----------------------------------------------------------------------

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A message from the browser (read by :func:`.interaction.read_message`): a click
        on a square or a zone, or off the board (move mode: deselects), or a key (Ctrl+Z /
        Ctrl+Shift+Z: the editor's undo and redo; Escape: move mode's deselect). Anything else is ignored with a hint; nothing here raises."""
        try:
            match read_message(content):
                case KeyPress(key):
                    if self.mode == "edit" and key == "undo":
                        self.undo()
                    elif self.mode == "edit" and key == "redo":
                        self.redo()
                    elif self.mode == "move" and key == "escape":
                        self._deselect()
                case OffBoardClick():
                    if self.mode == "move" and self._ui.selected is not None:
                        self._deselect()
                    else:
                        self.tell(self._("click on a square of the board"), "problem")
                case SquareClick(square):
                    self.click(square)
                case ZoneClick(zone):
                    self.click_zone(zone)
                case QuizReport(report):
                    if self.quiz_listener is not None:  # the quiz's record (widget/quiz.py)
                        self.quiz_listener(report)
                case Unreadable(problem):
                    words = (
                        self._(problem)
                        if isinstance(problem, str)
                        else error_message(problem, self.lang)
                    )
                    self.tell(words, "problem")
                case _ as never:
                    assert_never(never)
        except Exception as exc:  # never an exception in the log: show it as a hint
            self.tell(
                self._("could not handle the click: {error}").format(
                    error=error_message(exc, self.lang)
                ),
                "problem",
            )

    def click(self, square: Square | Sequence[int]) -> None:
        """What a click on ``square`` does in the current mode (also for scripts/tests)."""
        sq = square_of(square)
        if sq is None:
            self.tell(self._("ignored a click with a malformed square"), "problem")
            return
        if not on_board(sq):
            self.tell(
                self._("{square} is outside the board (B1): click on a square of the board").format(
                    square=cut(square_name(sq))  # a 100-digit coordinate is not read whole
                ),
                "problem",
            )
            return
        self._click(sq, None)

    def _seen_otherwise(self, sq: Square) -> bool:
        """Whether the frame on show holds another piece on ``sq`` (or none) than the board
        a click acts on: the position the frames leave for (:class:`.interaction.OnShow`)."""
        on_show = self._on_show
        if on_show is None:
            return False
        return on_show.frame(self.frame).position.piece_at(sq) != on_show.after.piece_at(sq)

    def click_zone(self, zone: str) -> None:
        """A click on a named area outside the grid (a pawn in the tray, a tray section);
        a zone that is no name is ignored with a hint, as the browser's message is."""
        if not isinstance(zone, str):
            self.tell(self._("click on a square of the board"), "problem")
            return
        self._click(None, zone)

    @one_message
    def _click(self, sq: Square | None, zone: str | None) -> None:
        """A click by mode (every mode handled: mypy checks the match); an engine refusal
        is shown as a problem hint. A click on a square that the frame on show (a past
        moment of a turn) shows holding another piece than the board the click acts on
        does nothing but bring that board back, and says so: a square never means what it
        would on a board the user did not see (a zone names its pawn or tray section)."""
        if sq is not None and self.mode != "view" and self._seen_otherwise(sq):
            self._leave_trace()
            self.tell(
                self._("that picture was from earlier: here is the board now, click again"),
                "info",
            )
            self._refresh()
            return
        try:
            match self.mode:
                case "move":
                    self._click_move(sq, zone)
                case "edit":
                    self._click_edit(sq, zone)
                case "view":
                    pass  # a picture to look at: clicks change nothing
                case _ as never:
                    assert_never(never)
        except FinstereError as exc:
            self.tell(error_message(exc, self.lang), "problem")
