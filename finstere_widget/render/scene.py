"""The one drawing definition: a position (plus overlays) as a list of plain primitives.

Everything about the picture — layout, colours, shapes, arrows, labels — is decided here,
from the constants in :mod:`.style`. The painters only paint these primitives: the SVG
renderer (:mod:`.svg`), the browser canvas painter (``widget/static/board.js``) and the
optional ipycanvas painter (:mod:`.ipycanvas_painter`).

A primitive is a small JSON-able dict with ``"k"`` naming its kind:

========  ===============================================================================
kind      keys (all numbers in scene units; colours ``#rrggbb``)
========  ===============================================================================
rect      ``x y w h`` [``r`` corner radius]
line      ``x1 y1 x2 y2``
poly      ``pts`` (flat ``[x0, y0, x1, y1, ...]``) [``closed``: 1 closes the path]
circle    ``cx cy r``
text      ``x y text size`` [``bold``: 1] [``anchor``: start/middle/end, default middle];
          the text is centred vertically on ``y``
========  ===============================================================================

Common optional keys: ``fill``, ``stroke``, ``lw`` (stroke width, default 1), ``dash``
(``[on, off]``), ``a`` (opacity 0..1). Lines and outlines use round joins and caps.

A :class:`Scene` is the static layer (board, letters, corners, pools, teleporters, tray)
plus a list of *groups* of dynamic primitives (pieces and overlays, in paint order); the
widget syncs the static layer once and each frame as a list of group numbers.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ..engine import ENTRANCE, EXIT, Heading, Look, Pawn, Position, Ray, StoneKind
from ..engine.board import ROW_EXTENT, WALL_LETTERS, Square
from . import style as S

Prim = dict[str, Any]
Group = list[Prim]

# --- primitive constructors ---------------------------------------------------------------


def num(v: float) -> float | int:
    """Stable numbers: integers stay ints, others are rounded to 2 decimals."""
    if type(v) is int:  # most coordinates: whole scene units
        return v
    if v.is_integer():
        return int(v)
    r = round(v, 2)
    i = int(r)
    return i if i == r else r


def _style(
    p: Prim,
    fill: str | None,
    stroke: str | None,
    lw: float | None,
    dash: Sequence[float] | None,
    a: float | None,
) -> Prim:
    if fill is not None:
        p["fill"] = fill
    if stroke is not None:
        p["stroke"] = stroke
        if lw is not None and lw != 1:
            p["lw"] = num(lw)
    if dash:
        p["dash"] = [num(d) for d in dash]
    if a is not None and a < 1:
        p["a"] = num(a)
    return p


def rect(
    x: float,
    y: float,
    w: float,
    h: float,
    *,
    fill: str | None = None,
    stroke: str | None = None,
    lw: float | None = None,
    r: float = 0,
    dash: Sequence[float] | None = None,
    a: float | None = None,
) -> Prim:
    p: Prim = {"k": "rect", "x": num(x), "y": num(y), "w": num(w), "h": num(h)}
    if r:
        p["r"] = num(r)
    return _style(p, fill, stroke, lw, dash, a)


def line(
    x1: float,
    y1: float,
    x2: float,
    y2: float,
    *,
    stroke: str,
    lw: float = 1,
    dash: Sequence[float] | None = None,
    a: float | None = None,
) -> Prim:
    p: Prim = {"k": "line", "x1": num(x1), "y1": num(y1), "x2": num(x2), "y2": num(y2)}
    return _style(p, None, stroke, lw, dash, a)


def poly(
    points: Iterable[tuple[float, float]],
    *,
    closed: bool = False,
    fill: str | None = None,
    stroke: str | None = None,
    lw: float | None = None,
    dash: Sequence[float] | None = None,
    a: float | None = None,
) -> Prim:
    pts: list[float | int] = []
    for x, y in points:
        pts += [num(x), num(y)]
    p: Prim = {"k": "poly", "pts": pts}
    if closed:
        p["closed"] = 1
    return _style(p, fill, stroke, lw, dash, a)


def circle(
    cx: float,
    cy: float,
    r: float,
    *,
    fill: str | None = None,
    stroke: str | None = None,
    lw: float | None = None,
    dash: Sequence[float] | None = None,
    a: float | None = None,
) -> Prim:
    p: Prim = {"k": "circle", "cx": num(cx), "cy": num(cy), "r": num(r)}
    return _style(p, fill, stroke, lw, dash, a)


def text(
    x: float,
    y: float,
    s: str,
    *,
    size: float,
    fill: str,
    bold: bool = False,
    anchor: str = "middle",
    a: float | None = None,
) -> Prim:
    p: Prim = {"k": "text", "x": num(x), "y": num(y), "text": s, "size": num(size), "fill": fill}
    if bold:
        p["bold"] = 1
    if anchor != "middle":
        p["anchor"] = anchor
    if a is not None and a < 1:
        p["a"] = num(a)
    return p


# --- geometry -----------------------------------------------------------------------------


def square_origin(sq: Square) -> tuple[float, float]:
    """Scene coordinates of a square's top-left corner."""
    return S.OX + sq[0] * S.CELL, S.OY + sq[1] * S.CELL


