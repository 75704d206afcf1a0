"""Optional dependencies: a missing extra fails with one line naming the install to run."""

from __future__ import annotations

import importlib
import importlib.util


class MissingExtraError(ModuleNotFoundError):
    """A part of the package needs an extra that is not installed: ``part`` (what needs it),
    ``extra`` (its name) and ``name`` (the module missing)."""

    part: str = ""
    extra: str = ""


def missing_extra(extra: str, missing: str, part: str) -> MissingExtraError:
    """The one-line error for ``part`` lacking ``missing`` (a module of ``extra``)."""
    error = MissingExtraError(
        f"{part} needs the '{extra}' extra ({missing} is not installed): "
        f'pip install "finstere_widget[{extra}]"',
        name=missing,
    )
    error.part, error.extra = part, extra
    return error


def require(extra: str, *modules: str, part: str) -> None:
    """Import ``modules`` or raise :class:`MissingExtraError` naming
    ``pip install "finstere_widget[EXTRA]"`` (raised ``from None``: one line, no chained
    traceback)."""
    for name in modules:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            # the module really missing (maybe one that ``name`` needs)
            raise missing_extra(extra, exc.name or name, part) from None


def installed(extra: str, *modules: str, part: str) -> None:
    """Like :func:`require`, without importing: each of ``modules`` must be findable. For a
    package whose import should stay cheap (the widgets import anywidget on first use)."""
    for name in modules:
        try:
            found = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            found = None
        if found is None:
            raise missing_extra(extra, name, part) from None
