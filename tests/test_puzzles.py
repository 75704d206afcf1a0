"""Predict-the-monster puzzles (teach/predict.py): each topic's rule is exercised by the
step (read from the events), one right answer, reproducible from the seed, JSON round trip."""

from __future__ import annotations

import json
from typing import Any

import pytest

from finstere_widget.engine import (
    Heading,
    Monster,
    Pawn,
    Position,
    Stone,
    StoneKind,
    Teleporter,
    make_pool,
    monster_turn,
)
from finstere_widget.engine.errors import PuzzleError
from finstere_widget.engine.events import Look
from finstere_widget.teach.predict import (
    FULL_ANSWER,
    TOPICS,
    Answer,
    make_puzzle,
    puzzles,
    puzzles_from_json,
    puzzles_to_json,
)


def pawn(pid: str, at: tuple[int, int]) -> Pawn:
    return Pawn(pid, "blue", 3, 4, "light", at)


@pytest.mark.parametrize("topic", list(TOPICS))
def test_each_topic_exercises_its_rule_and_agrees_with_the_monster_turn(topic: str) -> None:
    rule = TOPICS[topic][0]
    found = puzzles(topic, n=4, seed=11)
    assert len(found) == 4
    for p in found:
        assert p.topic == topic and rule in p.rules
        # the public engine, one step: same square and takings; the final look (M6) tells
        # which way the monster faced when the step ended
        turn = monster_turn(p.position, "1")
        assert turn.position.monster.at == p.answer.square
        assert turn.eaten == p.answer.taken
        final = [e for e in turn.events if isinstance(e, Look) and e.rule == "M6"][0]
        assert final.facing == p.answer.facing
        # the step's events cite the rules the puzzle lists, and nothing more
        step_rules = {e.rule for e in turn.events if e.step == 1}
        assert step_rules <= set(p.rules)


@pytest.mark.parametrize("topic", list(TOPICS))
def test_exactly_one_right_answer(topic: str) -> None:
    for p in puzzles(topic, n=4, seed=5):
        wrong = [c for c in p.choices if c != p.answer]
        assert p.answer in p.choices and wrong
        if topic not in FULL_ANSWER:
            assert all(c.square != p.answer.square for c in wrong)
            assert p.check(p.answer.square)
            assert not any(p.check(c.square) for c in wrong)
        else:
            with pytest.raises(PuzzleError, match=topic):
                p.check(p.answer.square)
        assert p.check(p.answer) and not any(p.check(c) for c in wrong)


def test_a_wall_wrap_a_torus_reading_also_solves_is_rejected() -> None:
    # B3: leaving (15, 5) eastwards comes out on (0, 5) - the same row, so a learner who
    # thinks the board wraps like a torus would be right too: not a puzzle
    plain = Position(Monster((15, 5), Heading.E))
    assert make_puzzle(plain, "wrap") is None
    # from (15, 4) the mirrored square (0, 6) differs from the torus's (0, 4)
    ok = make_puzzle(Position(Monster((15, 4), Heading.E)), "wrap")
    assert ok is not None and ok.answer == Answer((0, 6), Heading.E)
    assert Answer((0, 4), Heading.E) in ok.choices and "M10" in ok.rules


def test_a_teleporter_whose_arrow_keeps_the_heading_is_rejected() -> None:
    def pos(arrow: Heading) -> Position:
        return Position(
            Monster((5, 5), Heading.E),
            teleporters=(
                Teleporter((6, 5), "yellow", Heading.W),
                Teleporter((10, 2), "yellow", arrow),
            ),
        )

    assert make_puzzle(pos(Heading.E), "teleporter") is None  # facing E either way
    p = make_puzzle(pos(Heading.N), "teleporter")
    assert p is not None and p.answer == Answer((10, 2), Heading.N)
    assert set(p.choices) == {p.answer, Answer((6, 5), Heading.E), Answer((10, 2), Heading.E)}


def test_a_tie_keeps_the_heading_and_offers_the_tied_pawns() -> None:
    # M5: B and C both 2 squares away (west and east): the monster keeps heading north
    pos = Position(Monster((5, 5), Heading.N), pawns=(pawn("B", (3, 5)), pawn("C", (7, 5))))
    p = make_puzzle(pos, "tie")
    assert p is not None and p.answer == Answer((5, 4), Heading.N)
    assert {c.square for c in p.choices} == {(5, 4), (4, 5), (6, 5)}
    assert make_puzzle(pos, "nearest") is None  # a tie is not a nearest-pawn puzzle
    assert p.difficulty == 1


