"""The marimo front end without a browser: the control panel mirrors the Jupyter widgets'
controls and drives them (tests/browser/test_marimo_browser.py does it in Chromium), and
the marimo tour runs top to bottom as a script."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("marimo")
pytest.importorskip("anywidget")

import finstere_widget.marimo as fm  # noqa: E402
from finstere_widget.engine import Position, monster_turn  # noqa: E402
from finstere_widget.engine.errors import FinstereError, PanelError  # noqa: E402
from finstere_widget.widget import BoardWidget, MonsterStepper  # noqa: E402
from finstere_widget.widget.panel import Control, ControlPanel  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def _find(panel: ControlPanel, kind: str, label: str) -> Any:
    def walk(cs: list[Control]) -> Control | None:
        for c in cs:
            if c["kind"] == kind and c["label"] == label:
                return c
            if c["kind"] == "row" or c["kind"] == "column":
                found = walk(c["children"])
                if found is not None:
                    return found
        return None

    c = walk(panel.controls)
    assert c is not None, f"no {kind} {label!r} in {panel.controls}"
    return c


def _message(view: fm.MarimoView) -> str:
    return str(view.widget.message.value)


def test_stepper_panels_split_around_the_board_and_play_the_chosen_tile() -> None:
    view = fm.stepper(Position.basic(), tile="7")
    assert isinstance(view.widget, MonsterStepper) and view.board is view.widget.board
    # the tile buttons and the options above the board, "apply" and the message below
    tiles = _find(view.above, "toggle", "tile")
    assert tiles["options"][tiles["value"]] == "7"
    assert _find(view.below, "button", "apply the turn")
    assert "tile 7" in _message(view)
    # a click on "10" in the browser: the stepper plays tile 10 through the engine
    view.above.choose(tiles["id"], tiles["options"].index("10"))
    expected = monster_turn(Position.basic(), "10")
    assert view.result is not None and view.result.events == expected.events
    assert _find(view.above, "toggle", "tile")["value"] == tiles["options"].index("10")
    html = _find(view.below, "html", "")["value"]
    assert html == _message(view) and "tile 10" in html
    # X disables the step box; the mirror says so
    view.above.choose(tiles["id"], tiles["options"].index("X"))
    assert _find(view.above, "int", "steps")["disabled"] is True


def test_panel_messages_are_checked_and_a_refusal_changes_nothing() -> None:
    view = fm.stepper(Position.basic(), tile="8")
    panel = view.above
    before = (view.tile, list(panel.controls))
    tiles = _find(panel, "toggle", "tile")
    steps = _find(panel, "int", "steps")
    bad: Callable[[], None]
    for bad in [
        lambda: panel.choose(999, 0),
        lambda: panel.choose("1", 0),  # type: ignore[arg-type]
        lambda: panel.choose(tiles["id"], 7),  # 7 options: 0..6
        lambda: panel.choose(tiles["id"], "10"),
        lambda: panel.choose(steps["id"], 2.5),
        lambda: panel.press(tiles["id"]),  # not a button
        lambda: panel.choose(0, 1),  # a box takes no value
    ]:
        with pytest.raises(PanelError):
            bad()
    assert issubclass(PanelError, FinstereError)
    # the same from the browser: logged, nothing raised, nothing changed
    for msg in [
        "click",
        {"type": "bogus"},
        {"type": "set", "id": tiles["id"], "value": True},
        {"type": "click", "id": -1},
    ]:
        panel._on_msg(panel, msg, [])
    assert (view.tile, list(panel.controls)) == before
    # a typed step count out of range is corrected by the stepper, as in Jupyter
    panel.choose(steps["id"], 99)
    assert view.tile == "20" and "corrected to 20" in _message(view)


def test_editor_panel_shows_the_fields_of_the_chosen_tool_and_undoes() -> None:
    view = fm.editor(Position.basic())
    tool = _find(view.above, "select", "tool")
    assert _find(view.above, "select", "player")["hidden"] is True
    view.above.choose(tool["id"], tool["options"].index("pawn"))
    assert view.board.tool == "pawn"
    assert _find(view.above, "select", "player")["hidden"] is False
    assert _find(view.above, "select", "heading / arrow")["hidden"] is True
    view.above.choose(tool["id"], tool["options"].index("stone"))
    before = view.position
    view.board.click((3, 3))
    assert view.position != before and (3, 3) in {s.at for s in view.position.stones}
    view.above.press(_find(view.above, "button", "undo")["id"])
    assert view.position == before


def test_game_panel_status_follows_the_frame_on_show() -> None:
    view = fm.game(players=("blue", "red"), you="blue", seed=1)
    # a new game where blue moves first opens on its last frame: whose move it is
    status = view.above.controls[0]
    assert status["kind"] == "html" and "Your move (blue)" in status["value"]
    view.board.frame = 0
    status = view.above.controls[0]
    assert status["kind"] == "html" and "See what happened" in status["value"]
    view.board.frame = len(view.board.frames) - 1
    status = view.above.controls[0]
    assert status["kind"] == "html" and "Your move (blue)" in status["value"]
    assert [c["kind"] for c in view.below.controls] == ["row", "row", "row"]


def test_board_and_view_of_any_widget() -> None:
    b = fm.board(Position.basic(), mode="move")
    assert isinstance(b.widget, BoardWidget) and b.board is b.widget
    assert b.above.widgets == [] and b.below.widgets == []
    assert b.mode == "move"  # attributes of the widget
    assert repr(fm.view(MonsterStepper(tile="5"))).startswith("marimo view of MonsterStepper(")
    with pytest.raises(TypeError, match="BoardWidget"):
        fm.view(object())


@pytest.mark.slow
def test_marimo_tour_runs_as_a_script() -> None:
    """Every cell of notebooks/01_tour.py runs."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "notebooks" / "01_tour.py")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]


