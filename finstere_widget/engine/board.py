"""Board geometry of Finstere Flure (docs/rules.md B1-B3).

Squares are ``(x, y)`` tuples: x = column 0..15 left to right, y = row 0..10 top to
bottom (B1). Internally the hot paths (monster turn, pawn moves) use the *index*
``y * 16 + x`` and the precomputed tables of this module, so nothing is recomputed per
step: neighbours, wall wraps with their letters, and the lines of sight.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from .errors import PositionError, shown

Square = tuple[int, int]

WIDTH: Final = 16
HEIGHT: Final = 11
NUM_INDICES: Final = WIDTH * HEIGHT

#: B1: the x extent of each row (inclusive).
ROW_EXTENT: Final[tuple[tuple[int, int], ...]] = (
    (0, 11),
    (0, 12),
    (0, 13),
    (0, 14),
    (0, 15),
    (0, 15),
    (0, 15),
    (1, 15),
    (2, 15),
    (3, 15),
    (4, 15),
)

#: B2
EXIT: Final[Square] = (0, 0)
ENTRANCE: Final[Square] = (15, 10)


class Heading(IntEnum):
    """A heading; ``right``/``left``/``back`` turn it (B5: nothing is diagonal)."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def right(self) -> Heading:
        return Heading((self + 1) % 4)

    @property
    def left(self) -> Heading:
        return Heading((self + 3) % 4)

    @property
    def back(self) -> Heading:
        return Heading((self + 2) % 4)

    @property
    def delta(self) -> tuple[int, int]:
        return _DELTAS[self]

    @classmethod
    def parse(cls, text: str) -> Heading:
        try:
            return cls[text]
        except (KeyError, TypeError):  # a list: unhashable
            raise PositionError(
                "unknown heading {text!r} (expected N, E, S or W)", text=text
            ) from None


_DELTAS: Final = ((0, -1), (1, 0), (0, 1), (-1, 0))
HEADINGS: Final = (Heading.N, Heading.E, Heading.S, Heading.W)


def on_board(square: Square) -> bool:
    """B1: is ``square`` one of the 156 squares of the notched board? Anything that is no
    pair of ints (``5``, ``(1.5, 2)``, ``(True, 2)``) is not."""
    try:
        x, y = square
    except (TypeError, ValueError):  # on_board(5) raised a TypeError
        return False
    if type(x) is not int or type(y) is not int or not 0 <= y < HEIGHT:
        return False
    lo, hi = ROW_EXTENT[y]
    return lo <= x <= hi


def mirror(square: Square) -> Square:
    """B1/B3: the half turn ``(x, y) -> (15 - x, 10 - y)`` of a square of the board (a
    :class:`~.errors.PositionError` names anything else)."""
    _check_square(square)
    return (WIDTH - 1 - square[0], HEIGHT - 1 - square[1])


def _check_square(square: object) -> None:
    """``square`` is one of the board's squares (B1), else a PositionError naming it."""
    if not on_board(square):  # type: ignore[arg-type]
        raise PositionError(
            "{where}: expected a square (x, y), got {value}", where="square", value=shown(square)
        )


def _heading(heading: object) -> Heading:
    """``heading`` as a :class:`Heading` (a member, or its int 0..3), else a PositionError
    naming it."""
    if type(heading) is Heading:
        return heading
    if type(heading) is int and 0 <= heading < 4:
        return Heading(heading)
    raise PositionError(
        "{where}: expected a heading N, E, S or W, got {value}",
        where="heading",
        value=shown(heading),
    )


def index(square: Square) -> int:
    """A square's *index* ``y * 16 + x``: the hot paths keep squares as these small ints."""
    return square[1] * WIDTH + square[0]


