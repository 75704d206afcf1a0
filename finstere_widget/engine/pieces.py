"""Pieces (docs/rules.md B5, P1): stones of four kinds, blood pools, teleporters, pawns, monster."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from typing import Literal, Union

from .board import WIDTH, Heading, Square

#: P1: the players' colours, in the order players take them (2-4 players: the first four).
COLOURS: tuple[str, ...] = ("blue", "yellow", "red", "green", "purple", "black", "white")
#: B5: the teleporter pairs.
TELEPORTER_PAIRS: tuple[str, ...] = ("yellow", "blue")
#: A pawn id: 1 to 16 ASCII letters, digits, ``_`` or ``-`` (safe in HTML, SVG, terminals).
PAWN_ID = re.compile(r"[A-Za-z0-9_-]{1,16}")
#: P1: the pawns' faces: two sides 1..6 adding up to 7 (6/1, 4/3, 3/4, 2/5, either side up)
FACES: frozenset[tuple[int, int]] = frozenset((v, 7 - v) for v in range(1, 7))


class StoneKind(str, Enum):
    """B5: a stone tile's face. Crystals and pivots are stones for pawns (P6)."""

    STONE = "stone"
    CRYSTAL = "crystal"
    PIVOT_RIGHT = "pivot_right"
    PIVOT_LEFT = "pivot_left"  # B5: named by the Czech rules only; not in the standard set
    PIVOT_180 = "pivot_180"

    @property
    def blocks_sight(self) -> bool:
        """M4: stones and pivot stones stop a line of sight; crystals do not."""
        return self is not StoneKind.CRYSTAL

    @property
    def is_pivot(self) -> bool:
        return self in (StoneKind.PIVOT_RIGHT, StoneKind.PIVOT_LEFT, StoneKind.PIVOT_180)


@dataclass(frozen=True)
class Stone:
    at: Square
    kind: StoneKind = StoneKind.STONE


@dataclass(frozen=True)
class Pool:
    """B5: a blood pool, 2x2 or 1x4 straight; squares sorted by (y, x). Pools never move."""

    squares: tuple[Square, ...]

    @cached_property
    def indices(self) -> frozenset[int]:
        """Its squares as board indices (``y * 16 + x``): pools never move, so a game's
        positions share this set."""
        return frozenset(y * WIDTH + x for x, y in self.squares)

    @property
    def shape(self) -> Literal["2x2", "4x1", "1x4"]:
        xs = {s[0] for s in self.squares}
        ys = {s[1] for s in self.squares}
        if len(xs) == 2 and len(ys) == 2:
            return "2x2"
        return "4x1" if len(ys) == 1 else "1x4"


@dataclass(frozen=True)
class Teleporter:
    """B5/M12: a teleporter pad of a pair, with the heading of its printed arrow."""

    at: Square
    pair: str
    arrow: Heading


Side = Literal["light", "dark"]
PawnPlace = Union[Square, Literal["outside", "escaped", "eaten"]]  # noqa: UP007


@dataclass(frozen=True)
class Pawn:
    """P1: a double-sided pawn; ``light + dark == 7`` in the real game."""

    id: str
    player: str
    light: int
    dark: int
    up: Side = "light"
    at: PawnPlace = "outside"

    @property
    def value(self) -> int:
        """The number showing: how many points this pawn may move now (P2)."""
        return self.light if self.up == "light" else self.dark

    @property
    def on_board(self) -> bool:
        return isinstance(self.at, tuple)

    def flipped(self) -> Pawn:
        return Pawn(
            self.id,
            self.player,
            self.light,
            self.dark,
            "dark" if self.up == "light" else "light",
            self.at,
        )

    def moved(self, at: PawnPlace) -> Pawn:
        """The same pawn on ``at``."""
        return Pawn(self.id, self.player, self.light, self.dark, self.up, at)


@dataclass(frozen=True)
class Monster:
    at: Square
    facing: Heading
