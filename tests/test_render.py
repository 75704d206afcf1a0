"""The drawing (render/): scene content at computed places, deterministic SVG, monster-turn
frames (tie marking, wraps, eats) replayed from the engine's events, compact packing."""

from __future__ import annotations

import json
import math
import random
import re
from typing import Literal

import pytest

from finstere_widget.engine import (
    SQUARES,
    Heading,
    Monster,
    Pawn,
    Pool,
    Position,
    Stone,
    StoneKind,
    Teleporter,
    monster_turn,
)
from finstere_widget.engine.board import WALL_LETTERS
from finstere_widget.render import (
    Overlay,
    build_scene,
    event_log,
    frame_svg,
    pack_frames,
    packed_size,
    position_svg,
    trace_frames,
)
from finstere_widget.render import style as S
from finstere_widget.render.primitives import Prim
from finstere_widget.render.scene import center, letter_point, square_origin
from finstere_widget.render.svg import fmt

TIE_POSITION = {
    "format": "finstere-position/1",
    "monster": {"at": [5, 5], "facing": "E"},
    "pawns": [
        {"id": "A", "player": "blue", "light": 6, "dark": 1, "at": [8, 5]},
        {"id": "B", "player": "red", "light": 4, "dark": 3, "up": "dark", "at": [5, 2]},
    ],
}


def tie_position() -> Position:
    return Position.from_dict(TIE_POSITION)


def prims_of(pos: Position, overlay: Overlay | None = None) -> list[Prim]:
    return build_scene(pos, overlay).primitives()


# --- the scene ------------------------------------------------------------------------


def test_square_geometry_follows_the_style_constants() -> None:
    assert square_origin((0, 0)) == (S.OX, S.OY)
    assert center((15, 10)) == (S.OX + 15.5 * S.CELL, S.OY + 10.5 * S.CELL)
    assert S.WIDTH == S.COORD + 16 * S.CELL + 2 * S.MARGIN


def test_a_stone_is_drawn_on_its_square() -> None:
    pos = Position(Monster((0, 0), Heading.E), stones=(Stone((7, 4)),))
    x, y = square_origin((7, 4))
    rects = [p for p in prims_of(pos) if p["k"] == "rect" and p.get("fill") == S.STONE_FILL]
    assert [(r["x"], r["y"]) for r in rects] == [(x + 4, y + 4)]
    svg = position_svg(pos)
    assert f'<rect x="{fmt(x + 4)}" y="{fmt(y + 4)}"' in svg


@pytest.mark.parametrize("kind", list(StoneKind))
def test_each_stone_kind_has_its_own_look(kind: StoneKind) -> None:
    pos = Position(Monster((0, 0), Heading.E), stones=(Stone((6, 6), kind),))
    dyn = build_scene(pos).groups[0]
    fills = {p.get("fill") for p in dyn} | {p.get("stroke") for p in dyn}
    if kind is StoneKind.CRYSTAL:
        assert S.CRYSTAL_FILL in fills and S.STONE_FILL not in fills
    else:
        assert S.STONE_FILL in fills
    # no word on a stone: a "180" small enough to fit one did not read on a small board (#28)
    assert not [p for p in dyn if p["k"] == "text"]
    others = [k for k in StoneKind if k is not kind]
    for other in others:  # each kind drawn its own way (M11: the quarter turns' arcs mirrored)
        them = build_scene(Position(Monster((0, 0), Heading.E), stones=(Stone((6, 6), other),)))
        assert them.groups[0] != dyn, f"{kind} and {other} look the same"
    if kind.is_pivot:  # the arrow: an arc/u-turn polyline and a filled head
        assert any(
            p["k"] == "poly" and not p.get("closed") and p.get("stroke") == S.PIVOT_ARROW
            for p in dyn
        )
        assert any(
            p["k"] == "poly" and p.get("closed") and p.get("fill") == S.PIVOT_ARROW for p in dyn
        )


def test_the_54_wall_letters_are_drawn_beside_their_walls() -> None:
    texts = [p for p in prims_of(Position.basic()) if p["k"] == "text" and p["fill"] == S.LETTER]
    assert len(texts) == 54 == len(WALL_LETTERS)
    placed = {(p["x"], p["y"]): p["text"] for p in texts}
    for (sq, h), letter in WALL_LETTERS.items():
        x, y = letter_point(sq, h)
        assert placed[(x, y)] == letter, (sq, h)
    # B3: each letter twice, on opposite sides
    counts: dict[str, int] = {}
    for p in texts:
        counts[p["text"]] = counts.get(p["text"], 0) + 1
    assert set(counts.values()) == {2} and len(counts) == 27


