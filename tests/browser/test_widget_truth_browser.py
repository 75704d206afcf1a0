"""Issue 10 in a real browser (JupyterLab 4, headless Chromium): the picture is the state,
every text reads in the light and the dark theme, nothing is clipped at 600/1000/1600 px.

One notebook (a GameView and a MonsterStepper), one Jupyter server for the module (the
session fixture), one page per test; widths and themes are changed on the same page.
Screenshots go to ``$FINSTERE_SHOTS`` (default: the test's temporary directory).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from finstere_widget.render import style as S
from finstere_widget.render.scene import center
from tests.browser.browser_support import wait_for

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
    "s = MonsterStepper(TIE, tile='8')\ns",
]

# WCAG relative luminance and contrast of a text element against what is painted behind it
CONTRAST_JS = """
(els) => {
  const parse = (c) => {
    const m = c.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return null;
    const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3]));
  const background = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    let rgb = [255, 255, 255];
    for (const c of layers.reverse()) rgb = over(c, rgb);
    return rgb;
  };
  const lum = (rgb) => {
    const f = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(rgb[0]) + 0.7152 * f(rgb[1]) + 0.0722 * f(rgb[2]);
  };
  return els.filter((el) => el.textContent.trim() && el.offsetParent !== null).map((el) => {
    const bg = background(el);
    const fg = over(parse(getComputedStyle(el).color), bg);
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    return [el.className + ': ' + el.textContent.trim().slice(0, 30), (a + 0.05) / (b + 0.05)];
  });
}
"""


@pytest.fixture
def truth_notebook(jupyter_server: Any) -> str:
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nb.cells = [nbformat.v4.new_code_cell(src) for src in CELLS]
    nbformat.write(nb, jupyter_server.root / NAME)
    return NAME


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    out = Path(os.environ.get("FINSTERE_SHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    return out


def _hex(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def close(pixel: list[int], colour: str, tol: int = 14) -> bool:
    return all(abs(p - c) <= tol for p, c in zip(pixel[:3], _hex(colour), strict=True))


def game_canvas(page: Any) -> Any:
    canvas = page.locator(".fw-canvas").first
    canvas.wait_for(state="visible", timeout=60_000)
    wait_for(page, lambda: int(canvas.get_attribute("data-paints") or 0) > 0, 30, "a paint")
    return canvas


def pixel(canvas: Any, x: float, y: float) -> list[int]:
    k = float(canvas.evaluate("c => c.width")) / S.WIDTH
    return list(
        canvas.evaluate(
            "(c, [x, y]) => Array.from(c.getContext('2d').getImageData(x, y, 1, 1).data)",
            [int(x * k), int(y * k)],
        )
    )


def log_text(page: Any) -> list[str]:
    return list(page.locator(".fw-log").first.locator(".fw-log-row").all_inner_texts())


def assert_browser_draws_the_engine(nb: Any, canvas: Any) -> None:
    """The pieces synced to the browser for the last frame (what it paints once stepped to
    the end) are the engine's position, and the canvas shows each pawn on its square."""
    kernel = json.loads(nb.run_code_cell("print(json.dumps(piece_groups(v.game.position)))"))
    n = int(canvas.evaluate("c => c.__finstere.frames()"))
    drawn = canvas.evaluate("(c, i) => c.__finstere.pieces(i)", n - 1)
    assert drawn == kernel, "the browser's last frame is not the engine's position"
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
    status = page.locator(".widget-html", has_text="round").first
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

    click_button(page, "undo my move")
    wait_for(page, lambda: "taken back" in (log_text(page) or [""])[0], 15, "the undo")
    assert_browser_draws_the_engine(nb, canvas)
    click_button(page, "new game")
    wait_for(page, lambda: (log_text(page) or [""])[0].startswith("a new game"), 15, "a new game")
    assert_browser_draws_the_engine(nb, canvas)
    nb.assert_no_page_errors()


