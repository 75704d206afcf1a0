"""What every subcommand shares: the error contract, reading a position, the common
arguments (``position``, ``--option``, ``--json``, ``--lang``) and their parsing.

Imports nothing of :mod:`finstere_widget.cli` itself: the subcommand modules import this
one, and :mod:`finstere_widget.cli` imports them (no circle).
"""

from __future__ import annotations

import argparse
import functools
import os
import re
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NoReturn, TypeAlias

from .._extras import MissingExtraError
from ..engine.errors import ExampleError, LanguageError, Translatable, shown
from ..engine.i18n import N_, resolve, translations
from ..engine.options import OPTION_INFO, RuleOptions
from ..engine.position import Position

#: the most bytes read from a position file (a position is a few KB)
MAX_INPUT = 1_000_000

#: what ``register(subparsers)`` of each subcommand module receives
SubParsers: TypeAlias = "argparse._SubParsersAction[Parser]"


class UsageError(Translatable, Exception):
    """A problem with the command line itself (file missing, option unknown...): an English
    template and its parameters, told in the user's language like the engine's errors."""

    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(self._remember(message, params))


def usage_error(error: BaseException) -> UsageError:
    """``error`` (a bot name, an option, a file...) as a command-line error, its words
    still translatable when it is one of the package's errors; a missing extra told in one
    line naming the install (see :func:`extra_error`)."""
    if isinstance(error, ImportError):
        found = extra_error(error)
        if found is not None:
            return found
    if isinstance(error, Translatable):
        return UsageError(error.template, **error.params)
    return UsageError(str(error))


#: the extra that provides each optional module the command line may need, and the
#: command-line argument that needs it
EXTRA_OF = {
    "PIL": ("animate", "--save FILE.gif/FILE.pdf"),
    "dask": ("study", "--dask"),
    "distributed": ("study", "--dask"),
    "matplotlib": ("sim", "--plot"),
    "tqdm": ("sim", "--progress"),
}
#: a module's distribution name, where it differs (``pip install Pillow`` gives ``PIL``)
_DISTRIBUTION = {"PIL": "Pillow"}
#: what is missing when only the extra is named (an ImportError written by hand)
_MODULE_OF = {"animate": "PIL", "study": "dask", "sim": "matplotlib"}
_EXTRA_IN_TEXT = re.compile(r"finstere_widget\[(\w+)\]")


def extra_error(error: ImportError) -> UsageError | None:
    """``error`` as one line naming the ``pip install`` to run when an optional module is
    missing (its name in a known extra, or ``finstere_widget[EXTRA]`` in its text), else
    ``None`` (an import that should have worked: a bug, told with its traceback)."""
    missing = ""
    extra = part = None
    if isinstance(error, MissingExtraError) and error.extra:
        missing, extra, part = error.name or "", error.extra, error.part
    seen: BaseException | None = error
    while seen is not None and extra is None:
        name = getattr(seen, "name", None) or ""
        top = name.split(".")[0]
        if top in EXTRA_OF:
            missing = top
            extra, part = EXTRA_OF[top]
        else:
            match = _EXTRA_IN_TEXT.search(str(seen))
            if match:
                extra = match.group(1)
                missing = top or _MODULE_OF.get(extra, extra)
                part = next((p for e, p in EXTRA_OF.values() if e == extra), None)
        seen = seen.__cause__ or seen.__context__
    if extra is None:
        return None
    return UsageError(
        "{part} needs the '{extra}' extra ({missing} is not installed): pip install \"finstere_widget[{extra}]\"",
        part=part or "",
        extra=extra,
        missing=_DISTRIBUTION.get(missing, missing),
    )


#: argparse's own messages (Python's ``argparse`` looks each up through ``gettext`` when it
#: is used), marked here for the catalogs so that usage errors, the usage line and the
#: ``--help`` headings speak the command line's language
ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("ignored explicit argument %r"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("unexpected option string: %s"),
)


@contextmanager
def speaking(lang: str | None) -> Iterator[None]:
    """argparse's messages in ``lang`` while the block runs (``None``: as they are, so a
    subcommand's parser speaks its command line's language). argparse reads its module's
    ``_`` and ``ngettext`` (``gettext``'s) each time it words a message; they are set back
    after the block."""
    if lang is None:
        yield
        return
    words = translations(lang)
    space = vars(argparse)  # the module's names: argparse calls _() and ngettext() by name
    saved = (space["_"], space["ngettext"])
    space["_"], space["ngettext"] = words.gettext, words.ngettext
    try:
        yield
    finally:
        space["_"], space["ngettext"] = saved


