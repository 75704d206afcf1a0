"""Design studies: compare rule options, player counts or bots over many seeded games.

A study is a list of :class:`Variant` (players, bots by seat, rule options), each played
for the same number of games from the same seed -- game ``i`` of every variant shuffles
the same piles, so variants differ only by what is compared (common random numbers).
The result has one row per variant (win rate of each seat, draws, escapes, pawns eaten,
game length, each with a 95 % confidence interval) and one row per (variant, seat).

:func:`league` is a ladder of head-to-head matches at 2-7 players -- each bot against the
next one (``random, greedy, lookahead, mcts``: weakest first) -- and reports each bot's win
rate per seat with Wilson intervals (:func:`wilson`), the difference of the two rates with
a 95 % interval from the games as paired units (:func:`paired_difference`) and whether it
tells the two apart (:func:`verdict`: ``>`` when the interval lies above 0).

Standard library only; the same arguments give the same result whatever executor plays
the games (:func:`finstere_widget.design.simulation.play_specs`). The DataFrame, plots,
progress bar and dask live in :mod:`finstere_widget.design`.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor
from statistics import NormalDist
from typing import Any, NamedTuple

from ..engine.errors import OptionError, StudyError, shown
from ..engine.game import Game
from ..engine.i18n import translations
from ..engine.options import RuleOptions
from .bots import make_bot
from .simulation import (
    MAX_GAMES,
    GameResult,
    GameSpec,
    check_seed_and_jobs,
    play_specs,
    seat_bots,
)

STUDY_FORMAT = "finstere-study/1"
Z95 = 1.959963984540054  # the normal quantile of a two-sided 95 % interval


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / trials`` (95 % by
    default); ``(0.0, 1.0)`` when there are no trials."""
    if trials <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= trials:
        raise StudyError(
            "wilson: successes must be 0..{trials}, got {successes}",
            trials=trials,
            successes=successes,
        )
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean of ``values`` with a normal-approximation 95 % interval (mean, low, high)."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    m = sum(values) / n
    if n == 1:
        return (m, m, m)
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return (m, m - half, m + half)


def _r(x: float) -> float:
    return round(x, 4)


class Variant(NamedTuple):
    """One arm of a study: ``players`` seats, ``bots`` seated in turn (rotated from game
    to game unless ``rotate`` is False), rule ``options``; ``lineups`` (optional) gives
    the bots of every seat game by game instead, cycled."""

    label: str
    players: int
    bots: tuple[str, ...]
    options: RuleOptions
    rotate: bool = True
    lineups: tuple[tuple[str, ...], ...] = ()

    def seats(self, index: int) -> tuple[str, ...]:
        if self.lineups:
            return self.lineups[index % len(self.lineups)]
        return seat_bots(self.bots, self.players, index, self.rotate)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "label": self.label,
            "players": self.players,
            "bots": list(self.bots),
            "options": self.options.changed(),
            "rotate": self.rotate,
        }
        if self.lineups:
            out["lineups"] = [list(x) for x in self.lineups]
        return out


def parse_option_grid(assignments: Iterable[str]) -> dict[str, list[str]]:
    """``["slide_over_pawn=eat,stop", "finish_round=on"]`` -> the values to compare per
    option name (checked against :class:`RuleOptions`: the error names the option)."""
    grid: dict[str, list[str]] = {}
    for text in assignments:
        name, sep, values = text.partition("=")
        name = name.strip()
        if not sep or not values.strip():
            raise OptionError("option {text}: expected NAME=VALUE[,VALUE...]", text=shown(text))
        vals = [v.strip() for v in values.split(",") if v.strip()]
        for v in vals:
            RuleOptions.parse([f"{name}={v}"])  # unknown names or values fail here
        if name in grid:
            raise OptionError("option {name} given twice", name=shown(name))
        grid[name] = list(dict.fromkeys(vals))
    return grid


