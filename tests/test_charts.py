"""The study charts (render/charts.py): bars, whiskers and reference lines drawn from the
render contract's primitives, placed by the numbers they show, in the drawing's colours."""

from __future__ import annotations

import math
from typing import Any

import pytest

from finstere_widget.design import StudyResult, study
from finstere_widget.engine.errors import SceneError, StudyError
from finstere_widget.render import style as S
from finstere_widget.render.charts import Chart, bar_chart, metric_chart, seats_chart
from finstere_widget.render.primitives import Line, Prim, Rect, Text, check_primitive
from finstere_widget.render.scene import Scene
from finstere_widget.render.svg import scene_svg


def _bars(chart: Chart, colour: str) -> list[Rect]:
    return [p for p in chart.static if p["k"] == "rect" and p.get("fill") == colour]


def _texts(chart: Chart) -> dict[str, Text]:
    return {p["text"]: p for p in chart.static if p["k"] == "text"}


def _axis_y(chart: Chart, label: str) -> float:
    """The y of the grid line whose tick label is ``label``."""
    return _texts(chart)[label]["y"]


def _lines(chart: Chart, colour: str) -> list[Line]:
    return [p for p in chart.static if p["k"] == "line" and p.get("stroke") == colour]


def test_bars_stand_on_the_axis_with_heights_in_proportion_to_their_values() -> None:
    chart = bar_chart(["a", "b", "c"], {"s": [0.25, 0.5, 1.0]}, ymax=1, percent=True)
    bars = _bars(chart, S.CHART_SERIES[0])
    assert len(bars) == 3
    zero, full = _axis_y(chart, "0 %"), _axis_y(chart, "100 %")
    assert all(math.isclose(b["y"] + b["h"], zero, abs_tol=0.01) for b in bars)
    for b, v in zip(bars, [0.25, 0.5, 1.0], strict=True):
        assert math.isclose(b["h"], v * (zero - full), abs_tol=0.02)
    assert [b["x"] for b in bars] == sorted(b["x"] for b in bars)  # in category order
    # each category's name below its bar
    names = _texts(chart)
    for b, cat in zip(bars, "abc", strict=True):
        assert b["x"] <= names[cat]["x"] <= b["x"] + b["w"] * 1.2 and names[cat]["y"] > zero


def test_whiskers_span_the_interval_and_references_are_dashed_at_their_value() -> None:
    chart = bar_chart(
        ["x", "y"], {"s": [2.0, 3.0]}, intervals={"s": [(1.0, 2.5), (2.0, 4.0)]}, references=[3.5]
    )
    zero, four = _axis_y(chart, "0"), _axis_y(chart, "4")
    unit = (zero - four) / 4
    uprights = [ln for ln in _lines(chart, S.CAPTION_TEXT) if ln["x1"] == ln["x2"]]
    spans = sorted((zero - ln["y1"], zero - ln["y2"]) for ln in uprights)
    assert [(round(a / unit, 2), round(b / unit, 2)) for a, b in spans] == [(1, 2.5), (2, 4)]
    (ref,) = _lines(chart, S.CHART_REFERENCE)
    assert ref["dash"] and math.isclose(ref["y1"], zero - 3.5 * unit, abs_tol=0.02)


def test_the_axis_top_is_a_round_tick_above_the_highest_mark() -> None:
    chart = bar_chart(["x"], {"s": [10.7]}, intervals={"s": [(9.9, 11.4)]})
    ticks = [t for t in _texts(chart) if t.replace(".", "").isdigit()]
    assert ticks == ["0", "2.5", "5", "7.5", "10", "12.5"]


def test_several_series_get_a_legend_and_the_series_colours_in_order() -> None:
    chart = bar_chart(["a", "b"], {"eat": [1, 2], "stop": [2, 1]}, title="T")
    for k, name in enumerate(("eat", "stop")):
        assert len(_bars(chart, S.CHART_SERIES[k])) == 2 + 1  # two bars and a legend swatch
        assert name in _texts(chart)
    assert chart.title == "T" and "<title>T</title>" in chart._repr_svg_()
    assert repr(chart) == "<Chart 'T': 480 x 270, " + f"{len(chart.static)} shapes>"


def test_a_chart_is_made_of_the_render_contracts_primitives() -> None:
    chart = bar_chart(["a"], {"s": [1], "t": [0]}, intervals={"t": [(0, 0.5)]}, ylabel="n")
    prims: list[Prim] = chart.primitives()
    for i, p in enumerate(prims):
        check_primitive(p, f"primitive {i}")
    back = Scene.from_dict(chart.to_dict())
    assert scene_svg(back) == scene_svg(chart)


