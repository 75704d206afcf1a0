"""The rulebooks' worked examples of the monster, replayed step by step (docs/rules.md M3-M12, B3).

The positions in ``tests/examples/`` are reconstructions of the pictures we do not have
(see ``tests/examples/README.md`` for the narration, the grids and the reasoning). Each test
loads the position, plays the monster's turn and checks the docs/format.md trace dict, step by
step, against the narration:

* what the monster sees in each look (direction -> pawn and distance) and its decision,
* the events of each move (turn, move, slide, push, eat, remove, wrap, teleport),
* the pawns taken, the final heading and the position after the turn.

Example 1  French / Italian rulebooks "Exemple de déplacement du monstre" (basic game, tile 8), and
           the remark "without G, the monster goes through wall V".
Example 2  French rulebook "Règles avancées ... Exemple de déplacement du monstre" (tile 8).
Example 3  online guide "Exemple d'un tour de monstre" (tile 10).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from finstere_widget.engine import Position, RuleOptions, monster_turn

EXAMPLES = Path(__file__).resolve().parent / "examples"

Trace = dict[str, Any]


# --- helpers: read the trace dict (docs/format.md), nothing else ---------------------------------


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    return data


def play(data: dict[str, Any], tile: str) -> Trace:
    result = monster_turn(Position.from_dict(data), tile, RuleOptions())
    trace: Trace = result.to_dict()
    return trace


def sq(value: Any) -> tuple[int, int]:
    return (int(value[0]), int(value[1]))


def looks(trace: Trace) -> dict[int, dict[str, Any]]:
    out = {e["step"]: e for e in trace["events"] if e["type"] == "look"}
    assert len(out) == len([e for e in trace["events"] if e["type"] == "look"]), "one look per step"
    return out


def seen(look: dict[str, Any]) -> dict[str, tuple[str, int]]:
    """{direction: (pawn id, distance)} for the rays that see a pawn."""
    return {
        r["direction"]: (r["seen"], r["distance"]) for r in look["rays"] if r["seen"] is not None
    }


def norm(event: dict[str, Any]) -> tuple[Any, ...]:
    """A comparable tuple for a non-look event (the docs/format.md keys of its type, and its rule)."""
    t = event["type"]
    if t == "turn":
        return ("turn", event["from"], event["to"], event["reason"], event["rule"])
    if t == "move":
        return ("move", sq(event["from"]), sq(event["to"]))
    if t in ("slide", "push"):
        piece = event["piece"] if isinstance(event["piece"], str) else sq(event["piece"])
        return (t, piece, sq(event["from"]), sq(event["to"]), event["rule"])
    if t == "eat":
        return ("eat", event["pawn"], sq(event["at"]), event["how"], event["rule"])
    if t == "remove":
        return ("remove", sq(event["stone"]), sq(event["at"]), event["why"], event["rule"])
    if t == "wrap":
        return ("wrap", sq(event["from"]), sq(event["to"]), event["letter"], event["rule"])
    if t == "teleport":
        return ("teleport", sq(event["from"]), sq(event["to"]), event["facing"], event["rule"])
    if t == "end":
        return ("end", event["steps"], tuple(event["eaten"]), event["rule"])
    raise AssertionError(f"unknown event type {t!r}")


def actions(trace: Trace, step: int) -> Counter[tuple[Any, ...]]:
    """The events of one step other than the look (order-free: checked as a multiset)."""
    return Counter(norm(e) for e in trace["events"] if e["step"] == step and e["type"] != "look")


def check_step(
    trace: Trace,
    step: int,
    at: tuple[int, int],
    facing: str,
    sees: dict[str, tuple[str, int]],
    decision: str,
    then: list[tuple[Any, ...]],
) -> None:
    lk = looks(trace)[step]
    where = f"step {step}"
    assert sq(lk["at"]) == at, where
    assert lk["facing"] == facing, where
    assert seen(lk) == sees, where
    assert lk["decision"] == decision, where
    assert lk["rule"] == ("M6" if step == trace_final_step(trace) else "M4"), where
    assert actions(trace, step) == Counter(then), where


def trace_final_step(trace: Trace) -> int:
    end = trace["events"][-1]
    assert end["type"] == "end"
    return int(end["step"])


def never_seen(trace: Trace, pawn: str, steps: range | None = None) -> bool:
    return all(
        pawn not in {r["seen"] for r in lk["rays"]}
        for s, lk in looks(trace).items()
        if steps is None or s in steps
    )


def pawn_at(trace: Trace, pawn: str) -> Any:
    for p in trace["position"]["pawns"]:
        if p["id"] == pawn:
            at = p["at"]
            return sq(at) if isinstance(at, list) else at
    raise AssertionError(pawn)


LEFT = {"N": "W", "E": "N", "S": "E", "W": "S"}
RIGHT = {v: k for k, v in LEFT.items()}


def check_contract(trace: Trace, tile: str, steps: int) -> None:
    """docs/format.md: every event has type, step and rule; steps 1..n, the final look is n+1."""
    assert trace["tile"] == tile
    assert set(trace) == {"tile", "events", "position"}
    last = 0
    for e in trace["events"]:
        assert {"type", "step", "rule"} <= set(e), e
        assert e["step"] >= last, "steps never go back"
        last = e["step"]
        if e["type"] == "look":
            assert len(e["rays"]) == 3
            assert [r["direction"] for r in e["rays"]] == [
                e["facing"],
                LEFT[e["facing"]],
                RIGHT[e["facing"]],
            ], "rays: ahead, left, right (M4)"
            assert e["decision"] in ("none", "keep", "turn", "tie")
    assert sorted(looks(trace)) == list(range(1, steps + 2)), "M3: one look per step + M6"
    assert trace["events"][-1]["type"] == "end"
    assert trace["events"][-1]["steps"] == steps
    Position.from_dict(trace["position"])  # the position after the turn is valid


# --- Example 1: basic game, tile 8 (French / Italian rulebooks) ----------------------------------------

EX1 = "monster_basic_8.json"
EX1_NO_G = "monster_basic_8_without_g.json"


@pytest.fixture(scope="module")
def ex1() -> Trace:
    return play(load(EX1), "8")


@pytest.fixture(scope="module")
def ex1_no_g() -> Trace:
    return play(load(EX1_NO_G), "8")


def test_ex1_contract_M3(ex1: Trace) -> None:
    """M3: 8 looks-and-moves, then the final look (M6) numbered 9."""
    check_contract(ex1, "8", 8)


def test_ex1_step1_sees_A_not_B_behind_turns_left_M4_M5(ex1: Trace) -> None:
    """'il voit A (il ne peut voir B puisqu'il ne voit pas dans son dos); le monstre se
    tourne sur sa gauche et fait un pas en direction de A'. B is right behind (M4)."""
    check_step(
        ex1,
        1,
        (9, 7),
        "E",
        {"N": ("A", 6)},
        "turn",
        [
            ("turn", "E", "N", "sight", "M5"),
            ("move", (9, 7), (9, 6)),
        ],
    )
    assert LEFT["E"] == "N"  # a left turn, as both rulebooks say
    assert never_seen(ex1, "B", range(1, 9)), "B is behind, then out of sight, until the final look"


