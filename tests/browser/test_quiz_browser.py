"""The monster quiz in a real browser: ``MonsterStepper(quiz=True)`` in JupyterLab (answers by
click, button and arrow key, judged in the page; the board held before each look; the score
and hints reported to the kernel; light and dark themes), and in an exported page without
any kernel, where the page's judge must read every square as the engine does.

Screenshots go to ``$FINSTERE_SHOTS`` (default: the test's temporary directory).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

import tests.browser.widget_checks as checks
from finstere_widget.engine import Heading
from finstere_widget.engine.board import HEIGHT, WIDTH
from finstere_widget.teach.quiz import quiz_words
from tests.browser.browser_support import (
    assert_no_page_errors,
    collect_page_errors,
    wait_for,
    write_notebook,
)

pytestmark = pytest.mark.browser

NAME = checks.QUIZ_NOTEBOOK
CELLS = checks.QUIZ_CELLS
QuizPage = checks.QuizPage


def kernel_says(nb: Any, code: str, want: str, timeout: float = 20.0) -> None:
    """The output of ``code`` run in the kernel is ``want`` once the kernel has taken the
    page's quiz messages. They travel over the widget's comm and the cell on its own
    request: on a loaded machine the cell was once answered before the last hint was
    counted, so it is asked again (a message lost for good still fails, at ``timeout``)."""
    deadline = time.monotonic() + timeout
    out = nb.run_code_cell(code).strip()
    while out != want and time.monotonic() < deadline:
        nb.page.wait_for_timeout(300)
        out = nb.run_code_cell(code).strip()
    assert out == want, out


@pytest.fixture
def quiz_notebook(jupyter_server: Any) -> str:
    write_notebook(jupyter_server.root / NAME, CELLS)
    return NAME


def switch_theme(page: Any, name: str) -> None:
    """JupyterLab's Light or Dark theme, waited for."""
    page.evaluate(
        f"window.jupyterapp.commands.execute('apputils:change-theme', {{theme: 'JupyterLab {name}'}})"
    )
    light = "true" if name == "Light" else "false"
    wait_for(page, lambda: page.evaluate("document.body.dataset.jpThemeLight") == light, 30, name)


