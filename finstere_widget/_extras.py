"""Optional dependencies: a missing extra fails with one line naming the install to run."""

from __future__ import annotations

import importlib


class MissingExtraError(ModuleNotFoundError):
    """A part of the package needs an extra that is not installed."""


def require(extra: str, *modules: str, part: str) -> None:
    """Import ``modules`` or raise :class:`MissingExtraError` naming
    ``pip install "finstere_widget[EXTRA]"``."""
    for name in modules:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            missing = exc.name or name  # the module really missing (maybe one ``name`` needs)
            raise MissingExtraError(
                f"{part} needs the '{extra}' extra ({missing} is not installed): "
                f'pip install "finstere_widget[{extra}]"',
                name=missing,
            ) from exc
