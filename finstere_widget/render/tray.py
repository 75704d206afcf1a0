"""The tray below the board: pawns waiting outside the entrance, escaped and out of the
game, where each is drawn, and the click areas of its sections and pawns."""

from __future__ import annotations

import math

from ..engine import Position
from ..engine.i18n import N_, translations
from . import style as S
from .geometry import tag_width
from .primitives import Group, Zone, num, rect, text

TRAY_SECTIONS: tuple[tuple[str, str, float, float], ...] = (
    # place, label, x offset from the board's left edge, width
    ("escaped", N_("escaped"), 0, 180),
    ("eaten", N_("out of the game"), 190, 140),
    ("outside", N_("waiting outside the entrance"), 340, 300),
)


TRAY_PAWN_R = 9


TRAY_STEP = 28


TRAY_ROW = 26


def tray_background(lang: str | None = "en") -> Group:
    """The tray under the board, its sections labelled in ``lang`` (None: the locale)."""
    words = translations(lang).gettext
    out: Group = [rect(S.OX, S.TRAY_Y, S.COLS * S.CELL, S.TRAY_H, r=6, fill=S.TRAY_FILL)]
    for _, label, dx, _w in TRAY_SECTIONS:
        out.append(
            text(
                S.OX + dx + 6, S.TRAY_Y + 8, words(label), size=9, fill=S.TRAY_TEXT, anchor="start"
            )
        )
    return out


#: the font size of the ids' tags under the tray's pawns (margins.label_groups draws them)
TRAY_TAG_SIZE = 7


#: rows of pawns in each tray section
TRAY_ROWS = 2


def tray_slots(position: Position) -> dict[str, tuple[float, float]]:
    """Centre of each pawn that is not on the board, in the tray below the board.

    Every such pawn has a slot (seven players' 21 pawns waiting outside, a crowd eaten in
    stage 2): the tray shows the state, no pawn left out. The slots of a section are as far
    apart as its widest id tag, so that no tag covers another, as long as its pawns fit in
    its rows that way; a section with more pawns than that draws them closer."""
    slots: dict[str, tuple[float, float]] = {}
    for place, _, dx, w in TRAY_SECTIONS:
        ids = [p.id for p in position.pawns if p.at == place]
        if not ids:
            continue
        room = w - 12
        widest = max(tag_width(pid, TRAY_TAG_SIZE) for pid in ids)
        step = max(float(TRAY_STEP), widest + 2)
        per_row = max(int(room // step), math.ceil(len(ids) / TRAY_ROWS), 1)
        step = min(step, room / per_row)
        for k, pid in enumerate(ids):
            row, col = divmod(k, per_row)
            slots[pid] = (
                S.OX + dx + 6 + step / 2 + col * step,
                S.TRAY_Y + 22 + row * TRAY_ROW,
            )
    return slots


def pawn_zones(position: Position) -> list[Zone]:
    """Click areas (scene units) for the pawns drawn in the tray."""
    r = TRAY_PAWN_R + 1
    return [
        {"id": f"pawn:{pid}", "x": num(x - r), "y": num(y - r), "w": 2 * r, "h": 2 * r}
        for pid, (x, y) in sorted(tray_slots(position).items())
    ]


def place_zones() -> list[Zone]:
    """Click areas for the tray sections (targets "escaped" / "outside")."""
    return [
        {"id": f"place:{place}", "x": num(S.OX + dx), "y": S.TRAY_Y, "w": num(w), "h": S.TRAY_H}
        for place, _, dx, w in TRAY_SECTIONS
    ]
