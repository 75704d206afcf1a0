"""The tray below the board: pawns waiting outside the entrance, escaped and out of the
game, where each is drawn, and the click areas of its sections and pawns."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from ..engine import Pawn, Position
from ..engine.i18n import N_, translations
from . import style as S
from .geometry import center, fit_text, tag_width
from .primitives import Group, Zone, line, num, rect, text

#: the tray's sections: place, label, width when none is crowded (in the order drawn)
_SECTIONS: tuple[tuple[str, str, float], ...] = (
    ("escaped", N_("escaped"), 128),
    ("eaten", N_("out of the game"), 150),
    ("outside", N_("waiting outside the entrance"), 342),
)
#: the room between two sections, and the narrowest a section gets when another needs room
TRAY_GAP = 10
TRAY_MIN_W = 60
#: a pawn in the tray is drawn as on the board (its disc, its face's number), its id's tag
#: (margins.label_groups) right under its disc: the tray lines pawns up side by side
TRAY_PAWN_R = S.PAWN_R
#: where a pawn's tag is, below its disc's centre
TRAY_TAG_DY = S.PAWN_R + (S.TEXT_MIN + 3) / 2 - 2
#: the least room between two pawns' centres, and between the tray's two rows
TRAY_STEP = 2 * S.PAWN_R + 4
TRAY_ROW = 45
#: rows of pawns in each tray section, the first row's centre below the tray's top
TRAY_ROWS = 2
_FIRST_ROW = 37
#: the font size of the sections' labels
_LABEL_SIZE = S.TEXT_MIN


class TraySection(NamedTuple):
    """One section of the tray: the pawns of one place off the board (``escaped``,
    ``eaten``: out of the game, ``outside``: waiting at the entrance), its label (a message
    id) and its extent (scene x of its left edge, its width)."""

    place: str
    label: str
    x: float
    w: float


def _sections(widths: Sequence[float]) -> tuple[TraySection, ...]:
    out = []
    x = float(S.OX)
    for (place, label, _), w in zip(_SECTIONS, widths, strict=True):
        out.append(TraySection(place, label, x, w))
        x = float(num(x + w + TRAY_GAP))
    return tuple(out)


#: the tray when no section is crowded
DEFAULT_TRAY = _sections([w for _, _, w in _SECTIONS])


#: the pawns off the board, in the position's order: (id, place, what its tag says) each;
#: while a pawn waits outside, the pawns on the board keep their places in that section too
#: (as ``(GAP + id, "outside", tag)``: a gap, no pawn drawn)
_OffBoard = tuple[tuple[str, str, str], ...]
GAP = "\x00"


def _off_board(position: Position) -> _OffBoard:
    """The pawns off the board by place. The pawns waiting outside keep their slots when
    another one enters the board: a pawn on the board leaves a gap in that section (while
    any pawn still waits there), so the tray never closes up under a pawn's move and the
    path of a pawn entering from the tray starts at its own slot, where no other pawn has
    moved up to."""
    waiting = any(p.at == "outside" for p in position.pawns)
    return tuple(
        (p.id, p.at, short_id(p)) if isinstance(p.at, str) else (GAP + p.id, "outside", "")
        for p in position.pawns
        if isinstance(p.at, str) or waiting
    )


def short_id(pawn: Pawn) -> str:
    """What a pawn's tag says: the number of a pawn named by its player's colour and a
    number (``blue3``: "3", drawn on blue), else its whole id."""
    rest = pawn.id[len(pawn.player) :] if pawn.id.startswith(pawn.player) else ""
    return rest if rest.isdigit() else pawn.id


#: the pawns of each place: (id, tag) each
_ByPlace = dict[str, list[tuple[str, str]]]


def _ids_by_place(off: _OffBoard) -> _ByPlace:
    ids: _ByPlace = {place: [] for place, _, _ in _SECTIONS}
    for pid, place, tag in off:
        ids[place].append((pid, tag))
    return ids


def _step(ids: Sequence[tuple[str, str]]) -> float:
    """The room between two pawns' centres that keeps their tags apart."""
    return max(float(TRAY_STEP), max(tag_width(tag, S.TEXT_MIN) for _, tag in ids) + 2)


def _need(ids: Sequence[tuple[str, str]]) -> float:
    """The width a section needs to draw ``ids`` in its rows with their tags apart."""
    return 12 + math.ceil(len(ids) / TRAY_ROWS) * _step(ids) if ids else 0


def tray_layout(position: Position) -> tuple[TraySection, ...]:
    """The tray's sections for ``position``: :data:`DEFAULT_TRAY` while every section's
    pawns fit in it with their tags apart; else each section as wide as its pawns need
    (at least :data:`TRAY_MIN_W`), the room left over shared in the default proportions,
    and when even that is too little, the sections that need more than the least share
    what is left in proportion to their need (their pawns then drawn closer).

    A value of the position alone (never of the language: a label too long for its section
    is cut, :func:`tray_background`), so the drawing, the click zones and the widget agree."""
    return _tray(_off_board(position))[0]


