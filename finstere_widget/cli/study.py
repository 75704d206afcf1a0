"""Subcommand ``study``: compare rule options, player counts or bots (or run a league).

finstere-widget study --option slide_over_pawn=eat,stop --players 3 --games 5000
finstere-widget study --bots greedy --bots lookahead --players 2,3 --games 500 --jobs 4
finstere-widget study --league --bots random,greedy,lookahead,mcts --players 2,3,4
finstere-widget study --option tiles_per_stage=7,8 --games 200 --out length.json
finstere-widget study --resume length.json --games 1000 --plot length.png --metric rounds
"""

from __future__ import annotations

import argparse
import io
import os
import sys

from .._extras import require
from ..engine.errors import FileError, shown
from ..engine.files import write_file
from ..engine.i18n import N_
from .common import (
    SubParsers,
    UsageError,
    add_lang,
    add_option,
    add_progress,
    add_seed_and_jobs,
    check_batch,
    check_writable,
    progress_from,
    said,
    usage_error,
)


def _ints(text: str) -> list[int]:
    try:
        out = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise UsageError(
            "--players: expected numbers like 3 or 2,3,4, got {text!r}", text=text
        ) from None
    if not out:
        raise UsageError("--players: give at least one player count")
    return out


#: what ``--plot FILE`` can save, by the file's suffix
PLOT_SUFFIXES = (".png", ".svg", ".pdf")


def check_plot(path: str) -> None:
    """``--plot FILE`` is refused before any game is played when the plot could not be
    saved: another suffix, no such folder, matplotlib missing."""
    if not path.lower().endswith(PLOT_SUFFIXES):
        raise UsageError("--plot {path}: save as .png, .svg or .pdf", path=shown(path))
    check_writable(path, "--plot")
    try:
        require("sim", "matplotlib", part="--plot")
    except ImportError as exc:
        raise usage_error(exc) from None


def cmd_study(args: argparse.Namespace) -> int:
    from .. import design as st
    from ..design.studies import check_metric
    from ..engine.i18n import translations

    if args.games is None:
        args.games = 1000
    check_batch(args)
    if args.plot:
        check_plot(args.plot)
    try:
        metric = check_metric(args.metric) if args.metric else None
    except ValueError as exc:
        raise usage_error(exc) from None
    translations(args.lang)  # an unknown --lang fails before any game is played
    previous = None
    if args.resume:
        try:
            previous = st.load(args.resume)
        except ValueError as exc:
            raise usage_error(exc) from None
    out = args.out or args.resume
    if args.out:
        check_writable(args.out, "--out")
    players = _ints(args.players) if args.players is not None else None
    lineups = [
        [b.strip() for b in text.split(",") if b.strip()] for text in args.bots or ["greedy"]
    ]
    show = progress_from(args)
    jobs = args.jobs if args.dask else (args.jobs or 1)  # dask local: every core by default
    common = {"jobs": jobs, "dask": args.dask, "progress": show, "stream": sys.stderr}
    league_rows = None
    _ = translations(args.lang).gettext

    def estimate(games: int, seconds: float, total: int) -> None:
        left = max(0.0, seconds / games * total - seconds)
        print(
            _("about {minutes} min left for {games} games ({rate} games/s so far)").format(
                minutes=f"{left / 60:.1f}", games=total, rate=f"{games / seconds:.1f}"
            ),
            file=sys.stderr,
        )

    try:
        if args.league:
            if len(lineups) != 1:
                raise UsageError("--league takes one --bots list, e.g. random,greedy,lookahead")
            if args.option:
                raise UsageError("--league plays the default rules: leave out --option")
            if args.resume or args.out:
                raise UsageError("--league is not saved: leave out --out and --resume")
            result, league_rows = st.league(
                lineups[0], players or [2], args.games, args.seed or 0, **common
            )
        else:
            given = args.option or args.bots or players is not None or args.no_rotate
            if previous is not None and not given:
                kwargs: dict[str, object] = {}
            else:
                kwargs = {
                    "players": players or [2],
                    "bots": lineups,
                    "options": args.option,
                    "rotate": not args.no_rotate,
                }
            result = st.study(
                args.games,
                seed=args.seed,
                out=out,
                resume=previous,
                estimate=estimate if show else None,
                **kwargs,  # type: ignore[arg-type]
                **common,
            )
    except (ValueError, ConnectionError) as exc:  # unknown bot, option value, scheduler...
        raise usage_error(exc) from None
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        if league_rows is not None:
            ax = st.plot_league(league_rows)
        elif metric is None or metric == "wins":
            ax = st.plot_seats(result, dark=args.dark)
        else:
            ax = st.plot_metric(result, metric, dark=args.dark)
        ax.figure.tight_layout()
        # rendered whole in memory, then written whole or not at all (engine/files.py):
        # matplotlib's own savefig truncated an existing file and could leave half a plot
        image = io.BytesIO()
        ax.figure.savefig(image, format=os.path.splitext(args.plot)[1][1:].lower())
        try:
            write_file(args.plot, image.getvalue())
        except FileError as exc:
            raise UsageError(
                "cannot write {out!r}: {strerror}", out=args.plot, strerror=exc.strerror
            ) from None
    if args.json:
        print(st.to_json(result, games=args.games_json, league_rows=league_rows))
    elif league_rows is not None:
        print(st.league_table(league_rows, args.lang))
    else:
        print(result.table(args.lang))
    if result.timing and result.timing.get("interrupted"):
        return 130
    return 0


