"""Pawn moves (docs/rules.md P2-P9): apply a path, and search every legal outcome.

A path is a list of tokens, each costing one point (docs/format.md): ``N E S W`` (one square;
stepping onto a pool slides for free, P7), ``IN`` (from outside onto the entrance, P3) and
``OUT`` (from the exit out of the fortress, P4). The empty path moves 0 squares: the pawn is
only flipped (P2).

:func:`apply_move` plays a path token by token and returns the new position (pawn flipped)
with rule-cited events; an illegal path raises :class:`IllegalMoveError` naming the token,
its index and the rule, and changes nothing. :func:`legal_moves` is a breadth-first search
over *(square, stones)* states -- points left are the depth, and a pawn on a pool square is
a pawn whose slide stopped there (FAQ 1, this project's ruling: the rulebooks only say
that leaving the pool costs another point, and never forbid stopping there) -- so each distinct resulting position is found
once, with a shortest path.

Both share one step function working on board indices (``board.INDEX``: ``y * 16 + x``) and
the NEXT table of :mod:`board`. The search reads, for each stone configuration it meets,
one ``bytearray`` telling what every square is to the pawn (open, another pawn, barred, a
stone, a pool): a plain step or a one-square push costs a few look-ups; pools and blocked
pushes go through the step function.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple, TypeGuard

from .board import (
    ENTRANCE_I,
    EXIT_I,
    INDEX,
    NEXT,
    NUM_INDICES,
    ON_BOARD,
    SQUARE_OF,
    Heading,
    Square,
)
from .errors import IllegalMoveError, Message, PathError, PositionError, Word, shown
from .events import Enter, Escape, Event, Flip, Move, Push, Remove, Slide, event_to_dict
from .options import RuleOptions
from .pieces import Pawn, PawnPlace, Stone
from .position import Position, refuses_malformed

TOKENS = ("N", "E", "S", "W", "IN", "OUT")
#: the longest path read: a pawn shows at most 6 points (P1, P2), so any longer path is
#: refused before it is walked
MAX_PATH = 64
_DIRS = {"N": 0, "E": 1, "S": 2, "W": 3}
_DIR_TOKENS = ("N", "E", "S", "W")

#: where a pawn can be during a move: a board index, or one of these
OUTSIDE = -1
ESCAPED = -2

Place = Square | str  # a square, "outside" or "escaped"


def parse_path(path: str | Sequence[str]) -> tuple[str, ...]:
    """``"W,W,N"`` or ``["W", "W", "N"]`` -> ``("W", "W", "N")``; ``""`` is the empty path.

    Tokens are ASCII and case-insensitive (``n`` is ``N``; ``ın`` with a dotless i is no
    token); an unknown token raises :class:`PathError` (P2).
    """
    if isinstance(path, str):
        if len(path) > 8 * MAX_PATH:
            raise PathError("path {path}: longer than any move (P2)", path=shown(path))
        text = path.strip()
        items = [t.strip() for t in text.split(",")] if text else []
    elif isinstance(path, (list, tuple)):
        if len(path) > MAX_PATH:
            raise PathError("path of {count} tokens: longer than any move (P2)", count=len(path))
        for k, t in enumerate(path):
            if not isinstance(t, str):
                raise PathError(
                    "token {number} {t}: expected N, E, S, W, IN or OUT (P2, docs/format.md)",
                    number=k + 1,
                    t=shown(t),
                    index=k,
                )
        items = [t.strip() for t in path]
    else:
        raise PathError(
            "path {path}: expected 'N,E,...' or a list of tokens (P2, docs/format.md)",
            path=shown(path),
        )
    if len(items) > MAX_PATH:
        raise PathError("path of {count} tokens: longer than any move (P2)", count=len(items))
    tokens = []
    for k, item in enumerate(items):
        # ASCII only: str.upper() reads the dotless "ı" as I and the long "ſ" as S
        tok = item.upper() if item.isascii() else item
        if tok not in TOKENS:
            raise PathError(
                "token {number} {item}: unknown token; a path is made of N, E, S, W, IN, OUT (P2, docs/format.md)",
                number=k + 1,
                item=shown(item),
                token=item,
                index=k,
            )
        tokens.append(tok)
    return tuple(tokens)


def _is_tokens(path: object) -> TypeGuard[tuple[str, ...]]:
    """Is ``path`` already what :func:`parse_path` returns (a tuple of at most
    :data:`MAX_PATH` tokens, as written in :data:`TOKENS`)? The game's own actions are."""
    return (
        type(path) is tuple
        and len(path) <= MAX_PATH
        and all(type(t) is str and t in TOKENS for t in path)
    )


