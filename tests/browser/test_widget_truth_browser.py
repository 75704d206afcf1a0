"""Issue 10 in a real browser (JupyterLab 4, headless Chromium): the picture is the state.
A scripted game in a GameView — the helper bot's moves, the bots, the monster's phase, the
hand-over, a move of our own by clicks on the canvas, undo, a new game — and after each action the position synced to the browser is
the engine's (and, stepped to its end, the canvas shows each pawn on its square).

Themes, widths and the keyboard on every front end: test_reads_well_browser.py.
Screenshots go to ``$FINSTERE_SHOTS`` (default: the test's temporary directory).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from finstere_widget.render import style as S
from finstere_widget.render.scene import center
from tests.browser.browser_support import wait_for, write_notebook
from tests.browser.widget_checks import close
from tests.browser.widget_checks import scene_pixel as pixel

pytestmark = [pytest.mark.browser, pytest.mark.parametrize("jupyter_ui", ["lab"])]

NAME = "fw_truth.ipynb"
CELLS = [
    "import json\n"
    "from finstere_widget.render.scene import piece_groups\n"
    "from finstere_widget.widget import GameView, MonsterStepper\n"
    "TIE = {'format': 'finstere-position/1', 'monster': {'at': [5, 5], 'facing': 'E'},\n"
    "       'pawns': [{'id': 'A', 'player': 'blue', 'light': 6, 'dark': 1, 'at': [8, 5]},\n"
    "                 {'id': 'B', 'player': 'red', 'light': 4, 'dark': 3, 'at': [5, 2]}]}",
    "v = GameView(('blue', 'red'), you='blue', bot='greedy', seed=1)\nv",
]


@pytest.fixture
def truth_notebook(jupyter_server: Any) -> str:
    write_notebook(jupyter_server.root / NAME, CELLS)
    return NAME


def game_canvas(page: Any) -> Any:
    canvas = page.locator(".fw-canvas").first
    canvas.wait_for(state="visible", timeout=60_000)
    wait_for(page, lambda: int(canvas.get_attribute("data-paints") or 0) > 0, 30, "a paint")
    return canvas


def log_text(page: Any) -> list[str]:
    return list(page.locator(".fw-log").first.locator(".fw-log-row").all_inner_texts())


def assert_synced_state_is_the_engine(nb: Any, canvas: Any) -> int:
    """The pieces synced to the browser for the last frame (what it paints once stepped to
    the end) are the engine's position; returns the number of frames."""
    kernel = json.loads(nb.run_code_cell("print(json.dumps(piece_groups(v.game.position)))"))
    n = int(canvas.evaluate("c => c.__finstere.frames()"))
    drawn = canvas.evaluate("(c, i) => c.__finstere.pieces(i)", n - 1)
    assert drawn == kernel, "the browser's last frame is not the engine's position"
    return n


def assert_browser_draws_the_engine(nb: Any, canvas: Any) -> None:
    """The synced last frame is the engine's position, and once stepped there the canvas
    shows each pawn on its square."""
    n = assert_synced_state_is_the_engine(nb, canvas)
    canvas.evaluate("(c, i) => c.__finstere.setFrame(i)", n - 1)
    wait_for(nb.page, lambda: int(canvas.get_attribute("data-frame") or -1) == n - 1, 5, "end")
    pawns = json.loads(
        nb.run_code_cell(
            "print(json.dumps([(p.player, p.at) for p in v.game.position.pawns"
            " if isinstance(p.at, tuple)]))"
        )
    )
    for player, at in pawns:
        cx, cy = center((at[0], at[1]))
        assert close(pixel(canvas, cx, cy - 14.5), S.PLAYER[player], tol=40), (player, at)


def click_button(page: Any, words: str) -> None:
    page.locator(f"button:has-text('{words}')").first.click()


