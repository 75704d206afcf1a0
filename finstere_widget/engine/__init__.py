"""The Finstere Flure rule engine: pure Python, standard library only.

Board geometry (B), pieces and positions (docs/format.md), rule options, the monster's turn
(M) as rule-cited events; pawn moves and game flow. Bots, studies and teaching build on
these in :mod:`finstere_widget.design` and :mod:`finstere_widget.teach`.
"""

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
from .replay import eaten_place, replay
from .setup import Placement

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
