"""The lookahead's speed-ups (issue 26) change nothing it decides: the game's fast path for
the bots' scratch copies (``Game._play``) reaches the state ``Game.apply`` reaches (the
turn order T2, the first round's moves P10, the slides of P7 under every option), the
evaluation over the tiles is ``evaluate``'s to the last bit, and the rollouts' shared
memos give the games played without them."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from finstere_widget.design import bots
from finstere_widget.design.bots import (
    GreedyBot,
    RandomBot,
    _evaluate_tiles,
    _policy_key,
    evaluate,
    make_bot,
    tile_odds,
)
from finstere_widget.engine import RuleOptions
from finstere_widget.engine.errors import IllegalMoveError
from finstere_widget.engine.game import Game, PawnMove
from finstere_widget.engine.monster import monster_outcomes

OPTIONS = st.builds(
    RuleOptions,
    first_draw_rule=st.sampled_from(["game_start", "every_stage", "off"]),
    pawn_slide_stone=st.sampled_from(["slide_on", "stop"]),
    pawn_slide_over_pawn=st.sampled_from(["pass", "stop"]),
    slide_over_pawn=st.sampled_from(["eat", "stop"]),
    finish_round=st.booleans(),
    stage2_end=st.sampled_from(["all_eaten", "board_empty"]),
    placement=st.sampled_from(["rulebook", "online"]),
)
SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _states(options: RuleOptions, players: int, seed: int) -> list[Game]:
    """Copies of one random game (random and greedy bots) at each of its pawn decisions."""
    game = Game(players, seed=seed, options=options)
    rng_bots = [RandomBot(f"{seed}/{k}") if k % 2 else GreedyBot(seed) for k in range(players)]
    out: list[Game] = []
    while not game.is_terminal() and len(out) < 60:
        if game.is_chance():
            game.sample_chance()
            continue
        if game.phase == "pawns":
            out.append(bots.fork(game, random.Random(0)))
        game.apply(rng_bots[game.current_player].choose(game))
    return out


@SETTINGS
@given(OPTIONS, st.integers(2, 7), st.integers(0, 10_000), st.randoms(use_true_random=False))
def test_the_fast_path_reaches_the_state_apply_reaches_p7_p10_t2(
    options: RuleOptions, players: int, seed: int, rng: random.Random
) -> None:
    """T2, P10, P7 (pawn_slide_stone, pawn_slide_over_pawn): for every legal move of a
    random state, ``_play`` (walked quietly, or given the outcome) reaches ``apply``'s
    state; an illegal path raises the same error and changes nothing."""
    for game in _states(options, players, seed)[:: max(1, players - 1)]:
        moves = [(p, o) for p in game.movable_pawns() for o in game.pawn_moves(p.id)]
        for pawn, o in rng.sample(moves, min(4, len(moves))):
            action = PawnMove(pawn.id, o.path)
            normal, walked, given_ = (bots.fork(game, random.Random(0)) for _ in range(3))
            normal.apply(action)
            walked._play(action)
            given_._play(action, (o.to, o.position))
            assert walked.state == normal.state
            assert given_.state == normal.state
        # a path the rules refuse: the same error, nothing changed
        pawn = game.movable_pawns()[0]
        bad = PawnMove(pawn.id, ("OUT", "OUT"))
        before = game.state
        with pytest.raises(IllegalMoveError) as normal_error:
            bots.fork(game, random.Random(0)).apply(bad)
        with pytest.raises(IllegalMoveError) as fast_error:
            game._play(bad)
        assert str(fast_error.value) == str(normal_error.value)
        assert game.state is before


def test_the_fast_path_refuses_a_pawn_of_another_seat_t2() -> None:
    """T2: the fast path checks whose turn it is, as apply does."""
    game = Game(3, seed=4)
    while game.is_chance():
        game.sample_chance()
    other = next(p for p in game.position.pawns if p.player != game.colours[game.current_player])
    with pytest.raises(IllegalMoveError, match="T2"):
        game._play(PawnMove(other.id, ("IN",)))


@SETTINGS
@given(OPTIONS, st.integers(2, 7), st.integers(0, 10_000))
def test_the_evaluation_over_the_tiles_is_evaluate_to_the_last_bit(
    options: RuleOptions, players: int, seed: int
) -> None:
    """``_evaluate_tiles`` shares the tiles' sums and sight tables: the number is the sum of
    ``evaluate`` over the tiles, bit for bit (the lookahead's ties are broken on it)."""
    for game in _states(options, players, seed)[::3]:
        colour = game.colours[game.current_player]
        opponents = [c for c in game.colours if c != colour]
        odds = tile_odds(game) if game.drawable_tiles() else [("5", 1.0)]
        walked = monster_outcomes(game.position, options, [t for t, _ in odds])
        unsettled = {p.id: p for p in game.position.pawns[::2] if p.on_board}
        for pawns_left in (None, unsettled):
            expected = 0.0
            for tile, p in odds:
                expected += p * evaluate(walked[tile][0], colour, opponents, pawns_left)
            assert _evaluate_tiles(walked, odds, colour, opponents, pawns_left) == expected


class _Forgetful(dict):  # type: ignore[type-arg]
    """A memo that keeps nothing: every rollout works everything out afresh."""

    def __setitem__(self, key: object, value: object) -> None:
        pass


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, RuleOptions()), (5, RuleOptions(first_draw_rule="every_stage", pawn_slide_stone="stop"))],
)
def test_the_rollouts_memos_change_no_game(
    players: int, options: RuleOptions, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The memos shared by the seats' rollouts (the greedy policy's choices, the values at
    the monster's draw) give the very games played without them."""

    def play() -> str:
        game = Game(players, seed=11, options=options)
        seats = [make_bot("lookahead", f"11/{k}") for k in range(players)]
        for _ in range(3 * players * 5):  # the first rounds: every kind of rollout
            if game.is_terminal():
                break
            if game.is_chance():
                game.sample_chance()
            else:
                game.apply(seats[game.current_player].choose(game))
        return game.to_json()

    bots._POLICY_MEMO.clear()
    bots._VALUE_MEMO.clear()
    with_memos = play()
    monkeypatch.setattr(bots, "_POLICY_MEMO", _Forgetful())
    monkeypatch.setattr(bots, "_VALUE_MEMO", _Forgetful())
    assert play() == with_memos


def test_the_policy_memo_tells_apart_what_the_policy_reads_m2_t2() -> None:
    """The memo's key holds what the greedy policy reads: the first draw's rule (M2, the
    tiles the coming draw can give), who has moved (T2) and the rule options."""
    game = Game(3, seed=5)
    while game.is_chance():
        game.sample_chance()
    key = _policy_key(game, 2)
    later = bots.fork(game, random.Random(0))
    later._states = [later.state._replace(draws=1)]  # M2: the first draw is behind
    assert _policy_key(later, 2) != key
    moved = bots.fork(game, random.Random(0))
    moved._states = [moved.state._replace(moved=frozenset({game.movable_pawns()[0].id}))]
    assert _policy_key(moved, 2) != key
    other = Game(3, seed=5, options=RuleOptions(pawn_slide_over_pawn="stop"))
    while other.is_chance():
        other.sample_chance()
    assert _policy_key(other, 2) != key
    assert _policy_key(game, 3) != key
