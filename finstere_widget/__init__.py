"""finstere_widget: the rules of Finstere Flure (Fearsome Floors) as an engine that explains
the monster, with a canvas widget and teaching notebooks.

The engine (``finstere_widget.engine``) is pure Python; the widget needs the ``widget`` extra.
The names below are imported on first use (PEP 562): ``import finstere_widget`` and
``finstere-widget --version`` load no engine module.
"""

from __future__ import annotations

# not ``from typing import TYPE_CHECKING``: importing typing would double the start-up
# (mypy reads this idiom the same way)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .engine import Position, RuleOptions, look, monster_turn

__version__ = "0.1.0"

__all__ = ["Position", "RuleOptions", "__version__", "look", "monster_turn"]

#: the engine's names this package re-exports
_ENGINE = frozenset(__all__) - {"__version__"}


def __getattr__(name: str) -> Any:
    if name not in _ENGINE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from . import engine

    value = getattr(engine, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | _ENGINE)
