"""The JupyterLite site (``site/lite``, built by ``bash .ci/docs`` with tools/lite.py) in a
real browser with no network but localhost: a static server serves the built site, Chromium
resolves no other host, and every request elsewhere is refused and recorded. The tour
notebook runs top to bottom in the Pyodide kernel (its first cell installs finstere_widget
from the site's own wheels), the stepper's board draws the engine's monster turn, and a
click on ▶ steps it, in the browser and in the kernel."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from finstere_widget.engine import monster_turn
from finstere_widget.render.frames import trace_frames
from tests.browser.browser_support import (
    TOUR_FIRST,
    free_port,
    start_server,
    stop_process,
    wait_for,
)
from tests.browser.conftest import (
    _STATE_JS,
    CHROMIUM,
    CHROMIUM_ARGS,
    REPO_ROOT,
    assert_no_page_errors,
    run_all,
    run_code_cell,
)

pytestmark = pytest.mark.browser

SITE = REPO_ROOT / "site" / "lite"
#: Pyodide compiles its WebAssembly and installs IPython in the page: minutes on a busy
#: 2-core machine (bounded waits, never timed)
KERNEL_TIMEOUT = 420.0
RUN_TIMEOUT = 420.0


@pytest.fixture(scope="module")
def lite_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site: ``site/lite`` after ``bash .ci/docs``, else built here (tools/lite.py)."""
    if (SITE / "jupyter-lite.json").exists():
        return SITE
    sys.path.insert(0, str(REPO_ROOT / "tools"))
    try:
        import lite  # type: ignore[import-not-found]
    finally:
        sys.path.pop(0)
    out = tmp_path_factory.mktemp("lite") / "site"
    built: Path = lite.build(out, REPO_ROOT / ".cache" / "lite")
    return built


@pytest.fixture(scope="module")
def lite_url(lite_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    base = tmp_path_factory.mktemp("lite-server")
    port = free_port()
    cmd = [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"]
    cmd += ["--directory", str(lite_site)]
    proc = start_server(cmd, cwd=base, env={}, port=port, log=base / "server.log", timeout=60)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stop_process(proc)


@pytest.fixture
def offline_page(browser: Any, lite_url: str) -> Iterator[tuple[Any, list[str], list[str]]]:
    """A page in a Chromium that resolves no host but 127.0.0.1; requests elsewhere are
    aborted and recorded (page errors too)."""
    offline = browser.browser_type.launch(
        executable_path=CHROMIUM,
        headless=True,
        args=[*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"],
    )
    elsewhere: list[str] = []
    errors: list[str] = []
    try:
        context = offline.new_context(viewport={"width": 1400, "height": 1000})

        def only_local(route: Any) -> None:
            if route.request.url.startswith(lite_url + "/"):
                route.continue_()
            else:
                elsewhere.append(route.request.url)
                route.abort()

        context.route("**/*", only_local)
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.on("pageerror", lambda exc: errors.append(exc.stack or f"{exc.name}: {exc.message}"))
        yield page, elsewhere, errors
    finally:
        offline.close()


def _open(page: Any, url: str, name: str) -> None:
    page.goto(f"{url}/lab/index.html?path={name}")
    deadline = time.monotonic() + KERNEL_TIMEOUT
    state = "not loaded"
    while time.monotonic() < deadline:
        try:
            state = page.evaluate(_STATE_JS, name)
        except Exception as exc:  # navigation in progress
            state = f"evaluate failed: {exc}"
        if state == "ready":
            return
        page.wait_for_timeout(500)
    raise AssertionError(f"{name} not ready in Lite after {KERNEL_TIMEOUT:.0f} s: {state}")


def test_lite_site_runs_the_tour_offline_and_steps_a_turn(
    offline_page: tuple[Any, list[str], list[str]], lite_url: str, shots: Path
) -> None:
    page, elsewhere, errors = offline_page
    _open(page, lite_url, "01_tour.ipynb")
    run_all(page, timeout=RUN_TIMEOUT)
    # the kernel is Pyodide's, and the package came from the site's own wheel
    where = run_code_cell(
        page, "import sys, finstere_widget\nprint(sys.platform, finstere_widget.__version__)"
    )
    import finstere_widget

    assert where.split() == ["emscripten", finstere_widget.__version__], where

    # the stepper's board: the engine's turn with tile 7, frame by frame
    canvas = page.locator("canvas.fw-canvas").first
    canvas.scroll_into_view_if_needed()
    wait_for(page, lambda: int(canvas.get_attribute("data-paints") or 0) > 0, 60, "a paint")
    first = TOUR_FIRST
    n = len(trace_frames(first, monster_turn(first, "7").events, "7"))
    assert canvas.evaluate("c => c.__finstere.frames()") == n
    assert canvas.evaluate("c => c.__finstere.frame()") == 0
    root = canvas.locator("xpath=ancestor::*[contains(@class, 'fw-root')][1]")
    root.locator("button[data-action=next]").click()
    wait_for(page, lambda: canvas.evaluate("c => c.__finstere.frame()") == 1, 30, "frame 1")
    current = root.locator(".fw-log-row.fw-current").inner_text()
    assert "sees A east at 5 and B south at 4" in current, current
    # the step reached the kernel (the frame is synced state)
    deadline = time.monotonic() + 60
    seen = ""
    while time.monotonic() < deadline:
        seen = run_code_cell(page, "print(stepper.board.frame)").strip()
        if seen == "1":
            break
        page.wait_for_timeout(500)
    assert seen == "1", seen

    canvas.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "lite-tour-stepper.png"))
    assert elsewhere == [], f"the site asked the network for {elsewhere[:5]}"
    # and the page really is offline: a request elsewhere is refused and recorded
    probe = "https://pypi.org/simple/micropip/"
    answer = page.evaluate("u => fetch(u).then(() => 'reached', () => 'refused')", probe)
    assert answer == "refused" and elsewhere == [probe], (answer, elsewhere)
    page.wait_for_timeout(200)
    assert_no_page_errors(errors)