def center(sq: Square) -> tuple[float, float]:
    x, y = square_origin(sq)
    return x + S.CELL / 2, y + S.CELL / 2


def _delta(h: Heading) -> tuple[int, int]:
    return h.delta


def _rotate(dx: float, dy: float, h: Heading) -> tuple[float, float]:
    """Rotate a vector given for heading N (forward = up) to heading ``h``."""
    for _ in range(int(h)):
        dx, dy = -dy, dx
    return dx, dy


def edge_point(sq: Square, h: Heading, out: float = 0) -> tuple[float, float]:
    """The midpoint of ``sq``'s side towards ``h``, pushed ``out`` units beyond it."""
    cx, cy = center(sq)
    dx, dy = _delta(h)
    d = S.CELL / 2 + out
    return cx + dx * d, cy + dy * d


def letter_point(sq: Square, h: Heading) -> tuple[float, float]:
    """Where the wall letter on ``sq``'s ``h`` side is written."""
    return edge_point(sq, h, S.MARGIN / 2)


def geometry() -> dict[str, Any]:
    """What the browser needs to map a click to a square (and nothing else)."""
    return {
        "w": S.WIDTH,
        "h": S.HEIGHT,
        "ox": S.OX,
        "oy": S.OY,
        "cell": S.CELL,
        "cols": S.COLS,
        "rows": S.ROWS,
        "palettes": {name: dict(p) for name, p in S.PALETTES.items()},
    }


# --- static layer -------------------------------------------------------------------------


def board_outline() -> list[tuple[int, int]]:
    """B1: the notched outline as grid corner points, clockwise from the top-left."""
    right: list[tuple[int, int]] = []
    for y, (_, hi) in enumerate(ROW_EXTENT):
        right += [(hi + 1, y), (hi + 1, y + 1)]
    left: list[tuple[int, int]] = []
    for y in range(len(ROW_EXTENT) - 1, -1, -1):
        lo = ROW_EXTENT[y][0]
        left += [(lo, y + 1), (lo, y)]
    pts = right + left
    out: list[tuple[int, int]] = []
    for p in pts:  # drop repeated and collinear points
        if out and out[-1] == p:
            continue
        out.append(p)
    simplified: list[tuple[int, int]] = []
    n = len(out)
    for i, p in enumerate(out):
        a, b = out[i - 1], out[(i + 1) % n]
        if (p[0] - a[0]) * (b[1] - p[1]) - (p[1] - a[1]) * (b[0] - p[0]) != 0:
            simplified.append(p)
    return simplified


def _grid_lines() -> Group:
    lines: Group = []
    rows = ROW_EXTENT
    for y in range(1, len(rows)):  # horizontal boundaries between row y-1 and row y
        lo = max(rows[y - 1][0], rows[y][0])
        hi = min(rows[y - 1][1], rows[y][1]) + 1
        x0, yy = square_origin((lo, y))
        lines.append(line(x0, yy, S.OX + hi * S.CELL, yy, stroke=S.GRID))
    for k in range(1, S.COLS):  # vertical boundaries between column k-1 and column k
        ys = [y for y, (lo, hi) in enumerate(rows) if lo < k <= hi]
        if ys:
            x, y0 = square_origin((k, ys[0]))
            lines.append(line(x, y0, x, S.OY + (ys[-1] + 1) * S.CELL, stroke=S.GRID))
    return lines


def _corners() -> Group:
    out: Group = []
    for sq, fill, label in ((EXIT, S.EXIT_FILL, "EXIT"), (ENTRANCE, S.ENTRANCE_FILL, "IN")):
        x, y = square_origin(sq)
        out.append(rect(x + 1, y + 1, S.CELL - 2, S.CELL - 2, fill=fill))
        cx, cy = center(sq)
        out.append(text(cx, cy + 12, label, size=8, fill=S.CORNER_TEXT, bold=True))
    # B2: the exit's lamp, the entrance's footprints
    ex, ey = center(EXIT)
    out.append(circle(ex, ey - 4, 6, fill=S.EXIT_LAMP, stroke=S.CORNER_TEXT, lw=1.2))
    nx, ny = center(ENTRANCE)
    out.append(
        poly([(nx - 9, ny - 4), (nx - 3, ny - 8), (nx - 3, ny)], closed=True, fill=S.CORNER_TEXT)
    )
    out.append(
        poly([(nx + 1, ny - 4), (nx + 7, ny - 8), (nx + 7, ny)], closed=True, fill=S.CORNER_TEXT)
    )
    return out


def _letters() -> Group:
    out: Group = []
    for (sq, h), letter in sorted(WALL_LETTERS.items(), key=lambda kv: (kv[0][0], int(kv[0][1]))):
        x, y = letter_point(sq, h)
        out.append(text(x, y, letter, size=11, fill=S.LETTER, bold=True))
    return out


