"""Issue 10 on every front end: JupyterLab 4, Notebook 7, Voilà and the exported HTML page
run the same checks (tests/browser/widget_checks.py) on the same widgets — widths 600/1000/
1600 px, light and dark themes with measured contrast, the keyboard, the log following the
story, the monster never hiding a pawn, id tags clear of the wall letters.

One test per front end: a page, its widgets built once, the checks in a row (the servers are
the session's).  Screenshots of each theme at each width go to ``$FINSTERE_SHOTS`` (default:
the test's temporary directory).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from finstere_widget.render import style as S
from finstere_widget.render.scene import center
from tests.browser import widget_checks as C
from tests.browser.browser_support import assert_no_page_errors, collect_page_errors, wait_for

pytestmark = pytest.mark.browser


def _jupyter_theme(page: Any, theme: str) -> None:
    name = "JupyterLab Dark" if theme == "dark" else "JupyterLab Light"
    page.evaluate(
        "(name) => window.jupyterapp.commands.execute('apputils:change-theme', {theme: name})",
        name,
    )
    light = "false" if theme == "dark" else "true"
    wait_for(
        page,
        lambda: page.evaluate("document.body.dataset.jpThemeLight") == light,
        30,
        f"the {theme} theme",
    )
    page.wait_for_timeout(500)  # the theme's CSS variables settle


def _problem_hint(page: Any, opened: str = "") -> None:
    """A click on an empty square of the game view: a problem hint to measure. ``opened``:
    the page just opened (its name): first, the new game's "your move" is said twice at
    most (the click leaves the story)."""
    game = C.painted(page, page.locator("canvas.fw-canvas").nth(C.GAME))
    if opened:
        C.check_your_move_said_at_most_twice(game, opened)
    k = float(game.evaluate("c => c.getBoundingClientRect().width")) / S.WIDTH
    x, y = center((3, 3))
    game.click(position={"x": x * k, "y": y * k})
    hint = C.root_of(game).locator(".fw-hint")
    wait_for(page, lambda: hint.get_attribute("data-kind") == "problem", 20, "a problem hint")


def _new_game() -> tuple[str, tuple[float, float], list[str]]:
    """The notebook's game view as the engine has it: a pawn of ours waiting in the tray,
    its slot there, and the lines of "What happens"."""
    from finstere_widget.render.tray import tray_slots
    from finstere_widget.widget import GameView

    v = GameView(("blue", "red"), you="blue", bot="greedy", seed=1)
    pid = sorted(v.board.movable or [])[0]
    return pid, tray_slots(v.position)[pid], list(v.board.event_log)


def _run(
    page: Any,
    name: str,
    shots: Path,
    canvases: Callable[[], dict[str, Any]],
    set_theme: Callable[[str], None],
    kinds: set[str],
    new_turn: Callable[[Any], None] | None,
    resize: Callable[[int], None] | None = None,
    game: bool = True,
) -> None:
    """The checks, in the same order on every front end. Issue 28's, at every width and
    theme: no word on any board below 11 px, no empty caption strip (a board with nothing
    to say; the game view with a pawn selected, which keeps "What happens"), the game's
    "your move" said twice at most, its option menus not cut at 600 px; no control's hover
    text "null". ``game``: the page has the game view (a kernel's)."""
    pid, slot, rows = _new_game()

    def size(width: int) -> None:
        if resize is not None:
            resize(width)
        else:
            page.set_viewport_size({"width": width, "height": 1000})

    for theme in ("light", "dark"):
        set_theme(theme)
        c = canvases()
        stepper, crowded = c["stepper"], c["crowded"]
        for width in C.WIDTHS:
            size(width)
            page.wait_for_timeout(400)
            stepper.scroll_into_view_if_needed()
            if theme == "light":  # the layout is the theme's business only through colours
                C.check_width(page, stepper, width)
                C.check_tags_clear_of_letters(crowded, expect_tags=150)
                page.bring_to_front()
            C.set_frame(page, stepper, 3)  # past, current and coming lines in the log
            C.check_contrast(page, f"{name} {theme} {width}px", kinds)
            C.check_canvas_theme(page, stepper, theme)
            where = f"{name} {theme} {width}px"
            C.check_board_texts(c, where)
            C.check_no_caption_strip(crowded, theme, f"{where} crowded board")
            if game:
                g = c["game"]
                if width == C.WIDTHS[0]:  # the problem hint measured: now a selection
                    C.select_in_tray(page, g, pid, slot)
                C.check_selection_keeps_the_story(g, rows, theme, f"{where} game")
                if width == 600:
                    C.check_menus(page, where)
            if width == C.WIDTHS[0]:
                C.check_no_null_titles(page, where)
            stepper.scroll_into_view_if_needed()
            page.screenshot(path=str(shots / f"{name}_{theme}_{width}.png"))
        if game:  # Escape deselects; the problem hint back for the next theme's contrast
            c["game"].focus()
            page.keyboard.press("Escape")
            told = C.root_of(c["game"]).locator(".fw-hint")
            wait_for(page, lambda t=told: "deselected" in (t.text_content() or ""), 20, "Escape")
            _problem_hint(page)
        if theme == "light":
            size(1400)
            page.wait_for_timeout(300)
            C.check_pawns_never_hidden(page, c["slide"])
            page.bring_to_front()
            stepper.scroll_into_view_if_needed()
            C.check_keyboard(page, stepper)
            turn = None if new_turn is None else (lambda s=stepper: new_turn(s))
            page.bring_to_front()
            C.check_log_follows(page, stepper, turn)


def _boards(page: Any, timeout: float) -> dict[str, Any]:
    """The stepper, the slide stepper and the crowded board of the notebook, painted."""
    all_ = page.locator("canvas.fw-canvas")
    wait_for(page, lambda: all_.count() >= 4, timeout, "the four boards")
    return {
        "stepper": C.painted(page, all_.nth(C.STEPPER)),
        "slide": C.painted(page, all_.nth(C.SLIDER)),
        "crowded": C.painted(page, all_.nth(C.CROWDED)),
        "game": C.painted(page, all_.nth(C.GAME)),
    }


def _click_tile_5(stepper: Any) -> None:
    C.tile_button(stepper, "5").click()


@pytest.mark.parametrize("jupyter_ui", ["lab", "notebook"])
def test_jupyter_front_ends_read_well(nb: Any, shots: Path) -> None:
    page = nb.page
    nb.open(C.write_notebook(nb.server.root))
    nb.run_all()
    if nb.ui == "lab":  # the file browser closed, as in a classroom
        page.evaluate("window.jupyterapp.commands.execute('application:toggle-left-area')")

    def canvases() -> dict[str, Any]:
        return _boards(page, 60)

    canvases()
    _problem_hint(page, opened=nb.ui)
    kinds = {"fw-hint", "fw-counter", "fw-log-title", "fw-btn"}
    _run(page, nb.ui, shots, canvases, lambda t: _jupyter_theme(page, t), kinds, _click_tile_5)
    _jupyter_theme(page, "light")
    nb.assert_no_page_errors()


def test_voila_reads_well(browser: Any, voila_server: Any, shots: Path) -> None:
    name = C.write_notebook(voila_server.root)
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors = collect_page_errors(page)

    def set_theme(theme: str) -> None:  # Voilà picks its theme per page load
        page.goto(voila_server.render_url(name, theme), timeout=180_000)
        wait_for(
            page,
            lambda: (
                page.evaluate("document.body.dataset.jpThemeLight")
                == ("false" if theme == "dark" else "true")
            ),
            120,
            f"Voilà in the {theme} theme",
        )
        _problem_hint(page, opened=f"voila {theme}")

    def canvases() -> dict[str, Any]:
        return _boards(page, 120)

    try:
        kinds = {"fw-hint", "fw-counter", "fw-log-title", "fw-btn"}
        _run(page, "voila", shots, canvases, set_theme, kinds, _click_tile_5)
        assert_no_page_errors(page, errors)
    finally:
        context.close()


def test_exported_html_reads_well(browser: Any, tmp_path: Path, shots: Path) -> None:
    pages = C.export_pages(tmp_path)
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    errors: list[str] = []
    tabs: dict[str, Any] = {}
    for key, path in pages.items():
        tab = context.new_page()
        tab.set_default_timeout(30_000)
        collect_page_errors(tab, errors)
        tab.goto(path.as_uri())
        tabs[key] = tab
    page = tabs["stepper"]

    def set_theme(theme: str) -> None:  # the reader's system setting
        for tab in tabs.values():
            tab.emulate_media(color_scheme=theme)

    def canvases() -> dict[str, Any]:
        return {k: C.painted(t, t.locator("canvas.fw-canvas").first) for k, t in tabs.items()}

    def resize(width: int) -> None:
        for tab in [*tabs.values(), page]:  # each laid out in front, the stepper's last
            tab.set_viewport_size({"width": width, "height": 1000})
            tab.bring_to_front()
            tab.wait_for_timeout(200)

    try:
        # a click on the board: the page says it has no kernel (an info hint to measure)
        board = C.painted(page, page.locator("canvas.fw-canvas").first)
        board.click(position={"x": 100, "y": 150})
        kinds = {"fw-hint", "fw-counter", "fw-log-title", "fw-btn"}
        _run(page, "html", shots, canvases, set_theme, kinds, None, resize, game=False)
        assert_no_page_errors(page, errors)
    finally:
        context.close()
