"""Batch simulation: many seeded bot games, per-game results and a summary.

``simulate(games, players, bots, seed, options, executor=None)`` plays ``games`` games and
returns the same results for the same arguments whatever runs them: each game's seed is a
pure function of (seed, game index) and results are put back in game order, so a process
pool (the default), a thread pool, ``jobs=1`` (in this process) or any
``concurrent.futures.Executor`` (dask's, ray's...) give identical output.
Standard library only; a progress bar lives outside the engine (finstere_widget.design).
"""

from __future__ import annotations

import os
import random
import signal
import zlib
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from itertools import islice
from typing import Any, NamedTuple

from ..engine.errors import SetupError, StudyError, shown
from ..engine.events import Eat, End
from ..engine.game import Game
from ..engine.options import RuleOptions
from ..engine.setup import check_players
from .bots import make_bot, play_game

#: the most games one run plays (results are kept: a GameResult per game)
MAX_GAMES = 1_000_000
#: the most worker processes a batch of games starts (``jobs``): 100000 once forked one
#: process after another until the machine ran out
MAX_JOBS = 256


class GameResult(NamedTuple):
    """One simulated game."""

    game: int  # index in the run
    seed: int
    players: tuple[str, ...]  # colours by seat
    bots: tuple[str, ...]  # bot names by seat
    winner: int | None  # seat
    reason: str
    rule: str
    rounds: int
    escaped: tuple[int, ...]  # by seat
    eaten_stage1: int  # pawns eaten or crushed by the monster in stage 1
    eaten_stage2: int  # ... in stage 2 (out of the game)
    eaten_at_end: int  # pawns still in the fortress when stage 2 ended (S1)
    monster_steps: int
    tiles: int
    #: four hex digits per ply (a hash of its action and what it did): two games of a study
    #: with the same seed were played alike up to the first ply where these differ
    trace: str = ""

    def to_dict(self) -> dict[str, Any]:
        d = self._asdict()
        d["players"] = list(self.players)
        d["bots"] = list(self.bots)
        d["escaped"] = list(self.escaped)
        return d

    @classmethod
    def from_dict(cls, data: Any) -> GameResult:
        """A game's result as :meth:`to_dict` wrote it (a study file, docs/format.md); a
        :class:`StudyError` naming the key at fault otherwise."""
        if not isinstance(data, dict):
            raise StudyError("a game's result: expected an object, got {data}", data=shown(data))
        try:
            out = cls(
                _int(data, "game"),
                _int(data, "seed"),
                tuple(_strs(data, "players")),
                tuple(_strs(data, "bots")),
                None if data.get("winner") is None else _int(data, "winner"),
                str(data["reason"]),
                str(data["rule"]),
                _int(data, "rounds"),
                tuple(_ints(data, "escaped")),
                _int(data, "eaten_stage1"),
                _int(data, "eaten_stage2"),
                _int(data, "eaten_at_end"),
                _int(data, "monster_steps"),
                _int(data, "tiles"),
                str(data.get("trace", "")),
            )
        except KeyError as exc:
            raise StudyError(
                "a game's result: key {key} is missing", key=shown(exc.args[0])
            ) from None
        return out


def _int(data: dict[str, Any], key: str) -> int:
    value = data[key]
    if type(value) is not int:
        raise StudyError(
            "a game's result: {key} is {value}, not a whole number", key=key, value=shown(value)
        )
    return value


def _ints(data: dict[str, Any], key: str) -> list[int]:
    value = data[key]
    if not isinstance(value, list) or not all(type(v) is int for v in value):
        raise StudyError(
            "a game's result: {key} is {value}, not whole numbers", key=key, value=shown(value)
        )
    return value


def _strs(data: dict[str, Any], key: str) -> list[str]:
    value = data[key]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise StudyError(
            "a game's result: {key} is {value}, not names", key=key, value=shown(value)
        )
    return value


