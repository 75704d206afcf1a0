"""What notebooks 08 and 10 show, checked here so that the lessons keep no assert cell
(issue 31): the same seeded games, the same facts."""

from __future__ import annotations

from pathlib import Path

from finstere_widget import examples
from finstere_widget.design import load
from finstere_widget.design.bots import make_bot, play_game
from finstere_widget.design.danger import danger_map
from finstere_widget.design.simulation import game_seed, simulate
from finstere_widget.engine.game import Game

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def test_08_random_walkers_never_win_and_greedy_games_end_by_s2_or_s3() -> None:
    """S1, S2, S3: 30 random-bot games nobody wins; greedy games end by S2 or S3 within
    15 rounds (two stages of 7 tiles); the same seed gives the same games."""
    randoms = simulate(30, players=3, bots=["random"], seed=1, jobs=1).summary
    assert randoms["draws"] == randoms["games"] == 30
    seats = simulate(30, players=3, bots=["greedy"], seed=1, jobs=1)
    s = seats.summary
    assert sum(s["wins_by_seat"]) + s["draws"] == 30
    assert all(g.rule in ("S2", "S3") and g.rounds <= 15 for g in seats.games)
    assert simulate(3, players=3, bots=["greedy"], seed=1, jobs=1).games == seats.games[:3]


def test_08_the_duel_played_by_hand_is_the_one_simulate_plays() -> None:
    """The lesson plays its duel game by game (to keep the monster's turns): the same games
    as ``simulate``, and greedy wins more than random."""
    check = simulate(6, players=2, bots=["greedy", "random"], seed=2, jobs=1)
    greedy_wins = 0
    for index, result in enumerate(check.games):
        seed = game_seed(2, index)
        seat_bots = ("greedy", "random") if index % 2 == 0 else ("random", "greedy")
        game = Game(2, seed=seed)
        play_game(game, [make_bot(name, f"{seed}/{k}") for k, name in enumerate(seat_bots)])
        winner = game.outcome().winner  # type: ignore[union-attr]
        assert result.bots == seat_bots and result.rounds == game.state.round
        assert result.winner == (game.seat_of[winner] if winner is not None else None)
        greedy_wins += winner is not None and seat_bots[game.seat_of[winner]] == "greedy"
    assert greedy_wins >= 4


def test_08_the_danger_map_of_the_basic_example_m4_m5_m7() -> None:
    """M4, M5, M7: a pawn one square to the monster's side is its first step, whatever the
    tile; no square is listed on a pool; every chance lies in [0, 1]."""
    start = examples.load("monster_basic_8")
    danger = danger_map(start)
    assert all(0 <= p <= 1 for p in danger.values())
    assert danger[(9, 6)] == 1.0
    assert danger.keys().isdisjoint(start.pool_squares)


def test_10_the_saved_study_is_the_one_its_command_makes() -> None:
    """The study notebook 10 loads was made by the command it prints: its variants, seed
    and games; the comparison it prints is there."""
    saved = load(NOTEBOOKS / "data" / "three_prey_6_lookahead.json")
    assert saved.seed == 26 and saved.games == 24
    assert [v.label for v in saved.variants] == [
        "five_is_three_prey=off",
        "five_is_three_prey=on",
    ]
    assert all(v.players == 6 and set(v.bots) == {"lookahead"} for v in saved.variants)
    assert any(c["metric"] == "eaten" for c in saved.comparisons)
