"""Real-browser fixtures: JupyterLab / Notebook 7 driven by Debian's Chromium via Playwright.

What a test gets:

* ``jupyter_server``: a Jupyter server (``python -m jupyterlab``) with its own
  config/data/runtime/IPython dirs, on a free port, serving a temporary copy of
  ``tests/browser/*.ipynb`` (at the root) and of ``notebooks/`` (under ``notebooks/``), so the UI
  never rewrites the originals.  A server serves both UIs (JupyterLab at ``/lab/tree/<nb>``,
  Notebook 7 at ``/notebooks/<nb>``), but each UI gets its own server, started once per session
  on first use (see ``jupyter_servers``) and stopped by its PID.  Between tests its kernel
  sessions are shut down, its saved workspaces deleted and its theme set back to Light.
* ``browser`` (session): headless Chromium (``/usr/bin/chromium``) with HOME/TMPDIR in a temp dir.
* ``page`` (function): a fresh browser context + page whose base URL is the server; every
  ``pageerror`` is collected in ``page_errors`` (``browser_support.collect_page_errors``; fail
  on them with ``browser_support.assert_no_page_errors(page, page_errors)``).
* ``jupyter_ui`` (function, parametrized): ``"lab"`` and ``"notebook"``; a test that uses ``nb``
  runs once in each UI.
* ``nb`` (function): a :class:`NotebookDriver` bundling the helpers below for one page + UI; its
  teardown shuts down the kernels the test started.

Helpers (also usable directly with a ``page``):
``open_notebook(page, name, ui=...)``, ``run_all(page)``, ``run_code_cell(page, code) -> str``.

When Chromium or Playwright is missing the browser tests are skipped with a loud reason, except
when ``CI=true``: then they fail.  Mark browser tests with ``@pytest.mark.browser``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.browser.browser_support import (
    assert_no_page_errors,
    collect_page_errors,
    free_port,
    isolated_env,
    start_server,
    stop_process,
)

BROWSER_DIR = Path(__file__).resolve().parent
REPO_ROOT = BROWSER_DIR.parent.parent
CHROMIUM = os.environ.get("FINSTERE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
SERVER_START_TIMEOUT = 90.0  # seconds; a start takes 2-3 s on these machines
OPEN_TIMEOUT = 90.0  # page load + kernel start
RUN_TIMEOUT = 120.0  # one "run all" / one code cell
UIS = ("lab", "notebook")


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


_SKIPPED_BECAUSE: list[str] = []


def _unavailable(reason: str) -> None:
    """Skip loudly on a developer machine; fail in CI (CI=true)."""
    if _in_ci():
        pytest.fail(f"browser tests cannot run in CI: {reason}", pytrace=False)
    if reason not in _SKIPPED_BECAUSE:
        _SKIPPED_BECAUSE.append(reason)
    pytest.skip(f"BROWSER TESTS SKIPPED: {reason}")


def pytest_terminal_summary(terminalreporter: Any) -> None:
    for reason in _SKIPPED_BECAUSE:
        bar = "!" * 78
        terminalreporter.write_line(bar, red=True, bold=True)
        terminalreporter.write_line(f"!! BROWSER TESTS SKIPPED: {reason}", red=True, bold=True)
        terminalreporter.write_line("!! (with CI=true they fail instead)", red=True, bold=True)
        terminalreporter.write_line(bar, red=True, bold=True)


# --------------------------------------------------------------------------- Jupyter server


@dataclass
class JupyterServer:
    url: str  # e.g. http://127.0.0.1:38123 (no trailing slash)
    root: Path  # the temporary root_dir the server serves
    proc: subprocess.Popen[bytes]
    log: Path

    def api(self, method: str, path: str, body: Any = None, timeout: float = 10.0) -> Any:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data=data, method=method)
        req.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            raw = resp.read()
        return json.loads(raw) if raw else None

    def shutdown_sessions(self) -> None:
        """Stop every kernel session (tests start from a fresh kernel)."""
        try:
            for sess in self.api("GET", "/api/sessions"):
                self.api("DELETE", f"/api/sessions/{sess['id']}")
        except (urllib.error.URLError, OSError):
            pass

    def reset_workspaces(self) -> None:
        """Forget saved UI layouts: JupyterLab's workspace would otherwise leak into the next
        test (e.g. Notebook 7 restoring a Lab file browser path and failing on it)."""
        try:
            listing = self.api("GET", "/lab/api/workspaces")
            ids = listing.get("workspaces", {}).get("ids", [])
            for ws in ids:
                self.api("DELETE", f"/lab/api/workspaces/{urllib.parse.quote(ws)}")
        except (urllib.error.URLError, OSError, AttributeError, ValueError):
            pass

    def reset_theme(self) -> None:
        """JupyterLab's theme back to its default (Light): the theme a test switches to is
        saved in the server's settings and would be the next test's, whether the test
        switched back or failed first."""
        path = "/lab/api/settings/@jupyterlab/apputils-extension:themes"
        try:
            self.api("PUT", path, {"raw": "{}"})
        except urllib.error.HTTPError as exc:
            raise AssertionError(f"the theme could not be reset: {exc}") from exc
        except (urllib.error.URLError, OSError):
            pass  # the server is gone: nothing is left to reset

    def log_tail(self, n: int = 60) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return "<no log>"


def _write_user_settings(config_dir: Path) -> None:
    settings = config_dir / "lab" / "user-settings" / "@jupyterlab"
    files = {
        "apputils-extension/notification.jupyterlab-settings": {
            "fetchNews": "false",
            "checkForUpdates": False,
        },
        "docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    }
    for rel, content in files.items():
        path = settings / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(content))


def _copy_notebooks(root: Path) -> None:
    ignore = shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__")
    for nb in sorted(BROWSER_DIR.glob("*.ipynb")):
        shutil.copy2(nb, root / nb.name)
    notebooks = REPO_ROOT / "notebooks"
    if notebooks.is_dir():
        shutil.copytree(notebooks, root / "notebooks", ignore=ignore)


def start_jupyter_server(base: Path) -> JupyterServer:
    """Start ``python -m jupyterlab`` serving a fresh copy of the notebooks under ``base``."""
    root = base / "root"
    root.mkdir()
    _copy_notebooks(root)
    env = isolated_env(base)
    _write_user_settings(base / "config")

    port = free_port()
    cmd = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--ServerApp.port_retries=0",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        "--ServerApp.disable_check_xsrf=True",
        f"--ServerApp.root_dir={root}",
        "--LabApp.expose_app_in_browser=True",
        "--JupyterNotebookApp.expose_app_in_browser=True",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",
    ]
    if os.geteuid() == 0:
        cmd.append("--allow-root")
    log = base / "server.log"
    with open(log, "wb") as log_file:
        proc = subprocess.Popen(
            cmd,
            cwd=root,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log_file,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    server = JupyterServer(url=f"http://127.0.0.1:{port}", root=root, proc=proc, log=log)
    try:
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while True:
            if proc.poll() is not None:
                raise RuntimeError(
                    f"Jupyter server exited with {proc.returncode}:\n{server.log_tail()}"
                )
            try:
                server.api("GET", "/api/status", timeout=2)
                return server
            except (urllib.error.URLError, OSError):
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(
                    f"Jupyter server not answering after {SERVER_START_TIMEOUT:.0f} s:\n"
                    f"{server.log_tail()}"
                )
            time.sleep(0.25)
    except BaseException:
        stop_process(proc)
        raise


def stop_jupyter_server(server: JupyterServer) -> None:
    server.shutdown_sessions()
    stop_process(server.proc)


@pytest.fixture(scope="session")
def jupyter_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, JupyterServer]]:
    """One server per UI, started on first use, stopped at the end of the session.

    Why not one server for both UIs: visiting /lab/tree/<nb> mutates the server's shared page
    config (``treePath``), and every Notebook 7 page served afterwards then tries to restore a
    Lab file browser and throws "Command 'filebrowser:open-path' not registered.".
    """
    servers: dict[str, JupyterServer] = {}
    try:
        yield servers
    finally:
        for server in servers.values():
            stop_jupyter_server(server)


@pytest.fixture
def jupyter_server(
    request: pytest.FixtureRequest,
    jupyter_servers: dict[str, JupyterServer],
    tmp_path_factory: pytest.TempPathFactory,
) -> JupyterServer:
    """The (session-wide) server for this test's UI: ``jupyter_ui`` if the test uses it, else lab."""
    ui = request.getfixturevalue("jupyter_ui") if "jupyter_ui" in request.fixturenames else "lab"
    if ui not in jupyter_servers:
        jupyter_servers[ui] = start_jupyter_server(tmp_path_factory.mktemp(f"jupyter-{ui}"))
    return jupyter_servers[ui]


