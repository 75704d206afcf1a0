"""What the lessons (notebooks/src/*.md) tell, checked here rather than in the lessons.

Every ``assert`` cell the lessons once had lives on here, one test per cell or per claim,
reading the same example positions the lessons load (``finstere_widget.examples``: the
rulebooks' examples and the lessons' own ``lesson_*`` positions). A lesson only shows and
asks; if the engine ever stops telling the story a lesson tells, a test here fails.
"""

from __future__ import annotations

import json

import pytest

from finstere_widget import Position, examples, monster_turn
from finstere_widget.engine import (
    ENTRANCE,
    EXIT,
    SQUARES,
    Game,
    Heading,
    IllegalMoveError,
    mirror,
    on_board,
    wall_letter,
)
from finstere_widget.engine.events import Eat, End, Look, Move, Turn
from finstere_widget.engine.moves import apply_move, legal_moves

# --- 01 the tour --------------------------------------------------------------------------


def test_tour_B1_B2_B4_the_board_and_the_basic_layout() -> None:
    assert len(SQUARES) == 156  # B1
    assert EXIT == (0, 0) and ENTRANCE == (15, 10)  # B2
    assert on_board((11, 0)) and not on_board((12, 0))  # the top-right notch
    assert not on_board((0, 7)) and on_board((1, 7))  # the bottom-left notch
    assert all(on_board(mirror(sq)) for sq in SQUARES)  # symmetric under the half turn
    basic = Position.basic()
    assert basic.monster.at == EXIT and basic.monster.facing is Heading.E  # B4
    assert len(basic.stones) == 11 and len(basic.pools) == 2


def test_tour_B5_P1_the_pieces_of_the_advanced_example_and_a_start() -> None:
    advanced = examples.load("monster_advanced_8")
    kinds = sorted(s.kind.value for s in advanced.stones)
    assert kinds == ["crystal", "pivot_180", "stone"], kinds
    assert sorted(t.pair for t in advanced.teleporters) == ["blue", "blue", "yellow", "yellow"]
    assert all(p.light + p.dark == 7 for p in advanced.pawns)  # P1
    start = Game(2, seed=1).position  # P1: light side up, showing 1, 3, 4 and 5
    assert sorted(p.value for p in start.pawns if p.player == "blue") == [1, 3, 4, 5]


def test_tour_B3_M10_the_letters_the_lesson_names() -> None:
    assert wall_letter((11, 0), Heading.E) == "M"  # the monster starts looking at M
    assert wall_letter((15, 5), Heading.E) == "V" == wall_letter((0, 5), Heading.W)
    assert wall_letter((13, 2), Heading.E) == "Q" == wall_letter((2, 8), Heading.W)
    assert mirror((0, 6)) == (15, 4) and wall_letter((0, 6), Heading.S) == "T"


def test_tour_first_turn_M4_M5_M7_M10() -> None:
    first = examples.load("lesson_first_turn")
    turn = monster_turn(first, "7")
    seen = examples.sightings(turn.events)
    assert seen[1] == {"E": ("A", 5), "S": ("B", 4)}  # two pawns seen, B nearer
    assert examples.decisions(turn.events)[1] == "turn"
    assert turn.eaten == ("B",)
    assert [e.step for e in turn.events if isinstance(e, Eat)] == [4]  # "Steps 4 and 7"
    wraps = [e for e in turn.events if e.type == "wrap"]
    assert [(w.step, w.letter, w.from_, w.to) for w in wraps] == [(7, "T", (0, 6), (15, 4))]
    assert turn.position.monster.at == (15, 4) and turn.position.monster.facing is Heading.S
    assert turn.position.pawn("B").at == "outside"  # M7, stage 1


def test_tour_the_stepper_plays_the_engine_M3() -> None:
    pytest.importorskip("anywidget")
    from finstere_widget.widget import MonsterStepper

    first = examples.load("lesson_first_turn")
    stepper = MonsterStepper(first, tile="7", lang="en")
    assert stepper.result is not None
    assert stepper.result.events == monster_turn(first, "7").events


