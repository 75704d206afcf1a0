"""A compact text diagram of a position, for tests, notebooks and bug reports.

::

     0  >....A......
     1  ....#...~~...
     ...
    10      ...........
    pawn A blue 6/1 light
    teleporter yellow E 9,4

Each grid line is the row number, two spaces, then one character per column x = 0..15
(columns off the notched board are left blank). Characters:

=====  ===============================================================
``.``  empty floor                 ``~``  blood pool (4 joined squares)
``#``  stone                       ``*``  crystal
``)``  right-turn pivot stone      ``@``  180° pivot stone
``(``  left-turn pivot stone (B5: not in the standard set)
``=``  teleporter (legend line)    ``^ > v <``  the monster and its heading
``A``  a pawn: one upper-case letter or digit, its id
=====  ===============================================================

Legend lines after the grid: ``pawn ID PLAYER LIGHT/DARK UP [x,y|outside|escaped|eaten]``
(a pawn written in the grid needs no place; one without a legend line is
``blue 6/1 light``), ``teleporter PAIR ARROW x,y``, ``pool x,y 2x2|4x1|1x4`` (top-left
square; needed only where a piece covers a pool square), ``stage 2``.
"""

from __future__ import annotations

import re

from .board import HEIGHT, ROW_EXTENT, WIDTH, Heading, Square, on_board
from .errors import Message, PositionError, shown
from .pieces import Monster, Pawn, PawnPlace, Pool, Stone, StoneKind, Teleporter
from .position import MAX_TEXT, Position, make_pool

STONE_CHARS = {
    "#": StoneKind.STONE,
    "*": StoneKind.CRYSTAL,
    ")": StoneKind.PIVOT_RIGHT,
    "(": StoneKind.PIVOT_LEFT,
    "@": StoneKind.PIVOT_180,
}
CHAR_OF_STONE = {v: k for k, v in STONE_CHARS.items()}
MONSTER_CHARS = {"^": Heading.N, ">": Heading.E, "v": Heading.S, "<": Heading.W}
CHAR_OF_HEADING = {v: k for k, v in MONSTER_CHARS.items()}
_ROW = re.compile(r"^\s?([0-9]{1,2})  (.*)$")
_PAWN_CHAR = re.compile(r"^[A-Z0-9]$")
_SHAPES = {"2x2": (2, 2), "4x1": (4, 1), "1x4": (1, 4)}


def _sq(text: str, where: str | Message) -> Square:
    m = re.fullmatch(r"([0-9]{1,3}),([0-9]{1,3})", text)
    if not m:
        raise PositionError(
            "{where}: expected a square x,y, got {text}", where=where, text=shown(text)
        )
    sq = (int(m.group(1)), int(m.group(2)))
    if not on_board(sq):
        raise PositionError("{where}: square {sq} is off the board (B1)", where=where, sq=list(sq))
    return sq


