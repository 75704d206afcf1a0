"""CompareView (widget/compare.py): two readings of a rule option side by side, stepping
in lockstep, the first difference ringed and named; its static SVG and the explorer's
self-contained gallery page (issue 27). The browser half: tests/browser/test_compare_browser.py."""

from __future__ import annotations

import json
import re
from functools import cache
from html import escape
from pathlib import Path
from typing import Any

import pytest

from finstere_widget.design import EdgeCases, edge_cases
from finstere_widget.engine import OptionError, Position, TileError
from finstere_widget.widget import CompareView
from finstere_widget.widget.compare import (
    BOARD_EXPORT,
    STATIC_DIR,
    compare_esm,
    compare_svg,
    gallery_html,
    write_gallery,
)

ON_POOL = {
    "format": "finstere-position/1",
    "layout": "basic",
    "monster": {"at": [6, 2], "facing": "E"},
    "pawns": [{"id": "A", "player": "blue", "light": 6, "dark": 1, "at": [9, 2]}],
}


@cache
def found(option: str) -> EdgeCases:
    return edge_cases(option, seed=3, budget=200)


def test_M9_compare_view_plays_both_readings_and_names_the_first_difference() -> None:
    view = CompareView(ON_POOL, "2", "slide_over_pawn")
    assert view.labels == [
        "monster sliding over a pawn (M9) = eats it and slides on",
        "monster sliding over a pawn (M9) = eats it and stops",
    ]
    italian = CompareView(ON_POOL, "2", "slide_over_pawn", lang="it").labels
    assert italian[0].endswith("(M9) = lo divora e continua a slittare"), italian
    left, right = view.left["frames"], view.right["frames"]
    dl, dr = view.differ
    assert dl >= 1 and dr >= 1  # the turn starts alike: the look, the step onto the pool
    # frames before the difference are the same moment on both boards
    assert [f["e"] for f in left[:dl]] == [f["e"] for f in right[:dr]]
    assert "M9" in view.title[1] and view.title[1].startswith("≠")
    assert "M9" in left[dl]["c"]  # the differing frame's caption names the rule
    # lockstep: every frame has a partner, identity up to the difference
    assert view.links[0][:dl] == list(range(dl)) and view.links[0][dl] == dr
    assert len(view.links[0]) == len(left) and len(view.links[1]) == len(right)
    assert all(0 <= j < len(right) for j in view.links[0])
    assert view.links[0][-1] == len(right) - 1 and view.links[1][-1] == len(left) - 1


def test_step_moves_both_boards_together() -> None:
    view = CompareView(ON_POOL, "2", "slide_over_pawn")
    view.step(view.differ[0])
    assert view.frames_on_show == [view.differ[0], view.differ[1]]
    view.step(10_000)
    assert view.frames_on_show == [len(view.left["frames"]) - 1, len(view.right["frames"]) - 1]


def test_links_are_monotone_so_stepping_never_goes_back() -> None:
    for option in ("slide_over_pawn", "monster_stone_on_corner", "pivot_when_tied"):
        for case in found(option).cases:
            view = CompareView.from_case(case)
            for side in view.links:
                assert side == sorted(side), (option, case.group, side)


@pytest.mark.parametrize(
    ("args", "error"),
    [
        ((ON_POOL, "2", "slide_over_pawns"), OptionError),
        ((ON_POOL, "2", "slide_over_pawn", ["eat", "hop"]), OptionError),
        ((ON_POOL, "99", "slide_over_pawn"), TileError),
    ],
)
def test_bad_arguments_are_refused_with_the_engines_errors(
    args: tuple[Any, ...], error: type[Exception]
) -> None:
    with pytest.raises(error):
        CompareView(*args)


@pytest.mark.parametrize("option", ["slide_over_pawn", "placement", "finish_round"])
def test_every_kind_of_case_has_a_view_and_a_static_svg(option: str) -> None:
    case = found(option).cases[0]
    svg = compare_svg(case)
    assert svg.startswith("<svg") and svg.count("<svg ") == 3  # the frame and its two boards
    # each board named by the option and its value in the menus' words (the raw names were
    # English in every language)
    from finstere_widget.widget.labels import option_choices, option_label

    words = {v: w for w, v in option_choices(case.option, "en")}
    for value in case.values:
        assert escape(f"{option_label(case.option, 'en')} = {words[value]}") in svg
    view = CompareView.from_case(case)
    assert (
        repr(view) == f"CompareView({case.option} {case.values[0]}/{case.values[1]}: {case.group})"
    )
    bundle = view._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "image/svg+xml" in data and "≠" in data["text/plain"]