class _Board:
    """The fixed part of a position during one pawn's move, as sets of square indices."""

    __slots__ = (
        "position",
        "pawn",
        "pawn_k",
        "others",
        "monster",
        "tele",
        "pool",
        "stones0",
        "stop_after_stone",
        "stop_at_pawn",
    )

    def __init__(
        self, position: Position, pawn_id: str, options: RuleOptions | None = None
    ) -> None:
        if not isinstance(position, Position):
            raise PositionError(
                "pawn move: expected a Position, got {position}", position=shown(position)
            )
        if not isinstance(pawn_id, str):
            raise PositionError(
                "pawn move: expected a pawn id, got {pawn_id}", pawn_id=shown(pawn_id)
            )
        self.position = position
        k = -1
        for j, p in enumerate(position.pawns):
            if p.id == pawn_id:
                k = j
                break
        if k < 0:
            position.pawn(pawn_id)  # raises PositionError naming the id
        self.pawn = position.pawns[k]
        self.pawn_k = k
        ix = position.indices
        #: the squares of the other pawns on the board (P5: pass through, never end on)
        self.others = ix.pawn_squares - {ix.pawns[k]}
        self.monster = ix.monster
        self.tele = ix.teleporters
        self.pool = ix.pools
        #: the stones as indices, in the position's order (-1 once a stone is gone)
        self.stones0 = ix.stones
        opts = RuleOptions.of(options)
        #: P7, pawn_slide_stone=stop: pushing a stone that stood on a pool ends the slide
        self.stop_after_stone = opts.pawn_slide_stone == "stop"
        #: P7, pawn_slide_over_pawn=stop: a pawn resting on a pool square stops the slide
        self.stop_at_pawn = opts.pawn_slide_over_pawn == "stop"


class _Fail(NamedTuple):
    rule: str
    reason: Message


# A state of the search: (pawn place, stones as indices in position order, -1 = gone).
_Stones = tuple[int, ...]


def _push(
    b: _Board, n: int, h: int, stones: _Stones, step: int, ev: list[Event] | None
) -> _Stones | _Fail:
    """P6 (+ P8): push the stone on ``n`` one square towards ``h``, if the rules allow."""
    dest = NEXT[h][n]
    sq = SQUARE_OF[n]
    if dest < 0:
        return _Fail(
            "P6", Message("the stone on {sq} cannot be pushed off the board", sq=tuple(sq))
        )
    if dest in stones:
        return _Fail(
            "P6",
            Message(
                "the stone on {sq} cannot be pushed: {dest} holds another stone (one stone at a time)",
                sq=tuple(sq),
                dest=tuple(SQUARE_OF[dest]),
            ),
        )
    if dest in b.others:
        return _Fail(
            "P6",
            Message(
                "the stone on {sq} cannot be pushed: {dest} holds a pawn",
                sq=tuple(sq),
                dest=tuple(SQUARE_OF[dest]),
            ),
        )
    if dest == b.monster:
        return _Fail(
            "P6", Message("the stone on {sq} cannot be pushed onto the monster", sq=tuple(sq))
        )
    k = stones.index(n)
    kind = b.position.stones[k].kind.value
    if ev is not None:
        ev.append(Push(step, sq, sq, SQUARE_OF[dest], "P6", kind=kind))
    if dest in b.tele:
        if ev is not None:
            ev.append(Remove(step, sq, SQUARE_OF[dest], "teleporter", "P6"))
        return stones[:k] + (-1,) + stones[k + 1 :]
    end = dest
    pool = b.pool
    if dest in pool:  # P8: slide across, stop before anything in the way
        nxt = NEXT[h]
        others = b.others
        tele = b.tele
        while end in pool:
            j = nxt[end]
            if j < 0 or j in stones or j in others or j == b.monster or j in tele:
                break
            end = j
        if end != dest and ev is not None:
            ev.append(
                Slide(step, SQUARE_OF[dest], SQUARE_OF[dest], SQUARE_OF[end], "P8", kind=kind)
            )
    if end == ENTRANCE_I or end == EXIT_I:  # P6: removed from the game at once
        if ev is not None:
            ev.append(Remove(step, sq, SQUARE_OF[end], "corner", "P6"))
        return stones[:k] + (-1,) + stones[k + 1 :]
    return stones[:k] + (end,) + stones[k + 1 :]


