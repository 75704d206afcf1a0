"""The canvas painter's speed as a ratio, never an absolute time (the machine is shared):
on an exported page at devicePixelRatio 2, a step (the frame painted over the static layer
painted once) against a full paint (the static layer painted from its primitives too),
side by side in the same page. A step that repaints or re-rasterises the static layer —
most of a full paint at devicePixelRatio 2 (docs/speed.md, "The widgets in the browser") —
fails this.

The absolute figures are benchmarks/bench_widget.py's (the README's Speed table, docs/speed.md).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

#: batches of paints timed together (performance.now() is coarse: 0.1 ms), interleaved
#: full / step, the median batch of each
RATIO_JS = """c => {
  const f = c.__finstere;
  const batch = (full) => {
    const t0 = performance.now();
    for (let i = 0; i < 40; i++) f.paint(full);
    return performance.now() - t0;
  };
  batch(true); batch(false);  // warm up
  const full = [], step = [];
  for (let r = 0; r < 9; r++) { full.push(batch(true)); step.push(batch(false)); }
  full.sort((a, b) => a - b);
  step.sort((a, b) => a - b);
  return [full[4], step[4]];
}"""


def test_a_step_costs_a_fraction_of_a_full_paint_at_dpr_2(browser: Any, tmp_path: Path) -> None:
    from finstere_widget import examples
    from finstere_widget.widget import BoardWidget

    board = BoardWidget(examples.load("monster_basic_8"))
    board.show_turn("8")
    page_path = board.to_html(tmp_path / "paint.html")
    context = browser.new_context(viewport={"width": 1200, "height": 900}, device_scale_factor=2)
    try:
        page = context.new_page()
        page.goto(page_path.as_uri())
        canvas = page.locator("canvas.fw-canvas")
        page.wait_for_function(
            "() => document.querySelector('canvas.fw-canvas').dataset.paints > 0"
        )
        assert canvas.evaluate("c => c.width") >= 2 * 600, "not painted at devicePixelRatio 2"
        full, step = canvas.evaluate(RATIO_JS)
        # measured about x0.1 (a step paints a few groups over the static layer's image)
        assert step <= 0.5 * full, f"a step {step / 40:.2f} ms vs a full paint {full / 40:.2f} ms"
    finally:
        context.close()
