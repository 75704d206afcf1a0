"""Smoke test of the browser fixtures: an inline anywidget canvas in JupyterLab and Notebook 7.

Runs once per UI (the ``nb`` fixture is parametrized over ``lab`` and ``notebook``).
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.browser.browser_support import (
    KNOWN_UPSTREAM_PAGE_ERRORS,
    assert_no_page_errors,
    collect_page_errors,
    wait_for,
)
from tests.browser.browser_support import canvas_pixel as pixel

pytestmark = pytest.mark.browser

RED = [255, 0, 0, 255]
TRANSPARENT = [0, 0, 0, 0]


def test_anywidget_canvas_round_trip(nb: Any) -> None:
    nb.open("smoke.ipynb")
    nb.run_all()
    canvas = nb.page.locator("canvas.ff-smoke")
    canvas.wait_for(state="visible", timeout=30_000)

    # Drawn by the ESM: left half red, right half untouched.
    assert pixel(canvas, 50, 50) == RED
    assert pixel(canvas, 150, 50) == TRANSPARENT

    # Browser -> kernel: two clicks on the canvas reach the Python object.
    assert nb.run_code_cell("print(w.clicks)").strip() == "0"
    canvas.click(position={"x": 30, "y": 30})
    canvas.click(position={"x": 170, "y": 70})
    wait_for(nb.page, lambda: canvas.get_attribute("data-clicks") == "2", 10, "clicks in the view")
    seen = ""
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        seen = nb.run_code_cell("print(w.clicks)").strip()
        if seen == "2":
            break
        nb.page.wait_for_timeout(500)
    assert seen == "2", f"clicks seen from Python: {seen!r}"

    # Kernel -> browser: a trait set in Python reaches the view.
    nb.run_code_cell("w.clicks = 41")
    wait_for(
        nb.page, lambda: canvas.get_attribute("data-clicks") == "41", 10, "clicks=41 in the view"
    )

    # The helper really reads outputs (and the deterministic repr works).
    assert nb.run_code_cell("w").strip() == "SmokeCanvas(clicks=41)"

    nb.assert_no_page_errors()


@pytest.mark.parametrize("jupyter_ui", ["lab"])  # UI-independent: JupyterLab only
def test_run_code_cell_reports_exceptions(nb: Any) -> None:
    """A failing cell must fail the test, with the exception in the message."""
    nb.open("smoke.ipynb")
    with pytest.raises(AssertionError, match="ZeroDivisionError"):
        nb.run_code_cell("1 / 0")
    nb.assert_no_page_errors()


@pytest.mark.parametrize("jupyter_ui", ["lab"])  # UI-independent: JupyterLab only
def test_page_errors_are_collected(nb: Any) -> None:
    """The pageerror collection is live: an uncaught error in the page is seen."""
    nb.open("smoke.ipynb")
    nb.page.evaluate("() => { setTimeout(() => { throw new Error('boom-from-test'); }, 0); }")
    wait_for(nb.page, lambda: nb.page_errors, 5, "the pageerror event")
    assert "boom-from-test" in nb.page_errors[0]
    with pytest.raises(AssertionError, match="boom-from-test"):
        nb.assert_no_page_errors()


def test_collected_page_errors_fail_the_assert_even_when_they_arrive_late(browser: Any) -> None:
    """The one page-error helper of the browser tests: a quiet page passes, an error thrown
    just before the assert is still seen (it waits for pending events), and a known upstream
    error is let through for its own UI only."""
    context = browser.new_context()
    try:
        page = context.new_page()
        errors = collect_page_errors(page)
        page.set_content("<p>quiet</p>")
        assert_no_page_errors(page, errors)
        page.evaluate("() => { setTimeout(() => { throw new Error('late-boom'); }, 50); }")
        with pytest.raises(AssertionError, match="late-boom"):
            assert_no_page_errors(page, errors)
        assert errors[0].startswith("Error: late-boom\n")  # with its stack
        upstream = collect_page_errors(page)
        page.evaluate("() => { setTimeout(() => { const r = undefined; r.schema; }, 0); }")
        assert_no_page_errors(page, upstream, "notebook")
        assert upstream[0].split("\n")[0] == KNOWN_UPSTREAM_PAGE_ERRORS["notebook"][0]
        with pytest.raises(AssertionError, match="reading 'schema'"):
            assert_no_page_errors(page, upstream, "lab")
    finally:
        context.close()
