"""The monster's turn, rule by rule (docs/rules.md M1-M13), on small hand-made positions."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from finstere_widget.engine import (
    Heading,
    Monster,
    Pawn,
    Position,
    RuleOptions,
    Stone,
    StoneKind,
    Teleporter,
    Tile,
    TileError,
    event_to_dict,
    look,
    make_pool,
    monster_turn,
)
from finstere_widget.engine.narrate import narrate

Sq = tuple[int, int]


def P(
    at: Sq,
    facing: str = "E",
    *,
    stones: Mapping[Sq, str] | Iterable[Sq] = (),
    pawns: Mapping[str, Sq] | None = None,
    pools: Iterable[Iterable[Sq]] = (),
    teleporters: Iterable[tuple[Sq, str, str]] = (),
    stage: int = 1,
    up: str = "light",
) -> Position:
    stone_items = stones.items() if isinstance(stones, Mapping) else ((s, "stone") for s in stones)
    return Position(
        Monster(at, Heading[facing]),
        tuple(Stone(s, StoneKind(k)) for s, k in stone_items),
        tuple(make_pool(p) for p in pools),
        tuple(Teleporter(s, pair, Heading[arrow]) for s, pair, arrow in teleporters),
        tuple(Pawn(pid, "blue", 6, 1, up, sq) for pid, sq in (pawns or {}).items()),  # type: ignore[arg-type]
        stage,
    )


def trace(pos: Position, tile: str | int, **options: str) -> list[dict[str, Any]]:
    return [event_to_dict(e) for e in monster_turn(pos, tile, RuleOptions.parse(options)).events]


def of(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def brief(events: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """Everything but looks and the end, as short tuples."""
    out: list[tuple[Any, ...]] = []
    for e in events:
        t = e["type"]
        if t in ("look", "end"):
            continue
        if t == "turn":
            out.append((e["step"], "turn", e["from"], e["to"], e["reason"]))
        elif t in ("move", "wrap", "teleport"):
            out.append((e["step"], t, tuple(e["from"]), tuple(e["to"])))
        elif t in ("push", "slide"):
            piece = e["piece"] if isinstance(e["piece"], str) else tuple(e["piece"])
            out.append((e["step"], t, piece, tuple(e["from"]), tuple(e["to"])))
        elif t == "eat":
            out.append((e["step"], "eat", e["pawn"], tuple(e["at"]), e["how"]))
        elif t == "remove":
            out.append((e["step"], "remove", tuple(e["stone"]), tuple(e["at"]), e["why"]))
    return out


def seen(look_event: dict[str, Any]) -> dict[str, tuple[str, int]]:
    return {r["direction"]: (r["seen"], r["distance"]) for r in look_event["rays"] if r["seen"]}


# --- M1 tiles ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tile", "steps", "prey"),
    [
        ("5", 5, None),
        ("7", 7, None),
        (8, 8, None),
        ("10", 10, None),
        ("X", 20, 1),
        ("xx", 20, 2),
        ("3", 3, None),
    ],
)
def test_M1_tiles(tile: str | int, steps: int, prey: int | None) -> None:
    t = Tile.parse(tile)
    assert (t.steps, t.prey) == (steps, prey)


@pytest.mark.parametrize("bad", ["0", "-3", "Y", "", "8.5", True])
def test_M1_bad_tiles_are_rejected(bad: Any) -> None:
    with pytest.raises(TileError, match="M1"):
        Tile.parse(bad)


def test_M1_prey_tile_never_exceeds_20_steps() -> None:
    events = trace(P((5, 5)), "XX")
    assert events[-1] == {"type": "end", "step": 21, "steps": 20, "eaten": [], "rule": "M13"}
    assert len(of(events, "look")) == 21


def test_S4_five_is_three_prey_option_makes_tile_5_a_prey_tile() -> None:
    assert Tile.parse("5", RuleOptions.parse(["five_is_three_prey=on"])) == Tile("5", 20, 3)
    assert Tile.parse("5").prey is None


# --- M3 step loop, M4 sight, M5 choice, M6 final look --------------------------------------


def test_M3_each_step_looks_then_moves_and_a_final_look_follows() -> None:
    events = trace(P((1, 5)), 8)
    steps = [(e["type"], e["step"]) for e in events]
    expected = [x for k in range(1, 9) for x in (("look", k), ("move", k))]
    assert steps == expected + [("look", 9), ("end", 9)]
    assert of(events, "look")[-1]["rule"] == "M6"
    assert events[-1]["steps"] == 8
    assert of(events, "move")[-1]["to"] == [9, 5]


def test_M4_looks_ahead_left_right_never_behind() -> None:
    pos = P((5, 5), "E", pawns={"A": (9, 5), "B": (5, 2), "C": (2, 5)})
    lk = look(pos)
    assert [r.direction for r in lk.rays] == [Heading.E, Heading.N, Heading.S]
    assert {r.direction.name: (r.seen, r.distance) for r in lk.rays} == {
        "E": ("A", 4),
        "N": ("B", 3),
        "S": (None, None),
    }
    assert lk.rays[2].blocked_by == "wall" and lk.rays[2].cells == (
        (5, 6),
        (5, 7),
        (5, 8),
        (5, 9),
        (5, 10),
    )
    assert lk.rays[0].cells == ((6, 5), (7, 5), (8, 5), (9, 5)) and lk.rays[0].blocked_by == "pawn"


@pytest.mark.parametrize(
    ("kind", "sees_a"),
    [("stone", False), ("pivot_right", False), ("pivot_180", False), ("crystal", True)],
)
def test_M4_stones_and_pivots_block_sight_crystals_do_not(kind: str, sees_a: bool) -> None:
    lk = look(P((5, 5), "E", stones={(7, 5): kind}, pawns={"A": (9, 5)}))
    ahead = lk.rays[0]
    assert (ahead.seen == "A") is sees_a
    if not sees_a:
        assert ahead.blocked_by == kind and ahead.cells == ((6, 5),)


def test_M4_sight_passes_pools_teleporters_and_corners_but_not_walls() -> None:
    pos = P(
        (0, 5),
        "N",
        pools=[[(0, 1), (0, 2), (0, 3), (0, 4)]],
        pawns={"A": (0, 0)},
        teleporters=[((3, 5), "yellow", "N"), ((9, 9), "yellow", "S")],
    )
    lk = look(pos)
    assert (lk.rays[0].seen, lk.rays[0].distance) == ("A", 5)  # FAQ 2: pool squares count
    pos2 = P(
        (1, 5),
        "E",
        pawns={"A": (6, 5)},
        teleporters=[((3, 5), "yellow", "N"), ((9, 9), "yellow", "S")],
    )
    assert look(pos2).rays[0].seen == "A"
    # no wrap for sight: a pawn just beyond the wall V is not seen
    assert look(P((14, 5), "E", pawns={"A": (0, 5)})).decision == "none"


def test_M4_FAQ2_distance_counts_pool_squares_like_any_other() -> None:
    basic = Position.basic(
        [Pawn("A", "blue", 6, 1, "light", (9, 8)), Pawn("B", "blue", 6, 1, "light", (2, 1))]
    )
    pos = basic.replace(monster=Monster((2, 8), Heading.E))
    lk = look(pos)
    assert (lk.rays[0].seen, lk.rays[0].distance) == ("A", 7)
    assert (lk.rays[1].seen, lk.rays[1].distance) == (None, None)  # (2,2) stone hides B


def test_M5_no_pawn_keeps_heading_nearest_pawn_wins() -> None:
    events = trace(P((5, 5), "E", pawns={"A": (9, 5), "B": (5, 2)}), 1)
    lk = events[0]
    assert lk["decision"] == "turn" and seen(lk) == {"E": ("A", 4), "N": ("B", 3)}
    assert brief(events)[:2] == [(1, "turn", "E", "N", "sight"), (1, "move", (5, 5), (5, 4))]
    assert trace(P((5, 5), "E", pawns={"A": (7, 5), "B": (5, 2)}), 1)[0]["decision"] == "keep"
    assert trace(P((5, 5), "E"), 1)[0]["decision"] == "none"


def test_M5_tie_of_two_keeps_heading_even_when_neither_is_ahead() -> None:
    events = trace(P((5, 5), "E", pawns={"A": (5, 2), "B": (5, 8)}), 1)
    assert events[0]["decision"] == "tie"
    assert seen(events[0]) == {"N": ("A", 3), "S": ("B", 3)}
    assert brief(events)[0] == (1, "move", (5, 5), (6, 5))
    lines = narrate(monster_turn(P((5, 5), "E", pawns={"A": (5, 2), "B": (5, 8)}), 1).events)
    assert (
        lines[0]
        == "step 1: sees A north at 3 and B south at 3 — tie between A and B, keeps heading east (M5)"
    )
    assert look(P((5, 5), "E", pawns={"A": (5, 2), "B": (5, 8)})).chosen == Heading.E
    assert look(P((5, 5), "E", pawns={"A": (5, 2), "B": (5, 9)})).chosen == Heading.N


def test_M5_tie_of_three() -> None:
    events = trace(P((5, 5), "E", pawns={"A": (5, 2), "B": (5, 8), "C": (8, 5)}), 1)
    assert events[0]["decision"] == "tie" and len(seen(events[0])) == 3
    lines = narrate(
        monster_turn(P((5, 5), "E", pawns={"A": (5, 2), "B": (5, 8), "C": (8, 5)}), 1).events
    )
    assert lines[0] == (
        "step 1: sees C east at 3, A north at 3 and B south at 3 — tie between C, A and B, keeps heading east (M5)"
    )
    assert brief(events)[0] == (1, "move", (5, 5), (6, 5))


def test_M5_tie_only_counts_the_smallest_distance() -> None:
    events = trace(P((5, 5), "E", pawns={"A": (5, 2), "B": (5, 8), "C": (7, 5)}), 1)
    assert events[0]["decision"] == "keep"  # C at 2 is nearer than the tied A and B


def test_M6_final_look_turns_but_does_not_move() -> None:
    events = trace(P((5, 5), "E", pawns={"A": (6, 8)}), 1)
    final = of(events, "look")[-1]
    assert final["step"] == 2 and final["rule"] == "M6" and final["at"] == [6, 5]
    assert brief(events)[-1] == (2, "turn", "E", "S", "sight")
    assert monster_turn(P((5, 5), "E", pawns={"A": (6, 8)}), 1).position.monster == Monster(
        (6, 5), Heading.S
    )


# --- M7 eating -----------------------------------------------------------------------------


def test_M7_stage1_eaten_pawn_goes_outside_keeping_its_face() -> None:
    result = monster_turn(P((5, 5), "E", pawns={"A": (6, 5)}, up="dark"), 1)
    assert [event_to_dict(e) for e in result.events if e.type == "eat"] == [
        {"type": "eat", "step": 1, "pawn": "A", "at": [6, 5], "how": "eaten", "rule": "M7"}
    ]
    a = result.position.pawn("A")
    assert a.at == "outside" and a.up == "dark"
    assert result.position.monster.at == (6, 5)


def test_M7_stage2_eaten_pawn_is_out_of_the_game() -> None:
    result = monster_turn(P((5, 5), "E", pawns={"A": (6, 5)}, stage=2), 1)
    assert result.position.pawn("A").at == "eaten"


# --- M8 pushing ----------------------------------------------------------------------------


def test_M8_pushes_the_whole_chain_farthest_first() -> None:
    pos = P((5, 5), "E", stones=[(6, 5), (8, 5)], pawns={"A": (7, 5)})
    events = trace(pos, 1)
    assert brief(events) == [
        (1, "push", (8, 5), (8, 5), (9, 5)),
        (1, "push", "A", (7, 5), (8, 5)),
        (1, "push", (6, 5), (6, 5), (7, 5)),
        (1, "move", (5, 5), (6, 5)),
    ]


def test_M8_pawn_pushed_off_the_board_is_crushed() -> None:
    pos = P((13, 5), "E", stones=[(14, 5)], pawns={"A": (15, 5)})
    result = monster_turn(pos, 1)
    assert brief([event_to_dict(e) for e in result.events]) == [
        (1, "eat", "A", (15, 5), "crushed"),
        (1, "push", (14, 5), (14, 5), (15, 5)),
        (1, "move", (13, 5), (14, 5)),
    ]
    assert result.position.pawn("A").at == "outside"


def test_M8_stone_pushed_into_a_notch_leaves_the_game() -> None:
    pos = P((9, 0), "E", stones=[(10, 0), (11, 0)])
    result = monster_turn(pos, 1)
    assert brief([event_to_dict(e) for e in result.events])[:2] == [
        (1, "remove", (11, 0), (11, 0), "off_board"),
        (1, "push", (10, 0), (10, 0), (11, 0)),
    ]
    assert [s.at for s in result.position.stones] == [(11, 0)]


def test_M8_pieces_pushed_onto_a_teleporter_are_destroyed() -> None:
    tps = [((8, 5), "blue", "N"), ((2, 2), "blue", "S")]
    pos = P((5, 5), "E", stones=[(6, 5)], pawns={"A": (7, 5)}, teleporters=tps)
    result = monster_turn(pos, "X")  # a pawn destroyed on a teleporter counts as eaten
    assert brief([event_to_dict(e) for e in result.events])[:3] == [
        (1, "push", "A", (7, 5), (8, 5)),
        (1, "eat", "A", (8, 5), "teleporter"),
        (1, "push", (6, 5), (6, 5), (7, 5)),
    ]
    assert result.eaten == ("A",) and result.events[-1].steps == 1  # type: ignore[union-attr]
    pos2 = P(
        (5, 5), "E", stones=[(6, 5)], teleporters=[((7, 5), "blue", "N"), ((2, 2), "blue", "S")]
    )
    assert brief(trace(pos2, 1))[:2] == [
        (1, "push", (6, 5), (6, 5), (7, 5)),
        (1, "remove", (6, 5), (7, 5), "teleporter"),
    ]
    assert monster_turn(pos2, 1).position.stones == ()
    # only the pushed stone goes; another stone elsewhere stays where it is
    pos3 = P(
        (5, 5),
        "E",
        stones={(6, 5): "stone", (1, 1): "crystal"},
        teleporters=[((7, 5), "blue", "N"), ((2, 2), "blue", "S")],
    )
    assert [(s.at, s.kind.value) for s in monster_turn(pos3, 1).position.stones] == [
        ((1, 1), "crystal")
    ]


def test_M8_a_pawn_destroyed_on_a_teleporter_leaves_its_square() -> None:
    # found by the benchmarks' reference implementation: the pawn pushed from (7, 5) onto the
    # pad was also left behind on (7, 5), so the monster "ate" it again a step later
    tps = [((8, 5), "blue", "N"), ((2, 2), "blue", "S")]
    pos = P((5, 5), "E", stones=[(6, 5)], pawns={"A": (7, 5)}, teleporters=tps)
    result = monster_turn(pos, 2)
    eats = [e for e in result.events if e.type == "eat"]
    assert [(e.pawn, e.at, e.how) for e in eats] == [("A", (8, 5), "teleporter")]
    assert result.position.pawn("A").at == "outside"
    assert result.position.monster.at == (7, 5) and result.position.stones == ()


def test_M8_P8_stone_pushed_onto_a_pool_slides_and_stops_before_occupied_squares() -> None:
    pool = [(4, 8), (5, 8), (6, 8), (7, 8)]
    events = trace(P((2, 8), "E", stones=[(3, 8)], pools=[pool]), 1)
    assert brief(events) == [
        (1, "push", (3, 8), (3, 8), (4, 8)),
        (1, "slide", (4, 8), (4, 8), (8, 8)),
        (1, "move", (2, 8), (3, 8)),
    ]
    blocked = trace(P((2, 8), "E", stones=[(3, 8)], pools=[pool], pawns={"A": (8, 8)}), 1)
    assert brief(blocked)[1] == (1, "slide", (4, 8), (4, 8), (7, 8))


def test_M8_P7_a_pawn_pushed_onto_a_pool_slides_across_and_is_not_taken() -> None:
    """M8: a pawn pushed (behind a stone) onto a pool slides by the pawn rules (P7): to the
    square beyond if it is free; a stone there it pushes one square on; it stops on the
    last pool square before a stone that cannot move or at the wall; a pawn on the board
    there is neither eaten nor crushed."""
    pool = [(6, 5), (7, 5), (8, 5), (9, 5)]
    free = monster_turn(P((3, 5), "E", stones=[(4, 5)], pawns={"A": (5, 5)}, pools=[pool]), 1)
    assert brief([event_to_dict(e) for e in free.events]) == [
        (1, "push", "A", (5, 5), (6, 5)),
        (1, "slide", "A", (6, 5), (10, 5)),
        (1, "push", (4, 5), (4, 5), (5, 5)),
        (1, "move", (3, 5), (4, 5)),
    ]
    assert free.eaten == () and free.position.pawn("A").at == (10, 5)
    stone = P((3, 5), "E", stones=[(4, 5), (10, 5)], pawns={"A": (5, 5)}, pools=[pool])
    pushed = monster_turn(stone, 1).position
    assert pushed.pawn("A").at == (10, 5)
    assert sorted(s.at for s in pushed.stones) == [(5, 5), (11, 5)]
    stuck = P((3, 5), "E", stones=[(4, 5), (10, 5), (11, 5)], pawns={"A": (5, 5)}, pools=[pool])
    assert monster_turn(stuck, 1).position.pawn("A").at == (9, 5)
    wall = [(12, 5), (13, 5), (14, 5), (15, 5)]
    walled = monster_turn(P((9, 5), "E", stones=[(10, 5)], pawns={"A": (11, 5)}, pools=[wall]), 1)
    assert walled.eaten == () and walled.position.pawn("A").at == (15, 5)


@pytest.mark.parametrize(("option", "kept"), [("remove", False), ("keep", True)])
def test_M8_stone_pushed_onto_the_entrance_option(option: str, kept: bool) -> None:
    pos = P((13, 10), "E", stones=[(14, 10)])
    result = monster_turn(pos, 1, RuleOptions.parse([f"monster_stone_on_corner={option}"]))
    assert [s.at for s in result.position.stones] == ([(15, 10)] if kept else [])
    removed = [e for e in result.events if e.type == "remove"]
    assert (removed == []) is kept
    if not kept:  # named by the square it was pushed from, removed where it landed
        assert event_to_dict(removed[0]) == {
            "type": "remove",
            "step": 1,
            "stone": [14, 10],
            "at": [15, 10],
            "why": "corner",
            "rule": "M8",
        }


# --- M9 blood ------------------------------------------------------------------------------

POOL = [(4, 8), (5, 8), (6, 8), (7, 8)]


def test_M9_stepping_onto_a_pool_slides_across_in_one_step_without_looking() -> None:
    pos = P((3, 8), "E", pools=[POOL], pawns={"H": (6, 5), "K": (12, 8)})
    events = trace(pos, 1)
    assert brief(events)[:2] == [
        (1, "move", (3, 8), (4, 8)),
        (1, "slide", "monster", (4, 8), (8, 8)),
    ]
    # H stands beside the pool: not seen while sliding; only the final look happens after
    assert len(of(events, "look")) == 2
    assert of(events, "look")[1]["at"] == [8, 8]


def test_M9_landing_square_is_a_normal_step_eat() -> None:
    events = trace(P((3, 8), "E", pools=[POOL], pawns={"A": (8, 8)}), 1)
    assert brief(events)[-1] == (1, "eat", "A", (8, 8), "eaten")


@pytest.mark.parametrize(("option", "stop_at"), [("eat", (8, 8)), ("stop", (6, 8))])
def test_M9_pawn_on_a_pool_square_slid_over(option: str, stop_at: Sq) -> None:
    pos = P((3, 8), "W", pools=[POOL], pawns={"A": (6, 8)})
    pos = pos.replace(monster=Monster((3, 8), Heading.E))
    result = monster_turn(pos, 1, RuleOptions.parse([f"slide_over_pawn={option}"]))
    assert result.eaten == ("A",)
    assert result.position.monster.at == stop_at


@pytest.mark.parametrize("option", ["eat", "stop"])
def test_M9_slide_over_pawn_counts_the_first_pool_square_too(option: str) -> None:
    """M9 slide_over_pawn: a pawn on the pool square the monster steps onto is on the pool
    it slides across like one on any other square of it. With ``stop`` the monster eats it
    and stops there: it used to eat it and slide on, the ``eat`` behaviour, so only a pawn
    on the 2nd to 4th square of a pool was ruled by the option. The same when the monster
    arrives on the pool through a wall (M10)."""
    stop = option == "stop"
    result = monster_turn(P((3, 8), pools=[POOL], pawns={"A": (4, 8)}), 1, slide_over_pawn(option))
    assert result.eaten == ("A",)
    assert result.position.monster.at == ((4, 8) if stop else (8, 8))
    assert brief([event_to_dict(e) for e in result.events]) == [
        (1, "move", (3, 8), (4, 8)),
        (1, "eat", "A", (4, 8), "eaten"),
        *([] if stop else [(1, "slide", "monster", (4, 8), (8, 8))]),
    ]
    # through the wall: from (15, 5) heading east the monster comes in on (0, 5), a pool
    wall_pool = [(0, 5), (1, 5), (2, 5), (3, 5)]
    pos = P((15, 5), pools=[wall_pool], pawns={"A": (0, 5)})
    after = monster_turn(pos, 1, slide_over_pawn(option)).position
    assert after.monster.at == ((0, 5) if stop else (4, 5))
    assert after.pawn("A").at == "outside"


def slide_over_pawn(option: str) -> RuleOptions:
    return RuleOptions(slide_over_pawn=option)


def test_M9_stone_on_a_pool_in_the_way_is_pushed_and_slides_ahead() -> None:
    events = trace(P((3, 8), "E", pools=[POOL], stones=[(6, 8)]), 1)
    assert brief(events) == [
        (1, "move", (3, 8), (4, 8)),
        (1, "slide", "monster", (4, 8), (5, 8)),
        (1, "push", (6, 8), (6, 8), (7, 8)),
        (1, "slide", (7, 8), (7, 8), (8, 8)),
        (1, "slide", "monster", (5, 8), (7, 8)),
        (1, "push", (8, 8), (8, 8), (9, 8)),
        (1, "slide", "monster", (7, 8), (8, 8)),
    ]


@pytest.mark.parametrize("kind", ["pivot_right", "pivot_left", "pivot_180"])
@pytest.mark.parametrize("option", ["push", "turn"])
def test_M9_M11_a_pivot_stone_met_while_sliding_is_pushed_not_turned(
    kind: str, option: str
) -> None:
    """No rulebook says what a pivot stone on a pool does to the monster sliding over it: the
    monster does not look while it slides (M9), and M11 rests on the look. The engine reads
    M9 ("a stone on a pool square in its way is pushed and slides ahead"): the pivot is
    pushed like any stone, with either ``pivot_when_tied``, though the step's look saw no
    pawn (a pivot met at the step's start would have turned it)."""
    pos = P((3, 8), "E", pools=[POOL], stones={(6, 8): kind})
    events = trace(pos, 1, pivot_when_tied=option)
    assert of(events, "turn") == []
    assert (1, "push", (6, 8), (6, 8), (7, 8)) in brief(events)
    result = monster_turn(pos, 1, RuleOptions.parse({"pivot_when_tied": option}))
    assert result.position.monster == Monster((8, 8), Heading.E)
    assert [(s.at, s.kind.value) for s in result.position.stones] == [((9, 8), kind)]
    # the same pivot met at the step's start turns the monster (M11)
    started = monster_turn(P((5, 8), "E", stones={(6, 8): kind}), 1)
    assert [e.reason for e in started.events if e.type == "turn"] == ["pivot"]


def test_M9_never_ends_a_step_on_a_pool() -> None:
    result = monster_turn(P((3, 8), "E", pools=[POOL]), 3)
    for e in result.events:
        if e.type == "look":
            assert e.at not in POOL


# --- M10 walls -----------------------------------------------------------------------------


def test_M10_step_through_a_wall_wraps_with_the_letter() -> None:
    events = trace(P((15, 5), "E"), 1)
    assert of(events, "wrap") == [
        {"type": "wrap", "step": 1, "from": [15, 5], "to": [0, 5], "letter": "V", "rule": "M10"}
    ]
    assert of(events, "move") == []


def test_M10_arriving_through_a_wall_eats_and_pushes() -> None:
    assert brief(trace(P((15, 5), "E", pawns={"A": (0, 5)}), 1)) == [
        (1, "wrap", (15, 5), (0, 5)),
        (1, "eat", "A", (0, 5), "eaten"),
    ]
    assert brief(trace(P((15, 5), "E", stones=[(0, 5)]), 1))[:2] == [
        (1, "push", (0, 5), (0, 5), (1, 5)),
        (1, "wrap", (15, 5), (0, 5)),
    ]


def test_M10_arriving_through_a_wall_slides_teleports_and_meets_a_pivot() -> None:
    """M10: arriving through a wall is a normal entry into the arrival square: a pool
    there slides the monster on (M9), a teleporter sends it on (M12), and a pivot stone
    there turns a monster that saw no pawn (M11) or, after a tied look, is pushed (M8)."""
    pool = P((15, 5), "E", pools=[[(0, 5), (1, 5), (2, 5), (3, 5)]])
    assert brief(trace(pool, 1)) == [
        (1, "wrap", (15, 5), (0, 5)),
        (1, "slide", "monster", (0, 5), (4, 5)),
    ]
    tele = P((15, 5), "E", teleporters=[((0, 5), "blue", "S"), ((9, 9), "blue", "W")])
    assert brief(trace(tele, 1)) == [
        (1, "wrap", (15, 5), (0, 5)),
        (1, "teleport", (0, 5), (9, 9)),
        (1, "turn", "E", "W", "teleporter"),
    ]
    pivot = P((15, 5), "E", stones={(0, 5): "pivot_right"})
    assert brief(trace(pivot, 1)) == [
        (1, "turn", "E", "S", "pivot"),
        (1, "move", (15, 5), (15, 6)),
    ]
    tied = P((15, 5), "E", stones={(0, 5): "pivot_right"}, pawns={"A": (15, 4), "B": (15, 6)})
    assert brief(trace(tied, 1)) == [
        (1, "push", (0, 5), (0, 5), (1, 5)),
        (1, "wrap", (15, 5), (0, 5)),
    ]


def test_M10_a_slide_meeting_a_wall_wraps_and_goes_on() -> None:
    events = trace(P((11, 5), "E", pools=[[(12, 5), (13, 5), (14, 5), (15, 5)]]), 1)
    assert brief(events) == [
        (1, "move", (11, 5), (12, 5)),
        (1, "slide", "monster", (12, 5), (15, 5)),
        (1, "wrap", (15, 5), (0, 5)),
    ]


# --- M11 pivots ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "to", "dest"), [("pivot_right", "S", (5, 6)), ("pivot_180", "W", (4, 5))]
)
def test_M11_pivot_turns_a_monster_that_saw_no_pawn(kind: str, to: str, dest: Sq) -> None:
    events = trace(P((5, 5), "E", stones={(6, 5): kind}), 1)
    assert brief(events)[:2] == [(1, "turn", "E", to, "pivot"), (1, "move", (5, 5), dest)]
    assert of(events, "turn")[0]["rule"] == "M11"