def test_B3_the_two_letters_at_a_step_of_the_outline_stand_apart() -> None:
    """At each step of the notched walls two letters meet (M beside (11, 0) and N above
    (12, 1)): drawn at their sides' middles they overlapped (12.7 units apart, letters
    16.6 tall). Each stands beyond its own wall, and no two are nearer than a letter's
    height and a half."""
    texts = [p for p in prims_of(Position.basic()) if p["k"] == "text" and p["fill"] == S.LETTER]
    points = [(p["x"], p["y"]) for p in texts]
    nearest = min(math.dist(a, b) for k, a in enumerate(points) for b in points[k + 1 :])
    assert nearest >= 1.4 * S.TEXT_MIN, nearest
    for (sq, h), letter in WALL_LETTERS.items():  # still beyond the wall it names
        x, y = letter_point(sq, h)
        dx, dy = h.delta
        ox, oy = square_origin(sq)
        across = (x - ox - S.CELL / 2) * dx + (y - oy - S.CELL / 2) * dy
        along = abs((x - ox - S.CELL / 2) * dy) + abs((y - oy - S.CELL / 2) * dx)
        assert across == S.CELL / 2 + S.MARGIN / 2 and along <= S.CELL / 4, (letter, sq, h)


def test_pawns_show_player_colour_number_and_face() -> None:
    pos = Position(
        Monster((0, 0), Heading.E),
        pawns=(
            Pawn("A", "blue", 6, 1, "light", (3, 3)),
            Pawn("B", "red", 4, 3, "dark", (9, 7)),
            Pawn("C", "green", 2, 5, "light", "outside"),
        ),
    )
    prims = prims_of(pos)
    ax, ay = center((3, 3))
    bx, by = center((9, 7))
    circles = [p for p in prims if p["k"] == "circle"]
    ax, bx = ax + S.PAWN_SHIFT, bx + S.PAWN_SHIFT  # the disc up and left, its tag down and right
    assert any(c["fill"] == S.PLAYER["blue"] and c["cx"] == ax for c in circles)
    assert any(c["fill"] == S.LIGHT_FACE and c["cx"] == ax for c in circles)
    assert any(c["fill"] == S.PLAYER["red"] and c["cx"] == bx for c in circles)
    assert any(c["fill"] == S.DARK_FACE and c["cx"] == bx for c in circles)
    numbers = {(p["text"], p["fill"]) for p in prims if p["k"] == "text" and p.get("bold")}
    assert ("6", S.LIGHT_NUMBER) in numbers and ("3", S.DARK_NUMBER) in numbers
    # the waiting pawn is in the tray below the board
    assert any(c["fill"] == S.PLAYER["green"] and c["cy"] > S.TRAY_Y for c in circles)


def test_teleporters_pools_monster_and_corners() -> None:
    pos = Position(
        Monster((4, 5), Heading.S),
        pools=(Pool(((8, 2), (9, 2), (8, 3), (9, 3))),),
        teleporters=(
            Teleporter((2, 6), "yellow", Heading.E),
            Teleporter((12, 6), "yellow", Heading.N),
        ),
    )
    prims = prims_of(pos)
    tx, ty = center((2, 6))
    assert any(
        p["k"] == "circle"
        and p.get("fill") == S.TELEPORTER["yellow"]
        and (p["cx"], p["cy"]) == (tx, ty)
        for p in prims
    )
    x, y = square_origin((8, 2))
    assert any(
        p["k"] == "rect"
        and p.get("fill") == S.POOL_FILL
        and p["x"] == x + 2
        and p["w"] == 2 * S.CELL - 4
        for p in prims
    )
    body = [p for p in prims if p.get("fill") == S.MONSTER_FILL]
    assert len(body) == 1
    assert any(p["k"] == "circle" and p.get("fill") == S.EXIT_LAMP for p in prims)
    assert any(p["k"] == "rect" and p.get("fill") == S.ENTRANCE_FILL for p in prims)


def test_monster_heading_is_drawn() -> None:
    def eyes(h: Heading) -> list[tuple[float, float]]:
        prims = prims_of(Position(Monster((7, 5), h)))
        return sorted(
            (p["cx"], p["cy"])
            for p in prims
            if p["k"] == "circle" and p.get("fill") == S.MONSTER_EYE
        )

    cx, cy = center((7, 5))
    assert all(y < cy for _, y in eyes(Heading.N))
    assert all(x > cx for x, _ in eyes(Heading.E))
    assert all(y > cy for _, y in eyes(Heading.S))
    assert all(x < cx for x, _ in eyes(Heading.W))


