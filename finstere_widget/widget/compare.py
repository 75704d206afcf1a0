"""Two readings of a rule side by side: :class:`CompareView` plays the same monster turn (or
pawn move, or game ply) under two values of a rule option on two boards that step in
lockstep in the browser, the first event that differs highlighted and named with its
rule; :func:`compare_svg` is the same as static SVG, and :func:`write_gallery` a
self-contained HTML page of every group the edge-case explorer found
(:func:`finstere_widget.design.edge_cases`).

Both boards are painted by the board's own painter (``static/board.js``): ``static/compare.js``
is appended to it and gives each board a stand-in model reading its side's frames.
"""

from __future__ import annotations

import html
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..design.explorer import (
    Case,
    Difference,
    EdgeCases,
    check_arguments,
    setup_words,
    turn_difference,
)
from ..engine import OPTION_INFO, Position, RuleOptions, monster_turn
from ..engine.errors import StudyError, TraceError
from ..engine.events import Event
from ..engine.files import write_file
from ..engine.game import Game, GameState
from ..engine.i18n import N_, reason_words, resolve, translations
from ..engine.narrate import line
from ..engine.position import as_position
from ..engine.replay import replay
from ..engine.rules import RULES, rule_text
from ..render import style as S
from ..render.frames import TraceFrame, event_log, pack_frames, trace_frames
from ..render.geometry import geometry
from ..render.overlays import ring
from ..render.svg import xml_chars
from ..render.tray import pawn_zones, place_zones
from .html import PAGE_COLOURS, script_json
from .labels import board_texts, option_choices, option_label
from .static_output import with_static

STATIC_DIR = Path(__file__).resolve().parent / "static"
#: the line board.js ends with: taken off so that compare.js can export its own render
BOARD_EXPORT = "export default { render };"

#: the words of the comparison (gettext: the catalogs translate them)
SAME_SO_FAR = N_("Both readings play alike so far — step on to where they part")
PARTED = N_("≠ step {step}: the readings part here ({rule}: {title})")
LABEL = N_("{option} = {value}")
AGREE = N_("Both readings play this turn alike: the option changes nothing here")
REFUSED = N_("refused: {error}")
COUNTS_HEAD = N_(
    "How often, per 1,000 greedy games (95 % interval; in brackets the games where it "
    "happened), and the games each count rests on:"
)


def compare_esm() -> str:
    """board.js without its default export, then compare.js: one module, one painter."""
    board = (STATIC_DIR / "board.js").read_text(encoding="utf-8")
    if board.count(BOARD_EXPORT) != 1:  # pragma: no cover - a test holds board.js to it
        raise TraceError("board.js: expected one line {line!r}", line=BOARD_EXPORT)
    compare = (STATIC_DIR / "compare.js").read_text(encoding="utf-8")
    return board.replace(BOARD_EXPORT, "") + "\n" + compare


def compare_css() -> str:
    board = (STATIC_DIR / "board.css").read_text(encoding="utf-8")
    return board + "\n" + (STATIC_DIR / "compare.css").read_text(encoding="utf-8")


# --- the two sides' frames -------------------------------------------------------------------


def _mark(frames: list[TraceFrame], k: int, caption: str) -> list[TraceFrame]:
    """Frame ``k`` (the first that differs) highlighted: a ring where it happens and the
    caption as a banner."""
    if not 0 <= k < len(frames):
        return frames
    f = frames[k]
    at = _where(f.event, f.position)
    over = [*f.over, ring(at, S.SELECTED, r=22, lw=4)] if at is not None else f.over
    frames[k] = replace(f, over=over, caption=caption, tie=True)
    return frames


def _where(event: Event | None, position: Position) -> tuple[int, int] | None:
    for key in ("at", "to"):
        sq = getattr(event, key, None)
        if isinstance(sq, tuple) and len(sq) == 2 and isinstance(sq[0], int):
            return (sq[0], sq[1])
    return position.monster.at


def _move_frames(
    position: Position, events: Sequence[Event], pawn: str, lang: str | None
) -> list[TraceFrame]:
    positions = replay(position, events, mover=pawn)
    frames = [TraceFrame(0, position, None, None, "", False, lang=lang)]
    for k, (e, after) in enumerate(zip(events, positions, strict=True)):
        frames.append(TraceFrame(k + 1, after, k, e, line(e, lang), False, lang=lang))
    return frames


