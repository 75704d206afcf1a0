"""What is drawn over a position to explain it: the monster's lines of sight with their
distances and ties (M4/M5), arrows, rings, crosses, highlighted squares and letters, a
pawn's path, heat maps, and the :class:`Overlay` the widget and the notebooks ask for."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from ..engine import Heading, Look, Pawn, Position, Ray
from ..engine.board import Square
from . import style as S
from .geometry import (
    arrow_head,
    arrow_shape,
    center,
    edge_point,
    heading_delta,
    letter_point,
    square_origin,
)
from .margins import caption_group
from .pieces import pawn_disc
from .primitives import Group, Zone, circle, line, poly, rect, text
from .tray import TRAY_PAWN_R


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
        poly(arrow_head(end, (ux, uy), head), closed=True, fill=colour, a=a_),
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
            dx, dy = heading_delta(ray.direction)
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
        bx, by = cx + 10, cy - 11
        badge += [
            circle(bx, by, 11.5, fill=fill, stroke=S.MARK_EDGE, lw=1.5),
            text(bx, by + 0.5, str(ray.distance), size=S.TEXT_MIN, fill=S.DISTANCE_TEXT, bold=True),
        ]
        over.append(badge)
    if look.decision in ("keep", "turn"):
        over.append(heading_arrow(look.at, chosen, S.CHOICE))
    elif tie:
        over.append(heading_arrow(look.at, look.facing, S.TIE))
    return under, over


def heading_arrow(sq: Square, h: Heading, colour: str) -> Group:
    """The heading the monster on ``sq`` takes (or keeps): a block arrow at the side of its
    square towards ``h``, edged in light so it reads on any floor."""
    ax, ay = edge_point(sq, h, -2)
    return [
        poly(arrow_shape(ax, ay, h, 22, 20), closed=True, fill=colour, stroke=S.MARK_EDGE, lw=1.5)
    ]


def pawn_ghost(pawn: Pawn, sq: Square) -> Group:
    """A taken pawn, small in the corner of the square where it was taken, crossed out."""
    cx, cy = center(sq)
    d = S.CELL / 2 - S.SMALL_PAWN_R
    gx, gy = cx + d, cy - d
    return pawn_disc(gx, gy, pawn, S.SMALL_PAWN_R, a=0.8, with_id=False) + [
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
        # within the margin beyond the wall, its edge included (11.5 was cut by the
        # picture's right edge)
        circle(x, y, S.MARGIN / 2 - 0.8, fill=S.WRAP, stroke=S.WALL, lw=1.5),
        text(x, y, letter, size=S.TEXT_MIN, fill=S.WALL, bold=True),
    ]


def targets_overlay(squares: Iterable[Square]) -> Group:
    out: Group = []
    for sq in sorted(set(squares)):
        x, y = square_origin(sq)
        out.append(rect(x + 2, y + 2, S.CELL - 4, S.CELL - 4, r=5, fill=S.TARGET, a=0.3))
        out.append(rect(x + 3, y + 3, S.CELL - 6, S.CELL - 6, r=5, stroke=S.TARGET, lw=2.5))
    return out


def zone_overlay(zone: Zone, colour: str) -> Group:
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
        out.append(text(cx, cy + 11, words, size=S.TEXT_MIN, fill=S.HEAT_LABEL, bold=True))
    return out


@dataclass
class Overlay:
    """Extra drawing on top of a position: what the widget and notebooks can ask for."""

    look: Look | None = None
    targets: Sequence[Square] = ()
    target_zones: Sequence[Zone] = ()
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
