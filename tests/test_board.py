"""Board geometry: docs/rules.md B1-B5."""

from __future__ import annotations

import pytest

from finstere_widget.engine import (
    ENTRANCE,
    EXIT,
    SQUARES,
    Heading,
    Position,
    StoneKind,
    mirror,
    on_board,
    step,
    wall_letter,
)
from finstere_widget.engine.board import NEXT, RAYS, WALL_LETTERS, index, neighbour


def test_B1_grid_has_156_squares_with_staircase_notches() -> None:
    assert len(SQUARES) == 156
    # the extents of B1's table, row by row
    assert [sum(1 for s in SQUARES if s[1] == y) for y in range(11)] == [
        12,
        13,
        14,
        15,
        16,
        16,
        16,
        15,
        14,
        13,
        12,
    ]
    assert on_board((11, 0)) and not on_board((12, 0))
    assert on_board((14, 3)) and not on_board((15, 3))
    assert not on_board((0, 7)) and on_board((1, 7))
    assert not on_board((3, 10)) and on_board((4, 10))
    assert not on_board((-1, 5)) and not on_board((16, 5)) and not on_board((5, 11))


def test_B1_board_is_symmetric_under_the_half_turn() -> None:
    assert all(on_board(mirror(s)) for s in SQUARES)
    assert mirror((0, 0)) == (15, 10)
    assert mirror((3, 7)) == (12, 3)


def test_B1_headings_turn_left_right_and_back() -> None:
    assert Heading.E.left == Heading.N and Heading.E.right == Heading.S
    assert Heading.N.back == Heading.S and Heading.W.right == Heading.N
    assert Heading.S.delta == (0, 1)
    assert neighbour((0, 0), Heading.N) is None
    assert neighbour((0, 0), Heading.E) == (1, 0)


def test_B2_exit_and_entrance_are_opposite_corners() -> None:
    assert EXIT == (0, 0) and ENTRANCE == (15, 10)
    assert mirror(EXIT) == ENTRANCE


@pytest.mark.parametrize(
    ("square", "heading", "letter"),
    [
        ((0, 0), Heading.N, "A"),
        ((11, 0), Heading.N, "L"),
        ((11, 0), Heading.E, "M"),
        ((12, 1), Heading.N, "N"),
        ((12, 1), Heading.E, "O"),
        ((13, 2), Heading.N, "P"),
        ((13, 2), Heading.E, "Q"),
        ((14, 3), Heading.N, "R"),
        ((14, 3), Heading.E, "S"),
        ((15, 4), Heading.N, "T"),
        ((15, 4), Heading.E, "U"),
        ((15, 5), Heading.E, "V"),
        ((15, 9), Heading.E, "Z"),
        ((15, 10), Heading.E, "*"),
        # the mirrored side (B3)
        ((15, 10), Heading.S, "A"),
        ((4, 10), Heading.S, "L"),
        ((4, 10), Heading.W, "M"),
        ((3, 9), Heading.S, "N"),
        ((3, 9), Heading.W, "O"),
        ((0, 5), Heading.W, "V"),
        ((0, 1), Heading.W, "Z"),
        ((0, 0), Heading.W, "*"),
    ],
)
def test_B3_wall_letters(square: tuple[int, int], heading: Heading, letter: str) -> None:
    assert wall_letter(square, heading) == letter


def test_B3_every_boundary_edge_has_a_letter_found_twice() -> None:
    edges = [(s, h) for s in SQUARES for h in Heading if neighbour(s, h) is None]
    assert len(edges) == 54
    assert set(edges) == set(WALL_LETTERS)
    letters = sorted(WALL_LETTERS.values())
    assert all(letters.count(letter) == 2 for letter in set(letters))
    assert len(set(letters)) == 27
    with pytest.raises(ValueError, match=r"\[5, 5\] has no wall"):
        wall_letter((5, 5), Heading.N)


def test_B3_leaving_through_a_wall_lands_on_the_same_letter_opposite() -> None:
    assert step((15, 5), Heading.E) == ((0, 5), "V")
    assert step((3, 0), Heading.N) == ((12, 10), "D")
    assert step((11, 0), Heading.E) == ((4, 10), "M")  # through the notch wall
    assert step((5, 5), Heading.E) == ((6, 5), None)
    for (sq, h), letter in WALL_LETTERS.items():
        arrival, crossed = step(sq, h)
        assert crossed == letter
        # arriving square carries the same letter on its opposite side
        assert wall_letter(arrival, h.back) == letter


def test_B4_basic_layout() -> None:
    pos = Position.basic()
    assert {s.at for s in pos.stones} == {
        (2, 2),
        (12, 3),
        (7, 4),
        (8, 5),
        (13, 5),
        (6, 6),
        (4, 7),
        (12, 7),
        (14, 8),
        (5, 9),
        (8, 9),
    }
    assert all(s.kind is StoneKind.STONE for s in pos.stones)
    assert sorted(p.shape for p in pos.pools) == ["2x2", "4x1"]
    assert pos.pool_squares == {(8, 2), (9, 2), (8, 3), (9, 3), (4, 8), (5, 8), (6, 8), (7, 8)}
    assert pos.monster.at == EXIT and pos.monster.facing == Heading.E
    assert pos.teleporters == () and pos.pawns == ()


def test_B5_piece_kinds_and_sight() -> None:
    # B5: pivot_left (Czech rules) is a kind positions may use, not in the standard set
    assert {k.value for k in StoneKind} == {
        "stone",
        "crystal",
        "pivot_right",
        "pivot_left",
        "pivot_180",
    }
    assert StoneKind.PIVOT_LEFT.is_pivot and StoneKind.PIVOT_LEFT.blocks_sight
    assert not StoneKind.CRYSTAL.blocks_sight
    assert StoneKind.STONE.blocks_sight and StoneKind.PIVOT_180.blocks_sight
    assert StoneKind.PIVOT_RIGHT.is_pivot and not StoneKind.CRYSTAL.is_pivot


def test_index_tables_match_the_geometry() -> None:
    for s in SQUARES:
        for h in Heading:
            nb = neighbour(s, h)
            assert NEXT[h][index(s)] == (index(nb) if nb else -1)
    assert [divmod(i, 16)[::-1] for i in RAYS[Heading.E][index((10, 0))]] == [(11, 0)]