def _step(
    b: _Board, at: int, stones: _Stones, h: int, step: int, ev: list[Event] | None
) -> tuple[int, _Stones, bool] | _Fail:
    """P2, P5, P6, P7, P9: one square towards ``h`` (from ``at``, on the board), with the
    push and the slide it causes. Returns (new index, stones, slid onto the landing)."""
    t = NEXT[h][at]
    if t < 0:
        return _Fail(
            "P2",
            Message(
                "{square} is against the wall: a pawn cannot leave the board (only the monster goes through walls)",
                square=tuple(SQUARE_OF[at]),
            ),
        )
    if t == b.monster:
        return _Fail(
            "P5",
            Message(
                "{square} is the monster's square: a pawn never enters it",
                square=tuple(SQUARE_OF[t]),
            ),
        )
    if t in b.tele:
        return _Fail(
            "P9",
            Message("{square} holds a teleporter: a wall for pawns", square=tuple(SQUARE_OF[t])),
        )
    pool = b.pool
    if t in stones:
        pushed = _push(b, t, h, stones, step, ev)
        if isinstance(pushed, _Fail):
            return pushed
        stones = pushed
        if t in pool and b.stop_after_stone:  # P7 pawn_slide_stone=stop: pushed once
            if ev is not None:
                ev.append(Move(step, SQUARE_OF[at], SQUARE_OF[t], "P2"))
            return t, stones, False
    if ev is not None:
        ev.append(Move(step, SQUARE_OF[at], SQUARE_OF[t], "P2"))
    if t not in pool or (b.stop_at_pawn and t in b.others):
        return t, stones, False
    # P7: slide on, free, until the first square beyond the pool (or stop on the pool)
    nxt = NEXT[h]
    cur = t
    seg = t
    while True:
        n = nxt[cur]
        if n < 0 or n == b.monster or n in b.tele:
            break
        stop = False
        if n in stones:
            if ev is not None and cur != seg:
                ev.append(Slide(step, b.pawn.id, SQUARE_OF[seg], SQUARE_OF[cur], "P7"))
                seg = cur
            pushed = _push(b, n, h, stones, step, ev)
            if isinstance(pushed, _Fail):
                break
            stones = pushed
            stop = n in pool and b.stop_after_stone  # P7 pawn_slide_stone=stop
        elif b.stop_at_pawn and n in pool and n in b.others:
            break  # P7 pawn_slide_over_pawn=stop: stops before the pawn resting there
        cur = n
        if stop or cur not in pool:
            break
    if ev is not None and cur != seg:
        ev.append(Slide(step, b.pawn.id, SQUARE_OF[seg], SQUARE_OF[cur], "P7"))
    return cur, stones, cur != t


class _Walk(NamedTuple):
    at: int
    stones: _Stones
    cost: int
    slid: bool  # the last token ended with a slide (P7's last-point rule)


def _walk(b: _Board, tokens: tuple[str, ...], ev: list[Event] | None) -> _Walk:
    """Play ``tokens``; raise IllegalMoveError at the first one the rules forbid."""
    pawn = b.pawn
    value = pawn.value
    if isinstance(pawn.at, tuple):
        at = INDEX[pawn.at]
    elif pawn.at == "outside":
        at = OUTSIDE
    else:
        raise IllegalMoveError(
            "pawn {id} is {at}: it has no move (P2)",
            id=pawn.id,
            at=Word(pawn.at, "place"),
            token=None,
            index=None,
            rule="P2",
        )
    stones = b.stones0
    slid = False
    for k, tok in enumerate(tokens):
        step = k + 1
        fail: _Fail | None = None
        if at == ESCAPED:
            fail = _Fail("P4", Message("pawn {id} has already left the fortress", id=pawn.id))
        elif k >= value:
            fail = _Fail(
                "P2",
                Message(
                    "pawn {id} shows {value}: no point left for this step", id=pawn.id, value=value
                ),
            )
        elif tok == "IN":
            if at != OUTSIDE:
                fail = _Fail(
                    "P3", Message("IN enters from outside; the pawn is already on the board")
                )
            elif ENTRANCE_I == b.monster:
                fail = _Fail(
                    "P5",
                    Message("the monster stands on the entrance: a pawn never enters its square"),
                )
            elif ENTRANCE_I in b.tele:
                fail = _Fail("P9", Message("a teleporter stands on the entrance"))
            elif ENTRANCE_I in stones:
                fail = _Fail(
                    "P6",
                    Message("a stone stands on the entrance: it cannot be pushed from outside"),
                )
            else:
                at = ENTRANCE_I
                slid = False
                if ev is not None:
                    ev.append(Enter(step, pawn.id, SQUARE_OF[ENTRANCE_I], "P3"))
        elif at == OUTSIDE:
            fail = _Fail(
                "P3", Message("pawn {id} is outside: its path must start with IN", id=pawn.id)
            )
        elif tok == "OUT":
            if at != EXIT_I:
                fail = _Fail(
                    "P4",
                    Message(
                        "OUT leaves by the exit (0, 0); the pawn is on {square}",
                        square=tuple(SQUARE_OF[at]),
                    ),
                )
            else:
                at = ESCAPED
                slid = False
                if ev is not None:
                    ev.append(Escape(step, pawn.id, SQUARE_OF[EXIT_I], "P4"))
        else:
            res = _step(b, at, stones, _DIRS[tok], step, ev)
            if isinstance(res, _Fail):
                fail = res
            else:
                at, stones, slid = res
        if fail is not None:
            raise IllegalMoveError(
                "token {number} {tok!r}: {reason} ({rule})",
                number=step,
                tok=tok,
                reason=fail.reason,
                token=tok,
                index=k,
                rule=fail.rule,
            )
    if at >= 0 and at in b.others:
        k = len(tokens) - 1
        tok = tokens[k]
        if slid:
            raise IllegalMoveError(
                "token {number} {tok!r}: the slide ends on {square} where another pawn stands, with no point left to walk on (P7)",
                number=k + 1,
                tok=tok,
                square=tuple(SQUARE_OF[at]),
                token=tok,
                index=k,
                rule="P7",
            )
        raise IllegalMoveError(
            "token {number} {tok!r}: the move would end on {square} where another pawn stands; a pawn must end its move alone (P5)",
            number=k + 1,
            tok=tok,
            square=tuple(SQUARE_OF[at]),
            token=tok,
            index=k,
            rule="P5",
        )
    return _Walk(at, stones, len(tokens), slid)


