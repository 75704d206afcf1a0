"""Lesson 07's replay: a record stepped through action by action (teach.replay, the
GameReplay widget), captions in the lesson's language, the board at each action (T1, M1)."""

from __future__ import annotations

import pytest

from finstere_widget.design.bots import make_bot, play_game
from finstere_widget.engine.errors import RecordError
from finstere_widget.engine.game import Game
from finstere_widget.teach.replay import replay_steps, step_caption

PLAYERS = ["blue", "red", "green"]
BOTS = {"blue": "greedy", "red": "random", "green": "greedy"}


def _game() -> Game:
    game = Game(PLAYERS, seed=2026)
    return play_game(game, [make_bot(BOTS[c], f"2026/{c}") for c in PLAYERS])


def test_T1_replay_steps_keep_the_position_before_every_action() -> None:
    game = _game()
    steps = replay_steps(game.to_record())
    assert len(steps) == len(game.history)
    assert [s.entry.action for s in steps] == [h.action for h in game.history]
    assert steps[0].round == 1 and steps[-1].round == game.state.round
    monster = [s for s in steps if s.entry.monster is not None]
    tiles = [s.entry.monster.tile for s in monster if s.entry.monster is not None]
    assert tiles == [h.monster.tile for h in game.history if h.monster is not None]
    assert steps[1].before == steps[0].entry.move.position  # type: ignore[union-attr]


def test_M1_a_changed_record_is_refused_naming_the_action() -> None:
    record = _game().to_record()
    record["actions"][0]["path"] = ["IN"] + ["W"] * 7
    with pytest.raises(RecordError, match="action 0"):
        replay_steps(record)


def test_T1_step_captions_say_the_round_the_player_and_the_bot_in_the_language_asked() -> None:
    steps = replay_steps(_game().to_record())
    assert step_caption(steps, 0, PLAYERS, BOTS, lang="en") == (
        "the start: every pawn outside, light side up (B4)"
    )
    first = step_caption(steps, 1, PLAYERS, BOTS, lang="en")
    assert first.startswith("round 1, blue (greedy): ") and "blue5" in first
    draw = next(k for k, s in enumerate(steps, 1) if s.entry.monster is not None)
    assert step_caption(steps, draw, PLAYERS, lang="en").startswith("round 1: the monster draws ")
    french = step_caption(steps, 1, PLAYERS, BOTS, lang="fr")
    assert french.startswith("tour 1, bleu (greedy) : ") and "round" not in french


def test_T1_the_replay_widget_moves_the_board_with_the_slider_and_shows_no_widget_repr() -> None:
    pytest.importorskip("anywidget")
    from finstere_widget.widget import GameReplay

    game = _game()
    view = GameReplay(game.to_record(), bots=BOTS, lang="en")
    assert view.action == len(game.history)
    view.slider.value = 0
    assert view.caption.value.startswith("the start")
    assert view.board.position == view.steps[0].before
    view.slider.value = 1
    assert view.board.position == view.steps[0].entry.move.position  # type: ignore[union-attr]
    bundle = view._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert (
        not data["text/plain"].startswith(("VBox(", "GameReplay("))
        and "<svg" in data["image/svg+xml"]
    )
