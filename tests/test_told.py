"""design.told: the designer's lessons (08, 10) print sentences made from the numbers —
never a dict or a list — in the lesson's language (S1, S2, M7, M8)."""

from __future__ import annotations

from collections import Counter

import pytest

from finstere_widget.design import study
from finstere_widget.design.told import (
    comparison_told,
    deadliest_told,
    difference,
    duel,
    duel_told,
    intervals_told,
    lengths_told,
    taken,
    taken_told,
    wins_by_bot,
)
from finstere_widget.engine.errors import StudyError

REPR_START = ("{", "[", "(")


def test_S2_a_duel_swaps_seats_and_is_told_with_each_bots_wins() -> None:
    games = duel(6)
    assert [seats for seats, _ in games[:2]] == [("greedy", "random"), ("random", "greedy")]
    wins = wins_by_bot(games)
    text = duel_told(games, lang="en")
    assert text.startswith("6 games: greedy won ") and not text.startswith(REPR_START)
    nobody = 6 - sum(wins.values())
    assert text.endswith(
        f"{nobody} game nobody won." if nobody == 1 else f"{nobody} games nobody won."
    )
    assert "'" not in text and "{" not in text
    assert "games nobody won" not in duel_told(games, lang="fr")


def test_S1_lengths_are_told_from_the_shortest_to_the_longest_and_the_commonest() -> None:
    counts = Counter({8: 1, 9: 4, 14: 10, 12: 6})
    assert lengths_told("3 greedy bots", counts, lang="en") == (
        "3 greedy bots: 21 games, from 8 to 14 rounds; most often 14 rounds (10 games)."
    )
    assert lengths_told("x", Counter(), lang="en") == "x: no game."


def test_M7_M8_taken_pawns_are_counted_by_square_and_by_way_and_told() -> None:
    games = duel(4)
    where, how = taken(g for _, g in games)
    assert sum(where.values()) == sum(how.values()) > 0
    assert set(how) <= {"eaten", "crushed", "teleporter"}
    text = taken_told(Counter({"eaten": 786, "crushed": 11}), 60, lang="en")
    assert text == "797 pawns taken in 60 games: 786 eaten by the monster, 11 pushed off the board."
    top = deadliest_told(Counter({(15, 10): 67, (14, 10): 65, (1, 1): 2}), 2, lang="en")
    assert top == "The 2 deadliest squares (pawns taken on each): (15, 10) 67, (14, 10) 65."


@pytest.fixture(scope="module")
def slide() -> object:
    return study(
        12,
        players=[3],
        bots=[["greedy"]],
        options={"slide_over_pawn": ["eat", "stop"]},
        seed=10,
        jobs=1,
        progress=False,
    )


def test_S1_difference_finds_the_metric_or_names_what_is_missing(slide: object) -> None:
    assert difference(slide, "wins", seat=0)["metric"] == "wins"  # type: ignore[arg-type]
    with pytest.raises(StudyError, match="nope"):
        difference(slide, "nope")  # type: ignore[arg-type]


def test_S1_no_game_changed_explains_why_the_interval_is_not_zero(slide: object) -> None:
    text = comparison_told(slide, "wins", seat=0, lang="en")  # type: ignore[arg-type]
    first, second = text.splitlines()
    assert first == "0 of 12 games were played differently under slide_over_pawn=stop."
    assert second.startswith("So the 1st player's win rate changed in no game here.")
    d = difference(slide, "wins", seat=0)  # type: ignore[arg-type]
    assert f"between {d['ci'][0]:+.3f} and {d['ci'][1]:+.3f}" in second
    assert "seat 0" not in text


def test_S1_the_overlap_of_two_intervals_is_said_from_the_numbers(slide: object) -> None:
    rows = slide.rows  # type: ignore[attr-defined]
    text = intervals_told(slide, "rounds", lang="en")  # type: ignore[arg-type]
    assert f"{rows[0]['rounds_lo']:.2f} to {rows[0]['rounds_hi']:.2f}" in text
    assert "overlap almost entirely" in text  # the very same games: the same interval
    fake = slide._replace(  # type: ignore[attr-defined]
        rows=[
            {**rows[0], "rounds_lo": 10.0, "rounds_hi": 11.0},
            {**rows[1], "rounds_lo": 12.0, "rounds_hi": 13.0},
        ]
    )
    assert "do not overlap" in intervals_told(fake, "rounds", lang="en")
    fake = fake._replace(
        rows=[
            {**rows[0], "rounds_lo": 10.0, "rounds_hi": 11.0},
            {**rows[1], "rounds_lo": 10.9, "rounds_hi": 12.0},
        ]
    )
    assert "overlap a little" in intervals_told(fake, "rounds", lang="en")
    fake = fake._replace(
        rows=[
            {**rows[0], "rounds_lo": 10.18, "rounds_hi": 11.57},
            {**rows[1], "rounds_lo": 10.46, "rounds_hi": 12.04},
        ]
    )
    assert "overlap almost entirely: 10.46 to 11.57 lies in both." in intervals_told(
        fake, "rounds", lang="en"
    )
