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
  at 5-7 players (docs/bots.md, "Why the old lookahead lost to greedy at 5-7 players").
* :class:`MCTSBot` -- Monte Carlo tree search with an *iteration count* budget
  (reproducible from the seed; a time budget may be added). The nodes are the decisions
  of whichever seat acts (one pawn move each: the pawn phase is many decisions of many
  seats) and the monster's draws. Values are vectors, one per colour (:func:`evaluate`
  for each), and the seat to act picks by its own (max^n): UCT on its colour's mean,
  with progressive widening -- a node takes one more child as its visits grow (1 +
  sqrt(visits) children, in the order of :func:`ordered_moves`: progress less the danger
  of the coming monster phase), so the tree stays narrow at small budgets. At a chance
  node the tile is drawn afresh every iteration by its odds (the hidden pile guessed, the
  real order never looked at), children keyed by the tile, so the statistics below follow
  the tile odds. A new node is scored by a rollout: the rest of its pawn phase by a fast
  policy for every seat, then the monster phase after it in expectation over the tiles;
  a node at the start of a pawn phase (after a tile) as it stands. What a node passes up
  is its best child's mean for the seat to act at a decision, and its tiles' means
  weighted by their odds at the monster's draw (a mean of every iteration instead scored
  a pawn that survived next to the monster, whose moves are mostly fatal, below one
  already taken: the search threw pawns away that the lookahead kept, tests/test_mcts_horizon.py).
  The root's children are the lookahead's played-out candidates, their values counted as
  prior visits; the choice is the child with the best blended value.

