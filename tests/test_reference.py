"""The benchmarks' straightforward implementation (benchmarks/reference.py) plays the same
rules as the engine: on random positions with every kind of piece, every tile and the rule
options that change the monster's turn, it gives the same events, the same resulting
position and the same legal pawn outcomes. So the speed ratios of benchmarks/ compare two
implementations of the same thing, and the reference is a second opinion on the rules."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from finstere_widget.engine import (
    Look,
    Position,
    RuleOptions,
    Stone,
    StoneKind,
    Tile,
    event_to_dict,
    monster_turn,
)
from finstere_widget.engine.monster import monster_outcome, sees
from finstere_widget.engine.moves import _Board, _Configs, _outcomes, apply_move, legal_moves

BENCH = Path(__file__).resolve().parents[1] / "benchmarks"


def load_bench(name: str) -> ModuleType:
    """A module of benchmarks/ (they import each other by plain name)."""
    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


reference = load_bench("reference")
positions = load_bench("positions")

OPTION_SETS = [
    {},
    {"monster_stone_on_corner": "keep", "slide_over_pawn": "stop", "pivot_when_tied": "turn"},
    {"slide_over_pawn": "stop"},
    {"pivot_when_tied": "turn"},
]
TILES = ["5", "7", "8", "10", "X", "XX", "XXX", "3", "20"]


def engine_state(pos: Position) -> dict[str, Any]:
    return {
        "monster": (pos.monster.at, pos.monster.facing.name),
        "stones": {s.at: s.kind.value for s in pos.stones},
        "pawns": {p.id: p.at for p in pos.pawns},
    }


def rule_options(opts: dict[str, str]) -> RuleOptions:
    options = RuleOptions()
    for name, value in opts.items():
        options = options.set(name, value)
    return options


def varied(n: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    return [positions.varied_position(rng) for _ in range(n)]


@pytest.mark.parametrize("seed", range(4))
def test_reference_monster_turn_agrees_with_engine(seed: int) -> None:
    rng = random.Random(100 + seed)
    kinds: set[str] = set()
    for k, pos in enumerate(varied(150, seed)):
        opts = OPTION_SETS[k % len(OPTION_SETS)]
        tile = Tile.parse(rng.choice(TILES))
        result = monster_turn(pos, tile, rule_options(opts))
        ref = reference.monster_turn(pos, tile.steps, tile.prey, opts)
        got = [event_to_dict(e) for e in result.events]
        assert got == ref["events"], (pos.to_json(), tile, opts)
        state = engine_state(result.position)
        assert state == {key: ref[key] for key in state}, (pos.to_json(), tile, opts)
        # the turn without a trace (bots, danger map) ends alike and takes the same pawns
        quiet, eaten = monster_outcome(pos, tile, rule_options(opts))
        assert engine_state(quiet) == state and eaten == result.eaten, (pos.to_json(), tile)
        assert quiet.monster == result.position.monster
        first = result.events[0]
        assert isinstance(first, Look)
        assert sees(pos) == {r.seen for r in first.rays if r.seen is not None}, pos.to_json()
        kinds.update(e["type"] for e in got)
        kinds.update(f"turn:{e['reason']}" for e in got if e["type"] == "turn")
    # the sample reaches every kind of monster event, so the comparison covers them all
    assert kinds >= {
        "look",
        "turn",
        "move",
        "slide",
        "push",
        "eat",
        "remove",
        "wrap",
        "teleport",
        "end",
        "turn:pivot",
        "turn:teleporter",
    }, kinds


@pytest.mark.parametrize("seed", range(2))
def test_reference_legal_outcomes_agree_with_engine(seed: int) -> None:
    pushes = slides = 0
    for pos in varied(25, 50 + seed):
        for pawn in pos.pawns:
            outs = legal_moves(pos, pawn.id)
            ref = reference.legal_outcomes(pos, pawn.id)
            assert [(o.to, o.path) for o in outs] == [(to, path) for to, path, _ in ref], (
                pos.to_json(),
                pawn.id,
            )
            for o, (_, _, stones) in zip(outs, ref, strict=True):
                assert engine_state(o.position)["stones"] == stones, (pos.to_json(), o)
                pushes += o.pushes
            slides += sum(1 for o in outs if isinstance(o.to, tuple) and o.to in pos.pool_squares)
    assert pushes > 20 and slides > 5, (pushes, slides)  # the sample exercises P6-P8


def test_legal_moves_merge_same_board_outcomes_as_the_reference_does() -> None:
    """On crowded boards two pushes can leave the same board with same-kind stones swapped:
    the engine keeps the first outcome of each, as the reference (which searches over
    boards) does; with two kinds of stones, only same-kind swaps merge."""
    crowded = load_bench("bench_moves").crowded_position
    rng = random.Random(3)
    merged = {"stone": 0, "two kinds": 0}
    for _ in range(60):
        pos = crowded(rng)
        kinds = (StoneKind.STONE, StoneKind.CRYSTAL)
        two_kinds = pos.replace(
            stones=tuple(Stone(s.at, kinds[k % 2]) for k, s in enumerate(pos.stones))
        )
        for name, p in (("stone", pos), ("two kinds", two_kinds)):
            outs = legal_moves(p, "me")
            ref = reference.legal_outcomes(p, "me")
            assert [(o.to, o.path) for o in outs] == [(to, path) for to, path, _ in ref], (
                p.to_json()
            )
            for o, (_, _, stones) in zip(outs, ref, strict=True):
                assert engine_state(o.position)["stones"] == stones, (p.to_json(), o)
            merged[name] += len(_outcomes(_Configs(_Board(p, "me")))) - len(outs)
    assert merged["stone"] > 0 and merged["two kinds"] > 0, merged  # the sample merges some


def test_a_moved_position_derives_the_indices_its_pieces_give() -> None:
    """A pawn move played takes its board indices from its parent's with the moved pawn
    and stones changed (``Indices.after_move``): they are the ones its pieces give, and
    :meth:`Position.replace` (pieces changed by hand) drops them."""
    checked = pushed = 0
    for pos in varied(12, 70):
        for pawn in pos.pawns:
            for o in legal_moves(pos, pawn.id):
                new = apply_move(pos, pawn.id, o.path).position
                assert new == o.position
                plain = Position(
                    new.monster, new.stones, new.pools, new.teleporters, new.pawns, new.stage
                )
                assert new.known_indices is not None and plain.known_indices is None
                assert new.indices == plain.indices, (pos.to_json(), pawn.id, o)
                assert new.replace(stage=2).known_indices is None
                checked += 1
                pushed += o.pushes
    assert checked > 500 and pushed > 20, (checked, pushed)
