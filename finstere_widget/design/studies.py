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
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor
from statistics import NormalDist
from typing import Any, NamedTuple

from ..engine.errors import OptionError, StudyError, shown
from ..engine.game import Game
from ..engine.i18n import translations
from ..engine.options import RuleOptions
from ..engine.setup import pawn_values
from .bots import make_bot
from .simulation import (
    MAX_GAMES,
    GameResult,
    GameSpec,
    check_seed_and_jobs,
    game_seed,
    iter_play_specs,
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


def _quantile(ordered: Sequence[int], q: float) -> float:
    """The ``q`` quantile of sorted values (linear between the two nearest; 0 for none)."""
    if not ordered:
        return 0.0
    at = q * (len(ordered) - 1)
    lo = math.floor(at)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (at - lo)


#: a study's metrics: each game's value (``seat`` for the win of that seat)
METRICS: dict[str, Callable[[GameResult, int], float]] = {
    "wins": lambda r, seat: float(r.winner == seat),
    "nobody_won": lambda r, seat: float(r.winner is None),
    "rounds": lambda r, seat: float(r.rounds),
    "escaped": lambda r, seat: float(sum(r.escaped)),
    "eaten": lambda r, seat: float(r.eaten_stage1 + r.eaten_stage2 + r.eaten_at_end),
    "monster_steps": lambda r, seat: float(r.monster_steps),
}
#: what each metric can take at ``players`` players: where its intervals are clipped
METRIC_RANGE: dict[str, Callable[[int], tuple[float, float]]] = {
    "wins": lambda n: (0.0, 1.0),
    "nobody_won": lambda n: (0.0, 1.0),
    "rounds": lambda n: (1.0, math.inf),
    "escaped": lambda n: (0.0, float(_pawns(n))),
    "eaten": lambda n: (0.0, math.inf),
    "monster_steps": lambda n: (0.0, math.inf),
}


def _pawns(players: int) -> int:
    return players * len(pawn_values(players))


def check_metric(metric: object) -> str:
    """``metric`` a name of :data:`METRICS`, else a :class:`StudyError` naming it."""
    if not isinstance(metric, str) or metric not in METRICS:
        raise StudyError(
            "unknown metric {metric} (one of {metrics})",
            metric=shown(metric),
            metrics=", ".join(METRICS),
        )
    return metric


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

    @classmethod
    def from_dict(cls, data: Any) -> Variant:
        """A variant as :meth:`to_dict` wrote it (a study file)."""
        try:
            if not isinstance(data, dict):
                raise TypeError
            options = RuleOptions()
            for name, value in dict(data.get("options", {})).items():
                options = options.set(name, value)
            bots = tuple(data["bots"])
            lineups = tuple(tuple(x) for x in data.get("lineups", ()))
            players = data["players"]
            if (
                type(players) is not int
                or not bots
                or not all(isinstance(b, str) for b in bots + tuple(b for x in lineups for b in x))
            ):
                raise TypeError
            for name in set(bots):
                make_bot(name)
            return cls(
                str(data["label"]), players, bots, options, bool(data.get("rotate", True)), lineups
            )
        except (TypeError, KeyError, AttributeError):
            raise StudyError("study file: a variant is {data}", data=shown(data)) from None


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
    for key in ("rounds", "escaped", "eaten", "monster_steps"):
        values = [METRICS[key](r, 0) for r in results]
        m, lo, hi = mean_ci(values)
        low, high = METRIC_RANGE[key](v.players)
        row[f"{key}_mean"], row[f"{key}_lo"], row[f"{key}_hi"] = (
            _r(m),
            _r(max(low, lo)),
            _r(min(high, hi)),
        )
    lengths = sorted(r.rounds for r in results)
    row["rounds_median"] = _r(_quantile(lengths, 0.5))
    row["rounds_p90"] = lengths[max(0, math.ceil(0.9 * len(lengths)) - 1)] if lengths else 0
    row["rounds_max"] = lengths[-1] if lengths else 0
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
    """What a study found: its variants, every game's result (by variant), the rows, the
    comparisons of each variant with the first (the baseline: :func:`compare`), the games
    each played differently, and how long the run took (``timing``: the only part that
    differs between two runs of the same study)."""

    seed: int
    games: int
    variants: list[Variant]
    results: list[list[GameResult]]
    rows: list[dict[str, Any]]
    seats: list[dict[str, Any]]
    comparisons: list[dict[str, Any]] = []
    changed: list[dict[str, Any]] = []
    timing: dict[str, Any] | None = None

    def to_dict(self, games: bool = False) -> dict[str, Any]:
        """JSON-ready: the variants, rows and comparisons (``games=True``: every game's
        result too; docs/format.md)."""
        out: dict[str, Any] = {
            "format": STUDY_FORMAT,
            "seed": self.seed,
            "games_per_variant": self.games,
            "variants": [v.to_dict() for v in self.variants],
            "rows": self.rows,
            "seats": self.seats,
            "comparisons": self.comparisons,
            "games_changed": self.changed,
        }
        if self.timing is not None:
            out["timing"] = self.timing
        if games:
            out["games"] = [[g.to_dict() for g in rs] for rs in self.results]
        return out

    def table(self, lang: str | None = None) -> str:
        """A plain-text table, one line per variant (95 % intervals in brackets), then the
        comparisons with the first variant, in ``lang``."""
        _ = translations(lang).gettext
        lines = [
            _("{games} games per variant, seed {seed}").format(games=self.games, seed=self.seed)
        ]
        for row in self.rows:
            lines.append(
                _(
                    "{variant}: seat 0 (first player) wins {win} [{win_lo}, {win_hi}], "
                    "nobody won {draws} [{draws_lo}, {draws_hi}]"
                ).format(
                    variant=row["variant"],
                    win=f"{row['seat0_win_rate']:.3f}",
                    win_lo=f"{row['seat0_lo']:.3f}",
                    win_hi=f"{row['seat0_hi']:.3f}",
                    draws=f"{row['draw_rate']:.3f}",
                    draws_lo=f"{row['draw_lo']:.3f}",
                    draws_hi=f"{row['draw_hi']:.3f}",
                )
            )
            lines.append(
                "    "
                + _(
                    "escaped {escaped} [{escaped_lo}, {escaped_hi}], eaten {eaten} "
                    "[{eaten_lo}, {eaten_hi}], monster steps {steps} [{steps_lo}, {steps_hi}]"
                ).format(**_means(row))
            )
            lines.append(
                "    "
                + _(
                    "rounds: mean {mean} [{lo}, {hi}], median {median}, 90% of games "
                    "within {p90}, longest {most}"
                ).format(
                    mean=f"{row['rounds_mean']:.2f}",
                    lo=f"{row['rounds_lo']:.2f}",
                    hi=f"{row['rounds_hi']:.2f}",
                    median=f"{row['rounds_median']:g}",
                    p90=f"{row['rounds_p90']:g}",
                    most=row["rounds_max"],
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
        lines.extend(comparison_lines(self, lang))
        if self.timing is not None:
            t = self.timing
            lines.append(
                _("{played} games played in {seconds} s ({rate} games/s)").format(
                    played=t["games_played"],
                    seconds=f"{t['seconds']:.1f}",
                    rate=f"{t['games_per_s']:.1f}",
                )
            )
            if t.get("interrupted"):
                lines.append(
                    _("stopped early: {games} games per variant kept").format(games=self.games)
                )
        return "\n".join(lines)


def _means(row: Mapping[str, Any]) -> dict[str, str]:
    out = {}
    for key, metric in (("escaped", "escaped"), ("eaten", "eaten"), ("steps", "monster_steps")):
        out[key] = f"{row[f'{metric}_mean']:.2f}"
        out[f"{key}_lo"] = f"{row[f'{metric}_lo']:.2f}"
        out[f"{key}_hi"] = f"{row[f'{metric}_hi']:.2f}"
    return out


def metric_label(c: Mapping[str, Any], lang: str | None = None) -> str:
    """A comparison's metric in words (``wins`` with its seat)."""
    _ = translations(lang).gettext
    names = {
        "nobody_won": _("nobody won"),
        "rounds": _("rounds"),
        "escaped": _("escaped"),
        "eaten": _("eaten"),
        "monster_steps": _("monster steps"),
    }
    if c["metric"] == "wins":
        if c["seat"] == 0:
            return _("seat 0 (first player) wins")
        return _("seat {seat} wins").format(seat=c["seat"])
    return names[c["metric"]]


def comparison_lines(result: StudyResult, lang: str | None = None) -> list[str]:
    """The comparisons of the table: per variant, the games played differently, then each
    metric's paired difference with its interval and what pairing saved."""
    _ = translations(lang).gettext
    lines: list[str] = []
    for ch in result.changed:
        lines.append(
            _(
                "{variant} against {baseline} (the same {games} seeds: paired): "
                "{changed} of {games} games played differently"
            ).format(
                variant=ch["variant"],
                baseline=ch["baseline"],
                games=result.games,
                changed=ch["count"],
            )
        )
        if ch["games"]:
            shown_games = ", ".join(
                _("game {game} from ply {ply}").format(game=g["game"], ply=g["ply"])
                for g in ch["games"][:5]
            )
            more = len(ch["games"]) - 5
            lines.append("    " + shown_games + (f", … (+{more})" if more > 0 else ""))
        for c in result.comparisons:
            if c["variant"] != ch["variant"]:
                continue
            low, high = c["ci"]
            line = f"    {metric_label(c, lang)}: {c['difference']:+.3f} [{low:+.3f}, {high:+.3f}]"
            if c["unpaired_games"] is not None and c["unpaired_games"] > result.games:
                line += "  " + _("(as narrow as {unpaired} unpaired games per variant)").format(
                    unpaired=c["unpaired_games"]
                )
            lines.append(line)
    return lines


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
    previous: StudyResult | None = None,
    on_save: Callable[[StudyResult], None] | None = None,
    save_every: float = 2.0,
    on_first: Callable[[int, float, int], None] | None = None,
) -> StudyResult:
    """Play ``games`` games of every variant and summarise them. The games go round the
    variants (game ``i`` of each, then ``i + 1``), all in one stream so a pool or a cluster
    stays busy, so a run stopped early (Ctrl-C: the result is then the games of every
    variant finished so far, ``timing["interrupted"]``) is still a paired study.
    ``jobs=1`` plays in this process.

    ``previous`` (the same variants and seed, fewer games) is extended: the result is the
    one an N-game run gives, ``timing`` apart. ``on_save(result)`` gets the result so far
    every ``save_every`` seconds and at the end; ``on_first(games, seconds, total)`` the
    time the first games took, and how many the run plays (a cost estimate)."""
    check_study_games(games, len(study))
    check_seed_and_jobs(seed, jobs)
    if not study:
        raise StudyError("a study needs at least one variant")
    study = list(study)
    start = 0
    results: list[list[GameResult]] = [[] for _ in study]
    if previous is not None:
        check_resumable(previous, study, seed, games)
        start = previous.games
        results = [list(rs) for rs in previous.results]
    arms = len(study)
    specs = (
        GameSpec(i, seed, v.players, v.seats(i), v.options)
        for i in range(start, games)
        for v in study
    )
    began = time.perf_counter()
    last_save = began
    played = 0
    interrupted = False
    first_told = on_first is None
    try:
        for result in iter_play_specs(specs, executor, jobs=jobs, chunk=chunk):
            results[played % arms].append(result)
            played += 1
            if progress is not None:
                progress(played)
            if played % arms == 0:
                now = time.perf_counter()
                if not first_told and (now - began >= 1.0 or played >= 4 * arms):
                    first_told = True
                    assert on_first is not None
                    on_first(played, now - began, (games - start) * arms)
                if on_save is not None and now - last_save >= save_every:
                    last_save = now
                    on_save(summarise_study(study, seed, results, _timing(played, began)))
    except KeyboardInterrupt:
        interrupted = True
    done = min(len(rs) for rs in results)
    results = [rs[:done] for rs in results]
    out = summarise_study(study, seed, results, _timing(played, began, interrupted))
    if on_save is not None:
        on_save(out)
    return out


def _timing(played: int, began: float, interrupted: bool = False) -> dict[str, Any]:
    seconds = time.perf_counter() - began
    out: dict[str, Any] = {
        "games_played": played,
        "seconds": round(seconds, 3),
        "games_per_s": round(played / seconds, 2) if seconds > 0 else 0.0,
    }
    if interrupted:
        out["interrupted"] = True
    return out


def summarise_study(
    study: Sequence[Variant],
    seed: int,
    results: Sequence[Sequence[GameResult]],
    timing: dict[str, Any] | None = None,
) -> StudyResult:
    """The rows, rows by seat and comparisons of a study's games (as many of each)."""
    games = min((len(rs) for rs in results), default=0)
    rows: list[dict[str, Any]] = []
    seats: list[dict[str, Any]] = []
    kept = [list(rs[:games]) for rs in results]
    for v, rs in zip(study, kept, strict=True):
        row, by_seat = variant_stats(v, rs)
        rows.append(row)
        seats.extend(by_seat)
    comparisons: list[dict[str, Any]] = []
    changed: list[dict[str, Any]] = []
    for v, rs in zip(study[1:], kept[1:], strict=True):
        cs, ch = compare(study[0], kept[0], v, rs)
        comparisons.extend(cs)
        changed.append(ch)
    return StudyResult(seed, games, list(study), kept, rows, seats, comparisons, changed, timing)


def first_ply_apart(a: GameResult, b: GameResult) -> int | None:
    """The first ply (0-based) where two games of the same seed were played differently
    (their :attr:`~GameResult.trace`), or None when they were played alike."""
    if a.trace == b.trace:
        return None
    ta, tb = a.trace, b.trace
    for k in range(0, min(len(ta), len(tb)), 4):
        if ta[k : k + 4] != tb[k : k + 4]:
            return k // 4
    return min(len(ta), len(tb)) // 4


def compare(
    base: Variant, base_results: Sequence[GameResult], v: Variant, results: Sequence[GameResult]
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """``v`` against the baseline ``base``, game ``i`` against game ``i`` (the same seed:
    common random numbers): for each metric (the win of each seat both have, nobody won,
    rounds, escaped, eaten, monster steps) the mean of the paired differences with its
    95 % interval from the games as paired units (cut to what a difference of the metric
    can be), how many games were played differently, and ``unpaired_games``: how many
    games per variant two independent samples would need for an interval as narrow (None
    when no game differs). Returns the comparisons and the games changed (index, seed,
    first ply apart)."""
    n = min(len(base_results), len(results))
    pairs = list(zip(base_results[:n], results[:n], strict=True))
    apart = [(a.game, a.seed, first_ply_apart(a, b)) for a, b in pairs]
    changed = [{"game": g, "seed": sd, "ply": p} for g, sd, p in apart if p is not None]
    metrics: list[tuple[str, int | None]] = [
        ("wins", seat) for seat in range(min(base.players, v.players))
    ]
    metrics += [(m, None) for m in ("nobody_won", "rounds", "escaped", "eaten", "monster_steps")]
    out = []
    for metric, seat in metrics:
        f = METRICS[metric]
        xs = [f(a, seat or 0) for a, _ in pairs]
        ys = [f(b, seat or 0) for _, b in pairs]
        ds = [y - x for x, y in zip(xs, ys, strict=True)]
        mean, lo, hi = mean_ci(ds)
        lo_b, hi_b = METRIC_RANGE[metric](max(base.players, v.players))
        reach = hi_b - lo_b  # the most a difference can be
        if n >= 2 and len(set(ds)) == 1 and metric in ("wins", "nobody_won"):
            # every game gave the same difference: the spread estimates nothing; the
            # share of games that changed at all bounds it (Wilson, 95 %)
            # and so do the two rates, each within its Wilson interval (97.5 % each)
            share = wilson(len(changed), n)[1]
            both = NormalDist().inv_cdf(1 - (1 - NormalDist().cdf(Z95)) / 2)
            lb, ub = wilson(int(sum(xs)), n, both)
            lv, uv = wilson(int(sum(ys)), n, both)
            lo, hi = max(mean - share, lv - ub), min(mean + share, uv - lb)
        lo, hi = max(-reach, lo), min(reach, hi)
        unpaired = None
        var_d = _var(ds)
        if var_d > 0:
            unpaired = math.ceil(n * (_var(xs) + _var(ys)) / var_d)
        entry: dict[str, Any] = {
            "baseline": base.label,
            "variant": v.label,
            "metric": metric,
            "difference": _r(mean),
            "ci": [_r(lo), _r(hi)],
            "games_changed": len(changed),
            "unpaired_games": unpaired,
        }
        if seat is not None:
            entry["seat"] = seat
        out.append(entry)
    return out, {
        "baseline": base.label,
        "variant": v.label,
        "count": len(changed),
        "games": changed,
    }


def _var(values: Sequence[float]) -> float:
    n = len(values)
    if n < 2:
        return 0.0
    m = sum(values) / n
    return sum((x - m) ** 2 for x in values) / (n - 1)


def check_resumable(previous: StudyResult, study: Sequence[Variant], seed: int, games: int) -> None:
    """A saved study extends only with its own variants and seed, to at least its games."""
    if [v.to_dict() for v in previous.variants] != [v.to_dict() for v in study]:
        raise StudyError(
            "resume: the file's study compares {saved}, not {asked}: leave out "
            "--option, --players and --bots, or start a new file",
            saved=shown("; ".join(v.label for v in previous.variants)),
            asked=shown("; ".join(v.label for v in study)),
        )
    if previous.seed != seed:
        raise StudyError(
            "resume: the file's study has seed {saved}, not {asked}",
            saved=previous.seed,
            asked=seed,
        )
    if games < previous.games:
        raise StudyError(
            "resume: the file already holds {saved} games per variant; --games {asked} "
            "would drop some",
            saved=previous.games,
            asked=games,
        )


def study_from_dict(data: Any) -> StudyResult:
    """A study saved with its games (``--out``, :func:`~finstere_widget.design.runner.to_json`
    with ``games=True``) read back: the result, its rows computed again from the games. A
    :class:`StudyError` names what is not a study."""
    if not isinstance(data, dict) or data.get("format") != STUDY_FORMAT:
        raise StudyError(
            "not a study file: expected format {format}, got {got}",
            format=STUDY_FORMAT,
            got=shown(data.get("format") if isinstance(data, dict) else type(data).__name__),
        )
    for key in ("seed", "games_per_variant", "variants", "games"):
        if key not in data:
            raise StudyError("study file: key {key} is missing (save it with --out)", key=key)
    seed = data["seed"]
    if type(seed) is not int or not 0 <= seed < 2**64:
        raise StudyError("study file: seed is {seed}, not a seed", seed=shown(seed))
    study = [Variant.from_dict(v) for v in _list(data["variants"], "variants")]
    games = [
        [GameResult.from_dict(g) for g in _list(rs, "games")]
        for rs in _list(data["games"], "games")
    ]
    if len(games) != len(study) or not study:
        raise StudyError(
            "study file: {games} lists of games for {variants} variants",
            games=len(games),
            variants=len(study),
        )
    for v, rs in zip(study, games, strict=True):
        for k, r in enumerate(rs):
            if r.game != k or r.seed != game_seed(seed, k) or len(r.players) != v.players:
                raise StudyError(
                    "study file: game {game} of {variant} is not the study's game {k}",
                    game=r.game,
                    variant=shown(v.label),
                    k=k,
                )
    timing = data.get("timing")
    return summarise_study(study, seed, games, timing if isinstance(timing, dict) else None)


def _list(value: Any, key: str) -> list[Any]:
    if not isinstance(value, list):
        raise StudyError("study file: {key} is {value}, not a list", key=key, value=shown(value))
    return value


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


def league_table(rows: Sequence[Mapping[str, Any]], lang: str | None = None) -> str:
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
