"""The whole game: P1, P10, T1-T3, M2, S1-S4, A1-A3, undo, history, records."""

from __future__ import annotations

import json
from typing import Any

import pytest

from finstere_widget.design.bots import RandomBot, play_game
from finstere_widget.engine import (
    IllegalMoveError,
    OptionError,
    Pawn,
    Position,
    RuleOptions,
    SetupError,
)
from finstere_widget.engine.events import End, Flip
from finstere_widget.engine.game import CHANCE, TERMINAL, DrawTile, Game, Outcome, PawnMove, Phase
from finstere_widget.engine.pieces import COLOURS
from finstere_widget.engine.setup import PLACEMENT_PIECES, Placement, check_placement

PawnDict = dict[str, Any]


def random_game(players: int = 2, seed: int = 0, advanced: bool = False) -> Game:
    g = Game(players, seed=seed, advanced=advanced)
    return play_game(g, [RandomBot(f"{seed}/{k}") for k in range(g.n)])


def pawn_actions(g: Game) -> list[PawnMove]:
    """The legal actions of the pawn phase (every one of them a pawn move)."""
    actions = g.legal_actions()
    assert all(isinstance(a, PawnMove) for a in actions)
    return [a for a in actions if isinstance(a, PawnMove)]


def outcome(g: Game) -> Outcome:
    """The finished game's outcome."""
    out = g.outcome()
    assert out is not None, "the game is not over"
    return out


def first_moves(g: Game, path: tuple[str, ...] = ()) -> None:
    """Play the pawn phase: each player moves some pawn along ``path`` (default: flip; in
    the first round, P10, the first legal move onto the board)."""
    while g.phase == "pawns":
        if g.state.round == 1 and not path:
            g.apply(g.legal_actions()[0])
            continue
        p = g.movable_pawns()[0]
        g.apply(PawnMove(p.id, tuple(path)))


def scenario(pawns: list[PawnDict], stage: int = 1, **kw: Any) -> Position:
    """A basic-layout position with these pawns (dicts: id, player, light, dark, up, at)."""
    d = Position.basic().to_dict()
    d["pawns"] = pawns
    d["stage"] = stage
    d.update(kw)
    return Position.from_dict(d)


def pw(
    pid: str,
    player: str,
    at: str | list[int],
    light: int = 6,
    dark: int = 1,
    up: str = "light",
) -> PawnDict:
    return {"id": pid, "player": player, "light": light, "dark": dark, "up": up, "at": at}


# --- P1 -----------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(2, 8))
def test_P1_pawn_sets_and_colours(n: int) -> None:
    g = Game(n, seed=1)
    assert g.colours == COLOURS[:n]
    for colour in g.colours:
        # (dark, light): the rulebooks' 6/1, 4/3, 3/4, 2/5, dark number first
        pairs = sorted(
            ((p.dark, p.light) for p in g.position.pawns if p.player == colour), reverse=True
        )
        if n <= 4:
            assert pairs == [(6, 1), (4, 3), (3, 4), (2, 5)]
        else:
            assert pairs == [(6, 1), (3, 4), (2, 5)]
    assert all(p.at == "outside" and p.up == "light" for p in g.position.pawns)
    assert g.needed == (3 if n <= 4 else 2)


@pytest.mark.parametrize("n", range(2, 8))
def test_P1_every_player_starts_showing_1_3_4_5(n: int) -> None:
    """French rulebook, "Mise en place": white numbers up, so 1, 4 and 5 showing (and the 3
    with 2-4 players); the engine used to start with 6, 4, 3, 2 showing."""
    g = Game(n, seed=1)
    for colour in g.colours:
        showing = sorted(p.value for p in g.position.pawns if p.player == colour)
        assert showing == ([1, 3, 4, 5] if n <= 4 else [1, 4, 5])
    # after its first move each pawn shows its dark number: 6, 4, 3, 2
    blue1 = g.position.pawn("blue1")
    assert (blue1.value, blue1.flipped().value) == (1, 6)
    # the first pawn in moves 5 (2/5 pawn), not 6
    reach = {len(a.path) for a in pawn_actions(g) if a.pawn == "blue5"}
    assert max(reach) == 5


def test_P1_player_count_and_colours_checked() -> None:
    for bad in (1, 8, ["blue", "blue"], ["blue", "pink"]):
        with pytest.raises(SetupError):
            Game(bad)
    g = Game(["red", "green", "blue"], seed=3)
    assert g.colours == ("red", "green", "blue")


# --- P10, T1, T2 -----------------------------------------------------------------------------


def test_P10_first_round_two_pawns_each_onto_the_board_the_rest_flipped_outside() -> None:
    g = Game(3, seed=5, first_player=1)
    order = []
    while g.phase == "pawns":
        order.append(g.current_colour)
        g.apply(g.legal_actions()[-1])
    assert order == ["yellow", "red", "blue"] * 2  # clockwise from the first player, twice
    assert g.is_chance()
    for colour in g.colours:  # two pawns each entered, the other two wait outside
        places = sorted(
            "outside" if p.at == "outside" else "board"
            for p in g.position.pawns
            if p.player == colour
        )
        assert places == ["board", "board", "outside", "outside"]
    # every pawn was flipped once: two by their moves, the others by P10
    assert all(p.up == "dark" for p in g.position.pawns)
    flips = [e for h in g.history for e in h.extra if isinstance(e, Flip)]
    assert len(flips) == 3 * 2 and all(e.rule == "P10" for e in flips)
    with pytest.raises(IllegalMoveError) as info:
        g.apply(PawnMove("blue1", ()))
    assert info.value.rule == "T1"


def test_P10_a_zero_square_move_outside_is_not_one_of_the_two() -> None:
    """Round 1 used to end with every pawn still outside (each player flipping two)."""
    g = Game(2, seed=1)
    acts = g.legal_actions()
    assert acts and all(a.path[:1] == ("IN",) for a in pawn_actions(g))  # every legal move enters
    assert all(o.to != "outside" for o in g.pawn_moves("blue5"))
    s = g.state
    with pytest.raises(IllegalMoveError) as info:
        g.apply(PawnMove("blue5", ()))
    assert info.value.rule == "P10" and "blue5" in str(info.value)
    assert g.state is s
    # a whole first round of flips only is impossible: each player enters two pawns
    while g.phase == "pawns":
        g.apply(g.legal_actions()[0])
    assert sum(p.on_board for p in g.position.pawns) == 4


