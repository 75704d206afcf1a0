"""The stronger bots (issue 15): lookahead (expectimax over the coming monster phase) and
MCTS (a playout-count budget), their parameters, and the small league ordering them."""

from __future__ import annotations

import functools
import math

import pytest

from finstere_widget.design.bots import (
    GreedyBot,
    LookaheadBot,
    MCTSBot,
    evaluate,
    fork,
    make_bot,
    pawn_value,
    play_game,
    tile_odds,
)
from finstere_widget.design.danger import danger_map
from finstere_widget.design.simulation import GameResult
from finstere_widget.design.studies import (
    LEAGUE_BOTS,
    LEAGUE_GAMES,
    LEAGUE_PLAYERS,
    LEAGUE_SEED,
    league,
    league_lineups,
    league_matches,
    league_table,
    paired_difference,
    verdict,
    wilson,
)
from finstere_widget.engine.board import SQUARES, Heading, Square
from finstere_widget.engine.errors import StudyError
from finstere_widget.engine.game import Game, PawnMove
from finstere_widget.engine.pieces import Monster, Pawn, PawnPlace, Side
from finstere_widget.engine.position import Position


def scenario(pawns: list[Pawn], monster_at: Square = (0, 0), facing: Heading = Heading.E) -> Game:
    pos = Position.basic(pawns)
    pos = pos.replace(monster=Monster(monster_at, facing))
    return Game.from_position(pos, players=["blue", "red"], seed=3)


def test_lookahead_takes_an_escape_when_it_has_one() -> None:
    # blue's pawn two squares from the exit with a 4 showing can leave; the other pawn
    # could make progress instead
    g = scenario(
        [
            Pawn("b1", "blue", 3, 4, "dark", (1, 0)),
            Pawn("b2", "blue", 2, 5, "light", (9, 6)),
            Pawn("r1", "red", 1, 6, "light", (12, 9)),
        ],
        monster_at=(10, 2),
        facing=Heading.S,
    )
    action = LookaheadBot(1).choose(g)
    assert isinstance(action, PawnMove) and action.pawn == "b1"
    move = g.apply(action).move
    assert move is not None and move.to == "escaped"


def test_lookahead_avoids_the_riskier_of_two_equally_advanced_squares() -> None:
    """Search the monster's placements (deterministically) for a lone pawn with a 1
    showing whose two moves towards the exit are equally far from it but not equally
    dangerous (the engine's own danger map, the pawn lifted off): the bot never takes the
    riskier one."""
    found = 0
    base = Position.basic()
    blocked = set(base.stone_map) | set(base.pool_squares) | {(6, 4), (5, 4), (6, 3)}
    for mx in range(2, 14, 3):
        for my in range(0, 11, 2):
            for facing in Heading:
                if (mx, my) in blocked or (mx, my) not in SQUARES:
                    continue
                pawn = Pawn("b1", "blue", 1, 6, "light", (6, 4))
                others = [Pawn("r1", "red", 1, 6, "light", "escaped")]
                pos = Position.basic([pawn, *others]).replace(monster=Monster((mx, my), facing))
                g = Game.from_position(pos, players=["blue", "red"], seed=1)
                lifted = pos.replace(pawns=tuple(others))
                danger = danger_map(lifted, g.tiles_left(), squares=[(5, 4), (6, 3)])
                if abs(danger[(5, 4)] - danger[(6, 3)]) < 0.3:
                    continue
                riskier = max(danger, key=lambda s: danger[s])
                action = LookaheadBot(0).choose(g)
                move = g.apply(action).move
                assert move is not None
                assert move.to != riskier, (mx, my, facing, danger)
                found += 1
    assert found >= 3  # the search did find such placements


def test_evaluation_orders_pawn_states() -> None:
    def v(at: PawnPlace, up: Side = "light") -> float:
        return pawn_value(Pawn("p", "blue", 1, 6, up, at))

    assert v("escaped") > v((0, 0))  # escaped beats ready to leave
    assert v((1, 0), "dark") > v((1, 0)) > v((2, 0))  # a 6 showing can leave from (1, 0)
    assert v((0, 0)) > v((5, 5)) > v((15, 10)) > v("outside") > v("eaten")
    pos = Position.basic(
        [Pawn("b", "blue", 1, 6, "light", "escaped"), Pawn("r", "red", 1, 6, "light", (9, 9))]
    )
    assert evaluate(pos, "blue", ["red"]) > evaluate(pos, "red", ["blue"])


