"""The designer's lessons (08, 10) in sentences: a duel of two bots, game lengths, where
pawns were taken, a study's intervals and paired differences — told in the lesson's
language, so that a lesson prints words rather than dictionaries, and a sentence about
the numbers is made from the numbers (it cannot go stale when they change).

Standard library only, like the rest of :mod:`finstere_widget.design`'s core.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..engine.board import Square
from ..engine.events import Eat
from ..engine.game import Game
from ..engine.i18n import resolve, translations
from .bots import make_bot, play_game
from .simulation import game_seed
from .studies import StudyResult, metric_label, wilson

__all__ = [
    "comparison_told",
    "deadliest_told",
    "difference",
    "duel",
    "duel_told",
    "intervals_told",
    "lengths_told",
    "taken",
    "taken_told",
    "wins_by_bot",
]

Duel = list[tuple[tuple[str, ...], Game]]


def duel(games: int, bots: Sequence[str] = ("greedy", "random"), seed: int = 2) -> Duel:
    """``games`` two-player games of ``bots``, who swap seats every game (so the
    advantage of a place at the table cancels out): ``[(bots by seat, game)]``, every
    game played to its end and kept with its history; game ``i`` is seeded
    ``game_seed(seed, i)``, as :func:`~finstere_widget.design.simulate` seeds it."""
    out: Duel = []
    for index in range(games):
        s = game_seed(seed, index)
        seats = tuple(bots) if index % 2 == 0 else tuple(reversed(bots))
        game = Game(2, seed=s)
        play_game(game, [make_bot(name, f"{s}/{k}") for k, name in enumerate(seats)])
        out.append((seats, game))
    return out


def wins_by_bot(games: Duel) -> Counter[str]:
    """How many games each bot won (a game nobody won counts for nobody)."""
    wins: Counter[str] = Counter()
    for seats, game in games:
        outcome = game.outcome()
        winner = outcome.winner if outcome is not None else None
        if winner is not None:
            wins[seats[game.seat_of[winner]]] += 1
    return wins


def duel_told(games: Duel, *, lang: str | None = None) -> str:
    """``"60 games: greedy won 57 (95 %, 95 % interval 86 % to 98 %), random 0 (0 %, …);
    3 games nobody won."``"""
    t = translations(resolve(lang))
    n = len(games)
    wins = wins_by_bot(games)
    bots = list(dict.fromkeys(b for seats, _ in games for b in seats))
    parts = []
    for bot in bots:
        lo, hi = wilson(wins[bot], n)
        parts.append(
            t.ngettext(
                "{bot} won {wins} game ({share:.0%}; 95 % interval {lo:.0%} to {hi:.0%})",
                "{bot} won {wins} games ({share:.0%}; 95 % interval {lo:.0%} to {hi:.0%})",
                wins[bot],
            ).format(bot=bot, wins=wins[bot], share=wins[bot] / n if n else 0.0, lo=lo, hi=hi)
        )
    nobody = n - sum(wins.values())
    nobody_told = t.ngettext(
        "{nobody} game nobody won", "{nobody} games nobody won", nobody
    ).format(nobody=nobody)
    return t.gettext("{n} games: {won}; {nobody}.").format(
        n=n, won=", ".join(parts), nobody=nobody_told
    )


def lengths_told(name: str, rounds: Counter[int], *, lang: str | None = None) -> str:
    """``rounds`` (how many games lasted each number of rounds) in a sentence: how many
    games, from how short to how long, and the most common length."""
    t = translations(resolve(lang))
    n = sum(rounds.values())
    if not n:
        return t.gettext("{name}: no game.").format(name=name)
    common, times = max(sorted(rounds.items()), key=lambda kv: kv[1])
    return t.ngettext(
        "{name}: {n} game, from {low} to {high} rounds; most often {common} rounds ({times} games).",
        "{name}: {n} games, from {low} to {high} rounds; most often {common} rounds ({times} games).",
        n,
    ).format(name=name, n=n, low=min(rounds), high=max(rounds), common=common, times=times)


def taken(games: Iterable[Game]) -> tuple[Counter[Square], Counter[str]]:
    """Every pawn the monster took (M7, M8) in ``games``: how many on each square, and how
    many each way (``"eaten"``, ``"crushed"``, ``"teleporter"``)."""
    where: Counter[Square] = Counter()
    how: Counter[str] = Counter()
    for game in games:
        for h in game.history:
            if h.monster is not None:
                for e in h.monster.events:
                    if isinstance(e, Eat):
                        where[e.at] += 1
                        how[e.how] += 1
    return where, how


def taken_told(how: Counter[str], games: int, *, lang: str | None = None) -> str:
    """``"797 pawns taken in 60 games: 786 eaten by the monster, 11 pushed off the board."``"""
    t = translations(resolve(lang))
    ways = {
        "eaten": t.gettext("{n} eaten by the monster"),
        "crushed": t.gettext("{n} pushed off the board"),
        "teleporter": t.gettext("{n} pushed onto a teleporter"),
    }
    told = ", ".join(ways[k].format(n=how[k]) for k in ways if how[k])
    total = sum(how.values())
    return t.ngettext(
        "{total} pawn taken in {games} games: {ways}.",
        "{total} pawns taken in {games} games: {ways}.",
        total,
    ).format(total=total, games=games, ways=told or "0")


