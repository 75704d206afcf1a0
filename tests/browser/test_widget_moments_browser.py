"""What the user sees is the state *at every moment*, in a real browser (JupyterLab, headless
Chromium): every picture the board paints is recorded (at the end of each task, when the
browser may show it) while the kernel answers a click, and none of them may be a step of the
way -- the old story's opening frame flashed, a board with the hint of the next one.

A recorder watches each paint of the canvas (``data-paints``) and notes the frame, the
number of frames, the pieces synced for the frame and the hint; after each action the
pictures painted are the one before the action and the one after it, nothing else.

Other checks of the picture against the engine: test_widget_truth_browser.py.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from finstere_widget.render import style as S
from finstere_widget.render.scene import center
from tests.browser.browser_support import wait_for, write_notebook

pytestmark = [pytest.mark.browser, pytest.mark.parametrize("jupyter_ui", ["lab"])]

NAME = "fw_moments.ipynb"
CELLS = [
    "import json\n"
    "from finstere_widget.render.scene import piece_groups\n"
    "from finstere_widget.widget import GameView\n"
    "v = GameView(('blue', 'red'), you='blue', bot='greedy', seed=1)\nv",
]

#: each paint of the first board, noted when the task that painted ends (a MutationObserver
#: callback: what the browser may show between tasks)
RECORDER = """
(c) => {
  window.__fwPaints = [];
  const root = c.closest('.fw-root');
  const note = () => window.__fwPaints.push({
    frame: c.__finstere.frame(), frames: c.__finstere.frames(),
    pieces: JSON.stringify(c.__finstere.pieces()),
    hint: root.querySelector('.fw-hint').textContent});
  new MutationObserver(note).observe(c, {attributes: true, attributeFilter: ['data-paints']});
}
"""

#: the picture on show now, as the recorder notes it
PICTURE = """
(c) => ({frame: c.__finstere.frame(), frames: c.__finstere.frames(),
         pieces: JSON.stringify(c.__finstere.pieces()),
         hint: c.closest('.fw-root').querySelector('.fw-hint').textContent})
"""


def picture(canvas: Any) -> dict[str, Any]:
    return dict(canvas.evaluate(PICTURE))


def painted_since(page: Any) -> list[dict[str, Any]]:
    """The pictures painted since the last call (and forget them)."""
    got = page.evaluate("() => { const p = window.__fwPaints; window.__fwPaints = []; return p; }")
    return list(got)


def log_text(page: Any) -> list[str]:
    return list(page.locator(".fw-log").first.locator(".fw-log-row").all_inner_texts())


def assert_only(
    paints: list[dict[str, Any]], before: dict[str, Any], after: dict[str, Any]
) -> None:
    """Every picture painted is the one before the action or the one after it."""
    assert paints, "the action painted nothing"
    for k, p in enumerate(paints):
        assert p in (before, after), (
            f"paint {k} of {len(paints)} is a step of the way: frame {p['frame']} of "
            f"{p['frames']}, hint {p['hint']!r} (before: frame {before['frame']} of "
            f"{before['frames']}; after: frame {after['frame']} of {after['frames']}, "
            f"hint {after['hint']!r})"
        )
    assert paints[-1] == after


def settle(page: Any, canvas: Any, done: Any, what: str) -> dict[str, Any]:
    """Wait for ``done()``, then until the picture stays the same for 600 ms: the picture."""
    wait_for(page, done, 30, what)
    last = picture(canvas)
    for _ in range(40):
        page.wait_for_timeout(600)
        now = picture(canvas)
        if now == last:
            return now
        last = now
    raise AssertionError(f"{what}: the board never settled")


def open_boards(nb: Any, jupyter_server: Any, name: str, cells: list[str], count: int = 1) -> Any:
    """Write ``cells`` as the notebook ``name``, run it and wait until its ``count`` boards
    have painted: the page and the boards' canvases."""
    write_notebook(jupyter_server.root / name, cells)
    nb.open(name)
    nb.run_all()
    page = nb.page
    canvases = page.locator(".fw-canvas")
    wait_for(page, lambda: canvases.count() == count, 60, f"{count} board(s)")
    for k in range(count):
        c = canvases.nth(k)
        c.scroll_into_view_if_needed()
        wait_for(page, lambda c=c: int(c.get_attribute("data-paints") or 0) > 0, 30, "a paint")
    return page, canvases