def _square_names() -> Group:
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


def _pools(position: Position) -> Group:
    out: Group = []
    for pool in position.pools:
        xs = [s[0] for s in pool.squares]
        ys = [s[1] for s in pool.squares]
        x0, y0 = square_origin((min(xs), min(ys)))
        w = (max(xs) - min(xs) + 1) * S.CELL
        h = (max(ys) - min(ys) + 1) * S.CELL
        out.append(
            rect(x0 + 2, y0 + 2, w - 4, h - 4, r=9, fill=S.POOL_FILL, stroke=S.POOL_EDGE, lw=2)
        )
        for sq in pool.squares:  # faint square borders: pool squares count (FAQ 2:
            # this project's ruling, as no source counts them differently)
            cx, cy = center(sq)
            out.append(circle(cx - 6, cy - 6, 3.5, fill=S.POOL_SHINE, a=0.8))
        for a_sq in pool.squares:
            for b_sq in pool.squares:
                if b_sq == (a_sq[0] + 1, a_sq[1]):
                    x, y = square_origin(b_sq)
                    out.append(
                        line(x, y + 6, x, y + S.CELL - 6, stroke=S.POOL_SHINE, lw=1, dash=[3, 3])
                    )
                if b_sq == (a_sq[0], a_sq[1] + 1):
                    x, y = square_origin(b_sq)
                    out.append(
                        line(x + 6, y, x + S.CELL - 6, y, stroke=S.POOL_SHINE, lw=1, dash=[3, 3])
                    )
    return out


def teleporter_colour(position: Position, pair: str) -> str:
    """The pair's colour: a position holds only the pairs of B5 (checked when it is built;
    the editor checks a pending pad's pair first)."""
    return S.TELEPORTER[pair]


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
    return [(cx + dx, cy + dy) for dx, dy in (_rotate(px, py, h) for px, py in local)]


def teleporter_group(
    position: Position, sq: Square, pair: str, arrow: Heading, a: float | None = None
) -> Group:
    cx, cy = center(sq)
    colour = teleporter_colour(position, pair)
    return [
        circle(cx, cy, 16, fill=colour, stroke=S.TELEPORTER_EDGE, lw=1.5, a=a),
        circle(cx, cy, 11, stroke=S.TELEPORTER_EDGE, lw=1, dash=[2, 2], a=a),
        poly(arrow_shape(cx, cy, arrow, 18, 14), closed=True, fill=S.TELEPORTER_ARROW, a=a),
    ]


def _teleporters(position: Position) -> Group:
    out: Group = []
    for t in position.teleporters:
        out += teleporter_group(position, t.at, t.pair, t.arrow)
    return out


TRAY_SECTIONS: tuple[tuple[str, str, float, float], ...] = (
    # place, label, x offset from the board's left edge, width
    ("escaped", "escaped", 0, 180),
    ("eaten", "out of the game", 190, 140),
    ("outside", "waiting outside the entrance", 340, 300),
)
TRAY_PAWN_R = 9
TRAY_STEP = 28
TRAY_ROW = 26


def _tray() -> Group:
    out: Group = [rect(S.OX, S.TRAY_Y, S.COLS * S.CELL, S.TRAY_H, r=6, fill=S.TRAY_FILL)]
    for _, label, dx, _w in TRAY_SECTIONS:
        out.append(
            text(S.OX + dx + 6, S.TRAY_Y + 8, label, size=9, fill=S.TRAY_TEXT, anchor="start")
        )
    return out


def fixture_group(position: Position) -> Group:
    """The pools and teleporters: they never move during a monster turn (static layer), but
    can change between the frames of a story (the advanced set-up places them, A1)."""
    return _pools(position) + _teleporters(position)


@cache
def _board_below_fixtures() -> tuple[Prim, ...]:
    """The page, the caption strip, the floor, the grid and the corner squares: the same
    for every position (built once)."""
    out: Group = [
        rect(0, 0, S.WIDTH, S.HEIGHT, fill=S.BACKGROUND),
        rect(0, 0, S.WIDTH, S.CAPTION_H, fill=S.CAPTION_FILL),
        poly(_outline_corners(), closed=True, fill=S.FLOOR),
    ]
    return tuple(out + _grid_lines() + _corners())


@cache
def _board_above_fixtures() -> tuple[Prim, ...]:
    """The walls, the wall letters, the square names and the tray: the same for every
    position (built once)."""
    out: Group = [poly(_outline_corners(), closed=True, stroke=S.WALL, lw=4)]
    return tuple(out + _letters() + _square_names() + _tray())


def _outline_corners() -> list[tuple[float, float]]:
    return [(S.OX + x * S.CELL, S.OY + y * S.CELL) for x, y in board_outline()]


