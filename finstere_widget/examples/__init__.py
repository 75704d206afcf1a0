"""The rulebooks' worked examples as positions, shipped with the package.

The worked examples of the French and Italian rulebooks and of the online guide (docs/rules.md,
"Sources") refer to pictures we do not have; these ``finstere-position/1`` files
(docs/format.md) are reconstructions built so that playing docs/rules.md reproduces each
narration step by step. The notebooks load them from here;
``tests/examples/`` holds the same files for the tests (a test keeps the two copies equal).

>>> from finstere_widget import examples
>>> examples.names()[:2]
('monster_advanced_8', 'monster_basic_8')
>>> pos = examples.load("monster_basic_8")
>>> pos.monster.at
(9, 7)

=================================  ======================================================
name                               example
=================================  ======================================================
``monster_basic_8``                monster, basic game, tile 8, pawns A-H (French, Italian)
``monster_basic_8_without_g``      the same without G: through wall V
``monster_advanced_8``             monster, advanced game, tile 8, pawns A-E (French)
``monster_online_10``              monster, tile 10 (online guide)
``pawn_example_1``                 the 4 pushes a stone (French, Italian, example 1)
``pawn_example_2``                 the 5 walks through two pawns (example 2)
``pawn_example_3``                 the 5 pushes a stone onto the pool (example 3)
=================================  ======================================================

``expectations("pawn_example_1")`` gives the pawn examples' legal and illegal paths
(``{"pawn", "points", "legal": [...], "illegal": [...]}``).

Reading a monster trace the way the rulebooks tell it (the notebooks assert on these):
:func:`sightings` (who is seen where, per step), :func:`decisions`, :func:`headings` and
:func:`step_table` (one line per step: look, decision, what happened).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from gettext import NullTranslations
from importlib import resources
from typing import Any

from ..engine import (
    Eat,
    End,
    Enter,
    Escape,
    Event,
    Flip,
    Look,
    Move,
    Position,
    Push,
    Remove,
    Slide,
    Teleport,
    Turn,
    Wrap,
)
from ..engine.errors import ExampleError, shown
from ..engine.events import assert_never
from ..engine.i18n import translations

__all__ = [
    "TILES",
    "data",
    "decisions",
    "expectations",
    "headings",
    "load",
    "names",
    "sightings",
    "step_table",
]

#: the tile each monster example is played with
TILES = {
    "monster_basic_8": "8",
    "monster_basic_8_without_g": "8",
    "monster_advanced_8": "8",
    "monster_online_10": "10",
}


def _folder() -> Any:
    return resources.files(__name__)


def names() -> tuple[str, ...]:
    """The example positions shipped with the package, sorted."""
    return tuple(
        sorted(
            f.name[: -len(".json")]
            for f in _folder().iterdir()
            if f.name.endswith(".json") and f.is_file()
        )
    )


def _read(path: Any, what: str, name: str) -> Any:
    if not path.is_file():
        known = ", ".join(names())
        raise ExampleError(
            "no {what} named {name}; known examples: {known}",
            what=what,
            name=shown(name),
            known=known,
        )
    return json.loads(path.read_text(encoding="utf-8"))


def data(name: str) -> dict[str, Any]:
    """The example ``name`` as a docs/format.md dict (a fresh copy)."""
    result: dict[str, Any] = _read(_folder() / f"{name}.json", "example position", name)
    return result


def load(name: str) -> Position:
    """The example ``name`` (see :func:`names`) as a validated :class:`Position`."""
    return Position.from_dict(data(name))


def expectations(name: str) -> dict[str, Any]:
    """The legal and illegal paths of a pawn example (``pawn_example_1`` .. ``_3``)."""
    result: dict[str, Any] = _read(
        _folder() / "expectations" / f"{name}.json", "pawn-move expectation", name
    )
    return result


# --- reading a trace --------------------------------------------------------------------


def _looks(events: Iterable[Event]) -> list[Look]:
    return [e for e in events if isinstance(e, Look)]


def sightings(events: Iterable[Event]) -> dict[int, dict[str, tuple[str, int]]]:
    """``{step: {"N": ("A", 6), ...}}``: the pawn each look saw in each direction, with its
    distance (M4). The final look (M6) has the step number after the last step."""
    return {
        lk.step: {
            r.direction.name: (r.seen, r.distance)
            for r in lk.rays
            if r.seen is not None and r.distance is not None
        }
        for lk in _looks(events)
    }


def decisions(events: Iterable[Event]) -> dict[int, str]:
    """``{step: "turn" | "keep" | "tie" | "none"}`` (M5, M6)."""
    return {lk.step: lk.decision for lk in _looks(events)}


def headings(events: Iterable[Event]) -> dict[int, str]:
    """``{step: heading}``: where the monster faced when it looked at each step."""
    return {lk.step: lk.facing.name for lk in _looks(events)}


def _sq(square: tuple[int, int]) -> str:
    return f"({square[0]},{square[1]})"


def _then(e: Event, words: dict[str, str]) -> str:
    """What an event did, in the step table's short words (one match over every kind)."""

    def word(text: str) -> str:
        return words.get(text, text)

    match e:
        case Turn():
            return f"{word('turn')} {e.from_.name}→{e.to.name}" + (
                "" if e.reason == "sight" else f" ({word(e.reason)})"
            )
        case Move():
            return f"{word('move')} →{_sq(e.to)}"
        case Slide() | Push():
            who = (
                word("stone")
                if isinstance(e.piece, tuple)
                else word("monster")
                if e.piece == "monster"
                else e.piece
            )
            return f"{word(e.type)} {who} {_sq(e.from_)}→{_sq(e.to)}"
        case Eat():
            how = "" if e.how == "eaten" else f" ({word(e.how)})"
            return f"{word('eat')} {e.pawn}{how}"
        case Remove():
            return f"{word('remove stone')} {_sq(e.at)} ({word(e.why)})"
        case Wrap():
            return f"{word('wrap')} {e.letter} {_sq(e.from_)}→{_sq(e.to)}"
        case Teleport():
            return f"{word('teleport')} {_sq(e.from_)}→{_sq(e.to)}"
        case Look() | End() | Enter() | Escape() | Flip():
            return word(e.type)
        case _:
            assert_never(e)


