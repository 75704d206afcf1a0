"""CompareView and the edge-case gallery in a real browser (headless Chromium): both boards
step together whichever one is stepped, the first difference is marked, light and dark;
in JupyterLab the frames the boards show reach Python."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser import widget_checks as C
from tests.browser.browser_support import assert_no_page_errors, collect_page_errors, wait_for

pytestmark = pytest.mark.browser

ON_POOL = {
    "format": "finstere-position/1",
    "layout": "basic",
    "monster": {"at": [6, 2], "facing": "E"},
    "pawns": [{"id": "A", "player": "blue", "light": 6, "dark": 1, "at": [9, 2]}],
}


def frames(page: Any, section: int = 0) -> list[int]:
    canvases = (
        page.locator(f"#case-{section} canvas.fw-canvas")
        if section >= 0
        else page.locator("canvas.fw-canvas")
    )
    return [int(canvases.nth(k).get_attribute("data-frame") or -1) for k in range(2)]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_gallery_boards_step_together_and_mark_the_difference(
    browser: Any, tmp_path: Path, scheme: str
) -> None:
    from finstere_widget.design import edge_cases
    from finstere_widget.widget.compare import write_gallery

    result = edge_cases("slide_over_pawn", seed=3, budget=200)
    out = write_gallery(result, tmp_path / "gallery.html")
    context = browser.new_context(viewport={"width": 1400, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    errors = collect_page_errors(page)
    try:
        page.goto(out.as_uri())
        section = page.locator("#case-0")
        canvases = section.locator("canvas.fw-canvas")
        wait_for(page, lambda: canvases.count() == 2, 20, "two boards")
        for k in range(2):
            wait_for(
                page,
                lambda k=k: int(canvases.nth(k).get_attribute("data-paints") or 0) > 0,
                20,
                "the first paint",
            )
            assert canvases.nth(k).evaluate("c => c.__finstere.theme()") == scheme
        assert frames(page) == [0, 0]
        root = section.locator(".fw-compare")
        assert root.get_attribute("data-parted") == "false"
        # step the RIGHT board: the left one follows
        right_next = section.locator(
            ".fw-compare-side[data-side='right'] button[data-action='next']"
        )
        right_next.click()
        wait_for(page, lambda: frames(page) == [1, 1], 5, "both boards on frame 1")
        # keys on the LEFT board step both, up to the first difference
        differ = json.loads(page.locator("#fw-state-0").text_content() or "{}")["differ"]
        left_canvas = canvases.nth(0)
        left_canvas.focus()
        for _ in range(differ[0] - 1):
            page.keyboard.press("ArrowRight")
        wait_for(page, lambda: frames(page) == differ, 5, f"both boards at {differ}")
        assert root.get_attribute("data-parted") == "true"
        assert root.get_attribute("data-here") == "true"
        title = section.locator(".fw-compare-title").inner_text()
        assert title.startswith("≠") and "M9" in title
        page.keyboard.press("End")
        ends = [
            int(c) - 1
            for c in (
                canvases.nth(0).evaluate("c => c.__finstere.frames()"),
                canvases.nth(1).evaluate("c => c.__finstere.frames()"),
            )
        ]
        wait_for(page, lambda: frames(page) == ends, 5, "both boards on their last frame")
        assert root.get_attribute("data-here") == "false"
        assert_no_page_errors(page, errors)
    finally:
        context.close()


def test_compare_view_in_jupyter_steps_both_boards_and_tells_python(
    nb: Any, jupyter_server: Any, shots: Path
) -> None:
    """Stepped on one side, both boards step and Python knows; then on the front end's
    dark theme both boards paint dark and every text of the view reads at 4.5:1 or more."""
    import nbformat

    book = nbformat.v4.new_notebook()
    book.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    book.cells = [
        nbformat.v4.new_code_cell(
            "import json\nfrom finstere_widget.widget import CompareView\n"
            f"view = CompareView(json.loads({json.dumps(json.dumps(ON_POOL))}), '2', 'slide_over_pawn')\nview"
        )
    ]
    nbformat.write(book, jupyter_server.root / "fw_compare.ipynb")
    nb.open("fw_compare.ipynb")
    nb.run_all()
    page = nb.page
    canvases = page.locator("canvas.fw-canvas")
    wait_for(page, lambda: canvases.count() == 2, 60, "two boards")
    wait_for(page, lambda: frames(page, -1) == [0, 0], 30, "both on frame 0")
    page.locator(".fw-compare-side[data-side='left'] button[data-action='next']").click()
    wait_for(page, lambda: frames(page, -1) == [1, 1], 5, "both on frame 1")
    seen = ""
    for _ in range(30):
        seen = str(nb.run_code_cell("print(view.frames_on_show)")).strip()
        if seen == "[1, 1]":
            break
        page.wait_for_timeout(300)
    assert seen == "[1, 1]"
    page.evaluate(
        "() => window.jupyterapp.commands.execute('apputils:change-theme', "
        "{theme: 'JupyterLab Dark'})"
    )
    wait_for(
        page,
        lambda: page.evaluate("document.body.dataset.jpThemeLight") == "false",
        30,
        "the dark theme",
    )
    dark = "c => c.__finstere.theme()"
    wait_for(
        page,
        lambda: [canvases.nth(k).evaluate(dark) for k in (0, 1)] == ["dark"] * 2,
        10,
        "dark boards",
    )
    page.wait_for_timeout(500)  # the theme's CSS variables settle
    texts = page.locator(f".fw-compare-label, .fw-compare-title, {C.TEXTS}")
    ratios = texts.evaluate_all(C.CONTRAST_JS)
    assert sum("fw-compare" in name for name, _ in ratios) == 3, ratios  # a title, two labels
    low = [(name, round(r, 2)) for name, r in ratios if r < 4.5]
    assert not low, f"dark theme: text below 4.5:1: {low}"
    page.screenshot(path=str(shots / f"compare_{nb.ui}_dark.png"))
    nb.assert_no_page_errors()


MARIMO_APP = """import marimo

