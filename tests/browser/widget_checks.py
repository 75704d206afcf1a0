"""Checks every front end runs on the same widgets (issue 10): JupyterLab, Notebook 7, Voilà
and the exported HTML page each show the notebook below (or its widgets' ``to_html`` pages)
and must pass the same assertions, measured in the browser:

* widths 600/1000/1600 px: nothing clipped, the log right beside the board or under its left
  edge (beside whenever both fit), the board keeps its size while stepping;
* themes light and dark: every text of the widgets at least 4.5:1 against what is painted
  behind it, the canvas in the theme's palette;
* keyboard: Tab reaches the board and arrows/Home/End/space step at once, a visible focus
  ring, the slider's arrow keys step once, a click on a log row keeps the keys on the board,
  the step's sentence in an aria-live region;
* the log follows the current event while stepping and starts at its top on a new turn;
* the monster never hides a pawn it steps or slides onto (canvas pixels, every frame);
* pawn id tags never overlap a wall letter (boxes measured with the canvas's own font).

Expectations come from the engine run in the test process, never from the page itself.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from finstere_widget.engine import Heading, Monster, Pawn, Position, monster_turn
from finstere_widget.engine.board import ROW_EXTENT
from finstere_widget.render import style as S
from finstere_widget.render.frames import trace_frames
from tests.browser.browser_support import wait_for
from tests.browser.browser_support import write_notebook as write_notebook_file

WIDTHS = (1600, 1000, 600)

TIE = {
    "format": "finstere-position/1",
    "monster": {"at": [5, 5], "facing": "E"},
    "pawns": [
        {"id": "A", "player": "blue", "light": 6, "dark": 1, "at": [8, 5]},
        {"id": "B", "player": "red", "light": 4, "dark": 3, "at": [5, 2]},
    ],
}
#: the monster slides over a pool onto A (M9), then steps onto B (M7): 2 steps
SLIDE = json.loads((Path(__file__).parents[1] / "data" / "slide_onto_pawns.json").read_text())
SLIDE_STEPS = 2
LONG_ID = "W" * 12


def crowded(pid: str = LONG_ID) -> Position:
    """A pawn with a long id on every board square and in the tray (past the checks: the
    engine never builds this, it is the worst case for the id tags)."""
    pawns: list[Pawn] = []
    for y, (lo, hi) in enumerate(ROW_EXTENT):
        for x in range(lo, hi + 1):
            pawns.append(Pawn(f"{pid}{len(pawns)}"[-16:], "blue", 6, 1, "light", (x, y)))
    for place in ("outside", "escaped"):
        for _ in range(12):
            pid_k = f"{pid}{len(pawns)}"[-16:]
            pawns.append(Pawn(pid_k, "red", 4, 3, "light", place))
    return Position(Monster((0, 0), Heading.E), (), (), (), tuple(pawns), 1)


def crowded_board() -> Any:
    """A board showing :func:`crowded`: the widgets refuse it at their door (a pawn on the
    monster's square), so it is committed behind the door, as the board would sync it."""
    from finstere_widget.widget import BoardWidget

    board = BoardWidget()
    board._commit(crowded(), "")
    return board


NOTEBOOK = "fw_reads_well.ipynb"


def _cells() -> list[str]:
    """The notebook's cells: self-contained (the kernel cannot import the tests)."""
    import inspect

    setup = (
        "import json\n"
        "from typing import Any\n"
        "from finstere_widget.engine import Heading, Monster, Pawn, Position\n"
        "from finstere_widget.engine.board import ROW_EXTENT\n"
        "from finstere_widget.widget import BoardWidget, GameView, MonsterStepper\n"
        f"TIE = json.loads({json.dumps(json.dumps(TIE))})\n"
        f"SLIDE = json.loads({json.dumps(json.dumps(SLIDE))})\n"
        f"LONG_ID = {LONG_ID!r}\n\n"
        + inspect.getsource(crowded)
        + "\n\n"
        + inspect.getsource(crowded_board)
    )
    return [
        setup,
        "v = GameView(('blue', 'red'), you='blue', bot='greedy', seed=1)\nv",
        "s = MonsterStepper(TIE, tile='XX')\ns",
        f"m = MonsterStepper(SLIDE, tile={SLIDE_STEPS})\nm",
        "c = crowded_board()\nc",
    ]


#: the canvases in page order (kernel front ends)
GAME, STEPPER, SLIDER, CROWDED = range(4)


def write_notebook(root: Path) -> str:
    """The notebook in a server's root."""
    write_notebook_file(root / NOTEBOOK, _cells())
    return NOTEBOOK


def export_pages(out: Path) -> dict[str, Path]:
    """The same widgets as standalone pages (``to_html``), built in this process."""
    from finstere_widget.widget import MonsterStepper

    return {
        "stepper": MonsterStepper(TIE, tile="XX").to_html(out / "stepper.html"),
        "slide": MonsterStepper(SLIDE, tile=SLIDE_STEPS).to_html(out / "slide.html"),
        "crowded": crowded_board().to_html(out / "crowded.html"),
    }


# --------------------------------------------------------------------------- helpers


def painted(page: Any, canvas: Any) -> Any:
    canvas.wait_for(state="attached", timeout=120_000)
    canvas.scroll_into_view_if_needed(timeout=60_000)
    wait_for(page, lambda: int(canvas.get_attribute("data-paints") or 0) > 0, 60, "a paint")
    return canvas


def frame_of(canvas: Any) -> int:
    return int(canvas.get_attribute("data-frame") or -1)


def set_frame(page: Any, canvas: Any, i: int) -> None:
    canvas.evaluate("(c, i) => c.__finstere.setFrame(i)", i)
    wait_for(page, lambda: frame_of(canvas) == i, 5, f"frame {i}")


def left_area(page: Any, open_: bool) -> None:
    """JupyterLab's left side bar (the file browser) opened or collapsed: a narrower pane."""
    shell = "window.jupyterapp.shell"
    if open_:
        page.evaluate(f"{shell}.activateById('filebrowser')")
    else:
        page.evaluate(f"{shell}.collapseLeft()")
    wait_for(page, lambda: page.evaluate(f"{shell}.leftCollapsed") != open_, 10, "side bar")
    page.wait_for_timeout(500)


#: [does the board scroll sideways, where its box is scrolled to, its width, scene x -> px]
_SCROLL_JS = """
(c, sceneWidth) => {
  const box = c.parentElement;
  return [box.dataset.scrolls === 'true', box.scrollLeft, box.clientWidth,
          c.getBoundingClientRect().width / sceneWidth];
}
"""


def scrolled_view(canvas: Any) -> tuple[bool, float, float, float]:
    """Whether the board scrolls in its box, the box's scroll and width (CSS px), and the
    CSS px of a scene unit."""
    scrolls, left, width, k = canvas.evaluate(_SCROLL_JS, S.WIDTH)
    return bool(scrolls), float(left), float(width), float(k)


def root_of(canvas: Any) -> Any:
    return canvas.locator("xpath=ancestor::div[contains(@class, 'fw-root')][1]")


# --------------------------------------------------------------------------- widths

_LAYOUT_JS = """
(c) => {
  const rect = (e) => { const r = e.getBoundingClientRect();
                        return [r.left, r.top, r.right, r.bottom]; };
  const view = document.documentElement.clientWidth;
  const clipped = [];
  for (const root of document.querySelectorAll('.fw-root')) {
    const area = root.closest('.jp-OutputArea-output') || document.body;
    const box = area.getBoundingClientRect();
    const right = Math.min(box.right, view);
    for (const e of area.querySelectorAll('.fw-root *, .widget-inline-hbox, .widget-button,'
                                          + ' .widget-dropdown, .widget-toggle-buttons')) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || e.offsetParent === null) continue;
      // the board scrolls sideways inside its own box (checked itself) in a narrow pane
      if (e.parentElement.matches('.fw-board')) continue;
      if (r.right > right + 1 || r.left < Math.max(box.left, 0) - 1)
        clipped.push(e.className + ' ' + (e.textContent || '').trim().slice(0, 30)
                     + ` [${r.left|0}..${r.right|0} in ${box.left|0}..${right|0}]`);
      if (e.scrollWidth > e.clientWidth + 2 && getComputedStyle(e).overflowX === 'hidden'
          && e.matches('.widget-dropdown select, .widget-label, .fw-log-row'))
        clipped.push('truncated: ' + (e.textContent || '').trim().slice(0, 30));
    }
  }
  const root = c.closest('.fw-root');
  return {canvas: rect(c), box: rect(c.parentElement), size: [c.offsetWidth, c.offsetHeight],
          side: rect(root.querySelector('.fw-side')), root: rect(root),
          clipped, pageWidth: document.documentElement.scrollWidth, view};
}
"""


def layout(canvas: Any) -> dict[str, Any]:
    return dict(canvas.evaluate(_LAYOUT_JS))


def check_width(page: Any, stepper: Any, width: int) -> None:
    """At the page's current width: nothing clipped, the log where it belongs, the board's
    size steady while stepping (keys)."""
    lay = layout(stepper)
    assert lay["clipped"] == [], f"{width}px: clipped {lay['clipped']}"
    assert lay["pageWidth"] <= lay["view"] + 1, f"{width}px: the page scrolls sideways"
    cl, ct, cr, cb = lay["canvas"]
    sl, st, sr, sb = lay["side"]
    if st < cb - 1:  # the log beside the board: right next to it
        assert 0 <= sl - cr <= 40, f"{width}px: the log floats {sl - cr:.0f}px away"
    else:  # below the board, under its left edge
        assert abs(sl - cl) <= 2 and st >= cb - 1, f"{width}px: the log is lost {lay}"
    room = lay["root"][2] - lay["root"][0]
    if room >= 480 + 252:  # a board of 480 px and the log fit side by side
        assert st < cb - 1, f"{width}px: the log dropped below the board ({room:.0f}px)"
    else:
        assert st >= cb - 1, f"{width}px: a squeezed log beside the board ({room:.0f}px)"
    # a notebook's pane shows the whole board (only a phone's scrolls it: test_narrow_browser)
    assert lay["box"][2] - lay["box"][0] >= S.FIT_WIDTH, f"{width}px: a pane below FIT_WIDTH"
    assert lay["size"][0] <= lay["box"][2] - lay["box"][0] + 1, f"{width}px: the board scrolls"
    if width >= 1600:
        assert cr - cl >= 700, "a wide window shows the board at its full size"
    n = int(stepper.evaluate("c => c.__finstere.frames()"))
    for i in (0, 1, n // 2, n - 1):  # the board keeps its size whatever the frame
        set_frame(page, stepper, i)
        now = layout(stepper)  # (in a narrow pane it may scroll in its box, the box stays)
        assert (now["box"], now["size"]) == (lay["box"], lay["size"]), f"{width}px: size changed"
    set_frame(page, stepper, 0)


# --------------------------------------------------------------------------- contrast

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
  return els.filter((el) => el.textContent.trim() && el.offsetParent !== null
                            && getComputedStyle(el).visibility !== 'hidden').map((el) => {
    const bg = background(el);
    const fg = over(parse(getComputedStyle(el).color), bg);
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    return [el.className + ': ' + el.textContent.trim().slice(0, 30), (a + 0.05) / (b + 0.05)];
  });
}
"""
TEXTS = (
    ".fw-root .fw-hint, .fw-root .fw-counter, .fw-root .fw-log-title, "
    ".fw-root .fw-log-row, .fw-root .fw-btn, .fw-root .fw-speed, .fw-root .fw-caption"
)


def check_contrast(page: Any, theme: str, kinds: set[str]) -> None:
    """Every widget text at least 4.5:1 (WCAG AA) against what is painted behind it; the
    stepper's log shows past, current and coming lines (step a few frames first)."""
    ratios = page.locator(TEXTS).evaluate_all(CONTRAST_JS)
    seen = {r[0].split(":")[0].split(" ")[0] for r in ratios}
    assert kinds <= seen, f"{theme}: texts not found: {kinds - seen}"
    assert any("fw-current" in r[0] for r in ratios) and any("fw-past" in r[0] for r in ratios)
    low = [(name, round(r, 2)) for name, r in ratios if r < 4.5]
    assert not low, f"{theme}: text below 4.5:1: {low}"


def _hex(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def close(px: list[int], colour: str, tol: int = 14) -> bool:
    return all(abs(p - c) <= tol for p, c in zip(px[:3], _hex(colour), strict=True))


def scene_pixel(canvas: Any, x: float, y: float) -> list[int]:
    k = float(canvas.evaluate("c => c.width")) / S.WIDTH
    return list(
        canvas.evaluate(
            "(c, [x, y]) => Array.from(c.getContext('2d').getImageData(x, y, 1, 1).data)",
            [int(x * k), int(y * k)],
        )
    )


def check_canvas_theme(page: Any, canvas: Any, theme: str) -> None:
    """The canvas paints the theme's palette: the page around the board dark or light."""
    wait_for(page, lambda: canvas.evaluate("c => c.dataset.theme") == theme, 15, "repaint")
    want = S.DARK[S.BACKGROUND] if theme == "dark" else S.BACKGROUND
    assert close(scene_pixel(canvas, 3, S.HEIGHT - 3), want), f"{theme}: canvas background"


# --------------------------------------------------------------------------- keyboard

_FOCUS_BEFORE_JS = """
(c) => {
  const all = Array.from(document.querySelectorAll(
      'button, input, select, textarea, a[href], [tabindex]'))
    .filter((e) => e.tabIndex >= 0 && !e.disabled && e.offsetParent !== null);
  const i = all.indexOf(c);
  if (i > 0) { all[i - 1].focus(); return all[i - 1].tagName; }
  if (document.activeElement) document.activeElement.blur();
  return 'body';
}
"""
ON_BOARD = "c => document.activeElement === c"


def check_keyboard(page: Any, stepper: Any) -> None:
    set_frame(page, stepper, 0)
    n = int(stepper.evaluate("c => c.__finstere.frames()"))
    ring = "c => getComputedStyle(c).boxShadow"
    # Tab from the control just before the board reaches it
    if stepper.evaluate(_FOCUS_BEFORE_JS) == "body":  # nothing before the board: Tab from
        page.evaluate("window.scrollTo(0, 0)")  # the page's top (a click there starts it)
        page.mouse.click(1, 1)
    assert not stepper.evaluate(ON_BOARD)
    assert stepper.evaluate(ring) in ("", "none"), "a focus ring without the focus"
    for _ in range(6):
        if stepper.evaluate(ON_BOARD):
            break
        page.keyboard.press("Tab")
    assert stepper.evaluate(ON_BOARD), "Tab never reached the board"
    assert stepper.evaluate(ring) not in ("", "none"), "a visible focus ring"
    # its keys work at once (no click first), one step per key
    page.keyboard.press("ArrowRight")
    wait_for(page, lambda: frame_of(stepper) == 1, 5, "an arrow key right after Tab")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    page.wait_for_timeout(100)
    assert frame_of(stepper) == 1
    page.keyboard.press("End")
    wait_for(page, lambda: frame_of(stepper) == n - 1, 5, "End")
    page.keyboard.press("Home")
    wait_for(page, lambda: frame_of(stepper) == 0, 5, "Home")
    page.keyboard.press(" ")  # play ...
    wait_for(page, lambda: frame_of(stepper) >= 1, 5, "space plays")
    page.keyboard.press(" ")  # ... and pause
    page.wait_for_timeout(150)
    paused = frame_of(stepper)
    page.wait_for_timeout(800)  # longer than a frame at 1x (700 ms)
    assert frame_of(stepper) == paused, "space pauses"
    # the slider's arrow keys step once (the notebook must not take them)
    slider = root_of(stepper).locator(".fw-slider")
    slider.focus()
    at = frame_of(stepper)
    page.keyboard.press("ArrowRight")
    wait_for(page, lambda: frame_of(stepper) == at + 1, 5, "the slider's arrow key")
    page.keyboard.press("ArrowLeft")
    wait_for(page, lambda: frame_of(stepper) == at, 5, "the slider's arrow key back")
    page.wait_for_timeout(100)
    assert frame_of(stepper) == at, "one step per key on the slider"
    # a click on a log row shows its frame and leaves the keys on the board
    row = root_of(stepper).locator(".fw-log-row").nth(3)
    row.click()
    wait_for(page, lambda: stepper.evaluate(ON_BOARD), 5, "the focus back on the board")
    wait_for(page, lambda: "fw-current" in (row.get_attribute("class") or ""), 5, "row 3 shown")
    at = frame_of(stepper)
    page.keyboard.press("ArrowRight")
    wait_for(page, lambda: frame_of(stepper) == at + 1, 5, "a key after a log click")
    # names for assistive technology, and the step announced
    names = (
        root_of(stepper)
        .locator(".fw-controls")
        .locator("button, input, select")
        .evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    )
    assert all(names) and "next frame (→)" in names, names
    live = root_of(stepper).locator(".fw-live")
    where = f"frame {at + 2} of {n}: "
    said = live.text_content() or ""
    assert live.get_attribute("aria-live") == "polite" and said.startswith(where), said
    assert len(said) > len(where) + 10, f"the step's sentence is announced: {said!r}"
    assert where in (stepper.get_attribute("aria-label") or "")


# --------------------------------------------------------------------------- log scroll

_ROW_IN_VIEW_JS = """
(c) => {
  const log = c.closest('.fw-root').querySelector('.fw-log');
  const row = log.querySelector('.fw-current');
  const a = log.getBoundingClientRect();
  const b = row ? row.getBoundingClientRect() : null;
  return {inView: !!b && b.top >= a.top - 1 && b.bottom <= a.bottom + 1,
          event: row ? Number(row.dataset.event) : null, top: log.scrollTop,
          overflow: log.scrollHeight - log.clientHeight, rows: log.childElementCount};
}
"""


def log_state(stepper: Any) -> dict[str, Any]:
    return dict(stepper.evaluate(_ROW_IN_VIEW_JS))


def check_log_follows(page: Any, stepper: Any, new_turn: Callable[[], None] | None) -> None:
    """While stepping the current event's row is in the log's view; a new turn starts the log
    at its top."""
    n = int(stepper.evaluate("c => c.__finstere.frames()"))
    assert log_state(stepper)["overflow"] > 100, "the story is longer than the log's height"
    for i in [n - 1, n - 5, n // 2, 3, n - 2, 1]:
        set_frame(page, stepper, i)
        st = log_state(stepper)
        assert st["inView"], f"frame {i}: the current row is out of the log's view {st}"
    # step by key from the start to the end: the row stays in view all the way
    set_frame(page, stepper, 0)
    stepper.focus()
    for i in range(1, n):
        page.keyboard.press("ArrowRight")
        if i % 7 == 0 or i == n - 1:
            wait_for(page, lambda i=i: frame_of(stepper) == i, 5, f"frame {i}")
            st = log_state(stepper)
            assert st["inView"], f"frame {i} by key: the row is out of view {st}"
    assert log_state(stepper)["top"] > 100, "the log scrolled down with the story"
    if new_turn is None:
        return
    rows = log_state(stepper)["rows"]
    new_turn()
    wait_for(page, lambda: log_state(stepper)["rows"] != rows, 60, "the new turn's story")
    wait_for(page, lambda: log_state(stepper)["top"] == 0, 5, "a new turn's log at its top")
    assert frame_of(stepper) == 0


# --------------------------------------------------------------------------- pieces


_COUNT_JS = """
(c, [x, y, w, h, rgb, tol]) => {
  const d = c.getContext('2d').getImageData(x, y, w, h).data;
  let n = 0;
  for (let i = 0; i < d.length; i += 4)
    if (Math.abs(d[i] - rgb[0]) <= tol && Math.abs(d[i + 1] - rgb[1]) <= tol
        && Math.abs(d[i + 2] - rgb[2]) <= tol) n++;
  return n;
}
"""


def check_pawns_never_hidden(page: Any, canvas: Any) -> None:
    """Every frame of the slide turn: each pawn on the board shows its colour inside its
    square (the monster stepping or sliding onto it never covers it)."""
    pos = Position.from_dict(SLIDE)
    frames = trace_frames(pos, monster_turn(pos, SLIDE_STEPS).events)
    canvas.page.bring_to_front()  # a page in the background may not lay out (exported pages)
    assert int(canvas.evaluate("c => c.__finstere.frames()")) == len(frames)
    shared = 0
    for f in frames:
        set_frame(page, canvas, f.index)
        k = float(canvas.evaluate("c => c.width")) / S.WIDTH
        for p in f.position.pawns:
            if not isinstance(p.at, tuple):
                continue
            shared += p.at == f.position.monster.at
            x, y = S.OX + p.at[0] * S.CELL, S.OY + p.at[1] * S.CELL
            box = [int(x * k), int(y * k), int(S.CELL * k), int(S.CELL * k)]
            seen = canvas.evaluate(_COUNT_JS, box + [list(_hex(S.PLAYER[p.player])), 24])
            assert seen >= 40 * k * k, (
                f"frame {f.index} ({f.caption}): pawn {p.id} on {p.at} hidden ({seen} px)"
            )
    assert shared >= 2, "the turn has the monster on a pawn's square (slide and step)"


_TAG_BOXES_JS = """
(c, [letterFill, tagFills]) => {
  const P = c.__finstere.primitives();
  const ctx = document.createElement('canvas').getContext('2d');
  const k = P.scale * (window.devicePixelRatio || 1);
  const box = (p) => {
    ctx.font = (p.bold ? 'bold ' : '') + (p.size * k) + 'px ' + P.font;
    ctx.textAlign = p.anchor === 'start' ? 'left' : p.anchor === 'end' ? 'right' : 'center';
    ctx.textBaseline = 'middle';
    const m = ctx.measureText(p.text);
    return [p.x - m.actualBoundingBoxLeft / k, p.y - m.actualBoundingBoxAscent / k,
            p.x + m.actualBoundingBoxRight / k, p.y + m.actualBoundingBoxDescent / k];
  };
  const letters = P.static.filter((p) => p.k === 'text' && p.fill === letterFill)
                          .map((p) => [p.text, box(p)]);
  const tags = [];
  for (const g of P.groups) {
    for (let i = 0; i + 1 < g.length; i++) {
      const r = g[i], t = g[i + 1];
      if (r.k === 'rect' && r.fill in tagFills && t.k === 'text' && t.fill === tagFills[r.fill])
        tags.push([t.text, [r.x, r.y, r.x + r.w, r.y + r.h], box(t)]);
    }
  }
  return {letters, tags};
}
"""


def _overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def check_tags_clear_of_letters(canvas: Any, expect_tags: int) -> None:
    """At the board's current size: every id tag's box and its text's ink (measured with the
    canvas's font) clear of every wall letter's ink, and the text inside its tag."""
    canvas.page.bring_to_front()
    # an id tag: light (an id that is no colour and number) or its player's colour (#28)
    fills = {S.LABEL_FILL: S.LABEL_TEXT, **{S.PLAYER[c]: S.PLAYER_TEXT[c] for c in S.PLAYER}}
    got = canvas.evaluate(_TAG_BOXES_JS, [S.LETTER, fills])
    letters, tags = got["letters"], got["tags"]
    assert len(letters) >= 16 and len(tags) >= expect_tags, (len(letters), len(tags))
    for pid, rect, ink in tags:
        assert rect[0] - 1 <= ink[0] and ink[2] <= rect[2] + 1, f"id {pid} spills off its tag"
        for letter, lb in letters:
            assert not _overlap(rect, lb) and not _overlap(ink, lb), f"{pid} over {letter}"


def tile_button(stepper: Any, label: str) -> Any:
    """The stepper's tile button ``label`` (in the same output as the board)."""
    area = stepper.locator("xpath=ancestor::div[contains(@class, 'widget-vbox')][1]")
    return area.locator(".widget-toggle-button").filter(has_text=re.compile(rf"^\s*{label}\s*$"))


# --------------------------------------------------------------------------- the quiz
# The quiz notebook every front end shows (JupyterLab, Notebook 7, Voilà): the basic
# rulebook turn (monster_basic_8) quizzed, and a puzzle series. The expected answers, rules
# and feedback come from the engine run here.

QUIZ_NOTEBOOK = "fw_quiz.ipynb"
QUIZ_CELLS = [
    "from finstere_widget import examples\n"
    "from finstere_widget.widget import MonsterStepper\n"
    "s = MonsterStepper(examples.load('monster_basic_8'), tile='8', quiz=True, lang='en')\n"
    "s",
    "from finstere_widget.teach.predict import puzzles\n"
    "from finstere_widget.widget import PuzzleQuiz\n"
    "pq = PuzzleQuiz(puzzles('all', n=2, seed=5, difficulty=1), lang='en')\n"
    "pq",
]


class QuizPage:
    """A board of the page (the ``index``-th) and its quiz panel."""

    def __init__(self, page: Any, index: int = 0, timeout: float = 60) -> None:
        self.page = page
        self.root = page.locator(".fw-root").nth(index)
        self.canvas = self.root.locator("canvas.fw-canvas")
        self.canvas.wait_for(state="visible", timeout=timeout * 1000)
        wait_for(page, lambda: int(self.canvas.get_attribute("data-paints") or 0) > 0, 30, "paint")
        self.panel = self.root.locator(".fw-quiz")
        self.feedback = self.panel.locator(".fw-quiz-feedback")

    def frame(self) -> int:
        return int(self.canvas.get_attribute("data-frame") or -1)

    def click_sq(self, sq: tuple[int, int]) -> None:
        from finstere_widget.render.scene import center

        k = float(self.canvas.evaluate("c => c.getBoundingClientRect().width")) / S.WIDTH
        cx, cy = center(sq)
        self.canvas.click(position={"x": cx * k, "y": cy * k})

    def verdict(self) -> str:
        return self.feedback.get_attribute("data-verdict") or ""

    def feedback_text(self) -> str:
        return str(self.feedback.inner_text())

    def score(self) -> str:
        return str(self.panel.locator(".fw-quiz-score").inner_text())

    def question(self) -> str:
        return str(self.panel.locator(".fw-quiz-question").inner_text())

    def hint(self) -> str:
        return str(self.panel.locator(".fw-quiz-hint").inner_text())

    def next_button(self) -> Any:
        return self.root.locator("button[data-action='next']")

    def direction(self, heading: str) -> Any:
        return self.root.locator(f".fw-quiz-dir[data-heading='{heading}']")

    def wait_frame(self, n: int, what: str) -> None:
        wait_for(self.page, lambda: self.frame() == n, 10, what)


def check_quiz(page: Any, shots: Path, front: str) -> None:
    """The quiz notebook's two quizzes in ``front``: a wrong answer told with the deciding
    rule id, hints, a right answer that shows the look, a keyboard-free direction answer,
    the score; the puzzle series answered right with its score from the kernel."""
    from finstere_widget import examples
    from finstere_widget.teach.predict import puzzles
    from finstere_widget.teach.quiz import Quiz

    quiz = Quiz.play(examples.load("monster_basic_8"), "8", lang="en")
    first, second = quiz.questions[0], quiz.questions[1]
    n = len(quiz.questions)
    q = QuizPage(page, timeout=120)
    q.panel.scroll_into_view_if_needed()
    assert q.frame() == 0 and q.question().startswith(f"Look 1 of {n}: where does the monster go")
    assert q.next_button().is_disabled(), "the board may step to the look before the answer"

    # wrong: the square ahead of the monster (it faces east; A, north, is nearest)
    assert first.look.facing is Heading.E and first.heading is Heading.N
    x, y = first.look.at
    q.click_sq((x + 1, y))
    wait_for(page, lambda: q.verdict() == "wrong", 10, f"{front}: the wrong answer's feedback")
    assert q.feedback.get_attribute("data-rule") == first.rule == "M5"
    text = q.feedback_text()
    assert text.startswith("Not quite: it goes north.") and f"rule {first.rule}" in text
    assert q.frame() == 0 and q.score() == "score: 0 of 1"
    # a hint, level 1 then 2: where to look, then the distances
    hint_button = q.root.locator(".fw-quiz-hint-btn")
    hint_button.click()
    wait_for(page, lambda: "(M4)" in q.hint(), 5, f"{front}: hint 1")
    hint_button.click()
    wait_for(page, lambda: q.hint().startswith("hint 2 of 3"), 5, f"{front}: hint 2")
    # right: the pawn it chases; the board shows the look
    assert first.pawn_at is not None
    q.click_sq(first.pawn_at)
    wait_for(page, lambda: q.verdict() == "right", 10, f"{front}: the right answer's feedback")
    q.wait_frame(1, f"{front}: the look shown after the answer")
    assert q.feedback_text().startswith("Right: it goes north.")
    assert q.score() == "score: 0 of 1", "a retry is not scored"

    # on to question 2; a direction button answers it right at the first try
    q.next_button().click()
    q.next_button().click()
    q.wait_frame(3, f"{front}: question 2's frame")
    assert q.question().startswith(f"Look 2 of {n}") and q.next_button().is_disabled()
    q.direction(second.heading.name).click()
    q.wait_frame(4, f"{front}: the look after a direction answer")
    assert q.verdict() == "right" and q.score() == "score: 1 of 2"
    q.panel.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / f"quiz_{front}.png"), full_page=True)

    # the puzzle series: its first look answered right, the series' score from the kernel
    puzzle = puzzles("all", n=2, seed=5, difficulty=1)[0]
    heading = Quiz.play(puzzle.position, "1", puzzle.options).questions[0].heading.name
    pz = QuizPage(page, 1)
    pz.panel.scroll_into_view_if_needed()
    assert pz.question().startswith("Look 1 of")
    pz.direction(heading).click()
    wait_for(page, lambda: pz.verdict() == "right", 10, f"{front}: the puzzle's answer")
    assert pz.score() == "score: 1 of 1"
    series = page.get_by_text("series score: 1 of 1")
    wait_for(page, lambda: series.count() == 1, 30, f"{front}: the series' score from the kernel")


QUIZ_TEXTS = (
    ".fw-quiz-title, .fw-quiz-question, .fw-quiz-hint, .fw-quiz-verdict, .fw-quiz-line, "
    ".fw-quiz-next, .fw-quiz-score, .fw-quiz-rule, .fw-quiz-dir:not(:disabled)"
)


def check_quiz_readable(page: Any, shots: Path, front: str, theme: str) -> None:
    """Every text of the first quiz panel at least 4.5:1 in ``theme`` (measured against
    what is painted behind it; disabled buttons are exempt, as WCAG has it), and a
    screenshot of it."""
    q = QuizPage(page)
    wait_for(page, lambda: q.canvas.evaluate("c => c.dataset.theme") == theme, 15, "repaint")
    q.panel.scroll_into_view_if_needed()
    ratios = q.panel.locator(QUIZ_TEXTS).evaluate_all(CONTRAST_JS)
    assert len(ratios) >= 6, ratios
    low = [(name, round(r, 2)) for name, r in ratios if r < 4.5]
    assert not low, f"{front} {theme}: quiz text below 4.5:1: {low}"
    page.screenshot(path=str(shots / f"quiz_{front}_{theme}.png"), full_page=True)


# --------------------------------------------------------------------------- issue 28 on every front end

#: the smallest word painted on a board, in CSS px (font size x the canvas's scale)
_SMALLEST_TEXT_JS = """
(c, w) => {
  const p = c.__finstere.primitives();
  const scale = c.getBoundingClientRect().width / w;
  let least = [Infinity, ''];
  for (const q of [...p.static, ...p.groups.flat()])
    if (q.k === 'text' && q.size * scale < least[0]) least = [q.size * scale, q.text];
  return least;
}
"""


def check_board_texts(boards: dict[str, Any], where: str) -> None:
    """#28: no word painted on any board below 11 CSS px, at the width the page gives it
    (the tray's labels were 6 px, the id tags 5 px)."""
    for name, canvas in boards.items():
        size, words = canvas.evaluate(_SMALLEST_TEXT_JS, S.WIDTH)
        assert size >= S.READABLE_PX - 0.01, f"{where} {name}: {words!r} at {size:.1f} px"


def check_no_caption_strip(canvas: Any, theme: str, where: str) -> None:
    """#28: a board with nothing to say paints no tinted caption strip: the page's own
    colour across its top."""
    want = S.DARK[S.BACKGROUND] if theme == "dark" else S.BACKGROUND
    for x in (60, 300, 600):
        px = scene_pixel(canvas, x, 6)
        assert close(px, want), f"{where}: a caption strip at x={x}: {px} (page {want})"


#: what a game view says about its frame: the line over the board, the board's caption
#: strip painted (its words in the frame's primitives), the log's rows
_SAID_JS = """
(c, h) => {
  const root = c.closest('.fw-root');
  const head = root.querySelector('.fw-headline');
  const p = c.__finstere.primitives();
  const strip = p.groups.flat().some((q) => q.k === 'rect' && q.y === 0 && q.h === h);
  const caption = p.groups.flat().filter((q) => q.k === 'text' && q.y < h).map((q) => q.text);
  const log = root.querySelector('.fw-log');
  const above = root.querySelector('.fw-caption');  // a scrolled board's sentence in words
  return {headline: head && !head.hidden ? head.textContent : '',
          strip, caption: caption.join(' '),
          above: above && !above.hidden ? above.textContent : '',
          rows: [...root.querySelectorAll('.fw-log-row')].map((r) => r.textContent),
          logShown: !!log && log.offsetParent !== null && log.getBoundingClientRect().height > 0};
}
"""


def said(canvas: Any) -> dict[str, Any]:
    return dict(canvas.evaluate(_SAID_JS, S.CAPTION_H))


def _flat(words: str) -> str:
    return " ".join(words.lower().split())


def check_your_move_said_at_most_twice(canvas: Any, where: str) -> None:
    """The audit of #28: a new game's "your move (blue): click one of your pawns …" was
    said three times (over the board, on it, in the log; above a scrolled board too): at
    most twice, the line over the board one of them."""
    s = said(canvas)
    assert s["headline"].startswith("Your move (blue)"), f"{where}: {s['headline']!r}"
    start = _flat(s["headline"])[:30]
    times = sum(
        [
            True,
            s["strip"] and _flat(s["caption"]).startswith(start),
            _flat(s["above"]).startswith(start),
            any(_flat(r).startswith(start) for r in s["rows"]),
        ]
    )
    assert times <= 2, f"{where}: said {times} times: {s}"


def select_in_tray(page: Any, game: Any, pid: str, slot: tuple[float, float]) -> None:
    """Click pawn ``pid`` waiting in the game view's tray at scene point ``slot``."""
    k = float(game.evaluate("c => c.getBoundingClientRect().width")) / S.WIDTH
    game.scroll_into_view_if_needed()
    game.click(position={"x": slot[0] * k, "y": slot[1] * k})
    hint = root_of(game).locator(".fw-hint")
    wait_for(page, lambda: f"pawn {pid} (" in (hint.text_content() or ""), 30, f"{pid} selected")


def check_selection_keeps_the_story(game: Any, rows: list[str], theme: str, where: str) -> None:
    """#28: a pawn selected, "What happens" keeps its account (it was emptied) and shows,
    and the board paints no empty caption strip."""
    s = said(game)
    assert s["rows"] == rows, f"{where}: What happens emptied by a selection: {s['rows']}"
    assert s["logShown"], f"{where}: the log hidden by a selection"
    assert not s["strip"], f"{where}: a caption strip with a pawn selected: {s}"
    check_no_caption_strip(game, theme, where)


#: each option menu's label: cut (its words wider than its box) or past the output's edge
MENUS_JS = """
() => {
  const out = [];
  for (const m of document.querySelectorAll('.fw-menu')) {
    const label = m.querySelector('.widget-label');
    const area = (m.closest('.jp-OutputArea-output') || document.body).getBoundingClientRect();
    const r = label.getBoundingClientRect();
    const s = m.querySelector('select').getBoundingClientRect();
    out.push({text: label.textContent, cut: label.scrollWidth > label.clientWidth + 1,
              right: Math.max(r.right, s.right), edge: area.right, shown: r.width > 0});
  }
  return out;
}
"""


def check_menus(page: Any, where: str) -> None:
    """#28: the game's option menus whole ("stone pushed onto entrance/exit (M" was cut at
    600 px), none past the output's edge."""
    menus = page.evaluate(MENUS_JS)
    assert len(menus) >= 8, f"{where}: {menus}"
    for menu in menus:
        assert menu["shown"] and not menu["cut"], f"{where}: menu label cut: {menu}"
        assert menu["right"] <= menu["edge"] + 1, f"{where}: menu past the edge: {menu}"


#: every element on show whose title (what a hover shows) is a JavaScript null or undefined
#: (a label hidden with its empty description shows nothing)
NULL_TITLES_JS = """
() => Array.from(document.querySelectorAll('[title]'))
  .filter(e => ['null', 'undefined'].includes(e.getAttribute('title')))
  .filter(e => e.getClientRects().length > 0)
  .map(e => e.outerHTML.slice(0, 160))
"""


def check_no_null_titles(page: Any, where: str) -> None:
    """No control says "null" when hovered: ipywidgets gives a description's label the
    widget's tooltip as its title, and a control without a tooltip said "null"."""
    nulls = page.evaluate(NULL_TITLES_JS)
    assert nulls == [], f"{where}: {len(nulls)} titles say null: {nulls[:4]}"