# --- 02a pawn moves: the rulebook's examples 1 and 2, doorways ------------------------------


@pytest.mark.parametrize("name", ["pawn_example_1", "pawn_example_2", "pawn_example_3"])
def test_pawn_examples_P2_P5_P6_P7_every_expected_path(name: str) -> None:
    """Every legal path of the example gives the expected position (and legal_moves finds
    it); every illegal path is refused at the expected point with the expected rule."""
    exp, pos = examples.expectations(name), examples.load(name)
    pawn = exp["pawn"]
    assert pos.pawn(pawn).value == exp["points"]
    outcomes = {o.position.to_json() for o in legal_moves(pos, pawn)}
    for case in exp["legal"]:
        result = apply_move(pos, pawn, case["path"])
        want = Position.from_dict(case["position"])
        assert result.position.to_dict() == want.to_dict(), case["path"]
        assert result.cost == case["cost"]
        assert want.to_json() in outcomes  # legal_moves finds it too
    for case in exp["illegal"]:
        with pytest.raises(IllegalMoveError) as info:
            apply_move(pos, pawn, case["path"])
        assert info.value.index is not None
        assert (info.value.index + 1, info.value.rule) == (case["token"], case["rule"]), case


def test_pawn_example_1_P2_P6_the_4_pushes_the_stone_and_is_flipped() -> None:
    pos1 = examples.load("pawn_example_1")
    move1 = apply_move(pos1, "P4", ["N", "N", "N", "W"])
    assert move1.position.pawn("P4").at == (6, 4) and move1.position.pawn("P4").value == 3
    assert (7, 3) in move1.position.stone_map and (7, 4) not in move1.position.stone_map
    outcomes1 = legal_moves(pos1, "P4")
    assert {o.to for o in outcomes1} >= {(6, 4), (7, 4), (7, 5), (7, 6), (7, 7)}  # 4..0
    with pytest.raises(IllegalMoveError) as info:  # the stone cannot go further: X is there
        apply_move(pos1, "P4", ["N", "N", "N", "N"])
    assert (info.value.index, info.value.rule) == (3, "P6")


def test_pawn_example_2_P5_the_5_walks_through_two_pawns() -> None:
    pos2 = examples.load("pawn_example_2")
    reach2 = {o.to for o in legal_moves(pos2, "P5")}
    assert (4, 4) not in reach2 and (6, 4) not in reach2  # X and Y's squares (P5)
    assert {(3, 4), (5, 4), (7, 4)} <= reach2  # 1, 3 and 5 squares east
    move2 = apply_move(pos2, "P5", "E,E,E,E,E")
    assert move2.position.pawn("P5").at == (7, 4) and (8, 4) in move2.position.stone_map
    for path in ("E,E", "E,E,E,E"):  # it cannot stop on X's or Y's square
        with pytest.raises(IllegalMoveError) as info:
            apply_move(pos2, "P5", path)
        assert info.value.rule == "P5"


def test_doorways_P3_P4_P5_entering_leaving_and_the_monster_square() -> None:
    corner = examples.load("lesson_doorways")
    assert all((p.light, p.dark) in {(1, 6), (3, 4), (4, 3), (5, 2)} for p in corner.pawns)  # P1
    enter = apply_move(corner, "A", "IN,N,N,N")
    assert enter.to == (15, 7) and enter.cost == 4  # P3: entering is the first point
    escape = apply_move(corner, "B", "W,OUT")
    assert escape.to == "escaped" and escape.position.pawn("B").at == "escaped"  # P4
    with pytest.raises(IllegalMoveError) as info:  # not on the exit yet
        apply_move(corner, "B", ["OUT"])
    assert info.value.rule == "P4"
    with pytest.raises(IllegalMoveError) as info:  # through the monster's square
        apply_move(corner, "C", ["N", "N", "N"])
    assert (info.value.index, info.value.rule) == (1, "P5")


# --- 02b blood pools, example 3, FAQ 1 -------------------------------------------------------