``make_bot("mcts:200")`` sets a bot's parameter (the iteration budget of ``mcts``, the
candidate count of ``lookahead``, the ``top`` of ``greedy``); the name with its parameter is
what results and records show.
"""

from __future__ import annotations

import copy
import heapq
import math
import random
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ..engine.board import INDEX
from ..engine.errors import BotError, IllegalMoveError, shown
from ..engine.game import CHANCE, TERMINAL, Action, DrawTile, Game, GameState, PawnMove, Phase
from ..engine.monster import SIGHT_LINES, monster_outcomes
from ..engine.moves import MoveOutcome, Place, path_towards_exit, random_path
from ..engine.pieces import Pawn
from ..engine.position import Position
from ..engine.setup import legal_placements
from .danger import eaten_probability

#: the largest count a bot's parameter takes (top, width, playouts), as ``make_bot`` says
MAX_PARAM = 10_000
#: the most playouts ``make_bot("mcts:N")`` takes: one decision within about a second
#: (benchmarks/bench_bots.py: a playout costs 1-2 ms); more is a time budget, ``seconds``
MAX_PLAYOUTS = 400


def _check_bot(bot: str, seed: Any, **counts: tuple[Any, int]) -> None:
    """A bot's seed and its counts (``name=(value, least)``), checked where it is made:
    ``top=0`` failed an assertion only when the bot chose, ``playouts="5"`` a TypeError."""
    if seed is not None and type(seed) not in (int, str):  # random.Random's TypeError before
        raise BotError(
            "bot {name}: seed {seed}: expected a whole number, a text or None",
            name=bot,
            seed=shown(seed),
        )
    for name, (value, least) in counts.items():
        if type(value) is not int or not least <= value <= MAX_PARAM:
            raise BotError(
                "bot {bot}: {name} is a whole number {low}-{high}, got {value}",
                bot=bot,
                name=name,
                low=least,
                high=MAX_PARAM,
                value=shown(value),
            )


class RandomBot:
    """Plays a random legal action."""

    name = "random"

    def __init__(self, seed: int | str | None = None) -> None:
        _check_bot(self.name, seed)
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        if game.phase is Phase.PLACEMENT:
            return self.rng.choice(
                legal_placements(game.position, game.state.to_place, game.options)
            )
        pawns = game.movable_pawns()
        if not pawns:
            raise BotError("{bot}: nothing to choose (chance node or game over)", bot="RandomBot")
        pawn = self.rng.choice(pawns)
        if game.state.round == 1:  # P10: onto the board; the random walk may stay outside
            return PawnMove(pawn.id, self.rng.choice(game.pawn_moves(pawn.id)).path)
        return PawnMove(pawn.id, random_path(game.position, pawn.id, self.rng, game.options))


#: Manhattan distance to the exit (0, 0) is x + y; from outside: entrance + the IN point.
OUTSIDE_DISTANCE = 15 + 10 + 1


class GreedyBot:
    """Escape first; else the best progress that the monster is unlikely to punish.

    score = -10 * distance to the exit (+25 if the pawn's next value lets it escape next
    round) - P(taken this monster phase) * what being taken costs (stage 1: the way back
    from outside; stage 2: the pawn). The danger is computed for the ``top`` best outcomes
    by progress only (each costs one monster turn per distinct tile the coming draw can
    give, :meth:`Game.drawable_tiles`, weighted by its odds).
    """

    name = "greedy"

    def __init__(self, seed: int | str | None = None, top: int = 6) -> None:
        _check_bot(self.name, seed, top=(top, 1))
        self.rng = random.Random(seed)
        self.top = top

    def choose(self, game: Game) -> Action:
        if game.phase is Phase.PLACEMENT:
            return self.rng.choice(
                legal_placements(game.position, game.state.to_place, game.options)
            )
        return self._pick(game)[0]

    def _pick(self, game: Game) -> tuple[PawnMove, MoveOutcome]:
        """:meth:`choose` in a pawn phase: the move and its outcome (for the lookahead's
        rollouts, which play it without walking it again, :meth:`Game._play`)."""
        position = game.position
        stage = position.stage
        # (-score, k, outcome): the best first, ties in the engine's order
        scored: list[tuple[float, int, MoveOutcome]] = []
        k = 0
        outside = 10.0 * OUTSIDE_DISTANCE
        for pawn in game.movable_pawns():
            next_value = pawn.dark if pawn.up == "light" else pawn.light
            for o in game.pawn_moves(pawn.id):
                to = o.to
                if to.__class__ is tuple:
                    dist = to[0] + to[1]
                    scored.append((10.0 * dist - (25.0 if next_value > dist else 0.0), k, o))
                elif to == "escaped":
                    return PawnMove(pawn.id, o.path), o
                else:
                    scored.append((outside, k, o))
                k += 1
        if not scored:
            raise BotError("{bot}: nothing to choose (chance node or game over)", bot="GreedyBot")
        tiles = game.drawable_tiles()  # M2: not a prey tile first
        best: tuple[float, int, PawnMove, MoveOutcome] | None = None
        for neg, k, o in heapq.nsmallest(self.top, scored):
            score = -neg
            if best is not None and score <= best[0]:
                break  # the danger only lowers a score: none of the rest can do better
            final = score
            action = PawnMove(o.pawn, o.path)
            to = o.to
            if isinstance(to, tuple):
                dist = to[0] + to[1]
                cost = 10.0 * (OUTSIDE_DISTANCE - dist) if stage == 1 else 400.0
                p = eaten_probability(o.position, action.pawn, tiles, game.options)
                final -= p * cost
            if best is None or final > best[0]:
                best = (final, k, action, o)
        assert best is not None
        return best[2], best[3]


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


_BLOCKS = object()  # a stone that blocks sight, in :func:`seen_by_monster`'s table


def _sight_table(position: Position) -> dict[int, object]:
    """What stands in the monster's sight, by board index: the stones that block it
    (:data:`_BLOCKS`) and the pawns on the board (their ids)."""
    what: dict[int, object] = {}
    for stone in position.stones:
        if stone.kind.blocks_sight:
            what[INDEX[stone.at]] = _BLOCKS
    for p in position.pawns:
        if p.at.__class__ is tuple:
            what[INDEX[p.at]] = p.id
    return what


def _seen_in(what: dict[int, object], position: Position) -> set[str]:
    """The ids of the pawns the monster of ``position`` sees, ``what`` its sight table."""
    seen = set()
    m = position.monster
    for line in SIGHT_LINES[m.facing][INDEX[m.at]]:
        for j in line.indices:
            v = what.get(j)
            if v is not None:
                if v is not _BLOCKS:
                    seen.add(v)
                break
    return seen  # type: ignore[return-value]


def seen_by_monster(position: Position) -> set[str]:
    """:func:`~finstere_widget.engine.monster.sees` for the bots' own positions (valid,
    built by the engine): the ids of the pawns the monster sees (M4), from a table of the
    few squares with something on them instead of the whole board's."""
    return _seen_in(_sight_table(position), position)


