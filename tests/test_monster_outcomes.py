"""``monster_outcomes``: one walk of the monster gives the outcome of every tile (issue 26),
the same as :func:`monster_outcome` tile by tile (M1, M13: the tiles differ only in where
the walk stops)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finstere_widget.engine import Heading, Monster, Pawn, Position, RuleOptions
from finstere_widget.engine.errors import OptionError, PositionError, TileError
from finstere_widget.engine.monster import monster_outcome, monster_outcomes
from finstere_widget.engine.setup import DECK

from .test_monster_properties import positions

EVERY_TILE = tuple(dict.fromkeys(["5", "7", "8", "10", "X", "XX", "XXX", *map(str, range(1, 21))]))

every_option = st.builds(
    RuleOptions,
    monster_stone_on_corner=st.sampled_from(["remove", "keep"]),
    slide_over_pawn=st.sampled_from(["eat", "stop"]),
    pivot_when_tied=st.sampled_from(["push", "turn"]),
    five_is_three_prey=st.booleans(),
)


@settings(max_examples=2500, deadline=None)
@given(positions(), every_option)
def test_M1_M13_one_walk_gives_every_tiles_outcome(pos: Position, opts: RuleOptions) -> None:
    """Thousands of random positions with every kind of piece (stones of every kind,
    pools, teleporters, pawns): each tile's outcome is monster_outcome's."""
    walked = monster_outcomes(pos, opts, EVERY_TILE)
    assert list(walked) == list(EVERY_TILE)
    for tile in EVERY_TILE:
        assert walked[tile] == monster_outcome(pos, tile, opts), tile


@settings(max_examples=300, deadline=None)
@given(positions())
def test_the_default_tiles_are_the_decks(pos: Position) -> None:
    walked = monster_outcomes(pos)
    assert set(walked) == set(DECK)
    for tile, outcome in walked.items():
        assert outcome == monster_outcome(pos, tile)


def test_M13_a_prey_tile_stops_when_its_pawns_are_taken_and_the_numbers_walk_on() -> None:
    """A pawn two squares ahead: X takes it at step 2 and stops; 10 walks on past it."""
    pos = Position.basic([Pawn("A", "blue", 6, 1, "light", (4, 5))]).replace(
        monster=Monster((2, 5), Heading.E)
    )
    walked = monster_outcomes(pos, tiles=["X", "10", "1"])
    assert walked["X"][1] == ("A",) and walked["X"][0].monster.at == (4, 5)
    assert walked["10"][1] == ("A",) and walked["10"][0].monster.at != (4, 5)
    assert walked["1"][1] == () and walked["1"][0].monster.at == (3, 5)


def test_monster_outcomes_bad_input_is_named() -> None:
    pos = Position.basic()
    with pytest.raises(TileError, match="11x"):
        monster_outcomes(pos, tiles=["5", "11x"])
    with pytest.raises(OptionError):
        monster_outcomes(pos, "fast")  # type: ignore[arg-type]
    with pytest.raises(PositionError):
        monster_outcomes("board")  # type: ignore[arg-type]
    with pytest.raises(TileError, match="tiles"):
        monster_outcomes(pos, tiles="5")
    assert monster_outcomes(pos, tiles=[]) == {}


@settings(max_examples=500, deadline=None)
@given(positions())
def test_M4_the_bots_table_of_what_the_monster_sees_is_the_engines(pos: Position) -> None:
    from finstere_widget.design.bots import seen_by_monster
    from finstere_widget.engine.monster import sees

    assert seen_by_monster(pos) == set(sees(pos))


@settings(max_examples=500, deadline=None)
@given(positions(), every_option)
def test_M13_monster_takes_until_a_pawn_is_taken_tells_who_each_tile_takes(
    pos: Position, opts: RuleOptions
) -> None:
    from finstere_widget.engine.monster import monster_takes

    tiles = list(EVERY_TILE)
    assert monster_takes(pos, opts, tiles) == {t: monster_outcome(pos, t, opts)[1] for t in tiles}
    for pawn in pos.pawns:
        early = monster_takes(pos, opts, tiles, until=pawn.id)
        for t in tiles:
            assert (pawn.id in early[t]) == (pawn.id in monster_outcome(pos, t, opts)[1])


def test_M8_P7_one_walk_agrees_on_a_pawn_pushed_onto_a_pool() -> None:
    """The one walk follows the same M8 rule as the turn: a pawn the monster pushes onto a
    pool slides by the pawn rules and pushes the stone past the pool (issue 30), in both
    directions, for every tile."""

    for facing, monster, stones, pawn, pool in (
        ("E", [1, 5], [[2, 5], [8, 5]], [3, 5], [[4, 5], [5, 5], [6, 5], [7, 5]]),
        ("W", [14, 5], [[13, 5], [7, 5]], [12, 5], [[11, 5], [10, 5], [9, 5], [8, 5]]),
    ):
        pos = Position.from_dict(
            {
                "format": "finstere-position/1",
                "monster": {"at": monster, "facing": facing},
                "stones": [{"at": s, "kind": "stone"} for s in stones],
                "pools": [pool],
                "pawns": [{"id": "P0", "player": "blue", "light": 1, "dark": 6, "at": pawn}],
            }
        )
        every = monster_outcomes(pos)
        for tile, (after, taken) in every.items():
            assert (after, taken) == monster_outcome(pos, tile), (facing, tile)
