"""Command line: ``python -m finstere_widget monster POSITION.json --tile 8 [--json]``.

Bad input (file, JSON, tile, option, move) prints one line on stderr and exits with
status 2; nothing is written to stdout then.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from .engine import FinstereError, Position, RuleOptions, monster_turn
from .engine.i18n import translations
from .engine.narrate import narrate

#: the most bytes read from a position file (a position is a few KB)
MAX_INPUT = 1_000_000

#: subcommand name -> function(args) -> exit status; filled by ``register``.
Handler = Callable[[argparse.Namespace], int]


class UsageError(Exception):
    """A problem with the command line itself (file missing, option unknown...)."""


class _Parser(argparse.ArgumentParser):
    """argparse whose error line quotes a bad argument (``--seed`` of 5000 digits, control
    characters) escaped and cut: the usage line, then one error line, exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {printable(message, 200)}\n")


def printable(text: str, limit: int = 400) -> str:
    """``text`` safe for a terminal line: control and other non-printing characters
    (``\\x1b``, newlines, bidi marks) escaped, cut to ``limit`` characters."""
    out = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                  for c in text[: limit + 1])
    return out if len(out) <= limit else out[: limit - 1] + "…"


def read_position(path: str) -> Position:
    """A position from a file path, or ``-`` for standard input."""
    if path == "-":
        data = sys.stdin.buffer.read(MAX_INPUT + 1)
    else:
        try:
            with open(path, "rb") as f:
                data = f.read(MAX_INPUT + 1)
        except OSError as exc:
            raise UsageError(f"cannot read position file {printable(repr(path), 80)}: "
                             f"{exc.strerror}") from None
    if len(data) > MAX_INPUT:
        raise UsageError(f"position file {printable(repr(path), 80)}: more than {MAX_INPUT} bytes")
    return Position.from_json(data)  # bytes: not UTF-8 is a PositionError


def add_common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("position", help="position file (finstere-position/1 JSON), or - for stdin")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="rule option of docs/rules.md (repeatable), e.g. slide_over_pawn=stop",
    )
    parser.add_argument("--json", action="store_true", help="print JSON (docs/format.md)")
    add_lang(parser)


def add_lang(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang",
        default=None,
        metavar="LANG",
        help="language of the narration: en, fr, de, it, cs (default: the locale)",
    )


def options_from(args: argparse.Namespace) -> RuleOptions:
    return RuleOptions.parse(args.option)


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
    from .render.animate import save_turn

    try:
        save_turn(args.save, position, args.tile, options=options, lang=args.lang, paper=args.paper)
    except ImportError as exc:  # GIF/PDF need the animate extra (Pillow)
        raise UsageError(str(exc)) from None
    except ValueError as exc:  # the suffix
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(f"cannot write {args.save!r}: {exc.strerror}") from None
    print(f"saved {args.save}", file=sys.stderr)


def build_parser(prog: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; ``prog`` is the command named in usage lines."""
    parser = _Parser(
        prog=prog or program_name(),
        description="Finstere Flure: play the monster, move pawns, simulate games.",
    )
    from . import __version__

    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub: argparse._SubParsersAction[argparse.ArgumentParser] = parser.add_subparsers(  # type: ignore[assignment]
        dest="command", required=True)
    p = sub.add_parser("monster", help="play the monster's turn for a tile and print its trace")
    add_common(p)
    p.add_argument("--tile", required=True, help="5, 7, 8, 10, X, XX or a positive step count")
    p.add_argument(
        "--stage",
        type=int,
        choices=(1, 2),
        default=None,
        help="play in this stage (default: the position's)",
    )
    p.add_argument(
        "--save",
        metavar="FILE",
        default=None,
        help="also save the turn: FILE.svg (animated), FILE.gif or FILE.pdf (handout)",
    )
    p.add_argument(
        "--paper", choices=("a4", "letter"), default="a4", help="paper of the PDF handout"
    )
    p.set_defaults(handler=cmd_monster)
    for extra in EXTRA_COMMANDS:
        extra(sub)
    return parser


#: functions adding further subcommands (pawn moves, simulation, play) to the parser.
EXTRA_COMMANDS: list[Callable[[argparse._SubParsersAction[argparse.ArgumentParser]], None]] = []


def program_name(argv0: str | None = None) -> str:
    """The command as the user ran it, for usage lines: ``finstere-widget`` (the console
    script) or ``python -m finstere_widget``."""
    name = Path(sys.argv[0] if argv0 is None else argv0).name
    if name in ("__main__.py", "-c", "") or name.endswith((".py", ".pyc")):
        return "python -m finstere_widget"
    return name


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.handler(args)
        sys.stdout.flush()  # a closed pipe shows up here, not at interpreter exit
        return status
    except (FinstereError, UsageError) as exc:
        print(f"error: {printable(str(exc))}", file=sys.stderr)
        return 2
    except RecursionError:  # a structure nested too deeply for the engine
        print("error: input nested too deeply", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader went away (``finstere-widget ... | head -1``): stop quietly; point
        # stdout at devnull so the interpreter's final flush does not complain
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


from . import cli_game, cli_study, cli_teach  # noqa: E402, F401  (register move, moves, simulate, play; study; puzzles)