def _sums(
    pawns: Sequence[Pawn],
    colour: str,
    opponents: Sequence[str],
    unsettled: Mapping[str, Pawn] | None,
) -> tuple[dict[str, float], list[str]]:
    """:func:`evaluate`'s first half: each side's sum of its pawns' values, and the ids of
    the side's settled pawns on the board (the ones the monster may see)."""
    sums: dict[str, float] = dict.fromkeys((colour, *opponents), 0.0)
    mine_on_board = []
    for p in pawns:
        player = p.player
        if player in sums:
            if unsettled and p.id in unsettled:
                p = unsettled[p.id]
            at = p.at
            if at.__class__ is tuple:  # pawn_value, inlined: the bots call this a lot
                if player == colour and not (unsettled and p.id in unsettled):
                    mine_on_board.append(p.id)
                way = at[0] + at[1] + 1
                up = p.light if p.up == "light" else p.dark
                sums[player] += BOARD_VALUE - STEP_VALUE * way + (READY_BONUS if up >= way else 0.0)
            else:
                sums[player] += pawn_value(p)
    return sums, mine_on_board


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
    sums, mine_on_board = _sums(position.pawns, colour, opponents, unsettled)
    mine = sums[colour]
    if mine_on_board:
        seen = seen_by_monster(position)
        if seen:
            mine -= SEEN_PENALTY * sum(1 for pid in mine_on_board if pid in seen)
    best_opp = max((sums[c] for c in opponents), default=0.0)
    return mine - OPPONENT_WEIGHT * best_opp


def _evaluate_tiles(
    walked: Mapping[str, tuple[Position, tuple[str, ...]]],
    odds: Sequence[tuple[str, float]],
    colour: str,
    opponents: Sequence[str],
    unsettled: Mapping[str, Pawn] | None = None,
) -> float:
    """``sum(p * evaluate(walked[tile][0], colour, opponents, unsettled) for tile, p in
    odds)``, the same number to the last bit (the same sums in the same order), with the
    work the tiles share done once: the tiles whose turn moved no pawn (or stopped on the
    same step) share their pawns, so their sums; those that also moved no stone share the
    monster's sight table, and only its look differs."""
    value = 0.0
    by_pawns: dict[int, tuple[dict[str, float], list[str]]] = {}
    tables: dict[tuple[int, int], dict[int, object]] = {}
    for tile, p in odds:
        position = walked[tile][0]
        pawns = position.pawns  # kept alive by ``walked``: its id is its identity here
        got = by_pawns.get(id(pawns))
        if got is None:
            got = by_pawns[id(pawns)] = _sums(pawns, colour, opponents, unsettled)
        sums, mine_on_board = got
        mine = sums[colour]
        if mine_on_board:
            key = (id(position.stones), id(pawns))
            what = tables.get(key)
            if what is None:
                what = tables[key] = _sight_table(position)
            seen = _seen_in(what, position)
            if seen:
                mine -= SEEN_PENALTY * sum(1 for pid in mine_on_board if pid in seen)
        best_opp = max((sums[c] for c in opponents), default=0.0)
        value += p * (mine - OPPONENT_WEIGHT * best_opp)
    return value


def tile_odds(game: Game) -> list[tuple[str, float]]:
    """The tiles the coming monster phase can draw, with their odds (M1; M2: while the
    first draw may not be a prey tile, only the numbers)."""
    left = game.drawable_tiles()
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


def escape_move(
    game: Game, moves: Sequence[tuple[Pawn, Sequence[MoveOutcome]]] | None = None
) -> PawnMove | None:
    """A move that takes a pawn of the side out of the fortress now (P4), if any: every bot
    but random takes it at once -- an escape is banked whatever the monster does, and the
    race to the escapes a win needs (S2) does not wait (held back for a round, it lost
    the lookahead games against greedy at 5 players: docs/bots.md). ``moves``: the
    movable pawns with their outcomes, if already found (:func:`pawn_outcomes`)."""
    for pawn, outcomes in pawn_outcomes(game) if moves is None else moves:
        for o in outcomes:
            if o.to == "escaped":
                return PawnMove(pawn.id, o.path)
    return None


