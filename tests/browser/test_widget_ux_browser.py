"""Issues 25 and 28 in JupyterLab (headless Chromium), one notebook, one page: what a click on
a pawn of the game view does to "What happens", the stay as a named, ringed destination and
the two ways to deselect (Escape, a click off the board), no empty caption strip over a board
with nothing to say, and the toggle groups named with their pressed state in the
accessibility tree (the stepper's tiles, the editor's mode). Screenshots in light and dark at
600, 1000 and 1600 px go to ``$FINSTERE_SHOTS`` (default: the test's temporary directory)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from finstere_widget.render import style as S
from finstere_widget.render.scene import center
from finstere_widget.widget import GameView
from tests.browser import widget_checks as C
from tests.browser.browser_support import wait_for, write_notebook

pytestmark = pytest.mark.browser

NOTEBOOK = "fw_widget_ux.ipynb"
#: the game: two moves of ours (a bot's choice), the second followed by the monster's turn
GAME = (
    "from finstere_widget import Position\n"
    "from finstere_widget.widget import BoardEditor, GameView, MonsterStepper\n"
    "v = GameView(('blue', 'red'), you='blue', bot='greedy', seed=1)\n"
    "v.bot_move_for_me()\nv.bot_move_for_me()\nv"
)
CELLS = [GAME, "s = MonsterStepper(Position.basic(), tile='8')\ns", "e = BoardEditor()\ne"]


def _game() -> GameView:
    v = GameView(("blue", "red"), you="blue", bot="greedy", seed=1)
    v.bot_move_for_me()
    v.bot_move_for_me()
    return v


#: the log's rows, how many are marked past, and whether the last row is in view
_LOG_STATE_JS = """
(log) => {
  const rows = [...log.querySelectorAll('.fw-log-row')];
  const box = log.getBoundingClientRect();
  const last = rows[rows.length - 1].getBoundingClientRect();
  return {rows: rows.length, past: rows.filter((r) => r.classList.contains('fw-past')).length,
          lastVisible: last.top >= box.top - 1 && last.bottom <= box.bottom + 1};
}
"""


def _theme(page: Any, theme: str) -> None:
    name = "JupyterLab Dark" if theme == "dark" else "JupyterLab Light"
    page.evaluate(
        "(n) => window.jupyterapp.commands.execute('apputils:change-theme', {theme: n})", name
    )
    light = "false" if theme == "dark" else "true"
    wait_for(page, lambda: page.evaluate("document.body.dataset.jpThemeLight") == light, 30, theme)
    page.wait_for_timeout(400)


@pytest.mark.parametrize("jupyter_ui", ["lab"])
def test_game_view_selection_stay_deselect_and_named_toggles(nb: Any, shots: Path) -> None:
    page = nb.page
    write_notebook(nb.server.root / NOTEBOOK, CELLS)
    nb.open(NOTEBOOK)
    nb.run_all()
    boards = page.locator("canvas.fw-canvas")
    wait_for(page, lambda: boards.count() >= 3, 60, "three boards")
    game = C.painted(page, boards.nth(0))
    root = C.root_of(game)
    hint = root.locator(".fw-hint")
    rows = root.locator(".fw-log-row")
    want = _game()
    told = list(want.board.event_log)
    wait_for(page, lambda: rows.count() == len(told), 30, "the story's log")
    assert len(told) > 5

    # a pawn of ours on the board: selected, the log stays (#28), the stay named and ringed
    on_board = [
        (p, at)
        for p in sorted(want.board.movable or [])
        if isinstance(at := want.position.pawn(p).at, tuple)
    ]
    pid, at = on_board[0]
    k = float(game.evaluate("c => c.getBoundingClientRect().width")) / S.WIDTH
    x, y = center(at)
    game.click(position={"x": x * k, "y": y * k})
    wait_for(page, lambda: f"pawn {pid} (" in (hint.text_content() or ""), 30, f"{pid} selected")
    words = hint.text_content() or ""
    assert "stay" in words and "Escape" in words and "pawn again" not in words, words
    assert rows.count() == len(told), "What happens was emptied by selecting a pawn"
    assert [r.text_content() for r in rows.all()] == told
    assert root.locator(".fw-log").is_visible()
    drawn = game.evaluate("c => c.__finstere.primitives().groups.flat()")
    assert any(
        p["k"] == "circle" and p.get("dash") and (p["cx"], p["cy"]) == (x, y) for p in drawn
    ), "the stay's dashed ring"
    # no caption on the board now: no tinted strip (#28); the page's own colour there
    assert C.close(C.scene_pixel(game, 300, 6), S.BACKGROUND), "an empty caption strip"
    game.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "ux_game_selected.png"))
    # the board shows where the story led: its every line past, the newest in view (the
    # log showed its oldest lines, none marked)
    state = root.locator(".fw-log").evaluate(_LOG_STATE_JS)
    assert state["past"] == state["rows"] == len(told), state
    assert state["lastVisible"], state

    # Escape deselects, nothing played
    page.keyboard.press("Escape")
    wait_for(page, lambda: "deselected" in (hint.text_content() or ""), 20, "Escape deselects")
    assert "ply=" in nb.run_code_cell("print(repr(v))")
    assert f"ply={want.game.state.ply}" in nb.run_code_cell("print(repr(v))")
    # a click off the board deselects too
    game.click(position={"x": x * k, "y": y * k})
    wait_for(page, lambda: "stay" in (hint.text_content() or ""), 30, f"{pid} selected again")
    game.click(position={"x": 4 * k, "y": 4 * k})  # the board's top-left corner: no square
    wait_for(page, lambda: "deselected" in (hint.text_content() or ""), 20, "click off deselects")
    assert hint.get_attribute("data-kind") == "info"
    assert f"ply={want.game.state.ply}" in nb.run_code_cell("print(repr(v))")

    # the toggle groups: a name and each button's pressed state, in the accessibility tree
    tiles = page.get_by_role("group", name="tile")
    assert tiles.count() == 1
    assert tiles.get_by_role("button", name="8", pressed=True).count() == 1
    assert tiles.get_by_role("button", name="5", pressed=False).count() == 1
    tiles.get_by_role("button", name="5").click()
    wait_for(
        page,
        lambda: tiles.get_by_role("button", name="5", pressed=True).count() == 1,
        20,
        "tile 5 pressed",
    )
    assert tiles.get_by_role("button", name="8", pressed=False).count() == 1
    snapshot = tiles.aria_snapshot()
    assert '- button "5" [pressed]' in snapshot, snapshot
    mode = page.get_by_role("group", name="the board")
    assert mode.get_by_role("button", name="edit", pressed=True).count() == 1
    assert mode.get_by_role("button", name="move pawns", pressed=False).count() == 1

    # screenshots to look at: light and dark at three widths
    for theme in ("light", "dark"):
        _theme(page, theme)
        for width in C.WIDTHS:
            page.set_viewport_size({"width": width, "height": 1000})
            page.wait_for_timeout(400)
            game.scroll_into_view_if_needed()
            page.screenshot(path=str(shots / f"ux_game_{theme}_{width}.png"))
            # nothing of the widget (its log included) reaches past its output area (the
            # log's 240 px minimum pushed it out of a 600 px window with the file browser)
            assert C.layout(game)["clipped"] == [], (theme, width)
    _theme(page, "light")

    # a pane too narrow for the board (600 px, the file browser open): the board scrolls,
    # and on "your move" it shows the learner's pawns (it opened scrolled to the left with
    # them in columns 14-15, out of sight)
    page.set_viewport_size({"width": 600, "height": 1000})
    C.left_area(page, True)
    n = int(game.evaluate("c => c.__finstere.frames()"))
    C.set_frame(page, game, n - 1)
    fx = json.loads(nb.run_code_cell("import json\nprint(json.dumps(v.board.frames[-1]['f']))"))[0]
    scrolls, left, inner, unit = C.scrolled_view(game)
    assert scrolls, "the board does not scroll at 600 px with the file browser open"
    assert left <= fx * unit <= left + inner, (fx * unit, left, inner)
    C.left_area(page, False)
    nb.assert_no_page_errors()