def _place(at: int) -> PawnPlace:
    if at >= 0:
        return SQUARE_OF[at]
    return "escaped" if at == ESCAPED else "outside"


def _result_position(b: _Board, at: int, stones: _Stones, *, with_indices: bool) -> Position:
    """The position after the move: stones moved/removed, the pawn moved and flipped (P2);
    ``with_indices``: with its board indices, derived from the position moved from (the
    move played in a game: the next move reads them; a listed outcome's position often
    goes unplayed, it computes them on first use)."""
    pos = b.position
    unmoved = stones is b.stones0 or stones == b.stones0
    if unmoved:
        new_stones = pos.stones
    else:
        new_stones = tuple(
            s if i == i0 else Stone(SQUARE_OF[i], s.kind)
            for s, i, i0 in zip(pos.stones, stones, b.stones0, strict=True)
            if i >= 0
        )
    pawns = list(pos.pawns)
    pawn = b.pawn
    pawns[b.pawn_k] = Pawn(
        pawn.id,
        pawn.player,
        pawn.light,
        pawn.dark,
        "dark" if pawn.up == "light" else "light",
        _place(at),
    )
    return Position(
        pos.monster,
        new_stones,
        pos.pools,
        pos.teleporters,
        tuple(pawns),
        pos.stage,
        known_indices=(
            pos.indices.after_move(
                b.pawn_k, at, b.stones0 if unmoved else tuple([i for i in stones if i >= 0])
            )
            if with_indices
            else None
        ),
    )


class MoveResult(NamedTuple):
    """A pawn move played: where it ended (``to``), its path and cost, the new position
    (pawn flipped) and the rule-cited events (``move``, ``slide``, ``push``, ``remove``,
    ``enter``, ``escape``, ``flip``)."""

    pawn: str
    path: tuple[str, ...]
    to: Place
    cost: int
    position: Position
    events: tuple[Event, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "pawn": self.pawn,
            "to": list(self.to) if isinstance(self.to, tuple) else self.to,
            "path": list(self.path),
            "cost": self.cost,
            "events": [event_to_dict(e) for e in self.events],
            "position": self.position.to_dict(),
        }


@refuses_malformed
def apply_move(
    position: Position, pawn_id: str, path: str | Sequence[str], options: RuleOptions | None = None
) -> MoveResult:
    """Play ``path`` for pawn ``pawn_id`` (P2-P9) and flip the pawn.

    Raises :class:`IllegalMoveError` (``token``, 0-based ``index``, ``rule``) if the rules
    forbid the path; ``position`` is immutable, so nothing changes then. ``options``: the
    rule options of P7's slide (``pawn_slide_stone``, ``pawn_slide_over_pawn``).
    """
    tokens = path if _is_tokens(path) else parse_path(path)
    b = _Board(position, pawn_id, options)
    events: list[Event] = []
    walk = _walk(b, tokens, events)
    new = _result_position(b, walk.at, walk.stones, with_indices=True)
    flipped = new.pawns[b.pawn_k]
    events.append(Flip(len(tokens) + 1, pawn_id, flipped.up, flipped.value, "P2"))
    place = _place(walk.at)
    return MoveResult(pawn_id, tokens, place, walk.cost, new, tuple(events))