def test_the_esm_is_board_js_with_compare_js_and_one_default_export() -> None:
    board = (STATIC_DIR / "board.js").read_text(encoding="utf-8")
    assert board.count(BOARD_EXPORT) == 1
    esm = compare_esm()
    assert esm.count("export default") == 1 and "function render(" in esm
    assert "compareRender" in esm


def test_gallery_is_self_contained_escaped_and_written_atomically(tmp_path: Path) -> None:
    result = found("slide_over_pawn")
    page = gallery_html(result)
    assert not re.search(r'(src|href)="https?:', page)  # nothing fetched from the network
    assert page.count("data-fw-compare=") == len(result.cases)
    for case in result.cases:
        assert case.group in page
    out = write_gallery(result, tmp_path / "gallery.html")
    assert out.read_text(encoding="utf-8") == page
    assert [p.name for p in tmp_path.iterdir()] == ["gallery.html"]  # no temporary left


def test_gallery_escapes_what_a_case_carries() -> None:
    import dataclasses

    result = found("slide_over_pawn")
    hostile = dataclasses.replace(result.cases[0], source="<script>alert(1)</script>")
    page = gallery_html(dataclasses.replace(result, cases=(hostile,)))
    assert "<script>alert(1)" not in page and "&lt;script&gt;alert(1)" in page


def test_gallery_failed_write_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = found("slide_over_pawn")
    target = tmp_path / "gallery.html"
    target.write_text("old", encoding="utf-8")
    import os

    def broken(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        write_gallery(result, target)
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["gallery.html"]


def test_position_json_in_the_view_round_trips() -> None:
    view = CompareView(ON_POOL, 2, "slide_over_pawn", "eat,stop")
    assert view.case.position == Position.from_dict(ON_POOL)
    json.dumps(view.left)  # the synced state is plain JSON


def test_a_turn_both_readings_play_alike_says_so_and_marks_no_frame() -> None:
    alone = {"format": "finstere-position/1", "monster": {"at": [5, 5], "facing": "E"}}
    view = CompareView(alone, "5", "slide_over_pawn")
    assert view.title[0] == view.title[1] and "alike" in view.title[0]
    n = len(view.left["frames"])
    assert view.differ == [n, n] and view.links == [list(range(n)), list(range(n))]
    assert not any(f.get("c", "").startswith("≠") for f in view.left["frames"])


def test_a_game_cases_ending_is_told_in_the_views_language() -> None:
    """#31: a game case's picture tells how a game ended in the lesson's language, its rule
    id kept (it printed the engine's English reason, "S3: end of stage 2", in every one)."""
    from finstere_widget.engine.i18n import reason_words

    case = next(c for c in found("finish_round").cases if c.kind == "game")
    english = compare_svg(case, lang="en")
    reasons = [r for r in ("S2", "S3") if f">{r}: " in english]
    assert reasons, "no ending told"
    french = compare_svg(case, lang="fr")
    for r in reasons:
        assert f">{r}: " not in french and f">{r} : " in french
    assert "bleu" in reason_words("S2: blue escaped all pawns but one", "fr")


def test_gallery_shows_each_groups_rule_text_the_tile_and_the_games_per_cell() -> None:
    """Issue 27's gallery: per group the text of the rule it differs by (docs/rules.md, as
    shipped, escaped), the case's tile (or pawn and path, or ply), the games behind each
    count, and the one-line warning when a cell has fewer than 30 games."""
    from finstere_widget.engine.rules import rule_text

    result = found("slide_over_pawn")
    page = gallery_html(result, "en")
    for k, case in enumerate(result.cases):
        section = page.split(f'id="case-{k}"', 1)[1].split("</section>", 1)[0]
        text = rule_text(case.differs_at.rule)
        assert text and escape(text.split("\n")[0]) in section
        assert f"tile {case.tile}" in section
        assert "<th>games</th>" in section
    assert escape(result.few_games_warning("en")) in page
    moves = gallery_html(found("pawn_slide_stone"), "en")
    move = found("pawn_slide_stone").cases[0]
    assert f"pawn {move.pawn} along {','.join(move.path)}" in moves
    games = gallery_html(found("tiles_per_stage"), "en")
    assert f"ply {found('tiles_per_stage').cases[0].ply}" in games


def test_gallery_escapes_the_rule_text(monkeypatch: pytest.MonkeyPatch) -> None:
    from finstere_widget.widget import compare

    monkeypatch.setattr(compare, "rule_text", lambda rule: "<img src=x onerror=alert(1)>")
    page = gallery_html(found("slide_over_pawn"), "en")
    assert "<img src=x" not in page and "&lt;img src=x onerror=alert(1)&gt;" in page