def parse_diagram(text: str) -> Position:
    """Parse a diagram (see the module docstring) into a validated :class:`Position`."""
    if not isinstance(text, str):
        raise PositionError("diagram: expected text, got {text}", text=shown(text))
    if len(text) > MAX_TEXT:
        raise PositionError(
            "diagram: {count} characters, more than the {limit} read",
            count=len(text),
            limit=MAX_TEXT,
        )
    rows: dict[int, str] = {}
    legend: list[tuple[int, str]] = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        if not line.strip():
            continue
        m = _ROW.match(line)
        if m:
            y = int(m.group(1))
            if not 0 <= y < HEIGHT or y in rows:
                raise PositionError("diagram line {n}: row {y} is not a new row 0..10", n=n, y=y)
            rows[y] = m.group(2)
        else:
            legend.append((n, line.strip()))
    if sorted(rows) != list(range(HEIGHT)):
        missing = sorted(set(range(HEIGHT)) - set(rows))
        raise PositionError("diagram: missing grid row {missing}", missing=missing[0])

    monster: Monster | None = None
    stones: list[Stone] = []
    pool_cells: set[Square] = set()
    tele_cells: set[Square] = set()
    grid_pawns: dict[str, Square] = {}
    for y in range(HEIGHT):
        row = rows[y]
        if len(row) > WIDTH:
            raise PositionError(
                "diagram row {y}: {count} columns, the board has {width}",
                y=y,
                count=len(row),
                width=WIDTH,
            )
        for x, ch in enumerate(row):
            sq = (x, y)
            if ch == " ":
                if on_board(sq):
                    raise PositionError(
                        "diagram square {sq}: blank inside the board (use '.')", sq=list(sq)
                    )
                continue
            if not on_board(sq):
                raise PositionError(
                    "diagram square {sq}: {ch!r} is off the board (B1)", sq=list(sq), ch=ch
                )
            if ch == ".":
                continue
            if ch == "~":
                pool_cells.add(sq)
            elif ch in STONE_CHARS:
                stones.append(Stone(sq, STONE_CHARS[ch]))
            elif ch in MONSTER_CHARS:
                if monster is not None:
                    raise PositionError("diagram square {sq}: a second monster", sq=list(sq))
                monster = Monster(sq, MONSTER_CHARS[ch])
            elif ch == "=":
                tele_cells.add(sq)
            elif _PAWN_CHAR.match(ch):
                if ch in grid_pawns:
                    raise PositionError(
                        "diagram square {sq}: pawn {ch} appears twice", sq=list(sq), ch=ch
                    )
                grid_pawns[ch] = sq
            else:
                raise PositionError(
                    "diagram square {sq}: unknown character {ch!r}", sq=list(sq), ch=ch
                )
        lo, hi = ROW_EXTENT[y]
        if len(row) < hi + 1:
            raise PositionError(
                "diagram row {y}: ends at column {end}, the board row ends at {hi}",
                y=y,
                end=len(row) - 1,
                hi=hi,
            )
    if monster is None:
        raise PositionError("diagram: no monster (^ > v <)")

    pawns: list[Pawn] = []
    described: set[str] = set()
    teleporters: list[Teleporter] = []
    pools: list[Pool] = []
    stage = 1
    monster_on_pad = False  # M12: a pad under the monster is in the legend, not the grid
    for n, line in legend:
        words = line.split()
        where = Message("diagram line {n}", n=n)
        if words[0] == "pawn" and len(words) in (5, 6):
            pid, player, faces, up = words[1:5]
            fm = re.fullmatch(r"([0-9]{1,2})/([0-9]{1,2})", faces)
            if not fm or up not in ("light", "dark"):
                raise PositionError(
                    "{where}: expected 'pawn ID PLAYER LIGHT/DARK light|dark [PLACE]'", where=where
                )
            at: PawnPlace
            if len(words) == 6:
                place = words[5]
                if place in ("outside", "escaped", "eaten"):
                    at = place  # type: ignore[assignment]
                else:
                    at = _sq(place, where)
                if pid in grid_pawns:
                    raise PositionError(
                        "{where}: pawn {pid} is in the grid and given a place",
                        where=where,
                        pid=shown(pid),
                    )
            elif pid in grid_pawns:
                at = grid_pawns[pid]
            else:
                raise PositionError(
                    "{where}: pawn {pid} is not in the grid and has no place",
                    where=where,
                    pid=shown(pid),
                )
            if pid in described:
                raise PositionError(
                    "{where}: pawn {pid} described twice", where=where, pid=shown(pid)
                )
            described.add(pid)
            pawns.append(Pawn(pid, player, int(fm.group(1)), int(fm.group(2)), up, at))  # type: ignore[arg-type]
        elif words[0] == "teleporter" and len(words) == 4:
            sq = _sq(words[3], where)
            if sq == monster.at and not monster_on_pad:  # M12: the monster stands on it
                monster_on_pad = True
            elif sq not in tele_cells:
                raise PositionError("{where}: no '=' at {sq} in the grid", where=where, sq=list(sq))
            tele_cells.discard(sq)
            try:
                arrow = Heading[words[2]]
            except KeyError:
                raise PositionError(
                    "{where}: arrow must be N, E, S or W, got {words}",
                    where=where,
                    words=shown(words[2]),
                ) from None
            teleporters.append(Teleporter(sq, words[1], arrow))
        elif words[0] == "pool" and len(words) == 3:
            x0, y0 = _sq(words[1], where)
            if words[2] not in _SHAPES:
                raise PositionError(
                    "{where}: pool shape must be 2x2, 4x1 or 1x4, got {words}",
                    where=where,
                    words=shown(words[2]),
                )
            w, h = _SHAPES[words[2]]
            squares = [(x0 + i, y0 + j) for j in range(h) for i in range(w)]
            pools.append(make_pool(squares, where))
        elif words[0] == "stage" and len(words) == 2 and words[1] in ("1", "2"):
            stage = int(words[1])
        else:
            raise PositionError("{where}: cannot read {line}", where=where, line=shown(line))
    if tele_cells:
        raise PositionError(
            "diagram square {sq}: '=' without a teleporter line", sq=list(sorted(tele_cells)[0])
        )
    for pid, sq in grid_pawns.items():
        if pid not in described:
            pawns.append(Pawn(pid, "blue", 6, 1, "light", sq))
    declared = {sq for p in pools for sq in p.squares}
    for sq in sorted(pool_cells - declared, key=lambda s: (s[1], s[0])):
        if any(sq in p.squares for p in pools):
            continue
        component = _component(sq, pool_cells - declared)
        pools.append(make_pool(component, Message("diagram pool at {sq}", sq=list(sq))))
        declared |= set(component)
    return Position(
        monster, tuple(stones), tuple(pools), tuple(teleporters), tuple(pawns), stage
    ).validated()


