"""The one drawing definition: a position (plus overlays) as a :class:`Scene` of typed
primitives (:mod:`.primitives`: the render contract every painter paints).

Everything about the picture — layout, colours, shapes, arrows, labels — is decided in the
scene modules, from the constants in :mod:`.style`, each readable alone:

* :mod:`.geometry` — where squares, sides and margin letters are (numbers only);
* :mod:`.board` — the board and its walls, pools and teleporters: the static layer;
* :mod:`.pieces` — stones, pawns, the monster;
* :mod:`.overlays` — lines of sight, distances, ties, arrows, rings, heat maps;
* :mod:`.margins` — wall letters, square names, the caption strip, pawn id tags;
* :mod:`.tray` — the pawns off the board.

The painters only paint the primitives: the SVG writer (:mod:`.svg`), the browser canvas
painter (``widget/static/board.js``), the ipycanvas painter (:mod:`.ipycanvas_painter`) and
the raster writer (:mod:`.raster`).

A :class:`Scene` is the static layer (board, letters, corners, pools, teleporters, tray)
plus a list of *groups* of dynamic primitives (pieces and overlays, in paint order); the
widget syncs the static layer once and each frame as a list of group numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import Position
from ..engine.errors import SceneError
from . import style as S
from .board import (
    board_outline,
    fixture_group,
    static_layer,
    teleporter_colour,
    teleporter_group,
)
from .geometry import (
    arrow_shape,
    center,
    edge_point,
    geometry,
    id_width,
    letter_point,
    square_origin,
)
from .margins import caption_group, label_groups, pawn_tag
from .overlays import (
    Overlay,
    arrow_between,
    cross,
    heading_arrow,
    heat_overlay,
    letter_highlight,
    look_overlay,
    overlay_groups,
    path_overlay,
    pawn_ghost,
    ray_end,
    ring,
    square_fill,
    targets_overlay,
    zone_overlay,
)
from .pieces import (
    monster_group,
    pawn_disc,
    pawn_group,
    piece_groups,
    player_colour,
    shared_square_pawn,
    stone_group,
)
from .primitives import (
    Circle,
    Group,
    GroupMemo,
    Line,
    Poly,
    Prim,
    Rect,
    SceneDict,
    Text,
    check_primitive,
    circle,
    line,
    memo_group,
    num,
    poly,
    rect,
    text,
)
from .tray import (
    TRAY_PAWN_R,
    TraySection,
    pawn_zones,
    place_zones,
    tray_background,
    tray_layout,
    tray_slots,
)


def compose(
    under: list[Group],
    position: Position,
    over: list[Group],
    memo: GroupMemo | None = None,
) -> list[Group]:
    """The dynamic groups in paint order: overlays under the pieces, the pieces, overlays
    over them, then the pawns' id tags on top."""
    return under + piece_groups(position, memo) + over + label_groups(position, memo)


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

    def to_dict(self) -> SceneDict:
        return {"width": self.width, "height": self.height, "primitives": self.primitives()}

    @classmethod
    def from_dict(cls, data: object) -> Scene:
        """A scene read back from :meth:`to_dict`'s JSON, every primitive checked against
        the render contract (:class:`~finstere_widget.engine.errors.SceneError` naming the
        primitive and key at fault)."""
        if not isinstance(data, dict) or set(data) != {"width", "height", "primitives"}:
            raise SceneError("a scene is an object with width, height and primitives")
        size = [data["width"], data["height"]]
        if not all(type(v) is int and 0 < v <= 10_000 for v in size):
            raise SceneError(
                "a scene's width and height are whole numbers 1..10000, not {size}", size=size
            )
        prims = data["primitives"]
        if not isinstance(prims, list):
            raise SceneError("a scene's primitives are a list")
        checked = [check_primitive(p, f"primitive {i}") for i, p in enumerate(prims)]
        return cls(checked, [], data["width"], data["height"])

    def _repr_svg_(self) -> str:
        from .svg import scene_svg

        return scene_svg(self)


def build_scene(
    position: Position, overlay: Overlay | None = None, lang: str | None = None
) -> Scene:
    """The position (and overlay) as a :class:`Scene`; the board's words (the tray's
    labels) in ``lang`` (None: the language in use)."""
    under, over = overlay_groups(position, overlay)
    return Scene(static_layer(position, lang=lang), compose(under, position, over))


__all__ = [
    "TRAY_PAWN_R",
    "TraySection",
    "Circle",
    "Group",
    "GroupMemo",
    "Line",
    "Overlay",
    "Poly",
    "Prim",
    "Rect",
    "Scene",
    "Text",
    "arrow_between",
    "arrow_shape",
    "board_outline",
    "build_scene",
    "caption_group",
    "center",
    "circle",
    "compose",
    "cross",
    "edge_point",
    "fixture_group",
    "geometry",
    "heading_arrow",
    "heat_overlay",
    "id_width",
    "label_groups",
    "letter_highlight",
    "letter_point",
    "line",
    "look_overlay",
    "memo_group",
    "monster_group",
    "num",
    "overlay_groups",
    "path_overlay",
    "pawn_disc",
    "pawn_ghost",
    "pawn_group",
    "pawn_tag",
    "pawn_zones",
    "piece_groups",
    "place_zones",
    "player_colour",
    "poly",
    "ray_end",
    "rect",
    "ring",
    "shared_square_pawn",
    "square_fill",
    "square_origin",
    "static_layer",
    "stone_group",
    "targets_overlay",
    "teleporter_colour",
    "teleporter_group",
    "text",
    "tray_background",
    "tray_layout",
    "tray_slots",
    "zone_overlay",
]