def click_square(canvas: Any, square: tuple[int, int]) -> None:
    """A click in the middle of ``square`` on the board's canvas, at its size on the page."""
    css = float(canvas.evaluate("c => c.getBoundingClientRect().width")) / S.WIDTH
    x, y = center(square)
    canvas.click(position={"x": x * css, "y": y * css})


def test_a_click_in_a_story_paints_no_step_of_the_way(nb: Any, jupyter_server: Any) -> None:
    """GameView, the story of a move on show (frame 1): a click on one of our pawns paints
    the selected pawn's board and nothing between (before the fix the kernel set ``frame``
    to 0 in a message of its own: the old story's opening frame flashed, then the board
    without its hint); the same for "undo my move" and "new game"."""
    page, canvases = open_boards(nb, jupyter_server, NAME, CELLS)
    canvas = canvases.first

    before_log = log_text(page)
    page.locator("button:has-text('let a bot play my move')").first.click()
    settle(page, canvas, lambda: log_text(page) not in (before_log, []), "the helper's story")
    n = int(canvas.evaluate("c => c.__finstere.frames()"))
    assert n >= 3 and int(canvas.evaluate("c => c.__finstere.frame()")) == 1, n
    canvas.evaluate(RECORDER)

    # a click on one of our pawns, in the tray or on the board
    pid, at = json.loads(
        nb.run_code_cell(
            "pid = sorted(v.board.movable or [])[0]\n"
            "print(json.dumps([pid, v.game.position.pawn(pid).at]))"
        )
    )
    if isinstance(at, list):
        x, y = center((at[0], at[1]))
    else:
        zones = json.loads(nb.run_code_cell("print(json.dumps(v.board.geometry['zones']))"))
        z = next(z for z in zones if z["id"] == f"pawn:{pid}")
        x, y = z["x"] + z["w"] / 2, z["y"] + z["h"] / 2
    css = float(canvas.evaluate("c => c.getBoundingClientRect().width")) / S.WIDTH
    before = picture(canvas)
    painted_since(page)
    canvas.click(position={"x": x * css, "y": y * css})
    after = settle(
        page, canvas, lambda: f"pawn {pid}" in picture(canvas)["hint"], "the pawn selected"
    )
    assert after["frames"] == 1
    engine = nb.run_code_cell("print(json.dumps(piece_groups(v.game.position)))")
    assert json.loads(after["pieces"]) == json.loads(engine), "the board is the engine's"
    assert_only(painted_since(page), before, after)

    # our move by the helper bot, then "undo my move": the undone story is never flashed
    before_log = log_text(page)
    page.locator("button:has-text('let a bot play my move')").first.click()
    settle(page, canvas, lambda: log_text(page) not in (before_log, []), "the helper's move")
    before = picture(canvas)
    painted_since(page)
    page.locator("button:has-text('undo my move')").first.click()
    after = settle(page, canvas, lambda: "taken back" in (log_text(page) or [""])[0], "the undo")
    assert_only(painted_since(page), before, after)

    # a new game: its story at once, never the old one's opening
    before = picture(canvas)
    painted_since(page)
    page.locator("button:has-text('new game')").first.click()
    after = settle(
        page, canvas, lambda: (log_text(page) or [""])[0].startswith("a new game"), "new game"
    )
    assert_only(painted_since(page), before, after)
    nb.assert_no_page_errors()


TRAY_NAME = "fw_tray.ipynb"
TRAY_CELLS = [
    "from finstere_widget.engine import Game\n"
    "from finstere_widget.widget import BoardWidget, GameView\n"
    "COLOURS = ['blue', 'yellow', 'red', 'green', 'purple', 'black', 'white']",
    "v = GameView(('blue', 'red', 'green'), you='blue', seed=3)\nv",
    "b = BoardWidget(Game(COLOURS, seed=1).position, mode='move')\nb",
]

