"""Game set-up: players, colours and pawn sets (P1), the tile deck (M1), and the advanced
placement phase with its checks (A1-A3).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .board import ENTRANCE, EXIT, HEADINGS, NEXT, Heading, Square, on_board
from .errors import IllegalMoveError, SetupError
from .options import RuleOptions
from .pieces import COLOURS, Monster, Pawn, Pool, Stone, StoneKind, Teleporter
from .position import Position

#: P1: pawn values as (light side, dark side). The rulebooks write the pairs dark number
#: first -- 6/1, 4/3, 3/4, 2/5 -- and every pawn starts light side up, so a player starts
#: showing 1, 3, 4 and 5 (the French text lists the white numbers 1, 4, 5 and 3). 5-7
#: players drop the 4/3 pawn and start showing 1, 4 and 5.
PAWNS_4: tuple[tuple[int, int], ...] = ((1, 6), (3, 4), (4, 3), (5, 2))
PAWNS_3: tuple[tuple[int, int], ...] = ((1, 6), (4, 3), (5, 2))
#: M1: the eight monster tiles.
DECK: tuple[str, ...] = ("5", "7", "7", "8", "8", "10", "X", "XX")

#: A1 / B5: the pieces of the advanced game, placed one by one.
PLACEMENT_PIECES: tuple[str, ...] = (
    ("stone",) * 3
    + ("crystal",) * 2
    + ("pivot_right",) * 4
    + ("pivot_180",) * 2
    + ("pool_2x2", "pool_1x4")
    + ("teleporter_yellow",) * 2
    + ("teleporter_blue",) * 2
)
PIECE_KINDS: tuple[str, ...] = (
    "stone",
    "crystal",
    "pivot_right",
    "pivot_180",
    "pool_2x2",
    "pool_1x4",
    "teleporter_yellow",
    "teleporter_blue",
)


def check_players(players: int | Sequence[str]) -> tuple[str, ...]:
    """P1: 2-7 players; an int takes the colours in order, or name distinct colours."""
    if isinstance(players, int):
        if not 2 <= players <= 7:
            raise SetupError("P1: 2 to 7 players, got {players}", players=players)
        return COLOURS[:players]
    colours = tuple(players)
    if not 2 <= len(colours) <= 7:
        raise SetupError("P1: 2 to 7 players, got {count}", count=len(colours))
    if len(set(colours)) != len(colours):
        raise SetupError(
            "P1: each player has their own colour, got {colours}", colours=list(colours)
        )
    for c in colours:
        if c not in COLOURS:
            raise SetupError(
                "P1: unknown colour {c!r} (one of {colours})", c=c, colours=", ".join(COLOURS)
            )
    return colours


def pawn_values(n_players: int) -> tuple[tuple[int, int], ...]:
    """P1: four pawns each with 2-4 players (dark/light 6/1, 4/3, 3/4, 2/5), three with
    5-7 (6/1, 3/4, 2/5), as (light, dark) pairs."""
    return PAWNS_4 if n_players <= 4 else PAWNS_3


def pawn_id(colour: str, light: int) -> str:
    """A pawn's id: its colour and the number it starts with (``blue1`` is the 6/1 pawn)."""
    return f"{colour}{light}"


def make_pawns(colours: Sequence[str]) -> tuple[Pawn, ...]:
    """P1: every player's pawns, outside beside the entrance, light side up (B4)."""
    values = pawn_values(len(colours))
    return tuple(
        Pawn(pawn_id(c, light), c, light, dark, "light", "outside")
        for c in colours
        for light, dark in values
    )


def initial_position(colours: Sequence[str], advanced: bool = False) -> Position:
    """B4 (basic layout) or the empty board of the advanced game (A1), pawns outside."""
    pawns = make_pawns(colours)
    if advanced:
        return Position(monster=Monster(EXIT, Heading.E), pawns=pawns)
    return Position.basic(pawns)


# --- A1-A3: placement ----------------------------------------------------------------------


class Placement(NamedTuple):
    """A1: one piece placed: ``piece`` (PIECE_KINDS), ``at`` (a stone's or teleporter's
    square; a pool's top-left square), ``orientation``: a teleporter's arrow N/E/S/W, a
    1x4 pool's ``h``/``v``, else ``""``."""

    piece: str
    at: Square
    orientation: str = ""


