"""Regenerate tests/data/perft_moves.json (golden counts of pawn-move outcomes).

    .venv/bin/python tests/data/regen_perft.py

Each case: a position, a pawn, the number of distinct legal outcomes (legal_moves) and the
number of legal paths (every token string the rules accept, enumerated by brute force).
Only rerun on purpose (a rule fix): the counts are the regression oracle.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from finstere_widget.engine import Position  # noqa: E402
from finstere_widget.engine.moves import legal_moves  # noqa: E402
from tests.test_moves import brute_force  # noqa: E402

EXAMPLES = HERE.parent / "examples"

Dict = dict[str, Any]  # a JSON object


def basic_with(pawns: list[Dict], **extra: Any) -> Dict:
    d = Position.basic().to_dict()
    d["pawns"] = pawns
    d.update(extra)
    return Position.from_dict(d).to_dict()


def pw(
    pid: str,
    at: str | list[int],
    light: int = 6,
    dark: int = 1,
    up: str = "light",
    player: str = "blue",
) -> Dict:
    return {"id": pid, "player": player, "light": light, "dark": dark, "up": up, "at": at}


CROWDED_PAWNS = [
    pw("A", [9, 5]),
    pw("B", [10, 5], 4, 3, "dark", "red"),
    pw("C", [7, 6], 3, 4, player="red"),
    pw("D", [9, 7], 2, 5, player="yellow"),
    pw("E", [11, 4], 6, 1, "dark", "yellow"),
    pw("F", [8, 6], 4, 3, player="green"),
    pw("G", [10, 1], 2, 5, "dark", "green"),
    pw("H", [6, 3], 3, 4, player="blue"),
    pw("I", [12, 6], 4, 3, player="blue"),
    pw("J", [5, 5], 2, 5, player="red"),
    pw("K", [9, 9], 6, 1, "dark", "red"),
]


def crowded() -> Dict:
    d = basic_with(CROWDED_PAWNS)
    d["stones"] += [
        {"at": [10, 6], "kind": "stone"},
        {"at": [7, 5], "kind": "crystal"},
        {"at": [11, 7], "kind": "stone"},
        {"at": [9, 4], "kind": "stone"},
    ]
    d["monster"] = {"at": [13, 7], "facing": "W"}
    return Position.from_dict(d).to_dict()


def advanced() -> Dict:
    return Position.from_dict(
        {
            "format": "finstere-position/1",
            "monster": {"at": [6, 2], "facing": "S"},
            "stones": [
                {"at": [2, 1], "kind": "stone"},
                {"at": [3, 2], "kind": "crystal"},
                {"at": [1, 3], "kind": "pivot_right"},
                {"at": [4, 1], "kind": "pivot_180"},
                {"at": [3, 4], "kind": "stone"},
            ],
            "pools": [[[1, 5], [2, 5], [3, 5], [4, 5]]],
            "teleporters": [
                {"at": [4, 3], "pair": "yellow", "arrow": "E"},
                {"at": [12, 8], "pair": "yellow", "arrow": "N"},
            ],
            "pawns": [
                pw("A", [3, 3], 6, 1),
                pw("B", [1, 1], 3, 4, player="red"),
                pw("C", [2, 6], 2, 5, player="red"),
            ],
        }
    ).to_dict()


def stuck_on_pool() -> Dict:
    d = basic_with([pw("A", [9, 3], 2, 5, "dark"), pw("B", [11, 3], 4, 3, player="red")])
    d["stones"].append({"at": [10, 3], "kind": "stone"})
    return Position.from_dict(d).to_dict()


def cases() -> list[tuple[str, Dict, str]]:
    ex = {n: json.loads((EXAMPLES / f"pawn_example_{n}.json").read_text()) for n in (1, 2, 3)}
    return [
        (
            "basic_enter_6",
            basic_with([pw("A", "outside"), pw("B", [14, 9], 4, 3, player="red")]),
            "A",
        ),
        ("example1_4", ex[1], "P4"),
        ("example3_5", ex[3], "P5"),
        ("advanced_6_near_exit", advanced(), "A"),
        ("stuck_on_pool_5", stuck_on_pool(), "A"),
        ("crowded_6", crowded(), "A"),
        ("example2_5", ex[2], "P5"),
    ]


def main() -> None:
    out: list[Dict] = []
    for name, pos_d, pid in cases():
        pos = Position.from_dict(pos_d)
        _, paths = brute_force(pos, pid)
        out.append(
            {
                "name": name,
                "pawn": pid,
                "outcomes": len(legal_moves(pos, pid)),
                "paths": paths,
                "position": pos.to_dict(),
            }
        )
        print(name, out[-1]["outcomes"], paths)
    text = json.dumps(
        {"about": "golden counts of legal pawn-move outcomes; see regen_perft.py", "cases": out},
        indent=1,
    )
    (HERE / "perft_moves.json").write_text(text + "\n")


if __name__ == "__main__":
    main()
