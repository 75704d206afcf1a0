"""The render contract (issue 13): the primitives' types in render/primitives.py, the JSDoc
types of the browser's painter (board.js) that mirror them, and the golden-primitives
fixture (tests/data/golden_scene.json: every kind, every optional key) painted by each
painter — the SVG writer against a committed golden SVG, the ipycanvas painter's calls,
the Pillow raster's pixels (here) and the browser's canvas pixels
(tests/browser/test_render_contract_browser.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import NoneType, UnionType
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

import pytest

from finstere_widget.engine import SceneError
from finstere_widget.render.primitives import (
    KINDS,
    Geometry,
    Packed,
    PackedFrame,
    Prim,
    Zone,
    check_primitive,
)
from finstere_widget.render.scene import Scene, build_scene
from finstere_widget.render.svg import scene_svg
from finstere_widget.widget import panel, synced

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
BOARD_JS = ROOT / "finstere_widget" / "widget" / "static" / "board.js"

PANEL_JS = ROOT / "finstere_widget" / "widget" / "static" / "panel.js"

#: the other typed dicts Python syncs to board.js, and what board.js sends back
SYNCED: dict[str, Any] = {
    "Zone": Zone,
    "Geometry": Geometry,
    "PackedFrame": PackedFrame,
    "Packed": Packed,
    **{
        t.__name__: t
        for t in (
            synced.QuizQuestion,
            synced.QuizState,
            synced.NoQuiz,
            synced.PageState,
            synced.QuizAnswer,
            synced.QuizAnswerMessage,
            synced.QuizHintMessage,
        )
    },
}
#: the typed dicts of the control panel (marimo) and panel.js
PANEL: dict[str, Any] = {
    t.__name__: t
    for t in (
        panel.BoxControl,
        panel.ButtonControl,
        panel.ChoiceControl,
        panel.IntControl,
        panel.ComboControl,
        panel.TextControl,
        panel.CheckControl,
        panel.PanelClick,
        panel.PanelSet,
    )
}
#: unions the JSDoc names as one type
ALIASES: dict[str, Any] = {
    "Prim": Prim,
    "QuizData": synced.QuizData,
    "Control": panel.Control,
    "ControlValue": panel.ControlValue,
}

#: (x, y) -> the colour the golden scene shows there (its fill over the white page, blended
#: by its opacity), with a tolerance per channel; the same points for every raster painter
GOLDEN_PIXELS: list[tuple[int, int, tuple[int, int, int], int, str]] = [
    (40, 30, (0xD6, 0x3A, 0x2F), 10, "rect with a rounded corner: its fill"),
    (10, 10, (255, 255, 255), 60, "rect's rounded corner: outside it"),
    (110, 30, (151, 183, 235), 12, "translucent rect (a 0.5)"),
    (190, 30, (255, 255, 255), 10, "dashed outline: not filled"),
    (60, 70, (0x3A, 0xA7, 0x57), 10, "line lw 6"),
    (15, 90, (165, 105, 189), 20, "dashed translucent line: a dash (a 0.8)"),
    (25, 90, (255, 255, 255), 20, "dashed line: a gap"),
    (160, 77, (0xF0, 0xC4, 0x19), 10, "closed poly: its fill"),
    (40, 130, (0x1F, 0x9D, 0x55), 10, "circle: its fill"),
    (100, 130, (255, 255, 255), 10, "stroked circle: not filled"),
    (5, 150, (255, 255, 255), 5, "the page"),
]


def golden() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((DATA / "golden_scene.json").read_text())
    return doc


def golden_scene() -> Scene:
    return Scene.from_dict(golden())


# --- the types -----------------------------------------------------------------------------


def _js_type(hint: Any) -> str:
    """The JSDoc spelling of a field's Python type."""
    if get_origin(hint) is Literal:
        return "|".join(f'"{v}"' for v in get_args(hint))
    if get_origin(hint) is list:
        item = _js_type(get_args(hint)[0])
        return (f"({item})" if "|" in item and not item.endswith("[]") else item) + "[]"
    if get_origin(hint) is dict:
        key, value = get_args(hint)
        return f"Object<{_js_type(key)},{_js_type(value)}>"
    for name, alias in ALIASES.items():
        if get_args(hint) and set(get_args(hint)) == set(get_args(alias)):
            return name
    if get_origin(hint) in (Union, UnionType):
        return "|".join(_js_type(a) for a in get_args(hint))
    if hint in (*SYNCED.values(), *PANEL.values()):
        return str(hint.__name__)
    return {float: "number", int: "number", str: "string", bool: "boolean", NoneType: "null"}[hint]


