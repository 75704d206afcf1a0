"""What happened between two of the learner's moves, as frames to step through (pure: no
ipywidgets, tested without a browser).

A :class:`Story` collects, in the order the game played them, the learner's move, every
bot's move (labelled with the bot's colour), every piece a bot placed (A1), and each monster
turn look by look; then a last frame hands over ("your move") or ends the game. Every frame
carries the position the engine reached at that moment; the last one is the game's current
position, so the picture at the end of the story is always the state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from html import escape
from typing import Any, Concatenate, ParamSpec, TypeVar

from ..engine import Position, TurnResult
from ..engine.board import Heading
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
from ..engine.i18n import N_, reason_words, translations
from ..engine.narrate import WORD, _and, _towards
from ..engine.setup import Placement
from ..render import style as S
from ..render.frames import TraceFrame, event_log, trace_frames
from ..render.scene import center, path_overlay, square_fill, tray_slots
from .labels import colour_word, heading_words, place_words

#: path tokens in words (P2/P3/P4)
TOKEN_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west", "IN": "in", "OUT": "out"}
PIECE_WORDS = {
    "stone": N_("a stone"),
    "crystal": N_("a crystal"),
    "pivot_right": N_("a right-turn pivot stone"),
    "pivot_left": N_("a left-turn pivot stone"),
    "pivot_180": N_("a 180° pivot stone"),
    "pool_2x2": N_("a 2×2 blood pool"),
    "pool_1x4": N_("a 1×4 blood pool"),
    "teleporter_yellow": N_("a yellow teleporter"),
    "teleporter_blue": N_("a blue teleporter"),
}
HEADING_WORDS = {k.name: v for k, v in WORD.items()}


def _tokens(lang: str | None) -> dict[str, str]:
    """Path tokens in words: the headings towards where a pawn goes, in and out."""
    t = translations(lang)
    return {
        **heading_words(lang),
        "IN": t.pgettext("path", "in"),
        "OUT": t.pgettext("path", "out"),
    }


def square_words(square: Any, lang: str | None = "en") -> str:
    """``(x, y)`` for a square (the names in the board's margins), words for the places
    off the board."""
    if isinstance(square, tuple):
        return f"({square[0]}, {square[1]})"
    return place_words(str(square), lang)


def path_words(path: Sequence[str], lang: str | None = "en") -> str:
    """``north, north, west`` (repeats kept: each token is one point of the move, P2)."""
    if not path:
        return translations(lang).gettext("stays where it is (a move of 0, P2)")
    words = _tokens(lang)
    return ", ".join(words.get(t.upper(), t) for t in path)


def move_words(who: str, pawn: str, path: Sequence[str], to: Any, lang: str | None = "en") -> str:
    """A pawn's move in a sentence: its path and where it ends, or that it stays (P2) or
    leaves by the exit (P4: the path's last token, ``OUT``, is the leaving)."""
    _ = translations(lang).gettext
    if not path:
        return _("{who}: pawn {pawn} stays where it is (P2)").format(who=who, pawn=pawn)
    if to == "escaped" and path[-1].upper() == "OUT":
        if len(path) == 1:
            return _("{who}: pawn {pawn} leaves the fortress by the exit (P4)").format(
                who=who, pawn=pawn
            )
        return _(
            "{who}: pawn {pawn} moves {path} and leaves the fortress by the exit (P2, P4)"
        ).format(who=who, pawn=pawn, path=path_words(path[:-1], lang))
    return _("{who}: pawn {pawn} moves {path} to {square} (P2)").format(
        who=who, pawn=pawn, path=path_words(path, lang), square=square_words(to, lang)
    )


def placement_words(who: str, p: Placement, lang: str | None = "en") -> str:
    _ = translations(lang).gettext
    word = PIECE_WORDS.get(p.piece)
    what = _(word) if word is not None else p.piece.replace("_", " ")
    extra = ""
    if p.piece.startswith("teleporter") and p.orientation:
        # the arrow points where the monster will face: the narration's "towards" words
        h = Heading.__members__.get(p.orientation)
        heading = _towards(translations(lang), h) if h is not None else p.orientation
        extra = _(", arrow {heading}").format(heading=heading)
    elif p.piece == "pool_1x4" and p.orientation:
        extra = _(", lying across") if p.orientation == "h" else _(", lying upright")
    return _("{who}: places {what} on {square}{extra} (A1)").format(
        who=who, what=what, square=square_words(p.at, lang), extra=extra
    )


def outcome_words(outcome: Any, lang: str | None = "en") -> str:
    """The end of the game in words, with the tie-break explained (S2/S3) when there was one."""
    t = translations(lang)
    counts: dict[str, int] = dict(outcome.escaped)
    winner = outcome.winner
    head = t.gettext("Game over ({reason}, {rule}): ").format(
        reason=reason_words(outcome.reason, lang), rule=outcome.rule
    )
    if winner is None:
        return head + t.gettext("nobody escaped, a draw (S3).")
    best = counts.get(winner, 0)
    tied = sorted(c for c, n in counts.items() if n == best and c != winner)
    name = colour_word(winner, lang)
    if len(tied) > 1:  # three or more escaped as many: "both" would be wrong
        players = _and([name] + [colour_word(c, lang) for c in tied], t)
        return head + t.ngettext(
            "{winner} wins — {players} all escaped {n} pawn; {winner} reached {n} first, "
            "which breaks the tie (S3).",
            "{winner} wins — {players} all escaped {n} pawns; {winner} reached {n} first, "
            "which breaks the tie (S3).",
            best,
        ).format(winner=name, players=players, n=best)
    if tied:
        others = _and([colour_word(c, lang) for c in tied], t)
        return head + t.ngettext(
            "{winner} wins — {winner} and {others} both escaped {n} pawn; {winner} reached "
            "{n} first, which breaks the tie (S3).",
            "{winner} wins — {winner} and {others} both escaped {n} pawns; {winner} reached "
            "{n} first, which breaks the tie (S3).",
            best,
        ).format(winner=name, others=others, n=best)
    return head + t.ngettext(
        "{winner} wins with {n} pawn escaped.", "{winner} wins with {n} pawns escaped.", best
    ).format(winner=name, n=best)


def counts_words(
    round: int, tiles: int, colours: Sequence[str], position: Position, lang: str | None = "en"
) -> str:
    """A game's counts at a moment: ``round 3, stage 1, tiles left 5; escaped: blue 1, red
    0``: the round and the tiles left (the monster turns the stage still has) are the
    game's (its state), the stage and the pawns escaped the ``position``'s (the board on
    show)."""
    escaped = ", ".join(
        f"{colour_word(c, lang)} "
        f"{sum(1 for p in position.pawns if p.player == c and p.at == 'escaped')}"
        for c in colours
    )
    return (
        translations(lang)
        .gettext("round {round}, stage {stage}, tiles left {tiles}; escaped: {score}")
        .format(round=round, stage=position.stage, tiles=tiles, score=escaped)
    )


#: a line over the board: its bold part and the rest, plain text (shown as text, never as
#: HTML: :func:`headline_html` for an HTML widget)
Headline = tuple[str, str]


def bold_split(message: str) -> Headline:
    """A translated message ``<b>bold</b>rest`` as its two parts (the catalogue's messages
    keep their markup; the parts are shown as text)."""
    if message.startswith("<b>") and "</b>" in message:
        bold, rest = message[3:].split("</b>", 1)
        return bold, rest
    return "", message


def headline_html(headline: Headline) -> str:
    """The headline as HTML, every word escaped: ``<b>bold</b>rest``."""
    bold, rest = headline
    return (f"<b>{escape(bold, False)}</b>" if bold else "") + escape(rest, False)


def steps_headline(left: int, over: bool, lang: str | None = "en") -> Headline:
    """The headline of a frame ``left`` steps before the end of a game view's story: "See
    what happened: step with ▶ or → (3 more steps), or click one of your pawns to play now"
    (a click works at once); ``over``: "..., then it is the end of the game"."""
    t = translations(lang)
    if not over:  # a click on a pawn plays at once: the steps are there to see, not a must
        bold, rest = bold_split(
            t.ngettext(
                "<b>See what happened</b>: step with ▶ or → ({left} more step), or click "
                "one of your pawns to play now",
                "<b>See what happened</b>: step with ▶ or → ({left} more steps), or click "
                "one of your pawns to play now",
                left,
            )
        )
        return bold.format(left=left), rest.format(left=left)
    then = t.gettext("the end of the game")
    bold, rest = bold_split(
        t.ngettext(
            "<b>See what happened</b>: step with ▶ or → ({left} more step), then it is {then}",
            "<b>See what happened</b>: step with ▶ or → ({left} more steps), then it is {then}",
            left,
        )
    )
    return bold.format(left=left, then=then), rest.format(left=left, then=then)


def your_move_headline(colour: str, pawns: Sequence[str], lang: str | None = "en") -> Headline:
    """The headline handing over to the learner: "Your move (blue): click one of your pawns
    (A, B), then a lit square"."""
    words = {"colour": colour_word(colour, lang), "pawns": ", ".join(sorted(pawns))}
    bold, rest = bold_split(
        translations(lang).gettext(
            "<b>Your move ({colour})</b>: click one of your pawns ({pawns}), then a lit square"
        )
    )
    return bold.format(**words), rest.format(**words)


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


#: words given to a story: a text, or a function of the language giving it (so that the
#: story can be told again in another language, :meth:`Story.retold`)
Words = str | Callable[[str | None], str]
_P = ParamSpec("_P")
_R = TypeVar("_R")


def _told(
    method: Callable[Concatenate[Story, _P], _R],
) -> Callable[Concatenate[Story, _P], _R]:
    """A step of the story: recorded (the outermost call only) so that :meth:`Story.retold`
    can play it again in another language."""

    name = method.__name__

    def step(self: Story, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        if self._depth == 0:
            self._steps.append((name, args, kwargs))
        self._depth += 1
        try:
            return method(self, *args, **kwargs)
        finally:
            self._depth -= 1

    step.__name__ = step.__qualname__ = name
    step.__doc__ = method.__doc__
    return step


class Story:
    """Frames + log lines, in the order things happened. ``frames[k].event_index`` is the
    log line a frame belongs to. ``story.retold("fr")``: the same story in French."""

    def __init__(
        self, start: Position | None = None, opening: Words = "", lang: str | None = "en"
    ) -> None:
        self.frames: list[TraceFrame] = []
        self.log: list[str] = []
        #: the language of the story's words (None: the locale)
        self.lang = lang
        self._steps: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []
        self._depth = 0
        #: the game's round, tiles left and colours for the frames added next (:meth:`clock`)
        self._clock: tuple[int, int, tuple[str, ...]] | None = None
        if start is not None:
            self.add_change(start, opening)

    def retold(self, lang: str | None) -> Story:
        """The same story, step by step, in ``lang`` (the same frames and positions)."""
        story = Story(lang=lang)
        for name, args, kwargs in self._steps:
            getattr(story, name)(*args, **kwargs)
        return story

    def _note(self, position: Position) -> str:
        """The counts of a frame showing ``position`` (none before a :meth:`clock`)."""
        if self._clock is None:
            return ""
        round, tiles, colours = self._clock
        return counts_words(round, tiles, colours, position, self.lang)

    def _say(self, words: Words) -> str:
        return words if isinstance(words, str) else words(self.lang)

    @property
    def position(self) -> Position:
        """The position of the last frame (the state once the story is over)."""
        return self.frames[-1].position

    def _add(
        self, position: Position, words: str, *, under: list[Any], log: str | None = None
    ) -> None:
        self.log.append(log or words)
        self.frames.append(
            TraceFrame(
                len(self.frames),
                position,
                len(self.log) - 1,
                None,
                words,
                False,
                under,
                [],
                self.lang,
                self._note(position),
            )
        )

    @_told
    def clock(self, round: int, tiles: int, colours: Sequence[str]) -> None:
        """The game's round and tiles left in the pile (and its colours) at the frames
        added from now on: each frame notes them with its own stage and pawns escaped
        (``TraceFrame.note``), so the counts on show always belong to the board on show."""
        self._clock = (round, tiles, tuple(colours))

    @_told
    def add_move(self, who: Words, before: Position, result: Any) -> None:
        words = move_words(self._say(who), result.pawn, result.path, result.to, self.lang)
        self._add(
            result.position, words, under=[path_overlay(move_path(before, result.pawn, result))]
        )

    @_told
    def add_placement(self, who: Words, after: Position, placement: Placement) -> None:
        at = placement.at
        self._add(
            after,
            placement_words(self._say(who), placement, self.lang),
            under=[square_fill(at, S.TARGET, 0.35)] if isinstance(at, tuple) else [],
        )

    @_told
    def add_monster(self, before: Position, result: TurnResult) -> None:
        """The monster's turn look by look (M3-M11), each event a frame and a log line."""
        base = len(self.log)
        t = translations(self.lang)
        eaten = ", ".join(result.eaten) or t.gettext("nobody")
        self.log.append(
            t.gettext(
                "monster: draws tile {tile} and takes its turn (M1-M3); taken: {eaten}"
            ).format(tile=result.tile, eaten=eaten)
        )
        lines = event_log(result.events, self.lang)
        # the opening caption without its own 'tile {tile}:', said once below
        for f in trace_frames(before, result.events, None, self.lang):
            k = base if f.event_index is None else base + 1 + f.event_index
            caption = (
                t.gettext("monster, tile {tile}: {caption}").format(
                    tile=result.tile, caption=f.caption
                )
                if f.event is None
                else f.caption
            )
            self.frames.append(
                TraceFrame(
                    len(self.frames),
                    f.position,
                    k,
                    f.event,
                    caption,
                    f.tie,
                    f.under,
                    f.over,
                    self.lang,
                    self._note(f.position),
                )
            )
        self.log += lines

    @_told
    def add_change(self, position: Position, words: Words) -> None:
        """A change the game makes by itself (P10 flips, a new stage, the end of stage 2)."""
        self._add(position, self._say(words), under=[])

    @_told
    def catch_up(self, position: Position, extra: Sequence[Any] = ()) -> None:
        """Make sure the story ends on ``position`` (the game's): a frame for what the game
        changed by itself after an action, in words with its rule id."""
        if self.frames and self.position == position:
            return
        before = self.position if self.frames else None
        from ..engine.narrate import describe, one_after_another

        t = translations(self.lang)
        _ = t.gettext
        if extra:
            words = one_after_another([describe(e, self.lang) for e in extra], t)
        elif before is not None and before.stage != position.stage:
            words = _("stage {stage} begins with a new pile of tiles (S1)").format(
                stage=position.stage
            )
        elif before is not None and any(
            p.at == "eaten" and before.pawn(p.id).at not in ("eaten", "escaped")
            for p in position.pawns
            if p.id in before.pawn_by_id
        ):
            words = _("end of stage 2: every pawn still in the fortress is out of the game (S1)")
        else:
            words = _("the game moves on")
        self.add_change(position, words)

    @_told
    def finish(
        self,
        words: Words,
        position: Position | None = None,
        headline: Callable[[str | None], Headline] | None = None,
        over: bool = False,
        focus: tuple[float, float] | None = None,
    ) -> None:
        """The hand-over (or game-over) frame: the current position, nothing drawn over it.
        ``headline``: the last frame's line over the board in a language (whose move it
        is, or the end of the game when ``over``); every earlier frame's then says how many
        steps are left from it to the last (:func:`steps_headline`), so a step in the
        browser shows the frame's own line with no kernel round trip. ``focus``: the scene
        point a board scrolled sideways shows with it (the learner's pawns)."""
        if position is not None:
            self.catch_up(position)
        self._add(self.position, self._say(words), under=[])
        if focus is not None:
            self.frames[-1] = replace(self.frames[-1], focus=focus)
        if headline is not None:
            last = len(self.frames) - 1
            self.frames = [
                replace(f, headline=steps_headline(last - k, over, self.lang))
                for k, f in enumerate(self.frames[:-1])
            ] + [replace(self.frames[-1], headline=headline(self.lang))]
