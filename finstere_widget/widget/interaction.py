"""What the user is in the middle of on a board, and what the browser's messages say (pure:
no ipywidgets, tested without a widget or a browser).

* :class:`Interaction` -- one immutable value (selection, lit targets, path, a pending
  teleporter pad) replaced as a whole instead of several attributes poked one by one.
* :class:`OnShow`, :class:`Heat`, :class:`History` -- the frames being stepped through,
  a heat overlay, the undo/redo stacks: values replaced whole, like the interaction.
* :func:`read_message` -- a message from the browser as a typed value
  (:data:`Message`), anything malformed as :class:`Unreadable` with the words to show.
* :func:`move_click`, :func:`lit_targets` -- what a click means in move mode, which
  destinations light up.
* :func:`interaction_overlay` -- what the interaction (and a heat overlay) draws over the
  board, as the scene's :class:`~finstere_widget.render.scene.Overlay`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine import Heading, Position, PositionError, on_board
from ..engine.board import Square
from ..engine.errors import QuizError, SceneError, shown
from ..engine.i18n import N_
from ..render import style as S
from ..render.frames import TraceFrame
from ..render.scene import (
    TRAY_PAWN_R,
    Group,
    Overlay,
    circle,
    place_zones,
    ring,
    teleporter_group,
    tray_slots,
)
from .synced import QUIZ_MESSAGE_TYPES, QuizMessage, quiz_message

Target = Square | str  # a square, or "escaped" / "outside"


@dataclass(frozen=True)
class Interaction:
    """``selected``: the pawn whose moves are lit; ``targets``: its legal destinations (the
    engine's outcome for each); ``path``: scene points of the last move drawn;
    ``pending_teleporter``: the first pad of a pair being placed (square, pair, arrow)."""

    selected: str | None = None
    targets: Mapping[Target, Any] = field(default_factory=dict)
    path: tuple[tuple[float, float], ...] = ()
    pending_teleporter: tuple[Square, str, Heading] | None = None

    def deselected(self) -> Interaction:
        return Interaction(path=self.path, pending_teleporter=self.pending_teleporter)

    def mode_left(self) -> Interaction:
        """What is left once the board's mode changes: the last move's path. A selected
        pawn's lit squares belong to move mode, a teleporter's first pad to edit mode: in
        another mode a click means something else, so neither stays on the board."""
        return Interaction(path=self.path)

    @property
    def pending(self) -> bool:
        """Whether something waits for a click: a selected pawn or a teleporter's first pad."""
        return self.selected is not None or self.pending_teleporter is not None


@dataclass(frozen=True)
class OnShow:
    """Frames being stepped through: the log lines they name (``event_index``), the
    frames (never none), and the board's position once they are left."""

    log: tuple[str, ...]
    frames: tuple[TraceFrame, ...]
    after: Position

    def frame(self, k: int) -> TraceFrame:
        """Frame ``k``, clamped to the frames there are."""
        return self.frames[max(0, min(k, len(self.frames) - 1))]


@dataclass(frozen=True)
class Heat:
    """A heat overlay from Python: per-square values, labels, a caption."""

    values: Mapping[Square, float] | None = None
    labels: Mapping[Square, str] | None = None
    caption: str = ""


def heat_of(values: Any = None, labels: Any = None, caption: Any = "") -> Heat:
    """A heat overlay from ``show_values``'s arguments, checked: ``values`` maps squares to
    finite numbers, ``labels`` squares to text (or numbers, written as text), ``caption``
    is text; anything else is a :class:`SceneError` (a square off the board a
    :class:`PositionError`) naming the argument and the square at fault."""
    heat: dict[Square, float] = {}
    words: dict[Square, str] = {}
    for name, given in (("values", values), ("labels", labels)):
        if given is None:
            continue
        if not isinstance(given, Mapping) and name == "values":
            raise SceneError(
                "show_values: values: expected a mapping of squares to numbers, got {value}",
                value=shown(given),
            )
        if not isinstance(given, Mapping):
            raise SceneError(
                "show_values: labels: expected a mapping of squares to text, got {value}",
                value=shown(given),
            )
        for key, value in given.items():
            sq = board_square(key)
            if name == "values":
                heat[sq] = _finite(value, sq)
            elif isinstance(value, str):
                words[sq] = value
            elif isinstance(value, (int, float)) and not isinstance(value, bool):
                words[sq] = shown(value)
            else:
                raise SceneError(
                    "show_values: labels[{square}]: expected text, got {value}",
                    square=square_name(sq),
                    value=shown(value),
                )
    if not isinstance(caption, str):
        raise SceneError("show_values: caption: expected text, got {value}", value=shown(caption))
    return Heat(heat, words, caption)


def _finite(value: Any, sq: Square) -> float:
    """A heat value: a finite real number (not a bool, not one too large for a float)."""
    number: float | None = None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        try:
            number = float(value)
        except OverflowError:
            number = None
    if number is None or not math.isfinite(number):
        raise SceneError(
            "show_values: values[{square}]: expected a finite number, got {value}",
            square=square_name(sq),
            value=shown(value),
        )
    return number


@dataclass(frozen=True)
class History:
    """The board's undo and redo stacks (positions, the latest last)."""

    undo: tuple[Position, ...] = ()
    redo: tuple[Position, ...] = ()

    def committed(self, before: Position, after: Position) -> History:
        """After a change from ``before`` to ``after``: undoable, the redo stack dropped
        (a change to the same position records nothing)."""
        if after == before:
            return self
        return History(self.undo + (before,), ())

    def undone(self, current: Position) -> tuple[History, Position] | None:
        """The history and position after an undo from ``current``; None if none."""
        if not self.undo:
            return None
        return History(self.undo[:-1], self.redo + (current,)), self.undo[-1]

    def redone(self, current: Position) -> tuple[History, Position] | None:
        """The history and position after a redo from ``current``; None if none."""
        if not self.redo:
            return None
        return History(self.undo + (current,), self.redo[:-1]), self.redo[-1]


# --- squares ------------------------------------------------------------------------------


def stale_step(step: Any, story: int) -> bool:
    """Whether a step from the browser (``step``: ``[story, frame]``, the story it was
    taken in and the frame it went to) was taken in frames no longer on show (``story``). A
    new turn was on its way while the learner kept stepping through the old one: that frame
    number belongs to the old frames, the new ones start where Python starts them. A step
    that is no ``[int, int]`` pair is refused too."""
    ok = (
        isinstance(step, list)
        and len(step) == 2
        and all(type(v) is int for v in step)
        and step[0] == story
    )
    return not ok


def square_of(value: Any) -> Square | None:
    """``value`` as a square ``(x, y)`` if it is a pair of integers (a list from the
    browser's JSON or a tuple), else None. Not checked against the board."""
    if (
        isinstance(value, (list, tuple))
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return (int(value[0]), int(value[1]))
    return None


def board_square(value: Any) -> Square:
    """``value`` as a square of the board, or a :class:`PositionError` naming it (B1)."""
    sq = square_of(value)
    if sq is None or not on_board(sq):
        raise PositionError("{value} is not a square of the board (B1)", value=shown(value))
    return sq


def square_name(square: Square) -> str:
    return f"({square[0]}, {square[1]})"


# --- messages from the browser --------------------------------------------------------------


@dataclass(frozen=True)
class SquareClick:
    """A click on a square (not checked against the board yet)."""

    square: Square


@dataclass(frozen=True)
class ZoneClick:
    """A click on a named area outside the grid: ``pawn:A``, ``place:outside``..."""

    zone: str


@dataclass(frozen=True)
class OffBoardClick:
    """A click on the canvas off the grid and off every named area (it deselects a pawn in
    move mode)."""


@dataclass(frozen=True)
class KeyPress:
    """A key the board passes on (``undo``, ``redo``); None if it named none."""

    key: str | None


@dataclass(frozen=True)
class Unreadable:
    """A message the board cannot use, with the words to show as a problem hint: a
    message id of the catalogs, or the error naming the key at fault (told in the board's
    language)."""

    problem: str | QuizError


@dataclass(frozen=True)
class QuizReport:
    """What the browser's quiz judged: ``{"type": "quiz_answer" | "quiz_hint", ...}``,
    checked (:func:`.synced.quiz_message`), for the quiz's record (widget/quiz.py)."""

    content: QuizMessage


Message = SquareClick | ZoneClick | OffBoardClick | KeyPress | QuizReport | Unreadable


def read_message(content: Any) -> Message:
    """The browser's ``{"type": "click", "square": [x, y]}``, ``{"type": "click", "zone":
    "pawn:A"}``, ``{"type": "click", "square": null}`` (off the board),
    ``{"type": "key", "key": "undo"}`` (or ``"escape"``) or a quiz message (checked by
    :func:`.synced.quiz_message`) as a typed value; anything else :class:`Unreadable`, a
    malformed quiz message with the error naming its key at fault (never raises)."""
    if not isinstance(content, dict):
        return Unreadable(N_("ignored a message the board does not understand"))
    kind = content.get("type")
    if kind == "key":
        key = content.get("key")
        return KeyPress(key if isinstance(key, str) else None)
    if kind in QUIZ_MESSAGE_TYPES:
        try:
            return QuizReport(quiz_message(content))
        except QuizError as exc:  # names the key at fault
            return Unreadable(exc)
    if kind != "click":
        return Unreadable(N_("ignored a message the board does not understand"))
    if content.get("square") is not None:
        sq = square_of(content["square"])
        if sq is None:
            return Unreadable(N_("ignored a click with a malformed square"))
        return SquareClick(sq)
    zone = content.get("zone")
    if isinstance(zone, str):
        return ZoneClick(zone)
    if "square" in content and "zone" not in content:  # {"square": null}: off the board
        return OffBoardClick()
    return Unreadable(N_("click on a square of the board"))


# --- what a click means in move mode -----------------------------------------------------


def lit_targets(outcomes: Iterable[Any], at: Any, allow_stay: bool) -> dict[Target, Any]:
    """The destinations to light up for a pawn standing at ``at``: the first outcome (the
    engine's :class:`MoveOutcome`) for each destination; its own place only when a move of
    0 squares may be chosen (``allow_stay``, P2) -- otherwise a click there deselects."""
    targets: dict[Target, Any] = {}
    for o in outcomes:
        if o.to == at and not allow_stay:
            continue
        targets.setdefault(o.to, o)
    return targets


@dataclass(frozen=True)
class MoveAlong:
    """Move the selected ``pawn`` along ``path`` (a lit destination was clicked)."""

    pawn: str
    path: tuple[str, ...]


@dataclass(frozen=True)
class SelectPawn:
    pawn: str


@dataclass(frozen=True)
class DeselectPawn:
    pawn: str


@dataclass(frozen=True)
class NotLit:
    """The selected ``pawn`` cannot end its move where the click was (``square`` or None
    for a place off the grid)."""

    pawn: str
    square: Square | None


@dataclass(frozen=True)
class NoPawnThere:
    square: Square | None


MoveClick = MoveAlong | SelectPawn | DeselectPawn | NotLit | NoPawnThere


def pawn_clicked(pos: Position, sq: Square | None, zone: str | None) -> str | None:
    """The pawn a click on ``sq`` (or on the zone ``pawn:ID``) names, if it is on ``pos``."""
    if sq is not None:
        p = pos.pawn_map.get(sq)
        return p.id if p is not None else None
    if zone is not None and zone.startswith("pawn:"):
        pid = zone[5:]
        return pid if pid in pos.pawn_by_id else None
    return None


def move_click(pos: Position, ui: Interaction, sq: Square | None, zone: str | None) -> MoveClick:
    """What a click on ``sq`` or ``zone`` means in move mode: a lit destination of the
    selected pawn moves it, a pawn is selected (or deselected, clicked again), anything
    else is refused (with what the click was on)."""
    target: Target | None = sq
    if zone is not None and zone.startswith("place:"):
        target = zone[6:]
    if ui.selected is not None and target is not None and target in ui.targets:
        return MoveAlong(ui.selected, tuple(ui.targets[target].path))
    pid = pawn_clicked(pos, sq, zone)
    if pid is not None:
        return DeselectPawn(pid) if pid == ui.selected else SelectPawn(pid)
    if ui.selected is not None:
        return NotLit(ui.selected, sq)
    return NoPawnThere(sq)


# --- what the interaction draws -----------------------------------------------------------


def interaction_overlay(
    pos: Position,
    ui: Interaction,
    heat: Mapping[Square, float] | None = None,
    labels: Mapping[Square, str] | None = None,
    caption: str = "",
) -> Overlay:
    """The overlay of ``ui`` on ``pos``: the selected pawn, its lit targets (squares and
    tray sections; of a waiting pawn that may stay outside, P2, only that pawn is marked),
    the last move's path, a pending teleporter pad; plus a heat map and labels."""
    targets = [t for t in ui.targets if isinstance(t, tuple)]
    selected: Any = None
    extra_over: list[Group] = []
    extra_under: list[Group] = []
    stay = None  # a waiting pawn may stay outside (P2): only that pawn is marked
    if ui.selected is not None:
        pawn = pos.pawn_by_id.get(ui.selected)
        if pawn is not None and isinstance(pawn.at, tuple):
            selected = pawn.at
            if pawn.at in ui.targets:  # its own square is a destination: the stay (P2)
                extra_over.append(ring(pawn.at, S.TARGET, r=15, lw=2.5, dash=[4, 3]))
        elif pawn is not None:
            selected = tray_slots(pos).get(pawn.id)
            if pawn.at in ui.targets and selected is not None:
                stay = pawn.at
                extra_under.append(
                    [circle(selected[0], selected[1], TRAY_PAWN_R + 6, fill=S.TARGET, a=0.35)]
                )
    zones = [
        z
        for z in place_zones(pos)
        if z["id"].split(":", 1)[1] in ui.targets and z["id"] != f"place:{stay}"
    ]
    if ui.pending_teleporter is not None:
        sq, pair, arrow = ui.pending_teleporter
        extra_over.append(teleporter_group(pos, sq, pair, arrow, a=0.6))
        extra_over.append(ring(sq, S.PENDING, r=19, lw=3, dash=[5, 4]))
    return Overlay(
        targets=targets,
        target_zones=zones,
        path=ui.path,
        heat=heat,
        labels=labels,
        selected=selected,
        caption=caption,
        extra_under=extra_under,
        extra_over=extra_over,
    )