class _Side:
    """One value's frames and log, and the frame where it parts from the other."""

    def __init__(self, frames: list[TraceFrame], log: list[str], differ: int) -> None:
        self.frames = frames
        self.log = log
        self.differ = differ


def _sides(case: Case, lang: str | None) -> tuple[_Side, _Side]:
    """The two sides of a case: its turns, its moves or its game ply."""
    from ..engine.errors import IllegalMoveError
    from ..engine.moves import apply_move

    k = case.differs_at.event_index
    a, b = case.options()
    t = translations(lang)
    here = t.gettext(PARTED).format(
        step=case.differs_at.step,
        rule=case.differs_at.rule,
        title=t.gettext(RULES.get(case.differs_at.rule, "")),
    )
    out = []
    if case.kind == "turn":
        for opts in (a, b):
            assert case.tile is not None
            turn = monster_turn(case.position, case.tile, opts)
            frames = trace_frames(case.position, turn.events, turn.tile, lang=lang)
            out.append(_Side(_mark(frames, k + 1, here), event_log(turn.events, lang), k + 1))
        return out[0], out[1]
    if case.kind == "move":
        for opts in (a, b):
            assert case.pawn is not None
            try:
                moved = apply_move(case.position, case.pawn, case.path, opts)
                evs = moved.events
                frames = _move_frames(case.position, evs, case.pawn, lang)
                log = event_log(evs, lang)
            except IllegalMoveError as exc:
                told = t.gettext(REFUSED).format(error=exc.translated(lang))
                frames = [TraceFrame(0, case.position, None, None, told, True, lang=lang)]
                log = [told]
            out.append(
                _Side(
                    _mark(frames, min(k + 1, len(frames) - 1), here),
                    log,
                    min(k + 1, len(frames) - 1),
                )
            )
        return out[0], out[1]
    ga, gb = case.games()
    for g in (ga, gb):
        if isinstance(g, IllegalMoveError):
            told = t.gettext(REFUSED).format(error=g.translated(lang))
            frames = [
                TraceFrame(0, _before(ga), None, None, "", False, lang=lang),
                TraceFrame(1, _before(ga), None, None, told, True, lang=lang),
            ]
            out.append(_Side(frames, [told], 1))
            continue
        fact = _fact_words(g, lang)
        frames = [
            TraceFrame(0, _before(g), None, None, "", False, lang=lang),
            TraceFrame(1, g.position, None, None, fact, True, lang=lang),
        ]
        out.append(_Side(frames, [fact], 1))
    return out[0], out[1]


def _before(game: Game) -> Position:
    """The position before a game's last ply."""
    states: list[GameState] = game._states
    return states[-2].position if len(states) >= 2 else game.position


def _fact_words(game: Game, lang: str | None) -> str:
    """A game's state after the parting ply, in words: its outcome (the engine's reason),
    or its stage, tiles played and the tiles the next draw can give."""
    st = game.state
    out = st.outcome
    if out is not None:
        return reason_words(f"{out.rule}: {out.reason}", lang)
    return (
        translations(lang)
        .ngettext(
            "stage {stage}, {tiles_played} tile played this stage; the next draw: {tiles}",
            "stage {stage}, {tiles_played} tiles played this stage; the next draw: {tiles}",
            st.tiles_played,
        )
        .format(
            stage=st.position.stage,
            tiles_played=st.tiles_played,
            tiles=", ".join(t for t, _ in game.chance_outcomes()) or "-",
        )
    )


def frame_links(
    left: Sequence[TraceFrame], right: Sequence[TraceFrame], differ: tuple[int, int]
) -> list[list[int]]:
    """For each frame of one side, the frame of the other it steps with: the same frame up
    to the first difference, then the frame of the same monster step (its first such, or
    the other side's last frame once that side has ended)."""

    def key(f: TraceFrame) -> int:
        return f.event.step if f.event is not None else 0

    def one(
        src: Sequence[TraceFrame], dst: Sequence[TraceFrame], d_src: int, d_dst: int
    ) -> list[int]:
        out = []
        for i, f in enumerate(src):
            if i < min(d_src, d_dst):
                out.append(min(i, len(dst) - 1))
                continue
            if i == d_src:
                out.append(min(d_dst, len(dst) - 1))
                continue
            if i == len(src) - 1:
                out.append(len(dst) - 1)
                continue
            step = key(f)
            match = next((j for j in range(d_dst, len(dst)) if key(dst[j]) >= step), len(dst) - 1)
            out.append(match)
        return out

    return [one(left, right, differ[0], differ[1]), one(right, left, differ[1], differ[0])]