class MoveOutcome:
    """One legal outcome of a pawn's move: ``to`` (a square, ``"escaped"`` or
    ``"outside"``), a shortest ``path``, its ``cost``; ``position`` is built on first use."""

    __slots__ = ("path", "_configs", "_at", "_sid", "_position")

    def __init__(self, configs: _Configs, at: int, sid: int, path: tuple[str, ...]) -> None:
        self.path = path
        self._configs = configs  # the search's board and stone configurations
        self._at = at  # where the pawn ends (a board index, OUTSIDE or ESCAPED)
        self._sid = sid  # the stone configuration it ends with (0: the stones as they stand)
        self._position: Position | None = None

    @property
    def pawn(self) -> str:
        return self._configs.board.pawn.id

    @property
    def to(self) -> Place:
        return _place(self._at)

    @property
    def cost(self) -> int:
        return len(self.path)

    @property
    def position(self) -> Position:
        if self._position is None:
            configs = self._configs
            self._position = _result_position(
                configs.board, self._at, configs.stones[self._sid], with_indices=False
            )
        return self._position

    @property
    def pushes(self) -> bool:
        """Did the move push (or remove) a stone? (Configuration 0 is the stones as they
        stand; every other one has some stone elsewhere.)"""
        return self._sid != 0

    def to_dict(self) -> dict[str, Any]:
        """docs/format.md: ``{"to", "path", "cost", "position"}``."""
        to = self.to
        return {
            "to": list(to) if isinstance(to, tuple) else to,
            "path": list(self.path),
            "cost": self.cost,
            "position": self.position.to_dict(),
        }

    def __repr__(self) -> str:
        return f"MoveOutcome(to={self.to!r}, path={','.join(self.path)!r}, cost={self.cost})"


@refuses_malformed
def legal_moves(
    position: Position, pawn_id: str, options: RuleOptions | None = None
) -> list[MoveOutcome]:
    """Every distinct position pawn ``pawn_id`` can reach this move, each with a shortest
    path (breadth-first: fewest tokens, ties in token order N, E, S, W, OUT).

    The search is over *(square, stones)*: the same square reached with different pushed
    stones is a different outcome; a state reached again with fewer points left is
    dominated and dropped. Outcomes ending on another pawn are not legal (P5, P7) but the
    search walks on through them. A pawn outside may stay (the empty path) or enter (P3);
    an escaped or eaten pawn has no move. ``options``: the rule options of P7's slide.
    """
    b = _Board(position, pawn_id, options)
    configs = _Configs(b)
    out = _outcomes(configs)
    squares = configs.squares
    if len(set(squares)) < len(squares):  # two configurations may be the same board
        out = _dedupe(out, configs.stones, [s.kind.value for s in position.stones])
    return out


def can_enter(position: Position, pawn_id: str, options: RuleOptions | None = None) -> bool:
    """P10: can pawn ``pawn_id`` end this move on the board (or beyond the exit)? For a
    pawn outside, whether some path through the entrance (P3) ends alone on a square: the
    answer of ``any(o.to != "outside" for o in legal_moves(...))``, but the search stops at
    the end of the first point that finds such an outcome."""
    b = _Board(position, pawn_id, options)
    return any(o._at != OUTSIDE for o in _outcomes(_Configs(b), stop_at=2))


def _outcomes(configs: _Configs, stop_at: int | None = None) -> list[MoveOutcome]:
    """:func:`legal_moves` before same-board outcomes are merged (:func:`_dedupe`); with
    ``stop_at``, the search stops after the point that brings that many outcomes."""
    b = configs.board
    pawn = b.pawn
    value = pawn.value
    out: list[MoveOutcome] = []
    if isinstance(pawn.at, tuple):
        start = INDEX[pawn.at]
        path0: tuple[str, ...] = ()
        out.append(MoveOutcome(configs, start, 0, path0))
    elif pawn.at == "outside":
        out.append(MoveOutcome(configs, OUTSIDE, 0, ()))
        start = ENTRANCE_I
        if value < 1 or start == b.monster or start in b.tele or start in b.stones0:
            return out
        path0 = ("IN",)
        if start not in b.others:
            out.append(MoveOutcome(configs, start, 0, path0))
    else:
        return out
    configs.seen[0][start] = 1
    _search(configs, out, [(start, 0, path0)], value - len(path0), stop_at)
    return out


# What stepping onto a square is for the moving pawn, given where the stones are: the
# search reads it with one look-up per step (_Configs.ground).
OPEN = 0  # nothing there: the move may end here
CROWDED = 1  # another pawn: walk on through, never end there (P5)
BARRED = 2  # past a wall, the monster, a teleporter: never entered (P2, P5, P9)
STONE = 3  # a stone off the pools: pushed one square on (P6) if that square is OPEN
POOL = 4  # a pool square with no stone on it: slide on (P7)
RULES = 5  # a stone on a pool square: _step decides

