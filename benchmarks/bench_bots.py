"""The bots' cost (issue 26): a whole 4-player game with every seat played by the same bot,
against a random-bot game of the same size (the engine's floor), by this thread's CPU time
(``time.thread_time``) in one process, side by side in the same run; and each bot's
decisions per CPU second.

Goals (issue 26): a greedy game <= 5x a random game, a lookahead game <= 75x.

    python benchmarks/bench_bots.py [--games 6] [--players 4] [--json]
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from finstere_widget.design.bots import make_bot
from finstere_widget.design.simulation import game_seed
from finstere_widget.engine.game import Game

#: the bots measured, with how many games of each by default (a lookahead game costs
#: what dozens of random games do)
BOTS = ("random", "greedy", "lookahead", "mcts")
GOALS = {"greedy": 5.0, "lookahead": 75.0}


class Timed:
    """A bot whose ``choose`` counts its decisions and their CPU time."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.decisions = 0
        self.cpu = 0.0

    def choose(self, game: Game) -> Any:
        t0 = time.thread_time()
        action = self.bot.choose(game)
        self.cpu += time.thread_time() - t0
        self.decisions += 1
        return action


def play(bot: str, games: int, players: int, seed: int = 1) -> dict[str, float]:
    """``games`` games of ``players`` seats all played by ``bot``: CPU seconds per game
    (the whole game: chance draws, moves, the monster's turns and the bots' choices) and
    the bots' decisions per CPU second."""
    total = 0.0
    decisions = 0
    choosing = 0.0
    for i in range(games):
        gseed = game_seed(seed, i)
        game = Game(players, seed=gseed)
        bots = [Timed(make_bot(bot, f"{gseed}/{k}")) for k in range(players)]
        t0 = time.thread_time()
        while not game.is_terminal():
            if game.is_chance():
                game.sample_chance()
            else:
                game.apply(bots[game.current_player].choose(game))
        total += time.thread_time() - t0
        decisions += sum(b.decisions for b in bots)
        choosing += sum(b.cpu for b in bots)
    return {
        "game_s": total / games,
        "decisions_per_s": decisions / choosing if choosing else 0.0,
        "decisions_per_game": decisions / games,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=6, help="games of each strong bot")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default=",".join(BOTS))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    names = [b for b in args.bots.split(",") if b]
    play("random", 10, args.players)  # warm-up (imports, caches)
    floor_games = max(60, 20 * args.games)
    before = play("random", floor_games, args.players, seed=2)
    measured: dict[str, dict[str, float]] = {}
    for name in names:
        if name == "random":
            continue
        games = args.games if not name.startswith("mcts") else max(1, args.games // 3)
        measured[name] = play(name, games, args.players)
    after = play("random", floor_games, args.players, seed=2)
    floor = (before["game_s"] + after["game_s"]) / 2
    rows = {
        "random": {
            "game_x_random": 1.0,
            "decisions_per_s": round((before["decisions_per_s"] + after["decisions_per_s"]) / 2),
            "game_ms": round(floor * 1e3, 2),
        }
    }
    for name, m in measured.items():
        rows[name] = {
            "game_x_random": round(m["game_s"] / floor, 1),
            "decisions_per_s": round(m["decisions_per_s"], 1),
            "game_ms": round(m["game_s"] * 1e3, 1),
        }
    if args.json:
        print(json.dumps({"players": args.players, "games": args.games, "bots": rows}))
        return
    print(
        f"{args.players}-player games, every seat the same bot, this thread's CPU time "
        f"(random: {floor_games} games twice, the others {args.games})"
    )
    print(f"{'bot':<12} {'game / random game':>20} {'decisions/s':>12} {'ms per game':>12}")
    for name, r in rows.items():
        goal = GOALS.get(name)
        mark = ""
        if goal is not None:
            met = "met" if r["game_x_random"] <= goal else "not met"
            mark = f"  (goal <= {goal:g}x: {met})"
        print(
            f"{name:<12} {r['game_x_random']:>19.1f}x {r['decisions_per_s']:>12} "
            f"{r['game_ms']:>12}{mark}"
        )


if __name__ == "__main__":
    main()
