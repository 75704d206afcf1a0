"""A straightforward implementation of the same rules, for the benchmarks to compare with.

Written the obvious way, for reading rather than speed: squares are ``(x, y)`` tuples,
headings the letters ``N E S W``, the pieces dicts keyed by square, and the events plain
dicts in the JSON form of the monster trace (docs/format.md). It plays

* the monster's turn (docs/rules.md M3-M13) with its events: :func:`monster_turn` (a
  pawn it pushes onto a pool slides by the pawn rules, M8 and P7);
* every legal outcome of one pawn's move (docs/rules.md P2-P9): :func:`legal_outcomes`,
  under the rule options of P7's slide.

``tests/test_reference.py`` checks, on random positions with every kind of piece and
every rule option, that it agrees with the engine event for event and outcome for
outcome, so the ratios of ``bench_*.py`` compare two implementations of the same thing.
It reads the engine's :class:`Position` (attribute access only), the list of squares and
the wall letters (board data, tested on their own); everything else is its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from finstere_widget.engine import SQUARES, Position
from finstere_widget.engine.board import WALL_LETTERS

Square = tuple[int, int]

# --- the board (B1-B3) -------------------------------------------------------------------

ON_BOARD = set(SQUARES)  # B1: the 156 squares of the notched board
EXIT, ENTRANCE = (0, 0), (15, 10)
DELTA = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
RIGHT = {"N": "E", "E": "S", "S": "W", "W": "N"}
LEFT = {v: k for k, v in RIGHT.items()}
BACK = {"N": "S", "E": "W", "S": "N", "W": "E"}
LETTER = {(sq, h.name): letter for (sq, h), letter in WALL_LETTERS.items()}
PIVOT_TURN = {"pivot_right": RIGHT, "pivot_180": BACK, "pivot_left": LEFT}


def next_square(sq: Square, h: str) -> Square | None:
    """One square towards ``h``, or None past a wall."""
    dx, dy = DELTA[h]
    nxt = (sq[0] + dx, sq[1] + dy)
    return nxt if nxt in ON_BOARD else None


def wrapped(sq: Square) -> Square:
    """B3: the square on the other side of the wall."""
    return (15 - sq[0], 10 - sq[1])


def xy(sq: Square) -> list[int]:
    return [sq[0], sq[1]]


# --- the monster's turn (M3-M13) ----------------------------------------------------------


class MonsterTurn:
    """The pieces as dicts, changed in place step by step, and the events so far."""

    def __init__(self, pos: Position, options: Mapping[str, str]) -> None:
        self.options = options
        self.at = pos.monster.at
        self.stones = {s.at: s.kind.value for s in pos.stones}  # square -> kind
        self.pawns = {p.at: p.id for p in pos.pawns if isinstance(p.at, tuple)}  # square -> id
        self.places: dict[str, Any] = {p.id: p.at for p in pos.pawns}  # id -> place
        self.pools = {sq for pool in pos.pools for sq in pool.squares}
        self.teleporters = {}  # pad -> (partner pad, partner's arrow)
        for t in pos.teleporters:
            for other in pos.teleporters:
                if other.pair == t.pair and other.at != t.at:
                    self.teleporters[t.at] = (other.at, other.arrow.name)
        self.gone = "eaten" if pos.stage == 2 else "outside"  # M7
        self.eaten: list[str] = []
        self.events: list[dict[str, Any]] = []
        self.step = 0

    def event(self, type_: str, rule: str, **keys: Any) -> None:
        self.events.append({"type": type_, "step": self.step, "rule": rule, **keys})

    # M4, M5
    def look(self, heading: str, rule: str) -> tuple[str, str]:
        rays = []
        for direction in (heading, LEFT[heading], RIGHT[heading]):
            cells: list[list[int]] = []
            ray: dict[str, Any] = {
                "direction": direction,
                "cells": cells,
                "seen": None,
                "distance": None,
                "blocked_by": "wall",
            }
            sq = next_square(self.at, direction)
            while sq is not None:
                if sq in self.pawns:
                    cells.append(xy(sq))
                    ray.update(seen=self.pawns[sq], distance=len(cells), blocked_by="pawn")
                    break
                if sq in self.stones and self.stones[sq] != "crystal":
                    ray["blocked_by"] = self.stones[sq]
                    break
                cells.append(xy(sq))
                sq = next_square(sq, direction)
            rays.append(ray)
        seen = [r for r in rays if r["distance"] is not None]
        nearest = min((r["distance"] for r in seen), default=None)
        closest = [r["direction"] for r in seen if r["distance"] == nearest]
        if not closest:
            decision, new_heading = "none", heading
        elif len(closest) > 1:
            decision, new_heading = "tie", heading
        elif closest[0] == heading:
            decision, new_heading = "keep", heading
        else:
            decision, new_heading = "turn", closest[0]
        self.event("look", rule, at=xy(self.at), facing=heading, rays=rays, decision=decision)
        return decision, new_heading

    # M7, M8
    def eat(self, sq: Square, at: Square, how: str, rule: str) -> None:
        pawn = self.pawns.pop(sq)
        self.places[pawn] = self.gone
        self.eaten.append(pawn)
        self.event("eat", rule, pawn=pawn, at=xy(at), how=how)

    def remove_stone(
        self, sq: Square, at: Square, why: str, pushed_from: Square, rule: str = "M8"
    ) -> None:
        del self.stones[sq]
        self.event("remove", rule, stone=xy(pushed_from), at=xy(at), why=why)

    def move_piece(self, src: Square, dst: Square) -> None:
        if src in self.stones:
            self.stones[dst] = self.stones.pop(src)
        else:
            pawn = self.pawns.pop(src)
            self.pawns[dst] = pawn
            self.places[pawn] = dst

    def occupied(self, sq: Square) -> bool:
        return sq in self.stones or sq in self.pawns

    def push_chain(self, start: Square, h: str) -> None:
        """M8: the run of stones and pawns from ``start`` moves one square, farthest first."""
        chain = [start]
        sq = next_square(start, h)
        while sq is not None and self.occupied(sq):
            chain.append(sq)
            sq = next_square(sq, h)
        for sq in reversed(chain):
            self.push_one(sq, h)

    def push_one(self, sq: Square, h: str) -> None:
        is_stone = sq in self.stones
        piece = xy(sq) if is_stone else self.pawns[sq]
        dest = next_square(sq, h)
        if dest is None:  # off the board
            if is_stone:
                self.remove_stone(sq, sq, "off_board", sq)
            else:
                self.eat(sq, sq, "crushed", "M8")
            return
        kind = {"kind": self.stones[sq]} if is_stone else {}
        self.event("push", "M8", piece=piece, **{"from": xy(sq)}, to=xy(dest), **kind)
        if dest in self.teleporters:  # destroyed
            if is_stone:
                self.remove_stone(sq, dest, "teleporter", sq)
            else:
                self.eat(sq, dest, "teleporter", "M8")
            return
        self.move_piece(sq, dest)
        if not is_stone and dest in self.pools:  # a pawn slides by the pawn rules (P7)
            self.pawn_slide(dest, h)
            return
        end = dest
        while end in self.pools:  # P8: slides across, stops before anything occupied
            beyond = next_square(end, h)
            if (
                beyond is None
                or self.occupied(beyond)
                or beyond == self.at
                or beyond in self.teleporters
            ):
                break
            end = beyond
        if end != dest:
            self.move_piece(dest, end)
            self.event("slide", "P8", piece=xy(dest), **{"from": xy(dest)}, to=xy(end), **kind)
        if (
            is_stone
            and end in (ENTRANCE, EXIT)
            and self.options.get("monster_stone_on_corner", "remove") == "remove"
        ):
            self.remove_stone(end, end, "corner", sq)

    # M8 + P7: a pawn the monster pushes onto a pool
    def pawn_slide(self, dest: Square, h: str) -> None:
        """The pawn on ``dest`` (a pool square) slides on as a pawn does (P7), pushing the
        stones it meets (P6); it never ends on another pawn: if its slide would, the slide
        is played again up to the last square of its way no other pawn holds."""
        saved = (dict(self.stones), dict(self.pawns), dict(self.places), len(self.events))
        end, way = self.pawn_slide_walk(dest, h, None)
        if end != dest and end in self.pawns:
            stop = [sq for sq in way[: way.index(end)] if sq == dest or sq not in self.pawns][-1]
            self.stones, self.pawns, self.places = saved[0], saved[1], saved[2]
            del self.events[saved[3] :]
            end, _ = self.pawn_slide_walk(dest, h, stop)
        if end != dest:
            self.move_piece(dest, end)

    def pawn_slide_walk(
        self, dest: Square, h: str, stop_at: Square | None
    ) -> tuple[Square, list[Square]]:
        pawn = self.pawns[dest]
        here = start = dest
        way = [dest]
        while here != stop_at:
            beyond = next_square(here, h)
            if beyond is None or beyond == self.at or beyond in self.teleporters:
                break
            stop = False
            if beyond in self.pawns:
                if beyond not in self.pools:
                    break
                if self.options.get("pawn_slide_over_pawn", "pass") == "stop":
                    break
            elif beyond in self.stones:
                to = next_square(beyond, h)
                if to is None or self.occupied(to) or to == self.at:
                    break  # P6: this stone cannot be pushed
                if here != start:
                    self.event("slide", "P7", piece=pawn, **{"from": xy(start)}, to=xy(here))
                    start = here
                stop = (
                    beyond in self.pools
                    and self.options.get("pawn_slide_stone", "slide_on") == "stop"
                )
                self.pawn_push(beyond, h, pawn)
            here = beyond
            way.append(here)
            if stop or here not in self.pools:
                break
        if here != start:
            self.event("slide", "P7", piece=pawn, **{"from": xy(start)}, to=xy(here))
        return here, way

    def pawn_push(self, sq: Square, h: str, pawn: str) -> None:
        """P6 + P8: pawn ``pawn`` pushes the stone on ``sq`` one square on."""
        dest = next_square(sq, h)
        assert dest is not None
        kind = self.stones[sq]
        self.event("push", "P6", piece=xy(sq), **{"from": xy(sq)}, to=xy(dest), kind=kind, by=pawn)
        if dest in self.teleporters:
            self.remove_stone(sq, dest, "teleporter", sq, "P6")
            return
        self.move_piece(sq, dest)
        end = dest
        while end in self.pools:
            beyond = next_square(end, h)
            if (
                beyond is None
                or self.occupied(beyond)
                or beyond == self.at
                or beyond in self.teleporters
            ):
                break
            end = beyond
        if end != dest:
            self.move_piece(dest, end)
            self.event("slide", "P8", piece=xy(dest), **{"from": xy(dest)}, to=xy(end), kind=kind)
        if end in (ENTRANCE, EXIT):
            self.remove_stone(end, end, "corner", sq, "P6")

    # M7-M12: one step
    def advance(self, h: str, saw_pawn: bool, tied: bool) -> str:
        pivots_turn = self.options.get("pivot_when_tied", "push") == "turn"
        turns = 0
        while True:  # M11
            ahead = next_square(self.at, h) or wrapped(self.at)
            kind = self.stones.get(ahead)
            if kind not in PIVOT_TURN or (saw_pawn and not (tied and pivots_turn)):
                break
            if turns == 4:
                return h  # four turns in one step: stays put
            new_h = PIVOT_TURN[kind][h]
            self.event("turn", "M11", **{"from": h}, to=new_h, reason="pivot")
            h = new_h
            turns += 1
        sliding = False
        slide_from = self.at
        while True:
            here = self.at
            target = next_square(here, h)
            crossed = target is None
            if target is None:  # M10: through the wall
                target = wrapped(here)
            if target in self.stones:  # M8
                if sliding and slide_from != here:
                    self.slide(slide_from, here)
                    slide_from = here
                self.push_chain(target, h)
            if crossed:
                if sliding and slide_from != here:
                    self.slide(slide_from, here)
                self.event(
                    "wrap", "M10", **{"from": xy(here)}, to=xy(target), letter=LETTER[(here, h)]
                )
                slide_from = target
            if target in self.teleporters:  # M12
                if not crossed:
                    if sliding:
                        self.slide(slide_from, target)
                    else:
                        self.event("move", "M3", **{"from": xy(here)}, to=xy(target))
                pad, arrow = self.teleporters[target]
                self.event("teleport", "M12", **{"from": xy(target)}, to=xy(pad), facing=arrow)
                if arrow != h:
                    self.event("turn", "M12", **{"from": h}, to=arrow, reason="teleporter")
                self.at = pad
                return arrow
            if not crossed and not sliding:
                self.event("move", "M3", **{"from": xy(here)}, to=xy(target))
            if target in self.pawns:  # M7 (M9 when slid over)
                if sliding and not crossed:
                    self.slide(slide_from, target)
                    slide_from = target
                self.eat(target, target, "eaten", "M7")
                if (  # stop: on any pool square of the slide, the first one included
                    target in self.pools and self.options.get("slide_over_pawn", "eat") == "stop"
                ):
                    self.at = target
                    return h
            self.at = target
            if target not in self.pools:
                if sliding and slide_from != target:
                    self.slide(slide_from, target)
                return h
            if not sliding:  # M9: slide on in the same step
                sliding = True
                slide_from = target

    def slide(self, src: Square, dst: Square) -> None:
        self.event("slide", "M9", piece="monster", **{"from": xy(src)}, to=xy(dst))

    def turn_to(self, h: str, new_h: str, rule: str) -> str:
        if new_h != h:
            self.event("turn", rule, **{"from": h}, to=new_h, reason="sight")
        return new_h


def monster_turn(
    position: Position,
    steps: int,
    prey: int | None = None,
    options: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """The monster's turn: ``steps`` steps (a prey tile: stop after ``prey`` pawns, M13).

    Returns ``{"events": [...], "monster": (square, heading), "stones": {square: kind},
    "pawns": {id: place}}``.
    """
    turn = MonsterTurn(position, options or {})
    h = position.monster.facing.name
    step = 0
    while step < steps:
        step += 1
        turn.step = step
        decision, new_h = turn.look(h, "M4")
        h = turn.turn_to(h, new_h, "M5")
        h = turn.advance(h, decision != "none", decision == "tie")
        if prey is not None and len(turn.eaten) >= prey:
            break  # M13
    turn.step = step + 1
    _, new_h = turn.look(h, "M6")
    h = turn.turn_to(h, new_h, "M6")
    turn.event("end", "M13" if prey is not None else "M3", steps=step, eaten=list(turn.eaten))
    return {
        "events": turn.events,
        "monster": (turn.at, h),
        "stones": turn.stones,
        "pawns": turn.places,
    }


# --- a pawn's legal outcomes (P2-P9) -------------------------------------------------------


class PawnBoard:
    """What stays put while one pawn moves: the monster, pools, teleporters, other pawns."""

    def __init__(self, pos: Position, pawn_id: str, options: Mapping[str, str]) -> None:
        self.stone_stops = options.get("pawn_slide_stone", "slide_on") == "stop"
        self.pawn_stops = options.get("pawn_slide_over_pawn", "pass") == "stop"
        self.pawn = next(p for p in pos.pawns if p.id == pawn_id)
        self.monster = pos.monster.at
        self.pools = {sq for pool in pos.pools for sq in pool.squares}
        self.teleporters = {t.at for t in pos.teleporters}
        self.others = {p.at for p in pos.pawns if isinstance(p.at, tuple) and p.id != pawn_id}
        self.stones = {s.at: s.kind.value for s in pos.stones}

    def push(self, sq: Square, h: str, stones: dict[Square, str]) -> dict[Square, str] | None:
        """P6 + P8: the stones after pushing the one on ``sq``, or None if it can't move."""
        dest = next_square(sq, h)
        if dest is None or dest in stones or dest in self.others or dest == self.monster:
            return None
        stones = dict(stones)
        kind = stones.pop(sq)
        if dest in self.teleporters:
            return stones  # destroyed
        end = dest
        while end in self.pools:
            beyond = next_square(end, h)
            if (
                beyond is None
                or beyond in stones
                or beyond in self.others
                or beyond == self.monster
                or beyond in self.teleporters
            ):
                break
            end = beyond
        if end not in (ENTRANCE, EXIT):  # a stone pushed onto a corner leaves the game
            stones[end] = kind
        return stones

    def step(
        self, at: Square, h: str, stones: dict[Square, str]
    ) -> tuple[Square, dict[Square, str]] | None:
        """P2, P5-P9: one square towards ``h`` with its push and slide, or None."""
        target = next_square(at, h)
        if target is None or target == self.monster or target in self.teleporters:
            return None
        if target in stones:
            pushed = self.push(target, h, stones)
            if pushed is None:
                return None
            stones = pushed
            if target in self.pools and self.stone_stops:
                return target, stones  # pawn_slide_stone=stop: pushed once, no slide
        if target not in self.pools:
            return target, stones
        if self.pawn_stops and target in self.others:
            return target, stones  # pawn_slide_over_pawn=stop: no slide past a pawn
        here = target  # P7: slide on until the first square beyond the pool
        while True:
            beyond = next_square(here, h)
            if beyond is None or beyond == self.monster or beyond in self.teleporters:
                break
            stop = False
            if beyond in stones:
                pushed = self.push(beyond, h, stones)
                if pushed is None:
                    break
                stones = pushed
                stop = beyond in self.pools and self.stone_stops
            elif self.pawn_stops and beyond in self.pools and beyond in self.others:
                break
            here = beyond
            if stop or here not in self.pools:
                break
        return here, stones


