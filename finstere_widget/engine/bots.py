"""Bots: ``random``, ``greedy``, ``lookahead`` and ``mcts``. A bot is ``choose(game) ->
action`` for the player to act (pawn moves and placements; tile draws are chance,
:meth:`Game.sample_chance`). Every bot draws its chances from its own seeded
``random.Random``, so a game between bots is a pure function of the seeds.

* :class:`RandomBot` -- a random pawn not yet moved, then a random legal path (a random
  walk, :func:`random_path`; in the first round a random move onto the board, P10);
  random placements in the advanced game.
* :class:`GreedyBot` -- escapes whenever it can; otherwise scores every legal outcome of
  every pawn by progress towards the exit and, for the most promising ones, the danger of
  being taken in the coming monster phase, found by playing the engine's own monster turn
  for every tile still in the pile (:func:`eaten_probability`).
* :class:`LookaheadBot` -- escapes whenever it can; otherwise policy improvement over
  greedy through the coming monster phase: a screen (each promising outcome of every pawn
  followed by the monster's turn for every tile the pile can still give, weighted by its
  odds, the other pawns where they stand) keeps the best few, and each of those is played
  out -- the rest of the pawn phase by the greedy policy for every seat, then the
  monster's turn for every tile, weighted -- and the positions reached are scored for the
  whole side (:func:`evaluate`: escapes, progress, being able to leave next round, what
  the monster sees next, the opponents' standing). The screen alone (the expectimax with
  the pawns still to move where they stand) moved the rear pawns first and lost to greedy
  at 5-7 players (README, league).
* :class:`MCTSBot` -- Monte Carlo search with a *playout count* budget (reproducible from
  the seed) over the lookahead's best played-out candidates: each playout goes on from
  the candidate's rollout, guesses the hidden pile order (a shuffle of the tiles left),
  plays the monster's turn for the tile on top, the next pawn phase with a fast policy
  for every seat and the monster phase after it in expectation, and scores the position
  with :func:`evaluate`. Sequential halving spreads the budget (half the candidates
  dropped each round); the choice blends the playout mean with the lookahead's value.
  It searches the root level only (flat Monte Carlo; no tree below the root).

``make_bot("mcts:200")`` sets a bot's parameter (the playout budget of ``mcts``, the
candidate count of ``lookahead``, the ``top`` of ``greedy``); the name with its parameter is
what results and records show.
"""

from __future__ import annotations

import copy
import math
import random
from collections import Counter
from collections.abc import Mapping, Sequence

from .danger import eaten_probability
from .errors import BotError, shown
from .game import Action, Game, PawnMove, Phase
from .monster import Tile, monster_outcome, sees
from .moves import MoveOutcome, random_path
from .pieces import Pawn
from .position import Position
from .setup import legal_placements


class RandomBot:
    """Plays a random legal action."""

    name = "random"

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        if game.phase is Phase.PLACEMENT:
            return self.rng.choice(
                legal_placements(game.position, game.state.to_place, game.options)
            )
        pawns = game.movable_pawns()
        if not pawns:
            raise BotError("RandomBot: nothing to choose (chance node or game over)")
        pawn = self.rng.choice(pawns)
        if game.state.round == 1:  # P10: onto the board; the random walk may stay outside
            return PawnMove(pawn.id, self.rng.choice(game.pawn_moves(pawn.id)).path)
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
        if game.phase is Phase.PLACEMENT:
            return self.rng.choice(
                legal_placements(game.position, game.state.to_place, game.options)
            )
        position = game.position
        stage = position.stage
        scored: list[tuple[float, int, PawnMove, MoveOutcome]] = []
        k = 0
        for pawn in game.movable_pawns():
            next_value = pawn.dark if pawn.up == "light" else pawn.light
            for o in game.pawn_moves(pawn.id):
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
            raise BotError("GreedyBot: nothing to choose (chance node or game over)")
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


# --- evaluation ------------------------------------------------------------------------------

ESCAPED_VALUE = 100.0
BOARD_VALUE = 70.0  # a pawn on the exit square, before its way out and the bonus
STEP_VALUE = 2.5  # per square nearer the exit
READY_BONUS = 10.0  # the face up lets the pawn leave next round
EATEN_VALUE = -10.0  # out of the game (stage 2): worse than waiting outside
SEEN_PENALTY = 4.0  # the monster sees the pawn now (it will head for it)
OPPONENT_WEIGHT = 0.2  # how much the best opponent's standing counts against ours


