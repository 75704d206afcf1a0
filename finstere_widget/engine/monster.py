"""The monster's turn (docs/rules.md M1-M13) as a trace of rule-cited events.

``monster_turn(position, tile, options)`` returns the new position and the events. The
position is unpacked once per turn into flat tables over the board's square indices
(``board.INDEX``), so each look is a walk along a precomputed ray (``board.RAYS``) and each
step a few list look-ups (``board.NEXT``; ``board.wrap_index`` through a wall).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from .board import (
    ENTRANCE_I,
    EXIT_I,
    INDEX,
    LETTER_AT,
    NEXT,
    NUM_INDICES,
    RAYS,
    SQUARE_OF,
    Heading,
    Square,
    wrap_index,
)
from .errors import OptionError, PositionError, TileError, shown
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
)
from .options import RuleOptions
from .pieces import Monster, PawnPlace, Stone, StoneKind
from .position import Position, position_svg, refuses_malformed
from .replay import eaten_place

PREY_STEP_CAP = 20  # M1
#: the most steps a numeric tile may ask for: the prey tiles' cap (M1, M13); the real
#: tiles ask for 5 to 10
MAX_STEPS = PREY_STEP_CAP
NUMBER_TILES = ("5", "7", "8", "10")
PREY_TILES = {"X": 1, "XX": 2, "XXX": 3}
_DEFAULT = RuleOptions()
_CRYSTAL = StoneKind.CRYSTAL
_PIVOT_RIGHT = StoneKind.PIVOT_RIGHT
_PIVOT_180 = StoneKind.PIVOT_180
_PIVOT_LEFT = StoneKind.PIVOT_LEFT

#: (ahead, left, right) for each heading (M4), and the pivot turns (M11).
_LOOK_DIRS = tuple((h, Heading((h + 3) % 4), Heading((h + 1) % 4)) for h in Heading)
_RIGHT = tuple(Heading((h + 1) % 4) for h in Heading)
_ABOUT = tuple(Heading((h + 2) % 4) for h in Heading)
_LEFT = tuple(Heading((h + 3) % 4) for h in Heading)


class SightLine(NamedTuple):
    """M4: one of the monster's lines of sight, from a square towards a heading, with every
    record a look can make of it. A value of the board alone, built once per square and
    heading (:data:`SIGHT_LINES`), so a look only walks ``indices`` and picks a record."""

    direction: Heading
    indices: tuple[int, ...]  # the squares seen, nearest first, up to the wall (no wrap)
    open: Ray  # the record when nothing stands on the line: stopped by the wall
    #: blocked[kind][k]: the record when a stone of ``kind`` stands on indices[k]
    blocked: Mapping[str, tuple[Ray, ...]]
    #: cells[k]: the squares up to and including indices[k - 1] (a pawn seen k squares off)
    cells: tuple[tuple[Square, ...], ...]


def _sight_line(h: Heading, i: int) -> SightLine:
    ray = RAYS[h][i]
    squares = tuple(SQUARE_OF[j] for j in ray)
    cells = tuple(squares[:k] for k in range(len(squares) + 1))
    blocked = {
        kind.value: tuple(Ray(h, cells[k], None, None, kind.value) for k in range(len(ray)))
        for kind in StoneKind
        if kind.blocks_sight
    }
    return SightLine(h, ray, Ray(h, squares, None, None, "wall"), blocked, cells)


class _SightLines:
    """``SIGHT_LINES[h][i]``: the three lines of sight (ahead, left, right, M4) of a monster
    on square index i facing h. Built on first use, not at import (it takes longer than
    starting the interpreter, and ``import finstere_widget`` should not pay for it)."""

    _rows: tuple[tuple[tuple[SightLine, SightLine, SightLine], ...], ...] | None = None

    def __getitem__(self, h: int) -> tuple[tuple[SightLine, SightLine, SightLine], ...]:
        rows = self._rows
        if rows is None:
            lines = tuple(tuple(_sight_line(d, i) for i in range(NUM_INDICES)) for d in Heading)
            rows = _SightLines._rows = tuple(
                tuple(
                    (lines[d][i], lines[d.left][i], lines[d.right][i]) for i in range(NUM_INDICES)
                )
                for d in Heading
            )
        return rows[h]


SIGHT_LINES = _SightLines()


_TILE_CACHE: dict[tuple[str | int, bool], Tile] = {}


class Tile(NamedTuple):
    """A monster tile (M1): ``steps`` to take, or ``prey`` pawns to take (cap 20 steps)."""

    label: str
    steps: int
    prey: int | None

    @classmethod
    def parse(cls, tile: str | int | Tile, options: RuleOptions | None = _DEFAULT) -> Tile:
        """``5 7 8 10 X XX`` (and ``XXX``), or a step count 1..20 (:data:`MAX_STEPS`, the
        prey tiles' cap of M1/M13). S4: with ``five_is_three_prey`` the 5 tile is a
        three-prey tile. Anything else is a :class:`TileError` naming the tile. A
        :class:`Tile` given is one only if it is what its label reads as (``Tile("X", 3,
        None)``, an X tile of 3 steps, is none). ``options``: :class:`RuleOptions` (``None``:
        the defaults), else an :class:`OptionError`."""
        if not isinstance(options, RuleOptions):
            if options is not None:  # an AttributeError before
                raise OptionError(
                    "options: expected RuleOptions, got {options}", options=shown(options)
                )
            options = _DEFAULT
        if isinstance(tile, Tile):
            if (
                type(tile.steps) is not int
                or not 1 <= tile.steps <= MAX_STEPS
                or tile.prey not in (None, 1, 2, 3)
                or type(tile.label) is not str
            ):
                raise TileError(
                    "tile {tile}: expected 1..{max_steps} steps and 1..3 prey or none (M1, M13)",
                    tile=shown(tile),
                    max_steps=MAX_STEPS,
                )
            if tile.label.strip() != tile.label or tile.label.upper() != tile.label:
                expected: Tile | None = None
            else:
                try:
                    expected = cls.parse(tile.label, options)
                except TileError:
                    expected = None
            if expected is None:
                raise TileError(
                    "tile {tile}: {label} is no tile: 5, 7, 8, 10, X, XX or a step count 1..{max_steps} (M1)",
                    tile=shown(tile),
                    label=shown(tile.label),
                    max_steps=MAX_STEPS,
                )
            if expected != tile:
                raise TileError(
                    "tile {tile}: the tile {label} is {steps} steps and {prey} prey (M1, M13, S4)",
                    tile=shown(tile),
                    label=expected.label,
                    steps=expected.steps,
                    prey=expected.prey if expected.prey is not None else 0,
                )
            return tile
        if type(tile) is not str and type(tile) is not int:
            raise TileError(
                "tile {tile}: expected 5, 7, 8, 10, X, XX or a step count 1..{max_steps} (M1)",
                tile=shown(tile),
                max_steps=MAX_STEPS,
            )
        key = (tile, options.five_is_three_prey)
        found = _TILE_CACHE.get(key)
        if found is not None:
            return found
        parsed = cls._parse(tile, options)
        if len(_TILE_CACHE) < 64:
            _TILE_CACHE[key] = parsed
        return parsed

    @classmethod
    def _parse(cls, tile: str | int, options: RuleOptions) -> Tile:
        if isinstance(tile, int):
            steps = tile
        else:
            text = tile.strip().upper()
            if text in PREY_TILES:
                return cls(text, PREY_STEP_CAP, PREY_TILES[text])
            if text == "5" and options.five_is_three_prey:
                return cls("5", PREY_STEP_CAP, 3)
            if not text.isascii() or not text.isdigit():
                raise TileError(
                    "tile {tile}: expected 5, 7, 8, 10, X, XX or a step count 1..{max_steps} (M1)",
                    tile=shown(tile),
                    max_steps=MAX_STEPS,
                )
            steps = int(text) if len(text) <= 6 else MAX_STEPS + 1
        if steps == 5 and options.five_is_three_prey:
            return cls("5", PREY_STEP_CAP, 3)
        if not 1 <= steps <= MAX_STEPS:
            raise TileError(
                "tile {tile}: a step count is 1..{max_steps} (the prey tiles' cap, M1/M13)",
                tile=shown(tile),
                max_steps=MAX_STEPS,
            )
        return cls(str(steps), steps, None)


class TurnResult(NamedTuple):
    tile: str
    position: Position
    events: tuple[Event, ...]

    @property
    def eaten(self) -> tuple[str, ...]:
        """The ids of the pawns taken this turn, in order (eaten or crushed)."""
        end = self.events[-1]
        assert isinstance(end, End)
        return end.eaten

    def _summary(self) -> str:
        end = self.events[-1]
        steps = end.steps if isinstance(end, End) else 0
        m = self.position.monster
        eaten = (
            ", ".join(self.eaten) if self.events and isinstance(end, End) and end.eaten else "none"
        )
        return (
            f"tile {self.tile}: {steps} steps, eaten {eaten}; the monster ends at "
            f"({m.at[0]}, {m.at[1]}) facing {m.facing.name}"
        )

    def __repr__(self) -> str:
        return f"<TurnResult {self._summary()}; {len(self.events)} events>"

    def _repr_svg_(self) -> str:
        """The position after the turn with the final look (M6) and a caption."""
        looks = [e for e in self.events if isinstance(e, Look)]
        return position_svg(
            self.position, look=looks[-1] if looks else None, caption=self._summary()
        )

    def to_dict(self) -> dict[str, Any]:
        """docs/format.md's monster trace: ``{"tile", "events", "position"}``."""
        return {
            "tile": self.tile,
            "events": [e.to_dict() for e in self.events],  # event_to_dict, one call less
            "position": self.position.to_dict(),
        }


class _Tables(NamedTuple):
    """A position as flat tables over square indices (the turn changes its own copy)."""

    #: what a look meets on each square: the id of the pawn there (a ``str``), or the
    #: :class:`StoneKind` of a stone that blocks sight (M4; a crystal does not: None)
    sight: list[str | StoneKind | None]
    piece: list[int | None]  # what stands there: pawn number k as k, stone number k as ~k
    pool: frozenset[int]  # pool squares
    tele: Mapping[int, tuple[int, Heading]]  # pad -> (partner pad, partner's arrow)


def _tables(pos: Position) -> _Tables:
    """The position's tables, built in one pass over its pieces."""
    sight: list[str | StoneKind | None] = [None] * NUM_INDICES
    piece: list[int | None] = [None] * NUM_INDICES
    for k, s in enumerate(pos.stones):
        i = INDEX[s.at]
        piece[i] = ~k
        if s.kind is not _CRYSTAL:
            sight[i] = s.kind
    for k, p in enumerate(pos.pawns):
        at = p.at
        if at.__class__ is tuple:
            i = INDEX[at]
            piece[i] = k
            sight[i] = p.id
    # the pools' squares read directly: cheaper than each Pool's cached ``indices`` the
    # first time, and a turn's pools are often new objects (a loaded or edited position)
    pool = frozenset([INDEX[sq] for p in pos.pools for sq in p.squares])
    tele: dict[int, tuple[int, Heading]] = {}
    for t in pos.teleporters:
        partner = pos.partner(t)
        tele[INDEX[t.at]] = (INDEX[partner.at], partner.arrow)
    return _Tables(sight, piece, pool, tele)


def _look(
    sight: list[str | StoneKind | None], m: int, h: Heading, step: int, rule: str
) -> tuple[Look, Heading]:
    """M4 + M5: three rays (ahead, left, right) and the heading the monster takes.

    Each line of sight (:class:`SightLine`) is walked up to the first square where
    ``sight`` (:class:`_Tables`) holds something: a pawn's id (the pawn seen, a new
    :class:`Ray`) or a stone's kind (the line's own record for that kind and distance);
    a line that meets nothing is the line's own record up to the wall."""
    rays = []
    nearest = 99  # how far off the nearest pawn seen stands
    towards = h  # the line that sees it
    tied = False  # M5: another line sees a pawn as near
    for line in SIGHT_LINES[h][m]:
        indices = line.indices
        for j in indices:
            v = sight[j]
            if v is not None:
                if isinstance(v, StoneKind):
                    rays.append(line.blocked[v][indices.index(j)])
                else:
                    k = indices.index(j) + 1
                    rays.append(Ray(line.direction, line.cells[k], v, k, "pawn"))
                    if k < nearest:
                        nearest, towards, tied = k, line.direction, False
                    elif k == nearest:
                        tied = True
                break
        else:
            rays.append(line.open)
    if nearest == 99:
        decision = "none"
    elif tied:
        decision, towards = "tie", h
    else:
        decision = "keep" if towards == h else "turn"
    return Look(step, SQUARE_OF[m], h, tuple(rays), decision, rule), towards


def _heading_after(
    sight: list[str | StoneKind | None], m: int, h: Heading
) -> tuple[bool, bool, Heading]:
    """M4 + M5 without the look's record: (saw a pawn, tie, the heading taken). The same
    walk as :func:`_look` (``tests/test_reference.py`` and ``test_monster_properties.py``
    check that both play every turn alike), for turns played without a trace (:func:`monster_outcome`)."""
    nearest = 99
    towards = h
    tied = False
    for line in SIGHT_LINES[h][m]:
        indices = line.indices
        for j in indices:
            v = sight[j]
            if v is not None:
                if not isinstance(v, StoneKind):  # a pawn's id
                    k = indices.index(j)
                    if k < nearest:
                        nearest, towards, tied = k, line.direction, False
                    elif k == nearest:
                        tied = True
                break
    if nearest == 99:
        return False, False, h
    if tied:
        return True, True, h
    return True, False, towards


@refuses_malformed
def sees(position: Position) -> frozenset[str]:
    """M4: the ids of the pawns the monster sees from where it stands (the nearest on each
    of its three lines of sight): :func:`look`'s ``seen`` without the look's record."""
    sight = _tables(position).sight
    seen = []
    for line in SIGHT_LINES[position.monster.facing][INDEX[position.monster.at]]:
        for j in line.indices:
            v = sight[j]
            if v is not None:
                if not isinstance(v, StoneKind):  # a pawn's id
                    seen.append(v)
                break
    return frozenset(seen)


@refuses_malformed
def look(position: Position) -> Look:
    """M4/M5: what the monster sees from where it stands, and its decision."""
    sight = _tables(position).sight
    m = position.monster
    return _look(sight, INDEX[m.at], m.facing, 0, "M4")[0]


class _Turn:
    """Mutable state of one monster turn: the position's tables (:class:`_Tables`), the
    monster's square ``m``, and what changed so far."""

    def __init__(self, pos: Position, options: RuleOptions) -> None:
        t = _tables(pos)
        self.pos = pos
        self.opts = options
        self.sight = t.sight
        self.piece = t.piece
        self.pool = t.pool
        self.tele = t.tele
        self.stone_place: dict[int, int] = {}  # stone k -> new square index (-1: removed)
        self.pawn_place: dict[int, PawnPlace] = {}  # pawn k -> new place, when changed
        self.eaten: list[str] = []
        self.events: list[Event] = []
        self.gone: PawnPlace = eaten_place(pos.stage)  # M7
        self.step = 0
        self.m = INDEX[pos.monster.at]

    # --- pieces ------------------------------------------------------------------------

    def _stone_kind(self, i: int) -> StoneKind | None:
        """The kind of the stone on square index ``i``, or None when no stone stands there."""
        p = self.piece[i]
        return self.pos.stones[~p].kind if p is not None and p < 0 else None

    def _eat(self, k: int, at: int, how: str, rule: str, where: int | None = None) -> None:
        """Pawn ``k``, standing on ``at``, is eaten there, or destroyed at ``where`` (a
        teleporter it was pushed onto): it leaves its square either way."""
        self.piece[at] = None
        self.sight[at] = None
        self.pawn_place[k] = self.gone
        pid = self.pos.pawns[k].id
        self.eaten.append(pid)
        self.events.append(
            Eat(self.step, pid, SQUARE_OF[at if where is None else where], how, rule)
        )

    def _remove_stone(self, at: int, where: int, why: str, rule: str, pushed_from: int) -> None:
        """The stone standing on ``at`` leaves the game at ``where`` (a teleporter: where
        it was pushed to; off the board, a corner: its own square). The event names the
        stone by the square it was pushed from (docs/format.md)."""
        p = self.piece[at]
        assert p is not None and p < 0
        self.piece[at] = None
        self.sight[at] = None
        self.stone_place[~p] = -1
        self.events.append(Remove(self.step, SQUARE_OF[pushed_from], SQUARE_OF[where], why, rule))

    def _move_piece(self, src: int, dst: int) -> None:
        p = self.piece[src]
        assert p is not None
        if p < 0:
            self.stone_place[~p] = dst
        else:
            self.pawn_place[p] = SQUARE_OF[dst]
        self.piece[dst] = p
        self.piece[src] = None
        self.sight[dst] = self.sight[src]
        self.sight[src] = None

    def _push_chain(self, start: int, h: Heading) -> None:
        """M8: push the run of stones/pawns starting at ``start``, farthest first."""
        nxt = NEXT[h]
        chain = [start]
        j = nxt[start]
        while j >= 0 and self.piece[j] is not None:
            chain.append(j)
            j = nxt[j]
        for c in reversed(chain):
            self._push_one(c, h)

    def _push_one(self, c: int, h: Heading) -> None:
        nxt = NEXT[h]
        p = self.piece[c]
        assert p is not None
        is_stone = p < 0
        piece: Any = SQUARE_OF[c] if is_stone else self.pos.pawns[p].id
        dest = nxt[c]
        if dest < 0:  # M8: off the board (notches included)
            if is_stone:
                self._remove_stone(c, c, "off_board", "M8", c)
            else:
                self._eat(p, c, "crushed", "M8")
            return
        kind = self.pos.stones[~p].kind.value if is_stone else None
        self.events.append(Push(self.step, piece, SQUARE_OF[c], SQUARE_OF[dest], "M8", kind=kind))
        if dest in self.tele:  # M8: destroyed on a teleporter
            if is_stone:
                self._remove_stone(c, dest, "teleporter", "M8", c)
            else:
                self._eat(p, c, "teleporter", "M8", where=dest)
            return
        self._move_piece(c, dest)
        if not is_stone and dest in self.pool:  # M8 + P7: a pawn slides by the pawn rules
            self._pawn_slide(p, dest, h)
            return
        end = dest
        if dest in self.pool:  # P8: a stone slides across, stops before anything occupied
            pool = self.pool
            while end in pool:
                n = nxt[end]
                if n < 0 or self.piece[n] is not None or n == self.m or n in self.tele:
                    break
                end = n
            if end != dest:
                self._move_piece(dest, end)
                self.events.append(
                    Slide(
                        self.step, SQUARE_OF[dest], SQUARE_OF[dest], SQUARE_OF[end], "P8", kind=kind
                    )
                )
        if (
            is_stone
            and (end == ENTRANCE_I or end == EXIT_I)
            and self.opts.monster_stone_on_corner == "remove"
        ):
            self._remove_stone(end, end, "corner", "M8", c)

    def _pawn_slide(self, k: int, dest: int, h: Heading) -> None:
        """M8 + P7: pawn ``k``, pushed onto the pool square ``dest``, slides on by the rules
        for pawns (the French rulebook: whatever the monster pushes onto a pool slides "selon
        les règles décrites ci-dessus pour les pions personnages"): to the first square past
        the pool, pushing a stone it meets by P6 (a stone on the landing square once the
        slide is over; one on a pool square as ``pawn_slide_stone`` says); it stops on the
        pool before a stone that cannot be pushed, a wall, the monster or a teleporter, and
        before a pawn past the pool (a pushed pawn has no point to walk on: it cannot end on
        another pawn). A pawn resting on a pool square is passed over or stops the slide
        (``pawn_slide_over_pawn``); should the slide then end on such a pawn, it is played
        again up to the last square of its way that holds no other pawn."""
        piece, sight, stone_place, n_events = (
            self.piece[:],
            self.sight[:],
            dict(self.stone_place),
            len(self.events),
        )
        end, way = self._pawn_slide_walk(k, dest, h, -1)
        if end != dest and self.piece[end] is not None:  # passed over a pawn, then stopped
            free = [i for i in way[: way.index(end)] if i == dest or self.piece[i] is None][-1]
            self.piece[:], self.sight[:] = piece, sight  # in place: the turn's loop holds them
            self.stone_place = stone_place
            del self.events[n_events:]
            end, _ = self._pawn_slide_walk(k, dest, h, free)
        if end != dest:
            self._move_piece(dest, end)

    def _pawn_slide_walk(
        self, k: int, dest: int, h: Heading, stop_at: int
    ) -> tuple[int, list[int]]:
        """:meth:`_pawn_slide`'s walk from ``dest`` (up to ``stop_at`` at most): the square
        it ends on and the squares of its way; pushes the stones it meets, tells the slide."""
        nxt = NEXT[h]
        pool = self.pool
        piece = self.piece
        pid = self.pos.pawns[k].id
        cur = seg = dest
        way = [dest]
        stop_after_stone = self.opts.pawn_slide_stone == "stop"
        pass_pawns = self.opts.pawn_slide_over_pawn == "pass"
        while cur != stop_at:
            n = nxt[cur]
            if n < 0 or n == self.m or n in self.tele:
                break  # P7: a wall, the monster, a teleporter: stops on the pool
            q = piece[n]
            stopped = False
            if q is not None:
                if q >= 0:  # another pawn: passed over on the pool (P5), else it stops
                    if n not in pool or not pass_pawns:
                        break
                else:  # a stone: pushed by P6, or the slide stops before it
                    if not self._pawn_can_push(n, h):
                        break
                    if cur != seg:
                        self.events.append(
                            Slide(self.step, pid, SQUARE_OF[seg], SQUARE_OF[cur], "P7")
                        )
                        seg = cur
                    stopped = n in pool and stop_after_stone
                    self._pawn_push(n, h, pid)
            cur = n
            way.append(n)
            if stopped or cur not in pool:
                break
        if cur != seg:
            self.events.append(Slide(self.step, pid, SQUARE_OF[seg], SQUARE_OF[cur], "P7"))
        return cur, way

    def _pawn_can_push(self, n: int, h: Heading) -> bool:
        """P6: can a pawn push the stone on ``n`` one square towards ``h`` (on the board,
        onto no stone, pawn or monster)?"""
        dest = NEXT[h][n]
        return dest >= 0 and self.piece[dest] is None and dest != self.m

    def _pawn_push(self, n: int, h: Heading, pid: str) -> None:
        """P6 + P8: pawn ``pid`` pushes the stone on ``n`` one square on (checked by
        :meth:`_pawn_can_push`): destroyed on a teleporter, sliding across a pool, removed
        on the entrance or the exit (P6: by a pawn, whatever the monster's option)."""
        nxt = NEXT[h]
        dest = nxt[n]
        p = self.piece[n]
        assert p is not None and p < 0
        kind = self.pos.stones[~p].kind.value
        self.events.append(
            Push(self.step, SQUARE_OF[n], SQUARE_OF[n], SQUARE_OF[dest], "P6", kind=kind, by=pid)
        )
        if dest in self.tele:
            self._remove_stone(n, dest, "teleporter", "P6", n)
            return
        self._move_piece(n, dest)
        end = dest
        pool = self.pool
        while end in pool:  # P8: slide across, stop before anything in the way
            j = nxt[end]
            if j < 0 or self.piece[j] is not None or j == self.m or j in self.tele:
                break
            end = j
        if end != dest:
            self._move_piece(dest, end)
            self.events.append(
                Slide(self.step, SQUARE_OF[dest], SQUARE_OF[dest], SQUARE_OF[end], "P8", kind=kind)
            )
        if end == ENTRANCE_I or end == EXIT_I:
            self._remove_stone(end, end, "corner", "P6", n)

    # --- the step ----------------------------------------------------------------------

    def advance(self, h: Heading, saw_pawn: bool, tied: bool) -> Heading:
        """M7-M12: one step (with its slide, wraps, pushes, eats, teleport)."""
        ev = self.events
        step = self.step
        m = self.m
        t = NEXT[h][m]
        if t >= 0 and self.piece[t] is None and t not in self.pool and t not in self.tele:
            # the common step onto an empty floor square: no wall, push, eat, slide, teleport
            ev.append(Move(step, SQUARE_OF[m], SQUARE_OF[t], "M3"))
            self.m = t
            return h
        # M11: pivot stones turn a monster that saw no pawn (or, by option, a tie).
        pivot_turns = self.opts.pivot_when_tied == "turn"
        turns = 0
        while True:
            t = NEXT[h][m]
            if t < 0:
                t = wrap_index(m)
            kind = self._stone_kind(t)
            if kind is _PIVOT_RIGHT or kind is _PIVOT_180 or kind is _PIVOT_LEFT:
                if not saw_pawn or (tied and pivot_turns):
                    if turns == 4:
                        return h  # four turns in one step: stays put
                    new_h = (
                        _RIGHT[h]
                        if kind is _PIVOT_RIGHT
                        else _LEFT[h]
                        if kind is _PIVOT_LEFT
                        else _ABOUT[h]
                    )
                    ev.append(Turn(step, h, new_h, "pivot", "M11"))
                    h = new_h
                    turns += 1
                    continue
            break
        sliding = False
        seg = m
        for _ in range(4 * NUM_INDICES):
            t = NEXT[h][m]
            crossed = t < 0
            if crossed:  # M10 / B3: through the wall, same heading
                t = wrap_index(m)
            p = self.piece[t]
            if p is not None and p < 0:  # M8: a stone (on a pool too, M9) in the way
                if sliding and seg != m:
                    ev.append(Slide(step, "monster", SQUARE_OF[seg], SQUARE_OF[m], "M9"))
                    seg = m
                self.m = m
                self._push_chain(t, h)
            if crossed:
                if sliding and seg != m:
                    ev.append(Slide(step, "monster", SQUARE_OF[seg], SQUARE_OF[m], "M9"))
                ev.append(Wrap(step, SQUARE_OF[m], SQUARE_OF[t], LETTER_AT[(m, h)], "M10"))
                seg = t
            tele = self.tele.get(t)
            if tele is not None:  # M12
                if not crossed:
                    if sliding:
                        ev.append(Slide(step, "monster", SQUARE_OF[seg], SQUARE_OF[t], "M9"))
                    else:
                        ev.append(Move(step, SQUARE_OF[m], SQUARE_OF[t], "M3"))
                pad, arrow = tele
                ev.append(Teleport(step, SQUARE_OF[t], SQUARE_OF[pad], arrow, "M12"))
                if arrow != h:
                    ev.append(Turn(step, h, arrow, "teleporter", "M12"))
                self.m = pad
                return arrow
            if not crossed and not sliding:
                ev.append(Move(step, SQUARE_OF[m], SQUARE_OF[t], "M3"))
            p = self.piece[t]
            if p is not None and p >= 0:  # M7 (or, slid over on a pool, M9)
                if sliding and not crossed:
                    ev.append(Slide(step, "monster", SQUARE_OF[seg], SQUARE_OF[t], "M9"))
                    seg = t
                self._eat(p, t, "eaten", "M7")
                # M9 slide_over_pawn=stop: eaten on a pool square of this step's slide, the
                # pool square the monster steps onto (or arrives on through a wall) included
                if t in self.pool and self.opts.slide_over_pawn == "stop":
                    self.m = t
                    return h
            m = t
            if m not in self.pool:
                if sliding and seg != m:
                    ev.append(Slide(step, "monster", SQUARE_OF[seg], SQUARE_OF[m], "M9"))
                self.m = m
                return h
            if not sliding:  # M9: entering a pool, slide on in the same step
                sliding = True
                seg = m
        raise AssertionError("monster slide did not end")  # pragma: no cover - pools are finite

    def result_position(self, h: Heading) -> Position:
        """The one position the turn builds: the monster on its square facing ``h``, the
        stones and pawns that moved on their new squares (in the position's order)."""
        pos = self.pos
        stones = pos.stones
        if self.stone_place:  # only the stones that moved are new; the removed ones leave
            place = self.stone_place
            stones = tuple(
                s if k not in place else Stone(SQUARE_OF[place[k]], s.kind)
                for k, s in enumerate(pos.stones)
                if place.get(k, 0) >= 0
            )
        pawns = pos.pawns
        if self.pawn_place:  # only the pawns that moved are new
            moved = list(pawns)
            for k, at in self.pawn_place.items():
                moved[k] = moved[k].moved(at)
            pawns = tuple(moved)
        return Position(
            Monster(SQUARE_OF[self.m], h), stones, pos.pools, pos.teleporters, pawns, pos.stage
        )


def _start(
    position: Position, tile: str | int | Tile, options: RuleOptions | None
) -> tuple[Tile, _Turn]:
    """The door of a monster turn (traced or not): the arguments checked, the tile read
    under the options, the turn's working state with the monster on its square."""
    opts = options if options is not None else _DEFAULT
    if not isinstance(position, Position):
        raise PositionError(
            "monster turn: expected a Position, got {position}", position=shown(position)
        )
    if not isinstance(opts, RuleOptions):
        raise OptionError("monster turn: expected RuleOptions, got {opts}", opts=shown(opts))
    return Tile.parse(tile, opts), _Turn(position, opts)


@refuses_malformed
def monster_turn(
    position: Position, tile: str | int | Tile, options: RuleOptions | None = None
) -> TurnResult:
    """Play the monster's turn for ``tile`` (M1-M13) and return the new position and events.

    Each step is a look (M4, M5) then one move (M7-M12); after the last step a final look
    turns the monster (M6). Prey tiles stop as soon as enough pawns are taken (M13), after
    20 steps at most (M1). A malformed position is refused with the
    :class:`PositionError` naming its fault.
    """
    return _traced_turn(*_start(position, tile, options))


def _traced_turn(t: Tile, turn: _Turn) -> TurnResult:
    h = turn.pos.monster.facing
    events = turn.events
    sight = turn.sight
    prey = t.prey
    for step in range(1, t.steps + 1):
        turn.step = step
        lk, new_h = _look(sight, turn.m, h, step, "M4")
        events.append(lk)
        if new_h != h:
            events.append(Turn(step, h, new_h, "sight", "M5"))
            h = new_h
        h = turn.advance(h, lk.decision != "none", lk.decision == "tie")
        if prey is not None and len(turn.eaten) >= prey:
            break  # M13
    turn.step = step + 1
    lk, new_h = _look(sight, turn.m, h, step + 1, "M6")
    events.append(lk)
    if new_h != h:
        events.append(Turn(step + 1, h, new_h, "sight", "M6"))
        h = new_h
    events.append(End(step + 1, step, tuple(turn.eaten), "M13" if prey is not None else "M3"))
    return TurnResult(t.label, turn.result_position(h), tuple(events))


@refuses_malformed
def monster_outcome(
    position: Position, tile: str | int | Tile, options: RuleOptions | None = None
) -> tuple[Position, tuple[str, ...]]:
    """The monster's turn for ``tile`` without its trace: the position after it and the
    ids of the pawns taken, in order -- :func:`monster_turn`'s ``position`` and ``eaten``
    by the same rules (M1-M13), for players that try thousands of turns and read only
    where they end (the bots, the danger map). No look is recorded, so it costs about
    0.7 of a traced turn (README, Speed)."""
    return _quiet_turn(*_start(position, tile, options))


def _quiet_turn(t: Tile, turn: _Turn) -> tuple[Position, tuple[str, ...]]:
    h = turn.pos.monster.facing
    sight = turn.sight
    prey = t.prey
    for step in range(1, t.steps + 1):
        turn.step = step
        saw, tied, h = _heading_after(sight, turn.m, h)
        h = turn.advance(h, saw, tied)
        if prey is not None and len(turn.eaten) >= prey:
            break  # M13
    h = _heading_after(sight, turn.m, h)[2]  # M6
    return turn.result_position(h), tuple(turn.eaten)


#: the tiles :func:`monster_outcomes` plays unless told: each different tile of the deck (M1)
DECK_TILES = ("5", "7", "8", "10", "X", "XX")


def monster_outcomes(
    position: Position,
    options: RuleOptions | None = None,
    tiles: Iterable[str | int] | None = None,
) -> dict[str, tuple[Position, tuple[str, ...]]]:
    """The outcome of every tile in one walk: ``{tile: (position after, pawns taken)}``,
    each :func:`monster_outcome`'s for that tile, by the same rules (M1-M13). The turns of
    the tiles follow one path -- the same looks and steps -- and differ only in where they
    stop: a number after that many steps, a prey tile once it has taken its pawns or after
    20 steps (M13, M1); so the monster walks once, as far as the longest, and each tile's
    outcome is read off where it stops. ``tiles`` (default :data:`DECK_TILES`, each tile
    of the deck once) are the keys, in their order; an unknown one is a
    :class:`TileError` naming it before any step."""
    labels = _labels(tiles)
    if not labels:
        _start(position, 1, options)  # the position and options are still checked
        return {}
    return _walk_all(position, options, labels, True)


def monster_takes(
    position: Position,
    options: RuleOptions | None = None,
    tiles: Iterable[str | int] | None = None,
    until: str | None = None,
) -> dict[str, tuple[str, ...]]:
    """:func:`monster_outcomes` without the positions: ``{tile: ids of the pawns taken}``,
    for those that ask only who is taken (the danger estimate). ``until`` (a pawn's id):
    the walk stops once that pawn is taken, and the tiles still walking then get the
    pawns taken so far (that one among them)."""
    labels = _labels(tiles)
    if not labels:
        _start(position, 1, options)
        return {}
    return _walk_all(position, options, labels, False, until)


def _labels(tiles: object) -> list[str]:
    if tiles is None:
        return list(DECK_TILES)
    if isinstance(tiles, (str, bytes)) or not isinstance(tiles, Iterable):
        raise TileError(
            "tiles: expected a list of tiles such as ['5', 'X'], got {tiles}", tiles=shown(tiles)
        )
    return [str(t) if type(t) is int else t for t in tiles]


@refuses_malformed
def _walk_all(
    position: Position,
    options: RuleOptions | None,
    labels: list[str],
    build: bool,
    until: str | None = None,
) -> dict[str, Any]:
    """The one walk of :func:`monster_outcomes` (``build``: each tile's position too, else
    only the pawns taken)."""
    first, turn = _start(position, labels[0], options)
    parsed = [first] + [Tile.parse(label, turn.opts) for label in labels[1:]]
    # where each tile stops: after its steps (by the step), or once it has its prey (the
    # prey tiles by the pawns they wait for, fewest first)
    by_step: dict[int, list[int]] = {}
    prey: list[tuple[int, int]] = []
    for k, t in enumerate(parsed):
        by_step.setdefault(t.steps, []).append(k)
        if t.prey:
            prey.append((t.prey, k))
    prey.sort()
    found: list[Any] = [None] * len(labels)
    left = len(labels)
    h = turn.pos.monster.facing
    sight = turn.sight
    eaten = turn.eaten
    step = 0
    fewest = prey[0][0] if prey else 99
    while left:
        step += 1
        turn.step = step
        saw, tied, h = _heading_after(sight, turn.m, h)
        h = turn.advance(h, saw, tied)
        ks = by_step.get(step)
        if until is not None and until in eaten:
            for k, t in enumerate(found):
                if t is None:
                    found[k] = tuple(eaten)
            break
        if ks is None and len(eaten) < fewest:
            continue
        stopping = [k for k in ks if found[k] is None] if ks else []
        while prey and prey[0][0] <= len(eaten):
            k = prey.pop(0)[1]
            if found[k] is None and k not in stopping:
                stopping.append(k)
        fewest = prey[0][0] if prey else 99
        if stopping:
            outcome: Any = tuple(eaten)
            if build:
                outcome = (turn.result_position(_heading_after(sight, turn.m, h)[2]), outcome)
            for k in stopping:
                found[k] = outcome
            left -= len(stopping)
    return {label: o for label, o in zip(labels, found, strict=True) if o is not None}