def test_ex1_step2_sees_A_and_G_A_nearer_keeps_M5(ex1: Trace) -> None:
    """'A présent il voit les pions A et G. A étant le plus proche ... conserve sa direction'.
    G is seen across the blood pool (M4: sight passes over pools)."""
    check_step(
        ex1,
        2,
        (9, 6),
        "N",
        {"N": ("A", 5), "E": ("G", 6)},
        "keep",
        [
            ("move", (9, 6), (9, 5)),
        ],
    )
    ray_e = next(r for r in looks(ex1)[2]["rays"] if r["direction"] == "E")
    assert [10, 6] in ray_e["cells"] and [11, 6] in ray_e["cells"]


def test_ex1_step3_C_nearer_turns_slides_eats_C_at_pool_exit_M5_M9_M7(ex1: Trace) -> None:
    """'C est le plus proche ... change de direction, fait un pas vers C et glisse ... sur la
    flaque: flaque à la sortie de laquelle il dévore C (troisième pas)'. One step (M9)."""
    check_step(
        ex1,
        3,
        (9, 5),
        "N",
        {"N": ("A", 4), "E": ("C", 3)},
        "turn",
        [
            ("turn", "N", "E", "sight", "M5"),
            ("move", (9, 5), (10, 5)),
            ("slide", "monster", (10, 5), (12, 5), "M9"),
            ("eat", "C", (12, 5), "eaten", "M7"),
        ],
    )
    assert RIGHT["N"] == "E"  # the Italian text: 'si volta a destra'


