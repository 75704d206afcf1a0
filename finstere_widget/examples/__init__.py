"""The rulebooks' worked examples as positions, shipped with the package.

The seeds' examples (French 000, Italian 001, the online guide 002) refer to pictures we do
not have; these ``finstere-position/1`` files (FORMAT.md) are reconstructions built so that
playing RULES.md reproduces each narration step by step. The notebooks load them from here;
``tests/examples/`` holds the same files for the tests (a test keeps the two copies equal).

>>> from finstere_widget import examples
>>> examples.names()[:2]
('monster_advanced_8', 'monster_basic_8')
>>> pos = examples.load("monster_basic_8")
>>> pos.monster.at
(9, 7)

=================================  ====================================================
name                               example
=================================  ====================================================
``monster_basic_8``                monster, basic game, tile 8, pawns A-H (000/001)
``monster_basic_8_without_g``      the same without G: through wall V
``monster_advanced_8``             monster, advanced game, tile 8, pawns A-E (000)
``monster_online_10``              monster, online guide, tile 10 (002)
``pawn_example_1``                 the 4 pushes a stone (000/001, example 1)
``pawn_example_2``                 the 5 walks through two pawns (example 2)
``pawn_example_3``                 the 5 pushes a stone onto the pool (example 3)
=================================  ====================================================

``expectations("pawn_example_1")`` gives the pawn examples' legal and illegal paths
(``{"pawn", "points", "legal": [...], "illegal": [...]}``).
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from ..engine import Position

__all__ = ["data", "expectations", "load", "names"]

#: the tile each monster example is played with
TILES = {
    "monster_basic_8": "8",
    "monster_basic_8_without_g": "8",
    "monster_advanced_8": "8",
    "monster_online_10": "10",
}


def _folder() -> Any:
    return resources.files(__name__)


def names() -> tuple[str, ...]:
    """The example positions shipped with the package, sorted."""
    return tuple(
        sorted(
            f.name[: -len(".json")]
            for f in _folder().iterdir()
            if f.name.endswith(".json") and f.is_file()
        )
    )


def _read(path: Any, what: str, name: str) -> Any:
    if not path.is_file():
        known = ", ".join(names())
        raise KeyError(f"no {what} named {name!r}; known examples: {known}")
    return json.loads(path.read_text(encoding="utf-8"))


def data(name: str) -> dict[str, Any]:
    """The example ``name`` as a FORMAT.md dict (a fresh copy)."""
    result: dict[str, Any] = _read(_folder() / f"{name}.json", "example position", name)
    return result


def load(name: str) -> Position:
    """The example ``name`` (see :func:`names`) as a validated :class:`Position`."""
    return Position.from_dict(data(name))


def expectations(name: str) -> dict[str, Any]:
    """The legal and illegal paths of a pawn example (``pawn_example_1`` .. ``_3``)."""
    result: dict[str, Any] = _read(
        _folder() / "expectations" / f"{name}.json", "pawn-move expectation", name
    )
    return result