def static_layer(position: Position, fixtures: bool = True) -> Group:
    """The board and everything that never moves during a turn (pools, teleporters; left
    out with ``fixtures=False``)."""
    out = list(_board_below_fixtures())
    if fixtures:
        out += fixture_group(position)
    out += _board_above_fixtures()
    return out


# --- pieces -------------------------------------------------------------------------------


def _arc(
    cx: float, cy: float, r: float, a0: float, a1: float, n: int = 14
) -> list[tuple[float, float]]:
    return [
        (cx + r * math.cos(a0 + (a1 - a0) * i / n), cy + r * math.sin(a0 + (a1 - a0) * i / n))
        for i in range(n + 1)
    ]


def _arrow_head(
    tip: tuple[float, float], direction: tuple[float, float], size: float
) -> list[tuple[float, float]]:
    dx, dy = direction
    norm = math.hypot(dx, dy) or 1.0
    ux, uy = dx / norm, dy / norm
    bx, by = tip[0] - ux * size, tip[1] - uy * size
    px, py = -uy * size * 0.6, ux * size * 0.6
    return [tip, (bx + px, by + py), (bx - px, by - py)]


def stone_group(sq: Square, kind: StoneKind, a: float | None = None) -> Group:
    x, y = square_origin(sq)
    cx, cy = center(sq)
    if kind is StoneKind.CRYSTAL:
        pts = [
            (cx, y + 4),
            (x + S.CELL - 7, cy - 5),
            (x + S.CELL - 10, y + S.CELL - 6),
            (x + 10, y + S.CELL - 6),
            (x + 7, cy - 5),
        ]
        return [
            poly(pts, closed=True, fill=S.CRYSTAL_FILL, stroke=S.CRYSTAL_EDGE, lw=2, a=a),
            poly([(x + 7, cy - 5), (x + S.CELL - 7, cy - 5)], stroke=S.CRYSTAL_EDGE, a=a),
            poly(
                [
                    (cx, y + 4),
                    (cx - 5, cy - 5),
                    (cx, y + S.CELL - 6),
                    (cx + 5, cy - 5),
                    (cx, y + 4),
                ],
                stroke=S.CRYSTAL_EDGE,
                a=a,
            ),
        ]
    out: Group = [
        rect(
            x + 4,
            y + 4,
            S.CELL - 8,
            S.CELL - 8,
            r=7,
            fill=S.STONE_FILL,
            stroke=S.STONE_EDGE,
            lw=2,
            a=a,
        )
    ]
    if kind is StoneKind.STONE:
        out.append(
            poly(
                [(x + 10, y + 13), (x + 17, y + 10), (x + 22, y + 15)],
                stroke=S.STONE_CRACK_LIGHT,
                lw=1.5,
                a=a,
            )
        )
        out.append(
            poly([(x + 20, y + 27), (x + 28, y + 24)], stroke=S.STONE_CRACK_DARK, lw=1.5, a=a)
        )
    elif kind is StoneKind.PIVOT_RIGHT or kind is StoneKind.PIVOT_LEFT:  # M11: a quarter turn
        pts = _arc(cx, cy, 10, math.radians(-80), math.radians(190))
        tip = pts[0]
        head = _arrow_head((tip[0] + 2.5, tip[1] + 0.3), (1, 0.2), 7)
        if kind is StoneKind.PIVOT_LEFT:  # the right-turn arrow mirrored: anticlockwise
            pts = [(2 * cx - px, py) for px, py in pts]
            head = [(2 * cx - px, py) for px, py in head]
        out.append(poly(pts, stroke=S.PIVOT_ARROW, lw=3, a=a))
        out.append(poly(head, closed=True, fill=S.PIVOT_ARROW, a=a))
        out.append(text(cx, cy + 1, "90", size=8, fill=S.PIVOT_ARROW, bold=True, a=a))
    else:  # PIVOT_180: an about-turn
        pts = (
            [(cx - 7, cy + 10), (cx - 7, cy - 2)]
            + _arc(cx, cy - 2, 7, math.pi, 2 * math.pi, 8)
            + [(cx + 7, cy + 6)]
        )
        out.append(poly(pts, stroke=S.PIVOT_ARROW, lw=3, a=a))
        out.append(
            poly(_arrow_head((cx + 7, cy + 12), (0, 1), 7), closed=True, fill=S.PIVOT_ARROW, a=a)
        )
        out.append(text(cx - 1, cy + 13, "180", size=6.5, fill=S.PIVOT_ARROW, bold=True, a=a))
    return out


def player_colour(player: str) -> str:
    return S.PLAYER.get(player, S.PLAYER_FALLBACK)