def pawn_value(pawn: Pawn) -> float:
    """What a pawn is worth to its side: escaped 100; on the board 70 less 2.5 a square of
    the way left (x + y and the point to leave), +10 when its face up can take it out next
    round; outside like a square 27 points from leaving; out of the game -10."""
    at = pawn.at
    if at == "escaped":
        return ESCAPED_VALUE
    if at == "eaten":
        return EATEN_VALUE
    if isinstance(at, tuple):
        way = at[0] + at[1] + 1
        return BOARD_VALUE - STEP_VALUE * way + (READY_BONUS if pawn.value >= way else 0.0)
    return BOARD_VALUE - STEP_VALUE * (OUTSIDE_DISTANCE + 1)


def evaluate(
    position: Position,
    colour: str,
    opponents: Sequence[str] = (),
    unsettled: Mapping[str, Pawn] | None = None,
) -> float:
    """Static value of ``position`` for ``colour``: the sum of its pawns' values
    (:func:`pawn_value`), less a penalty for each of its pawns the monster sees now, less
    :data:`OPPONENT_WEIGHT` times the best opponent's own sum. ``unsettled`` (pawn id ->
    pawn) are pawns that will still move before the position is reached: they count as
    they stand there (their danger is theirs to avoid on their own move), not as the
    position has them."""
    sums: dict[str, float] = {c: 0.0 for c in (colour, *opponents)}
    for p in position.pawns:
        if p.player in sums:
            if unsettled and p.id in unsettled:
                p = unsettled[p.id]
            sums[p.player] += pawn_value(p)
    seen = sees(position)
    if seen:
        for p in position.pawns:
            if p.id in seen and p.player == colour and not (unsettled and p.id in unsettled):
                sums[colour] -= SEEN_PENALTY
    best_opp = max((sums[c] for c in opponents), default=0.0)
    return sums[colour] - OPPONENT_WEIGHT * best_opp


def tile_odds(game: Game) -> list[tuple[str, float]]:
    """The tiles the coming monster phase can draw, with their odds (M1; M2: while the
    first draw may not be a prey tile, only the numbers)."""
    left = list(game.tiles_left())
    if game._first_draw_applies(game.state):
        numbers = [t for t in left if Tile.parse(t, game.options).prey is None]
        left = numbers or left
    counts = Counter(left)
    total = len(left)
    return [(t, c / total) for t, c in counts.items()]


def _quick_score(o: MoveOutcome, pawn: Pawn) -> float:
    """Progress-only score of an outcome (no monster): for ordering candidates."""
    to = o.to
    if to == "escaped":
        return 1000.0
    if isinstance(to, tuple):
        way = to[0] + to[1] + 1
        nxt = pawn.dark if pawn.up == "light" else pawn.light
        return -STEP_VALUE * way + (READY_BONUS if nxt >= way else 0.0)
    return -STEP_VALUE * (OUTSIDE_DISTANCE + 1)


def escape_move(game: Game) -> PawnMove | None:
    """A move that takes a pawn of the side out of the fortress now (P4), if any: every bot
    but random takes it at once -- an escape is banked whatever the monster does, and the
    race to the escapes a win needs (S2) does not wait (held back for a round, it lost
    the lookahead games against greedy at 5 players: README, league)."""
    for pawn in game.movable_pawns():
        for o in game.pawn_moves(pawn.id):
            if o.to == "escaped":
                return PawnMove(pawn.id, o.path)
    return None


def candidates(game: Game, top: int) -> list[tuple[float, PawnMove, MoveOutcome]]:
    """Every legal outcome of every movable pawn, ordered by progress; the ``top`` best
    overall and the two best of each pawn (ties keep the engine's order)."""
    per_pawn: list[list[tuple[float, int, PawnMove, MoveOutcome]]] = []
    k = 0
    for pawn in game.movable_pawns():
        mine = []
        for o in game.pawn_moves(pawn.id):
            mine.append((_quick_score(o, pawn), k, PawnMove(pawn.id, o.path), o))
            k += 1
        mine.sort(key=lambda s: (-s[0], s[1]))
        per_pawn.append(mine)
    every = sorted((s for mine in per_pawn for s in mine), key=lambda s: (-s[0], s[1]))
    chosen = {s[1]: s for s in every[:top]}
    for mine in per_pawn:
        for s in mine[:2]:
            chosen.setdefault(s[1], s)
    return [(s[0], s[2], s[3]) for s in sorted(chosen.values(), key=lambda s: (-s[0], s[1]))]


#: the lookahead's rollouts: how many of its screened candidates are played out, and the
#: ``top`` of the greedy policy that plays every seat in them
ROLLOUT_WIDTH = 6
ROLLOUT_TOP = 2


