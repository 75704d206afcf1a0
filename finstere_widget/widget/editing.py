"""Which edits the rules forbid (pure: no ipywidgets; the board's edit mode asks before it
changes anything, and shows the answer as a hint naming the rule)."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

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
from ..engine.errors import ToolError, cut, shown
from ..engine.events import assert_never
from ..engine.i18n import N_, translations
from ..engine.narrate import _and, _towards
from ..engine.pieces import TELEPORTER_PAIRS

#: one editor tool per stone kind (B5), named by the kind (a test keeps them equal)
StoneTool = Literal["stone", "crystal", "pivot_right", "pivot_left", "pivot_180"]
#: the pool tools, by the shape they place (B4)
PoolTool = Literal["pool_square", "pool_long_h", "pool_long_v"]
#: every editor tool (``BoardWidget.tool``, :class:`Tool`'s name): a closed set, so each
#: dispatch over it is checked by mypy to handle them all
EditTool = Literal[StoneTool, PoolTool, "teleporter", "pawn", "monster", "erase"]
EDIT_TOOLS: tuple[EditTool, ...] = (
    *get_args(StoneTool),
    *get_args(PoolTool),
    "teleporter",
    "pawn",
    "monster",
    "erase",
)
STONE_TOOLS: tuple[StoneTool, ...] = get_args(StoneTool)
#: the squares each pool tool covers, from the clicked (top-left) square
POOL_SHAPES: dict[PoolTool, tuple[Square, ...]] = {
    "pool_square": ((0, 0), (1, 0), (0, 1), (1, 1)),
    "pool_long_h": ((0, 0), (1, 0), (2, 0), (3, 0)),
    "pool_long_v": ((0, 0), (0, 1), (0, 2), (0, 3)),
}


def edit_tool(name: object) -> EditTool:
    """``name`` as an editor tool; :class:`~finstere_widget.engine.errors.ToolError` naming
    it (and the tools there are) when it is none."""
    for tool in EDIT_TOOLS:
        if name == tool and isinstance(name, str):
            return tool
    raise ToolError(
        "unknown editor tool {name}: the tools are {tools}",
        name=shown(name),
        tools=", ".join(EDIT_TOOLS),
    )


def _where(sq: Square) -> str:
    return f"({sq[0]}, {sq[1]})"


#: the stone kinds (B5) in words, as the editor's hints name them ("a crystal")
STONE_WORDS: dict[str, str] = {
    "stone": N_("a stone"),
    "crystal": N_("a crystal"),
    "pivot_right": N_("a right-turn pivot stone"),
    "pivot_left": N_("a left-turn pivot stone"),
    "pivot_180": N_("a 180° pivot stone"),
}


def _stone_words(kind: str, lang: str | None) -> str:
    word = STONE_WORDS.get(kind)
    return translations(lang).gettext(word) if word is not None else kind.replace("_", " ")


def _holder(pos: Position, sq: Square, lang: str | None = "en") -> tuple[str, str] | None:
    """What stands on ``sq`` (a piece, a pool, a teleporter): its kind (``monster``,
    ``pawn``, ``stone``, ``teleporter``, ``pool``) and words for it; None if free."""
    _ = translations(lang).gettext
    if sq == pos.monster.at:
        return "monster", _("the monster")
    if sq in pos.pawn_map:
        return "pawn", _("pawn {pawn}").format(pawn=pos.pawn_map[sq].id)
    if sq in pos.stone_map:
        return "stone", _stone_words(pos.stone_map[sq].kind.value, lang)
    if sq in pos.teleporter_map:
        pair = pos.teleporter_map[sq].pair
        return "teleporter", _("a {pair} teleporter").format(pair=_pair_words(pair, lang))
    if sq in pos.pool_squares:
        return "pool", _("a blood pool")
    return None


def _pair_words(pair: str, lang: str | None) -> str:
    from .labels import colour_word

    return colour_word(pair, lang)


def edit_refusal(pos: Position, tool: EditTool, sq: Square, lang: str | None = "en") -> str | None:
    """Why using ``tool`` on ``sq`` is against the rules (a sentence with the rule id, in
    ``lang``), or None when the edit may go ahead (removing or replacing a piece of the same
    kind is always allowed; :func:`edited` answers a tool it does not know)."""
    _ = translations(lang).gettext
    corner = {EXIT: _("the exit"), ENTRANCE: _("the entrance")}
    try:
        tool = edit_tool(tool)
    except ToolError:  # not a tool (a caller without types): edited() names it in a hint
        return None
    match tool:
        case "stone" | "crystal" | "pivot_right" | "pivot_left" | "pivot_180" | "teleporter":
            stone_tool = tool != "teleporter"
            if sq in corner:
                if stone_tool:
                    text = _(
                        "{square} is {corner}: a stone may not lie there "
                        "(B2; A2: no piece on the exit or the entrance)"
                    )
                else:
                    text = _(
                        "{square} is {corner}: a teleporter may not lie there "
                        "(B2; A2: no piece on the exit or the entrance)"
                    )
                return text.format(square=_where(sq), corner=corner[sq])
            holder = _holder(pos, sq, lang)
            same = sq in pos.stone_map if stone_tool else sq in pos.teleporter_map
            if holder is not None and not same:
                return _(
                    "{square} already holds {holder}: two pieces never share a square (A2)"
                ).format(square=_where(sq), holder=holder[1])
            return None
        case "pool_square" | "pool_long_h" | "pool_long_v":
            if sq in pos.pool_squares:
                return None  # a click on a pool removes it
            squares = [(sq[0] + dx, sq[1] + dy) for dx, dy in POOL_SHAPES[tool]]
            for s in squares:
                if s in corner:
                    return _(
                        "the pool would cover {corner} {square}: no pool may lie there "
                        "(B2; A2: no piece on the exit or the entrance)"
                    ).format(corner=corner[s], square=_where(s))
                holder = _holder(pos, s, lang)
                if holder is not None:
                    return _(
                        "the pool would cover {holder} on {square}: pieces never overlap (A2)"
                    ).format(holder=holder[1], square=_where(s))
            return None
        case "pawn":
            holder = _holder(pos, sq, lang)
            if holder is not None and sq not in pos.pawn_map and holder[0] != "pool":
                return _("{square} already holds {holder}: a pawn needs a free square (P2)").format(
                    square=_where(sq), holder=holder[1]
                )
            return None
        case "monster":
            holder = _holder(pos, sq, lang)
            if holder is not None and holder[0] not in ("monster", "pool"):
                return _(
                    "{square} already holds {holder}: the monster needs a free square "
                    "(two pieces never share a square, A2)"
                ).format(square=_where(sq), holder=holder[1])
            return None
        case "erase":
            return None  # removing is always allowed
        case never:
            assert_never(never)


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

    name: EditTool
    heading: str = "E"
    pair: str = "yellow"
    new_pawn: Callable[[Any], Pawn] = field(default=lambda at: Pawn("A", "blue", 6, 1, "light", at))
    pending: Pending = None


def edited(pos: Position, tool: Tool, sq: Square, lang: str | None = "en") -> Edit:
    """The position after using ``tool`` on ``sq`` (None + a hint in ``lang`` when nothing
    changes) and the pending teleporter pad after it. Check :func:`edit_refusal` first. A
    tool that is not one of :data:`EDIT_TOOLS` changes nothing: the hint names it."""
    _ = translations(lang).gettext
    try:
        name = edit_tool(tool.name)
    except ToolError:
        return None, _("unknown tool {tool!r}").format(tool=cut(str(tool.name), 40)), tool.pending
    match name:
        case "teleporter":
            return _edit_teleporter(pos, sq, pos.teleporter_map.get(sq), tool, lang)
        case "erase":
            new, words = _erased(pos, sq, lang)
        case "stone" | "crystal" | "pivot_right" | "pivot_left" | "pivot_180":
            new, words = _stone_placed(pos, name, sq, lang)
        case "pool_square" | "pool_long_h" | "pool_long_v":
            new, words = _pool_placed(pos, name, sq, lang)
        case "pawn":
            new, words = _pawn_placed(pos, tool, sq, lang)
        case "monster":
            new, words = _monster_placed(pos, tool, sq, lang)
        case never:
            assert_never(never)
    return new, words, tool.pending


def _sq(square: Square) -> str:
    return f"({square[0]}, {square[1]})"


#: what a tool does: the new position (None: nothing changes) and the hint
_Done = tuple[Position | None, str]


def _pool_index(pos: Position, sq: Square) -> int | None:
    return next((k for k, p in enumerate(pos.pools) if sq in p.squares), None)


def _erased(pos: Position, sq: Square, lang: str | None) -> _Done:
    _ = translations(lang).gettext
    stone = pos.stone_map.get(sq)
    pawn = pos.pawn_map.get(sq)
    tele = pos.teleporter_map.get(sq)
    pool_k = _pool_index(pos, sq)
    if stone is not None:
        return pos.replace(stones=tuple(s for s in pos.stones if s.at != sq)), _(
            "removed {stone} on {square}"
        ).format(stone=_stone_words(stone.kind.value, lang), square=_sq(sq))
    if pawn is not None:
        return pos.replace(pawns=tuple(p for p in pos.pawns if p.at != sq)), _(
            "removed pawn {pawn}"
        ).format(pawn=pawn.id)
    if tele is not None:
        return pos.replace(teleporters=tuple(t for t in pos.teleporters if t.pair != tele.pair)), _(
            "removed both {pair} teleporters (they come in pairs, B5)"
        ).format(pair=_pair_words(tele.pair, lang))
    if pool_k is not None:
        return pos.replace(pools=tuple(p for k, p in enumerate(pos.pools) if k != pool_k)), _(
            "removed the pool"
        )
    if sq == pos.monster.at:
        return None, _("the monster cannot be removed: move it with the monster tool")
    return None, _("nothing to remove on {square}").format(square=_sq(sq))


def _stone_placed(pos: Position, name: StoneTool, sq: Square, lang: str | None) -> _Done:
    _ = translations(lang).gettext
    stone = pos.stone_map.get(sq)
    kind = StoneKind(name)
    what = _stone_words(kind.value, lang)
    where = _sq(sq)
    if stone is not None and stone.kind is kind:
        return pos.replace(stones=tuple(s for s in pos.stones if s.at != sq)), _(
            "removed {stone} on {square}"
        ).format(stone=what, square=where)
    if stone is not None:
        return pos.replace(
            stones=tuple(Stone(sq, kind) if s.at == sq else s for s in pos.stones)
        ), _("the stone on {square} is now {stone}").format(square=where, stone=what)
    return pos.replace(stones=pos.stones + (Stone(sq, kind),)), _(
        "placed {stone} on {square}"
    ).format(stone=what, square=where)


def _pool_placed(pos: Position, name: PoolTool, sq: Square, lang: str | None) -> _Done:
    _ = translations(lang).gettext
    pool_k = _pool_index(pos, sq)
    if pool_k is not None:
        return pos.replace(pools=tuple(p for k, p in enumerate(pos.pools) if k != pool_k)), _(
            "removed the pool"
        )
    squares = [(sq[0] + dx, sq[1] + dy) for dx, dy in POOL_SHAPES[name]]
    off = [s for s in squares if not on_board(s)]
    if off:
        return None, _("the pool would leave the board at {square} (B1)").format(square=_sq(off[0]))
    return pos.replace(pools=pos.pools + (make_pool(squares),)), _(
        "placed a pool from {square}"
    ).format(square=_sq(sq))


def _pawn_placed(pos: Position, tool: Tool, sq: Square, lang: str | None) -> _Done:
    _ = translations(lang).gettext
    pawn = pos.pawn_map.get(sq)
    if pawn is not None:
        return pos.replace(pawns=tuple(p for p in pos.pawns if p.at != sq)), _(
            "removed pawn {pawn}"
        ).format(pawn=pawn.id)
    new_pawn = tool.new_pawn(sq)
    return pos.replace(pawns=pos.pawns + (new_pawn,)), _(
        "placed pawn {pawn} ({player}, {value}) on {square}"
    ).format(
        pawn=new_pawn.id,
        player=_pair_words(new_pawn.player, lang),
        value=new_pawn.value,
        square=_sq(sq),
    )


def _monster_placed(pos: Position, tool: Tool, sq: Square, lang: str | None) -> _Done:
    t = translations(lang)
    _ = t.gettext
    # the heading as the narration words where the monster faces ("vers l'ouest")
    if sq == pos.monster.at:
        h = pos.monster.facing.right
        return pos.replace(monster=Monster(sq, h)), _("the monster now faces {heading}").format(
            heading=_towards(t, h)
        )
    h = Heading[tool.heading]
    return pos.replace(monster=Monster(sq, h)), _(
        "moved the monster to {square} facing {heading}"
    ).format(square=_sq(sq), heading=_towards(t, h))


def _edit_teleporter(
    pos: Position, sq: Square, tele: Teleporter | None, tool: Tool, lang: str | None = "en"
) -> Edit:
    _ = translations(lang).gettext
    pair = tool.pair.strip() or "yellow"
    if pair not in TELEPORTER_PAIRS:  # checked first: no pad of an unknown pair is drawn
        return (
            None,
            _("unknown teleporter pair {pair}: the pairs are {pairs} (B5)").format(
                pair=shown(pair),
                pairs=_and([_pair_words(p, lang) for p in TELEPORTER_PAIRS], translations(lang)),
            ),
            tool.pending,
        )
    if tele is not None:
        return (
            pos.replace(teleporters=tuple(t for t in pos.teleporters if t.pair != tele.pair)),
            _("removed both {pair} teleporters (they come in pairs, B5)").format(
                pair=_pair_words(tele.pair, lang)
            ),
            tool.pending,
        )
    words = _pair_words(pair, lang)
    arrow = Heading[tool.heading]
    if any(t.pair == pair for t in pos.teleporters):
        return (
            None,
            _("the {pair} pair is already on the board: erase it or choose another pair").format(
                pair=words
            ),
            tool.pending,
        )
    pending = tool.pending
    if pending is None or pending[1] != pair:
        if pos.piece_at(sq) is not None or sq in pos.pool_squares:
            return (
                None,
                _("{square} is taken: a teleporter needs a free square").format(square=_sq(sq)),
                tool.pending,
            )
        return (
            None,
            _("first {pair} pad on {square}: click the square of its partner").format(
                pair=words, square=_sq(sq)
            ),
            (sq, pair, arrow),
        )
    if pending[0] == sq:
        return None, _("teleporter placement cancelled"), None
    if pos.piece_at(sq) is not None or sq in pos.pool_squares:
        return (
            None,
            _("{square} is taken: the partner pad needs a free square").format(square=_sq(sq)),
            tool.pending,
        )
    pads = (Teleporter(pending[0], pair, pending[2]), Teleporter(sq, pair, arrow))
    return (
        pos.replace(teleporters=pos.teleporters + pads),
        _("placed the {pair} teleporters on {first} and {second}").format(
            pair=words, first=_sq(pending[0]), second=_sq(sq)
        ),
        None,
    )
