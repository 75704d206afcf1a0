"""Each event type writes its own JSON form (``to_dict``, one pass, no generic copying);
these tests hold every type to the one rule of docs/format.md: ``type``, ``step``, the
type's own fields in declaration order (``from_`` written ``from``) and ``rule``, with
squares as ``[x, y]`` lists, headings as letters and tuples as lists -- and the JSON reads
back (``event_from_dict``) to the same event."""

from __future__ import annotations

import json
import random
from typing import Any

from finstere_widget.engine import (
    Heading,
    Monster,
    Pawn,
    Position,
    event_from_dict,
    event_to_dict,
    monster_turn,
)
from finstere_widget.engine.events import EVENT_TYPES, Event, Ray
from finstere_widget.engine.moves import apply_move, legal_moves
from tests.test_reference import load_bench

positions = load_bench("positions")


def field_by_field(value: Any) -> Any:
    """The JSON form written out generically, field by field."""
    if isinstance(value, Heading):
        return value.name
    if isinstance(value, Ray):
        return {name: field_by_field(v) for name, v in zip(value._fields, value, strict=True)}
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        fields = dict(zip(value._fields, value, strict=True))
        out = {"type": fields["type"], "step": fields["step"]}
        for name, v in fields.items():
            if name in ("kind", "by") and v is None:
                continue  # optional keys, written only when set (docs/format.md)
            if name not in ("type", "step"):
                out["from" if name == "from_" else name] = field_by_field(v)
        return out
    if isinstance(value, tuple):
        return [field_by_field(v) for v in value]
    return value


def sample_events() -> list[Event]:
    rng = random.Random(5)
    exit_pawn = Pawn("a", "blue", 6, 1, "light", (0, 0))
    events: list[Event] = list(
        apply_move(Position(Monster((5, 5), Heading.N), pawns=(exit_pawn,)), "a", "OUT").events
    )
    for _ in range(60):
        pos = positions.varied_position(rng)
        events += monster_turn(pos, rng.choice(["8", "10", "XX"])).events
        for pawn in pos.pawns[:3]:
            outs = legal_moves(pos, pawn.id)
            if outs:
                events += apply_move(pos, pawn.id, rng.choice(outs).path).events
    return events


def test_every_event_type_writes_the_documented_json_and_reads_back() -> None:
    events = sample_events()
    assert {e.type for e in events} == set(EVENT_TYPES)  # every type is in the sample
    for e in events:
        d = event_to_dict(e)
        want = field_by_field(e)
        assert list(d) == list(want) and d == want, (d, want)
        assert json.loads(json.dumps(d)) == d
        assert event_from_dict(d) == e
