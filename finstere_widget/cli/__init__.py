"""Command line: ``python -m finstere_widget monster POSITION.json --tile 8 [--json]``.

Bad input (file, JSON, tile, option, move) prints one line on stderr and exits with
status 2; nothing is written to stdout then.

One module per subcommand group, each with a ``register(subparsers)`` that this module
calls explicitly in :func:`build_parser` (importing a subcommand module registers
nothing); what they share is in :mod:`finstere_widget.cli.common`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

from ..engine import FinstereError
from ..engine.errors import LanguageError
from ..engine.i18n import N_, error_message, resolve, translations
from . import edges, game, monster, moves, puzzles, study
from .common import Parser, UsageError, language_asked, printable, said, speaking

__all__ = ["build_parser", "main", "program_name"]

#: the subcommand modules, in the order their commands are listed by ``--help``
COMMANDS = (monster, moves, game, study, edges, puzzles)


def build_parser(prog: str | None = None, lang: str | None = None) -> Parser:
    """The command line's parser; ``prog`` is the command named in usage lines, ``lang``
    the language of its words (usage, errors, ``--help``; ``None``: the locale)."""
    code = resolve(lang)
    with speaking(code):
        parser = Parser(
            prog=prog or program_name(),
            description=said(N_("Finstere Flure: play the monster, move pawns, simulate games.")),
            lang=code,
        )
        from .. import __version__

        parser.add_argument(
            "--version",
            action="version",
            version=f"%(prog)s {__version__}",
            help=said(N_("show program's version number and exit")),
        )
        sub = parser.add_subparsers(dest="command", required=True)
        for module in COMMANDS:
            module.register(sub)
    return parser


def program_name(argv0: str | None = None) -> str:
    """The command as the user ran it, for usage lines: ``finstere-widget`` (the console
    script) or ``python -m finstere_widget``."""
    name = Path(sys.argv[0] if argv0 is None else argv0).name
    if name in ("__main__.py", "-c", "") or name.endswith((".py", ".pyc")):
        return "python -m finstere_widget"
    return name


def _known(args: object) -> bool:
    """Whether the command's ``--lang`` (if any) names a language with a catalog."""
    try:
        resolve(getattr(args, "lang", None))
    except LanguageError:
        return False
    return True


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser(lang=language_asked(sys.argv[1:] if argv is None else argv))
    args = parser.parse_args(argv)
    try:
        status: int = args.handler(args)
        sys.stdout.flush()  # a closed pipe shows up here, not at interpreter exit
        return status
    except (FinstereError, UsageError) as exc:
        told = error_message(exc, getattr(args, "lang", None))
        print(f"error: {printable(told)}", file=sys.stderr)
        return 2
    except RecursionError:  # a structure nested too deeply for the engine
        words = translations(getattr(args, "lang", None) if _known(args) else "en")
        nested = words.gettext("input nested too deeply")
        print(f"error: {nested}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader went away (``finstere-widget ... | head -1``): stop quietly; point
        # stdout at devnull so the interpreter's final flush does not complain
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