#: the id tags the board paints in the tray for the frame on show: [id, [x0, y0, x1, y1]]
#: of the tag's box and of its text's ink, measured with the canvas's own font
TRAY_TAGS_JS = """
(c, [tagFills, trayY]) => {
  const P = c.__finstere.primitives();
  const ctx = document.createElement('canvas').getContext('2d');
  const k = P.scale * (window.devicePixelRatio || 1);
  const out = [];
  for (const g of P.groups) {
    for (let i = 0; i + 1 < g.length; i++) {
      const r = g[i], t = g[i + 1];
      if (r.k !== 'rect' || !(r.fill in tagFills) || t.k !== 'text' || t.fill !== tagFills[r.fill]) continue;
      if (r.y < trayY) continue;
      ctx.font = (t.bold ? 'bold ' : '') + (t.size * k) + 'px ' + P.font;
      const m = ctx.measureText(t.text);
      out.push([t.text, [r.x, r.y, r.x + r.w, r.y + r.h],
                [t.x - m.width / 2 / k, t.x + m.width / 2 / k], r.fill]);
    }
  }
  return out;
}
"""


def selected(nb: Any) -> str:
    """The pawn the notebook's board ``b`` has selected (the kernel's own state)."""
    return str(nb.run_code_cell("print(b._ui.selected)")).strip()


def assert_tags_readable(tags: list[Any]) -> None:
    """Each tag's text inside its tag, no tag over another (the tags as TRAY_TAGS_JS
    measures them)."""
    for i, (a, box, ink, _) in enumerate(tags):
        assert box[0] - 0.5 <= ink[0] and ink[1] <= box[2] + 0.5, f"{a} spills off its tag"
        for b, other, _, _ in tags[i + 1 :]:
            apart = box[2] <= other[0] or other[2] <= box[0] or box[3] <= other[1]
            assert apart or other[3] <= box[1], f"the tags of {a} and {b} overlap"


def test_the_tray_shows_every_waiting_pawn_with_its_id_readable(
    nb: Any, jupyter_server: Any
) -> None:
    """Three players' waiting pawns: each id ("green1", "green3") on its own tag, no tag
    over another and each text inside its tag (they were 28 units apart for tags 41 wide:
    "green1" read "green"); seven players: all 21 waiting pawns painted (one was left out),
    their tags apart too (the waiting section takes the empty sections' room: they were
    drawn over each other), and a click on a waiting pawn's disc selects that pawn."""
    from finstere_widget.engine import Game
    from finstere_widget.render.scene import tray_slots

    page, canvases = open_boards(nb, jupyter_server, TRAY_NAME, TRAY_CELLS, count=2)
    game, seven = canvases.nth(0), canvases.nth(1)
    game.evaluate("c => c.__finstere.setFrame(0)")  # the new game: every pawn waits outside
    wait_for(page, lambda: game.get_attribute("data-frame") == "0", 5, "frame 0")
    # each pawn's tag: its number (render.tray.short_id) on its player's colour (#28)
    fills = {S.PLAYER[c]: S.PLAYER_TEXT[c] for c in S.PLAYER}
    player_of = {fill: c for c, fill in S.PLAYER.items()}
    tags = game.evaluate(TRAY_TAGS_JS, [fills, S.TRAY_Y])
    assert len(tags) == 12, [t[0] for t in tags]
    assert_tags_readable(tags)
    waiting = seven.evaluate(TRAY_TAGS_JS, [fills, S.TRAY_Y])
    want = nb.run_code_cell(
        "from finstere_widget.render.tray import short_id\n"
        "print(' '.join(sorted(f'{p.player}:{short_id(p)}' for p in b.position.pawns)))"
    ).split()
    assert len(want) == 21
    assert sorted(f"{player_of[t[3]]}:{t[0]}" for t in waiting) == want
    assert_tags_readable(waiting)
    colours = ["blue", "yellow", "red", "green", "purple", "black", "white"]
    for pid in ("white5", "purple1"):
        x, y = tray_slots(Game(colours, seed=1).position)[pid]
        css = float(seven.evaluate("c => c.getBoundingClientRect().width")) / S.WIDTH
        seven.click(position={"x": x * css, "y": y * css})
        wait_for(page, lambda p=pid: selected(nb) == p, 20, f"{pid} chosen")
    nb.assert_no_page_errors()


