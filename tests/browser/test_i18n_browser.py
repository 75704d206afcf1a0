"""A French stepper in a real browser (headless Chromium, the board's standalone page: the
same board.js the widget runs): the controls, the log's title, the buttons' names, the
story and the hints are drawn in French from the words Python sends (``texts``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from finstere_widget.engine import Position
from tests.browser.browser_support import assert_no_page_errors, collect_page_errors, wait_for

pytestmark = pytest.mark.browser


def test_a_french_stepper_draws_french_controls_in_the_dom(browser: Any, tmp_path: Path) -> None:
    from finstere_widget.widget import MonsterStepper

    s = MonsterStepper(Position.basic(), tile="8", lang="fr")
    out = s.to_html(tmp_path / "tour.html")
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    errors = collect_page_errors(page)
    try:
        page.goto(out.as_uri())
        wait_for(page, lambda: page.locator(".fw-log-row").count() > 0, 10, "the log")
        assert page.locator("html").get_attribute("lang") == "fr"
        assert page.locator(".fw-root").get_attribute("lang") == "fr"
        assert page.locator(".fw-log-title").inner_text() == "Ce qui se passe"
        play = page.locator("button[data-action='play']")
        assert play.inner_text() == "▶ lecture"
        assert play.get_attribute("title") == "lecture / pause (espace)"
        nxt = page.locator("button[data-action='next']")
        assert nxt.get_attribute("aria-label") == "image suivante (→)"
        assert page.locator(".fw-speed").get_attribute("title") == "vitesse de lecture"
        rows = page.locator(".fw-log-row").all_inner_texts()
        assert rows[0].startswith("pas 1 :") and rows[-1].startswith("fin :")
        nxt.click()
        slider = page.locator(".fw-slider")
        wait_for(
            page,
            lambda: (slider.get_attribute("aria-valuetext") or "").startswith("image 2 sur "),
            5,
            "frame 2 in French",
        )
        page.locator("canvas.fw-canvas").click(position={"x": 200, "y": 200})
        hint = page.locator(".fw-hint").inner_text()
        assert hint == "Cette page n'a pas de noyau Python : elle ne peut que parcourir les images."
        # no English word of the controls is left in the page's text
        text = page.locator(".fw-root").inner_text()
        for english in ("What happens", "play", "frame", "Python kernel"):
            assert english not in text, english
        assert_no_page_errors(page, errors)
    finally:
        context.close()