def said(text: str) -> str:
    """A help text of the command line (marked ``N_`` for the catalogs) in the language of
    the parser being built: argparse's ``_`` of the moment (see :func:`speaking`)."""
    words: Any = vars(argparse)["_"]
    return str(words(text))


def language_asked(argv: Sequence[str]) -> str:
    """The language of ``--lang X`` (or ``--lang=X``) on the command line, else the locale's;
    read before parsing so that the parser's own words (usage, errors, ``--help``) are in it.
    A code with no catalog is English here (the command then refuses it, naming it)."""
    lang: str | None = None
    for k, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and k + 1 < len(argv):
            lang = argv[k + 1]
        elif arg.startswith("--lang="):
            lang = arg.partition("=")[2]
    try:
        return resolve(lang)
    except LanguageError:
        return "en"


class Parser(argparse.ArgumentParser):
    """argparse whose error is one line (no usage block: ``--help`` shows it), in the
    parser's language, quoting a bad argument (``--seed`` of 5000 digits, control
    characters) escaped and cut; exit status 2. Its words (usage, errors, help headings)
    are in ``lang`` (``None``: the language of the parser it belongs to, else as they
    are)."""

    def __init__(self, *args: Any, lang: str | None = None, **kwargs: Any) -> None:
        self.lang = lang
        with speaking(lang):
            super().__init__(*args, **kwargs)

    def parse_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: Any = None
    ) -> argparse.Namespace:
        with speaking(self.lang):
            parsed: argparse.Namespace = super().parse_args(args, namespace)
        return parsed

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: Any = None
    ) -> tuple[argparse.Namespace, list[str]]:
        with speaking(self.lang):
            return super().parse_known_args(args, namespace)

    def format_usage(self) -> str:
        with speaking(self.lang):
            return super().format_usage()

    def format_help(self) -> str:
        with speaking(self.lang):
            return super().format_help()

    def error(self, message: str) -> NoReturn:
        with speaking(self.lang):
            line = said(N_("{command}: error: {message} (see {command} --help)"))
        self.exit(2, line.format(command=self.prog, message=printable(message, 200)) + "\n")


def printable(text: str, limit: int = 400) -> str:
    """``text`` safe for a terminal line: control and other non-printing characters
    (``\\x1b``, newlines, bidi marks) escaped, cut to ``limit`` characters."""
    out = "".join(
        c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
        for c in text[: limit + 1]
    )
    return out if len(out) <= limit else out[: limit - 1] + "…"


def read_position(path: str) -> Position:
    """A position from a file path, ``-`` for standard input, or the name of an example
    shipped with the package (``monster_basic_8``: ``finstere-widget examples`` lists
    them) when no such file exists."""
    if path == "-":
        data = sys.stdin.buffer.read(MAX_INPUT + 1)
    elif not os.path.exists(path) and re.fullmatch(r"\w+", path, re.ASCII):
        from .. import examples

        try:
            return examples.load(path)
        except ExampleError:
            raise UsageError(
                "no position file or shipped example named {path} (finstere-widget examples lists the examples)",
                path=printable(repr(path), 80),
            ) from None
    else:
        try:
            with open(path, "rb") as f:
                data = f.read(MAX_INPUT + 1)
        except OSError as exc:
            raise UsageError(
                "cannot read position file {path}: {strerror}",
                path=printable(repr(path), 80),
                strerror=exc.strerror,
            ) from None
    if len(data) > MAX_INPUT:
        raise UsageError(
            "position file {path}: more than {max_input} bytes",
            path=printable(repr(path), 80),
            max_input=MAX_INPUT,
        )
    return Position.from_json(data)  # bytes: not UTF-8 is a PositionError


#: the help of ``--option NAME=VALUE`` wherever it is one rule option per occurrence
OPTION_HELP = N_("a rule option (repeatable), e.g. slide_over_pawn=stop")
#: what :func:`add_option` adds to its help: the option names
OPTION_NAMES = N_("{help}; options: {names}")


