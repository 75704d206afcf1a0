"""What the lessons (``notebooks/``) ask of the engine, told as sentences in the lesson's
language: a path a learner tries for a pawn, the squares a pawn may end on, a rulebook's
words beside the engine's steps, a game told round by round and a race goal checked.

>>> from finstere_widget import examples
>>> print(try_path(examples.load("pawn_example_1"), "P4", "N,N,N,W", goal=(6, 4), lang="en"))
point 1: moves from (7, 7) to (7, 6) (P2)
point 2: moves from (7, 6) to (7, 5) (P2)
point 3: pushes the stone from (7, 4) to (7, 3) (P6)
point 3: moves from (7, 5) to (7, 4) (P2)
point 4: moves from (7, 4) to (6, 4) (P2)
then: pawn P4 is flipped and now shows 3 (P2)
P4 used 4 of its 4 points and ends on (6, 4).
Goal reached.

Nothing here changes a position; every function plays the engine's own moves and turns.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from ..engine.board import on_board
from ..engine.errors import (
    FinstereError,
    IllegalMoveError,
    LessonError,
    PathError,
    PositionError,
    RecordError,
    SetupError,
    Translatable,
    shown,
)
from ..engine.events import Eat, End, Flip
from ..engine.game import Game
from ..engine.i18n import (
    LANGUAGES,
    error_message,
    place_words,
    resolve,
    translations,
    word_in,
)
from ..engine.monster import monster_turn
from ..engine.moves import MAX_PATH, MoveResult, Place, apply_move, legal_moves
from ..engine.narrate import describe
from ..engine.options import RuleOptions
from ..engine.position import Position
from ..render.frames import TraceFrame, trace_frames
from .predict import Puzzle, question_text

__all__ = [
    "Comparison",
    "goal_check",
    "landing_squares",
    "language_told",
    "move_told",
    "path_steps",
    "puzzle_levels",
    "puzzle_told",
    "puzzles_told",
    "replay_told",
    "rounds_told",
    "side_by_side",
    "try_path",
]


#: the places off the board a goal may name (a square is the other kind of goal)
GOAL_PLACES = ("escaped", "outside")


def _position(position: Any) -> Position:
    if not isinstance(position, Position):  # rounds of AttributeErrors before
        raise PositionError(
            "position: expected a Position, got {position}", position=shown(position)
        )
    return position


def _game(game: Any) -> Game:
    if not isinstance(game, Game):
        raise SetupError("game: expected a Game, got {game}", game=shown(game))
    return game


def _goal(goal: Any) -> Place:
    """A goal for :func:`try_path`: a square on the board (a tuple or a list of two ints,
    as JSON writes one) or one of :data:`GOAL_PLACES`; else a :class:`LessonError` naming
    it (a list raised a TypeError, ``(99, 99)`` or ``"exit"`` was never reached)."""
    if isinstance(goal, str):
        if goal in GOAL_PLACES:
            return goal
    elif isinstance(goal, (list, tuple)) and len(goal) == 2 and all(type(v) is int for v in goal):
        square = (goal[0], goal[1])
        if on_board(square):
            return square
        raise LessonError(
            "{where}: square {sq} is off the board (B1)", where="goal", sq=shown(list(square))
        )
    raise LessonError(
        "{where}: expected a square or one of {places}, got {value}",
        where="goal",
        places=", ".join(GOAL_PLACES),
        value=shown(goal),
    )


def _place(place: Place, lang: str) -> str:
    if isinstance(place, tuple):
        return f"({place[0]}, {place[1]})"
    return place_words(place, lang)


def move_told(position: Position, result: MoveResult, lang: str | None = None) -> list[str]:
    """A pawn's move (``result``, played from ``position``) in words: one line per event, numbered by the point it spends (the
    flip that ends every move spends none, P2, so it is not numbered), and a last line
    saying how many points were used and where the pawn ends."""
    _position(position)
    if not isinstance(result, MoveResult):
        raise LessonError(
            "result: expected a MoveResult (apply_move gives one), got {result}",
            result=shown(result),
        )
    code = resolve(lang)
    t = translations(code)
    lines = []
    for e in result.events:
        if isinstance(e, Flip):
            prefix = t.gettext("then")
        else:
            prefix = t.gettext("point {n}").format(n=e.step)
        lines.append(t.gettext("{prefix}: {text}").format(prefix=prefix, text=describe(e, code)))
    points = position.pawn(result.pawn).value  # the number it showed (P2)
    if result.to == "escaped":  # a place off the board is no square to end "on"
        ends = t.ngettext(
            "{pawn} used {cost} of its {points} point and left by the exit.",
            "{pawn} used {cost} of its {points} points and left by the exit.",
            points,
        )
    elif isinstance(result.to, tuple):
        ends = t.ngettext(
            "{pawn} used {cost} of its {points} point and ends on {place}.",
            "{pawn} used {cost} of its {points} points and ends on {place}.",
            points,
        )
    else:  # it stayed outside the entrance
        ends = t.ngettext(
            "{pawn} used {cost} of its {points} point and stays outside the entrance.",
            "{pawn} used {cost} of its {points} points and stays outside the entrance.",
            points,
        )
    lines.append(
        ends.format(
            pawn=result.pawn, cost=result.cost, points=points, place=_place(result.to, code)
        )
    )
    return lines


def _refusal(err: FinstereError, code: str) -> str:
    """The engine's reason for refusing a path, in a learner's words (a step, a direction;
    never a "token" or a file to read): the step at fault, its direction and the rule."""
    t = translations(code)
    params: dict[str, Any] = getattr(err, "params", {})
    reason = params.get("reason")
    if isinstance(err, IllegalMoveError) and "number" in params and "tok" in params:
        why = reason.translated(code) if isinstance(reason, Translatable) else None
        if why is None:  # the slide or the move would end on another pawn (P5, P7)
            square = params.get("square", ("?", "?"))
            why = t.gettext("it would end on ({x}, {y}), where another pawn stands").format(
                x=square[0], y=square[1]
            )
        return t.gettext("Point {n} ({direction}) is not allowed: {why} ({rule}).").format(
            n=params["number"], direction=params["tok"], why=why, rule=err.rule
        )
    if isinstance(err, PathError):
        index = getattr(err, "index", None)
        if index is not None:  # a word that is no direction
            return t.gettext(
                "Step {n}, {word}, is not a direction: a path is made of N, E, S and W,"
                " IN to come in and OUT to leave by the exit."
            ).format(n=index + 1, word=shown(getattr(err, "token", "")))
        return t.gettext("That path is longer than any move (P2).")
    return error_message(err, code)


def path_steps(path: str | Sequence[str]) -> str | Sequence[str]:
    """A path as a learner types it: ``"N,N,W"``, ``"N N W"`` or ``"n, n w"`` all give
    ``["N", "N", "W"]`` (the engine reads the words); a list is left as it is."""
    if isinstance(path, str) and len(path) <= 8 * MAX_PATH:
        return [word for word in re.split(r"[\s,]+", path.strip()) if word]
    return path


def try_path(
    position: Position,
    pawn: str,
    path: str | Sequence[str],
    *,
    goal: Place | None = None,
    lang: str | None = None,
) -> str:
    """Try ``path`` (``"N,N,W"`` or ``"N N W"``, as a learner types it; ``IN`` enters,
    ``OUT`` leaves by the exit) for ``pawn``: the move told point by point, or the engine's
    reason for refusing it in a learner's words; with ``goal`` (a square ``(x, y)`` or
    ``[x, y]``, ``"escaped"`` or ``"outside"``), whether the pawn got there. A position or a
    goal that is none is a family error naming it."""
    _position(position)
    if goal is not None:
        goal = _goal(goal)
    code = resolve(lang)
    t = translations(code)
    try:
        result = apply_move(position, pawn, path_steps(path))
    except FinstereError as err:
        return t.gettext("Refused. {reason}").format(reason=_refusal(err, code))
    lines = move_told(position, result, code)
    if goal is not None:
        if result.to == goal:
            lines.append(t.gettext("Goal reached."))
        else:
            lines.append(
                t.gettext("That is not {goal}: try another path.").format(goal=_place(goal, code))
            )
    return "\n".join(lines)


def replay_told(record: Mapping[str, Any], *, lang: str | None = None) -> str:
    """Replay a game's ``record`` (``Game.to_record()``), every action checked by the
    rules: a sentence saying it replays, or which action stops it and why, in a learner's
    words (the action's number from 1, the pawn, the step and the rule)."""
    code = resolve(lang)
    t = translations(code)
    try:
        Game.from_record(record)
    except FinstereError as err:
        params: dict[str, Any] = getattr(err, "params", {})
        inner, k = params.get("exc"), params.get("k")
        if isinstance(err, RecordError) and isinstance(inner, FinstereError) and isinstance(k, int):
            action = record["actions"][k] if isinstance(record.get("actions"), list) else None
            pawn = action.get("pawn") if isinstance(action, Mapping) else None
            if isinstance(pawn, str):
                head = t.gettext("The replay stops at action {n}, a move of pawn {pawn}.").format(
                    n=k + 1, pawn=pawn if pawn.isalnum() and len(pawn) <= 20 else shown(pawn)
                )
            else:
                head = t.gettext("The replay stops at action {n}.").format(n=k + 1)
            return f"{head} {_refusal(inner, code)}"
        return t.gettext("The record does not replay: {reason}").format(
            reason=error_message(err, code)
        )
    n = len(record.get("actions", ()))
    return t.ngettext(
        "The record replays: {n} action, the same game to the end.",
        "The record replays: {n} actions, the same game to the end.",
        n,
    ).format(n=n)


def _order(place: Place) -> tuple[int, int, int]:
    """Squares by column then row, then the places off the board."""
    return (0, place[0], place[1]) if isinstance(place, tuple) else (1, 0, 0)


def landing_squares(position: Position, pawn: str, *, lang: str | None = None) -> str:
    """Every place ``pawn`` may end its move this turn (the engine's ``legal_moves``), as
    one sentence: where it stands (a move of 0 squares) first, then the others."""
    _position(position)
    code = resolve(lang)
    t = translations(code)
    here = position.pawn(pawn).at
    places: list[Place] = []
    for outcome in legal_moves(position, pawn):
        if outcome.to not in places:
            places.append(outcome.to)
    others = sorted((p for p in places if p != here), key=_order)
    listed = ", ".join(_place(p, code) for p in others)
    return t.ngettext(
        "{pawn} may stay on {here} or end its move on {count} other place: {places}.",
        "{pawn} may stay on {here} or end its move on {count} other places: {places}.",
        len(others),
    ).format(pawn=pawn, here=_place(here, code), count=len(others), places=listed)


class Comparison(NamedTuple):
    """One look of a monster turn: the rulebook's words for that step beside the engine's
    caption, with the frame to draw (``frame.svg()``)."""

    step: int
    final: bool  # the final look (M6)
    words: str
    caption: str
    frame: TraceFrame
    lang: str
    source: str = "rulebook"  # whose words: "rulebook", or "guide" (the online guide)

    def __str__(self) -> str:
        if not self.words:
            return self.caption
        t = translations(self.lang)
        if self.source == "guide":
            return t.gettext("{caption}\n    the online guide: « {words} »").format(
                caption=self.caption, words=self.words
            )
        return t.gettext("{caption}\n    the rulebook: « {words} »").format(
            caption=self.caption, words=self.words
        )


def side_by_side(
    position: Position,
    tile: str,
    words: Mapping[int, str],
    *,
    options: RuleOptions | None = None,
    source: str = "rulebook",
    lang: str | None = None,
) -> list[Comparison]:
    """The monster's turn with ``tile``, look by look: for each step, ``words[step]`` (a
    rulebook's sentence for it, ``""`` when it has none) beside the engine's caption;
    ``source="guide"`` labels the words as the online guide's, not a rulebook's."""
    if source not in ("rulebook", "guide"):
        raise LessonError("source {source}: expected 'rulebook' or 'guide'", source=shown(source))
    _position(position)
    if not isinstance(words, Mapping) or not all(isinstance(w, str) for w in words.values()):
        raise LessonError(
            "words: expected a mapping of steps to text, got {words}", words=shown(words)
        )
    code = resolve(lang)
    turn = monster_turn(position, tile, options)
    out = []
    for frame in trace_frames(position, turn.events, tile, lang=code):
        event = frame.event
        if event is not None and event.type == "look":
            out.append(
                Comparison(
                    event.step,
                    event.rule == "M6",
                    words.get(event.step, ""),
                    frame.caption,
                    frame,
                    code,
                    source,
                )
            )
    return out


def _escape_rounds(game: Game) -> list[tuple[int, str, str]]:
    """``(round, colour, pawn)`` of every escape of the game so far (T1: a round ends with
    its monster turn)."""
    round_ = game.setup.round
    out = []
    for entry in game.history:
        if entry.move is not None and entry.move.to == "escaped":
            colour = game.position.pawn(entry.move.pawn).player
            out.append((round_, colour, entry.move.pawn))
        if entry.monster is not None:
            round_ += 1
    return out


def rounds_told(game: Game, *, lang: str | None = None) -> list[str]:
    """The game so far, a line per monster turn (its round, stage, tile, steps and the
    pawns it took) and a line per escape."""
    _game(game)
    code = resolve(lang)
    t = translations(code)
    round_ = game.setup.round
    first_stage = game.setup.position.stage if game.setup.position is not None else 1
    played = game.setup.tiles_played  # tiles played this stage (S1: a stage has 7, or 8)
    per_stage = game.options.tiles_per_stage
    lines = []
    for entry in game.history:
        if entry.move is not None and entry.move.to == "escaped":
            lines.append(
                t.gettext("round {round}: pawn {pawn} ({colour}) gets out.").format(
                    round=round_,
                    pawn=entry.move.pawn,
                    colour=word_in(game.position.pawn(entry.move.pawn).player, None, code),
                )
            )
        turn = entry.monster
        if turn is not None:
            taken = [e.pawn for e in turn.events if isinstance(e, Eat)]
            steps = next((e.steps for e in turn.events if isinstance(e, End)), 0)
            lines.append(
                t.ngettext(
                    "round {round} (stage {stage}): the monster draws {tile} and takes {steps} step; taken: {taken}.",
                    "round {round} (stage {stage}): the monster draws {tile} and takes {steps} steps; taken: {taken}.",
                    steps,
                ).format(
                    round=round_,
                    stage=first_stage + played // per_stage,
                    tile=turn.tile,
                    steps=steps,
                    taken=", ".join(taken) or t.gettext("nobody"),
                )
            )
            round_ += 1
            played += 1
    return lines


def goal_check(game: Game, colour: str, by_round: int, *, lang: str | None = None) -> str:
    """A race goal: has ``colour`` (a player of ``game``) got a pawn out by the end of round
    ``by_round`` (a whole number from 1)? Anything else is a family error naming it."""
    _game(game)
    if not isinstance(colour, str) or colour not in game.colours:
        raise LessonError(
            "colour: expected a colour of this game ({colours}), got {colour}",
            colours=", ".join(game.colours),
            colour=shown(colour),
        )
    if type(by_round) is not int or by_round < 1:  # "3" raised a TypeError, 3.0 was told
        raise LessonError(
            "by_round: expected a round number 1, 2, 3..., got {by_round}",
            by_round=shown(by_round),
        )
    code = resolve(lang)
    t = translations(code)
    mine = [(r, p) for r, c, p in _escape_rounds(game) if c == colour]
    if mine and mine[0][0] <= by_round:
        return t.gettext("Goal reached: {pawn} got out in round {round}.").format(
            pawn=mine[0][1], round=mine[0][0]
        )
    now = game.state.round
    if game.is_terminal() or now > by_round:
        return t.gettext("Goal missed: no pawn out by the end of round {by}. Try again!").format(
            by=by_round
        )
    return t.gettext(
        "Round {round}: no pawn out yet; you have until the end of round {by}."
    ).format(round=now, by=by_round)


#: the topics of the basic game (lessons 01-03, 05), then those of the advanced pieces (04)
BASIC_TOPICS = ("nearest", "tie", "wrap", "slide", "push", "crush")
ADVANCED_TOPICS = ("pivot", "teleporter", "crystal")


def _plain(puzzle: Puzzle, basic: bool) -> bool:
    """No pawn standing on blood (possible only under this project's ruling FAQ 1), and with ``basic``
    only the basic game's pieces (no crystal, pivot stone or teleporter)."""
    pos = puzzle.position
    if any(p.at in pos.pool_squares for p in pos.pawns):
        return False
    return not basic or (all(s.kind.value == "stone" for s in pos.stones) and not pos.teleporters)


def puzzle_levels(seed: int = 2026) -> tuple[list[Puzzle], list[Puzzle], list[Puzzle]]:
    """Lesson 09's three levels, reproducible from ``seed``: one puzzle per topic of the
    basic game with its pieces only; one per advanced piece (pivot stone, teleporter,
    crystal); then one per topic where two rules meet. No pawn stands on blood in the
    first two levels."""
    from .predict import puzzles

    def pick(topic: str, basic: bool) -> Puzzle:
        return next(p for p in puzzles(topic, n=20, seed=seed, difficulty=1) if _plain(p, basic))

    level1 = [pick(topic, True) for topic in BASIC_TOPICS]
    level2 = [pick(topic, False) for topic in ADVANCED_TOPICS]
    level3 = puzzles("all", n=len(BASIC_TOPICS) + len(ADVANCED_TOPICS), seed=seed, difficulty=2)
    return level1, level2, level3


def language_told(lang: str | None = None) -> str:
    """The language the boards and stories speak now (``lang=None``: the one chosen with
    ``use_language``), in a sentence in that language."""
    code = resolve(lang)
    return (
        translations(code)
        .gettext("Boards and stories speak: {language}.")
        .format(language=LANGUAGES[code])
    )


def puzzle_told(number: int, puzzle: Puzzle, *, lang: str | None = None) -> str:
    """A puzzle on paper: where the monster stands and faces, the question, and the
    choices lettered a), b)… (each a square, a facing and the pawns taken)."""
    code = resolve(lang)
    t = translations(code)
    m = puzzle.position.monster
    lines = [
        t.gettext("Puzzle {n}: the monster stands on ({x}, {y}) facing {facing}.").format(
            n=number, x=m.at[0], y=m.at[1], facing=m.facing.name
        ),
        question_text(code),
    ]
    for letter, choice in zip("abcdefghij", puzzle.choices, strict=False):
        taken = (
            t.gettext("taken: {pawns}").format(pawns=", ".join(choice.taken))
            if choice.taken
            else t.gettext("no pawn taken")
        )
        lines.append(
            "  "
            + t.gettext("{letter}) ({x}, {y}), facing {facing}, {taken}").format(
                letter=letter,
                x=choice.square[0],
                y=choice.square[1],
                facing=choice.facing.name,
                taken=taken,
            )
        )
    return "\n".join(lines)


def puzzles_told(items: Sequence[Puzzle], *, lang: str | None = None) -> str:
    """A set of puzzles in a sentence: how many, on which rules, of which difficulties."""
    t = translations(resolve(lang))
    rules = ", ".join(sorted({p.rule for p in items}))
    levels = ", ".join(str(d) for d in sorted({p.difficulty for p in items}))
    return t.ngettext(
        "{n} puzzle on {rules}, of difficulty {levels}.",
        "{n} puzzles on {rules}, of difficulty {levels}.",
        len(items),
    ).format(n=len(items), rules=rules, levels=levels)
