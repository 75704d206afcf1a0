"""Typed events: what the monster (and pawns) did, each citing its rule id.

Events are small immutable records (named tuples: cheap to build in the hot loop). Their
JSON form is the monster-trace contract of docs/format.md; the command line, the widget, the
notebooks and the tests all read these same events.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple, Union

from .board import Heading, Square

Piece = Union[str, Square]  # noqa: UP007 (a runtime alias)  # "monster", a pawn id, or a stone's square


class Ray(NamedTuple):
    """M4: one line of sight. ``cells`` run from the square next to the monster up to the
    pawn seen (inclusive) or the last square before what blocked the sight."""

    direction: Heading
    cells: tuple[Square, ...]
    seen: str | None
    distance: int | None
    blocked_by: str  # "wall", "stone", "pivot_right", "pivot_180", or "pawn" (the one seen)

    def to_dict(self) -> dict[str, Any]:
        return {
            "direction": self.direction.name,
            "cells": [list(c) for c in self.cells],
            "seen": self.seen,
            "distance": self.distance,
            "blocked_by": self.blocked_by,
        }


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


class Move(NamedTuple):
    step: int
    from_: Square
    to: Square
    rule: str = "M3"
    type: Literal["move"] = "move"


class Slide(NamedTuple):
    step: int
    piece: Piece
    from_: Square
    to: Square
    rule: str = "M9"
    type: Literal["slide"] = "slide"


class Push(NamedTuple):
    step: int
    piece: Piece
    from_: Square
    to: Square
    rule: str = "M8"
    type: Literal["push"] = "push"


class Eat(NamedTuple):
    step: int
    pawn: str
    at: Square
    how: str  # "eaten", "crushed", "teleporter"
    rule: str = "M7"
    type: Literal["eat"] = "eat"


class Remove(NamedTuple):
    step: int
    stone: Square
    at: Square
    why: str  # "off_board", "corner", "teleporter"
    rule: str = "M8"
    type: Literal["remove"] = "remove"


class Wrap(NamedTuple):
    step: int
    from_: Square
    to: Square
    letter: str
    rule: str = "M10"
    type: Literal["wrap"] = "wrap"


class Teleport(NamedTuple):
    step: int
    from_: Square
    to: Square
    facing: Heading
    rule: str = "M12"
    type: Literal["teleport"] = "teleport"


class End(NamedTuple):
    step: int
    steps: int
    eaten: tuple[str, ...]
    rule: str = "M3"
    type: Literal["end"] = "end"


class Enter(NamedTuple):
    """P3: a pawn steps from outside onto the entrance (its first point)."""

    step: int
    pawn: str
    to: Square
    rule: str = "P3"
    type: Literal["enter"] = "enter"


class Escape(NamedTuple):
    """P4: a pawn spends a point on the exit and leaves the fortress."""

    step: int
    pawn: str
    from_: Square
    rule: str = "P4"
    type: Literal["escape"] = "escape"


class Flip(NamedTuple):
    """P2: the pawn is flipped after its move; ``up`` and ``value`` are the new face."""

    step: int
    pawn: str
    up: str
    value: int
    rule: str = "P2"
    type: Literal["flip"] = "flip"


Event = Union[  # noqa: UP007
    Look, Turn, Move, Slide, Push, Eat, Remove, Wrap, Teleport, End, Enter, Escape, Flip
]
EVENT_TYPES: dict[str, type[Any]] = {
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


def _json(value: Any) -> Any:
    if isinstance(value, Heading):
        return value.name
    if isinstance(value, Ray):
        return value.to_dict()
    if isinstance(value, tuple):
        return [_json(v) for v in value]
    return value


def event_to_dict(event: Event) -> dict[str, Any]:
    """docs/format.md's JSON for one event: ``type``, ``step``, ``rule`` and the type's keys."""
    out: dict[str, Any] = {"type": event.type, "step": event.step}
    for name, value in zip(event._fields, event, strict=False):
        if name == "step" or name == "type":
            continue
        out["from" if name == "from_" else name] = _json(value)
    return out


def _square(value: Any) -> Square:
    return (int(value[0]), int(value[1]))


def _piece(value: Any) -> Piece:
    return value if isinstance(value, str) else _square(value)


def event_from_dict(data: dict[str, Any]) -> Event:
    """Inverse of :func:`event_to_dict` (for traces read back from JSON)."""
    cls = EVENT_TYPES[data["type"]]
    kwargs: dict[str, Any] = {}
    for name in cls._fields:
        if name == "type":
            continue
        key = "from" if name == "from_" else name
        value = data[key]
        if name in ("from_", "to", "at") and cls not in (Turn,):
            value = _square(value)
        elif name in ("from_", "to", "facing"):
            value = Heading[value]
        elif name == "piece":
            value = _piece(value)
        elif name == "stone":
            value = _square(value)
        elif name == "eaten":
            value = tuple(value)
        elif name == "rays":
            value = tuple(
                Ray(
                    Heading[r["direction"]],
                    tuple(_square(c) for c in r["cells"]),
                    r["seen"],
                    r["distance"],
                    r["blocked_by"],
                )
                for r in value
            )
        kwargs[name] = value
    event: Event = cls(**kwargs)
    return event