# --- SVG --------------------------------------------------------------------------------


def test_svg_is_deterministic_and_has_no_ids() -> None:
    pos = tie_position()
    a, b = position_svg(pos), position_svg(Position.from_dict(TIE_POSITION))
    assert a == b
    assert pos._repr_svg_() == a
    assert a.startswith("<svg ") and a.endswith("</svg>")
    assert " id=" not in a
    assert not re.search(r"\d\.\d{3,}", a), "numbers are rounded to 2 decimals"


def test_number_formatting() -> None:
    assert [fmt(v) for v in (3, 3.0, 2.5, -0.001, 1.239, 10.10)] == [
        "3",
        "3",
        "2.5",
        "0",
        "1.24",
        "10.1",
    ]


def test_svg_escapes_text() -> None:
    # the loaders refuse such an id; the SVG writer escapes it anyway (a position built
    # without the checks, as the engine's own results are)
    pos = Position(
        Monster((0, 0), Heading.E), (), (), (), (Pawn("<&>", "blue", 6, 1, "light", (3, 3)),), 1
    )
    svg = position_svg(pos)
    assert "&lt;&amp;&gt;" in svg and "<&>" not in svg


# --- frames -------------------------------------------------------------------------------


def test_tie_frame_is_marked_unmistakably() -> None:
    pos = tie_position()
    result = monster_turn(pos, "1")
    frames = trace_frames(pos, result.events, "1")
    look = frames[1]
    assert look.event is not None and look.event.type == "look"
    assert look.event.decision == "tie"
    assert look.tie and look.caption.startswith("TIE → keeps heading east (M5)")
    prims = look.scene().primitives()
    # the banner: the caption strip painted in the tie colour
    assert any(
        p["k"] == "rect" and p.get("fill") == S.TIE and (p["x"], p["y"]) == (0, 0) for p in prims
    )
    # both tied pawns ringed
    ringed = {
        (p["cx"], p["cy"])
        for p in prims
        if p["k"] == "circle" and p.get("stroke") == S.TIE and "fill" not in p
    }
    assert center((8, 5))[0] in {x for x, _ in ringed}
    assert {(center(sq)[0], center(sq)[1] - 1) for sq in ((8, 5), (5, 2))} <= ringed
    svg = look.svg()
    assert "TIE → keeps heading east (M5)" in svg and S.TIE in svg
    assert frame_svg(pos, result.events, 1, "1") == svg
    assert look._repr_svg_() == svg
    # a frame without a tie has no tie colour at all
    assert S.TIE not in frames[0].svg()


def test_look_frame_shows_rays_and_distances() -> None:
    pos = Position(
        Monster((2, 5), Heading.E),
        stones=(Stone((2, 3)),),
        pawns=(Pawn("A", "blue", 6, 1, "light", (6, 5)),),
    )
    result = monster_turn(pos, "1")
    look = trace_frames(pos, result.events)[1]
    prims = look.scene().primitives()
    badges = [p for p in prims if p["k"] == "text" and p.get("fill") == S.DISTANCE_TEXT]
    assert [b["text"] for b in badges if b["text"] != "A"] == ["4"]  # A: the pawn's tag
    ray_lines = [p for p in prims if p["k"] == "line" and p.get("stroke") == S.RAY_AHEAD]
    assert len(ray_lines) == 3  # ahead, left, right
    ends = {(p["x2"], p["y2"]) for p in ray_lines}
    assert center((6, 5)) in ends  # the pawn seen
    assert (center((2, 4))[0], square_origin((2, 4))[1]) in ends  # stopped by the stone at (2, 3)


def test_wrap_frame_highlights_both_letters() -> None:
    pos = Position(Monster((0, 5), Heading.W))
    result = monster_turn(pos, "1")
    frames = trace_frames(pos, result.events)
    wrap = next(f for f in frames if f.event is not None and f.event.type == "wrap")
    prims = wrap.scene().primitives()
    spots = {(p["cx"], p["cy"]) for p in prims if p["k"] == "circle" and p.get("fill") == S.WRAP}
    assert spots == {letter_point((0, 5), Heading.W), letter_point((15, 5), Heading.E)}
    assert wrap.position.monster.at == (15, 5)
    # each highlight whole in the picture (the east one was cut by its right edge)
    for p in prims:
        if p["k"] == "circle" and p.get("fill") == S.WRAP:
            reach = p["r"] + p["lw"] / 2
            assert reach <= p["cx"] and p["cx"] + reach <= S.WIDTH, p