def test_P10_the_refusal_names_the_pawn_that_could_enter() -> None:
    """A pawn that could enter itself is told so (it read 'blue5 may not stay outside while
    blue5 can enter'); one that cannot is told which of its partners can."""
    g = Game(2, seed=1)
    with pytest.raises(IllegalMoveError, match=r"; blue5 can enter, so it may not stay outside$"):
        g.apply(PawnMove("blue5", ()))
    g.apply(PawnMove("blue3", ("IN", "N")))
    g.apply(PawnMove("yellow1", ("IN",)))  # yellow's 1 holds the entrance: blue1 cannot enter
    with pytest.raises(IllegalMoveError, match=r"; blue1 may not stay outside while blue4 can"):
        g.apply(PawnMove("blue1", ()))


def test_P10_a_pawn_that_cannot_enter_at_all_is_the_only_exception() -> None:
    # yellow's pawn stands on the entrance: blue's pawn showing 1 cannot get in (P5)
    pos = scenario(
        [
            pw("b1", "blue", "outside", 1, 6),
            pw("b5", "blue", "outside", 5, 2),
            pw("y1", "yellow", [15, 10], 1, 6),
        ]
    )
    g = Game.from_position(pos, seed=0, round=1)
    assert [p.id for p in g.movable_pawns()] == ["b5"]  # b5 can enter: b1 must wait
    assert g.pawn_moves("b1") == []
    with pytest.raises(IllegalMoveError) as info:
        g.apply(PawnMove("b1", ()))
    assert info.value.rule == "P10" and "b5 can enter" in str(info.value)
    g.apply(PawnMove("b5", ("IN", "W", "W")))
    g.apply(PawnMove("y1", ()))  # stays on the entrance: on the board, so it counts
    # now b1 is blue's only pawn and it cannot enter: flipped outside (not one of the two)
    assert [o.path for o in g.pawn_moves("b1")] == [()]
    entry = g.apply(PawnMove("b1", ()))
    assert entry.move is not None
    assert entry.move.to == "outside" and g.is_chance()
    assert g.position.pawn("b1").value == 6


def test_P10_a_pawn_flipped_outside_is_not_one_of_the_two_when_the_way_in_opens() -> None:
    """P10: a 0-square move outside never counts as one of the two pawns moved onto the
    board, even when no pawn could enter: once the way in opens, blue brings two in."""
    stones = Position.basic().to_dict()["stones"] + [
        {"at": [14, 10], "kind": "stone"},  # pushed west only when (13, 10) is free
        {"at": [15, 9], "kind": "stone"},  # cannot be pushed north: (15, 8) holds a stone
        {"at": [15, 8], "kind": "stone"},
    ]
    pos = scenario(
        [
            pw("b1", "blue", "outside", 1, 6),
            pw("b3", "blue", "outside", 3, 4),
            pw("b4", "blue", "outside", 4, 3),
            pw("y1", "yellow", [15, 10], 1, 6),
            pw("y5", "yellow", [13, 10], 5, 2),
        ],
        stones=stones,
    )
    g = Game.from_position(pos, seed=0, round=1)
    assert [o.path for o in g.pawn_moves("b3")] == [()]  # no blue pawn can enter yet
    g.apply(PawnMove("b1", ()))
    assert g.state.moves_made == (0, 0)
    g.apply(PawnMove("y5", ("N",)))  # (13, 10) is free: the stone on (14, 10) can move
    g.apply(PawnMove("b3", ("IN", "W")))
    g.apply(PawnMove("y1", ()))
    assert g.phase == "pawns" and g.current_colour == "blue"
    assert [p.id for p in g.movable_pawns()] == ["b4"]
    assert all(o.to != "outside" for o in g.pawn_moves("b4"))
    with pytest.raises(IllegalMoveError) as info:
        g.apply(PawnMove("b4", ()))
    assert info.value.rule == "P10"
    g.apply(PawnMove("b4", ("IN", "W", "W")))  # over b3, pushing the stone on (13, 10)
    assert g.is_chance()
    assert g.position.pawn("b4").at == (13, 10) and g.position.pawn("b1").at == "outside"


def test_P10_third_move_in_first_round_refused() -> None:
    g = Game(2, seed=1)
    for _ in range(3):
        g.apply(g.legal_actions()[0])
    assert g.current_colour == "yellow" and g.state.moves_made == (2, 1)
    assert g.movable_pawns(0) == []  # blue has moved its two pawns
    g.apply(g.legal_actions()[0])
    assert g.is_chance()
    assert g.state.moves_made == (2, 2)


def test_T1_round_pawn_phase_monster_phase_marker_passes_left() -> None:
    g = Game(3, seed=2, first_player=2)
    assert g.state.first == 2 and g.current_colour == "red"
    first_moves(g)
    assert g.is_chance() and g.current_player == -1
    turn = g.sample_chance()
    assert turn.events[-1].type == "end"
    assert g.state.round == 2 and g.state.first == 0 and g.current_colour == "blue"


def test_T2_clockwise_one_pawn_each_and_wrong_moves_refused() -> None:
    g = Game(2, seed=4)
    first_moves(g)
    g.sample_chance()
    assert g.current_colour == "yellow"  # round 2: the marker passed
    with pytest.raises(IllegalMoveError) as info:
        g.apply(PawnMove("blue1", ()))
    assert info.value.rule == "T2"
    g.apply(PawnMove("yellow1", ()))
    assert g.current_colour == "blue"
    g.apply(PawnMove("blue1", ()))
    with pytest.raises(IllegalMoveError) as info:
        g.apply(PawnMove("yellow1", ()))  # moved already this phase
    assert info.value.rule == "T2"


def test_T2_FAQ3_player_without_pawns_passes_for_the_rest_of_the_phase() -> None:
    pos = scenario(
        [
            pw("b1", "blue", [5, 5]),
            pw("b2", "blue", "escaped"),
            pw("y1", "yellow", [10, 5]),
            pw("y2", "yellow", [11, 6]),
            pw("y3", "yellow", "outside"),
        ]
    )
    g = Game.from_position(pos, seed=1)
    seq = []
    while g.phase == "pawns":
        seq.append(g.current_colour)
        g.apply(PawnMove(g.movable_pawns()[0].id, ()))
    assert seq == ["blue", "yellow", "yellow", "yellow"]
    assert g.is_chance()


def test_T2_phase_ends_when_every_pawn_in_play_moved_once() -> None:
    g = Game(2, seed=9)
    first_moves(g)
    g.sample_chance()
    ups = {p.id: p.up for p in g.position.pawns}
    moved = []
    while g.phase == "pawns":
        p = g.movable_pawns()[0]
        moved.append(p.id)
        g.apply(PawnMove(p.id, ()))
    assert sorted(moved) == sorted(ups)
    assert all(p.up != ups[p.id] for p in g.position.pawns)


# --- T3 -----------------------------------------------------------------------------------