def register(sub: SubParsers) -> None:
    p = sub.add_parser(
        "study",
        help=said(
            N_(
                "compare rule options, player counts or bots over many "
                "games (win rate by seat, escapes, game length, 95%% CI)"
            )
        ),
    )
    p.add_argument(
        "--games",
        type=int,
        default=None,
        metavar="N",
        help=said(N_("games per variant (default 1000)")),
    )
    p.add_argument(
        "--players",
        default=None,
        metavar="P[,P...]",
        help=said(N_("player counts, e.g. 3 or 2,3,4")),
    )
    p.add_argument(
        "--bots",
        action="append",
        default=None,
        metavar="BOT[,BOT...]",
        help=said(
            N_(
                "a bot line-up seated in turn (repeat to compare line-ups; default "
                "greedy): random, greedy, lookahead, mcts; NAME:N sets a parameter (mcts:N "
                "playouts, lookahead:N candidates, greedy:N outcomes checked)"
            )
        ),
    )
    add_option(
        p,
        metavar="NAME=V1[,V2...]",
        help=said(N_("a rule option and the values to compare (repeatable)")),
    )
    add_seed_and_jobs(
        p, said(N_("worker processes (or dask LocalCluster workers); same output either way"))
    )
    p.add_argument(
        "--dask",
        default=None,
        metavar="local|HOST:PORT",
        help=said(N_("run on dask distributed: a LocalCluster or a running scheduler")),
    )
    p.add_argument(
        "--league",
        action="store_true",
        help=said(
            N_(
                "a ladder: each bot of --bots (weakest first) against the next, at every --players count"
            )
        ),
    )
    p.add_argument("--no-rotate", action="store_true", help=said(N_("keep bots on fixed seats")))
    p.add_argument(
        "--json",
        action="store_true",
        help=said(N_("print the study as JSON (the same for the same seed, but for its timing)")),
    )
    p.add_argument(
        "--games-json", action="store_true", help=said(N_("with --json: every game's result too"))
    )
    p.add_argument(
        "--plot", metavar="FILE", help=said(N_("save a plot (PNG, SVG, PDF by the suffix)"))
    )
    p.add_argument(
        "--metric",
        metavar="NAME",
        help=said(
            N_(
                "what --plot draws: wins (by seat, the default), nobody_won, rounds, escaped, "
                "eaten, monster_steps"
            )
        ),
    )
    p.add_argument(
        "--dark", action="store_true", help=said(N_("--plot in colours for a dark background"))
    )
    p.add_argument(
        "--out",
        metavar="FILE",
        help=said(
            N_("save the study with every game to FILE as it runs (JSON; --resume reads it)")
        ),
    )
    p.add_argument(
        "--resume",
        metavar="FILE",
        help=said(
            N_(
                "extend the study saved in FILE to --games per variant (its options, "
                "players, bots and seed); the result equals one run of that many games"
            )
        ),
    )
    add_progress(p)
    add_lang(p)
    p.set_defaults(handler=cmd_study, seed=None)
