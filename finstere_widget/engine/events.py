"""Typed events: what the monster (and pawns) did, each citing its rule id.

Events are small immutable records (named tuples with a ``Literal`` kind: cheap to build in
the hot loop). Each type writes its own JSON form (``to_dict``), the monster-trace contract
of docs/format.md; the command line, the widget, the
notebooks and the tests all read these same events.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NamedTuple, NoReturn, Union

from .board import HEIGHT, WIDTH, Heading, Square
from .errors import Message, TraceError, shown

Piece = Union[str, Square]  # noqa: UP007 (a runtime alias)  # "monster", a pawn id, or a stone's square

#: a heading's JSON name by its value (``Heading.name`` goes through the enum machinery)
NAMES = ("N", "E", "S", "W")


def _piece_json(piece: Piece) -> str | list[int]:
    return piece if isinstance(piece, str) else [piece[0], piece[1]]


#: what stops a line of sight: a wall, the pawn seen, or a stone of one of these kinds (B5;
#: the monster sees through a crystal)
BLOCKERS = ("wall", "pawn", "stone", "pivot_right", "pivot_left", "pivot_180")
#: the stone kinds a push or a slide names (B5; ``pieces.StoneKind``'s values)
STONE_KINDS = ("stone", "crystal", "pivot_right", "pivot_left", "pivot_180")


class _Fields:
    """Reads one event's JSON object (the inverse of its ``to_dict``): each reader takes a
    key, checks its value and raises a :class:`TraceError` naming the key at fault;
    :meth:`close` refuses keys the event does not have."""

    __slots__ = ("data", "where", "read")

    def __init__(self, data: Mapping[str, Any], kind: str | None, where: str = "") -> None:
        where = where or f"{kind} event"
        if not isinstance(data, Mapping):
            raise TraceError(
                "{where}: expected a JSON object, not {data}", where=where, data=shown(data)
            )
        self.data = data
        self.where = where
        self.read: set[str] = set()
        if kind is not None and self._get("type") != kind:
            raise self._bad("type", repr(kind))

    def _get(self, key: str) -> Any:
        if key not in self.data:
            raise TraceError("{where}: missing key {key!r}", where=self.where, key=key)
        self.read.add(key)
        return self.data[key]

    def _bad(self, key: str, wanted: str | Message) -> TraceError:
        return TraceError(
            "{where}: key {key!r} must be {wanted}, not {data}",
            where=self.where,
            key=key,
            wanted=wanted,
            data=shown(self.data[key]),
        )

    def integer(self, key: str, low: int = 0) -> int:
        value = self._get(key)
        if type(value) is not int or value < low:
            raise self._bad(key, Message("an integer >= {low}", low=low))
        return value

    def optional_integer(self, key: str) -> int | None:
        return None if self._get(key) is None else self.integer(key, 1)

    def text(self, key: str) -> str:
        value = self._get(key)
        if not isinstance(value, str) or not value:
            raise self._bad(key, Message("a non-empty string"))
        return value

    def optional_text(self, key: str) -> str | None:
        return None if self._get(key) is None else self.text(key)

    def choice(self, key: str, allowed: tuple[str, ...]) -> str:
        value = self._get(key)
        if value not in allowed:
            raise self._bad(key, Message("one of {allowed}", allowed=", ".join(allowed)))
        return str(value)

    def step(self) -> int:
        return self.integer("step")

    def rule(self) -> str:
        return self.text("rule")

    def square(self, key: str) -> Square:
        value = self._get(key)
        if not _is_square(value):
            raise self._bad(key, Message("a square [x, y] on the board"))
        return (value[0], value[1])

    def heading(self, key: str) -> Heading:
        value = self._get(key)
        if value not in NAMES:
            raise self._bad(key, Message("a heading N, E, S or W"))
        return Heading(NAMES.index(value))

    def piece(self, key: str) -> Piece:
        value = self._get(key)
        if isinstance(value, str) and value:
            return value
        if not _is_square(value):
            raise self._bad(key, Message('"monster", a pawn id or a stone\'s square [x, y]'))
        return (value[0], value[1])

    def peek_piece(self, key: str) -> Piece:
        """The piece under ``key`` (already read by :meth:`piece`)."""
        value = self.data[key]
        return value if isinstance(value, str) else (value[0], value[1])

    def stone_kind(self, key: str, piece: Piece) -> str | None:
        """An optional stone kind (B5), only beside a stone (``piece`` a square): absent
        is None (a trace written before the kind was recorded)."""
        if key not in self.data:
            return None
        if isinstance(piece, str):
            self.read.add(key)
            raise self._bad(key, Message("absent: only a stone has a kind"))
        return self.choice(key, STONE_KINDS)

    def pawn_ids(self, key: str) -> tuple[str, ...]:
        value = self._get(key)
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise self._bad(key, Message("a list of pawn ids"))
        return tuple(value)

    def rays(self, key: str) -> tuple[Ray, ...]:
        value = self._get(key)
        if not isinstance(value, list):
            raise self._bad(key, Message("a list of rays"))
        return tuple(Ray.from_dict(r, f"{self.where}, {key!r}[{k}]") for k, r in enumerate(value))

    def cells(self, key: str) -> tuple[Square, ...]:
        value = self._get(key)
        if not isinstance(value, list) or not all(_is_square(c) for c in value):
            raise self._bad(key, Message("a list of squares [x, y] on the board"))
        return tuple((c[0], c[1]) for c in value)

    def close(self) -> None:
        """Refuse a key the event does not have (a misspelt key would be lost silently)."""
        extra = [key for key in self.data if key not in self.read]
        if extra:
            raise TraceError(
                "{where}: unknown key {extra}", where=self.where, extra=shown(extra[0])
            )


def _is_square(value: Any) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 2
        and type(value[0]) is int
        and type(value[1]) is int
        and 0 <= value[0] < WIDTH
        and 0 <= value[1] < HEIGHT
    )


class Ray(NamedTuple):
    """M4: one line of sight. ``cells`` run from the square next to the monster up to the
    pawn seen (inclusive) or the last square before what blocked the sight."""

    direction: Heading
    cells: tuple[Square, ...]
    seen: str | None
    distance: int | None
    blocked_by: (
        str  # "wall", "stone", "pivot_right", "pivot_left", "pivot_180", or "pawn" (the one seen)
    )

    def to_dict(self) -> dict[str, Any]:
        return _rays_json((self,))[0]

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], where: str = "ray") -> Ray:
        f = _Fields(data, None, where)
        ray = cls(
            f.heading("direction"),
            f.cells("cells"),
            f.optional_text("seen"),
            f.optional_integer("distance"),
            f.choice("blocked_by", BLOCKERS),
        )
        f.close()
        return ray


def _rays_json(rays: tuple[Ray, ...]) -> list[dict[str, Any]]:
    """The JSON objects of ``rays`` (a look's three), in one pass: the one definition of a
    ray's JSON form, for :meth:`Ray.to_dict` and :meth:`Look.to_dict`."""
    return [
        {
            "direction": NAMES[direction],
            "cells": [[x, y] for x, y in cells],
            "seen": seen,
            "distance": distance,
            "blocked_by": blocked_by,
        }
        for direction, cells, seen, distance, blocked_by in rays
    ]


class Look(NamedTuple):
    """M4/M5 (M6 for the final look): the three rays, ahead-left-right, and the decision:
    ``none`` (no pawn seen), ``keep`` (nearest ahead), ``turn``, ``tie`` (M5: keeps heading)."""

    step: int
    at: Square
    facing: Heading
    rays: tuple[Ray, ...]
    decision: str
    rule: str = "M4"
    type: Literal["look"] = "look"

    def to_dict(self) -> dict[str, Any]:
        x, y = self.at
        return {
            "type": "look",
            "step": self.step,
            "at": [x, y],
            "facing": NAMES[self.facing],
            "rays": _rays_json(self.rays),
            "decision": self.decision,
            "rule": self.rule,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Look:
        """Inverse of :meth:`to_dict`; a :class:`TraceError` names the key at fault."""
        f = _Fields(data, "look")
        event = cls(
            f.step(),
            f.square("at"),
            f.heading("facing"),
            f.rays("rays"),
            f.choice("decision", ("none", "keep", "turn", "tie")),
            f.rule(),
        )
        f.close()
        return event

    @property
    def nearest(self) -> tuple[Ray, ...]:
        """The rays whose pawn is nearest (two or three on a tie)."""
        seen = [r for r in self.rays if r.distance is not None]
        if not seen:
            return ()
        best = min(r.distance for r in seen if r.distance is not None)
        return tuple(r for r in seen if r.distance == best)

    @property
    def chosen(self) -> Heading:
        """M5: the heading the monster takes after this look (a tie keeps the heading)."""
        if self.decision == "turn":
            return self.nearest[0].direction
        return self.facing


class Turn(NamedTuple):
    step: int
    from_: Heading
    to: Heading
    reason: str  # "sight" (M5/M6), "pivot" (M11), "teleporter" (M12)
    rule: str = "M5"
    type: Literal["turn"] = "turn"

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "turn",
            "step": self.step,
            "from": NAMES[self.from_],
            "to": NAMES[self.to],
            "reason": self.reason,
            "rule": self.rule,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Turn:
        """Inverse of :meth:`to_dict`; a :class:`TraceError` names the key at fault."""
        f = _Fields(data, "turn")
        event = cls(
            f.step(),
            f.heading("from"),
            f.heading("to"),
            f.choice("reason", ("sight", "pivot", "teleporter")),
            f.rule(),
        )
        f.close()
        return event


class Move(NamedTuple):
    step: int
    from_: Square
    to: Square
    rule: str = "M3"
    type: Literal["move"] = "move"

    def to_dict(self) -> dict[str, Any]:
        (x0, y0), (x1, y1) = self.from_, self.to
        return {
            "type": "move",
            "step": self.step,
            "from": [x0, y0],
            "to": [x1, y1],
            "rule": self.rule,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Move:
        """Inverse of :meth:`to_dict`; a :class:`TraceError` names the key at fault."""
        f = _Fields(data, "move")
        event = cls(f.step(), f.square("from"), f.square("to"), f.rule())
        f.close()
        return event


class Slide(NamedTuple):
    """A piece slides over a pool (M9, P7, P8). ``kind``: a stone's kind (B5: ``stone``,
    ``crystal``, ``pivot_right``, ...), None for the monster or a pawn (and in traces
    written before the kind was recorded)."""

    step: int
    piece: Piece
    from_: Square
    to: Square
    rule: str = "M9"
    type: Literal["slide"] = "slide"
    kind: str | None = None

    def to_dict(self) -> dict[str, Any]:
        (x0, y0), (x1, y1) = self.from_, self.to
        out = {
            "type": "slide",
            "step": self.step,
            "piece": _piece_json(self.piece),
            "from": [x0, y0],
            "to": [x1, y1],
            "rule": self.rule,
        }
        if self.kind is not None:
            out["kind"] = self.kind
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Slide:
        """Inverse of :meth:`to_dict`; a :class:`TraceError` names the key at fault."""
        f = _Fields(data, "slide")
        event = cls(
            f.step(),
            f.piece("piece"),
            f.square("from"),
            f.square("to"),
            f.rule(),
            kind=f.stone_kind("kind", f.peek_piece("piece")),
        )
        f.close()
        return event


class Push(NamedTuple):
    """A piece pushed one square (M8 by the monster, P6 by a pawn). ``kind``: a stone's
    kind (B5: ``stone``, ``crystal``, ``pivot_right``, ...), None for a pawn (and in traces
    written before the kind was recorded). ``by``: in a monster turn, the id of the pawn
    that pushes a stone at the end of the slide the monster pushed it into (M8, P7); None
    when the pusher is the trace's mover (the monster, or the pawn whose move it is)."""

    step: int
    piece: Piece
    from_: Square
    to: Square
    rule: str = "M8"
    type: Literal["push"] = "push"
    kind: str | None = None
    by: str | None = None

    def to_dict(self) -> dict[str, Any]:
        (x0, y0), (x1, y1) = self.from_, self.to
        out = {
            "type": "push",
            "step": self.step,
            "piece": _piece_json(self.piece),
            "from": [x0, y0],
            "to": [x1, y1],
            "rule": self.rule,
        }
        if self.kind is not None:
            out["kind"] = self.kind
        if self.by is not None:
            out["by"] = self.by
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Push:
        """Inverse of :meth:`to_dict`; a :class:`TraceError` names the key at fault."""
        f = _Fields(data, "push")
        event = cls(
            f.step(),
            f.piece("piece"),
            f.square("from"),
            f.square("to"),
            f.rule(),
            kind=f.stone_kind("kind", f.peek_piece("piece")),
            by=f.text("by") if "by" in data else None,
        )
        f.close()
        return event


class Eat(NamedTuple):
    step: int
    pawn: str
    at: Square
    how: str  # "eaten", "crushed", "teleporter"
    rule: str = "M7"
    type: Literal["eat"] = "eat"

    def to_dict(self) -> dict[str, Any]:
        x, y = self.at
        return {
            "type": "eat",
            "step": self.step,
            "pawn": self.pawn,
            "at": [x, y],
            "how": self.how,
            "rule": self.rule,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Eat:
        """Inverse of :meth:`to_dict`; a :class:`TraceError` names the key at fault."""
        f = _Fields(data, "eat")
        event = cls(
            f.step(),
            f.text("pawn"),
            f.square("at"),
            f.choice("how", ("eaten", "crushed", "teleporter")),
            f.rule(),
        )
        f.close()
        return event


class Remove(NamedTuple):
    step: int
    stone: Square
    at: Square
    why: str  # "off_board", "corner", "teleporter"
    rule: str = "M8"
    type: Literal["remove"] = "remove"

    def to_dict(self) -> dict[str, Any]:
        (x0, y0), (x1, y1) = self.stone, self.at
        return {
            "type": "remove",
            "step": self.step,
            "stone": [x0, y0],
            "at": [x1, y1],
            "why": self.why,
            "rule": self.rule,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Remove:
        """Inverse of :meth:`to_dict`; a :class:`TraceError` names the key at fault."""
        f = _Fields(data, "remove")
        event = cls(
            f.step(),
            f.square("stone"),
            f.square("at"),
            f.choice("why", ("off_board", "corner", "teleporter")),
            f.rule(),
        )
        f.close()
        return event


class Wrap(NamedTuple):
    step: int
    from_: Square
    to: Square
    letter: str
    rule: str = "M10"
    type: Literal["wrap"] = "wrap"

    def to_dict(self) -> dict[str, Any]:
        (x0, y0), (x1, y1) = self.from_, self.to
        return {
            "type": "wrap",
            "step": self.step,
            "from": [x0, y0],
            "to": [x1, y1],
            "letter": self.letter,
            "rule": self.rule,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Wrap:
        """Inverse of :meth:`to_dict`; a :class:`TraceError` names the key at fault."""
        f = _Fields(data, "wrap")
        event = cls(f.step(), f.square("from"), f.square("to"), f.text("letter"), f.rule())
        f.close()
        return event


class Teleport(NamedTuple):
    step: int
    from_: Square
    to: Square
    facing: Heading
    rule: str = "M12"
    type: Literal["teleport"] = "teleport"

    def to_dict(self) -> dict[str, Any]:
        (x0, y0), (x1, y1) = self.from_, self.to
        return {
            "type": "teleport",
            "step": self.step,
            "from": [x0, y0],
            "to": [x1, y1],
            "facing": NAMES[self.facing],
            "rule": self.rule,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Teleport:
        """Inverse of :meth:`to_dict`; a :class:`TraceError` names the key at fault."""
        f = _Fields(data, "teleport")
        event = cls(f.step(), f.square("from"), f.square("to"), f.heading("facing"), f.rule())
        f.close()
        return event


class End(NamedTuple):
    step: int
    steps: int
    eaten: tuple[str, ...]
    rule: str = "M3"
    type: Literal["end"] = "end"

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "end",
            "step": self.step,
            "steps": self.steps,
            "eaten": list(self.eaten),
            "rule": self.rule,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> End:
        """Inverse of :meth:`to_dict`; a :class:`TraceError` names the key at fault."""
        f = _Fields(data, "end")
        event = cls(f.step(), f.integer("steps"), f.pawn_ids("eaten"), f.rule())
        f.close()
        return event


class Enter(NamedTuple):
    """P3: a pawn steps from outside onto the entrance (its first point)."""

    step: int
    pawn: str
    to: Square
    rule: str = "P3"
    type: Literal["enter"] = "enter"

    def to_dict(self) -> dict[str, Any]:
        x, y = self.to
        return {
            "type": "enter",
            "step": self.step,
            "pawn": self.pawn,
            "to": [x, y],
            "rule": self.rule,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Enter:
        """Inverse of :meth:`to_dict`; a :class:`TraceError` names the key at fault."""
        f = _Fields(data, "enter")
        event = cls(f.step(), f.text("pawn"), f.square("to"), f.rule())
        f.close()
        return event


class Escape(NamedTuple):
    """P4: a pawn spends a point on the exit and leaves the fortress."""

    step: int
    pawn: str
    from_: Square
    rule: str = "P4"
    type: Literal["escape"] = "escape"

    def to_dict(self) -> dict[str, Any]:
        x, y = self.from_
        return {
            "type": "escape",
            "step": self.step,
            "pawn": self.pawn,
            "from": [x, y],
            "rule": self.rule,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Escape:
        """Inverse of :meth:`to_dict`; a :class:`TraceError` names the key at fault."""
        f = _Fields(data, "escape")
        event = cls(f.step(), f.text("pawn"), f.square("from"), f.rule())
        f.close()
        return event


class Flip(NamedTuple):
    """P2: the pawn is flipped after its move; ``up`` and ``value`` are the new face."""

    step: int
    pawn: str
    up: str
    value: int
    rule: str = "P2"
    type: Literal["flip"] = "flip"

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "flip",
            "step": self.step,
            "pawn": self.pawn,
            "up": self.up,
            "value": self.value,
            "rule": self.rule,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Flip:
        """Inverse of :meth:`to_dict`; a :class:`TraceError` names the key at fault."""
        f = _Fields(data, "flip")
        event = cls(
            f.step(),
            f.text("pawn"),
            f.choice("up", ("light", "dark")),
            f.integer("value", 1),
            f.rule(),
        )
        f.close()
        return event


Event = Union[  # noqa: UP007
    Look, Turn, Move, Slide, Push, Eat, Remove, Wrap, Teleport, End, Enter, Escape, Flip
]
#: every event kind's class, by its ``type``
EVENT_TYPES: dict[str, type[Event]] = {
    cls._field_defaults["type"]: cls
    for cls in (
        Look,
        Turn,
        Move,
        Slide,
        Push,
        Eat,
        Remove,
        Wrap,
        Teleport,
        End,
        Enter,
        Escape,
        Flip,
    )
}
_EVENT_CLASSES = tuple(EVENT_TYPES.values())


def assert_never(event: NoReturn) -> NoReturn:
    """The last ``case _`` of a ``match`` over event kinds: mypy then fails on every kind the
    match does not handle (the argument is not of type ``Never``); at run time it raises."""
    raise AssertionError(f"unhandled event kind: {event!r}")


def event_to_dict(event: Event) -> dict[str, Any]:
    """docs/format.md's JSON for one event: ``type``, ``step``, the type's keys and ``rule``
    (each event type builds its own, in one pass). Anything that is no event is a
    :class:`TraceError` naming it."""
    if not isinstance(event, _EVENT_CLASSES):  # event_to_dict(5) raised an AttributeError
        raise TraceError(
            "events: expected events (event_from_dict reads one from JSON), got {event}",
            event=shown(event),
        )
    return event.to_dict()


def event_from_dict(data: Mapping[str, Any]) -> Event:
    """Inverse of :func:`event_to_dict` (for traces read back from JSON): the ``type`` picks
    the kind, which reads its own keys; a :class:`TraceError` names the key at fault."""
    if not isinstance(data, Mapping):
        raise TraceError("an event must be a JSON object, not {data}", data=shown(data))
    kind = data.get("type")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise TraceError(
            "event key 'type' must be one of {types}, not {kind}",
            types=", ".join(EVENT_TYPES),
            kind=shown(kind),
        )
    return cls.from_dict(data)
