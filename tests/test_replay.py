"""Events are data: replaying a trace reproduces every result (engine.replay)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from finstere_widget.engine import Position, event_from_dict, event_to_dict, monster_turn, replay
from finstere_widget.engine.events import Push
from finstere_widget.engine.moves import apply_move, legal_moves

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from positions import random_position

EXAMPLES = Path(__file__).parent / "examples"


@pytest.mark.parametrize("name", ["monster_basic_8", "monster_advanced_8", "monster_online_10"])
def test_replaying_a_rulebook_turn_passes_through_every_step(name: str) -> None:
    pos = Position.from_json((EXAMPLES / f"{name}.json").read_text())
    result = monster_turn(pos, "10" if name.endswith("10") else "8")
    steps = replay(pos, result.events)
    assert steps[-1] == result.position
    # after each move/wrap/teleport the monster stands where the event says
    for e, after in zip(result.events, steps, strict=True):
        if e.type in ("move", "wrap", "teleport"):
            assert after.monster.at == e.to


def test_M7_replay_sends_eaten_pawns_where_the_stage_says() -> None:
    pos = Position.from_json((EXAMPLES / "monster_basic_8.json").read_text())
    for stage, place in ((1, "outside"), (2, "eaten")):
        p = pos.replace(stage=stage)
        result = monster_turn(p, "8")
        assert replay(p, result.events)[-1].pawn("C").at == place == result.position.pawn("C").at


def test_replaying_pawn_moves_gives_their_results() -> None:
    rng = random.Random(7)
    checked = 0
    for _ in range(60):
        pos = random_position(rng)
        for pawn in pos.pawns[:3]:
            for outcome in legal_moves(pos, pawn.id)[:15]:
                result = apply_move(pos, pawn.id, outcome.path)
                events = [event_from_dict(event_to_dict(e)) for e in result.events]
                assert replay(pos, events, mover=pawn.id)[-1] == result.position
                checked += 1
    assert checked > 500


def test_replay_names_a_stone_that_is_not_there() -> None:
    pos = Position.from_json((EXAMPLES / "monster_basic_8.json").read_text())
    events = list(monster_turn(pos, "8").events)
    pushes = [k for k, e in enumerate(events) if e.type == "push" and isinstance(e.piece, tuple)]
    push = events[pushes[0]]
    assert isinstance(push, Push)
    bad = push._replace(from_=(0, 10 - 10), piece=(0, 0))
    with pytest.raises(ValueError, match=r"no stone stands there"):
        replay(pos, events[: pushes[0]] + [bad])