# --------------------------------------------------------------------------- Chromium


@pytest.fixture(scope="session")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable(
            "python package 'playwright' is not installed "
            "(PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 pip install playwright)"
        )
    if not os.access(CHROMIUM, os.X_OK):
        _unavailable(
            f"{CHROMIUM} not found: as root run `apt-get update && apt-get install -y chromium` "
            "(never `playwright install`)"
        )
    home = tmp_path_factory.mktemp("chromium-home")
    tmp = home / "tmp"
    tmp.mkdir()
    # The Playwright driver creates Chromium's profile dir under its TMPDIR: point it (and
    # HOME) at our temp dir while the driver starts, then restore our own environment.
    saved = {k: os.environ.get(k) for k in ("HOME", "TMPDIR")}
    os.environ.update(HOME=str(home), TMPDIR=str(tmp))
    try:
        pw = sync_playwright().start()
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    try:
        chromium = pw.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=CHROMIUM_ARGS,
            env={**os.environ, "HOME": str(home), "TMPDIR": str(tmp)},
        )
        try:
            yield chromium
        finally:
            chromium.close()
    finally:
        pw.stop()


@pytest.fixture
def page_errors() -> list[str]:
    """Uncaught JS exceptions (``pageerror``) of the test's page."""
    return []


@pytest.fixture
def page(browser: Any, jupyter_server: JupyterServer, page_errors: list[str]) -> Iterator[Any]:
    context = browser.new_context(
        base_url=jupyter_server.url, viewport={"width": 1400, "height": 1000}
    )
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    collect_page_errors(pg, page_errors)
    try:
        yield pg
    finally:
        context.close()
        jupyter_server.shutdown_sessions()
        jupyter_server.reset_workspaces()
        jupyter_server.reset_theme()


