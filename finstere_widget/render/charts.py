"""Study charts as scenes: bars with 95 % intervals, drawn from the same primitives as every
board (:mod:`.primitives`) and written by the same SVG writer (:mod:`.svg`), in the colours
of :mod:`.style` (so :data:`.style.DARK` turns a chart dark as it turns the board's page).

They need nothing but this package: a notebook shows them in JupyterLab, Notebook 7, VS
Code, Colab, marimo and in JupyterLite (Python in the browser, no matplotlib there), and a
GitHub or nbviewer reader sees the saved SVG.

>>> from finstere_widget.render.charts import bar_chart
>>> chart = bar_chart(["seat 0", "seat 1"], {"wins": [0.6, 0.4]}, references=[0.5])
>>> chart.width, chart.height
(480, 270)

* :func:`bar_chart` — any bars: one group per category, one bar per series, optional
  interval whiskers and dashed reference lines;
* :func:`seats_chart` — a study's win rate by seat, one bar per variant, Wilson intervals,
  the equal share dashed (the SVG twin of :func:`finstere_widget.study.plot_seats`);
* :func:`metric_chart` — one of a study's per-game means (``rounds``, ``escaped``,
  ``eaten``, ``monster_steps``) by variant with its interval (twin of ``plot_metric``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..design.studies import StudyResult, metric_label
from ..engine.errors import Message, SceneError, StudyError, shown
from ..engine.i18n import translations
from . import style as S
from .primitives import Group, line, rect, text
from .scene import Scene

#: the metrics :func:`metric_chart` draws (a study row's ``<metric>_mean/_lo/_hi``)
METRICS = ("rounds", "escaped", "eaten", "monster_steps")


@dataclass(repr=False)
class Chart(Scene):
    """A chart: a :class:`~.scene.Scene` (its primitives in the static layer) with a title,
    shown as SVG by a notebook (the title is the SVG's ``<title>``, what a screen reader
    says), and a short ``repr``."""

    title: str = ""

    def __repr__(self) -> str:
        return f"<Chart {self.title!r}: {self.width} x {self.height}, {len(self.static)} shapes>"

    def _repr_svg_(self) -> str:
        from .svg import scene_svg

        return scene_svg(self, title=self.title or None)


def _nice_step(top: float, ticks: int = 5) -> float:
    """A round tick step (1, 2, 2.5 or 5 times a power of ten) giving about ``ticks``
    ticks from 0 to ``top``."""
    raw = top / ticks
    power: float = 10.0 ** math.floor(math.log10(raw))
    for m in (1.0, 2.0, 2.5, 5.0, 10.0):
        if m * power >= raw:
            return m * power
    return 10 * power  # pragma: no cover - the loop always returns


def _tick_label(v: float, percent: bool) -> str:
    if percent:
        return f"{v * 100:.0f} %"
    return f"{v:g}"


def _text_width(s: str, size: float) -> float:
    """About how wide ``s`` is painted at ``size`` (the chart font's mean glyph width)."""
    return len(s) * size * S.CHART_GLYPH


#: the largest value a bar chart draws (bars, whiskers, references, ``ymax``)
MAX_VALUE = 1e12


def _check_number(v: object, where: str | Message) -> float:
    if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
        raise SceneError(
            "bar chart: {where} must be a finite number, not {v}", where=where, v=shown(v)
        )
    if abs(v) > MAX_VALUE:  # an axis rounded up past it would not be finite
        raise SceneError(
            "bar chart: {where} must be at most {most}, not {v}",
            where=where,
            most=MAX_VALUE,
            v=shown(v),
        )
    return float(v)


def _check_list(v: object, where: str | Message) -> list[Any]:
    if isinstance(v, str | bytes | Mapping) or not isinstance(v, Sequence):
        raise SceneError("bar chart: {where} must be a list, not {v}", where=where, v=shown(v))
    return list(v)


def _check_mapping(v: object, where: str) -> Mapping[Any, Any]:
    if not isinstance(v, Mapping):
        raise SceneError(
            "bar chart: {where} must map names to lists, not {v}", where=where, v=shown(v)
        )
    return v


def _check_text(v: object, where: str | Message) -> str:
    if not isinstance(v, str):
        raise SceneError("bar chart: {where} must be text, not {v}", where=where, v=shown(v))
    return v


def bar_chart(
    categories: Sequence[str],
    series: Mapping[str, Sequence[float]],
    *,
    intervals: Mapping[str, Sequence[tuple[float, float]]] | None = None,
    references: Sequence[float] = (),
    title: str = "",
    ylabel: str = "",
    ymax: float | None = None,
    percent: bool = False,
    width: int = 480,
    height: int = 270,
) -> Chart:
    """Grouped bars as a :class:`Chart`: a group per category, a bar per series (in
    the order given, coloured :data:`.style.CHART_SERIES`), a whisker from ``lo`` to ``hi``
    where ``intervals[series]`` gives one per category, a dashed line across the plot at
    each value of ``references``. The axis runs from 0 to ``ymax`` (default: the highest
    bar, whisker or reference, rounded up to a tick); ``percent`` labels it in per cent.

    A series of the wrong length, an interval not around its bar or a value that is not a
    finite number >= 0 is a :class:`~finstere_widget.engine.errors.SceneError` naming it."""
    cats = [
        _check_text(c, Message("category {i}", i=i))
        for i, c in enumerate(_check_list(categories, "categories"))
    ]
    series = _check_mapping(series, "series")
    intervals = _check_mapping(intervals or {}, "intervals")
    _check_text(title, "title")
    _check_text(ylabel, "ylabel")
    for name in series:
        _check_text(name, Message("a series' name"))
    if not cats:
        raise SceneError("bar chart: no categories")
    if not series:
        raise SceneError("bar chart: no series")
    if len(series) > len(S.CHART_SERIES):
        raise SceneError(
            "bar chart: at most {most} series, not {n}", most=len(S.CHART_SERIES), n=len(series)
        )
    values: dict[str, list[float]] = {}
    for name, vs in series.items():
        vs = _check_list(vs, Message("series {name}", name=shown(name)))
        if len(vs) != len(cats):
            raise SceneError(
                "bar chart: series {name} has {n} values for {cats} categories",
                name=shown(name),
                n=len(vs),
                cats=len(cats),
            )
        values[name] = [
            _check_number(v, Message("series {name} value {i}", name=shown(name), i=i))
            for i, v in enumerate(vs)
        ]
        for i, v in enumerate(values[name]):
            if v < 0:
                raise SceneError(
                    "bar chart: series {name} value {i} is negative ({v})",
                    name=shown(name),
                    i=i,
                    v=v,
                )
    whiskers: dict[str, list[tuple[float, float]]] = {}
    for name, iv in intervals.items():
        if name not in values:
            raise SceneError(
                "bar chart: an interval for {name}, which is no series", name=shown(name)
            )
        iv = _check_list(iv, Message("intervals of {name}", name=shown(name)))
        if len(iv) != len(cats):
            raise SceneError(
                "bar chart: intervals of {name}: {n} for {cats} categories",
                name=shown(name),
                n=len(iv),
                cats=len(cats),
            )
        pairs = []
        for i, pair in enumerate(iv):
            if not isinstance(pair, tuple | list) or len(pair) != 2:
                raise SceneError(
                    "bar chart: interval {name} {i} must be a pair (low, high), not {v}",
                    name=shown(name),
                    i=i,
                    v=shown(pair),
                )
            lo, hi = pair
            lo_ = _check_number(lo, Message("interval {name} {i} low", name=shown(name), i=i))
            hi_ = _check_number(hi, Message("interval {name} {i} high", name=shown(name), i=i))
            if not lo_ - 1e-9 <= values[name][i] <= hi_ + 1e-9:
                raise SceneError(
                    "bar chart: interval {name} {i} [{lo}, {hi}] is not around its bar {v}",
                    name=shown(name),
                    i=i,
                    lo=lo_,
                    hi=hi_,
                    v=values[name][i],
                )
            pairs.append((lo_, hi_))
        whiskers[name] = pairs
    refs = [_check_number(r, Message("reference {i}", i=i)) for i, r in enumerate(references)]

    highest = max(
        [v for vs in values.values() for v in vs]
        + [hi for ps in whiskers.values() for _, hi in ps]
        + refs
    )
    if ymax is None:
        step = _nice_step(highest) if highest > 0 else 1.0
        top = step * math.ceil(highest / step - 1e-9) if highest > 0 else step
        top = max(top, step)
    else:
        top = _check_number(ymax, "ymax")
        if top <= 0:
            raise SceneError("bar chart: ymax must be > 0, not {top}", top=top)
        step = _nice_step(top)

    fs = S.CHART_FONT
    # the plot area: tick labels left, category labels below, title and legend above
    tick_w = max(_text_width(_tick_label(k * step, percent), fs) for k in range(6)) + 8
    left = S.CHART_PAD + tick_w
    right = width - S.CHART_PAD
    legend = len(values) > 1
    # rows from the top: title, legend, the axis name, then the plot (its top tick label
    # half a line below the axis name)
    title_y = S.CHART_PAD + S.CHART_TITLE / 2
    legend_y = S.CHART_PAD + (S.CHART_TITLE + 8 if title else 0) + fs / 2
    ylabel_y = legend_y + (fs + 8 if legend else 0)
    top_y = ylabel_y + (fs + 4 if ylabel else 0) + fs / 2
    bottom = height - S.CHART_PAD - fs - 6
    if right - left < 20 * len(cats) or bottom - top_y < 40:
        raise SceneError(
            "bar chart: {width} x {height} is too small for {n} bars",
            width=width,
            height=height,
            n=len(cats),
        )

    def y_of(v: float) -> float:
        return bottom - (bottom - top_y) * min(max(v, 0.0), top) / top

    prims: Group = [rect(0, 0, width, height, fill=S.BACKGROUND)]
    if title:
        prims.append(
            text(width / 2, title_y, title, size=S.CHART_TITLE,
                 fill=S.CAPTION_TEXT, bold=True)
        )  # fmt: skip
    if ylabel:
        # no rotated text in the contract: the axis name stands above the tick labels
        prims.append(
            text(S.CHART_PAD, ylabel_y, ylabel, size=fs, fill=S.CAPTION_TEXT, anchor="start")
        )
    k = 0
    while k * step <= top + 1e-9:
        v = k * step
        y = y_of(v)
        prims.append(line(left, y, right, y, stroke=S.CHART_GRID, lw=0.6))
        prims.append(
            text(left - 6, y, _tick_label(v, percent), size=fs, fill=S.CAPTION_TEXT, anchor="end")
        )
        k += 1
    slot = (right - left) / len(cats)
    bar_w = slot * 0.8 / len(values)
    names = list(values)
    for c, cat in enumerate(cats):
        x0 = left + c * slot + slot * 0.1
        for s, name in enumerate(names):
            v = values[name][c]
            x = x0 + s * bar_w
            y = y_of(v)
            colour = S.CHART_SERIES[s]
            prims.append(rect(x, y, bar_w * 0.92, bottom - y, fill=colour))
            if name in whiskers:
                lo, hi = whiskers[name][c]
                cx = x + bar_w * 0.46
                cap = min(6.0, bar_w * 0.25)
                a, b = y_of(lo), y_of(hi)
                prims.append(line(cx, a, cx, b, stroke=S.CAPTION_TEXT, lw=1.4))
                prims.append(line(cx - cap, a, cx + cap, a, stroke=S.CAPTION_TEXT, lw=1.4))
                prims.append(line(cx - cap, b, cx + cap, b, stroke=S.CAPTION_TEXT, lw=1.4))
        prims.append(
            text(left + (c + 0.5) * slot, bottom + 6 + fs / 2, cat, size=fs, fill=S.CAPTION_TEXT)
        )
    for r in refs:
        y = y_of(r)
        prims.append(line(left, y, right, y, stroke=S.CHART_REFERENCE, lw=1.4, dash=[6, 4]))
    prims.append(line(left, bottom, right, bottom, stroke=S.CHART_AXIS, lw=1.2))
    prims.append(line(left, top_y, left, bottom, stroke=S.CHART_AXIS, lw=1.2))
    if legend:
        x = left
        y = legend_y
        for s, name in enumerate(names):
            prims.append(rect(x, y - fs / 2, fs, fs, fill=S.CHART_SERIES[s], r=2))
            prims.append(text(x + fs + 4, y, name, size=fs, fill=S.CAPTION_TEXT, anchor="start"))
            x += fs + 4 + _text_width(name, fs) + 14
    return Chart(prims, [], width, height, title)


def seats_chart(
    result: StudyResult, width: int = 480, height: int = 270, lang: str | None = None
) -> Chart:
    """A study's share of games won by each seat, a bar per variant with its 95 % Wilson
    interval, the equal share (1 / players) of each player count dashed; its words in
    ``lang`` (None: the language in use)."""
    _ = translations(lang).gettext
    most = max(v.players for v in result.variants)
    series: dict[str, list[float]] = {}
    intervals: dict[str, list[tuple[float, float]]] = {}
    for v in result.variants:
        rows = {s["seat"]: s for s in result.seats if s["variant"] == v.label}
        series[v.label] = [rows[k]["win_rate"] if k in rows else 0.0 for k in range(most)]
        intervals[v.label] = [
            (rows[k]["win_lo"], rows[k]["win_hi"]) if k in rows else (0.0, 0.0) for k in range(most)
        ]
    return bar_chart(
        [
            _("seat 0 (first player)") if k == 0 else _("seat {seat}").format(seat=k)
            for k in range(most)
        ],
        series,
        intervals=intervals,
        references=sorted({1 / v.players for v in result.variants}),
        title=_("Wins by seat ({games} games per variant, 95 % CI)").format(games=result.games),
        ylabel=_("share of games won"),
        percent=True,
        width=width,
        height=height,
    )


def metric_chart(
    result: StudyResult,
    metric: str = "rounds",
    width: int = 480,
    height: int = 270,
    lang: str | None = None,
) -> Chart:
    """One of a study's per-game means (:data:`METRICS`) by variant, with its 95 %
    interval, its words in ``lang`` (None: the language in use); an unknown metric is a
    :class:`~finstere_widget.engine.errors.StudyError`."""
    if metric not in METRICS:
        raise StudyError(
            "unknown metric {metric} ({known})", metric=shown(metric), known=", ".join(METRICS)
        )
    rows: list[dict[str, Any]] = result.rows
    _ = translations(lang).gettext
    words = metric_label({"metric": metric}, lang)
    return bar_chart(
        [r["variant"] for r in rows],
        {metric: [r[f"{metric}_mean"] for r in rows]},
        intervals={metric: [(r[f"{metric}_lo"], r[f"{metric}_hi"]) for r in rows]},
        title=_("{metric} per game (mean, 95 % CI)").format(metric=words),
        ylabel=_("{metric} per game").format(metric=words),
        width=width,
        height=height,
    )


__all__ = ["METRICS", "Chart", "bar_chart", "metric_chart", "seats_chart"]