def deadliest_told(where: Counter[Square], count: int = 5, *, lang: str | None = None) -> str:
    """The ``count`` squares where most pawns were taken, with their numbers."""
    t = translations(resolve(lang))
    top = where.most_common(count)
    squares = ", ".join(t.gettext("({x}, {y}) {n}").format(x=sq[0], y=sq[1], n=n) for sq, n in top)
    return t.ngettext(
        "The {count} deadliest square (pawns taken there): {squares}.",
        "The {count} deadliest squares (pawns taken on each): {squares}.",
        len(top),
    ).format(count=len(top), squares=squares)


def difference(result: StudyResult, metric: str, seat: int | None = None) -> dict[str, Any]:
    """The paired comparison of the study's second variant with its first, for one
    ``metric`` (``"rounds"``, ``"wins"`` with its ``seat``, ``"eaten"``...): a dict with the
    ``difference``, its ``ci`` and how many games changed. A metric the study did not
    compare is a ``StudyError`` naming it."""
    from ..engine.errors import StudyError

    for c in result.comparisons:
        if c["metric"] == metric and c.get("seat") == seat:
            return c
    raise StudyError(
        "the study compares no metric {metric} (seat {seat})", metric=metric, seat=seat
    )


def _overlap_words(shared: float, narrower: float, t: Any) -> str:
    if shared <= 0:
        return str(t.gettext("do not overlap"))
    part = shared / narrower if narrower > 0 else 1.0
    if part >= 0.6:
        return str(t.gettext("overlap almost entirely"))
    if part >= 0.3:
        return str(t.gettext("overlap for a good part"))
    return str(t.gettext("overlap a little"))


def intervals_told(result: StudyResult, metric: str, *, lang: str | None = None) -> str:
    """How the 95 % intervals of ``metric`` (``"rounds"``, ``"eaten"``...) under the study's
    first two variants lie: apart, a little over each other, or almost one on the other —
    said from the numbers themselves."""
    t = translations(resolve(lang))
    a, b = result.rows[0], result.rows[1]
    (alo, ahi), (blo, bhi) = (
        (a[f"{metric}_lo"], a[f"{metric}_hi"]),
        (b[f"{metric}_lo"], b[f"{metric}_hi"]),
    )
    shared = min(ahi, bhi) - max(alo, blo)
    narrower = min(ahi - alo, bhi - blo)
    words = _overlap_words(shared, narrower, t)
    text = t.gettext(
        "The two intervals, {alo:.2f} to {ahi:.2f} ({a}) and {blo:.2f} to {bhi:.2f} ({b}), {words}"
    ).format(alo=alo, ahi=ahi, a=a["variant"], blo=blo, bhi=bhi, b=b["variant"], words=words)
    if shared > 0:
        return text + t.gettext(": {lo:.2f} to {hi:.2f} lies in both.").format(
            lo=max(alo, blo), hi=min(ahi, bhi)
        )
    return text + "."


def _label(c: Mapping[str, Any], code: str) -> str:
    """A compared metric in a learner's words: a player by their place at the table
    ("the 1st player"), not by a seat number."""
    t = translations(code)
    if c["metric"] == "wins":
        if c["seat"] == 0:
            return str(t.gettext("the 1st player's win rate"))
        return str(t.gettext("the win rate of player {n}").format(n=c["seat"] + 1))
    return metric_label(c, code)


def comparison_told(
    result: StudyResult, metric: str, seat: int | None = None, *, lang: str | None = None
) -> str:
    """The paired difference of ``metric`` between the study's two variants, with its
    interval — and, when no game changed, why the interval is not zero: the games the rule
    could change are a share of all games too small to have turned up in this many, but not
    known to be none."""
    code = resolve(lang)
    t = translations(code)
    c = difference(result, metric, seat)
    changed = next((ch["count"] for ch in result.changed if ch["variant"] == c["variant"]), 0)
    label = _label(c, code)
    lo, hi = c["ci"]
    head = t.gettext("{changed} of {games} games were played differently under {variant}.").format(
        changed=changed, games=result.games, variant=c["variant"]
    )
    if changed == 0:
        share = wilson(0, result.games)[1]
        return (
            head
            + "\n"
            + t.gettext(
                "So {label} changed in no game here. But {games} games cannot show"
                " that the rule never matters: games it changes could still be up to {share:.0%}"
                " of all games (95 % interval of a share seen 0 times in {games}), so the"
                " difference lies between {lo:+.3f} and {hi:+.3f}. More games narrow it."
            ).format(label=label, games=result.games, share=share, lo=lo, hi=hi)
        )
    return (
        head
        + "\n"
        + t.gettext(
            "{label} changes by {difference:+.3f} on average (95 % interval {lo:+.3f} to {hi:+.3f})."
        ).format(label=label, difference=c["difference"], lo=lo, hi=hi)
    )
