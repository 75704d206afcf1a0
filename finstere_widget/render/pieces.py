"""The pieces: stones (plain, crystal, pivot), pawns on the board and in the tray (P1),
the monster; one group per piece, in paint order."""

from __future__ import annotations

import math

from ..engine import Heading, Pawn, Position, StoneKind
from ..engine.board import Square
from . import style as S
from .geometry import (
    arc_points,
    arrow_head,
    center,
    rotate,
    square_origin,
)
from .margins import pawn_tag
from .primitives import Group, GroupMemo, circle, memo_group, poly, rect, text
from .tray import short_id, tray_slots


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
        pts = arc_points(cx, cy, 10, math.radians(-80), math.radians(190))
        tip = pts[0]
        head = arrow_head((tip[0] + 2.5, tip[1] + 0.3), (1, 0.2), 7)
        if kind is StoneKind.PIVOT_LEFT:  # the right-turn arrow mirrored: anticlockwise
            pts = [(2 * cx - px, py) for px, py in pts]
            head = [(2 * cx - px, py) for px, py in head]
        out.append(poly(pts, stroke=S.PIVOT_ARROW, lw=3, a=a))
        out.append(poly(head, closed=True, fill=S.PIVOT_ARROW, a=a))
    else:  # PIVOT_180: an about-turn (drawn, not written: a word this small would not read)
        pts = (
            [(cx - 7, cy + 10), (cx - 7, cy - 2)]
            + arc_points(cx, cy - 2, 7, math.pi, 2 * math.pi, 8)
            + [(cx + 7, cy + 6)]
        )
        out.append(poly(pts, stroke=S.PIVOT_ARROW, lw=3, a=a))
        out.append(
            poly(arrow_head((cx + 7, cy + 12), (0, 1), 7), closed=True, fill=S.PIVOT_ARROW, a=a)
        )
    return out


def player_colour(player: str) -> str:
    return S.PLAYER.get(player, S.PLAYER_FALLBACK)


def pawn_disc(
    cx: float, cy: float, pawn: Pawn, r: float, a: float | None = None, with_id: bool = True
) -> Group:
    """P1: player colour ring, the face up (light disc/dark number or the reverse) and its
    number (at :data:`~.style.TEXT_MIN`, the smallest that reads at every size the board is
    drawn); ``with_id``: the pawn's id tag down and right of the disc (:func:`.pawn_tag`)."""
    light = pawn.up == "light"
    out: Group = [
        circle(cx, cy, r, fill=player_colour(pawn.player), stroke=S.PAWN_EDGE, lw=1.5, a=a),
        circle(
            cx,
            cy,
            r * S.FACE_R,
            fill=S.LIGHT_FACE if light else S.DARK_FACE,
            stroke=S.PAWN_EDGE,
            lw=0.8,
            a=a,
        ),
        text(
            cx,
            cy + 0.5,
            str(pawn.value),
            size=S.TEXT_MIN,
            fill=S.LIGHT_NUMBER if light else S.DARK_NUMBER,
            bold=True,
            a=a,
        ),
    ]
    if with_id:
        out += pawn_tag(cx + S.TAG_SHIFT, cy + S.TAG_SHIFT, short_id(pawn), player=pawn.player)
    return out


def pawn_group(pawn: Pawn, a: float | None = None) -> Group:
    """A pawn on its square, up and left of the middle: its id tag goes down and right."""
    assert isinstance(pawn.at, tuple)
    cx, cy = center(pawn.at)
    return pawn_disc(cx + S.PAWN_SHIFT, cy + S.PAWN_SHIFT, pawn, S.PAWN_R, a, with_id=False)


def monster_group(sq: Square, facing: Heading, a: float | None = None) -> Group:
    cx, cy = center(sq)

    def pt(dx: float, dy: float) -> tuple[float, float]:
        rx, ry = rotate(dx, dy, facing)
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
                memo_group(memo, (p, cx, cy), pawn_disc, cx, cy, p, S.PAWN_R, None, False)
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
    d = S.CELL / 2 - S.SMALL_PAWN_R
    return pawn_disc(cx + d, cy - d, pawn, S.SMALL_PAWN_R, with_id=False)