@pytest.mark.parametrize(("option", "pushed"), [("push", True), ("turn", False)])
def test_M11_after_a_tie_the_pivot_is_pushed_by_default(option: str, pushed: bool) -> None:
    pos = P((5, 5), "E", stones={(6, 5): "pivot_right"}, pawns={"A": (5, 2), "B": (5, 8)})
    events = trace(pos, 1, pivot_when_tied=option)
    assert events[0]["decision"] == "tie"
    if pushed:
        assert brief(events)[:2] == [
            (1, "push", (6, 5), (6, 5), (7, 5)),
            (1, "move", (5, 5), (6, 5)),
        ]
    else:
        assert brief(events)[:2] == [(1, "turn", "E", "S", "pivot"), (1, "move", (5, 5), (5, 6))]


def test_M11_FAQ8_four_turns_in_one_step_stays_put() -> None:
    pivots = {
        (6, 5): "pivot_right",
        (5, 6): "pivot_right",
        (4, 5): "pivot_right",
        (5, 4): "pivot_right",
    }
    result = monster_turn(P((5, 5), "E", stones=pivots), 1)
    events = [event_to_dict(e) for e in result.events]
    assert [(e["from"], e["to"]) for e in of(events, "turn")] == [
        ("E", "S"),
        ("S", "W"),
        ("W", "N"),
        ("N", "E"),
    ]
    assert of(events, "move") == [] and result.position.monster.at == (5, 5)