@pytest.mark.parametrize("jupyter_ui", ["lab"])
def test_quiz_in_jupyterlab(nb: Any, quiz_notebook: str, shots: Path) -> None:
    nb.open(quiz_notebook)
    nb.run_all()
    page = nb.page
    page.set_viewport_size({"width": 1400, "height": 1000})
    q = QuizPage(page)
    q.panel.scroll_into_view_if_needed()

    # question 1 is asked on the opening frame; the board cannot be stepped to the look
    assert q.frame() == 0 and q.question().startswith("Look 1 of 9: where does the monster go")
    assert q.next_button().is_disabled()
    log = page.locator(".fw-log").first
    assert log.locator(".fw-log-row[data-event='0']").is_hidden(), "the look told in the log"
    q.canvas.evaluate("c => c.__finstere.setFrame(5)")
    q.canvas.evaluate("c => c.__finstere.paint(false)")
    assert q.frame() == 0, "the board stepped past an open question"
    assert "Answer first" in q.feedback_text()

    # a wrong answer: the square ahead (east); A, north at 6, is nearest
    q.click_sq((10, 7))
    wait_for(page, lambda: q.verdict() == "wrong", 10, "the wrong answer's feedback")
    text = q.feedback_text()
    assert text.startswith("Not quite: it goes north.") and "rule M5" in text
    assert "left (north): A at 6" in text and "ahead (east)" in text and "right (south)" in text
    assert q.feedback.get_attribute("data-rule") == "M5"
    assert q.feedback.get_attribute("aria-live") == "polite"
    assert q.frame() == 0 and q.score() == "score: 0 of 1"
    # then the right one: the pawn it chases (A); the board shows the look (frame 1)
    q.click_sq((9, 1))
    wait_for(page, lambda: q.verdict() == "right", 10, "the right answer's feedback")
    q.wait_frame(1, "the look shown after the answer")
    assert q.feedback_text().startswith("Right: it goes north.")
    assert q.score() == "score: 0 of 1", "a retry is not scored"
    assert log.locator(".fw-log-row[data-event='0']").is_visible()

    # step on to question 2 (frame 3); there the next button stops
    q.next_button().click()
    q.next_button().click()
    q.wait_frame(3, "question 2's frame")
    assert q.next_button().is_disabled() and q.question().startswith("Look 2 of 9")
    assert q.panel.locator(".fw-quiz-question").get_attribute("aria-live") == "polite"
    # keyboard only: the focus ring on the board, an arrow key answers (north, right)
    q.canvas.focus()
    ring = q.canvas.evaluate("c => getComputedStyle(c).boxShadow")
    assert ring and ring != "none", "a visible focus ring"
    page.keyboard.press("ArrowUp")
    q.wait_frame(4, "the look after a keyboard answer")
    assert q.verdict() == "right" and q.score() == "score: 1 of 2"
    page.keyboard.press("ArrowRight")  # not a question here: the arrow steps
    q.wait_frame(5, "question 3's frame")
    # behind the monster (it faces north): not an answer, not scored
    page.keyboard.press("ArrowDown")
    wait_for(page, lambda: "never looks behind" in q.feedback_text(), 5, "the M4 reminder")
    assert q.score() == "score: 1 of 2" and q.frame() == 5
    assert page.locator(".fw-quiz-dir[data-heading='S']").first.is_disabled()
    # hints by key: where to look, then the distances
    page.keyboard.press("h")
    hint = q.panel.locator(".fw-quiz-hint")
    wait_for(page, lambda: "(M4)" in hint.inner_text(), 5, "hint 1")
    page.keyboard.press("h")
    wait_for(page, lambda: "A at 4" in hint.inner_text(), 5, "hint 2")
    assert "C at 3" in hint.inner_text()
    # the kernel recorded what the page judged
    kernel_says(nb, "print(s.quiz.score, s.quiz.hints_used, s.quiz.current)", "(1, 2) 2 2")

    # a wrong answer on screen, in both themes: every text of the panel readable
    page.locator(".fw-quiz-dir[data-heading='W']").first.click()
    wait_for(page, lambda: q.verdict() == "wrong", 10, "wrong by button")
    q.panel.scroll_into_view_if_needed()
    texts = ".fw-quiz-title, .fw-quiz-question, .fw-quiz-hint, .fw-quiz-verdict, " + (
        ".fw-quiz-line, .fw-quiz-next, .fw-quiz-score, .fw-quiz-rule, .fw-quiz-dir:not(:disabled)"
    )

    def readable(theme: str) -> None:
        ratios = page.locator(texts).evaluate_all(checks.CONTRAST_JS)
        assert len(ratios) >= 10, ratios
        low = [(name, round(r, 2)) for name, r in ratios if r < 4.5]
        assert not low, f"{theme}: quiz text below 4.5:1: {low}"  # WCAG: inactive ones exempt

    readable("light")
    page.screenshot(path=str(shots / "quiz_light.png"), full_page=True)
    switch_theme(page, "Dark")
    wait_for(page, lambda: q.canvas.evaluate("c => c.dataset.theme") == "dark", 10, "repaint")
    page.wait_for_timeout(500)
    readable("dark")
    page.screenshot(path=str(shots / "quiz_dark.png"), full_page=True)
    switch_theme(page, "Light")

    # a language switch mid-question: the same frame, answers, score and hints, in French
    fr = quiz_words("fr")
    nb.run_code_cell("s.lang = 'fr'")
    french_q = fr["question"].format(n=3, total=9)
    wait_for(page, lambda: q.question().startswith(french_q), 15, "the question in French")
    assert q.frame() == 5 and q.score() == fr["score"].format(right=1, asked=3)
    assert q.verdict() == "wrong" and q.feedback_text().startswith("Pas tout à fait")
    # the hint's heading and its text in the catalog's one template (French: ' : ')
    assert hint.inner_text().startswith(fr["hint_level"].format(level=2, hint=""))
    assert hint.inner_text().startswith("indice 2 sur 3 : ") and "A " in hint.inner_text()
    out = nb.run_code_cell("print(s.quiz.score, s.quiz.hints_used, s.quiz.current, s.board.frame)")
    assert out.strip() == "(1, 3) 2 2 5", out
    nb.run_code_cell("s.lang = 'en'")
    wait_for(page, lambda: q.question().startswith("Look 3 of 9"), 15, "back in English")
    assert q.score() == "score: 1 of 3" and q.frame() == 5

    # a new turn (another tile) brings a new quiz: the page starts it afresh
    nb.run_code_cell("s.tile = '5'")
    wait_for(page, lambda: q.question().startswith("Look 1 of 6"), 15, "the new turn's quiz")
    assert q.frame() == 0 and q.score() == "score: 0 of 0" and q.feedback.is_hidden()

    # a puzzle series: answer the first puzzle's look right, then on to the next puzzle
    pz = QuizPage(page, 1)
    pz.panel.scroll_into_view_if_needed()
    first = nb.run_code_cell("print(pq.stepper.quiz.questions[0].heading.name)").strip()
    pz.root.locator(f".fw-quiz-dir[data-heading='{first}']").click()
    wait_for(page, lambda: pz.verdict() == "right", 10, "the puzzle's first answer")
    assert pz.score() == "score: 1 of 1"
    series = page.get_by_text("series score: 1 of 1")
    wait_for(page, lambda: series.count() == 1, 15, "the series' score from the kernel")
    page.locator("button:has-text('next puzzle')").click()
    wait_for(page, lambda: pz.score() == "score: 0 of 0", 15, "the next puzzle's quiz")
    assert pz.frame() == 0 and pz.question().startswith("Look 1 of 2")
    assert nb.run_code_cell("print(pq.index, pq.scores)").strip() == "1 {0: (1, 1)}"
    pz.root.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "puzzle_quiz_light.png"))
    nb.assert_no_page_errors()