def piece_squares(p: Placement) -> tuple[Square, ...]:
    x, y = p.at
    if p.piece == "pool_2x2":
        return ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))
    if p.piece == "pool_1x4":
        if p.orientation == "v":
            return tuple((x, y + k) for k in range(4))
        return tuple((x + k, y) for k in range(4))
    return ((x, y),)


def _near_corner_a2(sq: Square) -> bool:
    """A2: the corner squares and those touching them, orthogonally or diagonally."""
    return any(max(abs(sq[0] - c[0]), abs(sq[1] - c[1])) <= 1 for c in (EXIT, ENTRANCE))


def _near_corner_a3(sq: Square) -> bool:
    """A3 (online): within distance 2 (orthogonal steps) of the entrance or exit."""
    return any(abs(sq[0] - c[0]) + abs(sq[1] - c[1]) <= 2 for c in (EXIT, ENTRANCE))


def _against_wall(sq: Square) -> bool:
    i = sq[1] * 16 + sq[0]
    return any(NEXT[h][i] < 0 for h in HEADINGS)


def check_placement(
    position: Position, placement: Placement, remaining: Sequence[str], options: RuleOptions
) -> None:
    """A1-A3: raise :class:`IllegalMoveError` (rule A1, A2 or A3) unless ``placement`` may
    be made on ``position`` with the pieces ``remaining``."""
    p = placement
    if p.piece not in PIECE_KINDS:
        raise IllegalMoveError(
            "A1: unknown piece {piece!r} (one of {piece_kinds})",
            piece=p.piece,
            piece_kinds=", ".join(PIECE_KINDS),
            token=p.piece,
            rule="A1",
        )
    if p.piece not in remaining:
        raise IllegalMoveError(
            "A1: no {piece} left to place", piece=p.piece, token=p.piece, rule="A1"
        )
    if p.piece.startswith("teleporter"):
        if p.orientation not in ("N", "E", "S", "W"):
            raise IllegalMoveError(
                "A1: a teleporter needs its arrow N, E, S or W, got {orientation!r}",
                orientation=p.orientation,
                token=p.piece,
                rule="A1",
            )
    elif p.piece == "pool_1x4":
        if p.orientation not in ("h", "v"):
            raise IllegalMoveError(
                "A1: a 1x4 pool lies h(orizontal) or v(ertical), got {orientation!r}",
                orientation=p.orientation,
                token=p.piece,
                rule="A1",
            )
    elif p.orientation:
        raise IllegalMoveError(
            "A1: a {piece} takes no orientation", piece=p.piece, token=p.piece, rule="A1"
        )
    squares = piece_squares(p)
    occupied: set[Square] = {position.monster.at}
    occupied.update(s.at for s in position.stones)
    occupied.update(t.at for t in position.teleporters)
    occupied.update(position.pool_squares)
    online = options.placement == "online"
    for sq in squares:
        if not on_board(sq):
            raise IllegalMoveError(
                "A2: {piece} at {at}: square {sq} is off the board",
                piece=p.piece,
                at=tuple(p.at),
                sq=tuple(sq),
                token=p.piece,
                rule="A2",
            )
        if sq in occupied:
            raise IllegalMoveError(
                "A2: {piece} at {at}: square {sq} is taken (pieces never overlap)",
                piece=p.piece,
                at=tuple(p.at),
                sq=tuple(sq),
                token=p.piece,
                rule="A2",
            )
        if online and _near_corner_a3(sq):
            raise IllegalMoveError(
                "A3: {piece} at {at}: square {sq} is within 2 of the entrance or exit",
                piece=p.piece,
                at=tuple(p.at),
                sq=tuple(sq),
                token=p.piece,
                rule="A3",
            )
        if not online and _near_corner_a2(sq):
            raise IllegalMoveError(
                "A2: {piece} at {at}: square {sq} is on or touches the entrance or exit",
                piece=p.piece,
                at=tuple(p.at),
                sq=tuple(sq),
                token=p.piece,
                rule="A2",
            )
    if p.piece.startswith("teleporter"):
        x, y = p.at
        for t in position.teleporters:
            if max(abs(t.at[0] - x), abs(t.at[1] - y)) == 1:  # diagonals too (French list)
                raise IllegalMoveError(
                    "A2: teleporter at {at} would be next to the teleporter at {at2}",
                    at=tuple(p.at),
                    at2=tuple(t.at),
                    token=p.piece,
                    rule="A2",
                )
    if online and p.piece.startswith("pool"):
        for sq in squares:
            if abs(sq[0] - ENTRANCE[0]) + abs(sq[1] - ENTRANCE[1]) < 8:
                raise IllegalMoveError(
                    "A3: pool square {sq} is less than 8 squares from the entrance",
                    sq=tuple(sq),
                    token=p.piece,
                    rule="A3",
                )
            if _against_wall(sq):
                raise IllegalMoveError(
                    "A3: pool square {sq} lies against a wall",
                    sq=tuple(sq),
                    token=p.piece,
                    rule="A3",
                )
            for other in position.pool_squares:
                if abs(other[0] - sq[0]) + abs(other[1] - sq[1]) == 1:
                    raise IllegalMoveError(
                        "A3: pool square {sq} is next to the other pool",
                        sq=tuple(sq),
                        token=p.piece,
                        rule="A3",
                    )