def test_M11_pivot_left_turns_the_monster_left() -> None:
    """B5/M11: the Czech rules' left-turning pivot (for scenario builders: not in the standard
    set) turns a monster that saw no pawn 90 degrees to its left; after a tied look it is
    pushed like any stone; four of them around the monster: four turns, it stays put."""
    pos = P((5, 5), "E", stones={(6, 5): "pivot_left"})
    events = trace(pos, 1)
    assert brief(events)[:2] == [(1, "turn", "E", "N", "pivot"), (1, "move", (5, 5), (5, 4))]
    assert of(events, "turn")[0]["rule"] == "M11"
    assert any("turns left" in line for line in narrate(monster_turn(pos, 1).events))
    tied = P((5, 5), "E", stones={(6, 5): "pivot_left"}, pawns={"A": (5, 2), "B": (5, 8)})
    assert brief(trace(tied, 1))[:1] == [(1, "push", (6, 5), (6, 5), (7, 5))]
    assert brief(trace(tied, 1, pivot_when_tied="turn"))[:1] == [(1, "turn", "E", "N", "pivot")]
    ring = {(6, 5): "pivot_left", (5, 4): "pivot_left", (4, 5): "pivot_left", (5, 6): "pivot_left"}
    result = monster_turn(P((5, 5), "E", stones=ring), 1)
    turns = [(e["from"], e["to"]) for e in of([event_to_dict(e) for e in result.events], "turn")]
    assert turns == [("E", "N"), ("N", "W"), ("W", "S"), ("S", "E")]
    assert result.position.monster.at == (5, 5)


