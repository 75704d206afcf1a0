"""Subcommands ``move`` and ``moves``: a pawn's move along a path, a pawn's legal outcomes
(docs/format.md)."""

from __future__ import annotations

import argparse
import json

from ..engine.errors import IllegalMoveError, shown
from ..engine.i18n import N_, colour_word, place_words, translations
from ..engine.moves import apply_move, legal_moves, moves_to_json
from ..engine.narrate import narrate
from .common import SubParsers, add_common, fmt_to, options_from, read_position, said


def _to(to: object, lang: str | None) -> str:
    """Where a move ends: ``(x, y)``, or the place off the board in words."""
    return fmt_to(to) if isinstance(to, tuple) else place_words(str(to), lang)


def cmd_move(args: argparse.Namespace) -> int:
    position = read_position(args.position)
    options = options_from(args)
    try:
        result = apply_move(position, args.pawn, args.path, options)
    except IllegalMoveError as exc:
        raise IllegalMoveError(
            "illegal path for pawn {pawn}: {exc}",
            pawn=shown(args.pawn),
            exc=exc,
            token=exc.token,
            index=exc.index,
            rule=exc.rule,
        ) from None
    if args.json:
        print(json.dumps(result.position.to_dict()))
    else:
        _ = translations(args.lang).gettext
        print(
            _("pawn {pawn}: path {path}, cost {cost}, ends {to}").format(
                pawn=result.pawn,
                path=",".join(result.path) or _("(empty)"),
                cost=result.cost,
                to=_to(result.to, args.lang),
            )
        )
        for text in narrate(result.events, lang=args.lang):
            print(text)
    return 0


def cmd_moves(args: argparse.Namespace) -> int:
    position = read_position(args.position)
    options = options_from(args)
    outcomes = legal_moves(position, args.pawn, options)
    if args.json:
        print(json.dumps(moves_to_json(outcomes)))
    else:
        t = translations(args.lang)
        pawn = position.pawn(args.pawn)
        print(
            t.ngettext(
                "pawn {pawn} ({player}) shows {value}: {n} outcome",
                "pawn {pawn} ({player}) shows {value}: {n} outcomes",
                len(outcomes),
            ).format(
                pawn=pawn.id,
                player=colour_word(pawn.player, args.lang),
                value=pawn.value,
                n=len(outcomes),
            )
        )
        for o in outcomes:
            push = "  " + t.gettext("(pushes)") if o.pushes else ""
            line = t.gettext("{to}  cost {cost}  path {path}").format(
                to=f"{_to(o.to, args.lang):>10}", cost=o.cost, path=",".join(o.path) or "-"
            )
            print(f"  {line}{push}")
    return 0


def register(sub: SubParsers) -> None:
    p = sub.add_parser(
        "move", help=said(N_("move a pawn along a path (P2-P9) and print the new position"))
    )
    add_common(p)
    p.add_argument("--pawn", required=True, help=said(N_("the pawn's id")))
    p.add_argument(
        "--path",
        required=True,
        help=said(N_("comma-separated tokens N, E, S, W, IN, OUT ('' = 0 squares, only flipped)")),
    )
    p.set_defaults(handler=cmd_move)
    p = sub.add_parser("moves", help=said(N_("every distinct legal outcome of a pawn's move")))
    add_common(p)
    p.add_argument("--pawn", required=True, help=said(N_("the pawn's id")))
    p.set_defaults(handler=cmd_moves)
