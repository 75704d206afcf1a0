"""The board widget: an anywidget canvas painting the primitives of :mod:`..render.scene`.

Python builds every frame (the drawing, the overlays, the monster-turn frames) and syncs
them compactly: the static layer once, each distinct group of primitives once, and each
frame as a list of group numbers. The browser paints, steps through the frames on its own
(no kernel round trip per step) and reports clicks as squares; Python (the engine) decides
what a click means: legal targets, moves, edits.

:class:`BoardWidget` is put together from parts that read alone, one module each (see
:mod:`.board_traits`); this module holds the position and its undo history, the syncing
of frames to the browser, the static fallback and the HTML export.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import traitlets

from ..engine import Position
from ..engine.i18n import resolve
from ..engine.position import as_position
from ..render import style as S
from ..render.frames import pack_frames, pack_groups
from ..render.primitives import Prim
from ..render.scene import (
    build_scene,
    center,
    compose,
    geometry,
    overlay_groups,
    pawn_zones,
    piece_groups,
    place_zones,
    static_layer,
)
from ..render.svg import scene_svg
from ..render.tray import pawns_focus
from .board_edit import EditMode
from .board_messages import BoardMessages
from .board_move import MoveMode
from .board_overlays import Overlays
from .board_traits import (
    EDIT_TOOLS,
    FRONT_END_KEYS,
    PAWN_SETS,
    PLAYERS,
    STATIC_DIR,
    Movable,
    MoveListener,
    one_message,
)
from .board_turns import TurnsOnShow
from .interaction import Heat, History, Interaction, OnShow
from .labels import board_texts
from .static_output import static_text, with_static
from .synced import Mode, PageState, QuizMessage

#: the names the editor and scripts import from here (the tables live in .board_traits)
__all__ = [
    "EDIT_TOOLS",
    "FRONT_END_KEYS",
    "PAWN_SETS",
    "PLAYERS",
    "STATIC_DIR",
    "BoardWidget",
    "MoveListener",
]


class BoardWidget(BoardMessages, MoveMode, EditMode, Overlays, TurnsOnShow):
    """A Finstere Flure board on a canvas.

    * ``widget.position`` — get a :class:`Position`; set a Position, a docs/format.md dict or
      its JSON text (undoable).
    * ``widget.show_turn("8")`` — play the monster's turn from the position and step
      through it in the browser (buttons, slider, arrow keys, play/pause).
    * ``widget.mode = "move"`` — click a pawn to see its legal destinations (engine), click
      one to move it; ``"edit"`` — click squares to place/remove pieces with ``widget.tool``.
    * ``widget.show_values({...})`` / ``widget.show_danger()`` — heat overlays.
    * ``widget.lang = "fr"`` — the board's words (controls, hints, the turn on show, the
      tray's and corners' labels) in another language (``lang=``; default: the locale).
    """

    def __init__(
        self,
        position: Position | Mapping[str, Any] | str | None = None,
        *,
        mode: Mode = "view",
        movable: Movable = None,
        allow_stay: bool = False,
        move_handler: Callable[[str, tuple[str, ...]], Any] | None = None,
        outcomes_handler: Callable[[str], Any] | None = None,
        on_move: MoveListener | None = None,
        lang: str | None = None,
        **kwargs: Any,
    ) -> None:
        code = resolve(lang)  # a language we do not have fails before anything is made
        start = as_position(position) if position is not None else Position.basic()
        super().__init__(mode=mode, **kwargs)
        self._position: Position = start
        # the board's state: a few immutable values, each replaced as a whole
        self._history = History()
        self._on_show: OnShow | None = None  # the frames being stepped through, if any
        self._told: tuple[str, ...] = ()
        self._trace_source = None
        self._heat = Heat()
        #: what the user is in the middle of (selection, lit targets, path, a pending pad)
        self._ui = Interaction()
        self._move_listeners: list[MoveListener] = []
        self.last_move: Any = None
        #: when set, only these pawn ids (or those the callable names at the time of the
        #: click) may be selected in move mode (``movable``; the game view asks its game)
        self._movable: Movable = movable
        #: a pawn's own place is a target too (a move of 0 squares, P2); the game view sets it
        self.allow_stay = allow_stay
        #: ``move_handler(pawn_id, path) -> MoveResult``: who applies a move chosen by clicks
        #: (default: the engine's ``apply_move``; the game view applies it to its Game)
        self.move_handler: Callable[[str, tuple[str, ...]], Any] | None = move_handler
        #: ``outcomes_handler(pawn_id) -> [MoveOutcome]``: the destinations to light up
        #: (default: the engine's ``legal_moves``; the game view asks its Game, e.g. P10)
        self.outcomes_handler: Callable[[str], Any] | None = outcomes_handler
        #: ``quiz_listener(message)``: who records the quiz answers and hints the browser
        #: reports (``{"type": "quiz_answer" | "quiz_hint", ...}``); the stepper sets it
        self.quiz_listener: Callable[[QuizMessage], object] | None = None
        #: words about the board's own position, shown above it (frames on show carry their
        #: own: ``TraceFrame.note``); the game view's counts
        self._note = ""
        #: the line over the board's own position: its bold part and the rest (frames on
        #: show carry their own: ``TraceFrame.headline``); the game view's "Your move"
        self._headline: tuple[str, str] = ("", "")
        if on_move is not None:
            self._move_listeners.append(on_move)
        self.on_msg(self._on_msg)
        self.lang = code  # paints the board (_relabel)

    def _relabel(self) -> None:
        """The board's words in its language: the controls' words, the trace on show told
        again (on the same frame) and the board's labels."""
        if not hasattr(self, "_ui"):
            return
        self.texts = board_texts(self.lang)
        if self._on_show is not None and self._trace_source is not None:
            frame, quiz = self.frame, self.quiz
            with self.hold_sync():
                self.show_trace(*self._trace_source, retold=True)
                self.quiz = quiz  # the same frames: their quiz (and its progress) stays
                self.frame = frame
        else:
            self._refresh()

    @traitlets.observe("mode")
    @one_message
    def _mode_changed(self, _change: Any) -> None:
        """A selection's lit squares (move mode) or a pending teleporter pad (edit mode) are
        gone with their mode, and their hint with them (they said "click one")."""
        if not hasattr(self, "_ui") or not self._ui.pending:
            return
        self._ui = self._ui.mode_left()
        self.tell("", "info")
        if self._on_show is None:
            self._refresh()

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
            self.static_svg(),
            static_text(repr(self), list(self.event_log), current),
        )

    def svg(self) -> str:
        """The frame on show as deterministic SVG."""
        if self._on_show is not None:
            return self._on_show.frame(self.frame).svg()
        return scene_svg(build_scene(self._position, self._overlay()))

    def static_svg(self) -> str:
        """:meth:`svg` for a page with no kernel and no buttons (the picture under a widget
        cell on GitHub, nbviewer, the docs): a monster turn's opening frame sets the scene
        ("tile 8: the monster at (9, 7) facing west") instead of saying "press ▶ to step"
        under a picture that has nothing to press."""
        if self._on_show is None or self._trace_source is None:
            return self.svg()
        frame = self._on_show.frame(self.frame)
        position, _events, tile, _after, opening = self._trace_source
        if frame.event is not None or opening is not None:
            return self.svg()
        from dataclasses import replace

        from ..render.animate import opening_caption

        words = opening_caption(position, tile, self.lang or None) if tile else ""
        return replace(frame, caption=words).svg()

    # --- position and undo ------------------------------------------------------------

    @property
    def position(self) -> Position:
        """The position on the board (before the monster turn on show, if any)."""
        return self._position

    @position.setter
    def position(self, value: Position | Mapping[str, Any] | str) -> None:
        self._commit(as_position(value), "")

    @property
    def note(self) -> str:
        """Words about the board's own position, shown above it (the game view: its counts
        now); a frame on show shows its own (``TraceFrame.note``), never these."""
        return self._note

    @note.setter
    def note(self, words: str) -> None:
        if words != self._note:
            self._note = words
            if self._on_show is None:
                self._refresh()

    @property
    def headline(self) -> tuple[str, str]:
        """The line over the board's own position, as its bold part and the rest, plain
        text (the game view: whose move it is); a frame on show shows its own
        (``TraceFrame.headline``), never this one."""
        return self._headline

    @headline.setter
    def headline(self, words: tuple[str, str]) -> None:
        bold, rest = words
        if (bold, rest) != self._headline:
            self._headline = (str(bold), str(rest))
            if self._on_show is None:
                self._refresh()

    @property
    def position_json(self) -> str:
        """``widget.position`` as docs/format.md JSON text."""
        return self._position.to_json()

    @one_message
    def _commit(self, new: Position, hint: str) -> None:
        self._history = self._history.committed(self._position, new)
        self._position = new
        self._on_show = None
        self._told = ()
        self._ui = Interaction()
        self.tell(hint, "success" if hint else "info")
        self._refresh()

    @property
    def can_undo(self) -> bool:
        return bool(self._history.undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._history.redo)

    def undo(self) -> bool:
        """Back to the position before the last change (edit, move, set). False if none."""
        return self._history_step(self._history.undone(self._position), "undo")

    def redo(self) -> bool:
        """Forward again to the position an undo left. False if none."""
        return self._history_step(self._history.redone(self._position), "redo")

    @one_message
    def _history_step(self, step: tuple[History, Position] | None, word: str) -> bool:
        _ = self._
        if step is None:
            self.tell(_("nothing to undo") if word == "undo" else _("nothing to redo"), "problem")
            return False
        self._history, self._position = step
        self._on_show = None
        self._told = ()
        self._ui = Interaction()
        self.tell(_("undone") if word == "undo" else _("redone"), "success")
        self._refresh()
        return True

    def drawn_pieces(self, frame: int | None = None) -> list[list[Prim]]:
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

    # --- syncing ----------------------------------------------------------------------

    def _lit_middle(self) -> tuple[float, float] | None:
        """The middle of the selected pawn's lit squares: a board scrolled sideways (a narrow
        pane) brings it into view."""
        lit = [center(t) for t in self._ui.targets if isinstance(t, tuple)]
        if self._ui.selected is None or not lit:
            return None
        xs, ys = [x for x, _ in lit], [y for _, y in lit]
        return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2

    def _focus(self) -> tuple[float, float] | None:
        """What a board scrolled sideways shows: the selected pawn's lit squares, else, in
        move mode with some pawns to move (a game view's "your move"), those pawns."""
        lit = self._lit_middle()
        if lit is not None or self.mode != "move":
            return lit
        movable = self.movable
        return None if not movable else pawns_focus(self._position, sorted(movable))

    def _refresh(self) -> None:
        if self._on_show is not None:
            packed = pack_frames(list(self._on_show.frames))
            lines = list(self._on_show.log)
        else:
            pos = self._position
            under, over = overlay_groups(pos, self._overlay())
            pieces = piece_groups(pos)
            packed = pack_groups(
                static_layer(pos, lang=self.lang or None),
                [compose(under, pos, over)],
                None,
                [pieces],
                None,
                [self._focus()],
                [self._note],
                [self._headline],
            )
            lines = list(self._told)  # the story left, if any (no frame of it on show)
            self.quiz = {}
        geo = geometry()
        geo["font"] = S.FONT
        geo["zones"] = pawn_zones(self._position) + place_zones(self._position)
        with self.hold_sync():
            self.geometry = geo
            if packed["static"] != self.static:  # traitlets checks each of its ~350
                self.static = packed["static"]  # primitives when set: only when it changed
            self.groups = packed["groups"]
            self.frames = packed["frames"]
            self.event_log = lines
            self.frame = max(0, min(self.frame, len(packed["frames"]) - 1))

    # --- static output ----------------------------------------------------------------

    def state_for_html(self) -> PageState:
        """The synced traits an exported page embeds (:class:`.synced.PageState`)."""
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
            "quiz": self.quiz,
            "lang": self.lang,
            "texts": self.texts,
        }

    def to_html(self, path: str | Path, title: str = "Finstere Flure") -> Path:
        """Write a standalone HTML page (painter + frames embedded) that still steps."""
        from .html import write_html

        return write_html(path, self.state_for_html(), title)
