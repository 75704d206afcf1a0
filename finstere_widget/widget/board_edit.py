"""The board's edit mode: a click uses the chosen tool (pure logic in :mod:`.editing`; a
refused edit changes nothing and says which rule forbids it)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..engine import Pawn, PositionError
from ..engine.board import Square
from ..engine.i18n import error_message
from .board_traits import BoardTraits
from .editing import Tool, edit_refusal, edited, new_pawn
from .labels import colour_word, place_words


class EditMode(BoardTraits):
    """Clicks in edit mode and the pawns the pawn tool makes."""

    # --- edit mode --------------------------------------------------------------------

    def _click_edit(self, sq: Square | None, zone: str | None) -> None:
        pos = self._position
        tool = self.tool
        if sq is None:
            if tool == "pawn" and zone in ("place:outside", "place:escaped", "place:eaten"):
                self._add_pawn(zone[6:])
            elif tool == "erase" and zone is not None and zone.startswith("pawn:"):
                pid = zone[5:]
                self._commit(
                    pos.replace(pawns=tuple(p for p in pos.pawns if p.id != pid)),
                    self._("removed pawn {pawn}").format(pawn=pid),
                )
            else:
                self.tell(
                    self._(
                        "click on a square of the board (or, with the pawn tool, a tray section)"
                    ),
                    "problem",
                )
            return
        lang = self.lang or None
        why = edit_refusal(pos, tool, sq, lang)
        if why is not None:  # refused before anything changes, with the rule
            self.tell(why, "problem")
            return
        try:
            new, words, pending = edited(
                pos,
                Tool(
                    tool,
                    self.tool_heading,
                    self.tool_pair,
                    self._new_pawn,
                    self._ui.pending_teleporter,
                ),
                sq,
                lang,
            )
            self._ui = replace(self._ui, pending_teleporter=pending)
        except PositionError as exc:
            self.tell(
                self._("cannot do that: {error}").format(error=error_message(exc, lang)), "problem"
            )
            return
        if new is not None:
            self._commit(new, words)
        else:
            self.tell(
                words,
                "info"
                if self._ui.pending_teleporter is not None
                or words == self._("teleporter placement cancelled")
                else "problem",
            )
            self._refresh()

    def _new_pawn(self, at: Any) -> Pawn:
        return new_pawn(self._position, self.tool_player, self.tool_pawn, self.tool_face, at)

    def _add_pawn(self, place: str) -> None:
        pawn = self._new_pawn(place)
        self._commit(
            self._position.replace(pawns=self._position.pawns + (pawn,)),
            self._("placed pawn {pawn} ({player}) {place}").format(
                pawn=pawn.id,
                player=colour_word(pawn.player, self.lang),
                place=place_words(place, self.lang),
            ),
        )
