"""The board widget in a real browser (JupyterLab and Notebook 7, headless Chromium).

The first test runs in both front ends; the others, about what the widget's own code does
with a click or a step (the same JavaScript in both), run in JupyterLab only: Notebook 7's
own page is checked by that test, and by the smoke, quiz, comparison and reads-well tests.

Every pixel check samples the canvas at a point computed from the position and the drawing
constants (render/style.py), in device pixels: scene units x canvas.width / style.WIDTH.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from finstere_widget.render import style as S
from finstere_widget.render.scene import center
from tests.browser.browser_support import assert_no_page_errors, collect_page_errors, wait_for

pytestmark = pytest.mark.browser

TIE = {
    "format": "finstere-position/1",
    "monster": {"at": [5, 5], "facing": "E"},
    "stones": [{"at": [11, 8]}],
    "pools": [[[8, 2], [9, 2], [8, 3], [9, 3]]],
    "pawns": [
        {"id": "A", "player": "blue", "light": 6, "dark": 1, "at": [8, 5]},
        {"id": "B", "player": "red", "light": 4, "dark": 3, "up": "dark", "at": [5, 2]},
    ],
}

SETUP = f"""import json
from finstere_widget.widget import BoardWidget, MonsterStepper
TIE = json.loads({json.dumps(json.dumps(TIE))})"""

NOTEBOOKS = {
    "fw_move.ipynb": [SETUP, "w = BoardWidget(TIE, mode='move')\nw"],
    "fw_stepper.ipynb": [SETUP, "s = MonsterStepper(TIE, tile='8')\ns"],
    "fw_edit.ipynb": [SETUP, "e = BoardWidget(TIE, mode='edit')\ne.tool = 'crystal'\ne"],
}


def _hex(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def blend(top: str, alpha: float, under: str) -> tuple[int, int, int]:
    t, u = _hex(top), _hex(under)
    return tuple(round(a * alpha + b * (1 - alpha)) for a, b in zip(t, u, strict=True))  # type: ignore[return-value]


def close(pixel: list[int], colour: str | tuple[int, int, int], tol: int = 14) -> bool:
    rgb = _hex(colour) if isinstance(colour, str) else colour
    return all(abs(p - c) <= tol for p, c in zip(pixel[:3], rgb, strict=True))


@pytest.fixture
def notebooks(jupyter_server: Any) -> dict[str, Path]:
    """Write the test notebooks into the (temporary) root of this UI's server."""
    import nbformat

    out = {}
    for name, cells in NOTEBOOKS.items():
        nb = nbformat.v4.new_notebook()
        nb.metadata["kernelspec"] = {
            "name": "python3",
            "display_name": "Python 3",
            "language": "python",
        }
        nb.cells = [nbformat.v4.new_code_cell(src) for src in cells]
        path = jupyter_server.root / name
        nbformat.write(nb, path)
        out[name] = path
    return out


class Board:
    """The first board canvas on the page, read in scene coordinates."""

    def __init__(self, page: Any, index: int = 0) -> None:
        self.page = page
        self.canvas = page.locator("canvas.fw-canvas").nth(index)
        self.canvas.wait_for(state="visible", timeout=60_000)
        wait_for(
            page,
            lambda: int(self.canvas.get_attribute("data-paints") or 0) > 0,
            30,
            "the first paint",
        )

    def scale(self) -> float:
        return float(self.canvas.evaluate("c => c.width")) / S.WIDTH

    def css_scale(self) -> float:
        return float(self.canvas.evaluate("c => c.getBoundingClientRect().width")) / S.WIDTH

    def pixel(self, x: float, y: float) -> list[int]:
        k = self.scale()
        return list(
            self.canvas.evaluate(
                "(c, [x, y]) => Array.from(c.getContext('2d').getImageData(x, y, 1, 1).data)",
                [int(x * k), int(y * k)],
            )
        )

    def pixel_sq(self, sq: tuple[int, int], dx: float = 0, dy: float = 0) -> list[int]:
        cx, cy = center(sq)
        return self.pixel(cx + dx, cy + dy)

    def click_sq(self, sq: tuple[int, int]) -> None:
        k = self.css_scale()
        cx, cy = center(sq)
        self.canvas.click(position={"x": cx * k, "y": cy * k})

    def frame(self) -> int:
        return int(self.canvas.get_attribute("data-frame") or -1)


