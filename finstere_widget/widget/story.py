"""What happened between two of the learner's moves, as frames to step through (pure: no
ipywidgets, tested without a browser).

A :class:`Story` collects, in the order the game played them, the learner's move, every
bot's move (labelled with the bot's colour), every piece a bot placed (A1), and each monster
turn look by look; then a last frame hands over ("your move") or ends the game. Every frame
carries the position the engine reached at that moment; the last one is the game's current
position, so the picture at the end of the story is always the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine import Position, TurnResult
from ..engine.events import (
    Eat,
    End,
    Enter,
    Escape,
    Event,
    Flip,
    Look,
    Move,
    Push,
    Remove,
    Slide,
    Teleport,
    Turn,
    Wrap,
    assert_never,
)
from ..engine.narrate import WORD
from ..engine.setup import Placement
from ..render import style as S
from ..render.frames import TraceFrame, event_log, trace_frames
from ..render.scene import center, path_overlay, square_fill, tray_slots

#: path tokens in words (P2/P3/P4)
TOKEN_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west", "IN": "in", "OUT": "out"}
PIECE_WORDS = {
    "stone": "a stone",
    "crystal": "a crystal",
    "pivot_right": "a right-turn pivot stone",
    "pivot_180": "a 180° pivot stone",
    "pool_2x2": "a 2×2 blood pool",
    "pool_1x4": "a 1×4 blood pool",
    "teleporter_yellow": "a yellow teleporter",
    "teleporter_blue": "a blue teleporter",
}
HEADING_WORDS = {k.name: v for k, v in WORD.items()}


def square_words(square: Any) -> str:
    """``(x, y)`` for a square (the names in the board's margins), words for the places
    off the board."""
    if isinstance(square, tuple):
        return f"({square[0]}, {square[1]})"
    return {
        "outside": "outside the entrance",
        "escaped": "out by the exit",
        "eaten": "out of the game",
    }.get(str(square), str(square))


def path_words(path: Sequence[str]) -> str:
    """``north, north, west`` (repeats kept: each token is one point of the move, P2)."""
    if not path:
        return "stays where it is (a move of 0, P2)"
    return ", ".join(TOKEN_WORDS.get(t.upper(), t) for t in path)


def move_words(who: str, pawn: str, path: Sequence[str], to: Any) -> str:
    if not path:
        return f"{who}: pawn {pawn} stays where it is (P2)"
    return f"{who}: pawn {pawn} moves {path_words(path)} to {square_words(to)} (P2)"


def placement_words(who: str, p: Placement) -> str:
    what = PIECE_WORDS.get(p.piece, p.piece.replace("_", " "))
    extra = ""
    if p.piece.startswith("teleporter") and p.orientation:
        extra = f", arrow {HEADING_WORDS.get(p.orientation, p.orientation)}"
    elif p.piece == "pool_1x4" and p.orientation:
        extra = ", lying " + ("across" if p.orientation == "h" else "upright")
    return f"{who}: places {what} on {square_words(p.at)}{extra} (A1)"


def outcome_words(outcome: Any) -> str:
    """The end of the game in words, with the tie-break explained (S2/S3) when there was one."""
    counts: dict[str, int] = dict(outcome.escaped)
    winner = outcome.winner
    head = f"Game over ({outcome.reason}, {outcome.rule}): "
    if winner is None:
        return head + "nobody escaped, a draw (S3)."
    best = counts.get(winner, 0)
    tied = sorted(c for c, n in counts.items() if n == best and c != winner)
    pawns = "pawn" if best == 1 else "pawns"
    if tied:
        others = " and ".join(tied)
        return (
            head + f"{winner} wins — {winner} and {others} both escaped {best} {pawns}; "
            f"{winner} reached {best} first, which breaks the tie (S3)."
        )
    return head + f"{winner} wins with {best} {pawns} escaped."


def move_path(before: Position, pawn_id: str, result: Any) -> list[tuple[float, float]]:
    """Scene points of a pawn's move: from its square (or tray slot) through each step."""
    pawn = before.pawn(pawn_id)
    pts: list[tuple[float, float]] = []
    if isinstance(pawn.at, tuple):
        pts.append(center(pawn.at))
    else:
        slot = tray_slots(before).get(pawn_id)
        if slot is not None:
            pts.append(slot)
    events: Sequence[Event] = getattr(result, "events", ())
    for e in events:
        # every event kind is handled (mypy checks the match): a new kind must say whether
        # it is a step of the pawn's drawn path
        match e:
            case Enter() | Move():
                pts.append(center(e.to))
            case Slide() if e.piece == pawn_id:  # P7: the pawn slides over the blood
                pts.append(center(e.to))
            case Escape():
                slot = tray_slots(result.position).get(pawn_id)
                if slot is not None:
                    pts.append(slot)
            case Slide() | Look() | Turn() | Push() | Eat() | Remove() | Wrap() | Teleport():
                pass  # a stone pushed by the pawn (P8), or the monster's (not in a pawn's move)
            case End() | Flip():
                pass  # no step: the end of the move, the pawn turned over (P2)
            case _:
                assert_never(e)
    return pts


class Story:
    """Frames + log lines, in the order things happened. ``frames[k].event_index`` is the
    log line a frame belongs to."""

    def __init__(self, start: Position | None = None, opening: str = "") -> None:
        self.frames: list[TraceFrame] = []
        self.log: list[str] = []
        if start is not None:
            self._add(start, opening, under=[])

    @property
    def position(self) -> Position:
        """The position of the last frame (the state once the story is over)."""
        return self.frames[-1].position

    def _add(
        self, position: Position, words: str, *, under: list[Any], log: str | None = None
    ) -> None:
        self.log.append(log or words)
        self.frames.append(
            TraceFrame(len(self.frames), position, len(self.log) - 1, None, words, False, under, [])
        )

    def add_move(self, who: str, before: Position, result: Any) -> None:
        words = move_words(who, result.pawn, result.path, result.to)
        self._add(
            result.position, words, under=[path_overlay(move_path(before, result.pawn, result))]
        )

    def add_placement(self, who: str, after: Position, placement: Placement) -> None:
        at = placement.at
        self._add(
            after,
            placement_words(who, placement),
            under=[square_fill(at, S.TARGET, 0.35)] if isinstance(at, tuple) else [],
        )

    def add_monster(self, before: Position, result: TurnResult) -> None:
        """The monster's turn look by look (M3-M11), each event a frame and a log line."""
        base = len(self.log)
        eaten = ", ".join(result.eaten) or "nobody"
        self.log.append(
            f"monster: draws tile {result.tile} and takes its turn (M1-M3); taken: {eaten}"
        )
        lines = event_log(result.events)
        for f in trace_frames(before, result.events, result.tile):
            k = base if f.event_index is None else base + 1 + f.event_index
            caption = f"monster, tile {result.tile}: {f.caption}" if f.event is None else f.caption
            self.frames.append(
                TraceFrame(
                    len(self.frames), f.position, k, f.event, caption, f.tie, f.under, f.over
                )
            )
        self.log += lines

    def add_change(self, position: Position, words: str) -> None:
        """A change the game makes by itself (P10 flips, a new stage, the end of stage 2)."""
        self._add(position, words, under=[])

    def catch_up(self, position: Position, extra: Sequence[Any] = ()) -> None:
        """Make sure the story ends on ``position`` (the game's): a frame for what the game
        changed by itself after an action, in words with its rule id."""
        if self.frames and self.position == position:
            return
        before = self.position if self.frames else None
        from ..engine.narrate import describe

        if extra:
            words = "; ".join(describe(e) for e in extra)
        elif before is not None and before.stage != position.stage:
            words = f"stage {position.stage} begins with a new pile of tiles (S1)"
        elif before is not None and any(
            p.at == "eaten" and before.pawn(p.id).at not in ("eaten", "escaped")
            for p in position.pawns
            if p.id in before.pawn_by_id
        ):
            words = "end of stage 2: every pawn still in the fortress is out of the game (S1)"
        else:
            words = "the game moves on"
        self.add_change(position, words)

    def finish(self, words: str, position: Position | None = None) -> None:
        """The hand-over (or game-over) frame: the current position, nothing drawn over it."""
        if position is not None:
            self.catch_up(position)
        self._add(self.position, words, under=[])