def test_eat_frame_and_final_position() -> None:
    pos = Position(Monster((2, 5), Heading.E), pawns=(Pawn("A", "blue", 6, 1, "light", (3, 5)),))
    result = monster_turn(pos, "1")
    frames = trace_frames(pos, result.events)
    eat = next(f for f in frames if f.event is not None and f.event.type == "eat")
    assert eat.position.pawn("A").at == "outside"
    assert any(p.get("stroke") == S.EAT for p in eat.scene().primitives())
    assert frames[-1].position == result.position
    assert len(frames) == len(result.events) + 1
    assert len(event_log(result.events)) == len(result.events)


def _random_position(rng: random.Random) -> Position | None:
    sqs = list(SQUARES)
    rng.shuffle(sqs)
    it = iter(sqs)
    monster = Monster(next(it), rng.choice(list(Heading)))
    stones = tuple(Stone(next(it), rng.choice(list(StoneKind))) for _ in range(rng.randint(0, 14)))
    tps: list[Teleporter] = []
    if rng.random() < 0.5:
        tps = [
            Teleporter(next(it), "yellow", rng.choice(list(Heading))),
            Teleporter(next(it), "yellow", rng.choice(list(Heading))),
        ]
    pawns = tuple(
        Pawn(
            chr(65 + k),
            rng.choice(["blue", "red", "green"]),
            6,
            1,
            rng.choice(["light", "dark"]),
            next(it),
        )
        for k in range(rng.randint(0, 10))
    )
    pools = tuple(
        Pool(p)
        for p in (((8, 2), (9, 2), (8, 3), (9, 3)), ((4, 8), (5, 8), (6, 8), (7, 8)))
        if rng.random() < 0.8 and not set(p) & {monster.at, *(t.at for t in tps)}
    )
    try:
        return Position(monster, stones, pools, tuple(tps), pawns, rng.choice([1, 2]))
    except Exception:
        return None


def _turns(n: int, seed: int = 7) -> list[tuple[Position, str]]:
    rng = random.Random(seed)
    out: list[tuple[Position, str]] = []
    while len(out) < n:
        pos = _random_position(rng)
        if pos is not None:
            out.append((pos, rng.choice(["5", "7", "8", "10", "X", "XX"])))
    return out


def test_replayed_frames_end_on_the_engines_position() -> None:
    """The frames only replay the engine's events: their last position is the engine's."""
    checked = 0
    for pos, tile in _turns(400):
        result = monster_turn(pos, tile)
        frames = trace_frames(pos, result.events, tile)
        assert frames[-1].position.to_dict() == result.position.to_dict(), pos.to_json()
        checked += 1
    assert checked == 400


def test_stone_pushed_onto_a_teleporter() -> None:
    pos = Position.from_dict(
        {
            "format": "finstere-position/1",
            "monster": {"at": [12, 7], "facing": "S"},
            "stones": [{"at": [12, 9]}, {"at": [7, 1], "kind": "crystal"}],
            "teleporters": [
                {"at": [12, 10], "pair": "yellow", "arrow": "N"},
                {"at": [2, 5], "pair": "yellow", "arrow": "N"},
            ],
        }
    )
    result = monster_turn(pos, "2")
    frames = trace_frames(pos, result.events)
    assert [s.at for s in frames[-1].position.stones] == [(7, 1)]  # rules: destroyed (M8)
    assert frames[-1].position == result.position


# --- packing -----------------------------------------------------------------------------


def test_packed_frames_reference_every_group_once() -> None:
    pos = tie_position()
    result = monster_turn(pos, "8")
    frames = trace_frames(pos, result.events, "8")
    packed = pack_frames(frames)
    assert len(packed["frames"]) == len(frames)
    keys = [json.dumps(g, sort_keys=True) for g in packed["groups"]]
    assert len(keys) == len(set(keys))
    for f, pf in zip(frames, packed["frames"], strict=True):
        unpacked = [p for k in pf["g"] for p in packed["groups"][k]]
        assert packed["static"] + unpacked == f.scene().primitives()
        assert pf["e"] == (-1 if f.event_index is None else f.event_index)


