"""Positions and the ``finstere-position/1`` JSON format (docs/format.md).

A :class:`Position` is an immutable value: monster, stones, pools, teleporters, pawns and
the stage. Its constructor only stores them; the doors a position enters by check it
(:meth:`Position.validated`): loading (``from_dict``, ``from_json``, the diagram parser,
the widgets' messages), :meth:`Position.basic`, :meth:`Position.replace` (the widgets'
editor) and the game's set-up. Every
check of docs/format.md names the offending key or square in the error; nothing is
half-loaded.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import KW_ONLY, dataclass, field, replace
from functools import cached_property, wraps
from typing import Any, NamedTuple, NoReturn, ParamSpec, TypeVar

from .board import ENTRANCE, EXIT, INDEX, SQUARES, Heading, Square, on_board
from .errors import FinstereError, Message, PositionError, cut, shown
from .i18n import N_
from .pieces import (
    COLOURS,
    FACES,
    PAWN_ID,
    TELEPORTER_PAIRS,
    Monster,
    Pawn,
    PawnPlace,
    Pool,
    Stone,
    StoneKind,
    Teleporter,
)

FORMAT_ID = "finstere-position/1"
PLACES = ("outside", "escaped", "eaten")
#: the longest position JSON text (or diagram) the loaders read: a position is a few KB
MAX_TEXT = 1_000_000
#: the widest ``indent`` the ``to_json`` methods take (a huge one asked for gigabytes)
MAX_INDENT = 16
#: the most pawns a position holds: one for each square of the board, more than any game
#: has (P1: 7 players, 4 pawns each); pawns waiting outside took no square, and a file of
#: 12,000 of them took minutes to draw
MAX_PAWNS = len(SQUARES)

#: B4: the basic layout.
BASIC_STONES: tuple[Square, ...] = (
    (2, 2),
    (12, 3),
    (7, 4),
    (8, 5),
    (13, 5),
    (6, 6),
    (4, 7),
    (12, 7),
    (14, 8),
    (5, 9),
    (8, 9),
)
BASIC_POOLS: tuple[tuple[Square, ...], ...] = (
    ((8, 2), (9, 2), (8, 3), (9, 3)),
    ((4, 8), (5, 8), (6, 8), (7, 8)),
)


#: the JSON names of the enums (an enum's ``name`` and ``value`` are slower properties)
_HEADING_NAME: dict[Heading, str] = {h: h.name for h in Heading}
_KIND_NAME: dict[StoneKind, str] = {k: k.value for k in StoneKind}


class Indices(NamedTuple):
    """A position's pieces as board indices (``y * 16 + x``, :func:`board.index`): what the
    hot paths (the monster's turn, pawn moves) read, computed once per position
    (:attr:`Position.indices`)."""

    monster: int
    stones: tuple[int, ...]  # stone k's index, in the position's order
    pawns: tuple[int, ...]  # pawn k's index, -1 when it is not on the board
    pawn_squares: frozenset[int]  # the indices holding a pawn
    pools: frozenset[int]  # every pool square
    teleporters: Mapping[int, tuple[int, Heading]]  # pad -> (partner pad, partner's arrow)

    def after_move(self, k: int, at: int, stones: tuple[int, ...]) -> Indices:
        """The indices of the position a pawn move leads to: pawn ``k`` on ``at`` (any
        negative number: off the board), the stones on ``stones`` (those still in play, in
        order); the monster, the pools and the teleporters stay where they are."""
        pawns = list(self.pawns)
        pawns[k] = at if at >= 0 else -1
        squares = frozenset(pawns)
        return Indices(
            self.monster,
            stones,
            tuple(pawns),
            squares - {-1} if -1 in squares else squares,
            self.pools,
            self.teleporters,
        )


@dataclass(frozen=True)
class Position:
    """A board position (docs/format.md). Build with :meth:`from_dict`, :meth:`from_json`,
    :meth:`basic` or :meth:`from_diagram` (the text diagram), which check it.

    ``Position(...)`` itself only stores its fields (the engine builds its results with it
    in the hot paths): a position built by hand is checked by :meth:`validated`, which
    :class:`~finstere_widget.engine.game.Game` and the widgets call on the position they
    are given. The monster's turn and a pawn's moves take a position as it is: one that
    makes them fail is refused with a :class:`~finstere_widget.engine.errors.PositionError`
    instead of a crash (:func:`refuses_malformed`), one that does not (two pieces on one
    square, say) is played as given; the drawings escape whatever text a position holds."""

    monster: Monster
    stones: tuple[Stone, ...] = ()
    pools: tuple[Pool, ...] = ()
    teleporters: tuple[Teleporter, ...] = ()
    pawns: tuple[Pawn, ...] = ()
    stage: int = 1
    _: KW_ONLY
    #: the pieces as board indices when whoever builds the position already has them (a
    #: pawn move derives its result's from its parent's, :meth:`Indices.after_move`); else
    #: :attr:`indices` computes them on first use. Not part of the value: not compared,
    #: not written, dropped by :meth:`replace`; :meth:`validated` checks that they are the
    #: pieces' own.
    known_indices: Indices | None = field(default=None, compare=False, repr=False)

    # --- construction -----------------------------------------------------------------

    @classmethod
    def basic(cls, pawns: Iterable[Pawn] = (), stage: int = 1) -> Position:
        """B4: the basic layout (stones, both pools, monster on the exit facing east)."""
        if not isinstance(pawns, (list, tuple)):
            try:
                pawns = tuple(pawns)
            except TypeError:
                raise PositionError(
                    "pawns: expected pawns, got {pawns}", pawns=shown(pawns)
                ) from None
        return cls(
            monster=Monster(EXIT, Heading.E),
            stones=tuple(Stone(s) for s in BASIC_STONES),
            pools=tuple(Pool(p) for p in BASIC_POOLS),
            pawns=tuple(pawns),
            stage=stage,
        ).validated()

    @classmethod
    def from_json(cls, text: str | bytes) -> Position:
        """Read ``finstere-position/1`` JSON text (docs/format.md), checked: a malformed one
        is a :class:`PositionError` naming the key, index or square at fault."""
        return cls.from_dict(load_json(text, "position", PositionError))

    @classmethod
    def from_dict(cls, data: Any) -> Position:
        """Read the ``finstere-position/1`` dict (parsed JSON), checked as :meth:`from_json`."""
        return _from_dict(data)

    def to_dict(self) -> dict[str, Any]:
        """docs/format.md's JSON object (the enums' names read from tables: a trace's
        ``to_dict`` writes one position per turn)."""
        return {
            "format": FORMAT_ID,
            "monster": {"at": list(self.monster.at), "facing": _HEADING_NAME[self.monster.facing]},
            "stones": [{"at": list(s.at), "kind": _KIND_NAME[s.kind]} for s in self.stones],
            "pools": [list(map(list, p.squares)) for p in self.pools],
            "teleporters": [
                {"at": list(t.at), "pair": t.pair, "arrow": _HEADING_NAME[t.arrow]}
                for t in self.teleporters
            ],
            "pawns": [
                {
                    "id": p.id,
                    "player": p.player,
                    "light": p.light,
                    "dark": p.dark,
                    "up": p.up,
                    "at": list(p.at) if isinstance(p.at, tuple) else p.at,
                }
                for p in self.pawns
            ],
            "stage": self.stage,
        }

    @classmethod
    def from_diagram(cls, text: str) -> Position:
        """From the text diagram of :mod:`finstere_widget.engine.diagram`."""
        from .diagram import parse_diagram

        return parse_diagram(text)

    def diagram(self) -> str:
        """The text diagram (round-trips through :meth:`from_diagram`)."""
        from .diagram import format_diagram

        return format_diagram(self)

    def to_json(self, indent: int | None = None) -> str:
        """The position as ``finstere-position/1`` JSON text (:meth:`to_dict`), which
        :meth:`from_json` reads back to an equal position."""
        return dump_json(self.to_dict(), indent, "position", PositionError)

    def replace(self, **changes: Any) -> Position:
        """A copy with some fields changed (validated again)."""
        unknown = set(changes) - _FIELDS
        if unknown:
            raise PositionError(
                "replace: unknown field {key} ({fields})",
                key=_first(unknown),
                fields=", ".join(sorted(_FIELDS)),
            )
        return replace(self, known_indices=None, **changes).validated()

    def validated(self) -> Position:
        """The position itself once every check of docs/format.md and the rules passed
        (types, squares on the board, pawns (P1), teleporter pairs (B5), no two pieces on
        one square, pools); else a :class:`PositionError` naming the key or square at
        fault. Lists given for the piece tuples are made tuples, and a pool's squares are
        put in reading order (as loading gives them: saved and loaded back, the position is
        equal). Indices given at construction (:attr:`known_indices`) must be the pieces'
        own."""
        _validate(self)
        if self.known_indices is not None and self.known_indices != self._indices:
            raise PositionError(
                "known_indices: {given} are not the board indices of the position's pieces",
                given=shown(self.known_indices),
            )
        return self

    # --- look-ups ----------------------------------------------------------------------

    @property
    def indices(self) -> Indices:
        """The pieces as board indices (:class:`Indices`), for the engine's hot paths: the
        ones given at construction (:attr:`known_indices`), else computed once."""
        known = self.known_indices
        return known if known is not None else self._indices

    @cached_property
    def _indices(self) -> Indices:
        pawns = tuple([INDEX[p.at] if p.at.__class__ is tuple else -1 for p in self.pawns])
        pools = self.pools
        tele: dict[int, tuple[int, Heading]] = {}
        for t in self.teleporters:
            partner = self.partner(t)
            tele[INDEX[t.at]] = (INDEX[partner.at], partner.arrow)
        return Indices(
            INDEX[self.monster.at],
            tuple([INDEX[s.at] for s in self.stones]),
            pawns,
            frozenset(pawns) - {-1},
            pools[0].indices.union(*[p.indices for p in pools[1:]]) if pools else frozenset(),
            tele,
        )

    @cached_property
    def stone_map(self) -> dict[Square, Stone]:
        return {s.at: s for s in self.stones}

    @cached_property
    def pawn_map(self) -> dict[Square, Pawn]:
        return {p.at: p for p in self.pawns if isinstance(p.at, tuple)}

    @cached_property
    def pool_squares(self) -> frozenset[Square]:
        return frozenset(sq for p in self.pools for sq in p.squares)

    @cached_property
    def teleporter_map(self) -> dict[Square, Teleporter]:
        return {t.at: t for t in self.teleporters}

    @cached_property
    def pawn_by_id(self) -> dict[str, Pawn]:
        return {p.id: p for p in self.pawns}

    def pawn(self, pawn_id: str) -> Pawn:
        """The pawn of that id; an unknown id is a PositionError naming it and the ids there
        are (a learner who typed ``d`` for ``D`` sees which)."""
        try:
            return self.pawn_by_id[pawn_id]
        except (KeyError, TypeError):  # TypeError: an unhashable id
            ids = cut(", ".join(p.id for p in self.pawns) or "-", 200)
            raise PositionError(
                "no pawn with id {pawn_id} (the pawns here: {ids})", pawn_id=shown(pawn_id), ids=ids
            ) from None

    def partner(self, teleporter: Teleporter) -> Teleporter:
        """M12: the other pad of a teleporter's pair; a pair with one pad (half placed in
        the advanced set-up, A1) is a :class:`PositionError` naming it: such a position is
        shown and saved, not played."""
        for t in self.teleporters:
            if t.pair == teleporter.pair and t.at != teleporter.at:
                return t
        raise PositionError(
            "teleporters: pair {pair} has one pad, on {at}: a position is played once both "
            "pads of each pair are placed (A1, B5)",
            pair=shown(teleporter.pair),
            at=list(teleporter.at),
        )

    def piece_at(self, square: Square) -> str | None:
        """What stands on ``square`` (monster, stone kind, pawn id, teleporter), else None
        (a tuple off the board holds nothing). Anything else is read as JSON writes a
        square (``[x, y]``), and a :class:`PositionError` names what is no square of the
        board."""
        if type(square) is not tuple:
            square = _square(square, "square")  # a list ([x, y], as JSON writes it) is one
        if square == self.monster.at:
            return "monster"
        if square in self.stone_map:
            return self.stone_map[square].kind.value
        if square in self.pawn_map:
            return self.pawn_map[square].id
        if square in self.teleporter_map:
            return "teleporter"
        return None

    # --- static output -------------------------------------------------------------------

    def __repr__(self) -> str:
        """One line with the essentials (``str(position)`` is the text diagram). It always
        answers: a malformed position built by hand is named with its fault."""
        try:
            places = Counter(
                "on the board" if isinstance(p.at, tuple) else p.at if p.at in PLACES else "?"
                for p in self.pawns
            )
            where = ", ".join(f"{n} {place}" for place, n in places.items())
            m = self.monster
            return (
                f"<Position stage {self.stage}: monster at ({m.at[0]}, {m.at[1]}) facing "
                f"{m.facing.name}, {len(self.stones)} stones, {len(self.pools)} pools, "
                f"{len(self.teleporters)} teleporters, {len(self.pawns)} pawns"
                + (f" ({where})>" if where else ">")
            )
        except Exception:  # built by hand: every field may be anything
            fault = _fault(self)
            return f"<Position, malformed: {fault}>" if fault else "<Position, malformed>"

    def __str__(self) -> str:
        return _drawn(self, self.diagram)

    def _repr_svg_(self) -> str:
        return position_svg(self)


def position_svg(position: Position, **overlay: Any) -> str:
    """``position`` drawn as SVG, with an ``Overlay(**overlay)`` when given: the ``_repr_svg_``
    of positions, turns and games (the drawing lives outside the engine: imported on use).
    A malformed position built by hand that the drawing cannot take is refused with the
    :class:`PositionError` naming its fault."""
    from .. import render

    return _drawn(
        position,
        lambda: render.position_svg(position, render.Overlay(**overlay) if overlay else None),
    )


def _drawn(position: Position, draw: Callable[[], str]) -> str:
    """``draw()`` (a picture or the diagram of ``position``); when a malformed position
    built by hand makes it fail, the :class:`PositionError` naming its fault instead."""
    try:
        return draw()
    except FinstereError:
        raise
    except (*MALFORMED, ValueError):
        fault = _fault(position)
        if fault is None:
            raise  # a valid position: a bug of the drawing, not of its input
        raise fault from None


# --- loading & validation ---------------------------------------------------------------

_FIELDS = {"monster", "stones", "pools", "teleporters", "pawns", "stage"}
_TOP_KEYS = {"format", "monster", "stones", "pools", "teleporters", "pawns", "stage", "layout"}


def dump_json(data: Any, indent: Any, what: str, error: type[FinstereError]) -> str:
    """``data`` as JSON text for ``what``, indented by ``indent`` spaces (None: one line).
    Any other ``indent`` than None or an int 0..:data:`MAX_INDENT` is an ``error`` naming
    it: ``indent=2.5`` raised a bare TypeError, and ``indent=10**9`` filled the memory."""
    if indent is not None and (type(indent) is not int or not 0 <= indent <= MAX_INDENT):
        raise error(
            N_("{what}: indent {indent}: expected None or 0..{limit} spaces"),
            what=what,
            indent=shown(indent),
            limit=MAX_INDENT,
        )
    return json.dumps(data, indent=indent)


def load_json(text: Any, what: str, error: type[FinstereError]) -> Any:
    """Parse JSON text (``str``, or UTF-8 ``bytes``; a leading byte-order mark is skipped)
    for ``what``; every failure -- not text, not UTF-8, too long, malformed, nested too
    deeply, a number too long to read -- is an ``error`` naming ``what``."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise error(
                N_("{what}: not UTF-8 text (byte {start})"), what=what, start=exc.start
            ) from None
    if not isinstance(text, str):
        raise error(
            N_("{what}: expected JSON text, got {type}"), what=what, type=type(text).__name__
        )
    if text.startswith("\ufeff"):  # the byte-order mark some editors (Notepad) write first
        text = text[1:]
    if len(text) > MAX_TEXT:
        raise error(
            N_("{what}: {count} characters of JSON, more than the {limit} read"),
            what=what,
            count=len(text),
            limit=MAX_TEXT,
        )

    def not_json(constant: str) -> NoReturn:
        """``NaN``, ``Infinity``, ``-Infinity``: Python's json reads them, JSON has none (an
        answer square of Infinity crashed the puzzle loader)."""
        raise error(
            N_("{what}: malformed JSON: {constant} is not JSON"), what=what, constant=constant
        )

    def once_each(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        """An object whose keys are each given once: a hand-edited file's second
        ``"stage"`` silently replaced the first."""
        out = dict(pairs)
        if len(out) != len(pairs):
            seen: set[str] = set()
            for key, _ in pairs:
                if key in seen:
                    raise error(
                        N_("{what}: malformed JSON: key {key} given twice"),
                        what=what,
                        key=shown(key),
                    )
                seen.add(key)
        return out

    try:
        return json.loads(text, parse_constant=not_json, object_pairs_hook=once_each)
    except FinstereError:  # not_json's and once_each's, named already
        raise
    except json.JSONDecodeError as exc:
        raise error(
            N_("{what}: malformed JSON: {exc}"), what=what, exc=cut(str(exc), 120)
        ) from None
    except RecursionError:
        raise error(N_("{what}: malformed JSON: nested too deeply"), what=what) from None
    except ValueError as exc:  # e.g. an integer of more than 4300 digits
        raise error(
            N_("{what}: malformed JSON: {exc}"), what=what, exc=cut(str(exc), 120)
        ) from None


def _first(keys: Iterable[Any]) -> str:
    """The first of some dict keys, quoted, whatever their types."""
    return shown(sorted(keys, key=repr)[0])


def _keys(
    obj: Any, where: str, required: set[str], optional: frozenset[str] | set[str] = frozenset()
) -> None:
    if not isinstance(obj, dict):
        raise PositionError(
            "{where}: expected an object, got {type}", where=where, type=type(obj).__name__
        )
    unknown = set(obj) - required - optional
    if unknown:
        raise PositionError("{where}: unknown key {key}", where=where, key=_first(unknown))
    missing = required - set(obj)
    if missing:
        raise PositionError("{where}: missing key {key}", where=where, key=_first(missing))


def _int(value: Any) -> bool:
    return type(value) is int


def _square(value: Any, where: str | Message) -> Square:
    """A square from JSON (a list) or Python (a tuple): two ints on the board (B1)."""
    if not isinstance(value, (list, tuple)) or len(value) != 2 or not all(map(_int, value)):
        raise PositionError(
            "{where}: expected a square [x, y], got {value}", where=where, value=shown(value)
        )
    sq = (value[0], value[1])
    if not on_board(sq):
        raise PositionError(
            "{where}: square {sq} is off the board (B1)", where=where, sq=shown(list(sq))
        )
    return sq


def _heading(value: Any, where: str) -> Heading:
    if not isinstance(value, str) or value not in ("N", "E", "S", "W"):
        raise PositionError(
            "{where}: expected a heading N, E, S or W, got {value}", where=where, value=shown(value)
        )
    return Heading[value]


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise PositionError(
            "{where}: expected a list, got {type}", where=where, type=type(value).__name__
        )
    return value


def _check_count(pawns: Sequence[Any]) -> None:
    if len(pawns) > MAX_PAWNS:
        raise PositionError(
            "pawns: {count} pawns, more than the {limit} a position holds",
            count=len(pawns),
            limit=MAX_PAWNS,
        )


def _place(value: Any, where: str) -> PawnPlace:
    """A pawn's ``at``: a square, or outside / escaped / eaten."""
    if isinstance(value, str):
        if value not in PLACES:
            raise PositionError(
                "{where}: expected a square or one of {places}, got {value}",
                where=where,
                places=", ".join(PLACES),
                value=shown(value),
            )
        return value  # type: ignore[return-value]
    return _square(value, where)


def _check_stage(stage: Any) -> None:
    if not _int(stage) or stage not in (1, 2):
        raise PositionError("stage: expected 1 or 2, got {stage}", stage=shown(stage))


def check_pawn_fields(
    pid: Any, player: Any, light: Any, dark: Any, up: Any, where: str = "pawn"
) -> None:
    """P1 and docs/format.md: what a pawn may be. ``id``: 1 to 16 ASCII letters, digits, ``_``
    or ``-`` (:data:`~.pieces.PAWN_ID`); ``player``: a colour of P1; faces: one of the
    game's pawns (two sides 1..6 adding up to 7); ``up``: ``light`` or ``dark``."""
    if not isinstance(pid, str) or not PAWN_ID.fullmatch(pid):
        raise PositionError(
            "{where}.id: expected 1 to 16 letters, digits, '_' or '-', got {pid}",
            where=where,
            pid=shown(pid),
        )
    if not isinstance(player, str) or player not in COLOURS:
        raise PositionError(
            "{where}.player: expected a colour of P1 ({colours}), got {player}",
            where=where,
            colours=", ".join(COLOURS),
            player=shown(player),
        )
    for side, v in (("light", light), ("dark", dark)):
        if not _int(v) or not 1 <= v <= 6:
            raise PositionError(
                "{where}.{side}: expected a number 1..6 (P1), got {v}",
                where=where,
                side=side,
                v=shown(v),
            )
    if (light, dark) not in FACES:
        raise PositionError(
            "{where}: faces {light}/{dark} (light/dark) are not a pawn of the game: the two sides add up to 7 (6/1, 4/3, 3/4, 2/5, P1)",
            where=where,
            light=light,
            dark=dark,
        )
    if not isinstance(up, str) or up not in ("light", "dark"):
        raise PositionError(
            "{where}.up: expected 'light' or 'dark', got {up}", where=where, up=shown(up)
        )


def _from_dict(data: Any) -> Position:
    if not isinstance(data, dict):
        raise PositionError(
            "position: expected a JSON object, got {type}", type=type(data).__name__
        )
    unknown = set(data) - _TOP_KEYS
    if unknown:
        raise PositionError("position: unknown key {key}", key=_first(unknown))
    if "format" not in data:
        raise PositionError(
            "position: missing key 'format' (expected {format_id!r})", format_id=FORMAT_ID
        )
    if data["format"] != FORMAT_ID:
        raise PositionError(
            "format: expected {format_id!r}, got {format}",
            format_id=FORMAT_ID,
            format=shown(data["format"]),
        )
    if "monster" not in data:
        raise PositionError("position: missing key 'monster'")
    m = data["monster"]
    _keys(m, "monster", {"at", "facing"})
    monster = Monster(_square(m["at"], "monster.at"), _heading(m["facing"], "monster.facing"))

    stones: list[Stone] = []
    pools: list[Pool] = []
    if "layout" in data:
        if data["layout"] != "basic":
            raise PositionError(
                "layout: only 'basic' is known, got {layout}", layout=shown(data["layout"])
            )
        if "stones" in data or "pools" in data:
            raise PositionError(
                "layout: 'basic' stands in for 'stones' and 'pools'; give one or the other"
            )
        basic = Position.basic()
        stones, pools = list(basic.stones), list(basic.pools)
    for k, s in enumerate(_list(data.get("stones", []), "stones")):
        where = f"stones[{k}]"
        _keys(s, where, {"at"}, {"kind"})
        kind = s.get("kind", "stone")
        try:
            stone_kind = StoneKind(kind) if isinstance(kind, str) else None
        except ValueError:
            stone_kind = None
        if stone_kind is None:
            raise PositionError(
                "{where}.kind: unknown kind {kind} ({kinds})",
                where=where,
                kind=shown(kind),
                kinds=", ".join(k.value for k in StoneKind),
            )
        stones.append(Stone(_square(s["at"], f"{where}.at"), stone_kind))
    for k, p in enumerate(_list(data.get("pools", []), "pools")):
        squares = tuple(
            _square(sq, f"pools[{k}][{j}]") for j, sq in enumerate(_list(p, f"pools[{k}]"))
        )
        pools.append(make_pool(squares, f"pools[{k}]"))
    teleporters: list[Teleporter] = []
    for k, t in enumerate(_list(data.get("teleporters", []), "teleporters")):
        where = f"teleporters[{k}]"
        _keys(t, where, {"at", "pair", "arrow"})
        _check_pair(t["pair"], f"{where}.pair")
        teleporters.append(
            Teleporter(
                _square(t["at"], f"{where}.at"), t["pair"], _heading(t["arrow"], f"{where}.arrow")
            )
        )
    pawns: list[Pawn] = []
    given = _list(data.get("pawns", []), "pawns")
    _check_count(given)
    for k, p in enumerate(given):
        where = f"pawns[{k}]"
        _keys(p, where, {"id", "player", "light", "dark", "at"}, {"up"})
        check_pawn_fields(p["id"], p["player"], p["light"], p["dark"], p.get("up", "light"), where)
        at = _place(p["at"], f"{where}.at")
        pawns.append(Pawn(p["id"], p["player"], p["light"], p["dark"], p.get("up", "light"), at))
    stage = data.get("stage", 1)
    _check_stage(stage)
    return Position(
        monster, tuple(stones), tuple(pools), tuple(teleporters), tuple(pawns), stage
    ).validated()


def make_pool(squares: Iterable[Square], where: str | Message = "pool") -> Pool:
    """B5: a pool from its squares; rejects anything but a 2x2 square or a 1x4 line.
    ``where`` names the pool in the error (a JSON key, or a :class:`Message` such as a
    diagram's line, told in the error's language)."""
    if not isinstance(squares, (list, tuple)):
        raise PositionError(
            "{where}: expected the 4 squares of a pool, got {squares}",
            where=where,
            squares=shown(squares),
        )
    if len(squares) != 4:
        raise PositionError(
            "{where}: a pool has 4 distinct squares (2x2 or 1x4), got {count}",
            where=where,
            count=len(squares),
        )
    given = [_square(sq, Message("{where}[{j}]", where=where, j=j)) for j, sq in enumerate(squares)]
    sqs = tuple(sorted(set(given), key=lambda s: (s[1], s[0])))
    if len(sqs) != 4:
        raise PositionError(
            "{where}: a pool has 4 distinct squares (2x2 or 1x4), got {count}",
            where=where,
            count=len(sqs),
        )
    xs = sorted({s[0] for s in sqs})
    ys = sorted({s[1] for s in sqs})
    ok = (
        (len(xs) == 2 and len(ys) == 2 and xs[1] - xs[0] == 1 and ys[1] - ys[0] == 1)
        or (len(ys) == 1 and xs == list(range(xs[0], xs[0] + 4)))
        or (len(xs) == 1 and ys == list(range(ys[0], ys[0] + 4)))
    )
    if not ok:
        raise PositionError(
            "{where}: squares {squares} are not a 2x2 pool or a straight 1x4 pool (B5)",
            where=where,
            squares=[list(s) for s in sqs],
        )
    return Pool(sqs)


def _check_pair(pair: Any, where: str) -> None:
    if not isinstance(pair, str) or pair not in TELEPORTER_PAIRS:
        raise PositionError(
            "{where}: expected a teleporter pair ({pairs}, B5), got {pair}",
            where=where,
            pairs=", ".join(TELEPORTER_PAIRS),
            pair=shown(pair),
        )


def _at(value: Any, where: str) -> Square:
    """A square of a piece built in Python: an ``(x, y)`` tuple on the board."""
    if not isinstance(value, tuple):
        raise PositionError(
            "{where}: expected a square (x, y), got {value}", where=where, value=shown(value)
        )
    return _square(value, where)


def _pieces(pos: Position, name: str, kind: type) -> tuple[Any, ...]:
    """The field ``name`` as a tuple of ``kind`` (a list is made a tuple)."""
    value = getattr(pos, name)
    if isinstance(value, list):
        value = tuple(value)
        object.__setattr__(pos, name, value)
    if not isinstance(value, tuple):
        raise PositionError(
            "{name}: expected a tuple of {type}, got {value}",
            name=name,
            type=kind.__name__,
            value=shown(value),
        )
    for k, item in enumerate(value):
        if not isinstance(item, kind):
            raise PositionError(
                "{name}[{k}]: expected a {type}, got {item}",
                name=name,
                k=k,
                type=kind.__name__,
                item=shown(item),
            )
    return value


def _validate(pos: Position) -> None:
    """Every check of docs/format.md and the rules, for positions entering by any door (the
    loaders, :meth:`Position.basic`, :meth:`Position.replace`, :meth:`Position.validated`):
    types, squares on the board, pawns (P1), teleporter pairs (B5), no two pieces on one
    square, pools. Positions the engine builds from checked ones are not checked again."""
    if not isinstance(pos.monster, Monster):
        raise PositionError(
            "monster: expected a Monster, got {monster}", monster=shown(pos.monster)
        )
    _at(pos.monster.at, "monster.at")
    if not isinstance(pos.monster.facing, Heading):
        raise PositionError(
            "monster.facing: expected a Heading, got {facing}", facing=shown(pos.monster.facing)
        )
    _check_stage(pos.stage)
    stones: tuple[Stone, ...] = _pieces(pos, "stones", Stone)
    pools: tuple[Pool, ...] = _pieces(pos, "pools", Pool)
    teleporters: tuple[Teleporter, ...] = _pieces(pos, "teleporters", Teleporter)
    pawns: tuple[Pawn, ...] = _pieces(pos, "pawns", Pawn)
    _check_count(pawns)
    for k, s in enumerate(stones):
        _at(s.at, f"stones[{k}].at")
        if not isinstance(s.kind, StoneKind):
            raise PositionError(
                "stones[{k}].kind: expected a StoneKind, got {kind}", k=k, kind=shown(s.kind)
            )
    for k, t in enumerate(teleporters):
        where = f"teleporters[{k}]"
        _at(t.at, f"{where}.at")
        _check_pair(t.pair, f"{where}.pair")
        if not isinstance(t.arrow, Heading):
            raise PositionError(
                "{where}.arrow: expected a Heading, got {arrow}", where=where, arrow=shown(t.arrow)
            )
        if corner(t.at):
            raise PositionError(
                "{where}: square {at} is the exit or the entrance, no place for a teleporter (A2)",
                where=where,
                at=list(t.at),
            )
    for k, p in enumerate(pawns):
        where = f"pawns[{k}]"
        check_pawn_fields(p.id, p.player, p.light, p.dark, p.up, where)
        if not isinstance(p.at, str):
            _at(p.at, f"{where}.at")
        _place(p.at, f"{where}.at")
    occupied: dict[Square, str] = {}

    def put(sq: Square, what: str) -> None:
        if sq in occupied:
            raise PositionError(
                "square {sq}: {what} overlaps {occupied}",
                sq=list(sq),
                what=what,
                occupied=occupied[sq],
            )
        occupied[sq] = what

    for k, t in enumerate(teleporters):
        put(t.at, f"teleporters[{k}]")
    if occupied.get(pos.monster.at, "").startswith("teleporters"):
        del occupied[pos.monster.at]  # M12: the monster arrives on a pad and may stand there
    put(pos.monster.at, "the monster")
    for k, s in enumerate(stones):
        put(s.at, f"stones[{k}] ({s.kind.value})")
    ids: set[str] = set()
    for k, p in enumerate(pawns):
        if p.id in ids:
            raise PositionError("pawns[{k}].id: duplicate pawn id {id!r}", k=k, id=p.id)
        ids.add(p.id)
        if isinstance(p.at, tuple):
            put(p.at, f"pawns[{k}] ({p.id})")
    pool_owner: dict[Square, int] = {}
    ordered: list[Pool] = []  # each pool's squares in reading order, as loading gives them
    tele_squares = {t.at for t in teleporters}
    for k, pool in enumerate(pools):
        if not isinstance(pool.squares, tuple):
            raise PositionError(
                "pools[{k}]: expected a tuple of squares, got {squares}",
                k=k,
                squares=shown(pool.squares),
            )
        for j, sq in enumerate(pool.squares):
            _at(sq, f"pools[{k}][{j}]")
        ordered.append(make_pool(pool.squares, f"pools[{k}]"))
        for sq in pool.squares:
            if sq in pool_owner:
                raise PositionError(
                    "square {sq}: pools[{k}] overlaps pools[{other}]",
                    sq=list(sq),
                    k=k,
                    other=pool_owner[sq],
                )
            pool_owner[sq] = k
            if sq in tele_squares:
                raise PositionError(
                    "square {sq}: pools[{k}] overlaps a teleporter (P9)", sq=list(sq), k=k
                )
    pairs: dict[str, int] = {}
    for t in teleporters:
        pairs[t.pair] = pairs.get(t.pair, 0) + 1
    for name, count in pairs.items():
        if count > 2:  # one pad: a pair half placed (A1), shown and saved, not played
            raise PositionError(
                "teleporters: pair {name!r} has {count} pad(s); teleporters come in pairs (B5)",
                name=name,
                count=count,
            )
    if tuple(ordered) != pools:  # a valid position: saved and loaded back, it is equal
        object.__setattr__(pos, "pools", tuple(ordered))


def corner(square: Square) -> bool:
    """B2: the entrance or the exit."""
    return square == ENTRANCE or square == EXIT


_P = ParamSpec("_P")
_R = TypeVar("_R")

#: what a malformed position built by hand (``Position(...)`` does not check) makes the
#: engine's table look-ups raise
MALFORMED = (KeyError, IndexError, TypeError, AttributeError)


def refuses_malformed(play: Callable[_P, _R]) -> Callable[_P, _R]:
    """For the engine's entry points that take a position first (the monster's turn, a
    pawn's moves): they trust the position, and when it makes them fail, the position is
    refused with the :class:`PositionError` naming its fault (:meth:`Position.validated`).
    Nothing is checked before: a valid position costs one call more, not a check."""

    @wraps(play)
    def door(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return play(*args, **kwargs)
        except MALFORMED:
            fault = _fault(args[0] if args else kwargs.get("position"))
            if fault is None:
                raise  # a valid position: a bug of the engine, not of its input
        raise fault from None

    return door


def _fault(position: object) -> PositionError | None:
    """The error naming what is wrong with ``position`` (no position at all, e.g. ``look(5)``,
    raised an AttributeError); None when it is valid."""
    if not isinstance(position, Position):
        return PositionError(
            "position: expected a Position, got {position}", position=shown(position)
        )
    try:
        _validate(position)
    except PositionError as exc:
        return exc
    return None


def as_position(value: Position | Mapping[str, Any] | str) -> Position:
    """Accept a Position, a docs/format.md dict or its JSON text, checked either way (a
    Position by :meth:`Position.validated`): the widgets' door, so a hand-built position that
    breaks the format or the rules is refused with the :class:`PositionError` naming its
    fault before a widget changes anything."""
    if isinstance(value, Position):
        return value.validated()
    if isinstance(value, (str, bytes, bytearray)):
        return Position.from_json(value)
    if isinstance(value, Mapping):
        return Position.from_dict(dict(value))
    raise PositionError(
        "position: expected a Position, a docs/format.md dict or its JSON text, got {value}",
        value=shown(value),
    )