# --------------------------------------------------------------------------- notebook helpers


def notebook_url(name: str, ui: str = "lab") -> str:
    quoted = urllib.parse.quote(name)
    if ui == "lab":
        return f"/lab/tree/{quoted}?reset"
    if ui == "notebook":
        return f"/notebooks/{quoted}"
    raise ValueError(f"unknown ui {ui!r}; expected one of {UIS}")


_STATE_JS = """
(path) => {
  const app = window.jupyterapp;
  if (!app || !app.shell) return 'no app yet';
  const dialog = document.querySelector('.jp-Dialog');
  if (dialog) {
    const accept = dialog.querySelector('.jp-mod-accept');
    // e.g. "Select Kernel" for a notebook without kernelspec metadata
    if (accept) { accept.click(); return 'dialog accepted'; }
  }
  const w = app.shell.currentWidget;
  if (!w || !w.context) return 'no document widget';
  if (w.context.path !== path) return 'current document is ' + w.context.path;
  const sc = w.sessionContext;
  const kernel = sc && sc.session && sc.session.kernel;
  if (!kernel) return 'no kernel yet';
  return kernel.status === 'idle' ? 'ready' : 'kernel ' + kernel.status;
}
"""


def open_notebook(
    page: Any, name: str, ui: str = "lab", timeout: float = OPEN_TIMEOUT, url: str | None = None
) -> None:
    """Open ``name`` (path relative to the server root) and wait for its kernel to be idle;
    ``url``: the page that opens it, when it is not the Jupyter server's (JupyterLite's
    ``lab/index.html?path=NAME``)."""
    page.goto(url or notebook_url(name, ui))
    wait_notebook_ready(page, name, timeout, what=f"notebook {name!r} ({ui})")