#: BARRED off the board, OPEN on it; one entry more than the board, BARRED, which is what
#: NEXT's -1 (past a wall) reads as the last entry
_WALLS = bytes([OPEN if on else BARRED for on in ON_BOARD] + [BARRED])


class _Configs:
    """The stone configurations one search meets, each with a small id (0: the stones as
    they stand): the stones, what each square is to the pawn (built when the search first
    steps from a square of that configuration) and the squares already reached with it."""

    __slots__ = ("board", "stones", "ids", "grounds", "seen", "squares", "_bare")

    def __init__(self, b: _Board) -> None:
        self.board = b
        self.stones: list[_Stones] = [b.stones0]
        self.ids: dict[_Stones, int] = {b.stones0: 0}
        self.grounds: list[bytearray | None] = [None]
        self.seen: list[bytearray] = [bytearray(NUM_INDICES)]
        #: the squares that hold a stone, hashed (_squares): two configurations can only be
        #: the same board (same-kind stones swapped, _dedupe) if their hashes are equal
        self.squares: list[int] = [_squares(b.stones0)]
        bare = bytearray(_WALLS)  # the squares without the stones, which move
        for i in b.others:
            bare[i] = CROWDED
        for i in b.pool:
            bare[i] = POOL
        for i in b.tele:
            bare[i] = BARRED
        bare[b.monster] = BARRED
        self._bare = bare

    def id_of(self, stones: _Stones, squares: int | None = None) -> int:
        """The id of configuration ``stones`` (``squares``: their hash, if known)."""
        sid = self.ids.setdefault(stones, len(self.stones))
        if sid == len(self.stones):  # a configuration not met before
            self.stones.append(stones)
            self.grounds.append(None)
            self.seen.append(bytearray(NUM_INDICES))
            self.squares.append(_squares(stones) if squares is None else squares)
        return sid

    def ground(self, sid: int) -> bytearray:
        """What each square is to the pawn in configuration ``sid``: built on first use
        (the search reads ``grounds[sid] or ground(sid)``)."""
        ground = self.grounds[sid]
        if ground is None:
            ground = bytearray(self._bare)
            for i in self.stones[sid]:
                if i < 0:  # a stone gone
                    continue
                if ground[i] == OPEN:
                    ground[i] = STONE
                elif ground[i] == POOL:
                    ground[i] = RULES
            self.grounds[sid] = ground
        return ground


#: the steps out of each board index, in token order N, E, S, W: (the index stepped onto,
#: the token as a path of one, the heading), walls left out
_STEPS: tuple[tuple[tuple[int, tuple[str], int], ...], ...] = tuple(
    tuple((NEXT[h][i], (_DIR_TOKENS[h],), h) for h in range(4) if NEXT[h][i] >= 0)
    for i in range(NUM_INDICES)
)


def _search(
    configs: _Configs,
    out: list[MoveOutcome],
    frontier: list[tuple[int, int, tuple[str, ...]]],
    points: int,
    stop_at: int | None = None,
) -> None:
    """The breadth-first search of :func:`legal_moves` from ``frontier`` (states: square,
    stone configuration id, path) for ``points`` more points, adding to ``out`` (and
    stopping early once ``out`` holds ``stop_at`` outcomes or more)."""
    others = configs.board.others
    seen_of = configs.seen
    grounds = configs.grounds
    escaped: set[int] = set()
    for left in range(points, 0, -1):
        if stop_at is not None and len(out) >= stop_at:
            break
        last = left == 1  # the states this point reaches are not stepped from
        nxt: list[tuple[int, int, tuple[str, ...]]] = []
        for at, sid, path in frontier:
            ground = grounds[sid] or configs.ground(sid)
            seen = seen_of[sid]
            for t, tok, h in _STEPS[at]:
                what = ground[t]
                if what <= CROWDED:  # a plain step
                    if not seen[t]:
                        seen[t] = 1
                        p2 = path + tok
                        if not last:
                            nxt.append((t, sid, p2))
                        if what == OPEN:
                            out.append(MoveOutcome(configs, t, sid, p2))
                elif what != BARRED:  # a stone to push or a pool to slide on
                    moved = _push_or_slide(configs, at, t, sid, ground, h, what, last)
                    if moved is None:
                        continue
                    t, nsid = moved
                    seen_n = seen_of[nsid]
                    if not seen_n[t]:
                        seen_n[t] = 1
                        p2 = path + tok
                        if not last:
                            nxt.append((t, nsid, p2))
                        if t not in others:
                            out.append(MoveOutcome(configs, t, nsid, p2))
            if at == EXIT_I and sid not in escaped:
                escaped.add(sid)
                out.append(MoveOutcome(configs, ESCAPED, sid, path + ("OUT",)))
        frontier = nxt


