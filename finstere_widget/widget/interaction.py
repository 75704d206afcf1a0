"""What the user is in the middle of on a board (pure: no ipywidgets), one immutable value
replaced as a whole instead of several attributes poked one by one."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine import Heading
from ..engine.board import Square

Target = Square | str  # a square, or "escaped" / "outside"


@dataclass(frozen=True)
class Interaction:
    """``selected``: the pawn whose moves are lit; ``targets``: its legal destinations (the
    engine's outcome for each); ``path``: scene points of the last move drawn;
    ``pending_teleporter``: the first pad of a pair being placed (square, pair, arrow)."""

    selected: str | None = None
    targets: Mapping[Target, Any] = field(default_factory=dict)
    path: tuple[tuple[float, float], ...] = ()
    pending_teleporter: tuple[Square, str, Heading] | None = None

    def deselected(self) -> Interaction:
        return Interaction(path=self.path, pending_teleporter=self.pending_teleporter)