RACE_NAME = "fw_race.ipynb"
RACE_CELLS = [
    "import json, time\n"
    "from finstere_widget.widget import MonsterStepper\n"
    "TIE = {'format': 'finstere-position/1', 'monster': {'at': [5, 5], 'facing': 'E'},\n"
    "       'pawns': [{'id': 'A', 'player': 'blue', 'light': 6, 'dark': 1, 'at': [8, 5]},\n"
    "                 {'id': 'B', 'player': 'red', 'light': 4, 'dark': 3, 'at': [5, 2]}]}",
    "s = MonsterStepper(TIE, tile='XX')\ns",
]


def test_steps_taken_while_a_new_turn_is_computed_do_not_skip_into_it(
    nb: Any, jupyter_server: Any
) -> None:
    """The kernel busy, the learner picks tile 8 and presses → five times (the old turn
    steps on at once); when the new turn arrives it starts at its frame 0, in the browser
    and in the kernel. Before, the five steps were applied to the new turn: it opened on
    frame 6 of 20, its first five frames skipped."""
    page, canvases = open_boards(nb, jupyter_server, RACE_NAME, RACE_CELLS)
    canvas = canvases.first
    old = int(canvas.evaluate("c => c.__finstere.frames()"))
    canvas.evaluate(RECORDER)
    page.evaluate(
        "() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel"
        ".requestExecute({code: 'time.sleep(3)'})"
    )
    page.wait_for_timeout(300)
    page.locator(".widget-toggle-button").filter(has_text="8").first.click()
    canvas.focus()
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    assert picture(canvas)["frame"] == 5, "the old turn steps at once"
    new = settle(page, canvas, lambda: picture(canvas)["frames"] != old, "the new turn (tile 8)")
    assert new["frame"] == 0, f"the new turn opened on frame {new['frame'] + 1}"
    assert [p["frame"] for p in painted_since(page) if p["frames"] != old] == [0]
    assert nb.run_code_cell("print(s.tile, s.board.frame)") == "8 0\n"
    # stepping goes on as before: the kernel hears the steps
    canvas.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    wait_for(page, lambda: picture(canvas)["frame"] == 2, 5, "two steps")
    wait_for(page, lambda: nb.run_code_cell("print(s.board.frame)") == "2\n", 20, "kernel")
    nb.assert_no_page_errors()


QUIZ_NAME = "fw_quiz_twice.ipynb"
QUIZ_CELLS = [
    "from finstere_widget import examples\n"
    "from finstere_widget.widget import MonsterStepper\n"
    "s = MonsterStepper(examples.load('monster_basic_8'), tile='8', quiz=True, lang='en')\n"
    "s",
    "s",
]

#: what a view of the quiz stepper shows: frame, open question, its words, the score
QUIZ_VIEW = """
(c) => { const r = c.closest('.fw-root');
  return [c.__finstere.frame(), c.__finstere.quiz().open,
          r.querySelector('.fw-quiz-question').textContent,
          r.querySelector('.fw-quiz-score').textContent,
          r.querySelector('.fw-quiz-feedback').dataset.verdict || ''] }
"""


