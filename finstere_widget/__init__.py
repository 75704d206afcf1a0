"""finstere_widget: the rules of Finstere Flure (Fearsome Floors) as an engine that explains
the monster, with a canvas widget and teaching notebooks.

The engine (``finstere_widget.engine``) is pure Python; the widget needs the ``widget`` extra.
"""

from .engine import Position, RuleOptions, look, monster_turn

__version__ = "0.1.0"

__all__ = ["Position", "RuleOptions", "__version__", "look", "monster_turn"]
