"""The tour notebook as a Voilà app (issue 5): ``voila notebooks/01_tour.ipynb``.

Voilà runs the notebook, hides the code and serves its outputs: the MonsterStepper's canvas
must draw the board and step through the turn in the browser, with no page errors.
Pixels are sampled at squares computed from the drawing constants (render/style.py).
"""

from __future__ import annotations

import time
import urllib.request
from typing import Any

import pytest

from finstere_widget.render import style as S
from finstere_widget.render.scene import center
from tests.browser.browser_support import assert_no_page_errors, collect_page_errors

pytestmark = pytest.mark.browser


def _hex(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _close(rgba: list[int], colour: str, tol: int = 30) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(rgba[:3], _hex(colour), strict=True))


@pytest.fixture
def voila_url(voila_server: Any) -> str:
    """The tour notebook on the session's Voilà server (conftest.voila_server)."""
    return str(voila_server.render_url("notebooks/01_tour.ipynb"))


def test_tour_notebook_works_as_a_voila_app(browser: Any, voila_url: str) -> None:
    context = browser.new_context(viewport={"width": 1300, "height": 1000})
    page = context.new_page()
    errors = collect_page_errors(page)
    try:
        page.goto(voila_url, timeout=120_000)
        # Voilà executes the whole notebook before it shows the outputs
        canvas = page.locator("canvas.fw-canvas").first
        canvas.wait_for(state="visible", timeout=120_000)
        deadline = time.monotonic() + 30
        while int(canvas.get_attribute("data-paints") or 0) == 0:
            assert time.monotonic() < deadline, "the board was never painted"
            page.wait_for_timeout(100)
        k = float(canvas.evaluate("c => c.width")) / S.WIDTH

        def pixel(sq: tuple[int, int], dx: float = 0, dy: float = 0) -> list[int]:
            x, y = center(sq)
            return list(
                canvas.evaluate(
                    "(c, [x, y]) => Array.from(c.getContext('2d').getImageData(x, y, 1, 1).data)",
                    [int((x + dx) * k), int((y + dy) * k)],
                )
            )

        # the tour's first position: basic layout (B4), the monster on the exit
        assert _close(pixel((7, 4), 0, 12), S.STONE_FILL), "a stone of the basic layout"
        assert _close(pixel((6, 8), 0, 12), S.POOL_FILL), "the long blood pool"
        assert _close(pixel((3, 3), 0, 12), S.FLOOR, tol=16) or _close(
            pixel((3, 3), 0, 12), S.FLOOR_ALT, tol=16
        )
        assert _close(pixel((0, 0)), S.MONSTER_FILL, tol=60), "the monster on the exit"
        assert not _close(pixel((0, 0), -15, -15), S.EXIT_FILL), "the monster covers the exit"

        # step through the whole turn in the browser
        frames = int(canvas.evaluate("c => c.__finstere.frames()"))
        assert frames > 10
        page.locator(".fw-controls button[data-action='next']").first.click()
        deadline = time.monotonic() + 5
        while int(canvas.get_attribute("data-frame") or -1) != 1:
            assert time.monotonic() < deadline, "the next button did not step"
            page.wait_for_timeout(50)
        page.locator(".fw-controls button[data-action='last']").first.click()
        deadline = time.monotonic() + 5
        while int(canvas.get_attribute("data-frame") or -1) != frames - 1:
            assert time.monotonic() < deadline, "the last button did not step"
            page.wait_for_timeout(50)
        # after the turn the monster has left the exit (it ate B and wrapped through T)
        assert _close(pixel((0, 0), -15, -15), S.EXIT_FILL), "the exit is free again"
        log = page.locator(".fw-log-row.fw-current").first.inner_text()
        assert "stops after 7 steps" in log and "taken: B" in log
        assert_no_page_errors(page, errors)
    finally:
        context.close()


def test_voila_fixture_serves_the_notebook_not_the_code(voila_url: str) -> None:
    html = urllib.request.urlopen(voila_url, timeout=120).read().decode()  # noqa: S310
    assert "MonsterStepper(first" not in html  # Voilà hides the code cells