def test_ex1_H_not_seen_during_the_slide_M9(ex1: Trace) -> None:
    """'Le monstre ne voit pas le pion H lors de sa glissade': H stands in the column of the
    pool square (10,5); the monster does not look while sliding (M9), nor ever stops there."""
    assert never_seen(ex1, "H")
    assert all(
        sq(lk["at"]) not in {(10, 5), (11, 5), (10, 6), (11, 6)} for lk in looks(ex1).values()
    )
    assert pawn_at(ex1, "H") == (10, 8)


def test_ex1_step4_D_E_tie_keeps_pushes_stone_and_F_M5_M8(ex1: Trace) -> None:
    """'il voit et D, et E ... à égale distance, notre monstre conserve sa direction et pousse
    donc le bloc ... Et ce faisant pousse le pion F d'une case également.'"""
    check_step(
        ex1,
        4,
        (12, 5),
        "E",
        {"N": ("D", 3), "S": ("E", 3)},
        "tie",
        [
            ("push", "F", (14, 5), (15, 5), "M8"),
            ("push", (13, 5), (13, 5), (14, 5), "M8"),
            ("move", (12, 5), (13, 5)),
        ],
    )
    ahead = looks(ex1)[4]["rays"][0]
    assert ahead["blocked_by"] == "stone" and ahead["cells"] == []  # M4: stones block sight
    pushes = [e for e in ex1["events"] if e["step"] == 4 and e["type"] == "push"]
    assert [p["piece"] for p in pushes] == ["F", [13, 5]], "M8: farthest piece first"


def test_ex1_step5_sees_nobody_pushes_again_F_crushed_M8(ex1: Trace) -> None:
    """'Comme le monstre ne voit plus aucun pion, il continue ... et pousse une seconde fois le
    bloc. Pas de chance pour F qui se retrouve écrasé.'"""
    check_step(
        ex1,
        5,
        (13, 5),
        "E",
        {},
        "none",
        [
            ("eat", "F", (15, 5), "crushed", "M8"),
            ("push", (14, 5), (14, 5), (15, 5), "M8"),
            ("move", (13, 5), (14, 5)),
        ],
    )


def test_ex1_step6_pushes_the_stone_off_the_board_M8(ex1: Trace) -> None:
    """'Faute de pion visible, le monstre continue ... et pousse ... le bloc hors du plateau.'"""
    check_step(
        ex1,
        6,
        (14, 5),
        "E",
        {},
        "none",
        [
            ("remove", (15, 5), (15, 5), "off_board", "M8"),
            ("move", (14, 5), (15, 5)),
        ],
    )


def test_ex1_step7_G_now_visible_turns_eats_G_M5_M7(ex1: Trace) -> None:
    """'G est maintenant à découvert: le monstre se tourne donc vers lui, fait un pas en avant
    et dévore G' (the Italian: 'si volta a destra')."""
    check_step(
        ex1,
        7,
        (15, 5),
        "E",
        {"S": ("G", 1)},
        "turn",
        [
            ("turn", "E", "S", "sight", "M5"),
            ("move", (15, 5), (15, 6)),
            ("eat", "G", (15, 6), "eaten", "M7"),
        ],
    )
    assert RIGHT["E"] == "S"


def test_ex1_step8_last_step_then_final_look_sees_B_M6(ex1: Trace) -> None:
    """'Finalement, le monstre fait son dernier pas et regarde une ultime fois: il voit B, et
    se tourne donc en conséquence vers celui-ci.'"""
    check_step(ex1, 8, (15, 6), "S", {}, "none", [("move", (15, 6), (15, 7))])
    check_step(
        ex1,
        9,
        (15, 7),
        "S",
        {"W": ("B", 7)},
        "turn",
        [
            ("turn", "S", "W", "sight", "M6"),
            ("end", 8, ("C", "F", "G"), "M3"),
        ],
    )