def pawn_disc(
    cx: float, cy: float, pawn: Pawn, r: float, a: float | None = None, with_id: bool = True
) -> Group:
    """P1: player colour ring, the face up (light disc/dark number or the reverse) and its
    number; the pawn's id small below."""
    light = pawn.up == "light"
    out: Group = [
        circle(cx, cy, r, fill=player_colour(pawn.player), stroke=S.PAWN_EDGE, lw=1.5, a=a),
        circle(
            cx,
            cy,
            r * 0.64,
            fill=S.LIGHT_FACE if light else S.DARK_FACE,
            stroke=S.PAWN_EDGE,
            lw=0.8,
            a=a,
        ),
        text(
            cx,
            cy + 0.5,
            str(pawn.value),
            size=round(r * 0.8, 1),
            fill=S.LIGHT_NUMBER if light else S.DARK_NUMBER,
            bold=True,
            a=a,
        ),
    ]
    if with_id:
        out.append(
            text(
                cx + r * 0.95,
                cy + r * 0.95,
                pawn.id,
                size=8,
                fill=S.LABEL_TEXT,
                bold=True,
                anchor="start",
                a=a,
            )
        )
    return out


def pawn_group(pawn: Pawn, a: float | None = None) -> Group:
    """A pawn on its square, a little above the middle: its id tag goes below it."""
    assert isinstance(pawn.at, tuple)
    cx, cy = center(pawn.at)
    return pawn_disc(cx, cy - 3, pawn, 14, a, with_id=False)


#: widths of the bold sans-serif glyphs a pawn id may hold (em), for sizing its tag
_NARROW, _WIDE = frozenset("IJfijlrt-_"), frozenset("MWmw")


def id_width(pid: str, size: float) -> float:
    """The width of ``pid`` in bold at ``size``, from its glyphs' widths (never below the
    font's own: M/W 1.1 em, most letters and digits up to 0.85 em, I/i/l/- about 0.45 em)."""
    return size * sum(0.5 if c in _NARROW else 1.1 if c in _WIDE else 0.86 for c in pid)


def pawn_tag(
    cx: float, cy: float, pid: str, size: float = 8, lo: float = -math.inf, hi: float = math.inf
) -> Group:
    """A pawn's id on a light tag centred on (cx, cy), moved sideways to stay within the
    scene x range ``lo``..``hi`` (its row of the board: never over the margin's letters)."""
    w = id_width(pid, size) + 5
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


#: Piece drawings already built, by what they depend on (see :func:`piece_groups`).
GroupMemo = dict[Hashable, Group]


def memo_group(
    memo: GroupMemo | None, key: Hashable, build: Callable[..., Group], *args: Any
) -> Group:
    """``build(*args)``, or the group built before under ``key`` in ``memo``."""
    if memo is None:
        return build(*args)
    g = memo.get(key)
    if g is None:
        g = memo[key] = build(*args)
    return g


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
        out.append(memo_group(memo, ("tray tag", pid, x, y), pawn_tag, x, y + 13, pid, 7))
    return out


def compose(
    under: list[Group],
    position: Position,
    over: list[Group],
    memo: GroupMemo | None = None,
) -> list[Group]:
    """The dynamic groups in paint order: overlays under the pieces, the pieces, overlays
    over them, then the pawns' id tags on top."""
    return under + piece_groups(position, memo) + over + label_groups(position, memo)


def monster_group(sq: Square, facing: Heading, a: float | None = None) -> Group:
    cx, cy = center(sq)

    def pt(dx: float, dy: float) -> tuple[float, float]:
        rx, ry = _rotate(dx, dy, facing)
        return cx + rx, cy + ry

    body = [
        pt(-15, 16),
        pt(-16, -4),
        pt(-8, -14),
        pt(0, -19),
        pt(8, -14),
        pt(16, -4),
        pt(15, 16),
        pt(9, 11),
        pt(4, 16),
        pt(0, 11),
        pt(-4, 16),
        pt(-9, 11),
    ]
    ex1, ey1 = pt(-6, -6)
    ex2, ey2 = pt(6, -6)
    px1, py1 = pt(-6, -8)
    px2, py2 = pt(6, -8)
    return [
        poly(body, closed=True, fill=S.MONSTER_FILL, stroke=S.MONSTER_EDGE, lw=2, a=a),
        circle(ex1, ey1, 4.5, fill=S.MONSTER_EYE, a=a),
        circle(ex2, ey2, 4.5, fill=S.MONSTER_EYE, a=a),
        circle(px1, py1, 2, fill=S.MONSTER_PUPIL, a=a),
        circle(px2, py2, 2, fill=S.MONSTER_PUPIL, a=a),
        poly([pt(-5, 4), pt(0, 7), pt(5, 4)], stroke=S.MONSTER_EYE, lw=2, a=a),
    ]