# --- M12 teleporters -----------------------------------------------------------------------


def test_M12_teleporter_moves_the_monster_to_the_other_pad_facing_its_arrow() -> None:
    pos = P((5, 5), "E", teleporters=[((6, 5), "yellow", "N"), ((10, 8), "yellow", "S")])
    events = trace(pos, 2)
    assert brief(events)[:3] == [
        (1, "move", (5, 5), (6, 5)),
        (1, "teleport", (6, 5), (10, 8)),
        (1, "turn", "E", "S", "teleporter"),
    ]
    looks = of(events, "look")
    assert [lk["at"] for lk in looks] == [[5, 5], [10, 8], [10, 9]]  # no look on the departure pad
    assert looks[1]["facing"] == "S"


# --- M13 prey tiles ------------------------------------------------------------------------


def test_M13_prey_tile_ends_as_soon_as_the_count_is_reached() -> None:
    pos = P((5, 5), "E", pawns={"A": (8, 5), "B": (12, 5)})
    one = monster_turn(pos, "X")
    assert one.eaten == ("A",) and one.events[-1].steps == 3  # type: ignore[union-attr]
    assert one.events[-2].type in ("look", "turn") and one.events[-1].rule == "M13"
    two = monster_turn(pos, "XX")
    assert two.eaten == ("A", "B") and two.events[-1].steps == 7  # type: ignore[union-attr]


