"""The edge-case explorer (finstere_widget.design.explorer, issue 27): for every rule option
a case is found (or the reason why none is, with the budget), every case is confirmed by
the engine, 1-minimal and a fixed point of the shrinking; groups, counts, seeds, budgets
and the refusals of bad input. Small budgets: the whole file runs in well under a minute."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache

import pytest

from finstere_widget.design import explorer as ex
from finstere_widget.design import shrink as sh
from finstere_widget.design.explorer import Case, EdgeCases, edge_cases, shrink_case
from finstere_widget.engine import OPTION_INFO, Game, OptionError, Position, StudyError
from finstere_widget.engine.board import Heading
from finstere_widget.engine.events import End
from finstere_widget.engine.pieces import Monster

BUDGET = 300


@cache
def found(option: str) -> EdgeCases:
    return edge_cases(option, seed=3, budget=BUDGET)


@pytest.mark.parametrize("option", list(OPTION_INFO))
def test_every_option_has_a_case_or_says_why_not(option: str) -> None:
    result = found(option)
    assert result.tried <= BUDGET
    compared = {tuple(c.values) for c in result.cases} | {v for v, _ in result.none_found}
    default = result.values[0]
    others = [v for v in OPTION_INFO[option][0] if v != default]
    wanted = {(default, v) for v in others}
    if OPTION_INFO[option][1] in ex.GAME_FLOW_RULES:  # also the other way round, maybe
        assert wanted <= compared <= wanted | {(v, default) for v in others}
    else:
        assert compared == wanted
    for _pair, reason in result.none_found:
        assert str(result.tried) in reason or "situations" in reason, reason
    assert result.cases, f"{option}: {result.none_found}"


def test_A2_A3_placement_none_found_online_to_rulebook_says_why_it_is_expected() -> None:
    """A3/A2: the search the other way round (the online game, the rulebook's refusals)
    finds nothing, and says why none can exist: A3's limits contain A2's."""
    result = found("placement")
    back = [r for v, r in result.none_found if v == ("online", "rulebook")]
    assert back and "A3's limits contain A2's" in back[0], result.none_found
    assert "situations" in back[0]


def test_A2_A3_every_placement_the_online_limits_allow_the_rulebook_allows() -> None:
    """The claim the explorer's 'none expected' rests on, checked: along advanced set-ups
    played at random, the online placements are a subset of the rulebook's."""
    import random

    from finstere_widget.engine import RuleOptions
    from finstere_widget.engine.setup import legal_placements

    online, book = RuleOptions().set("placement", "online"), RuleOptions()
    for seed in range(3):
        game = Game(["blue", "yellow", "red"], seed=seed, advanced=True, options=online)
        rng = random.Random(seed)
        while game.state.phase.value == "placement":
            pos, left = game.position, game.state.to_place
            allowed = legal_placements(pos, left, online)
            assert set(allowed) <= set(legal_placements(pos, left, book))
            game.apply(rng.choice(allowed))


def _agree_or_illegal(case: Case) -> bool:
    """The issue's test of a removal: the two values agree (no difference at all), or the
    situation is illegal."""
    from finstere_widget.engine import FinstereError

    try:
        if case.kind == "game":
            a, b = case.options()
            assert case.scenario is not None
            rule = OPTION_INFO[case.option][1]
            return ex.replay_parting(case.scenario, case.actions, a, b, rule) is None
        return case.difference() is None
    except FinstereError:
        return True


@pytest.mark.parametrize("option", list(OPTION_INFO))
def test_every_case_is_confirmed_by_the_engine_and_1_minimal(option: str) -> None:
    """Each case replays to the same difference; removing any single pawn, stone, pool,
    teleporter pair (or earlier action) makes the two values AGREE or the situation illegal
    (issue 27's 1-minimal: parting another way is still parting); and shrinking it again
    changes nothing."""
    for case in found(option).cases:
        assert case.confirm(), case
        assert case.minimal and ex.is_one_minimal(case), case
        for smaller in ex._removals(case):
            assert _agree_or_illegal(smaller), (case, smaller.difference())
        again = shrink_case(replace(case, minimal=False))
        assert (again.position, again.tile, again.actions) == (
            case.position,
            case.tile,
            case.actions,
        )


def test_M9_is_one_minimal_refuses_a_case_whose_removal_parts_another_way() -> None:
    """M9/M8: a pawn on a pool and a stone past it: eaten, the monster slides on and pushes
    the stone under ``eat`` (push, M8), stops under ``stop``. Without the stone the values
    still part (slide, M9): the case is not 1-minimal, and shrinking it drops the stone."""
    from finstere_widget.engine import RuleOptions
    from finstere_widget.engine.pieces import Pawn, Pool, Stone

    pool = Pool(((4, 5), (5, 5), (6, 5), (7, 5)))
    pos = Position(Monster((2, 5), Heading.E)).replace(
        pools=(pool,), stones=(Stone((8, 5)),), pawns=(Pawn("A", "blue", 1, 6, "light", (5, 5)),)
    )
    a, b = RuleOptions(), RuleOptions().set("slide_over_pawn", "stop")
    d = ex.turn_difference(pos, "5", a, b, "M9")
    assert d is not None
    case = Case("slide_over_pawn", ("eat", "stop"), "turn", pos, d, "test", tile="5")
    without_stone = replace(case, position=pos.replace(stones=()))
    assert without_stone.difference() is not None  # they still part, another way or not
    assert not ex.is_one_minimal(case)
    small = shrink_case(case)
    assert not small.position.stones and small.minimal


def test_groups_are_distinct_and_each_keeps_its_smallest_case() -> None:
    result = found("slide_over_pawn")
    groups = [c.group for c in result.cases]
    assert len(groups) == len(set(groups))
    for c in result.cases:
        assert c.group == c.differs_at.group


def test_M9_slide_over_pawn_the_smallest_case_is_a_pawn_on_a_pool_in_the_monsters_way() -> None:
    """M9: eaten on the pool, the monster slides on (eat) or stops there (stop); the smallest
    case has the pool and the pawn on it, nothing else."""
    case = next(c for c in found("slide_over_pawn").cases if c.group.startswith("slide (M9)"))
    pos = case.position
    assert len(pos.pools) == 1 and len(pos.stones) == 0 and len(pos.pawns) == 1
    assert pos.pawns[0].at in pos.pool_squares
    eat, stop = case.turns()
    assert eat.eaten == stop.eaten == (pos.pawns[0].id,)
    first_eat, first_stop = case.differs_at.events
    assert first_eat is not None and first_eat["type"] == "slide"  # slides on over the pool
    assert first_stop is not None and first_stop["type"] == "look"  # stopped: looks from...
    assert tuple(first_stop["at"]) in pos.pool_squares  # ...the pool square where it ate


def test_M8_monster_stone_on_corner_a_single_stone_pushed_onto_a_corner() -> None:
    case = next(c for c in found("monster_stone_on_corner").cases if c.group.startswith("remove"))
    assert len(case.position.stones) == 1 and not case.position.pawns
    remove, keep = case.turns()
    assert any(e.type == "remove" and e.why == "corner" for e in remove.events)
    corners = {(0, 0), (15, 10)}
    assert any(e.type == "push" and e.to in corners for e in keep.events)
    assert not any(e.type == "remove" and e.why == "corner" for e in keep.events)


def test_M11_pivot_when_tied_a_tie_in_front_of_a_pivot() -> None:
    case = next(c for c in found("pivot_when_tied").cases if c.group == "push (M8) | turn (M11)")
    assert sum(s.kind.is_pivot for s in case.position.stones) == 1
    assert len(case.position.pawns) == 2  # the tie: one pawn less and the look is no tie
    push, turn = case.turns()
    assert any(e.type == "look" and e.decision == "tie" for e in push.events)
    assert any(e.type == "turn" and e.reason == "pivot" for e in turn.events)


def test_S4_five_is_three_prey_the_monster_alone_walks_on() -> None:
    case = next(c for c in found("five_is_three_prey").cases if c.kind == "turn")
    assert case.tile == "5" and sh.size(case.position) == 0
    off, on = case.turns()
    end_off, end_on = off.events[-1], on.events[-1]
    assert isinstance(end_off, End) and isinstance(end_on, End)
    assert end_off.steps == 5 and end_on.steps == 20


@pytest.mark.parametrize(
    ("option", "rule"),
    [
        ("tiles_per_stage", "S1"),
        ("finish_round", "S2"),
        ("stage2_end", "S3"),
        ("first_draw_rule", "M2"),
        ("placement", "A3"),
    ],
)
def test_S1_S2_S3_M2_A3_game_flow_cases_are_records_with_the_ply_where_games_part(
    option: str, rule: str
) -> None:
    for case in found(option).cases:
        assert case.kind == "game" and case.ply == len(case.actions) >= 1
        record = case.record()
        assert record is not None
        game = Game.from_record(json.loads(json.dumps(record)))  # the record replays
        assert len(game.history) == case.ply
        data = case.to_dict()
        assert data["ply"] == case.ply and data["record"]["format"] == "finstere-game/1"
    assert any(rule in c.rule or c.rule.startswith(rule[0]) for c in found(option).cases)


def test_the_same_arguments_give_the_same_cases() -> None:
    a = edge_cases("monster_stone_on_corner", seed=11, budget=120).to_json()
    b = edge_cases("monster_stone_on_corner", seed=11, budget=120).to_json()
    assert a == b
    c = edge_cases("monster_stone_on_corner", seed=12, budget=120).to_json()
    assert json.loads(c)["seed"] == 12


def test_the_budget_bounds_the_search_and_is_told() -> None:
    for budget in (1, 7, 60):
        result = edge_cases("slide_over_pawn", seed=1, budget=budget)
        assert result.tried == budget  # every situation of the budget, and not one more
        assert f"{budget} of {budget} situations" in repr(result)


@pytest.mark.parametrize(
    ("kwargs", "error", "named"),
    [
        ({"option": "slide_over_pawns"}, OptionError, "slide_over_pawns"),
        ({"option": 5}, OptionError, "5"),
        ({"values": ["eat", "hop"]}, OptionError, "hop"),
        ({"values": ["eat", "eat"]}, OptionError, "eat"),
        ({"values": ["eat"]}, OptionError, "eat"),
        ({"budget": 0}, StudyError, "budget 0"),
        ({"budget": 10**12}, StudyError, "budget 1000000000000"),
        ({"budget": 2.5}, StudyError, "budget 2.5"),
        ({"seed": "7"}, StudyError, "seed '7'"),
        ({"seed": 1.0}, StudyError, "seed 1.0"),
        ({"seed": -1}, StudyError, "seed -1"),
        ({"games": 0}, StudyError, "games 0"),
        ({"games": 10**9}, StudyError, "games 1000000000"),
        ({"games": "30"}, StudyError, "games '30'"),
    ],
)
def test_bad_input_is_one_named_error_before_any_search(
    kwargs: dict[str, object], error: type[Exception], named: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_search(*args: object, **kw: object) -> None:
        raise AssertionError("searched before refusing")

    monkeypatch.setattr(ex, "_harvest", no_search)
    monkeypatch.setattr(ex, "_compare", no_search)
    args: dict[str, object] = {"option": "slide_over_pawn", "values": None, "seed": 1, "budget": 5}
    args.update(kwargs)
    with pytest.raises(error) as info:
        edge_cases(args.pop("option"), args.pop("values"), **args)  # type: ignore[arg-type]
    assert named in str(info.value)


def test_an_option_with_no_trigger_of_its_own_is_searched_with_every_trigger(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A new option (OPTION_INFO) whose rule has no trigger is still searched: with all of
    them, and the harvest; what it finds or why not is said the same way."""
    values, _, text = OPTION_INFO["slide_over_pawn"]
    monkeypatch.setitem(OPTION_INFO, "slide_over_pawn", (values, "Z9", text))
    triggers, own = ex.triggers_for("slide_over_pawn")
    assert not own and set(triggers) >= {t for ts in ex.TRIGGERS.values() for t in ts}
    result = edge_cases("slide_over_pawn", seed=2, budget=400)
    assert result.cases or result.none_found
    for case in result.cases:
        assert case.confirm()


def test_P7_pawn_slide_trigger_builds_moves_onto_a_pool_with_a_piece_on_it() -> None:
    """P7's trigger (for the options of a pawn's slide): the mover steps onto a pool whose
    slide meets a stone or a pawn standing on it."""
    import random

    built = [ex.trigger_pawn_slide(random.Random(k)) for k in range(40)]
    moves = [s for s in built if s is not None]
    assert moves and all(s.kind == "move" and s.pawn == "P" for s in moves)
    for s in moves:
        pools = s.position.pool_squares
        others = {x.at for x in s.position.stones} | {p.at for p in s.position.pawns if p.id != "P"}
        assert pools & others


def test_counts_per_1000_games_with_an_interval() -> None:
    result = edge_cases("tiles_per_stage", seed=5, budget=800)
    played = sum(sum(by.values()) for by in result.games.values())
    assert played >= 1
    stage = next(c for c in result.cases if c.group.startswith("stage"))
    rates = stage.per_1000()
    for setup, by in rates.items():
        for n, r in by.items():
            assert r["games"] == result.games[setup][int(n)]
            assert r["low"] <= (r["rate"] or 0) <= r["high"]
    # every game that reaches its 7th tile of stage 1 parts there (S1)
    assert any(r["hits"] for by in rates.values() for r in by.values())


def test_games_asks_for_that_many_complete_games_per_cell_beside_the_budget() -> None:
    """games=N: N complete greedy games at each set-up and player count the other value
    accepts (S4's variant only at 6-7), whatever the budget, seeded; the counts are per
    those games; a cell with fewer than 30 games is warned about in one line."""
    first = edge_cases("five_is_three_prey", seed=2, budget=30, games=3)
    assert first.games == {"basic": {6: 3, 7: 3}, "advanced": {6: 3, 7: 3}}
    assert first.games_per_cell == 3 and first.plies > 0 and first.tried <= 30
    for case in first.cases:
        for by in case.per_1000().values():
            assert all(r["games"] == 3 for r in by.values())
    assert first.to_json() == edge_cases("five_is_three_prey", seed=2, budget=30, games=3).to_json()
    warning = first.few_games_warning("en")
    assert warning.startswith("warning: 3 harvested games at 6 players")
    assert first.table("en").splitlines()[-1] == warning
    many = replace(first, games={"basic": {6: 30, 7: 31}, "advanced": {6: 30, 7: 30}})
    assert many.few_games_warning() == "" and "warning" not in many.table("en")


def test_the_json_document_follows_docs_format() -> None:
    data = json.loads(found("slide_over_pawn").to_json())
    assert data["format"] == "finstere-edge-cases/1"
    assert {"option", "rule", "values", "seed", "budget", "tried", "harvest", "cases"} <= set(data)
    case = data["cases"][0]
    assert Position.from_dict(case["position"])
    assert {"step", "rule", "event"} <= set(case["differs_at"])
    assert set(case["differs_at"]["event"]) == set(case["values"])
    assert case["tile"] in ex.REAL_TILES and "per_1000_games" in case


def test_shrink_is_1_minimal_on_a_plain_property() -> None:
    """The generic loop on sets of numbers: the property 'sums to at least 10' shrinks to a
    set where removing any one number breaks it."""
    start = frozenset(range(1, 9))

    def keep(s: frozenset[int]) -> bool:
        return sum(s) >= 10

    def removals(s: frozenset[int]) -> list[frozenset[int]]:
        return [s - {x} for x in sorted(s)]

    small, tries, complete = sh.shrink(start, keep, removals)
    assert complete and sh.one_minimal(small, keep, removals)
    assert tries > 0 and sum(small) >= 10


def test_moves_toward_bring_pieces_nearer_the_monster_onto_free_squares() -> None:
    pos = Position(Monster((5, 5), Heading.E)).replace(
        pawns=(Position.basic().pawns or ()), stones=()
    )
    from finstere_widget.engine.pieces import Pawn, Stone

    pos = pos.replace(stones=(Stone((9, 5)),), pawns=(Pawn("A", "blue", 1, 6, "light", (5, 9)),))
    moved = list(sh.moves_toward(pos))
    assert {s.stones[0].at for s in moved if s.stones[0].at != (9, 5)} == {(8, 5)}
    assert {s.pawns[0].at for s in moved if s.pawns[0].at != (5, 9)} == {(5, 8)}


def test_case_repr_is_short() -> None:
    case: Case = found("slide_over_pawn").cases[0]
    assert repr(case).startswith("<Case slide_over_pawn eat/stop: ")
    assert len(repr(case)) < 160


def test_docs_format_md_names_every_key_of_the_edge_cases_document() -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "format.md").read_text(encoding="utf-8")
    section = text.split("## Edge cases: `finstere-edge-cases/1`", 1)[1].split("\n## ", 1)[0]
    keys: set[str] = set()
    for option in ("slide_over_pawn", "placement"):
        data = json.loads(found(option).to_json())
        keys |= set(data) | set(data["harvest"])
        for case in data["cases"]:
            keys |= set(case) | set(case["differs_at"])
            for by in case["per_1000_games"].values():
                for row in by.values():
                    keys |= set(row)
    missing = sorted(k for k in keys - {"format"} if f"`{k}`" not in section)
    assert missing == []


def test_P7_a_move_refused_under_one_value_parts_at_the_refused_token(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A pawn move one value refuses (a P7 slide option, say) parts there: the refusal and
    rule on that side, the other value's event of the same token on the other."""
    from finstere_widget.engine import IllegalMoveError, RuleOptions, apply_move
    from finstere_widget.engine.pieces import Pawn

    pos = Position(Monster((10, 5), Heading.W)).replace(
        pawns=(Pawn("P", "blue", 3, 4, "light", (2, 5)),)
    )
    a, b = RuleOptions(), RuleOptions().set("slide_over_pawn", "stop")

    def refusing(position, pawn, path, options=None):  # type: ignore[no-untyped-def]
        if options == b:
            raise IllegalMoveError("refused here", token="E", index=1, rule="P7")
        return apply_move(position, pawn, path, options)

    monkeypatch.setattr(ex, "apply_move", refusing)
    d = ex.move_difference(pos, "P", ("E", "E"), a, b, "P7")
    assert d is not None and d.step == 2 and d.rule == "P7"
    first, second = d.events
    assert first is not None and first["step"] == 2 and first["type"] == "move"
    assert second == {"refused": "P7", "error": "refused here"}
    assert d.group == "move (P2) | refused (P7)"


def test_P6_both_values_refusing_the_same_way_a_token_later_agree(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """P6: a move both values refuse for the same reason (the same stone against the same
    wall), one a token later because its slide went further, is no difference; refusals
    for another reason are."""
    from finstere_widget.engine import IllegalMoveError, RuleOptions
    from finstere_widget.engine.pieces import Pawn

    pos = Position(Monster((10, 5), Heading.W)).replace(
        pawns=(Pawn("P", "blue", 3, 4, "light", (2, 5)),)
    )
    a, b = RuleOptions(), RuleOptions().set("pawn_slide_over_pawn", "stop")
    template = "token {number} {tok!r}: the stone on {square} cannot be pushed off the board (P6)"
    other = "token {number} {tok!r}: the move would end on {square} where another pawn stands; a pawn must end its move alone (P5)"

    def refusing(number: int, text: str, rule: str):  # type: ignore[no-untyped-def]
        def move(position, pawn, path, options=None):  # type: ignore[no-untyped-def]
            k = number + (options == b)
            raise IllegalMoveError(
                text if options == a else template, number=k, tok="W", square=(0, 5),
                token="W", index=k - 1, rule=rule if options == a else "P6",
            )  # fmt: skip

        return move

    monkeypatch.setattr(ex, "apply_move", refusing(2, template, "P6"))
    assert ex.move_difference(pos, "P", ("W", "W", "W"), a, b, "P7") is None
    monkeypatch.setattr(ex, "apply_move", refusing(2, other, "P5"))
    d = ex.move_difference(pos, "P", ("W", "W", "W"), a, b, "P7")
    assert d is not None and d.group == "refused (P5) | refused (P6)"


def test_A3_placement_refusals_are_grouped_by_the_limit_that_refused() -> None:
    """A3: a placement the online limits refuse is grouped by which limit refused it
    (a pool against a wall, near the entrance, beside the other pool, a piece near a
    corner), told in the reader's words."""
    from finstere_widget.design.explorer import group_words
    from finstere_widget.engine import IllegalMoveError

    exc = IllegalMoveError("A3: pool square {sq} lies against a wall", sq=(0, 4), rule="A3")
    accepted = {"what": "accepted", "value": {}}
    d = ex.Difference(1, "A3", (accepted, ex._refusal(exc)), 1)
    assert d.group == "accepted | refused (A3): pool against a wall"
    assert group_words(d.group, "fr") == "accepté | refusé (A3) : flaque contre un mur"
    groups = {c.group for c in edge_cases("placement", seed=1, budget=600).cases}
    assert "accepted | refused (A3)" not in groups
    assert any(g.startswith("accepted | refused (A3): ") for g in groups), groups


def test_the_raw_cases_kept_are_bounded_whatever_the_budget() -> None:
    """Each group keeps its few smallest raw cases and a count: a budget of millions of
    situations (every S4 trigger is a case) never holds them all."""
    case = found("five_is_three_prey").cases[0]
    groups = ex._Groups()
    groups.add([case] * 500)
    ((group, kept),) = groups.by_frequency()
    assert group == case.group and len(kept) == ex.SHRUNK_PER_GROUP
    assert groups.seen[group] == 500


def test_a_groups_name_is_told_in_the_lessons_language() -> None:
    """#31: a group's name is data (the same in every language: it groups cases and is saved
    in the JSON) and is told in the lesson's words: the event kinds as the step table says
    them, the states with their rule ids kept; English as it is; a part it does not know
    unchanged."""
    from finstere_widget.design.explorer import group_words

    groups = {
        "remove (M8) | move (M3)": "retire (M8) | avance (M3)",
        "slide (M9) | look (M4)": "glisse (M9) | regarde (M4)",
        "draw odds (M2)": "chances du tirage (M2)",
        "stage 2 (S1) | stage 1 (S1)": "manche 2 (S1) | manche 1 (S1)",
        "game over (S2): a player escaped all pawns but one | game goes on": (
            "partie terminée (S2) : un joueur a fait sortir tous ses pions sauf un"
            " | la partie continue"
        ),
        "accepted | refused (A3)": "accepté | refusé (A3)",
        "ended | look (M6)": "terminé | regarde (M6)",
        "a group of tomorrow (Z9)": "a group of tomorrow (Z9)",
    }
    for group, french in groups.items():
        assert group_words(group, "en") == group
        assert group_words(group, "fr") == french
    found = edge_cases("pawn_slide_stone", seed=1, budget=60)
    table = found.table("de")
    assert all(case.group_words("de") in table for case in found.cases)


def test_A3_a_game_case_from_the_start_shows_the_position_its_actions_built() -> None:
    """A3: a placement case shrunk to its parting action alone shows the position before
    it (the empty advanced board), not the one the unshrunk game had reached."""
    for case in found("placement").cases:
        assert case.scenario is not None and case.scenario.position is None
        game = case.scenario.game(case.options()[0])
        for action in case.actions[:-1]:
            game.apply(action)
        assert case.position == game.position
        assert case.pieces == sh.size(game.position)
