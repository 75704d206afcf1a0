"""Write the README's pictures (SVG drawn by the package itself).

    .venv/bin/python notebooks/images/make_images.py          # rewrite them
    tests/test_readme.py checks they are up to date.
"""

from __future__ import annotations

from pathlib import Path

from finstere_widget.engine import monster_turn
from finstere_widget.examples import load
from finstere_widget.render import trace_frames

HERE = Path(__file__).resolve().parent


def images() -> dict[str, str]:
    """name -> SVG text: the basic rulebook example at its tie (step 4, M5)."""
    pos = load("monster_basic_8")
    result = monster_turn(pos, "8")
    frames = trace_frames(pos, result.events, "8")
    tie = next(f for f in frames if f.tie)
    return {"tie.svg": tie.svg()}


def main() -> None:
    for name, svg in images().items():
        (HERE / name).write_text(svg, encoding="utf-8")
        print(f"wrote {HERE / name}")


if __name__ == "__main__":
    main()
