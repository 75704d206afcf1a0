"""The words around and on the board: the wall letters in the margin (B3), the square
names in the outer band, the caption strip above the board, and the pawns' id tags (painted
over every overlay, so nothing covers them)."""

from __future__ import annotations

import math

from ..engine import Position
from ..engine.board import ROW_EXTENT, WALL_LETTERS
from . import style as S
from .geometry import center, fit_text, letter_point, tag_width
from .primitives import Group, GroupMemo, memo_group, rect, text
from .tray import TRAY_TAG_SIZE, tray_slots


def wall_letters() -> Group:
    out: Group = []
    for (sq, h), letter in sorted(WALL_LETTERS.items(), key=lambda kv: (kv[0][0], int(kv[0][1]))):
        x, y = letter_point(sq, h)
        out.append(text(x, y, letter, size=11, fill=S.LETTER, bold=True))
    return out


def square_names() -> Group:
    """The square names in the outer band: x 0-15 above the board, y 0-10 left of it, so
    that ``(x, y)`` in the narration is read straight off the picture."""
    out: Group = []
    top = S.CAPTION_H + S.COORD / 2
    for x in range(S.COLS):
        out.append(text(S.OX + (x + 0.5) * S.CELL, top, str(x), size=9, fill=S.COORD_TEXT))
    for y in range(S.ROWS):
        out.append(
            text(S.COORD / 2 + 1, S.OY + (y + 0.5) * S.CELL, str(y), size=9, fill=S.COORD_TEXT)
        )
    return out


#: the caption's text: its start (scene x), size, and the room it has up to the board's
#: right edge
CAPTION_X, CAPTION_SIZE = 10, 12
CAPTION_ROOM = S.WIDTH - CAPTION_X - 6


def caption_fit(words: str, room: float = CAPTION_ROOM, size: float = CAPTION_SIZE) -> str:
    """``words`` as the caption strip can show them whole: cut with "…" (at a word's end
    when one is near) when wider than ``room``. The whole sentence is the log's and the
    screen reader's; the strip must not run off the board mid-word with no sign of it."""
    return fit_text(words, room, size)


def caption_group(words: str, *, banner: bool = False) -> Group:
    """The caption strip and its text (cut to fit: :func:`caption_fit`); ``banner`` paints
    the strip in the tie colour (M5). No words: no strip."""
    words = caption_fit(words)
    if not words and not banner:
        return []  # no empty tinted strip over a board with nothing to say
    out: Group = [rect(0, 0, S.WIDTH, S.CAPTION_H, fill=S.TIE if banner else S.CAPTION_FILL)]
    out.append(
        text(
            CAPTION_X,
            S.CAPTION_H / 2,
            words,
            size=CAPTION_SIZE,
            bold=banner,
            fill=S.TIE_TEXT if banner else S.CAPTION_TEXT,
            anchor="start",
        )
    )
    return out


def pawn_tag(
    cx: float, cy: float, pid: str, size: float = 8, lo: float = -math.inf, hi: float = math.inf
) -> Group:
    """A pawn's id on a light tag centred on (cx, cy), moved sideways to stay within the
    scene x range ``lo``..``hi`` (its row of the board: never over the margin's letters)."""
    w = tag_width(pid, size)
    cx = max(lo + w / 2, min(hi - w / 2, cx))
    h = size + 3
    return [
        rect(
            cx - w / 2,
            cy - h / 2,
            w,
            h,
            r=3,
            fill=S.LABEL_FILL,
            stroke=S.LABEL_TEXT,
            lw=0.6,
            a=0.92,
        ),
        text(cx, cy + 0.5, pid, size=size, fill=S.LABEL_TEXT, bold=True),
    ]


def label_groups(position: Position, memo: GroupMemo | None = None) -> list[Group]:
    """The pawns' ids (on the board and in the tray), painted after every overlay so that
    tie rings, arrows and wall letters never cover them. ``memo``: as in
    :func:`piece_groups`."""
    out: list[Group] = []
    for p in position.pawns:
        if isinstance(p.at, tuple):
            cx, cy = center(p.at)
            first, last = ROW_EXTENT[p.at[1]]
            lo, hi = S.OX + first * S.CELL + 1, S.OX + (last + 1) * S.CELL - 1
            out.append(
                memo_group(memo, ("tag", p.id, p.at), pawn_tag, cx, cy + 14.5, p.id, 8, lo, hi)
            )
    for pid, (x, y) in sorted(tray_slots(position).items()):
        out.append(
            memo_group(memo, ("tray tag", pid, x, y), pawn_tag, x, y + 13, pid, TRAY_TAG_SIZE)
        )
    return out
