"""The board's overlays: per-square heat and labels from Python, the engine's danger map,
and what the interaction draws (selection, lit targets, path, a pending teleporter pad)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..engine import RuleOptions, danger_map, on_board
from ..engine.board import Square
from ..render import style as S
from ..render.scene import (
    TRAY_PAWN_R,
    Group,
    Overlay,
    circle,
    place_zones,
    ring,
    teleporter_group,
    tray_slots,
)
from .board_traits import BoardTraits, _square_of
from .interaction import Interaction


class Overlays(BoardTraits):
    """Heat, labels, danger, and the interaction's marks drawn over the board."""

    # --- overlays ---------------------------------------------------------------------

    def show_values(
        self,
        values: Mapping[Any, float] | None = None,
        labels: Mapping[Any, str] | None = None,
        caption: str = "",
    ) -> None:
        """A heat overlay of per-square values (and/or text labels) from Python."""
        self._heat = {self._key(k): float(v) for k, v in (values or {}).items()}
        self._labels = {self._key(k): str(v) for k, v in (labels or {}).items()}
        self._caption = caption
        self._refresh()

    @staticmethod
    def _key(k: Any) -> Square:
        sq = _square_of(k)
        if sq is None or not on_board(sq):
            raise ValueError(f"{k!r} is not a square of the board (B1)")
        return sq

    def show_danger(
        self, tiles_left: Sequence[str] | None = None, options: RuleOptions | None = None
    ) -> bool:
        """The engine's danger map as a heat overlay: for each empty square, the chance
        that a pawn standing there is taken in the coming monster phase (``tiles_left``:
        the tiles the pile may give, default the whole deck, M1). Returns True."""
        heat = danger_map(self._position, tiles_left, options)
        labels = {sq: f"{v:.0%}" for sq, v in heat.items() if v > 0}
        self.show_values(heat, labels, caption="danger map: chance the monster reaches each square")
        return True

    def clear_overlay(self) -> None:
        self._heat = None
        self._labels = None
        self._caption = ""
        self._ui = Interaction()
        self.tell("", "info")
        self._refresh()

    def _overlay(self) -> Overlay:
        pos = self._position
        targets = [t for t in self._ui.targets if isinstance(t, tuple)]
        selected: Any = None
        extra_over: list[Group] = []
        extra_under: list[Group] = []
        stay = None  # a waiting pawn may stay outside (P2): only that pawn is marked
        if self._ui.selected is not None:
            pawn = pos.pawn_by_id.get(self._ui.selected)
            if pawn is not None and isinstance(pawn.at, tuple):
                selected = pawn.at
            elif pawn is not None:
                selected = tray_slots(pos).get(pawn.id)
                if pawn.at in self._ui.targets and selected is not None:
                    stay = pawn.at
                    extra_under.append(
                        [circle(selected[0], selected[1], TRAY_PAWN_R + 6, fill=S.TARGET, a=0.35)]
                    )
        zones = [
            z
            for z in place_zones()
            if z["id"].split(":", 1)[1] in self._ui.targets and z["id"] != f"place:{stay}"
        ]
        if self._ui.pending_teleporter is not None:
            sq, pair, arrow = self._ui.pending_teleporter
            extra_over.append(teleporter_group(pos, sq, pair, arrow, a=0.6))
            extra_over.append(ring(sq, S.PENDING, r=19, lw=3, dash=[5, 4]))
        return Overlay(
            targets=targets,
            target_zones=zones,
            path=self._ui.path,
            heat=self._heat,
            labels=self._labels,
            selected=selected,
            caption=self._caption,
            extra_under=extra_under,
            extra_over=extra_over,
        )