def tray_slots(position: Position) -> dict[str, tuple[float, float]]:
    """Centre of each pawn that is not on the board, in the tray below the board."""
    slots: dict[str, tuple[float, float]] = {}
    for place, _, dx, w in TRAY_SECTIONS:
        per_row = int((w - 12) // TRAY_STEP)
        k = 0
        for p in position.pawns:
            if p.at != place:
                continue
            row, col = divmod(k, per_row)
            if row < 2:
                slots[p.id] = (
                    S.OX + dx + 6 + TRAY_STEP / 2 + col * TRAY_STEP,
                    S.TRAY_Y + 22 + row * TRAY_ROW,
                )
            k += 1
    return slots


def piece_groups(position: Position, memo: GroupMemo | None = None) -> list[Group]:
    """One group per piece: stones, pawns on the board, pawns in the tray, the monster.

    ``memo``: the drawings of pieces already drawn (for the frames of one turn, where most
    pieces stay put): a piece drawn before gives the same group object again, built once
    and recognised as the same by :func:`..frames.pack_groups` without comparing its
    primitives."""
    groups: list[Group] = [memo_group(memo, s, stone_group, s.at, s.kind) for s in position.stones]
    monster_at = position.monster.at
    for p in position.pawns:
        if isinstance(p.at, tuple) and p.at != monster_at:
            groups.append(memo_group(memo, p, pawn_group, p))
    slots = tray_slots(position)
    for p in position.pawns:
        if p.id in slots:
            cx, cy = slots[p.id]
            groups.append(
                memo_group(memo, (p, cx, cy), pawn_disc, cx, cy, p, TRAY_PAWN_R, None, False)
            )
    counts = {place: sum(1 for p in position.pawns if p.at == place) for place, *_ in TRAY_SECTIONS}
    for place, _, dx, w in TRAY_SECTIONS:
        shown = sum(1 for p in position.pawns if p.at == place and p.id in slots)
        if counts[place] > shown:
            groups.append(
                [
                    text(
                        S.OX + dx + w - 4,
                        S.TRAY_Y + 8,
                        f"+{counts[place] - shown}",
                        size=9,
                        fill=S.TRAY_TEXT,
                        bold=True,
                        anchor="end",
                    )
                ]
            )
    m = position.monster
    groups.append(memo_group(memo, m, monster_group, m.at, m.facing))
    # a pawn the monster has just stepped or slid onto (the frame before it is taken, M7/M9):
    # smaller, in the square's corner and painted over the monster, so it is never hidden
    for p in position.pawns:
        if p.at == monster_at:
            groups.append(shared_square_pawn(p, monster_at))
    return groups


def shared_square_pawn(pawn: Pawn, sq: Square) -> Group:
    """A pawn on the monster's square, drawn in the corner where a taken pawn's ghost goes."""
    cx, cy = center(sq)
    return pawn_disc(cx + 11, cy - 11, pawn, 10, with_id=False)


def pawn_zones(position: Position) -> list[dict[str, Any]]:
    """Click areas (scene units) for the pawns drawn in the tray."""
    r = TRAY_PAWN_R + 1
    return [
        {"id": f"pawn:{pid}", "x": num(x - r), "y": num(y - r), "w": 2 * r, "h": 2 * r}
        for pid, (x, y) in sorted(tray_slots(position).items())
    ]


def place_zones() -> list[dict[str, Any]]:
    """Click areas for the tray sections (targets "escaped" / "outside")."""
    return [
        {"id": f"place:{place}", "x": num(S.OX + dx), "y": S.TRAY_Y, "w": num(w), "h": S.TRAY_H}
        for place, _, dx, w in TRAY_SECTIONS
    ]


# --- overlays -----------------------------------------------------------------------------


def caption_group(words: str, *, banner: bool = False) -> Group:
    """The caption strip's text; ``banner`` paints the strip in the tie colour (M5)."""
    if len(words) > 110:
        words = words[:109] + "…"
    out: Group = []
    if banner:
        out.append(rect(0, 0, S.WIDTH, S.CAPTION_H, fill=S.TIE))
    out.append(
        text(
            10,
            S.CAPTION_H / 2,
            words,
            size=12,
            bold=banner,
            fill=S.TIE_TEXT if banner else S.CAPTION_TEXT,
            anchor="start",
        )
    )
    return out


def arrow_between(
    a: tuple[float, float],
    b: tuple[float, float],
    colour: str,
    *,
    lw: float = 3,
    dash: Sequence[float] | None = None,
    shorten: float = 0,
    a_: float | None = None,
) -> Group:
    dx, dy = b[0] - a[0], b[1] - a[1]
    dist = math.hypot(dx, dy)
    if dist < 1e-6:
        return []
    ux, uy = dx / dist, dy / dist
    end = (b[0] - ux * shorten, b[1] - uy * shorten)
    head = 6 + lw * 2
    shaft_end = (end[0] - ux * head * 0.7, end[1] - uy * head * 0.7)
    return [
        line(a[0], a[1], shaft_end[0], shaft_end[1], stroke=colour, lw=lw, dash=dash, a=a_),
        poly(_arrow_head(end, (ux, uy), head), closed=True, fill=colour, a=a_),
    ]


def ray_end(monster_at: Square, ray: Ray) -> tuple[float, float]:
    """Where a drawn line of sight stops: the seen pawn's centre, or the far side of the
    last square it crossed (the face of the stone or wall that stopped it)."""
    if ray.seen is not None and ray.cells:
        return center(ray.cells[-1])
    last = ray.cells[-1] if ray.cells else monster_at
    return edge_point(last, ray.direction)


def look_overlay(look: Look, position: Position) -> tuple[list[Group], list[Group]]:
    """M4/M5: the three lines of sight up to what stops them, the distance to each pawn
    seen, the chosen direction, and a tie drawn unmistakably. Returns (under, over)."""
    under: list[Group] = []
    over: list[Group] = []
    nearest = {r.direction for r in look.nearest}
    tie = look.decision == "tie"
    chosen = look.chosen
    start = center(look.at)
    for ray in look.rays:
        tied = tie and ray.direction in nearest
        colour = S.TIE if tied else S.RAY_AHEAD
        end = ray_end(look.at, ray)
        for c in ray.cells:  # the squares the monster can see
            x, y = square_origin(c)
            under.append([rect(x + 1, y + 1, S.CELL - 2, S.CELL - 2, fill=colour, a=0.16)])
        strong = ray.direction == chosen and look.decision != "none"
        g: Group = [
            line(
                start[0],
                start[1],
                end[0],
                end[1],
                stroke=colour,
                lw=4 if strong or tied else 2.5,
                dash=None if strong or tied else [7, 5],
            )
        ]
        if ray.seen is None:  # blocked: a bar across the line where the sight stops
            dx, dy = _delta(ray.direction)
            px, py = -dy * 11, dx * 11
            g.append(
                line(end[0] - px, end[1] - py, end[0] + px, end[1] + py, stroke=S.RAY_BLOCK, lw=3)
            )
        under.append(g)  # under the pieces: the pawn seen stays readable
    for ray in look.rays:
        if ray.seen is None or ray.distance is None or not ray.cells:
            continue
        tied = tie and ray.direction in nearest
        cx, cy = center(ray.cells[-1])
        badge: Group = []
        if tied:
            badge.append(circle(cx, cy - 1, 19, stroke=S.TIE, lw=4))
        fill = S.TIE if tied else S.DISTANCE_FILL
        bx, by = cx + 12, cy - 13
        badge += [
            circle(bx, by, 9, fill=fill, stroke=S.MARK_EDGE, lw=1.5),
            text(bx, by + 0.5, str(ray.distance), size=11, fill=S.DISTANCE_TEXT, bold=True),
        ]
        over.append(badge)
    if look.decision in ("keep", "turn"):
        ax, ay = edge_point(look.at, chosen, -2)
        over.append(
            [
                poly(
                    arrow_shape(ax, ay, chosen, 22, 20),
                    closed=True,
                    fill=S.CHOICE,
                    stroke=S.MARK_EDGE,
                    lw=1.5,
                )
            ]
        )
    elif tie:
        ax, ay = edge_point(look.at, look.facing, -2)
        over.append(
            [
                poly(
                    arrow_shape(ax, ay, look.facing, 22, 20),
                    closed=True,
                    fill=S.TIE,
                    stroke=S.MARK_EDGE,
                    lw=1.5,
                )
            ]
        )
    return under, over


def pawn_ghost(pawn: Pawn, sq: Square) -> Group:
    """A taken pawn, small in the corner of the square where it was taken, crossed out."""
    cx, cy = center(sq)
    gx, gy = cx + 11, cy - 11
    return pawn_disc(gx, gy, pawn, 10, a=0.8, with_id=False) + [
        line(gx - 8, gy - 8, gx + 8, gy + 8, stroke=S.EAT, lw=3),
        line(gx - 8, gy + 8, gx + 8, gy - 8, stroke=S.EAT, lw=3),
    ]


def cross(sq: Square, colour: str = S.EAT) -> Group:
    cx, cy = center(sq)
    d = 13
    return [
        line(cx - d, cy - d, cx + d, cy + d, stroke=colour, lw=4),
        line(cx - d, cy + d, cx + d, cy - d, stroke=colour, lw=4),
    ]


def ring(
    sq: Square, colour: str, *, r: float = 19, lw: float = 3, dash: Sequence[float] | None = None
) -> Group:
    cx, cy = center(sq)
    return [circle(cx, cy, r, stroke=colour, lw=lw, dash=dash)]


def square_fill(sq: Square, colour: str, a: float) -> Group:
    x, y = square_origin(sq)
    return [rect(x + 1, y + 1, S.CELL - 2, S.CELL - 2, fill=colour, a=a)]


def letter_highlight(sq: Square, h: Heading, letter: str) -> Group:
    x, y = letter_point(sq, h)
    return [
        circle(x, y, 10, fill=S.WRAP, stroke=S.WALL, lw=1.5),
        text(x, y, letter, size=12, fill=S.WALL, bold=True),
    ]


def targets_overlay(squares: Iterable[Square]) -> Group:
    out: Group = []
    for sq in sorted(set(squares)):
        x, y = square_origin(sq)
        out.append(rect(x + 2, y + 2, S.CELL - 4, S.CELL - 4, r=5, fill=S.TARGET, a=0.3))
        out.append(rect(x + 3, y + 3, S.CELL - 6, S.CELL - 6, r=5, stroke=S.TARGET, lw=2.5))
    return out


def zone_overlay(zone: Mapping[str, Any], colour: str) -> Group:
    return [
        rect(zone["x"], zone["y"], zone["w"], zone["h"], r=6, fill=colour, a=0.25),
        rect(zone["x"], zone["y"], zone["w"], zone["h"], r=6, stroke=colour, lw=2.5),
    ]


def path_overlay(points: Sequence[tuple[float, float]]) -> Group:
    """A pawn's path through square centres (and tray points), with an arrowhead."""
    if len(points) < 2:
        return []
    out: Group = [poly(points, stroke=S.PATH, lw=4, a=0.85)]
    for p in points[:-1]:
        out.append(circle(p[0], p[1], 4, fill=S.PATH))
    a, b = points[-2], points[-1]
    out += arrow_between(a, b, S.PATH, lw=4, shorten=8)[1:]
    return out


def heat_overlay(
    values: Mapping[Square, float],
    labels: Mapping[Square, str] | None = None,
    vmin: float | None = None,
    vmax: float | None = None,
) -> Group:
    """Per-square values as a heat map (yellow = low, red = high), optional labels."""
    out: Group = []
    if values:
        lo = min(values.values()) if vmin is None else vmin
        hi = max(values.values()) if vmax is None else vmax
        span = (hi - lo) or 1.0
        for sq in sorted(values):
            t = min(1.0, max(0.0, (values[sq] - lo) / span))
            rgb = tuple(
                round(a + (b - a) * t) for a, b in zip(S.HEAT_LOW, S.HEAT_HIGH, strict=True)
            )
            colour = "#{:02x}{:02x}{:02x}".format(*rgb)
            out += square_fill(sq, colour, S.HEAT_ALPHA * (0.35 + 0.65 * t))
    for sq, words in sorted((labels or {}).items()):
        cx, cy = center(sq)
        out.append(text(cx, cy + 13, words, size=9, fill=S.HEAT_LABEL, bold=True))
    return out


# --- scenes -------------------------------------------------------------------------------


@dataclass
class Scene:
    """A drawing: its size, the static layer and the dynamic groups (in paint order)."""

    static: Group
    groups: list[Group] = field(default_factory=list)
    width: int = S.WIDTH
    height: int = S.HEIGHT

    def primitives(self) -> Group:
        out = list(self.static)
        for g in self.groups:
            out += g
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"width": self.width, "height": self.height, "primitives": self.primitives()}

    def _repr_svg_(self) -> str:
        from .svg import scene_svg

        return scene_svg(self)


