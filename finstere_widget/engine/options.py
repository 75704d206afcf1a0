"""Rule options for the cases no source settles (docs/rules.md: the **Option** line
of a rule). Every option has the default docs/rules.md gives and is settable by name."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from .errors import OptionError

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
        "6-7 players variant: the 5 tile is a three-prey tile",
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
    slide_over_pawn: str = "eat"
    pivot_when_tied: str = "push"
    tiles_per_stage: int = 7
    finish_round: bool = False
    stage2_end: str = "all_eaten"
    five_is_three_prey: bool = False
    placement: str = "rulebook"

    def __post_init__(self) -> None:
        for f in fields(self):
            allowed = OPTION_INFO[f.name][0]
            if _text(getattr(self, f.name)) not in allowed:
                raise OptionError(
                    f"option {f.name}: value {getattr(self, f.name)!r} is not one of {', '.join(allowed)}"
                )

    @classmethod
    def names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in fields(cls))

    def set(self, name: str, value: Any) -> RuleOptions:
        """A copy with option ``name`` set from text (``"stop"``, ``"8"``, ``"on"``) or a value."""
        if name not in OPTION_INFO:
            raise OptionError(
                f"unknown rule option {name!r}; known options: {', '.join(OPTION_INFO)}"
            )
        allowed = OPTION_INFO[name][0]
        text = _text(value)
        if text not in allowed:
            raise OptionError(f"option {name}: value {value!r} is not one of {', '.join(allowed)}")
        current = getattr(self, name)
        typed: Any
        if isinstance(current, bool):
            typed = text == "on"
        elif isinstance(current, int):
            typed = int(text)
        else:
            typed = text
        return replace(self, **{name: typed})

    @classmethod
    def parse(cls, assignments: Iterable[str] | Mapping[str, Any] = ()) -> RuleOptions:
        """From ``["name=value", ...]`` (command line) or a ``{name: value}`` mapping."""
        opts = cls()
        if isinstance(assignments, Mapping):
            for name, value in assignments.items():
                opts = opts.set(name, value)
            return opts
        for item in assignments:
            name, sep, value = item.partition("=")
            if not sep:
                raise OptionError(f"rule option {item!r}: expected NAME=VALUE")
            opts = opts.set(name.strip(), value.strip())
        return opts

    def to_dict(self) -> dict[str, str]:
        """Every option as text (``{"tiles_per_stage": "7", "finish_round": "off", ...}``)."""
        return {f.name: _text(getattr(self, f.name)) for f in fields(self)}

    def changed(self) -> dict[str, str]:
        """Only the options that differ from the defaults."""
        default = RuleOptions().to_dict()
        return {k: v for k, v in self.to_dict().items() if default[k] != v}


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)
