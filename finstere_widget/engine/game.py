"""A whole game of Finstere Flure (docs/rules.md P1, P10, T1-T3, M2, S1-S4, A1-A3).

:class:`Game` follows python-chess / OpenSpiel: a state you query (``legal_actions``,
``current_player``, ``is_chance``, ``is_terminal``, ``outcome``), ``apply`` an action to,
``undo`` and replay from a JSON record. Three kinds of action:

* :class:`PawnMove` ``(pawn, path)`` -- a decision of the player to move (P2-P10, T2, T3);
* :class:`DrawTile` ``(tile)`` -- a *chance* action: the monster tile drawn (M1, M2). Draw
  one at random with :meth:`Game.sample_chance` (a seeded ``random.Random`` shuffles the
  pile) or apply a given one, as a replay does; the record keeps every tile drawn;
* :class:`Placement` ``(piece, at, orientation)`` -- the advanced set-up (A1-A3).

Passing is not an action: a player with no pawn left to move is skipped (T2; FAQ 3, this
project's ruling, rests on the French rulebook's "il passe son tour", said only of a player
with nothing left to move).
States are immutable (:class:`GameState`), so ``undo`` pops the previous one and a game
replays exactly.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Final, NamedTuple

from .board import ENTRANCE_I
from .errors import (
    FinstereError,
    IllegalMoveError,
    OptionError,
    RecordError,
    SetupError,
    Word,
    shown,
)
from .events import Event, Flip, assert_never, event_to_dict
from .monster import Tile, TurnResult, monster_turn
from .moves import (
    MoveOutcome,
    MoveResult,
    Place,
    _Board,
    _is_tokens,
    _place,
    _result_position,
    _walk,
    apply_move,
    can_enter,
    legal_moves,
    parse_path,
)
from .options import RuleOptions
from .pieces import Pawn
from .position import Position, dump_json, load_json, position_svg
from .setup import (
    DECK,
    PLACEMENT_PIECES,
    Placement,
    apply_placement,
    check_placement,
    check_players,
    initial_position,
    legal_placements,
    pawn_values,
)

RECORD_FORMAT = "finstere-game/1"

#: ``current_player`` at a chance node (the monster's tile is drawn) and at the end of the game
CHANCE: Final = -1
TERMINAL: Final = -2


class Phase(str, Enum):
    """What the game waits for (T1, A1): a placement, a pawn move of the seat to act, the
    monster's tile (a chance node), or nothing (the game is over). A ``str``, so it
    compares with, prints and serialises as its name (``Phase.PAWNS == "pawns"``)."""

    PLACEMENT = "placement"
    PAWNS = "pawns"
    MONSTER = "monster"
    OVER = "over"

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


#: S3's reason with ``stage2_end=board_empty``
BOARD_EMPTY = "no pawn left on the board in stage 2 (stage2_end=board_empty)"


class PawnMove(NamedTuple):
    """Move ``pawn`` along ``path`` (docs/format.md tokens); the empty path only flips it."""

    pawn: str
    path: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"type": "move", "pawn": self.pawn, "path": list(self.path)}


class DrawTile(NamedTuple):
    """Chance: the monster tile drawn for this monster phase (M1)."""

    tile: str

    def to_dict(self) -> dict[str, Any]:
        return {"type": "tile", "tile": self.tile}


Action = PawnMove | DrawTile | Placement


def action_to_dict(action: Action) -> dict[str, Any]:
    if isinstance(action, Placement):
        return {
            "type": "place",
            "piece": action.piece,
            "at": list(action.at),
            "orientation": action.orientation,
        }
    return action.to_dict()


_ACTION_KEYS = {
    "move": ({"pawn"}, {"path"}),
    "tile": ({"tile"}, set()),
    "place": ({"piece", "at"}, {"orientation"}),
}


def action_from_dict(data: Mapping[str, Any], where: str = "action") -> Action:
    """An action from its dict form (docs/format.md); a :class:`RecordError` names the key
    at fault."""
    if not isinstance(data, Mapping):
        raise RecordError("{where}: expected an object, got {data}", where=where, data=shown(data))
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _ACTION_KEYS:
        raise RecordError(
            "{where}.type: expected move, tile or place, got {kind}", where=where, kind=shown(kind)
        )
    required, optional = _ACTION_KEYS[kind]
    for key in sorted(required - set(data)):
        raise RecordError(
            "{where}: a {kind} action needs the key {key!r}", where=where, kind=kind, key=key
        )
    for key in sorted(set(data) - required - optional - {"type"}, key=repr):
        raise RecordError(
            "{where}: unknown key {key} in a {kind} action", where=where, key=shown(key), kind=kind
        )

    def text(key: str, default: str | None = None) -> str:
        value = data.get(key, default)
        if not isinstance(value, str):
            raise RecordError(
                "{where}.{key}: expected text, got {value}",
                where=where,
                key=key,
                value=shown(value),
            )
        return value

    if kind == "move":
        path = data.get("path", [])
        if not isinstance(path, list) or not all(isinstance(t, str) for t in path):
            raise RecordError(
                "{where}.path: expected a list of tokens, got {path}", where=where, path=shown(path)
            )
        return PawnMove(text("pawn"), tuple(path))
    if kind == "tile":
        tile = data["tile"]
        if type(tile) is int:
            tile = str(tile) if 0 < tile < 1000 else tile
        if not isinstance(tile, str):
            raise RecordError(
                "{where}.tile: expected a tile such as '8' or 'X', got {tile}",
                where=where,
                tile=shown(tile),
            )
        return DrawTile(tile)
    at = data["at"]
    if not isinstance(at, (list, tuple)) or len(at) != 2 or not all(type(v) is int for v in at):
        raise RecordError(
            "{where}.at: expected a square [x, y], got {at}", where=where, at=shown(at)
        )
    return Placement(text("piece"), (at[0], at[1]), text("orientation", ""))


class Outcome(NamedTuple):
    """How the game ended: ``winner`` (a colour, or None on a draw), ``reason`` with its
    rule id, escaped pawns per colour."""

    winner: str | None
    reason: str
    rule: str
    escaped: dict[str, int]

    def to_dict(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "reason": self.reason,
            "rule": self.rule,
            "escaped": dict(self.escaped),
        }


class GameState(NamedTuple):
    """Everything about a game at one moment (immutable)."""

    position: Position
    phase: Phase
    round: int  # T1: 1-based
    first: int  # seat of the first player this round
    to_move: int  # seat to act (pawn or placement phase), else -1
    moved: frozenset[str] = frozenset()  # pawns moved this pawn phase (T2)
    #: pawn moves per seat this phase; in the first round only those onto the board (P10)
    moves_made: tuple[int, ...] = ()
    pile: tuple[str, ...] = ()  # tiles left, top first (the hidden order of the shuffle)
    tiles_played: int = 0  # tiles resolved this stage (S1)
    draws: int = 0  # tiles drawn this game (M2)
    stage_draws: int = 0  # tiles drawn this stage (M2 every_stage)
    #: (ply, seat, pawn) in order (S2, S3); a scenario's pawns escaped before it have plies
    #: below 1, in the order its position lists them
    escapes: tuple[tuple[int, int, str], ...] = ()
    ply: int = 0  # actions applied
    finishing: bool = False  # S2 finish_round: a player has won, the round is played out
    to_place: tuple[str, ...] = ()  # A1: pieces still to place
    outcome: Outcome | None = None
    #: every tile so far was the one the seeded pile gives (M1): a record keeps its seed
    seeded: bool = True


class HistoryEntry(NamedTuple):
    """One applied action with what it did: the pawn move or the monster turn (and its
    tile), and automatic events (P10 flips outside)."""

    action: Action
    seat: int  # who acted (-1: chance)
    move: MoveResult | None = None
    monster: TurnResult | None = None
    extra: tuple[Event, ...] = ()


@dataclass(frozen=True)
class GameSetup:
    """What a game starts from (recorded): players' colours clockwise, the seat that starts
    (first player, or the first placer in the advanced game), the layout, the seed."""

    players: tuple[str, ...]
    first_player: int = 0
    advanced: bool = False
    seed: int = 0
    options: RuleOptions = field(default_factory=RuleOptions)
    #: a scenario: the game starts from this position in this round, with these tiles
    #: already played this stage (None: the normal start, B4 / A1)
    position: Position | None = None
    round: int = 1
    tiles_played: int = 0

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "players": list(self.players),
            "first_player": self.first_player,
            "advanced": self.advanced,
            "seed": self.seed,
        }
        if self.position is not None:
            out["position"] = self.position.to_dict()
            out["round"] = self.round
            out["tiles_played"] = self.tiles_played
        return out


def check_options_for_players(options: RuleOptions, n_players: int) -> None:
    """S4: the three-prey 5 tile is a variant for 6 and 7 players only; with fewer players
    the option is refused (:class:`OptionError` naming S4)."""
    if options.five_is_three_prey and n_players < 6:
        raise OptionError(
            "S4: option five_is_three_prey=on is a variant for 6-7 players; this game has {n_players}",
            n_players=n_players,
        )


def _shuffled(tiles: Iterable[str], seed: int, tag: str) -> tuple[str, ...]:
    """M1/S1: the pile shuffled by a ``random.Random`` seeded from the game's seed and
    which shuffle this is, so a game is a pure function of (seed, actions)."""
    items = list(tiles)
    random.Random(f"finstere/{seed}/{tag}").shuffle(items)
    return tuple(items)


def _in_play(position: Position) -> bool:
    """Whether a pawn is still in play: on the board or waiting outside (S3)."""
    return any(p.at != "escaped" and p.at != "eaten" for p in position.pawns)


def _check_not_over(position: Position, colours: Sequence[str], needed: int) -> None:
    """A scenario's position must leave a game to play: no player has already escaped all
    their pawns but one (S2), and in stage 2 a pawn is still in play (S3)."""
    escaped = Counter(p.player for p in position.pawns if p.at == "escaped")
    for colour in colours:
        if escaped[colour] >= needed:
            raise SetupError(
                "position: {colour} has already escaped {count} pawns, all but one: "
                "the game is won (S2)",
                colour=colour,
                count=escaped[colour],
            )
    if position.stage == 2 and not _in_play(position):
        raise SetupError("position: no pawn is left in play in stage 2: the game is over (S3)")


class Game:
    """A game of Finstere Flure. ``Game(players=3, seed=7)``; ``Game(["red", "blue"])``.

    Seats are numbered clockwise 0..n-1 in the order of ``players`` (colours, P1).
    ``first_player`` starts the first round (in the advanced game it places the first
    piece, A1, and the next player after the last placement starts, A2).
    """

    def __init__(
        self,
        players: int | Sequence[str] = 2,
        *,
        seed: int | None = None,
        options: RuleOptions | None = None,
        first_player: int = 0,
        advanced: bool = False,
        position: Position | None = None,
        round: int = 1,
        tiles_played: int = 0,
    ) -> None:
        _check_setup(players, seed, options, first_player, advanced, position, round, tiles_played)
        if position is not None:  # a scenario: players named by the position's pawns
            if isinstance(players, int):
                players = list(dict.fromkeys(p.player for p in position.pawns))
            colours = tuple(players)
            if not 2 <= len(colours) <= 7 or len(set(colours)) != len(colours):
                raise SetupError(
                    "P1: 2 to 7 distinct players, got {colours}", colours=list(colours)
                )
            strangers = {p.player for p in position.pawns} - set(colours)
            if strangers:
                raise SetupError(
                    "position: pawns of players not in the game: {strangers}",
                    strangers=sorted(strangers),
                )
            if advanced:
                raise SetupError("a game from a position has no placement phase (A1)")
        else:
            colours = check_players(players)
            for name, value, start in (("round", round, 1), ("tiles_played", tiles_played, 0)):
                if value != start:
                    raise SetupError(
                        "{name}: only a game from a position starts in another round or with "
                        "tiles played (S1, T1), got {value}",
                        name=name,
                        value=value,
                    )
        if not 0 <= first_player < len(colours):
            raise SetupError(
                "first_player: seat 0..{last}, got {first_player}",
                last=len(colours) - 1,
                first_player=first_player,
            )
        if seed is None:
            seed = random.randrange(2**32)
        opts = options if options is not None else RuleOptions()
        per_stage = opts.tiles_in_stage(position.stage if isinstance(position, Position) else 1)
        if not 0 <= tiles_played < per_stage or round < 1:
            raise SetupError("round >= 1 and tiles_played 0..{last}", last=per_stage - 1)
        check_options_for_players(opts, len(colours))
        self.setup = GameSetup(
            colours, first_player, advanced, seed, opts, position, round, tiles_played
        )
        self.options = opts
        self.colours = colours
        self.n = len(colours)
        self.seat_of = {c: k for k, c in enumerate(colours)}
        if position is not None:
            self.needed = len(pawn_values(self.n)) - 1  # S2, with P1's pawn sets
            _check_not_over(position, colours, self.needed)
            stage = position.stage
            pile = _shuffled(DECK, seed, f"stage{stage}")[tiles_played:]
            # escaped before the scenario: before ply 1, in the order the position lists
            # them (the position carries the escape order: S2/S3's tie-break reads it)
            before = [p for p in position.pawns if p.at == "escaped"]
            escapes = tuple(
                (k - len(before), self.seat_of[p.player], p.id) for k, p in enumerate(before)
            )
            state = self._start_pawn_phase(
                GameState(
                    position,
                    Phase.PAWNS,
                    round,
                    first_player,
                    first_player,
                    pile=pile,
                    tiles_played=tiles_played,
                    draws=tiles_played + (stage - 1) * 7,
                    stage_draws=tiles_played,
                    escapes=escapes,
                )
            )
            self._states: list[GameState] = [state]
            self.history: list[HistoryEntry] = []
            return
        self.needed = len(pawn_values(self.n)) - 1  # S2: all pawns but one
        position = initial_position(colours, advanced)
        pile = _shuffled(DECK, seed, "stage1")
        if advanced:
            state = GameState(
                position,
                Phase.PLACEMENT,
                1,
                first_player,
                first_player,
                pile=pile,
                to_place=PLACEMENT_PIECES,
            )
        else:
            state = self._start_pawn_phase(
                GameState(position, Phase.PAWNS, 1, first_player, first_player, pile=pile)
            )
        self._states = [state]
        self.history = []

    @classmethod
    def from_position(
        cls,
        position: Position,
        *,
        players: Sequence[str] | None = None,
        seed: int | None = None,
        options: RuleOptions | None = None,
        first_player: int = 0,
        round: int = 2,
        tiles_played: int = 0,
    ) -> Game:
        """A game (scenario) starting from ``position`` at the start of a pawn phase:
        players are the pawns' colours in order of appearance (or ``players``), the pile
        holds the tiles not yet played this stage. ``round`` > 1 skips P10. Pawns already
        escaped escaped in the order the position lists them: a tie on the number escaped
        (S2 ``finish_round``, S3) goes to the player whose last pawn escaped listed first."""
        if players is not None and (
            not isinstance(players, (list, tuple)) or not all(isinstance(c, str) for c in players)
        ):  # players=5 raised a TypeError (not iterable), players="blue" read four letters
            raise SetupError(
                "players: expected colours (P1), got {players}", players=shown(players)
            )
        return cls(
            list(players) if players is not None else 0,
            seed=seed,
            options=options,
            first_player=first_player,
            position=position,
            round=round,
            tiles_played=tiles_played,
        )

    # --- queries ---------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The current state: position, phase, round, tile piles, who moves (read-only)."""
        return self._states[-1]

    @property
    def position(self) -> Position:
        """The position on the board now."""
        return self.state.position

    @property
    def phase(self) -> Phase:
        """Where the round is (T1): placement, pawns, monster or over."""
        return self.state.phase

    @property
    def current_player(self) -> int:
        """The seat to act; :data:`CHANCE` at a chance node (the tile draw), :data:`TERMINAL`
        when the game is over (both negative, never a seat)."""
        match self.state.phase:
            case Phase.PAWNS | Phase.PLACEMENT:
                return self.state.to_move
            case Phase.MONSTER:
                return CHANCE
            case Phase.OVER:
                return TERMINAL
            case never:
                assert_never(never)

    @property
    def current_colour(self) -> str | None:
        """The colour of :attr:`current_player`; None when no seat is to act."""
        seat = self.current_player
        return self.colours[seat] if seat >= 0 else None

    def is_chance(self) -> bool:
        """True when the next action is the draw of a monster tile (:meth:`chance_outcomes`)."""
        return self.state.phase == Phase.MONSTER

    def is_terminal(self) -> bool:
        """True when the game is over (S2, S3): :meth:`outcome` says how."""
        return self.state.phase == Phase.OVER

    def outcome(self) -> Outcome | None:
        """The winner (or None), the reason, the rule (S2/S3) and the pawns escaped per
        colour once the game is over; None while it goes on."""
        return self.state.outcome

    def _seat(self, seat: Any) -> int:
        """``seat`` checked: a seat ``0..n-1`` (an ``int``, not a ``bool``) or a colour of
        this game; anything else is a :class:`SetupError` naming it."""
        if type(seat) is int and 0 <= seat < self.n:
            return seat
        if isinstance(seat, str) and seat in self.seat_of:
            return self.seat_of[seat]
        raise SetupError(
            "seat: expected a seat 0..{last} or a colour of this game ({colours}), got {seat}",
            last=self.n - 1,
            colours=", ".join(self.colours),
            seat=shown(seat),
        )

    def pawns_of(self, seat: int | str) -> list[Pawn]:
        """The pawns of the player at ``seat`` (``0..n-1``, or the player's colour),
        wherever they are; another seat is a :class:`SetupError` naming it."""
        colour = self.colours[self._seat(seat)]
        return [p for p in self.position.pawns if p.player == colour]

    def movable_pawns(self, seat: int | str | None = None) -> list[Pawn]:
        """T2: the seat's pawns in play (on the board or outside) not yet moved this phase;
        in the first round (P10) only those that can move onto the board, while any can.
        ``seat``: ``0..n-1`` or the player's colour (``None``: the seat to move); another
        is a :class:`SetupError` naming it."""
        if seat is not None:
            seat = self._seat(seat)
        st = self.state
        if st.phase != Phase.PAWNS:
            return []
        seat = st.to_move if seat is None else seat
        if st.round == 1 and st.moves_made[seat] >= 2:  # P10
            return []
        colour = self.colours[seat]
        pawns = [
            p
            for p in st.position.pawns
            if p.player == colour and p.at not in ("escaped", "eaten") and p.id not in st.moved
        ]
        if st.round == 1:
            entering = [p for p in pawns if self._can_enter(st.position, p)]
            if entering:
                return entering
        return pawns

    def pawn_moves(self, pawn_id: str) -> list[MoveOutcome]:
        """The legal outcomes of moving ``pawn_id`` now, one per distinct position with a
        shortest path: :func:`legal_moves` for a pawn of :meth:`movable_pawns`, in the first
        round (P10) only the moves onto the board (a pawn that cannot enter at all: the
        0-square move outside). Any other pawn: none."""
        st = self.state
        if st.phase != Phase.PAWNS:
            return []
        # an id of another type is no pawn here either (["A"] raised a TypeError, unhashable)
        pawn = st.position.pawn_by_id.get(pawn_id) if isinstance(pawn_id, str) else None
        if (
            pawn is None
            or pawn.player != self.colours[st.to_move]
            or pawn_id in st.moved
            or pawn.at == "escaped"
            or pawn.at == "eaten"
        ):
            return []
        if st.round != 1:
            return legal_moves(st.position, pawn_id, self.options)
        if pawn not in self.movable_pawns():  # P10
            return []
        outcomes = legal_moves(st.position, pawn_id, self.options)
        onto = [o for o in outcomes if o.to != "outside"]
        return onto if onto else outcomes

    def _can_enter(self, position: Position, pawn: Pawn) -> bool:
        """P10: the pawn can end this move on the board (or beyond the exit): from outside,
        some path through the entrance (P3) ends alone on a square."""
        if pawn.at != "outside":
            return True
        ix = position.indices
        e = ENTRANCE_I
        if pawn.value >= 1 and e != ix.monster and e not in ix.teleporters:
            if e not in ix.stones and e not in ix.pawn_squares:
                return True  # the path IN ends alone on the entrance
        return can_enter(position, pawn.id, self.options)  # a search that stops at the first

    def legal_actions(self) -> list[Action]:
        """Every legal action: pawn moves (one per distinct outcome, with a shortest path,
        :meth:`pawn_moves`), the tiles that may be drawn, or the placements."""
        st = self.state
        if st.phase == Phase.PAWNS:
            out: list[Action] = []
            for p in self.movable_pawns():
                out.extend(PawnMove(p.id, o.path) for o in self.pawn_moves(p.id))
            return out
        if st.phase == Phase.MONSTER:
            return [DrawTile(t) for t, _ in self.chance_outcomes()]
        if st.phase == Phase.PLACEMENT:
            return list(legal_placements(st.position, st.to_place, self.options))
        return []

    def chance_outcomes(self) -> list[tuple[str, float]]:
        """M1/M2: the tiles that may come (distinct labels) with their probabilities."""
        st = self.state
        if st.phase != Phase.MONSTER:
            return []
        allowed = self._drawable(st)
        counts = Counter(allowed)
        total = len(allowed)
        return [(t, c / total) for t, c in sorted(counts.items(), key=lambda kv: _tile_key(kv[0]))]

    def tiles_left(self) -> tuple[str, ...]:
        """The tiles still in the pile this stage (their order is hidden): for danger maps
        and bots."""
        return tuple(sorted(self.state.pile, key=_tile_key))

    def tiles_to_play(self) -> int:
        """The monster turns this stage still has: its tiles still to be played (S1: a stage
        is over once its ``tiles_per_stage``-th tile is played, so with 7 the pile's last
        tile is never drawn; the pile holds 8 at a stage's start; ``stage2_pile=all``:
        stage 2 plays all 8)."""
        st = self.state
        per_stage = self.options.tiles_in_stage(st.position.stage)
        return max(0, min(len(st.pile), per_stage - st.tiles_played))

    def drawable_tiles(self) -> tuple[str, ...]:
        """The tiles the coming monster phase can draw (M1; M2: while the first draw may
        not be a prey tile, only the numbers), sorted: what the bots weigh."""
        return tuple(sorted(self._drawable(self.state), key=_tile_key))

    def _first_draw_applies(self, st: GameState) -> bool:
        rule = self.options.first_draw_rule
        return (rule == "game_start" and st.draws == 0) or (
            rule == "every_stage" and st.stage_draws == 0
        )

    def _is_prey(self, tile: str) -> bool:
        return Tile.parse(tile, self.options).prey is not None

    def _drawable(self, st: GameState) -> list[str]:
        if self._first_draw_applies(st):
            numbers = [t for t in st.pile if not self._is_prey(t)]
            if numbers:
                return numbers
        return list(st.pile)

    # --- actions ---------------------------------------------------------------------------

    def sample_chance(self) -> TurnResult:
        """Draw the top tile of the pile (M2: drawing on past prey tiles when the first
        draw may not be one) and play the monster's turn."""
        st = self.state
        if st.phase != Phase.MONSTER:
            raise IllegalMoveError(
                "no tile to draw in the {phase} phase (T1)",
                phase=Word(st.phase, "phase"),
                rule="T1",
            )
        tile = self._drawable(st)[0]
        self.apply(DrawTile(tile))
        monster = self.history[-1].monster
        assert monster is not None
        return monster

    def apply(self, action: Action | Mapping[str, Any]) -> HistoryEntry:
        """Apply an action (or its dict form); raise IllegalMoveError (with the rule id) if
        the rules forbid it, leaving the game unchanged."""
        if isinstance(action, Mapping):
            action = action_from_dict(action)
        st = self.state
        if isinstance(action, PawnMove):
            new, entry = self._apply_move(st, action)
        elif isinstance(action, DrawTile):
            new, entry = self._apply_tile(st, action)
        elif isinstance(action, Placement):
            at = action.at
            if (
                not isinstance(action.piece, str)
                or not isinstance(action.orientation, str)
                or not isinstance(at, tuple)
                or len(at) != 2
                or not all(type(v) is int for v in at)
            ):
                raise IllegalMoveError(
                    "A1: expected a piece name, a square (x, y) and an orientation, got {action}",
                    action=shown(action),
                    rule="A1",
                )
            new, entry = self._apply_placement(st, action)
        else:
            raise FinstereError("not an action: {action}", action=shown(action))
        self._states.append(new)
        self.history.append(entry)
        return entry

    def undo(self) -> Action:
        """Take back the last action (chance draws included) and return it."""
        if not self.history:
            raise FinstereError("nothing to undo")
        self._states.pop()
        return self.history.pop().action

    # --- pawn phase --------------------------------------------------------------------------

    def _mover(
        self,
        position: Position,
        moved: frozenset[str],
        made: tuple[int, ...],
        round: int,
        start: int,
        seats: int,
    ) -> int:
        """T2 (P10): from seat ``start`` clockwise over ``seats`` seats, the first player
        with a pawn in play not yet moved, or -1."""
        colours = self.colours
        for k in range(seats):
            seat = (start + k) % self.n
            if round == 1 and made[seat] >= 2:  # P10
                continue
            colour = colours[seat]
            for p in position.pawns:
                if (
                    p.player == colour
                    and p.id not in moved
                    and p.at != "escaped"
                    and p.at != "eaten"
                ):
                    return seat
        return -1

    def _next_mover(self, st: GameState, start: int) -> int:
        """T2: from seat ``start`` clockwise, the first player with a pawn to move, or -1."""
        return self._mover(st.position, st.moved, st.moves_made, st.round, start, self.n)

    def _start_pawn_phase(self, st: GameState) -> GameState:
        st = st._replace(phase=Phase.PAWNS, moved=frozenset(), moves_made=(0,) * self.n)
        seat = self._next_mover(st, st.first)
        if seat < 0:  # nobody has a pawn in play
            return st._replace(phase=Phase.MONSTER, to_move=-1)
        return st._replace(to_move=seat)

    def _apply_move(self, st: GameState, action: PawnMove) -> tuple[GameState, HistoryEntry]:
        seat, pawn = self._check_mover(st, action)
        result = apply_move(st.position, pawn.id, action.path, self.options)
        if st.round == 1 and result.to == "outside":
            self._check_p10_stay(st, seat, pawn)
        new, extra = self._after_move(st, seat, pawn.id, result.to, result.position)
        entry = HistoryEntry(PawnMove(pawn.id, result.path), seat, move=result)
        return new, entry._replace(extra=extra) if extra else entry

    def _check_mover(self, st: GameState, action: PawnMove) -> tuple[int, Pawn]:
        """T1, T2, P10: the seat to move and its pawn ``action.pawn``, if that pawn may move
        now (else the IllegalMoveError naming the rule)."""
        if st.phase != Phase.PAWNS:
            raise IllegalMoveError(
                "no pawn moves in the {phase} phase (T1)",
                phase=Word(st.phase, "phase"),
                token=action.pawn,
                rule="T1",
            )
        seat = st.to_move
        pawn = _pawn(st.position, action.pawn)
        if pawn.player != self.colours[seat]:
            raise IllegalMoveError(
                "pawn {id} is {player}'s; {mover} is to move (T2)",
                id=pawn.id,
                player=Word(pawn.player),
                mover=Word(self.colours[seat]),
                token=pawn.id,
                rule="T2",
            )
        if pawn.id in st.moved:
            raise IllegalMoveError(
                "pawn {id} has already moved this phase (T2)", id=pawn.id, token=pawn.id, rule="T2"
            )
        if pawn.at in ("escaped", "eaten"):
            raise IllegalMoveError(
                "pawn {id} is {at}: not in play (T2)",
                id=pawn.id,
                at=Word(pawn.at, "place"),
                token=pawn.id,
                rule="T2",
            )
        if st.round == 1 and st.moves_made[seat] >= 2:
            raise IllegalMoveError(
                "P10: in the first round {colour} moves only two pawns",
                colour=Word(self.colours[seat]),
                token=pawn.id,
                rule="P10",
            )
        return seat, pawn

    def _play(self, action: PawnMove, known: tuple[Place, Position] | None = None) -> None:
        """The bots' fast path for a pawn move (their rollouts play thousands): the state
        :meth:`apply` reaches (tests/test_bot_fast_path.py holds them equal), without the
        history entry and its events -- for a bot's scratch copy of a game (``fork``),
        never for a game that is recorded, narrated or undone. ``known``: where the move
        ends and the position after it, from the move's outcome among :meth:`pawn_moves`
        of this very state (or an equal one), trusted: nothing is walked again. Without
        it the path is checked as :meth:`apply` checks it (IllegalMoveError, the game
        unchanged), walked without its events."""
        st = self.state
        if known is None:
            seat, pawn = self._check_mover(st, action)
            known = _quiet_move(st.position, pawn.id, action.path, self.options)
            if st.round == 1 and known[0] == "outside":
                self._check_p10_stay(st, seat, pawn)
        new = self._after_move(st, st.to_move, action.pawn, known[0], known[1])[0]
        self._states.append(new)

    def _after_move(
        self, st: GameState, seat: int, pawn_id: str, to: Place, position: Position
    ) -> tuple[GameState, tuple[Event, ...]]:
        """The state after ``seat``'s pawn ``pawn_id`` moved to ``to`` (a legal move),
        ``position`` the result, and the events that follow at once (P10's flips outside)."""
        ply = st.ply + 1
        escapes = st.escapes
        if to == "escaped":
            escapes = escapes + ((ply, seat, pawn_id),)
        made = st.moves_made
        if st.round != 1 or to != "outside":  # P10: staying outside is not one of the two
            made_l = list(made)
            made_l[seat] += 1
            made = tuple(made_l)
        moved = st.moved | {pawn_id}
        extra: tuple[Event, ...] = ()
        finishing = st.finishing
        won = to == "escaped" and sum(1 for _, s, _ in escapes if s == seat) >= self.needed
        if won:
            finishing = True
        seat_next = self._mover(position, moved, made, st.round, (seat + 1) % self.n, self.n)
        new = st._replace(
            position=position,
            moved=moved,
            moves_made=made,
            escapes=escapes,
            ply=ply,
            finishing=finishing,
            to_move=seat_next if seat_next >= 0 else st.to_move,
        )
        if won and not self.options.finish_round:  # S2: the game ends at once
            return self._end(new, "S2", f"{self.colours[seat]} escaped all pawns but one"), extra
        if position.stage == 2 and not self._pawns_in_play(new):
            if finishing:  # S2 finish_round: a player has won; nothing is left to play out
                return self._end(new, "S2", "the round was played out (finish_round)"), extra
            return self._end(new, "S3", "no pawn left in the fortress in stage 2"), extra
        if seat_next >= 0:
            return new, extra
        # the pawn phase is over (T2)
        if new.round == 1:  # P10: the pawns not moved are flipped outside
            pawns = list(new.position.pawns)
            flips = []
            for k, p in enumerate(pawns):
                if p.id not in new.moved and p.at not in ("escaped", "eaten"):
                    pawns[k] = p.flipped()
                    flips.append(Flip(0, p.id, pawns[k].up, pawns[k].value, "P10"))
            if flips:
                new = new._replace(position=_with_pawns(new.position, pawns))
                extra = tuple(flips)
        if finishing:
            return self._end(new, "S2", "the round was played out (finish_round)"), extra
        if self._board_empty_ends(new):
            return self._end(new, "S3", BOARD_EMPTY), extra
        return new._replace(phase=Phase.MONSTER, to_move=-1), extra

    def _check_p10_stay(self, st: GameState, seat: int, pawn: Pawn) -> None:
        """P10: in the first round the two pawns a player moves go onto the board; a
        0-square move outside is refused while any of the player's pawns not yet moved
        can enter (the only exception: none can, the entrance is barred for them all)."""
        colour = self.colours[seat]
        others = [p for p in st.position.pawns if p.id != pawn.id]
        for p in (pawn, *others):  # the pawn itself first: the reason it is told
            if (
                p.player == colour
                and p.id not in st.moved
                and p.at not in ("escaped", "eaten")
                and self._can_enter(st.position, p)
            ):
                if p is pawn:
                    raise IllegalMoveError(
                        "P10: in the first round {colour} moves two pawns onto the board; {id} can enter, so it may not stay outside",
                        colour=Word(colour),
                        id=pawn.id,
                        token=pawn.id,
                        rule="P10",
                    )
                raise IllegalMoveError(
                    "P10: in the first round {colour} moves two pawns onto the board; {id} may not stay outside while {other} can enter",
                    colour=Word(colour),
                    id=pawn.id,
                    other=p.id,
                    token=pawn.id,
                    rule="P10",
                )

    def _board_empty_ends(self, st: GameState) -> bool:
        """S3 with ``stage2_end=board_empty`` (Italian, online and Czech texts): in stage 2
        the game ends as soon as no pawn is on the board, even with pawns waiting outside.
        Checked when a monster turn has been played and when a pawn phase is over (so the
        pawns waiting at the start of stage 2 get their pawn phase first)."""
        return (
            self.options.stage2_end == "board_empty"
            and st.position.stage == 2
            and not any(p.on_board for p in st.position.pawns)
        )

    @staticmethod
    def _pawns_in_play(st: GameState) -> bool:
        return _in_play(st.position)

    # --- monster phase -----------------------------------------------------------------------

    def _apply_tile(self, st: GameState, action: DrawTile) -> tuple[GameState, HistoryEntry]:
        if st.phase != Phase.MONSTER:
            raise IllegalMoveError(
                "no tile is drawn in the {phase} phase (T1)",
                phase=Word(st.phase, "phase"),
                token=action.tile,
                rule="T1",
            )
        label = Tile.parse(action.tile, self.options).label
        # M1: the tile the seeded pile gives; another (chosen by hand) makes the draws unseeded
        seeded = st.seeded and label in st.pile and label == self._drawable(st)[0]
        if label not in st.pile:
            raise IllegalMoveError(
                "tile {label} is not in the pile (left: {tiles_left}) (M1)",
                label=label,
                tiles_left=", ".join(self.tiles_left()),
                token=label,
                rule="M1",
            )
        pile = list(st.pile)
        if self._first_draw_applies(st) and any(self._is_prey(t) for t in pile):
            if self._is_prey(label) and any(not self._is_prey(t) for t in pile):
                raise IllegalMoveError(
                    "tile {label}: the first tile cannot be a prey tile (M2)",
                    label=label,
                    token=label,
                    rule="M2",
                )
            if self._is_prey(pile[0]):  # drawn past prey tiles: the others are shuffled back
                pile.remove(label)
                pile = list(_shuffled(pile, self.setup.seed, f"redraw{st.draws}"))
            else:
                pile.remove(label)
        else:
            pile.remove(label)
        turn = monster_turn(st.position, label, self.options)
        ply = st.ply + 1
        new = st._replace(
            position=turn.position,
            pile=tuple(pile),
            tiles_played=st.tiles_played + 1,
            draws=st.draws + 1,
            stage_draws=st.stage_draws + 1,
            ply=ply,
            seeded=seeded,
        )
        entry = HistoryEntry(DrawTile(label), -1, monster=turn)
        stage = new.position.stage
        if stage == 2 and not self._pawns_in_play(new):
            return self._end(new, "S3", "no pawn left in the fortress in stage 2"), entry
        if self._board_empty_ends(new):
            return self._end(new, "S3", BOARD_EMPTY), entry
        if new.tiles_played >= self.options.tiles_in_stage(stage):
            if stage == 1:  # S1: stage 2, a new pile of all tiles
                new = new._replace(
                    position=new.position.replace(stage=2),
                    pile=_shuffled(DECK, self.setup.seed, "stage2"),
                    tiles_played=0,
                    stage_draws=0,
                )
            else:  # S1: end of stage 2, every pawn not escaped is eaten
                pawns = [p.moved("eaten") if p.at != "escaped" else p for p in new.position.pawns]
                new = new._replace(position=_with_pawns(new.position, pawns))
                return self._end(new, "S3", "end of stage 2"), entry
        # T1: the first-player marker passes left
        new = new._replace(first=(new.first + 1) % self.n, round=new.round + 1)
        return self._start_pawn_phase(new), entry

    # --- placement (A1-A3) ------------------------------------------------------------------

    def _apply_placement(self, st: GameState, action: Placement) -> tuple[GameState, HistoryEntry]:
        if st.phase != Phase.PLACEMENT:
            raise IllegalMoveError(
                "no placement in the {phase} phase (A1)",
                phase=Word(st.phase, "phase"),
                token=action.piece,
                rule="A1",
            )
        check_placement(st.position, action, st.to_place, self.options)
        left = list(st.to_place)
        left.remove(action.piece)
        position = apply_placement(st.position, action)
        seat = st.to_move
        entry = HistoryEntry(action, seat)
        new = st._replace(position=position, to_place=tuple(left), ply=st.ply + 1)
        if left:
            return new._replace(to_move=(seat + 1) % self.n), entry
        # A2: after the last piece the next player clockwise is first player
        position = Position.from_dict(position.to_dict())  # now complete: validate it
        first = (seat + 1) % self.n
        new = new._replace(position=position, first=first, to_move=first)
        return self._start_pawn_phase(new), entry

    # --- the end -------------------------------------------------------------------------------

    def _end(self, st: GameState, rule: str, reason: str) -> GameState:
        """S2/S3: the most escaped pawns wins; a tie goes to whoever reached that number
        first. Nobody escaped: a draw."""
        counts = {c: 0 for c in self.colours}
        reached: dict[str, int] = {}
        for ply, seat, _ in st.escapes:
            c = self.colours[seat]
            counts[c] += 1
            reached[c] = ply
        best = max(counts.values())
        winner = None
        if best > 0:
            winner = min((c for c in self.colours if counts[c] == best), key=lambda c: reached[c])
        return st._replace(
            phase=Phase.OVER, to_move=-1, outcome=Outcome(winner, reason, rule, counts)
        )

    # --- records ----------------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """The JSON game record: set-up, options, every action (tiles drawn included) and
        the result. :meth:`from_record` replays it."""
        out = self.outcome()
        setup = self.setup.to_dict()
        if not self.state.seeded:  # tiles chosen by hand: the seed does not give them all,
            setup["tiles_by_hand"] = True  # but it still gives the piles' order (M1)
        return {
            "format": RECORD_FORMAT,
            "setup": setup,
            "options": self.options.to_dict(),
            "actions": [action_to_dict(h.action) for h in self.history],
            "result": out.to_dict() if out is not None else None,
            "final_position": self.position.to_dict(),
        }

    def to_json(self, indent: int | None = None) -> str:
        """The game record (:meth:`to_record`) as ``finstere-game/1`` JSON text."""
        return dump_json(self.to_record(), indent, "game record", RecordError)

    @classmethod
    def from_record(cls, record: Mapping[str, Any] | str | bytes) -> Game:
        """Replay a record (dict or JSON text) action by action; with ``final_position`` /
        ``result`` present, check the replay ends there. With an integer ``setup.seed``
        every tile drawn must be the one the seeded pile gives (M1), unless
        ``setup.tiles_by_hand`` is true (a record of ``null`` seed, written before that key,
        has tiles chosen by hand too, on piles shuffled from seed 0). ``"result": null`` on
        a replay that ends the game, or ``setup.round`` / ``setup.tiles_played`` without
        ``setup.position``, cannot be genuine. Anything malformed is a :class:`RecordError`
        naming the key or action."""
        data: Any = (
            load_json(record, "record", RecordError)
            if isinstance(record, (str, bytes, bytearray))
            else record
        )
        if not isinstance(data, Mapping):
            raise RecordError("record: expected an object, got {data}", data=shown(data))
        if data.get("format") != RECORD_FORMAT:
            raise RecordError(
                "record.format: expected {record_format!r}, got {value}",
                record_format=RECORD_FORMAT,
                value=shown(data.get("format")),
            )
        for key in ("setup", "actions"):
            if key not in data:
                raise RecordError("record: missing key {key!r}", key=key)
        _known_keys(data, _RECORD_KEYS, "record")
        s = data["setup"]
        if not isinstance(s, Mapping):
            raise RecordError("record.setup: expected an object, got {setup}", setup=shown(s))
        _known_keys(s, _SETUP_KEYS, "record.setup")
        for key in ("players", "seed"):
            if key not in s:
                raise RecordError("record.setup: missing key {key!r}", key=key)
        if not isinstance(s["players"], list):
            raise RecordError(
                "record.setup.players: expected a list of colours, got {players}",
                players=shown(s["players"]),
            )
        seed = s["seed"]
        if seed is not None and (type(seed) is not int or not 0 <= seed < 2**64):
            raise RecordError(
                "record.setup.seed: expected an integer 0..2**64-1 or null, got {seed}",
                seed=shown(seed),
            )
        for key, kind, default in (
            ("first_player", int, 0),
            ("advanced", bool, False),
            ("tiles_by_hand", bool, False),
            ("round", int, 1),
            ("tiles_played", int, 0),
        ):
            if type(s.get(key, default)) is not kind:
                raise RecordError(
                    "record.setup.{key}: expected {type}, got {value}",
                    key=key,
                    type=kind.__name__,
                    value=shown(s.get(key)),
                )
        actions = data["actions"]
        if not isinstance(actions, list):
            raise RecordError(
                "record.actions: expected a list, got {actions}", actions=shown(actions)
            )
        options = data.get("options", {})
        if not isinstance(options, Mapping):
            raise RecordError(
                "record.options: expected an object, got {options}", options=shown(options)
            )
        start = s.get("position")
        for key in ("round", "tiles_played"):
            if start is None and key in s:
                raise RecordError(
                    "record.setup.{key}: only a game from a scenario (setup.position) starts "
                    "in another round or with tiles played (S1, T1)",
                    key=key,
                )
        game = cls(
            list(s["players"]),
            seed=0 if seed is None else seed,
            options=RuleOptions.parse(options),
            first_player=s.get("first_player", 0),
            advanced=s.get("advanced", False),
            position=Position.from_dict(start) if start is not None else None,
            round=s.get("round", 1),
            tiles_played=s.get("tiles_played", 0),
        )
        # seed null (a record older than tiles_by_hand): tiles chosen by hand on piles
        # shuffled from seed 0, not checked; the replay tells which draws are seed 0's, so
        # the record saved again says tiles_by_hand only when one is not (and loads again)
        by_hand = s.get("tiles_by_hand", False)
        draws = 0
        for k, a in enumerate(actions):
            action = action_from_dict(a, f"record.actions[{k}]")
            expected = game._drawable(game.state)[0] if game.is_chance() else None
            try:
                applied = game.apply(action).action
            except FinstereError as exc:
                raise RecordError(
                    "record: action {k} {action}: {exc}", k=k, action=shown(a), exc=exc
                ) from None
            if isinstance(applied, DrawTile):
                draws += 1
                if seed is not None and not by_hand and not game.state.seeded:  # the first
                    raise RecordError(
                        "record.actions[{k}]: draw {draws} is tile {tile}, but the pile shuffled from seed {seed} gives {expected} (M1)",
                        k=k,
                        draws=draws,
                        tile=applied.tile,
                        seed=seed,
                        expected=expected,
                    )
        if by_hand and seed is not None and game.state.seeded:
            raise RecordError(
                "record.setup.tiles_by_hand: true, but every tile drawn is the one the pile "
                "shuffled from seed {seed} gives (M1)",
                seed=seed,
            )
        final = data.get("final_position")
        try:
            final_pos = Position.from_dict(final) if final is not None else None
        except FinstereError as exc:
            raise RecordError("record.final_position: {exc}", exc=exc) from None
        if final_pos is not None and final_pos.to_dict() != game.position.to_dict():
            raise RecordError("record: the replay does not end on the recorded final position")
        result = data.get("result")
        out = game.outcome()
        if result is not None and (out is None or out.to_dict() != result):
            raise RecordError("record: the replay does not reach the recorded result")
        if "result" in data and result is None and out is not None:  # S2/S3
            raise RecordError(
                "record.result: null says the game goes on, but the replay ends it ({rule}: {reason})",
                rule=out.rule,
                reason=out.reason,
            )
        return game

    def monster_traces(self) -> list[dict[str, Any]]:
        """Every monster turn of the game as docs/format.md traces (tile, events, position)."""
        return [h.monster.to_dict() for h in self.history if h.monster is not None]

    def events(self) -> list[dict[str, Any]]:
        """Every event of the game in order, as JSON dicts with the action's ply."""
        out: list[dict[str, Any]] = []
        for ply, h in enumerate(self.history, 1):
            evs: Sequence[Event] = ()
            if h.move is not None:
                evs = h.move.events
            elif h.monster is not None:
                evs = h.monster.events
            for e in (*evs, *h.extra):
                d = event_to_dict(e)
                d["ply"] = ply
                out.append(d)
        return out

    def _summary(self) -> str:
        st = self.state
        out = self.outcome()
        if out is not None:
            now = f"over: {out.winner or 'nobody'} wins ({out.rule})"
        elif st.phase in (Phase.PAWNS, Phase.PLACEMENT):
            now = f"{st.phase} phase, {self.current_colour} to move"
        else:
            now = f"{st.phase} phase"
        return (
            f"{self.n} players {', '.join(self.colours)}; seed {self.setup.seed}; "
            f"round {st.round}, stage {st.position.stage}; {now}"
        )

    def __repr__(self) -> str:
        return f"<Game {self._summary()}; {len(self.history)} actions>"

    def _repr_svg_(self) -> str:
        """The current position with a caption saying where the game stands."""
        return position_svg(self.position, caption=self._summary())


