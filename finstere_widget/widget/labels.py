"""Plain words for the rule options in the widgets' menus (the rule id beside them, never
a code identifier on show). Pure data: the engine's option names stay the values."""

from __future__ import annotations

from ..engine import OPTION_INFO

#: option -> (menu label, {value: words})
OPTION_WORDS: dict[str, tuple[str, dict[str, str]]] = {
    "first_draw_rule": (
        "first tile may not be a prey tile",
        {
            "game_start": "at the game's start",
            "every_stage": "at each stage's start",
            "off": "never (any tile first)",
        },
    ),
    "monster_stone_on_corner": (
        "stone pushed onto entrance/exit",
        {"remove": "is removed", "keep": "stays there"},
    ),
    "slide_over_pawn": (
        "monster sliding over a pawn",
        {"eat": "eats it and slides on", "stop": "eats it and stops"},
    ),
    "pivot_when_tied": (
        "pivot stone after a tied look",
        {"push": "is pushed like a stone", "turn": "turns the monster"},
    ),
    "tiles_per_stage": ("tiles per stage", {"7": "7 tiles", "8": "8 tiles"}),
    "finish_round": (
        "after a player wins",
        {"off": "the game ends at once", "on": "the round is played out"},
    ),
    "stage2_end": (
        "stage 2 also ends when",
        {"all_eaten": "no pawn is left in play", "board_empty": "no pawn is on the board"},
    ),
    "five_is_three_prey": (
        "the 5 tile (6-7 players)",
        {"off": "moves 5 squares", "on": "takes three prey"},
    ),
    "placement": (
        "advanced placement limits",
        {"rulebook": "the rulebook's (A2)", "online": "the online variant's (A3)"},
    ),
}


def option_label(name: str) -> str:
    """``plain words (rule id)`` for the menu of option ``name`` (an option new to the engine
    and not yet worded here shows its name with spaces)."""
    rule = OPTION_INFO[name][1]
    label = OPTION_WORDS.get(name, (name.replace("_", " "), {}))[0]
    return f"{label} ({rule})"


def option_choices(name: str) -> list[tuple[str, str]]:
    """``(words, value)`` pairs for an ipywidgets menu of option ``name``."""
    allowed = OPTION_INFO[name][0]
    words = OPTION_WORDS.get(name, ("", {}))[1]
    return [(words.get(v, v.replace("_", " ")), v) for v in allowed]