def test_blood_P7_a_plain_slide_costs_one_point() -> None:
    slide_pos = examples.load("lesson_slide")
    slide = apply_move(slide_pos, "S", ["W"])
    assert slide.to == (7, 2) and slide.cost == 1


def test_pawn_example_3_P7_P8_the_stone_stops_on_the_pool() -> None:
    pos3 = examples.load("pawn_example_3")
    move3 = apply_move(pos3, "P5", "N,W,W,W,N")
    stone_slides = [(e.from_, e.to) for e in move3.events if e.type == "slide" and e.piece != "P5"]
    assert stone_slides == [((9, 3), (8, 3))]  # the stone stops on the pool (P8)
    assert move3.position.pawn("P5").at == (9, 1) and move3.cost == 5
    assert (8, 3) in move3.position.stone_map
    with pytest.raises(IllegalMoveError) as info:  # two up, three left: the slide ends on P1
        apply_move(pos3, "P5", ["N", "N", "W", "W", "W"])
    assert info.value.index is not None
    assert (info.value.index + 1, info.value.rule) == (5, "P7")


def test_FAQ1_P7_P6_ending_on_the_pool_and_pushing_on_later() -> None:
    pos3 = examples.load("pawn_example_3")
    faq1 = apply_move(pos3, "P5", "N,W,W,W")
    assert faq1.to == (9, 3) and faq1.to in pos3.pool_squares
    assert (9, 3) in {o.to for o in legal_moves(pos3, "P5")}  # legal_moves offers it too
    later = faq1.position.replace(
        pawns=tuple(p.moved((14, 9)) if p.id == "GR" else p for p in faq1.position.pawns)
    )
    push_on = apply_move(later, "P5", ["W"])
    assert (6, 3) in push_on.position.stone_map and push_on.to == (7, 3) and push_on.cost == 1


# --- 03 the basic monster example ----------------------------------------------------------


def test_basic_example_M3_M10_every_claim_of_the_lesson() -> None:
    turn = monster_turn(examples.load("monster_basic_8"), "8")
    seen = examples.sightings(turn.events)
    decision = examples.decisions(turn.events)
    heading = examples.headings(turn.events)
    # step 1: A on its left (north) at 6; B is behind the monster (west), not seen (M4)
    assert seen[1] == {"N": ("A", 6)} and decision[1] == "turn" and heading[1] == "E"
    assert heading[2] == "N"  # "se tourne donc sur sa gauche": facing E, left is north
    assert seen[2] == {"N": ("A", 5), "E": ("G", 6)} and decision[2] == "keep"
    assert seen[3] == {"N": ("A", 4), "E": ("C", 3)} and decision[3] == "turn"
    assert heading[4] == "E"
    slides = [e for e in turn.events if e.type == "slide"]
    assert [(e.step, e.piece, e.from_, e.to) for e in slides] == [(3, "monster", (10, 5), (12, 5))]
    assert seen[4] == {"N": ("D", 3), "S": ("E", 3)} and decision[4] == "tie"  # M5
    assert heading[5] == "E"
    assert seen[5] == seen[6] == {} and decision[5] == decision[6] == "none"
    assert seen[7] == {"S": ("G", 1)} and decision[7] == "turn"
    assert seen[8] == {} and seen[9] == {"W": ("B", 7)}
    # H is never seen, not even from the pool (no look while sliding, M9)
    assert all(pawn != "H" for sights in seen.values() for pawn, _ in sights.values())
    # B is seen only in the final look
    assert [s for s, sights in seen.items() if any(p == "B" for p, _ in sights.values())] == [9]
    eats = [(e.step, e.pawn, e.how) for e in turn.events if e.type == "eat"]
    assert eats == [(3, "C", "eaten"), (5, "F", "crushed"), (7, "G", "eaten")]
    removed = [(e.step, e.why) for e in turn.events if e.type == "remove"]
    assert removed == [(6, "off_board")]
    assert turn.eaten == ("C", "F", "G")
    end = turn.position
    assert end.monster.at == (15, 7) and end.monster.facing is Heading.W  # faces B
    assert all(end.pawn(p).at == "outside" for p in "CFG")  # stage 1: back beside the entrance
    assert (13, 5) not in end.stone_map
    assert not any(s.at[1] == 5 and s.at[0] > 12 for s in end.stones)