def test_synced_trace_of_an_8_step_turn_is_at_most_100_kb() -> None:
    """Target from the issue: the synced trace of an 8-step turn <= 100 KB."""
    sizes = []
    for pos, _ in _turns(150, seed=3):
        result = monster_turn(pos, "8")
        frames = trace_frames(pos, result.events, "8")
        sizes.append(packed_size(pack_frames(frames), event_log(result.events)))
    busy = Position.basic(
        pawns=[
            Pawn(chr(65 + k), ["blue", "red", "green", "yellow"][k % 4], 6, 1, "light", sq)
            for k, sq in enumerate(
                [
                    (1, 1),
                    (3, 0),
                    (5, 1),
                    (0, 4),
                    (6, 3),
                    (10, 1),
                    (3, 5),
                    (9, 6),
                    (11, 5),
                    (14, 6),
                    (12, 9),
                    (7, 10),
                ]
            )
        ]
    )
    result = monster_turn(busy, "8")
    sizes.append(
        packed_size(pack_frames(trace_frames(busy, result.events, "8")), event_log(result.events))
    )
    print(
        f"synced 8-step trace: max {max(sizes) / 1000:.1f} KB, "
        f"mean {sum(sizes) / len(sizes) / 1000:.1f} KB over {len(sizes)} turns"
    )
    assert max(sizes) <= 100_000


def test_overlays_targets_path_heat_selected() -> None:
    pos = tie_position()
    ov = Overlay(
        targets=[(9, 5), (8, 6)],
        path=[center((8, 5)), center((9, 5))],
        heat={(3, 3): 0.0, (4, 4): 1.0},
        labels={(4, 4): "90%"},
        selected=(8, 5),
        caption="hello",
    )
    prims = prims_of(pos, ov)
    x, y = square_origin((9, 5))
    assert any(p["k"] == "rect" and p.get("stroke") == S.TARGET and p["x"] == x + 3 for p in prims)
    assert any(p["k"] == "poly" and p.get("stroke") == S.PATH for p in prims)
    hot = [
        p
        for p in prims
        if p["k"] == "rect" and p["x"] == square_origin((4, 4))[0] + 1 and p.get("a")
    ]
    assert hot and hot[0]["fill"] == "#{:02x}{:02x}{:02x}".format(*S.HEAT_HIGH)
    assert any(p["k"] == "text" and p["text"] == "90%" for p in prims)
    assert any(p["k"] == "circle" and p.get("stroke") == S.SELECTED for p in prims)
    assert any(p["k"] == "text" and p["text"] == "hello" for p in prims)


def test_M11_pivot_left_is_drawn_as_the_right_turn_arrow_mirrored() -> None:
    from finstere_widget.render.scene import stone_group

    right = stone_group((6, 6), StoneKind.PIVOT_RIGHT)
    left = stone_group((6, 6), StoneKind.PIVOT_LEFT)
    assert left != right and len(left) == len(right)
    cx = center((6, 6))[0]
    arrows = [
        (r, lf) for r, lf in zip(right, left, strict=True) if r["k"] == "poly" and lf["k"] == "poly"
    ]
    assert len(arrows) == 2  # the arc and its head
    for r, lf in arrows:
        xs_r, xs_l = r["pts"][0::2], lf["pts"][0::2]
        assert all(abs((a - cx) + (b - cx)) < 0.2 for a, b in zip(xs_r, xs_l, strict=True))
        assert lf["pts"][1::2] == r["pts"][1::2]
    pos = Position(Monster((0, 0), Heading.E), stones=(Stone((6, 6), StoneKind.PIVOT_LEFT),))
    assert "<svg" in position_svg(pos)


def test_trace_frames_refuses_a_pawn_moves_events_instead_of_drawing_the_monster_on_them() -> None:
    """A pawn's move (P2-P9 events) replayed as a monster turn would walk the monster along
    the pawn's path: a wrong picture. trace_frames refuses it, naming the first pawn event."""
    from finstere_widget.engine import TraceError, apply_move, legal_moves
    from finstere_widget.examples import load

    pos = load("pawn_example_3")
    pawn = pos.pawns[0].id
    moved = apply_move(pos, pawn, legal_moves(pos, pawn)[-1].path)
    with pytest.raises(TraceError, match=r"event 0 \(move, P2\) is a pawn's move"):
        trace_frames(pos, moved.events)


# --------------------------------------------------------------------------- the tray

_COLOURS7 = ("blue", "yellow", "red", "green", "purple", "black", "white")