def test_tile_odds_follow_the_pile_and_the_first_draw_rule() -> None:
    g = Game(2, seed=4)
    odds = dict(tile_odds(g))
    assert "X" not in odds and "XX" not in odds  # M2: the first tile is a number
    assert odds["7"] == pytest.approx(2 / 6) and sum(odds.values()) == pytest.approx(1)
    g = Game(2, seed=4, options=g.options.set("first_draw_rule", "off"))
    assert dict(tile_odds(g))["X"] == pytest.approx(1 / 8)


def test_fork_hides_the_pile_and_leaves_the_game_untouched() -> None:
    g = Game(3, seed=11)
    import random

    f = fork(g, random.Random(1))
    assert sorted(f.state.pile) == sorted(g.state.pile)
    f.apply(LookaheadBot(2).choose(f))
    assert g.history == [] and f.history != []


class CountingMCTS(MCTSBot):
    calls = 0

    def rollout(self, game: Game) -> list[float]:
        CountingMCTS.calls += 1
        return super().rollout(game)


def test_mcts_spends_at_most_its_playout_budget_and_is_reproducible() -> None:
    g = Game(2, seed=5)
    for budget in (0, 1, 7, 20):
        CountingMCTS.calls = 0
        CountingMCTS(9, playouts=budget).choose(g)
        assert CountingMCTS.calls <= budget
    assert CountingMCTS.calls >= 10  # the budget is used, not ignored
    a = [MCTSBot("s", playouts=12).choose(g) for _ in range(2)]
    assert a[0] == a[1]
    # no budget: the lookahead's choice
    assert MCTSBot(1, playouts=0).choose(g) == LookaheadBot(1).choose(g)


def test_mcts_choice_is_legal_and_games_finish() -> None:
    g = Game(2, seed=8)
    play_game(g, [make_bot("mcts:2", 1), make_bot("random", 2)])
    assert g.is_terminal() and g.outcome() is not None
    replay = Game.from_record(g.to_record())  # every choice was a legal action
    assert replay.outcome() == g.outcome()


def test_make_bot_parameters_and_errors() -> None:
    mcts, lookahead, greedy = make_bot("mcts:5"), make_bot("lookahead:3"), make_bot("greedy:2")
    assert isinstance(mcts, MCTSBot) and mcts.playouts == 5
    assert isinstance(lookahead, LookaheadBot) and lookahead.width == 3
    assert isinstance(greedy, GreedyBot) and greedy.top == 2
    for bad in ("mcts:x", "mcts:0", "random:3", "clever", "mcts:99999"):
        with pytest.raises(ValueError, match="bot"):
            make_bot(bad)


def test_league_lineups_meet_everyone_on_every_seat() -> None:
    two = league_lineups(["a", "b", "c"], 2)
    assert sorted(two) == sorted([(x, y) for x in "abc" for y in "abc" if x != y])
    four = league_lineups(["a", "b", "c"], 4)
    for seat in range(4):
        counts = {b: sum(1 for lu in four if lu[seat] == b) for b in "abc"}
        assert max(counts.values()) - min(counts.values()) <= 1
    with pytest.raises(StudyError, match="two different bots"):
        league_lineups(["a", "a"], 2)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_a_match_alternates_its_two_bots_round_the_table_on_every_seat(players: int) -> None:
    lineups = league_lineups(["a", "b"], players)
    for lineup in lineups:  # the two share the table: as many seats each, give or take one
        assert abs(lineup.count("a") - lineup.count("b")) == players % 2
    for seat in range(players):  # a full cycle of line-ups seats each bot equally often
        assert sum(lu[seat] == "a" for lu in lineups) == sum(lu[seat] == "b" for lu in lineups)
    assert sum(lu.count("a") for lu in lineups) == sum(lu.count("b") for lu in lineups)