@dataclass
class Overlay:
    """Extra drawing on top of a position: what the widget and notebooks can ask for."""

    look: Look | None = None
    targets: Sequence[Square] = ()
    target_zones: Sequence[Mapping[str, Any]] = ()
    path: Sequence[tuple[float, float]] = ()
    heat: Mapping[Square, float] | None = None
    labels: Mapping[Square, str] | None = None
    selected: Square | tuple[float, float] | None = None
    caption: str = ""
    banner: bool = False
    extra_under: list[Group] = field(default_factory=list)
    extra_over: list[Group] = field(default_factory=list)


def overlay_groups(position: Position, overlay: Overlay | None) -> tuple[list[Group], list[Group]]:
    under: list[Group] = []
    over: list[Group] = []
    if overlay is None:
        return under, over
    if overlay.heat or overlay.labels:
        under.append(heat_overlay(overlay.heat or {}, overlay.labels))
    if overlay.targets:
        under.append(targets_overlay(overlay.targets))
    for z in overlay.target_zones:
        under.append(zone_overlay(z, S.TARGET))
    under += overlay.extra_under
    if overlay.look is not None:
        u, o = look_overlay(overlay.look, position)
        under += u
        over += o
    if overlay.path:  # under the pieces: the pawn that moved stays readable
        under.append(path_overlay(overlay.path))
    if overlay.selected is not None:
        sel = overlay.selected
        if isinstance(sel[0], int) and isinstance(sel[1], int):
            over.append(ring((int(sel[0]), int(sel[1])), S.SELECTED, r=19, lw=3.5))
        else:
            over.append([circle(sel[0], sel[1], TRAY_PAWN_R + 3, stroke=S.SELECTED, lw=3)])
    over += overlay.extra_over
    if overlay.caption:
        over.append(caption_group(overlay.caption, banner=overlay.banner))
    return under, over


def build_scene(position: Position, overlay: Overlay | None = None) -> Scene:
    """The position (and overlay) as a :class:`Scene`."""
    under, over = overlay_groups(position, overlay)
    return Scene(static_layer(position), compose(under, position, over))