def _tray_tags(position: Position) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Each tray pawn's id tag as drawn: (its words and colour, its box x0, y0, x1, y1)."""
    from finstere_widget.render.margins import label_groups

    out = []
    for g in label_groups(position):
        box, words = g[0], g[1]
        if box["k"] == "rect" and words["k"] == "text" and box["y"] > S.TRAY_Y:
            out.append(
                (
                    f"{words['text']} on {box['fill']}",
                    (box["x"], box["y"], box["x"] + box["w"], box["y"] + box["h"]),
                )
            )
    return out


def _tags_of(position: Position, ids: set[str]) -> list[str]:
    """What the tags of the pawns ``ids`` say: each one's number on its player's colour."""
    from finstere_widget.render.tray import short_id

    return sorted(f"{short_id(p)} on {S.PLAYER[p.player]}" for p in position.pawns if p.id in ids)


@pytest.mark.parametrize("n", range(2, 8))
def test_the_tray_draws_every_pawn_off_the_board(n: int) -> None:
    """Seven players' 21 pawns all wait outside at the start: each has its slot, its click
    zone and its tag (the 21st was left out: a pawn of the state the picture did not show)."""
    from finstere_widget.engine import Game
    from finstere_widget.render.scene import pawn_zones, tray_slots

    pos = Game(list(_COLOURS7[:n]), seed=1).position
    off = {p.id for p in pos.pawns if not isinstance(p.at, tuple)}
    assert set(tray_slots(pos)) == off
    assert {z["id"] for z in pawn_zones(pos)} == {f"pawn:{pid}" for pid in off}
    assert sorted(tag for tag, _ in _tray_tags(pos)) == _tags_of(pos, off)


def test_a_stage2_crowd_out_of_the_game_is_drawn_whole() -> None:
    """21 pawns out of the game (stage 2 keeps the eaten): all drawn, in their section,
    which takes the room the two empty sections do not need."""
    pawns = tuple(
        Pawn(f"{c}{k}", c, 4, 3, "light", "eaten") for c in _COLOURS7 for k in range(1, 4)
    )
    from finstere_widget.render.scene import tray_layout, tray_slots
    from finstere_widget.render.tray import TRAY_STEP

    pos = Position(Monster((0, 0), Heading.E), (), (), (), pawns, 2)
    slots = tray_slots(pos)
    assert len(slots) == 21
    eaten = next(s for s in tray_layout(pos) if s.place == "eaten")
    assert eaten.w >= 12 + 11 * TRAY_STEP > 150, "the crowded section took the empty ones' room"
    assert all(eaten.x <= x <= eaten.x + eaten.w for x, _ in slots.values()), "inside it"
    _assert_tags_apart(_tray_tags(pos))


def _assert_tags_apart(tags: list[tuple[str, tuple[float, float, float, float]]]) -> None:
    for i, (a, ba) in enumerate(tags):
        for b, bb in tags[i + 1 :]:
            apart = ba[2] <= bb[0] or bb[2] <= ba[0] or ba[3] <= bb[1] or bb[3] <= ba[1]
            assert apart, f"the tags of {a} and {b} overlap: {ba} {bb}"


@pytest.mark.parametrize("n", range(2, 8))
def test_tray_tags_never_cover_each_other_at_the_start(n: int) -> None:
    """Every player count's pawns waiting at the start: the tags under them ("1", "3" on
    yellow) side by side, none covering another, in the default tray (seven players' 21
    tags used to be drawn over each other, unreadable; then the waiting section took the
    room of the two empty ones, cutting their labels)."""
    from finstere_widget.engine import Game
    from finstere_widget.render.scene import tray_layout

    for cols in (_COLOURS7[:n], _COLOURS7[::-1][:n]):
        pos = Game(list(cols), seed=1).position
        tags = _tray_tags(pos)
        assert len(tags) == len(pos.pawns) == (4 if n <= 4 else 3) * n
        _assert_tags_apart(tags)
        extents = [(s.x - S.OX, s.w) for s in tray_layout(pos)]
        assert extents == [(0, 128), (138, 150), (298, 342)], f"not the default tray: {extents}"