def before_search(
    game: Game, rng: random.Random, bot: str
) -> tuple[Action | None, list[tuple[Pawn, list[MoveOutcome]]]]:
    """What the searching bots choose without searching: a random placement (A1), or a move
    that takes a pawn out (:func:`escape_move`), else ``None`` with the movable pawns'
    outcomes to search; a :class:`BotError` naming ``bot`` when it has nothing to choose."""
    if game.phase is Phase.PLACEMENT:
        placements = legal_placements(game.position, game.state.to_place, game.options)
        return rng.choice(placements), []
    if not game.movable_pawns():
        raise BotError("{bot}: nothing to choose (chance node or game over)", bot=bot)
    moves = pawn_outcomes(game)
    return escape_move(game, moves), moves


def pawn_outcomes(game: Game) -> list[tuple[Pawn, list[MoveOutcome]]]:
    """Every movable pawn of the side to move with its legal outcomes (one search each)."""
    return [(pawn, game.pawn_moves(pawn.id)) for pawn in game.movable_pawns()]


def candidates(
    game: Game, top: int, moves: Sequence[tuple[Pawn, Sequence[MoveOutcome]]] | None = None
) -> list[tuple[float, PawnMove, MoveOutcome]]:
    """Every legal outcome of every movable pawn, ordered by progress; the ``top`` best
    overall and the two best of each pawn (ties keep the engine's order). ``moves``: the
    movable pawns with their outcomes, if already found (:func:`pawn_outcomes`)."""
    per_pawn: list[list[tuple[float, int, PawnMove, MoveOutcome]]] = []
    k = 0
    for pawn, outcomes in pawn_outcomes(game) if moves is None else moves:
        mine = []
        for o in outcomes:
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
#: the most players at which the lookahead's rollouts share their replies by default
#: (:meth:`LookaheadBot.ranked`)
SHARE_MAX_PLAYERS = 5
ROLLOUT_TOP = 2

#: the rollouts' memos: the greedy policy's choice and the value at the monster's draw,
#: by everything they read of the game (both pure functions of it). The seats' lookaheads
#: meet the same states again -- the next seat's first rollout often replays the reply the
#: last seat's rollout found for it -- so the memos are shared, and emptied when full.
_MEMO_SIZE = 4096
_POLICY_MEMO: dict[tuple[Any, ...], tuple[PawnMove, tuple[Place, Position]]] = {}
_VALUE_MEMO: dict[tuple[Any, ...], float] = {}


def _policy_key(game: Game, top: int) -> tuple[Any, ...]:
    """What :meth:`GreedyBot.choose` reads of ``game`` in a pawn phase: the position, who
    is to move and who has moved (T2, P10), the tiles the coming draw can give (M1, M2),
    the seats' colours and the rule options; and its ``top``."""
    st = game.state
    return (
        st.position,
        st.to_move,
        st.round,
        st.moved,
        st.moves_made,
        game.drawable_tiles(),
        tuple(game.colours),
        game.options,
        top,
    )