def _check_setup(
    players: Any,
    seed: Any,
    options: Any,
    first_player: Any,
    advanced: Any,
    position: Any,
    round: Any,
    tiles_played: Any,
) -> None:
    """The types and ranges of :class:`Game`'s arguments (P1 checks the players)."""
    if isinstance(players, bool) or not isinstance(players, (int, list, tuple)):
        raise SetupError(
            "players: expected a number 2..7 or a list of colours, got {players}",
            players=shown(players),
        )
    if isinstance(players, (list, tuple)) and not all(isinstance(c, str) for c in players):
        raise SetupError("players: expected colours (P1), got {players}", players=shown(players))
    if seed is not None and (type(seed) is not int or not 0 <= seed < 2**64):
        raise SetupError(
            "seed: expected an integer 0..2**64-1 or None, got {seed}", seed=shown(seed)
        )
    if options is not None and not isinstance(options, RuleOptions):
        raise SetupError("options: expected RuleOptions, got {options}", options=shown(options))
    if position is not None and not isinstance(position, Position):
        raise SetupError("position: expected a Position, got {position}", position=shown(position))
    if position is not None:
        position.validated()  # a position built by hand enters the game here
        for pad in position.teleporters:  # B5: a pair half placed (A1) is not played
            position.partner(pad)
    if type(advanced) is not bool:
        raise SetupError(
            "advanced: expected True or False, got {advanced}", advanced=shown(advanced)
        )
    for name, value, top in (
        ("first_player", first_player, 6),
        ("round", round, 10_000),
        ("tiles_played", tiles_played, 7),
    ):
        if type(value) is not int or not 0 <= value <= top:
            raise SetupError(
                "{name}: expected an integer 0..{top}, got {value}",
                name=name,
                top=top,
                value=shown(value),
            )


