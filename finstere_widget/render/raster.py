"""A raster painter over the scene primitives (Pillow, the ``animate`` extra).

Like the SVG writer and the canvas painters it paints exactly the primitives of
:mod:`.scene` — nothing about the picture is decided here. Shapes are painted at
``supersample`` times the size and scaled down, for smooth edges.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from . import style as S
from .primitives import Prim, unknown_kind
from .scene import Scene

#: fonts tried in order (the SVG names the same families); Pillow's own font last
FONT_FILES = ("DejaVuSans.ttf", "LiberationSans-Regular.ttf", "Arial.ttf")
BOLD_FONT_FILES = ("DejaVuSans-Bold.ttf", "LiberationSans-Bold.ttf", "Arial Bold.ttf")


def _pil() -> Any:
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError:  # pragma: no cover - the extra is missing
        raise ImportError(
            "GIF and PDF output need Pillow: pip install 'finstere_widget[animate]'"
        ) from None
    return Image, ImageDraw, ImageFont


@cache
def font(size: int, bold: bool = False) -> Any:
    """A TrueType font of ``size`` pixels (DejaVu Sans when installed)."""
    _, _, ImageFont = _pil()
    for name in BOLD_FONT_FILES if bold else FONT_FILES:
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default(size=size)


def wrap_text(text: str, font: Any, width: float, draw: Any) -> list[str]:
    """``text`` cut into lines no wider than ``width`` pixels in ``font`` (at spaces)."""
    words = text.split(" ")
    lines: list[str] = []
    current = ""
    for w in words:
        trial = f"{current} {w}".strip()
        if current and draw.textlength(trial, font=font) > width:
            lines.append(current)
            current = w
        else:
            current = trial
    if current:
        lines.append(current)
    return lines


def _rgba(colour: str, alpha: float = 1.0) -> tuple[int, int, int, int]:
    c = colour.lstrip("#")
    return (int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16), round(255 * alpha))


def _dashed(
    points: Sequence[tuple[float, float]], dash: Sequence[float]
) -> list[list[tuple[float, float]]]:
    """The ``on`` pieces of a polyline under a dash pattern."""
    pieces: list[list[tuple[float, float]]] = []
    pattern = [d for d in dash if d > 0] or [1.0]
    k, left, on = 0, pattern[0], True
    current: list[tuple[float, float]] = [points[0]]
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        seg = math.hypot(x1 - x0, y1 - y0)
        pos = 0.0
        while seg - pos > left:
            pos += left
            t = pos / seg
            p = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            if on:
                current.append(p)
                pieces.append(current)
            current = [p]
            on = not on
            k = (k + 1) % len(pattern)
            left = pattern[k]
        left -= seg - pos
        if on:
            current.append((x1, y1))
        else:
            current = [(x1, y1)]
    if on and len(current) > 1:
        pieces.append(current)
    return pieces


def _paint(draw: Any, p: Prim, s: float) -> None:
    """One primitive on a Pillow ``ImageDraw`` (RGBA), coordinates scaled by ``s``."""
    a = float(p.get("a", 1))
    if p["k"] == "text":
        anchor = {"start": "lm", "end": "rm"}.get(p.get("anchor", "middle"), "mm")
        f = font(max(1, round(p["size"] * s)), bool(p.get("bold")))
        draw.text(
            (p["x"] * s, p["y"] * s), p["text"], fill=_rgba(p["fill"], a), font=f, anchor=anchor
        )
        return
    fill = _rgba(p["fill"], a) if "fill" in p and p["k"] != "line" else None
    stroke = _rgba(p["stroke"], a) if "stroke" in p else None
    lw = max(1, round(float(p.get("lw", 1)) * s))
    dash = [d * s for d in p["dash"]] if "dash" in p else None
    if p["k"] == "rect":
        box = (p["x"] * s, p["y"] * s, (p["x"] + p["w"]) * s, (p["y"] + p["h"]) * s)
        if dash and stroke is not None:
            x0, y0, x1, y1 = box
            if fill is not None:
                draw.rectangle(box, fill=fill)
            _polyline(draw, [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)], stroke, lw, dash)
        elif "r" in p:
            draw.rounded_rectangle(
                box, radius=p["r"] * s, fill=fill, outline=stroke, width=lw if stroke else 0
            )
        else:
            draw.rectangle(box, fill=fill, outline=stroke, width=lw if stroke else 0)
    elif p["k"] == "line":
        _polyline(draw, [(p["x1"] * s, p["y1"] * s), (p["x2"] * s, p["y2"] * s)], stroke, lw, dash)
    elif p["k"] == "poly":
        flat = p["pts"]
        pts = [(flat[i] * s, flat[i + 1] * s) for i in range(0, len(flat), 2)]
        if p.get("closed"):
            if fill is not None:
                draw.polygon(pts, fill=fill)
            _polyline(draw, [*pts, pts[0]], stroke, lw, dash)
        else:
            _polyline(draw, pts, stroke, lw, dash)
    elif p["k"] == "circle":
        cx, cy, r = p["cx"] * s, p["cy"] * s, p["r"] * s
        draw.ellipse(
            (cx - r, cy - r, cx + r, cy + r), fill=fill, outline=stroke, width=lw if stroke else 0
        )
    else:
        unknown_kind(p)


def _polyline(
    draw: Any, pts: list[tuple[float, float]], colour: Any, lw: int, dash: Sequence[float] | None
) -> None:
    if colour is None:
        return
    pieces = _dashed(pts, dash) if dash else [pts]
    for piece in pieces:
        draw.line(piece, fill=colour, width=lw, joint="curve")
        if lw > 2:  # round caps, like the SVG's stroke-linecap="round"
            r = lw / 2
            for x, y in (piece[0], piece[-1]):
                draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)


def _bbox(p: Prim, s: float, size: tuple[int, int]) -> tuple[int, int, int, int]:
    """A pixel box that holds primitive ``p`` (generous for strokes and text)."""
    xs: list[float]
    ys: list[float]
    if p["k"] == "text":  # its whole row
        xs, ys = [0, size[0] / s], [p["y"] - p["size"], p["y"] + p["size"]]
        pad = s + 2
    else:
        pad = float(p.get("lw", 1)) * s + 2
        if p["k"] == "rect":
            xs, ys = [p["x"], p["x"] + p["w"]], [p["y"], p["y"] + p["h"]]
        elif p["k"] == "line":
            xs, ys = [p["x1"], p["x2"]], [p["y1"], p["y2"]]
        elif p["k"] == "poly":
            xs, ys = p["pts"][0::2], p["pts"][1::2]
        elif p["k"] == "circle":
            xs = [p["cx"] - p["r"], p["cx"] + p["r"]]
            ys = [p["cy"] - p["r"], p["cy"] + p["r"]]
        else:
            unknown_kind(p)
    x0 = max(0, int(min(xs) * s - pad))
    y0 = max(0, int(min(ys) * s - pad))
    x1 = min(size[0], int(max(xs) * s + pad) + 1)
    y1 = min(size[1], int(max(ys) * s + pad) + 1)
    return x0, y0, max(x0 + 1, x1), max(y0 + 1, y1)


def _paint_all(image: Any, prims: Iterable[Prim], s: float) -> None:
    Image, ImageDraw, _ = _pil()
    draw = ImageDraw.Draw(image)
    for p in prims:
        if float(p.get("a", 1)) < 1:  # translucent: paint on a layer and blend it in
            x0, y0, x1, y1 = _bbox(p, s, image.size)
            layer = Image.new("RGBA", (x1 - x0, y1 - y0), (0, 0, 0, 0))
            moved = _shifted(p, x0 / s, y0 / s)
            _paint(ImageDraw.Draw(layer), moved, s)
            image.alpha_composite(layer, (x0, y0))
            draw = ImageDraw.Draw(image)
        else:
            _paint(draw, p, s)


def _shifted(p: Prim, dx: float, dy: float) -> Prim:
    """``p`` moved by ``(-dx, -dy)`` scene units."""
    if p["k"] == "rect" or p["k"] == "text":
        q = p.copy()
        q["x"], q["y"] = p["x"] - dx, p["y"] - dy
        return q
    if p["k"] == "line":
        line = p.copy()
        line["x1"], line["y1"] = p["x1"] - dx, p["y1"] - dy
        line["x2"], line["y2"] = p["x2"] - dx, p["y2"] - dy
        return line
    if p["k"] == "circle":
        c = p.copy()
        c["cx"], c["cy"] = p["cx"] - dx, p["cy"] - dy
        return c
    if p["k"] == "poly":
        poly = p.copy()
        poly["pts"] = [v - (dx if i % 2 == 0 else dy) for i, v in enumerate(p["pts"])]
        return poly
    unknown_kind(p)


_STATIC: dict[tuple[str, tuple[int, int], float], Any] = {}


def paint_primitives(
    prims: Iterable[Prim],
    width: float,
    height: float,
    *,
    scale: float = 1.0,
    supersample: int = 2,
    static: Sequence[Prim] = (),
) -> Any:
    """The primitives (after the ``static`` ones, whose picture is cached) as an RGB
    ``PIL.Image`` of ``width * scale`` by ``height * scale``."""
    Image, _, _ = _pil()
    s = scale * supersample
    size = (max(1, round(width * s)), max(1, round(height * s)))
    key = (json.dumps(list(static), sort_keys=True), size, s)
    base = _STATIC.get(key)
    if base is None:
        base = Image.new("RGBA", size, _rgba(S.BACKGROUND))
        _paint_all(base, static, s)
        if len(_STATIC) > 8:
            _STATIC.clear()
        _STATIC[key] = base
    image = base.copy()
    _paint_all(image, prims, s)
    out = image.convert("RGB")
    if supersample != 1:
        out = out.reduce(supersample)  # a box filter: fast, and smooth enough at 2x
    return out


def scene_image(scene: Scene, *, scale: float = 1.0, supersample: int = 2) -> Any:
    """A scene as a ``PIL.Image``."""
    dynamic = [p for g in scene.groups for p in g]
    return paint_primitives(
        dynamic,
        scene.width,
        scene.height,
        scale=scale,
        supersample=supersample,
        static=scene.static,
    )
