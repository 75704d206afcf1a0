"""What the widgets tell and do around a move (issue 25, items 12-15; issue 28): the final
look's turn is no step, the stay is a named destination and deselecting has its own
gestures, a pawn entering from the tray draws its path from its own slot, a new game does
not ask to step through nothing, and selecting a pawn keeps "What happens"."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("anywidget")

from finstere_widget.engine import monster_turn
from finstere_widget.examples import load
from finstere_widget.render import style as S
from finstere_widget.render.frames import event_log, trace_frames
from finstere_widget.render.scene import tray_slots
from finstere_widget.widget import BoardWidget, GameView, MonsterStepper


def _final_look_turn() -> tuple[Any, Any]:
    pos = load("monster_advanced_8")
    return pos, monster_turn(pos, "8")


def test_the_final_looks_turn_is_no_step_9_in_the_log_and_captions_M6() -> None:
    """#25 item 12: an 8-step turn's final look (M6) turns the monster: the widget's log and
    captions told that turn as "step 9: turns from east to south (M6)"; the final look is
    not a step (narrate() leaves the line out). Now it is told as the final look."""
    pos, turn = _final_look_turn()
    assert sum(1 for e in turn.events if e.type == "move") == 8
    log = event_log(turn.events)
    captions = [f.caption for f in trace_frames(pos, turn.events, "8")]
    for words in log + captions:
        assert not words.startswith("step 9"), words
    m6_turns = [k for k, e in enumerate(turn.events) if e.type == "turn" and e.rule == "M6"]
    assert m6_turns, "the example's final look turns the monster"
    for k in m6_turns:
        assert log[k].startswith("final look: "), log[k]
    # the same in French
    fr = event_log(turn.events, "fr")
    assert not any(x.startswith("étape 9") for x in fr), fr


def test_a_new_game_asks_to_step_through_nothing() -> None:
    """#25 item 15: a new game where the learner moves first opens on its last frame
    ("Your move"), not on "See what happened: step with ▶ (1 more step)"."""
    v = GameView(("blue", "red"), you="blue", bot="greedy", seed=1)
    b = v.board
    assert b.frame == len(b.frames) - 1
    head = b.frames[b.frame]["h"]
    assert head[0] == "Your move (blue)", head
    assert not any("See what happened" in f.get("h", ["", ""])[0] for f in b.frames[b.frame :])


def test_a_story_says_a_click_plays_at_once() -> None:
    """#25 item 15: after a move the frames before the last do not say the steps must be
    seen first ("then it is your move"): a click on a pawn works at once, and they say so."""
    v = GameView(("blue", "red"), you="blue", bot="greedy", seed=1)
    v.bot_move_for_me()
    heads = [f["h"] for f in v.board.frames]
    assert len(heads) >= 3
    for bold, rest in heads[:-1]:
        assert bold == "See what happened"
        assert "then it is your move" not in rest
        assert "or click one of your pawns to play now" in rest, rest


def test_selecting_a_pawn_keeps_what_happens() -> None:
    """#28: selecting a pawn in GameView left the story for the board now and emptied the
    "What happens" panel: the account of the bots' and the monster's turns was gone."""
    v = GameView(("blue", "red"), you="blue", bot="greedy", seed=1)
    v.bot_move_for_me()
    told = list(v.board.event_log)
    assert len(told) >= 2
    v.board.select(sorted(v.board.movable or [])[0])
    assert v.board.trace_frames == []
    assert list(v.board.event_log) == told
    # a move tells the next story instead
    target = next(
        t for t in v.board._ui.targets if t != v.game.position.pawn(v.board._ui.selected).at
    )
    v.board.click(target) if isinstance(target, tuple) else v.board.click_zone(f"place:{target}")
    assert v.board.event_log[0].startswith("blue (you)")


def _a_pawn_on_the_board(v: GameView) -> str:
    for _ in range(20):
        on = [p for p in sorted(v.board.movable or []) if isinstance(v.position.pawn(p).at, tuple)]
        if on:
            return on[0]
        v.bot_move_for_me()
    raise AssertionError("no pawn of ours on the board")


def test_the_stay_is_a_named_visible_destination_P2() -> None:
    """#25 item 13: in GameView (allow_stay, P2) the hint said "click one, or the pawn again
    to deselect", but a second click played a 0-square move. The stay is now named in the
    hint and ringed on the board; deselecting is Escape or a click off the board."""
    v = GameView(("blue", "red"), you="blue", bot="greedy", seed=1)
    pid = _a_pawn_on_the_board(v)
    at = v.position.pawn(pid).at
    b = v.board
    b.select(pid)
    assert at in b._ui.targets
    assert "pawn again to deselect" not in b.hint
    assert "stay" in b.hint and "P2" in b.hint and "Escape" in b.hint, b.hint
    # the pawn's own square is drawn as a destination (a dashed ring around it)
    from finstere_widget.render.scene import center

    assert isinstance(at, tuple)
    cx, cy = center(at)
    drawn = [p for f in b.frames for g in f["g"] for p in b.groups[g]]
    rings = [
        p for p in drawn if p["k"] == "circle" and p.get("dash") and (p["cx"], p["cy"]) == (cx, cy)
    ]
    assert rings, "the stay is drawn"
    # Escape deselects: nothing moved
    ply = v.game.state.ply
    b._on_msg(b, {"type": "key", "key": "escape"}, [])
    assert b._ui.selected is None and v.game.state.ply == ply
    assert "deselected" in b.hint
    # a click off the board deselects too
    b.select(pid)
    b._on_msg(b, {"type": "click", "square": None}, [])
    assert b._ui.selected is None and v.game.state.ply == ply
    assert "deselected" in b.hint and b.hint_kind == "info"


def test_a_click_off_the_board_with_nothing_selected_still_asks_for_a_square() -> None:
    b = BoardWidget(mode="move")
    b._on_msg(b, {"type": "click", "square": None}, [])
    assert b.hint_kind == "problem" and "square" in b.hint


def test_a_plain_board_still_deselects_on_a_second_click() -> None:
    """Without allow_stay, the pawn again deselects (and its hint says so)."""
    b = BoardWidget(load("monster_basic_8"), mode="move")
    pid = next(p.id for p in b.position.pawns if isinstance(p.at, tuple))
    b.select(pid)
    assert "pawn again to deselect" in b.hint
    at = b.position.pawn(pid).at
    assert isinstance(at, tuple)
    b.click(at)
    assert b._ui.selected is None


def test_a_pawn_entering_from_the_tray_draws_its_path_from_its_own_slot() -> None:
    """#25 item 14: the tray closes up once a pawn has left it, so the path of a pawn
    entering from the tray started at the slot where another pawn now sits (blue5's line at
    red1). The frame of the move keeps the tray as it was: the path starts at the mover's
    own slot, and no other pawn is drawn there."""
    v = GameView(("blue", "red"), you="blue", bot="greedy", seed=1)
    before = v.position
    waiting = [p.id for p in before.pawns if p.at == "outside" and p.player == "blue"]
    movable = sorted(set(waiting) & (v.board.movable or set()))
    # the first waiting pawn leaves: every pawn after it would move up in the tray
    pid = next(p for p in movable if p != waiting[-1])
    slot = tray_slots(before)[pid]
    v.board.select(pid)
    target = next(t for t in v.board._ui.targets if isinstance(t, tuple))
    v.board.click(target)
    frame = v.board.trace_frames[0]
    assert frame.position.pawn(pid).at == target
    paths = [p for g in frame.under for p in g if p["k"] == "poly"]
    assert paths, "the move's path is drawn"
    start = (paths[0]["pts"][0], paths[0]["pts"][1])
    assert start == pytest.approx(slot)
    # no pawn of the frame's tray is drawn on that slot
    drawn = [
        (p["cx"], p["cy"])
        for g in frame.dynamic_groups()
        for p in g
        if p["k"] == "circle" and p["cy"] > S.TRAY_Y and p["r"] > 5  # a pawn, not a path dot
    ]
    assert not any(abs(x - slot[0]) < 1 and abs(y - slot[1]) < 1 for x, y in drawn), drawn


def test_the_static_picture_under_a_widget_cell_has_no_button_to_press() -> None:
    """#28: the SVG shown where no kernel runs (GitHub, nbviewer, the docs) said "press ▶ to
    step" under a picture with no button."""
    s = MonsterStepper(load("monster_basic_8"), tile="8")
    bundle = s._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "press ▶" not in data["image/svg+xml"]
    b = BoardWidget(load("monster_basic_8"))
    b.show_turn("8")
    data = b._repr_mimebundle_()
    data = data[0] if isinstance(data, tuple) else data
    assert "press ▶" not in data["image/svg+xml"]
    # the live board's caption still says it (it has the button)
    assert "press ▶" in b.frames[0]["c"]


