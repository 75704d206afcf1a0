"""Bots, the danger map and batch simulation (issue 3); CLI simulate and play."""

from __future__ import annotations

import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from finstere_widget.design.bots import GreedyBot, RandomBot, make_bot, play_game
from finstere_widget.design.danger import PROBE_ID, _probe, danger_map, eaten_probability
from finstere_widget.design.simulation import play_one, simulate
from finstere_widget.engine import Position, RuleOptions, monster_turn
from finstere_widget.engine.board import Square
from finstere_widget.engine.game import Game, PawnMove
from finstere_widget.engine.moves import apply_move
from finstere_widget.engine.setup import DECK

EXAMPLES = Path(__file__).resolve().parent / "examples"


def pw(
    pid: str, player: str, at: str | list[int], light: int = 6, dark: int = 1, up: str = "light"
) -> dict[str, Any]:
    return {"id": pid, "player": player, "light": light, "dark": dark, "up": up, "at": at}


def basic(pawns: list[dict[str, Any]], **kw: Any) -> Position:
    d = Position.basic().to_dict()
    d["pawns"] = pawns
    d.update(kw)
    return Position.from_dict(d)


# --- danger map -------------------------------------------------------------------------


def brute_danger(position: Position, tiles: list[str]) -> dict[Square, float]:
    out: dict[Square, float] = {}
    for sq in danger_map(position, tiles, squares=None):
        hits = sum(PROBE_ID in monster_turn(_probe(position, sq), t).eaten for t in tiles)
        out[sq] = hits / len(tiles)
    return out


DANGER_POSITIONS = {
    "basic": basic(
        [pw("a", "blue", [5, 0]), pw("b", "red", [10, 6]), pw("c", "red", [3, 5])],
        monster={"at": [7, 6], "facing": "N"},
    ),
    "monster_example": Position.from_json((EXAMPLES / "monster_basic_8.json").read_text()),
    "advanced": Position.from_json((EXAMPLES / "monster_advanced_8.json").read_text()),
}


@pytest.mark.parametrize("name", sorted(DANGER_POSITIONS))
def test_danger_map_equals_brute_force(name: str) -> None:
    pos = DANGER_POSITIONS[name]
    tiles = list(DECK)
    fast = danger_map(pos, tiles)
    assert fast == brute_danger(pos, tiles)
    assert all(0.0 <= v <= 1.0 for v in fast.values())
    assert any(v > 0 for v in fast.values())


def test_danger_map_covers_empty_squares_and_weights_the_pile() -> None:
    pos = basic([], monster={"at": [0, 5], "facing": "E"})
    m = danger_map(pos, ["5"])
    assert (8, 5) not in m and (0, 5) not in m  # a stone, the monster
    assert (8, 2) not in m  # a pool square
    assert m[(3, 5)] == 1.0  # straight ahead, 3 squares: eaten by a 5
    assert m[(7, 5)] == 0.0  # 7 squares: the 5 falls short
    m2 = danger_map(pos, ["5", "10"])
    assert m2[(7, 5)] == 0.5
    assert danger_map(pos, []) == {sq: 0.0 for sq in m}


def test_eaten_probability_matches_the_monster() -> None:
    pos = basic(
        [pw("a", "blue", [3, 5]), pw("b", "red", [12, 9])], monster={"at": [0, 5], "facing": "E"}
    )
    assert eaten_probability(pos, "a", ["5", "7"]) == 1.0
    assert eaten_probability(pos, "b", ["5"]) == 0.0


# --- bots --------------------------------------------------------------------------------


def test_random_bot_plays_only_legal_moves() -> None:
    for seed in range(5):
        g = Game(4, seed=seed)
        bot = RandomBot(seed)
        while not g.is_terminal():
            if g.is_chance():
                g.sample_chance()
                continue
            a = bot.choose(g)
            assert isinstance(a, PawnMove)
            apply_move(g.position, a.pawn, a.path)  # legal on its own
            g.apply(a)
        assert g.outcome() is not None


def test_greedy_bot_escapes_when_it_can() -> None:
    pos = basic(
        [pw("b", "blue", [2, 0], 3, 4), pw("y", "yellow", [10, 10])],
        monster={"at": [8, 8], "facing": "N"},
    )
    g = Game.from_position(pos, seed=0)
    a = GreedyBot(0).choose(g)
    assert a == PawnMove("b", ("W", "W", "OUT"))