def _hints(typed: Any) -> dict[str, tuple[str, bool]]:
    """A TypedDict's keys as JSDoc would write them: key -> (type, optional)."""
    hints = get_type_hints(typed, vars(panel) | vars(synced))
    return {key: (_js_type(hint), key in typed.__optional_keys__) for key, hint in hints.items()}


def jsdoc_typedefs(source: str) -> dict[str, dict[str, tuple[str, bool]]]:
    """``@typedef {Object} Name`` blocks of board.js: name -> key -> (type, optional)."""
    out: dict[str, dict[str, tuple[str, bool]]] = {}
    for block in re.findall(r"/\*\*(.*?)\*/", source, re.S):
        m = re.search(r"@typedef\s+\{Object\}\s+(\w+)", block)
        if not m:
            continue
        props: dict[str, tuple[str, bool]] = {}
        for typ, name in re.findall(r"@property\s+\{([^}]*)\}\s+(\[?\w+\]?)", block):
            optional = name.startswith("[")
            props[name.strip("[]")] = (typ.replace(" ", ""), optional)
        out[m.group(1)] = props
    return out


def test_board_js_typedefs_list_the_same_kinds_keys_and_types_as_python() -> None:
    source = BOARD_JS.read_text()
    typedefs = jsdoc_typedefs(source)
    names = {kind.__name__ for kind in KINDS.values()}
    assert names <= typedefs.keys(), f"board.js lacks typedefs for {names - typedefs.keys()}"
    for typed in [*KINDS.values(), *SYNCED.values()]:
        assert typed.__name__ in typedefs, f"board.js lacks a typedef for {typed.__name__}"
        assert typedefs[typed.__name__] == _hints(typed), typed.__name__
    for k, kind in KINDS.items():
        assert typedefs[kind.__name__]["k"] == (f'"{k}"', False)
    union = re.search(r"@typedef\s+\{([^}]*)\}\s+Prim\b", source)
    assert union and set(union.group(1).split("|")) == names
    # the painter's dispatch names each kind
    painter = source[source.index("export function paintPrimitive") :]
    for k in KINDS:
        assert f'p.k === "{k}"' in painter, k


def _union(source: str, name: str) -> set[str]:
    union = re.search(r"@typedef\s+\{([^}]*)\}\s+" + name + r"\b", source)
    assert union, f"no typedef of the union {name}"
    return set(union.group(1).split("|"))


def test_board_js_and_panel_js_type_what_crosses_to_and_from_python() -> None:
    """The quiz, the exported page's state, the quiz's and the panel's messages and the
    panel's controls: typed the same on both sides, unions included."""
    board = BOARD_JS.read_text()
    assert _union(board, "QuizData") == {"QuizState", "NoQuiz"}
    source = PANEL_JS.read_text()
    typedefs = jsdoc_typedefs(source)
    for typed in PANEL.values():
        assert typed.__name__ in typedefs, f"panel.js lacks a typedef for {typed.__name__}"
        assert typedefs[typed.__name__] == _hints(typed), typed.__name__
    assert _union(source, "Control") == {t.__name__ for t in get_args(panel.Control)}
    assert _union(source, "ControlValue") == {"number", "string", "boolean"}
    # every kind of control panel.py describes has its typedef, and panel.js builds it
    kinds = {k for t in get_args(panel.Control) for k in get_args(get_type_hints(t)["kind"])}
    for k in kinds:
        assert f'"{k}"' in source, k


