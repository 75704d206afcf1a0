"""Saved work comes back: every state the package can reach (the advanced set-up step by
step, a game's start, a scenario) saves as a record and a position and loads back equal;
records that cannot be genuine are refused naming the key (issue 25, items 1, 4, 5).
Each case failed before its fix (see the commit that added it)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from finstere_widget.engine import Game, Position, PositionError, RuleOptions, monster_turn
from finstere_widget.engine.errors import RecordError, SetupError
from finstere_widget.engine.game import DrawTile, Phase
from finstere_widget.engine.moves import legal_moves
from finstere_widget.engine.setup import PIECE_KINDS, Placement

SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def round_trips(game: Game) -> None:
    """The game's record (JSON) and its position (JSON) load back to the same game and
    position: the record replays to the same state, the position is equal."""
    text = game.to_json()
    again = Game.from_record(text)
    assert again.to_record() == game.to_record()
    assert again.state == game.state
    position = game.position
    assert Position.from_json(position.to_json()) == position
    assert Position.from_dict(json.loads(json.dumps(position.to_dict()))) == position


def _place(game: Game, piece: str, rng: random.Random) -> None:
    choices = [a for a in game.legal_actions() if isinstance(a, Placement) and a.piece == piece]
    game.apply(rng.choice(choices))


# --- item 1: a half-placed teleporter pair ----------------------------------------------------


def test_A1_a_record_saved_after_one_teleporter_pad_loads_back() -> None:
    """A1: the pieces are placed one by one, so a pair is half placed between its two pads.
    The record, the position and a game view of that moment were refused ("pair 'yellow'
    has 1 pad(s)")."""
    game = Game(2, seed=1, advanced=True)
    _place(game, "teleporter_yellow", random.Random(0))
    assert len(game.position.teleporters) == 1
    round_trips(game)
    from finstere_widget.widget import GameView

    view = GameView(game=game)
    assert view.game.position == game.position


def test_B5_a_half_placed_pair_is_shown_but_not_played() -> None:
    """B5/M12: the monster's turn, a pawn's moves and a game from a position need both pads
    of each pair; a position with one pad of a pair loads, draws and saves, and is refused
    by the play doors with an error naming the pair."""
    game = Game(2, seed=1, advanced=True)
    _place(game, "teleporter_blue", random.Random(1))
    half = game.position
    assert "<svg" in half._repr_svg_()
    assert Position.from_diagram(half.diagram()) == half
    with pytest.raises(PositionError, match="pair 'blue'"):
        monster_turn(half, "8")
    with pytest.raises(PositionError, match="pair 'blue'"):
        legal_moves(half, half.pawns[0].id)
    with pytest.raises(PositionError, match="pair 'blue'"):
        Game.from_position(half)
    three = half.to_dict()
    three["teleporters"] = [
        {"at": [5, 5], "pair": "blue", "arrow": "N"},
        {"at": [7, 5], "pair": "blue", "arrow": "N"},
        {"at": [9, 5], "pair": "blue", "arrow": "N"},
    ]
    with pytest.raises(PositionError, match="pair 'blue' has 3 pad"):
        Position.from_dict(three)


@pytest.mark.parametrize("placement", ["rulebook", "online"])
@pytest.mark.parametrize("players", [2, 5, 7])
def test_A1_every_kind_of_set_up_step_round_trips(players: int, placement: str) -> None:
    """A1-A3: the whole advanced set-up, every kind of piece in turn (stones, crystals,
    pivots, both pools, a pad of each pair then its partner), each state saved as a record
    and a position and loaded back; then the first pawn phase it leads to."""
    rng = random.Random(f"{players}/{placement}")
    game = Game(
        players,
        seed=7,
        advanced=True,
        first_player=players - 1,
        options=RuleOptions(placement=placement),
    )
    round_trips(game)
    order = [k for k in PIECE_KINDS if k.startswith("teleporter")] + list(PIECE_KINDS)
    while game.phase == Phase.PLACEMENT:
        left = game.state.to_place
        piece = next(k for k in order if k in left)
        if piece.startswith("teleporter") and order[0] == piece:
            order.pop(0)  # one pad of each pair first: both pairs are half placed a while
        _place(game, piece, rng)
        round_trips(game)
    assert game.phase == Phase.PAWNS
    while game.phase == Phase.PAWNS:
        game.apply(rng.choice(game.legal_actions()))
        round_trips(game)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_S1_a_normal_game_round_trips_at_each_step_of_its_start(players: int) -> None:
    """The basic game's start: the first round's pawn phase (P10) and the first draw (M2),
    each state saved and loaded back."""
    rng = random.Random(players)
    game = Game(players, seed=players, first_player=players // 2)
    round_trips(game)
    while not game.is_chance():
        game.apply(rng.choice(game.legal_actions()))
        round_trips(game)
    game.sample_chance()
    round_trips(game)


@st.composite
def advanced_setups(draw: st.DrawFn) -> Game:
    """A game somewhere in (or just past) its advanced set-up: players, first placer and
    placement option drawn, then any number of legal placements, each drawn among the
    legal ones (A1-A3)."""
    players = draw(st.integers(2, 7))
    game = Game(
        players,
        seed=draw(st.integers(0, 2**64 - 1)),
        advanced=True,
        first_player=draw(st.integers(0, players - 1)),
        options=RuleOptions(placement=draw(st.sampled_from(["rulebook", "online"]))),
    )
    for _ in range(draw(st.integers(0, 17))):
        if game.phase != Phase.PLACEMENT:
            break
        left = sorted(set(game.state.to_place))
        piece = draw(st.sampled_from(left))
        choices = [a for a in game.legal_actions() if isinstance(a, Placement) and a.piece == piece]
        if not choices:  # the board leaves no room for this piece: another one
            continue
        game.apply(draw(st.sampled_from(choices)))
    return game


@SETTINGS
@given(advanced_setups())
def test_A1_any_state_of_an_advanced_set_up_round_trips(game: Game) -> None:
    round_trips(game)


# --- item 4: a finished game with "result": null ----------------------------------------------


def _finished() -> Game:
    game = Game(2, seed=3)
    rng = random.Random(3)
    while not game.is_terminal():
        if game.is_chance():
            game.sample_chance()
        else:
            game.apply(rng.choice(game.legal_actions()))
    return game


def test_S3_a_finished_game_recorded_as_going_on_is_refused() -> None:
    """S2/S3: ``"result": null`` says the game goes on; a replay that ends the game does not
    match it (it loaded and reported an outcome)."""
    record = _finished().to_record()
    assert Game.from_record(record).is_terminal()
    record["result"] = None
    with pytest.raises(RecordError, match="record.result"):
        Game.from_record(record)
    del record["result"]  # no result key: nothing is claimed, the replay tells
    assert Game.from_record(record).is_terminal()


def test_a_game_going_on_recorded_with_a_result_is_refused() -> None:
    game = Game(2, seed=3)
    record = game.to_record()
    record["result"] = _finished().to_record()["result"]
    with pytest.raises(RecordError, match="result"):
        Game.from_record(record)


# --- item 5: setup.round and setup.tiles_played without a scenario ---------------------------


@pytest.mark.parametrize(("key", "value"), [("round", 3), ("tiles_played", 2), ("round", 1)])
def test_S1_round_and_tiles_played_without_a_scenario_position_are_refused(
    key: str, value: int
) -> None:
    """S1/T1: ``setup.round`` and ``setup.tiles_played`` say where a scenario starts; a game
    from the start (no ``setup.position``) has neither. They were silently dropped."""
    record: dict[str, Any] = Game(2, seed=5).to_record()
    record["setup"][key] = value
    with pytest.raises(RecordError, match=f"record.setup.{key}"):
        Game.from_record(record)
    changed: dict[str, Any] = {key: value + 1}
    with pytest.raises(SetupError, match=key):
        Game(2, seed=5, **changed)


def test_S1_a_scenario_record_keeps_its_round_and_tiles_played() -> None:
    start = Game(2, seed=5)
    rng = random.Random(5)
    while not start.is_chance():
        start.apply(rng.choice(start.legal_actions()))
    game = Game.from_position(start.position, round=4, tiles_played=3, seed=9)
    record = Game.from_record(game.to_json())
    assert (record.state.round, record.state.tiles_played) == (4, 3)
    assert record.to_record()["setup"]["round"] == 4
    while not game.is_chance():
        game.apply(rng.choice(game.legal_actions()))
    game.apply(DrawTile(game.drawable_tiles()[0]))
    round_trips(game)


# --- found while looking: tiles chosen by hand lost the piles' seed --------------------------


def _by_hand(game: Game) -> Game:
    """``game`` with its next tile chosen by hand: one the pile's top is not (M1)."""
    rng = random.Random(11)
    while not game.is_chance():
        game.apply(rng.choice(game.legal_actions()))
    top = game.drawable_tiles()
    game.apply(DrawTile(next(t for t in top if t != game.state.pile[0])))
    assert not game.state.seeded
    return game


def test_M1_tiles_chosen_by_hand_keep_the_piles_seed() -> None:
    """M1/S1: a record of tiles chosen by hand wrote ``"seed": null``, and loaded on piles
    shuffled from seed 0: the pile left differed (its order, and in a scenario the tiles
    already played), so the game went on with other tiles than the saved one."""
    game = _by_hand(Game(3, seed=21))
    round_trips(game)
    rng = random.Random(12)
    while not game.is_chance():
        game.apply(rng.choice(game.legal_actions()))
    game.sample_chance()  # the pile's next tile: the same after loading
    round_trips(game)
    start = Game(2, seed=5)
    rng = random.Random(5)
    while not start.is_chance():
        start.apply(rng.choice(start.legal_actions()))
    scenario = _by_hand(Game.from_position(start.position, seed=9, tiles_played=3))
    round_trips(scenario)


def test_M1_a_record_claiming_tiles_by_hand_whose_tiles_are_the_seeds_is_refused() -> None:
    record = Game(2, seed=4).to_record()
    record["setup"]["tiles_by_hand"] = True
    game = Game(2, seed=4)
    while not game.is_chance():
        game.apply(game.legal_actions()[0])
    game.sample_chance()
    record = game.to_record()
    record["setup"]["tiles_by_hand"] = True
    with pytest.raises(RecordError, match="record.setup.tiles_by_hand"):
        Game.from_record(record)
    record["setup"]["tiles_by_hand"] = "yes"
    with pytest.raises(RecordError, match="record.setup.tiles_by_hand"):
        Game.from_record(record)


def test_M1_an_older_record_of_null_seed_still_loads() -> None:
    record = _by_hand(Game(2, seed=5)).to_record()
    del record["setup"]["tiles_by_hand"]
    record["setup"]["seed"] = None
    again = Game.from_record(record)
    assert again.history[-1].action == DrawTile(record["actions"][-1]["tile"])


# --- found while looking: the diagram of the monster on a teleporter pad --------------------


def test_M12_the_diagram_of_the_monster_on_a_teleporter_pad_reads_back() -> None:
    """M12: the monster arrives on a pad and stands there; its diagram (``str(position)``)
    shows the monster on that square and the pad in the legend, and reading it back said
    "no '=' at [x, y] in the grid"."""
    data = json.loads(
        json.dumps(
            {
                "format": "finstere-position/1",
                "monster": {"at": [9, 4], "facing": "E"},
                "teleporters": [
                    {"at": [9, 4], "pair": "yellow", "arrow": "E"},
                    {"at": [14, 6], "pair": "yellow", "arrow": "S"},
                ],
                "pools": [[[4, 8], [5, 8], [6, 8], [7, 8]]],
            }
        )
    )
    on_pad = Position.from_dict(data)
    assert Position.from_diagram(on_pad.diagram()) == on_pad
    data["monster"]["at"] = [5, 8]  # M9 slide_over_pawn=stop: the monster on a pool square
    on_pool = Position.from_dict(data)
    assert Position.from_diagram(on_pool.diagram()) == on_pool
    twice = on_pad.diagram().replace("teleporter yellow S 14,6", "teleporter yellow S 9,4")
    with pytest.raises(PositionError, match=r"\[9, 4\]"):
        Position.from_diagram(twice)


# --- found while looking: a puzzle file's keys other than its answer were dropped ------------


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("difficulty", 9),
        ("difficulty", True),
        ("rule", "M12"),
        ("rules", ["M4"]),
        ("choices", []),
        ("events", []),
    ],
)
def test_an_edited_puzzle_key_is_refused_not_dropped(key: str, value: Any) -> None:
    """A puzzle is re-derived from its position when loaded, and only its answer was held
    against the file: an edited difficulty, rule, choices or events loaded silently with
    other values than the file's. Every key the file gives must be what the rules give."""
    from finstere_widget.engine.errors import PuzzleError
    from finstere_widget.teach.predict import puzzles, puzzles_from_json, puzzles_to_json

    text = puzzles_to_json(puzzles("M5", n=1, seed=3))
    assert puzzles_to_json(puzzles_from_json(text)) == text
    data = json.loads(text)
    data["puzzles"][0][key] = value
    with pytest.raises(PuzzleError, match=rf"puzzles\[0\]\.{key}"):
        puzzles_from_json(json.dumps(data))


