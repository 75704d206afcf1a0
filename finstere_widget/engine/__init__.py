"""The Finstere Flure rule engine: pure Python, standard library only.

Board geometry (B), pieces and positions (docs/format.md), rule options, the monster's turn
(M) as rule-cited events; pawn moves and game flow. Bots, studies and teaching build on
these in :mod:`finstere_widget.design` and :mod:`finstere_widget.teach`.

Names are imported on first use (PEP 562), so ``import finstere_widget.engine`` is cheap and
``from finstere_widget.engine import Position`` loads neither the monster nor the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .lazy import exports

# eager: ``replay`` is both a submodule and a function of this package, and importing the
# submodule (the monster does) would otherwise leave the module where the function belongs
from .replay import eaten_place, replay

if TYPE_CHECKING:
    from .board import (
        ENTRANCE,
        EXIT,
        HEADINGS,
        SQUARES,
        Heading,
        Square,
        mirror,
        on_board,
        step,
        wall_letter,
    )
    from .errors import (
        BotError,
        ExampleError,
        FileError,
        FinstereError,
        IllegalMoveError,
        LanguageError,
        LessonError,
        OptionError,
        PanelError,
        PathError,
        PositionError,
        PuzzleError,
        QuizError,
        RecordError,
        RuleError,
        SceneError,
        SetupError,
        StudyError,
        TileError,
        ToolError,
        TraceError,
    )
    from .events import (
        Eat,
        End,
        Enter,
        Escape,
        Event,
        Flip,
        Look,
        Move,
        Push,
        Ray,
        Remove,
        Slide,
        Teleport,
        Turn,
        Wrap,
        event_from_dict,
        event_to_dict,
    )
    from .game import CHANCE, TERMINAL, DrawTile, Game, PawnMove, Phase
    from .monster import Tile, TurnResult, look, monster_turn
    from .moves import MoveOutcome, MoveResult, apply_move, legal_moves
    from .options import OPTION_INFO, RuleOptions
    from .pieces import Monster, Pawn, Pool, Stone, StoneKind, Teleporter
    from .position import FORMAT_ID, Position, make_pool
    from .setup import Placement

#: public name -> the module of this package that defines it
_WHERE = {
    "ENTRANCE": "board",
    "EXIT": "board",
    "HEADINGS": "board",
    "SQUARES": "board",
    "Heading": "board",
    "Square": "board",
    "mirror": "board",
    "on_board": "board",
    "step": "board",
    "wall_letter": "board",
    "BotError": "errors",
    "ExampleError": "errors",
    "FinstereError": "errors",
    "IllegalMoveError": "errors",
    "FileError": "errors",
    "LanguageError": "errors",
    "LessonError": "errors",
    "OptionError": "errors",
    "PanelError": "errors",
    "PathError": "errors",
    "PositionError": "errors",
    "PuzzleError": "errors",
    "QuizError": "errors",
    "RecordError": "errors",
    "RuleError": "errors",
    "SceneError": "errors",
    "SetupError": "errors",
    "StudyError": "errors",
    "TileError": "errors",
    "ToolError": "errors",
    "TraceError": "errors",
    "Eat": "events",
    "End": "events",
    "Enter": "events",
    "Escape": "events",
    "Event": "events",
    "Flip": "events",
    "Look": "events",
    "Move": "events",
    "Push": "events",
    "Ray": "events",
    "Remove": "events",
    "Slide": "events",
    "Teleport": "events",
    "Turn": "events",
    "Wrap": "events",
    "event_from_dict": "events",
    "event_to_dict": "events",
    "CHANCE": "game",
    "TERMINAL": "game",
    "DrawTile": "game",
    "Game": "game",
    "PawnMove": "game",
    "Phase": "game",
    "Tile": "monster",
    "TurnResult": "monster",
    "look": "monster",
    "monster_turn": "monster",
    "MoveOutcome": "moves",
    "MoveResult": "moves",
    "apply_move": "moves",
    "legal_moves": "moves",
    "OPTION_INFO": "options",
    "RuleOptions": "options",
    "Monster": "pieces",
    "Pawn": "pieces",
    "Pool": "pieces",
    "Stone": "pieces",
    "StoneKind": "pieces",
    "Teleporter": "pieces",
    "FORMAT_ID": "position",
    "Position": "position",
    "make_pool": "position",
    "Placement": "setup",
}

# The public API, by what it is about; each group sorted.
__all__ = [
    # the board (B1-B3)
    "ENTRANCE",
    "EXIT",
    "HEADINGS",
    "SQUARES",
    "Heading",
    "Square",
    "mirror",
    "on_board",
    "step",
    "wall_letter",
    # pieces and positions (docs/format.md), rule options
    "FORMAT_ID",
    "OPTION_INFO",
    "Monster",
    "Pawn",
    "Pool",
    "Position",
    "RuleOptions",
    "Stone",
    "StoneKind",
    "Teleporter",
    "make_pool",
    # the monster's turn (M1-M13) and pawn moves (P2-P9)
    "MoveOutcome",
    "MoveResult",
    "Tile",
    "TurnResult",
    "apply_move",
    "legal_moves",
    "look",
    "monster_turn",
    # events (the trace), replaying them
    "Eat",
    "End",
    "Enter",
    "Escape",
    "Event",
    "Flip",
    "Look",
    "Move",
    "Push",
    "Ray",
    "Remove",
    "Slide",
    "Teleport",
    "Turn",
    "Wrap",
    "eaten_place",
    "event_from_dict",
    "event_to_dict",
    "replay",
    # games
    "CHANCE",
    "TERMINAL",
    "DrawTile",
    "Game",
    "PawnMove",
    "Phase",
    "Placement",
    # errors: every one a FinstereError, a ValueError
    "BotError",
    "ExampleError",
    "FileError",
    "FinstereError",
    "IllegalMoveError",
    "LanguageError",
    "LessonError",
    "OptionError",
    "PanelError",
    "PathError",
    "PositionError",
    "PuzzleError",
    "QuizError",
    "RecordError",
    "RuleError",
    "SceneError",
    "SetupError",
    "StudyError",
    "TileError",
    "ToolError",
    "TraceError",
]


__getattr__, __dir__ = exports(__name__, _WHERE)