def test_ex1_result_position_M7(ex1: Trace) -> None:
    """Stage 1 (M7): C, F (crushed) and G go back outside; the stone of (13,5) is gone."""
    pos = ex1["position"]
    assert pos["monster"] == {"at": [15, 7], "facing": "W"}
    for pawn in ("C", "F", "G"):
        assert pawn_at(ex1, pawn) == "outside"
    assert {pawn: pawn_at(ex1, pawn) for pawn in "ABDEH"} == {
        "A": (9, 1),
        "B": (8, 7),
        "D": (12, 2),
        "E": (12, 8),
        "H": (10, 8),
    }
    before = {sq(s["at"]) for s in load(EX1)["stones"]}
    after = {sq(s["at"]) for s in pos["stones"]}
    assert before - after == {(13, 5)} and after <= before


def test_ex1_without_G_contract_M3(ex1_no_g: Trace) -> None:
    check_contract(ex1_no_g, "8", 8)


def test_ex1_without_G_goes_through_wall_V_B3_M10(ex1_no_g: Trace) -> None:
    """'si le pion G ne s'était pas trouvé là, le monstre après avoir poussé le bloc hors du
    jeu, aurait traversé le mur en V et serait ressorti au niveau de l'autre V'. B3: leaving
    (15,5) through its right wall (V) lands on (0,5), heading unchanged."""
    ref = play(load(EX1), "8")
    for step in (1, 3, 4, 5, 6):  # as with G: G was only seen, farther than A, in step 2
        assert looks(ex1_no_g)[step] == looks(ref)[step]
        assert actions(ex1_no_g, step) == actions(ref, step)
    check_step(ex1_no_g, 2, (9, 6), "N", {"N": ("A", 5)}, "keep", [("move", (9, 6), (9, 5))])
    check_step(
        ex1_no_g,
        7,
        (15, 5),
        "E",
        {},
        "none",
        [
            ("wrap", (15, 5), (0, 5), "V", "M10"),
        ],
    )
    check_step(ex1_no_g, 8, (0, 5), "E", {}, "none", [("move", (0, 5), (1, 5))])
    check_step(ex1_no_g, 9, (1, 5), "E", {}, "none", [("end", 8, ("C", "F"), "M3")])
    assert ex1_no_g["position"]["monster"] == {"at": [1, 5], "facing": "E"}


# --- Example 2: advanced game, tile 8 (French rulebook) --------------------------------------------

EX2 = "monster_advanced_8.json"


@pytest.fixture(scope="module")
def ex2() -> Trace:
    return play(load(EX2), "8")


def test_ex2_contract_M3(ex2: Trace) -> None:
    check_contract(ex2, "8", 8)


def test_ex2_step1_sees_A_over_teleporter_so_pivot_does_not_apply_M4_M11(ex2: Trace) -> None:
    """'le monstre voit A au-dessus du téléporteur et se tourne donc vers lui. De sorte que
    l'effet de la pierre de pivot ne s'applique pas' (the 180° pivot is right ahead)."""
    check_step(
        ex2,
        1,
        (4, 6),
        "E",
        {"N": ("A", 5)},
        "turn",
        [
            ("turn", "E", "N", "sight", "M5"),
            ("move", (4, 6), (4, 5)),
        ],
    )
    ahead, left, _ = looks(ex2)[1]["rays"]
    assert ahead["blocked_by"] == "pivot_180" and ahead["cells"] == []
    assert [4, 3] in left["cells"], "M4: sight passes over the teleporter (4,3)"


def test_ex2_without_A_the_pivot_turns_the_monster_about_M11() -> None:
    """Counter-check of step 1: seeing no pawn, the monster would not push the pivot but turn
    about (M11) and make its step westwards."""
    data = load(EX2)
    data["pawns"] = [p for p in data["pawns"] if p["id"] != "A"]
    trace = play(data, "1")
    check_step(
        trace,
        1,
        (4, 6),
        "E",
        {},
        "none",
        [
            ("turn", "E", "W", "pivot", "M11"),
            ("move", (4, 6), (3, 6)),
        ],
    )