def test_T3_FAQ4_eaten_pawn_waits_outside_with_its_face_and_may_reenter_or_flip() -> None:
    pos = scenario(
        [pw("b", "blue", [3, 0], 4, 3, "dark"), pw("y", "yellow", [10, 10])],
        monster={"at": [0, 0], "facing": "E"},
    )
    g = Game.from_position(pos, seed=0)
    g.apply(PawnMove("b", ()))  # b now shows 4 (light), stays in the monster's way
    g.apply(PawnMove("y", ()))
    g.apply(DrawTile("5"))
    b = g.position.pawn("b")
    assert b.at == "outside" and b.up == "light"  # M7: keeps its face (T3)
    assert g.position.stage == 1
    assert g.current_colour == "yellow"  # T1: the marker passed
    g.apply(PawnMove("y", ()))
    paths = {a.path for a in pawn_actions(g) if a.pawn == "b"}
    assert () in paths and ("IN",) in paths  # flip outside, or re-enter (FAQ 4)
    g.apply(PawnMove("b", ("IN", "W")))
    assert g.position.pawn("b").at == (14, 10)


# --- M2 -----------------------------------------------------------------------------------


def test_M2_first_tile_of_the_game_is_never_a_prey_tile() -> None:
    for seed in range(40):
        g = Game(2, seed=seed)
        first_moves(g)
        assert {t for t, _ in g.chance_outcomes()} == {"5", "7", "8", "10"}
        turn = g.sample_chance()
        assert turn.tile in ("5", "7", "8", "10")
        assert len(g.state.pile) == 7


def test_M2_explicit_prey_first_tile_refused_and_option_off() -> None:
    g = Game(2, seed=0)
    first_moves(g)
    with pytest.raises(IllegalMoveError) as info:
        g.apply(DrawTile("XX"))
    assert info.value.rule == "M2"
    g2 = Game(2, seed=0, options=RuleOptions(first_draw_rule="off"))
    first_moves(g2)
    assert {t for t, _ in g2.chance_outcomes()} == {"5", "7", "8", "10", "X", "XX"}
    g2.apply(DrawTile("X"))


def test_M2_every_stage_option_applies_at_stage_two() -> None:
    opts = RuleOptions(first_draw_rule="every_stage")
    g = Game(2, seed=3, options=opts)
    for _ in range(7):
        first_moves(g)
        g.sample_chance()
    assert g.position.stage == 2
    first_moves(g)
    assert {t for t, _ in g.chance_outcomes()} == {"5", "7", "8", "10"}
    g_default = Game(2, seed=3)
    for _ in range(7):
        first_moves(g_default)
        g_default.sample_chance()
    first_moves(g_default)
    assert "X" in {t for t, _ in g_default.chance_outcomes()}


# --- S1 -----------------------------------------------------------------------------------


@pytest.mark.parametrize("per_stage", [7, 8])
def test_S1_stage_two_after_tiles_per_stage_and_end_of_stage_two(per_stage: int) -> None:
    g = Game(2, seed=11, options=RuleOptions(tiles_per_stage=per_stage))
    for _ in range(per_stage):
        assert g.position.stage == 1
        first_moves(g)
        g.sample_chance()
    assert g.position.stage == 2 and len(g.state.pile) == 8 and g.state.tiles_played == 0
    for _ in range(per_stage):
        assert not g.is_terminal()
        first_moves(g)
        g.sample_chance()
    assert g.is_terminal()
    out = outcome(g)
    assert out.rule == "S3" and "stage 2" in out.reason
    assert all(p.at in ("eaten", "escaped") for p in g.position.pawns)
    assert out.winner is None  # nobody escaped: a draw


@pytest.mark.parametrize("per_stage", [7, 8])
def test_S1_tiles_to_play_counts_the_monster_turns_each_stage_still_has(per_stage: int) -> None:
    """``Game.tiles_to_play()`` (the "tiles left" of the game view and the terminal game)
    is the monster turns the stage still has, one less after each, and the stage ends when
    it reaches 0: with 7 tiles a stage, 7 at its start though the pile holds 8 (S1)."""
    g = Game(2, seed=11, options=RuleOptions(tiles_per_stage=per_stage))
    for stage in (1, 2):
        for played in range(per_stage):
            assert g.position.stage == stage and not g.is_terminal()
            assert g.tiles_to_play() == per_stage - played
            assert len(g.state.pile) == 8 - played
            first_moves(g)
            g.sample_chance()
    assert g.is_terminal() and g.tiles_to_play() == 0


@pytest.mark.parametrize(("pile", "stage2"), [("same", 7), ("all", 8)])
def test_S1_stage2_pile_same_or_all_eight_the_online_guides_reading(pile: str, stage2: int) -> None:
    """S1, ``stage2_pile``: stage 2 plays as many tiles as stage 1 (``same``, default), or
    its whole pile of eight (``all``: the online guide ends stage 2 when "la pioche de
    cartes monstre est épuisée", after 7 of 8 in stage 1)."""
    g = Game(2, seed=11, options=RuleOptions.parse({"stage2_pile": pile}))
    for _ in range(7):
        assert g.position.stage == 1
        first_moves(g)
        g.sample_chance()
    assert g.position.stage == 2 and g.tiles_to_play() == stage2
    for played in range(stage2):
        assert not g.is_terminal() and g.tiles_to_play() == stage2 - played
        first_moves(g)
        g.sample_chance()
    assert g.is_terminal() and outcome(g).rule == "S3"
    # a game set up in stage 2 may have played up to the stage's tiles less one
    pos = scenario([pw("b", "blue", [3, 0]), pw("y", "yellow", [12, 10])], stage=2)
    opts = RuleOptions.parse({"stage2_pile": pile})
    assert (
        Game.from_position(pos, seed=0, options=opts, tiles_played=stage2 - 1).tiles_to_play() == 1
    )
    with pytest.raises(SetupError, match="tiles_played"):
        Game.from_position(pos, seed=0, options=opts, tiles_played=stage2)


def test_S1_stage_two_eaten_pawns_are_out_for_good() -> None:
    pos = scenario(
        [pw("b", "blue", [3, 0]), pw("b2", "blue", [9, 9]), pw("y", "yellow", [12, 10])], stage=2
    )
    g = Game.from_position(pos, seed=0)
    g.apply(PawnMove("b", ()))
    g.apply(PawnMove("y", ()))
    g.apply(PawnMove("b2", ()))
    g.apply(DrawTile("5"))
    assert g.position.pawn("b").at == "eaten"


# --- S2, S3 -------------------------------------------------------------------------------