def _component(start: Square, cells: set[Square]) -> list[Square]:
    seen = {start}
    todo = [start]
    while todo:
        x, y = todo.pop()
        for nb in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if nb in cells and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return sorted(seen, key=lambda s: (s[1], s[0]))


def format_diagram(position: Position) -> str:
    """The diagram of ``position``; ``parse_diagram(format_diagram(p)) == p`` (up to the
    order of pools)."""
    grid: dict[Square, str] = {}
    for pool in position.pools:
        for sq in pool.squares:
            grid[sq] = "~"
    for s in position.stones:
        grid[s.at] = CHAR_OF_STONE[s.kind]
    for t in position.teleporters:
        grid[t.at] = "="
    grid[position.monster.at] = CHAR_OF_HEADING[position.monster.facing]
    lines = []
    legend = []
    for p in position.pawns:
        faces = f"{p.light}/{p.dark}"
        if isinstance(p.at, tuple) and isinstance(p.id, str) and _PAWN_CHAR.match(p.id):
            grid[p.at] = p.id
            legend.append(f"pawn {p.id} {p.player} {faces} {p.up}")
        else:
            place = f"{p.at[0]},{p.at[1]}" if isinstance(p.at, tuple) else p.at
            legend.append(f"pawn {p.id} {p.player} {faces} {p.up} {place}")
    for t in position.teleporters:
        legend.append(f"teleporter {t.pair} {t.arrow.name} {t.at[0]},{t.at[1]}")
    pool_cells = {sq for pool in position.pools for sq in pool.squares}
    for pool in position.pools:
        covered = any(grid[sq] != "~" for sq in pool.squares)
        touching = any(
            nb in pool_cells and nb not in pool.squares
            for (x, y) in pool.squares
            for nb in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
        )
        if covered or touching:
            (x0, y0) = pool.squares[0]
            legend.append(f"pool {x0},{y0} {pool.shape}")
    if position.stage != 1:
        legend.append(f"stage {position.stage}")
    for y in range(HEIGHT):
        lo, hi = ROW_EXTENT[y]
        row = "".join(" " if x < lo else grid.get((x, y), ".") for x in range(hi + 1))
        lines.append(f"{y:>2}  {row}")
    # a hand-built position's text (an id holding ESC or a newline) is escaped: the
    # diagram is printed (``str(position)``) and each legend entry stays one line
    return "\n".join(lines + [_printable(entry) for entry in legend]) + "\n"


def _printable(text: str) -> str:
    """``text`` with every character that does not print (controls, bidi marks, a lone
    surrogate) written as its Python escape (``\\x1b``)."""
    if text.isprintable():
        return text
    return "".join(
        c if c.isprintable() else c.encode("unicode_escape", "backslashreplace").decode("ascii")
        for c in text
    )