def _memo(memo: dict[tuple[Any, ...], Any], key: tuple[Any, ...], value: Any) -> None:
    if len(memo) >= _MEMO_SIZE:
        memo.clear()
    memo[key] = value


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
        self,
        seed: int | str | None = None,
        top: int = 10,
        width: int = ROLLOUT_WIDTH,
        share: bool | None = None,
    ) -> None:
        _check_bot(self.name, seed, top=(top, 1), width=(width, 1))
        #: the rollouts share their replies: always (True), never (False), or (None) in
        #: games of at most SHARE_MAX_PLAYERS players
        self.share = share if isinstance(share, bool) else None
        self.rng = random.Random(seed)
        self.top = top
        self.width = width
        self.policy = GreedyBot(seed, top=ROLLOUT_TOP)

    def values(
        self, game: Game, moves: Sequence[tuple[Pawn, Sequence[MoveOutcome]]] | None = None
    ) -> list[tuple[float, PawnMove, MoveOutcome]]:
        """The screen: the candidates with their expected values over the coming monster
        phase, the other pawns where they stand (and their outcomes), best first.
        ``moves``: the movable pawns with their outcomes, if already found."""
        colour = game.colours[game.current_player]
        opponents = [c for c in game.colours if c != colour]
        odds = tile_odds(game)
        tiles = [t for t, _ in odds]
        moved = game.state.moved
        out: list[tuple[float, int, PawnMove, MoveOutcome]] = []
        for k, (_, action, o) in enumerate(candidates(game, self.top, moves)):
            position = o.position
            # the pawns still to move this phase (not this one) are scored where they
            # stand: the monster comes after their moves, which will change their danger
            unsettled = {
                p.id: p
                for p in position.pawns
                if p.id not in moved and p.id != action.pawn and p.at not in ("escaped", "eaten")
            }
            walked = monster_outcomes(position, game.options, tiles)  # one walk, every tile
            value = _evaluate_tiles(walked, odds, colour, opponents, unsettled)
            out.append((value, k, action, o))
        out.sort(key=lambda v: (-v[0], v[1]))
        return [(v, a, o) for v, _, a, o in out]

    def rollout(
        self,
        game: Game,
        action: PawnMove,
        replies: Sequence[PawnMove] = (),
        outcome: MoveOutcome | None = None,
    ) -> tuple[float, Game, list[PawnMove]]:
        """``action`` played out: the rest of the pawn phase by the greedy policy for every
        seat (on a copy of ``game``), then the coming monster phase in expectation over
        the tiles; the value for the side to move, the game at the monster's draw and
        the replies played. ``replies`` (another candidate's) are played again, each
        where it is still a legal move of the seat to act, the greedy policy where not.
        ``outcome``: ``action``'s outcome, if known. The copy is played by the game's
        fast path (:meth:`Game._play`: no history), the policy's choices through a memo."""
        colour = game.colours[game.current_player]
        opponents = [c for c in game.colours if c != colour]
        g = fork(game, self.rng)
        g._play(action, None if outcome is None else (outcome.to, outcome.position))
        played: list[PawnMove] = []
        shared = iter(replies)
        top = self.policy.top
        while not g.is_terminal() and not g.is_chance():
            reply = next(shared, None)
            if reply is not None:
                try:
                    g._play(reply)
                except IllegalMoveError:
                    pass  # this one by the policy; the next may still be legal
                else:
                    played.append(reply)
                    continue
            key = _policy_key(g, top)
            got = _POLICY_MEMO.get(key)
            if got is None:
                reply, o = self.policy._pick(g)
                got = (reply, (o.to, o.position))
                _memo(_POLICY_MEMO, key, got)
            g._play(*got)
            played.append(got[0])
        return _expected_value(g, colour, opponents), g, played

    def ranked(
        self, game: Game, moves: Sequence[tuple[Pawn, Sequence[MoveOutcome]]] | None = None
    ) -> list[tuple[float, PawnMove, Game]]:
        """The screen's ``width`` best candidates played out, best first (ties: the
        screen's order). The rollouts share the replies: the first candidate's rollout
        finds them by the greedy policy, the others play them again as long as they are
        legal (:meth:`rollout`; ``share=False``: every rollout by the policy alone). By
        default they share in games of at most :data:`SHARE_MAX_PLAYERS` players: with
        more, more seats reply between a pawn's move and the monster, a reply found for
        another candidate is more often not the one the policy would play, and the league
        measured the shared lookahead no better than greedy at 6 and 7 players (docs/bots.md)."""
        screened = self.values(game, moves)[: max(1, self.width)]
        share = self.share if self.share is not None else game.n <= SHARE_MAX_PLAYERS
        played = []
        replies: list[PawnMove] = []
        for k, (_, action, o) in enumerate(screened):
            value, end, found = self.rollout(game, action, replies if share else (), o)
            if not replies:
                replies = found
            played.append((value, k, action, end))
        played.sort(key=lambda v: (-v[0], v[1]))
        return [(v, a, g) for v, _, a, g in played]

    def choose(self, game: Game) -> Action:
        chosen, moves = before_search(game, self.rng, "LookaheadBot")
        if chosen is not None:
            return chosen
        return self.ranked(game, moves)[0][1]


def expected_value(game: Game, colour: str, opponents: Sequence[str]) -> float:
    """:func:`evaluate` for ``colour`` of ``game`` after its coming monster phase, in
    expectation over the tiles (:func:`tile_odds`); of the position itself when the game
    is over or no tile is due."""
    if game.is_terminal() or not game.is_chance():
        return evaluate(game.position, colour, opponents)
    odds = tile_odds(game)
    walked = monster_outcomes(game.position, game.options, [t for t, _ in odds])
    return _evaluate_tiles(walked, odds, colour, opponents)