def documentation_url_in(folders: Sequence[str]) -> str:
    """The documentation site's address in the metadata of the package installed in one of
    ``folders`` (its ``Project-URL: Documentation``, written from pyproject.toml's
    ``[project.urls]`` when the wheel was built); "" when none is found. Read by hand:
    importlib.metadata costs a command's start 35 ms."""
    for folder in folders:
        try:
            names = sorted(os.listdir(folder or "."))
        except OSError:
            continue
        for name in names:
            if not (name.startswith("finstere_widget-") and name.endswith(".dist-info")):
                continue
            try:
                with open(os.path.join(folder, name, "METADATA"), encoding="utf-8") as meta:
                    for line in meta:
                        if not line.strip():
                            break  # the headers end; the description follows
                        key, _, value = line.partition(":")
                        label, _, url = value.strip().partition(",")
                        if key == "Project-URL" and label.strip() == "Documentation":
                            return url.strip()
            except OSError:
                continue
    return ""


@functools.cache
def documentation_url() -> str:
    """:func:`documentation_url_in` the folder this package is installed in, then the
    import path (an editable install); "" for a checkout never installed."""
    package = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return documentation_url_in([package, *sys.path])


def docs_page(page: str, title: str) -> str:
    """The documentation's page ``page`` (``format`` for format.html): its address, or
    where the package's metadata has none, its ``title`` in words."""
    base = documentation_url()
    if base:
        return base.rstrip("/") + f"/{page}.html"
    return said(N_("the page “{title}” of the documentation")).format(title=title)


def json_help() -> str:
    """``--json``'s help: where its format is told."""
    page = docs_page("format", "Format specification")
    return said(N_("print JSON (its format: {page})")).format(page=page)


def option_values() -> str:
    """Each rule option with its values: ``slide_over_pawn=stop|eat|...``."""
    return ", ".join(f"{name}={'|'.join(info[0])}" for name, info in OPTION_INFO.items())


def add_common(parser: argparse.ArgumentParser) -> None:
    """The arguments of the commands that read a position: the file, ``--option``,
    ``--json``, ``--lang``."""
    parser.add_argument(
        "position",
        help=said(
            N_(
                "position file (finstere-position/1 JSON), - for stdin, or a shipped example's name (finstere-widget examples)"
            )
        ),
    )
    add_option(parser, help=said(OPTION_HELP))
    parser.add_argument("--json", action="store_true", help=json_help())
    add_lang(parser)


def add_option(
    parser: argparse.ArgumentParser, metavar: str = "NAME=VALUE", help: str | None = None
) -> None:
    """The repeatable ``--option NAME=VALUE`` (a rule option of docs/rules.md); its help
    ends with the options' names, each with its values."""
    if help is not None:
        help = said(OPTION_NAMES).format(help=help, names=option_values())
    parser.add_argument("--option", action="append", default=[], metavar=metavar, help=help)


def add_lang(parser: argparse.ArgumentParser, dest: str = "lang") -> None:
    parser.add_argument(
        "--lang",
        dest=dest,
        default=None,
        metavar="LANG",
        help=said(N_("language of the output: en, fr, de, it, cs (default: the locale)")),
    )


def options_from(args: argparse.Namespace) -> RuleOptions:
    """The rule options of the repeated ``--option NAME=VALUE`` (an unknown name or value
    is an :class:`~finstere_widget.engine.OptionError`)."""
    return RuleOptions.parse(args.option)


def add_seed_and_jobs(parser: argparse.ArgumentParser, jobs_help: str) -> None:
    """``--seed S`` and ``--jobs J`` of the commands that play many games."""
    parser.add_argument(
        "--seed",
        type=int,
        default=0,
        metavar="S",
        help=said(N_("the same seed gives the same games (default 0)")),
    )
    parser.add_argument("--jobs", type=int, default=None, metavar="J", help=jobs_help)


def check_batch(args: argparse.Namespace) -> None:
    """``--games N`` and ``--jobs J`` of the commands that play many games."""
    if args.games < 1:
        raise UsageError("--games must be >= 1: a summary of no games tells nothing")
    if args.jobs is not None and args.jobs < 1:
        raise UsageError("--jobs must be >= 1")


def add_progress(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help=said(N_("progress bar on stderr (default: when stderr is a terminal)")),
    )


def progress_from(args: argparse.Namespace) -> bool:
    """``--progress``/``--no-progress``, else a progress bar when stderr is a terminal."""
    return bool(args.progress if args.progress is not None else sys.stderr.isatty())