def test_a_quiz_shown_twice_asks_the_same_question_in_both_views(
    nb: Any, jupyter_server: Any
) -> None:
    """The quiz stepper displayed twice: an answer in one view shows the look, the feedback
    and the score in both (the other view stayed on frame 1 asking look 1, score 0 of 0,
    while the kernel had frame 2 and the answer), and a third view shown afterwards
    picks them up."""
    from finstere_widget import examples
    from finstere_widget.teach.quiz import Quiz

    first = Quiz.play(examples.load("monster_basic_8"), "8", lang="en").questions[0]
    page, canvases = open_boards(nb, jupyter_server, QUIZ_NAME, QUIZ_CELLS, count=2)
    one, two = canvases.nth(0), canvases.nth(1)
    assert one.evaluate(QUIZ_VIEW) == two.evaluate(QUIZ_VIEW)
    look = int(nb.run_code_cell("print(s.board.quiz['questions'][0]['look'])"))
    root = page.locator(".fw-root").first
    root.locator(f".fw-quiz-dir[data-heading='{first.heading.name}']").click()
    wait_for(page, lambda: one.evaluate(QUIZ_VIEW)[0] == look, 10, "the look")
    seen = one.evaluate(QUIZ_VIEW)
    assert seen[1:] == [1, seen[2], "score: 1 of 1", "right"], seen
    wait_for(page, lambda: two.evaluate(QUIZ_VIEW) == seen, 10, "the other view agreeing")
    # the answer and the step reach the kernel as two messages, in that order
    kernel = f"{look} (1, 1)\n"
    wait_for(
        page,
        lambda: nb.run_code_cell("print(s.board.frame, s.quiz.score)") == kernel,
        20,
        "the kernel's frame and score",
    )
    # a view shown now
    nb.run_code_cell("s")
    wait_for(page, lambda: canvases.count() == 3, 30, "a third view")
    three = canvases.nth(2)
    three.scroll_into_view_if_needed()
    wait_for(page, lambda: three.evaluate(QUIZ_VIEW) == seen, 10, "the third view agreeing")
    nb.assert_no_page_errors()


EDITOR_NAME = "fw_editor_modes.ipynb"
EDITOR_CELLS = [
    "from finstere_widget.widget import BoardEditor\n"
    "TIE = {'format': 'finstere-position/1', 'monster': {'at': [5, 5], 'facing': 'E'},\n"
    "       'pawns': [{'id': 'A', 'player': 'blue', 'light': 6, 'dark': 1, 'at': [8, 5]}]}\n"
    "e = BoardEditor(TIE)\ne",
]

#: the primitives painted in the lit destinations' colour, and the hint under the board
LIT_JS = """
(c, target) => {
  const P = c.__finstere.primitives();
  const lit = P.groups.flat().filter((p) => p.fill === target || p.stroke === target).length;
  return [lit, c.closest('.fw-root').querySelector('.fw-hint').textContent];
}
"""


def test_the_editor_drops_a_selection_when_its_mode_changes(nb: Any, jupyter_server: Any) -> None:
    """BoardEditor: "move pawns", a click on pawn A lights its destinations ("click one");
    back to "edit", the lit squares and their hint go (they stayed: a click on one then
    placed a stone, not the move they offered)."""
    page, canvases = open_boards(nb, jupyter_server, EDITOR_NAME, EDITOR_CELLS)
    canvas = canvases.first
    toggles = page.locator(".widget-toggle-button")
    toggles.filter(has_text="move pawns").first.click()
    wait_for(page, lambda: nb.run_code_cell("print(e.board.mode)") == "move\n", 20, "move mode")
    click_square(canvas, (8, 5))
    wait_for(page, lambda: "lit" in canvas.evaluate(LIT_JS, S.TARGET)[1], 20, "A's squares lit")
    assert canvas.evaluate(LIT_JS, S.TARGET)[0] > 10
    toggles.filter(has_text="edit").first.click()
    wait_for(page, lambda: canvas.evaluate(LIT_JS, S.TARGET) == [0, ""], 20, "nothing lit")
    nb.assert_no_page_errors()