def ply_trace(game: Game) -> str:
    """Four hex digits per ply of ``game``: a hash of the action and, for a tile, where the
    monster ended and whom it took (a rule variant can play the same tile differently)."""
    out = []
    for h in game.history:
        text = repr(h.action)
        if h.monster is not None:
            text += f"|{h.monster.position.monster}|{h.monster.eaten}"
        out.append(f"{zlib.crc32(text.encode()) & 0xFFFF:04x}")
    return "".join(out)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``seed``."""
    return random.Random(f"finstere-sim/{seed}/{index}").randrange(2**32)


def seat_bots(bots: Sequence[str], players: int, index: int, rotate: bool) -> tuple[str, ...]:
    """Bots by seat: ``bots`` repeated to fill the seats, rotated by the game index when
    ``rotate`` (so every bot plays every seat equally often)."""
    base = [bots[k % len(bots)] for k in range(players)]
    if rotate:
        r = index % players
        base = base[-r:] + base[:-r] if r else base
    return tuple(base)


def play_one(
    index: int, seed: int, players: int, bots: tuple[str, ...], options: RuleOptions
) -> GameResult:
    """Play one game and summarise it (a top-level function: it pickles)."""
    gseed = game_seed(seed, index)
    game = Game(players, seed=gseed, options=options)
    play_game(game, [make_bot(name, f"{gseed}/{k}") for k, name in enumerate(bots)])
    eaten = [0, 0, 0]
    steps = 0
    tiles = 0
    for h in game.history:
        if h.monster is not None:
            tiles += 1
            stage = h.monster.position.stage
            for e in h.monster.events:
                if isinstance(e, Eat):
                    eaten[stage] += 1  # the stage the turn was played in (S1 changes after it)
                elif isinstance(e, End):
                    steps += e.steps
    out = game.outcome()
    assert out is not None
    at_end = 0
    last = game.history[-1].monster if game.history else None
    if out.reason == "end of stage 2" and last is not None:  # before S1 took the rest
        at_end = sum(1 for p in last.position.pawns if p.at not in ("escaped", "eaten"))
    winner = game.seat_of[out.winner] if out.winner is not None else None
    escaped = tuple(out.escaped[c] for c in game.colours)
    return GameResult(
        index,
        gseed,
        game.colours,
        bots,
        winner,
        out.reason,
        out.rule,
        game.state.round,
        escaped,
        eaten[1],
        eaten[2],
        at_end,
        steps,
        tiles,
        ply_trace(game),
    )


class GameSpec(NamedTuple):
    """One game to play: its index in the run, the run's seed, seats, bots, options."""

    game: int
    seed: int
    players: int
    bots: tuple[str, ...]
    options: RuleOptions


