"""Paint the scene's primitives on a user's own ``ipycanvas.Canvas`` (optional extra:
``pip install "finstere_widget[canvas]"``). Same primitives as the SVG and the widget.

Note: ipycanvas drawings are not widget state; redraw in
``canvas.on_client_ready`` if the page may be reloaded.
"""

from __future__ import annotations

from typing import Any

from ..engine import Position
from . import style as S
from .primitives import Anchor, Prim, unknown_kind
from .scene import Scene, build_scene

_ALIGN: dict[Anchor, str] = {"start": "left", "middle": "center", "end": "right"}


def _round_rect(canvas: Any, x: float, y: float, w: float, h: float, r: float) -> None:
    r = min(r, w / 2, h / 2)
    canvas.move_to(x + r, y)
    canvas.arc_to(x + w, y, x + w, y + h, r)
    canvas.arc_to(x + w, y + h, x, y + h, r)
    canvas.arc_to(x, y + h, x, y, r)
    canvas.arc_to(x, y, x + w, y, r)
    canvas.close_path()


def paint_primitive(canvas: Any, p: Prim) -> None:
    """One primitive, with the same meaning as in ``board.js`` and ``svg.py``."""
    canvas.global_alpha = p.get("a", 1)
    if p["k"] == "text":
        canvas.font = f"{'bold ' if p.get('bold') else ''}{p['size']}px {S.FONT}"
        canvas.text_align = _ALIGN[p.get("anchor", "middle")]
        canvas.text_baseline = "middle"
        canvas.fill_style = p["fill"]
        canvas.fill_text(p["text"], p["x"], p["y"])
        return
    canvas.begin_path()
    if p["k"] == "rect":
        if p.get("r"):
            _round_rect(canvas, p["x"], p["y"], p["w"], p["h"], p["r"])
        else:
            canvas.rect(p["x"], p["y"], p["w"], p["h"])
    elif p["k"] == "line":
        canvas.move_to(p["x1"], p["y1"])
        canvas.line_to(p["x2"], p["y2"])
    elif p["k"] == "poly":
        pts = p["pts"]
        canvas.move_to(pts[0], pts[1])
        for i in range(2, len(pts), 2):
            canvas.line_to(pts[i], pts[i + 1])
        if p.get("closed"):
            canvas.close_path()
    elif p["k"] == "circle":
        canvas.arc(p["cx"], p["cy"], p["r"], 0, 6.283185307179586)
    else:
        unknown_kind(p)
    if "fill" in p and p["k"] != "line":
        canvas.fill_style = p["fill"]
        canvas.fill()
    if "stroke" in p:
        canvas.line_width = p.get("lw", 1)
        canvas.stroke_style = p["stroke"]
        canvas.set_line_dash(list(p.get("dash", [])))
        canvas.stroke()


def paint_on_ipycanvas(canvas: Any, scene: Scene | Position, *, clear: bool = True) -> int:
    """Paint ``scene`` (or a position's scene) scaled to the canvas width; returns the
    number of primitives painted. Wrap in ``ipycanvas.hold_canvas()`` for speed (done here)."""
    from .._extras import require

    require("canvas", "ipycanvas", part="paint_on_ipycanvas")
    from ipycanvas import hold_canvas

    if isinstance(scene, Position):
        scene = build_scene(scene)
    prims = scene.primitives()
    k = (canvas.width or scene.width) / scene.width
    with hold_canvas():
        if clear:
            canvas.clear()
        canvas.save()
        if k != 1:
            canvas.scale(k)
        canvas.line_join = "round"
        canvas.line_cap = "round"
        for p in prims:
            paint_primitive(canvas, p)
        canvas.global_alpha = 1
        canvas.restore()
    return len(prims)
