"""Study results as matplotlib charts (the ``sim`` extra), in light or dark colours."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .studies import StudyResult, check_metric

__all__ = ["plot_league", "plot_metric", "plot_seats"]

#: what each metric is called on a chart's axis, and the row keys of its mean and interval
LABELS = {
    "nobody_won": ("share of games nobody won", "draw_rate", "draw_lo", "draw_hi"),
    "rounds": ("rounds per game", "rounds_mean", "rounds_lo", "rounds_hi"),
    "escaped": ("pawns escaped per game", "escaped_mean", "escaped_lo", "escaped_hi"),
    "eaten": ("pawns eaten per game", "eaten_mean", "eaten_lo", "eaten_hi"),
    "monster_steps": (
        "monster steps per game",
        "monster_steps_mean",
        "monster_steps_lo",
        "monster_steps_hi",
    ),
}
DARK_BACKGROUND = "#1e1e1e"
DARK_TEXT = "#e6e6e6"


def _axes(ax: Any, dark: bool) -> Any:
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(6.4, 3.4), dpi=90)
    if dark:
        ax.figure.patch.set_facecolor(DARK_BACKGROUND)
        ax.set_facecolor(DARK_BACKGROUND)
    return ax


def _finish(ax: Any, dark: bool) -> Any:
    """Text, ticks and frame in the theme's colours (the bars keep theirs)."""
    if dark:
        for item in (ax.title, ax.xaxis.label, ax.yaxis.label):
            item.set_color(DARK_TEXT)
        ax.tick_params(colors=DARK_TEXT)
        for spine in ax.spines.values():
            spine.set_color(DARK_TEXT)
        legend = ax.get_legend()
        if legend is not None:
            legend.get_frame().set_facecolor(DARK_BACKGROUND)
            for t in legend.get_texts():
                t.set_color(DARK_TEXT)
    return ax


def seat_label(seat: int) -> str:
    return "seat 0 (first player)" if seat == 0 else f"seat {seat}"


def plot_seats(result: StudyResult, ax: Any = None, dark: bool = False) -> Any:
    """Win rate of each seat, one group of bars per variant, with 95 % Wilson intervals
    and the fair share (1 / players) of each player count dashed and named. Returns the
    matplotlib axes (``dark``: colours for a dark background)."""
    ax = _axes(ax, dark)
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
        ax.bar(xs, ys, width=width, yerr=err, capsize=3, label=v.label, ecolor="grey")
    most = max(v.players for v in result.variants)
    for n in sorted({v.players for v in result.variants}):
        ax.axhline(1 / n, color="grey", ls="--", lw=1, label=f"fair share at {n} players (1/{n})")
    ax.set_xticks(range(most))
    ax.set_xticklabels([seat_label(s) for s in range(most)], fontsize="small")
    ax.set_ylim(0, 1)
    ax.set_ylabel("share of games won")
    ax.set_title(f"Wins by seat ({result.games} games per variant, 95 % CI)")
    ax.legend(fontsize="small")
    return _finish(ax, dark)


def plot_metric(
    result: StudyResult, metric: str = "rounds", ax: Any = None, dark: bool = False
) -> Any:
    """One metric per variant with its 95 % interval (``wins``: :func:`plot_seats`;
    ``nobody_won``, ``rounds``, ``escaped``, ``eaten``, ``monster_steps``); an unknown
    metric is a :class:`StudyError` naming it."""
    check_metric(metric)
    if metric == "wins":
        return plot_seats(result, ax, dark)
    label, mean, lo, hi = LABELS[metric]
    ax = _axes(ax, dark)
    labels = [r["variant"] for r in result.rows]
    ys = [r[mean] for r in result.rows]
    err = [
        [r[mean] - r[lo] for r in result.rows],
        [r[hi] - r[mean] for r in result.rows],
    ]
    ax.bar(range(len(ys)), ys, yerr=err, capsize=3, color="#3465a4", ecolor="grey")
    ax.set_xticks(range(len(ys)))
    ax.set_xticklabels(labels, fontsize="small")
    ax.set_ylim(bottom=0)
    ax.set_ylabel(label)
    ax.set_title(f"{label} ({result.games} games per variant, mean and 95 % CI)")
    return _finish(ax, dark)


def plot_league(rows: Sequence[Mapping[str, Any]], ax: Any = None, dark: bool = False) -> Any:
    """The league: win rate per seat of each bot of each match at each player count,
    Wilson intervals, the fair share dashed."""
    ax = _axes(ax, dark)
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
    return _finish(ax, dark)
