"""Errors: one family. Every error the engine raises on bad input is a :class:`FinstereError`
(a ``ValueError``, python-chess style) and names what is at fault: the key, square, token,
rule id or name. Catch ``FinstereError`` for all of them, or one kind below.

Messages quote the culprit with :func:`shown`: a short, escaped ``repr`` cut to
:data:`MAX_SHOWN` characters, so a huge or hostile input never floods a terminal or a
notebook (control characters come out as ``\\x1b``-style escapes).

Every message is an English template (the gettext message id: ``tools/i18n.py`` extracts
the first argument of every error class's call) and named parameters::

    raise PositionError("{where}: unknown key {key}", where=where, key=_first(unknown))

``str(err)`` is the English text; :meth:`FinstereError.translated` gives it in another
language (the same parameters, so the same quoted culprit and rule ids).
"""

from __future__ import annotations

import reprlib
from collections.abc import Mapping
from typing import Any

#: the longest quotation of an input in an error message (characters, ellipsis included)
MAX_SHOWN = 60
#: the longest error message (characters, ellipsis included)
MAX_MESSAGE = 400


class _ShortRepr(reprlib.Repr):
    """``reprlib`` with a bounded depth and no failure on huge integers (``repr`` of an
    int with more than 4300 digits raises)."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxstring = MAX_SHOWN
        self.maxother = MAX_SHOWN
        self.maxlong = MAX_SHOWN

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 200:
            return f"<an integer of {x.bit_length()} bits>"
        return super().repr_int(x, level)


_REPR = _ShortRepr()


def cut(text: str, limit: int = MAX_SHOWN) -> str:
    """``text`` cut to ``limit`` characters, the last one an ellipsis when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def shown(value: Any) -> str:
    """``value`` as it is quoted in an error message: its ``repr``, escaped, bounded in
    depth, cut to :data:`MAX_SHOWN` characters. Never raises."""
    try:
        text = _REPR.repr(value)
    except Exception:  # a hostile __repr__: name the type only
        text = f"<{type(value).__name__}>"
    return cut(text)


def fill(
    template: str, params: Mapping[str, Any], lang: str | None = None, fallback: str = ""
) -> str:
    """``template`` with its ``{name}`` placeholders filled from ``params``, cut to
    :data:`MAX_MESSAGE` characters. A parameter that is itself a translatable error is told
    in ``lang`` too (``lang=None``: English). A template that does not fill (a catalog's
    broken placeholder) gives way to ``fallback`` (the English template) filled alike, so
    the culprit is still named; with no fallback, the template as it is."""
    if not params:
        return cut(template, MAX_MESSAGE)
    values = {
        name: (value.translated(lang) if lang and isinstance(value, Translatable) else value)
        for name, value in params.items()
    }
    try:
        text = template.format(**values)
    except (KeyError, IndexError, ValueError, AttributeError, TypeError):
        return fill(fallback, params, lang) if fallback else cut(template, MAX_MESSAGE)
    return cut(text, MAX_MESSAGE)


class Translatable:
    """A message told in English by ``str()`` and in any language by :meth:`translated`:
    an English ``template`` (the gettext message id) and the ``params`` that fill it."""

    template: str
    params: dict[str, Any]

    def _remember(self, template: Any, params: dict[str, Any]) -> str:
        self.template = str(template)
        self.params = params
        return fill(self.template, params)

    def translated(self, lang: str | None = None) -> str:
        """The message in ``lang`` (``None``: the locale; an unknown code is a
        :class:`LanguageError`). A message without a template (one built elsewhere) is
        told as it is."""
        from .i18n import gettext, resolve

        code = resolve(lang)
        template = getattr(self, "template", None)
        if template is None:
            return str(self)
        params = getattr(self, "params", {})
        return fill(gettext(template, code), params, code, fallback=template)


class Message(Translatable):
    """A translatable part of an error's message (e.g. why a pawn's step fails), a
    parameter of the error's template: filled only when read, told in the error's
    language. ``str()`` is the English text."""

    def __init__(self, template: str, **params: Any) -> None:
        self.template = template
        self.params = params

    def __str__(self) -> str:
        return fill(self.template, self.params)

    def __repr__(self) -> str:
        return f"Message({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))