def bot_list(text: str) -> list[str]:
    """``--bots greedy,random``: the bot names, each checked (a name, or a name with its
    parameter such as ``mcts:50``)."""
    from ..design.bots import make_bot

    names = [b.strip() for b in text.split(",") if b.strip()]
    for name in names:
        try:
            make_bot(name)
        except ValueError as exc:
            raise usage_error(exc) from None
    if not names:
        raise UsageError("--bots: give at least one bot name")
    return names


def check_writable(path: str, flag: str) -> None:
    """Refuse, before any work, a file that cannot be written (no such folder, a folder,
    no permission)."""
    target = os.path.abspath(path)
    folder = os.path.dirname(target)
    if os.path.isdir(target):
        raise UsageError("{flag} {path}: is a folder", flag=flag, path=shown(path))
    if not os.path.isdir(folder):
        raise UsageError("{flag} {path}: no such folder", flag=flag, path=shown(path))
    if not os.access(target if os.path.exists(target) else folder, os.W_OK):
        raise UsageError("{flag} {path}: not writable", flag=flag, path=shown(path))


def fmt_to(to: Any) -> str:
    """Where a move ends: ``(x, y)`` for a square, else its name (``out``...)."""
    return f"({to[0]}, {to[1]})" if isinstance(to, tuple) else str(to)


#: every subcommand's examples, shown at the end of its ``--help`` (``{prog}``: the
#: command as run); each runs as printed in an empty folder, in this order, with only the
#: package installed (tests/test_quickstart.py)
EXAMPLES: dict[str, tuple[str, ...]] = {
    "": (  # the program's own --help
        "{prog} examples",
        "{prog} monster monster_basic_8 --tile 8",
        "{prog} monster --help",
    ),
    "monster": (
        "{prog} monster monster_basic_8 --tile 8",
        "{prog} monster monster_basic_8 --tile 8 --option slide_over_pawn=stop --lang fr",
        "{prog} monster monster_advanced_8 --tile 8 --save turn.svg",
    ),
    "moves": (
        "{prog} moves pawn_example_1 --pawn P4",
        "{prog} moves pawn_example_1 --pawn P4 --json",
    ),
    "move": (
        "{prog} move pawn_example_1 --pawn P4 --path N,N,N,W",
        "{prog} move pawn_example_1 --pawn P4 --path N,N,N,W --json --lang de",
    ),
    "simulate": (
        "{prog} simulate --games 20 --players 3 --seed 1",
        "{prog} simulate --games 20 --bots greedy,random --json",
    ),
    "play": (
        "{prog} play --seed 1",
        "{prog} play --watch --players 3 --seed 2 --record game.json",
    ),
    "study": (
        "{prog} study --option slide_over_pawn=eat,stop --players 2 --games 12",
        "{prog} study --bots random,greedy --league --players 2 --games 20",
    ),
    "puzzles": (
        "{prog} puzzles --rule tie -n 3 --answers",
        "{prog} puzzles --seed 1 --out set.json --lang it",
        "{prog} puzzles --lesson 09 --worksheet class.pdf",
    ),
    "edge-cases": (
        "{prog} edge-cases --option slide_over_pawn --budget 300",
        "{prog} edge-cases --option pivot_when_tied --json",
        "{prog} edge-cases --option tiles_per_stage --values 7,8 --budget 300",
    ),
    "examples": (
        "{prog} examples",
        "{prog} examples monster_basic_8 --out lesson.json",
        "{prog} monster lesson.json --tile 8 --lang cs",
    ),
}


def examples_epilog(name: str, prog: str) -> str:
    """The end of subcommand ``name``'s ``--help``: ``examples:`` and its commands."""
    lines = [said(N_("examples:"))]
    lines += [f"  {line.format(prog=prog)}" for line in EXAMPLES[name]]
    return "\n".join(lines)


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """argparse's wrapping, except that an address is never broken (argparse broke the
    documentation's at its hyphen, "finstere-" / "flure.github.io", which no one can
    copy): a word longer than the column keeps a line of its own."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        import textwrap

        flat = " ".join(text.split())
        return textwrap.wrap(flat, width, break_on_hyphens=False, break_long_words=False)


def add_examples(command: argparse.ArgumentParser, name: str) -> None:
    """End the ``--help`` of subcommand ``name`` with its examples (its own description
    and help texts are wrapped as before; the examples keep their lines)."""
    prog = command.prog.rsplit(" ", 1)[0]  # the program, without the subcommand
    command.epilog = examples_epilog(name, prog)
    command.formatter_class = HelpFormatter
