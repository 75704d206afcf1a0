"""What the lessons' text promises (notebooks/src/*.md): the tour points to every other
lesson, and the edge-case lab, which says it shows every rule option, has a section for each
option of the engine."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from finstere_widget.engine import OPTION_INFO

SRC = Path(__file__).resolve().parent.parent / "notebooks" / "src"


def test_the_tour_points_to_every_other_lesson() -> None:
    tour = (SRC / "01_tour.md").read_text(encoding="utf-8").split("## Where next", 1)[1]
    listed = set(re.findall(r"^\* `(\d\d[a-z]?_\w+)`", tour, re.M))
    # the teacher's guide is the teacher's, not a lesson the tour sends learners to
    others = {p.stem for p in SRC.glob("*.md")} - {"01_tour", "00_teachers_guide"}
    assert listed == others


@pytest.mark.parametrize("lang", ["", "fr", "de", "it", "cs"])
def test_the_edge_case_lab_shows_every_rule_option(lang: str) -> None:
    """A section (and a row of the table) for EVERY option of the engine, in every
    language of the lesson (P7's slide options and stage2_pile too: a later cell prints
    them), and the explorer run over every option, so an option added later is shown too."""
    lab = (SRC / lang / "06_edge_case_lab.md").read_text(encoding="utf-8")
    sections = set(re.findall(r"^## `(\w+)`", lab, re.M))
    table = set(re.findall(r"^\| `(\w+)` \|", lab, re.M))
    assert sections == table == set(OPTION_INFO), sorted(set(OPTION_INFO) ^ sections ^ table)
    every = lab.split("\n## ", 1)[1]
    assert "for name in OPTION_INFO:" in every and "edge_cases(name" in every