def variants(
    players: Sequence[int] = (2,),
    bots: Sequence[Sequence[str]] = (("random",),),
    options: Mapping[str, Sequence[str]] | None = None,
    base: RuleOptions | None = None,
    rotate: bool = True,
) -> list[Variant]:
    """Every combination of the option values in ``options`` (on top of ``base``), the
    player counts and the bot line-ups, labelled by what varies."""
    grid = dict(options or {})
    names = list(grid)
    combos = list(itertools.product(*(grid[n] for n in names))) if names else [()]
    base_opts = base if base is not None else RuleOptions()
    out: list[Variant] = []
    for n in players:
        for lineup in bots:
            line = tuple(lineup)
            if not line:
                raise StudyError("a bot line-up needs at least one bot")
            for name in line:
                make_bot(name)
            for combo in combos:
                opts = base_opts
                for name, value in zip(names, combo, strict=True):
                    opts = opts.set(name, value)
                Game(n, seed=0, options=opts)  # player count and options checked up front
                parts = []
                if len(players) > 1:
                    parts.append(f"{n} players")
                if len(bots) > 1:
                    parts.append(",".join(line))
                parts.extend(f"{name}={value}" for name, value in zip(names, combo, strict=True))
                label = " ".join(parts) or f"{n} players {','.join(line)}"
                out.append(Variant(label, n, line, opts, rotate))
    if len({v.label for v in out}) != len(out):
        raise StudyError("the study compares the same variant twice")
    return out


