"""Positions and the ``finstere-position/1`` JSON format (docs/format.md).

A :class:`Position` is an immutable value: monster, stones, pools, teleporters, pawns and
the stage. Loading validates everything docs/format.md lists and names the offending key or
square in the error; nothing is half-loaded.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from .board import ENTRANCE, EXIT, Heading, Square, on_board
from .errors import PositionError
from .pieces import Monster, Pawn, PawnPlace, Pool, Stone, StoneKind, Teleporter

FORMAT_ID = "finstere-position/1"
PLACES = ("outside", "escaped", "eaten")

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


@dataclass(frozen=True)
class Position:
    """A board position (docs/format.md). Build with :meth:`from_dict`, :meth:`from_json`,
    :meth:`basic` or :func:`finstere_widget.engine.diagram.parse_diagram`."""

    monster: Monster
    stones: tuple[Stone, ...] = ()
    pools: tuple[Pool, ...] = ()
    teleporters: tuple[Teleporter, ...] = ()
    pawns: tuple[Pawn, ...] = ()
    stage: int = 1
    _check: bool = field(default=True, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self._check:
            _validate(self)

    # --- construction -----------------------------------------------------------------

    @classmethod
    def basic(cls, pawns: Iterable[Pawn] = (), stage: int = 1) -> Position:
        """B4: the basic layout (stones, both pools, monster on the exit facing east)."""
        return cls(
            monster=Monster(EXIT, Heading.E),
            stones=tuple(Stone(s) for s in BASIC_STONES),
            pools=tuple(Pool(p) for p in BASIC_POOLS),
            pawns=tuple(pawns),
            stage=stage,
        )

    @classmethod
    def from_json(cls, text: str) -> Position:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise PositionError(f"malformed JSON: {exc}") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> Position:
        return _from_dict(data)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT_ID,
            "monster": {"at": list(self.monster.at), "facing": self.monster.facing.name},
            "stones": [{"at": list(s.at), "kind": s.kind.value} for s in self.stones],
            "pools": [[list(sq) for sq in p.squares] for p in self.pools],
            "teleporters": [
                {"at": list(t.at), "pair": t.pair, "arrow": t.arrow.name} for t in self.teleporters
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
        return json.dumps(self.to_dict(), indent=indent)

    def replace(self, **changes: Any) -> Position:
        """A copy with some fields changed (validated again)."""
        return replace(self, **changes, _check=True)

    @classmethod
    def _trusted(
        cls,
        monster: Monster,
        stones: tuple[Stone, ...],
        pools: tuple[Pool, ...],
        teleporters: tuple[Teleporter, ...],
        pawns: tuple[Pawn, ...],
        stage: int,
    ) -> Position:
        """Build without validation, for the engine's own results (hot paths only)."""
        pos = object.__new__(cls)
        pos.__dict__.update(
            monster=monster,
            stones=stones,
            pools=pools,
            teleporters=teleporters,
            pawns=pawns,
            stage=stage,
            _check=False,
        )
        return pos

    # --- look-ups ----------------------------------------------------------------------

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
        try:
            return self.pawn_by_id[pawn_id]
        except KeyError:
            raise PositionError(f"no pawn with id {pawn_id!r}") from None

    def partner(self, teleporter: Teleporter) -> Teleporter:
        """M12: the other pad of a teleporter's pair."""
        for t in self.teleporters:
            if t.pair == teleporter.pair and t.at != teleporter.at:
                return t
        raise PositionError(f"teleporter at {list(teleporter.at)} has no partner")

    def piece_at(self, square: Square) -> str | None:
        """What stands on ``square`` (monster, stone kind, pawn id, teleporter), else None."""
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
        """One line with the essentials (``str(position)`` is the text diagram)."""
        places = Counter("on the board" if isinstance(p.at, tuple) else p.at for p in self.pawns)
        where = ", ".join(f"{n} {place}" for place, n in places.items())
        m = self.monster
        return (f"<Position stage {self.stage}: monster at ({m.at[0]}, {m.at[1]}) facing "
                f"{m.facing.name}, {len(self.stones)} stones, {len(self.pools)} pools, "
                f"{len(self.teleporters)} teleporters, {len(self.pawns)} pawns"
                + (f" ({where})>" if where else ">"))

    def __str__(self) -> str:
        return self.diagram()

    def _repr_svg_(self) -> str:
        return position_svg(self)