def python_value(nb: Any, code: str, expected: str, timeout: float = 15) -> str:
    """Run ``code`` in the kernel until it prints ``expected`` (messages are asynchronous)."""
    deadline = time.monotonic() + timeout
    seen = ""
    while time.monotonic() < deadline:
        seen = str(nb.run_code_cell(code)).strip()
        if seen == expected:
            return seen
        nb.page.wait_for_timeout(300)
    return seen


def test_board_renders_and_moves_a_pawn(nb: Any, notebooks: dict[str, Path]) -> None:
    nb.open("fw_move.ipynb")
    nb.run_all()
    board = Board(nb.page)
    # sharp on HiDPI: the backing store follows devicePixelRatio
    dpr = nb.page.evaluate("window.devicePixelRatio")
    css_w = board.canvas.evaluate("c => c.getBoundingClientRect().width")
    assert abs(board.canvas.evaluate("c => c.width") - round(css_w * dpr)) <= 1
    # pieces where the position puts them (a pawn's ring: 14.5 units above its square's centre)
    assert close(board.pixel_sq((8, 5), 0, -14.5), S.PLAYER["blue"]), "pawn A's ring"
    assert close(board.pixel_sq((5, 2), 0, -14.5), S.PLAYER["red"]), "pawn B's ring"
    assert close(board.pixel_sq((11, 8)), S.STONE_FILL), "the stone"
    assert close(board.pixel_sq((9, 3), 8, 8), S.POOL_FILL), "the pool"
    assert close(board.pixel_sq((5, 5), 0, 12), S.MONSTER_FILL), "the monster"
    assert close(board.pixel_sq((2, 8)), S.FLOOR), "an empty square"
    assert close(board.pixel_sq((0, 0), 12, 12), S.EXIT_FILL), "the exit"

    # click pawn A: its legal destinations light up (from the engine)
    lit = blend(S.TARGET, 0.3, S.FLOOR)
    assert not close(board.pixel_sq((9, 7)), lit)
    board.click_sq((8, 5))
    wait_for(nb.page, lambda: close(board.pixel_sq((9, 7)), lit), 15, "targets lit")
    assert close(board.pixel_sq((8, 5), 0, -19), S.SELECTED, tol=40), "the selection ring"
    assert not close(board.pixel_sq((5, 5), 0, 12), lit), "the monster's square is no target"
    hint = nb.page.locator(".fw-hint").first.inner_text()
    assert "destination" in hint

    # an illegal click: visible hint, nothing moves
    board.click_sq((0, 1))  # 12 squares away: out of reach
    wait_for(
        nb.page,
        lambda: "cannot end" in nb.page.locator(".fw-hint").first.inner_text(),
        10,
        "the hint for an illegal target",
    )
    # click outside the board (the notch at the top right): a hint, no error
    k = board.css_scale()
    board.canvas.click(position={"x": (S.OX + 15.5 * S.CELL) * k, "y": (S.OY + 0.5 * S.CELL) * k})
    wait_for(
        nb.page,
        lambda: "outside the board" in nb.page.locator(".fw-hint").first.inner_text(),
        10,
        "the hint for a click outside the board",
    )

    # click a target: the engine moves the pawn, the canvas and Python agree
    board.click_sq((9, 7))
    wait_for(
        nb.page,
        lambda: close(board.pixel_sq((9, 7), 0, -14.5), S.PLAYER["blue"]),
        15,
        "pawn A drawn on (9, 7)",
    )
    # the face's left, clear of its number: the disc sits up and left in its square (#28)
    face = board.pixel_sq((9, 7), S.PAWN_SHIFT - 7, S.PAWN_SHIFT)
    assert close(face, S.DARK_FACE, tol=30), "flipped: dark side up"
    assert close(board.pixel_sq((8, 5), 0, -14.5), S.FLOOR), "A left (8, 5)"
    assert close(board.pixel_sq((9, 6)), S.PATH, tol=40), "its path drawn through (9, 6)"
    assert python_value(nb, "print(w.position.pawn('A').at)", "(9, 7)") == "(9, 7)"
    assert nb.run_code_cell("w").strip().startswith("BoardWidget(mode='move'")
    nb.assert_no_page_errors()


