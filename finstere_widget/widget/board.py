"""The board widget: an anywidget canvas painting the primitives of :mod:`..render.scene`.

Python builds every frame (the drawing, the overlays, the monster-turn frames) and syncs
them compactly: the static layer once, each distinct group of primitives once, and each
frame as a list of group numbers. The browser paints, steps through the frames on its own
(no kernel round trip per step) and reports clicks as squares; Python (the engine) decides
what a click means: legal targets, moves, edits.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..engine import (
    FinstereError,
    Pawn,
    Position,
    PositionError,
    RuleOptions,
    danger_map,
    monster_turn,
    on_board,
)
from ..engine.board import Square
from ..engine.events import Event
from ..engine.moves import apply_move, legal_moves
from ..engine.pieces import COLOURS
from ..engine.position import as_position
from ..render import style as S
from ..render.frames import TraceFrame, event_log, pack_frames, pack_groups, trace_frames
from ..render.scene import (
    TRAY_PAWN_R,
    Group,
    Overlay,
    build_scene,
    circle,
    compose,
    geometry,
    overlay_groups,
    pawn_zones,
    piece_groups,
    place_zones,
    ring,
    static_layer,
    teleporter_group,
    tray_slots,
)
from ..render.svg import scene_svg
from .editing import Tool, edit_refusal, edited
from .interaction import Interaction, Target
from .static_output import static_text, with_static
from .story import move_path

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


class BoardWidget(anywidget.AnyWidget):
    """A Finstere Flure board on a canvas.

    * ``widget.position`` — get a :class:`Position`; set a Position, a docs/format.md dict or
      its JSON text (undoable).
    * ``widget.show_turn("8")`` — play the monster's turn from the position and step
      through it in the browser (buttons, slider, arrow keys, play/pause).
    * ``widget.mode = "move"`` — click a pawn to see its legal destinations (engine), click
      one to move it; ``"edit"`` — click squares to place/remove pieces with ``widget.tool``.
    * ``widget.show_values({...})`` / ``widget.show_danger()`` — heat overlays.
    """

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

    def __init__(
        self,
        position: Position | Mapping[str, Any] | str | None = None,
        *,
        mode: str = "view",
        movable: set[str] | None = None,
        allow_stay: bool = False,
        move_handler: Callable[[str, tuple[str, ...]], Any] | None = None,
        outcomes_handler: Callable[[str], Any] | None = None,
        on_move: MoveListener | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(mode=mode, **kwargs)
        self._position: Position = (
            as_position(position) if position is not None else Position.basic()
        )
        self._undo: list[Position] = []
        self._redo: list[Position] = []
        self._trace: list[str] | None = None  # the log of the frames on show, if any
        self._trace_frames: list[TraceFrame] = []
        self._after_trace: Position | None = None
        self._heat: dict[Square, float] | None = None
        self._labels: dict[Square, str] | None = None
        self._caption = ""
        #: what the user is in the middle of (selection, lit targets, path, a pending pad)
        self._ui = Interaction()
        self._move_listeners: list[MoveListener] = []
        self.last_move: Any = None
        #: when set, only these pawn ids may be selected in move mode (the game view uses it)
        self.movable: set[str] | None = movable
        #: a pawn's own place is a target too (a move of 0 squares, P2); the game view sets it
        self.allow_stay = allow_stay
        #: ``move_handler(pawn_id, path) -> MoveResult``: who applies a move chosen by clicks
        #: (default: the engine's ``apply_move``; the game view applies it to its Game)
        self.move_handler: Callable[[str, tuple[str, ...]], Any] | None = move_handler
        #: ``outcomes_handler(pawn_id) -> [MoveOutcome]``: the destinations to light up
        #: (default: the engine's ``legal_moves``; the game view asks its Game, e.g. P10)
        self.outcomes_handler: Callable[[str], Any] | None = outcomes_handler
        if on_move is not None:
            self._move_listeners.append(on_move)
        self.on_msg(self._on_msg)
        self._refresh()

    def tell(self, text: str, kind: str = "info") -> None:
        """Show ``text`` under the board, coloured by ``kind`` (info, success, problem)."""
        with self.hold_sync():
            self.hint_kind = kind
            self.hint = text

    # --- representation ---------------------------------------------------------------

    def __repr__(self) -> str:
        p = self._position
        return (
            f"{type(self).__name__}(mode={self.mode!r}, frame={self.frame + 1}/"
            f"{len(self.frames)}, monster={list(p.monster.at)} {p.monster.facing.name}, "
            f"stones={len(p.stones)}, pools={len(p.pools)}, "
            f"teleporters={len(p.teleporters)}, pawns={len(p.pawns)})"
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The widget view, plus the current frame as SVG for readers without a kernel."""
        frames = self.frames
        current = frames[self.frame]["e"] if frames and 0 <= self.frame < len(frames) else None
        return with_static(
            super()._repr_mimebundle_(**kwargs),
            self.svg(),
            static_text(repr(self), list(self.event_log), current),
        )

    def svg(self) -> str:
        """The frame on show as deterministic SVG."""
        if self._trace is not None and self._trace_frames:
            return self._trace_frames[min(self.frame, len(self._trace_frames) - 1)].svg()
        return scene_svg(build_scene(self._position, self._overlay()))

    # --- position and undo ------------------------------------------------------------

    @property
    def position(self) -> Position:
        """The position on the board (before the monster turn on show, if any)."""
        return self._position

    @position.setter
    def position(self, value: Position | Mapping[str, Any] | str) -> None:
        self._commit(as_position(value), "")

    @property
    def position_json(self) -> str:
        """``widget.position`` as docs/format.md JSON text."""
        return self._position.to_json()

    def _commit(self, new: Position, hint: str) -> None:
        if new != self._position:
            self._undo.append(self._position)
            self._redo.clear()
        self._position = new
        self._trace = None
        self._trace_frames = []
        self._ui = Interaction()
        self.tell(hint, "success" if hint else "info")
        self._refresh()

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> bool:
        """Back to the position before the last change (edit, move, set). False if none."""
        return self._history_step(self._undo, self._redo, "undo")

    def redo(self) -> bool:
        """Forward again to the position an undo left. False if none."""
        return self._history_step(self._redo, self._undo, "redo")

    def _history_step(self, source: list[Position], other: list[Position], word: str) -> bool:
        if not source:
            self.tell(f"nothing to {word}", "problem")
            return False
        other.append(self._position)
        self._position = source.pop()
        self._after_history(f"{word}ne")
        return True

    def _after_history(self, what: str) -> None:
        self._trace = None
        self._trace_frames = []
        self._ui = Interaction()
        self.tell(what, "success")
        self._refresh()

    # --- monster turns ----------------------------------------------------------------

    def show_turn(self, tile: str | int = "8", options: RuleOptions | None = None) -> Any:
        """Play the monster's turn (engine) from the position and show it frame by frame."""
        return self.show_turn_from(self._position, tile, options)

    def show_turn_from(
        self, position: Position, tile: str | int = "8", options: RuleOptions | None = None
    ) -> Any:
        result = monster_turn(position, tile, options or RuleOptions())
        self.show_trace(position, result.events, result.tile)
        return result

    def show_trace(
        self,
        position: Position,
        events: Sequence[Event],
        tile: str | None = None,
        after: Position | None = None,
    ) -> None:
        """Step through ``events`` (a monster trace) played from ``position``. ``after``:
        the board's position once the trace is left (a click in move mode); default
        ``position``."""
        self.show_frames(
            trace_frames(position, events, tile),
            event_log(events),
            after=after if after is not None else position,
        )

    def show_frames(
        self,
        frames: Sequence[TraceFrame],
        log: Sequence[str],
        after: Position | None = None,
        start: int = 0,
    ) -> None:
        """Step through ``frames`` (each one's ``event_index`` is its line of ``log``),
        starting at frame ``start``. ``after``: the board's position once the frames are
        left (a click in move mode); default: the last frame's position."""
        if not frames:
            raise ValueError("show_frames needs at least one frame")
        end = frames[-1].position if after is None else after
        self._position = end
        self._after_trace = end
        self._trace = list(log)
        self._trace_frames = list(frames)
        self._ui = Interaction(pending_teleporter=self._ui.pending_teleporter)
        self.frame = 0
        self.tell("", "info")
        self._refresh()
        self.frame = start

    def clear_trace(self) -> None:
        self._leave_trace()
        self._refresh()

    def _leave_trace(self) -> None:
        if self._trace is not None and self._after_trace is not None:
            self._position = self._after_trace
        self._trace = None
        self._trace_frames = []
        self._after_trace = None
        self.frame = 0

    @property
    def trace_frames(self) -> list[TraceFrame]:
        """The frames of the turn on show (each has ``_repr_svg_``)."""
        return list(self._trace_frames)

    def drawn_pieces(self, frame: int | None = None) -> list[list[dict[str, Any]]]:
        """The piece groups the browser paints for ``frame`` (default: the frame on show),
        read back from the synced traits: what tests compare with the engine's position."""
        frames = self.frames
        if not frames:
            return []
        k = self.frame if frame is None else frame
        return [self.groups[i] for i in frames[max(0, min(k, len(frames) - 1))].get("p", [])]

    def synced_size(self) -> int:
        """Bytes of the frame data this widget syncs (static, groups, frames, event log)."""
        data = {
            "static": self.static,
            "groups": self.groups,
            "frames": self.frames,
            "event_log": self.event_log,
            "geometry": self.geometry,
        }
        return len(json.dumps(data, separators=(",", ":")).encode())

    # --- overlays ---------------------------------------------------------------------

    def show_values(
        self,
        values: Mapping[Any, float] | None = None,
        labels: Mapping[Any, str] | None = None,
        caption: str = "",
    ) -> None:
        """A heat overlay of per-square values (and/or text labels) from Python."""
        self._heat = {self._key(k): float(v) for k, v in (values or {}).items()}
        self._labels = {self._key(k): str(v) for k, v in (labels or {}).items()}
        self._caption = caption
        self._refresh()

    @staticmethod
    def _key(k: Any) -> Square:
        sq = _square_of(k)
        if sq is None or not on_board(sq):
            raise ValueError(f"{k!r} is not a square of the board (B1)")
        return sq

    def show_danger(
        self, tiles_left: Sequence[str] | None = None, options: RuleOptions | None = None
    ) -> bool:
        """The engine's danger map as a heat overlay: for each empty square, the chance
        that a pawn standing there is taken in the coming monster phase (``tiles_left``:
        the tiles the pile may give, default the whole deck, M1). Returns True."""
        heat = danger_map(self._position, tiles_left, options)
        labels = {sq: f"{v:.0%}" for sq, v in heat.items() if v > 0}
        self.show_values(heat, labels, caption="danger map: chance the monster reaches each square")
        return True

    def clear_overlay(self) -> None:
        self._heat = None
        self._labels = None
        self._caption = ""
        self._ui = Interaction()
        self.tell("", "info")
        self._refresh()

    def _overlay(self) -> Overlay:
        pos = self._position
        targets = [t for t in self._ui.targets if isinstance(t, tuple)]
        selected: Any = None
        extra_over: list[Group] = []
        extra_under: list[Group] = []
        stay = None  # a waiting pawn may stay outside (P2): only that pawn is marked
        if self._ui.selected is not None:
            pawn = pos.pawn_by_id.get(self._ui.selected)
            if pawn is not None and isinstance(pawn.at, tuple):
                selected = pawn.at
            elif pawn is not None:
                selected = tray_slots(pos).get(pawn.id)
                if pawn.at in self._ui.targets and selected is not None:
                    stay = pawn.at
                    extra_under.append(
                        [circle(selected[0], selected[1], TRAY_PAWN_R + 6, fill=S.TARGET, a=0.35)]
                    )
        zones = [
            z
            for z in place_zones()
            if z["id"].split(":", 1)[1] in self._ui.targets and z["id"] != f"place:{stay}"
        ]
        if self._ui.pending_teleporter is not None:
            sq, pair, arrow = self._ui.pending_teleporter
            extra_over.append(teleporter_group(pos, sq, pair, arrow, a=0.6))
            extra_over.append(ring(sq, S.PENDING, r=19, lw=3, dash=[5, 4]))
        return Overlay(
            targets=targets,
            target_zones=zones,
            path=self._ui.path,
            heat=self._heat,
            labels=self._labels,
            selected=selected,
            caption=self._caption,
            extra_under=extra_under,
            extra_over=extra_over,
        )

    # --- syncing ----------------------------------------------------------------------

    def _refresh(self) -> None:
        if self._trace is not None and self._trace_frames:
            packed = pack_frames(self._trace_frames)
            lines = list(self._trace)
        else:
            pos = self._position
            under, over = overlay_groups(pos, self._overlay())
            pieces = piece_groups(pos)
            packed = pack_groups(static_layer(pos), [compose(under, pos, over)], None, [pieces])
            lines = []
        geo = geometry()
        geo["font"] = S.FONT
        geo["zones"] = pawn_zones(self._position) + place_zones()
        with self.hold_sync():
            self.geometry = geo
            self.static = packed["static"]
            self.groups = packed["groups"]
            self.frames = packed["frames"]
            self.event_log = lines
            self.frame = max(0, min(self.frame, len(packed["frames"]) - 1))

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

    # --- move mode --------------------------------------------------------------------

    def on_move(self, callback: MoveListener) -> None:
        """Call ``callback(pawn_id, result)`` after each move made on the board."""
        self._move_listeners.append(callback)

    def select(self, pawn_id: str | None) -> None:
        """Select a pawn in move mode and light up its legal destinations (engine)."""
        if pawn_id is None:
            self._ui = self._ui.deselected()
            self._refresh()
            return
        # check first, on the position that will be current: a refused or unknown pawn
        # leaves the step-through (and the browser's picture) as it was
        current = (
            self._after_trace if self._trace is not None and self._after_trace else self._position
        )
        pawn = current.pawn(pawn_id)
        if self.movable is not None and pawn_id not in self.movable:
            self.tell(f"pawn {pawn_id} cannot move now", "problem")
            return
        self._leave_trace()
        if self.outcomes_handler is not None:
            outcomes = self.outcomes_handler(pawn_id)
        else:
            outcomes = legal_moves(self._position, pawn_id)
        targets: dict[Target, Any] = {}
        for o in outcomes:
            to = o.to
            if to == pawn.at and not self.allow_stay:
                continue  # the pawn's own place: clicking it again deselects
            if to not in targets:
                targets[to] = o
        self._ui = Interaction(
            selected=pawn_id, targets=targets, pending_teleporter=self._ui.pending_teleporter
        )
        if targets:
            self.tell(
                (
                    f"pawn {pawn_id} ({pawn.value} to move): {len(targets)} destination(s) "
                    f"lit; click one, or the pawn again to deselect"
                ),
                "info",
            )
        else:
            self.tell(f"pawn {pawn_id} has no destination this move", "problem")
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
        steps = ",".join(result.path) or "no step"
        self._commit(result.position, f"pawn {pawn_id} moved ({steps}) and was flipped (P2)")
        self._ui = replace(self._ui, path=tuple(move_path(before, pawn_id, result)))
        self.last_move = result
        self._refresh()
        for cb in list(self._move_listeners):
            cb(pawn_id, result)
        return result

    def _pawn_at_click(self, sq: Square | None, zone: str | None) -> str | None:
        if sq is not None:
            p = self._position.pawn_map.get(sq)
            return p.id if p is not None else None
        if zone is not None and zone.startswith("pawn:"):
            pid = zone[5:]
            return pid if pid in self._position.pawn_by_id else None
        return None

    def _click_move(self, sq: Square | None, zone: str | None) -> None:
        if self._trace is not None:  # a click ends the step-through: back to the position
            self._leave_trace()
            self._refresh()
        target: Target | None = sq
        if zone is not None and zone.startswith("place:"):
            target = zone[6:]
        if self._ui.selected is not None and target is not None and target in self._ui.targets:
            outcome = self._ui.targets[target]
            self.move(self._ui.selected, outcome.path)
            return
        pid = self._pawn_at_click(sq, zone)
        if pid is not None:
            if pid == self._ui.selected:
                self._ui = self._ui.deselected()
                self.tell(f"pawn {pid} deselected", "info")
                self._refresh()
            else:
                self.select(pid)
            return
        where = _sq(sq) if sq is not None else "there"
        if self._ui.selected is not None:
            self.tell(
                (
                    f"pawn {self._ui.selected} cannot end its move on {where}: "
                    f"click a lit square (P2-P9)"
                ),
                "problem",
            )
        else:
            self.tell(f"no pawn on {where}: click a pawn to see where it can go", "problem")

    # --- edit mode --------------------------------------------------------------------

    def _click_edit(self, sq: Square | None, zone: str | None) -> None:
        pos = self._position
        tool = self.tool
        if sq is None:
            if tool == "pawn" and zone in ("place:outside", "place:escaped", "place:eaten"):
                self._add_pawn(zone[6:])
            elif tool == "erase" and zone is not None and zone.startswith("pawn:"):
                pid = zone[5:]
                self._commit(
                    pos.replace(pawns=tuple(p for p in pos.pawns if p.id != pid)),
                    f"removed pawn {pid}",
                )
            else:
                self.tell(
                    "click on a square of the board (or, with the pawn tool, a tray section)",
                    "problem",
                )
            return
        why = edit_refusal(pos, tool, sq)
        if why is not None:  # refused before anything changes, with the rule
            self.tell(why, "problem")
            return
        try:
            new, words, pending = edited(
                pos,
                Tool(
                    tool,
                    self.tool_heading,
                    self.tool_pair,
                    self._new_pawn,
                    self._ui.pending_teleporter,
                ),
                sq,
            )
            self._ui = replace(self._ui, pending_teleporter=pending)
        except PositionError as exc:
            self.tell(f"cannot do that: {exc}", "problem")
            return
        if new is not None:
            self._commit(new, words)
        else:
            self.tell(
                words,
                "info"
                if self._ui.pending_teleporter is not None or "cancelled" in words
                else "problem",
            )
            self._refresh()

    def _new_pawn(self, at: Any) -> Pawn:
        dark, light = (int(v) for v in self.tool_pawn.split("/"))  # P1: pairs are dark/light
        used = {p.id for p in self._position.pawns}
        letters = [chr(c) for c in range(ord("A"), ord("Z") + 1)]
        pid = next((c for c in letters if c not in used), None)
        k = 1
        while pid is None:
            pid = next((f"{c}{k}" for c in letters if f"{c}{k}" not in used), None)
            k += 1
        return Pawn(pid, self.tool_player, light, dark, self.tool_face, at)  # type: ignore[arg-type]

    def _add_pawn(self, place: str) -> None:
        pawn = self._new_pawn(place)
        self._commit(
            self._position.replace(pawns=self._position.pawns + (pawn,)),
            f"placed pawn {pawn.id} ({pawn.player}) {place}",
        )

    # --- static output ----------------------------------------------------------------

    def state_for_html(self) -> dict[str, Any]:
        return {
            "static": self.static,
            "groups": self.groups,
            "frames": self.frames,
            "event_log": self.event_log,
            "frame": self.frame,
            "geometry": self.geometry,
            "hint": "",
            "mode": "view",
            "max_width": self.max_width,
            "standalone": True,
        }

    def to_html(self, path: str | Path, title: str = "Finstere Flure") -> Path:
        """Write a standalone HTML page (painter + frames embedded) that still steps."""
        from .html import write_html

        return write_html(path, self.state_for_html(), title)
