"""The marimo tour (notebooks/01_tour.py) in a real browser: a ``marimo run`` server on
localhost, headless Chromium. The four widgets draw; the stepper steps and plays another
tile chosen in its marimo control panel; a click on a pawn and one on a lit square move it
through the engine; the editor places a stone and its panel's undo takes it back; the game
view's line over the board follows the frame on show. Every check reads what the browser got from
Python (synced frames, pieces, hints, panel HTML) and compares it with the engine."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from finstere_widget.engine import legal_moves, monster_turn
from finstere_widget.engine.moves import apply_move
from finstere_widget.render.frames import trace_frames
from finstere_widget.render.scene import piece_groups
from tests.browser.browser_support import (
    TOUR_FIRST,
    assert_no_page_errors,
    collect_page_errors,
    free_port,
    isolated_env,
    start_server,
    stop_process,
    wait_for,
)
from tests.browser.conftest import REPO_ROOT

pytestmark = pytest.mark.browser

TOUR = REPO_ROOT / "notebooks" / "01_tour.py"
START_TIMEOUT = 120.0

FIRST = TOUR_FIRST


#: a cell the light server's copy of the tour ends with: the stepper's quiz (its keys in
#: marimo's shadow DOM; the tour itself has no quiz)
QUIZ_CELL = """

@app.cell
def _(examples, fm):
    quiz = fm.stepper(examples.load("monster_basic_8"), tile="8", quiz=True, lang="en")
    quiz
    return (quiz,)

"""


def _serve_marimo(
    base: Path, theme: str, quiz: bool = False
) -> tuple[subprocess.Popen[bytes], str]:
    """``marimo run`` of a copy of the tour on a free port, marimo's theme ``theme``;
    ``quiz``: with :data:`QUIZ_CELL` last."""
    import marimo  # noqa: F401  (the marimo extra; missing, it is a failure, not a skip)

    text = TOUR.read_text(encoding="utf-8")
    if quiz:
        main = '\nif __name__ == "__main__":'
        assert main in text
        text = text.replace(main, QUIZ_CELL + main)
    (base / TOUR.name).write_text(text, encoding="utf-8")
    env = isolated_env(base)
    home = base / "home"
    (home / ".config" / "marimo").mkdir(parents=True)
    (home / ".config" / "marimo" / "marimo.toml").write_text(f'[display]\ntheme = "{theme}"\n')
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"), MARIMO_SKIP_UPDATE_CHECK="1")
    env["PYTHONPATH"] = str(REPO_ROOT)
    port = free_port()
    cmd = [sys.executable, "-m", "marimo", "-y", "-q", "run", TOUR.name, "--headless"]
    cmd += ["--no-token", "--no-sandbox", "--host", "127.0.0.1", "--port", str(port)]
    proc = start_server(
        cmd, cwd=base, env=env, port=port, log=base / "marimo.log", timeout=START_TIMEOUT
    )
    return proc, f"http://127.0.0.1:{port}"


@pytest.fixture(scope="module")
def marimo_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The tour served by ``marimo run`` in marimo's light theme, a quiz stepper last
    (stopped by its PID)."""
    proc, url = _serve_marimo(tmp_path_factory.mktemp("marimo"), "light", quiz=True)
    try:
        yield url
    finally:
        stop_process(proc)


@pytest.fixture(scope="module")
def marimo_dark_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The same in marimo's dark theme."""
    proc, url = _serve_marimo(tmp_path_factory.mktemp("marimo-dark"), "dark")
    try:
        yield url
    finally:
        stop_process(proc)


@pytest.fixture
def tour(browser: Any, marimo_url: str) -> Iterator[tuple[Any, list[str]]]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors = collect_page_errors(page)
    try:
        page.goto(marimo_url + "/")
        yield page, errors
    finally:
        context.close()