@lru_cache(maxsize=256)
def _tray(off: _OffBoard) -> tuple[tuple[TraySection, ...], dict[str, tuple[float, float]]]:
    """The tray's layout and slots for these pawns off the board (:func:`tray_layout`,
    :func:`tray_slots`): measured once per set of pawns and places (the frames of a turn
    and the widget's zones ask again and again; the measures are some 0.1 ms)."""
    ids = _ids_by_place(off)
    layout = _layout(ids)
    return layout, _slots(layout, ids)


def _layout(ids: _ByPlace) -> tuple[TraySection, ...]:
    need = [_need(ids[place]) for place, _, _ in _SECTIONS]
    if all(n <= w for n, (_, _, w) in zip(need, _SECTIONS, strict=True)):
        return DEFAULT_TRAY
    room = S.COLS * S.CELL - TRAY_GAP * (len(_SECTIONS) - 1)
    want = [max(float(TRAY_MIN_W), n) for n in need]
    spare = room - sum(want)
    if spare >= 0:
        default = sum(w for _, _, w in _SECTIONS)
        widths = [w + spare * d / default for w, (_, _, d) in zip(want, _SECTIONS, strict=True)]
    else:
        extra = room - TRAY_MIN_W * len(want)
        over = sum(w - TRAY_MIN_W for w in want)
        widths = [TRAY_MIN_W + extra * (w - TRAY_MIN_W) / over for w in want]
    return _sections([float(num(w)) for w in widths])


def tray_background(layout: Sequence[TraySection], lang: str | None = "en") -> Group:
    """The tray under the board with its sections' labels in ``lang`` (None: the locale),
    each cut to its section's width, and a faint line between two sections (their widths
    follow their pawns, so a crowded one may come close to its neighbour's)."""
    words = translations(lang).gettext
    out: Group = [rect(S.OX, S.TRAY_Y, S.COLS * S.CELL, S.TRAY_H, r=6, fill=S.TRAY_FILL)]
    for left in layout[:-1]:
        x = left.x + left.w + TRAY_GAP / 2
        out.append(line(x, S.TRAY_Y + 6, x, S.TRAY_Y + S.TRAY_H - 6, stroke=S.TRAY_TEXT, a=0.3))
    for section in layout:
        label = fit_text(words(section.label), section.w - 8, _LABEL_SIZE)
        out.append(
            text(
                section.x + 6,
                S.TRAY_Y + 12,
                label,
                size=_LABEL_SIZE,
                fill=S.TRAY_TEXT,
                anchor="start",
            )
        )
    return out


def tray_slots(position: Position) -> dict[str, tuple[float, float]]:
    """Centre of each pawn that is not on the board, in its section of the tray
    (:func:`tray_layout`).

    Every such pawn has a slot (seven players' 21 pawns waiting outside, a crowd eaten in
    stage 2): the tray shows the state, no pawn left out. The slots of a section are as far
    apart as its widest id tag, so that no tag covers another, as long as its pawns fit in
    its rows that way; a section with more pawns than that draws them closer."""
    return dict(_tray(_off_board(position))[1])


def _slots(layout: tuple[TraySection, ...], ids_at: _ByPlace) -> dict[str, tuple[float, float]]:
    slots: dict[str, tuple[float, float]] = {}
    for section in layout:
        ids = ids_at[section.place]
        if not ids:
            continue
        room = section.w - 12
        step = _step(ids)
        per_row = max(int(room // step), math.ceil(len(ids) / TRAY_ROWS), 1)
        step = min(step, room / per_row)
        for k, (pid, _) in enumerate(ids):
            if pid.startswith(GAP):
                continue  # a pawn on the board: its slot kept empty
            row, col = divmod(k, per_row)
            slots[pid] = (
                section.x + 6 + step / 2 + col * step,
                S.TRAY_Y + _FIRST_ROW + row * TRAY_ROW,
            )
    return slots


def pawn_zones(position: Position) -> list[Zone]:
    """Click areas (scene units) for the pawns drawn in the tray."""
    r = TRAY_PAWN_R + 1
    return [
        {"id": f"pawn:{pid}", "x": num(x - r), "y": num(y - r), "w": 2 * r, "h": 2 * r}
        for pid, (x, y) in sorted(tray_slots(position).items())
    ]


def place_zones(position: Position) -> list[Zone]:
    """Click areas for the tray's sections in ``position`` (targets "escaped" / "outside")."""
    return [
        {"id": f"place:{s.place}", "x": num(s.x), "y": S.TRAY_Y, "w": num(s.w), "h": S.TRAY_H}
        for s in tray_layout(position)
    ]


def pawns_focus(position: Position, pawns: Sequence[str]) -> tuple[float, float] | None:
    """The middle of ``pawns`` as drawn (a square's centre, or a tray slot for a pawn off
    the board): what a board scrolled sideways shows when it is their player's move. An id
    no pawn has is left out (None when none is left)."""
    slots = tray_slots(position)
    where = {p.id: p.at for p in position.pawns}
    points = []
    for pid in pawns:
        if pid not in where:  # a name the board was given that no pawn has: nothing to show
            continue
        at = where[pid]
        point = center(at) if isinstance(at, tuple) else slots.get(pid)
        if point is not None:
            points.append(point)
    if not points:
        return None
    return (
        sum(x for x, _ in points) / len(points),
        sum(y for _, y in points) / len(points),
    )