# --- found while looking: a pool built by hand saved as another position ---------------------


def test_B5_a_pool_built_by_hand_in_any_order_saves_as_the_same_position() -> None:
    """B5: ``Pool`` takes its squares in any order and ``validated()`` accepted them, but
    loading sorts them: the saved position loaded back unequal (docs/format.md: the output
    of ``to_dict`` loads back to an equal position). A checked position holds its pools'
    squares in reading order."""
    from finstere_widget.engine.pieces import Pool

    basic = Position.basic()
    shuffled = tuple(Pool(tuple(reversed(p.squares))) for p in basic.pools)
    hand = Position(basic.monster, basic.stones, shuffled).validated()
    assert hand == basic
    assert Position.from_json(hand.to_json()) == hand
    assert Position.from_diagram(hand.diagram()) == hand


@st.composite
def reached_games(draw: st.DrawFn) -> Game:
    """A game any number of actions in: players, options, basic or advanced drawn; each
    action drawn among the legal ones, a tile either the pile's or chosen by hand (M1)."""
    players = draw(st.integers(2, 7))
    options = RuleOptions(
        slide_over_pawn=draw(st.sampled_from(["eat", "stop"])),
        tiles_per_stage=draw(st.sampled_from([7, 8])),
        stage2_end=draw(st.sampled_from(["all_eaten", "board_empty"])),
        first_draw_rule=draw(st.sampled_from(["game_start", "every_stage", "off"])),
    )
    game = Game(
        players,
        seed=draw(st.integers(0, 2**64 - 1)),
        advanced=draw(st.booleans()),
        options=options,
    )
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(0, 60))):
        if game.is_terminal():
            break
        if game.is_chance() and draw(st.booleans()):
            game.sample_chance()
        else:
            game.apply(rng.choice(game.legal_actions()))
    return game


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(reached_games())
def test_any_state_a_game_reaches_saves_and_loads(game: Game) -> None:
    """Any state: the record and the position as JSON, and the position's diagram."""
    round_trips(game)
    assert (
        Position.from_diagram(game.position.diagram()).to_dict()["pawns"]
        == (game.position.to_dict()["pawns"])
    )


def test_M1_an_older_record_of_null_seed_saved_again_loads_again() -> None:
    """A ``null``-seed record replays on piles shuffled from seed 0; saved again, it must
    load again, also when its draws happen to be seed 0's (it was then written with
    ``tiles_by_hand`` and refused for draws that are the seed's)."""
    game = Game(2, seed=0)
    rng = random.Random(0)
    while not game.is_chance():
        game.apply(rng.choice(game.legal_actions()))
    game.sample_chance()  # seed 0's own tile
    record = game.to_record()
    record["setup"]["seed"] = None
    again = Game.from_record(record)
    round_trips(again)
    assert Game.from_record(again.to_json()).to_record() == again.to_record()