def _step_words(w: NullTranslations) -> dict[str, str]:
    """The step table's words in the language of ``w`` (written out for the catalogs)."""
    return {
        "step": w.pgettext("step table", "step"),
        "at": w.pgettext("step table", "at"),
        "facing": w.pgettext("step table", "facing"),
        "sees": w.pgettext("step table", "sees"),
        "decision": w.pgettext("step table", "decision"),
        "then": w.pgettext("step table", "then"),
        "final": w.pgettext("step table", "final"),
        "end": w.pgettext("step table", "end"),
        "turn": w.pgettext("step table", "turn"),
        "keep": w.pgettext("step table", "keep"),
        "tie": w.pgettext("step table", "tie"),
        "none": w.pgettext("step table", "none"),
        "move": w.pgettext("step table", "move"),
        "stone": w.pgettext("step table", "stone"),
        "slide": w.pgettext("step table", "slide"),
        "push": w.pgettext("step table", "push"),
        "eat": w.pgettext("step table", "eat"),
        "crushed": w.pgettext("step table", "crushed"),
        "teleporter": w.pgettext("step table", "teleporter"),
        "pivot": w.pgettext("step table", "pivot"),
        "remove stone": w.pgettext("step table", "remove stone"),
        "off_board": w.pgettext("step table", "off_board"),
        "corner": w.pgettext("step table", "corner"),
        "wrap": w.pgettext("step table", "wrap"),
        "teleport": w.pgettext("step table", "teleport"),
        "look": w.pgettext("step table", "look"),
        "enter": w.pgettext("step table", "enter"),
        "escape": w.pgettext("step table", "escape"),
        "flip": w.pgettext("step table", "flip"),
        "nobody": w.pgettext("step table", "nobody"),
        "monster": w.pgettext("step table", "monster"),
    }


def step_table(events: Iterable[Event], lang: str | None = None) -> str:
    """The turn as a text table, one line per step, like ``tests/examples/README.md``:
    where the monster looked from, facing where, what it saw (``N:A@6``), its decision
    (M5), and the events of the step (rule ids in the narration), in ``lang`` (None: the
    language in use; headings, squares and pawns' letters are the same in every one)."""
    w = translations(lang)
    words = _step_words(w)

    def word(text: str) -> str:
        return words.get(text, text)

    head = ("step", "at", "facing", "sees", "decision", "then")
    rows: list[tuple[str, ...]] = [tuple(word(h) for h in head)]
    current: list[str] = []
    for e in events:
        if isinstance(e, Look):
            sees = (
                " ".join(
                    f"{r.direction.name}:{r.seen}@{r.distance}"
                    for r in e.rays
                    if r.seen is not None
                )
                or "-"
            )
            label = f"{e.step}" if e.rule != "M6" else f"{e.step} {word('final')}"
            current = [label, _sq(e.at), e.facing.name, sees, word(e.decision), ""]
            rows.append(tuple(current))  # placeholder, replaced below
        elif isinstance(e, End):
            taken = ", ".join(e.eaten) or word("nobody")
            steps = w.npgettext("step table", "{n} step", "{n} steps", e.steps)
            said = w.pgettext("step table", "{steps}, taken: {taken}")
            rows.append(
                (
                    word("end"),
                    "",
                    "",
                    "",
                    "",
                    said.format(steps=steps.format(n=e.steps), taken=taken),
                )
            )
        else:
            last = list(rows[-1])
            last[5] = (last[5] + "; " if last[5] else "") + _then(e, words)
            rows[-1] = tuple(last)
    widths = [max(len(r[k]) for r in rows) for k in range(5)]
    lines = [
        "  ".join(c.ljust(w) for c, w in zip(r[:5], widths, strict=True)) + "  " + r[5]
        for r in rows
    ]
    return "\n".join(line.rstrip() for line in lines)
