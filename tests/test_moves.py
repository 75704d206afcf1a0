"""Pawn moves: docs/rules.md P2-P9, the rulebook's three pawn examples, legal outcomes (perft)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest

from finstere_widget.engine import (
    Heading,
    IllegalMoveError,
    Monster,
    Pawn,
    Position,
    RuleOptions,
    Stone,
    StoneKind,
    Teleporter,
    make_pool,
    monster_turn,
)
from finstere_widget.engine.board import Square
from finstere_widget.engine.errors import PathError
from finstere_widget.engine.events import (
    Enter,
    Escape,
    Flip,
    Move,
    Push,
    Remove,
    Slide,
    event_to_dict,
)
from finstere_widget.engine.moves import MoveOutcome, apply_move, legal_moves, parse_path
from finstere_widget.engine.narrate import narrate
from finstere_widget.engine.pieces import PawnPlace, Side

HERE = Path(__file__).resolve().parent
EXAMPLES = HERE / "examples"
GOLDEN = HERE / "data" / "perft_moves.json"


#: a stone by its square, or (square, kind) for another stone kind
StoneSpec = Square | tuple[Square, str]
#: a teleporter pad: (square, pair colour, arrow heading)
PadSpec = tuple[Square, str, str]
#: a perft case: name, position, pawn id, outcome count, path count
PerftCase = tuple[str, Position, str, int, int]


def mk(
    pawns: Iterable[Pawn],
    stones: Iterable[StoneSpec] = (),
    pools: Iterable[Sequence[Square]] = (),
    teleporters: Iterable[PadSpec] = (),
    monster: tuple[Square, str] = ((0, 0), "E"),
    stage: int = 1,
) -> Position:
    """A position from short specs: pawns as Pawn, stones as squares or (square, kind)."""
    st = []
    for s in stones:
        if isinstance(s[0], tuple):
            square, kind = s
            assert isinstance(square, tuple) and isinstance(kind, str)
            st.append(Stone(square, StoneKind(kind)))
        else:
            assert isinstance(s[1], int)
            st.append(Stone((s[0], s[1])))
    return Position(
        monster=Monster(monster[0], Heading[monster[1]]),
        stones=tuple(st),
        pools=tuple(make_pool(p) for p in pools),
        teleporters=tuple(Teleporter(at, pair, Heading[arrow]) for at, pair, arrow in teleporters),
        pawns=tuple(pawns),
        stage=stage,
    )


def pawn(
    pid: str = "A",
    at: PawnPlace = "outside",
    light: int = 6,
    dark: int = 1,
    up: Side = "light",
    player: str = "blue",
) -> Pawn:
    return Pawn(pid, player, light, dark, up, at)


def square_pool(x: int, y: int) -> list[Square]:
    return [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]


def long_pool(x: int, y: int) -> list[Square]:
    return [(x, y), (x + 1, y), (x + 2, y), (x + 3, y)]


def illegal(position: Position, pid: str, path: str) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as info:
        apply_move(position, pid, path)
    return info.value


def stones_of(position: Position) -> list[Square]:
    return sorted(s.at for s in position.stones)


def outcome_keys(position: Position, pid: str) -> dict[str, MoveOutcome]:
    return {json.dumps(o.position.to_dict(), sort_keys=True): o for o in legal_moves(position, pid)}


# --- paths ------------------------------------------------------------------------------


def test_parse_path() -> None:
    assert parse_path("") == ()
    assert parse_path("w, w ,N") == ("W", "W", "N")
    assert parse_path(["IN", "out"]) == ("IN", "OUT")
    with pytest.raises(PathError) as info:  # a syntax error, not a move the rules forbid
        parse_path("W,NE")
    assert info.value.token == "NE" and info.value.index == 1


@pytest.mark.parametrize("token", ["ın", "ſ", "ＩＮ", "Ｗ", "ouT\u0307"])
def test_P2_path_tokens_are_ascii_no_unicode_folding(token: str) -> None:
    """P2 (issue 25, 7): a path token is ASCII; ``str.upper()`` is not let to read the
    dotless "ı" as I or the long "ſ" as S: such a token is a PathError naming it, and a
    record holding it is refused, never replayed and written back changed."""
    with pytest.raises(PathError) as info:
        parse_path(f"N,{token}")
    assert info.value.token == token and info.value.index == 1
    with pytest.raises(PathError):
        parse_path(["N", token])
    assert parse_path("in,s,out") == ("IN", "S", "OUT")
    from finstere_widget.engine.game import Game, PawnMove

    game = Game(2, seed=1)
    game.apply(PawnMove(game.movable_pawns()[0].id, ("IN",)))
    record = game.to_json().replace('"IN"', json.dumps(token), 1)
    with pytest.raises(ValueError, match="unknown token"):  # a RecordError
        Game.from_record(record)


# --- P2 -----------------------------------------------------------------------------------


def test_P2_moves_up_to_value_orthogonally_back_and_forth() -> None:
    pos = mk([pawn(at=(7, 6), light=4, dark=3)])
    r = apply_move(pos, "A", "N,S,N,S")  # back and forth is allowed
    assert r.to == (7, 6) and r.cost == 4
    e = illegal(pos, "A", "N,N,N,N,N")
    assert e.rule == "P2" and e.index == 4 and e.token == "N"


def test_P2_flip_always_even_zero_squares_and_outside() -> None:
    on_board = mk([pawn(at=(7, 6), light=4, dark=3)])
    r = apply_move(on_board, "A", "")
    p = r.position.pawn("A")
    assert p.at == (7, 6) and p.up == "dark" and p.value == 3
    assert isinstance(r.events[-1], Flip) and r.events[-1].rule == "P2"
    outside = mk([pawn(at="outside", light=2, dark=5, up="dark")])
    r = apply_move(outside, "A", [])
    assert r.position.pawn("A").at == "outside" and r.position.pawn("A").up == "light"
    assert r.to == "outside"


def test_P2_pawns_do_not_go_through_walls() -> None:
    pos = mk([pawn(at=(15, 5))])
    e = illegal(pos, "A", "E")
    assert e.rule == "P2" and e.index == 0


def test_escaped_or_eaten_pawn_has_no_move() -> None:
    pos = mk([pawn(at="escaped"), pawn("B", at="eaten")])
    assert legal_moves(pos, "A") == [] and legal_moves(pos, "B") == []
    assert illegal(pos, "A", "").rule == "P2"


# --- P3 -----------------------------------------------------------------------------------


def test_P3_entering_costs_the_first_point() -> None:
    pos = mk([pawn(at="outside", light=3, dark=4)])
    r = apply_move(pos, "A", "IN,W,W")
    assert r.to == (13, 10) and r.cost == 3
    assert isinstance(r.events[0], Enter) and r.events[0].rule == "P3"
    e = illegal(pos, "A", "IN,W,W,W")
    assert e.rule == "P2" and e.index == 3


def test_P3_outside_pawn_must_start_with_IN_and_IN_only_from_outside() -> None:
    pos = mk([pawn(at="outside"), pawn("B", at=(10, 10))])
    assert illegal(pos, "A", "W").rule == "P3"
    e = illegal(pos, "B", "IN")
    assert e.rule == "P3" and e.token == "IN"
    outs = legal_moves(pos, "A")
    assert outs[0].to == "outside" and outs[0].path == ()
    assert outs[1].to == (15, 10) and outs[1].path == ("IN",)


def test_P3_entrance_held_by_the_monster_or_a_pawn() -> None:
    pos = mk([pawn(at="outside", light=1, dark=6), pawn("B", at=(15, 10))])
    # with its only point the pawn would end on B (P5); with two it walks on
    e = illegal(pos, "A", "IN")
    assert e.rule == "P5"
    assert [o.to for o in legal_moves(pos, "A")] == ["outside"]
    pos2 = mk([pawn(at="outside")], monster=((15, 10), "W"))
    assert illegal(pos2, "A", "IN").rule == "P5"


# --- P4 -----------------------------------------------------------------------------------


def test_P4_exit_needs_a_point_on_the_exit() -> None:
    pos = mk([pawn(at=(2, 0), light=2, dark=5)], monster=((8, 8), "N"))
    # 2 points bring the pawn onto the exit; none left to leave
    r = apply_move(pos, "A", "W,W")
    assert r.to == (0, 0)
    e = illegal(pos, "A", "W,W,OUT")
    assert e.rule == "P2" and e.token == "OUT" and e.index == 2
    pos3 = mk([pawn(at=(2, 0), light=3, dark=4)], monster=((8, 8), "N"))
    r = apply_move(pos3, "A", "W,W,OUT")
    assert r.to == "escaped" and r.position.pawn("A").at == "escaped"
    assert isinstance(r.events[-2], Escape) and r.events[-2].rule == "P4"
    assert "escaped" in [o.to for o in legal_moves(pos3, "A")]
    assert "escaped" not in [o.to for o in legal_moves(pos, "A")]


def test_P4_OUT_only_from_the_exit_and_nothing_after() -> None:
    pos = mk([pawn(at=(1, 0))], monster=((8, 8), "N"))
    e = illegal(pos, "A", "OUT")
    assert e.rule == "P4" and e.index == 0
    e = illegal(pos, "A", "W,OUT,E")
    assert e.rule == "P4" and e.index == 2


# --- P5 -----------------------------------------------------------------------------------


def test_P5_pass_through_pawns_but_end_alone() -> None:
    pos = mk([pawn(at=(10, 5), light=3, dark=4), pawn("B", at=(9, 5)), pawn("C", at=(8, 4))])
    r = apply_move(pos, "A", "W,W")  # through B
    assert r.to == (8, 5)
    e = illegal(pos, "A", "W")
    assert e.rule == "P5" and e.index == 0
    e = illegal(pos, "A", "W,W,N")
    assert e.rule == "P5" and e.index == 2
    tos = [o.to for o in legal_moves(pos, "A")]
    assert (9, 5) not in tos and (8, 4) not in tos and (8, 5) in tos


def test_P5_never_enter_the_monster_square() -> None:
    pos = mk([pawn(at=(5, 5))], monster=((4, 5), "N"))
    e = illegal(pos, "A", "W")
    assert e.rule == "P5"
    # nor pass through it
    tos = {o.to for o in legal_moves(pos, "A")}
    assert (4, 5) not in tos and (3, 5) in tos  # reached around


# --- P6 -----------------------------------------------------------------------------------


def test_P6_push_one_stone_into_a_free_square() -> None:
    pos = mk([pawn(at=(5, 5))], stones=[(4, 5)])
    r = apply_move(pos, "A", "W")
    assert r.to == (4, 5) and stones_of(r.position) == [(3, 5)]
    push = [e for e in r.events if isinstance(e, Push)]
    assert push and push[0].rule == "P6" and push[0].to == (3, 5)


@pytest.mark.parametrize(
    "blocker",
    ["stone", "pawn", "monster", "wall"],
)
def test_P6_cannot_push_into_occupied_square_or_off_board(blocker: str) -> None:
    stones = [(4, 5)]
    pawns = [pawn(at=(5, 5))]
    monster = ((10, 0), "E")
    if blocker == "stone":
        stones.append((3, 5))  # two stones in a row
    elif blocker == "pawn":
        pawns.append(pawn("B", at=(3, 5)))  # never pushes a pawn
    elif blocker == "monster":
        monster = ((3, 5), "E")
    else:
        stones = [(0, 5)]
        pawns = [pawn(at=(1, 5))]
    pos = mk(pawns, stones=stones, monster=monster)
    e = illegal(pos, "A", "W")
    assert e.rule == "P6" and e.index == 0 and e.token == "W"


def test_P6_stone_pushed_onto_entrance_or_exit_is_removed() -> None:
    pos = mk([pawn(at=(13, 10))], stones=[(14, 10)], monster=((5, 5), "N"))
    r = apply_move(pos, "A", "E")
    assert stones_of(r.position) == []
    assert any(isinstance(e, Remove) and e.why == "corner" and e.rule == "P6" for e in r.events)
    pos = mk([pawn(at=(2, 0))], stones=[(1, 0)], monster=((5, 5), "N"))
    r = apply_move(pos, "A", "W")
    assert stones_of(r.position) == [] and r.to == (1, 0)


def test_P6_stone_pushed_onto_teleporter_is_destroyed() -> None:
    tele = [((3, 5), "yellow", "E"), ((10, 9), "yellow", "N")]
    pos = mk([pawn(at=(5, 5))], stones=[((4, 5), "crystal")], teleporters=tele)
    r = apply_move(pos, "A", "W")
    assert stones_of(r.position) == [] and r.to == (4, 5)
    assert any(isinstance(e, Remove) and e.why == "teleporter" for e in r.events)


def test_P6_crystals_and_pivots_are_stones_for_pawns() -> None:
    for kind in ("crystal", "pivot_right", "pivot_180"):
        pos = mk([pawn(at=(5, 5))], stones=[((4, 5), kind)])
        r = apply_move(pos, "A", "W")
        assert r.position.stones[0].at == (3, 5) and r.position.stones[0].kind.value == kind


# --- P7 -----------------------------------------------------------------------------------


def test_P7_slide_is_free_to_the_first_square_beyond() -> None:
    pos = mk([pawn(at=(3, 8), light=2, dark=5)], pools=[long_pool(4, 8)])
    r = apply_move(pos, "A", "E")
    assert r.to == (8, 8) and r.cost == 1
    slides = [e for e in r.events if isinstance(e, Slide)]
    assert slides and slides[0].rule == "P7" and slides[0].to == (8, 8)
    r = apply_move(pos, "A", "E,E")
    assert r.to == (9, 8)


def test_P7_slide_stops_on_the_pool_at_a_wall_and_FAQ1_may_end_there() -> None:
    # a 1x4 pool against the right wall
    pos = mk([pawn(at=(11, 5), light=3, dark=4)], pools=[long_pool(12, 5)])
    r = apply_move(pos, "A", "E")
    assert r.to == (15, 5)  # stopped on the last pool square (FAQ 1: may end there)
    # leaving it in another direction costs a point and slides again
    r = apply_move(pos, "A", "E,W")
    assert r.to == (11, 5) and r.cost == 2
    r = apply_move(pos, "A", "E,N")
    assert r.to == (15, 4)


def test_P7_stop_and_turn_when_the_stone_beyond_cannot_be_pushed() -> None:
    pos = mk(
        [pawn(at=(7, 3), light=3, dark=4), pawn("B", at=(11, 3))],
        stones=[(10, 3)],
        pools=[square_pool(8, 2)],
    )
    r = apply_move(pos, "A", "E")  # the stone at (10,3) cannot go onto B
    assert r.to == (9, 3) and stones_of(r.position) == [(10, 3)]
    r = apply_move(pos, "A", "E,N")  # turn: costs a point, slides north out of the pool
    assert r.to == (9, 1) and r.cost == 2
    e = illegal(pos, "A", "E,E")  # the same direction is still blocked
    assert e.rule == "P6" and e.index == 1


def test_P7_stone_beyond_the_pool_is_pushed_at_the_end_of_the_slide() -> None:
    pos = mk([pawn(at=(7, 3), light=2, dark=5)], stones=[(10, 3)], pools=[square_pool(8, 2)])
    r = apply_move(pos, "A", "E")
    assert r.to == (10, 3) and stones_of(r.position) == [(11, 3)]


def test_P7_last_point_cannot_slide_onto_a_pawn() -> None:
    pos = mk([pawn(at=(7, 3), light=1, dark=6), pawn("B", at=(10, 3))], pools=[square_pool(8, 2)])
    e = illegal(pos, "A", "E")
    assert e.rule == "P7" and e.index == 0
    pos2 = mk([pawn(at=(7, 3), light=2, dark=5), pawn("B", at=(10, 3))], pools=[square_pool(8, 2)])
    r = apply_move(pos2, "A", "E,E")  # with a point left it walks on
    assert r.to == (11, 3)
    tos = [o.to for o in legal_moves(pos, "A")]
    assert tos == [(7, 3), (7, 2), (7, 4), (6, 3)]  # N, (E refused), S, W


def test_P7_FAQ7_slide_stops_before_monster_and_teleporter() -> None:
    pos = mk([pawn(at=(7, 3), light=2, dark=5)], pools=[square_pool(8, 2)], monster=((10, 3), "N"))
    assert apply_move(pos, "A", "E").to == (9, 3)
    tele = [((10, 3), "blue", "E"), ((3, 9), "blue", "N")]
    pos = mk([pawn(at=(7, 3), light=2, dark=5)], pools=[square_pool(8, 2)], teleporters=tele)
    assert apply_move(pos, "A", "E").to == (9, 3)


def test_P7_stone_on_a_pool_square_in_the_way_is_pushed_and_slides() -> None:
    # long pool (4..7, 8); a stone stopped on (6,8) earlier; the pawn enters at (4,8)
    pos = mk([pawn(at=(3, 8), light=2, dark=5)], stones=[(6, 8)], pools=[long_pool(4, 8)])
    r = apply_move(pos, "A", "E")
    # the stone slides out to (8,8), the pawn follows and pushes it once more at the end
    assert stones_of(r.position) == [(9, 8)] and r.to == (8, 8)


def test_FAQ1_pawn_on_pool_later_pushes_the_stone_when_free() -> None:
    pos = mk([pawn(at=(9, 3), light=2, dark=5)], stones=[(10, 3)], pools=[square_pool(8, 2)])
    r = apply_move(pos, "A", "E")
    assert r.to == (10, 3) and stones_of(r.position) == [(11, 3)]


# --- P8 -----------------------------------------------------------------------------------


def test_P8_stone_pushed_onto_a_pool_slides_across() -> None:
    pos = mk([pawn(at=(2, 8), light=2, dark=5)], stones=[(3, 8)], pools=[long_pool(4, 8)])
    r = apply_move(pos, "A", "E")
    assert stones_of(r.position) == [(8, 8)]
    assert any(isinstance(e, Slide) and e.rule == "P8" for e in r.events)


def test_P8_stone_stops_on_last_pool_square_when_beyond_is_taken() -> None:
    for blocker in ("pawn", "stone", "teleporter", "monster"):
        stones = [(3, 8)]
        pawns = [pawn(at=(2, 8), light=2, dark=5)]
        tele = []
        monster = ((0, 0), "E")
        if blocker == "pawn":
            pawns.append(pawn("B", at=(8, 8)))
        elif blocker == "stone":
            stones.append((8, 8))
        elif blocker == "teleporter":
            tele = [((8, 8), "blue", "E"), ((13, 3), "blue", "W")]
        else:
            monster = ((8, 8), "N")
        pos = mk(pawns, stones=stones, pools=[long_pool(4, 8)], teleporters=tele, monster=monster)
        r = apply_move(pos, "A", "E")
        assert (7, 8) in stones_of(r.position), blocker


def test_P8_stone_sliding_onto_the_exit_is_removed() -> None:
    pos = mk(
        [pawn(at=(0, 6), light=2, dark=5)],
        stones=[(0, 5)],
        pools=[[(0, 1), (0, 2), (0, 3), (0, 4)]],
        monster=((8, 8), "N"),
    )
    r = apply_move(pos, "A", "N")
    assert stones_of(r.position) == []
    assert r.to == (0, 5)


# --- P9 -----------------------------------------------------------------------------------


def test_P9_teleporters_are_walls_for_pawns() -> None:
    tele = [((4, 5), "yellow", "E"), ((10, 9), "yellow", "N")]
    pos = mk([pawn(at=(5, 5), light=2, dark=5)], teleporters=tele)
    e = illegal(pos, "A", "W")
    assert e.rule == "P9" and e.index == 0
    tos = {o.to for o in legal_moves(pos, "A")}
    assert (4, 5) not in tos and (3, 5) not in tos


# --- the rulebook's three pawn examples (French "Exemples de mouvement des pions") -------


def _example(n: int) -> tuple[dict[str, Any], Position]:
    exp = json.loads((EXAMPLES / "expectations" / f"pawn_example_{n}.json").read_text())
    pos = Position.from_json((EXAMPLES / exp["position"]).read_text())
    return exp, pos


@pytest.mark.parametrize(
    "n", [1, 2, 3], ids=["4_pushing_a_stone", "5_passing_two_pawns", "5_stone_onto_pool"]
)
def test_rulebook_pawn_example(n: int) -> None:
    exp, pos = _example(n)
    pid = exp["pawn"]
    assert pos.pawn(pid).value == exp["points"]
    outcomes = outcome_keys(pos, pid)
    for case in exp["legal"]:
        want = Position.from_dict(case["position"]).to_dict()
        r = apply_move(pos, pid, case["path"])
        assert r.position.to_dict() == want, case["path"]
        assert r.cost == case["cost"]
        to = case["to"]
        assert r.to == (tuple(to) if isinstance(to, list) else to)
        o = outcomes[json.dumps(want, sort_keys=True)]
        assert o.cost <= case["cost"]
        assert apply_move(pos, pid, o.path).position.to_dict() == want
    for case in exp["illegal"]:
        with pytest.raises(IllegalMoveError) as info:
            apply_move(pos, pid, case["path"])
        assert info.value.index is not None
        assert info.value.index + 1 == case["token"], case
        assert info.value.rule == case["rule"], case
        assert case["path"][case["token"] - 1] == info.value.token


def test_example_1_stone_could_not_be_pushed_further() -> None:
    """Exemple 1: the stone could not go on, the square behind it holds a pawn."""
    _, pos = _example(1)
    e = illegal(pos, "P4", "N,N,N,N")
    assert e.rule == "P6" and "pawn" in str(e)


def test_example_2_cannot_stop_on_two_or_four() -> None:
    _, pos = _example(2)
    for path, k in (("E,E", 1), ("E,E,E,E", 3)):
        e = illegal(pos, "P5", path)
        assert e.rule == "P5" and e.index == k


def test_example_3_stone_blocks_the_slide_and_turning_costs_a_point() -> None:
    _, pos = _example(3)
    r = apply_move(pos, "P5", "N,W,W,W,N")
    assert r.position.pawn("P5").at == (9, 1)
    assert (8, 3) in stones_of(r.position)  # the stone stopped on the pool, GR blocks it
    e = illegal(pos, "P5", "N,N,W,W,W")  # 2 up then 3 left: slide would end on P1
    assert e.rule == "P7" and e.index == 4


# --- events -----------------------------------------------------------------------------


def test_events_cite_rules_and_serialise() -> None:
    pos = mk([pawn(at="outside", light=4, dark=3)], stones=[(13, 10)])
    r = apply_move(pos, "A", "IN,W,W")
    kinds = [type(e) for e in r.events]
    assert kinds[0] is Enter and Move in kinds and Push in kinds and kinds[-1] is Flip
    for e in r.events:
        d = event_to_dict(e)
        assert d["rule"].startswith("P") and "type" in d and "step" in d
    from finstere_widget.engine.events import event_from_dict

    assert tuple(event_from_dict(event_to_dict(e)) for e in r.events) == r.events
    assert json.loads(json.dumps(r.to_dict()))["position"]["pawns"][0]["at"] == [13, 10]


def test_illegal_move_changes_nothing() -> None:
    _, pos = _example(1)
    before = pos.to_dict()
    illegal(pos, "P4", "N,N,N,N")
    assert pos.to_dict() == before


# --- legal_moves: a real search, checked against brute force; perft golden counts ---------


def brute_force(position: Position, pid: str) -> tuple[dict[str, int], int]:
    """Every legal path (each token string tried with apply_move): {position json: min cost}
    and the number of legal paths."""
    best: dict[str, int] = {}
    count = 0
    value = position.pawn(pid).value
    frontier: list[tuple[str, ...]] = [()]
    while frontier:
        nxt: list[tuple[str, ...]] = []
        for prefix in frontier:
            try:
                r = apply_move(position, pid, prefix)
            except IllegalMoveError as e:
                if "where another pawn stands" not in str(e):
                    continue  # this prefix is dead
            else:
                count += 1
                key = json.dumps(r.position.to_dict(), sort_keys=True)
                best[key] = min(best.get(key, 99), len(prefix))
                if r.to == "escaped":
                    continue
            if len(prefix) < value:
                nxt.extend(prefix + (t,) for t in ("N", "E", "S", "W", "IN", "OUT"))
        frontier = nxt
    return best, count


def perft_positions() -> list[PerftCase]:
    if not GOLDEN.exists():  # only while tests/data/regen_perft.py writes it
        return []
    data = json.loads(GOLDEN.read_text())
    return [
        (c["name"], Position.from_dict(c["position"]), c["pawn"], c["outcomes"], c["paths"])
        for c in data["cases"]
    ]


@pytest.mark.parametrize("case", perft_positions(), ids=lambda c: c[0])
def test_perft_golden_counts(case: PerftCase) -> None:
    _, pos, pid, n_outcomes, _ = case
    outs = legal_moves(pos, pid)
    assert len(outs) == n_outcomes
    keys = [json.dumps(o.position.to_dict(), sort_keys=True) for o in outs]
    assert len(set(keys)) == len(keys)  # distinct positions


@pytest.mark.parametrize("case", perft_positions()[:4], ids=lambda c: c[0])
def test_legal_moves_equal_brute_force(case: PerftCase) -> None:
    _, pos, pid, n_outcomes, n_paths = case
    best, count = brute_force(pos, pid)
    assert count == n_paths
    outs = legal_moves(pos, pid)
    got = {json.dumps(o.position.to_dict(), sort_keys=True): o.cost for o in outs}
    assert got == best
    for o in outs:  # each shortest path replays to its position
        r = apply_move(pos, pid, o.path)
        assert r.position.to_dict() == o.position.to_dict() and r.to == o.to


def test_legal_moves_is_not_a_distance_diamond() -> None:
    # a pawn walled in by an unpushable stone pair and pawns reaches fewer squares
    pos = mk(
        [pawn(at=(5, 5), light=2, dark=5), pawn("B", at=(5, 4))],
        stones=[(4, 5), (3, 5), (6, 5), (5, 6), (5, 7)],
    )
    outs = legal_moves(pos, "A")
    # W and S are blocked (two stones in a row), E pushes (6,5) on, N passes through B
    assert {o.to for o in outs} == {(5, 5), (6, 5), (7, 5), (6, 4), (6, 6), (5, 3), (4, 4)}
    # (6,4) with and without the pushed stone; back on (5,5) after pushing: 9 positions
    assert len(outs) == 9
    assert sorted(o.path for o in outs if o.to == (5, 5)) == [(), ("E", "W")]


# --- command line -----------------------------------------------------------------------


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "finstere_widget", *args],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=60,
    )


def test_cli_move_json() -> None:
    path = str(EXAMPLES / "pawn_example_1.json")
    p = run_cli("move", path, "--pawn", "P4", "--path", "N,N,N,W", "--json")
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)
    assert data["format"] == "finstere-position/1"
    assert [pw for pw in data["pawns"] if pw["id"] == "P4"][0]["at"] == [6, 4]


def test_cli_move_illegal_path_one_stderr_line() -> None:
    path = str(EXAMPLES / "pawn_example_1.json")
    p = run_cli("move", path, "--pawn", "P4", "--path", "N,N,N,N", "--json")
    assert p.returncode == 2 and p.stdout == ""
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and "'N'" in lines[0] and "token 4" in lines[0] and "P6" in lines[0]


def test_cli_moves_json() -> None:
    path = str(EXAMPLES / "pawn_example_2.json")
    p = run_cli("moves", path, "--pawn", "P5", "--json")
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)
    pos = Position.from_json(Path(path).read_text())
    assert len(data) == len(legal_moves(pos, "P5"))
    for entry in data:
        assert set(entry) == {"to", "path", "cost", "position"}
        assert entry["cost"] == len(entry["path"])
    assert {"to": [7, 4], "path": ["E"] * 5, "cost": 5} == {
        k: v for k, v in data[[e["to"] for e in data].index([7, 4])].items() if k != "position"
    }


# --- P7: the two cases no rulebook settles (this project's rulings, rule options) ---------


def long_pool_v(x: int, y: int) -> list[Square]:
    return [(x, y), (x, y + 1), (x, y + 2), (x, y + 3)]


#: issue 32's case: a pawn showing 3 at (2, 0), a pool on (1, 2..5), a stone on (1, 3)
ISSUE_32 = mk(
    [pawn(at=(2, 0), light=3, dark=4)],
    stones=[(1, 3)],
    pools=[[(1, 2), (1, 3), (1, 4), (1, 5)]],
    monster=((10, 8), "N"),
)


def test_P7_pawn_slide_stone_slide_on_pushes_the_stone_twice_and_tells_it_twice() -> None:
    """P7, FAQ 5, ``pawn_slide_stone=slide_on`` (default, this project's ruling): a stone lying on
    a pool square in the pawn's slide is pushed, slides on (P8), and the pawn sliding after
    it pushes it again past the pool; the narration tells each push."""
    r = apply_move(ISSUE_32, "A", "S,W,S")
    assert r.to == (1, 6) and stones_of(r.position) == [(1, 7)]
    pushes = [e for e in r.events if isinstance(e, Push)]
    assert [(e.from_, e.to, e.step) for e in pushes] == [((1, 3), (1, 4), 3), ((1, 6), (1, 7), 3)]
    told = [line for line in narrate(r.events) if "pushes the stone" in line]
    assert told == [
        "step 3: pushes the stone from (1, 3) to (1, 4) (P6)",
        "step 3: pushes the stone from (1, 6) to (1, 7) (P6)",
    ]
    assert RuleOptions().pawn_slide_stone == "slide_on"


def test_P7_pawn_slide_stone_stop_pushes_it_once_and_stops_where_it_stood() -> None:
    """P7, FAQ 5, ``pawn_slide_stone=stop`` (the other reading: a pawn pushes "un seul bloc à la
    fois, d'une case à la fois"): the pawn pushes the stone once (it slides on, P8) and
    its slide ends on the square the stone left."""
    opts = RuleOptions.parse(["pawn_slide_stone=stop"])
    r = apply_move(ISSUE_32, "A", "S,W,S", opts)
    assert r.to == (1, 3) and stones_of(r.position) == [(1, 6)]
    assert [o.to for o in legal_moves(ISSUE_32, "A", opts) if o.path == ("S", "W", "S")] == [(1, 3)]
    # stepping straight onto the stone on the pool: pushed once, the pawn stays on its square
    on = mk([pawn(at=(1, 1), light=2, dark=5)], stones=[(1, 2)], pools=[long_pool_v(1, 2)])
    assert apply_move(on, "A", "S", opts).to == (1, 2)
    assert apply_move(on, "A", "S").to == (1, 6)


RESTING = mk(
    [pawn(at=(1, 1), light=2, dark=5), pawn("B", at=(1, 4))],
    pools=[[(1, 2), (1, 3), (1, 4), (1, 5)]],
    monster=((10, 8), "N"),
)


def test_P7_pawn_slide_over_pawn_pass_slides_over_a_pawn_resting_on_the_pool() -> None:
    """P7, FAQ 6, ``pawn_slide_over_pawn=pass`` (default, this project's ruling): another pawn
    resting on a pool square (FAQ 1) does not stop the slide, which passes over it (P5)."""
    assert apply_move(RESTING, "A", "S").to == (1, 6)


def test_P7_pawn_slide_over_pawn_stop_stops_the_slide_before_the_pawn() -> None:
    """P7, FAQ 6, ``pawn_slide_over_pawn=stop`` (the other reading): the slide stops on the pool
    square before the pawn resting there; on the pawn's own square it does not start, and
    the mover must walk on (P5)."""
    opts = RuleOptions.parse(["pawn_slide_over_pawn=stop"])
    assert apply_move(RESTING, "A", "S", opts).to == (1, 3)
    assert [o.to for o in legal_moves(RESTING, "A", opts)].count((1, 3)) == 1
    near = mk(
        [pawn(at=(5, 3), light=2, dark=5), pawn("B", at=(5, 4))],
        pools=[long_pool_v(5, 4)],
        monster=((10, 8), "N"),
    )
    with pytest.raises(IllegalMoveError) as info:
        apply_move(near, "A", "S", opts)
    assert info.value.rule == "P5"
    assert apply_move(near, "A", "S,E", opts).to == (6, 4)
    assert apply_move(near, "A", "S").to == (5, 8)


def test_M8_P7_a_pushed_pawn_follows_the_pawn_slide_options() -> None:
    """M8/P7 (FAQ 5, FAQ 6): a pawn the monster pushes onto a pool slides as a walking pawn does, under
    the same two options: a stone on the pool pushed on (twice) or once; a pawn resting on
    the pool passed over or stopped at; a pushed pawn never ends on another pawn."""
    pool = [(4, 5), (5, 5), (6, 5), (7, 5)]
    pos = mk([pawn("P0", at=(3, 5))], stones=[(2, 5), (5, 5)], pools=[pool], monster=((1, 5), "E"))
    r = monster_turn(pos, 1)
    assert r.position.pawn("P0").at == (8, 5) and stones_of(r.position) == [(3, 5), (9, 5)]
    r = monster_turn(pos, 1, RuleOptions.parse(["pawn_slide_stone=stop"]))
    assert r.position.pawn("P0").at == (5, 5) and stones_of(r.position) == [(3, 5), (8, 5)]
    resting = mk(
        [pawn("P0", at=(3, 5)), pawn("B", at=(6, 5))],
        stones=[(2, 5)],
        pools=[pool],
        monster=((1, 5), "E"),
    )
    assert monster_turn(resting, 1).position.pawn("P0").at == (8, 5)
    stopped = monster_turn(resting, 1, RuleOptions.parse(["pawn_slide_over_pawn=stop"]))
    assert stopped.position.pawn("P0").at == (5, 5)
    # passed over B, then stopped on B's square by a stone that cannot move: it ends on
    # the last square of its way that holds no other pawn
    walled = mk(
        [pawn("P0", at=(3, 5)), pawn("B", at=(7, 5))],
        stones=[(2, 5), (8, 5), (9, 5)],
        pools=[pool],
        monster=((1, 5), "E"),
    )
    after = monster_turn(walled, 1).position
    assert after.pawn("P0").at == (6, 5) and after.pawn("B").at == (7, 5)


def test_P2_P6_A2_errors_write_squares_as_the_narration_does() -> None:
    """P2, P6, A2 (issue 25, 19): an error names a square ``(x, y)``, as the narration and
    the widgets' hints do, never ``[x, y]``."""
    pos = mk([pawn(at=(15, 4), light=2, dark=5)], stones=[(14, 5), (13, 5)])
    with pytest.raises(IllegalMoveError) as info:
        apply_move(pos, "A", "E")
    assert "(15, 4)" in str(info.value) and "[" not in str(info.value)
    with pytest.raises(IllegalMoveError) as info:
        apply_move(pos.replace(pawns=(pawn(at=(15, 5), light=2, dark=5),)), "A", "W")
    assert "(14, 5)" in str(info.value) and "(13, 5)" in str(info.value)
    with pytest.raises(IllegalMoveError) as info:
        apply_move(pos.replace(pawns=(pawn(at=(1, 0), light=2, dark=5),)), "A", "OUT")
    assert "(0, 0)" in str(info.value) and "(1, 0)" in str(info.value)
    from finstere_widget.engine.setup import PLACEMENT_PIECES, Placement, check_placement

    with pytest.raises(IllegalMoveError) as info:
        check_placement(pos, Placement("stone", (14, 5)), PLACEMENT_PIECES, RuleOptions())
    assert "(14, 5)" in str(info.value) and "[" not in str(info.value)


def test_P2_a_pawns_flip_is_not_told_as_a_numbered_step() -> None:
    """P2 (issue 25, 19): the flip ends the move; it is no step of the path, so its line
    is not numbered like one."""
    pos = mk([pawn(at=(7, 6), light=2, dark=5)])
    told = narrate(apply_move(pos, "A", "N,N").events)
    assert told[-1] == "after the move: pawn A is flipped and now shows 5 (P2)"
    assert not any(line.startswith("step 3") for line in told)
