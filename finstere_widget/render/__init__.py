"""The drawing of a position, defined once (:mod:`.scene`) and rendered as SVG (:mod:`.svg`),
on the widget's canvas (``widget/static/board.js``) or on an ipycanvas (:mod:`.ipycanvas_painter`).
"""

from __future__ import annotations

from ..engine import Position
from .frames import TraceFrame, event_log, frame_svg, pack_frames, packed_size, trace_frames
from .scene import Overlay, Scene, build_scene, geometry
from .svg import scene_svg


def position_svg(position: Position, overlay: Overlay | None = None) -> str:
    """The position as deterministic SVG (``Position._repr_svg_``)."""
    return scene_svg(build_scene(position, overlay))


def paint_on_ipycanvas(canvas: object, scene: Scene | Position, *, clear: bool = True) -> int:
    """Paint a scene (or a position) on a user's ``ipycanvas.Canvas`` (optional extra);
    returns the number of primitives painted."""
    from .ipycanvas_painter import paint_on_ipycanvas as _paint

    return _paint(canvas, scene, clear=clear)


__all__ = [
    "Overlay",
    "Scene",
    "TraceFrame",
    "build_scene",
    "event_log",
    "frame_svg",
    "geometry",
    "pack_frames",
    "packed_size",
    "paint_on_ipycanvas",
    "position_svg",
    "scene_svg",
    "trace_frames",
]