def _push_or_slide(
    configs: _Configs,
    at: int,
    t: int,
    sid: int,
    ground: bytearray,
    h: int,
    what: int,
    last: bool,
) -> tuple[int, int] | None:
    """The step from ``at`` towards ``h`` onto ``t``, a STONE, POOL or RULES square, in
    configuration ``sid`` (``ground``: what the squares are in it): (where the pawn ends,
    the configuration after), or None if the rules forbid it; ``last``: on the search's
    last point (no state it reaches is stepped from). The common cases are read
    off ``ground``; a pool or a corner beyond a stone, a teleporter swallowing it, a stone
    met on a pool go through :func:`_step`."""
    stones = configs.stones[sid]
    table = NEXT[h]
    if what == STONE:  # P6: the stone goes one square on, if that square is OPEN
        dest = table[t]
        beyond = ground[dest]
        if beyond == OPEN and dest != EXIT_I and dest != ENTRANCE_I:
            k = stones.index(t)
            squares = configs.squares[sid] ^ _SQUARE_HASH[t] ^ _SQUARE_HASH[dest]
            after = list(stones)
            after[k] = dest
            nsid = configs.id_of(tuple(after), squares)
            if not last and configs.grounds[nsid] is None:  # stepped from: this ground with
                configs.grounds[nsid] = moved = bytearray(ground)  # the stone one square on
                moved[t] = OPEN
                moved[dest] = STONE
            return t, nsid
        if beyond == CROWDED or beyond == STONE or beyond == RULES:
            return None  # P6: a pawn or another stone beyond
        if beyond == BARRED and dest not in configs.board.tele:
            return None  # P6: a wall or the monster beyond
    elif what == POOL and not configs.board.stop_at_pawn:  # P7: slide on, free, to the
        # first square beyond the pool (pawns resting on it passed over: the ground shows
        # the pool there)
        cur = t
        while True:
            n = table[cur]
            beyond = ground[n]
            if beyond == BARRED:  # a wall, the monster, a teleporter: stop on the pool
                return cur, sid
            if beyond == STONE or beyond == RULES:
                break  # a stone in the way: pushed, or not (P6, P8)
            cur = n
            if beyond != POOL:
                return cur, sid
    res = _step(configs.board, at, stones, h, 0, None)
    if type(res) is _Fail:
        return None
    t, st, _ = res  # type: ignore[misc]
    return t, sid if st is stones else configs.id_of(st)


def _dedupe(out: list[MoveOutcome], configs: list[_Stones], kinds: list[str]) -> list[MoveOutcome]:
    """The same board reached with same-kind stones swapped is one position: keep the
    first (shortest) outcome of each (``configs``: the stones of each configuration id)."""
    same_kind = len(set(kinds)) <= 1
    canon: list[Any] = [frozenset(st) if same_kind else _canonical(st, kinds) for st in configs]
    if len(set(canon)) == len(configs):
        return out  # no two configurations are the same board
    unique: list[MoveOutcome] = []
    seen_c: set[tuple[int, Any]] = set()
    for o in out:
        key_c = (o._at, canon[o._sid])
        if key_c not in seen_c:
            seen_c.add(key_c)
            unique.append(o)
    return unique


@refuses_malformed
def random_path(
    position: Position, pawn_id: str, rng: Any, options: RuleOptions | None = None
) -> tuple[str, ...]:
    """A random legal path for the pawn, much cheaper than :func:`legal_moves` (for fast
    random play): a random walk that, before each point, stops with chance 1/5 when the
    pawn stands alone, leaves by the exit with chance 1/2 when it can, else steps towards a
    random heading (the next legal one clockwise if that one is barred). An outside pawn
    stays outside with chance 1/4. ``rng`` is a ``random.Random``; ``options``: the rule
    options of P7's slide."""
    b = _Board(position, pawn_id, options)
    pawn = b.pawn
    value = pawn.value
    others = b.others
    rand = rng.random
    if isinstance(pawn.at, tuple):
        at = INDEX[pawn.at]
        start: list[str] = []
    elif pawn.at == "outside":
        e = ENTRANCE_I
        if value < 1 or e == b.monster or e in b.tele or e in b.stones0 or rand() < 0.25:
            return ()
        at = e
        start = ["IN"]
    else:
        return ()
    monster = b.monster
    tele = b.tele
    pool = b.pool
    for _attempt in range(8):
        path = start[:]
        cur = at
        stones = b.stones0
        while True:
            alone = cur not in others
            if len(path) >= value:
                if alone:
                    return tuple(path)
                break  # ends on another pawn: try again
            if alone and rand() < 0.2:
                return tuple(path)
            if cur == EXIT_I and rand() < 0.5:
                path.append("OUT")
                return tuple(path)
            h0 = int(rand() * 4)
            for d in range(4):
                h = (h0 + d) & 3
                t = NEXT[h][cur]
                if t < 0 or t == monster or t in tele:
                    continue  # a wall, the monster, a teleporter: barred (P2, P5, P9)
                if t not in stones and t not in pool:
                    cur = t  # a plain step (what _step does when nothing is in the way)
                else:
                    res = _step(b, cur, stones, h, 0, None)
                    if type(res) is _Fail:
                        continue
                    cur, stones, _ = res  # type: ignore[misc]
                path.append(_DIR_TOKENS[h])
                break
            else:
                if alone:
                    return tuple(path)
                break  # walled in on another pawn: try again
    return ()  # the empty path is always legal (P2)