def _state(side: _Side, lang: str) -> dict[str, Any]:
    packed = pack_frames(side.frames)
    pos = side.frames[0].position
    geo: dict[str, Any] = dict(geometry())
    geo["font"] = S.FONT
    geo["zones"] = pawn_zones(pos) + place_zones(pos)
    return {
        "static": packed["static"],
        "groups": packed["groups"],
        "frames": packed["frames"],
        "event_log": side.log,
        "geometry": geo,
        "hint": "",
        "mode": "view",
        "max_width": 560,
        "quiz": {},
        "lang": lang,
        "texts": board_texts(lang),
    }


class CompareView(anywidget.AnyWidget):
    """``CompareView(position, tile, option, values)``: the monster's turn for ``tile``
    from ``position`` under two values of rule option ``option`` (default: the default and
    the next value), on two boards that step together — buttons, slider or arrow keys on
    either board step both — the first event that differs ringed and named with its rule.
    ``CompareView.from_case(case)`` shows any case of the explorer (a turn, a pawn move, a
    game's ply). ``view.svg()``: both boards as one static SVG; ``view.frames_on_show``: the
    frames the two boards show."""

    _esm = compare_esm()
    _css = compare_css()
    left = traitlets.Dict().tag(sync=True)
    right = traitlets.Dict().tag(sync=True)
    labels = traitlets.List(traitlets.Unicode()).tag(sync=True)
    title = traitlets.List(traitlets.Unicode()).tag(sync=True)
    links: traitlets.List[list[int]] = traitlets.List().tag(sync=True)
    differ = traitlets.List(traitlets.Int()).tag(sync=True)
    frames_on_show = traitlets.List(traitlets.Int(), [0, 0]).tag(sync=True)
    standalone = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        position: Position | Mapping[str, Any] | str,
        tile: str | int,
        option: str,
        values: Sequence[str] | str | None = None,
        *,
        lang: str | None = None,
        **kwargs: Any,
    ) -> None:
        code = resolve(lang)
        pairs = check_arguments(option, values, 0, 1)
        pos = as_position(position)
        a, b = (RuleOptions().set(option, v) for v in pairs[0])
        ta = monster_turn(pos, tile, a)  # a bad tile is a TileError before anything is built
        d = turn_difference(pos, ta.tile, a, b, OPTION_INFO[option][1])
        if d is None:
            d = Difference(0, OPTION_INFO[option][1], (None, None), len(ta.events))
        case = Case(option, pairs[0], "turn", pos, d, "CompareView", tile=ta.tile)
        super().__init__(**kwargs)
        self._show(case, code)

    @classmethod
    def from_case(cls, case: Case, *, lang: str | None = None) -> CompareView:
        """A view of any case the explorer found (turn, move or game)."""
        if not isinstance(case, Case):
            raise StudyError(
                "from_case: expected an edge case, got {case}", case=type(case).__name__
            )
        view = cls.__new__(cls)
        anywidget.AnyWidget.__init__(view)
        view._show(case, resolve(lang))
        return view

    def _show(self, case: Case, lang: str) -> None:
        self.case = case
        self._lang = lang
        t = translations(lang)
        left, right = _sides(case, lang)
        self._frames = (left.frames, right.frames)
        d = case.differs_at
        with self.hold_sync():
            self.left = _state(left, lang)
            self.right = _state(right, lang)
            # the option and its values in the menus' words (the CLI's names are the
            # lesson's text and the repr's)
            words = {v: w for w, v in option_choices(case.option, lang)}
            self.labels = [
                t.gettext(LABEL).format(
                    option=option_label(case.option, lang), value=words.get(v, v)
                )
                for v in case.values
            ]
            if d.events == (None, None):  # a turn both readings play alike
                self.title = [t.gettext(AGREE), t.gettext(AGREE)]
                n = len(left.frames)
                left.differ = right.differ = n  # no frame is marked
            else:
                self.title = [
                    t.gettext(SAME_SO_FAR),
                    t.gettext(PARTED).format(
                        step=d.step, rule=d.rule, title=t.gettext(RULES.get(d.rule, ""))
                    ),
                ]
            self.differ = [left.differ, right.differ]
            self.links = frame_links(left.frames, right.frames, (left.differ, right.differ))
            self.frames_on_show = [0, 0]

    def step(self, frame: int) -> None:
        """Show ``frame`` on the left board and its matching frame on the right."""
        n = len(self._frames[0])
        i = max(0, min(int(frame), n - 1))
        self.frames_on_show = [i, self.links[0][i]]

    def svg(self, frame: int | None = None) -> str:
        """Both boards at ``frame`` (default: the first that differs) as one SVG."""
        i = self.differ[0] if frame is None else max(0, min(int(frame), len(self._frames[0]) - 1))
        j = self.links[0][i]
        return side_by_side([self._frames[0][i].svg(), self._frames[1][j].svg()], list(self.labels))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        text = f"{self!r}\n" + "\n".join(self.title)
        return with_static(super()._repr_mimebundle_(**kwargs), self.svg(), text)

    def __repr__(self) -> str:
        c = self.case
        return f"CompareView({c.option} {c.values[0]}/{c.values[1]}: {c.group})"


