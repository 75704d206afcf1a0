"""finstere_widget.teach.walkthrough: the lessons' helpers answer in sentences, in the
language asked, with the engine's own moves (P2-P7, M3-M6, T1, S1)."""

from __future__ import annotations

import pytest

from finstere_widget import examples
from finstere_widget.engine import Game
from finstere_widget.teach.walkthrough import (
    goal_check,
    landing_squares,
    replay_told,
    rounds_told,
    side_by_side,
    try_path,
)


def test_P2_try_path_numbers_the_points_not_the_flip() -> None:
    text = try_path(examples.load("pawn_example_1"), "P4", "N,N,N,W", goal=(6, 4), lang="en")
    lines = text.splitlines()
    assert lines[0] == "point 1: moves from (7, 7) to (7, 6) (P2)"
    assert lines[4] == "point 4: moves from (7, 4) to (6, 4) (P2)"
    assert lines[5] == "then: pawn P4 is flipped and now shows 3 (P2)"  # no "point 5"
    assert lines[6] == "P4 used 4 of its 4 points and ends on (6, 4)."
    assert lines[7] == "Goal reached."


def test_P6_a_refused_path_names_the_point_and_the_rule_without_developer_words() -> None:
    text = try_path(examples.load("pawn_example_1"), "P4", "N,N,N,N", lang="en")
    assert text.startswith("Refused. Point 4 (N) is not allowed: ")
    assert text.endswith("(P6).") and "token" not in text


def test_P5_P7_ending_on_a_pawn_is_told_with_the_square() -> None:
    two = try_path(examples.load("pawn_example_2"), "P5", "E,E", lang="en")
    assert (
        two
        == "Refused. Point 2 (E) is not allowed: it would end on (4, 4), where another pawn stands (P5)."
    )
    three = try_path(examples.load("pawn_example_3"), "P5", "N,N,W,W,W", lang="en")
    assert three.endswith("it would end on (7, 2), where another pawn stands (P7).")


def test_a_missed_goal_and_a_typo_are_told() -> None:
    pos = examples.load("pawn_example_1")
    assert try_path(pos, "P4", "N", goal=(6, 4), lang="en").endswith(
        "That is not (6, 4): try another path."
    )
    assert try_path(pos, "P4", "N,Q", lang="en").startswith("Refused. ")


def test_P4_escaping_is_told_as_a_place() -> None:
    text = try_path(examples.load("lesson_doorways"), "B", "W,OUT", goal="escaped", lang="en")
    assert "left by the exit." in text and text.endswith("Goal reached.")
    assert "ends on" not in text.splitlines()[-2]  # no square to end "on"


def test_the_helpers_speak_the_language_asked_not_the_locale(monkeypatch: object) -> None:
    import os

    os.environ["FINSTERE_WIDGET_LANG"] = "de"
    try:
        text = try_path(examples.load("pawn_example_1"), "P4", "N", lang="fr")
    finally:
        os.environ["FINSTERE_WIDGET_LANG"] = "en"
    assert "(7, 6)" in text and "moves from" not in text and "point 1" not in text


def test_P2_landing_squares_lists_stay_first_then_the_others() -> None:
    text = landing_squares(examples.load("pawn_example_1"), "P4", lang="en")
    assert text.startswith("P4 may stay on (7, 7) or end its move on ")
    assert "(6, 4)" in text and "(7, 3)" not in text  # the stone cannot go there with X beyond


def test_M6_side_by_side_puts_the_rulebook_beside_the_engine() -> None:
    looks = side_by_side(examples.load("monster_basic_8"), "8", {4: "à égale distance"}, lang="en")
    assert [c.step for c in looks] == list(range(1, 10)) and looks[-1].final
    assert str(looks[3]).splitlines()[1] == "    the rulebook: « à égale distance »"
    assert "tie" in looks[3].caption.lower()
    assert str(looks[0]) == looks[0].caption  # no words: the engine alone


def test_T1_rounds_told_and_goal_check_follow_the_game() -> None:
    race = examples.load("lesson_race")
    game = Game.from_position(race, players=["blue", "red"], seed=4, round=5, tiles_played=4)
    assert goal_check(game, "blue", 7, lang="en") == (
        "Round 5: no pawn out yet; you have until the end of round 7."
    )
    game.apply({"type": "move", "pawn": "blue4", "path": ["N", "N", "N", "N"]})
    while game.current_colour is not None and not game.is_chance():
        (action, *_) = game.legal_actions()
        game.apply(action)
    game.apply({"type": "tile", "tile": game.drawable_tiles()[0]})
    told = rounds_told(game, lang="en")
    assert told[-1].startswith("round 5 (stage 1): the monster draws ")
    assert game.state.round == 6