def wait_notebook_ready(page: Any, name: str, timeout: float, what: str = "") -> None:
    """Wait until the document on show is ``name`` and its kernel is idle (accepting the
    dialogs on the way, e.g. "Select Kernel")."""
    deadline = time.monotonic() + timeout
    state = "not loaded"
    while time.monotonic() < deadline:
        try:
            state = page.evaluate(_STATE_JS, name)
        except Exception as exc:  # navigation in progress
            state = f"evaluate failed: {exc}"
        if state == "ready":
            return
        time.sleep(0.25)
    raise AssertionError(f"{what or repr(name)} not ready after {timeout:.0f} s: {state}")


# Wrap an async JS body with a bounded wait: Playwright's evaluate itself never times out.
_ASYNC_WRAPPER = """
async ([arg, timeoutMs]) => {
  const work = (async (arg) => { %s })(arg);
  const timer = new Promise((_, reject) =>
      setTimeout(() => reject(new Error('timed out after ' + timeoutMs + ' ms')), timeoutMs));
  return await Promise.race([work, timer]);
}
"""

_RUN_ALL_JS = """
const app = window.jupyterapp;
const panel = app.shell.currentWidget;
await app.commands.execute('notebook:run-all-cells');
const errors = [];
panel.content.widgets.forEach((cell, i) => {
  if (cell.model.type !== 'code') return;
  for (const out of cell.model.outputs.toJSON()) {
    if (out.output_type === 'error') errors.push(`cell ${i}: ${out.ename}: ${out.evalue}`);
  }
});
return errors;
"""

_RUN_CODE_CELL_JS = """
const app = window.jupyterapp;
const nb = app.shell.currentWidget.content;
nb.activeCellIndex = nb.widgets.length - 1;
await app.commands.execute('notebook:insert-cell-below');
if (nb.activeCell.model.type !== 'code') {
  await app.commands.execute('notebook:change-cell-to-code');
}
const cell = nb.activeCell;
if (cell.model.sharedModel) cell.model.sharedModel.setSource(arg);
else cell.model.value.text = arg;
await app.commands.execute('notebook:run-cell');
return cell.model.outputs.toJSON();
"""


def _evaluate_async(page: Any, body: str, arg: Any, timeout: float) -> Any:
    return page.evaluate(_ASYNC_WRAPPER % body, [arg, int(timeout * 1000)])


def run_all(page: Any, timeout: float = RUN_TIMEOUT, raise_on_error: bool = True) -> list[str]:
    """Run all cells of the current notebook, wait until done; return the error outputs."""
    errors: list[str] = _evaluate_async(page, _RUN_ALL_JS, None, timeout)
    if raise_on_error and errors:
        raise AssertionError("notebook cells raised:\n" + "\n".join(errors))
    return errors


def outputs_text(outputs: list[dict[str, Any]]) -> str:
    parts: list[str] = []
    for out in outputs:
        kind = out.get("output_type")
        if kind == "stream":
            text = out.get("text", "")
            parts.append("".join(text) if isinstance(text, list) else text)
        elif kind in ("execute_result", "display_data"):
            text = out.get("data", {}).get("text/plain", "")
            parts.append("".join(text) if isinstance(text, list) else text)
        elif kind == "error":
            parts.append(f"{out.get('ename')}: {out.get('evalue')}")
    return "".join(parts)


