"""The words around and on the board: the wall letters in the margin (B3), the square
names in the outer band, the caption strip above the board, and the pawns' id tags (painted
over every overlay, so nothing covers them)."""

from __future__ import annotations

import math

from ..engine import Position
from ..engine.board import ROW_EXTENT, WALL_LETTERS
from . import style as S
from .geometry import center, fit_text, letter_point, tag_width, text_width
from .primitives import Group, GroupMemo, memo_group, rect, text
from .tray import TRAY_TAG_DY, short_id, tray_slots


def wall_letters() -> Group:
    out: Group = []
    for (sq, h), letter in sorted(WALL_LETTERS.items(), key=lambda kv: (kv[0][0], int(kv[0][1]))):
        x, y = letter_point(sq, h)
        out.append(text(x, y, letter, size=S.TEXT_MIN, fill=S.LETTER, bold=True))
    return out


def square_names() -> Group:
    """The square names in the outer band: x 0-15 above the board, y 0-10 left of it, so
    that ``(x, y)`` in the narration is read straight off the picture."""
    out: Group = []
    top = S.CAPTION_H + S.COORD / 2
    for x in range(S.COLS):
        out.append(text(S.OX + (x + 0.5) * S.CELL, top, str(x), size=S.TEXT_MIN, fill=S.COORD_TEXT))
    for y in range(S.ROWS):
        out.append(
            text(S.COORD / 2, S.OY + (y + 0.5) * S.CELL, str(y), size=S.TEXT_MIN, fill=S.COORD_TEXT)
        )
    return out


#: the caption's text: its start (scene x), size, and the room it has up to the board's
#: right edge
CAPTION_X, CAPTION_SIZE = 10, S.TEXT_MIN
CAPTION_ROOM = S.WIDTH - CAPTION_X - 6


def caption_fit(words: str, room: float = CAPTION_ROOM, size: float = CAPTION_SIZE) -> str:
    """``words`` as one line of the caption strip can show them whole: cut with "…" (at a
    word's end when one is near) when wider than ``room``. The whole sentence is the log's
    and the screen reader's; the strip must not run off the board mid-word with no sign of
    it."""
    return fit_text(words, room, size)


#: how much wider the bold font sets a text than the regular one (the widest of the
#: board's fonts: DejaVu Sans Bold against DejaVu Sans, about 1.12)
BOLD_WIDER = 1.15


def caption_lines(words: str, bold: bool = False) -> list[str]:
    """``words`` in the caption strip's two lines (at the board's smallest text size a
    step's sentence often takes more than one): broken between words, the second line cut
    with "…" when even two do not hold them (:func:`caption_fit`); ``bold`` (the tie's
    banner) measured as the wider bold font sets them."""
    room = CAPTION_ROOM / BOLD_WIDER if bold else CAPTION_ROOM
    if not words or text_width(words, CAPTION_SIZE) <= room:
        return [words] if words else []
    first = caption_fit(words, room)
    cut = len(first) - 1 if first.endswith("…") else len(first)
    space = words.rfind(" ", 0, cut + 1)
    if space <= 0:
        return [first]
    return [words[:space].rstrip(), caption_fit(words[space + 1 :].lstrip(), room)]


def caption_group(words: str, *, banner: bool = False) -> Group:
    """The caption strip and its text in one or two lines (:func:`caption_lines`);
    ``banner`` paints the strip in the tie colour (M5). No words: no strip."""
    lines = caption_lines(words, bold=banner)
    if not lines and not banner:
        return []  # no empty tinted strip over a board with nothing to say
    out: Group = [rect(0, 0, S.WIDTH, S.CAPTION_H, fill=S.TIE if banner else S.CAPTION_FILL)]
    step = S.CAPTION_H / 2
    top = S.CAPTION_H / 2 - (len(lines) - 1) * step / 2
    for k, line in enumerate(lines):
        out.append(
            text(
                CAPTION_X,
                top + k * step,
                line,
                size=CAPTION_SIZE,
                bold=banner,
                fill=S.TIE_TEXT if banner else S.CAPTION_TEXT,
                anchor="start",
            )
        )
    return out


def pawn_tag(
    cx: float,
    cy: float,
    pid: str,
    size: float = S.TEXT_MIN,
    lo: float = -math.inf,
    hi: float = math.inf,
    *,
    player: str | None = None,
) -> Group:
    """A pawn's id (:func:`short_id`) on a tag centred on (cx, cy): in its ``player``'s
    colour (None: a light tag), moved sideways to stay within the scene x range ``lo``..``hi``
    (its row of the board: never over the margin's letters)."""
    w = tag_width(pid, size)
    cx = max(lo + w / 2, min(hi - w / 2, cx))
    h = size + 3
    fill = S.PLAYER.get(player, S.PLAYER_FALLBACK) if player is not None else S.LABEL_FILL
    ink = S.PLAYER_TEXT.get(player, S.PLAYER_TEXT_FALLBACK) if player is not None else S.LABEL_TEXT
    return [
        rect(cx - w / 2, cy - h / 2, w, h, r=3, fill=fill, stroke=S.PAWN_EDGE, lw=0.8),
        text(cx, cy + 0.5, pid, size=size, fill=ink, bold=True),
    ]


def label_groups(position: Position, memo: GroupMemo | None = None) -> list[Group]:
    """The pawns' ids (on the board and in the tray), painted after every overlay so that
    tie rings, arrows and wall letters never cover them: each pawn's number on its player's
    colour, down and right of its disc on the board, right under it in the tray. ``memo``: as in :func:`piece_groups`."""
    out: list[Group] = []
    d = S.PAWN_SHIFT + S.TAG_SHIFT
    for p in position.pawns:
        if isinstance(p.at, tuple):
            cx, cy = center(p.at)
            first, last = ROW_EXTENT[p.at[1]]
            # within the row, clear of the outline (4 wide: 2 inside the board) and 1 more
            lo, hi = S.OX + first * S.CELL + 3, S.OX + (last + 1) * S.CELL - 3
            out.append(
                memo_group(
                    memo,
                    ("tag", p.id, p.player, p.at),
                    _tag,
                    cx + d,
                    cy + d,
                    short_id(p),
                    lo,
                    hi,
                    p.player,
                )
            )
    slots = tray_slots(position)
    for p in sorted(position.pawns, key=lambda p: p.id):
        if p.id in slots:
            x, y = slots[p.id]
            out.append(
                memo_group(
                    memo,
                    ("tray tag", p.id, p.player, x, y),
                    _tag,
                    x,
                    y + TRAY_TAG_DY,
                    short_id(p),
                    -math.inf,
                    math.inf,
                    p.player,
                )
            )
    return out


def _tag(cx: float, cy: float, pid: str, lo: float, hi: float, player: str) -> Group:
    return pawn_tag(cx, cy, pid, S.TEXT_MIN, lo, hi, player=player)