def test_the_golden_fixture_uses_every_kind_and_every_key() -> None:
    used: dict[str, set[str]] = {k: set() for k in KINDS}
    for p in golden()["primitives"]:
        used[p["k"]] |= p.keys()
    for k, kind in KINDS.items():
        assert used[k] == set(get_type_hints(kind)), k


def test_scenes_are_typed_primitives_end_to_end() -> None:
    """Every primitive a real scene holds passes the contract's own check (kinds, keys,
    types, #rrggbb colours): nothing outside the types reaches a painter."""
    import random

    from finstere_widget.engine import monster_turn
    from finstere_widget.render.frames import pack_frames, trace_frames
    from finstere_widget.render.overlays import Overlay
    from tests.test_reference import load_bench

    rng = random.Random(13)
    varied = load_bench("positions").varied_position
    for _ in range(6):  # teleporters, crystals, pivots, pools, pawns in the tray
        pos = varied(rng)
        overlay = Overlay(targets=[(5, 5)], heat={(3, 3): 1.0}, labels={(3, 3): "x"})
        for i, p in enumerate(build_scene(pos, overlay).primitives()):
            assert check_primitive(p, f"primitive {i}") is p
        turn = monster_turn(pos, "8")
        packed = pack_frames(trace_frames(pos, turn.events, turn.tile))
        for g in packed["groups"]:
            for p in g:
                check_primitive(p)


def test_a_scene_reads_back_from_its_json_and_refuses_a_bad_one() -> None:
    from finstere_widget.engine import Position

    scene = build_scene(Position.basic())
    back = Scene.from_dict(json.loads(json.dumps(scene.to_dict())))
    assert scene_svg(back) == scene_svg(scene)
    doc = golden()
    for bad, words in [
        ([], "an object with width, height and primitives"),
        ({**doc, "extra": 1}, "an object with width, height and primitives"),
        ({**doc, "width": 0}, "whole numbers 1..10000, not [0, 160]"),
        ({**doc, "height": 1e9}, "whole numbers"),
        ({**doc, "primitives": {}}, "primitives are a list"),
        ({**doc, "primitives": [*doc["primitives"], {"k": "rect"}]}, "primitive 13: a rect needs"),
    ]:
        with pytest.raises(SceneError, match=re.escape(words)):
            Scene.from_dict(bad)


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        ([], "an object, not list"),
        ({"k": "oval"}, "unknown primitive kind 'oval'"),
        ({"k": "rect", "x": 1, "y": 2}, "a rect needs h, w"),
        ({"k": "line", "x1": 0, "y1": 0, "x2": 1, "y2": 1, "fill": "#000000"}, "no key 'fill'"),
        ({"k": "circle", "cx": 0, "cy": 0, "r": "3"}, "key 'r' cannot be '3'"),
        ({"k": "circle", "cx": 0, "cy": 0, "r": True}, "key 'r' cannot be True"),
        ({"k": "poly", "pts": [0, float("inf")]}, "key 'pts'"),
        ({"k": "rect", "x": 0, "y": 0, "w": 1, "h": 1, "fill": "red"}, "key 'fill'"),
        (
            {"k": "rect", "x": 0, "y": 0, "w": 1, "h": 1, "fill": '#000000"/><script>'},
            "key 'fill'",
        ),
        (
            {
                "k": "text",
                "x": 0,
                "y": 0,
                "text": "a",
                "size": 9,
                "fill": "#000000",
                "anchor": "left",
            },
            "key 'anchor' cannot be 'left'",
        ),
    ],
)
def test_a_primitive_read_from_json_is_checked_with_a_clear_error(bad: object, words: str) -> None:
    with pytest.raises(SceneError, match=re.escape(words)) as err:
        check_primitive(bad, "primitive 7")
    assert str(err.value).startswith("primitive 7: ")


# --- the painters ----------------------------------------------------------------------------


