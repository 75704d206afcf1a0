"""Typed events: what the monster (and pawns) did, each citing its rule id.

Events are small immutable records (named tuples with a ``Literal`` kind: cheap to build in
the hot loop). Each type writes its own JSON form (``to_dict``), the monster-trace contract
of docs/format.md; the command line, the widget, the
notebooks and the tests all read these same events.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple, NoReturn, Union

from .board import Heading, Square

Piece = Union[str, Square]  # noqa: UP007 (a runtime alias)  # "monster", a pawn id, or a stone's square

#: a heading's JSON name by its value (``Heading.name`` goes through the enum machinery)
NAMES = ("N", "E", "S", "W")


def _piece_json(piece: Piece) -> str | list[int]:
    return piece if isinstance(piece, str) else [piece[0], piece[1]]


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
        return {
            "direction": NAMES[self.direction],
            "cells": [[x, y] for x, y in self.cells],
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

    def to_dict(self) -> dict[str, Any]:
        x, y = self.at
        return {
            "type": "look",
            "step": self.step,
            "at": [x, y],
            "facing": NAMES[self.facing],
            "rays": [r.to_dict() for r in self.rays],
            "decision": self.decision,
            "rule": self.rule,
        }

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


class Slide(NamedTuple):
    step: int
    piece: Piece
    from_: Square
    to: Square
    rule: str = "M9"
    type: Literal["slide"] = "slide"

    def to_dict(self) -> dict[str, Any]:
        (x0, y0), (x1, y1) = self.from_, self.to
        return {
            "type": "slide",
            "step": self.step,
            "piece": _piece_json(self.piece),
            "from": [x0, y0],
            "to": [x1, y1],
            "rule": self.rule,
        }


class Push(NamedTuple):
    step: int
    piece: Piece
    from_: Square
    to: Square
    rule: str = "M8"
    type: Literal["push"] = "push"

    def to_dict(self) -> dict[str, Any]:
        (x0, y0), (x1, y1) = self.from_, self.to
        return {
            "type": "push",
            "step": self.step,
            "piece": _piece_json(self.piece),
            "from": [x0, y0],
            "to": [x1, y1],
            "rule": self.rule,
        }


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


def assert_never(event: NoReturn) -> NoReturn:
    """The last ``case _`` of a ``match`` over event kinds: mypy then fails on every kind the
    match does not handle (the argument is not of type ``Never``); at run time it raises."""
    raise AssertionError(f"unhandled event kind: {event!r}")


def event_to_dict(event: Event) -> dict[str, Any]:
    """docs/format.md's JSON for one event: ``type``, ``step``, the type's keys and ``rule``
    (each event type builds its own, in one pass)."""
    return event.to_dict()


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