def test_exported_page_quizzes_without_a_kernel(browser: Any, tmp_path: Path) -> None:
    from finstere_widget import examples
    from finstere_widget.widget import MonsterStepper

    s = MonsterStepper(examples.load("monster_basic_8"), tile="8", quiz=True, lang="fr")
    assert s.quiz is not None
    out = s.to_html(tmp_path / "quiz.html")
    squares = [[x, y] for y in range(HEIGHT) for x in range(WIDTH)]
    expected = [
        [question.verdict((x, y)) for x, y in squares]
        + [question.verdict(h) for h in (Heading.N, Heading.E, Heading.S, Heading.W)]
        for question in s.quiz.questions
    ]
    context = browser.new_context(viewport={"width": 1200, "height": 1000})
    page = context.new_page()
    errors = collect_page_errors(page)
    try:
        page.goto(out.as_uri())
        q = QuizPage(page)
        # the page's judge reads every square and heading as the engine does
        judged = q.canvas.evaluate(
            """(c, squares) => {
              const f = c.__finstere;
              const data = JSON.parse(document.getElementById("finstere-state").textContent);
              return data.quiz.questions.map((qq) =>
                squares.map((sq) => f.quizVerdict(qq, { square: sq }))
                  .concat(["N", "E", "S", "W"].map((h) => f.quizVerdict(qq, { heading: h }))));
            }""",
            squares,
        )
        assert judged == expected
        # and a learner's answers are judged here, in French, with no kernel behind
        assert q.question().startswith("Regard 1 sur 9")
        # the log tells nothing yet: a prompt stands in its place, in French
        prompt = page.locator(".fw-log-prompt")
        assert prompt.is_visible() and prompt.inner_text() == quiz_words("fr")["log_prompt"]
        assert not page.locator(".fw-log[role='list']").is_visible()
        q.click_sq((12, 2))  # D: a pawn, but not the one it chases
        wait_for(page, lambda: q.verdict() == "wrong", 10, "the wrong answer's feedback")
        assert q.feedback_text().startswith("Pas tout à fait : il va vers le nord.")
        assert "règle M5" in q.feedback_text()
        page.locator(".fw-quiz-dir[data-heading='N']").click()
        q.wait_frame(1, "the look after the right answer")
        assert q.score() == "score : 0 sur 1"
        assert page.locator(".fw-log[role='list']").is_visible() and not prompt.is_visible()
        assert "no Python kernel" not in page.locator(".fw-hint").inner_text()
        assert_no_page_errors(page, errors)
    finally:
        context.close()


@pytest.mark.parametrize("jupyter_ui", ["notebook"])
def test_quiz_in_notebook7(nb: Any, quiz_notebook: str, shots: Path) -> None:
    nb.open(quiz_notebook)
    nb.run_all()
    nb.page.set_viewport_size({"width": 1400, "height": 1000})
    checks.check_quiz(nb.page, shots, "notebook7")
    # the kernel recorded what the page judged: 1 of 2 right at the first try, 2 hints
    kernel_says(nb, "print(s.quiz.score, s.quiz.hints_used, s.quiz.current)", "(1, 2) 2 2")
    checks.check_quiz_readable(nb.page, shots, "notebook7", "light")
    switch_theme(nb.page, "Dark")
    try:
        checks.check_quiz_readable(nb.page, shots, "notebook7", "dark")
    finally:
        switch_theme(nb.page, "Light")  # the server's settings outlive the test
    nb.assert_no_page_errors()  # Notebook 7's own 'schema' TypeError filtered (conftest)


def test_quiz_in_voila(browser: Any, voila_server: Any, shots: Path) -> None:
    write_notebook(voila_server.root / NAME, CELLS)
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors = collect_page_errors(page)
    try:
        page.goto(voila_server.render_url(NAME), timeout=180_000)
        checks.check_quiz(page, shots, "voila")
        checks.check_quiz_readable(page, shots, "voila", "light")
        # the dark theme (Voilà picks it per page load): a wrong answer's feedback readable
        page.goto(voila_server.render_url(NAME, "dark"), timeout=180_000)
        q = checks.QuizPage(page, timeout=120)
        q.direction("E").click()
        wait_for(page, lambda: q.verdict() == "wrong", 10, "voila dark: the wrong answer")
        checks.check_quiz_readable(page, shots, "voila", "dark")
        assert_no_page_errors(page, errors)
    finally:
        context.close()