def test_ex2_step2_only_A_in_sight_M5(ex2: Trace) -> None:
    """'Il avance d'une case vers A et n'ayant en ligne de mire que A; fait un second pas.'"""
    check_step(ex2, 2, (4, 5), "N", {"N": ("A", 4)}, "keep", [("move", (4, 5), (4, 4))])


def test_ex2_step3_A_E_tie_keeps_onto_teleporter_M5_M12(ex2: Trace) -> None:
    """'il voit A et E mais les deux étant à égale distance il conserve sa direction ... et
    s'avance donc sur le téléporteur et est transporté ... sur le téléporteur à la droite de D'."""
    check_step(
        ex2,
        3,
        (4, 4),
        "N",
        {"N": ("A", 3), "E": ("E", 3)},
        "tie",
        [
            ("move", (4, 4), (4, 3)),
            ("teleport", (4, 3), (7, 6), "S", "M12"),
            ("turn", "N", "S", "teleporter", "M12"),
        ],
    )


def test_ex2_does_not_see_B_nor_C_on_the_departure_pad_M12(ex2: Trace) -> None:
    """'à noter que le monstre ne voit ni B, ni C, le téléporteur agissant instantanément':
    no look on (4,3) before the teleport; B is never seen, C only from step 6."""
    assert sq(looks(ex2)[4]["at"]) == (7, 6)
    assert never_seen(ex2, "B")
    assert never_seen(ex2, "C", range(1, 6))


def test_ex2_step4_sees_D_turns_eats_D_M5_M7(ex2: Trace) -> None:
    """'Depuis le téléporteur d'arrivée, le monstre voit D, il se tourne, avance et dévore D
    (quatrième pas)'."""
    check_step(
        ex2,
        4,
        (7, 6),
        "S",
        {"W": ("D", 1)},
        "turn",
        [
            ("turn", "S", "W", "sight", "M5"),
            ("move", (7, 6), (6, 6)),
            ("eat", "D", (6, 6), "eaten", "M7"),
        ],
    )


def test_ex2_step5_no_pawn_pivot_180_back_onto_teleporter_M11_M12(ex2: Trace) -> None:
    """'ne voyant aucun pion se heurte à la pierre de pivot: il fait donc un demi-tour ... et
    marche de nouveau sur le téléporteur pour se retrouver sur le téléporteur à la droite de B,
    avec C face à lui (cinquième pas)'."""
    check_step(
        ex2,
        5,
        (6, 6),
        "W",
        {},
        "none",
        [
            ("turn", "W", "E", "pivot", "M11"),
            ("move", (6, 6), (7, 6)),
            ("teleport", (7, 6), (4, 3), "E", "M12"),
        ],
    )
    assert sq(looks(ex2)[6]["at"]) == (4, 3)
    b = next(p for p in load(EX2)["pawns"] if p["id"] == "B")
    assert sq(b["at"]) == (3, 3), "the pad (4,3) is right of B"


def test_ex2_step6_A_and_C_through_crystal_tie_pushes_crystal_and_C_M4_M5_M8(ex2: Trace) -> None:
    """'Il voit A et C (au travers du cristal). Les deux ... à même distance, le monstre
    conserve sa direction ... et pousse donc d'une case le cristal et du même coup le pion C.'"""
    check_step(
        ex2,
        6,
        (4, 3),
        "E",
        {"E": ("C", 2), "N": ("A", 2)},
        "tie",
        [
            ("push", "C", (6, 3), (7, 3), "M8"),
            ("push", (5, 3), (5, 3), (6, 3), "M8"),
            ("move", (4, 3), (5, 3)),
        ],
    )
    ahead = looks(ex2)[6]["rays"][0]
    assert ahead["cells"] == [[5, 3], [6, 3]], "M4: the crystal does not block sight"


def test_ex2_step7_pushes_again_B_behind_not_seen_M4_M8(ex2: Trace) -> None:
    """'Il pousse de nouveau le cristal et C d'une case supplémentaire (il ne voit pas B qui
    est dans son dos).'"""
    check_step(
        ex2,
        7,
        (5, 3),
        "E",
        {"E": ("C", 2)},
        "keep",
        [
            ("push", "C", (7, 3), (8, 3), "M8"),
            ("push", (6, 3), (6, 3), (7, 3), "M8"),
            ("move", (5, 3), (6, 3)),
        ],
    )


