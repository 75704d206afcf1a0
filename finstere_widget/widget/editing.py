"""Which edits the rules forbid (pure: no ipywidgets; the board's edit mode asks before it
changes anything, and shows the answer as a hint naming the rule)."""

from __future__ import annotations

from ..engine import ENTRANCE, EXIT, Position
from ..engine.board import Square

STONE_TOOLS = ("stone", "crystal", "pivot_right", "pivot_180")
#: the squares each pool tool covers, from the clicked (top-left) square
POOL_SHAPES: dict[str, tuple[Square, ...]] = {
    "pool_square": ((0, 0), (1, 0), (0, 1), (1, 1)),
    "pool_long_h": ((0, 0), (1, 0), (2, 0), (3, 0)),
    "pool_long_v": ((0, 0), (0, 1), (0, 2), (0, 3)),
}


def _where(sq: Square) -> str:
    return f"({sq[0]}, {sq[1]})"


def _holder(pos: Position, sq: Square) -> str | None:
    """What stands on ``sq`` (a piece, a pool, a teleporter), in words; None if free."""
    if sq == pos.monster.at:
        return "the monster"
    if sq in pos.pawn_map:
        return f"pawn {pos.pawn_map[sq].id}"
    if sq in pos.stone_map:
        return f"a {pos.stone_map[sq].kind.value.replace('_', ' ')}"
    if sq in pos.teleporter_map:
        return f"a {pos.teleporter_map[sq].pair} teleporter"
    if sq in pos.pool_squares:
        return "a blood pool"
    return None


def edit_refusal(pos: Position, tool: str, sq: Square) -> str | None:
    """Why using ``tool`` on ``sq`` is against the rules (a sentence with the rule id), or
    None when the edit may go ahead (removing or replacing a piece of the same kind is
    always allowed)."""
    corner = {EXIT: "the exit", ENTRANCE: "the entrance"}
    if tool in STONE_TOOLS or tool == "teleporter":
        if sq in corner:
            what = "a stone" if tool in STONE_TOOLS else "a teleporter"
            return (f"{_where(sq)} is {corner[sq]}: {what} may not lie there "
                    f"(B2; A2: no piece on the exit or the entrance)")
        holder = _holder(pos, sq)
        same = sq in pos.stone_map if tool in STONE_TOOLS else sq in pos.teleporter_map
        if holder is not None and not same:
            return f"{_where(sq)} already holds {holder}: two pieces never share a square (A2)"
        return None
    if tool in POOL_SHAPES:
        if sq in pos.pool_squares:
            return None  # a click on a pool removes it
        squares = [(sq[0] + dx, sq[1] + dy) for dx, dy in POOL_SHAPES[tool]]
        for s in squares:
            if s in corner:
                return (f"the pool would cover {corner[s]} {_where(s)}: no pool may lie there "
                        f"(B2; A2: no piece on the exit or the entrance)")
            holder = _holder(pos, s)
            if holder is not None:
                return (f"the pool would cover {holder} on {_where(s)}: pieces never overlap "
                        f"(A2)")
        return None
    if tool == "pawn":
        holder = _holder(pos, sq)
        if holder is not None and sq not in pos.pawn_map and holder != "a blood pool":
            return f"{_where(sq)} already holds {holder}: a pawn needs a free square (P2)"
        return None
    if tool == "monster":
        holder = _holder(pos, sq)
        if holder is not None and holder not in ("the monster", "a blood pool"):
            return (f"{_where(sq)} already holds {holder}: the monster needs a free square "
                    f"(two pieces never share a square, A2)")
        return None
    return None