def test_basic_example_without_G_B3_M10_through_the_wall_V() -> None:
    seen = examples.sightings(monster_turn(examples.load("monster_basic_8"), "8").events)
    turn_v = monster_turn(examples.load("monster_basic_8_without_g"), "8")
    seen_v = examples.sightings(turn_v.events)
    assert seen_v[2] == {"N": ("A", 5)}  # G is not there to be seen
    assert all(seen_v[s] == seen[s] for s in (1, 3, 4, 5, 6))  # the rest is the same
    wraps = [(e.step, e.letter, e.from_, e.to) for e in turn_v.events if e.type == "wrap"]
    assert wraps == [(7, "V", (15, 5), (0, 5))]
    assert turn_v.eaten == ("C", "F")
    assert turn_v.position.monster.at == (1, 5) and turn_v.position.monster.facing is Heading.E


# --- 04 the advanced example ---------------------------------------------------------------


def test_advanced_example_M4_M5_M8_M11_M12_every_claim_of_the_lesson() -> None:
    start = examples.load("monster_advanced_8")
    turn = monster_turn(start, "8")
    seen = examples.sightings(turn.events)
    decision = examples.decisions(turn.events)
    heading = examples.headings(turn.events)
    assert seen[1] == {"N": ("A", 5)} and decision[1] == "turn"
    assert not any(e.type == "turn" and e.reason == "pivot" and e.step == 1 for e in turn.events)
    assert seen[2] == {"N": ("A", 4)} and decision[2] == "keep"
    assert seen[3] == {"N": ("A", 3), "E": ("E", 3)} and decision[3] == "tie"
    teleports = [
        (e.step, e.from_, e.to, e.facing.name) for e in turn.events if e.type == "teleport"
    ]
    assert teleports == [(3, (4, 3), (7, 6), "S"), (5, (7, 6), (4, 3), "E")]
    # no look on the departure pad: neither B nor C is seen before step 6 (M12)
    assert all(p not in ("B", "C") for s in range(1, 6) for p, _ in seen[s].values())
    assert heading[4] == "S" and seen[4] == {"W": ("D", 1)} and decision[4] == "turn"
    assert [(e.step, e.pawn) for e in turn.events if e.type == "eat"] == [(4, "D")]
    assert seen[5] == {} and decision[5] == "none"
    pivots = [
        (e.step, e.from_.name, e.to.name)
        for e in turn.events
        if e.type == "turn" and e.reason == "pivot"
    ]
    assert pivots == [(5, "W", "E")]
    assert (5, 6) in start.stone_map and turn.position.stone_map[(5, 6)].kind.value == "pivot_180"
    assert seen[6] == {"E": ("C", 2), "N": ("A", 2)} and decision[6] == "tie"
    assert seen[7] == seen[8] == {"E": ("C", 2)}  # B is behind, never seen
    assert all(p != "B" for sights in seen.values() for p, _ in sights.values())
    assert seen[9] == {"E": ("C", 2), "S": ("E", 1)} and decision[9] == "turn"
    end = turn.position
    assert end.monster.at == (7, 3) and end.monster.facing is Heading.S
    assert end.pawn("C").at == (9, 3) and end.stone_map[(8, 3)].kind.value == "crystal"
    assert turn.eaten == ("D",)


def test_advanced_example_without_A_M11_the_pivot_acts_at_once() -> None:
    start = examples.load("monster_advanced_8")
    no_a = start.replace(pawns=tuple(p for p in start.pawns if p.id != "A"))
    first_step = [e for e in monster_turn(no_a, "8").events if e.step == 1]
    look, turned, moved = first_step
    assert isinstance(look, Look) and look.decision == "none"
    assert isinstance(turned, Turn) and turned.reason == "pivot" and turned.to is Heading.W
    assert isinstance(moved, Move) and moved.to == (3, 6)


# --- 05 the online guide's example ---------------------------------------------------------