def test_the_tray_lays_out_any_spread_of_pawns_within_itself() -> None:
    """Random spreads of up to 48 pawns over the three places: the sections stay inside
    the tray in their order, never overlapping; each pawn's slot and click zone lie in its
    own section; tags are apart whenever every section can have the room its pawns need;
    each label, in every language, fits its section (cut with "…" when it must)."""
    from finstere_widget.engine.i18n import translations
    from finstere_widget.render.geometry import text_width
    from finstere_widget.render.scene import pawn_zones, place_zones, tray_layout, tray_slots
    from finstere_widget.render.tray import TRAY_MIN_W, _need, short_id, tray_background

    rng = random.Random(7)
    places: tuple[Literal["escaped", "eaten", "outside"], ...] = ("escaped", "eaten", "outside")
    room = S.COLS * S.CELL - 20
    crowded = roomy = 0
    for _ in range(300):
        n = rng.randint(1, 48)
        weights = [rng.random() ** 3 for _ in places]
        pawns = tuple(
            Pawn(f"{_COLOURS7[k % 7]}{k // 7 + 1}", _COLOURS7[k % 7], 4, 3, "light", at)
            for k, at in enumerate(rng.choices(places, weights, k=n))
        )
        pos = Position(Monster((0, 0), Heading.E), (), (), (), pawns, 2)
        layout = tray_layout(pos)
        assert [s.place for s in layout] == list(places)
        assert layout[0].x == S.OX
        assert layout[-1].x + layout[-1].w <= S.OX + S.COLS * S.CELL + 0.1
        for a, b in zip(layout, layout[1:], strict=False):
            assert a.x + a.w < b.x, f"{a} runs into {b}"
        where = {s.place: s for s in layout}
        zones = {z["id"]: z for z in pawn_zones(pos) + place_zones(pos)}
        for pid, (x, y) in tray_slots(pos).items():
            sec = where[str(pos.pawn(pid).at)]
            assert sec.x + 6 <= x <= sec.x + sec.w - 6, (pid, sec)
            z = zones[f"pawn:{pid}"]
            assert z["x"] < x < z["x"] + z["w"] and z["y"] < y < z["y"] + z["h"]
        for sec in layout:
            z = zones[f"place:{sec.place}"]
            assert (z["x"], z["w"]) == (sec.x, sec.w)
        by_place = [[(p.id, short_id(p)) for p in pos.pawns if p.at == place] for place in places]
        if sum(max(TRAY_MIN_W, _need(ids)) for ids in by_place) <= room:
            roomy += 1
            _assert_tags_apart(_tray_tags(pos))
        else:
            crowded += 1
        for lang in ("en", "fr", "de", "it", "cs"):
            labels = [p for p in tray_background(layout, lang) if p["k"] == "text"]
            for sec, label in zip(layout, labels, strict=True):
                assert label["size"] >= S.TEXT_MIN
                assert text_width(label["text"], label["size"]) <= sec.w - 8, (lang, sec)
                whole = translations(lang).gettext(sec.label)
                assert label["text"] == whole or label["text"].endswith("…")
    assert crowded > 20 and roomy > 100, "both kinds of spread were tried"


def test_a_story_whose_tray_changes_draws_each_frame_with_its_own_tray() -> None:
    """Stage 2, eight pawns out of the game: the monster eats a ninth, the section "out of
    the game" no longer fits in its default width and widens. Each packed frame unpacks to
    that frame's own scene (the tray as its position lays it out), never the first frame's
    tray on a later frame."""
    from finstere_widget.render.scene import tray_layout

    pawns = tuple(
        Pawn(f"{c}{k}", c, 4, 3, "light", "eaten")
        for c in ("yellow", "purple", "red", "green")
        for k in (1, 2)
    ) + (Pawn("yellow3", "yellow", 4, 3, "light", (6, 5)),)
    pos = Position(Monster((5, 5), Heading.E), (), (), (), pawns, 2)
    result = monster_turn(pos, 1)
    assert result.eaten == ("yellow3",)
    assert tray_layout(pos) != tray_layout(result.position), "the tray changes in the story"
    frames = trace_frames(pos, result.events, "1")
    packed = pack_frames(frames)
    labels = [p["text"] for p in packed["static"] if p["k"] == "text"]
    assert "out of the game" not in labels, "the tray is not in the static layer"
    for f, pf in zip(frames, packed["frames"], strict=True):
        unpacked = [p for k in pf["g"] for p in packed["groups"][k]]
        assert packed["static"] + unpacked == f.scene().primitives()
    first, last = packed["frames"][0]["g"], packed["frames"][-1]["g"]
    assert packed["groups"][first[0]] != packed["groups"][last[0]], "two trays drawn"