def test_ex2_step8_and_final_look_turns_to_E_nearer_than_C_M6(ex2: Trace) -> None:
    """'Avec son huitième et dernier pas, le monstre pousse de nouveau le cristal et le pion C:
    il regarde alors une ultime fois et se tourne vers E désormais plus proche de lui que C.'"""
    check_step(
        ex2,
        8,
        (6, 3),
        "E",
        {"E": ("C", 2)},
        "keep",
        [
            ("push", "C", (8, 3), (9, 3), "M8"),
            ("push", (7, 3), (7, 3), (8, 3), "M8"),
            ("move", (6, 3), (7, 3)),
        ],
    )
    check_step(
        ex2,
        9,
        (7, 3),
        "E",
        {"E": ("C", 2), "S": ("E", 1)},
        "turn",
        [
            ("turn", "E", "S", "sight", "M6"),
            ("end", 8, ("D",), "M3"),
        ],
    )


def test_ex2_result_position(ex2: Trace) -> None:
    """'Le monstre s'arrête alors faisant face à E.'"""
    pos = ex2["position"]
    assert pos["monster"] == {"at": [7, 3], "facing": "S"}
    assert pawn_at(ex2, "C") == (9, 3) and pawn_at(ex2, "D") == "outside"
    assert {"at": [8, 3], "kind": "crystal"} in pos["stones"]
    assert {"at": [5, 6], "kind": "pivot_180"} in pos["stones"], "M11: the pivot was not pushed"


# --- Example 3: online guide, tile 10 --------------------------------------------

EX3 = "monster_online_10.json"


@pytest.fixture(scope="module")
def ex3() -> Trace:
    return play(load(EX3), "10")


def test_ex3_contract_M3(ex3: Trace) -> None:
    check_contract(ex3, "10", 10)


def test_ex3_step1_sees_red1_on_its_left_turns_down_M5(ex3: Trace) -> None:
    """'il regarde et voit le 1 rouge sur sa gauche. Il se tourne donc vers la gauche et se
    déplace vers le bas.'"""
    check_step(
        ex3,
        1,
        (6, 1),
        "W",
        {"S": ("R1", 6)},
        "turn",
        [
            ("turn", "W", "S", "sight", "M5"),
            ("move", (6, 1), (6, 2)),
        ],
    )
    assert LEFT["W"] == "S"


def test_ex3_step2_yellow1_nearer_on_its_left_turns_left_again_M5(ex3: Trace) -> None:
    """'Après son premier déplacement il voit le 1 jaune sur sa gauche. Comme le 1 jaune est
    plus près, il se tourne encore une fois vers la gauche' (Y1 is seen over the pool)."""
    check_step(
        ex3,
        2,
        (6, 2),
        "S",
        {"S": ("R1", 5), "E": ("Y1", 4)},
        "turn",
        [
            ("turn", "S", "E", "sight", "M5"),
            ("move", (6, 2), (7, 2)),
        ],
    )
    assert LEFT["S"] == "E"


def test_ex3_step3_slides_over_pool_eats_yellow1_not_seeing_yellow4_M9_M7(ex3: Trace) -> None:
    """'et glisse ensuite sur la flaque de sang. Comme il ne regarde ni à gauche ni à droite
    pendant sa glissade, il ne voit pas le 4 jaune vers le bas. Il mange le 1 jaune'."""
    check_step(
        ex3,
        3,
        (7, 2),
        "E",
        {"E": ("Y1", 3)},
        "keep",
        [
            ("move", (7, 2), (8, 2)),
            ("slide", "monster", (8, 2), (10, 2), "M9"),
            ("eat", "Y1", (10, 2), "eaten", "M7"),
        ],
    )
    assert never_seen(ex3, "Y4", range(1, 11)), "Y4 (below (9,2)) is seen only in the final look"