def _layout(page: Any) -> dict[str, Any]:
    return dict(
        page.evaluate("""() => {
      const out = document.querySelectorAll('.jp-OutputArea-output');
      const rect = (e) => { const r = e.getBoundingClientRect();
                            return [r.left, r.top, r.right, r.bottom]; };
      const clipped = [];
      for (const area of out) {
        const box = area.getBoundingClientRect();
        for (const e of area.querySelectorAll('.fw-root *, .widget-inline-hbox, .widget-button,'
                                              + ' .widget-dropdown, .widget-toggle-buttons')) {
          const r = e.getBoundingClientRect();
          if (r.width === 0 || e.offsetParent === null) continue;
          if (r.right > box.right + 1 || r.left < box.left - 1)
            clipped.push(e.className + ' ' + (e.textContent || '').trim().slice(0, 30));
          if (e.scrollWidth > e.clientWidth + 2 && getComputedStyle(e).overflowX === 'hidden'
              && e.matches('.widget-dropdown select, .widget-label'))
            clipped.push('truncated: ' + (e.textContent || '').trim().slice(0, 30));
        }
      }
      const c = document.querySelectorAll('.fw-canvas')[1];
      const root = c.closest('.fw-root');
      const side = root.querySelector('.fw-side');
      return {canvas: rect(c), side: rect(side), root: rect(root), clipped};
    }""")
    )


