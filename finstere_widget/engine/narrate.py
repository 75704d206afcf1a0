"""Events in words: one sentence per event, citing its rule id, in five languages.

The command line, the widget's event log and the notebooks all print these sentences, so
the explanation of a turn is written once, from the events. ``lang`` picks the language
(``en``, ``fr``, ``de``, ``it``, ``cs``; see :mod:`finstere_widget.engine.i18n`); the
English sentences are the message ids of the gettext catalogs and rule ids never change
with the language.
"""

from __future__ import annotations

from collections.abc import Iterable
from gettext import NullTranslations

from .board import Heading, Square
from .errors import TraceError, shown
from .events import (
    EVENT_TYPES,
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
    assert_never,
)
from .i18n import translations

#: the event classes: anything else (a trace's JSON dict) is refused with a TraceError
_EVENT_CLASSES = tuple(EVENT_TYPES.values())

WORD = {Heading.N: "north", Heading.E: "east", Heading.S: "south", Heading.W: "west"}


def sq(square: Square) -> str:
    return f"({square[0]}, {square[1]})"


def _directions(t: NullTranslations) -> dict[str, tuple[str, ...]]:
    """The four directions (N, E, S, W) as the language words them where something is
    seen ("A north at 3"), towards where the monster goes ("keeps heading north"), where it
    turns from ("turns from north to east") and by name (a label, "left (north)"): each
    context is its own message, so a language gives each its own case or preposition."""
    return {
        "from": (
            t.pgettext("from", "north"),
            t.pgettext("from", "east"),
            t.pgettext("from", "south"),
            t.pgettext("from", "west"),
        ),
        "where": (
            t.pgettext("where", "north"),
            t.pgettext("where", "east"),
            t.pgettext("where", "south"),
            t.pgettext("where", "west"),
        ),
        "towards": (
            t.pgettext("towards", "north"),
            t.pgettext("towards", "east"),
            t.pgettext("towards", "south"),
            t.pgettext("towards", "west"),
        ),
        "name": (
            t.pgettext("name", "north"),
            t.pgettext("name", "east"),
            t.pgettext("name", "south"),
            t.pgettext("name", "west"),
        ),
    }


def _where(t: NullTranslations, h: Heading) -> str:
    return _directions(t)["where"][h]


def _towards(t: NullTranslations, h: Heading) -> str:
    return _directions(t)["towards"][h]


def _from(t: NullTranslations, h: Heading) -> str:
    return _directions(t)["from"][h]


def _and(words: list[str], t: NullTranslations | None = None) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    if len(words) == 1:
        return words[0]
    tr = t if t is not None else translations("en")
    last = words[-1]
    if last[:1] in ("E", "e", "È", "è", "É", "é"):
        # Italian joins with "ed" before an e (euphonic d: "D ed E"); the other languages
        # word this the same as the plain "and"
        text = tr.pgettext("before a word beginning with e", "{first} and {last}")
    else:
        text = tr.gettext("{first} and {last}")
    return text.format(first=", ".join(words[:-1]), last=last)


def one_after_another(parts: list[str], t: NullTranslations | None = None) -> str:
    """Sentences told one after another, ``A; B; C`` (French: ``A ; B ; C``)."""
    tr = t if t is not None else translations("en")
    text = parts[0] if parts else ""
    for part in parts[1:]:
        text = tr.gettext("{first}; {then}").format(first=text, then=part)
    return text


def _sees(t: NullTranslations, look: Look) -> str:
    seen = [r for r in look.rays if r.seen is not None]
    if not seen:
        return t.gettext("sees no pawn")
    # one message with a plural: "at 1" and "at 3" read "à 1 case" and "à 3 cases"
    parts = [
        t.ngettext(
            "{pawn} {direction} at {distance}", "{pawn} {direction} at {distance}", r.distance or 0
        ).format(pawn=r.seen, direction=_where(t, r.direction), distance=r.distance)
        for r in seen
    ]
    return t.gettext("sees {pawns}").format(pawns=_and(parts, t))


def _look(t: NullTranslations, event: Look) -> str:
    sees = _sees(t, event)
    heading = _towards(t, event.facing)
    rule = event.rule if event.rule == "M6" else "M5"
    if event.decision == "none":
        return t.gettext("{sees} — keeps heading {heading} ({rule})").format(
            sees=sees, heading=heading, rule=rule
        )
    if event.decision == "tie":
        names = _and([r.seen or "?" for r in event.nearest], t)
        return t.gettext("{sees} — tie between {pawns}, keeps heading {heading} ({rule})").format(
            sees=sees, pawns=names, heading=heading, rule=rule
        )
    nearest = event.nearest[0]
    if event.decision == "keep":
        return t.gettext("{sees} — {pawn} is nearest, keeps heading {heading} ({rule})").format(
            sees=sees, pawn=nearest.seen, heading=heading, rule=rule
        )
    return t.gettext("{sees} — {pawn} is nearest, turns {heading} ({rule})").format(
        sees=sees, pawn=nearest.seen, heading=_towards(t, nearest.direction), rule=rule
    )