def test_league_is_a_ladder_of_neighbouring_bots() -> None:
    assert league_matches(["random", "greedy", "lookahead", "mcts"]) == (
        ("random", "greedy"),
        ("greedy", "lookahead"),
        ("lookahead", "mcts"),
    )
    with pytest.raises(StudyError, match="two different bots"):
        league_matches(["greedy", "greedy"])


def result(bots: tuple[str, ...], winner: int | None) -> GameResult:
    n = len(bots)
    return GameResult(0, 0, ("c",) * n, bots, winner, "", "S2", 1, (0,) * n, 0, 0, 0, 0, 0)


def two_player_games(won_by_b: int, games: int) -> list[GameResult]:
    return [
        result(("a", "b") if i % 2 else ("b", "a"), (i % 2 if i < won_by_b else 1 - i % 2))
        for i in range(games)
    ]


def test_paired_difference_at_two_players_is_the_interval_of_twice_the_win_rate() -> None:
    """Two players, no draws: b's win rate less a's is 2p - 1, and the paired interval is
    the normal one of a proportion doubled, 2p - 1 +- 1.96 * 2 * sqrt(p (1 - p) / (n - 1))
    (the n - 1 of the sample variance), here with p = 30 / 40."""
    d, lo, hi = paired_difference(two_player_games(30, 40), "a", "b")
    half = 1.959963984540054 * 2 * math.sqrt(0.75 * 0.25 / 39)
    assert d == pytest.approx(0.5)
    assert (lo, hi) == pytest.approx((0.5 - half, 0.5 + half))
    assert half == pytest.approx(0.27180, abs=1e-5)


def test_paired_difference_by_hand_with_three_players_and_a_draw() -> None:
    """Four 3-player games, each bot 6 seats in all; b, b, a win and one draw: the games
    give z = 4/6, 4/6, -4/6, 0 (mean 1/6, sample sd 0.63828), so the interval is
    1/6 +- 1.96 * 0.63828 / 2 = [-0.45884, 0.79217] (worked out by hand)."""
    games = [
        result(("a", "b", "a"), 1),
        result(("b", "a", "b"), 0),
        result(("a", "b", "a"), 0),
        result(("b", "a", "b"), None),
    ]
    d, lo, hi = paired_difference(games, "a", "b")
    assert d == pytest.approx(1 / 6)
    assert (lo, hi) == pytest.approx((-0.45884, 0.79217), abs=1e-5)
    assert paired_difference(games[:1], "a", "b") == (0.0, -1.0, 1.0)  # too few games
    # 39 of 40 two-player games: 0.95 + 0.069 would pass 1, where the interval is cut
    assert paired_difference(two_player_games(39, 40), "a", "b")[2] == 1.0


def test_paired_difference_when_one_bot_won_every_game_is_no_point() -> None:
    """Every game won by b: the z_i are all equal and their spread says nothing, so the
    interval comes from the game counts, Wilson at 97.5 % each (z = 2.2414): with k = n
    the Wilson bounds are n / (n + z^2) and z^2 / (n + z^2), worked out by hand."""
    z2 = 2.241402727604947**2
    d, lo, hi = paired_difference(two_player_games(40, 40), "a", "b")
    assert d == 1.0 and hi == 1.0
    assert lo == pytest.approx(40 / (40 + z2) - z2 / (40 + z2))  # 0.7768
    assert lo == pytest.approx(0.7768, abs=1e-4)
    # two games prove nothing: the old normal interval said (1, 1, 1), i.e. ">"
    d, lo, hi = paired_difference(two_player_games(2, 2), "a", "b")
    assert d == 1.0 and verdict(lo, hi) == "~"
    assert lo == pytest.approx(2 / (2 + z2) - z2 / (2 + z2))
    # three players, b at 5 of 9 seats over 3 games and winning all: a = 3/5, b = 3/4
    games = [result(("b", "a", "b"), 0), result(("a", "b", "a"), 1), result(("b", "a", "b"), 2)]
    d, lo, hi = paired_difference(games, "a", "b")
    assert d == pytest.approx(3 / 5)
    assert (lo, hi) == pytest.approx((3 / 5 * 3 / (3 + z2) - 3 / 4 * z2 / (3 + z2), 3 / 5))


