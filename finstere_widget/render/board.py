"""The board and its walls: the notched floor (B1), the grid, the exit and entrance corners
(B2), the blood pools and teleporters (the fixtures, B5), and the static layer that puts
them together with the margins and the tray. Nothing here moves during a monster turn."""

from __future__ import annotations

from functools import cache

from ..engine import ENTRANCE, EXIT, Heading, Position
from ..engine.board import ROW_EXTENT, Square
from ..engine.i18n import resolve
from . import style as S
from .geometry import (
    arrow_shape,
    center,
    square_origin,
)
from .margins import square_names, wall_letters
from .primitives import Group, Prim, circle, line, poly, rect
from .tray import TraySection, tray_background, tray_layout


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
    """The exit and the entrance: their colours and the rulebook's symbols (B2: the exit's
    lamp, the entrance's footprints), no word: "EXIT" or "SORTIE" in a square came out too
    small to read on a small board (#28), and wider than the square at a size that reads."""
    out: Group = []
    for sq, fill in ((EXIT, S.EXIT_FILL), (ENTRANCE, S.ENTRANCE_FILL)):
        x, y = square_origin(sq)
        out.append(rect(x + 1, y + 1, S.CELL - 2, S.CELL - 2, fill=fill))
    # B2: the exit's lamp, the entrance's footprints
    ex, ey = center(EXIT)
    out.append(circle(ex, ey, 8, fill=S.EXIT_LAMP, stroke=S.CORNER_TEXT, lw=1.5))
    nx, ny = center(ENTRANCE)
    out.append(
        poly([(nx - 11, ny), (nx - 3, ny - 6), (nx - 3, ny + 6)], closed=True, fill=S.CORNER_TEXT)
    )
    out.append(
        poly([(nx + 1, ny), (nx + 9, ny - 6), (nx + 9, ny + 6)], closed=True, fill=S.CORNER_TEXT)
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
    """The pair's colour: a checked position holds only the pairs of B5 (the editor checks
    a pending pad's pair first); another pair, in a position built by hand and not checked,
    is drawn in the fallback colour (the drawing takes a position as given)."""
    return S.TELEPORTER.get(pair, S.PLAYER_FALLBACK) if isinstance(pair, str) else S.PLAYER_FALLBACK


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


def fixture_group(position: Position) -> Group:
    """The pools and teleporters: they never move during a monster turn (static layer), but
    can change between the frames of a story (the advanced set-up places them, A1)."""
    return _pools(position) + _teleporters(position)


@cache
def _board_below_fixtures(lang: str) -> tuple[Prim, ...]:
    """The page, the floor, the grid and the corner squares: the same for every position
    (built once per language). The caption strip is the caption's (margins.caption_group):
    a board with no caption (move mode) shows no empty tinted strip."""
    out: Group = [
        rect(0, 0, S.WIDTH, S.HEIGHT, fill=S.BACKGROUND),
        poly(_outline_corners(), closed=True, fill=S.FLOOR),
    ]
    return tuple(out + _grid_lines() + _corners())


@cache
def _board_above_fixtures(lang: str) -> tuple[Prim, ...]:
    """The walls, the wall letters and the square names: the same for every position
    (built once per language)."""
    out: Group = [poly(_outline_corners(), closed=True, stroke=S.OUTLINE, lw=4)]
    return tuple(out + wall_letters() + square_names())


@cache
def tray_group(layout: tuple[TraySection, ...], lang: str) -> tuple[Prim, ...]:
    """The tray and its sections' labels (:func:`.tray.tray_background`), built once per
    layout and language; the same object each time, so that the frames of a story whose
    tray changes draw each of its layouts once (:func:`.frames.pack_frames`)."""
    return tuple(tray_background(layout, lang))


def _outline_corners() -> list[tuple[float, float]]:
    return [(S.OX + x * S.CELL, S.OY + y * S.CELL) for x, y in board_outline()]


def static_layer(
    position: Position, fixtures: bool = True, lang: str | None = None, tray: bool = True
) -> Group:
    """The board and everything that never moves during a turn: pools and teleporters
    (left out with ``fixtures=False``), the tray with its sections as ``position`` lays
    them out (:func:`.tray.tray_layout`; left out with ``tray=False``); the corners' and the
    tray's labels in ``lang`` (None: the locale)."""
    code = resolve(lang)
    out = list(_board_below_fixtures(code))
    if fixtures:
        out += fixture_group(position)
    out += _board_above_fixtures(code)
    if tray:
        out += tray_group(tray_layout(position), code)
    return out
