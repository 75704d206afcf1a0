"""Every word on the composite widgets' buttons is read whole, in every language the package
speaks (JupyterLab, headless Chromium): ipywidgets cuts a button's label that does not fit its
width with an ellipsis, so a fixed width made for English words shows French or German ones as
'déplacer…', 'rück…' (the editor's mode, undo and redo, the stepper's apply)."""

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
    "from finstere_widget.engine.puzzles import puzzles\n"
    "from finstere_widget.widget import BoardEditor, GameView, MonsterStepper, PuzzleQuiz\n"
    "series = puzzles('all', n=2, seed=5, difficulty=1)"
)

WIDGETS = (
    "BoardEditor(Position.basic(), lang={lang!r})",
    "GameView(lang={lang!r}, seed=3)",
    "MonsterStepper(Position.basic(), tile='8', lang={lang!r})",
    "PuzzleQuiz(series, lang={lang!r})",
)

#: the buttons (plain and toggle) whose label is cut: scrolled wider than the button
_CUT_JS = """
() => {
  const cut = [];
  document.querySelectorAll('.jp-OutputArea-output').forEach((area, i) => {
    area.querySelectorAll('.widget-button, .widget-toggle-button').forEach((b) => {
      if (b.offsetParent === null) return;  // a hidden control
      if (b.scrollWidth > b.clientWidth + 1)
        cut.push(`output ${i}: '${b.textContent.trim()}' needs ${b.scrollWidth}px,`
                 + ` has ${b.clientWidth}px`);
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
    page.wait_for_timeout(1000)  # the icon font and the labels settle
    assert page.evaluate(_CUT_JS) == []
    nb.assert_no_page_errors()


def test_the_languages_checked_are_the_catalogs_shipped() -> None:
    """The test above walks ``LANGUAGES``: every catalog under locale/ is one of them."""
    locale = Path(__file__).parents[2] / "finstere_widget" / "locale"
    shipped = {p.name for p in locale.iterdir() if (p / "LC_MESSAGES").is_dir()}
    assert shipped and shipped <= set(LANGUAGES)