def test_M13_crushed_pawns_count_for_prey_tiles() -> None:
    result = monster_turn(P((13, 5), "E", stones=[(14, 5)], pawns={"A": (15, 5)}), "X")
    assert result.eaten == ("A",) and result.events[-1].steps == 1  # type: ignore[union-attr]


def test_trace_json_shape_follows_FORMAT() -> None:
    result = monster_turn(P((5, 5), "E", pawns={"A": (5, 2), "B": (5, 8)}), "8")
    data = result.to_dict()
    assert set(data) == {"tile", "events", "position"} and data["tile"] == "8"
    for e in data["events"]:
        assert {"type", "step", "rule"} <= set(e)
    lk = data["events"][0]
    assert set(lk) == {"type", "step", "at", "facing", "rays", "decision", "rule"}
    assert all(
        set(r) == {"direction", "cells", "seen", "distance", "blocked_by"} for r in lk["rays"]
    )
    assert Position.from_dict(data["position"]) == result.position


def test_M8_a_stone_leaving_the_game_is_told_by_the_square_it_leaves_once() -> None:
    """Off the board and onto a corner, the narration names the stone's square once (it said
    'the stone from (15, 5) ... leaves the game at (15, 5)' and 'from (0, 0) lands on ...')."""
    off = narrate(monster_turn(P((13, 5), "E", stones=[(14, 5), (15, 5)]), 1).events)
    assert "step 1: the stone on (15, 5) is pushed off the board and leaves the game (M8)" in off
    corner = narrate(monster_turn(P((2, 0), "W", stones=[(1, 0)]), 1).events)
    assert "step 1: the stone on (0, 0), the entrance or the exit, leaves the game (M8)" in corner
    assert not any(line.count("(15, 5)") > 1 or line.count("(0, 0)") > 1 for line in off + corner)


