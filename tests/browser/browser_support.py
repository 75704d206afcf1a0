"""Plumbing shared by the browser fixtures (conftest.py) and the browser tests: free ports,
isolated Jupyter directories, stopping a server's process group, polling a page, reading a
canvas pixel, collecting a page's uncaught JavaScript errors and failing on them."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from pathlib import Path
from typing import Any

from finstere_widget.engine import Position


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def isolated_env(base: Path) -> dict[str, str]:
    """The environment for a Jupyter/Voila server whose config, data, runtime and IPython
    directories live under ``base`` (created here)."""
    env = dict(os.environ)
    for var, sub in [
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTER_DATA_DIR", "data"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("IPYTHONDIR", "ipython"),
    ]:
        (base / sub).mkdir(exist_ok=True)
        env[var] = str(base / sub)
    env.pop("JUPYTER_PATH", None)
    env["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"
    return env


def stop_process(proc: subprocess.Popen[bytes]) -> None:
    """Stop a server we started, by its PID (its own process group holds its kernels)."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            pass
    # Kernels are in the server's process group (start_new_session=True: pgid == proc.pid).
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
        except (ProcessLookupError, PermissionError):
            break
        time.sleep(0.5)
    if proc.poll() is None:
        proc.kill()
        proc.wait(timeout=10)


def wait_for(page: Any, predicate: Any, timeout: float, what: str, poll_ms: int = 100) -> Any:
    """Poll ``predicate``; waits via Playwright so that page events keep being delivered."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        last = predicate()
        if last:
            return last
        page.wait_for_timeout(poll_ms)
    raise AssertionError(f"timed out after {timeout} s waiting for {what} (last: {last!r})")


def canvas_pixel(canvas: Any, x: int, y: int) -> list[int]:
    """RGBA of the canvas backing store at device pixel (x, y)."""
    return list(
        canvas.evaluate(
            "(c, [x, y]) => Array.from(c.getContext('2d').getImageData(x, y, 1, 1).data)",
            [x, y],
        )
    )


def start_server(
    cmd: list[str], *, cwd: Path, env: dict[str, str], port: int, log: Path, timeout: float
) -> subprocess.Popen[bytes]:
    """Start ``cmd`` (a server listening on 127.0.0.1:``port``) in its own process group,
    output to ``log``; return once the port accepts connections. Stopped (and an error
    raised with the log's end) if it exits or does not answer within ``timeout`` s."""
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            cmd,
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    deadline = time.monotonic() + timeout
    try:
        while True:
            if proc.poll() is not None:
                raise RuntimeError(
                    f"{cmd[:4]} exited with {proc.returncode}:\n{log.read_text()[-3000:]}"
                )
            try:
                socket.create_connection(("127.0.0.1", port), timeout=2).close()
                return proc
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError(
                        f"{cmd[:4]} not answering after {timeout:.0f} s:\n{log.read_text()[-3000:]}"
                    ) from None
                time.sleep(0.25)
    except BaseException:
        stop_process(proc)
        raise


def write_notebook(path: Path, cells: list[str]) -> Path:
    """A Python 3 notebook of ``cells`` (code) at ``path``."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nb.cells = [nbformat.v4.new_code_cell(src) for src in cells]
    nbformat.write(nb, path)
    return path


#: the tour's position "first" (section 4 of notebooks/src/01_tour.md and notebooks/01_tour.py),
#: which the marimo and JupyterLite tests run
TOUR_FIRST = Position.from_dict(
    {
        "format": "finstere-position/1",
        "layout": "basic",
        "monster": {"at": [0, 0], "facing": "E"},
        "pawns": [
            {"id": "A", "player": "blue", "light": 1, "dark": 6, "up": "dark", "at": [5, 0]},
            {"id": "B", "player": "red", "light": 3, "dark": 4, "up": "dark", "at": [0, 4]},
            {"id": "C", "player": "blue", "light": 5, "dark": 2, "up": "dark", "at": [11, 6]},
        ],
    }
)


# Known, harmless errors of the upstream front ends themselves (not of this project's code),
# ignored by ``assert_no_page_errors`` for the UI they belong to.  Keep this short and exact.
KNOWN_UPSTREAM_PAGE_ERRORS: dict[str, tuple[str, ...]] = {
    "notebook": (
        # Notebook 7.6: @jupyterlab/shortcuts-extension listens to the setting registry's
        # pluginChanged although its own plugin is absent from Notebook's registry; the forced
        # reload of @jupyterlab/docmanager-extension:plugin at start-up then throws in that
        # listener (`registry.plugins[shortcutsId].schema`).  On every Notebook 7 page, /tree too.
        "TypeError: Cannot read properties of undefined (reading 'schema')",
    ),
}


def collect_page_errors(page: Any, errors: list[str] | None = None) -> list[str]:
    """Collect the uncaught JavaScript errors (``pageerror``) of ``page`` from now on, each
    as its stack (or its name and message when it has none), into ``errors`` (a new list
    when None): the list, which fills as the page runs."""
    into: list[str] = [] if errors is None else errors
    page.on("pageerror", lambda exc: into.append(exc.stack or f"{exc.name}: {exc.message}"))
    return into


def assert_no_page_errors(page: Any, errors: list[str], ui: str | None = None) -> None:
    """Fail on any uncaught JavaScript error ``collect_page_errors`` gathered for ``page``,
    except ``KNOWN_UPSTREAM_PAGE_ERRORS[ui]``. Waits 200 ms first (through Playwright, so
    that the events still pending are delivered)."""
    page.wait_for_timeout(200)
    known = KNOWN_UPSTREAM_PAGE_ERRORS.get(ui or "", ())
    real = [e for e in errors if e.split("\n", 1)[0].strip() not in known]
    assert not real, "uncaught JavaScript errors in the page:\n" + "\n\n".join(real)