class LookaheadBot:
    """Policy improvement over greedy, through the coming monster phase (see the module
    docstring).

    First a screen: each of the ``top`` candidate outcomes (by progress, plus each pawn's
    two best) gets the expectimax value of the coming monster phase with the other pawns
    where they stand (:meth:`values`). Then the ``width`` best are played out
    (:meth:`rollout`): the rest of the pawn phase by the greedy policy for every seat,
    then the monster's turn for every tile the pile can give, weighted by its odds, and
    :func:`evaluate` of the positions reached. The best played-out value is chosen. A pawn
    that can leave the fortress leaves at once (:func:`escape_move`).
    """

    name = "lookahead"

    def __init__(
        self, seed: int | str | None = None, top: int = 10, width: int = ROLLOUT_WIDTH
    ) -> None:
        self.rng = random.Random(seed)
        self.top = top
        self.width = width
        self.policy = GreedyBot(seed, top=ROLLOUT_TOP)

    def values(self, game: Game) -> list[tuple[float, PawnMove, MoveOutcome]]:
        """The screen: the candidates with their expected values over the coming monster
        phase, the other pawns where they stand (and their outcomes), best first."""
        colour = game.colours[game.current_player]
        opponents = [c for c in game.colours if c != colour]
        odds = tile_odds(game)
        moved = game.state.moved
        out: list[tuple[float, int, PawnMove, MoveOutcome]] = []
        for k, (_, action, o) in enumerate(candidates(game, self.top)):
            position = o.position
            # the pawns still to move this phase (not this one) are scored where they
            # stand: the monster comes after their moves, which will change their danger
            unsettled = {
                p.id: p
                for p in position.pawns
                if p.id not in moved and p.id != action.pawn and p.at not in ("escaped", "eaten")
            }
            value = 0.0
            for tile, p in odds:
                after = monster_outcome(position, tile, game.options)[0]
                value += p * evaluate(after, colour, opponents, unsettled)
            out.append((value, k, action, o))
        out.sort(key=lambda v: (-v[0], v[1]))
        return [(v, a, o) for v, _, a, o in out]

    def rollout(self, game: Game, action: PawnMove) -> tuple[float, Game]:
        """``action`` played out: the rest of the pawn phase by the greedy policy for every
        seat (on a copy of ``game``), then the coming monster phase in expectation over
        the tiles; the value for the side to move and the game at the monster's draw."""
        colour = game.colours[game.current_player]
        opponents = [c for c in game.colours if c != colour]
        g = fork(game, self.rng)
        g.apply(action)
        while not g.is_terminal() and not g.is_chance():
            g.apply(self.policy.choose(g))
        return expected_value(g, colour, opponents), g

    def ranked(self, game: Game) -> list[tuple[float, PawnMove, Game]]:
        """The screen's ``width`` best candidates played out, best first (ties: the
        screen's order)."""
        screened = self.values(game)[: max(1, self.width)]
        played = []
        for k, (_, action, _) in enumerate(screened):
            value, end = self.rollout(game, action)
            played.append((value, k, action, end))
        played.sort(key=lambda v: (-v[0], v[1]))
        return [(v, a, g) for v, _, a, g in played]

    def choose(self, game: Game) -> Action:
        if game.phase is Phase.PLACEMENT:
            return self.rng.choice(
                legal_placements(game.position, game.state.to_place, game.options)
            )
        if not game.movable_pawns():
            raise BotError("LookaheadBot: nothing to choose (chance node or game over)")
        escape = escape_move(game)
        if escape is not None:
            return escape
        return self.ranked(game)[0][1]


def expected_value(game: Game, colour: str, opponents: Sequence[str]) -> float:
    """:func:`evaluate` for ``colour`` of ``game`` after its coming monster phase, in
    expectation over the tiles (:func:`tile_odds`); of the position itself when the game
    is over or no tile is due."""
    if game.is_terminal() or not game.is_chance():
        return evaluate(game.position, colour, opponents)
    value = 0.0
    for tile, p in tile_odds(game):
        after = monster_outcome(game.position, tile, game.options)[0]
        value += p * evaluate(after, colour, opponents)
    return value


def _rush(game: Game, rng: random.Random) -> PawnMove:
    """The playout policy (cheap: one pawn's outcomes): a random pawn of the side to move;
    it escapes when it can, else goes as near the exit as it can (give or take a square,
    at random)."""
    pawns = game.movable_pawns()
    pawn = pawns[rng.randrange(len(pawns))]
    best: tuple[str, ...] = ()
    top = -1e9
    rand = rng.random
    for o in game.pawn_moves(pawn.id):  # P10 in the first round
        to = o.to
        if to == "escaped":
            return PawnMove(pawn.id, o.path)
        score = (-float(to[0] + to[1]) if isinstance(to, tuple) else -30.0) + 2.0 * rand()
        if score > top:
            top, best = score, o.path
    return PawnMove(pawn.id, best)


