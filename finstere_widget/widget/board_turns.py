"""The board's monster turns on show: play a turn with the engine, or take any trace or
frames, and step through them in the browser; a click in move mode (or ``clear_trace``)
leaves them for the position after."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, get_args

from ..engine import Position, RuleOptions, monster_turn
from ..engine.errors import TraceError, shown
from ..engine.events import Event
from ..engine.position import as_position
from ..render.frames import TraceFrame, event_log, trace_frames
from .board_traits import BoardTraits, Opening, one_message
from .interaction import Interaction, OnShow


class TurnsOnShow(BoardTraits):
    """Frames to step through (a monster turn, a trace, a game view's story)."""

    # --- monster turns ----------------------------------------------------------------

    def show_turn(self, tile: str | int = "8", options: RuleOptions | None = None) -> Any:
        """Play the monster's turn (engine) from the position and show it frame by frame."""
        return self.show_turn_from(self._position, tile, options)

    def show_turn_from(
        self,
        position: Position,
        tile: str | int = "8",
        options: RuleOptions | None = None,
        opening: Opening | None = None,
    ) -> Any:
        """Play the monster's turn from ``position`` and show it (``opening``: as in
        :meth:`show_trace`). ``position``: a :class:`Position`, its docs/format.md dict or
        JSON text; anything else, or a malformed hand-built one, is refused with the
        :class:`PositionError` naming its fault (:meth:`Position.validated`), the board
        unchanged."""
        position = as_position(position)
        result = monster_turn(position, tile, options or RuleOptions())
        self.show_trace(position, result.events, result.tile, opening=opening)
        return result

    def show_trace(
        self,
        position: Position,
        events: Sequence[Event],
        tile: str | None = None,
        after: Position | None = None,
        opening: Opening | None = None,
        *,
        retold: bool = False,
    ) -> None:
        """Step through ``events`` (a monster trace) played from ``position``. ``after``:
        the board's position once the trace is left (a click in move mode); default
        ``position``. ``opening``: the opening frame's caption in a language, instead of
        the usual one (a quiz says what to do first); told again when the language changes.
        ``position`` and ``after`` are checked first (as in :meth:`show_turn_from`), and
        ``events`` must be the engine's events (a :class:`TraceError` names one that is
        not): the board unchanged. ``retold``: as in :meth:`show_frames`."""
        position = as_position(position)
        after = as_position(after) if after is not None else position
        events = _events(events)
        lang = self.lang or None
        frames = trace_frames(position, events, tile, lang=lang)
        if opening is not None:
            frames[0] = replace(frames[0], caption=opening(lang))
        self.show_frames(frames, event_log(events, lang), after=after, retold=retold)
        self._trace_source = (position, events, tile, after, opening)

    @one_message
    def show_frames(
        self,
        frames: Sequence[TraceFrame],
        log: Sequence[str],
        after: Position | None = None,
        start: int = 0,
        *,
        retold: bool = False,
    ) -> None:
        """Step through ``frames`` (each one's ``event_index`` is its line of ``log``),
        starting at frame ``start``. ``after``: the board's position once the frames are
        left (a click in move mode); default: the last frame's position. ``retold``: the
        frames on show told again in other words (a language change), the same story: steps
        the browser took in it still count (``story`` is not renewed). Frames that are not
        :class:`TraceFrame` s, a log without a line for each of their events, or an
        ``after`` that is no position are refused naming it, the board unchanged."""
        if not isinstance(frames, (list, tuple)) or not all(
            isinstance(f, TraceFrame) for f in frames
        ):
            raise TraceError(
                "show_frames: expected the frames of a trace (trace_frames), got {frames}",
                frames=shown(frames),
            )
        if not frames:
            raise TraceError("show_frames needs at least one frame")
        told = [f.event_index for f in frames if f.event_index is not None]
        if (
            not isinstance(log, (list, tuple))
            or not all(isinstance(t, str) for t in log)
            or len(log) <= max(told, default=-1)
        ):
            raise TraceError(
                "show_frames: log: expected a line of text for each event of the frames "
                "({count}), got {log}",
                count=max(told, default=-1) + 1,
                log=shown(log),
            )
        after = as_position(after) if after is not None else None
        self._trace_source = None
        end = frames[-1].position if after is None else after
        self._position = end
        self._on_show = OnShow(tuple(log), tuple(frames), end)
        self._told = ()
        self._ui = Interaction(pending_teleporter=self._ui.pending_teleporter)
        self.frame = 0
        self.quiz = {}  # a quiz belongs to the frames it was built for
        self.tell("", "info")
        if not retold:
            self.story += 1
        self._refresh()
        self.frame = start
        # the frame goes with the new frames even when unchanged: the browser's own frame
        # (a step it took in the old ones) is not the new frames' start
        self._states_to_send.add("frame")

    @one_message
    def clear_trace(self) -> None:
        self._leave_trace()
        self._refresh()

    def _leave_trace(self) -> None:
        if self._on_show is not None:
            self._position = self._on_show.after
            # "What happens" keeps the story left (a game view: the bots' and the monster's
            # turns) until the position changes: selecting a pawn must not empty it
            self._told = self._on_show.log
        self._on_show = None
        self.frame = 0

    @property
    def trace_frames(self) -> list[TraceFrame]:
        """The frames of the turn on show (each has ``_repr_svg_``)."""
        return list(self._on_show.frames) if self._on_show is not None else []


#: the event classes of the union :data:`~finstere_widget.engine.events.Event`
_EVENT_TYPES = get_args(Event)


def _events(events: Any) -> Sequence[Event]:
    """A trace's events: a list (or tuple) of the engine's events, else a
    :class:`TraceError` naming what was given (``event_from_dict`` reads one from JSON)."""
    if isinstance(events, (list, tuple)):
        bad = next((e for e in events if not isinstance(e, _EVENT_TYPES)), None)
        if bad is None:
            return events
        events = bad
    raise TraceError(
        "events: expected events (event_from_dict reads one from JSON), got {event}",
        event=shown(events),
    )