@pytest.mark.parametrize("lang", ["en", "fr", "de", "it", "cs"])
def test_P8_a_stone_sliding_over_the_blood_is_told_by_its_squares_once(lang: str) -> None:
    """A stone pushed onto a pool slides on from the square it was pushed to: the narration
    said 'the stone from (5, 5) slides over the blood from (5, 5) to (9, 5)', the same
    square twice, in every language."""
    turn = monster_turn(
        P((3, 5), "E", stones=[(4, 5)], pools=[[(5, 5), (6, 5), (7, 5), (8, 5)]]), 1
    )
    told = narrate(turn.events, lang=lang)
    slid = [line for line in told if "(5, 5)" in line and "(9, 5)" in line]
    assert len(slid) == 1, told
    assert slid[0].count("(5, 5)") == 1, slid[0]
    if lang == "en":
        assert slid[0] == "step 1: the stone slides over the blood from (5, 5) to (9, 5) (P8)"


# --- M8 + P7: a pawn the monster pushes onto a pool slides by the pawn rules -----------------


def _row5(
    facing: str, monster: int, stones: Iterable[int], pawns: Mapping[str, int], pool: range
) -> Position:
    """A position on row 5 (full width), given eastwards; ``facing="W"`` mirrors it
    (x -> 15 - x), so each case is checked in both directions."""

    def x(v: int) -> int:
        return v if facing == "E" else 15 - v

    return P(
        (x(monster), 5),
        facing,
        stones=[(x(s), 5) for s in stones],
        pawns={pid: (x(v), 5) for pid, v in pawns.items()},
        pools=[[(x(v), 5) for v in pool]],
    )


def _x(facing: str, v: int) -> Sq:
    return (v if facing == "E" else 15 - v, 5)


