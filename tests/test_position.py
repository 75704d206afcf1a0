"""Positions: docs/format.md load/dump with validation, the text diagram, rule options."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from finstere_widget.engine import (
    OptionError,
    Pawn,
    Position,
    PositionError,
    RuleOptions,
)

EXAMPLE: dict[str, Any] = {
    "format": "finstere-position/1",
    "monster": {"at": [0, 0], "facing": "E"},
    "stones": [
        {"at": [2, 2], "kind": "stone"},
        {"at": [10, 4], "kind": "crystal"},
        {"at": [10, 7], "kind": "pivot_right"},
        {"at": [12, 6], "kind": "pivot_180"},
    ],
    "pools": [[[8, 2], [9, 2], [8, 3], [9, 3]], [[4, 8], [5, 8], [6, 8], [7, 8]]],
    "teleporters": [
        {"at": [9, 4], "pair": "yellow", "arrow": "E"},
        {"at": [14, 6], "pair": "yellow", "arrow": "S"},
    ],
    "pawns": [
        {"id": "A", "player": "blue", "light": 6, "dark": 1, "up": "light", "at": [9, 1]},
        {"id": "B", "player": "red", "light": 4, "dark": 3, "up": "dark", "at": "outside"},
        {"id": "C", "player": "red", "light": 2, "dark": 5, "up": "dark", "at": "escaped"},
        {"id": "D", "player": "red", "light": 3, "dark": 4, "up": "light", "at": "eaten"},
    ],
    "stage": 1,
}


def test_format_example_round_trips() -> None:
    pos = Position.from_dict(EXAMPLE)
    assert pos.to_dict() == EXAMPLE
    assert Position.from_json(pos.to_json()) == pos
    assert pos.pawn("B").value == 3 and pos.pawn("A").value == 6


def test_optional_keys_default_and_layout_basic() -> None:
    pos = Position.from_dict(
        {"format": "finstere-position/1", "monster": {"at": [3, 3], "facing": "S"}}
    )
    assert pos.stones == () and pos.pawns == () and pos.stage == 1
    basic = Position.from_dict(
        {
            "format": "finstere-position/1",
            "layout": "basic",
            "monster": {"at": [0, 0], "facing": "E"},
        }
    )
    assert basic == Position.basic()


def _mutate(path: list[Any], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(EXAMPLE)
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    if value is _DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


_DELETE = object()

REJECTIONS = [
    # (where, new value, message fragment)
    (["format"], "finstere-position/2", "format: expected 'finstere-position/1'"),
    (["format"], _DELETE, "missing key 'format'"),
    (["monster"], _DELETE, "missing key 'monster'"),
    (["colour"], "red", "unknown key 'colour'"),
    (["monster", "at"], [12, 0], r"monster.at: square \[12, 0\] is off the board"),
    (["monster", "facing"], "NE", "monster.facing: expected a heading"),
    (["monster", "speed"], 3, "monster: unknown key 'speed'"),
    (["stones", 0, "at"], [16, 4], r"stones\[0\].at: square \[16, 4\] is off the board"),
    (["stones", 0, "at"], [2], r"stones\[0\].at: expected a square"),
    (["stones", 1, "kind"], "diamond", r"stones\[1\].kind: unknown kind 'diamond'"),
    (["stones", 1, "color"], "red", r"stones\[1\]: unknown key 'color'"),
    (["stones", 0, "at"], [9, 1], r"square \[9, 1\]: pawns\[0\] \(A\) overlaps stones\[0\]"),
    (["stones", 0, "at"], [0, 0], r"square \[0, 0\]: stones\[0\] \(stone\) overlaps the monster"),
    (
        ["stones", 0, "at"],
        [9, 4],
        r"square \[9, 4\]: stones\[0\] \(stone\) overlaps teleporters\[0\]",
    ),
    (["pools", 0], [[8, 2], [9, 2], [8, 3], [10, 3]], r"pools\[0\]: squares .* are not a 2x2 pool"),
    (["pools", 1], [[4, 8], [5, 8], [6, 8]], r"pools\[1\]: a pool has 4 distinct squares"),
    (
        ["pools", 1],
        [[4, 8], [5, 8], [6, 8], [8, 8]],
        r"pools\[1\]: squares .* not a 2x2 pool or a straight",
    ),
    (
        ["pools", 1],
        [[8, 3], [9, 3], [10, 3], [11, 3]],
        r"square \[8, 3\]: pools\[1\] overlaps pools\[0\]",
    ),
    (
        ["pools", 1],
        [[9, 4], [9, 5], [9, 6], [9, 7]],
        r"square \[9, 4\]: pools\[1\] overlaps a teleporter",
    ),
    (
        ["teleporters"],
        [{"at": [x, 4], "pair": "yellow", "arrow": "E"} for x in (9, 11, 13)],
        "pair 'yellow' has 3 pad",
    ),
    (["teleporters", 0, "arrow"], "X", r"teleporters\[0\].arrow: expected a heading"),
    (["teleporters", 0, "pair"], 3, r"teleporters\[0\].pair"),
    (["pawns", 0, "at"], [0, 0], r"square \[0, 0\]: pawns\[0\] \(A\) overlaps the monster"),
    (["pawns", 0, "at"], [15, 11], r"pawns\[0\].at: square \[15, 11\] is off the board"),
    (["pawns", 0, "at"], "home", r"pawns\[0\].at: expected a square or one of outside"),
    (["pawns", 1, "id"], "A", r"pawns\[1\].id: duplicate pawn id 'A'"),
    (["pawns", 0, "up"], "grey", r"pawns\[0\].up"),
    (["pawns", 0, "light"], "6", r"pawns\[0\].light: expected a number"),
    (["pawns", 0, "hat"], 1, r"pawns\[0\]: unknown key 'hat'"),
    (["pawns", 0, "player"], _DELETE, r"pawns\[0\]: missing key 'player'"),
    (["stage"], 3, "stage: expected 1 or 2"),
    (["stones"], {"at": [1, 1]}, "stones: expected a list"),
]


@pytest.mark.parametrize(("path", "value", "message"), REJECTIONS)
def test_loading_rejects_with_a_message_naming_the_fault(
    path: list[Any], value: Any, message: str
) -> None:
    with pytest.raises(PositionError, match=message):
        Position.from_dict(_mutate(path, value))


def test_malformed_json_is_rejected() -> None:
    with pytest.raises(PositionError, match="malformed JSON"):
        Position.from_json('{"format": ')
    with pytest.raises(PositionError, match="expected a JSON object"):
        Position.from_json("[1, 2]")
    assert isinstance(PositionError("x"), ValueError)


def test_pawn_on_a_pool_is_allowed_FAQ1_but_not_on_a_stone() -> None:
    data = _mutate(["pawns", 0, "at"], [8, 2])
    assert Position.from_dict(data).pawn("A").at == (8, 2)


def test_M12_monster_may_stand_on_a_teleporter_pad_it_arrived_on() -> None:
    data = _mutate(["monster", "at"], [14, 6])
    assert Position.from_dict(data).monster.at == (14, 6)
    with pytest.raises(PositionError, match=r"\[14, 6\]: pawns\[0\] \(A\) overlaps the monster"):
        Position.from_dict(
            _mutate(["pawns", 0, "at"], [14, 6]) | {"monster": {"at": [14, 6], "facing": "S"}}
        )


def test_basic_layout_key_cannot_be_mixed_with_stones() -> None:
    data = _mutate(["layout"], "basic")
    with pytest.raises(PositionError, match="layout"):
        Position.from_dict(data)


DIAGRAM = """\
 0  >....A......
 1  .............
 2  ..#.....~~....
 3  B.......~~..#..
 4  .......#.*......
 5  ...=....#...)#..
 6  ......#...=...@.
 7   ...#.......#...
 8    ..~~~~......#.
 9     ..#..#.......