def test_panel_message_types_are_a_closed_set_and_an_unknown_one_is_refused_by_name(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The panel takes "click" and "set" (one Literal, dispatched with match + assert_never);
    any other type is a PanelError naming it, and from the browser a logged refusal that
    leaves the controls as they were, never an exception."""
    from finstere_widget.widget.panel import PANEL_MESSAGE_TYPES, panel_message_type

    assert PANEL_MESSAGE_TYPES == ("click", "set")
    assert [panel_message_type({"type": t, "id": 0}) for t in PANEL_MESSAGE_TYPES] == [
        "click",
        "set",
    ]
    for bad, named in [
        ({"type": "bogus"}, "'bogus'"),
        ({"type": "CLICK"}, "'CLICK'"),
        ({"id": 0}, "None"),
        ({"type": ["click"]}, "['click']"),
        ("click", "must be an object"),
    ]:
        with pytest.raises(PanelError) as err:
            panel_message_type(bad)
        assert named in str(err.value)
    view = fm.stepper(Position.basic(), tile="8")
    panel = view.above
    before = (view.tile, list(panel.controls))
    with caplog.at_level("WARNING"):
        panel._on_msg(panel, {"type": "bogus", "id": 0}, [])
    assert (view.tile, list(panel.controls)) == before
    said = [r.getMessage() for r in caplog.records]
    assert any("unknown panel message type 'bogus'" in m for m in said), said


def test_the_browser_tests_run_the_tours_own_first_position() -> None:
    """The marimo and JupyterLite browser tests check the tour's turn against
    ``TOUR_FIRST``: it must be the position both tours (Jupyter and marimo) define."""
    import ast
    import re

    from finstere_widget import examples
    from finstere_widget.engine import Position
    from tests.browser.browser_support import TOUR_FIRST

    root = Path(__file__).resolve().parents[1] / "notebooks"
    for source in (root / "src" / "01_tour.md", root / "01_tour.py"):
        text = source.read_text(encoding="utf-8")
        found = re.search(r"first = Position\.from_dict\((\{.*?\})\)\n", text, re.S)
        named = re.search(r"^first = examples\.load\(\"(\w+)\"\)", text, re.M)
        assert found or named, f"{source.name}: no 'first = ...' position"
        first = (
            Position.from_dict(ast.literal_eval(found.group(1)))
            if found
            else examples.load(named.group(1) if named else "")
        )
        assert first == TOUR_FIRST, source.name


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        ("click", "a panel message must be an object, not 'click'"),
        ({"type": "press", "id": 0}, "unknown panel message type 'press'"),
        ({"type": "click"}, "'id' must be a control's number, not None"),
        ({"type": "click", "id": "0"}, "'id' must be a control's number, not '0'"),
        ({"type": "click", "id": 0, "value": 1}, "a panel click message has no key 'value'"),
        ({"type": "set", "id": 0, "value": [1]}, "'value' must be a number, text or true/false"),
    ],
)
def test_a_malformed_panel_message_is_refused_naming_the_key_at_fault(
    bad: object, words: str
) -> None:
    from finstere_widget.widget.panel import panel_message

    with pytest.raises(PanelError) as caught:
        panel_message(bad)
    assert words in str(caught.value)


def test_panel_messages_read_as_typed_values() -> None:
    from finstere_widget.widget.panel import panel_message

    assert panel_message({"type": "click", "id": 3}) == {"type": "click", "id": 3}
    for value in (2, "yellow", True):
        assert panel_message({"type": "set", "id": 1, "value": value})["type"] == "set"


def test_M4_M5_M7_M10_the_marimo_tours_turn_tells_the_story_its_text_tells() -> None:
    """The checks that were the tour's assert cells (notebooks/01_tour.py), on the tour's own
    position: the monster sees A east at 5 and B south at 4, turns to B, eats it (back
    outside in stage 1, M7), and goes through the wall T from (0, 6) to (15, 4) (M10)."""
    import re as _re

    from finstere_widget import Position, examples, monster_turn
    from finstere_widget.engine import Heading

    source = (ROOT / "notebooks" / "01_tour.py").read_text(encoding="utf-8")
    found = _re.search(r"first = Position\.from_dict\((\{.*?\n    \})\)", source, _re.S)
    assert found is not None
    first = Position.from_dict(eval(found.group(1)))  # the tour's literal dict
    turn = monster_turn(first, "7")
    assert examples.sightings(turn.events)[1] == {"E": ("A", 5), "S": ("B", 4)}
    assert examples.decisions(turn.events)[1] == "turn"
    assert turn.eaten == ("B",)
    wraps = [e for e in turn.events if e.type == "wrap"]
    assert [(w.letter, w.from_, w.to) for w in wraps] == [("T", (0, 6), (15, 4))]
    assert turn.position.monster.at == (15, 4) and turn.position.monster.facing is Heading.S
    assert turn.position.pawn("B").at == "outside"


def test_the_marimo_tour_is_a_lesson_without_asserts_or_developer_sentences() -> None:
    source = (ROOT / "notebooks" / "01_tour.py").read_text(encoding="utf-8")
    assert not _re_asserts(source)
    for word in ("token", "tests/", "nbval", "docs/format.md", "assert"):
        assert word not in source, word


def _re_asserts(source: str) -> list[str]:
    import ast

    return [type(n).__name__ for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Assert)]