def apply_placement(position: Position, placement: Placement) -> Position:
    """The position with the piece added (not validated as a whole: a teleporter pair may
    be half placed until its second pad comes)."""
    p = placement
    if p.piece.startswith("pool"):
        squares = tuple(sorted(piece_squares(p), key=lambda s: (s[1], s[0])))
        return Position(
            position.monster,
            position.stones,
            position.pools + (Pool(squares),),
            position.teleporters,
            position.pawns,
            position.stage,
        )
    if p.piece.startswith("teleporter"):
        pair = p.piece.split("_", 1)[1]
        tele = Teleporter(p.at, pair, Heading[p.orientation])
        return Position(
            position.monster,
            position.stones,
            position.pools,
            position.teleporters + (tele,),
            position.pawns,
            position.stage,
        )
    stone = Stone(p.at, StoneKind(p.piece))
    return Position(
        position.monster,
        position.stones + (stone,),
        position.pools,
        position.teleporters,
        position.pawns,
        position.stage,
    )


def legal_placements(
    position: Position, remaining: Sequence[str], options: RuleOptions
) -> list[Placement]:
    """Every placement A1-A3 allow, piece kinds in PIECE_KINDS order, squares by (y, x):
    those :func:`check_placement` accepts (the tests compare the two), found by testing
    each square once instead of each candidate piece in full (a bot places a piece
    hundreds of times a game)."""
    from .board import SQUARES

    occupied: set[Square] = {position.monster.at}
    occupied.update(s.at for s in position.stones)
    occupied.update(t.at for t in position.teleporters)
    occupied.update(position.pool_squares)
    online = options.placement == "online"
    near = _near_corner_a3 if online else _near_corner_a2
    # A2/A3: where any piece may lie (on the board, not taken, away from the corners)
    free = {sq for sq in SQUARES if sq not in occupied and not near(sq)}
    pool_free = free
    if online:  # A3 (online): a pool 8 or more from the entrance, off the walls, apart
        others = position.pool_squares
        pool_free = {
            sq
            for sq in free
            if abs(sq[0] - ENTRANCE[0]) + abs(sq[1] - ENTRANCE[1]) >= 8
            and not _against_wall(sq)
            and not any(abs(o[0] - sq[0]) + abs(o[1] - sq[1]) == 1 for o in others)
        }
    pads = [t.at for t in position.teleporters]
    out: list[Placement] = []
    for piece in PIECE_KINDS:
        if piece not in remaining:
            continue
        teleporter = piece.startswith("teleporter")
        if teleporter:
            orientations: tuple[str, ...] = ("N", "E", "S", "W")
        elif piece == "pool_1x4":
            orientations = ("h", "v")
        else:
            orientations = ("",)
        allowed = pool_free if piece.startswith("pool") else free
        for sq in SQUARES:
            if sq not in allowed:
                continue  # every piece covers its anchor square
            if teleporter and any(max(abs(t[0] - sq[0]), abs(t[1] - sq[1])) == 1 for t in pads):
                continue  # A2: not next to another teleporter, diagonals too
            for o in orientations:
                pl = Placement(piece, sq, o)
                if all(c in allowed for c in piece_squares(pl)):
                    out.append(pl)
    return out
