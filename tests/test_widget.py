"""The widgets' traitlet protocol without a browser: state sent, clicks received (as the
browser sends them), invalid messages ignored with a hint, position round trip, undo/redo,
the stepper re-running the engine, deterministic reprs, standalone HTML, ipycanvas."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from finstere_widget.engine import (  # noqa: E402
    Heading,
    Monster,
    Pawn,
    Position,
    RuleOptions,
    monster_turn,
)
from finstere_widget.render import style as S  # noqa: E402
from finstere_widget.render.primitives import Prim  # noqa: E402
from finstere_widget.render.scene import center, square_origin  # noqa: E402
from finstere_widget.widget import BoardEditor, BoardWidget, MonsterStepper  # noqa: E402
from finstere_widget.widget.board_traits import Mode  # noqa: E402

TIE = {
    "format": "finstere-position/1",
    "monster": {"at": [5, 5], "facing": "E"},
    "pawns": [
        {"id": "A", "player": "blue", "light": 6, "dark": 1, "at": [8, 5]},
        {"id": "B", "player": "red", "light": 4, "dark": 3, "up": "dark", "at": [5, 2]},
    ],
}


def send(widget: BoardWidget, content: Any) -> None:
    """A custom message as the browser sends it (anywidget: model.send(content))."""
    widget._handle_custom_msg(content, [])


def unpack(widget: BoardWidget, k: int) -> list[Prim]:
    f = widget.frames[k]
    return widget.static + [p for g in f["g"] for p in widget.groups[g]]


# --- state sent --------------------------------------------------------------------------


def test_state_sent_to_the_browser() -> None:
    w = BoardWidget(Position.basic())
    state = w.get_state()
    for key in ("static", "groups", "frames", "event_log", "frame", "geometry", "hint", "mode"):
        assert key in state
    json.dumps({k: state[k] for k in ("static", "groups", "frames", "geometry")})
    assert len(w.frames) == 1 and w.event_log == []
    geo = w.geometry
    assert (geo["w"], geo["h"], geo["ox"], geo["oy"], geo["cell"]) == (
        S.WIDTH,
        S.HEIGHT,
        S.OX,
        S.OY,
        S.CELL,
    )
    assert geo["cols"] == 16 and geo["rows"] == 11
    x, y = square_origin((7, 4))  # a stone of the basic layout
    assert any(p["k"] == "rect" and (p["x"], p["y"]) == (x + 4, y + 4) for p in unpack(w, 0))


def test_show_turn_syncs_frames_log_and_steps_in_python_too() -> None:
    w = BoardWidget(TIE)
    result = w.show_turn("8")
    assert len(w.frames) == len(result.events) + 1 == len(w.trace_frames)
    assert len(w.event_log) == len(result.events)
    assert w.event_log[0].startswith("step 1:") and "(M5)" in w.event_log[0]
    assert [f["e"] for f in w.frames] == [-1] + list(range(len(result.events)))
    w.frame = 1
    assert "TIE" in w.svg()
    w.frame = 999  # clamped
    assert w.frame == len(w.frames) - 1
    assert w.synced_size() <= 100_000
    assert w.position == Position.from_dict(TIE)


def test_frame_changes_from_the_browser_are_accepted() -> None:
    w = BoardWidget(TIE)
    w.show_turn("5")
    w.set_state({"frame": 3})
    assert w.frame == 3


# --- position, repr, undo ------------------------------------------------------------------


def test_position_round_trip_json_dict_and_position() -> None:
    w = BoardWidget()
    w.position = TIE
    assert w.position.to_dict() == Position.from_dict(TIE).to_dict()
    w.position = json.dumps(TIE)
    assert w.position == Position.from_dict(TIE)
    w.position = Position.basic()
    assert json.loads(w.position_json) == Position.basic().to_dict()


def test_reprs_are_deterministic() -> None:
    a, b = BoardWidget(TIE), BoardWidget(TIE)
    assert repr(a) == repr(b)
    assert "0x" not in repr(a)
    assert repr(a) == (
        "BoardWidget(mode='view', frame=1/1, monster=[5, 5] E, stones=0, pools=0, "
        "teleporters=0, pawns=2)"
    )
    s = MonsterStepper(TIE, tile="X")
    assert repr(s) == repr(MonsterStepper(TIE, tile="X"))
    assert "0x" not in repr(s) and "0x" not in repr(BoardEditor())
    bundle = a._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["text/plain"] == repr(a)
    assert data["image/svg+xml"] == a.svg()


def test_edit_clicks_and_undo_redo() -> None:
    w = BoardWidget(Position(Monster((0, 0), Heading.E)), mode="edit")
    send(w, {"type": "click", "square": [3, 3]})
    assert [(s.at, s.kind.value) for s in w.position.stones] == [((3, 3), "stone")]
    w.tool = "crystal"
    send(w, {"type": "click", "square": [3, 3]})
    assert w.position.stones[0].kind.value == "crystal"
    w.tool = "pool_square"
    send(w, {"type": "click", "square": [8, 2]})
    assert len(w.position.pools) == 1
    w.tool = "teleporter"
    send(w, {"type": "click", "square": [10, 6]})
    assert not w.position.teleporters and "partner" in w.hint
    send(w, {"type": "click", "square": [12, 8]})
    assert {t.at for t in w.position.teleporters} == {(10, 6), (12, 8)}
    w.tool, w.tool_player, w.tool_pawn, w.tool_face = "pawn", "green", "4/3", "dark"
    send(w, {"type": "click", "square": [6, 6]})
    assert w.position.pawn("A") == Pawn(
        "A", "green", 3, 4, "dark", (6, 6)
    )  # P1: 4/3 = dark 4, light 3
    send(w, {"type": "click", "zone": "place:outside"})
    assert w.position.pawn("B").at == "outside"
    w.tool, w.tool_heading = "monster", "S"
    send(w, {"type": "click", "square": [7, 7]})
    assert w.position.monster == Monster((7, 7), Heading.S)
    w.tool = "erase"
    send(w, {"type": "click", "square": [12, 8]})
    assert w.position.teleporters == ()
    final = w.position
    for _ in range(8):
        assert w.undo()
    assert w.position == Position(Monster((0, 0), Heading.E))
    assert not w.undo() and w.hint == "nothing to undo"
    for _ in range(8):
        assert w.redo()
    assert w.position == final and not w.can_redo


def test_invalid_edits_leave_the_position_and_say_why() -> None:
    w = BoardWidget(Position(Monster((0, 0), Heading.E)), mode="edit")
    w.tool = "pool_long_h"
    before = w.position
    send(w, {"type": "click", "square": [13, 4]})  # 13..16: leaves the board
    assert w.position == before and "leave the board" in w.hint
    w.tool = "erase"
    send(w, {"type": "click", "square": [0, 0]})
    assert w.position == before and "monster" in w.hint


@pytest.mark.parametrize(
    "message",
    [
        None,
        "click",
        42,
        [],
        {},
        {"type": "hover"},
        {"type": "click"},
        {"type": "click", "square": None},
        {"type": "click", "square": "3,3"},
        {"type": "click", "square": [3]},
        {"type": "click", "square": [True, 0]},
        {"type": "click", "square": [3.5, 2]},
        {"type": "click", "square": [15, 0]},
        {"type": "click", "square": [-1, 4]},
        {"type": "click", "zone": 7},
        {"type": "click", "zone": "pawn:nobody"},
        {"type": "click", "zone": "nowhere"},
    ],
)
@pytest.mark.parametrize("mode", ["view", "move", "edit"])
def test_invalid_messages_are_ignored_with_a_hint(message: Any, mode: Mode) -> None:
    w = BoardWidget(TIE, mode=mode)
    before = w.position
    send(w, message)
    assert w.position == before
    if mode != "view" or not isinstance(message, dict) or message.get("type") != "click":
        assert w.hint, f"no hint for {message!r}"


# --- move mode ------------------------------------------------------------------------------


def test_click_pawn_shows_targets_then_click_target_moves() -> None:
    w = BoardWidget(TIE, mode="move")
    from finstere_widget.engine import legal_moves

    expected = {o.to for o in legal_moves(w.position, "A") if o.to != (8, 5)}
    send(w, {"type": "click", "square": [8, 5]})
    assert "destination" in w.hint
    lit = {
        (p["x"], p["y"]) for p in unpack(w, 0) if p["k"] == "rect" and p.get("stroke") == S.TARGET
    }
    assert lit == {
        (square_origin(sq)[0] + 3, square_origin(sq)[1] + 3)
        for sq in expected
        if isinstance(sq, tuple)
    }
    send(w, {"type": "click", "square": [5, 5]})  # the monster's square: not a target
    assert w.position.pawn("A").at == (8, 5) and "cannot end" in w.hint
    send(w, {"type": "click", "square": [9, 7]})
    pawn = w.position.pawn("A")
    assert pawn.at == (9, 7) and pawn.up == "dark"
    assert any(p["k"] == "poly" and p.get("stroke") == S.PATH for p in unpack(w, 0))
    assert w.last_move.path in (("E", "S", "S"), ("S", "E", "S"), ("S", "S", "E"))
    assert w.undo() and w.position.pawn("A").at == (8, 5)


def test_click_same_pawn_deselects_and_empty_square_hints() -> None:
    w = BoardWidget(TIE, mode="move")
    send(w, {"type": "click", "square": [2, 8]})
    assert "no pawn" in w.hint
    send(w, {"type": "click", "square": [8, 5]})
    send(w, {"type": "click", "square": [8, 5]})
    assert "deselected" in w.hint
    assert not any(p.get("stroke") == S.TARGET for p in unpack(w, 0))


def test_pawn_outside_enters_from_the_tray() -> None:
    pos = Position.basic(pawns=[Pawn("A", "blue", 6, 1, "light", "outside")])
    w = BoardWidget(pos, mode="move")
    send(w, {"type": "click", "zone": "pawn:A"})
    assert "destination" in w.hint
    send(w, {"type": "click", "square": [15, 10]})
    assert w.position.pawn("A").at == (15, 10)


# --- the stepper ----------------------------------------------------------------------------


def test_stepper_reruns_on_tile_and_options() -> None:
    s = MonsterStepper(TIE, tile="8")
    n8 = len(s.board.frames)
    assert s.result is not None and s.result.tile == "8"
    s.tile_buttons.value = "5"
    assert s.result.tile == "5" and len(s.board.frames) < n8
    s.tile = 3
    assert s.tile == "3" and s.result.tile == "3"
    s.tile_buttons.value = "X"
    assert s.result.tile == "X"
    s.option_widgets["pivot_when_tied"].value = "turn"
    assert s.options.pivot_when_tied == "turn"
    s.options = RuleOptions()
    assert s.option_widgets["pivot_when_tied"].value == "push"
    after = s.result.position
    assert s.apply() == after and s.position == after


def test_stepper_turn_matches_the_engine() -> None:
    s = MonsterStepper(TIE, tile="10")
    result = monster_turn(Position.from_dict(TIE), "10")
    assert s.result is not None and s.result.events == result.events
    assert s.board.frames[-1]["e"] == len(result.events) - 1


# --- static HTML, ipycanvas ----------------------------------------------------------------


def test_to_html_embeds_painter_and_frames(tmp_path: Path) -> None:
    s = MonsterStepper(TIE, tile="8")
    out = s.to_html(tmp_path / "turn.html")
    page = out.read_text()
    assert "export default { render }" in page
    assert '"standalone":true' in page
    state = page.split('id="finstere-state">', 1)[1].split("</script>", 1)[0]
    data = json.loads(state.replace("<\\/", "</"))
    assert data["frames"] == s.board.frames and data["event_log"] == s.board.event_log


def test_exported_page_takes_its_colours_from_the_theme_light_and_dark(tmp_path: Path) -> None:
    """The page around the exported board is the drawing's own background, and on a reader's
    dark system (prefers-color-scheme) the DARK palette's: read back from the page's CSS."""
    import re

    page = MonsterStepper(TIE, tile="8").to_html(tmp_path / "turn.html").read_text()
    own_css = page.split("<style>", 1)[1].split(".fw-root", 1)[0]  # before board.css

    def body_rule(css: str) -> dict[str, str]:
        rule = re.search(r"body \{([^}]*)\}", css)
        assert rule is not None, css
        return dict(
            (k.strip(), v.strip())
            for k, v in (d.split(":", 1) for d in rule.group(1).split(";") if ":" in d)
        )

    light_css, dark_css = own_css.split("@media (prefers-color-scheme: dark)", 1)
    light, dark = body_rule(light_css), body_rule(dark_css)
    assert (light["background"], light["color"]) == (S.BACKGROUND, S.CAPTION_TEXT)
    assert (dark["background"], dark["color"]) == (S.DARK[S.BACKGROUND], S.DARK[S.CAPTION_TEXT])
    assert dark["background"] != light["background"] and dark["color-scheme"] == "dark"


def test_ipycanvas_painter_records_the_same_primitives(monkeypatch: pytest.MonkeyPatch) -> None:
    import ipycanvas  # the canvas extra is part of the test environment
    from ipycanvas.canvas import COMMANDS

    from finstere_widget.render import build_scene, paint_on_ipycanvas

    names = {v: k for k, v in COMMANDS.items()}
    pos = Position.basic(pawns=[Pawn("A", "blue", 6, 1, "light", (8, 6))])
    canvas = ipycanvas.Canvas(width=S.WIDTH, height=S.HEIGHT)
    sent: list[tuple[str, list[Any]]] = []
    manager = canvas._canvas_manager

    def record(_canvas: Any, command: list[Any], buffers: Any = None) -> None:
        sent.append((names[command[0]], command[1]))

    monkeypatch.setattr(manager, "send_command", record)
    calls = paint_on_ipycanvas(canvas, pos)
    prims = build_scene(pos).primitives()
    assert calls == len(prims)
    x, y = square_origin((7, 4))  # a stone of the basic layout: a rounded rect path
    assert ("moveTo", [x + 4 + 7, y + 4]) in sent
    texts = [args for name, args in sent if name == "fillText"]
    letters = [a[0] for a in texts if len(a[0]) == 1 and (a[0].isalpha() or a[0] == "*")]
    assert len(letters) >= 54  # the wall letters (and the pawn's id)
    cx, cy = center((8, 6))
    # the pawn's number (the disc up and left, its id's tag down and right)
    assert ["6", cx + S.PAWN_SHIFT, cy + S.PAWN_SHIFT + 0.5] in texts
    assert sum(1 for name, _ in sent if name in ("fill", "stroke", "fillText")) >= len(prims)


# --- overlays from the engine, the game view ------------------------------------------------


def test_danger_overlay_from_the_engine() -> None:
    w = BoardWidget(TIE)
    assert w.show_danger(["8"])
    from finstere_widget.design.danger import danger_map

    values = danger_map(w.position, ["8"])
    hot = [sq for sq, v in values.items() if v > 0]
    assert hot
    x, y = square_origin(hot[0])
    heat = [
        p
        for p in unpack(w, 0)
        if p["k"] == "rect" and (p["x"], p["y"]) == (x + 1, y + 1) and "a" in p
    ]
    assert heat, "a heat square where the engine says a pawn would be taken"
    assert any(p["k"] == "text" and p["text"] == "100%" for p in unpack(w, 0))
    w.clear_overlay()
    assert not any(
        p["k"] == "rect" and "a" in p and p["x"] == x + 1 and p["y"] == y + 1 for p in unpack(w, 0)
    )


def test_values_overlay_from_python_rejects_bad_squares() -> None:
    w = BoardWidget(TIE)
    w.show_values({(3, 3): 2.0, (4, 4): 5.0}, labels={(4, 4): "five"}, caption="my values")
    assert any(p["k"] == "text" and p["text"] == "five" for p in unpack(w, 0))
    with pytest.raises(ValueError):
        w.show_values({(15, 0): 1.0})


def test_game_view_plays_against_bots_through_clicks() -> None:
    from finstere_widget.widget import GameView

    v = GameView(("blue", "red"), you="blue", bot="random", seed=3)
    g = v.game
    assert g.current_colour == "blue"
    assert v.board.movable == {p.id for p in g.movable_pawns()}
    pawn = sorted(v.board.movable)[0]
    red = next(p.id for p in g.position.pawns if p.player == "red")
    send(v.board, {"type": "click", "zone": f"pawn:{red}"})
    assert "cannot move now" in v.board.hint
    send(v.board, {"type": "click", "zone": f"pawn:{pawn}"})
    assert "destination" in v.board.hint
    ply = g.state.ply
    send(v.board, {"type": "click", "square": [15, 10]})  # enter (P3)
    assert g.state.ply >= ply + 2, "your move, then the bot's"
    assert v.board.position == g.position
    assert any("(you)" in x for x in v.board.event_log)
    assert any("(bot)" in x for x in v.board.event_log)
    assert repr(v).startswith("GameView(players=['blue', 'red'], round=1")
    assert not v.bot_button.disabled
    while not g.is_terminal():
        v.bot_move_for_me()
    v.board.frame = len(v.board.frames) - 1
    assert "Game over" in v.status.value
    # no move is left for a bot to play: its button says so by being off (a click did nothing)
    assert v.bot_button.disabled
    assert v.undo()
    assert not g.is_terminal() and not v.bot_button.disabled


def test_game_view_new_game_takes_every_rule_option_and_the_advanced_setup() -> None:
    """docs/rules.md: every option is switchable from the widget (here: the game's options)."""
    from finstere_widget.engine import OPTION_INFO
    from finstere_widget.widget import GameView

    v = GameView(("blue", "red"), you="blue", bot="random", seed=3)
    assert set(v.option_widgets) == set(OPTION_INFO)
    assert v.game.options == RuleOptions()
    v.option_widgets["tiles_per_stage"].value = "8"  # S1
    v.option_widgets["finish_round"].value = "on"  # S2
    v.option_widgets["first_draw_rule"].value = "every_stage"  # M2
    v.seed_box.value = 11
    v.advanced_box.value = True  # A1: the bots place every piece, then you move
    v.new_game()
    g = v.game
    assert g.options.tiles_per_stage == 8 and g.options.finish_round is True
    assert g.options.first_draw_rule == "every_stage"
    assert g.phase == "pawns" and g.current_colour == "blue"
    kinds = {s.kind.value for s in g.position.stones}
    assert {"crystal", "pivot_right", "pivot_180"} <= kinds and len(g.position.teleporters) == 4
    assert any(x.startswith("blue (a bot for you): places") for x in v.board.event_log)
    assert v.board.position == g.position


def test_S4_game_view_refuses_the_three_prey_five_with_two_players() -> None:
    from finstere_widget.widget import GameView

    v = GameView(("blue", "red"), you="blue", bot="random", seed=3)
    before = v.game
    v.option_widgets["five_is_three_prey"].value = "on"
    with pytest.raises(ValueError, match="S4"):
        v.new_game()
    v.new_button.click()  # the button shows the refusal instead of raising
    assert "S4" in v.status.value and "No new game" in v.status.value
    assert v.game is before and v.board.position == before.position


def test_P10_game_view_offers_only_moves_onto_the_board_in_round_one() -> None:
    from finstere_widget.engine import PawnMove, apply_move
    from finstere_widget.widget import GameView

    v = GameView(("blue", "red"), you="blue", bot="random", seed=3)
    g = v.game
    send(v.board, {"type": "click", "zone": "pawn:blue5"})
    onto = {o.to for o in g.pawn_moves("blue5")}
    assert onto and "outside" not in onto
    assert f"{len(onto)} destinations lit" in v.board.hint  # staying outside is not lit
    ply, before = g.state.ply, g.position
    send(v.board, {"type": "click", "zone": "place:outside"})  # staying out: not offered
    assert g.state.ply == ply and g.position.pawn("blue5").at == "outside"
    send(v.board, {"type": "click", "square": [15, 10]})  # entering is
    mine = g.history[ply].action  # the learner's move: blue5 onto the board
    assert isinstance(mine, PawnMove) and mine.pawn == "blue5"
    assert apply_move(before, "blue5", mine.path).to == (15, 10)


def test_M11_pivot_left_offered_by_the_editor_and_placed_by_a_click() -> None:
    from finstere_widget.engine import StoneKind
    from finstere_widget.widget import BoardEditor

    ed = BoardEditor(Position(Monster((0, 0), Heading.E)))
    assert "pivot_left" in [value for _label, value in ed.tool.options]
    w = ed.board
    w.tool = "pivot_left"
    send(w, {"type": "click", "square": [6, 6]})
    assert [(s.at, s.kind) for s in w.position.stones] == [((6, 6), StoneKind.PIVOT_LEFT)]


def test_S3_stage2_end_is_switched_from_the_game_view() -> None:
    from finstere_widget.widget import GameView

    v = GameView(("blue", "red"), you="blue", bot="random", seed=3)
    menu = v.option_widgets["stage2_end"]
    values = [o[1] if isinstance(o, tuple) else o for o in menu.options]  # (words, value)
    assert menu.value == "all_eaten" and values == ["all_eaten", "board_empty"]
    menu.value = "board_empty"
    v.new_game()
    assert v.game.options.stage2_end == "board_empty"
    assert v.game.to_record()["options"]["stage2_end"] == "board_empty"


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "(east, south, south)"), ("fr", "(est, sud, sud)"), ("de", "(Osten, Süden, Süden)")],
)
def test_a_moved_pawns_hint_names_its_steps_in_the_boards_language(lang: str, words: str) -> None:
    """The hint after a move by clicks tells the steps as the game's story does, in words of
    the board's language, not the path's letters ('E,S,S': E is 'O'/'Ost' elsewhere)."""
    w = BoardWidget(TIE, mode="move", lang=lang)
    send(w, {"type": "click", "zone": "pawn:A"})
    send(w, {"type": "click", "square": [9, 7]})
    assert w.position.pawn("A").at == (9, 7)
    assert words in w.hint and "E,S,S" not in w.hint