@pytest.mark.parametrize("jupyter_ui", ["lab"])  # the widget's own behaviour: see the top
def test_edit_mode_places_a_piece_by_click_and_undo_removes_it(
    nb: Any, notebooks: dict[str, Path]
) -> None:
    nb.open("fw_edit.ipynb")
    nb.run_all()
    board = Board(nb.page)
    assert close(board.pixel_sq((2, 8)), S.FLOOR), "an empty square"
    board.click_sq((2, 8))
    wait_for(
        nb.page,
        lambda: close(board.pixel_sq((2, 8)), S.CRYSTAL_FILL, tol=30),
        15,
        "a crystal drawn on (2, 8)",
    )
    assert (
        python_value(nb, "print(e.position.stone_map[(2, 8)].kind.value)", "crystal") == "crystal"
    )
    # a click on an occupied square is refused with a hint, the position is unchanged
    board.click_sq((5, 5))
    wait_for(
        nb.page, lambda: nb.page.locator(".fw-hint").first.inner_text().strip() != "", 10, "a hint"
    )
    assert python_value(nb, "print(e.position.monster.at)", "(5, 5)") == "(5, 5)"
    nb.run_code_cell("e.undo()")
    wait_for(nb.page, lambda: close(board.pixel_sq((2, 8)), S.FLOOR), 15, "the crystal undone")
    assert python_value(nb, "print((2, 8) in e.position.stone_map)", "False") == "False"
    nb.assert_no_page_errors()


@pytest.mark.parametrize("jupyter_ui", ["lab"])  # the widget's own behaviour: see the top
def test_stepping_happens_in_the_browser(nb: Any, notebooks: dict[str, Path]) -> None:
    nb.open("fw_stepper.ipynb")
    nb.run_all()
    board = Board(nb.page)
    page = nb.page
    n = int(board.canvas.evaluate("c => c.__finstere.frames()"))
    assert n > 10
    assert board.frame() == 0
    caption = (S.WIDTH - 6, 6)
    assert close(board.pixel(*caption), S.CAPTION_FILL)
    before = board.pixel_sq((5, 5), 0, 12)

    # no kernel from here on: stepping must still work
    nb.server.shutdown_sessions()
    wait_for(
        page,
        lambda: page.evaluate(
            "() => { const k = window.jupyterapp.shell.currentWidget.sessionContext.session;"
            " return !k || !k.kernel || k.kernel.status === 'dead' || k.kernel.isDisposed; }"
        ),
        20,
        "the kernel to be gone",
    )

    next_button = page.locator(".fw-controls button[data-action='next']").first
    next_button.click()
    wait_for(page, lambda: board.frame() == 1, 5, "frame 1")
    # frame 1 is the first look: a tie between A and B (both at 3)
    assert close(board.pixel(*caption), S.TIE), "the tie banner"
    bx, by = center((5, 2))
    assert close(board.pixel(bx + 19, by - 1), S.TIE, tol=40), "tied pawn B ringed"
    ax, ay = center((8, 5))
    assert close(board.pixel(ax + 19, ay - 1), S.TIE, tol=40), "tied pawn A ringed"
    current = page.locator(".fw-log-row.fw-current").first.inner_text()
    assert "tie between" in current and "(M5)" in current

    next_button.click()
    wait_for(page, lambda: board.frame() == 2, 5, "frame 2")
    assert not close(board.pixel(*caption), S.TIE)
    # the monster stepped east: its square changed on the canvas
    later = page.locator(".fw-controls button[data-action='last']").first
    later.click()
    wait_for(page, lambda: board.frame() == n - 1, 5, "the last frame")
    assert board.pixel_sq((5, 5), 0, 12) != before
    # keyboard: focus the canvas, arrow left steps back
    board.canvas.focus()
    page.keyboard.press("ArrowLeft")
    wait_for(page, lambda: board.frame() == n - 2, 5, "a step back by keyboard")
    page.keyboard.press("Home")
    wait_for(page, lambda: board.frame() == 0, 5, "Home")
    # the slider
    page.locator(".fw-slider").first.evaluate(
        "s => { s.value = '1'; s.dispatchEvent(new Event('input', {bubbles: true})); }"
    )
    wait_for(page, lambda: board.frame() == 1, 5, "the slider")
    # play at 4x, then pause
    page.locator(".fw-speed").first.select_option("4")
    play = page.locator(".fw-controls button[data-action='play']").first
    play.click()
    wait_for(page, lambda: board.frame() >= 4, 10, "playing")
    play.click()
    paused = board.frame()
    page.wait_for_timeout(600)
    assert board.frame() == paused, "pause stops the playing"
    nb.assert_no_page_errors()


