"""The quiz in the widget (``MonsterStepper(quiz=True)``): the data synced to the browser (each
question tied to the frame it is asked on and the look's frame, the accepted answers, both
feedbacks, three hints, the words in five languages), the record of what the browser reports
(first answers scored, retries and hints), and nothing told before it is answered."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path
from typing import Any

import pytest

from finstere_widget.engine import Heading, Position
from finstere_widget.engine.errors import LanguageError, PanelError, PuzzleError, QuizError
from finstere_widget.engine.events import Look
from finstere_widget.engine.i18n import LANGUAGES
from finstere_widget.teach.quiz import Quiz, quiz_words
from finstere_widget.widget import MonsterStepper
from finstere_widget.widget.board import BoardWidget
from finstere_widget.widget.panel import panel_message_type
from finstere_widget.widget.quiz import guess_of, record
from finstere_widget.widget.synced import QuizAnswer, QuizState, quiz_message, quiz_of

BASIC = Path(__file__).resolve().parent / "examples" / "monster_basic_8.json"
N, E, S, W = Heading.N, Heading.E, Heading.S, Heading.W


def on_show(board: BoardWidget) -> QuizState:
    """The quiz the board syncs (it has one)."""
    quiz = quiz_of(board.quiz)
    assert quiz is not None, "the board has no quiz"
    return quiz


def basic() -> Position:
    return Position.from_json(BASIC.read_text())


def stepper(lang: str = "en") -> MonsterStepper:
    return MonsterStepper(basic(), tile="8", quiz=True, lang=lang)


def answer(s: MonsterStepper, k: int, **what: object) -> None:
    """What the browser sends when the learner answers question ``k``."""
    s.board._on_msg(s.board, {"type": "quiz_answer", "question": k, "answer": what}, None)


def test_each_question_is_asked_on_the_frame_before_its_look() -> None:
    s = stepper()
    data = on_show(s.board)
    frames = s.board.frames
    assert data["frames"] == len(frames) == 31
    events = s.result.events if s.result else ()
    gates = [q["gate"] for q in data["questions"]]
    # the rulebook turn: 8 steps and the final look, asked where the monster stands then
    assert gates == [0, 3, 5, 10, 14, 18, 21, 25, 27]
    for q in data["questions"]:
        assert frames[q["look"]]["e"] == q["event"] and isinstance(events[q["event"]], Look)
        assert q["look"] == q["gate"] + 1
        shown = frames[q["gate"]]["e"]  # the question's frame tells only what came before
        assert shown is None or shown < q["event"]
    # the tie (step 4) is asked after C is eaten, from (12, 5) facing east
    tie = data["questions"][3]
    assert tie["at"] == [12, 5] and tie["facing"] == "E" and tie["pawn"] is None
    assert frames[tie["gate"]]["c"].startswith("step 3: eats pawn C")


def test_synced_answers_the_browser_judges_with() -> None:
    q = on_show(stepper().board)["questions"]
    # step 3: east to C over the blood: the next square, where the slide ends, C's square
    assert q[2]["heading"] == "E" and q[2]["pawn"] == "C"
    assert q[2]["accepted"] == [[10, 5], [12, 5]]  # C stands where the slide ends
    # step 1: A is chased north: the next square and A's square are both right
    assert q[0]["accepted"] == [[9, 6], [9, 1]] and q[0]["facing"] == "E"
    assert [9, 1, "A"] in q[0]["pawns"] and all(len(p) == 3 for p in q[0]["pawns"])
    # the feedback lines: verdict, the three lines of sight with distances, the rule
    assert q[3]["wrong"][1:4] == [
        "ahead (east): no pawn before a stone",
        "left (north): D at 3",
        "right (south): E at 3",
    ]
    assert q[3]["wrong"][-1].endswith("keeps heading east (M5)") and q[3]["rule"] == "M5"
    assert q[8]["rule"] == "M6" and q[8]["right"][0] == "Right: it ends its turn facing west."
    # three hints per question: where to look, the distances, the rule
    assert "(M4)" in q[3]["hints"][0]
    assert q[3]["hints"][1] == "left (north): D at 3; right (south): E at 3"
    assert "keeps its heading (M5)" in q[3]["hints"][2]
    assert json.loads(json.dumps(q)) == q  # plain JSON for the browser


@pytest.mark.parametrize(
    ("number", "guess", "verdict"),
    [
        (0, N, True),  # the direction
        (0, (9, 6), True),  # the square it steps to
        (0, (9, 1), True),  # the pawn it chases (A)
        (0, (9, 3), True),  # a square in line to the north: north
        (0, E, False),  # ahead, but A is to the left
        (0, W, None),  # behind: it never looks back (M4)
        (0, (5, 7), None),  # a square behind, empty
        (0, (3, 3), None),  # off its lines, no pawn there
        (0, "A", True),
        (0, "Z", None),  # no such pawn
        (3, "D", False),  # the tie: D and E both at 3, it chases neither (M5)
        (3, (12, 2), False),  # D's square
        (3, E, True),
        (3, (13, 5), True),
        (8, W, True),  # the final look turns west to B (M6)
        (8, S, False),
    ],
)
def test_what_a_click_means(number: int, guess: object, verdict: bool | None) -> None:
    quiz = Quiz.play(basic(), "8")
    assert quiz.questions[number].verdict(guess) is verdict  # type: ignore[arg-type]


def test_the_browser_reports_answers_and_hints_the_first_answer_scores() -> None:
    s = stepper()
    assert s.quiz is not None and s.quiz.score == (0, 0)
    answer(s, 0, heading="E")  # wrong at first
    answer(s, 0, heading="N")  # the retry: right, not scored again
    assert s.quiz.score == (0, 1) and s.quiz.current == 1
    answer(s, 1, square=[9, 5])  # right at the first try
    answer(s, 2, heading="S")  # behind (it faces north): answers nothing, not scored
    assert s.quiz.score == (1, 2) and s.quiz.current == 2
    s.board._on_msg(s.board, {"type": "quiz_hint", "question": 2, "level": 1}, None)
    s.board._on_msg(s.board, {"type": "quiz_hint", "question": 0, "level": 1}, None)  # past
    assert s.quiz.hints_used == 1
    answer(s, 2, square=[12, 5])  # where the slide ends
    assert s.quiz.score == (2, 3)
    # what the quiz cannot take is refused without a trace of it
    assert record(s.quiz, {"type": "quiz_answer", "question": 7, "answer": {"heading": "N"}})
    assert record(s.quiz, {"type": "quiz_answer", "question": 3, "answer": {"square": "x"}})
    assert record(s.quiz, {"type": "quiz_answer", "question": "3"}) is not None
    assert record(s.quiz, ["not", "a", "message"]) is not None
    answer(s, 99, heading="N")
    assert s.quiz.score == (2, 3) and s.quiz.current == 3
    with pytest.raises(PuzzleError, match="question 5 cannot be answered now"):
        s.quiz.answer(5, N)


def test_hints_asked_after_a_wrong_answer_count_for_the_question_still_open() -> None:
    # the browser keeps a question open after a wrong answer and offers its hints
    s = stepper()
    assert s.quiz is not None
    answer(s, 0, heading="E")  # wrong: question 0 stays open
    s.board._on_msg(s.board, {"type": "quiz_hint", "question": 0, "level": 1}, None)
    s.board._on_msg(s.board, {"type": "quiz_hint", "question": 0, "level": 2}, None)
    assert s.quiz.hints_used == 2 and s.quiz.current == 0 and s.quiz.score == (0, 1)
    assert repr(s.quiz) == "<Quiz question 1 of 9, score 0 of 1, 2 hints>"
    s.board._on_msg(s.board, {"type": "quiz_hint", "question": 1, "level": 1}, None)  # not yet
    assert s.quiz.hints_used == 2
    answer(s, 1, heading="N")  # question 1 is not open yet: refused, not scored
    assert s.quiz.score == (0, 1) and s.quiz.current == 0
    answer(s, 0, heading="N")  # now right: the next question opens, the score stays
    assert s.quiz.current == 1 and s.quiz.score == (0, 1)
    s.board._on_msg(s.board, {"type": "quiz_hint", "question": 1, "level": 1}, None)
    assert s.quiz.hints_used == 3


def test_guesses_read_from_browser_messages() -> None:
    def answer(what: object) -> QuizAnswer:
        message = quiz_message({"type": "quiz_answer", "question": 0, "answer": what})
        assert message["type"] == "quiz_answer"
        return message["answer"]

    assert guess_of(answer({"heading": "S"})) is S
    assert guess_of(answer({"square": [3, 4]})) == (3, 4)
    assert guess_of(answer({"pawn": "A"})) == "A"
    hint = quiz_message({"type": "quiz_hint", "question": 2, "level": 3})
    assert hint == {"type": "quiz_hint", "question": 2, "level": 3}


#: malformed quiz messages and the words of the English error naming the key at fault
MALFORMED: list[tuple[object, str]] = [
    ("N", "a quiz message must be an object, not 'N'"),
    ({"type": "quiz_guess", "question": 0}, "'type' must be one of quiz_answer, quiz_hint"),
    ({"type": "quiz_answer", "question": "3", "answer": {}}, "'question' must be a whole"),
    ({"type": "quiz_answer", "question": -1, "answer": {}}, "'question' must be a whole"),
    ({"type": "quiz_answer", "question": -1}, "'question' must be a whole number >= 0, not -1"),
    (
        {"type": "quiz_hint", "question": 0, "level": 4},
        "'level' must be a whole number from 1 to 3, not 4",
    ),
    ({"type": "quiz_hint", "question": 0, "level": 1, "x": 1}, "has no key 'x'"),
    ({"type": "quiz_answer", "question": 0}, "'answer' must be one of"),
    (
        {"type": "quiz_answer", "question": 0, "answer": {"heading": "N", "pawn": "A"}},
        "'answer'",
    ),
    ({"type": "quiz_answer", "question": 0, "answer": {"square": [3, True]}}, "'square'"),
    ({"type": "quiz_answer", "question": 0, "answer": {"heading": "up"}}, "'heading'"),
    ({"type": "quiz_answer", "question": 0, "answer": {"pawn": "x" * 41}}, "'pawn'"),
    ({"type": "quiz_answer", "question": 0, "answer": {"colour": "red"}}, "no key 'colour'"),
]


@pytest.mark.parametrize(("bad", "words"), MALFORMED)
def test_a_malformed_quiz_message_is_refused_naming_the_key_at_fault(
    bad: object, words: str
) -> None:
    with pytest.raises(QuizError, match=re.escape(words)):
        quiz_message(bad)
    # the board shows the same words as a problem hint; the quiz records nothing
    s = stepper()
    assert s.quiz is not None
    s.board._on_msg(s.board, bad, None)
    if isinstance(bad, dict) and bad.get("type") in ("quiz_answer", "quiz_hint"):
        assert words in s.board.hint and s.board.hint_kind == "problem"
    assert s.quiz.score == (0, 0) and s.quiz.hints_used == 0 and s.quiz.current == 0


#: the English words of the quiz messages' errors (their templates and what used to fill them)
ENGLISH = re.compile(r"\b(must|whole|number|from|to|or|not|one|of|has|no|key|answer)\b")


@pytest.mark.parametrize("lang", ["fr", "de", "it", "cs"])
def test_a_malformed_quiz_message_is_told_with_no_english_fragment(lang: str) -> None:
    for bad, _ in MALFORMED:
        with pytest.raises(QuizError) as caught:
            quiz_message(bad)
        told = caught.value.translated(lang)
        # the culprits are quoted as sent (repr); the words around them are all translated
        words = re.sub(r"'[^']*'|\[[^\]]*\]|\{[^}]*\}", "", told)
        assert not ENGLISH.search(words), (lang, told)
    with pytest.raises(QuizError) as caught:
        quiz_message({"type": "quiz_hint", "question": 0, "level": 4})
    assert caught.value.translated("fr") == (
        "message du quiz : 'level' doit être un nombre entier de 1 à 3, pas 4"
    )
    # the control panel's message types are listed the same way (no English "or")
    with pytest.raises(PanelError) as refused:
        panel_message_type({"type": "press", "id": 0})
    assert not ENGLISH.search(re.sub(r"'[^']*'", "", refused.value.translated(lang)))


def test_nothing_is_told_before_it_is_answered() -> None:
    s = stepper()
    # the message names the tile and the number of looks, not who is taken
    assert s.message.value == "Predict the monster: tile 8, looks to answer: 9."
    bundle = s._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "sees A north at 6" not in data["text/plain"]
    assert "eats" not in data["text/plain"] and "quiz=9 looks" in data["text/plain"]
    # without the quiz the static fallback tells the whole story
    plain = MonsterStepper(basic(), tile="8")._repr_mimebundle_()
    plain = plain[0] if isinstance(plain, tuple) else plain
    assert "sees A north at 6" in plain["text/plain"]


def test_a_new_turn_brings_a_new_quiz_and_other_frames_none() -> None:
    s = stepper()
    answer(s, 0, heading="N")
    s.tile = "5"
    assert s.quiz is not None and s.quiz.score == (0, 0)
    assert len(on_show(s.board)["questions"]) == len(s.quiz.questions) == 6  # 5 steps + M6
    assert on_show(s.board)["frames"] == len(s.board.frames)
    s.board.position = basic()  # frames that are not the quiz's: the quiz leaves the board
    assert s.board.quiz == {}
    s.run()
    assert on_show(s.board)["frames"] == len(s.board.frames)
    assert MonsterStepper(basic(), tile="8").board.quiz == {}


def test_a_language_switch_keeps_the_frame_and_the_quiz_progress() -> None:
    s = stepper()
    answer(s, 0, heading="E")  # wrong, then right: scored once
    answer(s, 0, heading="N")
    s.board._on_msg(s.board, {"type": "quiz_hint", "question": 1, "level": 1}, None)
    s.board.frame = 2
    quiz, round_ = s.quiz, on_show(s.board)["round"]
    assert quiz is not None
    s.lang = "fr"
    assert s.board.frame == 2 and s.quiz is quiz  # the same frame, the same quiz
    assert quiz.score == (0, 1) and quiz.current == 1 and quiz.hints_used == 1
    # the browser's quiz: the same round (so it keeps its answers), in French
    assert on_show(s.board)["round"] == round_ and on_show(s.board)["lang"] == "fr"
    assert on_show(s.board)["questions"][0]["wrong"][0] == "Pas tout à fait : il va vers le nord."
    assert on_show(s.board)["frames"] == len(s.board.frames)
    assert s.message.value.startswith("Où va le monstre ? Tuile 8")
    answer(s, 1, square=[9, 5])  # the quiz goes on where it was
    assert s.quiz is quiz and quiz.score == (1, 2) and quiz.current == 2
    # the board's language switched directly: the stepper and its quiz follow, nothing lost
    s.board.lang = "de"
    assert s.lang == "de" and s.quiz is quiz and quiz.score == (1, 2)
    assert on_show(s.board)["round"] == round_ and on_show(s.board)["words"]["N"] == "Norden"
    assert s.board.frame == 2
    # a new turn is a new round: the browser starts afresh
    s.run()
    assert on_show(s.board)["round"] != round_ and s.quiz is not quiz


def test_the_exported_page_carries_the_quiz(tmp_path: Path) -> None:
    page = stepper("fr").to_html(tmp_path / "quiz.html").read_text(encoding="utf-8")
    assert '"quiz":{"lang":"fr"' in page and "quizVerdict" in page


def test_the_quiz_speaks_five_languages() -> None:
    english = quiz_words("en")
    for lang in LANGUAGES:
        words = quiz_words(lang)
        assert set(words) == set(english)
        for key, text in words.items():
            fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
            assert fields == {f for _, f, _, _ in string.Formatter().parse(english[key]) if f}
            if lang != "en" and key not in ("rule",):
                assert text != english[key] or key in "NESW", (lang, key)
    assert "(M4)" in quiz_words("cs")["behind"]
    # a hint's heading and text in one template: French puts a space before its colon
    hint = {lang: quiz_words(lang)["hint_level"].format(level=2, hint="…") for lang in LANGUAGES}
    assert hint["en"] == "hint 2 of 3: …" and hint["fr"] == "indice 2 sur 3 : …"
    assert hint["de"] == "Tipp 2 von 3: …"
    s = stepper("fr")
    q = on_show(s.board)
    assert q["lang"] == "fr" and q["words"]["hint"] == "Indice"
    assert q["questions"][0]["wrong"][0] == "Pas tout à fait : il va vers le nord."
    assert s.message.value.startswith("Où va le monstre ? Tuile 8")
    assert on_show(MonsterStepper(basic(), quiz=True, lang="de").board)["words"]["N"] == "Norden"
    with pytest.raises(LanguageError, match="unknown language 'xx'"):
        MonsterStepper(basic(), quiz=True, lang="xx")


def test_the_quiz_opens_with_its_own_instruction_and_a_prompt_in_the_log() -> None:
    """▶ waits for the first answer, so the opening caption (drawn and announced) says what
    the quiz asks instead of "press ▶ to step", in every language; the log, which tells
    nothing before an answer, gets a line saying so (the quiz's log_prompt)."""

    from finstere_widget.render.margins import caption_lines

    def opening(s: MonsterStepper) -> tuple[str, list[str]]:
        b = s.board
        drawn = [p["text"] for g in b.frames[0]["g"] for p in b.groups[g] if p["k"] == "text"]
        return b.frames[0].get("c", ""), drawn

    assert [q["gate"] for q in on_show(stepper().board)["questions"]][0] == 0
    plain, _ = opening(MonsterStepper(basic(), tile="8"))
    assert "▶" in plain
    said: dict[str, str] = {}
    for lang in LANGUAGES:
        s = stepper(lang)
        caption, drawn = opening(s)
        lines = caption_lines(caption)  # the strip's two lines, whole (#28: at 16.6 units)
        assert " ".join(lines) == caption and all(line in drawn for line in lines), (
            "the caption strip shows it, not only the screen reader"
        )
        assert "▶" not in caption and caption.startswith(
            {
                "en": "tile 8",
                "fr": "tuile 8",
                "de": "Plättchen 8",
                "it": "tessera 8",
                "cs": "kartička 8",
            }[lang]
        )
        said[lang] = caption
        prompt = on_show(s.board)["words"]["log_prompt"]
        assert prompt and prompt == quiz_words(lang)["log_prompt"]
    assert said["en"] == (
        "tile 8: the monster at (9, 7) facing east — where does it go? Answer to step on"
    )
    assert len(set(said.values())) == len(LANGUAGES), "each language its own words"
    s = stepper()
    s.lang = "de"  # switched: the opening follows the language
    assert opening(s)[0] == said["de"]
    answer(s, 0, heading="N")
    assert opening(s)[0] == said["de"], "frame 0 keeps its caption after the first answer"


def test_a_graded_series_of_puzzles_as_a_quiz() -> None:
    from finstere_widget.teach.predict import puzzles
    from finstere_widget.widget import PuzzleQuiz

    series = puzzles("all", n=3, seed=5, difficulty=1) + puzzles("all", n=2, seed=5, difficulty=2)
    pq = PuzzleQuiz(series)
    assert repr(pq) == "PuzzleQuiz(puzzle 1 of 5, level 1, score 0 of 0)"
    assert pq.heading.value == "Puzzle 1 of 5 (level 1)" and pq.prev_button.disabled
    # each puzzle's one step: the look and the final look, on the puzzle's own position
    assert pq.stepper.position == series[0].position and pq.stepper.tile == "1"
    quiz = pq.stepper.quiz
    assert quiz is not None and [q.rule for q in quiz.questions] == ["M5", "M6"]
    assert on_show(pq.board)["questions"][0]["event"] == 0  # the puzzle's look comes first
    first = quiz.questions[0]
    f = first.look.facing
    wrong = next(h for h in (f, f.left, f.right) if h != first.heading)
    for k, heading in ((0, wrong), (0, first.heading), (1, quiz.questions[1].heading)):
        pq.board._on_msg(
            pq.board,
            {"type": "quiz_answer", "question": k, "answer": {"heading": heading.name}},
            None,
        )
    assert pq.scores == {0: (1, 2)} and pq.total.value == "series score: 1 of 2"
    played: list[object] = []
    board_play = pq.board.show_turn_from

    def play(*a: Any) -> Any:
        played.append(a[0])
        return board_play(*a)

    pq.board.show_turn_from = play  # type: ignore[method-assign, assignment]
    pq.next_button.click()
    assert played == [series[1].position]  # the next puzzle's turn, played once
    assert pq.index == 1 and pq.stepper.position == series[1].position
    assert pq.stepper.quiz is not None and pq.stepper.quiz.score == (0, 0)
    assert pq.score == (1, 2)  # the series keeps the first puzzle's score
    pq.show(99)
    assert pq.index == 4 and pq.next_button.disabled
    assert pq.heading.value == f"Puzzle 5 of 5 (level {series[4].difficulty})"
    assert series[4].difficulty == 2
    # the static fallback tells the puzzle, not its answer
    bundle = pq._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert (
        data["text/plain"].startswith("PuzzleQuiz(puzzle 5 of 5")
        and "sees" not in data["text/plain"]
    )
    assert PuzzleQuiz(series, lang="it").heading.value == "Enigma 1 di 5 (livello 1)"
    with pytest.raises(PuzzleError, match="at least one puzzle"):
        PuzzleQuiz([])


def test_a_language_switch_after_the_board_left_the_turn_drops_the_quiz() -> None:
    """Once the board no longer shows the turn (its trace cleared), a language switch
    neither fails nor brings back a quiz over a board that shows none."""
    s = MonsterStepper(quiz=True, lang="en")
    assert s.quiz is not None and s.board.quiz
    s.board.clear_trace()
    assert not s.board.trace_frames and not s.board.quiz
    s.lang = "fr"
    assert s.quiz is None and not s.board.quiz and s.board.lang == "fr"
    s.board.lang = "de"  # switched on the board directly: the stepper follows
    assert s.lang == "de" and s.quiz is None
    s.run()  # a new turn played: the quiz is back, in the language chosen
    assert s.quiz is not None and s.quiz.lang == "de" and s.board.quiz
