"""Scenes as deterministic SVG: no ids, no randomness, stable number formatting.

Paints exactly the primitives of :mod:`.scene` (the canvas painter paints the same list).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from . import style as S
from .primitives import Circle, Line, Poly, Prim, Rect, unknown_kind
from .scene import Scene

#: what XML 1.0 has no character for: the C0 controls but tab, newline and return, a lone
#: surrogate, U+FFFE and U+FFFF (one in a title made SVG no XML parser reads)
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_chars(text: str) -> str:
    """``text`` with every character XML 1.0 (and UTF-8) cannot carry as U+FFFD."""
    return _NOT_XML.sub("\ufffd", text)


def xml_text(text: str) -> str:
    """``text`` as the content of an SVG element: markup escaped, no character XML forbids."""
    return escape(xml_chars(text))


def fmt(v: Any) -> str:
    """A number as short, stable text: ``3``, ``2.5``, ``-0.25``."""
    f = round(float(v), 2)
    if f == int(f):
        return str(int(f))
    text = f"{f:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _paint_attrs(p: Rect | Line | Poly | Circle, default_fill: str = "none") -> str:
    parts = [f'fill="{p.get("fill", default_fill)}"']
    if "stroke" in p:
        parts.append(f'stroke="{p["stroke"]}"')
        parts.append(f'stroke-width="{fmt(p.get("lw", 1))}"')
        parts.append('stroke-linejoin="round" stroke-linecap="round"')
        if "dash" in p:
            parts.append(f'stroke-dasharray="{" ".join(fmt(d) for d in p["dash"])}"')
    if "a" in p:
        parts.append(f'opacity="{fmt(p["a"])}"')
    return " ".join(parts)


def primitive_svg(p: Prim) -> str:
    """One primitive as an SVG element (every kind of :mod:`.primitives`)."""
    if p["k"] == "rect":
        r = f' rx="{fmt(p["r"])}"' if "r" in p else ""
        return (
            f'<rect x="{fmt(p["x"])}" y="{fmt(p["y"])}" width="{fmt(p["w"])}" '
            f'height="{fmt(p["h"])}"{r} {_paint_attrs(p)}/>'
        )
    if p["k"] == "line":
        return (
            f'<line x1="{fmt(p["x1"])}" y1="{fmt(p["y1"])}" x2="{fmt(p["x2"])}" '
            f'y2="{fmt(p["y2"])}" {_paint_attrs(p)}/>'
        )
    if p["k"] == "poly":
        pts = p["pts"]
        coords = " ".join(f"{fmt(pts[i])},{fmt(pts[i + 1])}" for i in range(0, len(pts), 2))
        tag = "polygon" if p.get("closed") else "polyline"
        return f'<{tag} points="{coords}" {_paint_attrs(p)}/>'
    if p["k"] == "circle":
        return (
            f'<circle cx="{fmt(p["cx"])}" cy="{fmt(p["cy"])}" r="{fmt(p["r"])}" {_paint_attrs(p)}/>'
        )
    if p["k"] == "text":
        anchor = p.get("anchor", "middle")
        weight = ' font-weight="bold"' if p.get("bold") else ""
        opacity = f' opacity="{fmt(p["a"])}"' if "a" in p else ""
        return (
            f'<text x="{fmt(p["x"])}" y="{fmt(p["y"])}" font-size="{fmt(p["size"])}"'
            f'{weight} text-anchor="{anchor}" dominant-baseline="central" '
            f'fill="{p["fill"]}"{opacity}>{xml_text(p["text"])}</text>'
        )
    unknown_kind(p)


def _with_palette(p: Prim, palette: Mapping[str, str]) -> Prim:
    q = p.copy()
    if q["k"] != "line" and "fill" in q and q["fill"] in palette:
        q["fill"] = palette[q["fill"]]
    if q["k"] != "text" and "stroke" in q and q["stroke"] in palette:
        q["stroke"] = palette[q["stroke"]]
    return q


def primitives_svg(
    prims: Iterable[Prim],
    width: float,
    height: float,
    title: str | None = None,
    palette: Mapping[str, str] | None = None,
) -> str:
    """``palette``: colour swaps for a dark page (:data:`.style.DARK`), as the canvas does."""
    if palette:
        prims = [_with_palette(p, palette) for p in prims]
    lines = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{fmt(width)}" '
        f'height="{fmt(height)}" viewBox="0 0 {fmt(width)} {fmt(height)}" '
        f"font-family={quoteattr(S.FONT)}>"
    ]
    if title:
        lines.append(f"<title>{xml_text(title)}</title>")
    lines += [primitive_svg(p) for p in prims]
    lines.append("</svg>")
    return "\n".join(lines)


def scene_svg(
    scene: Scene, title: str | None = None, palette: Mapping[str, str] | None = None
) -> str:
    """A scene as a standalone SVG document (deterministic: the same scene, the same text);
    ``title`` becomes its ``<title>``, ``palette`` swaps colours (:data:`.style.DARK` for a dark
    page)."""
    return primitives_svg(scene.primitives(), scene.width, scene.height, title, palette)
