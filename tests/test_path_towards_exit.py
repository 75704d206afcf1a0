"""``path_towards_exit``: the MCTS playout's directed walk (issue 26) is always a legal move,
one of :func:`legal_moves`' outcomes, on random positions with every kind of piece, under
the slide options of P7 (``pawn_slide_stone``, ``pawn_slide_over_pawn``) and after the
monster's pushes of M8 (pawns left resting on pools)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from finstere_widget.engine import Heading, Monster, Pawn, Position, RuleOptions
from finstere_widget.engine.monster import monster_outcome
from finstere_widget.engine.moves import apply_move, legal_moves, path_towards_exit

from .test_monster_properties import positions

slide_options = st.builds(
    RuleOptions,
    pawn_slide_stone=st.sampled_from(["slide_on", "stop"]),
    pawn_slide_over_pawn=st.sampled_from(["pass", "stop"]),
    slide_over_pawn=st.sampled_from(["eat", "stop"]),
    monster_stone_on_corner=st.sampled_from(["remove", "keep"]),
)


def _check(pos: Position, opts: RuleOptions, seed: int) -> None:
    rng = random.Random(seed)
    for pawn in pos.pawns:
        if pawn.at in ("escaped", "eaten"):
            continue
        path = path_towards_exit(pos, pawn.id, rng, opts)
        assert len(path) <= pawn.value
        played = apply_move(pos, pawn.id, path, opts)  # raises if the rules forbid it
        outcomes = legal_moves(pos, pawn.id, opts)
        assert any(o.position == played.position for o in outcomes), (pawn, path)
        if played.to == "escaped":
            assert any(o.to == "escaped" for o in outcomes)


@settings(max_examples=1500, deadline=None)
@given(positions(), slide_options, st.integers(0, 2**16))
def test_P2_P7_the_walk_towards_the_exit_is_one_of_the_legal_moves(
    pos: Position, opts: RuleOptions, seed: int
) -> None:
    """P2-P9 and P7's options: every pawn's directed walk is legal and lands on one of
    legal_moves' outcomes."""
    _check(pos, opts, seed)


@settings(max_examples=600, deadline=None)
@given(positions(), slide_options, st.sampled_from(["5", "7", "8", "10", "X"]), st.integers(0, 99))
def test_M8_P7_the_walk_is_legal_after_the_monster_pushed_pawns_onto_pools(
    pos: Position, opts: RuleOptions, tile: str, seed: int
) -> None:
    """M8: after the monster's turn (pawns pushed, some left resting on a pool), the walk
    from there is still one of the legal moves."""
    after, _ = monster_outcome(pos, tile, opts)
    _check(after, opts, seed)


@settings(max_examples=300, deadline=None)
@given(positions(), slide_options, st.integers(0, 99))
def test_P3_a_pawn_outside_enters_or_stays(pos: Position, opts: RuleOptions, seed: int) -> None:
    """P3: from outside the walk starts with IN, or is the empty path (stay outside)."""
    outside = Pawn("out", "red", 4, 3, "light", "outside")
    pos = Position(
        pos.monster, pos.stones, pos.pools, pos.teleporters, (*pos.pawns, outside), pos.stage
    )
    path = path_towards_exit(pos, "out", random.Random(seed), opts)
    assert path == () or path[0] == "IN"
    _check(pos, opts, seed)


def test_P4_it_leaves_by_the_exit_when_it_reaches_it() -> None:
    """P4: two squares from the exit with 3 points: west, north, out."""
    pos = Position.basic([Pawn("A", "blue", 3, 4, "light", (1, 1))]).replace(
        monster=Monster((10, 5), Heading.E)
    )
    path = path_towards_exit(pos, "A", random.Random(1))
    assert sorted(path[:2]) == ["N", "W"] and path[2] == "OUT"


def test_P5_it_walks_over_another_pawn_and_never_ends_on_it() -> None:
    """P5: one point, the only step nearer the exit holds another pawn: it stays."""
    pos = Position.basic(
        [Pawn("A", "blue", 1, 6, "light", (5, 0)), Pawn("B", "red", 1, 6, "light", (4, 0))]
    ).replace(monster=Monster((10, 5), Heading.E))
    assert path_towards_exit(pos, "A", random.Random(1)) == ()
    two = Position.basic(
        [Pawn("A", "blue", 2, 5, "light", (5, 0)), Pawn("B", "red", 1, 6, "light", (4, 0))]
    ).replace(monster=Monster((10, 5), Heading.E))
    assert path_towards_exit(two, "A", random.Random(1)) == ("W", "W")
