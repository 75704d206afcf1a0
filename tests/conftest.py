"""Project-wide pytest configuration.

* Notebooks under tests/ (e.g. tests/browser/smoke.ipynb) are fixtures for the browser tests,
  not nbval targets: they are ignored even when pytest runs with --nbval/--nbval-lax.
  The teaching notebooks live in notebooks/ and are run by `.ci/test` with --nbval-lax.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.distributions import Dist, build

REPO_ROOT = Path(__file__).resolve().parent.parent

collect_ignore_glob = ["**/*.ipynb", "*.ipynb"]

# narration, CLI and widgets speak the locale's language by default; the tests (and the
# notebooks they execute) pin English texts, so they run in English on every machine
os.environ["FINSTERE_WIDGET_LANG"] = "en"


def running_in_ci() -> bool:
    """True when CI=true (or 1/yes) is set, as it is on the CI machine."""
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO_ROOT


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``league`` (docs/bots.md's full-size bot league: many minutes) run only
    when asked for by name in ``-m`` (``pytest -m league``); otherwise they are deselected
    (reported as such), never skipped as if passed."""
    if "league" in (config.getoption("markexpr") or ""):
        return
    chosen = [item for item in items if item.get_closest_marker("league") is None]
    if len(chosen) != len(items):
        config.hook.pytest_deselected(
            items=[item for item in items if item.get_closest_marker("league") is not None]
        )
        items[:] = chosen


@pytest.fixture(scope="session")
def built_dist(tmp_path_factory: pytest.TempPathFactory) -> Dist:
    """The wheel and sdist built from the working copy, once per session (per worker)."""
    return build(tmp_path_factory.mktemp("dist"))
