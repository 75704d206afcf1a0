"""Issue 28, small boards, measured on the page (JupyterLab, headless Chromium):

* every word painted on the board is 11 CSS px or more at the sizes a learner gets: 484 px
  (JupyterLab at 600 px, the file browser closed), 568 px (1000 px, the file browser open)
  and full size (1600 px); a pane too narrow for that (600 px, the file browser open) scrolls
  the board at its readable width. Before: the tray's labels about 6 px, ids 5 px;
* the game's option menus fit a 600 px window with the file browser open: no label cut
  ("stone pushed onto entrance/exit (M"), none running past the output's edge;
* the rendered notebooks of the documentation site (mkdocs-jupyter) break text outputs
  between words, never mid-word ("fac" / "e").

Screenshots (light, dark; 600 closed and open, 1000 open, 1600) go to ``$FINSTERE_SHOTS``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from finstere_widget.render import style as S
from tests.browser import widget_checks as C
from tests.browser.browser_support import wait_for, write_notebook

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
NOTEBOOK = "fw_small_boards.ipynb"
CELLS = [
    # every pawn starts in the tray (blue3 and blue5 were told apart by 5 px ids)
    "from finstere_widget.widget import GameView\n"
    "v = GameView(('blue', 'red', 'green', 'yellow'), you='blue', bot='greedy', seed=1)\nv",
]

#: the painted words' CSS sizes (font size x the canvas's scale), the canvas's and its
#: box's CSS widths
_MEASURE_JS = """
(c, w) => {
  const p = c.__finstere.primitives();
  const texts = [...p.static, ...p.groups.flat()].filter((q) => q.k === 'text');
  const css = c.getBoundingClientRect().width;
  const scale = css / w;
  return {sizes: texts.map((q) => [q.size * scale, q.text]), scale, given: p.scale,
          canvas: css, box: c.parentElement.clientWidth};
}
"""

#: each option menu's label: cut (its words wider than its box) or past the output's edge
_MENUS_JS = """
() => {
  const out = [];
  for (const m of document.querySelectorAll('.fw-menu')) {
    const label = m.querySelector('.widget-label');
    const area = m.closest('.jp-OutputArea-output').getBoundingClientRect();
    const r = label.getBoundingClientRect();
    const s = m.querySelector('select').getBoundingClientRect();
    out.push({text: label.textContent, cut: label.scrollWidth > label.clientWidth + 1,
              right: Math.max(r.right, s.right), edge: area.right, shown: r.width > 0});
  }
  return out;
}
"""


def _measure(page: Any, canvas: Any, width: int) -> dict[str, Any]:
    canvas.scroll_into_view_if_needed()
    wait_for(page, lambda: canvas.evaluate("c => c.__finstere.primitives().scale") > 0, 10, "p")
    m = dict(canvas.evaluate(_MEASURE_JS, S.WIDTH))
    assert abs(m["scale"] - m["given"]) < 1e-3, f"{width}px: the canvas's scale {m}"
    return m


@pytest.mark.parametrize("jupyter_ui", ["lab"])
def test_every_word_on_the_board_reads_at_11_px_and_the_menus_fit(nb: Any, shots: Path) -> None:
    page = nb.page
    write_notebook(nb.server.root / NOTEBOOK, CELLS)
    nb.open(NOTEBOOK)
    nb.run_all()
    boards = page.locator("canvas.fw-canvas")
    wait_for(page, lambda: boards.count() >= 1, 60, "the board")
    game = C.painted(page, boards.nth(0))
    seen: dict[str, float] = {}
    # (window, file browser open, the board's CSS width expected, its shape)
    for theme in ("light", "dark"):
        C_theme(page, theme)
        for width, side, want, whole in (
            (600, False, 484, True),
            (1000, True, 568, True),
            (1600, True, S.WIDTH, True),
            (600, True, S.MIN_DISPLAY_WIDTH, False),
        ):
            page.set_viewport_size({"width": width, "height": 1000})
            C.left_area(page, side)
            m = _measure(page, game, width)
            # the board at the width the issue measured (its box: within a few px)
            if width < 1600:
                assert abs(m["canvas"] - want) <= 12, f"{width}px side={side}: {m['canvas']}"
            else:  # full size: the scene's own width or more (the game view's max_width)
                assert m["canvas"] >= want - 1, f"{width}px: {m['canvas']}"
            assert whole == (m["canvas"] <= m["box"] + 1), f"{width}px: scrolls? {m}"
            smallest = min(m["sizes"])
            assert smallest[0] >= S.READABLE_PX, f"{width}px side={side}: {smallest}"
            seen[f"{width}{'+side' if side else ''}"] = round(m["canvas"])
            C.check_your_move_said_at_most_twice(game, f"{theme} {width}px side={side}")
            tray = [s for s, t in m["sizes"] if t in ("3", "5")]
            assert tray and min(tray) >= S.READABLE_PX, "blue3's and blue5's tags and faces"
            game.scroll_into_view_if_needed()
            page.screenshot(path=str(shots / f"small_{theme}_{width}{'_side' if side else ''}.png"))
            if not whole:  # scrolled: the sentence in words above the board, once
                said = game.evaluate(_SAID_ABOVE_JS)
                assert said["headline"], said
                assert said["caption"] is None, f"the headline's sentence twice: {said}"
            if width == 600 and side:  # the option menus whole, wrapped where they must
                menus = page.evaluate(_MENUS_JS)
                assert len(menus) >= 8
                for menu in menus:
                    assert menu["shown"] and not menu["cut"], f"menu label cut: {menu}"
                    assert menu["right"] <= menu["edge"] + 1, f"menu past the edge: {menu}"
                page.locator(".fw-menu").last.scroll_into_view_if_needed()
                page.screenshot(path=str(shots / f"small_menus_{theme}_600_side.png"))
    assert seen["600"] < seen["1000+side"] < seen["1600+side"]
    C_theme(page, "light")
    nb.assert_no_page_errors()


#: the line over a game view's board and the sentence shown above a scrolled board (None:
#: hidden)
_SAID_ABOVE_JS = """
(c) => {
  const root = c.closest('.fw-root');
  const cap = root.querySelector('.fw-caption');
  const head = root.querySelector('.fw-headline');
  return {headline: head && !head.hidden ? head.textContent : '',
          caption: cap && !cap.hidden ? cap.textContent : null};
}
"""


def C_theme(page: Any, theme: str) -> None:
    name = "JupyterLab Dark" if theme == "dark" else "JupyterLab Light"
    page.evaluate(
        "(n) => window.jupyterapp.commands.execute('apputils:change-theme', {theme: n})", name
    )
    light = "false" if theme == "dark" else "true"
    wait_for(page, lambda: page.evaluate("document.body.dataset.jpThemeLight") == light, 30, theme)
    page.wait_for_timeout(400)


# --------------------------------------------------------------------------- the docs site

#: every word of the text outputs that the browser lays out on two lines (a word broken)
_BROKEN_WORDS_JS = """
() => {
  const broken = [];
  let words = 0;
  for (const pre of document.querySelectorAll('.jp-OutputArea-output pre')) {
    const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const re = /[A-Za-z]{2,24}/g;
      let m;
      while ((m = re.exec(n.data)) !== null) {
        const r = document.createRange();
        r.setStart(n, m.index);
        r.setEnd(n, m.index + m[0].length);
        const tops = new Set([...r.getClientRects()].map((q) => Math.round(q.top)));
        words += 1;
        if (tops.size > 1) broken.push(m[0]);
      }
    }
  }
  return {words, broken, style: getComputedStyle(
    document.querySelector('.jp-OutputArea-output pre')).wordBreak};
}
"""


def _site(tmp: Path) -> Path:
    """The documentation site: ``site/`` when ``bash .ci/docs`` built it with this stylesheet,
    else built here (mkdocs, about 40 s)."""
    built = REPO / "site"
    if (built / "stylesheets" / "notebooks.css").is_file() and (
        built / "notebooks" / "01_tour.html"
    ).is_file():
        return built
    out = tmp / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(REPO)}
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--clean", "--site-dir", str(out)],
        cwd=REPO,
        env=env,
        check=True,
        capture_output=True,
        timeout=600,
    )
    return out


def test_the_docs_notebooks_break_text_outputs_between_words(
    browser: Any, tmp_path: Path, shots: Path
) -> None:
    pytest.importorskip("mkdocs_jupyter", reason="the docs' dependency group")
    site = _site(tmp_path)
    context = browser.new_context(viewport={"width": 600, "height": 900})
    page = context.new_page()
    try:
        checked = 0
        for name in ("01_tour", "03_basic_monster_example", "07_full_game"):
            html = site / "notebooks" / f"{name}.html"
            if not html.is_file():
                continue
            page.goto(html.as_uri())
            page.wait_for_load_state("load")
            got = page.evaluate(_BROKEN_WORDS_JS)
            assert got["style"] != "break-all", f"{name}: {got['style']}"
            assert got["words"] > 50 and got["broken"] == [], f"{name}: {got['broken'][:10]}"
            checked += 1
            page.screenshot(path=str(shots / f"docs_{name}_600.png"), full_page=False)
        assert checked >= 2, "the notebooks' pages"
    finally:
        context.close()
