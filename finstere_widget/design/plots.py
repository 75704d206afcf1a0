"""Study results as matplotlib charts (the ``sim`` extra)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..engine.errors import StudyError
from .studies import StudyResult

__all__ = ["plot_league", "plot_metric", "plot_seats"]


def _axes(ax: Any) -> Any:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=(6, 3.2), dpi=90)
    return ax


def plot_seats(result: StudyResult, ax: Any = None) -> Any:
    """Win rate of each seat, one group of bars per variant, with 95 % Wilson intervals
    and the equal share (1 / players) as a dashed line. Returns the matplotlib axes."""
    ax = _axes(ax)
    nv = len(result.variants)
    width = 0.8 / max(1, nv)
    for k, v in enumerate(result.variants):
        rows = [s for s in result.seats if s["variant"] == v.label]
        xs = [s["seat"] + (k - (nv - 1) / 2) * width for s in rows]
        ys = [s["win_rate"] for s in rows]
        err = [
            [s["win_rate"] - s["win_lo"] for s in rows],
            [s["win_hi"] - s["win_rate"] for s in rows],
        ]
        ax.bar(xs, ys, width=width, yerr=err, capsize=3, label=v.label)
    most = max(v.players for v in result.variants)
    for n in {v.players for v in result.variants}:
        ax.axhline(1 / n, color="grey", ls="--", lw=1)
    ax.set_xticks(range(most))
    ax.set_xticklabels([f"seat {s}" for s in range(most)])
    ax.set_ylabel("share of games won")
    ax.set_title(f"Wins by seat ({result.games} games per variant, 95 % CI)")
    ax.legend(fontsize="small")
    return ax


def plot_metric(result: StudyResult, metric: str = "rounds", ax: Any = None) -> Any:
    """One variant-level mean (``rounds``, ``escaped``, ``eaten``, ``monster_steps``) per
    variant with its 95 % interval."""
    if f"{metric}_mean" not in result.rows[0]:
        raise StudyError(
            "unknown metric {metric!r} (rounds, escaped, eaten, monster_steps)", metric=metric
        )
    ax = _axes(ax)
    labels = [r["variant"] for r in result.rows]
    ys = [r[f"{metric}_mean"] for r in result.rows]
    err = [
        [r[f"{metric}_mean"] - r[f"{metric}_lo"] for r in result.rows],
        [r[f"{metric}_hi"] - r[f"{metric}_mean"] for r in result.rows],
    ]
    ax.bar(range(len(ys)), ys, yerr=err, capsize=3, color="#3465a4")
    ax.set_xticks(range(len(ys)))
    ax.set_xticklabels(labels, fontsize="small")
    ax.set_ylabel(f"{metric} per game")
    ax.set_title(f"{metric} per game (mean, 95 % CI)")
    return ax


def plot_league(rows: Sequence[Mapping[str, Any]], ax: Any = None) -> Any:
    """The league: win rate per seat of each bot of each match at each player count,
    Wilson intervals, the fair share dashed."""
    ax = _axes(ax)
    counts = sorted({int(r["players"]) for r in rows})

    def label(r: Mapping[str, Any]) -> str:
        return f"{r['bot']} vs {r['opponent']}" if r.get("opponent") else str(r["bot"])

    bars = list(dict.fromkeys(label(r) for r in rows))
    width = 0.8 / max(1, len(bars))
    for k, bar in enumerate(bars):
        mine = [r for r in rows if label(r) == bar]
        xs = [counts.index(int(r["players"])) + (k - (len(bars) - 1) / 2) * width for r in mine]
        ax.bar(
            xs,
            [r["win_rate"] for r in mine],
            width=width,
            label=bar,
            capsize=3,
            yerr=[
                [r["win_rate"] - r["win_lo"] for r in mine],
                [r["win_hi"] - r["win_rate"] for r in mine],
            ],
        )
    for i, n in enumerate(counts):
        ax.hlines(1 / n, i - 0.45, i + 0.45, colors="grey", linestyles="--", lw=1)
    ax.set_xticks(range(len(counts)))
    ax.set_xticklabels([f"{n} players" for n in counts])
    ax.set_ylabel("win rate per seat")
    ax.set_title("League (95 % Wilson CI; dashes: fair share)")
    ax.legend(fontsize="small")
    return ax