_SIZE = re.compile(r'width="([\d.]+)" height="([\d.]+)"')


def side_by_side(svgs: Sequence[str], labels: Sequence[str], gap: int = 24) -> str:
    """SVG drawings next to each other in one SVG, each under its label (escaped)."""
    parts, x, height = [], 0.0, 0.0
    for svg, label in zip(svgs, labels, strict=True):
        found = _SIZE.search(svg)
        w, h = (float(v) for v in found.groups()) if found else (800.0, 600.0)
        body = re.sub(r"^<\?xml[^>]*>\s*", "", svg).replace("<svg ", f'<svg x="{x:g}" y="34" ', 1)
        parts.append(
            f'<text x="{x + w / 2:g}" y="22" font-size="20" text-anchor="middle" '
            f'font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" '
            f'fill="{S.CAPTION_TEXT}">{html.escape(xml_chars(label))}</text>{body}'
        )
        x, height = x + w + gap, max(height, h + 34)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{x - gap:g}" height="{height:g}" '
        f'viewBox="0 0 {x - gap:g} {height:g}">' + "".join(parts) + "</svg>"
    )


def compare_svg(case: Case, frame: int | None = None, lang: str | None = None) -> str:
    """A case's two boards side by side as static SVG, at ``frame`` (default: the first
    that differs)."""
    return CompareView.from_case(case, lang=lang).svg(frame)


# --- the gallery -------------------------------------------------------------------------------

_GALLERY = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ margin: 16px; background: {light_bg}; color: {light_text};
  font: 14px 'DejaVu Sans', Arial, sans-serif; }}
@media (prefers-color-scheme: dark) {{
  body {{ background: {dark_bg}; color: {dark_text}; color-scheme: dark; }}
}}
table.fw-counts {{ border-collapse: collapse; margin: 6px 0 12px; }}
table.fw-counts td, table.fw-counts th {{ border: 1px solid currentColor; padding: 2px 6px;
  text-align: right; }}
section.fw-case {{ margin-bottom: 32px; }}
blockquote.fw-rule {{ margin: 8px 0; padding: 4px 12px; border-left: 4px solid currentColor;
  max-width: 60em; }}
{css}
</style>
</head>
<body>
<h1>{title}</h1>
<p>{intro}</p>
{sections}
<script type="text/plain" id="finstere-esm">{esm}</script>
<script type="module">
// Each case's two boards with a stand-in for the anywidget model: nothing is sent.
const source = document.getElementById("finstere-esm").textContent;
const url = URL.createObjectURL(new Blob([source], {{ type: "text/javascript" }}));
const mod = await import(url);
for (const holder of document.querySelectorAll("[data-fw-compare]")) {{
  const state = JSON.parse(document.getElementById(holder.dataset.fwCompare).textContent);
  const listeners = {{}};
  const model = {{
    get: (k) => state[k],
    set: (k, v) => {{ state[k] = v; }},
    save_changes: () => {{}},
    send: () => {{}},
    on: (name, cb) => {{ (listeners[name] = listeners[name] || []).push(cb); }},
    off: (name, cb) => {{ listeners[name] = (listeners[name] || []).filter((f) => f !== cb); }},
  }};
  mod.default.render({{ model, el: holder }});
}}
</script>
</body>
</html>
"""


def _counts_table(case: Case, lang: str) -> str:
    """Per set-up: the player counts, the rate per 1,000 with its interval and hits, and
    the games each count rests on."""
    t = translations(lang)
    esc = html.escape
    per = esc(t.pgettext("edge case", "per 1,000"))
    played = esc(t.pgettext("edge case", "games"))
    rows = []
    for setup, by in case.per_1000().items():
        heads = "".join(f"<th>{esc(n)}p</th>" for n in by)
        cells = "".join(
            f"<td>{r['rate'] if r['rate'] is not None else '-'} "
            f"[{r['low']:g}–{r['high']:g}] ({r['hits']})</td>"
            for r in by.values()
        )
        games = "".join(f"<td>{r['games']}</td>" for r in by.values())
        rows.append(
            f"<tr><th>{esc(setup_words(setup, lang))}</th>{heads}</tr>"
            f"<tr><th>{per}</th>{cells}</tr>"
            f"<tr><th>{played}</th>{games}</tr>"
        )
    return f'<table class="fw-counts">{"".join(rows)}</table>' if rows else ""


def where_words(case: Case, lang: str | None = None) -> str:
    """Where a case happens, in words: its tile, its pawn and path, or its game's ply."""
    t = translations(lang)
    if case.kind == "turn":
        return t.pgettext("edge case", "tile {tile}").format(tile=case.tile)
    if case.kind == "move":
        return t.pgettext("edge case", "pawn {pawn} along {path}").format(
            pawn=case.pawn, path=",".join(case.path) or "-"
        )
    return t.pgettext("edge case", "ply {ply} of the game").format(ply=case.ply)