def _messages(widget: BoardWidget, monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The state messages ``widget`` sends to the browser from now on (their keys)."""
    sent: list[list[str]] = []
    original = widget.send_state

    def record(key: Any = None) -> None:
        keys = [key] if isinstance(key, str) else list(key or [])
        if keys:
            sent.append(sorted(keys))
        original(key)

    monkeypatch.setattr(widget, "send_state", record)
    return sent


def test_a_click_in_a_turn_on_show_reaches_the_browser_in_one_message(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A click while a turn is stepped through leaves it, selects the pawn and lights its
    squares: one message, so the browser never paints a step of the way (``frame`` 0 of the
    old frames, then the board without its hint: seen in a real browser)."""
    w = BoardWidget(TIE, mode="move")
    w.show_turn("8")
    w.frame = 3
    sent = _messages(w, monkeypatch)
    send(w, {"type": "click", "zone": "pawn:A"})
    assert w._ui.selected == "A" and len(w.frames) == 1
    assert len(sent) == 1 and {"frame", "frames", "hint"} <= set(sent[0]), sent
    sent.clear()
    w.show_turn("8")  # a new turn on show: its frames and frame 0 at once
    w.frame = 5
    w.show_turn("XX")
    assert len(sent) == 3 and {"frame", "frames"} <= set(sent[2]), sent


def test_a_square_click_on_a_past_frame_acts_only_where_it_shows_the_board_it_acts_on() -> None:
    """What the user sees is what a click means: a turn on show (a preview: the board stays
    the position before it), on the frame where the monster has eaten A on (8, 5), a click
    on (8, 5) -- the monster there on show, pawn A on the board the click acts on -- selects
    nothing: it brings that board back and says so; a second click selects A. Where the
    frame shows the same piece as that board (B on (5, 2)), the click acts at once. In edit
    mode a stone is not dropped on a square the frame showed taken."""
    w = BoardWidget(TIE, mode="move")
    turn = w.show_turn("8")
    eaten = next(k for k, f in enumerate(w.trace_frames) if f.position.pawn("A").at == "outside")
    assert w.trace_frames[eaten].position.piece_at((8, 5)) == "monster" and turn.eaten[0] == "A"
    w.frame = eaten
    w.click((8, 5))
    assert w._ui.selected is None and len(w.frames) == 1, "the click selected a pawn not seen"
    assert "earlier" in w.hint and w.position == Position.from_dict(TIE)
    w.click((8, 5))
    assert w._ui.selected == "A" and "pawn A" in w.hint
    w.show_turn("8")
    w.frame = eaten
    w.click((5, 2))  # B on this frame and on the board: selected at once
    assert w._ui.selected == "B" and len(w.frames) == 1
    e = BoardWidget(TIE, mode="edit")
    e.tool = "stone"
    e.show_turn("8")
    e.frame = eaten
    e.click((8, 5))
    assert e.position == Position.from_dict(TIE) and "earlier" in e.hint
    e.show_turn("8")
    stepped = next(k for k, f in enumerate(e.trace_frames) if f.position.monster.at == (6, 5))
    e.frame = stepped
    e.click((7, 5))  # empty on the frame and on the board: the stone is placed at once
    assert e.position.piece_at((7, 5)) == "stone"


def test_game_view_undo_and_new_game_reach_the_browser_in_one_message(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from finstere_widget.widget import GameView

    v = GameView(("blue", "red"), you="blue", seed=1)
    v.bot_move_for_me()
    v.board.frame = 2
    sent = _messages(v.board, monkeypatch)
    assert v.undo()
    assert len(sent) == 1 and {"frame", "frames", "event_log"} <= set(sent[0]), sent
    sent.clear()
    v.board.frame = 0
    v.bot_move_for_me()
    sent.clear()
    v.board.frame = 2
    sent.clear()
    v.new_game()
    assert len(sent) == 1 and {"frame", "frames", "event_log"} <= set(sent[0]), sent


def test_a_step_taken_in_frames_the_browser_no_longer_shows_is_refused() -> None:
    """The browser sends each step with the story it was taken in (``step``); one taken
    before the new frames reached it is refused, the frame on show kept (and sent back):
    the new turn starts at its frame 0, not at the old turn's step."""
    from finstere_widget.widget.interaction import stale_step

    assert not stale_step([4, 2], 4) and stale_step([3, 2], 4)
    for bad in ([4], [4, "2"], "4,2", None, [True, 2]):
        assert stale_step(bad, 4), bad
    w = BoardWidget(TIE)
    w.show_turn("XX")
    w.set_state({"frame": 5, "step": [w.story, 5]})
    assert w.frame == 5
    story = w.story
    w.show_turn("8")  # a new turn, while the browser still steps through the old one
    assert w.story == story + 1 and w.frame == 0
    w.set_state({"frame": 6, "step": [story, 6]})  # sent before the new frames arrived
    assert w.frame == 0
    w.set_state({"step": [w.story, 6]})  # after: the frame is the step's
    assert w.frame == 6
    w.set_state({"frame": 3})  # a front end that sends no step (a script)
    assert w.frame == 3
    w.lang = "fr"  # the same story in other words: the steps still count
    assert w.story == story + 1 and w.frame == 3
    w.set_state({"frame": 7, "step": [w.story, 7]})
    assert w.frame == 7


def test_a_game_view_retold_in_another_language_keeps_its_story() -> None:
    from finstere_widget.widget import GameView

    v = GameView(("blue", "red"), you="blue", seed=1)
    v.bot_move_for_me()
    story = v.board.story
    v.lang = "de"
    assert v.board.story == story
    v.board.set_state({"frame": 2, "step": [story, 2]})
    assert v.board.frame == 2


def test_the_quiz_answers_the_browser_shares_between_views_are_kept() -> None:
    """``quiz_progress``: the browser's answers so far (an object), kept for the views
    shown later; anything but an object is refused."""
    w = BoardWidget(TIE)
    w.set_state({"quiz_progress": {"round": "[1,20,9]", "state": {"open": 1}}})
    assert w.quiz_progress["state"] == {"open": 1}
    w.set_state({"quiz_progress": [1, 2]})
    assert w.quiz_progress["state"] == {"open": 1}
    w.set_state({"frame": {"open": 1}})
    assert w.frame == 0


def test_a_mode_change_drops_the_selection_and_the_pending_pad() -> None:
    """A selected pawn's lit squares ("click one") belong to move mode, a teleporter's first
    pad to edit mode: once the mode changes neither stays on the board, nor their hint."""
    from finstere_widget.widget.interaction import Interaction

    ui = Interaction(selected="A", targets={(1, 1): None}, path=((1.0, 2.0),))
    assert ui.pending and ui.mode_left() == Interaction(path=((1.0, 2.0),))
    assert not Interaction().pending
    w = BoardWidget(TIE, mode="move")
    send(w, {"type": "click", "zone": "pawn:A"})
    assert w._ui.targets and "lit" in w.hint
    lit = w.groups
    w.mode = "edit"
    assert w._ui.selected is None and not w._ui.targets and w.hint == ""
    assert w.groups != lit, "the lit squares are no longer drawn"
    w.tool = "teleporter"
    send(w, {"type": "click", "square": [2, 2]})
    assert w._ui.pending_teleporter is not None
    w.mode = "move"
    assert w._ui.pending_teleporter is None and w.hint == ""
