"""The widgets' words in five languages: plain words for the rule options in the menus (the
rule id beside them, never a code identifier on show), the edit tools, the pieces, and the
:class:`Language` mixin that gives every widget a switchable ``lang``.

The words are English message ids marked with ``N_`` (extracted into the gettext catalogs
by ``tools/i18n.py``) and translated where they are shown; the engine's option names and
values stay the values of the menus, whatever the language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as W  # type: ignore[import-untyped]
import traitlets

from ..engine import OPTION_INFO
from ..engine.i18n import N_, resolve, translations
from ..engine.i18n import colour_word as colour_word  # the widgets' words in one module
from ..engine.i18n import place_words as place_words

#: option -> (menu label, {value: words})
OPTION_WORDS: dict[str, tuple[str, dict[str, str]]] = {
    "first_draw_rule": (
        N_("first tile may not be a prey tile"),
        {
            "game_start": N_("at the game's start"),
            "every_stage": N_("at each stage's start"),
            "off": N_("never (any tile first)"),
        },
    ),
    "monster_stone_on_corner": (
        N_("stone pushed onto entrance/exit"),
        {"remove": N_("is removed"), "keep": N_("stays there")},
    ),
    "pawn_slide_stone": (
        N_("stone on a pool in a pawn's slide"),
        {"slide_on": N_("pushed on, again and again"), "stop": N_("pushed once: the pawn stops")},
    ),
    "pawn_slide_over_pawn": (
        N_("pawn resting on a pool in a slide"),
        {"pass": N_("is slid over"), "stop": N_("stops the slide before it")},
    ),
    "slide_over_pawn": (
        N_("monster sliding over a pawn"),
        {"eat": N_("eats it and slides on"), "stop": N_("eats it and stops")},
    ),
    "pivot_when_tied": (
        N_("pivot stone after a tied look"),
        {"push": N_("is pushed like a stone"), "turn": N_("turns the monster")},
    ),
    "tiles_per_stage": (N_("tiles per stage"), {"7": N_("7 tiles"), "8": N_("8 tiles")}),
    "stage2_pile": (
        N_("tiles in stage 2"),
        {"same": N_("as many as in stage 1"), "all": N_("all eight")},
    ),
    "finish_round": (
        N_("after a player wins"),
        {"off": N_("the game ends at once"), "on": N_("the round is played out")},
    ),
    "stage2_end": (
        N_("stage 2 also ends when"),
        {"all_eaten": N_("no pawn is left in play"), "board_empty": N_("no pawn is on the board")},
    ),
    "five_is_three_prey": (
        N_("the 5 tile (6-7 players)"),
        {"off": N_("moves 5 squares"), "on": N_("takes three prey")},
    ),
    "placement": (
        N_("advanced placement limits"),
        {"rulebook": N_("the rulebook's (A2)"), "online": N_("the online variant's (A3)")},
    ),
}

#: the editor's tools (widget/board.py EDIT_TOOLS) in words
TOOL_WORDS: dict[str, str] = {
    "stone": N_("stone"),
    "crystal": N_("crystal"),
    "pivot_right": N_("pivot 90° right"),
    "pivot_left": N_("pivot 90° left"),
    "pivot_180": N_("pivot 180°"),
    "pool_square": N_("pool 2×2"),
    "pool_long_h": N_("pool 4×1 —"),
    "pool_long_v": N_("pool 1×4 |"),
    "teleporter": N_("teleporter"),
    "pawn": N_("pawn"),
    "monster": N_("monster"),
    "erase": N_("erase"),
}

#: a pawn's two faces
FACE_WORDS: dict[str, str] = {"light": N_("light"), "dark": N_("dark")}


def tr(lang: str | None) -> Callable[[str], str]:
    """The gettext function of ``lang`` (``None``: the locale)."""
    return translations(lang).gettext


def heading_words(lang: str | None) -> dict[str, str]:
    """``{"N": "north", ...}`` in ``lang``: the headings by name (the catalogs' "name"
    context: "nord", "Norden", "sever"...)."""
    t = translations(lang)
    return {
        "N": t.pgettext("name", "north"),
        "E": t.pgettext("name", "east"),
        "S": t.pgettext("name", "south"),
        "W": t.pgettext("name", "west"),
    }


def option_label(name: str, lang: str | None = "en") -> str:
    """``plain words (rule id)`` for the menu of option ``name`` (an option new to the engine
    and not yet worded here shows its name with spaces)."""
    rule = OPTION_INFO[name][1]
    words = OPTION_WORDS.get(name)
    label = tr(lang)(words[0]) if words is not None else name.replace("_", " ")
    return f"{label} ({rule})"


def option_choices(name: str, lang: str | None = "en") -> list[tuple[str, str]]:
    """``(words, value)`` pairs for an ipywidgets menu of option ``name``."""
    allowed = OPTION_INFO[name][0]
    words = OPTION_WORDS.get(name, ("", {}))[1]
    _ = tr(lang)
    return [(_(words[v]) if v in words else v.replace("_", " "), v) for v in allowed]


def fit_menu(menu: Any) -> Any:
    """``menu`` (an ipywidgets Dropdown with a description) sized to its words in any
    language: its label whole and its choices beside it where there is room, under it in a
    narrow notebook (board.css's ``.fw-menu``), never a menu squeezed to nothing. ``menu``."""
    menu.style.description_width = "initial"
    menu.layout = W.Layout(
        width="max-content", max_width="100%", height="auto", flex_flow="row wrap"
    )
    menu.add_class("fw-menu")
    return menu


def titled(*controls: Any) -> None:
    """Each of ``controls`` (ipywidgets with a description) gets its description as its
    tooltip: ipywidgets makes the tooltip the title of the description's label, and a
    control without one said "null" when hovered; its words then show whole there when
    the label is cut short. Called again when the words change language."""
    for control in controls:
        control.tooltip = control.description


def option_menu(name: str, value: str, lang: str | None) -> Any:
    """The menu of rule option ``name`` (its words in ``lang``; its label is set by
    :func:`relabel_options`), sized by :func:`fit_menu`."""
    return fit_menu(W.Dropdown(options=option_choices(name, lang), value=value))


def relabel_menu(menu: Any, choices: list[tuple[str, str]]) -> None:
    """New words for a menu's choices (the same values in the same order), keeping the
    choice and telling no ``value`` observer: the choice did not change. (ipywidgets
    selects the first option whenever the options change, except while a widget is being
    made; the words are swapped in that state.)"""
    index = menu.index
    menu._initializing_traits_ = True
    try:
        menu.options = choices
    finally:
        menu._initializing_traits_ = False
    if index is not None:
        menu.label = choices[index][0]


def row(children: list[Any]) -> Any:
    """A row of controls that wraps onto a new line when the page is narrower than the row
    (a narrow notebook, a phone): never a control squeezed to its icon or cut at the edge."""
    return W.HBox(children, layout=W.Layout(flex_flow="row wrap"))


def relabel_options(menus: Mapping[str, Any], lang: str | None) -> None:
    """The rule-option menus' words in ``lang`` (each menu keyed by its option's name): the
    choices (the choice kept, :func:`relabel_menu`), the label and the tooltip."""
    _ = tr(lang)
    for name, menu in menus.items():
        relabel_menu(menu, option_choices(name, lang))
        menu.description = option_label(name, lang)
        menu.tooltip = _(OPTION_INFO[name][2])


class Language(traitlets.HasTraits):
    """``widget.lang``: the language of the widget's words (labels, tooltips, menus, hints,
    the story on show): ``en``, ``fr``, ``de``, ``it`` or ``cs``; chosen by ``lang=`` when
    the widget is made (default: the locale, as for the narration) and switchable at any
    time (``widget.lang = "fr"``). A language we do not have is a
    :class:`~finstere_widget.engine.errors.LanguageError`, the widget unchanged."""

    lang = traitlets.Unicode("")

    @traitlets.validate("lang")
    def _valid_lang(self, proposal: Any) -> str:
        return resolve(proposal["value"])

    @traitlets.observe("lang")
    def _lang_changed(self, _change: Any) -> None:
        self._relabel()

    def _(self, message: str) -> str:
        """``message`` (an English message id) in the widget's language."""
        return translations(self.lang or None).gettext(message)

    def _relabel(self) -> None:
        """Put every word of the widget in its language (the subclass's controls)."""


#: the words of the board's controls in the browser (static/board.js reads them by key)
BOARD_TEXTS: dict[str, str] = {
    "board": N_("Finstere Flure board"),
    "controls": N_("step through the frames"),
    "log_title": N_("What happens"),
    "first": N_("first frame (Home)"),
    "prev": N_("previous frame (←)"),
    "play_title": N_("play / pause (space)"),
    "next": N_("next frame (→)"),
    "last": N_("last frame (End)"),
    "play": N_("play"),
    "pause": N_("pause"),
    "frame": N_("frame"),
    "frame_of": N_("frame {k} of {n}"),
    "said": N_("{prefix}: {text}"),
    "speed": N_("playing speed"),
    "no_kernel": N_("This page has no Python kernel: it can only step through the frames."),
}


def board_texts(lang: str | None) -> dict[str, str]:
    """The words of the board's browser controls in ``lang``, by key."""
    _ = tr(lang)
    return {key: _(english) for key, english in BOARD_TEXTS.items()}