def test_S2_all_pawns_but_one_wins_at_once() -> None:
    pos = scenario(
        [
            pw("b1", "blue", "escaped"),
            pw("b2", "blue", "escaped"),
            pw("b3", "blue", [2, 0], 3, 4),
            pw("b4", "blue", "outside"),
            pw("y1", "yellow", [10, 10]),
            pw("y2", "yellow", "outside"),
            pw("y3", "yellow", "escaped"),
            pw("y4", "yellow", "escaped"),
        ],
        monster={"at": [8, 8], "facing": "N"},
    )
    g = Game.from_position(pos, seed=0)
    assert g.needed == 3
    g.apply(PawnMove("b3", ("W", "W", "OUT")))
    assert g.is_terminal()
    assert outcome(g).winner == "blue" and outcome(g).rule == "S2"


def test_S2_five_to_seven_players_need_two() -> None:
    g = Game(5, seed=0)
    assert g.needed == 2


def test_S2_finish_round_option_plays_the_round_out_first_to_reach_wins_ties() -> None:
    pawns = [
        pw("b1", "blue", "escaped"),
        pw("b2", "blue", "escaped"),
        pw("b3", "blue", [2, 0], 3, 4),
        pw("b4", "blue", "outside"),
        pw("y1", "yellow", [1, 0], 2, 5),
        pw("y2", "yellow", "escaped"),
        pw("y3", "yellow", "escaped"),
        pw("y4", "yellow", "outside"),
    ]
    pos = scenario(pawns, monster={"at": [8, 8], "facing": "N"})
    g = Game.from_position(pos, seed=0, options=RuleOptions(finish_round=True))
    g.apply(PawnMove("b3", ("W", "W", "OUT")))
    assert not g.is_terminal()  # the round goes on
    g.apply(PawnMove("y1", ("W", "OUT")))  # yellow reaches 3 too, later
    while not g.is_terminal():
        g.apply(PawnMove(g.movable_pawns()[0].id, ()))
    out = outcome(g)
    assert out.winner == "blue" and out.escaped == {"blue": 3, "yellow": 3}


def test_S2_finish_round_most_escaped_wins_over_first_to_reach() -> None:
    """The engine's reading of the played-out round (docs/rules.md S2): a player who brings
    out their last pawn too has more pawns out than the one who reached the win first, and
    wins, as S3 counts; reaching the number first only breaks a tie."""
    pawns = [
        pw("b1", "blue", "escaped"),
        pw("b2", "blue", "escaped"),
        pw("b3", "blue", [2, 0], 3, 4),
        pw("b4", "blue", [3, 0], 4, 3),
        pw("y1", "yellow", [1, 0], 2, 5),
        pw("y2", "yellow", "escaped"),
        pw("y3", "yellow", "escaped"),
        pw("y4", "yellow", [9, 7], 3, 4),
    ]
    pos = scenario(pawns, monster={"at": [8, 8], "facing": "N"})
    opts = RuleOptions(finish_round=True)
    g = Game.from_position(pos, seed=0, options=opts, first_player=1)
    g.apply(PawnMove("y1", ("W", "OUT")))  # yellow reaches 3 first
    assert not g.is_terminal()
    g.apply(PawnMove("b3", ("W", "W", "OUT")))  # blue reaches 3 later
    g.apply(PawnMove("y4", ()))
    g.apply(PawnMove("b4", ("W", "W", "W", "OUT")))  # blue's last pawn out too
    assert g.is_terminal()
    out = outcome(g)
    assert out.rule == "S2" and out.escaped == {"blue": 4, "yellow": 3}
    assert out.winner == "blue"


def test_S2_S3_a_scenario_already_won_or_over_is_refused_naming_the_rule() -> None:
    """A game from a position must leave a game to play: a player who has already escaped
    all pawns but one has won (S2), and a stage-2 position without a pawn in play is over
    (S3). Before, such a game went on as if nobody had won."""
    won = [pw(f"b{k}", "blue", "escaped") for k in range(3)]
    won += [pw("b3", "blue", [5, 5]), pw("r0", "red", [9, 9])]
    with pytest.raises(SetupError, match=r"blue has already escaped 3 pawns.*\(S2\)"):
        Game.from_position(scenario(won), seed=0)
    with pytest.raises(SetupError, match=r"\(S2\)"):  # the game record's door too
        Game.from_position(scenario(won), seed=0, players=["red", "blue"])
    # one pawn short of the win: a game to play
    assert Game.from_position(scenario(won[1:]), seed=0).outcome() is None
    # five players: two escaped of three is the win
    five = [pw(f"{c}0", c, "escaped") for c in ("blue", "yellow")] + [pw("b1", "blue", "escaped")]
    five += [pw(f"{c}0", c, "outside") for c in ("red", "green", "purple")]
    with pytest.raises(SetupError, match=r"blue has already escaped 2 pawns"):
        Game.from_position(scenario(five), seed=0)
    over = [pw("b0", "blue", "escaped"), pw("b1", "blue", "eaten"), pw("r0", "red", "eaten")]
    with pytest.raises(SetupError, match=r"stage 2.*\(S3\)"):
        Game.from_position(scenario(over, stage=2), seed=0)
    assert Game.from_position(scenario(over, stage=1), seed=0).outcome() is None


def test_S3_stage_two_ends_when_no_pawn_is_left_tie_to_first_to_reach() -> None:
    pos = scenario(
        [
            pw("b", "blue", [3, 0]),
            pw("y", "yellow", [4, 0]),
            pw("b2", "blue", "escaped"),
            pw("y2", "yellow", [1, 0], 2, 5),
        ],
        stage=2,
        monster={"at": [8, 0], "facing": "W"},
    )
    g = Game.from_position(pos, seed=0)
    g.apply(PawnMove("b", ()))
    g.apply(PawnMove("y2", ("W", "OUT")))  # yellow: 1 escaped, after blue's earlier one
    g.apply(PawnMove("y", ()))
    assert g.is_chance()
    g.apply(DrawTile("10"))  # the monster eats b and y
    assert g.is_terminal()
    out = outcome(g)
    assert out.rule == "S3" and out.escaped == {"blue": 1, "yellow": 1}
    # blue's escape is in the starting position; yellow's came later: the first to reach wins
    assert out.winner == "blue"


def test_S3_tie_break_whoever_reached_the_number_first() -> None:
    pos = scenario(
        [
            pw("b", "blue", [1, 0], 2, 5),
            pw("y", "yellow", [0, 1], 2, 5),
            pw("b2", "blue", [3, 0]),
            pw("y2", "yellow", [4, 0]),
        ],
        stage=2,
        monster={"at": [8, 0], "facing": "W"},
    )
    g = Game.from_position(pos, seed=0, first_player=1)
    g.apply(PawnMove("y", ("N", "OUT")))  # yellow escapes first
    g.apply(PawnMove("b", ("W", "OUT")))
    g.apply(PawnMove("y2", ()))
    g.apply(PawnMove("b2", ()))
    g.apply(DrawTile("10"))
    assert g.is_terminal()
    out = outcome(g)
    assert out.escaped == {"blue": 1, "yellow": 1} and out.winner == "yellow" and out.rule == "S3"


