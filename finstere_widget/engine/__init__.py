"""The Finstere Flure rule engine: pure Python, standard library only.

Board geometry (B), pieces and positions (docs/format.md), rule options, the monster's turn
(M) as rule-cited events; pawn moves, game flow, bots and simulation build on these.
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
from .bots import GreedyBot, LookaheadBot, MCTSBot, RandomBot, play_game  # noqa: E402
from .danger import danger_map  # noqa: E402
from .errors import (
    FinstereError,
    IllegalMoveError,
    OptionError,
    PositionError,
    PuzzleError,
    TileError,
)
from .events import (
    Eat,
    End,
    Event,
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
from .game import DrawTile, Game, PawnMove  # noqa: E402
from .monster import Tile, TurnResult, look, monster_turn

# pawn moves, the game, bots, danger map and simulation (they import the pieces above)
from .moves import MoveOutcome, MoveResult, apply_move, legal_moves  # noqa: E402, I001
from .options import OPTION_INFO, RuleOptions
from .pieces import Monster, Pawn, Pool, Stone, StoneKind, Teleporter
from .position import FORMAT_ID, Position, make_pool
from .puzzles import Puzzle, puzzles, puzzles_from_json, puzzles_to_json  # noqa: E402
from .replay import eaten_place, replay
from .setup import Placement  # noqa: E402
from .simulation import simulate  # noqa: E402

__all__ = [
    "DrawTile",
    "Game",
    "GreedyBot",
    "LookaheadBot",
    "MCTSBot",
    "MoveOutcome",
    "MoveResult",
    "PawnMove",
    "Placement",
    "RandomBot",
    "apply_move",
    "danger_map",
    "legal_moves",
    "play_game",
    "simulate",
    "eaten_place",
    "replay",
    "ENTRANCE",
    "EXIT",
    "FORMAT_ID",
    "HEADINGS",
    "OPTION_INFO",
    "SQUARES",
    "Eat",
    "End",
    "Event",
    "FinstereError",
    "Heading",
    "IllegalMoveError",
    "Look",
    "Monster",
    "Move",
    "OptionError",
    "Pawn",
    "Pool",
    "Position",
    "PositionError",
    "Puzzle",
    "PuzzleError",
    "puzzles",
    "puzzles_from_json",
    "puzzles_to_json",
    "Push",
    "Ray",
    "Remove",
    "RuleOptions",
    "Slide",
    "Square",
    "Stone",
    "StoneKind",
    "Teleport",
    "Teleporter",
    "Tile",
    "TileError",
    "Turn",
    "TurnResult",
    "Wrap",
    "event_from_dict",
    "event_to_dict",
    "look",
    "make_pool",
    "mirror",
    "monster_turn",
    "on_board",
    "step",
    "wall_letter",
]
