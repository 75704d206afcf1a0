"""Errors. All subclass ``ValueError`` (python-chess style) and name what is at fault."""

from __future__ import annotations


class FinstereError(ValueError):
    """Base class of every error the engine raises on bad input."""


class PositionError(FinstereError):
    """A position (JSON, dict or diagram) is malformed; the message names the key/square."""


class OptionError(FinstereError):
    """An unknown rule option or a value it does not take."""


class TileError(FinstereError):
    """A monster tile that is not 5, 7, 8, 10, X, XX or a positive step count."""


class IllegalMoveError(FinstereError):
    """A pawn move or game action that the rules forbid; names the token and rule id."""

    def __init__(
        self,
        message: str,
        *,
        token: str | None = None,
        index: int | None = None,
        rule: str | None = None,
    ) -> None:
        super().__init__(message)
        self.token = token
        self.index = index
        self.rule = rule


class PuzzleError(FinstereError):
    """A puzzle request (rule, count) or a puzzle file that the engine cannot honour."""


class LanguageError(FinstereError):
    """A language code that has no catalog (en, fr, de, it, cs)."""