def test_a_long_caption_is_cut_at_a_word_with_an_ellipsis_to_fit_the_strip() -> None:
    from finstere_widget.render.geometry import text_width as caption_width
    from finstere_widget.render.margins import CAPTION_ROOM, caption_fit

    short = "step 1: moves from (5, 5) to (6, 5) (M3)"
    assert caption_fit(short) == short
    long = (
        "pas 5 : voit blue1 à 3 cases à l'est et green3 à 1 case à l'ouest — green3 est le "
        "plus proche, se tourne vers l'ouest (M5)"
    )
    cut = caption_fit(long)
    assert cut.endswith("…") and caption_width(cut, 12) <= CAPTION_ROOM
    assert long.startswith(cut[:-1]) and long[len(cut) - 1] == " ", "cut at a word's end"
    assert caption_width("W" * 10, 12) == 120 and caption_width("漢", 12) == 12


def test_the_corners_show_the_rulebooks_symbols_and_no_word_too_small_to_read() -> None:
    """B2: the exit's lamp and the entrance's footprints, in their squares. Their words
    ("EXIT", Italian "ENTRATA") were written at 5-8 px to fit a square and read at 3.5-5 px
    on a 484 px board (#28): no word now, the symbols name the corners in every language."""
    from finstere_widget.engine import ENTRANCE, EXIT
    from finstere_widget.render.board import _corners

    drawn = _corners()
    assert not [p for p in drawn if p["k"] == "text"]
    lamp = [p for p in drawn if p["k"] == "circle" and p["fill"] == S.EXIT_LAMP]
    steps = [p for p in drawn if p["k"] == "poly" and p.get("fill") == S.CORNER_TEXT]
    x0, y0 = S.OX + EXIT[0] * S.CELL, S.OY + EXIT[1] * S.CELL
    assert len(lamp) == 1 and x0 < lamp[0]["cx"] < x0 + S.CELL and y0 < lamp[0]["cy"] < y0 + S.CELL
    x0, y0 = S.OX + ENTRANCE[0] * S.CELL, S.OY + ENTRANCE[1] * S.CELL
    assert len(steps) == 2
    for p in steps:
        pts = zip(p["pts"][::2], p["pts"][1::2], strict=True)
        assert all(x0 < x < x0 + S.CELL and y0 < y < y0 + S.CELL for x, y in pts)


def test_a_pawns_tag_stays_clear_of_the_outer_wall() -> None:
    """A pawn by the east wall (column 15) or the west one (column 0): its id tag stays
    inside the board, clear of the outline's line (4 units wide, 2 of them inside), which
    it covered by a unit."""
    pos = Position(
        Monster((5, 5), Heading.E),
        pawns=(
            Pawn("blue5", "blue", 6, 1, "light", (15, 6)),
            Pawn("red4", "red", 6, 1, "light", (0, 4)),
        ),
    )
    rects = [p for p in prims_of(pos) if p["k"] == "rect" and p.get("fill") in S.PLAYER.values()]
    east, west = S.OX + 16 * S.CELL, S.OX
    assert len(rects) == 2  # the two tags
    for r in rects:
        assert r["x"] >= west + 2 + 1 and r["x"] + r["w"] <= east - 2 - 1, r


@pytest.mark.parametrize("lang", ["en", "fr", "de", "it", "cs"])
def test_a_banners_bold_lines_fit_the_strip_in_the_real_font(lang: str) -> None:
    """The tie's banner (and a comparison's "the readings part here") paints its lines in
    bold; they were measured in the regular font and ran off the strip ("...ciò che tro").
    Each line, set in DejaVu Sans Bold (the widest font the board asks for), fits."""
    from finstere_widget.engine.i18n import gettext
    from finstere_widget.engine.rules import title
    from finstere_widget.render.margins import CAPTION_ROOM, CAPTION_SIZE, caption_group
    from finstere_widget.render.raster import font

    scale = 10  # measured at 10 px a scene unit: the font's own hinting does not matter
    bold = font(round(CAPTION_SIZE * scale), bold=True)
    assert "DejaVu" in bold.getname()[0], "DejaVu Sans Bold is needed to measure"
    said = gettext("≠ step {step}: the readings part here ({rule}: {title})", lang)
    sentences = [
        said.format(step=k, rule=r, title=title(r, lang))
        for k in (2, 12)
        for r in ("M8", "M9", "P7")
    ]
    for words in sentences:
        lines = [p for p in caption_group(words, banner=True) if p["k"] == "text"]
        assert lines and all(p["bold"] for p in lines)
        for p in lines:
            assert bold.getlength(p["text"]) <= CAPTION_ROOM * scale, (p["text"], lang)
