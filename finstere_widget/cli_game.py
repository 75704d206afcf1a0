"""Command line for pawns and games: ``move``, ``moves`` (FORMAT.md), ``simulate``, ``play``.

Registered into :mod:`finstere_widget.cli` through ``EXTRA_COMMANDS``; errors follow the
same contract (one line on stderr, exit status 2).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from .cli import EXTRA_COMMANDS, add_common, options_from, read_position
from .engine.errors import IllegalMoveError
from .engine.moves import apply_move, legal_moves, moves_to_json
from .engine.narrate import narrate

SubParsers = "argparse._SubParsersAction[argparse.ArgumentParser]"


def _fmt_to(to: Any) -> str:
    return f"({to[0]}, {to[1]})" if isinstance(to, tuple) else str(to)


def cmd_move(args: argparse.Namespace) -> int:
    position = read_position(args.position)
    options = options_from(args)
    try:
        result = apply_move(position, args.pawn, args.path, options)
    except IllegalMoveError as exc:
        raise IllegalMoveError(f"illegal path for pawn {args.pawn}: {exc}", token=exc.token,
                               index=exc.index, rule=exc.rule) from None
    if args.json:
        print(json.dumps(result.position.to_dict()))
    else:
        print(f"pawn {result.pawn}: path {','.join(result.path) or '(empty)'}, cost {result.cost}, "
              f"ends {_fmt_to(result.to)}")
        for text in narrate(result.events):
            print(text)
    return 0


def cmd_moves(args: argparse.Namespace) -> int:
    position = read_position(args.position)
    options = options_from(args)
    outcomes = legal_moves(position, args.pawn, options)
    if args.json:
        print(json.dumps(moves_to_json(outcomes)))
    else:
        pawn = position.pawn(args.pawn)
        print(f"pawn {pawn.id} ({pawn.player}) shows {pawn.value}: {len(outcomes)} outcome(s)")
        for o in outcomes:
            push = "  (pushes)" if o.pushes else ""
            print(f"  {_fmt_to(o.to):>10}  cost {o.cost}  path {','.join(o.path) or '-'}{push}")
    return 0


def add_pawn_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("move", help="move a pawn along a path (P2-P9) and print the new position")
    add_common(p)
    p.add_argument("--pawn", required=True, help="the pawn's id")
    p.add_argument("--path", required=True,
                   help="comma-separated tokens N, E, S, W, IN, OUT ('' = 0 squares, only flipped)")
    p.set_defaults(handler=cmd_move)
    p = sub.add_parser("moves", help="every distinct legal outcome of a pawn's move")
    add_common(p)
    p.add_argument("--pawn", required=True, help="the pawn's id")
    p.set_defaults(handler=cmd_moves)


EXTRA_COMMANDS.append(add_pawn_commands)