SQUARES: Final[tuple[Square, ...]] = tuple(
    (x, y) for y in range(HEIGHT) for x in range(ROW_EXTENT[y][0], ROW_EXTENT[y][1] + 1)
)
ON_BOARD: Final[tuple[bool, ...]] = tuple(
    on_board((i % WIDTH, i // WIDTH)) for i in range(NUM_INDICES)
)
#: index -> square (for off-board indices the square is still the (x, y) pair)
SQUARE_OF: Final[tuple[Square, ...]] = tuple((i % WIDTH, i // WIDTH) for i in range(NUM_INDICES))
#: square -> index over the 16x11 rectangle (a dict look-up: the fast form of :func:`index`)
INDEX: Final[dict[Square, int]] = {sq: i for i, sq in enumerate(SQUARE_OF)}
EXIT_I: Final = index(EXIT)
ENTRANCE_I: Final = index(ENTRANCE)


def neighbour(square: Square, heading: Heading) -> Square | None:
    """The square one step from ``square`` towards ``heading``, or None past a wall."""
    dx, dy = _DELTAS[heading]
    nxt = (square[0] + dx, square[1] + dy)
    return nxt if on_board(nxt) else None


# --- B3: wall letters -------------------------------------------------------------------


def _primary_letters() -> dict[tuple[Square, Heading], str]:
    letters: dict[tuple[Square, Heading], str] = {}
    for x in range(12):
        letters[((x, 0), Heading.N)] = chr(ord("A") + x)
    letters[((11, 0), Heading.E)] = "M"
    for k, sq in enumerate(((12, 1), (13, 2), (14, 3), (15, 4))):
        letters[(sq, Heading.N)] = chr(ord("N") + 2 * k)
        letters[(sq, Heading.E)] = chr(ord("O") + 2 * k)
    for k, y in enumerate(range(5, 10)):
        letters[((15, y), Heading.E)] = chr(ord("V") + k)
    letters[((15, 10), Heading.E)] = "*"
    return letters


def _all_letters() -> dict[tuple[Square, Heading], str]:
    primary = _primary_letters()
    letters = dict(primary)
    for (sq, heading), letter in primary.items():
        letters[(mirror(sq), heading.back)] = letter
    return letters


#: B3: (square, heading of the wall side) -> letter, for each of the 54 boundary edges.
WALL_LETTERS: Final[dict[tuple[Square, Heading], str]] = _all_letters()


def wall_letter(square: Square, heading: Heading) -> str:
    """B3: the letter on the wall that ``square`` touches on its ``heading`` side."""
    _check_square(square)
    heading = _heading(heading)
    try:
        return WALL_LETTERS[(square, heading)]
    except KeyError:
        raise PositionError(
            "square {square} has no wall on its {name} side", square=list(square), name=heading.name
        ) from None


def step(square: Square, heading: Heading) -> tuple[Square, str | None]:
    """One step for the monster: the next square, wrapping through a wall (B3, M10).

    Returns ``(square, letter)``; ``letter`` is None unless the step crossed a wall. A
    square off the board or a heading that is none is a :class:`~.errors.PositionError`.
    """
    _check_square(square)
    heading = _heading(heading)
    nxt = neighbour(square, heading)
    if nxt is not None:
        return nxt, None
    return mirror(square), WALL_LETTERS[(square, heading)]


# --- index tables for the hot paths ----------------------------------------------------


def _next_table() -> tuple[tuple[int, ...], ...]:
    """NEXT[h][i]: index one step from i towards h, or -1 past a wall (no wrap)."""
    table = []
    for h in HEADINGS:
        row = []
        for i in range(NUM_INDICES):
            nb = neighbour(SQUARE_OF[i], h) if ON_BOARD[i] else None
            row.append(index(nb) if nb is not None else -1)
        table.append(tuple(row))
    return tuple(table)


NEXT: Final = _next_table()


def _rays() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """RAYS[h][i]: the indices seen from i towards h up to the wall (M4: no wrap)."""
    table = []
    for h in HEADINGS:
        row = []
        for i in range(NUM_INDICES):
            ray = []
            j = NEXT[h][i] if ON_BOARD[i] else -1
            while j >= 0:
                ray.append(j)
                j = NEXT[h][j]
            row.append(tuple(ray))
        table.append(tuple(row))
    return tuple(table)


RAYS: Final = _rays()


def wrap_index(i: int) -> int:
    """B3 on indices: through the wall, (x, y) -> (15 - x, 10 - y)."""
    return NUM_INDICES - 1 - i


#: LETTER_AT[(i, h)]: the wall letter crossed leaving index i towards h (B3, M10)
LETTER_AT: Final[dict[tuple[int, Heading], str]] = {
    (index(sq), h): letter for (sq, h), letter in WALL_LETTERS.items()
}