@pytest.mark.parametrize("facing", ["E", "W"])
def test_M8_P7_a_pawn_pushed_onto_a_pool_slides_past_it_and_pushes_the_stone_there(
    facing: str,
) -> None:
    """M8/P7 (issue 30): whatever the monster pushes onto a pool slides by the pawn rules,
    so the pawn slides to the square past the pool and pushes the stone standing there one
    square on (the French rulebook: "le bloc est normalement poussé ... à l'issue de la
    glissade"), in both directions."""
    pos = _row5(facing, 1, [2, 8], {"P0": 3}, range(4, 8))
    result = monster_turn(pos, 1)
    assert result.position.pawn("P0").at == _x(facing, 8)
    assert sorted(s.at for s in result.position.stones) == sorted([_x(facing, 3), _x(facing, 9)])
    assert brief([event_to_dict(e) for e in result.events]) == [
        (1, "push", "P0", _x(facing, 3), _x(facing, 4)),
        (1, "slide", "P0", _x(facing, 4), _x(facing, 7)),
        (1, "push", _x(facing, 8), _x(facing, 8), _x(facing, 9)),
        (1, "slide", "P0", _x(facing, 7), _x(facing, 8)),
        (1, "push", _x(facing, 2), _x(facing, 2), _x(facing, 3)),
        (1, "move", _x(facing, 1), _x(facing, 2)),
    ]
    rules = [(e.type, e.rule) for e in result.events if e.type in ("push", "slide")]
    assert rules == [
        ("push", "M8"),
        ("slide", "P7"),
        ("push", "P6"),
        ("slide", "P7"),
        ("push", "M8"),
    ]
    assert result.eaten == ()


@pytest.mark.parametrize("facing", ["E", "W"])
@pytest.mark.parametrize(
    ("stones", "pawns", "why"),
    [
        ([2, 8, 9], {}, "a stone behind the stone"),
        ([2, 8], {"B": 9}, "a pawn behind the stone"),
        ([2], {"B": 8}, "a pawn on the landing square"),
    ],
)
def test_M8_P7_a_pushed_pawn_stops_on_the_last_pool_square_when_the_stone_cannot_move(
    facing: str, stones: list[int], pawns: dict[str, int], why: str
) -> None:
    """M8/P7: when the stone past the pool cannot be pushed (another stone or a pawn
    behind it), or a pawn stands on the landing square, the pushed pawn stops on the last
    pool square and nothing past the pool moves; in both directions."""
    pos = _row5(facing, 1, stones, {"P0": 3, **pawns}, range(4, 8))
    result = monster_turn(pos, 1)
    assert result.position.pawn("P0").at == _x(facing, 7), why
    assert sorted(s.at for s in result.position.stones) == sorted(
        [_x(facing, 3)] + [_x(facing, s) for s in stones if s != 2]
    ), why
    for pid, v in pawns.items():
        assert result.position.pawn(pid).at == _x(facing, v), why
    assert result.eaten == ()


@pytest.mark.parametrize("facing", ["E", "W"])
def test_M8_P7_a_pushed_pawn_stops_on_the_pool_when_the_stone_past_it_is_at_the_wall(
    facing: str,
) -> None:
    """M8/P7: a stone past the pool against the wall cannot be pushed off the board by a
    pawn (P6): the pushed pawn stops on the last pool square; the stone stays."""
    pos = _row5(facing, 8, [9, 15], {"P0": 10}, range(11, 15))
    result = monster_turn(pos, 1)
    assert result.position.pawn("P0").at == _x(facing, 14)
    assert sorted(s.at for s in result.position.stones) == sorted([_x(facing, 10), _x(facing, 15)])


@pytest.mark.parametrize("facing", ["E", "W"])
def test_M8_P7_through_a_chain_the_pawn_pushed_onto_the_pool_slides_and_pushes(
    facing: str,
) -> None:
    """M8/P7: the monster pushes a chain (a stone, two pawns): the farthest pawn is pushed
    onto the pool first, slides by the pawn rules and pushes the stone past the pool; then
    the rest of the chain moves one square on."""
    pos = _row5(facing, 0, [1, 8], {"A": 2, "B": 3}, range(4, 8))
    result = monster_turn(pos, 1)
    assert result.position.pawn("B").at == _x(facing, 8)
    assert result.position.pawn("A").at == _x(facing, 3)
    assert sorted(s.at for s in result.position.stones) == sorted([_x(facing, 2), _x(facing, 9)])
    pushes = [(e.piece, e.rule) for e in result.events if e.type == "push"]
    assert pushes == [("B", "M8"), (_x(facing, 8), "P6"), ("A", "M8"), (_x(facing, 1), "M8")]


@pytest.mark.parametrize("facing", ["E", "W"])
@pytest.mark.parametrize(
    ("stones", "pawns", "why"),
    [
        ([1, 8, 9], {}, "a stone behind the stone past the pool"),
        ([1, 8], {"C": 9}, "a pawn behind the stone past the pool"),
        ([1], {"C": 8}, "a pawn on the landing square"),
    ],
)
def test_M8_P7_through_a_chain_the_pawn_pushed_onto_the_pool_stops_on_its_last_square(
    facing: str, stones: list[int], pawns: dict[str, int], why: str
) -> None:
    """M8/P7 (issue 30): the monster pushes a chain (a stone, two pawns) and the farthest
    pawn is pushed onto the pool; when the stone past the pool cannot be pushed (a stone or
    a pawn behind it), or a pawn stands on the landing square, that pawn stops on the last
    pool square, nothing past the pool moves, and the rest of the chain moves one square
    on; in both directions."""
    pos = _row5(facing, 0, stones, {"A": 2, "B": 3, **pawns}, range(4, 8))
    result = monster_turn(pos, 1)
    assert result.position.monster.at == _x(facing, 1), why
    assert result.position.pawn("B").at == _x(facing, 7), why
    assert result.position.pawn("A").at == _x(facing, 3), why
    for pid, v in pawns.items():
        assert result.position.pawn(pid).at == _x(facing, v), why
    assert sorted(s.at for s in result.position.stones) == sorted(
        [_x(facing, 2)] + [_x(facing, s) for s in stones if s != 1]
    ), why
    pushes = [(e.piece, e.rule) for e in result.events if e.type == "push"]
    assert pushes == [("B", "M8"), ("A", "M8"), (_x(facing, 1), "M8")], why
    slides = [(e.piece, e.from_, e.to, e.rule) for e in result.events if e.type == "slide"]
    assert slides == [("B", _x(facing, 4), _x(facing, 7), "P7")], why
    assert result.eaten == ()


