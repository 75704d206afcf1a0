"""The rule ids of docs/rules.md with a short title each (English here; :func:`title` gives
it in the language in use): events cite these ids, the widget shows the titles, and the
tests check every cited id exists."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from .errors import RuleError, shown
from .i18n import gettext

RULES: dict[str, str] = {
    "B1": "Grid: the notched 16x11 board of 156 squares",
    "B2": "Exit (0, 0) and entrance (15, 10)",
    "B3": "Walls and letters: leaving through a wall lands on the same letter opposite",
    "B4": "Basic layout",
    "B5": "Pieces: stones, crystals, pivots, pools, teleporters",
    "P1": "Pawn sets and colours",
    "P2": "A pawn moves up to its number, then is flipped",
    "P3": "Entering costs the first point",
    "P4": "Exiting needs a point left on the exit",
    "P5": "Pass through pawns, end alone, never through the monster",
    "P6": "Pushing one stone into a free square",
    "P7": "Blood: a pawn slides across a pool",
    "P8": "Stones on blood slide across",
    "P9": "Teleporters are walls for pawns",
    "P10": "First round: two pawns each onto the board",
    "T1": "Round: pawns, monster, first player passes left",
    "T2": "Pawn phase: each pawn moves once",
    "T3": "Waiting pawns re-enter or are flipped outside",
    "M1": "Monster tiles: 5, 7, 7, 8, 8, 10, one prey, two prey (at most 20 steps)",
    "M2": "The first tile cannot be a prey tile",
    "M3": "Each step: look, then move one square",
    "M4": "Sight: ahead, left and right; stones and pivots block it",
    "M5": "Choice: nearest pawn; a tie keeps the heading",
    "M6": "Final look after the last step",
    "M7": "Eating",
    "M8": "The monster pushes everything in its way",
    "M9": "Blood: the monster slides across in one step",
    "M10": "Walls: the monster wraps through the letters",
    "M11": "Pivot stones turn a monster that saw no pawn",
    "M12": "Teleporters move the monster to the other pad",
    "M13": "Prey tiles end as soon as enough pawns are taken",
    "S1": "Stages: seven tiles each",
    "S2": "Win: all pawns out but one",
    "S3": "Other ends and tie-breaks",
    "S4": "6-7 player variant: the 5 tile is a three-prey tile",
    "A1": "Advanced game: players place the pieces",
    "A2": "Placement limits",
    "A3": "Online placement variant",
}


def title(rule: str, lang: str | None = None) -> str:
    """The title of ``rule`` (``"M5"``) in ``lang`` (None: the language in use, see
    :func:`~finstere_widget.engine.i18n.use_language`), or a :class:`RuleError` naming the
    unknown id."""
    try:
        english = RULES[rule]
    except (KeyError, TypeError):
        raise RuleError("unknown rule id {rule}", rule=shown(rule)) from None
    return gettext(english, lang)


@cache
def _texts() -> dict[str, dict[str, str]]:
    data = resources.files(__package__).joinpath("rules_text.json").read_text(encoding="utf-8")
    rules: dict[str, dict[str, str]] = json.loads(data)["rules"]
    return rules


def rule_text(rule: str) -> str:
    """The section of docs/rules.md for ``rule`` (``"M9"``, ``"FAQ 5"``) as plain text, in
    English (the page's language): the rule, its option and the sources it rests on, as
    ``tools/rules_text.py`` ships it. An id the page has no section for gives ``""``."""
    entry = _texts().get(rule) if isinstance(rule, str) else None
    return entry["text"] if entry is not None else ""