@pytest.mark.parametrize(("first", "winner"), [("y2", "yellow"), ("b2", "blue")])
def test_S3_a_scenarios_escaped_pawns_escaped_in_the_order_the_position_lists_them(
    first: str, winner: str
) -> None:
    """S3 (issue 25, 18): in ``Game.from_position`` the pawns already escaped escaped in
    the order the position lists them, so a tie between them goes to the player whose
    pawn is listed first -- not to the first seat."""
    escaped = [pw("y2", "yellow", "escaped"), pw("b2", "blue", "escaped")]
    if first == "b2":
        escaped.reverse()
    pos = scenario(
        [pw("b", "blue", [3, 0]), pw("y", "yellow", [4, 0]), *escaped],
        stage=2,
        monster={"at": [8, 0], "facing": "W"},
    )
    g = Game.from_position(pos, seed=0)
    assert g.colours == ("blue", "yellow")
    g.apply(PawnMove("b", ()))
    g.apply(PawnMove("y", ()))
    g.apply(DrawTile("10"))
    out = outcome(g)
    assert out.rule == "S3" and out.escaped == {"blue": 1, "yellow": 1}
    assert out.winner == winner


def _stage2_board_emptied_by_the_monster(option: str) -> Game:
    """Stage 2: the monster eats both pawns on the board; blue's b2 still waits outside."""
    pos = scenario(
        [
            pw("b", "blue", [3, 0]),
            pw("y", "yellow", [4, 0]),
            pw("b2", "blue", "outside"),
            pw("y2", "yellow", "escaped"),
        ],
        stage=2,
        monster={"at": [8, 0], "facing": "W"},
    )
    g = Game.from_position(pos, seed=0, options=RuleOptions(stage2_end=option))
    for pid in ("b", "y", "b2"):
        g.apply(PawnMove(pid, ()))
    g.apply(DrawTile("10"))
    assert not any(p.on_board for p in g.position.pawns)
    assert g.position.pawn("b2").at == "outside"
    return g


def test_S3_stage2_end_board_empty_ends_with_pawns_still_waiting_outside() -> None:
    g = _stage2_board_emptied_by_the_monster("board_empty")
    assert g.is_terminal()
    out = outcome(g)
    assert out.rule == "S3" and "board" in out.reason and "stage2_end" in out.reason
    assert out.winner == "yellow" and out.escaped == {"blue": 0, "yellow": 1}
    record = g.to_record()
    assert record["options"]["stage2_end"] == "board_empty"
    assert Game.from_record(record).outcome() == out


def test_S3_stage2_end_all_eaten_by_default_the_waiting_pawn_plays_on() -> None:
    g = _stage2_board_emptied_by_the_monster("all_eaten")
    assert RuleOptions().stage2_end == "all_eaten"
    assert not g.is_terminal() and g.phase == "pawns"
    assert [p.id for p in g.movable_pawns()] == ["b2"]


def test_S3_stage2_end_board_empty_checked_when_the_pawn_phase_is_over() -> None:
    # blue's last pawn on the board escapes; the waiting pawns stay outside this phase
    pos = scenario(
        [
            pw("b", "blue", [1, 0], 2, 5),
            pw("b2", "blue", "outside"),
            pw("y", "yellow", "outside"),
            pw("y2", "yellow", "escaped"),
        ],
        stage=2,
        monster={"at": [10, 0], "facing": "W"},
    )
    for option, ends in (("board_empty", True), ("all_eaten", False)):
        g = Game.from_position(pos, seed=0, options=RuleOptions(stage2_end=option))
        g.apply(PawnMove("b", ("W", "OUT")))
        assert not g.is_terminal()  # yellow and b2 may still enter this phase
        g.apply(PawnMove("y", ()))
        g.apply(PawnMove("b2", ()))
        assert g.is_terminal() is ends
        if ends:  # a tie of one each: yellow's escape came first (ply 0)
            assert outcome(g).winner == "yellow" and outcome(g).rule == "S3"
        else:
            assert g.is_chance()


def test_S3_stage2_end_option_from_the_command_line() -> None:
    from finstere_widget.cli import main

    assert main(["play", "--watch", "--seed", "2", "--option", "stage2_end=board_empty"]) == 0
    assert main(["play", "--watch", "--option", "stage2_end=sometimes"]) == 2


# --- S4 -----------------------------------------------------------------------------------


def test_S4_five_is_a_three_prey_tile() -> None:
    g = Game(6, seed=0, options=RuleOptions(five_is_three_prey=True))
    first_moves(g)
    # the 5 is a prey tile now: not allowed as the first tile (M2)
    assert {t for t, _ in g.chance_outcomes()} == {"7", "8", "10"}
    pos = scenario(
        [
            pw("a", "blue", [3, 0]),
            pw("b", "yellow", [6, 0]),
            pw("c", "red", [9, 0]),
            pw("d", "green", [10, 10]),
            pw("e", "purple", "escaped"),
            pw("f", "black", "escaped"),
        ],
        monster={"at": [0, 0], "facing": "E"},
    )
    g = Game.from_position(
        pos, seed=0, options=RuleOptions(five_is_three_prey=True, first_draw_rule="off")
    )
    first_moves(g)
    turn = g.apply(DrawTile("5")).monster
    assert turn is not None
    last = turn.events[-1]
    assert isinstance(last, End)
    assert len(turn.eaten) == 3 and last.steps > 5


@pytest.mark.parametrize("n", range(2, 6))
def test_S4_five_is_three_prey_refused_with_fewer_than_six_players(n: int) -> None:
    opts = RuleOptions(five_is_three_prey=True)
    with pytest.raises(OptionError, match="S4"):
        Game(n, seed=0, options=opts)
    pos = scenario([pw("a", "blue", [3, 0]), pw("b", "yellow", [6, 0])])
    with pytest.raises(OptionError, match="S4"):
        Game.from_position(pos, seed=0, options=opts)
    with pytest.raises(OptionError, match="S4"):  # a record cannot smuggle it in either
        Game.from_record(
            {
                "format": "finstere-game/1",
                "options": {"five_is_three_prey": "on"},
                "setup": {"players": list(COLOURS[:n]), "seed": 0},
                "actions": [],
            }
        )
    for k in (6, 7):
        assert Game(k, seed=0, options=opts).options.five_is_three_prey


# --- A1-A3 --------------------------------------------------------------------------------


