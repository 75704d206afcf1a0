"""Quiz logic (teach/quiz.py): one question per look of the basic rulebook turn, judged by
direction, square or pawn, with the rules' feedback, hints and the score."""

from __future__ import annotations

import json
from pathlib import Path
from types import NoneType, UnionType
from typing import Any, Literal, get_args, get_origin, get_type_hints

import pytest

from finstere_widget.engine import Heading, Position
from finstere_widget.engine.events import Look
from finstere_widget.teach.quiz import QuestionDict, Quiz, QuizDict, score_line
from finstere_widget.widget.synced import QuizQuestion

BASIC = Path(__file__).resolve().parent / "examples" / "monster_basic_8.json"
N, E, S, W = Heading.N, Heading.E, Heading.S, Heading.W


def basic_quiz(lang: str = "en") -> Quiz:
    return Quiz.play(Position.from_json(BASIC.read_text()), "8", lang=lang)


def test_one_question_per_look_with_the_rulebooks_headings() -> None:
    quiz = basic_quiz()
    # the rulebook's story: left to A, on to A, turn to C (slide), the D/E tie keeps east,
    # east twice more, turn to G, on south, and the final look turns to B
    assert [q.heading for q in quiz.questions] == [N, N, E, E, E, E, S, S, W]
    assert [q.pawn for q in quiz.questions] == ["A", "A", "C", None, None, None, "G", None, "B"]
    assert [q.rule for q in quiz.questions] == ["M5"] * 8 + ["M6"]
    assert all(isinstance(quiz.events[q.event_index], Look) for q in quiz.questions)


def test_right_by_direction_square_or_pawn() -> None:
    quiz = basic_quiz()
    first = quiz.judge(N)
    assert first.correct and first.lines[0] == "Right: it goes north."
    assert quiz.judge("A").correct  # the pawn it chases
    # step 3: the next square east, or where the slide over the blood ends: both right
    assert quiz.question.squares == ((10, 5), (12, 5))
    assert quiz.question.is_right((12, 5)) and quiz.question.is_right((10, 5))
    assert quiz.judge((12, 5)).correct
    assert quiz.score == (3, 3)


def test_a_wrong_answer_gets_the_lines_of_sight_the_distances_and_the_rule() -> None:
    quiz = basic_quiz()
    for guess in (N, N, E):
        quiz.judge(guess)
    tie = quiz.judge("D")  # D and E are both 3 away: it chases neither (M5 tie)
    assert not tie.correct and tie.rule == "M5"
    assert tie.lines == (
        "Not quite: it goes east.",
        "ahead (east): no pawn before a stone",
        "left (north): D at 3",
        "right (south): E at 3",
        "sees D north at 3 and E south at 3 — tie between D and E, keeps heading east (M5)",
    )
    # the question stays open after a wrong answer: a second wrong answer and the right
    # one are judged but not scored; the right one opens the next question
    assert not quiz.judge((12, 4)).correct and quiz.score == (3, 4) and quiz.current == 3
    assert quiz.judge(E).correct and quiz.score == (3, 4) and quiz.current == 4
    assert not quiz.judge((12, 4)).correct and quiz.score == (3, 5)
    assert score_line(quiz) == "score: 3 of 5"
    assert quiz.first == [True, True, True, False, False]


def test_the_final_look_is_m6_and_the_quiz_ends() -> None:
    quiz = basic_quiz()
    for q in quiz.questions[:-1]:
        quiz.judge(q.heading)
    last = quiz.judge(S)
    assert not last.correct and last.rule == "M6" and "turns west (M6)" in last.lines[-1]
    # M6: the monster turns at its last look and takes no step: it does not "go" anywhere
    assert last.lines[0] == "Not quite: it ends its turn facing west."
    assert not quiz.done and quiz.score == (8, 9)  # open until answered right
    right = quiz.judge(W)
    assert right.correct and right.lines[0] == "Right: it ends its turn facing west."
    assert quiz.done and quiz.score == (8, 9)
    with pytest.raises(IndexError, match="over"):
        quiz.judge(W)


