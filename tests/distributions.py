"""Building the distributions once per test session and installing the wheel into a fresh
environment (tests/test_packaging.py, tests/test_quickstart.py), offline and fast: the
build runs without isolation (hatchling is in the test environment), the new environment
has no pip of its own (this environment's pip installs into it with ``--python``) and only
the wheel, no dependency (the package needs none)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: a file marimo writes beside a notebook it opened: never part of a distribution
MARIMO_CACHE = "notebooks/__marimo__/session/01_tour.py.json"


@dataclass(frozen=True)
class Dist:
    wheel: Path
    sdist: Path


def working_copy(dest: Path) -> Path:
    """The checkout's files as they are now (tracked and new, not ignored), plus a marimo
    session cache as a working copy holds after ``marimo edit``."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT,
        capture_output=True,
        check=False,
    )
    if listed.returncode == 0:
        for rel in filter(None, listed.stdout.decode().split("\0")):
            src = ROOT / rel
            if src.is_file():
                (dest / rel).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(src, dest / rel)
    else:  # not a git checkout (an unpacked sdist): everything but the caches
        shutil.copytree(
            ROOT,
            dest,
            dirs_exist_ok=True,
            ignore=shutil.ignore_patterns(".venv", "site", ".git", "*cache*", "dist", "build"),
        )
    cache = dest / MARIMO_CACHE
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text("{}", encoding="utf-8")
    return dest


def build(tmp: Path) -> Dist:
    source = working_copy(tmp / "src")
    out = tmp / "dist"
    done = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(source)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return Dist(next(out.glob("*.whl")), next(out.glob("*.tar.gz")))


def fresh_env(wheel: Path, where: Path) -> Path:
    """A new virtual environment holding only ``wheel``; returns its ``bin`` folder."""
    venv.EnvBuilder(with_pip=False, clear=True).create(where)
    bin_dir = where / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / "python"
    done = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q"]
        + ["--disable-pip-version-check", "--no-deps", "--no-index", str(wheel)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return bin_dir


def env_for(bin_dir: Path) -> dict[str, str]:
    """The environment of a shell in which ``bin_dir``'s environment is activated: its
    commands first on PATH, nothing of this checkout on the import path."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    env["VIRTUAL_ENV"] = str(bin_dir.parent)
    return env