@pytest.mark.parametrize("jupyter_ui", ["lab"])  # UI-independent: JupyterLab only
def test_paint_and_step_latency_in_the_browser(nb: Any, notebooks: dict[str, Path]) -> None:
    """Measured in the browser (figures printed; generous bounds so CI noise cannot flake)."""
    nb.open("fw_stepper.ipynb")
    nb.run_all()
    board = Board(nb.page)
    full = board.canvas.evaluate(
        "c => { const t = []; for (let i = 0; i < 60; i++) t.push(c.__finstere.paint(true));"
        " t.sort((a, b) => a - b); return t[30]; }"
    )
    latency = nb.page.evaluate(
        """async () => {
          const c = document.querySelector('canvas.fw-canvas');
          const next = document.querySelector(".fw-controls button[data-action='next']");
          const out = [];
          for (let i = 0; i < 10; i++) {
            const before = c.dataset.paints;
            const t0 = performance.now();
            next.click();
            await new Promise((r) => requestAnimationFrame(() => r()));
            if (c.dataset.paints === before) return -1;
            out.push(performance.now() - t0);
          }
          out.sort((a, b) => a - b);
          return out[5];
        }"""
    )
    size = float(nb.run_code_cell("print(s.board.synced_size())").strip())
    print(
        f"\nbrowser: full-frame paint {full:.2f} ms (median of 60), step click -> painted "
        f"frame {latency:.2f} ms (median of 10), synced 8-step trace {size / 1000:.1f} KB"
    )
    assert latency >= 0, "a click on next did not repaint"
    assert full <= 40 and latency <= 200 and size <= 100_000
    nb.assert_no_page_errors()


def test_standalone_html_steps_without_jupyter(browser: Any, tmp_path: Path) -> None:
    from finstere_widget.widget import MonsterStepper

    s = MonsterStepper(TIE, tile="8")
    out = s.to_html(tmp_path / "turn.html")
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    errors = collect_page_errors(page)
    try:
        page.goto(out.as_uri())
        board = Board(page)
        assert board.frame() == 0
        page.locator("button[data-action='next']").click()
        wait_for(page, lambda: board.frame() == 1, 5, "frame 1")
        assert close(board.pixel(S.WIDTH - 6, 6), S.TIE), "the tie banner"
        board.click_sq((3, 3))
        assert "no Python kernel" in page.locator(".fw-hint").inner_text()
        assert_no_page_errors(page, errors)
    finally:
        context.close()
