"""A phone (Voilà at 390 px): the board's painted words stay readable and a click still names
the square under the finger.

Shrunk to the phone's width the board's own text (pawn ids, square names, distances, tray
labels) came out at 3.6-6 CSS px.  In a pane narrower than FIT_WIDTH (render/style.py) the
board now keeps its readable width (the geometry's ``min_w``, MIN_DISPLAY_WIDTH) and scrolls
sideways in its own box; the page itself never scrolls sideways, the buttons and the hint
stay within the screen.  (A notebook's pane, 600 px and wider, shows the whole board:
widget_checks.check_width.)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from finstere_widget.engine import Position, monster_turn
from finstere_widget.engine.moves import legal_moves
from finstere_widget.render import style as S
from finstere_widget.render.frames import trace_frames
from finstere_widget.render.scene import geometry
from tests.browser.browser_support import (
    assert_no_page_errors,
    collect_page_errors,
    wait_for,
    write_notebook,
)
from tests.browser.widget_checks import TIE

pytestmark = pytest.mark.browser

NOTEBOOK = "fw_narrow.ipynb"
PHONE = 390
#: the smallest a painted word may come out at on screen, in CSS px (#28: any word)
READABLE_PX = float(S.READABLE_PX)
#: widget_checks.TIE with ids no wall letter or square name reads as
TIE_NAMED = json.loads(json.dumps(TIE).replace('"A"', '"ann"').replace('"B"', '"bob"'))
TIE_IDS = {"ann", "bob"}
#: the scene's smallest word, drawn at the readable width: 11 CSS px (#28; was 6.5)
SMALLEST_TEXT = float(S.READABLE_PX)

CELLS = [
    "from finstere_widget.widget import GameView, MonsterStepper\n"
    "v = GameView(('blue', 'red'), you='blue', bot='greedy', seed=1)\nv",
    # two pawns on the board, their ids and the monster's distances to them drawn
    f"s = MonsterStepper({TIE_NAMED!r}, tile='XX')\ns",
]

#: the painted texts' CSS sizes, the board box's and the page's widths
_MEASURE_JS = """
(c) => {
  const p = c.__finstere.primitives();
  const sizes = [...p.static, ...p.groups.flat()].filter((q) => q.k === 'text')
    .map((q) => [q.size * p.scale, q.text]);
  const box = c.parentElement;
  const r = box.getBoundingClientRect();
  const main = c.closest('.fw-main').getBoundingClientRect();
  return {sizes, boxLeft: r.left, boxRight: r.right, boxScroll: box.scrollWidth,
          boxClient: box.clientWidth, mainRight: main.right,
          page: document.documentElement.scrollWidth,
          view: document.documentElement.clientWidth};
}
"""


def _square_point(canvas: Any, sq: tuple[int, int]) -> dict[str, float]:
    x, y = canvas.evaluate("(c, [x, y]) => c.__finstere.squareCenter(x, y)", list(sq))
    return {"x": float(x), "y": float(y)}


def _monster_far_east_then_west() -> list[tuple[int, tuple[int, int]]]:
    """Two frames of the stepper's turn (the engine's replay): the monster's square furthest
    east, then the first after it with the monster back in the board's west half."""
    start = Position.from_dict(TIE_NAMED)
    turn = monster_turn(start, "XX")
    at = [f.position.monster.at for f in trace_frames(start, turn.events, "XX")]
    east = max(range(len(at)), key=lambda k: (at[k][0], -k))
    west = next(k for k in range(east, len(at)) if at[k][0] < 4)
    return [(east, at[east]), (west, at[west])]


def _stepper_captions() -> list[str]:
    """The stepper's frames' sentences (its turn replayed here)."""
    start = Position.from_dict(TIE_NAMED)
    return [f.caption for f in trace_frames(start, monster_turn(start, "XX").events, "XX")]


def _game() -> Any:
    """The notebook's game, built in this process."""
    from finstere_widget.widget import GameView

    return GameView(("blue", "red"), you="blue", bot="greedy", seed=1)


def _game_zones() -> list[Any]:
    return list(_game().board.geometry.get("zones", []))


def _in_view(canvas: Any, sq: tuple[int, int]) -> bool:
    """Square ``sq``'s centre lies within the board's (scrolled) box."""
    at = _square_point(canvas, sq)
    left = float(canvas.evaluate("c => c.getBoundingClientRect().left"))
    box = canvas.evaluate("c => c.parentElement.getBoundingClientRect().toJSON()")
    return bool(box["left"] <= left + at["x"] <= box["right"])