def _turn(t: NullTranslations, event: Turn) -> str:
    if event.reason == "pivot":
        if (event.from_ + 1) % 4 == event.to:
            text = t.gettext("meets a pivot stone and turns right to face {heading} ({rule})")
        elif (event.from_ + 3) % 4 == event.to:
            text = t.gettext("meets a pivot stone and turns left to face {heading} ({rule})")
        else:
            text = t.gettext("meets a pivot stone and turns about to face {heading} ({rule})")
        return text.format(heading=_towards(t, event.to), rule=event.rule)
    if event.reason == "teleporter":
        return t.gettext("faces {heading}, the arrow of the arrival pad ({rule})").format(
            heading=_towards(t, event.to), rule=event.rule
        )
    return t.gettext("turns from {old} to {new} ({rule})").format(
        old=_from(t, event.from_), new=_towards(t, event.to), rule=event.rule
    )


def _noun(kind: str | None) -> str:
    """How a stone of ``kind`` is told (B5): a ``crystal``, a ``pivot`` stone (any of the
    three turns), or a plain ``stone`` (also for a trace that did not record the kind)."""
    if kind == "crystal":
        return "crystal"
    if kind is not None and kind.startswith("pivot"):
        return "pivot"
    return "stone"


def _slide(t: NullTranslations, event: Slide) -> str:
    where = {"frm": sq(event.from_), "to": sq(event.to), "rule": event.rule}
    if isinstance(event.piece, tuple):
        noun = _noun(event.kind)
        if event.piece == event.from_:  # the engine's: the stone slides on from where it
            # was pushed to, so its square is named once
            if noun == "crystal":
                text = t.gettext("the crystal slides over the blood from {frm} to {to} ({rule})")
            elif noun == "pivot":
                text = t.gettext(
                    "the pivot stone slides over the blood from {frm} to {to} ({rule})"
                )
            else:
                text = t.gettext("the stone slides over the blood from {frm} to {to} ({rule})")
            return text.format(**where)
        if noun == "crystal":
            text = t.gettext(
                "the crystal from {stone} slides over the blood from {frm} to {to} ({rule})"
            )
        elif noun == "pivot":
            text = t.gettext(
                "the pivot stone from {stone} slides over the blood from {frm} to {to} ({rule})"
            )
        else:
            text = t.gettext(
                "the stone from {stone} slides over the blood from {frm} to {to} ({rule})"
            )
        return text.format(stone=sq(event.piece), **where)
    if event.piece == "monster":
        return t.gettext("the monster slides over the blood from {frm} to {to} ({rule})").format(
            **where
        )
    return t.gettext("pawn {pawn} slides over the blood from {frm} to {to} ({rule})").format(
        pawn=event.piece, **where
    )


def _push(t: NullTranslations, event: Push) -> str:
    if isinstance(event.piece, tuple):
        noun = _noun(event.kind)
        where = {"stone": sq(event.piece), "to": sq(event.to), "rule": event.rule}
        if event.by is not None:  # a pawn the monster pushed onto a pool pushes it (M8, P7)
            if noun == "crystal":
                text = t.gettext("pawn {pawn} pushes the crystal from {stone} to {to} ({rule})")
            elif noun == "pivot":
                text = t.gettext("pawn {pawn} pushes the pivot stone from {stone} to {to} ({rule})")
            else:
                text = t.gettext("pawn {pawn} pushes the stone from {stone} to {to} ({rule})")
            return text.format(pawn=event.by, **where)
        if noun == "crystal":
            text = t.gettext("pushes the crystal from {stone} to {to} ({rule})")
        elif noun == "pivot":
            text = t.gettext("pushes the pivot stone from {stone} to {to} ({rule})")
        else:
            text = t.gettext("pushes the stone from {stone} to {to} ({rule})")
        return text.format(**where)
    return t.gettext("pushes pawn {pawn} to {to} ({rule})").format(
        pawn=event.piece, to=sq(event.to), rule=event.rule
    )


def _eat(t: NullTranslations, event: Eat) -> str:
    if event.how == "crushed":
        text = t.gettext("pawn {pawn} is crushed, pushed off the board from {at} ({rule})")
    elif event.how == "teleporter":
        text = t.gettext("pawn {pawn} is destroyed on the teleporter at {at} ({rule})")
    else:
        text = t.gettext("eats pawn {pawn} at {at} ({rule})")
    return text.format(pawn=event.pawn, at=sq(event.at), rule=event.rule)