#: the keys of a game record and of its ``setup`` (docs/format.md): any other is refused
_RECORD_KEYS = {"format", "setup", "options", "actions", "result", "final_position"}
_SETUP_KEYS = {
    "players",
    "first_player",
    "advanced",
    "seed",
    "tiles_by_hand",
    "position",
    "round",
    "tiles_played",
}


def _known_keys(data: Mapping[Any, Any], known: set[str], where: str) -> None:
    """Unknown keys are errors, not ignored (docs/format.md): a misspelt one names itself."""
    unknown = sorted(shown(k) for k in data if k not in known)
    if unknown:
        raise RecordError("{where}: unknown key {key}", where=where, key=unknown[0])


def _tile_key(t: str) -> tuple[int, str]:
    return (int(t), "") if t.isdigit() else (100 + len(t), t)


def _quiet_move(
    position: Position, pawn_id: str, path: Sequence[str], options: RuleOptions
) -> tuple[Place, Position]:
    """:func:`apply_move`'s place and position without its events (the bots' fast path,
    :meth:`Game._play`): the same walk of the path, checked the same way."""
    tokens = path if _is_tokens(path) else parse_path(path)
    b = _Board(position, pawn_id, options)
    walk = _walk(b, tokens, None)
    return _place(walk.at), _result_position(b, walk.at, walk.stones, with_indices=True)


def _pawn(position: Position, pawn_id: str) -> Pawn:
    """``position.pawn(pawn_id)``, found by looking through the pawns: every move makes a
    new position, and building its table of ids (``pawn_by_id``) costs more than this."""
    if type(pawn_id) is str:
        for p in position.pawns:
            if p.id == pawn_id:
                return p
    return position.pawn(pawn_id)  # a PositionError naming the id


def _with_pawns(position: Position, pawns: Sequence[Pawn]) -> Position:
    return Position(
        position.monster,
        position.stones,
        position.pools,
        position.teleporters,
        tuple(pawns),
        position.stage,
    )


def replay(record: Mapping[str, Any] | str) -> Game:
    """:meth:`Game.from_record`."""
    return Game.from_record(record)
