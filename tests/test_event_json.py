"""Every event kind reads its own JSON (``Kind.from_dict``, the inverse of its ``to_dict``,
docs/format.md): any event of every kind survives the trip through JSON text, and a
missing, wrong or unknown key is a TraceError naming that key (hypothesis)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finstere_widget.engine import FinstereError, Heading, event_from_dict
from finstere_widget.engine.board import HEIGHT, WIDTH
from finstere_widget.engine.errors import TraceError
from finstere_widget.engine.events import (
    BLOCKERS,
    EVENT_TYPES,
    STONE_KINDS,
    End,
    Event,
    Flip,
    Look,
    Move,
    Ray,
    Turn,
)

SETTINGS = settings(max_examples=40, deadline=None)

steps = st.integers(0, 40)
squares = st.tuples(st.integers(0, WIDTH - 1), st.integers(0, HEIGHT - 1))
headings = st.sampled_from(list(Heading))
ids = st.text(min_size=1, max_size=6)
rules = st.sampled_from(["M3", "M4", "M5", "M7", "M8", "M9", "M10", "M12", "M13", "P2", "P6"])
stone_kinds = st.none() | st.sampled_from(STONE_KINDS)
by = st.none() | ids
#: the keys an event writes only when they are set (docs/format.md): absent reads as None
OPTIONAL_KEYS = {"kind", "by"}
rays = st.builds(
    Ray,
    headings,
    st.lists(squares, max_size=6).map(tuple),
    st.none() | ids,
    st.none() | st.integers(1, 15),
    st.sampled_from(BLOCKERS),
)

#: one strategy per event kind: a new kind fails test_every_kind_has_a_strategy until added
KINDS: dict[str, st.SearchStrategy[Any]] = {
    "look": st.builds(
        Look,
        steps,
        squares,
        headings,
        st.lists(rays, min_size=3, max_size=3).map(tuple),
        st.sampled_from(["none", "keep", "turn", "tie"]),
        rules,
    ),
    "turn": st.builds(
        Turn, steps, headings, headings, st.sampled_from(["sight", "pivot", "teleporter"]), rules
    ),
    "move": st.builds(Move, steps, squares, squares, rules),
    # a stone's kind only beside a stone (a square); ``by``, a pawn pushing in a monster turn
    "slide": st.builds(
        EVENT_TYPES["slide"],
        steps,
        st.just("monster") | ids,
        squares,
        squares,
        rules,
        kind=st.none(),
    )
    | st.builds(EVENT_TYPES["slide"], steps, squares, squares, squares, rules, kind=stone_kinds),
    "push": st.builds(
        EVENT_TYPES["push"], steps, ids, squares, squares, rules, kind=st.none(), by=st.none()
    )
    | st.builds(
        EVENT_TYPES["push"], steps, squares, squares, squares, rules, kind=stone_kinds, by=by
    ),
    "eat": st.builds(
        EVENT_TYPES["eat"],
        steps,
        ids,
        squares,
        st.sampled_from(["eaten", "crushed", "teleporter"]),
        rules,
    ),
    "remove": st.builds(
        EVENT_TYPES["remove"],
        steps,
        squares,
        squares,
        st.sampled_from(["off_board", "corner", "teleporter"]),
        rules,
    ),
    "wrap": st.builds(
        EVENT_TYPES["wrap"], steps, squares, squares, st.sampled_from("ABCDEFGH"), rules
    ),
    "teleport": st.builds(EVENT_TYPES["teleport"], steps, squares, squares, headings, rules),
    "end": st.builds(End, steps, st.integers(0, 20), st.lists(ids, max_size=4).map(tuple), rules),
    "enter": st.builds(EVENT_TYPES["enter"], steps, ids, squares, rules),
    "escape": st.builds(EVENT_TYPES["escape"], steps, ids, squares, rules),
    "flip": st.builds(
        Flip, steps, ids, st.sampled_from(["light", "dark"]), st.integers(1, 6), rules
    ),
}

#: a value no key of any event takes
WRONG = [{"x": 1}, True, -1, [99, 99], None]


def test_every_kind_has_a_strategy() -> None:
    assert set(KINDS) == set(EVENT_TYPES)


@pytest.mark.parametrize("kind", sorted(EVENT_TYPES))
@SETTINGS
@given(data=st.data())
def test_every_kind_reads_back_its_json(kind: str, data: st.DataObject) -> None:
    event: Event = data.draw(KINDS[kind])
    assert event.type == kind
    text = json.dumps(event.to_dict())
    assert type(event).from_dict(json.loads(text)) == event
    assert event_from_dict(json.loads(text)) == event


@pytest.mark.parametrize("kind", sorted(EVENT_TYPES))
@SETTINGS
@given(data=st.data())
def test_a_missing_wrong_or_unknown_key_is_named(kind: str, data: st.DataObject) -> None:
    event: Event = data.draw(KINDS[kind])
    good = event.to_dict()
    key = data.draw(st.sampled_from(sorted(good)))
    missing = {k: v for k, v in good.items() if k != key}
    if key in OPTIONAL_KEYS:  # an optional key left out reads as None
        optional: Any = event  # a Push or a Slide: the kinds with optional keys
        assert event_from_dict(missing) == optional._replace(**{key: None})
    else:
        with pytest.raises(TraceError, match=f"{kind} event: missing key '{key}'"):
            event_from_dict(missing) if key != "type" else type(event).from_dict(missing)
    if key in ("seen", "distance"):  # null is a value these keys take
        wrong = data.draw(st.sampled_from(WRONG[:-1]))
    else:
        wrong = data.draw(st.sampled_from(WRONG))
    with pytest.raises(TraceError, match=f"'{key}'") as info:
        type(event).from_dict({**good, key: wrong})
    assert isinstance(info.value, FinstereError) and kind in str(info.value)
    with pytest.raises(TraceError, match="unknown key 'colour'"):
        event_from_dict({**good, "colour": "red"})


def test_a_stone_kind_only_beside_a_stone_and_only_a_kind_of_B5() -> None:
    """A push's or slide's ``kind`` (a stone's kind, B5) is refused beside a pawn or the
    monster, and a kind that is no stone's is named."""
    from finstere_widget.engine import StoneKind

    assert set(STONE_KINDS) == {k.value for k in StoneKind}
    pushed = {"type": "push", "step": 1, "piece": "A", "from": [1, 1], "to": [2, 1], "rule": "M8"}
    with pytest.raises(TraceError, match="'kind' must be absent: only a stone has a kind"):
        event_from_dict({**pushed, "kind": "crystal"})
    stone = {**pushed, "piece": [1, 1]}
    with pytest.raises(TraceError, match="'kind' must be one of stone, crystal"):
        event_from_dict({**stone, "kind": "boulder"})
    assert event_from_dict({**stone, "kind": "crystal"}).kind == "crystal"  # type: ignore[union-attr]


def test_a_ray_at_fault_is_named_by_its_place() -> None:
    look = Look(1, (9, 7), Heading.E, (Ray(Heading.E, ((10, 7),), None, None, "wall"),), "none")
    d = look.to_dict()
    d["rays"][0]["blocked_by"] = "fog"
    with pytest.raises(TraceError, match=r"look event, 'rays'\[0\]: key 'blocked_by'"):
        event_from_dict(d)
    d["rays"] = [7]
    with pytest.raises(TraceError, match=r"look event, 'rays'\[0\]: expected a JSON object"):
        event_from_dict(d)


@pytest.mark.parametrize("value", [None, [], "move", 5, {"type": "dance"}, {"type": ["move"]}, {}])
def test_not_an_event_is_refused(value: Any) -> None:
    with pytest.raises(TraceError, match="event"):
        event_from_dict(value)


def test_the_kind_must_match_the_class_read_with() -> None:
    move = Move(1, (0, 0), (1, 0)).to_dict()
    with pytest.raises(TraceError, match="turn event: key 'type' must be 'turn'"):
        Turn.from_dict(move)