def gallery_html(result: EdgeCases, lang: str | None = None) -> str:
    """A self-contained page (inline SVG painter and frames, no network) of every group of
    ``result``: the two readings stepping together, the counts and the rule."""
    code = resolve(lang)
    t = translations(code)
    esc = html.escape
    counts_head = esc(t.gettext(COUNTS_HEAD))
    option = result.option
    values, rule, text = OPTION_INFO[option]
    sections = []
    for k, case in enumerate(result.cases):
        view = CompareView.from_case(case, lang=code)
        state = {
            "left": view.left,
            "right": view.right,
            "labels": view.labels,
            "title": view.title,
            "links": view.links,
            "differ": view.differ,
            "frames_on_show": [0, 0],
            "standalone": True,
        }
        r = case.differs_at.rule
        told = rule_text(r)
        rule_block = (
            f'<blockquote class="fw-rule"><p><b>{esc(r)}: {esc(RULES.get(r, ""))}</b></p>'
            + "".join(f"<p>{esc(part)}</p>" for part in told.split("\n\n") if part)
            + "</blockquote>"
            if told
            else ""
        )
        sections.append(
            f'<section class="fw-case" id="case-{k}">'
            f"<h2>{esc(case.group_words(code))}</h2>"
            f"<p>{esc(case.values[0])} / {esc(case.values[1])} — {esc(where_words(case, code))}; "
            f"{esc(r)}: {esc(RULES.get(r, ''))}; {esc(str(case.size))} pieces; "
            f"{esc(case.source)}</p>"
            f"{rule_block}"
            f"<p>{counts_head}</p>{_counts_table(case, code)}"
            f'<div data-fw-compare="fw-state-{k}"></div>'
            f'<script type="application/json" id="fw-state-{k}">{script_json(state)}</script>'
            "</section>"
        )
    for pair, reason in result.none_found:
        sections.append(f"<p>{esc(pair[0])} / {esc(pair[1])}: {esc(reason)}</p>")
    warning = result.few_games_warning(code)
    if warning:
        sections.insert(0, f'<p class="fw-warning">{esc(warning)}</p>')
    title = f"{option} ({rule}): {' / '.join(values)}"
    intro = (
        f"{text}. {RULES.get(rule, '')}. Seed {result.seed}, {result.tried} of "
        f"{result.budget} situations tried; {len(result.cases)} groups."
    )
    return _GALLERY.format(
        lang=esc(code),
        title=esc(xml_chars(title)),
        intro=esc(xml_chars(intro)),
        sections="\n".join(sections),
        css=compare_css(),
        esm=compare_esm().replace("</", "<\\/"),
        light_bg=PAGE_COLOURS["light"]["bg"],
        light_text=PAGE_COLOURS["light"]["text"],
        dark_bg=PAGE_COLOURS["dark"]["bg"],
        dark_text=PAGE_COLOURS["dark"]["text"],
    )


def write_gallery(result: EdgeCases, path: str | os.PathLike[str], lang: str | None = None) -> Path:
    """Write :func:`gallery_html` to ``path``, whole or not at all (engine/files.py)."""
    return write_file(path, gallery_html(result, lang))
