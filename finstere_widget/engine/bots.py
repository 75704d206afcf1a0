"""Bots: ``random`` and ``greedy``. A bot is ``choose(game) -> action`` for the player to
act (pawn moves and placements; tile draws are chance, :meth:`Game.sample_chance`).

* :class:`RandomBot` -- a random pawn not yet moved, then a random legal path (a random
  walk, :func:`random_path`); random placements in the advanced game.
* :class:`GreedyBot` -- escapes whenever it can; otherwise scores every legal outcome of
  every pawn by progress towards the exit and, for the most promising ones, the danger of
  being taken in the coming monster phase, found by playing the engine's own monster turn
  for every tile still in the pile (:func:`eaten_probability`).
"""

from __future__ import annotations

import random
from typing import Protocol

from .danger import eaten_probability
from .game import Action, Game, PawnMove
from .moves import MoveOutcome, legal_moves, random_path
from .setup import legal_placements


class Bot(Protocol):
    name: str

    def choose(self, game: Game) -> Action: ...


class RandomBot:
    """Plays a random legal action."""

    name = "random"

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        if game.phase == "placement":
            return self.rng.choice(legal_placements(game.position, game.state.to_place, game.options))
        pawns = game.movable_pawns()
        if not pawns:
            raise ValueError("RandomBot: nothing to choose (chance node or game over)")
        pawn = self.rng.choice(pawns)
        return PawnMove(pawn.id, random_path(game.position, pawn.id, self.rng))


#: Manhattan distance to the exit (0, 0) is x + y; from outside: entrance + the IN point.
OUTSIDE_DISTANCE = 15 + 10 + 1


class GreedyBot:
    """Escape first; else the best progress that the monster is unlikely to punish.

    score = -10 * distance to the exit (+25 if the pawn's next value lets it escape next
    round) - P(taken this monster phase) * what being taken costs (stage 1: the way back
    from outside; stage 2: the pawn). The danger is computed for the ``top`` best outcomes
    by progress only (each costs one monster turn per distinct tile left).
    """

    name = "greedy"

    def __init__(self, seed: int | str | None = None, top: int = 6) -> None:
        self.rng = random.Random(seed)
        self.top = top

    def choose(self, game: Game) -> Action:
        if game.phase == "placement":
            return self.rng.choice(legal_placements(game.position, game.state.to_place, game.options))
        position = game.position
        stage = position.stage
        scored: list[tuple[float, int, PawnMove, MoveOutcome]] = []
        k = 0
        for pawn in game.movable_pawns():
            next_value = pawn.dark if pawn.up == "light" else pawn.light
            for o in legal_moves(position, pawn.id, game.options):
                if o.to == "escaped":
                    return PawnMove(pawn.id, o.path)
                if isinstance(o.to, tuple):
                    dist = o.to[0] + o.to[1]
                    score = -10.0 * dist + (25.0 if next_value > dist else 0.0)
                else:
                    score = -10.0 * OUTSIDE_DISTANCE
                scored.append((score, k, PawnMove(pawn.id, o.path), o))
                k += 1
        if not scored:
            raise ValueError("GreedyBot: nothing to choose (chance node or game over)")
        scored.sort(key=lambda s: (-s[0], s[1]))
        tiles = game.tiles_left()
        best: tuple[float, int, PawnMove] | None = None
        for score, k, action, o in scored[: self.top]:
            final = score
            if isinstance(o.to, tuple):
                dist = o.to[0] + o.to[1]
                cost = 10.0 * (OUTSIDE_DISTANCE - dist) if stage == 1 else 400.0
                p = eaten_probability(o.position, action.pawn, tiles, game.options)
                final -= p * cost
            if best is None or final > best[0]:
                best = (final, k, action)
        assert best is not None
        return best[2]


BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, seed: int | str | None = None) -> RandomBot | GreedyBot:
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (one of {', '.join(BOTS)})") from None
    return cls(seed)


def play_game(game: Game, bots: list[RandomBot | GreedyBot]) -> Game:
    """Play ``game`` to the end: ``bots[seat]`` chooses for each seat, chance by the pile."""
    while not game.is_terminal():
        if game.is_chance():
            game.sample_chance()
        else:
            game.apply(bots[game.current_player].choose(game))
    return game