class Canvas:
    """Board ``k`` of the page (0 stepper, 1 move board, 2 editor, 3 game view), read through
    the painter's test hooks: what Python synced to the browser."""

    def __init__(self, page: Any, k: int) -> None:
        self.page = page
        self.canvas = page.locator("canvas.fw-canvas").nth(k)
        self.canvas.wait_for(state="attached", timeout=90_000)
        wait_for(
            page,
            lambda: int(self.canvas.get_attribute("data-paints") or 0) > 0,
            60,
            f"board {k} painted",
        )
        # the board's own root: its buttons, hint and log
        self.root = self.canvas.locator("xpath=ancestor::*[contains(@class, 'fw-root')][1]")

    def frames(self) -> int:
        return int(self.canvas.evaluate("c => c.__finstere.frames()"))

    def frame(self) -> int:
        return int(self.canvas.evaluate("c => c.__finstere.frame()"))

    def pieces(self) -> Any:
        return self.canvas.evaluate("c => c.__finstere.pieces()")

    def hint(self) -> str:
        return str(self.root.locator(".fw-hint").inner_text())

    def click_sq(self, sq: tuple[int, int]) -> None:
        self.canvas.scroll_into_view_if_needed()
        x, y = self.canvas.evaluate("(c, [x, y]) => c.__finstere.squareCenter(x, y)", list(sq))
        self.canvas.click(position={"x": x, "y": y})


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


#: the marimo control panels in page order: stepper above and below its board, editor
#: above, game view above and below (the move board has none)
PANELS = {"stepper above": 0, "stepper below": 1, "editor above": 2, "game above": 3}


def _panel(page: Any, name: str) -> Any:
    return page.locator(".fwp-root").nth(PANELS[name])


def test_marimo_tour_draws_steps_and_moves(tour: tuple[Any, list[str]], shots: Path) -> None:
    page, errors = tour
    boards = [Canvas(page, k) for k in range(4)]
    quiz = Canvas(page, 4)  # the test's quiz cell (QUIZ_CELL)
    assert page.locator("canvas.fw-canvas").count() == 5
    assert page.locator(".fwp-root").count() == 5 + 2  # the quiz stepper's above and below
    assert [b.canvas.get_attribute("data-theme") for b in boards] == ["light"] * 4
    text = page.locator("body").inner_text()
    assert "Traceback" not in text and "AssertionError" not in text

    # --- the stepper: the engine's turn with tile 7, stepped in the browser -----------
    stepper = boards[0]
    turn7 = monster_turn(FIRST, "7")
    assert stepper.frames() == len(trace_frames(FIRST, turn7.events, "7"))
    assert stepper.frame() == 0
    stepper.root.locator("button[data-action=next]").click()
    wait_for(page, lambda: stepper.frame() == 1, 15, "the stepper on frame 1")
    current = stepper.root.locator(".fw-log-row.fw-current").inner_text()
    assert "sees A east at 5 and B south at 4" in current, current
    below = _panel(page, "stepper below")
    assert "tile 7:" in below.inner_text()

    # the tile chosen in the marimo panel: Python plays tile 10, the browser gets its frames
    above = _panel(page, "stepper above")
    turn10 = monster_turn(FIRST, "10")
    n10 = len(trace_frames(FIRST, turn10.events, "10"))
    assert n10 != stepper.frames()
    above.locator("button.fwp-toggle", has_text="10").click()
    wait_for(page, lambda: stepper.frames() == n10, 20, "the frames of tile 10")
    wait_for(page, lambda: f"tile 10: {n10} frames" in below.inner_text(), 20, "the message")
    assert above.locator("button.fwp-on").inner_text() == "10"
    _panel_groups_in_the_accessibility_tree(page, above)
    stepper.canvas.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "marimo-stepper.png"))

    # --- the move board: click pawn A, then a lit square the engine allows -------------
    board = boards[1]
    assert _json(board.pieces()) == _json(piece_groups(FIRST))
    board.click_sq((5, 0))
    wait_for(page, lambda: "destination" in board.hint(), 20, "pawn A selected")
    target = (5, 2)
    outcome = next(o for o in legal_moves(FIRST, "A") if o.to == target)
    after = apply_move(FIRST, "A", outcome.path).position
    assert _json(piece_groups(after)) != _json(piece_groups(FIRST))
    board.click_sq(target)
    wait_for(page, lambda: _json(board.pieces()) == _json(piece_groups(after)), 20, "A moved")
    assert "pawn A moved" in board.hint()
    page.screenshot(path=str(shots / "marimo-board.png"))

    # --- the editor: a stone placed by a click, taken back by the panel's undo ---------
    editor = boards[2]
    before = _json(editor.pieces())
    editor.click_sq((3, 3))
    wait_for(page, lambda: len(editor.pieces()) == len(before) + 1, 20, "a stone placed")
    _panel(page, "editor above").locator("button.fwp-btn", has_text="undo").click()
    wait_for(page, lambda: _json(editor.pieces()) == before, 20, "the stone taken back")

    # --- the game view: the line over its board follows the frame on show ------------
    game = boards[3]
    status = game.root.locator(".fw-headline")
    # a new game the learner opens: its last frame, whose move it is (#25 item 15)
    assert game.frame() == game.frames() - 1
    assert "Your move (blue)" in status.inner_text()
    game.root.locator("button[data-action=first]").click()
    wait_for(page, lambda: "See what happened" in status.inner_text(), 20, "the first frame")
    game.root.locator("button[data-action=last]").click()
    wait_for(page, lambda: "Your move (blue)" in status.inner_text(), 20, "your move")
    game.canvas.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "marimo-game.png"))

    _keys_in_the_four_widgets(page, boards)
    _quiz_keys(page, quiz)
    assert_no_page_errors(page, errors)


