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
    Heading,
    Look,
    Monster,
    Position,
    RuleOptions,
    Stone,
    StoneKind,
    Teleporter,
    Tile,
    event_to_dict,
    make_pool,
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
    {"pawn_slide_stone": "stop", "pawn_slide_over_pawn": "stop"},
]
#: the rule options of a pawn's slide (P7): each pawn's outcomes are compared under each
PAWN_OPTION_SETS = [
    {},
    {"pawn_slide_stone": "stop"},
    {"pawn_slide_over_pawn": "stop"},
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
    for k, pos in enumerate(varied(25, 50 + seed)):
        opts = PAWN_OPTION_SETS[k % len(PAWN_OPTION_SETS)]
        for pawn in pos.pawns:
            outs = legal_moves(pos, pawn.id, rule_options(opts))
            ref = reference.legal_outcomes(pos, pawn.id, opts)
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


def _row_with_a_pool(rng: random.Random) -> Position:
    """A monster facing along row 5 (full width) towards a 1x4 pool, with stones and pawns
    before, on and past it, sometimes a teleporter pair: the monster pushes pawns onto
    the pool, and they slide by the pawn rules (M8, P7)."""
    start = rng.randint(3, 9)
    pool = [(x, 5) for x in range(start, start + 4)]
    free = [(x, 5) for x in range(16) if (x, 5) not in pool]
    facing = rng.choice("EW")
    if facing == "W":
        pool = [(15 - x, y) for x, y in pool]
        free = [(15 - x, y) for x, y in free]
    behind = [sq for sq in free if (sq[0] < min(p[0] for p in pool)) == (facing == "E")]
    monster_at = rng.choice(behind[:3] if facing == "E" else behind[-3:])
    squares = [sq for sq in free + pool if sq != monster_at]
    rng.shuffle(squares)
    # often the telling case: a stone ahead of the monster, a pawn before the pool, a
    # stone past it (the monster pushes the pawn onto the pool, the pawn the stone)
    step = 1 if facing == "E" else -1
    near = min(pool) if facing == "E" else max(pool)
    far = max(pool) if facing == "E" else min(pool)
    ahead = (monster_at[0] + step, 5)
    before = (near[0] - step, 5)
    past = (far[0] + step, 5)
    stone_first = [sq for sq in (ahead, past) if rng.random() < 0.7 and sq in squares]
    pawn_first = [before] if before in squares and before not in stone_first else []
    if rng.random() < 0.6:
        for sq in stone_first + pawn_first:
            squares.remove(sq)
        squares = stone_first + squares[: rng.randint(0, 3)] + pawn_first + squares[3:]
    n_stones, n_pawns = rng.randint(1, 5), rng.randint(1, 4)
    stones = tuple(
        Stone(sq, StoneKind(rng.choice(["stone", "stone", "crystal", "pivot_right"])))
        for sq in squares[:n_stones]
        if sq not in pool or rng.random() < 0.5
    )
    pawn_squares = squares[n_stones : n_stones + n_pawns]
    base = positions.varied_position(rng)
    pawns = tuple(p.moved(sq) for p, sq in zip(base.pawns, pawn_squares, strict=False))
    teleporters: tuple[Any, ...] = ()
    rest = squares[n_stones + n_pawns :]
    if rng.random() < 0.3 and len(rest) > 1:
        teleporters = (
            Teleporter(rest[0], "blue", Heading.N),
            Teleporter((7, 1), "blue", Heading.S),
        )
    return Position(
        Monster(monster_at, Heading[facing]), stones, (make_pool(pool),), teleporters, pawns, 1
    )


@pytest.mark.parametrize("seed", range(2))
def test_reference_M8_P7_pawns_pushed_onto_a_pool_agree_with_engine(seed: int) -> None:
    """M8/P7: on rows built for it (a pool in the monster's way, stones and pawns before,
    on and past it), the reference and the engine push pawns onto the pool and slide them
    by the pawn rules alike, under every option of a pawn's slide."""
    rng = random.Random(900 + seed)
    seen = {"slide P7": 0, "push by a pawn": 0}
    for k in range(300):
        pos = _row_with_a_pool(rng)
        opts = OPTION_SETS[k % len(OPTION_SETS)]
        tile = Tile.parse(rng.choice(["1", "2", "3", "5"]))
        result = monster_turn(pos, tile, rule_options(opts))
        ref = reference.monster_turn(pos, tile.steps, tile.prey, opts)
        got = [event_to_dict(e) for e in result.events]
        assert got == ref["events"], (pos.to_json(), tile, opts)
        state = engine_state(result.position)
        assert state == {key: ref[key] for key in state}, (pos.to_json(), tile, opts)
        quiet, eaten = monster_outcome(pos, tile, rule_options(opts))
        assert engine_state(quiet) == state and eaten == result.eaten
        seen["slide P7"] += sum(1 for e in got if e["type"] == "slide" and e["rule"] == "P7")
        seen["push by a pawn"] += sum(1 for e in got if e["type"] == "push" and "by" in e)
    assert min(seen.values()) > 10, seen
