"""A monster turn as an animation and as a printable handout, from the same frames and
scene primitives as every other picture (:mod:`.frames`, :mod:`.scene`).

- :func:`turn_svg`: one self-contained animated SVG (SMIL, plays in any browser, in a
  README, in slides); deterministic bytes, no script. Every distinct group of primitives is
  written once in ``<defs>`` and each frame ``<use>``-s them.
- :func:`turn_gif`: an animated GIF painted by :mod:`.raster` (Pillow, the ``animate``
  extra).
- :func:`turn_handout`: a PDF page (A4 or Letter) per turn: one picture per monster step
  (its look's lines of sight and what the step did) in a grid, each with the step's
  sentences under it — for classrooms without computers.
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass, replace
from typing import Any
from xml.sax.saxutils import quoteattr

from ..engine import Event, Position, RuleOptions, Turn, monster_turn
from ..engine.errors import SceneError, shown
from ..engine.files import file_path, write_file
from ..engine.i18n import translations
from ..engine.narrate import _towards, line, sq
from . import style as S
from .frames import TraceFrame, pack_frames, trace_frames
from .scene import Group, Scene, caption_group, compose, static_layer
from .svg import fmt, primitive_svg, xml_text

#: default time each frame is shown
FRAME_MS = 900
#: paper sizes in points (1/72 inch)
PAPER = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
#: the pictures' parameters: their ranges keep a turn's pictures within memory (a GIF of
#: ``scale=10**6`` asked for terabytes of pixels) and its timing readable
MAX_SCALE = 2.0
FRAME_MS_RANGE = (20, 60_000)
DPI_RANGE = (36, 300)
MAX_COLUMNS = 8


def _whole(value: Any, least: int, most: int) -> bool:
    return type(value) is int and least <= value <= most


def _check_frame_ms(frame_ms: Any) -> None:
    if not _whole(frame_ms, *FRAME_MS_RANGE):
        raise SceneError(
            "frame_ms: expected whole milliseconds {least}..{most}, got {value}",
            least=FRAME_MS_RANGE[0],
            most=FRAME_MS_RANGE[1],
            value=shown(frame_ms),
        )


def _check_scale(scale: Any) -> None:
    ok = isinstance(scale, (int, float)) and not isinstance(scale, bool)
    if not ok or not (0 < scale <= MAX_SCALE):  # NaN fails the comparison too
        raise SceneError(
            "scale: expected a number above 0 and at most {most}, got {value}",
            most=MAX_SCALE,
            value=shown(scale),
        )


def _check_text(name: str, value: Any) -> None:
    if value is not None and not isinstance(value, str):
        raise SceneError(
            "{name}: expected text or None, got {value}", name=name, value=shown(value)
        )


def _check_handout(paper: Any, dpi: Any, columns: Any, heading: Any) -> str:
    """The handout's layout checked (a :class:`SceneError` naming the parameter); the
    paper's key."""
    key = paper.lower() if isinstance(paper, str) else None
    if key not in PAPER:
        raise SceneError(
            "paper {paper}: expected one of {papers}", paper=shown(paper), papers=", ".join(PAPER)
        )
    if not _whole(dpi, *DPI_RANGE):
        raise SceneError(
            "dpi: expected whole dots per inch {least}..{most}, got {value}",
            least=DPI_RANGE[0],
            most=DPI_RANGE[1],
            value=shown(dpi),
        )
    if columns is not None and not _whole(columns, 1, MAX_COLUMNS):
        raise SceneError(
            "columns: expected None or a whole number 1..{most}, got {value}",
            most=MAX_COLUMNS,
            value=shown(columns),
        )
    _check_text("heading", heading)
    return key