@pytest.mark.parametrize("lang", ["en", "fr", "de", "it", "cs"])
def test_M6_the_final_looks_feedback_says_where_it_faces_not_where_it_goes(lang: str) -> None:
    """The last question (M6) is answered with the heading the monster ends facing; its
    feedback said "it goes west" as after a step (M5), though no step follows."""
    from finstere_widget.engine.i18n import translations
    from finstere_widget.engine.narrate import _towards

    quiz = basic_quiz(lang)
    t = translations(lang)
    goes = {t.gettext("Right: it goes {heading}."), t.gettext("Not quite: it goes {heading}.")}
    west = _towards(t, W)
    for k, q in enumerate(quiz.questions):
        for correct in (True, False):
            verdict = quiz.feedback(q, correct).lines[0]
            says_goes = any(verdict == g.format(heading=_towards(t, q.heading)) for g in goes)
            assert says_goes == (q.rule == "M5"), (k, verdict)
    last = quiz.questions[-1]
    assert last.rule == "M6" and west in quiz.feedback(last, True).lines[0]


def test_three_levels_of_hints() -> None:
    quiz = basic_quiz()
    first = quiz.hint(1)
    assert "never behind" in first and "(M4)" in first
    assert quiz.hint(2) == "left (north): A at 6"
    assert "keeps its heading (M5)" in quiz.hint(3)
    assert quiz.hints_used == 3
    assert repr(quiz) == "<Quiz question 1 of 9, score 0 of 0, 3 hints>"


def test_hints_after_a_wrong_answer_are_for_the_question_still_open() -> None:
    quiz = basic_quiz()
    assert not quiz.judge(E).correct  # wrong: question 1 stays open
    assert quiz.current == 0 and quiz.question is quiz.questions[0]
    assert quiz.hint(2) == "left (north): A at 6"  # the open question's distances
    assert quiz.hints_used == 1
    assert repr(quiz) == "<Quiz question 1 of 9, score 0 of 1, 1 hints>"


def test_the_quiz_speaks_french_with_the_same_rules() -> None:
    quiz = basic_quiz("fr")
    wrong = quiz.judge(E)
    assert wrong.lines[0] == "Pas tout à fait : il va vers le nord."
    assert wrong.lines[2] == "à gauche (nord) : A à 6 cases"
    assert wrong.lines[-1].endswith("(M5)") and wrong.rule == "M5"
    assert score_line(quiz) == "score : 0 sur 1"


def _fits(value: Any, hint: Any) -> bool:
    """Whether a JSON value is of a TypedDict field's type (what mypy cannot see at run time)."""
    if get_origin(hint) is Literal:
        return value in get_args(hint)
    if get_origin(hint) is UnionType:
        return any(_fits(value, h) for h in get_args(hint))
    if get_origin(hint) is list:
        return isinstance(value, list) and all(_fits(v, get_args(hint)[0]) for v in value)
    if get_origin(hint) is dict:
        k, v = get_args(hint)
        return isinstance(value, dict) and all(
            _fits(a, k) and _fits(b, v) for a, b in value.items()
        )
    if hint is NoneType:
        return value is None
    return type(value) is hint


def test_to_dict_is_its_typed_dicts_key_for_key_in_the_json_shape_the_browser_reads() -> None:
    data = json.loads(json.dumps(basic_quiz("de").to_dict()))
    assert list(data) == ["lang", "questions", "words"] == list(get_type_hints(QuizDict))
    shape = ["event", "at", "facing", "heading", "squares", "accepted", "pawn", "pawns", "rule"]
    shape += ["right", "wrong", "hints"]
    hints = get_type_hints(QuestionDict)
    assert list(hints) == shape  # the JSON shape board.js reads, unchanged
    assert list(get_type_hints(QuizQuestion)) == [*shape, "look", "gate"]
    assert data["lang"] == "de" and _fits(data["words"], dict[str, str])
    for q in data["questions"]:
        assert list(q) == shape
        wrong = {key: q[key] for key, hint in hints.items() if not _fits(q[key], hint)}
        assert not wrong, wrong
    # the checker itself refuses what does not fit
    assert not _fits("north", hints["facing"]) and not _fits([[1, 2.5]], hints["squares"])
    assert not _fits(3, hints["pawn"]) and _fits(None, hints["pawn"])


def test_every_question_ships_its_answers_and_feedback_for_the_browser() -> None:
    data = json.loads(json.dumps(basic_quiz().to_dict()))
    assert data["lang"] == "en" and len(data["questions"]) == 9
    third = data["questions"][2]
    assert third["heading"] == "E" and third["squares"] == [[10, 5], [12, 5]]
    assert third["pawn"] == "C" and third["right"][0] == "Right: it goes east."
    assert third["wrong"][0] == "Not quite: it goes east." and third["rule"] == "M5"
