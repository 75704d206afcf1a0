"""The board's overlays: per-square heat and labels from Python, the engine's danger map,
and what the interaction draws (selection, lit targets, path, a pending teleporter pad)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..design.danger import danger_map
from ..engine import RuleOptions
from ..render.scene import Overlay
from .board_traits import BoardTraits
from .interaction import Heat, Interaction, heat_of, interaction_overlay


class Overlays(BoardTraits):
    """Heat, labels, danger, and the interaction's marks drawn over the board."""

    # --- overlays ---------------------------------------------------------------------

    def show_values(
        self,
        values: Mapping[Any, float] | None = None,
        labels: Mapping[Any, str | float] | None = None,
        caption: str = "",
    ) -> None:
        """A heat overlay of per-square values (and/or text labels) from Python; a key that
        is not a square of the board is a :class:`PositionError`, a value that is not a
        finite number, a label or caption that is not text a :class:`SceneError`, each
        naming the square or argument (nothing changes)."""
        self._heat = heat_of(values, labels, caption)
        self._refresh()

    def show_danger(
        self, tiles_left: Sequence[str] | None = None, options: RuleOptions | None = None
    ) -> bool:
        """The engine's danger map as a heat overlay: for each empty square, the chance
        that a pawn standing there is taken in the coming monster phase (``tiles_left``:
        the tiles the pile may give, default the whole deck, M1). Returns True."""
        heat = danger_map(self._position, tiles_left, options)
        labels = {sq: f"{v:.0%}" for sq, v in heat.items() if v > 0}
        self.show_values(
            heat,
            labels,
            caption=self._("danger map: chance a pawn on each square is taken next monster phase"),
        )
        return True

    def clear_overlay(self) -> None:
        self._heat = Heat()
        self._ui = Interaction()
        self.tell("", "info")
        self._refresh()

    def _overlay(self) -> Overlay:
        return interaction_overlay(
            self._position, self._ui, self._heat.values, self._heat.labels, self._heat.caption
        )