def position_svg(position: Position, **overlay: Any) -> str:
    """``position`` drawn as SVG, with an ``Overlay(**overlay)`` when given: the ``_repr_svg_``
    of positions, turns and games (the drawing lives outside the engine, imported here)."""
    from importlib import import_module

    render = import_module("finstere_widget.render")
    svg: str = render.position_svg(position, render.Overlay(**overlay) if overlay else None)
    return svg


# --- loading & validation ---------------------------------------------------------------

_TOP_KEYS = {"format", "monster", "stones", "pools", "teleporters", "pawns", "stage", "layout"}


def _keys(
    obj: Any, where: str, required: set[str], optional: frozenset[str] | set[str] = frozenset()
) -> None:
    if not isinstance(obj, dict):
        raise PositionError(f"{where}: expected an object, got {type(obj).__name__}")
    unknown = set(obj) - required - optional
    if unknown:
        raise PositionError(f"{where}: unknown key {sorted(unknown)[0]!r}")
    missing = required - set(obj)
    if missing:
        raise PositionError(f"{where}: missing key {sorted(missing)[0]!r}")


def _square(value: Any, where: str) -> Square:
    if (
        not isinstance(value, (list, tuple))
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise PositionError(f"{where}: expected a square [x, y], got {value!r}")
    sq = (value[0], value[1])
    if not on_board(sq):
        raise PositionError(f"{where}: square {list(sq)} is off the board (B1)")
    return sq


def _heading(value: Any, where: str) -> Heading:
    if not isinstance(value, str) or value not in ("N", "E", "S", "W"):
        raise PositionError(f"{where}: expected a heading N, E, S or W, got {value!r}")
    return Heading[value]


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise PositionError(f"{where}: expected a list, got {type(value).__name__}")
    return value


def _from_dict(data: Any) -> Position:
    if not isinstance(data, dict):
        raise PositionError(f"position: expected a JSON object, got {type(data).__name__}")
    unknown = set(data) - _TOP_KEYS
    if unknown:
        raise PositionError(f"position: unknown key {sorted(unknown)[0]!r}")
    if "format" not in data:
        raise PositionError(f"position: missing key 'format' (expected {FORMAT_ID!r})")
    if data["format"] != FORMAT_ID:
        raise PositionError(f"format: expected {FORMAT_ID!r}, got {data['format']!r}")
    if "monster" not in data:
        raise PositionError("position: missing key 'monster'")
    m = data["monster"]
    _keys(m, "monster", {"at", "facing"})
    monster = Monster(_square(m["at"], "monster.at"), _heading(m["facing"], "monster.facing"))

    stones: list[Stone] = []
    pools: list[Pool] = []
    if "layout" in data:
        if data["layout"] != "basic":
            raise PositionError(f"layout: only 'basic' is known, got {data['layout']!r}")
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
            stone_kind = StoneKind(kind)
        except ValueError:
            raise PositionError(
                f"{where}.kind: unknown kind {kind!r} (stone, crystal, pivot_right, pivot_left, "
                "pivot_180)"
            ) from None
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
        if not isinstance(t["pair"], str) or not t["pair"]:
            raise PositionError(
                f"{where}.pair: expected a pair name such as 'yellow', got {t['pair']!r}"
            )
        teleporters.append(
            Teleporter(
                _square(t["at"], f"{where}.at"), t["pair"], _heading(t["arrow"], f"{where}.arrow")
            )
        )
    pawns: list[Pawn] = []
    for k, p in enumerate(_list(data.get("pawns", []), "pawns")):
        where = f"pawns[{k}]"
        _keys(p, where, {"id", "player", "light", "dark", "at"}, {"up"})
        if not isinstance(p["id"], str) or not p["id"]:
            raise PositionError(f"{where}.id: expected a non-empty string, got {p['id']!r}")
        if not isinstance(p["player"], str) or not p["player"]:
            raise PositionError(f"{where}.player: expected a colour name, got {p['player']!r}")
        for side in ("light", "dark"):
            v = p[side]
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 20:
                raise PositionError(f"{where}.{side}: expected a number 0..20, got {v!r}")
        up = p.get("up", "light")
        if up not in ("light", "dark"):
            raise PositionError(f"{where}.up: expected 'light' or 'dark', got {up!r}")
        at: PawnPlace
        if isinstance(p["at"], str):
            if p["at"] not in PLACES:
                raise PositionError(
                    f"{where}.at: expected a square or one of {', '.join(PLACES)}, got {p['at']!r}"
                )
            at = p["at"]  # type: ignore[assignment]
        else:
            at = _square(p["at"], f"{where}.at")
        pawns.append(Pawn(p["id"], p["player"], p["light"], p["dark"], up, at))
    stage = data.get("stage", 1)
    if stage not in (1, 2) or isinstance(stage, bool):
        raise PositionError(f"stage: expected 1 or 2, got {stage!r}")
    return Position(monster, tuple(stones), tuple(pools), tuple(teleporters), tuple(pawns), stage)


def make_pool(squares: Iterable[Square], where: str = "pool") -> Pool:
    """B5: a pool from its squares; rejects anything but a 2x2 square or a 1x4 line."""
    given = list(squares)
    sqs = tuple(sorted(set(given), key=lambda s: (s[1], s[0])))
    if len(sqs) != 4 or len(given) != 4:
        raise PositionError(
            f"{where}: a pool has 4 distinct squares (2x2 or 1x4), got {len(given)}"
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
            f"{where}: squares {[list(s) for s in sqs]} are not a 2x2 pool or a straight 1x4 pool (B5)"
        )
    return Pool(sqs)


def _validate(pos: Position) -> None:
    """docs/format.md rejections: no two pieces on one square, pairs, ids, pools."""
    if not isinstance(pos.monster.facing, Heading):
        raise PositionError("monster.facing: expected a Heading")
    if pos.stage not in (1, 2):
        raise PositionError(f"stage: expected 1 or 2, got {pos.stage!r}")
    occupied: dict[Square, str] = {}

    def put(sq: Square, what: str) -> None:
        if not on_board(sq):
            raise PositionError(f"{what}: square {list(sq)} is off the board (B1)")
        if sq in occupied:
            raise PositionError(f"square {list(sq)}: {what} overlaps {occupied[sq]}")
        occupied[sq] = what

    for k, t in enumerate(pos.teleporters):
        put(t.at, f"teleporters[{k}]")
    if occupied.get(pos.monster.at, "").startswith("teleporters"):
        del occupied[pos.monster.at]  # M12: the monster arrives on a pad and may stand there
    put(pos.monster.at, "the monster")
    for k, s in enumerate(pos.stones):
        put(s.at, f"stones[{k}] ({s.kind.value})")
    ids: set[str] = set()
    for k, p in enumerate(pos.pawns):
        if p.id in ids:
            raise PositionError(f"pawns[{k}].id: duplicate pawn id {p.id!r}")
        ids.add(p.id)
        if isinstance(p.at, tuple):
            put(p.at, f"pawns[{k}] ({p.id})")
    pool_owner: dict[Square, int] = {}
    for k, pool in enumerate(pos.pools):
        make_pool(pool.squares, f"pools[{k}]")
        for sq in pool.squares:
            if sq in pool_owner:
                raise PositionError(
                    f"square {list(sq)}: pools[{k}] overlaps pools[{pool_owner[sq]}]"
                )
            pool_owner[sq] = k
            if sq in pos.teleporter_map:
                raise PositionError(f"square {list(sq)}: pools[{k}] overlaps a teleporter (P9)")
    pairs: dict[str, int] = {}
    for t in pos.teleporters:
        pairs[t.pair] = pairs.get(t.pair, 0) + 1
    for name, count in pairs.items():
        if count != 2:
            raise PositionError(
                f"teleporters: pair {name!r} has {count} pad(s); teleporters come in pairs (B5)"
            )


def corner(square: Square) -> bool:
    """B2: the entrance or the exit."""
    return square == ENTRANCE or square == EXIT


def as_position(value: Position | Mapping[str, Any] | str) -> Position:
    """Accept a Position, a docs/format.md dict or its JSON text."""
    if isinstance(value, Position):
        return value
    if isinstance(value, str):
        return Position.from_json(value)
    return Position.from_dict(dict(value))
