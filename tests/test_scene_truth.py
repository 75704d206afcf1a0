"""The scene tells the truth where pieces meet (issue 10), checked on the scene's primitives
and on their raster (Pillow), not on the code that places them:

* the monster never hides the pawn it steps or slides onto: in every frame of a turn, each
  pawn on the board shows its colour inside its square (M7, M9);
* the pawns' id tags never overlap a wall letter, on any square, in the tray, at the sizes the
  widget paints (bounding boxes measured with the font the raster painter uses).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from finstere_widget.engine import Heading, Monster, Pawn, Position, RuleOptions
from finstere_widget.engine.board import ROW_EXTENT
from finstere_widget.engine.monster import monster_turn
from finstere_widget.render import style as S
from finstere_widget.render.frames import trace_frames
from finstere_widget.render.primitives import Text
from finstere_widget.render.scene import label_groups, static_layer

pytest.importorskip("PIL", reason="the raster checks need Pillow (the animate extra)")
from finstere_widget.render.raster import font, scene_image  # noqa: E402

#: the monster at (3, 8) facing east; a pool (4..7, 8); A stands on the pool, B beyond it
SLIDE = json.loads((Path(__file__).parent / "data" / "slide_onto_pawns.json").read_text())


def _hex(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def colour_pixels(image: Any, sq: tuple[int, int], colour: str, tol: int = 24) -> int:
    """How many pixels of ``sq`` (scene units, scale 1) are ``colour``."""
    want = _hex(colour)
    x0, y0 = S.OX + sq[0] * S.CELL, S.OY + sq[1] * S.CELL
    box = image.crop((int(x0), int(y0), int(x0 + S.CELL), int(y0 + S.CELL)))
    px = box.load()
    return sum(
        1
        for x in range(box.width)
        for y in range(box.height)
        if all(abs(a - b) <= tol for a, b in zip(px[x, y][:3], want, strict=True))
    )


@pytest.mark.parametrize("option", ["eat", "stop"])
def test_M9_M7_the_monster_never_hides_the_pawn_it_slides_or_steps_onto(option: str) -> None:
    pos = Position.from_dict(SLIDE)
    result = monster_turn(pos, 2, RuleOptions.parse([f"slide_over_pawn={option}"]))
    frames = trace_frames(pos, result.events)
    shared = 0
    for f in frames:
        image = scene_image(f.scene())
        for p in f.position.pawns:
            if not isinstance(p.at, tuple):
                continue
            shared += p.at == f.position.monster.at
            seen = colour_pixels(image, p.at, S.PLAYER[p.player])
            assert seen >= 40, (
                f"frame {f.index} ({f.caption}): pawn {p.id} on {p.at} hidden "
                f"({seen} pixels of its colour; monster at {f.position.monster.at})"
            )
    # the turn has the frames under test: the monster on A's pool square (slide), on B's
    # square (a step) with the default option
    assert shared >= (2 if option == "eat" else 1)


def test_a_pawn_alone_on_its_square_keeps_its_full_disc() -> None:
    """The corner drawing is only for a pawn sharing the monster's square."""
    pos = Position.from_dict(SLIDE)
    image = scene_image(trace_frames(pos, [])[0].scene())
    # a full disc (r 14) shows far more of its colour than the small corner one (r 10)
    assert colour_pixels(image, (6, 8), S.PLAYER["blue"]) > 180


def _text_box(p: Text, scale: float) -> tuple[float, float, float, float]:
    """The ink box of a text primitive in scene units, measured with the raster's font at
    ``scale`` (anchor and middle baseline as the painters use them)."""
    f = font(max(1, round(p["size"] * scale)), bool(p.get("bold")))
    left, top, right, bottom = f.getbbox(p["text"], anchor="lm")
    w = (right - left) / scale
    x = p["x"] - (w / 2 if p.get("anchor", "middle") == "middle" else 0)
    if p.get("anchor") == "end":
        x = p["x"] - w
    return x, p["y"] + top / scale, x + w, p["y"] + bottom / scale


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _crowded(pid: str) -> Position:
    """A pawn with id ``pid`` + its number on every board square, and full tray sections."""
    pawns = []
    k = 0
    for y, (lo, hi) in enumerate(ROW_EXTENT):
        for x in range(lo, hi + 1):
            pawns.append(Pawn(f"{pid}{k}"[-16:], "blue", 6, 1, "light", (x, y)))
            k += 1
    for place in ("outside", "escaped"):
        for _ in range(40):
            pawns.append(Pawn(f"{pid}{k}"[-16:], "red", 4, 3, "light", place))
            k += 1
    return Position(Monster((0, 0), Heading.E), (), (), (), tuple(pawns), 1)


@pytest.mark.parametrize("pid", ["W", "WWWW", "W" * 13, "MM_mm-00"])
@pytest.mark.parametrize("scale", [0.75, 1.0, 1.5, 2.2])
def test_pawn_id_tags_never_overlap_wall_letters(pid: str, scale: float) -> None:
    pos = _crowded(pid)
    letters = [
        p
        for p in static_layer(pos)
        if p["k"] == "text" and len(p["text"]) == 1 and p["fill"] == S.LETTER
    ]
    assert len(letters) >= 16, "the wall letters of the static layer"
    letter_boxes = [(p["text"], _text_box(p, scale)) for p in letters]
    tags = label_groups(pos)
    assert len(tags) > 150
    for tag in tags:
        rect = next(p for p in tag if p["k"] == "rect")
        label = next(p for p in tag if p["k"] == "text")
        box = (rect["x"], rect["y"], rect["x"] + rect["w"], rect["y"] + rect["h"])
        ink = _text_box(label, scale)
        assert box[0] - 1 <= ink[0] and ink[2] <= box[2] + 1, f"id {label['text']} spills"
        for letter, lb in letter_boxes:
            assert not _overlap(box, lb), f"tag {label['text']} covers wall letter {letter}"
            assert not _overlap(ink, lb), f"id {label['text']} over wall letter {letter}"