def test_online_example_M5_M6_M7_M8_M9_M10_every_claim_of_the_lesson() -> None:
    turn = monster_turn(examples.load("monster_online_10"), "10")
    seen = examples.sightings(turn.events)
    decision = examples.decisions(turn.events)
    heading = examples.headings(turn.events)
    assert heading[1] == "W" and seen[1] == {"S": ("R1", 6)} and decision[1] == "turn"
    assert heading[2] == "S" and seen[2] == {"S": ("R1", 5), "E": ("Y1", 4)}
    assert decision[2] == "turn"
    assert heading[3] == "E" and seen[3] == {"E": ("Y1", 3)}
    slides = [
        (e.step, e.from_, e.to) for e in turn.events if e.type == "slide" and e.piece == "monster"
    ]
    assert slides == [(3, (8, 2), (10, 2)), (9, (4, 8), (8, 8))]
    assert all(seen[s] == {} for s in range(4, 11))  # neither Y4 nor R1 while sliding
    assert [(e.step, e.pawn) for e in turn.events if e.type == "eat"] == [(3, "Y1")]
    removed = [(e.step, e.at, e.why) for e in turn.events if e.type == "remove"]
    assert removed == [(6, (13, 2), "off_board")]
    wraps = [(e.step, e.letter, e.from_, e.to) for e in turn.events if e.type == "wrap"]
    assert wraps == [(7, "Q", (13, 2), (2, 8))]
    assert wall_letter((13, 2), Heading.E) == "Q" == wall_letter((2, 8), Heading.W)
    assert heading[8] == "E"
    assert seen[11] == {"N": ("Y4", 3)} and decision[11] == "turn"
    end = turn.position
    assert end.monster.at == (9, 8) and end.monster.facing is Heading.N
    assert turn.eaten == ("Y1",) and end.pawn("Y1").at == "outside"
    # ten moves: nine plain moves (two of them ending in a slide) and the wrap through Q
    assert len([e for e in turn.events if e.type == "move"]) == 9 and len(wraps) == 1
    last = turn.events[-1]
    assert isinstance(last, End) and last.steps == 10


# --- 07 a full game, and the game lesson ---------------------------------------------------

PLAYERS = ["blue", "red", "green"]
BOTS = {"blue": "greedy", "red": "random", "green": "greedy"}
SEED = 2026


def _game_07() -> Game:
    from finstere_widget.design.bots import make_bot, play_game

    game = Game(PLAYERS, seed=SEED)
    return play_game(game, [make_bot(BOTS[c], f"{SEED}/{c}") for c in PLAYERS])


def test_full_game_T1_S2_S3_M2_recorded_replayed_and_checked() -> None:
    game = _game_07()
    outcome = game.outcome()
    record = game.to_record()
    text = json.dumps(record)
    replayed = Game.from_record(text)
    assert replayed.position == game.position
    assert replayed.outcome() == outcome
    assert replayed.to_record() == record
    assert _game_07().to_record() == record  # the same seed and bots: the very same game
    assert game.is_terminal() and outcome is not None and outcome.rule in ("S2", "S3")
    tiles = [a["tile"] for a in record["actions"] if a["type"] == "tile"]
    assert set(tiles) <= {"5", "7", "8", "10", "X", "XX"} and tiles[0] not in ("X", "XX")  # M2
    escapes = [e for e in game.history if e.move is not None and e.move.to == "escaped"]
    assert len(escapes) == sum(outcome.escaped.values())
    bad = json.loads(text)
    bad["actions"][0]["path"] = ["IN", "W", "W", "W", "W", "W", "W", "W"]
    with pytest.raises(ValueError, match="action"):
        Game.from_record(bad)


def test_game_view_starts_with_the_learners_move() -> None:
    pytest.importorskip("anywidget")
    from finstere_widget.widget import GameView

    view = GameView(players=("blue", "red"), you="blue", bot="greedy", seed=7, lang="en")
    assert view.game.current_colour == "blue" and not view.game.is_terminal()