def _panel_groups_in_the_accessibility_tree(page: Any, above: Any) -> None:
    """#28, screen readers in marimo: the panels' toggle groups (panel.js) are radio groups
    named by their label, the chosen button checked, as the accessibility tree has them
    (JupyterLab's ipywidgets groups: tests/browser/test_widget_ux_browser.py)."""
    tiles = above.get_by_role("radiogroup", name="tile")
    assert tiles.count() == 1, above.aria_snapshot()
    assert tiles.get_by_role("radio", name="10", checked=True).count() == 1
    assert tiles.get_by_role("radio", name="7", checked=False).count() == 1
    assert tiles.get_by_role("radio", checked=True).count() == 1
    snapshot = tiles.aria_snapshot()
    assert '- radio "10" [checked]' in snapshot, snapshot
    # the editor's mode: a named group too, its choice checked
    mode = _panel(page, "editor above").get_by_role("radiogroup", name="the board")
    assert mode.get_by_role("radio", checked=True).count() == 1, mode.aria_snapshot()
    assert mode.get_by_role("radio", name="move pawns", checked=False).count() == 1


def _quiz_keys(page: Any, quiz: Canvas) -> None:
    """docs/widgets.md: the quiz's keys work in marimo's shadow DOM. The quiz stepper
    (basic rulebook, tile 8): ↑ answers look 1 (north: it chases A), space plays on and
    stops at look 2's question, H gives a hint, ↑ answers look 2; keys pressed on the
    board's canvas, whose key handler finds it through the event's composed path."""
    panel = quiz.root.locator(".fw-quiz")
    feedback = panel.locator(".fw-quiz-feedback")
    question = panel.locator(".fw-quiz-question")
    assert quiz.frame() == 0 and question.inner_text().startswith("Look 1 of 9")
    _press(quiz, "ArrowUp")
    wait_for(page, lambda: feedback.get_attribute("data-verdict") == "right", 10, "↑ answers")
    wait_for(page, lambda: quiz.frame() == 1, 10, "the look shown after the answer")
    _press(quiz, " ")
    wait_for(page, lambda: quiz.frame() == 3, 20, "space plays to look 2's question")
    page.wait_for_timeout(300)
    assert quiz.frame() == 3 and question.inner_text().startswith("Look 2 of 9")
    _press(quiz, "h")
    hint = panel.locator(".fw-quiz-hint")
    wait_for(page, lambda: "(M4)" in hint.inner_text(), 10, "H: hint 1")
    _press(quiz, "ArrowUp")
    wait_for(page, lambda: quiz.frame() == 4, 10, "↑ answers look 2")
    assert feedback.get_attribute("data-verdict") == "right"
    assert panel.locator(".fw-quiz-score").inner_text() == "score: 2 of 2"