def test_A1_placement_phase_clockwise_then_next_player_is_first() -> None:
    g = Game(3, seed=0, advanced=True, first_player=1)
    assert g.phase == "placement" and g.current_colour == "yellow"
    assert g.position.stones == () and g.position.pools == ()
    bot = RandomBot(0)
    placers = []
    while g.phase == "placement":
        placers.append(g.current_player)
        g.apply(bot.choose(g))
    assert len(placers) == len(PLACEMENT_PIECES) == 17
    assert placers[:4] == [1, 2, 0, 1]
    last = placers[-1]
    assert g.phase == "pawns" and g.state.first == (last + 1) % 3
    pos = g.position
    assert len(pos.stones) == 11 and len(pos.pools) == 2 and len(pos.teleporters) == 4
    Position.from_dict(pos.to_dict())  # a valid position


def _placed(*placements: Placement) -> Position:
    from finstere_widget.engine.setup import apply_placement

    pos = Position.from_dict(
        {"format": "finstere-position/1", "monster": {"at": [0, 0], "facing": "E"}}
    )
    for p in placements:
        pos = apply_placement(pos, p)
    return pos


def _refused(pos: Position, placement: Placement, options: RuleOptions | None = None) -> str | None:
    options = options or RuleOptions()
    with pytest.raises(IllegalMoveError) as info:
        check_placement(pos, placement, PLACEMENT_PIECES, options)
    return info.value.rule


def test_A2_placement_limits() -> None:
    empty = _placed()
    for sq in [(0, 0), (1, 0), (0, 1), (1, 1), (15, 10), (14, 9), (15, 9), (14, 10)]:
        assert _refused(empty, Placement("stone", sq)) == "A2"
    check_placement(empty, Placement("stone", (2, 0)), PLACEMENT_PIECES, RuleOptions())
    one = _placed(Placement("stone", (5, 5)))
    assert _refused(one, Placement("crystal", (5, 5))) == "A2"  # never overlap
    assert _refused(one, Placement("pool_2x2", (4, 4))) == "A2"
    assert _refused(empty, Placement("pool_1x4", (10, 0), "h")) == "A2"  # runs off the board
    tele = _placed(Placement("teleporter_blue", (6, 6), "N"))
    assert _refused(tele, Placement("teleporter_yellow", (6, 7), "E")) == "A2"
    # A2: diagonally adjacent too (the French set-up list counts the diagonals)
    assert _refused(tele, Placement("teleporter_yellow", (7, 7), "E")) == "A2"
    check_placement(
        tele, Placement("teleporter_yellow", (8, 7), "E"), PLACEMENT_PIECES, RuleOptions()
    )
    assert _refused(empty, Placement("teleporter_blue", (6, 6))) == "A1"  # needs an arrow
    assert _refused(empty, Placement("dragon", (6, 6))) == "A1"
    done = _placed(Placement("pool_2x2", (5, 5)))
    with pytest.raises(IllegalMoveError):
        check_placement(done, Placement("pool_2x2", (8, 2)), ("stone",), RuleOptions())


def test_A3_online_placement_limits() -> None:
    online = RuleOptions(placement="online")
    empty = _placed()
    assert _refused(empty, Placement("stone", (2, 0)), online) == "A3"  # within 2 of the exit
    assert _refused(empty, Placement("stone", (13, 10)), online) == "A3"
    check_placement(empty, Placement("stone", (2, 1)), PLACEMENT_PIECES, online)
    # pools: at least 8 from the entrance, not against a wall, not next to the other pool
    assert _refused(empty, Placement("pool_2x2", (10, 6)), online) == "A3"
    assert _refused(empty, Placement("pool_2x2", (4, 0)), online) == "A3"
    check_placement(empty, Placement("pool_2x2", (4, 3)), PLACEMENT_PIECES, online)
    one = _placed(Placement("pool_2x2", (4, 3)))
    assert _refused(one, Placement("pool_1x4", (6, 3), "h"), online) == "A3"
    check_placement(one, Placement("pool_1x4", (7, 3), "h"), PLACEMENT_PIECES, online)


@pytest.mark.parametrize("placement", ["rulebook", "online"])
def test_A1_A2_A3_legal_placements_are_exactly_those_check_placement_accepts(
    placement: str,
) -> None:
    """``legal_placements`` tests each square once (the bots' speed); every candidate
    (each piece kind, square of the 16 x 11 grid and orientation) is checked in full by
    ``check_placement`` at each step of advanced set-ups played at random (four players, so
    both teleporter pairs), and the two lists agree, in order."""
    import random

    from finstere_widget.engine.board import HEIGHT, WIDTH
    from finstere_widget.engine.errors import IllegalMoveError
    from finstere_widget.engine.setup import PIECE_KINDS, legal_placements

    options = RuleOptions(placement=placement)
    # the orientations each kind takes (check_placement's refusals of others: A1's tests)
    ORIENTATIONS: dict[str, tuple[str, ...]] = {k: ("",) for k in PIECE_KINDS}
    ORIENTATIONS.update({k: ("N", "E", "S", "W") for k in PIECE_KINDS if k.startswith("tele")})
    ORIENTATIONS["pool_1x4"] = ("h", "v")
    steps = 0
    for seed in range(3):
        game = Game(["blue", "yellow", "red", "green"], seed=seed, advanced=True, options=options)
        rng = random.Random(seed)
        while game.state.phase.value == "placement":
            pos, left = game.position, game.state.to_place
            accepted = []
            for piece in PIECE_KINDS:
                for y in range(-1, HEIGHT + 1):
                    for x in range(-1, WIDTH + 1):
                        for o in ORIENTATIONS[piece]:
                            pl = Placement(piece, (x, y), o)
                            try:
                                check_placement(pos, pl, left, options)
                            except IllegalMoveError:
                                continue
                            accepted.append(pl)
            fast = legal_placements(pos, left, options)
            assert fast == sorted(
                accepted,
                key=lambda p: (
                    PIECE_KINDS.index(p.piece),
                    p.at[1],
                    p.at[0],
                    "NESWhv".find(p.orientation),
                ),
            ), (seed, steps)
            assert fast, "a step with nothing to place"
            steps += 1
            game.apply(rng.choice(fast))
    assert steps > 20


# --- API: legal actions, undo, history ------------------------------------------------------


def test_legal_actions_and_undo_restore_the_state() -> None:
    g = Game(2, seed=8)
    acts = g.legal_actions()
    assert PawnMove("blue1", ("IN",)) in acts and PawnMove("blue5", ("IN", "W")) in acts
    assert all(a.pawn.startswith("blue") for a in pawn_actions(g))
    before = g.state
    g.apply(PawnMove("blue5", ("IN", "W")))
    assert g.undo() == PawnMove("blue5", ("IN", "W"))
    assert g.state == before and g.history == []
    first_moves(g)
    s = g.state
    g.sample_chance()
    g.undo()
    assert g.state == s


