"""The render contract: the primitives a scene is made of, as typed dicts.

Every picture of the game is a list of these primitives, built in Python (the scene
modules: :mod:`.board`, :mod:`.pieces`, :mod:`.overlays`, :mod:`.margins`, :mod:`.tray`)
and painted, without any decision of their own, by the SVG writer (:mod:`.svg`), the
ipycanvas painter (:mod:`.ipycanvas_painter`), the raster writer (:mod:`.raster`) and the
browser's canvas painter (``widget/static/board.js``, whose JSDoc ``@typedef``\\ s list the
same kinds and keys: ``tests/test_render_contract.py`` checks they agree).

========  ===============================================================================
kind      keys (all numbers in scene units; colours ``#rrggbb``)
========  ===============================================================================
rect      ``x y w h`` [``r`` corner radius]
line      ``x1 y1 x2 y2``
poly      ``pts`` (flat ``[x0, y0, x1, y1, ...]``) [``closed``: 1 closes the path]
circle    ``cx cy r``
text      ``x y text size fill`` [``bold``: 1] [``anchor``: start/middle/end, default
          middle]; the text is centred vertically on ``y``
========  ===============================================================================

The shapes (all but text) may carry ``stroke``, ``lw`` (stroke width, default 1) and
``dash`` (``[on, off]``), and all but lines a ``fill``; every kind may carry ``a`` (opacity
0..1). Lines and outlines
use round joins and caps; a line is never filled. Keys left out take their defaults, so
the JSON stays small (the widget syncs it).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import (
    Any,
    Literal,
    NoReturn,
    TypedDict,
    TypeVar,
    cast,
    get_args,
    get_origin,
    get_type_hints,
)

from ..engine.errors import SceneError

Anchor = Literal["start", "middle", "end"]


class _Alpha(TypedDict, total=False):
    a: float  # opacity 0..1 (left out: 1)


class _Stroke(_Alpha, total=False):
    stroke: str
    lw: float  # stroke width (left out: 1)
    dash: list[float]  # [on, off]


class _Paint(_Stroke, total=False):
    fill: str


class _RectOptions(_Paint, total=False):
    r: float  # corner radius


class Rect(_RectOptions):
    k: Literal["rect"]
    x: float
    y: float
    w: float
    h: float


class Line(_Stroke):
    k: Literal["line"]
    x1: float
    y1: float
    x2: float
    y2: float


class _PolyOptions(_Paint, total=False):
    closed: int  # 1: close the path


class Poly(_PolyOptions):
    k: Literal["poly"]
    pts: list[float]  # flat [x0, y0, x1, y1, ...]


class Circle(_Paint):
    k: Literal["circle"]
    cx: float
    cy: float
    r: float


class _TextOptions(_Alpha, total=False):
    bold: int  # 1: bold
    anchor: Anchor  # left out: middle


class Text(_TextOptions):
    k: Literal["text"]
    x: float
    y: float
    text: str
    size: float
    fill: str


#: one primitive of a scene
Prim = Rect | Line | Poly | Circle | Text
#: primitives painted together, in order (a piece, an overlay's part): the unit the widget
#: syncs once and names by number in each frame
Group = list[Prim]
#: every kind, by its ``k``: what the painters (and board.js's JSDoc types) must know
KINDS: dict[str, type[Any]] = {
    "rect": Rect,
    "line": Line,
    "poly": Poly,
    "circle": Circle,
    "text": Text,
}


class SceneDict(TypedDict):
    """A whole drawing as JSON (``Scene.to_dict``; tests/data/golden_scene.json)."""

    width: float
    height: float
    primitives: list[Prim]


class Zone(TypedDict):
    """A click area in scene units, named ``pawn:ID`` or ``place:PLACE`` (the tray)."""

    id: str
    x: float
    y: float
    w: float
    h: float


class _GeometryOptions(TypedDict, total=False):
    font: str  # the font family the texts are painted in
    zones: list[Zone]  # click areas outside the grid


class Geometry(_GeometryOptions):
    """What the browser needs besides the primitives: the scene's size, the grid (to map
    a click to a square) and the colour swaps of each page theme."""

    w: float
    h: float
    ox: float
    oy: float
    cell: float
    cols: int
    rows: int
    min_w: float  # its readable CSS width, kept (scrolling) in a pane narrower than fit_w
    fit_w: float  # the narrowest pane the whole board is shown in
    palettes: dict[str, dict[str, str]]


class _PackedFrameOptions(TypedDict, total=False):
    c: str  # its sentence (for screen readers)
    p: list[int]  # which groups are the pieces of its position
    f: list[float]  # [x, y]: the scene point it is about (kept in view when scrolled)
    n: str  # words about its moment shown above the board (a game's counts then)
    h: list[str]  # [bold, rest]: the line over the board (a game's: what to do), plain text


class PackedFrame(_PackedFrameOptions):
    """One frame as synced: the numbers of its groups in paint order, its event's index
    (-1: none)."""

    g: list[int]
    e: int


class Packed(TypedDict):
    """The frames as synced to the browser: the static layer once, each distinct group once,
    and the frames naming groups by number (:func:`.frames.pack_groups`)."""

    static: Group
    groups: list[Group]
    frames: list[PackedFrame]


_P = TypeVar("_P", Rect, Poly, Circle)
_S = TypeVar("_S", Rect, Line, Poly, Circle)


def num(v: float) -> float:
    """Stable numbers: integers stay ints, others are rounded to 2 decimals."""
    if type(v) is int:  # most coordinates: whole scene units
        return v
    if v.is_integer():
        return int(v)
    r = round(v, 2)
    i = int(r)
    return i if i == r else r


def _stroked(
    p: _S, stroke: str | None, lw: float | None, dash: Sequence[float] | None, a: float | None
) -> _S:
    if stroke is not None:
        p["stroke"] = stroke
        if lw is not None and lw != 1:
            p["lw"] = num(lw)
    if dash:
        p["dash"] = [num(d) for d in dash]
    if a is not None and a < 1:
        p["a"] = num(a)
    return p


def _style(
    p: _P,
    fill: str | None,
    stroke: str | None,
    lw: float | None,
    dash: Sequence[float] | None,
    a: float | None,
) -> _P:
    if fill is not None:
        p["fill"] = fill
    return _stroked(p, stroke, lw, dash, a)


def rect(
    x: float,
    y: float,
    w: float,
    h: float,
    *,
    fill: str | None = None,
    stroke: str | None = None,
    lw: float | None = None,
    r: float = 0,
    dash: Sequence[float] | None = None,
    a: float | None = None,
) -> Rect:
    p: Rect = {"k": "rect", "x": num(x), "y": num(y), "w": num(w), "h": num(h)}
    if r:
        p["r"] = num(r)
    return _style(p, fill, stroke, lw, dash, a)


def line(
    x1: float,
    y1: float,
    x2: float,
    y2: float,
    *,
    stroke: str,
    lw: float = 1,
    dash: Sequence[float] | None = None,
    a: float | None = None,
) -> Line:
    p: Line = {"k": "line", "x1": num(x1), "y1": num(y1), "x2": num(x2), "y2": num(y2)}
    return _stroked(p, stroke, lw, dash, a)


def poly(
    points: Iterable[tuple[float, float]],
    *,
    closed: bool = False,
    fill: str | None = None,
    stroke: str | None = None,
    lw: float | None = None,
    dash: Sequence[float] | None = None,
    a: float | None = None,
) -> Poly:
    pts: list[float] = []
    for x, y in points:
        pts += [num(x), num(y)]
    p: Poly = {"k": "poly", "pts": pts}
    if closed:
        p["closed"] = 1
    return _style(p, fill, stroke, lw, dash, a)


def circle(
    cx: float,
    cy: float,
    r: float,
    *,
    fill: str | None = None,
    stroke: str | None = None,
    lw: float | None = None,
    dash: Sequence[float] | None = None,
    a: float | None = None,
) -> Circle:
    p: Circle = {"k": "circle", "cx": num(cx), "cy": num(cy), "r": num(r)}
    return _style(p, fill, stroke, lw, dash, a)


def text(
    x: float,
    y: float,
    s: str,
    *,
    size: float,
    fill: str,
    bold: bool = False,
    anchor: Anchor = "middle",
    a: float | None = None,
) -> Text:
    p: Text = {"k": "text", "x": num(x), "y": num(y), "text": s, "size": num(size), "fill": fill}
    if bold:
        p["bold"] = 1
    if anchor != "middle":
        p["anchor"] = anchor
    if a is not None and a < 1:
        p["a"] = num(a)
    return p


#: Groups already built, by what they depend on (see :func:`.pieces.piece_groups`).
GroupMemo = dict[Hashable, Group]


def memo_group(
    memo: GroupMemo | None, key: Hashable, build: Callable[..., Group], *args: Any
) -> Group:
    """``build(*args)``, or the group built before under ``key`` in ``memo``: a piece that
    stays put from frame to frame is drawn once and its group object shared (the frames'
    packing knows it again by its identity, :func:`.frames.pack_groups`)."""
    if memo is None:
        return build(*args)
    g = memo.get(key)
    if g is None:
        g = memo[key] = build(*args)
    return g


def unknown_kind(p: NoReturn) -> NoReturn:
    """The last branch of a painter's dispatch over the kinds: mypy fails on a kind the
    painter leaves out (``p`` is not of type ``Never``); at run time it raises."""
    raise SceneError("unknown primitive kind {kind!r}", kind=cast(Any, p).get("k"))


_COLOUR = re.compile(r"#[0-9a-fA-F]{6}\Z")


def _fields(kind: type[Any]) -> dict[str, Any]:
    return get_type_hints(kind)


def check_primitive(obj: object, where: str = "primitive") -> Prim:
    """``obj`` (read from JSON) as a primitive, checked against its kind's keys and types;
    :class:`SceneError` naming ``where`` and the key at fault otherwise."""
    if not isinstance(obj, dict):
        raise SceneError(
            "{where}: a primitive is an object, not {type}", where=where, type=type(obj).__name__
        )
    kind = KINDS.get(obj.get("k"))  # type: ignore[arg-type]
    if kind is None:
        raise SceneError(
            "{where}: unknown primitive kind {kind!r}; known: {kinds}",
            where=where,
            kind=obj.get("k"),
            kinds=", ".join(KINDS),
        )
    hints = _fields(kind)
    missing = sorted(kind.__required_keys__ - obj.keys())
    if missing:
        raise SceneError(
            "{where}: a {k} needs {missing}", where=where, k=obj["k"], missing=", ".join(missing)
        )
    for key, value in obj.items():
        hint = hints.get(key)
        if hint is None:
            raise SceneError("{where}: a {k} has no key {key!r}", where=where, k=obj["k"], key=key)
        if not _fits(value, hint) or (key in ("fill", "stroke") and not _COLOUR.match(value)):
            raise SceneError(
                "{where}: {k} key {key!r} cannot be {value!r}",
                where=where,
                k=obj["k"],
                key=key,
                value=value,
            )
    return cast(Prim, obj)


def _fits(value: object, hint: Any) -> bool:
    origin = get_origin(hint)
    if origin is Literal:
        return value in get_args(hint)
    if origin is list:
        (item,) = get_args(hint)
        return isinstance(value, list) and all(_fits(v, item) for v in value)
    if hint is float:
        return (
            isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
        )
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    raise TypeError(f"no check for {hint!r}")  # pragma: no cover - a new field type