def test_a_crystal_is_seen_through_and_a_stone_reading_differs() -> None:
    # M4: A is 3 squares north behind a crystal, B 4 squares east: the monster turns north
    pos = Position(
        Monster((5, 5), Heading.E),
        stones=(Stone((5, 4), StoneKind.CRYSTAL),),
        pawns=(pawn("A", (5, 2)), pawn("B", (9, 5))),
    )
    p = make_puzzle(pos, "crystal")
    assert p is not None and p.answer.facing == Heading.N and p.answer.square == (5, 4)
    assert Answer((6, 5), Heading.E) in p.choices  # "the crystal blocks": heads for B


def test_a_slide_and_a_push_chain() -> None:
    slide = Position(
        Monster((3, 5), Heading.E), pools=(make_pool([(4, 5), (5, 5), (6, 5), (7, 5)]),)
    )
    p = make_puzzle(slide, "slide")
    assert p is not None and p.answer.square == (8, 5) and "M9" in p.rules
    assert Answer((4, 5), Heading.E) in p.choices  # "stops on the blood"
    chain = Position(
        Monster((3, 5), Heading.E), stones=(Stone((4, 5)),), pawns=(pawn("A", (5, 5)),)
    )
    # the stone blocks the sight of A, so the monster goes on east and pushes both
    p = make_puzzle(chain, "push")
    assert p is not None and p.answer.square == (4, 5) and "M8" in p.rules


def test_same_seed_same_set_and_another_seed_another() -> None:
    a = puzzles_to_json(puzzles("all", n=9, seed=42))
    b = puzzles_to_json(puzzles("all", n=9, seed=42))
    c = puzzles_to_json(puzzles("all", n=9, seed=43))
    assert a == b and a != c


def test_rule_ids_select_their_topics_and_sets_are_graded() -> None:
    m8 = puzzles("M8", n=6, seed=2)
    assert {p.topic for p in m8} == {"push", "crush"}
    assert [p.difficulty for p in m8] == sorted(p.difficulty for p in m8)
    assert len({p.position.to_json() for p in m8}) == 6  # all different
    hard = puzzles("nearest", n=3, seed=2, difficulty=2)
    assert all(len(set(p.rules) - {"M3", "M4"}) == 2 for p in hard)


def test_a_level_no_step_reaches_is_named_in_the_error() -> None:
    """``--difficulty 9`` finds nothing: the error says which level, not only the topic."""
    with pytest.raises(PuzzleError, match=r"no nearest puzzle of difficulty 9 found in 50 "):
        puzzles("nearest", n=1, seed=2, difficulty=9, max_attempts=50)
    with pytest.raises(PuzzleError, match=r"^no crush puzzle found in 3 random positions$"):
        puzzles("crush", n=60, seed=2, max_attempts=3)


def test_json_round_trip_and_a_tampered_answer_is_refused() -> None:
    found = puzzles("all", n=9, seed=8)
    text = puzzles_to_json(found)
    back = puzzles_from_json(text)
    assert [p.to_dict() for p in back] == [p.to_dict() for p in found]
    data = json.loads(text)
    assert data["format"] == "finstere-puzzles/1"
    data["puzzles"][3]["answer"]["square"] = [0, 0]
    with pytest.raises(PuzzleError, match=r"puzzles\[3\]\.answer"):
        puzzles_from_json(json.dumps(data))


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"rule": "M99"}, "M99"),
        ({"rule": "crsh"}, "crsh"),
        ({"rule": "M5", "n": -1}, "n:"),
        ({"rule": "M5", "n": True}, "n:"),
        ({"rule": "M5", "n": 10**9}, "n:"),
    ],
)
def test_bad_requests_name_what_is_wrong(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(PuzzleError, match=match):
        puzzles(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["{", "[]", '{"format": "x"}', '{"format": "finstere-puzzles/1"}'])
def test_bad_puzzle_files_raise_puzzle_errors(text: str) -> None:
    with pytest.raises(PuzzleError):
        puzzles_from_json(text)


def test_a_left_pivot_is_a_pivot_puzzle_and_pushing_it_is_the_wrong_reading() -> None:
    # M11 (pivot_left, a designer's piece): no pawn seen, the monster turns left (north)
    pos = Position(Monster((5, 5), Heading.E), stones=(Stone((6, 5), StoneKind.PIVOT_LEFT),))
    p = make_puzzle(pos, "pivot")
    assert p is not None and p.answer == Answer((5, 4), Heading.N) and "M11" in p.rules
    assert Answer((6, 5), Heading.E) in p.choices  # "pushes the pivot like a stone"


# --- properties (hypothesis) ----------------------------------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from finstere_widget.engine import FinstereError  # noqa: E402

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.text(max_size=4),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
_ONE = json.loads(puzzles_to_json(puzzles("all", n=9, seed=3)))["puzzles"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(list(TOPICS)), st.integers(0, 10**6))
def test_any_seed_gives_puzzles_with_one_answer_the_engine_agrees_with(
    topic: str, seed: int
) -> None:
    (p,) = puzzles(topic, n=1, seed=seed)
    turn = monster_turn(p.position, "1")
    assert turn.position.monster.at == p.answer.square and turn.eaten == p.answer.taken
    assert TOPICS[topic][0] in p.rules
    wrong = [c for c in p.choices if c != p.answer]
    assert wrong and p.answer not in wrong
    if topic not in FULL_ANSWER:
        assert all(c.square != p.answer.square for c in wrong)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 8), st.sampled_from(["topic", "answer", "options", "position", "choices"]), JSON
)
def test_an_edited_puzzle_file_loads_or_names_what_is_wrong(
    k: int, key: str, value: object
) -> None:
    data = {"format": "finstere-puzzles/1", "puzzles": [dict(_ONE[k], **{key: value})]}
    try:
        (p,) = puzzles_from_json(json.dumps(data))
    except FinstereError as exc:
        assert str(exc)
    else:  # accepted only when the rules give the answer the file states
        assert p.answer.to_dict() == json.loads(json.dumps(data))["puzzles"][0]["answer"]