10      ............
pawn A blue 6/1 light
pawn B red 4/3 dark
pawn Y1 yellow 1/6 dark 8,2
pawn C red 4/3 dark outside
teleporter yellow S 10,6
teleporter yellow N 3,5
stage 2
"""


def test_diagram_parses_and_round_trips() -> None:
    pos = Position.from_diagram(DIAGRAM)
    assert pos.monster.at == (0, 0)
    assert pos.stone_map[(9, 4)].kind.value == "crystal"
    assert pos.stone_map[(12, 5)].kind.value == "pivot_right"
    assert pos.stone_map[(14, 6)].kind.value == "pivot_180"
    assert pos.pawn("Y1").at == (8, 2) and pos.pawn("C").at == "outside"
    assert pos.stage == 2 and len(pos.pools) == 2
    assert pos.diagram() == DIAGRAM
    assert Position.from_diagram(pos.diagram()) == pos


def test_diagram_pool_covered_by_a_piece_is_declared() -> None:
    pos = Position.basic([Pawn("A", "blue", 6, 1, "light", (8, 2))])
    text = pos.diagram()
    assert "pool 8,2 2x2" in text
    assert Position.from_diagram(text) == pos


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace(" 0  >", " 0  x"), r"\[0, 0\]: unknown character 'x'"),
        (lambda t: t.replace(" 0  >....A......", " 0  >....A.......#"), r"\[12, 0\]: .\.. is off"),
        (lambda t: t.replace("10      ....", "10     .....").replace("10", "10"), r"\[3, 10\]"),
        (lambda t: t.replace("teleporter yellow N 3,5\n", ""), r"\[3, 5\]: '=' without"),
        (lambda t: t.replace(" 0  >", " 0  ."), "no monster"),
        (lambda t: t.replace("stage 2", "stage 9"), "cannot read 'stage 9'"),
        (lambda t: t.replace(" 5  ", "55  "), "row 55"),
    ],
)
def test_diagram_rejects_bad_text(change: Any, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        Position.from_diagram(change(DIAGRAM))


# --- rule options --------------------------------------------------------------------------


def test_rule_options_defaults_follow_RULES() -> None:
    assert RuleOptions().to_dict() == {
        "first_draw_rule": "game_start",  # M2
        "monster_stone_on_corner": "remove",  # M8
        "pawn_slide_stone": "slide_on",  # P7
        "pawn_slide_over_pawn": "pass",  # P7
        "slide_over_pawn": "eat",  # M9
        "pivot_when_tied": "push",  # M11
        "tiles_per_stage": "7",  # S1
        "stage2_pile": "same",  # S1
        "finish_round": "off",  # S2
        "stage2_end": "all_eaten",  # S3
        "five_is_three_prey": "off",  # S4
        "placement": "rulebook",  # A3
    }


def test_rule_options_set_by_name_and_rejected_when_unknown() -> None:
    opts = RuleOptions.parse(["slide_over_pawn=stop", "tiles_per_stage=8", "finish_round=on"])
    assert (
        opts.slide_over_pawn == "stop" and opts.tiles_per_stage == 8 and opts.finish_round is True
    )
    assert opts.changed() == {
        "slide_over_pawn": "stop",
        "tiles_per_stage": "8",
        "finish_round": "on",
    }
    assert RuleOptions.parse({"pivot_when_tied": "turn"}).pivot_when_tied == "turn"
    with pytest.raises(OptionError, match="unknown rule option 'slide'"):
        RuleOptions.parse(["slide=stop"])
    with pytest.raises(OptionError, match="slide_over_pawn: value 'jump' is not one of eat, stop"):
        RuleOptions.parse(["slide_over_pawn=jump"])
    with pytest.raises(OptionError, match="expected NAME=VALUE"):
        RuleOptions.parse(["slide_over_pawn"])
    with pytest.raises(OptionError):
        RuleOptions(tiles_per_stage=9)


def test_json_dump_is_plain_json() -> None:
    pos = Position.from_dict(EXAMPLE)
    assert json.loads(pos.to_json()) == EXAMPLE


def test_replace_validates_also_positions_the_engine_built() -> None:
    from finstere_widget.engine import monster_turn

    after = monster_turn(Position.from_dict(EXAMPLE), "1").position  # built without checks
    with pytest.raises(PositionError, match=r"square \[2, 2\]"):
        after.replace(pawns=(Pawn("Z", "red", 6, 1, "light", (2, 2)),))


def test_B5_pivot_left_in_positions_and_diagrams_but_not_in_the_standard_set() -> None:
    from finstere_widget.engine import Stone, StoneKind
    from finstere_widget.engine.diagram import format_diagram, parse_diagram
    from finstere_widget.engine.setup import PIECE_KINDS, PLACEMENT_PIECES

    data = copy.deepcopy(EXAMPLE)
    data["stones"].append({"at": [6, 3], "kind": "pivot_left"})
    pos = Position.from_dict(data)
    assert Stone((6, 3), StoneKind.PIVOT_LEFT) in pos.stones
    assert Position.from_json(pos.to_json()) == pos
    text = format_diagram(pos)
    assert text.splitlines()[3][4 + 6] == "("  # row 3, column 6
    assert set(parse_diagram(text).stones) == set(pos.stones)
    assert StoneKind.PIVOT_LEFT.is_pivot and StoneKind.PIVOT_LEFT.blocks_sight
    assert "pivot_left" not in PLACEMENT_PIECES and "pivot_left" not in PIECE_KINDS
    data["stones"][-1]["kind"] = "pivot_up"
    with pytest.raises(PositionError, match="pivot_left"):  # named among the known kinds
        Position.from_dict(data)


def test_validated_refuses_indices_given_that_are_not_the_pieces_own() -> None:
    """``known_indices`` (a pawn move's result takes its parent's, updated) is a derived value:
    :meth:`Position.validated` refuses a hand-built position whose indices were not derived
    from its own pieces."""
    from dataclasses import replace as dc_replace

    from finstere_widget.engine import Pawn

    pawns = (Pawn("blue1", "blue", 6, 1, "light", (3, 4)),)
    position = Position.basic(pawns)
    moved = Position.basic((pawns[0].moved((4, 4)),))
    good = dc_replace(moved, known_indices=moved.indices)
    assert good.validated() is good
    stale = dc_replace(moved, known_indices=position.indices)  # the parent's, not updated
    with pytest.raises(PositionError, match="known_indices"):
        stale.validated()
    assert stale.indices == position.indices != moved.indices  # what the hot paths would read