def _expected_value(game: Game, colour: str, opponents: Sequence[str]) -> float:
    """:func:`expected_value` through the shared memo (a rollout's end at the monster's
    draw is often another's: the next seat's rollouts replay the last seat's)."""
    if game.is_terminal() or not game.is_chance():
        return evaluate(game.position, colour, opponents)
    key = (game.position, game.drawable_tiles(), colour, tuple(opponents), game.options)
    value = _VALUE_MEMO.get(key)
    if value is None:
        value = expected_value(game, colour, opponents)
        _memo(_VALUE_MEMO, key, value)
    return value


def _rush(game: Game, rng: random.Random) -> PawnMove:
    """The playout policy (cheap: one directed walk, no search of every outcome): a random
    pawn of the side to move walks greedily towards the exit and out
    (:func:`~finstere_widget.engine.moves.path_towards_exit`). In the first round a pawn
    that the walk leaves outside takes the move onto the board nearest the exit, if it
    has one (P10)."""
    pawns = game.movable_pawns()
    pawn = pawns[rng.randrange(len(pawns))]
    path = path_towards_exit(game.position, pawn.id, rng, game.options)
    if not path and game.state.round == 1 and pawn.at == "outside":  # P10
        best: tuple[str, ...] = ()
        top = -1e9
        for o in game.pawn_moves(pawn.id):
            to = o.to
            score = -float(to[0] + to[1]) if isinstance(to, tuple) else -30.0
            if score > top:
                top, best = score, o.path
        path = best
    return PawnMove(pawn.id, path)


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


def _values(position: Position, colours: Sequence[str]) -> list[float]:
    """:func:`evaluate` of ``position`` for every colour at once, in the order of
    ``colours`` (one pass over the pawns, one look of the monster): the value vector the
    tree search backs up."""
    sums = dict.fromkeys(colours, 0.0)
    seen_penalty = dict.fromkeys(colours, 0.0)
    for p in position.pawns:
        if p.player in sums:
            sums[p.player] += pawn_value(p)
    seen = seen_by_monster(position)
    if seen:
        for p in position.pawns:
            if p.id in seen and p.player in sums:
                seen_penalty[p.player] += SEEN_PENALTY
    out = []
    for c in colours:
        best_opp = max((v for o, v in sums.items() if o != c), default=0.0)
        out.append(sums[c] - seen_penalty[c] - OPPONENT_WEIGHT * best_opp)
    return out


def expected_values(game: Game) -> list[float]:
    """:func:`expected_value` for every seat's colour at once (seat order)."""
    colours = game.colours
    if game.is_terminal() or not game.is_chance():
        return _values(game.position, colours)
    total = [0.0] * len(colours)
    odds = tile_odds(game)
    walked = monster_outcomes(game.position, game.options, [t for t, _ in odds])
    for tile, p in odds:
        for i, v in enumerate(_values(walked[tile][0], colours)):
            total[i] += p * v
    return total


def ordered_moves(game: Game, top: int = 6) -> list[PawnMove]:
    """The moves a tree node below the root widens over, most promising first: the
    :func:`candidates` (escapes first), each scored by its progress less the chance of
    being taken in the coming monster phase (:func:`eaten_probability`) times what being
    taken costs (stage 1: the way back from outside; stage 2: the pawn)."""
    tiles = game.drawable_tiles()  # M2: not a prey tile first
    stage = game.position.stage
    scored = []
    for k, (score, action, o) in enumerate(candidates(game, top)):
        if isinstance(o.to, tuple):
            way = o.to[0] + o.to[1]
            cost = STEP_VALUE * (OUTSIDE_DISTANCE - way) if stage == 1 else BOARD_VALUE
            score -= eaten_probability(o.position, action.pawn, tiles, game.options) * cost
        scored.append((score, k, action))
    scored.sort(key=lambda s: (-s[0], s[1]))
    return [a for _, _, a in scored]