def legal_outcomes(
    position: Position, pawn_id: str, options: Mapping[str, str] | None = None
) -> list[tuple[Any, tuple[str, ...], dict[Square, str]]]:
    """Every distinct result of pawn ``pawn_id``'s move, breadth first, with a shortest
    path (tokens tried in the order N, E, S, W, then OUT): ``(place, path, stones)``."""
    board = PawnBoard(position, pawn_id, options or {})
    pawn = board.pawn
    points = pawn.light if pawn.up == "light" else pawn.dark
    outcomes: list[tuple[Any, tuple[str, ...], dict[Square, str]]] = []
    if pawn.at == "outside":
        outcomes.append(("outside", (), board.stones))
        e = ENTRANCE
        if points < 1 or e == board.monster or e in board.teleporters or e in board.stones:
            return outcomes
        start: Square = e
        path0: tuple[str, ...] = ("IN",)
        if e not in board.others:
            outcomes.append((e, path0, board.stones))
    elif isinstance(pawn.at, tuple):
        start, path0 = pawn.at, ()
        outcomes.append((start, (), board.stones))
    else:
        return outcomes  # escaped or eaten: no move
    seen = {(start, frozenset(board.stones.items()))}
    escaped = set()
    frontier = [(start, board.stones, path0)]
    for _ in range(points - len(path0)):
        next_frontier = []
        for at, stones, path in frontier:
            for h in "NESW":
                stepped = board.step(at, h, stones)
                if stepped is None:
                    continue
                to, new_stones = stepped
                state = (to, frozenset(new_stones.items()))
                if state in seen:
                    continue
                seen.add(state)
                next_frontier.append((to, new_stones, path + (h,)))
                if to not in board.others:  # P5: ends alone
                    outcomes.append((to, path + (h,), new_stones))
            if at == EXIT:  # P4
                layout = frozenset(stones.items())
                if layout not in escaped:
                    escaped.add(layout)
                    outcomes.append(("escaped", path + ("OUT",), stones))
        frontier = next_frontier
    return outcomes
