"""A monster turn as frames to step through: the pieces at each moment plus an overlay
showing what the engine's event did (a look's rays, a move, a push, a slide, an eat, a
wrap through two letters, a teleport, a turn).

The frames are built only from the engine's events (docs/format.md): the pieces of each frame
come from the engine's own replay of the events (``engine.replay``); nothing is decided here.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine import (
    Eat,
    Event,
    Heading,
    Look,
    Move,
    Position,
    Push,
    Remove,
    Slide,
    StoneKind,
    Teleport,
    Turn,
    Wrap,
)
from ..engine.board import WALL_LETTERS, step
from ..engine.errors import TraceError
from ..engine.events import End, Enter, Escape, Flip, assert_never
from ..engine.i18n import resolve
from ..engine.replay import replay
from . import style as S
from .primitives import Packed, PackedFrame, num
from .scene import (
    Group,
    GroupMemo,
    Scene,
    arrow_between,
    arrow_shape,
    caption_group,
    center,
    compose,
    cross,
    edge_point,
    fixture_group,
    heading_arrow,
    label_groups,
    letter_highlight,
    look_overlay,
    memo_group,
    pawn_ghost,
    piece_groups,
    poly,
    ring,
    static_layer,
    stone_group,
    tray_background,
    tray_layout,
)

WORD = {Heading.N: "north", Heading.E: "east", Heading.S: "south", Heading.W: "west"}


def _narrate_line(event: Event, lang: str | None = None) -> str:
    """One sentence with its rule id (the engine's narration)."""
    from ..engine.narrate import line

    return line(event, lang)


def _caption(
    event: Event | None, tile: str | None, position: Position, lang: str | None = None
) -> tuple[str, bool]:
    """Short caption for the strip above the board; True when it is the tie banner."""
    from ..engine.i18n import translations
    from ..engine.narrate import _and, _towards, sq

    t = translations(lang)
    if event is None:
        at, heading = sq(position.monster.at), _towards(t, position.monster.facing)
        if tile:
            return t.gettext(
                "tile {tile}: the monster at {square} facing {heading} — press ▶ to step"
            ).format(tile=tile, square=at, heading=heading), False
        return t.gettext("the monster at {square} facing {heading} — press ▶ to step").format(
            square=at, heading=heading
        ), False
    if isinstance(event, Look) and event.decision == "tie":
        rule = "M6" if event.rule == "M6" else "M5"
        names = _and([r.seen or "?" for r in event.nearest], t)
        distance = event.nearest[0].distance or 0  # a seen pawn has its distance
        if len(event.nearest) == 2:
            text = t.ngettext(
                "TIE → keeps heading {heading} ({rule}): {pawns} both at {distance}",
                "TIE → keeps heading {heading} ({rule}): {pawns} both at {distance}",
                distance,
            )
        else:
            text = t.ngettext(
                "TIE → keeps heading {heading} ({rule}): {pawns} all at {distance}",
                "TIE → keeps heading {heading} ({rule}): {pawns} all at {distance}",
                distance,
            )
        return text.format(
            heading=_towards(t, event.facing), rule=rule, pawns=names, distance=distance
        ), True
    return _narrate_line(event, lang), False


@dataclass
class TraceFrame:
    """One moment of a monster turn: the pieces then, and the overlay explaining it."""

    index: int
    position: Position
    event_index: int | None  # index into the events, None for the opening frame
    event: Event | None
    caption: str
    tie: bool
    under: list[Group] = field(default_factory=list)
    over: list[Group] = field(default_factory=list)
    #: the language of the caption and of the board's labels (None: the locale)
    lang: str | None = None
    #: words about the frame's moment, shown above the board with it (a game view's counts
    #: then: round, stage, tiles left, pawns escaped); "" for none
    note: str = ""
    #: the line over the board with the frame (a game view's: what to do, how many steps
    #: are left to see), as its bold part and the rest, plain text (the browser shows it
    #: as text, never as HTML); ("", "") for none
    headline: tuple[str, str] = ("", "")
    #: the scene point the frame is about, kept in view when the board scrolls sideways
    #: (None: the monster's square for a monster event's frame, else nothing)
    focus: tuple[float, float] | None = None

    def scene(self) -> Scene:
        pos = self.position
        groups = compose(self.under, pos, self.over) + [
            caption_group(self.caption, banner=self.tie)
        ]
        return Scene(static_layer(pos, lang=self.lang), groups)

    def dynamic_groups(self) -> list[Group]:
        return compose(self.under, self.position, self.over) + [
            caption_group(self.caption, banner=self.tie)
        ]

    def svg(self) -> str:
        from .svg import scene_svg

        return scene_svg(self.scene(), title=self.caption)

    def _repr_svg_(self) -> str:
        return self.svg()

    def __repr__(self) -> str:
        what = self.event.type if self.event is not None else "start"
        return f"TraceFrame({self.index}, {what}: {self.caption!r})"


def _event_overlay(e: Event, before: Position, after: Position) -> tuple[list[Group], list[Group]]:
    """What one event looks like on top of the pieces after it."""
    under: list[Group] = []
    over: list[Group] = []
    match e:
        case Look():
            return look_overlay(e, after)
        case Move():
            over.append(arrow_between(center(e.from_), center(e.to), S.MOVE, lw=4, shorten=14))
        case Slide():
            # a light halo under the dashed arrow: it stays visible on the blood (M9)
            over.append(arrow_between(center(e.from_), center(e.to), S.HALO, lw=8, shorten=12))
            over.append(
                arrow_between(center(e.from_), center(e.to), S.SLIDE, lw=4, dash=[8, 5], shorten=14)
            )
        case Push():
            over.append(arrow_between(center(e.from_), center(e.to), S.PUSH, lw=4, shorten=12))
            if isinstance(e.piece, str) and e.piece in after.pawn_by_id:
                over.append(ring(e.to, S.PUSH, r=19, lw=2.5))
            pusher = after.pawn_by_id.get(e.by) if e.by is not None else None
            if pusher is not None and isinstance(pusher.at, tuple):
                # a pawn the monster pushed onto a pool pushes this stone (M8, P7): ringed
                over.append(ring(pusher.at, S.PUSH, r=19, lw=2.5))
        case Eat():
            over.append(ring(e.at, S.EAT, r=19, lw=3))
            over.append(pawn_ghost(before.pawn(e.pawn), e.at))
        case Remove():
            stone = before.stone_map.get(e.at) or before.stone_map.get(e.stone)
            kind = stone.kind if stone is not None else StoneKind.STONE
            over.append(stone_group(e.at, kind, a=0.4))
            over.append(cross(e.at))
        case Wrap():
            h = before.monster.facing
            letter_back = WALL_LETTERS.get((e.to, h.back), e.letter)
            out1 = edge_point(e.from_, h)
            in2 = edge_point(e.to, h.back)
            over.append(arrow_between(center(e.from_), out1, S.WRAP, lw=4, dash=[6, 4]))
            over.append(arrow_between(in2, center(e.to), S.WRAP, lw=4, dash=[6, 4], shorten=14))
            over.append(letter_highlight(e.from_, h, e.letter))
            over.append(letter_highlight(e.to, h.back, letter_back))
        case Teleport():
            over.append(ring(e.from_, S.TELEPORT, r=19, lw=3.5))
            over.append(ring(e.to, S.TELEPORT, r=19, lw=3.5))
            over.append(
                arrow_between(
                    center(e.from_), center(e.to), S.TELEPORT, lw=3, dash=[4, 4], shorten=20
                )
            )
        case Turn():
            at = after.monster.at
            cx, cy = edge_point(at, e.from_, -2)
            over.append(
                [poly(arrow_shape(cx, cy, e.from_, 18, 16), closed=True, fill=S.TURN_FROM, a=0.55)]
            )
            over.append(heading_arrow(at, e.to, S.TURN))
            if e.reason == "pivot":
                ahead, _ = step(at, e.from_)
                over.append(ring(ahead, S.TURN, r=21, lw=3.5))
        case End() | Enter() | Escape() | Flip():
            pass  # drawn by the pieces after them (and the caption)
        case _:
            assert_never(e)
    return under, over


def trace_frames(
    position: Position, events: Sequence[Event], tile: str | None = None, lang: str | None = None
) -> list[TraceFrame]:
    """Frames for stepping through a monster turn: an opening frame, then one per event
    (the final ``end`` event shows the position after the turn). The pieces of each frame
    are the engine's replay of the events (:func:`finstere_widget.engine.replay.replay`)."""
    for k, e in enumerate(events):
        if isinstance(e, Enter | Escape | Flip) or (isinstance(e, Move) and e.rule.startswith("P")):
            raise TraceError(
                "event {k} ({type}, {rule}) is a pawn's move, not the monster's: trace_frames draws a monster turn (replay(position, events, mover=PAWN_ID) gives a pawn move's positions)",
                k=k,
                type=e.type,
                rule=e.rule,
            )
    lang = resolve(lang)  # once, not once per sentence (the locale is read from os.environ)
    positions = replay(position, events)
    cap, tie = _caption(None, tile, position, lang)
    frames = [TraceFrame(0, position, None, None, cap, tie, lang=lang)]
    before = position
    for k, (e, after) in enumerate(zip(events, positions, strict=True)):
        under, over = _event_overlay(e, before, after)
        cap, tie = _caption(e, tile, position, lang)
        frames.append(TraceFrame(len(frames), after, k, e, cap, tie, under, over, lang))
        before = after
    return frames


def event_log(events: Sequence[Event], lang: str | None = None) -> list[str]:
    """One line per event, with its rule id (the engine's narration)."""
    lang = resolve(lang)
    return [_narrate_line(e, lang) for e in events]


def pack_groups(
    static: Group,
    frames: Sequence[Sequence[Group]],
    events: Sequence[int | None] | None = None,
    pieces: Sequence[Sequence[Group]] | None = None,
    captions: Sequence[str] | None = None,
    focus: Sequence[tuple[float, float] | None] | None = None,
    notes: Sequence[str] | None = None,
    headlines: Sequence[tuple[str, str]] | None = None,
) -> Packed:
    """The compact form synced to the browser: the static layer once, every distinct
    primitive group once, and each frame as a list of group numbers (``g``) plus its event
    index (``e``), which of its groups are the pieces of its position (``p``: the
    position the browser draws, which tests compare with the engine's) and its sentence
    (``c``: announced to screen readers), and the scene point it is about (``f``: the
    browser keeps it in view when the board scrolls sideways in a narrow pane), and the
    words about its moment (``n``: shown above the board with the frame, so a step in the
    browser never shows one moment's board with another's numbers), and the line over the
    board (``h``: ``[bold, rest]``, plain text, shown with the frame: a game view's "see
    what happened ... (3 more steps)" counts the steps left from that frame)."""
    groups: list[Group] = []
    index: dict[str, int] = {}
    # a group object met before (a piece drawn once for many frames: GroupMemo) is known by
    # its identity, without writing out its primitives; every group stays alive in
    # ``groups`` or the caller's frames while this runs, so no identity is reused
    seen: dict[int, int] = {}
    packed: list[PackedFrame] = []

    def new_gid(g: Group) -> int:
        key = repr(g)  # equal groups, built alike, print alike
        gid = index.get(key)
        if gid is None:
            gid = index[key] = len(groups)
            groups.append(g)
        seen[id(g)] = gid
        return gid

    def gids(frame_groups: Sequence[Group]) -> list[int]:
        known = seen.get
        return [gid if (gid := known(id(g))) is not None else new_gid(g) for g in frame_groups if g]

    for k, frame_groups in enumerate(frames):
        e = events[k] if events is not None else None
        item: PackedFrame = {"g": gids(frame_groups), "e": -1 if e is None else e}
        if captions is not None and captions[k]:
            item["c"] = captions[k]
        if pieces is not None:
            item["p"] = gids(pieces[k])
        if focus is not None and (point := focus[k]) is not None:
            item["f"] = [num(point[0]), num(point[1])]
        if notes is not None and notes[k]:
            item["n"] = notes[k]
        if headlines is not None and any(headlines[k]):
            item["h"] = [headlines[k][0], headlines[k][1]]
        packed.append(item)
    return {"static": static, "groups": groups, "frames": packed}


def _flat(words: str) -> str:
    """``words`` lower-cased with their spaces folded (a sentence compared as read)."""
    return " ".join(words.lower().split())


def pack_frames(frames: Sequence[TraceFrame]) -> Packed:
    """:func:`pack_groups` for the frames of a monster turn (or a story). The pieces that
    stay put from frame to frame are drawn once (a :data:`.scene.GroupMemo` shared by the
    frames) and the board's static layer is built once."""
    if not frames:
        return pack_groups([], [])
    first = frames[0].position
    lang = frames[0].lang
    fixed = all(
        f.position.pools == first.pools and f.position.teleporters == first.teleporters
        for f in frames
    )
    # the tray is laid out by the pawns off the board (a crowded section takes room from
    # the others): when that changes within the story, each frame draws its own
    layouts = [tray_layout(f.position) for f in frames]
    tray_fixed = all(layout == layouts[0] for layout in layouts)
    memo: GroupMemo = {}
    shown: list[list[Group]] = []
    pieces: list[list[Group]] = []
    before: Position | None = None
    fixtures: list[Group] = []
    drawn: list[Group] = []
    labels: list[Group] = []
    for f, layout in zip(frames, layouts, strict=True):
        pos = f.position
        if pos != before:  # a look changes nothing: its frame shows the same pieces
            fixtures = []
            if not tray_fixed:
                fixtures.append(memo_group(memo, ("tray", layout), tray_background, layout, lang))
            if not fixed:
                key = (pos.pools, pos.teleporters)
                fixtures.append(memo_group(memo, key, fixture_group, pos))
            drawn = piece_groups(pos, memo)
            labels = label_groups(pos, memo)
            before = pos
        # no caption the line over the board already says (a game view's "your move":
        # over the board, on it and in the log, three times)
        said_over = not f.tie and _flat("".join(f.headline)) == _flat(f.caption)
        caption: Group = [] if said_over else caption_group(f.caption, banner=f.tie)
        shown.append(fixtures + f.under + drawn + f.over + labels + [caption])
        pieces.append(fixtures + drawn)
    return pack_groups(
        static_layer(first, fixtures=fixed, lang=lang, tray=tray_fixed),
        shown,
        [f.event_index for f in frames],
        pieces,
        [f.caption for f in frames],
        # a monster event's frame is about the monster: where it stands after the event
        [
            f.focus
            if f.focus is not None
            else center(f.position.monster.at)
            if f.event is not None
            else None
            for f in frames
        ],
        [f.note for f in frames],
        [f.headline for f in frames],
    )


def packed_size(packed: Packed, log: Sequence[str] = ()) -> int:
    """Bytes of the packed frames (and log) as compact JSON: what the widget syncs."""
    return len(json.dumps({**packed, "event_log": list(log)}, separators=(",", ":")).encode())


def frame_svg(
    position: Position, events: Sequence[Event], index: int, tile: str | None = None
) -> str:
    """SVG of frame ``index`` of the turn ``events`` played from ``position``."""
    return trace_frames(position, events, tile)[index].svg()


__all__ = [
    "TraceFrame",
    "event_log",
    "frame_svg",
    "pack_frames",
    "pack_groups",
    "packed_size",
    "trace_frames",
]