app = marimo.App()


@app.cell
def _():
    import json

    import marimo as mo

    from finstere_widget.widget import CompareView

    view = mo.ui.anywidget(CompareView(json.loads(POSITION), "2", "slide_over_pawn"))
    view
    return


if __name__ == "__main__":
    app.run()
"""


def test_compare_view_in_marimo_steps_both_boards(browser: Any, tmp_path: Path) -> None:
    """marimo shows the anywidget as it is: two boards, stepping together."""
    import sys

    import marimo  # noqa: F401  (the marimo extra; missing, it is a failure, not a skip)

    from tests.browser.browser_support import free_port, isolated_env, start_server, stop_process
    from tests.browser.conftest import REPO_ROOT

    app = tmp_path / "compare_app.py"
    app.write_text(MARIMO_APP.replace("POSITION", repr(json.dumps(ON_POOL))), encoding="utf-8")
    env = isolated_env(tmp_path)
    home = tmp_path / "home"
    (home / ".config" / "marimo").mkdir(parents=True)
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"), MARIMO_SKIP_UPDATE_CHECK="1")
    env["PYTHONPATH"] = str(REPO_ROOT)
    port = free_port()
    cmd = [sys.executable, "-m", "marimo", "-y", "-q", "run", app.name, "--headless"]
    cmd += ["--no-token", "--no-sandbox", "--host", "127.0.0.1", "--port", str(port)]
    proc = start_server(
        cmd, cwd=tmp_path, env=env, port=port, log=tmp_path / "marimo.log", timeout=120
    )
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    errors = collect_page_errors(page)
    try:
        page.goto(f"http://127.0.0.1:{port}")
        canvases = page.locator("canvas.fw-canvas")
        wait_for(page, lambda: canvases.count() == 2, 90, "two boards in marimo")
        wait_for(page, lambda: frames(page, -1) == [0, 0], 30, "both on frame 0")
        page.locator(".fw-compare-side[data-side='right'] button[data-action='next']").click()
        wait_for(page, lambda: frames(page, -1) == [1, 1], 5, "both on frame 1")
        assert_no_page_errors(page, errors)
    finally:
        context.close()
        stop_process(proc)