def test_greedy_bot_avoids_the_monster_line() -> None:
    # two equally good squares for progress; one is in the monster's sight
    pos = basic(
        [pw("b", "blue", [5, 5], 1, 6), pw("y", "yellow", [14, 10])],
        monster={"at": [0, 4], "facing": "E"},
    )
    g = Game.from_position(pos, seed=0)
    a = GreedyBot(0).choose(g)
    assert isinstance(a, PawnMove)
    end = apply_move(g.position, a.pawn, a.path).to
    assert end != (5, 4)  # N would put it 5 squares ahead of the monster
    assert danger_map(g.position, g.tiles_left(), squares=[(5, 4)])[(5, 4)] > 0.5


def test_make_bot() -> None:
    assert make_bot("greedy").name == "greedy" and make_bot("random").name == "random"
    with pytest.raises(ValueError):
        make_bot("clever")


@pytest.mark.slow
def test_greedy_beats_random_in_70_percent_of_200_two_player_games() -> None:
    res = simulate(200, 2, ["greedy", "random"], seed=2024, jobs=2)
    s = res.summary
    assert s["seats_by_bot"] == {"greedy": 200, "random": 200}
    assert s["wins_by_seat"][0] + s["wins_by_seat"][1] + s["draws"] == 200
    assert s["wins_by_bot"]["greedy"] >= 140, s


# --- simulation -------------------------------------------------------------------------


def test_simulate_same_results_whatever_the_executor() -> None:
    a = simulate(8, 3, ["random", "greedy", "random"], seed=5, jobs=1)
    with ThreadPoolExecutor(2) as ex:
        b = simulate(8, 3, ["random", "greedy", "random"], seed=5, executor=ex, chunk=3)
    c = simulate(8, 3, ["random", "greedy", "random"], seed=5, jobs=2)  # process pool
    assert a.to_dict() == b.to_dict() == c.to_dict()
    assert [g.game for g in a.games] == list(range(8))
    d = simulate(8, 3, ["random", "greedy", "random"], seed=6, jobs=1)
    assert d.to_dict() != a.to_dict()


def test_simulate_summary_is_consistent() -> None:
    res = simulate(10, 4, "random", seed=1, jobs=1, progress=None)
    s = res.summary
    assert s["games"] == 10 and len(s["wins_by_seat"]) == 4
    assert sum(s["wins_by_seat"]) + s["draws"] == 10
    assert sum(s["end_reasons"].values()) == 10
    for g in res.games:
        assert g.rounds >= 1 and g.tiles >= 1 and g.monster_steps >= g.tiles
        one = play_one(g.game, 1, 4, g.bots, RuleOptions())
        assert one == g  # a game is a pure function of (seed, index)


def test_simulate_progress_callback() -> None:
    seen: list[int] = []
    simulate(5, 2, "random", seed=1, jobs=1, progress=seen.append)
    assert seen == [1, 2, 3, 4, 5]
    from finstere_widget.design import simulate as simulate_bar

    seen2: list[int] = []
    r = simulate_bar(4, 2, "random", seed=1, jobs=1, progress=seen2.append)
    assert seen2 == [1, 2, 3, 4] and r.summary["games"] == 4
    r2 = simulate_bar(4, 2, "random", seed=1, jobs=1, progress=True, disable=True)
    assert r2.to_dict() == r.to_dict()


# --- command line -------------------------------------------------------------------------


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "finstere_widget", *args],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=300,
    )


def test_cli_simulate_json_byte_identical_with_or_without_jobs() -> None:
    a = run_cli("simulate", "--games", "8", "--players", "3", "--seed", "7", "--json")
    b = run_cli(
        "simulate", "--games", "8", "--players", "3", "--seed", "7", "--json", "--jobs", "2"
    )
    assert a.returncode == 0 and b.returncode == 0, a.stderr + b.stderr
    assert a.stdout == b.stdout
    data = json.loads(a.stdout)
    assert data["summary"]["games"] == 8 and len(data["games"]) == 8
    text = run_cli("simulate", "--games", "3", "--players", "2", "--seed", "7")
    assert text.returncode == 0 and "wins by seat" in text.stdout


def test_cli_simulate_errors() -> None:
    p = run_cli("simulate", "--games", "2", "--players", "9", "--seed", "1")
    assert p.returncode == 2 and len(p.stderr.strip().splitlines()) == 1 and "P1" in p.stderr
    p = run_cli("simulate", "--games", "2", "--bots", "clever")
    assert p.returncode == 2 and "clever" in p.stderr