class Node:
    """A node of :class:`MCTSBot`'s tree: the game state it stands for; a decision point
    of the seat to act (``seat`` >= 0: ``moves`` the actions it widens over, best first,
    ``children`` by action), a chance node at the monster's draw (``seat`` == -1:
    ``children`` by the tile drawn, ``odds`` the tiles' chances) or the end of the game
    (``seat`` == -2). ``visits`` and ``totals`` (the backed-up values summed, one per
    seat's colour) are its statistics; ``prior`` is a value for the root's player that
    counts as ``weight`` visits (on the root's children: the lookahead's played-out
    value)."""

    __slots__ = (
        "state",
        "seat",
        "moves",
        "children",
        "odds",
        "visits",
        "totals",
        "prior",
        "weight",
    )

    def __init__(self, game: Game, prior: float = 0.0, weight: float = 0.0) -> None:
        self.state = game.state
        self.seat = game.current_player  # CHANCE (-1) or TERMINAL (-2) if not a seat
        self.moves: list[PawnMove] = []
        self.children: dict[PawnMove | str, Node] = {}
        self.odds: dict[str, float] = {}
        self.visits = 0
        self.totals = [0.0] * game.n
        self.prior = prior
        self.weight = weight

    def value(self, seat: int) -> float:
        """The mean backed-up value for ``seat``'s colour, the prior blended in."""
        n = self.weight + self.visits
        return (self.weight * self.prior + self.totals[seat]) / n if n else 0.0

    def backed_up(self, values: list[float]) -> list[float]:
        """The value vector this node passes up to its parent, ``values`` that of the
        iteration's new node below it: at a decision, the mean of its best child for the
        seat to act (max^n: the moves tried and found worse do not drag the position
        down); at the monster's draw, the means of the tiles drawn so far weighted by
        their odds (not by how often the iterations happened to draw them); at a new
        node, ``values`` itself."""
        tried = [(k, c) for k, c in self.children.items() if c.visits]
        if not tried:
            return values
        if self.seat >= 0:
            seat = self.seat
            best = max((c for _, c in tried), key=lambda c: c.totals[seat] / c.visits)
            return [t / best.visits for t in best.totals]
        odds = self.odds
        weight = sum(odds[k] for k, _ in tried if isinstance(k, str))
        out = [0.0] * len(values)
        for k, c in tried:
            assert isinstance(k, str)
            w = odds[k] / (weight * c.visits)
            for i, t in enumerate(c.totals):
                out[i] += w * t
        return out


