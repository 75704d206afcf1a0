"""Command line: ``finstere-widget monster monster_basic_8 --tile 8 [--json]``.

Bad input (file, JSON, tile, option, move, an argument argparse refuses) prints one line on
stderr and exits with status 2; nothing is written to stdout then.

One module per subcommand group, each with a ``register(subparsers)`` that this module
calls explicitly in :func:`build_parser` (importing a subcommand module registers
nothing); what they share is in :mod:`finstere_widget.cli.common`. Every subcommand's
``--help`` ends with the examples of :data:`~finstere_widget.cli.common.EXAMPLES`, added
here.

This module imports the subcommands when the parser is built, not at import:
``finstere-widget --version`` answers without loading the engine.
"""

from __future__ import annotations

import importlib
import os
import sys

TYPE_CHECKING = False  # not typing's: ``--version`` should not import typing
if TYPE_CHECKING:
    from collections.abc import Sequence

    from .common import Parser

__all__ = ["build_parser", "main", "program_name"]

#: the subcommand modules of this package, in the order their commands are listed by
#: ``--help``
COMMANDS = ("monster", "moves", "game", "study", "edges", "puzzles", "examples")


def build_parser(prog: str | None = None, lang: str | None = None) -> Parser:
    """The command line's parser; ``prog`` is the command named in usage lines, ``lang``
    the language of its words (usage, errors, ``--help``; ``None``: the locale)."""
    import argparse

    from .. import __version__
    from ..engine.i18n import N_, resolve
    from .common import Parser, add_examples, add_lang, examples_epilog, said, speaking

    code = resolve(lang)
    with speaking(code):
        parser = Parser(
            prog=prog or program_name(),
            description=said(N_("Finstere Flure: play the monster, move pawns, simulate games.")),
            lang=code,
        )
        parser.add_argument(
            "--version",
            action="version",
            version=f"%(prog)s {__version__}",
            help=said(N_("show program's version number and exit")),
        )
        # ``--lang fr`` before the subcommand too (each subcommand takes it after its name)
        add_lang(parser, dest="main_lang")
        sub = parser.add_subparsers(dest="command", required=True)
        for name in COMMANDS:
            importlib.import_module(f"{__name__}.{name}").register(sub)
        for name, command in sub.choices.items():
            add_examples(command, name)
        parser.epilog = examples_epilog("", parser.prog)
        parser.formatter_class = argparse.RawDescriptionHelpFormatter
    return parser


def program_name(argv0: str | None = None) -> str:
    """The command as the user ran it, for usage lines: ``finstere-widget`` (the console
    script) or ``python -m finstere_widget``."""
    name = os.path.basename(sys.argv[0] if argv0 is None else argv0)
    if name in ("__main__.py", "-c", "") or name.endswith((".py", ".pyc")):
        return "python -m finstere_widget"
    return name


def _known(args: object) -> bool:
    """Whether the command's ``--lang`` (if any) names a language with a catalog."""
    from ..engine.errors import LanguageError
    from ..engine.i18n import resolve

    try:
        resolve(getattr(args, "lang", None))
    except LanguageError:
        return False
    return True


def main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    if given == ["--version"]:  # answered before anything else is imported (start-up time)
        from .. import __version__

        print(f"{program_name()} {__version__}")
        return 0

    from ..engine import FinstereError
    from ..engine.i18n import error_message, translations
    from .common import UsageError, extra_error, language_asked, printable

    parser = build_parser(lang=language_asked(given))
    args = parser.parse_args(given)
    if getattr(args, "lang", None) is None:  # ``--lang`` before the subcommand
        args.lang = args.main_lang
    try:
        status: int = args.handler(args)
        sys.stdout.flush()  # a closed pipe shows up here, not at interpreter exit
        return status
    except (FinstereError, UsageError, ImportError) as exc:
        if isinstance(exc, ImportError):  # an extra that is not installed (one line), or a bug
            known = extra_error(exc)
            if known is None:
                raise
            exc = known
        lang = args.lang if _known(args) else "en"
        told = printable(error_message(exc, lang))
        print(translations(lang).gettext("error: {message}").format(message=told), file=sys.stderr)
        return 2
    except RecursionError:  # a structure nested too deeply for the engine
        words = translations(args.lang if _known(args) else "en")
        nested = words.gettext("input nested too deeply")
        print(words.gettext("error: {message}").format(message=nested), file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader went away (``finstere-widget ... | head -1``): stop quietly; point
        # stdout at devnull so the interpreter's final flush does not complain
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