LONG = (
    "Game over (end of stage 2, S3): green wins — green and blue and red escaped 1 pawn "
    "each; green reached 1 first, which breaks the tie (S3). The game went on for nine "
    "rounds, and the monster ate eleven pawns in all, six of them in stage 2 (M7, S1)."
)  # more than the strip's two lines hold
CAPTION_NAME = "fw_caption.ipynb"
CAPTION_CELLS = [
    "from finstere_widget.engine import Position, monster_turn\n"
    "from finstere_widget.widget import BoardWidget\n"
    "p = Position.basic()\n"
    "b = BoardWidget(p)\n"
    f"b.show_trace(p, monster_turn(p, '8').events, '8', opening=lambda lang: {LONG!r})\n"
    "b",
]

#: the caption strip's lines on the frame on show: [[text, its right end], ...] (scene
#: units, measured with the canvas's own font), top to bottom
CAPTION_JS = """
(c, [height, size]) => {
  const P = c.__finstere.primitives();
  const ctx = document.createElement('canvas').getContext('2d');
  return P.groups.flat()
    .filter((p) => p.k === 'text' && p.y < height && p.size === size && p.anchor === 'start')
    .sort((a, b) => a.y - b.y)
    .map((t) => {
      ctx.font = (t.bold ? 'bold ' : '') + t.size + 'px ' + P.font;
      return [t.text, t.x + ctx.measureText(t.text).width];
    });
}
"""


def test_a_long_caption_is_cut_with_an_ellipsis_inside_the_board(
    nb: Any, jupyter_server: Any
) -> None:
    """A frame's sentence longer than the caption strip: cut at a word with "…", its ink
    inside the board (cut at 110 characters it ran off the canvas mid-word: "...green
    reached 1 firs", no ellipsis to be seen); the whole sentence is the screen reader's."""
    page, canvases = open_boards(nb, jupyter_server, CAPTION_NAME, CAPTION_CELLS)
    canvas = canvases.first
    from finstere_widget.render.margins import CAPTION_SIZE

    lines = canvas.evaluate(CAPTION_JS, [S.CAPTION_H, CAPTION_SIZE])
    assert 1 <= len(lines) <= 2, lines
    words = " ".join(text for text, _ in lines)
    assert words.endswith("…") and LONG.startswith(words[:-1].rstrip()), words
    for text, right in lines:
        assert right <= S.WIDTH - 4, f"the caption runs off the board: {text!r} ends at {right:.0f}"
    live = canvas.locator("xpath=ancestor::div[contains(@class, 'fw-root')][1]//div[@aria-live]")
    assert LONG in live.first.inner_text()
    nb.assert_no_page_errors()


END_NAME = "fw_end.ipynb"
END_CELLS = [
    "from finstere_widget.widget import GameView\n"
    "v = GameView(('blue', 'red', 'green'), you='blue', seed=2)\n"
    "while not v.game.is_terminal():\n"
    "    v.bot_move_for_me()\n"
    "v",
]


def test_a_three_way_tie_at_the_end_reads_right(nb: Any, jupyter_server: Any) -> None:
    """Three players escape as many pawns (seed 2): the game's last line names each colour
    once and never says "both" (it read "green and blue and red both escaped 1 pawn"), on
    the board's last frame, in the log and in the status."""
    page, canvases = open_boards(nb, jupyter_server, END_NAME, END_CELLS)
    canvas = canvases.first
    said = "green, blue and red all escaped 1 pawn"
    assert said in log_text(page)[-1] and "both" not in log_text(page)[-1]
    canvas.focus()
    page.keyboard.press("End")
    status = page.locator(".fw-headline").first  # the line over the board
    wait_for(page, lambda: said in status.inner_text(), 15, "the end in the line over the board")
    nb.assert_no_page_errors()


PAST_NAME = "fw_past.ipynb"
PAST_CELLS = [
    "import json\n"
    "from finstere_widget.render.scene import piece_groups\n"
    "from finstere_widget.widget import BoardWidget\n"
    "TIE = {'format': 'finstere-position/1', 'monster': {'at': [5, 5], 'facing': 'E'},\n"
    "       'pawns': [{'id': 'A', 'player': 'blue', 'light': 6, 'dark': 1, 'at': [8, 5]},\n"
    "                 {'id': 'B', 'player': 'red', 'light': 4, 'dark': 3, 'at': [5, 2]}]}\n"
    "b = BoardWidget(TIE, mode='move')\n"
    "turn = b.show_turn('8')\n"
    "EATEN = next(k for k, f in enumerate(b.trace_frames)\n"
    "             if f.position.pawn('A').at == 'outside')\n"
    "b",
]