def test_illegal_action_leaves_the_game_unchanged() -> None:
    g = Game(2, seed=8)
    s = g.state
    with pytest.raises(IllegalMoveError):
        g.apply(PawnMove("blue1", ("W",)))  # outside: must start with IN (P3)
    assert g.state is s and g.history == []


# --- records --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "seed,players,advanced", [(1, 2, False), (2, 4, False), (3, 3, True), (4, 6, False)]
)
def test_record_round_trip_replays_identically(seed: int, players: int, advanced: bool) -> None:
    g = random_game(players, seed, advanced=advanced)
    text = g.to_json()
    rec = json.loads(text)
    assert rec["format"] == "finstere-game/1"
    assert any(a["type"] == "tile" for a in rec["actions"])
    again = Game.from_record(text)
    assert again.position.to_dict() == g.position.to_dict()
    assert again.outcome() == g.outcome()
    assert again.monster_traces() == g.monster_traces()
    assert again.events() == g.events()
    assert json.loads(again.to_json()) == rec


def test_record_of_a_scenario_and_options() -> None:
    pos = scenario([pw("b", "blue", [3, 3]), pw("y", "yellow", [10, 5])])
    g = Game.from_position(pos, seed=5, options=RuleOptions(slide_over_pawn="stop"))
    play_game(g, [RandomBot(1), RandomBot(2)])
    again = Game.from_record(g.to_record())
    assert again.options.slide_over_pawn == "stop"
    assert again.monster_traces() == g.monster_traces()


def test_tampered_record_is_refused() -> None:
    g = random_game(2, 7)
    rec = g.to_record()
    tiles = [a for a in rec["actions"] if a["type"] == "tile"]
    tiles[0]["tile"] = "XX"  # M2 forbids it as the first tile
    with pytest.raises(Exception) as info:
        Game.from_record(rec)
    assert "M2" in str(info.value)


def test_same_seed_same_game() -> None:
    a = random_game(3, 42)
    b = random_game(3, 42)
    assert a.to_record() == b.to_record()
    c = random_game(3, 43)
    assert c.to_record() != a.to_record()


def test_pawn_constructor_still_usable() -> None:
    assert Pawn("x", "blue", 6, 1).value == 6


def test_stone_the_monster_pushes_onto_a_teleporter_is_gone() -> None:
    """Found by the whole-game property test (seed 386): M8, a stone pushed onto a
    teleporter is destroyed -- the monster turn must not leave it on its square."""
    from finstere_widget.engine import monster_turn

    pos = Position.from_dict(
        {
            "format": "finstere-position/1",
            "monster": {"at": [4, 6], "facing": "N"},
            "stones": [{"at": [4, 4]}, {"at": [12, 9], "kind": "crystal"}],
            "teleporters": [
                {"at": [4, 3], "pair": "blue", "arrow": "S"},
                {"at": [9, 9], "pair": "blue", "arrow": "N"},
            ],
        }
    )
    r = monster_turn(pos, 2)
    assert [s.at for s in r.position.stones] == [(12, 9)]
    assert any(e.type == "remove" and e.why == "teleporter" for e in r.events)
    Position.from_dict(r.position.to_dict())  # valid


# --- phases ---------------------------------------------------------------------------------


def test_the_phase_is_a_Phase_that_decides_who_acts() -> None:
    """T1/A1: placement and pawn phases have a seat to act, the monster phase is a chance
    node (CHANCE), the end of the game TERMINAL; each phase reads as its name."""
    g = Game(3, seed=4, advanced=True)
    seen = set()
    while True:
        phase = g.phase
        assert isinstance(phase, Phase) and phase is g.state.phase
        seen.add(phase)
        assert g.is_chance() == (phase is Phase.MONSTER)
        assert g.is_terminal() == (phase is Phase.OVER)
        if phase in (Phase.PLACEMENT, Phase.PAWNS):
            assert g.current_player == g.state.to_move and 0 <= g.current_player < g.n
        else:
            assert g.current_player == (CHANCE if phase is Phase.MONSTER else TERMINAL)
        if phase is Phase.OVER:
            break
        if g.is_chance():
            g.sample_chance()
        else:
            g.apply(RandomBot(f"4/{g.current_player}").choose(g))
    assert seen == set(Phase)
    # a str: compares with, prints and formats as its name, as the strings it replaced
    assert Phase("pawns") is Phase.PAWNS and isinstance(Phase.PAWNS, str)
    assert g.phase == "over" and f"{Phase.MONSTER} phase" == "monster phase"
    assert str(Phase.PLACEMENT) == "placement" and json.dumps(Phase.OVER) == '"over"'


def test_a_refusal_names_the_phase_by_its_name() -> None:
    g = Game(2, seed=8)
    with pytest.raises(IllegalMoveError, match=r"no tile is drawn in the pawns phase \(T1\)"):
        g.apply(DrawTile("8"))
    first_moves(g)
    with pytest.raises(IllegalMoveError, match=r"no pawn moves in the monster phase \(T1\)"):
        g.apply(PawnMove("blue1", ()))
    assert "monster phase" in repr(g)


# --- audit: game-level edge cases (T1-T3, P10, M2, S1-S3, A2) ---------------------------------


def test_S2_finish_round_a_win_that_leaves_no_pawn_in_play_in_stage_2_is_still_S2() -> None:
    """S2 finish_round: blue's winning escape is the last pawn in play in stage 2, so the
    round has nothing left to play out. The game ends by S2, a win (it was told as S3, 'no
    pawn left in the fortress', as if nobody had won); the default ends it by S2 too."""
    pos = scenario(
        [
            pw("b1", "blue", "escaped"),
            pw("b2", "blue", "escaped"),
            pw("b3", "blue", [2, 0], 3, 4),
            pw("b4", "blue", "eaten"),
            pw("y1", "yellow", "escaped"),
            pw("y2", "yellow", "eaten"),
            pw("y3", "yellow", "eaten"),
            pw("y4", "yellow", "eaten"),
        ],
        stage=2,
        monster={"at": [8, 8], "facing": "N"},
    )
    for finish in (True, False):
        g = Game.from_position(pos, seed=0, options=RuleOptions(finish_round=finish))
        g.apply(PawnMove("b3", ("W", "W", "OUT")))
        out = outcome(g)
        assert out.rule == "S2" and out.winner == "blue", (finish, out)
        assert out.escaped == {"blue": 3, "yellow": 1}