def test_race_scenario_S1_T1_the_goal_can_be_reached() -> None:
    """The game lesson's race (round 5 of stage 1, three tiles left): a blue pawn can get
    out by the end of round 7 — the greedy bot does it for blue with the lesson's seed."""
    from finstere_widget.design.bots import make_bot, play_game
    from finstere_widget.teach.walkthrough import goal_check

    race = examples.load("lesson_race")
    game = Game.from_position(race, players=["blue", "red"], seed=4, round=5, tiles_played=4)
    assert game.tiles_to_play() == 3 and game.state.round == 5
    played = play_game(game, [make_bot("greedy", "4/0"), make_bot("greedy", "4/1")])
    assert goal_check(played, "blue", 7, lang="en").startswith("Goal reached")


# --- 09 predict the monster ----------------------------------------------------------------


def test_puzzles_M4_M5_one_per_topic_and_every_answer_is_the_engines() -> None:
    from finstere_widget.teach.predict import TOPICS, puzzles, puzzles_from_json, puzzles_to_json

    level1 = puzzles("all", n=len(TOPICS), seed=2026, difficulty=1)
    level2 = puzzles("all", n=len(TOPICS), seed=2026, difficulty=2)
    assert [p.topic for p in level1] == list(TOPICS)  # one puzzle per rule, in this order
    series = level1 + level2
    for p in series:
        turn = monster_turn(p.position, "1")
        final_look = [e for e in turn.events if isinstance(e, Look) and e.rule == "M6"][0]
        assert turn.position.monster.at == p.answer.square
        assert final_look.facing == p.answer.facing and turn.eaten == p.answer.taken
        assert p.rule in p.rules
        assert [c for c in p.choices if c == p.answer] == [p.answer] and len(p.choices) >= 2
    again = puzzles_from_json(puzzles_to_json(series))
    assert [p.to_dict() for p in again] == [p.to_dict() for p in series]


def test_quiz_M5_a_learner_who_forgets_the_tie() -> None:
    from finstere_widget.teach.quiz import Quiz

    drill = Quiz.play(examples.load("monster_basic_8"), "8", lang="en")
    for guess in (Heading.N, "A", (12, 5)):  # north to A, on to A, then the slide to C
        assert drill.judge(guess).correct
    wrong = drill.judge("D")  # D and E are both 3 squares away...
    assert not wrong.correct and wrong.rule == "M5" and drill.score == (3, 4)


def test_predict_levels_M4_level_1_has_only_the_basic_pieces_and_no_pawn_on_blood() -> None:
    from finstere_widget.teach.walkthrough import BASIC_TOPICS, puzzle_levels

    level1, level2, level3 = puzzle_levels(2026)
    assert [p.topic for p in level1] == list(BASIC_TOPICS)
    for p in level1:
        assert all(s.kind.value == "stone" for s in p.position.stones)
        assert not p.position.teleporters
    for p in level1 + level2:  # a pawn on blood is possible only under FAQ 1
        assert not any(w.at in p.position.pool_squares for w in p.position.pawns)
    assert [p.topic for p in level2] == ["pivot", "teleporter", "crystal"]
    assert len(level3) == 9 and all(p.difficulty == 2 for p in level3)


def test_predict_the_answer_key_of_lesson_09_is_the_engines() -> None:
    """The teacher's answer key written in notebooks/src/09 names, for every puzzle, the
    choice the engine's own one-step turn makes."""
    import re
    from pathlib import Path

    from finstere_widget.teach.walkthrough import puzzle_levels

    src = Path(__file__).resolve().parent.parent / "notebooks" / "src" / "09_predict_the_monster.md"
    key = dict(re.findall(r"^- Puzzle (\d+): \*\*([a-g])\)\*\*", src.read_text("utf-8"), re.M))
    series = [p for level in puzzle_levels(2026) for p in level]
    assert len(key) == len(series)
    for k, p in enumerate(series, start=1):
        turn = monster_turn(p.position, "1")
        engine = [
            c for c in p.choices if c.square == turn.position.monster.at and c.taken == turn.eaten
        ]
        assert "abcdefg"[p.choices.index(p.answer)] == key[str(k)], k
        assert p.answer in engine
