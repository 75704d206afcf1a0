"""Which edits the rules forbid (pure: no ipywidgets; the board's edit mode asks before it
changes anything, and shows the answer as a hint naming the rule)."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from ..engine import (
    ENTRANCE,
    EXIT,
    Heading,
    Monster,
    Pawn,
    Position,
    Stone,
    StoneKind,
    Teleporter,
    make_pool,
    on_board,
)
from ..engine.board import Square
from ..engine.errors import shown
from ..engine.pieces import TELEPORTER_PAIRS

#: one editor tool per stone kind (B5), named by the kind
STONE_TOOLS: tuple[str, ...] = tuple(k.value for k in StoneKind)
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
            return (
                f"{_where(sq)} is {corner[sq]}: {what} may not lie there "
                f"(B2; A2: no piece on the exit or the entrance)"
            )
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
                return (
                    f"the pool would cover {corner[s]} {_where(s)}: no pool may lie there "
                    f"(B2; A2: no piece on the exit or the entrance)"
                )
            holder = _holder(pos, s)
            if holder is not None:
                return f"the pool would cover {holder} on {_where(s)}: pieces never overlap (A2)"
        return None
    if tool == "pawn":
        holder = _holder(pos, sq)
        if holder is not None and sq not in pos.pawn_map and holder != "a blood pool":
            return f"{_where(sq)} already holds {holder}: a pawn needs a free square (P2)"
        return None
    if tool == "monster":
        holder = _holder(pos, sq)
        if holder is not None and holder not in ("the monster", "a blood pool"):
            return (
                f"{_where(sq)} already holds {holder}: the monster needs a free square "
                f"(two pieces never share a square, A2)"
            )
        return None
    return None


def next_pawn_id(used: Collection[str]) -> str:
    """The first free pawn id: ``A``..``Z``, then ``A1``..``Z1``, ``A2``..."""
    letters = [chr(c) for c in range(ord("A"), ord("Z") + 1)]
    pid = next((c for c in letters if c not in used), None)
    k = 1
    while pid is None:
        pid = next((f"{c}{k}" for c in letters if f"{c}{k}" not in used), None)
        k += 1
    return pid


def new_pawn(pos: Position, player: str, pawn_set: str, face: str, at: Any) -> Pawn:
    """The pawn the pawn tool places at ``at``: the next free id, ``player``'s colour,
    ``pawn_set`` as the rulebooks write it (``"6/1"``: dark number / light number, P1),
    ``face`` up."""
    dark, light = (int(v) for v in pawn_set.split("/"))  # P1: pairs are dark/light
    return Pawn(next_pawn_id({p.id for p in pos.pawns}), player, light, dark, face, at)  # type: ignore[arg-type]


Pending = tuple[Square, str, Heading] | None
#: an edit's result: the new position (None: nothing changes), the hint, the pending pad
Edit = tuple[Position | None, str, Pending]


@dataclass(frozen=True)
class Tool:
    """The editor's chosen tool and its fields, and the first pad of a teleporter pair
    being placed (if any)."""

    name: str
    heading: str = "E"
    pair: str = "yellow"
    new_pawn: Callable[[Any], Pawn] = field(default=lambda at: Pawn("A", "blue", 6, 1, "light", at))
    pending: Pending = None


def edited(pos: Position, tool: Tool, sq: Square) -> Edit:
    """The position after using ``tool`` on ``sq`` (None + a hint when nothing changes) and
    the pending teleporter pad after it. Check :func:`edit_refusal` first."""
    if tool.name == "teleporter":
        return _edit_teleporter(pos, sq, pos.teleporter_map.get(sq), tool)
    new, words = _edited(pos, tool, sq)
    return new, words, tool.pending


def _sq(square: Square) -> str:
    return f"({square[0]}, {square[1]})"


def _edited(pos: Position, tool: Tool, sq: Square) -> tuple[Position | None, str]:
    name = tool.name
    stone = pos.stone_map.get(sq)
    pawn = pos.pawn_map.get(sq)
    tele = pos.teleporter_map.get(sq)
    pool_k = next((k for k, p in enumerate(pos.pools) if sq in p.squares), None)
    where = _sq(sq)
    if name == "erase":
        if stone is not None:
            return pos.replace(
                stones=tuple(s for s in pos.stones if s.at != sq)
            ), f"removed the {stone.kind.value} on {where}"
        if pawn is not None:
            return pos.replace(
                pawns=tuple(p for p in pos.pawns if p.at != sq)
            ), f"removed pawn {pawn.id}"
        if tele is not None:
            return pos.replace(
                teleporters=tuple(t for t in pos.teleporters if t.pair != tele.pair)
            ), f"removed both {tele.pair} teleporters (they come in pairs, B5)"
        if pool_k is not None:
            return pos.replace(
                pools=tuple(p for k, p in enumerate(pos.pools) if k != pool_k)
            ), "removed the pool"
        if sq == pos.monster.at:
            return None, "the monster cannot be removed: move it with the monster tool"
        return None, f"nothing to remove on {where}"
    if name in STONE_TOOLS:
        kind = StoneKind(name)
        if stone is not None and stone.kind is kind:
            return pos.replace(
                stones=tuple(s for s in pos.stones if s.at != sq)
            ), f"removed the {kind.value} on {where}"
        if stone is not None:
            return pos.replace(
                stones=tuple(Stone(sq, kind) if s.at == sq else s for s in pos.stones)
            ), f"turned the stone on {where} into a {kind.value}"
        return pos.replace(
            stones=pos.stones + (Stone(sq, kind),)
        ), f"placed a {kind.value} on {where}"
    if name in POOL_SHAPES:
        if pool_k is not None:
            return pos.replace(
                pools=tuple(p for k, p in enumerate(pos.pools) if k != pool_k)
            ), "removed the pool"
        squares = [(sq[0] + dx, sq[1] + dy) for dx, dy in POOL_SHAPES[name]]
        off = [s for s in squares if not on_board(s)]
        if off:
            return None, f"the pool would leave the board at {_sq(off[0])} (B1)"
        return pos.replace(pools=pos.pools + (make_pool(squares),)), f"placed a pool from {where}"
    if name == "pawn":
        if pawn is not None:
            return pos.replace(
                pawns=tuple(p for p in pos.pawns if p.at != sq)
            ), f"removed pawn {pawn.id}"
        new_pawn = tool.new_pawn(sq)
        return pos.replace(
            pawns=pos.pawns + (new_pawn,)
        ), f"placed pawn {new_pawn.id} ({new_pawn.player}, {new_pawn.value}) on {where}"
    if name == "monster":
        if sq == pos.monster.at:
            h = pos.monster.facing.right
            return pos.replace(monster=Monster(sq, h)), f"the monster now faces {h.name}"
        h = Heading[tool.heading]
        return pos.replace(monster=Monster(sq, h)), f"moved the monster to {where} facing {h.name}"
    return None, f"unknown tool {name!r}"


def _edit_teleporter(pos: Position, sq: Square, tele: Teleporter | None, tool: Tool) -> Edit:
    pair = tool.pair.strip() or "yellow"
    if pair not in TELEPORTER_PAIRS:  # checked first: no pad of an unknown pair is drawn
        return (
            None,
            f"unknown teleporter pair {shown(pair)}: the pairs are "
            f"{' and '.join(TELEPORTER_PAIRS)} (B5)",
            tool.pending,
        )
    if tele is not None:
        return (
            pos.replace(teleporters=tuple(t for t in pos.teleporters if t.pair != tele.pair)),
            f"removed both {tele.pair} teleporters (they come in pairs, B5)",
            tool.pending,
        )
    arrow = Heading[tool.heading]
    if any(t.pair == pair for t in pos.teleporters):
        return (
            None,
            f"the {pair} pair is already on the board: erase it or choose another pair",
            tool.pending,
        )
    pending = tool.pending
    if pending is None or pending[1] != pair:
        if pos.piece_at(sq) is not None or sq in pos.pool_squares:
            return None, f"{_sq(sq)} is taken: a teleporter needs a free square", tool.pending
        return (
            None,
            f"first {pair} pad on {_sq(sq)}: click the square of its partner",
            (sq, pair, arrow),
        )
    if pending[0] == sq:
        return None, "teleporter placement cancelled", None
    if pos.piece_at(sq) is not None or sq in pos.pool_squares:
        return None, f"{_sq(sq)} is taken: the partner pad needs a free square", tool.pending
    pads = (Teleporter(pending[0], pair, pending[2]), Teleporter(sq, pair, arrow))
    return (
        pos.replace(teleporters=pos.teleporters + pads),
        f"placed the {pair} teleporters on {_sq(pending[0])} and {_sq(sq)}",
        None,
    )
