"""Subcommand ``examples``: the rulebooks' example positions shipped with the package,
listed, or one written out as a ``finstere-position/1`` file to start from. Every command
that reads a position also takes an example's name where no such file exists."""

from __future__ import annotations

import argparse
import sys

from .. import examples
from ..engine.files import write_file
from ..engine.i18n import N_, translations
from .common import SubParsers, add_lang, check_writable, printable, said

#: each example in a few words (the names are examples.names())
ABOUT = {
    "monster_basic_8": N_("the basic rulebook's monster turn, tile 8, pawns A-H"),
    "monster_basic_8_without_g": N_("the same without pawn G: through wall V"),
    "monster_advanced_8": N_("the advanced rulebook's monster turn, tile 8, pawns A-E"),
    "monster_online_10": N_("the online guide's monster turn, tile 10"),
    "pawn_example_1": N_("pawn P4 pushes a stone (pawn movement, example 1)"),
    "pawn_example_2": N_("a 5 walks over two pawns (pawn movement, example 2)"),
    "pawn_example_3": N_("a 5 pushes a stone onto a blood pool (pawn movement, example 3)"),
    "lesson_first_turn": N_("the tour's first monster turn: three pawns, the monster at the exit"),
    "lesson_doorways": N_("pawns by the entrance and the exit (lesson 02a, pawn moves)"),
    "lesson_slide": N_("a pawn beside the square blood pool (lesson 02b, blood pools)"),
    "lesson_race": N_("round 5: get a blue pawn out by round 7 (lesson 02c, how a game goes)"),
}


def cmd_examples(args: argparse.Namespace) -> int:
    words = translations(args.lang)
    if args.name is None:
        names = examples.names()
        width = max(len(n) for n in names)
        for name in names:
            about = ABOUT.get(name)
            told = words.gettext(about) if about else ""
            print(f"{name:<{width}}  {told}".rstrip())
        return 0
    position = examples.load(args.name)  # an unknown name: an ExampleError naming them all
    text = position.to_json()
    if args.out is None:
        print(text)
        return 0
    check_writable(args.out, "--out")
    write_file(args.out, text + "\n")  # whole or not at all (engine/files.py)
    print(words.gettext("saved {file}").format(file=printable(args.out)), file=sys.stderr)
    return 0


def register(sub: SubParsers) -> None:
    p = sub.add_parser(
        "examples",
        help=said(N_("list the example positions shipped with the package, or write one out")),
    )
    p.add_argument(
        "name",
        nargs="?",
        default=None,
        help=said(N_("an example's name: print its position (JSON), or write it with --out")),
    )
    p.add_argument("--out", metavar="FILE", help=said(N_("write the example's position to FILE")))
    add_lang(p)
    p.set_defaults(handler=cmd_examples)