def _quiet_interrupt() -> None:
    """A worker process leaves Ctrl-C to the parent (which stops the run and keeps the
    games played): no traceback from every worker."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_specs(specs: list[GameSpec]) -> list[GameResult]:
    return [play_one(*s) for s in specs]


def play_specs(
    specs: Iterable[GameSpec],
    executor: Executor | None = None,
    progress: Callable[[int], None] | None = None,
    *,
    jobs: int | None = None,
    chunk: int | None = None,
) -> list[GameResult]:
    """Play ``specs`` and return their results in the order given, whatever runs them:
    ``jobs=1`` (and no executor) plays in this process; otherwise chunks of games go to
    ``executor`` (any ``concurrent.futures.Executor``: a process pool, dask's
    ``Client.get_executor()``...) or to a process pool of ``jobs`` workers made here.
    ``progress(k)`` gets the number of games finished so far."""
    results: list[GameResult] = []
    for result in iter_play_specs(specs, executor, jobs=jobs, chunk=chunk):
        results.append(result)
        if progress is not None:
            progress(len(results))
    return results


def iter_play_specs(
    specs: Iterable[GameSpec],
    executor: Executor | None = None,
    *,
    jobs: int | None = None,
    chunk: int | None = None,
) -> Iterator[GameResult]:
    """:func:`play_specs` as a stream: results in the order given, as they come, with
    only a few chunks of games submitted at a time (``specs`` may be a generator)."""
    if executor is None and jobs == 1:
        for spec in specs:
            yield play_one(*spec)
        return
    own = executor is None
    ex: Executor = (
        ProcessPoolExecutor(max_workers=jobs, initializer=_quiet_interrupt)
        if executor is None
        else executor
    )
    try:
        workers = jobs or getattr(ex, "_max_workers", None) or 2
        n = len(specs) if isinstance(specs, Sequence) else 100 * workers
        size = chunk or max(1, min(25, n // (4 * workers) or 1))
        it = iter(specs)
        pending: deque[Future[list[GameResult]]] = deque()
        while True:
            while len(pending) < 4 * workers:  # a bounded window of work in flight
                batch = list(islice(it, size))
                if not batch:
                    break
                pending.append(ex.submit(_play_specs, batch))
            if not pending:
                break
            yield from pending.popleft().result()  # in submission order
    finally:
        if own:
            ex.shutdown(cancel_futures=True)


class SimulationResult(NamedTuple):
    games: list[GameResult]
    summary: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"summary": self.summary, "games": [g.to_dict() for g in self.games]}


def summarise(results: Sequence[GameResult], players: int) -> dict[str, Any]:
    """Wins by seat and by bot, rounds, escapes, pawns eaten per stage, monster steps."""
    n = len(results)
    wins_by_seat = [0] * players
    wins_by_bot: Counter[str] = Counter()
    seats_by_bot: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    draws = 0
    for r in results:
        for b in r.bots:
            seats_by_bot[b] += 1
        reasons[f"{r.rule}: {r.reason}"] += 1
        if r.winner is None:
            draws += 1
        else:
            wins_by_seat[r.winner] += 1
            wins_by_bot[r.bots[r.winner]] += 1

    def mean(values: Sequence[int]) -> float:
        return round(sum(values) / n, 4) if n else 0.0

    return {
        "games": n,
        "players": players,
        "wins_by_seat": wins_by_seat,
        "wins_by_bot": {b: wins_by_bot.get(b, 0) for b in sorted(seats_by_bot)},
        "seats_by_bot": {b: seats_by_bot[b] for b in sorted(seats_by_bot)},
        "draws": draws,
        "end_reasons": {k: reasons[k] for k in sorted(reasons)},
        "rounds_mean": mean([r.rounds for r in results]),
        "rounds_max": max((r.rounds for r in results), default=0),
        "escaped_mean": mean([sum(r.escaped) for r in results]),
        "eaten_stage1_mean": mean([r.eaten_stage1 for r in results]),
        "eaten_stage2_mean": mean([r.eaten_stage2 for r in results]),
        "eaten_at_end_mean": mean([r.eaten_at_end for r in results]),
        "monster_steps_mean": mean([r.monster_steps for r in results]),
    }


def check_seed_and_jobs(seed: object, jobs: object) -> None:
    """The seed (0..2**64-1, as :class:`~finstere_widget.engine.game.Game` takes) and the
    worker processes (``None`` or 1..:data:`MAX_JOBS`) of a batch of games, checked before
    any work: a :class:`SetupError` naming the one at fault."""
    if type(seed) is not int or not 0 <= seed < 2**64:
        raise SetupError("seed: expected an integer 0..2**64-1, got {seed}", seed=shown(seed))
    if jobs is not None and (type(jobs) is not int or not 1 <= jobs <= MAX_JOBS):
        raise SetupError(
            "jobs: expected 1..{max_jobs} worker processes, got {jobs}",
            max_jobs=MAX_JOBS,
            jobs=shown(jobs),
        )


def simulate(
    games: int,
    players: int = 2,
    bots: str | Sequence[str] = ("random",),
    seed: int = 0,
    options: RuleOptions | None = None,
    executor: Executor | None = None,
    progress: Callable[[int], None] | None = None,
    *,
    jobs: int | None = None,
    rotate: bool = True,
    chunk: int | None = None,
) -> SimulationResult:
    """Play ``games`` seeded games of ``players`` players, ``bots`` seated in turn.

    ``executor``: any ``concurrent.futures.Executor``; None makes a process pool of
    ``jobs`` workers (default: the CPU count) -- ``jobs=1`` plays in this process.
    ``progress(k)`` is called with the number of games finished so far. The results (and
    their order) depend only on the arguments, never on the executor.
    """
    # every argument is checked before any work or allocation
    if type(players) is not int:
        raise SetupError("players: expected 2..7 (P1), got {players}", players=shown(players))
    check_players(players)
    if type(games) is not int or not 0 <= games <= MAX_GAMES:
        raise SetupError(
            "games: expected 0..{max_games}, got {games}", max_games=MAX_GAMES, games=shown(games)
        )
    check_seed_and_jobs(seed, jobs)
    if isinstance(bots, str):
        names: tuple[str, ...] = (bots,)
    elif isinstance(bots, (list, tuple)) and bots and all(isinstance(b, str) for b in bots):
        names = tuple(bots)
    else:
        raise SetupError("bots: expected bot names, got {bots}", bots=shown(bots))
    for name in names:
        make_bot(name)  # unknown names fail here, not in a worker
    opts = options if options is not None else RuleOptions()
    Game(players, seed=0, options=opts)  # the options for this player count (S4)
    specs = (
        GameSpec(i, seed, players, seat_bots(names, players, i, rotate), opts) for i in range(games)
    )  # made as the games are played, not all at once
    workers = jobs or os.cpu_count() or 2
    results = play_specs(
        specs,
        executor,
        progress,
        jobs=jobs,
        chunk=chunk or max(1, min(25, games // (4 * workers) or 1)),
    )
    return SimulationResult(results, summarise(results, players))