def test_ex3_steps4_to_6_same_direction_stone_explodes_against_wall_M8(ex3: Trace) -> None:
    """'et continue dans la même direction. Il pousse le bloc de pierre contre le mur et
    l'explose au passage.'"""
    check_step(ex3, 4, (10, 2), "E", {}, "none", [("move", (10, 2), (11, 2))])
    check_step(ex3, 5, (11, 2), "E", {}, "none", [("move", (11, 2), (12, 2))])
    check_step(
        ex3,
        6,
        (12, 2),
        "E",
        {},
        "none",
        [
            ("remove", (13, 2), (13, 2), "off_board", "M8"),
            ("move", (12, 2), (13, 2)),
        ],
    )


def test_ex3_step7_through_wall_Q_to_the_other_Q_B3_M10(ex3: Trace) -> None:
    """'Le monstre rentre dans le mur marqué par la lettre Q et ressort de l'autre côté au
    niveau du Q.' B3: the right wall of (13,2) is Q; (15-13, 10-2) = (2,8), whose left is Q."""
    check_step(ex3, 7, (13, 2), "E", {}, "none", [("wrap", (13, 2), (2, 8), "Q", "M10")])


def test_ex3_steps8_to_10_slides_past_red1_unseen_then_one_more_step_M9(ex3: Trace) -> None:
    """'Il ne voit rien de nouveau et continue donc, glisse une nouvelle fois sur une flaque de
    sang en passant à côté du 1 rouge sans le voir, puis avance encore d'une case après la
    flaque avant de s'arrêter car il a atteint ses dix mouvements.'"""
    check_step(ex3, 8, (2, 8), "E", {}, "none", [("move", (2, 8), (3, 8))])
    check_step(
        ex3,
        9,
        (3, 8),
        "E",
        {},
        "none",
        [
            ("move", (3, 8), (4, 8)),
            ("slide", "monster", (4, 8), (8, 8), "M9"),
        ],
    )
    check_step(ex3, 10, (8, 8), "E", {}, "none", [("move", (8, 8), (9, 8))])
    assert never_seen(ex3, "R1", range(3, 12)), "R1 at (6,7) is next to the pool square (6,8)"


def test_ex3_final_look_sees_yellow4_turns_up_M6(ex3: Trace) -> None:
    """'Il voit encore le 4 jaune et se tourne vers le haut pour le prochain tour.'"""
    check_step(
        ex3,
        11,
        (9, 8),
        "E",
        {"N": ("Y4", 3)},
        "turn",
        [
            ("turn", "E", "N", "sight", "M6"),
            ("end", 10, ("Y1",), "M3"),
        ],
    )
    assert ex3["position"]["monster"] == {"at": [9, 8], "facing": "N"}
    assert pawn_at(ex3, "Y1") == "outside"
    assert all(s["at"] != [13, 2] for s in ex3["position"]["stones"])


# --- the whole outcome of each example ----------------------------------------------------------


def whole_outcome(
    name: str,
    trace: Trace,
    monster: dict[str, Any],
    taken: dict[str, str],
    moved: dict[str, tuple[int, int]],
    stones: dict[tuple[int, int], tuple[int, int] | None],
) -> None:
    """The position after the turn is the one before with exactly these changes and no
    other: the monster's square and heading; the pawns ``taken`` (id -> "outside" in stage
    1, M7) and ``moved`` (id -> square, pushed), every other pawn where it was, every pawn
    keeping its face (M7: an eaten pawn keeps its face); the ``stones`` moved (from -> to)
    or gone (from -> None), every other stone where it was, of the same kind."""
    before = load(name)
    after = trace["position"]
    assert after["monster"] == monster
    assert trace["events"][-1]["eaten"] == list(taken)
    pawns_before = {p["id"]: p for p in before["pawns"]}
    for p in after["pawns"]:
        old = pawns_before.pop(p["id"])
        assert p["up"] == old["up"], p["id"]
        want = taken.get(p["id"]) or moved.get(p["id"]) or sq(old["at"])
        got = p["at"] if isinstance(p["at"], str) else sq(p["at"])
        assert got == want, p["id"]
    assert not pawns_before, "no pawn may vanish from the position"
    want_stones: Counter[tuple[tuple[int, int], str]] = Counter()
    for st in before["stones"]:
        at = sq(st["at"])
        to = stones.get(at, at)
        if to is not None:
            want_stones[(to, st["kind"])] += 1
    assert Counter((sq(st["at"]), st["kind"]) for st in after["stones"]) == want_stones
    for key in ("pools", "teleporters"):  # never move (B5)
        assert after.get(key, []) == before.get(key, []), key


