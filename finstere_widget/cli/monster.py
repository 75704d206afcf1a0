"""Subcommand ``monster``: play the monster's turn for a tile and narrate it, or print its trace."""

from __future__ import annotations

import argparse
import json
import sys

from ..engine import Position, RuleOptions, monster_turn
from ..engine.i18n import N_, translations
from ..engine.narrate import narrate
from .common import (
    SubParsers,
    UsageError,
    add_common,
    options_from,
    printable,
    read_position,
    said,
    usage_error,
)


def cmd_monster(args: argparse.Namespace) -> int:
    position = read_position(args.position)
    options = options_from(args)
    if args.stage is not None:
        position = position.replace(stage=args.stage)
    result = monster_turn(position, args.tile, options)
    if args.save:  # first: a file that cannot be written leaves stdout empty
        save_pictures(args, position, options)
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(translations(args.lang).gettext("tile {tile}").format(tile=result.tile))
        for text in narrate(result.events, lang=args.lang):
            print(text)
    return 0


def save_pictures(args: argparse.Namespace, position: Position, options: RuleOptions) -> None:
    """``--save turn.svg|gif|pdf``: the turn as an animation or a printable handout."""
    from ..render.animate import save_turn

    try:
        save_turn(args.save, position, args.tile, options=options, lang=args.lang, paper=args.paper)
    except ImportError as exc:  # GIF/PDF need the animate extra (Pillow)
        raise usage_error(exc) from None
    except ValueError as exc:  # the suffix
        raise usage_error(exc) from None
    except OSError as exc:
        raise UsageError(
            "cannot write {save!r}: {strerror}", save=args.save, strerror=exc.strerror
        ) from None
    # the name as typed, its control characters escaped (``\x1b[2J`` cleared the screen)
    saved = translations(args.lang).gettext("saved {file}").format(file=printable(args.save))
    print(saved, file=sys.stderr)


def register(sub: SubParsers) -> None:
    p = sub.add_parser(
        "monster",
        help=said(
            N_("play the monster's turn for a tile and narrate it, or print its trace (--json)")
        ),
    )
    add_common(p)
    p.add_argument(
        "--tile", required=True, help=said(N_("5, 7, 8, 10, X, XX or a step count 1-20"))
    )
    p.add_argument(
        "--stage",
        type=int,
        choices=(1, 2),
        default=None,
        help=said(N_("play in this stage (default: the position's)")),
    )
    p.add_argument(
        "--save",
        metavar="FILE",
        default=None,
        help=said(N_("also save the turn: FILE.svg (animated), FILE.gif or FILE.pdf (handout)")),
    )
    p.add_argument(
        "--paper", choices=("a4", "letter"), default="a4", help=said(N_("paper of the PDF handout"))
    )
    p.set_defaults(handler=cmd_monster)
