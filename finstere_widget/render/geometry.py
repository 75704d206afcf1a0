"""Where things are in the scene: square corners and centres, the sides of a square and
the margin letters beyond them, rotations by heading, arrow and arc outlines. Numbers only:
no primitives, no colours (layout constants come from :mod:`.style`)."""

from __future__ import annotations

import math

from ..engine import Heading
from ..engine.board import WALL_LETTERS, Square
from . import style as S
from .primitives import Geometry


def square_origin(sq: Square) -> tuple[float, float]:
    """Scene coordinates of a square's top-left corner."""
    return S.OX + sq[0] * S.CELL, S.OY + sq[1] * S.CELL


def center(sq: Square) -> tuple[float, float]:
    x, y = square_origin(sq)
    return x + S.CELL / 2, y + S.CELL / 2


def heading_delta(h: Heading) -> tuple[int, int]:
    return h.delta


def rotate(dx: float, dy: float, h: Heading) -> tuple[float, float]:
    """Rotate a vector given for heading N (forward = up) to heading ``h``."""
    for _ in range(int(h)):
        dx, dy = -dy, dx
    return dx, dy


def edge_point(sq: Square, h: Heading, out: float = 0) -> tuple[float, float]:
    """The midpoint of ``sq``'s side towards ``h``, pushed ``out`` units beyond it."""
    cx, cy = center(sq)
    dx, dy = heading_delta(h)
    d = S.CELL / 2 + out
    return cx + dx * d, cy + dy * d


#: how far a wall letter at a step of the outline moves along its wall, away from the
#: step's inner corner (a fraction of a square)
STEP_SHIFT = 0.2


def _letter_points() -> dict[tuple[Square, Heading], tuple[float, float]]:
    """Every wall letter's point: beyond its side's middle, except at a step of the
    notched outline, where the two letters of the step's inner corner (M and N beside
    square (12, 1)) would overlap: there each moves along its wall, away from the other."""
    base = {key: edge_point(key[0], key[1], S.MARGIN / 2) for key in WALL_LETTERS}
    points = dict(base)
    near = S.CELL * 0.6
    for (sq, h), (x, y) in base.items():
        for (sq2, h2), (x2, y2) in base.items():
            if (sq2, h2) == (sq, h) or h2 % 2 == h % 2 or math.hypot(x - x2, y - y2) >= near:
                continue
            # along the wall (across the heading), away from the other letter
            dx, dy = heading_delta(Heading((h + 1) % 4))
            away = 1 if (x2 - x) * dx + (y2 - y) * dy < 0 else -1
            shift = away * S.CELL * STEP_SHIFT
            points[(sq, h)] = (x + dx * shift, y + dy * shift)
    return points


def letter_point(sq: Square, h: Heading) -> tuple[float, float]:
    """Where the wall letter on ``sq``'s ``h`` side is written (:func:`_letter_points`)."""
    found = _LETTER_POINTS.get((sq, h))
    return found if found is not None else edge_point(sq, h, S.MARGIN / 2)


def arrow_shape(
    cx: float, cy: float, h: Heading, length: float, width: float, head: float | None = None
) -> list[tuple[float, float]]:
    """A block arrow centred on (cx, cy) pointing towards ``h``."""
    hl = head if head is not None else length * 0.45
    half = length / 2
    sw = width * 0.38
    local = [
        (-sw, half),
        (-sw, half - (length - hl)),
        (-width / 2, -half + hl),
        (0, -half),
        (width / 2, -half + hl),
        (sw, half - (length - hl)),
        (sw, half),
    ]
    return [(cx + dx, cy + dy) for dx, dy in (rotate(px, py, h) for px, py in local)]


def arc_points(
    cx: float, cy: float, r: float, a0: float, a1: float, n: int = 14
) -> list[tuple[float, float]]:
    return [
        (cx + r * math.cos(a0 + (a1 - a0) * i / n), cy + r * math.sin(a0 + (a1 - a0) * i / n))
        for i in range(n + 1)
    ]


def arrow_head(
    tip: tuple[float, float], direction: tuple[float, float], size: float
) -> list[tuple[float, float]]:
    dx, dy = direction
    norm = math.hypot(dx, dy) or 1.0
    ux, uy = dx / norm, dy / norm
    bx, by = tip[0] - ux * size, tip[1] - uy * size
    px, py = -uy * size * 0.6, ux * size * 0.6
    return [tip, (bx + px, by + py), (bx - px, by - py)]


def geometry() -> Geometry:
    """What the browser needs to map a click to a square, and how narrow a pane it shows the
    whole board in (:data:`~finstere_widget.render.style.FIT_WIDTH`; narrower, the board
    keeps :data:`~finstere_widget.render.style.MIN_DISPLAY_WIDTH` and scrolls)."""
    return {
        "w": S.WIDTH,
        "h": S.HEIGHT,
        "ox": S.OX,
        "oy": S.OY,
        "cell": S.CELL,
        "cols": S.COLS,
        "rows": S.ROWS,
        "min_w": S.MIN_DISPLAY_WIDTH,
        "fit_w": S.FIT_WIDTH,
        "palettes": {name: dict(p) for name, p in S.PALETTES.items()},
    }


#: widths of the bold sans-serif glyphs a pawn id may hold (em), for sizing its tag
_NARROW, _WIDE = frozenset("IJfijlrt-_"), frozenset("MWmw")


def id_width(pid: str, size: float) -> float:
    """The width of ``pid`` in bold at ``size``, from its glyphs' widths (never below the
    font's own: M/W 1.1 em, most letters and digits up to 0.85 em, I/i/l/- about 0.45 em)."""
    return size * sum(0.5 if c in _NARROW else 1.1 if c in _WIDE else 0.86 for c in pid)


def tag_width(pid: str, size: float) -> float:
    """The width of a pawn's id tag (the id at ``size`` and its padding): the board's and
    the tray's tags, and the room the tray leaves between its pawns."""
    return id_width(pid, size) + 5


#: widths (em) of the regular sans-serif glyphs (the captions, the tray's labels), as wide as DejaVu Sans (the
#: widest of the fonts the board asks for); any other character 0.64 em, CJK and the like 1 em
_TEXT_EM: dict[str, float] = {
    **dict.fromkeys(" .,:;!'|", 0.34),
    **dict.fromkeys("ijlI", 0.3),
    **dict.fromkeys("ft-()[]", 0.4),
    **dict.fromkeys("r", 0.42),
    **dict.fromkeys("sz", 0.53),
    **dict.fromkeys("cvxyk", 0.6),
    **dict.fromkeys("ABCDEFGHKLNOPQRSTUVXYZ", 0.78),
    **dict.fromkeys("mwMW—→←↑↓▶◀", 1.0),
}


def text_width(words: str, size: float) -> float:
    """The width of ``words`` in the regular font at ``size`` (scene units), never below
    the font's own (the widest of the board's fonts, glyph by glyph): the caption's and the
    tray's labels."""
    return size * sum(_TEXT_EM.get(c, 0.64 if ord(c) < 0x2E80 else 1.0) for c in words)


def fit_text(words: str, room: float, size: float) -> str:
    """``words`` whole when :func:`text_width` fits ``room``, else cut with "…" (at a word's
    end when one is near)."""
    if text_width(words, size) <= room:
        return words
    cut = words
    while cut and text_width(cut + "…", size) > room:
        cut = cut[:-1]
    space = cut.rfind(" ")
    if space >= len(cut) - 12 and space > 0:
        cut = cut[:space]
    return cut.rstrip(" ,;:—-") + "…"


_LETTER_POINTS = _letter_points()