def test_cli_play_scripted_stdin(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    script = "help\nblue5 IN,W\nblue4 W\nblue4\nmoves blue5\nmoves blue3\nquit\n"
    p = run_cli("play", "--seed", "1", "--record", str(record), stdin=script)
    assert p.returncode == 0, p.stderr
    assert "blue: blue5 ends (14, 10)" in p.stdout
    assert "illegal: token 1 'W'" in p.stdout and "(P3)" in p.stdout
    assert "illegal: P10" in p.stdout  # round 1: blue4 may not stay outside
    assert "blue5 cannot move now" in p.stdout
    assert "cost 3  path IN,N,N" in p.stdout  # blue3's moves: only onto the board
    assert "outside  cost 0" not in p.stdout
    assert "game stopped" in p.stdout
    # S1: a stage of 7 tiles: 7 monster turns left at the start, though the pile holds all 8 (M1)
    assert "-- round 1, stage 1, tiles left 7; in the pile: 5 7 7 8 8 10 X XX" in p.stdout
    g = Game.from_record(record.read_text())
    assert g.history[0].action == PawnMove("blue5", ("IN", "W"))


def test_cli_play_reads_a_path_typed_with_spaces_whole() -> None:
    """``blue5 IN, W`` or ``blue5 IN W`` moved the pawn by IN alone (the token after the
    space was dropped) or refused ``IN,``; ``moves`` with no id, or two, was read as a move
    of a pawn called "moves"."""
    for typed in ("IN W", "IN, W", "in ,w"):
        p = run_cli("play", "--seed", "1", stdin=f"blue5 {typed}\nquit\n")
        assert p.returncode == 0, p.stderr
        assert "blue: blue5 ends (14, 10)" in p.stdout, (typed, p.stdout)
    p = run_cli("play", "--seed", "1", stdin="moves\nmoves blue5 blue4\nquit\n")
    assert p.stdout.count("illegal: type moves and one pawn id") == 2, p.stdout


def test_cli_play_lists_a_pawns_moves_as_the_moves_command_does() -> None:
    """Two outcomes may end on one square (a stone pushed two ways): both commands mark the
    outcomes that push a stone."""
    p = run_cli("play", "--seed", "1", stdin="moves blue5\nquit\n")
    assert p.returncode == 0, p.stderr
    assert "(14, 8)  cost 4  path IN,N,N,W  (pushes)" in p.stdout
    assert "(15, 8)  cost 3  path IN,N,N\n" in p.stdout  # no push, no mark


def test_cli_play_ends_on_end_of_input_and_watch_mode() -> None:
    p = run_cli("play", "--seed", "3", stdin="blue5 IN\n")
    assert p.returncode == 0 and "input ended" in p.stdout
    p = run_cli("play", "--watch", "--seed", "3", "--players", "3")
    assert p.returncode == 0 and "game over" in p.stdout and "winner:" in p.stdout


def test_play_game_helper() -> None:
    g = play_game(Game(2, seed=4), [GreedyBot(1), RandomBot(2)])
    assert g.is_terminal()


def test_M2_the_bots_weigh_only_the_tiles_the_coming_draw_can_give(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Before the game's first draw no prey tile can come (M2): the greedy bot and the tree
    search's move ordering weigh the danger of the numbers only, as the lookahead's odds do
    (they weighed the whole pile, X and XX included); after it, every tile left."""
    from finstere_widget.design import bots

    weighed: list[tuple[str, ...]] = []
    real = eaten_probability

    def spy(position: Position, pawn_id: str, tiles: Any, options: Any = None) -> float:
        weighed.append(tuple(tiles))
        return real(position, pawn_id, tiles, options)

    monkeypatch.setattr(bots, "eaten_probability", spy)
    game = Game(2, seed=3)
    while game.state.draws == 0:
        numbers = tuple(t for t in game.tiles_left() if t not in ("X", "XX"))
        assert game.drawable_tiles() == numbers and set(numbers) == {"5", "7", "8", "10"}
        for choose in (GreedyBot(1).choose, lambda g: bots.ordered_moves(g)[0]):
            weighed.clear()
            choose(game)
            assert weighed and all(t == numbers for t in weighed), weighed
        game.apply(GreedyBot(1).choose(game))
        while game.is_chance():
            game.sample_chance()
    assert game.drawable_tiles() == game.tiles_left()
    assert {"X", "XX"} <= set(game.drawable_tiles())
    assert [t for t, _ in bots.tile_odds(game)] == sorted(set(game.tiles_left()), key=DECK.index)