def _caption_strips(board: BoardWidget) -> list[Any]:
    """The caption strips a board draws (the rect across the scene's top, S.CAPTION_H
    high): in its SVG and in what it synced to the browser (static layer and groups)."""
    import re

    drawn = [p for p in [*board.static, *(q for g in board.groups for q in g)] if p["k"] == "rect"]
    synced = [p for p in drawn if p["y"] == 0 and p["h"] == S.CAPTION_H]
    svg = re.findall(rf'<rect x="0" y="0" width="[\d.]+" height="{S.CAPTION_H}"', board.svg())
    return [*synced, *svg]


def test_a_move_board_draws_no_caption_strip_before_or_after_a_selection() -> None:
    """#28: a board in move mode drew an empty tinted caption strip above it (nothing to
    say: render/margins.caption_group), and selecting a pawn kept it."""
    b = BoardWidget(load("monster_basic_8"), mode="move")
    assert _caption_strips(b) == []
    pid = next(p.id for p in b.position.pawns if isinstance(p.at, tuple))
    b.select(pid)
    assert b._ui.selected == pid and _caption_strips(b) == []
    # a story on the board has its caption strip (the check sees one where there is one)
    b.show_turn("8")
    assert _caption_strips(b)


def _painted_caption(board: BoardWidget, k: int) -> str:
    """The words painted in frame ``k``'s caption strip ("" when it has none)."""
    prims = [p for g in board.frames[k]["g"] for p in board.groups[g]]
    if not any(p["k"] == "rect" and p["y"] == 0 and p["h"] == S.CAPTION_H for p in prims):
        return ""
    return " ".join(p["text"] for p in prims if p["k"] == "text" and p["y"] < S.CAPTION_H)


def test_your_move_is_said_twice_at_most_not_three_times() -> None:
    """#28 (the audit): at 1000 px a game view said "your move (blue): click one of your
    pawns …" three times: the line over the board, the caption strip painted on the board
    and the last line of "What happens". The board paints no caption the line over it
    already says; the line over the board and the log keep it."""
    v = GameView(("blue", "red"), you="blue", seed=1)
    b = v.board
    last = b.frames[-1]
    sentence = last["c"]
    assert sentence.startswith("your move (blue): click one of your pawns")

    def flat(words: str) -> str:
        return " ".join(words.lower().split())

    headline = flat("".join(last["h"]))
    painted = flat(_painted_caption(b, len(b.frames) - 1))
    logged = [flat(row) for row in b.event_log]
    assert headline == flat(sentence), "the line over the board says whose move it is"
    assert flat(sentence) in logged, "the log tells it"
    start = flat(sentence)[:30]
    said = [headline.startswith(start), painted.startswith(start), flat(sentence) in logged]
    assert sum(said) <= 2, (headline, painted, logged[-2:])
    # an earlier frame (its line over the board says something else) keeps its caption
    assert flat(_painted_caption(b, 0)).startswith(flat(b.frames[0]["c"])[:20])