def fork(game: Game, rng: random.Random) -> Game:
    """A copy of ``game`` to play on (the original is untouched), its hidden pile order
    replaced by a random guess: the bot does not peek at the shuffle."""
    g = copy.copy(game)
    st = game.state
    pile = list(st.pile)
    rng.shuffle(pile)
    g._states = [st._replace(pile=tuple(pile))]
    g.history = []
    return g


class MCTSBot:
    """Monte Carlo search with a budget of ``playouts`` per decision (see the module
    docstring): sequential halving over the lookahead's ``width`` best played-out
    candidates, each playout one round deeper than the lookahead looks."""

    name = "mcts"

    def __init__(
        self, seed: int | str | None = None, playouts: int = 48, width: int = 4, prior: float = 4.0
    ) -> None:
        self.rng = random.Random(seed)
        self.playouts = playouts
        self.width = width
        self.prior = prior  # the lookahead's value counts as this many playouts
        self.lookahead = LookaheadBot(seed)

    def playout(self, game: Game, end: Game, colour: str) -> float:
        """One playout from ``end`` (the lookahead's rollout of a candidate, at the
        monster's draw): the hidden pile order guessed, the monster's turn for the tile
        on top, the next pawn phase by the fast policy for every seat, then the monster
        phase after it in expectation over the tiles, scored for ``colour``."""
        opponents = [c for c in game.colours if c != colour]
        g = fork(end, self.rng)
        if g.is_chance():
            g.sample_chance()
        while not g.is_terminal() and not g.is_chance():
            g.apply(_rush(g, self.rng))
        return expected_value(g, colour, opponents)

    def choose(self, game: Game) -> Action:
        if game.phase is Phase.PLACEMENT:
            return self.rng.choice(
                legal_placements(game.position, game.state.to_place, game.options)
            )
        if not game.movable_pawns():
            raise BotError("MCTSBot: nothing to choose (chance node or game over)")
        escape = escape_move(game)
        if escape is not None:
            return escape  # a pawn can leave: nothing to search
        ranked = self.lookahead.ranked(game)
        arms = ranked[: min(self.width, self.playouts)]
        if len(arms) <= 1:
            return ranked[0][1]
        colour = game.colours[game.current_player]
        totals = [0.0] * len(arms)
        counts = [0] * len(arms)
        alive = list(range(len(arms)))
        rounds = max(1, math.ceil(math.log2(len(arms))))
        budget = self.playouts
        for r in range(rounds):
            share = max(1, budget // (len(alive) * (rounds - r)))
            for i in alive:
                for _ in range(min(share, budget)):
                    totals[i] += self.playout(game, arms[i][2], colour)
                    counts[i] += 1
                    budget -= 1
            alive.sort(key=lambda i: (-self._score(arms[i][0], totals[i], counts[i]), i))
            alive = alive[: max(1, len(alive) // 2)]
        best = min(alive, key=lambda i: (-self._score(arms[i][0], totals[i], counts[i]), i))
        return arms[best][1]

    def _score(self, prior: float, total: float, count: int) -> float:
        return (self.prior * prior + total) / (self.prior + count)


AnyBot = RandomBot | GreedyBot | LookaheadBot | MCTSBot

BOTS: dict[str, type[AnyBot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "lookahead": LookaheadBot,
    "mcts": MCTSBot,
}


def make_bot(name: str, seed: int | str | None = None) -> AnyBot:
    """A bot by name, optionally with its parameter: ``mcts:200`` (playouts),
    ``lookahead:6`` (candidates played out), ``greedy:6`` (outcomes checked for danger)."""
    if not isinstance(name, str):
        raise BotError("unknown bot {name} (one of {bots})", name=shown(name), bots=", ".join(BOTS))
    base, _, param = name.partition(":")
    try:
        cls = BOTS[base]
    except KeyError:
        raise BotError(
            "unknown bot {name} (one of {bots}; mcts:N sets the playouts)",
            name=shown(name),
            bots=", ".join(BOTS),
        ) from None
    if not param:
        return cls(seed)
    if (
        base == "random"
        or not param.isascii()
        or not param.isdigit()
        or len(param) > 5
        or not 0 < int(param) <= 10_000
    ):
        raise BotError(
            "bot {name}: the parameter after ':' is a whole number 1-10000 (mcts: playouts, lookahead: candidates, greedy: outcomes checked); random takes none",
            name=shown(name),
        )
    n = int(param)
    if cls is MCTSBot:
        return MCTSBot(seed, playouts=n)
    if cls is LookaheadBot:
        return LookaheadBot(seed, width=n)
    return GreedyBot(seed, top=n)


def play_game(game: Game, bots: Sequence[AnyBot]) -> Game:
    """Play ``game`` to the end: ``bots[seat]`` chooses for each seat, chance by the pile."""
    while not game.is_terminal():
        if game.is_chance():
            game.sample_chance()
        else:
            game.apply(bots[game.current_player].choose(game))
    return game
