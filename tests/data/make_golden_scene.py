"""Writes the golden-primitives fixture (tests/data/golden_scene.json) and its SVG
(tests/data/golden_scene.svg): a small scene using every primitive kind and every optional
key of the render contract (finstere_widget/render/primitives.py), painted by every painter
in tests/test_render_contract.py and tests/browser/test_render_contract_browser.py.

    .venv/bin/python tests/data/make_golden_scene.py

Run it only when the contract changes, and look at the SVG before committing it."""

from __future__ import annotations

import json
from pathlib import Path

from finstere_widget.render.primitives import Group, circle, line, poly, rect, text
from finstere_widget.render.scene import Scene
from finstere_widget.render.svg import scene_svg

HERE = Path(__file__).resolve().parent
WIDTH, HEIGHT = 240, 160


def golden_primitives() -> Group:
    return [
        rect(0, 0, WIDTH, HEIGHT, fill="#ffffff"),
        rect(10, 10, 60, 40, r=6, fill="#d63a2f", stroke="#111111", lw=2),
        rect(80, 10, 60, 40, fill="#2f6fd6", a=0.5),
        rect(150, 10, 80, 40, stroke="#111111", lw=3, dash=[6, 6]),
        line(10, 70, 110, 70, stroke="#3aa757", lw=6),
        line(10, 90, 110, 90, stroke="#8e44ad", lw=4, dash=[10, 10], a=0.8),
        poly(
            [(130, 60), (190, 60), (160, 110)],
            closed=True,
            fill="#f0c419",
            stroke="#111111",
            lw=1.5,
        ),
        poly([(200, 60), (230, 80), (200, 100)], stroke="#0b7285", lw=3, dash=[8, 4], a=0.9),
        circle(40, 130, 20, fill="#1f9d55", stroke="#111111", lw=2),
        circle(100, 130, 20, stroke="#e6007e", lw=3, dash=[4, 4], a=0.9),
        text(140, 130, "Ag", size=20, fill="#111111", bold=True, anchor="start"),
        text(200, 148, "tie", size=10, fill="#e6007e", a=0.7),
        text(235, 110, "9", size=8, fill="#111111", anchor="end"),
    ]


def main() -> None:
    prims = golden_primitives()
    doc = {"width": WIDTH, "height": HEIGHT, "primitives": prims}
    (HERE / "golden_scene.json").write_text(json.dumps(doc, indent=1) + "\n")
    (HERE / "golden_scene.svg").write_text(scene_svg(Scene(prims, [], WIDTH, HEIGHT)) + "\n")


if __name__ == "__main__":
    main()