def _press(board: Canvas, key: str) -> None:
    """Focus the board's canvas (inside marimo's shadow root) and press ``key``."""
    board.canvas.scroll_into_view_if_needed()
    board.canvas.focus()
    board.page.keyboard.press(key)


def _keys_in_the_four_widgets(page: Any, boards: list[Canvas]) -> None:
    """Issue 28: marimo puts each widget in a shadow root, where a key's target seen from
    window is the host element, not the canvas: no key worked on a board. Keys pressed on
    each of the four boards now do what they do in Jupyter."""
    stepper, board, editor, game = boards
    # the stepper: → steps, End goes to the last frame, Home back to the first
    _press(stepper, "Home")
    wait_for(page, lambda: stepper.frame() == 0, 10, "Home: frame 0")
    _press(stepper, "ArrowRight")
    wait_for(page, lambda: stepper.frame() == 1, 10, "→: frame 1")
    _press(stepper, "End")
    wait_for(page, lambda: stepper.frame() == stepper.frames() - 1, 10, "End: the last frame")
    # the move board: a pawn selected, Escape deselects it (nothing moved)
    pieces = _json(board.pieces())
    a_at = (5, 2)  # pawn A after its move above
    board.click_sq(a_at)
    wait_for(page, lambda: "destination" in board.hint(), 20, "pawn A selected again")
    _press(board, "Escape")
    wait_for(page, lambda: "pawn A deselected" in board.hint(), 20, "Escape deselects A")
    assert _json(board.pieces()) == pieces
    # the editor: a stone placed by a click, Ctrl+Z on the board takes it back
    before = _json(editor.pieces())
    editor.click_sq((4, 4))
    wait_for(page, lambda: len(editor.pieces()) == len(before) + 1, 20, "a stone placed")
    _press(editor, "Control+z")
    wait_for(page, lambda: _json(editor.pieces()) == before, 20, "Ctrl+Z took it back")
    # the game view: Home and End step through its story, the line over the board follows
    status = game.root.locator(".fw-headline")
    _press(game, "Home")
    wait_for(page, lambda: game.frame() == 0, 10, "Home: the game's frame 0")
    assert "See what happened" in status.inner_text()
    _press(game, "End")
    wait_for(page, lambda: game.frame() == game.frames() - 1, 10, "End: the game's last frame")
    assert "Your move (blue)" in status.inner_text()


def _luminance(css_colour: str) -> float:
    """Relative luminance 0..1 of ``rgb(r, g, b)``, ``rgba(...)`` or ``color(srgb r g b)``
    (marimo's colours; sRGB, WCAG)."""
    inner = css_colour[css_colour.index("(") + 1 : css_colour.index(")")]
    if inner.startswith("srgb "):
        r, g, b = (float(v) for v in inner.split()[1:4])
    else:
        r, g, b = (float(v) / 255 for v in inner.split(",")[:3])

    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else float(((c + 0.055) / 1.055) ** 2.4)

    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def test_marimo_dark_theme_paints_the_dark_board_with_readable_text(
    browser: Any, marimo_dark_url: str, shots: Path
) -> None:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    errors = collect_page_errors(page)
    try:
        page.goto(marimo_dark_url + "/")
        boards = [Canvas(page, k) for k in range(4)]
        assert "dark-theme" in (page.locator("body").get_attribute("class") or "")
        assert [b.canvas.get_attribute("data-theme") for b in boards] == ["dark"] * 4
        stepper = boards[0]
        # the log's title and rows, the hint: light text (the page behind them is dark)
        for css in [".fw-log-title", ".fw-log-row", ".fw-hint"]:
            colour = stepper.root.locator(css).first.evaluate("e => getComputedStyle(e).color")
            assert _luminance(colour) > 0.5, f"{css} is {colour} on a dark page"
        panel_text = (
            _panel(page, "stepper below")
            .locator(".fwp-html")
            .evaluate("e => getComputedStyle(e).color")
        )
        assert _luminance(panel_text) > 0.5, panel_text
        stepper.canvas.scroll_into_view_if_needed()
        page.screenshot(path=str(shots / "marimo-dark-stepper.png"))
        assert_no_page_errors(page, errors)
    finally:
        context.close()