@dataclass(frozen=True)
class TurnPictures:
    """A monster turn ready to draw: the start position, the events and their frames."""

    position: Position
    events: tuple[Event, ...]
    tile: str
    frames: tuple[TraceFrame, ...]
    lang: str | None = None

    @classmethod
    def play(
        cls,
        position: Position,
        tile: str | int,
        options: RuleOptions | None = None,
        lang: str | None = None,
    ) -> TurnPictures:
        result = monster_turn(position, tile, options)
        frames = trace_frames(position, result.events, result.tile, lang=lang)
        # an animation or a page has nothing to press: its opening caption only sets the scene
        frames[0] = replace(frames[0], caption=opening_caption(position, result.tile, lang))
        return cls(position, result.events, result.tile, tuple(frames), lang)


def opening_caption(position: Position, tile: str, lang: str | None = None) -> str:
    """``tile 8: the monster at (9, 7) facing west``, in ``lang``: the first frame of an
    animation and the title of a handout (the widget's first frame says to press ▶)."""
    t = translations(lang)
    return t.gettext("tile {tile}: the monster at {square} facing {heading}").format(
        tile=tile, square=sq(position.monster.at), heading=_towards(t, position.monster.facing)
    )


def _pictures(
    turn: TurnPictures | Position,
    tile: str | int | None,
    options: RuleOptions | None,
    lang: str | None,
) -> TurnPictures:
    if isinstance(turn, TurnPictures):
        return turn
    if tile is None:
        raise TypeError("give the tile to play (5, 7, 8, 10, X, XX)")
    return TurnPictures.play(turn, tile, options, lang)


# --- animated SVG --------------------------------------------------------------------------


def _visibility(k: int, n: int, total_ms: int) -> str:
    """SMIL: frame ``k`` of ``n`` visible during its slice of a looping timeline."""
    if n == 1:
        return ""
    lo, hi = fmt(k / n), fmt((k + 1) / n)
    if k == 0:
        values, times = "visible;hidden", f"0;{hi}"
    elif k == n - 1:
        values, times = "hidden;visible", f"0;{lo}"
    else:
        values, times = "hidden;visible;hidden", f"0;{lo};{hi}"
    return (
        f'<animate attributeName="visibility" values="{values}" keyTimes="{times}" '
        f'dur="{fmt(total_ms / 1000)}s" calcMode="discrete" repeatCount="indefinite"/>'
    )