def run_code_cell(page: Any, code: str, timeout: float = RUN_TIMEOUT) -> str:
    """Append a code cell with ``code`` to the current notebook, run it, return its output text.

    Raises AssertionError when the cell raised.
    """
    outputs: list[dict[str, Any]] = _evaluate_async(page, _RUN_CODE_CELL_JS, code, timeout)
    errors = [o for o in outputs if o.get("output_type") == "error"]
    if errors:
        tb = "\n".join("\n".join(o.get("traceback", [])) for o in errors)
        raise AssertionError(f"cell raised {outputs_text(errors)}\n{tb}\n--- code:\n{code}")
    return outputs_text(outputs)


class NotebookDriver:
    """The helpers above bound to one page and one UI (``lab`` or ``notebook``)."""

    def __init__(self, page: Any, server: JupyterServer, ui: str, errors: list[str]) -> None:
        self.page = page
        self.server = server
        self.ui = ui
        self.page_errors = errors

    def open(self, name: str, timeout: float = OPEN_TIMEOUT) -> None:
        open_notebook(self.page, name, ui=self.ui, timeout=timeout)

    def run_all(self, timeout: float = RUN_TIMEOUT, raise_on_error: bool = True) -> list[str]:
        return run_all(self.page, timeout=timeout, raise_on_error=raise_on_error)

    def run_code_cell(self, code: str, timeout: float = RUN_TIMEOUT) -> str:
        return run_code_cell(self.page, code, timeout=timeout)

    def assert_no_page_errors(self) -> None:
        assert_no_page_errors(self.page, self.page_errors, self.ui)


@pytest.fixture(params=UIS)
def jupyter_ui(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def nb(
    page: Any, jupyter_server: JupyterServer, jupyter_ui: str, page_errors: list[str]
) -> NotebookDriver:
    return NotebookDriver(page, jupyter_server, jupyter_ui, page_errors)


# --------------------------------------------------------------------------- Voilà


@dataclass
class VoilaServer:
    url: str  # e.g. http://127.0.0.1:38123 (no trailing slash)
    root: Path  # the directory it serves: notebooks/ and the browser tests' notebooks
    proc: subprocess.Popen[bytes]
    log: Path

    def render_url(self, name: str, theme: str | None = None) -> str:
        """The Voilà app of notebook ``name`` (relative to the root), in ``theme``."""
        query = f"?theme={urllib.parse.quote(theme)}" if theme else ""
        return f"{self.url}/voila/render/{urllib.parse.quote(name)}{query}"


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """One Voilà server for the session serving a directory (a copy of ``notebooks/`` under
    ``notebooks/``, tests write their own notebooks at the root); the theme can be chosen
    per page (``?theme=dark``).  Stopped by its PID."""
    import voila  # noqa: F401  (in the test extra; a missing voila is a failure, not a skip)

    base = tmp_path_factory.mktemp("voila")
    root = base / "root"
    root.mkdir()
    shutil.copytree(
        REPO_ROOT / "notebooks",
        root / "notebooks",
        ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"),
    )
    env = isolated_env(base)
    port = free_port()
    log = base / "voila.log"
    cmd = [
        sys.executable,
        "-m",
        "voila",
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--ServerApp.port_retries=0",
        "--VoilaConfiguration.allow_theme_override=YES",
    ]
    proc = start_server(cmd, cwd=root, env=env, port=port, log=log, timeout=SERVER_START_TIMEOUT)
    server = VoilaServer(url=f"http://127.0.0.1:{port}", root=root, proc=proc, log=log)
    try:
        yield server
    finally:
        stop_process(proc)


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where a test writes its screenshots: ``$FINSTERE_SHOTS`` (to look at them after the
    run), else the test's temporary directory."""
    out = Path(os.environ.get("FINSTERE_SHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    return out