def test_svg_writer_paints_the_golden_scene_as_the_golden_svg() -> None:
    svg = scene_svg(golden_scene())
    assert svg + "\n" == (DATA / "golden_scene.svg").read_text()
    prims = golden()["primitives"]
    for tag, kinds in (
        ("<rect ", ("rect",)),
        ("<line ", ("line",)),
        ("<poly", ("poly",)),
        ("<circle ", ("circle",)),
        ("<text ", ("text",)),
    ):
        assert svg.count(tag) == sum(p["k"] in kinds for p in prims), tag


def test_an_unknown_kind_is_refused_by_every_python_painter() -> None:
    from finstere_widget.render.ipycanvas_painter import paint_primitive
    from finstere_widget.render.svg import primitive_svg

    bad: Any = {"k": "oval", "x": 0}
    with pytest.raises(SceneError, match="unknown primitive kind 'oval'"):
        primitive_svg(bad)
    with pytest.raises(SceneError, match="unknown primitive kind 'oval'"):
        paint_primitive(Recorder(), bad)


class Recorder:
    """A stand-in for ``ipycanvas.Canvas``: records every attribute set and method call."""

    width = 240

    def __init__(self) -> None:
        self.__dict__["calls"] = []

    def __setattr__(self, name: str, value: Any) -> None:
        self.calls.append(f"{name} = {value!r}")

    def __getattr__(self, name: str) -> Any:
        def call(*args: Any) -> None:
            self.calls.append(f"{name}({', '.join(repr(a) for a in args)})")

        return call


def test_ipycanvas_painter_makes_the_golden_calls() -> None:
    pytest.importorskip("ipycanvas")
    from finstere_widget.render.ipycanvas_painter import paint_on_ipycanvas

    canvas = Recorder()
    assert paint_on_ipycanvas(canvas, golden_scene()) == len(golden()["primitives"])
    calls: list[str] = canvas.calls
    assert "\n".join(calls) + "\n" == (DATA / "golden_scene.ipycanvas.txt").read_text()
    # what each kind must become on a 2D canvas, read from the fixture
    prims: list[Prim] = golden_scene().static
    fills = [f"fill_style = {p['fill']!r}" for p in prims if p["k"] != "line" and "fill" in p]
    assert [c for c in calls if c.startswith("fill_style")] == fills
    strokes = [
        f"stroke_style = {p['stroke']!r}" for p in prims if p["k"] != "text" and "stroke" in p
    ]
    assert [c for c in calls if c.startswith("stroke_style")] == strokes
    texts = [f"fill_text({p['text']!r}, {p['x']!r}, {p['y']!r})" for p in prims if p["k"] == "text"]
    assert [c for c in calls if c.startswith("fill_text")] == texts
    assert "text_align = 'left'" in calls and "text_align = 'right'" in calls
    assert "font = 'bold 20px DejaVu Sans, Liberation Sans, Arial, sans-serif'" in calls
    assert calls.count("arc(40, 130, 20, 0, 6.283185307179586)") == 1
    assert sum(c.startswith("arc_to(") for c in calls) == 4  # the one rounded rect
    assert "set_line_dash([6, 6])" in calls and "close_path()" in calls
    assert "global_alpha = 0.5" in calls and calls[-2:] == ["global_alpha = 1", "restore()"]


def _close(got: tuple[int, ...], want: tuple[int, int, int], tol: int) -> bool:
    return all(abs(g - w) <= tol for g, w in zip(got[:3], want, strict=True))


def test_raster_painter_shows_the_golden_scene_at_known_points() -> None:
    pytest.importorskip("PIL")
    from finstere_widget.render.raster import scene_image

    image = scene_image(golden_scene()).convert("RGB")
    wrong = [
        f"{what} at ({x}, {y}): {image.getpixel((x, y))} not {want}"
        for x, y, want, tol, what in GOLDEN_PIXELS
        if not _close(image.getpixel((x, y)), want, tol)
    ]
    assert not wrong, "\n".join(wrong)
    dark = [
        (x, y)
        for x in range(130, 200)
        for y in range(115, 146)
        if sum(image.getpixel((x, y))) < 150
    ]
    assert len(dark) > 40 and min(x for x, _ in dark) >= 139  # "Ag" starts at x=140
