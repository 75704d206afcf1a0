"""Property tests of the monster turn on random positions (hypothesis)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from finstere_widget.engine import (
    SQUARES,
    Heading,
    Monster,
    Pawn,
    Position,
    RuleOptions,
    Stone,
    StoneKind,
    Teleporter,
    event_from_dict,
    event_to_dict,
    make_pool,
    monster_turn,
    replay,
)
from finstere_widget.engine.monster import monster_outcome
from finstere_widget.engine.rules import RULES

POOL_SHAPES = [
    [(0, 0), (1, 0), (0, 1), (1, 1)],
    [(0, 0), (1, 0), (2, 0), (3, 0)],
    [(0, 0), (0, 1), (0, 2), (0, 3)],
]
ON = set(SQUARES)


@st.composite
def positions(draw: Any) -> Position:
    taken: set[tuple[int, int]] = set()
    pools = []
    for _ in range(draw(st.integers(0, 2))):
        shape = draw(st.sampled_from(POOL_SHAPES))
        x0, y0 = draw(st.sampled_from(SQUARES))
        squares = [(x0 + dx, y0 + dy) for dx, dy in shape]
        if all(s in ON and s not in taken for s in squares):
            pools.append(make_pool(squares))
            taken.update(squares)
    pool_squares = set(taken)
    # teleporters never stand on the exit or the entrance (A2)
    free = [s for s in SQUARES if s not in pool_squares and s not in ((0, 0), (15, 10))]
    teleporters = []
    if draw(st.booleans()):
        a, b = draw(st.lists(st.sampled_from(free), min_size=2, max_size=2, unique=True))
        teleporters = [
            Teleporter(a, "yellow", draw(st.sampled_from(list(Heading)))),
            Teleporter(b, "yellow", draw(st.sampled_from(list(Heading)))),
        ]
    occupied = {t.at for t in teleporters}
    rest = [s for s in SQUARES if s not in occupied]
    n_stones = draw(st.integers(0, 11))
    n_pawns = draw(st.integers(0, 12))
    picks = draw(
        st.lists(
            st.sampled_from(rest),
            min_size=n_stones + n_pawns + 1,
            max_size=n_stones + n_pawns + 1,
            unique=True,
        )
    )
    kinds = list(StoneKind)
    stones = tuple(Stone(s, draw(st.sampled_from(kinds))) for s in picks[:n_stones])
    pawns = tuple(
        Pawn(f"p{k}", "blue", 6, 1, draw(st.sampled_from(["light", "dark"])), s)
        for k, s in enumerate(picks[n_stones:-1])
    )
    monster = Monster(picks[-1], draw(st.sampled_from(list(Heading))))
    return Position(
        monster, stones, tuple(pools), tuple(teleporters), pawns, draw(st.sampled_from([1, 2]))
    )


tiles = st.sampled_from(["5", "7", "8", "10", "X", "XX", "1", "3"])
options = st.builds(
    RuleOptions,
    monster_stone_on_corner=st.sampled_from(["remove", "keep"]),
    pawn_slide_stone=st.sampled_from(["slide_on", "stop"]),
    pawn_slide_over_pawn=st.sampled_from(["pass", "stop"]),
    slide_over_pawn=st.sampled_from(["eat", "stop"]),
    pivot_when_tied=st.sampled_from(["push", "turn"]),
)


@settings(max_examples=300, deadline=None)
@given(positions(), tiles, options)
def test_monster_turn_invariants(pos: Position, tile: str, opts: RuleOptions) -> None:
    result = monster_turn(pos, tile, opts)
    after = result.position
    events = [event_to_dict(e) for e in result.events]
    # the result is a valid position: no two pieces on a square, squares on the board
    assert Position.from_dict(after.to_dict()) == after
    # pieces conserved: stones removed only with a `remove` event, pawns never lost
    removed = [e for e in events if e["type"] == "remove"]
    assert len(after.stones) == len(pos.stones) - len(removed)
    steps = [pos, *replay(pos, result.events)]
    removed_kinds = Counter(
        steps[k].stone_map[e.at].kind for k, e in enumerate(result.events) if e.type == "remove"
    )
    assert Counter(s.kind for s in after.stones) + removed_kinds == Counter(
        s.kind for s in pos.stones
    )
    # a removed stone is named by the square it was pushed from (docs/format.md): its own
    # square when pushed off the board, else the stone push just before it in that step
    for k, e in enumerate(result.events):
        if e.type == "remove":
            if e.why == "off_board":
                assert e.stone == e.at, e
            else:
                push = next(p for p in reversed(result.events[:k]) if p.type == "push")
                assert push.step == e.step and push.piece == push.from_ == e.stone, (push, e)
    assert [p.id for p in after.pawns] == [p.id for p in pos.pawns]
    eaten = [e["pawn"] for e in events if e["type"] == "eat"]
    assert eaten == list(result.eaten) and len(set(eaten)) == len(eaten)
    gone = "eaten" if pos.stage == 2 else "outside"
    for p in after.pawns:
        before = pos.pawn(p.id)
        assert p.up == before.up and (p.light, p.dark) == (before.light, before.dark)
        assert (p.at == gone) == (p.id in eaten) or before.at == gone
    assert after.pools == pos.pools and after.teleporters == pos.teleporters
    # the monster never ends a step on a pool (unless slide_over_pawn=stop stopped it there)
    looks = [e for e in events if e["type"] == "look"]
    if opts.slide_over_pawn == "eat":
        assert all(tuple(lk["at"]) not in pos.pool_squares for lk in looks[1:])
        assert after.monster.at not in pos.pool_squares or after.monster.at == pos.monster.at
    # step counts: numbered tiles take exactly that many steps, prey tiles at most 20
    end = events[-1]
    assert end["type"] == "end" and end["step"] == end["steps"] + 1
    if tile in ("X", "XX"):
        assert end["steps"] <= 20
        assert end["steps"] == 20 or len(eaten) >= len(tile)
    else:
        assert end["steps"] == int(tile)
    assert [lk["step"] for lk in looks] == list(range(1, end["steps"] + 2))
    # every event cites a rule of docs/rules.md
    assert all(e["rule"] in RULES for e in events)
    # events are data: replaying them from the start gives the result, and so does
    # replaying their JSON form
    assert replay(pos, result.events)[-1] == after
    assert replay(pos, [event_from_dict(e) for e in events])[-1] == after


@settings(max_examples=100, deadline=None)
@given(positions(), tiles)
def test_same_input_same_trace(pos: Position, tile: str) -> None:
    one = monster_turn(pos, tile).to_dict()
    again = monster_turn(Position.from_dict(pos.to_dict()), tile).to_dict()
    assert one == again
    assert monster_turn(pos, tile).to_dict() == one  # cached tables are not corrupted


@settings(max_examples=200, deadline=None)
@given(positions(), tiles, options)
def test_a_turn_without_its_trace_ends_where_the_traced_turn_ends(
    pos: Position, tile: str, opts: RuleOptions
) -> None:
    """monster_outcome (no looks recorded: bots, danger map) plays the same rules."""
    result = monster_turn(pos, tile, opts)
    assert monster_outcome(pos, tile, opts) == (result.position, result.eaten)