def test_widths_themes_and_contrast(nb: Any, truth_notebook: str, shots: Path) -> None:
    nb.open(truth_notebook)
    nb.run_all()
    page = nb.page
    game_canvas(page)
    stepper = page.locator(".fw-canvas").nth(1)
    stepper.scroll_into_view_if_needed()
    wait_for(page, lambda: int(stepper.get_attribute("data-paints") or 0) > 0, 30, "a paint")

    # the file browser closed, as in a classroom: the notebook has the width of the window
    page.evaluate("window.jupyterapp.commands.execute('application:toggle-left-area')")
    for width in (1600, 1000, 600):
        page.set_viewport_size({"width": width, "height": 1000})
        page.wait_for_timeout(400)
        lay = _layout(page)
        assert lay["clipped"] == [], f"{width}px: clipped {lay['clipped']}"
        cl, ct, cr, cb = lay["canvas"]
        sl, st, sr, sb = lay["side"]
        if st < cb - 1:  # the log beside the board: right next to it
            assert 0 <= sl - cr <= 40, f"{width}px: the log floats {sl - cr:.0f}px away"
        else:  # below the board, under its left edge
            assert abs(sl - cl) <= 2 and st >= cb - 1
        room = lay["root"][2] - lay["root"][0]
        if room >= 480 + 252:  # a board of 480 px and the log fit side by side
            assert st < cb - 1, f"{width}px: the log dropped below the board ({room:.0f}px)"
        if width == 1600:
            assert cr - cl >= 700, "a wide window shows the board at its full size"
        # the board keeps its size while stepping
        stepper.focus()
        for _ in range(4):
            page.keyboard.press("ArrowRight")
        page.wait_for_timeout(100)
        assert _layout(page)["canvas"] == lay["canvas"], f"{width}px: the board changed size"
        page.keyboard.press("Home")
        page.screenshot(path=str(shots / f"stepper_light_{width}.png"), full_page=True)
    page.set_viewport_size({"width": 1400, "height": 1000})

    # a problem hint (click on an empty square in move mode), then every text's contrast
    game = page.locator(".fw-canvas").first
    game.scroll_into_view_if_needed()
    k = float(game.evaluate("c => c.getBoundingClientRect().width")) / S.WIDTH
    game.click(position={"x": center((3, 3))[0] * k, "y": center((3, 3))[1] * k})
    hint = page.locator(".fw-hint").first
    wait_for(page, lambda: hint.get_attribute("data-kind") == "problem", 10, "a problem hint")
    stepper.focus()
    for _ in range(3):  # past, current and coming lines in the stepper's log
        page.keyboard.press("ArrowRight")
    texts = (
        ".fw-root .fw-hint, .fw-root .fw-counter, .fw-root .fw-log-title, "
        ".fw-root .fw-log-row, .fw-root .fw-btn"
    )

    def measure(theme: str) -> None:
        ratios = page.locator(texts).evaluate_all(CONTRAST_JS)
        kinds = {r[0].split(":")[0] for r in ratios}
        assert {"fw-hint", "fw-counter", "fw-log-title", "fw-btn"} <= kinds, kinds
        assert any("fw-current" in r[0] for r in ratios) and any("fw-past" in r[0] for r in ratios)
        low = [(name, round(r, 2)) for name, r in ratios if r < 4.5]
        assert not low, f"{theme}: text below 4.5:1: {low}"

    measure("light")
    assert close(pixel(stepper, 3, S.HEIGHT - 3), S.BACKGROUND)
    page.evaluate(
        "window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Dark'})"
    )
    wait_for(
        page,
        lambda: page.evaluate("document.body.dataset.jpThemeLight") == "false",
        30,
        "the dark theme",
    )
    wait_for(page, lambda: stepper.evaluate("c => c.dataset.theme") == "dark", 10, "repaint")
    page.wait_for_timeout(500)  # the theme's CSS variables settle
    measure("dark")
    # the canvas follows: the page around the board dark, the game's colours kept
    assert close(pixel(stepper, 3, S.HEIGHT - 3), S.DARK[S.BACKGROUND])
    assert close(pixel(stepper, *center((2, 8))), S.FLOOR, tol=16) or close(
        pixel(stepper, *center((2, 8))), S.FLOOR_ALT, tol=16
    )
    page.screenshot(path=str(shots / "widgets_dark_1400.png"), full_page=True)
    page.evaluate(
        "window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Light'})"
    )
    wait_for(
        page,
        lambda: page.evaluate("document.body.dataset.jpThemeLight") == "true",
        30,
        "the light theme again",
    )

    # keyboard: Tab reaches the board, whose keys work at once (no click first)
    def frame() -> int:
        return int(stepper.get_attribute("data-frame") or -1)

    page.keyboard.press("Home")
    page.locator(".widget-dropdown select").last.focus()  # the stepper's last option menu
    on_board = "c => document.activeElement === c"
    for _ in range(12):
        if stepper.evaluate(on_board):
            break
        page.keyboard.press("Tab")
    assert stepper.evaluate(on_board), "Tab never reached the board"
    ring = stepper.evaluate("c => getComputedStyle(c).boxShadow")
    assert ring and ring != "none", "a visible focus ring"
    page.keyboard.press("ArrowRight")
    wait_for(page, lambda: frame() == 1, 5, "an arrow key right after Tab")
    page.keyboard.press("End")
    n = int(stepper.evaluate("c => c.__finstere.frames()"))
    wait_for(page, lambda: frame() == n - 1, 5, "End")
    # the slider's arrow keys step (JupyterLab would take them for the notebook)
    slider = page.locator(".fw-slider").nth(1)
    slider.focus()
    page.keyboard.press("ArrowLeft")
    wait_for(page, lambda: frame() == n - 2, 5, "the slider's arrow key")
    # a click on a log row shows its frame and leaves the keys on the board
    row = page.locator(".fw-log").nth(1).locator(".fw-log-row").nth(3)
    row.click()
    wait_for(page, lambda: stepper.evaluate(on_board), 5, "the focus back on the board")
    at = frame()
    page.keyboard.press("ArrowRight")
    wait_for(page, lambda: frame() == at + 1, 5, "a key after a log click")
    # names for assistive technology, and the step announced
    names = (
        page.locator(".fw-controls")
        .nth(1)
        .locator("button, input, select")
        .evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    )
    assert all(names) and "next frame (→)" in names, names
    label = stepper.get_attribute("aria-label") or ""
    assert f"frame {at + 2} of {n}" in label
    live = page.locator(".fw-live").nth(1)
    assert (
        live.get_attribute("aria-live") == "polite"
        and f"frame {at + 2} of {n}" in live.inner_text()
    )
    nb.assert_no_page_errors()
