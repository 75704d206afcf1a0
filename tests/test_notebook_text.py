"""What the lessons' text promises (notebooks/src/*.md): the tour points to every other
lesson."""

from __future__ import annotations

import re
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "notebooks" / "src"


def test_the_tour_points_to_every_other_lesson() -> None:
    tour = (SRC / "01_tour.md").read_text(encoding="utf-8").split("## Where next", 1)[1]
    listed = set(re.findall(r"^\* `(\d\d_\w+)`", tour, re.M))
    others = {p.stem for p in SRC.glob("*.md")} - {"01_tour"}
    assert listed == others