class Word(Message):
    """A word of the catalogs' tables (a player's colour, a game phase...) as a parameter of
    a message: the English word, told in the message's language (``blue`` -> ``bleu``)."""

    def __init__(self, word: str, context: str | None = None) -> None:
        super().__init__(str(word))
        #: the table of the word: ``None`` (a colour), ``"place"`` (a place off the board),
        #: ``"phase"`` (a game phase)
        self.context = context

    def translated(self, lang: str | None = None) -> str:
        from .i18n import word_in

        return word_in(self.template, self.context, lang)


class FinstereError(Translatable, ValueError):
    """Base class of every error the engine raises on bad input. The message is an English
    template filled from the named parameters, cut to :data:`MAX_MESSAGE` characters."""

    def __init__(self, message: Any = "", *args: Any, **params: Any) -> None:
        super().__init__(self._remember(message, params), *args)


class PositionError(FinstereError):
    """A position (JSON, dict or diagram) is malformed; the message names the key/square."""


class OptionError(FinstereError):
    """An unknown rule option or a value it does not take."""


class TileError(FinstereError):
    """A monster tile that is not 5, 7, 8, 10, X, XX or a step count 1..20 (M1, M13)."""


class RecordError(FinstereError):
    """A game record (or game set-up) that is malformed or does not replay: names the key,
    the action or the draw at fault."""


def _used(template: str, named: dict[str, Any]) -> dict[str, Any]:
    """The attributes of an error (``token``, ``rule``...) that its template also names."""
    return {name: value for name, value in named.items() if "{" + name in template}


class PathError(FinstereError):
    """A path that is not written right (an unknown token): a syntax error, not a move
    the rules forbid. ``token`` and its 0-based ``index`` name it when there is one."""

    def __init__(
        self,
        message: str,
        *,
        token: str | None = None,
        index: int | None = None,
        **params: Any,
    ) -> None:
        named = {"token": token, "index": index}
        super().__init__(message, **_used(message, named), **params)
        self.token = token
        self.index = index


class IllegalMoveError(FinstereError):
    """A pawn move or game action that the rules forbid; names the token and rule id."""

    def __init__(
        self,
        message: str,
        *,
        token: str | None = None,
        index: int | None = None,
        rule: str | None = None,
        **params: Any,
    ) -> None:
        named = {"token": token, "index": index, "rule": rule}
        super().__init__(message, **_used(message, named), **params)
        self.token = token
        self.index = index
        self.rule = rule


class SetupError(FinstereError):
    """A game set-up that the rules do not allow (player count, colours...)."""


class TraceError(FinstereError):
    """Events that do not apply to the position they are replayed on."""


class BotError(FinstereError):
    """An unknown bot name, or a bot asked to choose where there is nothing to choose."""


class StudyError(FinstereError):
    """A study or league that cannot be run as asked (games, variants, line-ups, bots)."""


class PuzzleError(FinstereError):
    """A puzzle request (rule, count) or a puzzle file that the engine cannot honour."""


class LessonError(FinstereError):
    """A lesson source (a teacher's note not closed, code inside it) or a worksheet request
    that the package cannot honour."""


class LanguageError(FinstereError):
    """A language code that has no catalog (en, fr, de, it, cs)."""


class PanelError(FinstereError):
    """A message from a widget's control panel (marimo) that names no control of it, or a
    value that control does not take."""


class ToolError(FinstereError):
    """A board editor tool that is not one of the editor's tools (it names the tool)."""


class SceneError(FinstereError):
    """A drawing primitive (render contract) of an unknown kind, or with a key missing,
    unknown or of the wrong type; or a picture asked for in a form the writers do not make
    (a paper size, a file type)."""


class RuleError(FinstereError):
    """A rule id that docs/rules.md does not have (``M5``, ``P7``, ...)."""


class FileError(FinstereError, OSError):
    """A file that cannot be written (:func:`~finstere_widget.engine.files.write_file`): no
    such folder, a folder, no permission, a full disk, a path that is no path. An ``OSError``
    too, so code that catches those still does; ``strerror`` holds the reason."""

    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(message, **params)
        self.strerror = str(params.get("reason", self))


class ExampleError(FinstereError, KeyError):
    """No example position (or expectation) of that name ships with the package; a
    ``KeyError`` too, as a lookup by name."""

    __str__ = FinstereError.__str__


class QuizError(FinstereError, IndexError):
    """A quiz asked to judge a guess when every question has been answered; an
    ``IndexError`` too (there is no question left)."""

    __str__ = FinstereError.__str__