def test_a_click_on_a_past_frame_means_what_the_user_saw(nb: Any, jupyter_server: Any) -> None:
    """A turn on show, stepped to the frame where the monster has eaten A on (8, 5): a click
    on the monster there does not select A (the pawn on that square in the board the click
    acts on, which the user did not see): the board comes back with the engine's pieces and
    a hint saying so; a second click selects A."""
    page, canvases = open_boards(nb, jupyter_server, PAST_NAME, PAST_CELLS)
    canvas = canvases.first
    eaten = int(nb.run_code_cell("print(EATEN)"))
    canvas.evaluate(f"c => c.__finstere.setFrame({eaten})")
    wait_for(page, lambda: nb.run_code_cell("print(b.frame)") == f"{eaten}\n", 20, "the step")
    click_square(canvas, (8, 5))
    after = settle(page, canvas, lambda: "earlier" in picture(canvas)["hint"], "the board back")
    assert after["frames"] == 1
    engine = nb.run_code_cell("print(json.dumps(piece_groups(b.position)))")
    assert json.loads(after["pieces"]) == json.loads(engine), "the board is the engine's"
    assert nb.run_code_cell("print(b._ui.selected)") == "None\n"
    click_square(canvas, (8, 5))
    settle(page, canvas, lambda: "pawn A" in picture(canvas)["hint"], "A selected")
    nb.assert_no_page_errors()


COUNTS_NAME = "fw_counts.ipynb"
COUNTS_CELLS = [
    "import copy, json\n"
    "from finstere_widget.engine.game import DrawTile, PawnMove\n"
    "from finstere_widget.widget import GameView\n"
    "v = GameView(('blue', 'red'), you='blue', bot='greedy', seed=1)\n"
    "for _ in range(30):  # until a move of ours is followed by the monster's turn\n"
    "    v.bot_move_for_me()\n"
    "    if any(x.startswith('monster: draws tile') for x in v.board.event_log):\n"
    "        break\n"
    "v",
]

#: the counts of the game after its first ``plies`` actions (a copy, the rest undone), in
#: English, and those of the game now: what each moment's counts must read
COUNTS_THEN = """
def counts_at(plies):
    g = copy.deepcopy(v.game)
    while len(g.history) > plies:
        g.undo()
    st, pos = g.state, g.position
    score = ', '.join(
        f"{c} {sum(1 for p in pos.pawns if p.player == c and p.at == 'escaped')}"
        for c in g.colours
    )
    tiles = g.options.tiles_per_stage - st.tiles_played  # the monster turns left (S1)
    return f'round {st.round}, stage {pos.stage}, tiles left {tiles}; escaped: {score}'
h = v.game.history
mine = max(i for i, e in enumerate(h) if isinstance(e.action, PawnMove) and e.seat == 0)
print(json.dumps([counts_at(mine + 1), counts_at(len(h))]))
"""


def test_the_game_views_counts_follow_the_frame_stepped_to(nb: Any, jupyter_server: Any) -> None:
    """GameView, a turn with a monster phase on show: stepped back to the learner's move in
    the browser, the counts over the board read that moment's round and tiles left, not
    the game's now (they were the current game's, unlabelled); stepped to the end, now's.
    Steps are the browser's own: the counts come with the frames, no kernel round trip."""
    page, canvases = open_boards(nb, jupyter_server, COUNTS_NAME, COUNTS_CELLS)
    canvas = canvases.first
    root = canvas.locator("xpath=ancestor::div[contains(@class, 'fw-root')]")
    then, now = json.loads(nb.run_code_cell(COUNTS_THEN))
    assert then != now
    note = root.locator(".fw-note")

    def counts() -> str:
        return str(note.inner_text()) if note.is_visible() else ""

    root.locator("button[data-action=last]").click()
    wait_for(page, lambda: counts() == now, 10, f"the counts now ({now!r}), not {counts()!r}")
    root.locator("button[data-action=first]").click()
    wait_for(page, lambda: counts() == then, 10, f"the counts then ({then!r}), not {counts()!r}")
    assert int(canvas.evaluate("c => c.__finstere.frame()")) == 0
    # the line over the board says what to do; no number of another moment is left in it
    status = root.locator(".fw-headline").inner_text()
    assert "See what happened" in status and now not in status and "round" not in status
    nb.assert_no_page_errors()