def test_a_dark_page_swaps_the_page_colours_and_keeps_the_bars() -> None:
    chart = bar_chart(["a", "b"], {"s": [1, 2]}, title="T", ylabel="n", references=[1])
    dark = scene_svg(chart, palette=S.DARK)
    assert S.BACKGROUND not in dark and S.DARK[S.BACKGROUND] in dark
    assert S.CAPTION_TEXT not in dark and S.DARK[S.CAPTION_TEXT] in dark
    assert dark.count(S.CHART_SERIES[0]) == 2


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"series": {"s": [1, 2]}}, "series 's' has 2 values for 3 categories"),
        ({"series": {"s": [1, float("nan"), 2]}}, "series 's' value 1 must be a finite"),
        ({"series": {"s": [1, -1, 2]}}, "series 's' value 1 is negative"),
        ({"series": {"s": [1, 1, 1]}, "intervals": {"t": []}}, "'t', which is no series"),
        (
            {"series": {"s": [1, 1, 1]}, "intervals": {"s": [(0, 2), (2, 3), (0, 2)]}},
            "interval 's' 1 \\[2.0, 3.0\\] is not around its bar 1.0",
        ),
        ({"series": {"s": [1, 1, 1]}, "ymax": 0}, "ymax must be > 0"),
        ({"series": {"s": [1, 1, 1]}, "width": 60}, "60 x 270 is too small for 3 bars"),
        ({"series": {}}, "no series"),
    ],
)
def test_bad_chart_input_is_a_scene_error_naming_it(
    kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(SceneError, match=message):
        bar_chart(["a", "b", "c"], **kwargs)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def small_study() -> StudyResult:
    return study(
        12,
        players=[2, 3],
        bots=[["random", "greedy"]],
        options={"slide_over_pawn": ["eat"]},
        seed=3,
        jobs=1,
    )


def test_seats_chart_draws_each_variants_seats_with_their_wilson_intervals(
    small_study: StudyResult,
) -> None:
    chart = seats_chart(small_study)
    labels = [v.label for v in small_study.variants]
    zero = _axis_y(chart, "0 %")
    ticks = [t for t in _texts(chart) if t.endswith(" %")]
    top = max(int(t[:-2]) for t in ticks) / 100
    full = _axis_y(chart, f"{round(top * 100)} %")
    unit = (zero - full) / top
    for k, label in enumerate(labels):
        bars = _bars(chart, S.CHART_SERIES[k])[:3]  # the last one is the legend's swatch
        rows = [s for s in small_study.seats if s["variant"] == label]
        for bar, row in zip(bars, rows, strict=False):
            assert math.isclose(bar["h"], row["win_rate"] * unit, abs_tol=0.05), (label, row)
    # the 2-player variant has no seat 2: its bar there is empty
    two = labels.index(next(v.label for v in small_study.variants if v.players == 2))
    assert _bars(chart, S.CHART_SERIES[two])[2]["h"] == 0
    refs = sorted(ln["y1"] for ln in _lines(chart, S.CHART_REFERENCE))
    assert [round((zero - y) / unit, 3) for y in refs] == [0.5, 0.333]


def test_metric_chart_shows_each_variants_mean_and_names_an_unknown_metric(
    small_study: StudyResult,
) -> None:
    chart = metric_chart(small_study, "rounds")
    bars = _bars(chart, S.CHART_SERIES[0])
    assert len(bars) == len(small_study.rows)
    ratio = bars[0]["h"] / bars[1]["h"]
    means = [r["rounds_mean"] for r in small_study.rows]
    assert math.isclose(ratio, means[0] / means[1], rel_tol=0.01)
    with pytest.raises(StudyError, match="unknown metric 'speed'"):
        metric_chart(small_study, "speed")


@pytest.mark.parametrize(
    ("kwargs", "names"),
    [
        ({"categories": ["x"], "series": {"a": [1e308]}}, "at most"),
        ({"categories": ["x"], "series": {"a": [1]}, "ymax": 1e300}, "ymax"),
        ({"categories": ["x"], "series": {"a": [1]}, "intervals": {"a": [(1,)]}}, "pair"),
        ({"categories": [1], "series": {"a": [1]}}, "category 0"),
        ({"categories": ["x"], "series": {"a": [1]}, "title": 5}, "title"),
        ({"categories": ["x"], "series": {"a": [1]}, "ylabel": None}, "ylabel"),
        ({"categories": ["x"], "series": {3: [1]}}, "series' name"),
        ({"categories": 5, "series": {"a": [1]}}, "categories must be a list"),
        ({"categories": ["x"], "series": {"a": 5}}, "series 'a' must be a list"),
        ({"categories": ["x"], "series": [1]}, "series must map"),
        ({"categories": ["x"], "series": {"a": [1]}, "intervals": {"a": 5}}, "intervals of 'a'"),
    ],
)
def test_a_bad_chart_argument_is_a_scene_error_naming_it(kwargs: Any, names: str) -> None:
    """Never an OverflowError, an unpacking ValueError or an AttributeError when drawn."""
    with pytest.raises(SceneError, match=names):
        bar_chart(**kwargs)._repr_svg_()


def test_a_lessons_charts_speak_its_language(small_study: StudyResult) -> None:
    """#31: a study's charts in a French lesson say their title, axis and seats in French
    (the language in use, or the one given), a metric by its name in words."""
    from finstere_widget.engine.i18n import use_language

    steps = metric_chart(small_study, "monster_steps", lang="fr")
    assert steps.title == "pas du monstre par partie (moyenne, IC à 95 %)"
    try:
        use_language("de")
        seats = seats_chart(small_study)
    finally:
        use_language(None)
    assert seats.title.startswith("Siege nach Platz (")
    assert {"Platz 0 (erster Spieler)", "Platz 1", "Anteil gewonnener Partien"} <= set(
        _texts(seats)
    )
    assert metric_chart(small_study, "rounds", lang="en").title == "rounds per game (mean, 95 % CI)"


def test_a_summarys_end_reasons_keep_their_rule_in_the_lessons_language() -> None:
    """A simulation's summary counts reasons led by their rule id ("S2: ..."): told in
    French, the rule stays and the reason is French (with French spacing)."""
    from finstere_widget.engine.i18n import reason_words

    said = reason_words("S2: blue escaped all pawns but one", "fr")
    assert said == "S2 : bleu a fait sortir tous ses pions sauf un"
    assert reason_words("S3: a reason of tomorrow", "de") == "S3: a reason of tomorrow"
