"""Every word on the composite widgets' buttons is read whole, in every language the package
speaks, in a wide notebook and in a narrow one (JupyterLab, headless Chromium): ipywidgets cuts
a button's label that does not fit its width with an ellipsis, so a fixed width made for English
words showed French or German ones as 'déplacer…', 'rück…' (the editor's mode, undo and redo,
the stepper's apply), a row that did not wrap squeezed the game's 'new game' to its icon and
pushed the rule options' menus past the notebook's right edge, and the editor's fixed-width
menus showed 'heading / arrow' with its choice cut to 'ea' (east) and 'clair/som…'."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from finstere_widget.engine.i18n import LANGUAGES
from tests.browser.browser_support import wait_for, write_notebook

pytestmark = pytest.mark.browser

NOTEBOOK = "fw_words_fit.ipynb"

SETUP = (
    "from finstere_widget import Position\n"
    "from finstere_widget.teach.predict import puzzles\n"
    "from finstere_widget.widget import BoardEditor, GameView, MonsterStepper, PuzzleQuiz\n"
    "series = puzzles('all', n=2, seed=5, difficulty=1)\n"
    "def editor(lang, tool):\n"
    "    e = BoardEditor(Position.basic(), lang=lang)\n"
    "    e.tool.value = tool  # its menus on show\n"
    "    return e"
)

WIDGETS = (
    "editor({lang!r}, 'teleporter')",
    "editor({lang!r}, 'pawn')",
    "GameView(lang={lang!r}, seed=3)",
    "MonsterStepper(Position.basic(), tile='8', lang={lang!r})",
    "PuzzleQuiz(series, lang={lang!r})",
)

#: what cannot be read whole: a button's label cut (scrolled wider than the button), a menu
#: narrower than its choice's words, a control past its output area's right edge (a widget's
#: own 2 px margin aside); in a wide notebook also a label cut, and a menu put under its label
#: although there is room beside it
_CUT_JS = """
(wide) => {
  const cut = [];
  document.querySelectorAll('.jp-OutputArea-output').forEach((area, i) => {
    const edge = area.getBoundingClientRect().right;
    area.querySelectorAll('.widget-button, .widget-toggle-button, .widget-dropdown select,'
                          + ' .widget-label')
        .forEach((b) => {
      if (b.offsetParent === null) return;  // a hidden control
      // a long label in a narrow notebook: cut at the edge, as ipywidgets does (not checked)
      if (!wide && b.matches('.widget-label')) return;
      const what = `output ${i}: '${b.textContent.trim().slice(0, 40)}'`;
      if ((b.matches('button') || wide) && b.scrollWidth > b.clientWidth + 1)
        cut.push(`${what} needs ${b.scrollWidth}px, has ${b.clientWidth}px`);
      const box = b.getBoundingClientRect();
      if (box.right > edge + 3)
        cut.push(`${what} ends at ${box.right | 0}px, the output at ${edge | 0}px`);
      if (b.matches('select')) {  // the choice's words, the arrow beside them
        const words = document.createElement('span');
        words.style.cssText = 'position: absolute; white-space: pre; font: '
                              + getComputedStyle(b).font;
        words.textContent = b.selectedOptions[0].text;
        document.body.appendChild(words);
        const need = words.getBoundingClientRect().width + 20;
        words.remove();
        if (need > b.clientWidth) cut.push(`${what} needs ${need | 0}px, has ${b.clientWidth}px`);
      }
      if (b.matches('select') && wide && b.closest('.fw-menu')) {  // room: beside its label
        const label = b.parentElement.querySelector('.widget-label').getBoundingClientRect();
        if (box.top >= label.bottom) cut.push(`${what} under its label, in a wide notebook`);
      }
    });
  });
  return cut;
}
"""

_BUTTONS_JS = "() => document.querySelectorAll('.widget-button, .widget-toggle-button').length"


@pytest.mark.parametrize("jupyter_ui", ["lab"])  # ipywidgets' own layout: one UI suffices
def test_no_button_label_is_cut_in_any_language(nb: Any) -> None:
    langs = sorted(LANGUAGES)
    cells = [SETUP] + [w.format(lang=lang) for lang in langs for w in WIDGETS]
    write_notebook(nb.server.root / NOTEBOOK, cells)
    nb.open(NOTEBOOK)
    nb.run_all()
    page = nb.page
    page.set_viewport_size({"width": 1400, "height": 1000})
    # every widget drawn: each editor's mode toggle and undo/redo, each game's five buttons...
    wait_for(
        page,
        lambda: page.locator("canvas.fw-canvas").count() == len(cells) - 1,
        120,
        "every board",
    )
    wait_for(page, lambda: page.evaluate(_BUTTONS_JS) >= 12 * len(langs), 60, "the buttons")
    for width in (1400, 700):  # 700: JupyterLab's output area is then about 330 px wide
        page.set_viewport_size({"width": width, "height": 1000})
        page.wait_for_timeout(1000)  # the icon font, the labels and the rows settle
        assert page.evaluate(_CUT_JS, width > 1000) == [], f"at {width} px"
    nb.assert_no_page_errors()


def test_the_languages_checked_are_the_catalogs_shipped() -> None:
    """The test above walks ``LANGUAGES``: every catalog under locale/ is one of them."""
    locale = Path(__file__).parents[2] / "finstere_widget" / "locale"
    shipped = {p.name for p in locale.iterdir() if (p / "LC_MESSAGES").is_dir()}
    assert shipped and shipped <= set(LANGUAGES)
