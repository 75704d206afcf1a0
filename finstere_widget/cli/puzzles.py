"""Subcommand ``puzzles``, for teachers: prints (or writes as JSON) a seeded set of
predict-the-monster puzzles, with the answers told in the language asked."""

from __future__ import annotations

import argparse

from ..engine.files import file_path, write_file
from ..engine.i18n import N_, translations
from ..engine.narrate import _towards, narrate, sq
from ..teach.predict import TOPICS, Puzzle, puzzles, puzzles_to_json, question_text
from .common import SubParsers, UsageError, add_lang, said

#: the puzzles' topics (teach/predict.py TOPICS), as the languages name them
TOPIC_WORDS = {
    "nearest": N_("nearest"),
    "tie": N_("tie"),
    "wrap": N_("wrap"),
    "slide": N_("slide"),
    "push": N_("push"),
    "crush": N_("crush"),
    "pivot": N_("pivot"),
    "teleporter": N_("teleporter"),
    "crystal": N_("crystal"),
}


def _show(number: int, puzzle: Puzzle, answers: bool, lang: str | None) -> list[str]:
    t = translations(lang)
    m = puzzle.position.monster
    out = [
        t.gettext(
            "puzzle {number}: {topic} ({rule}), level {level} — the monster on {square} "
            "facing {heading}"
        ).format(
            number=number,
            topic=t.gettext(TOPIC_WORDS[puzzle.topic])
            if puzzle.topic in TOPIC_WORDS
            else puzzle.topic,
            rule=puzzle.rule,
            level=puzzle.difficulty,
            square=sq(m.at),
            heading=_towards(t, m.facing),
        ),
        puzzle.position.diagram().rstrip(),
        question_text(lang),
    ]
    for letter, c in zip("abcdefg", puzzle.choices, strict=False):
        out.append(
            "  "
            + t.gettext("{letter}) {square} facing {heading}, taken: {taken}").format(
                letter=letter,
                square=sq(c.square),
                heading=_towards(t, c.facing),
                taken=", ".join(c.taken) or "-",
            )
        )
    if answers:
        letter = "abcdefg"[puzzle.choices.index(puzzle.answer)]
        out.append(
            t.gettext("answer: {letter}) — rules met: {rules}").format(
                letter=letter, rules=", ".join(puzzle.rules)
            )
        )
        out += [f"  {line}" for line in narrate(puzzle.events, lang=lang)]
    return out


def _write_worksheets(found: list[Puzzle], path: str, lang: str | None) -> None:
    """``path`` (a .pdf) gets the worksheet, ``path`` with ``-answers`` before the suffix its
    answer key; each is written whole or not at all."""
    from .._extras import require

    if not path.lower().endswith(".pdf"):
        raise UsageError("{path}: a worksheet is a .pdf file", path=path)
    require("animate", "PIL", part="a worksheet")
    from ..teach.worksheets import puzzle_worksheet

    key = path[: -len(".pdf")] + "-answers.pdf"
    file_path(path)  # not a path: refused before any sheet is drawn
    for target, answers in ((path, False), (key, True)):
        write_file(target, puzzle_worksheet(found, answers=answers, lang=lang))


#: the lessons whose puzzle set ``--lesson`` gives: lesson 09's graded series, as its
#: notebook builds it (``puzzle_levels(SEED)``, SEED = 2026) and its worksheet prints it
LESSON_SEEDS = {"09": 2026}


def _lesson_set(args: argparse.Namespace) -> list[Puzzle]:
    from ..teach.walkthrough import puzzle_levels

    chosen = [
        flag
        for flag, value in (
            ("--rule", args.rule),
            ("-n", args.n),
            ("--seed", args.seed),
            ("--difficulty", args.difficulty),
        )
        if value is not None
    ]
    if chosen:
        raise UsageError(
            "--lesson {lesson} is the lesson's own set: leave out {options}",
            lesson=args.lesson,
            options=", ".join(chosen),
        )
    level1, level2, level3 = puzzle_levels(LESSON_SEEDS[args.lesson])
    return level1 + level2 + level3


def cmd_puzzles(args: argparse.Namespace) -> int:
    if args.lesson is not None:
        found = _lesson_set(args)
    else:
        n = 9 if args.n is None else args.n
        if n < 1:  # the engine's empty set is a value; asked for here, it tells nothing
            raise UsageError("-n must be >= 1: a set of no puzzles tells nothing")
        found = puzzles(
            args.rule or "all",
            n=n,
            seed=args.seed or 0,
            difficulty=args.difficulty,
        )
    translations(args.lang)  # an unknown --lang fails before anything is printed
    if args.out:
        write_file(args.out, puzzles_to_json(found) + "\n")  # whole or not at all
    if args.worksheet:
        _write_worksheets(found, args.worksheet, args.lang)
    if args.json:
        print(puzzles_to_json(found))
        return 0
    for k, p in enumerate(found, start=1):
        print("\n".join(_show(k, p, args.answers, args.lang)))
        print()
    return 0


def register(sub: SubParsers) -> None:
    p = sub.add_parser(
        "puzzles",
        help=said(N_("a seeded set of predict-the-monster puzzles (one right answer each)")),
    )
    p.add_argument(
        "--lesson",
        choices=sorted(LESSON_SEEDS),
        default=None,
        help=said(
            N_("a lesson's own set: 09 gives lesson 09's 18 puzzles, the worksheet's (seed 2026)")
        ),
    )
    p.add_argument(
        "--rule",
        default=None,
        help=said(N_("a rule id (M4, M5, M8-M12), a topic ({topics}) or all (default)")).format(
            topics=", ".join(TOPICS)
        ),
    )
    p.add_argument("-n", type=int, default=None, help=said(N_("how many puzzles (default 9)")))
    p.add_argument(
        "--seed", type=int, default=None, help=said(N_("the same seed gives the same set"))
    )
    p.add_argument(
        "--difficulty", type=int, default=None, help=said(N_("only this level (1, 2, ...)"))
    )
    p.add_argument(
        "--answers", action="store_true", help=said(N_("print each answer, told step by step"))
    )
    p.add_argument(
        "--json", action="store_true", help=said(N_("print the set as finstere-puzzles/1 JSON"))
    )
    p.add_argument(
        "--out", metavar="FILE", default=None, help=said(N_("also write the set's JSON to FILE"))
    )
    p.add_argument(
        "--worksheet",
        metavar="FILE.pdf",
        default=None,
        help=said(
            N_(
                "also write a printable worksheet to FILE.pdf and its answer key to FILE-answers.pdf"
            )
        ),
    )
    add_lang(p)
    p.set_defaults(handler=cmd_puzzles)
