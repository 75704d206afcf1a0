"""Subcommand ``edge-cases``: where two readings of a rule option part (the edge-case
explorer, :func:`finstere_widget.design.edge_cases`).

finstere-widget edge-cases --option slide_over_pawn --seed 1 --budget 5000
finstere-widget edge-cases --option first_draw_rule --values game_start,off --json
finstere-widget edge-cases --option pivot_when_tied --out gallery.html
finstere-widget edge-cases --option finish_round --games 30
"""

from __future__ import annotations

import argparse

from .._extras import require
from ..engine.i18n import N_, translations
from ..engine.options import OPTION_INFO
from .common import (
    SubParsers,
    UsageError,
    add_lang,
    check_writable,
    json_help,
    said,
    usage_error,
)

#: the budget when none is given: a few seconds
DEFAULT_BUDGET = 2000


def cmd_edge_cases(args: argparse.Namespace) -> int:
    from ..design.explorer import check_arguments, edge_cases

    translations(args.lang)  # an unknown --lang fails before the search
    values = args.values
    # one named error, at once (a seed, budget or games that is not a number too)
    check_arguments(args.option, values, args.seed, args.budget, args.games)
    if args.out:
        if not args.out.lower().endswith((".html", ".htm")):
            raise UsageError("--out {path}: the gallery is an .html page", path=args.out)
        check_writable(args.out, "--out")
        try:
            require("widget", "anywidget", "ipywidgets", "traitlets", part="--out")
        except ImportError as exc:
            raise usage_error(exc) from None
    result = edge_cases(args.option, values, seed=args.seed, budget=args.budget, games=args.games)
    if args.out:
        from ..widget.compare import write_gallery

        write_gallery(result, args.out, args.lang)
    if args.json:
        print(result.to_json(indent=2))
    else:
        print(result.table(args.lang))
    return 0


def _number(text: str) -> int | str:
    """A whole number as typed, else the text itself: the explorer's argument check then
    refuses it in the same one line as any other bad number (never argparse's usage)."""
    try:
        return int(text)
    except ValueError:
        return text


def register(sub: SubParsers) -> None:
    p = sub.add_parser(
        "edge-cases",
        help=said(
            N_(
                "find, shrink and count the situations where two values of a rule option "
                "make the engine do different things"
            )
        ),
    )
    p.add_argument(
        "--option",
        required=True,
        metavar="NAME",
        help=said(N_("the rule option to explore: {names}")).format(names=", ".join(OPTION_INFO)),
    )
    p.add_argument(
        "--values",
        default=None,
        metavar="A,B",
        help=said(N_("the two values to compare (default: the default against each other value)")),
    )
    p.add_argument(
        "--seed",
        type=_number,
        default=0,
        metavar="S",
        help=said(N_("the same seed gives the same cases (default 0)")),
    )
    p.add_argument(
        "--budget",
        type=_number,
        default=DEFAULT_BUDGET,
        metavar="N",
        help=said(N_("situations to compare at most (default 2000)")),
    )
    p.add_argument(
        "--games",
        type=_number,
        default=None,
        metavar="N",
        help=said(
            N_(
                "harvest N complete greedy games at each set-up and player count, beside "
                "the budget, so that the counts mean something (30 or more)"
            )
        ),
    )
    p.add_argument("--json", action="store_true", help=json_help())
    p.add_argument(
        "--out",
        default=None,
        metavar="FILE.html",
        help=said(N_("write a self-contained HTML gallery of every group")),
    )
    add_lang(p)
    p.set_defaults(handler=cmd_edge_cases)