# --- command line -----------------------------------------------------------------------------


def test_the_command_line_prints_a_seeded_set_with_answers(
    capsys: pytest.CaptureFixture[str], tmp_path: object
) -> None:
    from pathlib import Path

    from finstere_widget.cli import main

    out = Path(str(tmp_path)) / "set.json"
    assert (
        main(["puzzles", "--rule", "M8", "-n", "2", "--seed", "4", "--answers", "--out", str(out)])
        == 0
    )
    text = capsys.readouterr().out
    expected = puzzles("M8", n=2, seed=4)
    assert text.count("puzzle ") == 2 and text.count("answer: ") == 2
    assert f"puzzle 1: {expected[0].topic} (M8)" in text
    assert "After its next step, where does the monster stand" in text
    assert [p.to_dict() for p in puzzles_from_json(out.read_text())] == [
        p.to_dict() for p in expected
    ]
    assert main(["puzzles", "--rule", "tie", "-n", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "finstere-puzzles/1" and data["puzzles"][0]["topic"] == "tie"
    assert main(["puzzles", "-n", "1", "--answers", "--lang", "it"]) == 0
    assert "enigma 1: " in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["puzzles", "--rule", "M99"], "no puzzles for 'M99'"),
        (["puzzles", "-n", "-2"], "-n must be >= 1"),
        (["puzzles", "-n", "201"], "n: expected a number of puzzles 0..200"),
        (["puzzles", "--lang", "xx"], "unknown language"),
        (["puzzles", "--difficulty", "0"], "difficulty"),
    ],
)
def test_the_command_line_refuses_bad_requests(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from finstere_widget.cli import main

    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and message in captured.err


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("[" * 100_000, "nested too deeply"),
        ('{"format": ' + "9" * 5000 + "}", "malformed JSON"),
        (b"\xff\xfe", "not UTF-8"),
        (None, "expected JSON text"),
        ("{", "malformed JSON"),
    ],
)
def test_a_shared_puzzle_file_that_is_not_json_is_a_puzzle_error(text: Any, said: str) -> None:
    """A set handed round a class is read like a position: a broken file is a PuzzleError
    naming it, never a RecursionError, a ValueError or a TypeError."""
    with pytest.raises(PuzzleError, match=rf"^puzzles: .*{said}"):
        puzzles_from_json(text)


def test_a_shared_puzzle_file_saved_with_a_byte_order_mark_loads() -> None:
    text = puzzles_to_json(puzzles("M5", n=1, seed=1))
    assert puzzles_from_json("\ufeff" + text)[0].to_dict() == puzzles_from_json(text)[0].to_dict()
    assert len(puzzles_from_json(text.encode())) == 1


def test_a_puzzle_file_with_an_unknown_key_is_refused() -> None:
    """docs/format.md: unknown keys are errors, not ignored (a misspelt 'answr' is named)."""
    data = json.loads(puzzles_to_json(puzzles("M5", n=1, seed=1)))
    assert puzzles_from_json(json.dumps(data))  # every key written is known
    data["puzzles"][0]["answr"] = data["puzzles"][0]["answer"]
    with pytest.raises(PuzzleError, match=r"^puzzles\[0\]: unknown key 'answr'$"):
        puzzles_from_json(json.dumps(data))
    del data["puzzles"][0]["answr"]
    data["teacher"] = "me"
    with pytest.raises(PuzzleError, match=r"^puzzles: unknown key 'teacher'$"):
        puzzles_from_json(json.dumps(data))