@refuses_malformed
def path_towards_exit(
    position: Position, pawn_id: str, rng: Any, options: RuleOptions | None = None
) -> tuple[str, ...]:
    """A legal path that walks the pawn greedily towards the exit, much cheaper than
    :func:`legal_moves` (for playouts): from outside it enters (P3) when the entrance lets
    it; then each point takes the step that ends nearest the exit (x + y after the step,
    with its push, P6, P8, and its slide, P7 under ``options``), ties at random (``rng``, a
    ``random.Random``); it leaves by the exit (P4) as soon as it stands there with a point
    left, and stops, standing alone, when no step brings it nearer. It must end alone
    (P5, P7): while it stands on another pawn it walks on, and if its points run out there
    the path is cut back to the last square where it stood alone (at worst the empty path,
    always legal, P2)."""
    b = _Board(position, pawn_id, options)
    pawn = b.pawn
    value = pawn.value
    others = b.others
    path: list[str] = []
    if isinstance(pawn.at, tuple):
        at = INDEX[pawn.at]
    elif pawn.at == "outside":
        e = ENTRANCE_I
        if value < 1 or e == b.monster or e in b.tele or e in b.stones0:
            return ()  # P3: the entrance is barred (P5, P6, P9)
        at = e
        path.append("IN")
    else:
        return ()
    alone = len(path) if at not in others else 0  # the longest prefix that ends alone
    monster = b.monster
    tele = b.tele
    pool = b.pool
    stones = b.stones0
    rand = rng.random
    while len(path) < value:
        if at == EXIT_I:
            path.append("OUT")  # P4: out of the fortress
            return tuple(path)
        best: list[tuple[int, int, _Stones]] = []
        near = 99
        for h in range(4):
            t = NEXT[h][at]
            if t < 0 or t == monster or t in tele:
                continue  # a wall, the monster, a teleporter: barred (P2, P5, P9)
            if t in stones or t in pool:
                res = _step(b, at, stones, h, 0, None)
                if type(res) is _Fail:
                    continue
                t, after, _ = res  # type: ignore[misc]
            else:
                after = stones
            d = (t & 15) + (t >> 4)  # x + y: the squares left to the exit
            if d < near:
                near, best = d, [(h, t, after)]
            elif d == near:
                best.append((h, t, after))
        if not best or (at not in others and near >= (at & 15) + (at >> 4)):
            break  # no step left, or none brings it nearer: it stops here, alone
        h, at, stones = best[int(rand() * len(best))] if len(best) > 1 else best[0]
        path.append(_DIR_TOKENS[h])
        if at not in others:
            alone = len(path)
    return tuple(path[:alone])


#: a random number for each board index (seeded): a set of squares hashes to the ``^`` of
#: its squares' (Zobrist hashing), which a stone moving from ``t`` to ``d`` updates with
#: ``^ _SQUARE_HASH[t] ^ _SQUARE_HASH[d]``; numbers under 2**30 stay one-digit ints
_SQUARE_HASH = tuple(map(random.Random(13).getrandbits, [30] * NUM_INDICES))


def _squares(stones: _Stones) -> int:
    """The hash of the squares that hold one of ``stones`` (a stone gone is -1): two
    configurations with different hashes have their stones on different squares."""
    squares = 0
    for i in stones:
        if i >= 0:
            squares ^= _SQUARE_HASH[i]
    return squares


def _canonical(stones: _Stones, kinds: list[str]) -> tuple[tuple[int, str], ...]:
    return tuple(sorted((i, k) for i, k in zip(stones, kinds, strict=True) if i >= 0))


def moves_to_json(outcomes: Sequence[MoveOutcome]) -> list[dict[str, Any]]:
    """docs/format.md's ``moves`` output."""
    return [o.to_dict() for o in outcomes]


__all__ = [
    "MoveOutcome",
    "MoveResult",
    "TOKENS",
    "apply_move",
    "legal_moves",
    "moves_to_json",
    "parse_path",
    "path_towards_exit",
    "Heading",
]