HEADLINE_NAME = "fw_headline.ipynb"

#: the line over the game view's board the reader sees now: the visible one of the board's
#: own (``.fw-headline``) and the status widget above it
HEADLINE_ON_SHOW = """
(c) => {
  const out = c.closest('.jp-OutputArea-output') || document;
  const seen = [...out.querySelectorAll('.fw-headline, .widget-html')]
    .filter((e) => e.offsetParent !== null && e.innerText.trim());
  return seen.map((e) => e.innerText.trim()).join(' | ');
}
"""

KERNEL_STATUS = "() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.status"


def test_the_game_views_headline_follows_the_frame_stepped_to_with_the_kernel_busy(
    nb: Any, jupyter_server: Any
) -> None:
    """GameView, a turn with a monster phase on show, the kernel busy (a cell sleeping):
    stepped with |◀, ▶|, ◀ in the browser, the line over the board reads the frame on
    show's: "See what happened: ... (N more steps)" counted from that frame, "Your move
    (blue): ..." on the last. It came from the kernel after each step, so while the kernel
    was busy (and always in an exported page) it kept the line of the frame first shown."""
    page, canvases = open_boards(nb, jupyter_server, HEADLINE_NAME, COUNTS_CELLS)
    canvas = canvases.first
    root = canvas.locator("xpath=ancestor::div[contains(@class, 'fw-root')]")
    pawns = nb.run_code_cell("print(', '.join(sorted(p.id for p in v.game.movable_pawns())))")
    n = int(canvas.evaluate("c => c.__finstere.frames()"))
    assert n >= 5, "a monster turn: many frames"
    last = n - 1

    def said(k: int) -> str:
        if k == last:
            return f"Your move (blue): click one of your pawns ({pawns.strip()}), then a lit square"
        left = last - k
        steps = "1 more step" if left == 1 else f"{left} more steps"
        return (
            f"See what happened: step with ▶ or → ({steps}), or click one of your pawns to play now"
        )

    def on_show() -> str:
        return str(canvas.evaluate(HEADLINE_ON_SHOW))

    start = int(canvas.evaluate("c => c.__finstere.frame()"))
    wait_for(page, lambda: on_show() == said(start), 10, f"the line {said(start)!r}")
    page.evaluate(
        "() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel"
        ".requestExecute({code: 'import time; time.sleep(8)'})"
    )
    wait_for(page, lambda: page.evaluate(KERNEL_STATUS) == "busy", 5, "the kernel busy")
    steps = [("first", 0), ("last", last), ("prev", last - 1), ("prev", last - 2), ("first", 0)]
    for action, k in steps:
        root.locator(f"button[data-action={action}]").click()
        assert int(canvas.evaluate("c => c.__finstere.frame()")) == k
        for _ in range(20):  # shown with the step's paint
            if on_show() == said(k):
                break
            page.wait_for_timeout(100)
        assert on_show() == said(k), f"frame {k + 1} of {n}: {on_show()!r}, not {said(k)!r}"
    assert page.evaluate(KERNEL_STATUS) == "busy", "every step was taken with the kernel busy"
    # the kernel, free again, hears the frame and agrees
    wait_for(page, lambda: page.evaluate(KERNEL_STATUS) == "idle", 20, "the kernel idle")
    assert nb.run_code_cell("print(v.board.frame, 'See what happened' in v.status.value)") == (
        "0 True\n"
    )
    assert on_show() == said(0)
    nb.assert_no_page_errors()
