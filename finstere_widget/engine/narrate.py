"""Events in words: one sentence per event, citing its rule id.

The command line, the widget's event log and the notebooks all print these sentences, so
the explanation of a turn is written once, from the events.
"""

from __future__ import annotations

from collections.abc import Iterable

from .board import Heading, Square
from .events import (
    Eat,
    End,
    Enter,
    Escape,
    Event,
    Flip,
    Look,
    Move,
    Push,
    Remove,
    Slide,
    Teleport,
    Turn,
    Wrap,
)

WORD = {Heading.N: "north", Heading.E: "east", Heading.S: "south", Heading.W: "west"}
PIVOT_WORD = {"pivot_right": "right-turn pivot stone", "pivot_180": "180° pivot stone"}


def sq(square: Square) -> str:
    return f"({square[0]}, {square[1]})"


def _piece(piece: str | Square) -> str:
    if isinstance(piece, tuple):
        return f"the stone from {sq(piece)}"
    return "the monster" if piece == "monster" else f"pawn {piece}"


def _and(words: list[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _sees(look: Look) -> str:
    seen = [r for r in look.rays if r.seen is not None]
    if not seen:
        return "sees no pawn"
    parts = [f"{r.seen} {WORD[r.direction]} at {r.distance}" for r in seen]
    return "sees " + _and(parts)


def describe(event: Event) -> str:
    """One sentence for ``event`` (without the step prefix)."""
    if isinstance(event, Look):
        where = f"{_sees(event)} — "
        heading = WORD[event.facing]
        rule = event.rule if event.rule == "M6" else "M5"
        if event.decision == "none":
            return f"{where}keeps heading {heading} ({rule})"
        if event.decision == "tie":
            names = _and([r.seen or "?" for r in event.nearest])
            return f"{where}tie between {names}, keeps heading {heading} ({rule})"
        nearest = event.nearest[0]
        if event.decision == "keep":
            return f"{where}{nearest.seen} is nearest, keeps heading {heading} ({rule})"
        return f"{where}{nearest.seen} is nearest, turns {WORD[nearest.direction]} ({rule})"
    if isinstance(event, Turn):
        if event.reason == "pivot":
            how = "right" if (event.from_ + 1) % 4 == event.to else "about"
            return f"meets a pivot stone and turns {how} to face {WORD[event.to]} ({event.rule})"
        if event.reason == "teleporter":
            return f"faces {WORD[event.to]}, the arrow of the arrival pad ({event.rule})"
        return f"turns from {WORD[event.from_]} to {WORD[event.to]} ({event.rule})"
    if isinstance(event, Move):
        return f"moves from {sq(event.from_)} to {sq(event.to)} ({event.rule})"
    if isinstance(event, Slide):
        return f"{_piece(event.piece)} slides over the blood from {sq(event.from_)} to {sq(event.to)} ({event.rule})"
    if isinstance(event, Push):
        return f"pushes {_piece(event.piece)} to {sq(event.to)} ({event.rule})"
    if isinstance(event, Eat):
        if event.how == "crushed":
            return f"pawn {event.pawn} is crushed, pushed off the board from {sq(event.at)} ({event.rule})"
        if event.how == "teleporter":
            return (
                f"pawn {event.pawn} is destroyed on the teleporter at {sq(event.at)} ({event.rule})"
            )
        return f"eats pawn {event.pawn} at {sq(event.at)} ({event.rule})"
    if isinstance(event, Remove):
        why = {
            "off_board": "is pushed off the board and leaves the game",
            "corner": "lands on the entrance or exit and is removed",
            "teleporter": "is destroyed on the teleporter",
        }[event.why]
        return f"the stone from {sq(event.stone)} {why} at {sq(event.at)} ({event.rule})"
    if isinstance(event, Wrap):
        return (
            f"goes through wall {event.letter} from {sq(event.from_)} and comes out at the other "
            f"{event.letter} on {sq(event.to)} ({event.rule})"
        )
    if isinstance(event, Teleport):
        return f"teleports from {sq(event.from_)} to {sq(event.to)} ({event.rule})"
    if isinstance(event, End):
        eaten = ", ".join(event.eaten) if event.eaten else "nobody"
        return f"stops after {event.steps} step{'s' if event.steps != 1 else ''}; taken: {eaten} ({event.rule})"
    if isinstance(event, Enter):
        return f"pawn {event.pawn} enters the fortress on {sq(event.to)} ({event.rule})"
    if isinstance(event, Escape):
        return f"pawn {event.pawn} leaves the fortress by the exit {sq(event.from_)} ({event.rule})"
    if isinstance(event, Flip):
        return f"pawn {event.pawn} is flipped and now shows {event.value} ({event.rule})"
    raise TypeError(f"not an event: {event!r}")  # pragma: no cover


def line(event: Event) -> str:
    """``step N: …`` (``final look: …`` for M6)."""
    if isinstance(event, Look) and event.rule == "M6":
        prefix = "final look"
    elif isinstance(event, End):
        prefix = "end"
    else:
        prefix = f"step {event.step}"
    return f"{prefix}: {describe(event)}"


def narrate(events: Iterable[Event], *, include_sight_turns: bool = False) -> list[str]:
    """The turn in words. Turns caused by sight are already told by their look and are
    left out unless ``include_sight_turns``."""
    return [
        line(e)
        for e in events
        if include_sight_turns or not (isinstance(e, Turn) and e.reason == "sight")
    ]