class MCTSBot:
    """Monte Carlo tree search with a budget of ``playouts`` iterations per decision (see
    the module docstring); ``seconds`` (optional, not reproducible) also stops the search
    when that much time has passed."""

    name = "mcts"

    def __init__(
        self,
        seed: int | str | None = None,
        playouts: int = 48,
        width: int = ROLLOUT_WIDTH,
        prior: float = 2.0,
        explore: float = 6.0,
        top: int = 6,
        seconds: float | None = None,
    ) -> None:
        # playouts=0: the lookahead's choice
        _check_bot(self.name, seed, playouts=(playouts, 0), width=(width, 1), top=(top, 1))
        self.rng = random.Random(seed)
        self.playouts = playouts
        self.width = width
        self.prior = prior  # the lookahead's value counts as this many visits
        self.explore = explore  # UCT's constant, in evaluate's points
        self.top = top  # the candidates a node below the root widens over
        self.seconds = seconds
        self.lookahead = LookaheadBot(seed, width=width)
        self.root: Node | None = None  # the last search's tree (for tests and notebooks)

    def choose(self, game: Game) -> Action:
        chosen, moves = before_search(game, self.rng, "MCTSBot")
        if chosen is not None:
            return chosen  # a placement, or a pawn that can leave: nothing to search
        root = self.search(game, moves)
        seat = root.seat
        best = max(root.children.items(), key=lambda kv: kv[1].value(seat))
        action = best[0]
        assert isinstance(action, PawnMove)
        return action

    def search(
        self, game: Game, moves: Sequence[tuple[Pawn, Sequence[MoveOutcome]]] | None = None
    ) -> Node:
        """The tree grown from ``game`` (a decision of the seat to act): the root's
        children are the lookahead's played-out candidates with their values as priors;
        then ``playouts`` iterations (:meth:`iterate`)."""
        base = fork(game, self.rng)
        base._states = [base.state._replace(pile=game.tiles_left())]  # no order to peek at
        root = Node(base)
        for value, action, _ in self.lookahead.ranked(game, moves):
            g = self._at(base, root.state)
            g.apply(action)
            root.children[action] = Node(g, value, self.prior)
            root.moves.append(action)
        self.root = root
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        for _ in range(self.playouts):
            if deadline is not None and time.perf_counter() >= deadline:
                break
            self.iterate(root, base)
        return root

    @staticmethod
    def _at(base: Game, state: GameState) -> Game:
        g = copy.copy(base)
        g._states = [state]
        g.history = []
        return g

    def iterate(self, root: Node, base: Game) -> None:
        """One iteration: down the tree -- at a decision, a new child while the node's
        visits allow one more (progressive widening: 1 + sqrt(visits) children, in the
        order of :func:`ordered_moves`), else the child best for the seat to act by UCT on
        its own colour's value; at the monster's draw, a tile drawn at random by its odds
        (the hidden pile guessed afresh every iteration) -- to a new node, whose value
        vector (:meth:`rollout`) is added up the path."""
        rng = self.rng
        node, path = root, [root]
        while True:
            seat = node.seat
            if seat == TERMINAL:
                values = _values(node.state.position, base.colours)
                break
            g = self._at(base, node.state)
            if seat == CHANCE:
                odds = g.chance_outcomes()
                if not node.odds:
                    node.odds = dict(odds)
                r = rng.random()
                tile = odds[-1][0]
                for t, p in odds:
                    r -= p
                    if r < 0:
                        tile = t
                        break
                child = node.children.get(tile)
                if child is None:
                    g.apply(DrawTile(tile))
                    child = node.children[tile] = Node(g)
                    path.append(child)
                    values = self.rollout(g)
                    break
                node = child
                path.append(node)
                continue
            if node is not root:
                if not node.moves:
                    node.moves = ordered_moves(g, self.top)
                    if not node.moves:  # nothing to widen over: scored as it stands
                        values = _values(g.position, base.colours)
                        break
                if len(node.children) < min(len(node.moves), 1 + math.isqrt(node.visits)):
                    action = node.moves[len(node.children)]
                    g.apply(action)
                    child = node.children[action] = Node(g)
                    path.append(child)
                    values = self.rollout(g)
                    break
            logn = math.log(node.visits + 1)
            explore = self.explore
            node = max(
                node.children.values(),
                key=lambda c: c.value(seat) + explore * math.sqrt(logn / (c.weight + c.visits)),
            )
            path.append(node)
        for n in reversed(path):  # the new node first, the root last
            if n is not root:
                values = n.backed_up(values)
            n.visits += 1
            totals = n.totals
            for i, v in enumerate(values):
                totals[i] += v

    def rollout(self, game: Game) -> list[float]:
        """A new node's value vector: at the start of a pawn phase (after a tile), the
        position as it stands (:func:`evaluate` for every colour: the next round's moves
        are the tree's to try -- played by the fast policy, which runs into the monster,
        a pawn that survived near it scored below one already taken and sent back);
        else the rest of its pawn phase by the fast policy (:func:`_rush`) for every
        seat, then the monster phase in expectation over the tiles
        (:func:`expected_values`)."""
        if game.phase is Phase.PAWNS and not game.state.moved:
            return _values(game.position, game.colours)
        while not game.is_terminal() and not game.is_chance():
            game._play(_rush(game, self.rng))
        return expected_values(game)


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
    if seed is not None and type(seed) not in (int, str):  # random.Random's TypeError before
        raise BotError(
            "bot {name}: seed {seed}: expected a whole number, a text or None",
            name=shown(name),
            seed=shown(seed),
        )
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
        if n > MAX_PLAYOUTS:
            raise BotError(
                "bot {name}: at most {most} playouts by name (about a second a move; "
                "mcts:10000 took 12 s); MCTSBot(playouts=N, seconds=S) sets a time budget",
                name=shown(name),
                most=MAX_PLAYOUTS,
            )
        return MCTSBot(seed, playouts=n)
    if cls is LookaheadBot:
        return LookaheadBot(seed, width=n)
    return GreedyBot(seed, top=n)


def play_game(game: Game, bots: Sequence[AnyBot]) -> Game:
    """Play ``game`` to the end: ``bots[seat]`` chooses for each seat, chance by the pile."""
    if (
        not isinstance(bots, (list, tuple))
        or len(bots) != game.n
        or not all(callable(getattr(b, "choose", None)) for b in bots)
    ):
        raise BotError(
            "play_game: expected a bot for each of the {players} seats, got {bots}",
            players=game.n,
            bots=shown(bots),
        )
    while not game.is_terminal():
        if game.is_chance():
            game.sample_chance()
        else:
            game.apply(bots[game.current_player].choose(game))
    return game