def test_a_phone_reads_the_board_and_clicks_its_squares(
    browser: Any, voila_server: Any, tmp_path: Path
) -> None:
    write_notebook(voila_server.root / NOTEBOOK, CELLS)
    context = browser.new_context(
        viewport={"width": PHONE, "height": 800}, device_scale_factor=2, has_touch=True
    )
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors = collect_page_errors(page)
    try:
        page.goto(voila_server.render_url(NOTEBOOK), timeout=180_000)
        boards = page.locator("canvas.fw-canvas")
        wait_for(page, lambda: boards.count() >= 2, 120, "the two boards")
        for i in range(2):
            c = boards.nth(i)
            c.scroll_into_view_if_needed()
            wait_for(page, lambda c=c: int(c.get_attribute("data-paints") or 0) > 0, 60, "paint")
            m = c.evaluate(_MEASURE_JS)
            smallest = min(m["sizes"])
            # every word at least its size at the scene's natural size (the pivot's '180'
            # 6.5, the tray's ids 7): before, 3.6 px
            assert smallest[0] >= SMALLEST_TEXT, f"board {i}: {smallest} at {PHONE} px"
            ids = [s for s, t in m["sizes"] if t in TIE_IDS]
            if i == 1:  # the pawns' ids on the board, at least 11 px
                assert ids and min(ids) >= READABLE_PX, f"pawn ids at {min(ids, default=0)} px"
            # the page never scrolls sideways: the board does, inside its box
            assert m["page"] <= m["view"] + 1, f"board {i}: the page scrolls sideways {m}"
            assert m["boxRight"] <= m["view"] + 1 and m["mainRight"] <= m["view"] + 1, m
            assert m["boxScroll"] > m["boxClient"] + 50, f"board {i}: no scrolling box {m}"
        # the frame's sentence read whole above the scrolled board (the painted caption is cut)
        sentence = boards.nth(1).locator("xpath=../../div[contains(@class, 'fw-caption')]")
        want = _stepper_captions()[0]
        assert sentence.text_content() == want and sentence.is_visible()
        cut = sentence.evaluate("e => e.scrollWidth > e.clientWidth + 1")
        right = float(sentence.evaluate("e => e.getBoundingClientRect().right"))
        assert not cut and right <= PHONE, f"the sentence cut: {want!r}"
        page.screenshot(path=str(tmp_path / "phone_stepper.png"))

        # stepping, the monster stays in view: far east (out of the box), then wrapped west
        stepper = boards.nth(1)
        stepper.scroll_into_view_if_needed()
        for k, sq in _monster_far_east_then_west():
            stepper.evaluate("(c, i) => c.__finstere.setFrame(i)", k)
            wait_for(page, lambda k=k: stepper.get_attribute("data-frame") == str(k), 10, "step")
            assert sentence.text_content() == _stepper_captions()[k]
            at = _square_point(stepper, sq)
            left = float(stepper.evaluate("c => c.getBoundingClientRect().left"))
            box = stepper.evaluate("c => c.parentElement.getBoundingClientRect().toJSON()")
            assert box["left"] <= left + at["x"] <= box["right"], f"frame {k}: {sq} out of view"

        # the game: a click on a square scrolled into view from the right names that square
        game = boards.nth(0)
        game.scroll_into_view_if_needed()
        game.evaluate("c => { c.parentElement.scrollLeft = c.parentElement.scrollWidth; }")
        hint = page.locator(".fw-hint").first
        for sq in ((14, 3), (9, 8)):
            box = game.evaluate("c => c.parentElement.getBoundingClientRect().toJSON()")
            at = _square_point(game, sq)
            left = float(game.evaluate("c => c.getBoundingClientRect().left"))
            assert box["left"] <= left + at["x"] <= box["right"], f"{sq} scrolled out of view"
            game.click(position=at)
            want = f"({sq[0]}, {sq[1]})"
            wait_for(page, lambda w=want: w in (hint.text_content() or ""), 30, f"a hint on {sq}")
            assert hint.get_attribute("data-kind") == "problem", hint.text_content()
        # a tap on a waiting pawn in the tray (a zone outside the grid, scrolled to) selects it
        scale = float(game.evaluate("c => c.getBoundingClientRect().width")) / S.WIDTH
        zone = next(z for z in _game_zones() if z["id"] == "pawn:blue1")
        x, y = (zone["x"] + zone["w"] / 2) * scale, (zone["y"] + zone["h"] / 2) * scale
        game.evaluate("(c, x) => { c.parentElement.scrollLeft = x - 150; }", x)
        game.click(position={"x": x, "y": y})
        wait_for(page, lambda: "blue1" in (hint.text_content() or ""), 30, "blue1 selected")
        assert hint.get_attribute("data-kind") == "info", hint.text_content()
        # its one destination (the entrance, far east: the engine's) scrolled into view
        (entrance,) = [o.to for o in legal_moves(_game().game.position, "blue1") if o.path]
        assert isinstance(entrance, tuple)
        wait_for(page, lambda: _in_view(game, entrance), 10, f"{entrance} scrolled into view")
        page.screenshot(path=str(tmp_path / "phone_game.png"))
        assert_no_page_errors(page, errors)
    finally:
        context.close()


def test_the_readable_width_is_the_scene_at_its_natural_size() -> None:
    """MIN_DISPLAY_WIDTH puts the scene's smallest word (TEXT_MIN units: a pawn's id, a
    square's name) at READABLE_PX or more; the board shrinks no further than that."""
    assert geometry()["min_w"] == S.MIN_DISPLAY_WIDTH
    assert PHONE < geometry()["fit_w"] == S.FIT_WIDTH <= S.MIN_DISPLAY_WIDTH  # a phone scrolls
    assert S.TEXT_MIN * S.MIN_DISPLAY_WIDTH / S.WIDTH >= READABLE_PX