def variant_stats(
    v: Variant, results: Sequence[GameResult]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The row of a variant and its rows by seat."""
    n = len(results)
    draws = sum(1 for r in results if r.winner is None)
    row: dict[str, Any] = {"variant": v.label, "players": v.players, "games": n}
    row["draws"] = draws
    lo, hi = wilson(draws, n)
    row["draw_rate"], row["draw_lo"], row["draw_hi"] = _r(draws / n if n else 0.0), _r(lo), _r(hi)
    for key, values in (
        ("rounds", [float(r.rounds) for r in results]),
        ("escaped", [float(sum(r.escaped)) for r in results]),
        ("eaten", [float(r.eaten_stage1 + r.eaten_stage2 + r.eaten_at_end) for r in results]),
        ("monster_steps", [float(r.monster_steps) for r in results]),
    ):
        m, lo, hi = mean_ci(values)
        row[f"{key}_mean"], row[f"{key}_lo"], row[f"{key}_hi"] = _r(m), _r(lo), _r(hi)
    seats: list[dict[str, Any]] = []
    for seat in range(v.players):
        wins = sum(1 for r in results if r.winner == seat)
        lo, hi = wilson(wins, n)
        m, elo, ehi = mean_ci([float(r.escaped[seat]) for r in results])
        bots = sorted({r.bots[seat] for r in results})
        seats.append(
            {
                "variant": v.label,
                "seat": seat,
                "bots": ",".join(bots),
                "games": n,
                "wins": wins,
                "win_rate": _r(wins / n if n else 0.0),
                "win_lo": _r(lo),
                "win_hi": _r(hi),
                "escaped_mean": _r(m),
                "escaped_lo": _r(elo),
                "escaped_hi": _r(ehi),
            }
        )
    row["wins_by_seat"] = [s["wins"] for s in seats]
    first = seats[0]
    row["seat0_win_rate"], row["seat0_lo"], row["seat0_hi"] = (
        first["win_rate"],
        first["win_lo"],
        first["win_hi"],
    )
    return row, seats


class StudyResult(NamedTuple):
    """What a study found: its variants, every game's result (by variant), the rows."""

    seed: int
    games: int
    variants: list[Variant]
    results: list[list[GameResult]]
    rows: list[dict[str, Any]]
    seats: list[dict[str, Any]]

    def to_dict(self, games: bool = False) -> dict[str, Any]:
        """JSON-ready: the variants and rows (``games=True``: every game's result too)."""
        out: dict[str, Any] = {
            "format": STUDY_FORMAT,
            "seed": self.seed,
            "games_per_variant": self.games,
            "variants": [v.to_dict() for v in self.variants],
            "rows": self.rows,
            "seats": self.seats,
        }
        if games:
            out["games"] = [[g.to_dict() for g in rs] for rs in self.results]
        return out

    def table(self, lang: str | None = "en") -> str:
        """A plain-text table, one line per variant (95 % intervals in brackets), in
        ``lang``."""
        _ = translations(lang).gettext
        lines = [
            _("{games} games per variant, seed {seed}").format(games=self.games, seed=self.seed)
        ]
        for row in self.rows:
            lines.append(
                _(
                    "{variant}: seat 0 wins {win} [{win_lo}, {win_hi}], draws {draws}, "
                    "escaped {escaped} [{escaped_lo}, {escaped_hi}], eaten {eaten}, "
                    "rounds {rounds} [{rounds_lo}, {rounds_hi}]"
                ).format(
                    variant=row["variant"],
                    win=f"{row['seat0_win_rate']:.3f}",
                    win_lo=f"{row['seat0_lo']:.3f}",
                    win_hi=f"{row['seat0_hi']:.3f}",
                    draws=f"{row['draw_rate']:.3f}",
                    escaped=f"{row['escaped_mean']:.2f}",
                    escaped_lo=f"{row['escaped_lo']:.2f}",
                    escaped_hi=f"{row['escaped_hi']:.2f}",
                    eaten=f"{row['eaten_mean']:.2f}",
                    rounds=f"{row['rounds_mean']:.2f}",
                    rounds_lo=f"{row['rounds_lo']:.2f}",
                    rounds_hi=f"{row['rounds_hi']:.2f}",
                )
            )
            lines.append(
                "    "
                + _("wins by seat:")
                + " "
                + "  ".join(
                    f"{s['seat']}: {s['win_rate']:.3f} [{s['win_lo']:.3f}, {s['win_hi']:.3f}]"
                    for s in self.seats
                    if s["variant"] == row["variant"]
                )
            )
        return "\n".join(lines)


def check_study_games(games: object, variants: int) -> None:
    """``games`` per variant, a whole number with every variant's games together at most
    :data:`~finstere_widget.design.simulation.MAX_GAMES` (a study builds its games' list
    first: 10**8 of them took memory without bound before the first was played)."""
    most = MAX_GAMES // max(1, variants)
    if type(games) is not int or not 0 <= games <= most:
        raise StudyError(
            "games: expected 0..{most} per variant ({variants} variants, {max_games} games "
            "in all), got {games}",
            most=most,
            variants=variants,
            max_games=MAX_GAMES,
            games=shown(games),
        )


def run_study(
    study: Sequence[Variant],
    games: int,
    seed: int = 0,
    executor: Executor | None = None,
    progress: Callable[[int], None] | None = None,
    *,
    jobs: int | None = 1,
    chunk: int | None = None,
) -> StudyResult:
    """Play ``games`` games of every variant (all of them in one batch, so a pool or a
    cluster stays busy) and summarise them. ``jobs=1`` plays in this process."""
    check_study_games(games, len(study))
    check_seed_and_jobs(seed, jobs)
    if not study:
        raise StudyError("a study needs at least one variant")
    specs = [
        GameSpec(i, seed, v.players, v.seats(i), v.options) for v in study for i in range(games)
    ]
    flat = play_specs(specs, executor, progress, jobs=jobs, chunk=chunk)
    results = [flat[k * games : (k + 1) * games] for k in range(len(study))]
    rows: list[dict[str, Any]] = []
    seats: list[dict[str, Any]] = []
    for v, rs in zip(study, results, strict=True):
        row, by_seat = variant_stats(v, rs)
        rows.append(row)
        seats.extend(by_seat)
    return StudyResult(seed, games, list(study), results, rows, seats)


# --- league ---------------------------------------------------------------------------------


def league_lineups(bots: Sequence[str], players: int) -> tuple[tuple[str, ...], ...]:
    """Who sits where, game after game: with 2 players every ordered pair of different
    bots; with more, windows of the bots' cycle (each bot meets every other), each
    window rotated through the seats."""
    names = list(dict.fromkeys(bots))
    b = len(names)
    if b < 2:
        raise StudyError("a league needs at least two different bots")
    if players == 2:
        return tuple((x, y) for x in names for y in names if x != y)
    out = []
    for start in range(b):
        window = [names[(start + k) % b] for k in range(players)]
        for r in range(players):
            out.append(tuple(window[r:] + window[:r]))
    return tuple(out)


#: the full-size league of docs/bots.md (``pytest -m league`` runs it): the bots weakest first,
#: the player counts, the games of each match at each count, and the seed
LEAGUE_BOTS: tuple[str, ...] = ("random", "greedy", "lookahead", "mcts:32")
LEAGUE_PLAYERS: tuple[int, ...] = (2, 3, 4, 5, 6, 7)
LEAGUE_GAMES = 40
LEAGUE_SEED = 2026


def league_matches(bots: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """The league's matches: each bot against the next one in ``bots`` (weakest first),
    the ladder ``random < greedy < lookahead <= mcts`` is read along."""
    names = list(dict.fromkeys(bots))
    if len(names) < 2:
        raise StudyError("a league needs at least two different bots")
    return tuple(zip(names[:-1], names[1:], strict=True))


def league(
    bots: Sequence[str],
    players: Sequence[int] = (2, 3, 4),
    games: int = 100,
    seed: int = 0,
    options: RuleOptions | None = None,
    executor: Executor | None = None,
    progress: Callable[[int], None] | None = None,
    *,
    jobs: int | None = 1,
) -> tuple[StudyResult, list[dict[str, Any]]]:
    """A ladder of head-to-head matches: at every player count, each bot of ``bots``
    (weakest first) plays ``games`` games against the next one, the two bots alternating
    round the table and every seat taken by each in turn (:func:`league_lineups`), so
    every game compares the two directly. Returns the study (one arm per player count
    and match) and one row per (player count, match, bot): seats taken, wins, win rate
    per seat with its Wilson interval, the fair share ``1/players``, and on the row of
    the second bot the difference of the two win rates per seat with its 95 % paired
    interval (``diff``, ``diff_lo``, ``diff_hi``: :func:`paired_difference`) and the
    match's verdict (:func:`verdict`)."""
    opts = options if options is not None else RuleOptions()
    matches = league_matches(bots)
    for name in bots:
        make_bot(name)
    arms = [
        Variant(f"{n} players: {a} vs {b}", n, (a, b), opts, True, league_lineups((a, b), n))
        for n in players
        for a, b in matches
    ]
    result = run_study(arms, games, seed, executor, progress, jobs=jobs)
    table: list[dict[str, Any]] = []
    for v, rs in zip(arms, result.results, strict=True):
        pair: list[dict[str, Any]] = []
        for name, other in (v.bots, v.bots[::-1]):
            seats = sum(r.bots.count(name) for r in rs)
            wins = sum(1 for r in rs if r.winner is not None and r.bots[r.winner] == name)
            lo, hi = wilson(wins, seats)
            pair.append(
                {
                    "players": v.players,
                    "match": f"{v.bots[0]} vs {v.bots[1]}",
                    "bot": name,
                    "opponent": other,
                    "seats": seats,
                    "wins": wins,
                    "win_rate": _r(wins / seats if seats else 0.0),
                    "win_lo": _r(lo),
                    "win_hi": _r(hi),
                    "fair_share": _r(1 / v.players),
                }
            )
        d, dlo, dhi = paired_difference(rs, v.bots[0], v.bots[1])
        pair[0]["verdict"] = ""
        pair[1]["diff"], pair[1]["diff_lo"], pair[1]["diff_hi"] = _r(d), _r(dlo), _r(dhi)
        pair[1]["verdict"] = verdict(dlo, dhi)
        table.extend(pair)
    return result, table


def paired_difference(
    results: Sequence[GameResult], first: str, second: str, z: float = Z95
) -> tuple[float, float, float]:
    """The difference of the win rates per seat, ``second`` less ``first``, with its 95 %
    interval from the games as paired units: both bots sit at every game, so game ``i``
    gives ``z_i = n * (second won) / S2 - n * (first won) / S1`` (``S1``, ``S2``: the
    seats each took over the ``n`` games, fixed by the line-ups), the difference is the
    mean of the ``z_i`` and the interval ``mean +- z * s / sqrt(n)`` (``s``: their sample
    standard deviation). Pairing counts the dependence of the two rates (in a 2-player
    game one bot's win is the other's loss), which treating them as two independent
    samples would not. The interval is cut to [-1, 1], where a difference of rates lies;
    ``(0.0, -1.0, 1.0)`` when there are fewer than two games.

    When every game gives the same ``z_i`` (one bot won every game, or no game was won),
    their spread estimates nothing and the normal interval would shrink to a point. The
    interval is then built from the games' counts alone: with ``a = n / S2``, ``b = n / S1``
    and Wilson intervals ``[lw, uw]`` for the share of games ``second`` won and ``[ll, ul]``
    for the share ``first`` won, each at the 97.5 % level (so both hold together at 95 % or
    more, by Bonferroni), the difference ``a * pw - b * pl`` lies in ``[a * lw - b * ul,
    a * uw - b * ll]``: conservative, wide on a small sample, never a point."""
    n = len(results)
    s1 = sum(r.bots.count(first) for r in results)
    s2 = sum(r.bots.count(second) for r in results)
    if n < 2 or s1 == 0 or s2 == 0:
        return (0.0, -1.0, 1.0)
    zs = []
    for r in results:
        won = r.bots[r.winner] if r.winner is not None else None
        zs.append(n * (won == second) / s2 - n * (won == first) / s1)
    mean = sum(zs) / n
    var = sum((x - mean) ** 2 for x in zs) / (n - 1)
    if len(set(zs)) == 1:  # all alike (var may be a rounding error away from 0)
        w1 = sum(1 for r in results if r.winner is not None and r.bots[r.winner] == first)
        w2 = sum(1 for r in results if r.winner is not None and r.bots[r.winner] == second)
        both = NormalDist().inv_cdf(1 - (1 - NormalDist().cdf(z)) / 2)  # each at 97.5 %
        (l1, u1), (l2, u2) = wilson(w1, n, both), wilson(w2, n, both)
        a, b = n / s2, n / s1
        return (mean, max(-1.0, a * l2 - b * u1), min(1.0, a * u2 - b * l1))
    half = z * math.sqrt(var / n)
    return (mean, max(-1.0, mean - half), min(1.0, mean + half))


def verdict(diff_lo: float, diff_hi: float) -> str:
    """How the second bot of a match compares with the first, from the 95 % interval of
    the difference of their win rates per seat (:func:`paired_difference`): ``">"``
    (stronger: the interval lies above 0), ``"<"`` (weaker: below 0), ``"~"`` (it holds
    0: not told apart at this size)."""
    if diff_lo > 0:
        return ">"
    if diff_hi < 0:
        return "<"
    return "~"


def league_table(rows: Sequence[Mapping[str, Any]], lang: str | None = "en") -> str:
    """The league as plain text: one line per player count, match and bot; the second
    bot of a match carries the verdict (``>`` stronger, ``<`` weaker, ``~`` not told
    apart) and the difference of the two win rates per seat with its 95 % paired
    interval; the words in ``lang``."""
    _ = translations(lang).gettext
    head = (_("players"), _("bot"), _("vs"), _("seats"), _("wins"))
    lines = [
        f"{head[0]:>7}  {head[1]:<14} {head[2]:<14} {head[3]:>6} {head[4]:>5}  "
        + _("win rate per seat [95 % CI]")
    ]
    for r in rows:
        mark = ""
        if r.get("verdict"):
            mark = (
                f"  {r['verdict']} {r['opponent']} "
                f"{r['diff']:+.3f} [{r['diff_lo']:+.3f}, {r['diff_hi']:+.3f}]"
            )
        share = _("(fair share {share})").format(share=f"{r['fair_share']:.3f}")
        lines.append(
            f"{r['players']:>7}  {r['bot']:<14} {r.get('opponent', ''):<14} {r['seats']:>6} "
            f"{r['wins']:>5}  {r['win_rate']:.3f} [{r['win_lo']:.3f}, {r['win_hi']:.3f}]"
            f"  {share}{mark}"
        )
    return "\n".join(lines)