def test_verdict_reads_the_interval_of_the_difference() -> None:
    assert verdict(0.01, 0.3) == ">"
    assert verdict(-0.3, -0.01) == "<"
    assert verdict(-0.05, 0.2) == "~"  # holds 0: not told apart
    # 26 of 40 two-player games: the two Wilson intervals overlap (the old, stricter
    # reading said "~"), the paired difference 0.3 [0.0006, 0.5994] is above 0
    games = two_player_games(26, 40)
    a_hi, b_lo = wilson(14, 40)[1], wilson(26, 40)[0]
    assert a_hi > b_lo
    _, lo, hi = paired_difference(games, "a", "b")
    assert verdict(lo, hi) == ">" and lo == pytest.approx(0.0006, abs=1e-4)
    _, lo, hi = paired_difference(two_player_games(25, 40), "a", "b")
    assert verdict(lo, hi) == "~"  # 25 of 40 is not enough


def test_small_league_plays_every_bot_in_a_ladder_at_two_sizes() -> None:
    """Every part at a small size (fewer candidates and playouts): each match of the
    ladder, at 2 and 3 players, seats split evenly, wins and verdicts consistent, and
    random never wins against greedy."""
    bots = ["random", "greedy:1", "lookahead:2", "mcts:1"]
    result, rows = league(bots, [2, 3], 6, seed=2)
    assert len(result.rows) == 2 * 3 and len(rows) == 2 * 3 * 2
    for n in (2, 3):
        mine = [r for r in rows if r["players"] == n]
        assert [r["match"] for r in mine[::2]] == [
            "random vs greedy:1",
            "greedy:1 vs lookahead:2",
            "lookahead:2 vs mcts:1",
        ]
        for first, second in zip(mine[::2], mine[1::2], strict=True):
            assert first["seats"] + second["seats"] == 6 * n
            assert first["seats"] == second["seats"] == 3 * n
            assert second["verdict"] == verdict(second["diff_lo"], second["diff_hi"])
            assert (
                first["verdict"] == "" and second["diff_lo"] <= second["diff"] <= second["diff_hi"]
            )
            assert second["diff"] == pytest.approx(second["win_rate"] - first["win_rate"], abs=2e-4)
            assert (first["bot"], first["opponent"]) == (second["opponent"], second["bot"])
        assert mine[0]["bot"] == "random" and mine[0]["wins"] == 0
    draws = sum(r["draws"] for r in result.rows)
    assert sum(r["wins"] for r in rows) + draws == 2 * 3 * 6
    text = league_table(rows)
    assert "> random" in text.splitlines()[2] or "~ random" in text.splitlines()[2]


@functools.cache
@functools.cache
def _full_league_verdicts() -> dict[tuple[int, str], str]:
    """The league of docs/bots.md, played once for both tests below (``LEAGUE_GAMES`` games
    a match; see that page for the run time): each match's verdict by player count."""
    _, rows = league(LEAGUE_BOTS, LEAGUE_PLAYERS, LEAGUE_GAMES, seed=LEAGUE_SEED, jobs=2)
    print(league_table(rows))
    return {(r["players"], r["match"]): r["verdict"] for r in rows if r["verdict"]}


@pytest.mark.slow
@pytest.mark.league
def test_full_league_greedy_beats_random_and_mcts_is_not_below_lookahead() -> None:
    """At every player count 2-7: greedy beats random (the 95 % paired interval of the
    difference above 0), and MCTS is not below lookahead."""
    verdicts = _full_league_verdicts()
    for n in LEAGUE_PLAYERS:
        assert verdicts[(n, "random vs greedy")] == ">", n
        assert verdicts[(n, f"lookahead vs {LEAGUE_BOTS[3]}")] != "<", n


@pytest.mark.slow
@pytest.mark.league
def test_full_league_lookahead_beats_greedy_at_two_to_seven_players() -> None:
    """The target of issue 15: lookahead above greedy at every count (the 95 % paired
    interval of the difference above 0)."""
    verdicts = _full_league_verdicts()
    behind = [n for n in LEAGUE_PLAYERS if verdicts[(n, "greedy vs lookahead")] != ">"]
    assert behind == [], f"lookahead not above greedy at {behind} players"
