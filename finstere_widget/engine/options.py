"""Rule options for the cases no source settles (docs/rules.md: the **Option** line
of a rule). Every option has the default docs/rules.md gives and is settable by name."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from .errors import OptionError, shown

#: name -> (allowed values, rule id, one-line description)
OPTION_INFO: dict[str, tuple[tuple[str, ...], str, str]] = {
    "first_draw_rule": (
        ("game_start", "every_stage", "off"),
        "M2",
        "the first tile cannot be a prey tile: at game start, at each stage start, or never",
    ),
    "monster_stone_on_corner": (
        ("remove", "keep"),
        "M8",
        "a stone the monster pushes onto the entrance or exit is removed, or stays",
    ),
    "pawn_slide_stone": (
        ("slide_on", "stop"),
        "P7",
        "a stone on a pool square in a pawn's slide: pushed, it slides on and the pawn slides "
        "after it (pushing it again), or pushed once and the pawn stops where it stood",
    ),
    "pawn_slide_over_pawn": (
        ("pass", "stop"),
        "P7",
        "another pawn resting on a pool square in a pawn's slide: the slide passes over it, or "
        "stops on the pool square before it",
    ),
    "slide_over_pawn": (
        ("eat", "stop"),
        "M9",
        "a pawn on a pool square the monster slides over: eaten and the slide goes on, or "
        "eaten and the monster stops there",
    ),
    "pivot_when_tied": (
        ("push", "turn"),
        "M11",
        "after a tied look the monster pushes a pivot stone like a stone, or turns on it",
    ),
    "tiles_per_stage": (("7", "8"), "S1", "tiles resolved per stage"),
    "stage2_pile": (
        ("same", "all"),
        "S1",
        "stage 2 plays as many tiles as stage 1, or its whole pile of eight (the online "
        "guide: stage 2 ends when the pile runs out)",
    ),
    "finish_round": (
        ("off", "on"),
        "S2",
        "online variant: play the round out after a player has won",
    ),
    "stage2_end": (
        ("all_eaten", "board_empty"),
        "S3",
        "stage 2 also ends when no pawn is left in play (none on the board nor waiting "
        "outside; French rulebook), or as soon as none is on the board (Italian, online, Czech)",
    ),
    "five_is_three_prey": (
        ("off", "on"),
        "S4",
        "6-7 players variant: the 5 tile is a three-prey tile (refused with fewer players)",
    ),
    "placement": (
        ("rulebook", "online"),
        "A3",
        "advanced placement limits: the rulebook's (A2) or the online variant's (A3)",
    ),
}


@dataclass(frozen=True)
class RuleOptions:
    """The rule options of docs/rules.md with their defaults. ``RuleOptions.parse(["slide_over_pawn=stop"])``."""

    first_draw_rule: str = "game_start"
    monster_stone_on_corner: str = "remove"
    pawn_slide_stone: str = "slide_on"
    pawn_slide_over_pawn: str = "pass"
    slide_over_pawn: str = "eat"
    pivot_when_tied: str = "push"
    tiles_per_stage: int = 7
    stage2_pile: str = "same"
    finish_round: bool = False
    stage2_end: str = "all_eaten"
    five_is_three_prey: bool = False
    placement: str = "rulebook"

    def __post_init__(self) -> None:
        # the constructor takes what ``set`` and ``parse`` take (``finish_round="off"`` is
        # off), checks it the same way and stores the typed value
        for f in fields(self):
            typed = _typed(f.name, getattr(self, f.name), f.default)
            object.__setattr__(self, f.name, typed)

    def tiles_in_stage(self, stage: int) -> int:
        """S1: how many tiles stage ``stage`` plays: ``tiles_per_stage``, or in stage 2
        with ``stage2_pile=all`` the whole pile of eight."""
        if stage == 2 and self.stage2_pile == "all":
            return 8
        return self.tiles_per_stage

    @classmethod
    def names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in fields(cls))

    def set(self, name: str, value: Any) -> RuleOptions:
        """A copy with option ``name`` set from text (``"stop"``, ``"8"``, ``"on"``) or a value."""
        if not isinstance(name, str) or name not in OPTION_INFO:
            raise OptionError(
                "unknown rule option {name}; known options: {option_info}",
                name=shown(name),
                option_info=", ".join(OPTION_INFO),
            )
        return replace(self, **{name: _typed(name, value, getattr(self, name))})

    @classmethod
    def parse(cls, assignments: Iterable[str] | Mapping[str, Any] = ()) -> RuleOptions:
        """From ``["name=value", ...]`` (command line; one ``"name=value"`` string too; each
        name once) or a ``{name: value}`` mapping."""
        opts = cls()
        if isinstance(assignments, Mapping):
            for name, value in assignments.items():
                opts = opts.set(name, value)
            return opts
        if isinstance(assignments, str):
            assignments = [assignments]
        if not isinstance(assignments, (list, tuple)):
            raise OptionError(
                "rule options: expected NAME=VALUE texts or a {{name: value}} mapping, got {assignments}",
                assignments=shown(assignments),
            )
        given: set[str] = set()
        for item in assignments:
            if not isinstance(item, str):
                raise OptionError("rule option {item}: expected NAME=VALUE text", item=shown(item))
            name, sep, value = item.partition("=")
            if not sep:
                raise OptionError("rule option {item}: expected NAME=VALUE", item=shown(item))
            if name.strip() in given:  # the second one silently won
                raise OptionError("option {name} given twice", name=shown(name.strip()))
            given.add(name.strip())
            opts = opts.set(name.strip(), value.strip())
        return opts

    @classmethod
    def of(cls, value: OptionsLike) -> RuleOptions:
        """``value`` as rule options, for the doors that take them from a user (the
        widgets): ``None`` the defaults, a :class:`RuleOptions` itself, anything else read
        by :meth:`parse` (an :class:`OptionError` naming what is wrong: ``options=5`` was
        an AttributeError)."""
        if isinstance(value, RuleOptions):
            return value
        return cls.parse(() if value is None else value)

    def to_dict(self) -> dict[str, str]:
        """Every option as text (``{"tiles_per_stage": "7", "finish_round": "off", ...}``)."""
        return {f.name: str(_text(getattr(self, f.name))) for f in fields(self)}

    def changed(self) -> dict[str, str]:
        """Only the options that differ from the defaults."""
        default = RuleOptions().to_dict()
        return {k: v for k, v in self.to_dict().items() if default[k] != v}


#: what the widgets take as rule options (:meth:`RuleOptions.of`)
OptionsLike = RuleOptions | Iterable[str] | Mapping[str, Any] | None


def _text(value: Any) -> str | None:
    """An option value as its text (``True`` is ``"on"``, ``8`` is ``"8"``); None for
    anything that is no option value (a float, None, a list...)."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, int):
        return str(value) if -1000 < value < 1000 else None
    if isinstance(value, str):
        return value
    return None


def _typed(name: str, value: Any, default: Any) -> Any:
    """Option ``name``'s value from text or a value of its type, checked; typed like its
    ``default`` (bool: off/on, int, or text)."""
    allowed = OPTION_INFO[name][0]
    text = _text(value)
    ok = text in allowed
    if isinstance(default, bool) and isinstance(value, int) and not isinstance(value, bool):
        ok = False  # 0 and 1 are not off and on
    if isinstance(default, str) and not isinstance(value, str):
        ok = False
    if not ok:
        raise OptionError(
            "option {name}: value {value} is not one of {allowed}",
            name=name,
            value=shown(value),
            allowed=", ".join(allowed),
        )
    if isinstance(default, bool):
        return text == "on"
    if isinstance(default, int):
        return int(str(text))
    return text