def test_S1_rounds_told_starts_stage_two_after_the_seventh_tile() -> None:
    from finstere_widget.design.bots import make_bot, play_game

    bots = [make_bot("greedy", "3/blue"), make_bot("greedy", "3/red")]
    game = play_game(Game(["blue", "red"], seed=3), bots)
    monster_lines = [line for line in rounds_told(game, lang="en") if "monster" in line]
    assert all("(stage 1)" in line for line in monster_lines[:7])
    assert all("(stage 2)" in line for line in monster_lines[7:])
    assert monster_lines[7].startswith("round 8 (stage 2)")


LEARNER_UNWORDS = ("token", "docs/", ".md", "tests/")


def test_P2_a_path_typed_with_spaces_is_read_as_with_commas() -> None:
    """02a writes paths "N N N W": try_path reads them as the engine's "N,N,N,W" (P2)."""
    pos = examples.load("pawn_example_1")
    commas = try_path(pos, "P4", "N,N,N,W", goal=(6, 4), lang="en")
    assert try_path(pos, "P4", "N N N W", goal=(6, 4), lang="en") == commas
    assert try_path(pos, "P4", " n, n  n w ", goal=(6, 4), lang="en") == commas
    assert try_path(pos, "P4", ["N", "N", "N", "W"], goal=(6, 4), lang="en") == commas


@pytest.mark.parametrize("lang", ["en", "fr", "de", "it", "cs"])
def test_P2_a_word_that_is_no_direction_is_told_in_a_learners_words(lang: str) -> None:
    pos = examples.load("pawn_example_1")
    for path in ("N Q", "N,Q", "N " * 70, "N,N,N,N,N"):
        text = try_path(pos, "P4", path, lang=lang)
        assert text.startswith(("Refused. ", "Refusé", "Abgelehnt", "Rifiutat", "Odmítnuto")), text
        for word in LEARNER_UNWORDS:
            assert word not in text, (path, text)
    typo = try_path(pos, "P4", "N Q", lang="en")
    assert typo == (
        "Refused. Step 2, 'Q', is not a direction: a path is made of N, E, S and W, IN to"
        " come in and OUT to leave by the exit."
    )
    if lang != "en":
        assert "not a direction" not in try_path(pos, "P4", "N Q", lang=lang)
        assert "no point left" not in try_path(pos, "P4", "N,N,N,N,N", lang=lang)


def _record() -> dict[str, object]:
    from finstere_widget.design.bots import make_bot, play_game

    game = play_game(
        Game(["blue", "red"], seed=3), [make_bot("greedy", "a"), make_bot("random", "b")]
    )
    return game.to_record()


def test_P2_replay_told_names_the_action_the_pawn_and_the_step_without_a_repr() -> None:
    record = _record()
    n = len(record["actions"])  # type: ignore[arg-type]
    assert (
        replay_told(record, lang="en")
        == f"The record replays: {n} actions, the same game to the end."
    )
    record["actions"][0]["path"] = ["IN"] + ["W"] * 7  # type: ignore[index]
    text = replay_told(record, lang="en")
    assert text == (
        "The replay stops at action 1, a move of pawn blue5. Point 6 (W) is not allowed:"
        " pawn blue5 shows 5: no point left for this step (P2)."
    )
    for lang in ("fr", "de", "it", "cs"):
        told = replay_told(record, lang=lang)
        assert "replay stops" not in told and "no point left" not in told and "{" not in told


def test_M5_a_puzzle_and_a_set_are_told_in_sentences_not_tuples() -> None:
    from finstere_widget.teach import puzzles
    from finstere_widget.teach.walkthrough import language_told, puzzle_told, puzzles_told

    items = puzzles("M5", n=4, seed=2026)
    levels = ", ".join(str(d) for d in sorted({p.difficulty for p in items}))
    assert puzzles_told(items, lang="en") == f"4 puzzles on M5, of difficulty {levels}."
    text = puzzle_told(3, items[0], lang="en").splitlines()
    assert text[0].startswith("Puzzle 3: the monster stands on (")
    assert len(text) == 2 + len(items[0].choices) and text[2].startswith("  a) (")
    assert language_told("fr") == "Langue des plateaux et des récits : Français."


def test_M6_the_online_guides_words_are_labelled_as_the_guide_not_the_rulebook() -> None:
    from finstere_widget.engine.errors import LessonError

    pos = examples.load("monster_basic_8")
    looks = side_by_side(pos, "8", {4: "mot"}, source="guide", lang="en")
    assert str(looks[3]).splitlines()[1] == "    the online guide: « mot »"
    assert "rulebook" not in str(looks[3])
    with pytest.raises(LessonError, match="source"):
        side_by_side(pos, "8", {}, source="book", lang="en")