def turn_svg(
    turn: TurnPictures | Position,
    tile: str | int | None = None,
    *,
    options: RuleOptions | None = None,
    lang: str | None = None,
    frame_ms: int = FRAME_MS,
    title: str | None = None,
) -> str:
    """The turn as one self-contained animated SVG that loops (deterministic text)."""
    _check_frame_ms(frame_ms)
    _check_text("title", title)
    pics = _pictures(turn, tile, options, lang)
    packed = pack_frames(list(pics.frames))
    n = len(packed["frames"])
    total = frame_ms * n
    caption = title or pics.frames[0].caption
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'version="1.1" width="{fmt(S.WIDTH)}" height="{fmt(S.HEIGHT)}" '
        f'viewBox="0 0 {fmt(S.WIDTH)} {fmt(S.HEIGHT)}" font-family={quoteattr(S.FONT)}>',
        f"<title>{xml_text(caption)}</title>",
        "<defs>",
    ]
    for gid, group in enumerate(packed["groups"]):
        out.append(f'<g id="g{gid}">' + "".join(primitive_svg(p) for p in group) + "</g>")
    out.append("</defs>")
    out += [primitive_svg(p) for p in packed["static"]]
    for k, frame in enumerate(packed["frames"]):
        hidden = "" if k == 0 else ' visibility="hidden"'
        uses = "".join(f'<use xlink:href="#g{gid}"/>' for gid in frame["g"])
        out.append(f"<g{hidden}>{_visibility(k, n, total)}{uses}</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


# --- GIF -----------------------------------------------------------------------------------


def turn_images(
    turn: TurnPictures | Position,
    tile: str | int | None = None,
    *,
    options: RuleOptions | None = None,
    lang: str | None = None,
    scale: float = 1.0,
) -> list[Any]:
    """Each frame of the turn as a ``PIL.Image`` (the ``animate`` extra); ``scale``
    above 0 and at most :data:`MAX_SCALE`."""
    from .raster import scene_image

    _check_scale(scale)
    pics = _pictures(turn, tile, options, lang)
    return [scene_image(f.scene(), scale=scale) for f in pics.frames]


def turn_gif(
    turn: TurnPictures | Position,
    tile: str | int | None = None,
    *,
    options: RuleOptions | None = None,
    lang: str | None = None,
    frame_ms: int = FRAME_MS,
    scale: float = 1.0,
) -> bytes:
    """The turn as an animated GIF that loops (the ``animate`` extra)."""
    from PIL import Image

    _check_frame_ms(frame_ms)
    _check_scale(scale)
    images = turn_images(turn, tile, options=options, lang=lang, scale=scale)
    # one palette for all frames and no dithering: unchanged pixels stay the same index,
    # so each frame stores only what changed
    palette = images[0].quantize(colors=255, method=Image.Quantize.MEDIANCUT)
    frames = [im.quantize(palette=palette, dither=Image.Dither.NONE) for im in images]
    buf = io.BytesIO()
    frames[0].save(
        buf,
        format="GIF",
        save_all=True,
        append_images=frames[1:],
        duration=frame_ms,
        loop=0,
        optimize=False,
    )
    return buf.getvalue()


# --- handout -------------------------------------------------------------------------------


def step_scenes(pics: TurnPictures) -> list[tuple[Scene, list[str]]]:
    """One picture per monster step (and one for the final look) with its sentences: the
    pieces after the step, the look's lines of sight and what each event of the step did."""
    out: list[tuple[Scene, list[str]]] = []
    steps: dict[int, list[TraceFrame]] = {}
    for f in pics.frames[1:]:
        assert f.event is not None
        steps.setdefault(f.event.step, []).append(f)
    for step, frames in steps.items():
        last = frames[-1]
        under: list[Group] = []
        over: list[Group] = []
        for f in frames:
            under += f.under
            over += f.over
        sentences = [
            line(f.event, pics.lang)
            for f in frames
            if f.event is not None and not (isinstance(f.event, Turn) and f.event.reason == "sight")
        ]
        title = sentences[0].split(":")[0].strip() if sentences else str(step)
        groups = compose(under, last.position, over) + [caption_group(title)]
        out.append((Scene(static_layer(last.position), groups), sentences))
    return out


def handout_pages(
    turn: TurnPictures | Position,
    tile: str | int | None = None,
    *,
    options: RuleOptions | None = None,
    lang: str | None = None,
    paper: str = "a4",
    dpi: int = 150,
    columns: int | None = None,
    heading: str | None = None,
) -> list[Any]:
    """The handout's pages as ``PIL.Image`` s (see :func:`turn_handout`); ``columns``
    ``None`` takes three, or more when that keeps the turn on one page. ``dpi`` 36..300,
    ``columns`` 1..8: another value, or a paper not in :data:`PAPER`, is a
    :class:`SceneError` naming it."""
    from .raster import _pil, font, scene_image, wrap_text

    key = _check_handout(paper, dpi, columns, heading)
    Image, ImageDraw, _ = _pil()
    pics = _pictures(turn, tile, options, lang)
    cells = step_scenes(pics)
    pw, ph = (round(v / 72 * dpi) for v in PAPER[key])
    margin = round(dpi * 0.4)
    gap = round(dpi * 0.12)
    body = font(max(4, round(dpi * 0.075)))
    title_font = font(max(6, round(dpi * 0.12)), True)
    line_h = round(body.size * 1.25)
    top = margin + round(title_font.size * 1.8)
    measure = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    for cols in (columns,) if columns else (3, 4, 5):
        cell_w = (pw - 2 * margin - (cols - 1) * gap) / cols
        texts = [
            [w for s in sentences for w in wrap_text(s, body, cell_w, measure)]
            for _, sentences in cells
        ]
        pic_h = S.HEIGHT * cell_w / S.WIDTH
        cell_h = pic_h + gap + max((len(t) for t in texts), default=0) * line_h + gap
        rows = max(1, int((ph - top - margin) // cell_h))
        per_page = rows * cols
        if per_page >= len(cells):
            break
    columns = cols
    scale = cell_w / S.WIDTH
    title = heading or pics.frames[0].caption
    pages: list[Any] = []
    for start in range(0, len(cells), per_page):
        page = Image.new("RGB", (pw, ph), "white")
        draw = ImageDraw.Draw(page)
        draw.text((margin, margin), title, fill="black", font=title_font, anchor="lt")
        for k, (scene, _) in enumerate(cells[start : start + per_page]):
            r, c = divmod(k, columns)
            x = margin + c * (cell_w + gap)
            y = top + r * cell_h
            page.paste(scene_image(scene, scale=scale), (round(x), round(y)))
            ty = y + pic_h + gap / 2
            for text in texts[start + k]:
                draw.text((x, ty), text, fill="black", font=body, anchor="la")
                ty += line_h
        pages.append(page)
    return pages


def turn_handout(
    turn: TurnPictures | Position,
    tile: str | int | None = None,
    *,
    options: RuleOptions | None = None,
    lang: str | None = None,
    **layout: Any,
) -> bytes:
    """A printable PDF of the turn: the steps in a grid, each step's sentences under its
    picture; as many pages as the grid needs (one for turns of up to about 20 steps). ``layout``:
    ``paper`` (``"a4"`` or ``"letter"``), ``dpi``, ``columns``, ``heading``
    (see :func:`handout_pages`)."""
    _check_handout(
        layout.get("paper", "a4"),
        layout.get("dpi", 150),
        layout.get("columns"),
        layout.get("heading"),
    )
    pics = _pictures(turn, tile, options, lang)
    pages = handout_pages(pics, **layout)
    heading = layout.get("heading")
    dpi = layout.get("dpi", 150)
    buf = io.BytesIO()
    pages[0].save(
        buf,
        format="PDF",
        save_all=True,
        append_images=pages[1:],
        resolution=dpi,
        title=heading or pics.frames[0].caption,
    )
    return buf.getvalue()


def save_turn(
    path: str | os.PathLike[str],
    turn: TurnPictures | Position,
    tile: str | int | None = None,
    *,
    options: RuleOptions | None = None,
    lang: str | None = None,
    paper: str = "a4",
) -> str:
    """Save the turn by the file's suffix: ``.svg`` (animated), ``.gif`` or ``.pdf``
    (handout), whole or not at all (:func:`~..engine.files.write_file`: a failed write
    leaves the file that was there; a :class:`FileError` names the path). Returns the kind
    written."""
    name = file_path(path)
    lower = name.lower()
    if lower.endswith(".pdf"):  # the paper checked before the turn is played
        _check_handout(paper, 150, None, None)
    if lower.endswith(".svg"):
        data = turn_svg(turn, tile, options=options, lang=lang).encode("utf-8")
    elif lower.endswith(".gif"):
        data = turn_gif(turn, tile, options=options, lang=lang)
    elif lower.endswith(".pdf"):
        data = turn_handout(turn, tile, options=options, lang=lang, paper=paper)
    else:
        raise SceneError("{path}: save as .svg, .gif or .pdf", path=shown(name))
    write_file(name, data)
    return lower.rsplit(".", 1)[-1]


__all__ = [
    "FRAME_MS",
    "PAPER",
    "TurnPictures",
    "opening_caption",
    "save_turn",
    "step_scenes",
    "turn_gif",
    "handout_pages",
    "turn_handout",
    "turn_images",
    "turn_svg",
]