def test_M8_P8_a_stone_the_monster_pushes_onto_a_pool_keeps_the_stone_rule() -> None:
    """M8/P8: a stone (not a pawn) the monster pushes onto a pool keeps the stone rule: it
    stops on the last pool square before a stone past the pool, which does not move."""
    pos = _row5("E", 1, [2, 3, 8], {}, range(4, 8))
    result = monster_turn(pos, 1)
    assert sorted(s.at for s in result.position.stones) == [(3, 5), (7, 5), (8, 5)]


@pytest.mark.parametrize(
    ("tile", "message"),
    [
        (Tile("X", 3, None), "the tile X is 20 steps and 1 prey"),
        (Tile("5", 20, 1), "the tile 5 is 5 steps and 0 prey"),
        (Tile("5", 20, 3), "the tile 5 is 5 steps and 0 prey"),
        (Tile("7", 8, None), "the tile 7 is 7 steps and 0 prey"),
        (Tile("Q", 5, None), "'Q' is no tile"),
        (Tile("x", 20, 1), "'x' is no tile"),
        (Tile(" 8", 8, None), "' 8' is no tile"),
    ],
)
def test_M1_only_the_decks_tiles_and_step_counts_are_tiles(tile: Tile, message: str) -> None:
    """M1 (issue 25, 6): a hand-built :class:`Tile` is a tile only if it is what its label
    reads as: an X tile of 3 steps or a 5 tile taking a prey is refused with a TileError
    naming it (S4's three-prey 5 only with its option), and nothing is played."""
    pos = P((5, 5), "E", pawns={"A": (8, 5)})
    with pytest.raises(TileError, match=message):
        monster_turn(pos, tile)
    assert monster_turn(pos, Tile("X", 20, 1)).eaten == ("A",)
    assert monster_turn(pos, Tile("12", 12, None)).events[-1].steps == 12  # type: ignore[union-attr]
    opts = RuleOptions.parse(["five_is_three_prey=on"])
    assert monster_turn(pos, Tile("5", 20, 3), opts).eaten == ("A",)


CRYSTAL_WORD = {
    "en": "crystal",
    "fr": "cristal",
    "de": "kristall",
    "it": "cristall",
    "cs": "krystal",
}


@pytest.mark.parametrize("lang", ["en", "fr", "de", "it", "cs"])
def test_M8_a_pushed_crystal_is_told_as_a_crystal_in_every_language(lang: str) -> None:
    """M8 (issue 25, 11): the rulebook's advanced example pushes the crystal ("pousse donc
    d'une case le cristal"): the push event carries the stone's kind, and the narration
    and the stepper's captions name a crystal, a pivot stone, a stone, in five languages."""
    from finstere_widget.examples import load
    from finstere_widget.render.frames import trace_frames

    pos = load("monster_advanced_8")
    result = monster_turn(pos, "8")
    pushes = [e for e in result.events if e.type == "push" and isinstance(e.piece, tuple)]
    assert [e.kind for e in pushes] == ["crystal"] * 3
    lines = narrate(result.events, lang=lang)
    told = [line for line in lines if "(5, 3)" in line and "(6, 3) (M8)" in line]
    assert len(told) == 1 and CRYSTAL_WORD[lang] in told[0].lower()
    captions = [f.caption for f in trace_frames(pos, result.events, "8", lang=lang)]
    assert told[0] in captions
    stone = narrate([event_to_dict_back(pushes[0]._replace(kind="stone"))], lang=lang)[0]
    pivot = narrate([event_to_dict_back(pushes[0]._replace(kind="pivot_180"))], lang=lang)[0]
    assert len({told[0], stone, pivot}) == 3  # three kinds, three words


def event_to_dict_back(event: Any) -> Any:
    """An event through its JSON and back (the kind survives)."""
    from finstere_widget.engine import event_from_dict

    return event_from_dict(event_to_dict(event))


@pytest.mark.parametrize("lang", ["en", "fr", "de", "it", "cs"])
def test_M8_P7_the_pushed_pawns_own_push_is_told_as_the_pawns(lang: str) -> None:
    """M8/P7: the stone past the pool pushed by the pawn the monster pushed onto it is told
    as that pawn's push, naming it, in five languages (not as the monster's)."""
    pos = _row5("E", 1, [2, 8], {"P0": 3}, range(4, 8))
    result = monster_turn(pos, 1)
    lines = narrate(result.events, lang=lang)
    by_pawn = [line for line in lines if "(8, 5)" in line and "(9, 5)" in line]
    assert len(by_pawn) == 1 and "P0" in by_pawn[0] and "P6" in by_pawn[0]
    monster_push = next(line for line in lines if "(2, 5)" in line and "(3, 5)" in line)
    assert "P0" not in monster_push
    english = "step 1: pawn P0 pushes the stone from (8, 5) to (9, 5) (P6)"
    assert (by_pawn[0] == english) is (lang == "en")


def test_M8_P7_the_frame_of_a_pushed_pawns_push_rings_that_pawn() -> None:
    """M8/P7: in the stepper's frames, the push made by a pawn the monster pushed onto a
    pool rings that pawn (on the last pool square), besides the push's arrow."""
    from finstere_widget.render.frames import trace_frames

    pos = _row5("E", 1, [2, 8], {"P0": 3}, range(4, 8))
    result = monster_turn(pos, 1)
    frames = trace_frames(pos, result.events, "1")
    by_pawn = next(f for f in frames if f.event is not None and getattr(f.event, "by", None))
    monster_push = next(
        f
        for f in frames
        if f.event is not None
        and f.event.type == "push"
        and f.event.rule == "M8"
        and isinstance(f.event.piece, tuple)
    )
    assert by_pawn.position.pawn("P0").at == (7, 5)
    assert len(by_pawn.over) == len(monster_push.over) + 1
