"""Languages: English, French, German, Italian and Czech through standard ``gettext``.

The English texts are the message ids; the other languages are gettext catalogs shipped
in the package (``finstere_widget/locale/<lang>/LC_MESSAGES/finstere_widget.mo``, compiled
from the ``.po`` files beside them by ``python tools/i18n.py compile``). Game terms follow
each language's own rulebook; rule ids (``M5``, ``P7``...) are the same in every language.

``lang=None`` means the language chosen with :func:`use_language` (a lesson says which
language it speaks), else the user's locale: ``FINSTERE_WIDGET_LANG`` if set, else the first
of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that names a language we have,
else English.
"""

from __future__ import annotations

import os
import re
from functools import cache
from gettext import GNUTranslations, NullTranslations
from pathlib import Path

from .errors import LanguageError, Translatable

DOMAIN = "finstere_widget"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

#: code -> the language's name in itself
LANGUAGES: dict[str, str] = {
    "en": "English",
    "fr": "Français",
    "de": "Deutsch",
    "it": "Italiano",
    "cs": "Čeština",
}
_ENV = ("FINSTERE_WIDGET_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def _code(text: str) -> str | None:
    """``fr_FR.UTF-8`` -> ``fr``; None when it names no language we have."""
    code = text.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


#: the language chosen for this process by :func:`use_language` (None: the locale's)
_chosen: list[str] = []


def use_language(lang: str | None) -> str:
    """Speak ``lang`` (``"fr"``, ``"de-AT"``...) wherever no language is given, whatever the
    locale: the narration, the widgets made from now on, the errors. A lesson calls it in its
    first cell, so a French-locale computer does not tell an English lesson in French.
    ``None`` goes back to the locale. Returns the language code now in use; an unknown
    language is a :class:`LanguageError` and changes nothing."""
    code = resolve(lang) if lang is not None else None
    _chosen.clear()
    if code is not None:
        _chosen.append(code)
    return default_language()


def default_language() -> str:
    """The language :func:`use_language` chose, else the user's language from the
    environment (see the module docstring)."""
    if _chosen:
        return _chosen[0]
    for name in _ENV:
        for part in os.environ.get(name, "").split(":"):
            code = _code(part) if part else None
            if code is not None:
                return code
    return "en"


def resolve(lang: str | None) -> str:
    """A language code from ``lang`` (``"fr"``, ``"fr_FR"``, ``"de-AT"``...) or the locale."""
    if lang is None:
        return default_language()
    code = _code(lang) if isinstance(lang, str) else None
    if code is None:
        raise LanguageError(
            "unknown language {lang!r}; known: {languages} ({values})",
            lang=lang,
            languages=", ".join(LANGUAGES),
            values=", ".join(LANGUAGES.values()),
        )
    return code


def catalog_path(code: str, suffix: str = ".mo") -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


@cache
def _load(code: str) -> NullTranslations:
    if code == "en":
        return NullTranslations()
    with catalog_path(code).open("rb") as fp:
        return GNUTranslations(fp)


def translations(lang: str | None = None) -> NullTranslations:
    """The gettext translations for ``lang`` (``None``: the locale)."""
    return _load(resolve(lang))


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs where it is defined (a table of words); it is
    translated where it is shown (``gettext(message, lang)``)."""
    return message


def gettext(message: str, lang: str | None = None) -> str:
    """``message`` (an English message id) in ``lang``."""
    return translations(lang).gettext(message)


def error_message(error: BaseException, lang: str | None = None) -> str:
    """An error as the user reads it in ``lang`` (``None``: the locale): a message of the
    package's errors translated (the same quoted culprit and rule ids), any other error's
    text as it is. An unknown ``lang`` gives the English text (never a second error)."""
    if not isinstance(error, Translatable):
        return str(error)
    try:
        return error.translated(lang)
    except LanguageError:
        return str(error)


#: the places off the board (docs/format.md), in words
PLACE_WORDS: dict[str, str] = {
    "outside": N_("outside the entrance"),
    "escaped": N_("out by the exit"),
    "eaten": N_("out of the game"),
}


def place_words(place: str, lang: str | None) -> str:
    """``outside``, ``escaped``, ``eaten`` in words (anything else as it is)."""
    word = PLACE_WORDS.get(place)
    return gettext(word, lang) if word is not None else place


#: the colours of the players and of the teleporter pairs (B5), in words
COLOUR_WORDS: dict[str, str] = {
    "blue": N_("blue"),
    "yellow": N_("yellow"),
    "red": N_("red"),
    "green": N_("green"),
    "purple": N_("purple"),
    "black": N_("black"),
    "white": N_("white"),
}


def colour_word(colour: str, lang: str | None) -> str:
    """A player's or a teleporter pair's colour in ``lang`` (an unknown one as it is)."""
    word = COLOUR_WORDS.get(colour)
    return gettext(word, lang) if word is not None else colour


def phase_words(lang: str | None) -> dict[str, str]:
    """The game's phases (engine/game.py ``Phase``) in words, as a message names them ("no
    pawn moves in the {phase} phase")."""
    t = translations(lang)
    return {
        "placement": t.pgettext("phase", "placement"),
        "pawns": t.pgettext("phase", "pawns"),
        "monster": t.pgettext("phase", "monster"),
        "over": t.pgettext("phase", "over"),
    }


def word_in(word: str, table: str | None, lang: str | None) -> str:
    """A word of the engine's tables in ``lang``: a colour (``table=None``), a place off the
    board (``"place"``) or a game phase (``"phase"``); a word not in its table as it is."""
    match table:
        case "place":
            return place_words(word, lang)
        case "phase":
            return phase_words(lang).get(word, word)
        case _:
            return gettext(word, lang)


#: the engine's reasons for the end of a game (engine/game.py), in words
REASON_WORDS: dict[str, str] = {
    "no pawn left in the fortress in stage 2": N_("no pawn left in the fortress in stage 2"),
    "the round was played out (finish_round)": N_("the round was played out (finish_round)"),
    "no pawn left on the board in stage 2 (stage2_end=board_empty)": N_(
        "no pawn left on the board in stage 2 (stage2_end=board_empty)"
    ),
    "end of stage 2": N_("end of stage 2"),
    # whoever it was (an edge case's group names no colour)
    "a player escaped all pawns but one": N_("a player escaped all pawns but one"),
}
_ESCAPED_ALL = re.compile(r"^(\S+) escaped all pawns but one$")
_CITED = re.compile(r"^([A-Z]\d+): (.+)$")


def reason_words(reason: str, lang: str | None) -> str:
    """The engine's reason for the end of a game in ``lang`` (one it does not know, as is);
    a reason led by its rule id (``"S2: blue escaped all pawns but one"``, as a simulation's
    summary counts them) keeps it."""
    cited = _CITED.match(reason)
    if cited:
        said = gettext("{rule}: {reason}", lang)
        return said.format(rule=cited[1], reason=reason_words(cited[2], lang))
    m = _ESCAPED_ALL.match(reason)
    if m:
        return gettext("{colour} escaped all pawns but one", lang).format(
            colour=colour_word(m[1], lang)
        )
    word = REASON_WORDS.get(reason)
    return gettext(word, lang) if word is not None else reason
