"""The board widget's synced state: the traits the browser
sees (and the one it may change, ``frame``), the edit tools' traits, the refusal of any
other front-end update, and the Python-side state the board's parts share.

The parts of :class:`~finstere_widget.widget.board.BoardWidget`, one module each, build on
:class:`BoardTraits`: :mod:`.board_messages` (the browser's messages and clicks),
:mod:`.board_move` (move mode), :mod:`.board_edit` (edit mode), :mod:`.board_overlays`
(heat and danger overlays); :mod:`.board` holds the position, its history, the monster
turns on show, the syncing of frames and the HTML export.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..engine import Position
from ..engine.board import Square
from ..engine.pieces import COLOURS
from ..render.frames import TraceFrame
from .interaction import Interaction

STATIC_DIR = Path(__file__).resolve().parent / "static"

#: edit tools (``BoardWidget.tool``)
EDIT_TOOLS = (
    "stone",
    "crystal",
    "pivot_right",
    "pivot_left",
    "pivot_180",
    "pool_square",
    "pool_long_h",
    "pool_long_v",
    "teleporter",
    "pawn",
    "monster",
    "erase",
)
#: P1: the pawns as the rulebooks write them, dark number / light number
PAWN_SETS = ("6/1", "4/3", "3/4", "2/5")
PLAYERS = COLOURS
#: the only synced state the browser may change: the frame on show (stepping). Any other
#: update from the front end is refused, logged and answered with the Python-side state.
FRONT_END_KEYS = frozenset({"frame"})

MoveListener = Callable[[str, Any], None]


def _square_of(value: Any) -> Square | None:
    if (
        isinstance(value, (list, tuple))
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return (int(value[0]), int(value[1]))
    return None


def _sq(square: Square) -> str:
    return f"({square[0]}, {square[1]})"


class BoardTraits(anywidget.AnyWidget):
    """The board's traits and shared state; the parts' methods that others call are
    declared here (:class:`~finstere_widget.widget.board.BoardWidget` defines them)."""

    _esm = STATIC_DIR / "board.js"
    _css = STATIC_DIR / "board.css"

    static: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    groups: traitlets.List[list[dict[str, Any]]] = traitlets.List().tag(sync=True)
    frames: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    #: the trace's lines, one per event (named so as not to shadow ``Widget.log``, the
    #: logger ipywidgets reports refused front-end updates with)
    event_log = traitlets.List(traitlets.Unicode()).tag(sync=True)
    frame = traitlets.Int(0).tag(sync=True)
    geometry = traitlets.Dict().tag(sync=True)
    hint = traitlets.Unicode("").tag(sync=True)
    #: how the hint reads: ``info``, ``success`` (a change made) or ``problem`` (refused)
    hint_kind = traitlets.Enum(("info", "success", "problem"), "info").tag(sync=True)
    mode = traitlets.Enum(("view", "move", "edit"), "view").tag(sync=True)
    max_width = traitlets.Int(720).tag(sync=True)
    standalone = traitlets.Bool(False).tag(sync=True)

    # edit tools (Python side; the editor's controls set them)
    tool = traitlets.Enum(EDIT_TOOLS, "stone")
    tool_heading = traitlets.Enum(("N", "E", "S", "W"), "E")
    tool_pair = traitlets.Unicode("yellow")
    tool_player = traitlets.Enum(COLOURS, "blue")
    tool_pawn = traitlets.Enum(PAWN_SETS, "6/1")
    tool_face = traitlets.Enum(("light", "dark"), "light")

    # the Python-side state every part reads (set in BoardWidget.__init__)
    _position: Position
    _undo: list[Position]
    _redo: list[Position]
    _trace: list[str] | None
    _trace_frames: list[TraceFrame]
    _after_trace: Position | None
    _heat: dict[Square, float] | None
    _labels: dict[Square, str] | None
    _caption: str
    _ui: Interaction
    _move_listeners: list[MoveListener]
    last_move: Any
    movable: set[str] | None
    allow_stay: bool
    move_handler: Callable[[str, tuple[str, ...]], Any] | None
    outcomes_handler: Callable[[str], Any] | None

    def tell(self, text: str, kind: str = "info") -> None:
        """Show ``text`` under the board, coloured by ``kind`` (info, success, problem)."""
        with self.hold_sync():
            self.hint_kind = kind
            self.hint = text

    def set_state(self, sync_data: Any) -> None:
        """A state update from the browser: only ``frame`` (an int) is taken; anything else
        is refused, logged, and the browser is sent the Python-side value back."""
        if not isinstance(sync_data, dict):
            self.log.warning("BoardWidget: refused a front-end update that is not an object")
            return
        refused = sorted(
            k for k in sync_data if k not in FRONT_END_KEYS or type(sync_data[k]) is not int
        )
        if refused:
            self.log.warning(
                "BoardWidget: refused a front-end update of %s",
                ", ".join(repr(k)[:40] for k in refused[:5]),
            )
            known = [k for k in refused if k in self.keys]
            if known:
                self.send_state(known)
        accepted = {k: v for k, v in sync_data.items() if k not in refused}
        if accepted:
            super().set_state(accepted)

    @traitlets.validate("frame")
    def _valid_frame(self, proposal: Any) -> int:
        n = len(self.frames)
        return max(0, min(int(proposal["value"]), max(0, n - 1)))

    # --- what one part calls in another (defined by BoardWidget's parts) ----------------

    def _refresh(self) -> None:
        raise NotImplementedError

    def _commit(self, new: Position, hint: str) -> None:
        raise NotImplementedError

    def _leave_trace(self) -> None:
        raise NotImplementedError

    def undo(self) -> bool:
        raise NotImplementedError

    def redo(self) -> bool:
        raise NotImplementedError

    def _click_move(self, sq: Square | None, zone: str | None) -> None:
        raise NotImplementedError

    def _click_edit(self, sq: Square | None, zone: str | None) -> None:
        raise NotImplementedError
