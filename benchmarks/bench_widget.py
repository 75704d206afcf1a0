"""Widget figures (issue 4): synced trace size, frame building, full-frame paint time and
step latency.

* frame building: Python turns a monster turn's events into the widget's synced frames
  (``trace_frames`` + ``pack_frames``: the pieces that stay put drawn once, the board's
  static layer built once), against a straightforward baseline in the same run that builds
  each frame's whole scene on its own (``[f.scene() for f in frames]``). Target <= 10 ms.

* synced size: the bytes a BoardWidget syncs for an 8-step monster turn (static layer, the
  distinct primitive groups, the frames, the event log, the geometry), over random
  positions (8-12 pawns, 11 stones, both pools). Target <= 100 KB.
* in headless Chromium (Debian's /usr/bin/chromium), on the standalone page of the
  largest of those traces (the same painter as in Jupyter): full-frame paint — static
  layer and frame both painted from their primitives — median of 200 (target <= 4 ms), at
  device pixel ratios 1 and 2, and a step's paint (the static layer painted once); step
  latency — click on "next" until the frame is painted (synchronously, in the click
  handler) and until the next animation frame has run (the frame is on screen) — median
  of 40 (target <= 50 ms).

    python benchmarks/bench_widget.py [--positions 200] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from positions import random_positions

from finstere_widget.engine import monster_turn
from finstere_widget.render.frames import pack_frames, trace_frames
from finstere_widget.widget import BoardWidget

CHROMIUM = os.environ.get("FINSTERE_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]

PAINT_JS = """c => {
  const t = [], s = [];
  for (let i = 0; i < 200; i++) t.push(c.__finstere.paint(true));
  for (let i = 0; i < 200; i++) s.push(c.__finstere.paint(false));
  t.sort((a, b) => a - b);
  s.sort((a, b) => a - b);
  return {median: t[100], p90: t[180], step_median: s[100]};
}"""

LATENCY_JS = """async () => {
  const c = document.querySelector('canvas.fw-canvas');
  const next = document.querySelector("button[data-action='next']");
  const first = document.querySelector("button[data-action='first']");
  const out = [], sync = [];
  for (let i = 0; i < 40; i++) {
    if (next.disabled) first.click();
    const before = c.dataset.paints;
    const t0 = performance.now();
    next.click();
    const t1 = performance.now();
    if (c.dataset.paints === before) throw new Error('no repaint after a click on next');
    await new Promise((r) => requestAnimationFrame(() => r()));
    sync.push(t1 - t0);
    out.push(performance.now() - t0);
  }
  out.sort((a, b) => a - b);
  sync.sort((a, b) => a - b);
  return {median: out[20], p90: out[36], painted_median: sync[20]};
}"""


def synced_sizes(n: int) -> tuple[list[int], list[float], BoardWidget]:
    sizes: list[int] = []
    build_ms: list[float] = []
    biggest: tuple[int, BoardWidget] | None = None
    for pos in random_positions(n):
        w = BoardWidget(pos)
        t0 = time.perf_counter()
        result = monster_turn(pos, "8")
        w.show_trace(pos, result.events, result.tile)
        build_ms.append((time.perf_counter() - t0) * 1000)
        size = w.synced_size()
        sizes.append(size)
        if biggest is None or size > biggest[0]:
            biggest = (size, w)
    assert biggest is not None
    return sizes, build_ms, biggest[1]


def measure_frames(n: int, repeats: int = 3) -> dict[str, float]:
    """Frame building (trace_frames + pack_frames) against the baseline that builds each
    frame's scene on its own, side by side on ``n`` random positions' 8-step turns: the
    best of ``repeats`` per position, the ratio of the sums."""
    built = baseline = 0.0
    for pos in random_positions(n):
        result = monster_turn(pos, "8")
        best_built = best_base = float("inf")
        for _ in range(repeats):
            t0 = time.perf_counter()
            pack_frames(trace_frames(pos, result.events, result.tile))
            t1 = time.perf_counter()
            for f in trace_frames(pos, result.events, result.tile):
                f.scene()
            t2 = time.perf_counter()
            best_built = min(best_built, t1 - t0)
            best_base = min(best_base, t2 - t1)
        built += best_built
        baseline += best_base
    return {
        "frames_ms": built / n * 1000,
        "baseline_ms": baseline / n * 1000,
        "frames_vs_baseline": built / baseline,
    }


def browser_figures(widget: BoardWidget) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        page_path = widget.to_html(Path(tmp) / "bench.html")
        home = Path(tmp) / "home"
        home.mkdir()
        saved = {k: os.environ.get(k) for k in ("HOME", "TMPDIR")}
        os.environ.update(HOME=str(home), TMPDIR=str(home))
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
                for dpr in (1, 2):
                    ctx = browser.new_context(
                        viewport={"width": 1200, "height": 900}, device_scale_factor=dpr
                    )
                    page = ctx.new_page()
                    page.goto(page_path.as_uri())
                    canvas = page.locator("canvas.fw-canvas")
                    canvas.wait_for(state="visible")
                    page.wait_for_function(
                        "() => document.querySelector('canvas.fw-canvas').dataset.paints > 0"
                    )
                    out[f"paint_dpr{dpr}"] = canvas.evaluate(PAINT_JS)
                    out[f"canvas_px_dpr{dpr}"] = canvas.evaluate("c => [c.width, c.height]")
                    if dpr == 1:
                        out["latency"] = page.evaluate(LATENCY_JS)
                    ctx.close()
                browser.close()
        finally:
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    sizes, build_ms, biggest = synced_sizes(args.positions)
    frames = measure_frames(min(args.positions, 100))
    result: dict[str, Any] = {
        "positions": args.positions,
        "synced_kb_median": statistics.median(sizes) / 1000,
        "synced_kb_max": max(sizes) / 1000,
        "frames_of_biggest": len(biggest.frames),
        "python_build_ms_median": statistics.median(build_ms),
        **frames,
    }
    if os.access(CHROMIUM, os.X_OK):
        result["browser"] = browser_figures(biggest)
    if args.json:
        print(json.dumps(result))
        return
    print(
        f"synced 8-step trace over {args.positions} random positions: median "
        f"{result['synced_kb_median']:.1f} KB, max {result['synced_kb_max']:.1f} KB "
        f"(target <= 100 KB); Python builds a turn's frames in "
        f"{result['python_build_ms_median']:.1f} ms (median, with the monster turn and the "
        f"widget's traits)"
    )
    print(
        f"frame building (trace_frames + pack_frames): {frames['frames_ms']:.2f} ms a turn "
        f"(target <= 10 ms), x{frames['frames_vs_baseline']:.2f} against building each "
        f"frame's scene on its own ({frames['baseline_ms']:.2f} ms)"
    )
    b = result.get("browser")
    if b is None:
        print(f"browser figures skipped: {CHROMIUM} not found")
        return
    for dpr in (1, 2):
        w, h = b[f"canvas_px_dpr{dpr}"]
        paint = b[f"paint_dpr{dpr}"]
        print(
            f"full-frame paint, devicePixelRatio {dpr} ({w}x{h} px): median "
            f"{paint['median']:.2f} ms, p90 {paint['p90']:.2f} ms (target <= 4 ms); a step "
            f"(the static layer painted once) median {paint['step_median']:.2f} ms"
        )
    ratio = b["paint_dpr2"]["median"] / max(b["paint_dpr1"]["median"], 0.1)
    print(f"full-frame paint at devicePixelRatio 2 against 1, side by side: x{ratio:.2f}")
    lat = b["latency"]
    print(
        f"step click -> frame painted: median {lat['painted_median']:.2f} ms; -> next "
        f"animation frame (on screen): median {lat['median']:.1f} ms, p90 {lat['p90']:.1f} ms "
        f"(target <= 50 ms)"
    )


if __name__ == "__main__":
    main()
