"""Write the pictures of docs/rules.md (SVG drawn by the package itself).

.venv/bin/python docs/images/make_images.py          # rewrite them
tests/test_docs.py checks they are up to date and that docs/rules.md shows each one;
the README shows tie.svg.
"""

from __future__ import annotations

from pathlib import Path

from finstere_widget.engine import Event, Position, monster_turn
from finstere_widget.examples import load
from finstere_widget.render import position_svg, trace_frames
from finstere_widget.render.animate import turn_svg

HERE = Path(__file__).resolve().parent


def _frame_after(name: str, events: list[Event], kind: str, tile: str | None) -> str:
    """The step-through frame showing the first event of type ``kind`` (frame 0 is the
    position before the first event)."""
    index = next(k for k, e in enumerate(events) if e.type == kind)
    return trace_frames(load(name), events, tile)[index + 1].svg()


def _monster(name: str, kind: str) -> str:
    return _frame_after(name, list(monster_turn(load(name), "8").events), kind, "8")


def images() -> dict[str, str]:
    """name -> SVG text, one picture per rule that a picture helps."""
    tie = next(
        f
        for f in trace_frames(
            load("monster_basic_8"), monster_turn(load("monster_basic_8"), "8").events, "8"
        )
        if f.tie
    )
    return {
        "board.svg": position_svg(Position.basic()),  # B1-B4
        "slide.svg": _monster("monster_basic_8", "slide"),  # M9
        "tie.svg": tie.svg(),  # M5
        "wrap.svg": _monster("monster_basic_8_without_g", "wrap"),  # M10
        "teleport.svg": _monster("monster_advanced_8", "teleport"),  # M12
        # the README's animation: the whole basic rulebook turn, one frame per event
        "monster_turn.svg": turn_svg(load("monster_basic_8"), "8", lang="en"),
    }


def main() -> None:
    for name, svg in images().items():
        (HERE / name).write_text(svg, encoding="utf-8")
        print(f"wrote {HERE / name}")


if __name__ == "__main__":
    main()