def test_ex1_whole_outcome(ex1: Trace) -> None:
    """'tile 8': C eaten beyond the pool, F crushed against the wall, G eaten; the stone of
    (13,5) pushed off the board; the monster ends on (15,7) turned west towards B."""
    whole_outcome(
        EX1,
        ex1,
        {"at": [15, 7], "facing": "W"},
        {"C": "outside", "F": "outside", "G": "outside"},
        {},
        {(13, 5): None},
    )


def test_ex1_without_G_whole_outcome(ex1_no_g: Trace) -> None:
    """Without G: the same C and F, then through the V wall; the monster ends on (1,5)."""
    whole_outcome(
        EX1_NO_G,
        ex1_no_g,
        {"at": [1, 5], "facing": "E"},
        {"C": "outside", "F": "outside"},
        {},
        {(13, 5): None},
    )


def test_ex2_whole_outcome(ex2: Trace) -> None:
    """Advanced tile 8: D eaten; the crystal and C pushed three squares east; A, B, E, the
    pivot stones and the stone where they were; the monster on (7,3) facing E (south)."""
    whole_outcome(
        EX2,
        ex2,
        {"at": [7, 3], "facing": "S"},
        {"D": "outside"},
        {"C": (9, 3)},
        {(5, 3): (8, 3)},
    )


def test_ex3_whole_outcome(ex3: Trace) -> None:
    """Online tile 10: only the yellow 1 eaten; the stone against the Q wall destroyed; the
    red 1 and yellow 4 untouched; the monster on (9,8) turned north towards the yellow 4."""
    whole_outcome(
        EX3,
        ex3,
        {"at": [9, 8], "facing": "N"},
        {"Y1": "outside"},
        {},
        {(13, 2): None},
    )


# --- the command line gives the same trace (docs/format.md) --------------------------------------


@pytest.mark.parametrize(("name", "tile"), [(EX1, "8"), (EX1_NO_G, "8"), (EX2, "8"), (EX3, "10")])
def test_cli_monster_json_matches_api(name: str, tile: str) -> None:
    """``python -m finstere_widget monster POS.json --tile T --json`` prints the same dict."""
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "finstere_widget",
            "monster",
            str(EXAMPLES / name),
            "--tile",
            tile,
            "--json",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert json.loads(out) == play(load(name), tile)


# --- the example files themselves -----------------------------------------------------------


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.name)
def test_example_positions_load(path: Path) -> None:
    """Every position file is valid finstere-position/1 (docs/format.md)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "finstere-position/1"
    Position.from_dict(data)


@pytest.mark.parametrize(
    "path", sorted((EXAMPLES / "expectations").glob("*.json")), ids=lambda p: p.name
)
def test_pawn_expectation_files_are_consistent(path: Path) -> None:
    """The pawn-move expectations (checked against the move engine elsewhere) are at least
    self-consistent: their positions load and each legal outcome moves only the named pawn
    (flipped, P2) and the stones it lists."""
    exp = json.loads(path.read_text(encoding="utf-8"))
    start = load(exp["position"])
    pawns0 = {p["id"]: p for p in start["pawns"]}
    stones0 = {sq(s["at"]) for s in start["stones"]}
    for outcome in exp["legal"]:
        assert outcome["cost"] == len(outcome["path"]) <= exp["points"]
        after = outcome["position"]
        Position.from_dict(after)
        for p in after["pawns"]:
            if p["id"] == exp["pawn"]:
                assert sq(p["at"]) == sq(outcome["to"])
                assert p["up"] != pawns0[p["id"]]["up"], "P2: always flipped"
            else:
                assert p == pawns0[p["id"]]
        moved = {(sq(m["from"]), sq(m["to"])) for m in outcome["stones_moved"]}
        stones1 = {sq(s["at"]) for s in after["stones"]}
        assert stones1 == (stones0 - {a for a, _ in moved}) | {b for _, b in moved}
    for bad in exp["illegal"]:
        assert 1 <= bad["token"] <= len(bad["path"])
        assert bad["rule"] in ("P5", "P6", "P7", "P9")