def test_game_view_shows_each_phase_and_ends_on_the_engine_state(
    nb: Any, truth_notebook: str, shots: Path
) -> None:
    nb.open(truth_notebook)
    nb.run_all()
    page = nb.page
    canvas = game_canvas(page)
    assert_browser_draws_the_engine(nb, canvas)
    assert log_text(page)[-1].startswith("your move (blue)")

    # a move for us by the helper bot: our move, the bots, the monster, in order
    for _ in range(6):
        before = log_text(page)
        click_button(page, "let a bot play my move")
        wait_for(page, lambda b=before: log_text(page) not in (b, []), 20, "a new story")
        # after each action the browser's last frame is the engine's position
        assert_synced_state_is_the_engine(nb, canvas)
        if any(x.startswith("monster: draws tile") for x in log_text(page)):
            break
    # the frames and the log arrive together: every line of the log has its frame
    wait_for(
        page,
        lambda: int(canvas.evaluate("c => c.__finstere.frames()")) >= len(log_text(page)),
        10,
        "the story's frames",
    )
    lines = log_text(page)
    assert lines[0].startswith("blue (a bot for you): pawn")
    k = next(i for i, x in enumerate(lines) if x.startswith("monster: draws tile"))
    assert any(x.startswith("red (bot): pawn") for x in lines)
    assert not any("Placement(" in x or "PawnMove(" in x or "red (you)" in x for x in lines)
    assert lines[-1].startswith("your move (blue)") and k > 0
    # the board starts on what we have not seen yet; the status says so
    frame = int(canvas.get_attribute("data-frame") or -1)
    n = int(canvas.evaluate("c => c.__finstere.frames()"))
    assert 0 < frame < n - 1
    status = page.locator(".fw-headline").first  # the line over the board
    assert "See what happened" in status.inner_text()
    # every step a sentence for screen readers
    live = page.locator(".fw-live").first
    assert live.get_attribute("aria-live") == "polite" and f"of {n}" in live.inner_text()
    # stepping to the end hands over (the kernel hears the frame)
    canvas.focus()
    page.keyboard.press("End")
    wait_for(page, lambda: "Your move (blue)" in status.inner_text(), 15, "the hand-over")
    page.screenshot(path=str(shots / "game_light_1400.png"))
    assert_browser_draws_the_engine(nb, canvas)

    # a move of our own, by clicks on the canvas: one of our pawns, then a lit square
    pid, at = json.loads(
        nb.run_code_cell(
            "pid = sorted(v.board.movable or [])[0]\n"
            "print(json.dumps([pid, v.game.position.pawn(pid).at]))"
        )
    )
    css = float(canvas.evaluate("c => c.getBoundingClientRect().width")) / S.WIDTH
    if isinstance(at, list):
        x, y = center((at[0], at[1]))
    else:  # waiting in the tray: its click zone
        zones = json.loads(nb.run_code_cell("print(json.dumps(v.board.geometry['zones']))"))
        z = next(z for z in zones if z["id"] == f"pawn:{pid}")
        x, y = z["x"] + z["w"] / 2, z["y"] + z["h"] / 2
    canvas.click(position={"x": x * css, "y": y * css})
    lit = "print(json.dumps(sorted(t for t in v.board._ui.targets if isinstance(t, tuple))))"
    targets = wait_for(page, lambda: json.loads(nb.run_code_cell(lit)), 20, "lit squares")
    before = log_text(page)
    tx, ty = center((targets[0][0], targets[0][1]))
    canvas.click(position={"x": tx * css, "y": ty * css})
    # the old story's rows may change meanwhile (shown as the frame moves): wait for ours
    ours = f"blue (you): pawn {pid}"
    wait_for(page, lambda: (log_text(page) or [""])[0].startswith(ours), 20, "our move's story")
    assert log_text(page) != before
    assert_synced_state_is_the_engine(nb, canvas)

    click_button(page, "undo my move")
    wait_for(page, lambda: "taken back" in (log_text(page) or [""])[0], 15, "the undo")
    assert_browser_draws_the_engine(nb, canvas)
    click_button(page, "new game")
    wait_for(page, lambda: (log_text(page) or [""])[0].startswith("a new game"), 15, "a new game")
    assert_browser_draws_the_engine(nb, canvas)
    nb.assert_no_page_errors()