def _remove(t: NullTranslations, event: Remove) -> str:
    # off the board and on a corner the stone is named where it leaves: {stone} is {at}
    if event.why == "off_board":
        text = t.gettext(
            "the stone on {stone} is pushed off the board and leaves the game ({rule})"
        )
    elif event.why == "corner":
        text = t.gettext("the stone on {at}, the entrance or the exit, leaves the game ({rule})")
    else:
        text = t.gettext("the stone from {stone} is destroyed on the teleporter at {at} ({rule})")
    return text.format(stone=sq(event.stone), at=sq(event.at), rule=event.rule)


def _end(t: NullTranslations, event: End) -> str:
    eaten = ", ".join(event.eaten) if event.eaten else t.gettext("nobody")
    return t.ngettext(
        "stops after {steps} step; taken: {eaten} ({rule})",
        "stops after {steps} steps; taken: {eaten} ({rule})",
        event.steps,
    ).format(steps=event.steps, eaten=eaten, rule=event.rule)


def _told(t: NullTranslations, event: Event) -> tuple[str, str]:
    """The line's prefix (``step N``, ``final look``, ``end``) and the sentence for
    ``event``: the one dispatch over event kinds, so mypy fails on a kind left out."""
    if not isinstance(event, _EVENT_CLASSES):  # a dict raised an AttributeError
        raise TraceError(
            "events: expected events (event_from_dict reads one from JSON), got {event}",
            event=shown(event),
        )
    step = t.gettext("step {step}").format(step=event.step)
    match event:
        case Look():
            final = event.rule == "M6"
            return (t.gettext("final look") if final else step), _look(t, event)
        case Turn():  # the turn after the final look is no step either (M6)
            return (t.gettext("final look") if event.rule == "M6" else step), _turn(t, event)
        case Move():
            return step, t.gettext("moves from {frm} to {to} ({rule})").format(
                frm=sq(event.from_), to=sq(event.to), rule=event.rule
            )
        case Slide():
            return step, _slide(t, event)
        case Push():
            return step, _push(t, event)
        case Eat():
            return step, _eat(t, event)
        case Remove():
            return step, _remove(t, event)
        case Wrap():
            return step, t.gettext(
                "goes through wall {letter} from {frm} and comes out at the other {letter} on {to} ({rule})"
            ).format(letter=event.letter, frm=sq(event.from_), to=sq(event.to), rule=event.rule)
        case Teleport():
            return step, t.gettext("teleports from {frm} to {to} ({rule})").format(
                frm=sq(event.from_), to=sq(event.to), rule=event.rule
            )
        case End():
            return t.gettext("end"), _end(t, event)
        case Enter():
            return step, t.gettext("pawn {pawn} enters the fortress on {to} ({rule})").format(
                pawn=event.pawn, to=sq(event.to), rule=event.rule
            )
        case Escape():
            return step, t.gettext(
                "pawn {pawn} leaves the fortress by the exit {frm} ({rule})"
            ).format(pawn=event.pawn, frm=sq(event.from_), rule=event.rule)
        case Flip():  # not a step: the flip ends the move (P2)
            return t.gettext("after the move"), t.gettext(
                "pawn {pawn} is flipped and now shows {value} ({rule})"
            ).format(pawn=event.pawn, value=event.value, rule=event.rule)
        case _:
            assert_never(event)


def describe(event: Event, lang: str | None = None) -> str:
    """One sentence for ``event`` (without the step prefix), in ``lang``."""
    return _told(translations(lang), event)[1]


def line(event: Event, lang: str | None = None) -> str:
    """``step N: …`` (``final look: …`` for M6, ``end: …`` for the end, ``after the
    move: …`` for a pawn's flip, P2)."""
    t = translations(lang)
    prefix, text = _told(t, event)
    return t.gettext("{prefix}: {text}").format(prefix=prefix, text=text)


def narrate(
    events: Iterable[Event], *, include_sight_turns: bool = False, lang: str | None = None
) -> list[str]:
    """The turn in words. Turns caused by sight are already told by their look and are
    left out unless ``include_sight_turns``. ``events`` are the engine's events: a trace's
    JSON dicts are refused with a :class:`~.errors.TraceError` (read each with
    :func:`~.events.event_from_dict` first)."""
    if not isinstance(events, Iterable) or isinstance(events, (str, bytes, dict)):
        raise TraceError(
            "events: expected events (event_from_dict reads one from JSON), got {event}",
            event=shown(events),
        )
    return [
        line(e, lang)
        for e in events
        if include_sight_turns or not (isinstance(e, Turn) and e.reason == "sight")
    ]
