"""The browser's painter (board.js ``paintPrimitives``) on the golden-primitives fixture
(tests/data/golden_scene.json): drawn on a real canvas in Chromium, at devicePixelRatio 1
and 2, its pixels at known points are the fixture's colours (the same points the Pillow
raster is checked at in tests/test_render_contract.py), its text sits where its anchor
says, and an unknown kind is skipped without throwing (a newer Python may send one)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.browser_support import assert_no_page_errors, collect_page_errors
from tests.test_render_contract import BOARD_JS, GOLDEN_PIXELS, golden

pytestmark = pytest.mark.browser

PAGE = """<!doctype html><html><body style="margin:0;background:#fff">
<canvas id="c"></canvas>
<script type="module">
{board_js}
const scene = {scene};
const dpr = {dpr};
const c = document.getElementById("c");
c.width = scene.width * dpr;
c.height = scene.height * dpr;
const ctx = c.getContext("2d");
ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
paintPrimitives(ctx, scene.primitives.concat([{{k: "oval", x: 5}}]), "DejaVu Sans, sans-serif", null);
window.paintedPrimitives = scene.primitives.length;
</script></body></html>"""

PIXELS_JS = """([points, dpr]) => {
  const ctx = document.getElementById('c').getContext('2d');
  return points.map(([x, y]) =>
    Array.from(ctx.getImageData(Math.floor((x + 0.5) * dpr), Math.floor((y + 0.5) * dpr), 1, 1).data));
}"""

DARK_JS = """([x0, y0, x1, y1, dpr, most]) => {
  const d = document.getElementById('c').getContext('2d')
    .getImageData(x0 * dpr, y0 * dpr, (x1 - x0) * dpr, (y1 - y0) * dpr);
  const xs = [];
  for (let i = 0; i < d.data.length; i += 4) {
    if (d.data[i] + d.data[i + 1] + d.data[i + 2] < most) xs.push(x0 + ((i / 4) % d.width) / dpr);
  }
  return xs;
}"""


@pytest.mark.parametrize("dpr", [1, 2])
def test_board_js_paints_the_golden_scene_with_its_colours_where_they_belong(
    browser: Any, dpr: int
) -> None:
    doc = golden()
    context = browser.new_context(device_scale_factor=dpr)
    try:
        page = context.new_page()
        errors = collect_page_errors(page)
        page.set_content(PAGE.format(board_js=BOARD_JS.read_text(), scene=json.dumps(doc), dpr=dpr))
        page.wait_for_function("() => window.paintedPrimitives > 0", timeout=30_000)
        assert_no_page_errors(page, errors)
        points = [[x, y] for x, y, *_ in GOLDEN_PIXELS]
        got = page.evaluate(PIXELS_JS, [points, dpr])
        wrong = [
            f"{what} at ({x}, {y}): {rgba} not {want}"
            for (x, y, want, tol, what), rgba in zip(GOLDEN_PIXELS, got, strict=True)
            if any(abs(g - w) > tol for g, w in zip(rgba[:3], want, strict=True))
        ]
        assert not wrong, "\n".join(wrong)
        # the painter itself gives lines round caps (the page sets none): the lw 6 line's
        # cap reaches past its end at x=10, as in the SVG
        (cap,) = page.evaluate(PIXELS_JS, [[[8, 70]], dpr])
        assert all(abs(g - w) <= 12 for g, w in zip(cap[:3], (0x3A, 0xA7, 0x57), strict=True)), cap
        # text: "Ag" (anchor start) begins at x=140; "9" (anchor end) ends at x=235
        ag = page.evaluate(DARK_JS, [130, 115, 200, 146, dpr, 150])
        assert len(ag) > 40 and 139 <= min(ag) < 143, (len(ag), min(ag, default=None))
        nine = page.evaluate(DARK_JS, [220, 104, 240, 117, dpr, 450])
        assert nine and 226 <= min(nine) and max(nine) <= 236, nine
    finally:
        context.close()