def test_T1_T2_a_first_player_with_no_pawn_in_play_is_passed_and_the_marker_still_moves_on() -> (
    None
):
    """T2 (FAQ 3): the first player, blue, has no pawn in play, so yellow opens the pawn
    phase; T1: the marker still passes left from blue (to yellow, then red, then back to
    blue, who is passed again)."""
    pos = scenario(
        [
            pw("b1", "blue", "escaped"),
            pw("b2", "blue", "escaped"),
            pw("y1", "yellow", [5, 5]),
            pw("r1", "red", [9, 9]),
        ],
        monster={"at": [0, 0], "facing": "E"},
    )
    g = Game.from_position(pos, players=["blue", "yellow", "red"], seed=0, first_player=0)
    openers = []
    for _ in range(4):
        openers.append((g.state.first, g.current_colour))
        while g.phase == "pawns":
            g.apply(PawnMove(g.movable_pawns()[0].id, ()))
        g.sample_chance()  # stage 1: a pawn eaten waits outside, still in play
    assert openers == [(0, "yellow"), (1, "yellow"), (2, "red"), (0, "yellow")]


def test_P10_five_to_seven_players_two_of_three_pawns_enter_the_third_is_flipped_outside() -> None:
    """P1 + P10 with three pawns each (Czech rules: 'the remaining one or two' are flipped
    outside): each player brings two pawns onto the board; the third waits outside,
    flipped by P10 like the others."""
    for n in (5, 7):
        g = Game(n, seed=3)
        while g.phase == "pawns":
            g.apply(g.legal_actions()[0])
        assert g.is_chance()
        for seat in range(n):
            places = sorted("board" if p.on_board else str(p.at) for p in g.pawns_of(seat))
            assert places == ["board", "board", "outside"], (n, seat, places)
        assert all(p.up == "dark" for p in g.position.pawns)
        flips = [e for h in g.history for e in h.extra if isinstance(e, Flip)]
        assert len(flips) == n and all(e.rule == "P10" for e in flips)


def test_M2_a_prey_tile_on_top_is_drawn_past_and_the_other_tiles_are_shuffled_back() -> None:
    """M2: the pile of seed 1 starts with the one-prey tile. The first draw goes on to the
    first number (7), and the other seven tiles -- the prey tile drawn past included -- are
    shuffled into a new pile, not left in their old order."""
    g = Game(2, seed=1)
    top = g.state.pile
    assert top[0] == "X" and top[1] == "7"
    first_moves(g)
    assert g.sample_chance().tile == "7"
    left = list(top)
    left.remove("7")
    pile = g.state.pile
    assert sorted(pile) == sorted(left) and "X" in pile and "XX" in pile
    assert list(pile) != left  # shuffled back, not just the 7 taken out
    # with the rule off, the X on top is drawn as it comes
    g_off = Game(2, seed=1, options=RuleOptions(first_draw_rule="off"))
    first_moves(g_off)
    assert g_off.sample_chance().tile == "X" and list(g_off.state.pile) == list(top[1:])


@pytest.mark.parametrize("option", ["all_eaten", "board_empty"])
def test_S1_T3_a_pawn_eaten_by_the_last_tile_of_stage_1_waits_and_reenters_in_stage_2(
    option: str,
) -> None:
    """S1/M7/T3: the 7th tile of stage 1 eats blue's only pawn on the board: it is eaten in
    stage 1, so it waits outside with its face and may come back in stage 2. S3: even with
    stage2_end=board_empty the empty board at the change of stage does not end the game;
    the waiting pawns get their pawn phase first."""
    pos = scenario(
        [
            pw("b", "blue", [3, 0], 4, 3),
            pw("b2", "blue", "escaped"),
            pw("y", "yellow", "outside", 5, 2),
        ],
        monster={"at": [0, 0], "facing": "E"},
    )
    g = Game.from_position(pos, seed=0, tiles_played=6, options=RuleOptions(stage2_end=option))
    g.apply(PawnMove("b", ()))  # flipped: shows 3 (dark)
    g.apply(PawnMove("y", ()))
    turn = g.sample_chance()
    assert turn.eaten[:1] == ("b",)
    assert g.position.stage == 2 and not g.is_terminal() and g.phase == "pawns"
    b = g.position.pawn("b")
    assert b.at == "outside" and b.up == "dark" and b.value == 3  # M7: kept its face
    assert g.state.round == 3 and g.current_colour == "yellow"  # T1: the marker passed
    g.apply(PawnMove("y", ()))
    assert ("IN",) in {o.path for o in g.pawn_moves("b")}  # T3: it may re-enter
    g.apply(PawnMove("b", ()))  # FAQ 4: or just be flipped outside
    # the stage-2 pawn phase is over with the board still empty
    assert g.is_terminal() is (option == "board_empty")


def test_S3_stage_two_ends_at_once_when_the_last_pawn_in_play_escapes_without_winning() -> None:
    """S3 (all_eaten, the default): in stage 2 blue's escape takes the last pawn in play out
    of the fortress; nobody has won by S2, so the game ends at once by S3 (no monster phase
    follows). One escaped pawn each: yellow reached one first and wins."""
    pos = scenario(
        [
            pw("b", "blue", [1, 0], 2, 5),
            pw("b2", "blue", "eaten"),
            pw("y", "yellow", "escaped"),
            pw("y2", "yellow", "eaten"),
        ],
        stage=2,
        monster={"at": [10, 0], "facing": "W"},
    )
    g = Game.from_position(pos, seed=0)
    g.apply(PawnMove("b", ("W", "OUT")))
    out = outcome(g)
    assert out.rule == "S3" and "no pawn left" in out.reason
    assert out.escaped == {"blue": 1, "yellow": 1} and out.winner == "yellow"


def test_A2_same_pair_teleporters_and_pools_over_a_diagonal_neighbour_refused() -> None:
    """A2: two teleporters of the same pair may not touch either, nor diagonally (the
    French set-up list counts the diagonal squares as adjacent); a pool may not cover a
    square touching the entrance or exit diagonally (French rulebook) -- under the online
    limits (A3) the teleporters keep A2's rule."""
    tele = _placed(Placement("teleporter_blue", (6, 6), "N"))
    assert _refused(tele, Placement("teleporter_blue", (7, 6), "S")) == "A2"
    for options in (RuleOptions(), RuleOptions(placement="online")):
        assert _refused(tele, Placement("teleporter_blue", (7, 6), "S"), options) == "A2"
        assert _refused(tele, Placement("teleporter_blue", (5, 7), "S"), options) == "A2"
    check_placement(
        tele, Placement("teleporter_blue", (8, 6), "S"), PLACEMENT_PIECES, RuleOptions()
    )
    empty = _placed()
    assert _refused(empty, Placement("pool_2x2", (13, 8))) == "A2"  # covers (14, 9)
    assert _refused(empty, Placement("pool_1x4", (1, 1), "v")) == "A2"  # starts on (1, 1)
    check_placement(empty, Placement("pool_1x4", (2, 1), "v"), PLACEMENT_PIECES, RuleOptions())
