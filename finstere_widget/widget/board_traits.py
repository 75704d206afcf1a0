"""The board widget's synced state: the traits the browser
sees (and the one it may change, ``frame``), the edit tools' traits, the refusal of any
other front-end update, and the Python-side state the board's parts share.

The parts of :class:`~finstere_widget.widget.board.BoardWidget`, one module each, build on
:class:`BoardTraits`: :mod:`.board_messages` (the browser's messages and clicks, by mode),
:mod:`.board_move` (move mode), :mod:`.board_edit` (edit mode), :mod:`.board_overlays`
(heat and danger overlays), :mod:`.board_turns` (monster turns and frames on show);
:mod:`.board` holds the position and its history, the syncing of frames and the HTML
export. Their pure logic is in :mod:`.interaction` (interaction state, messages, overlay)
and :mod:`.editing` (edits and their refusals).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import Any, Concatenate, Literal, ParamSpec, TypeVar, get_args

import anywidget
import traitlets

from ..engine import Position
from ..engine.board import Square
from ..engine.errors import ToolError
from ..engine.events import Event
from ..engine.pieces import COLOURS
from ..render.primitives import Geometry, PackedFrame, Prim
from .editing import EDIT_TOOLS as _EDIT_TOOLS
from .editing import EditTool as _EditTool
from .editing import edit_tool
from .interaction import Heat, History, Interaction, OnShow, stale_step
from .labels import Language
from .synced import HEADING_NAMES, MODES, HeadingName, QuizData, QuizMessage
from .synced import Mode as Mode  # the board's modes, named here too

STATIC_DIR = Path(__file__).resolve().parent / "static"

#: edit tools (``BoardWidget.tool``): the closed set of :mod:`.editing`
EditTool = _EditTool
EDIT_TOOLS: tuple[EditTool, ...] = _EDIT_TOOLS
HintKind = Literal["info", "success", "problem"]
HINT_KINDS: tuple[HintKind, ...] = get_args(HintKind)
Face = Literal["light", "dark"]
FACES: tuple[Face, ...] = get_args(Face)
#: a drawing primitive as synced (the render contract: render/primitives.py)
Primitive = Prim
#: P1: the pawns as the rulebooks write them, dark number / light number
PAWN_SETS = ("6/1", "4/3", "3/4", "2/5")
PLAYERS = COLOURS
#: the only synced state the browser may change, and its type: the frame on show (stepping),
#: each step with the story it was taken in (``step``) and the quiz's answers so far (``quiz_progress``, shared by
#: the views of the board). Any other update from the front end is refused, logged and
#: answered with the Python-side state.
FRONT_END_TYPES: dict[str, type] = {"frame": int, "step": list, "quiz_progress": dict}
FRONT_END_KEYS = frozenset(FRONT_END_TYPES)

#: a trace's opening caption in a language (``show_trace(..., opening=)``)
Opening = Callable[[str | None], str]
#: ``callback(pawn_id, result)``, called after each move made on the board
MoveListener = Callable[[str, Any], None]
#: the pawns that may be selected in move mode: ids, a callable naming them when asked, or
#: None (every pawn)
Movable = Collection[str] | Callable[[], Collection[str]] | None


_P = ParamSpec("_P")
_R = TypeVar("_R")
_W = TypeVar("_W", bound=anywidget.AnyWidget)


def one_message(
    method: Callable[Concatenate[_W, _P], _R],
) -> Callable[Concatenate[_W, _P], _R]:
    """What ``method`` changes in the synced traits reaches the browser in one message
    (``hold_sync``): the browser never paints a step of the way -- ``frame`` set to 0 while
    the old frames are still synced (their opening frame flashed), a hint before its board."""

    def held(self: _W, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        with self.hold_sync():
            return method(self, *args, **kwargs)

    functools.update_wrapper(held, method)  # its name and docstring
    return held


class UnknownToolError(ToolError, traitlets.TraitError):
    """``BoardWidget.tool`` set to a name that is no editor tool: the package's
    :class:`~finstere_widget.engine.errors.ToolError` naming it, and the ``TraitError``
    traitlets raises for any refused value."""


class _ToolTrait(traitlets.Enum[EditTool]):
    """The editor tool trait: a value that is no tool is refused naming it (edit_tool)."""

    def validate(self, obj: Any, value: Any) -> EditTool:
        try:
            return edit_tool(value)
        except ToolError as exc:
            raise UnknownToolError(exc.template, **exc.params) from None


def _items_are_dicts() -> Any:
    """A synced list trait whose items traitlets checks to be dicts (the typed dicts of the
    render contract: mypy knows their keys from the annotation, traitlets only their kind)."""
    return traitlets.List(traitlets.Dict()).tag(sync=True)


def _synced_dict() -> Any:
    """A synced dict trait typed by its annotation (a TypedDict of :mod:`.synced` or the
    render contract: mypy checks its keys, traitlets only that it is a dict)."""
    return traitlets.Dict().tag(sync=True)


class BoardTraits(Language, anywidget.AnyWidget):
    """The board's traits and shared state; the parts' methods that others call are
    declared here (:class:`~finstere_widget.widget.board.BoardWidget` defines them)."""

    _esm = STATIC_DIR / "board.js"
    _css = STATIC_DIR / "board.css"

    # every trait is typed for mypy (traitlets' generics: ``widget.mode`` is a ``Mode``,
    # ``widget.frames`` a list of dicts) and checked by traitlets when set; the browser may
    # set ``frame`` only (see ``set_state``), validated below
    #: the static layer's primitives (the board, walls, margins)
    static: traitlets.List[Primitive] = _items_are_dicts()
    #: each distinct group of primitives once; frames name them by index
    #: (traitlets checks each group is a list, not each of the ~1,000 primitives of a turn:
    #: that doubled the time a turn's frames take; pack_groups builds them typed)
    groups: traitlets.List[list[Primitive]] = traitlets.List(traitlets.List()).tag(sync=True)
    #: one dict per frame: its groups (``g``), pieces (``p``), event line ``e``, caption ``c``
    frames: traitlets.List[PackedFrame] = _items_are_dicts()
    #: the trace's lines, one per event (named so as not to shadow ``Widget.log``, the
    #: logger ipywidgets reports refused front-end updates with)
    event_log: traitlets.List[str] = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: the frame on show (the browser steps it; clamped to the frames by ``_valid_frame``)
    frame: traitlets.Int[int, int] = traitlets.Int(0).tag(sync=True)
    #: the number of the frames on show, one more for each new story (a turn, a game's
    #: phase) and the same when they are only told in other words; ``step``: the browser's
    #: last step, ``[story, frame]``, sent with each ``frame`` (and in the same send buffer
    #: as it: a step taken before the new frames arrived keeps its old story). A step in
    #: another story than the one on show is refused (:func:`.interaction.stale_step`)
    story: traitlets.Int[int, int] = traitlets.Int(0).tag(sync=True)
    step: traitlets.List[int] = traitlets.List(traitlets.Int()).tag(sync=True)
    #: sizes and click zones the painter needs (set by BoardWidget.__init__ on)
    geometry: traitlets.TraitType[Geometry, Geometry] = _synced_dict()
    hint: traitlets.Unicode[str, str | bytes] = traitlets.Unicode("").tag(sync=True)
    #: how the hint reads: ``info``, ``success`` (a change made) or ``problem`` (refused)
    hint_kind: traitlets.Enum[HintKind] = traitlets.Enum(HINT_KINDS, "info").tag(sync=True)
    mode: traitlets.Enum[Mode] = traitlets.Enum(MODES, "view").tag(sync=True)
    #: the widest the board is drawn, in CSS pixels (0: the drawing's own width)
    max_width: traitlets.Int[int, int] = traitlets.Int(720, min=0).tag(sync=True)
    standalone: traitlets.Bool[bool, bool | int] = traitlets.Bool(False).tag(sync=True)
    #: a quiz on the frames on show (widget/quiz.py; {} for none): the browser asks before
    #: each look, never shows a look before it is answered, and judges answers itself
    quiz: traitlets.TraitType[QuizData, QuizData] = _synced_dict()
    #: the quiz's answers so far, the browser's (its views share them; board.js): Python
    #: only keeps them for the views shown later
    quiz_progress: traitlets.Dict[str, Any] = traitlets.Dict().tag(sync=True)
    #: the language of the board's words (:class:`.labels.Language`: checked when set) and
    #: the words of the browser's controls in it (:func:`.labels.board_texts`)
    lang: traitlets.Unicode[str, str | bytes] = traitlets.Unicode("").tag(sync=True)
    texts: traitlets.Dict[str, str] = traitlets.Dict(traitlets.Unicode()).tag(sync=True)

    # edit tools (Python side; the editor's controls set them)
    tool: traitlets.Enum[EditTool] = _ToolTrait(EDIT_TOOLS, "stone")
    tool_heading: traitlets.Enum[HeadingName] = traitlets.Enum(HEADING_NAMES, "E")
    #: free text (the editor's combobox): checked when a pad is placed (editing, B5)
    tool_pair: traitlets.Unicode[str, str | bytes] = traitlets.Unicode("yellow")
    tool_player: traitlets.Enum[str] = traitlets.Enum(COLOURS, "blue")
    tool_pawn: traitlets.Enum[str] = traitlets.Enum(PAWN_SETS, "6/1")
    tool_face: traitlets.Enum[Face] = traitlets.Enum(FACES, "light")

    # the Python-side state every part reads (set in BoardWidget.__init__)
    _position: Position
    _history: History
    _on_show: OnShow | None  # the frames being stepped through, if any
    #: the log of the frames last left for the board now (kept in "What happens" until
    #: the position changes)
    _told: tuple[str, ...]
    #: the monster trace on show (position, events, tile, after): told again when the
    #: language changes
    #: what show_trace was given (told again when the language changes)
    _trace_source: tuple[Position, Sequence[Event], str | None, Position, Opening | None] | None
    _heat: Heat
    _ui: Interaction
    _move_listeners: list[MoveListener]
    last_move: Any
    _movable: Movable
    allow_stay: bool
    move_handler: Callable[[str, tuple[str, ...]], Any] | None
    outcomes_handler: Callable[[str], Any] | None
    quiz_listener: Callable[[QuizMessage], object] | None

    def tell(self, text: str, kind: HintKind = "info") -> None:
        """Show ``text`` under the board, coloured by ``kind`` (info, success, problem)."""
        with self.hold_sync():
            self.hint_kind = kind
            self.hint = text

    def set_state(self, sync_data: Any) -> None:
        """A state update from the browser: only ``frame`` (an int), ``step`` (a list) and
        ``quiz_progress`` (an object) are taken; anything else is refused, logged, and the
        browser is sent the Python-side value back. With a ``step``, the frame is the
        step's, refused when stepped in frames no longer on show (the frame on show sent
        back); a front end that sends no step (a script) sets ``frame`` alone."""
        if not isinstance(sync_data, dict):
            self.log.warning("BoardWidget: refused a front-end update that is not an object")
            return
        refused = sorted(
            k
            for k in sync_data
            if k not in FRONT_END_KEYS or type(sync_data[k]) is not FRONT_END_TYPES[k]
        )
        if refused:
            self.log.warning(
                "BoardWidget: refused a front-end update of %s",
                ", ".join(repr(k)[:40] for k in refused[:5]),
            )
            known = [k for k in refused if k in self.keys]
            if known:
                self.send_state(known)
        accepted = {k: v for k, v in sync_data.items() if k not in refused}
        if "step" in accepted:
            step = accepted.pop("step")
            accepted.pop("frame", None)
            if stale_step(step, self.story):  # in the old frames: the browser gets the frame
                self.send_state("frame")
            else:
                accepted["frame"] = step[1]
        if accepted:
            super().set_state(accepted)

    @traitlets.validate("frame")
    def _valid_frame(self, proposal: Any) -> int:
        n = len(self.frames)
        return max(0, min(int(proposal["value"]), max(0, n - 1)))

    # --- what one part calls in another (defined by BoardWidget's parts) ----------------

    def _refresh(self) -> None:
        raise NotImplementedError

    def _commit(self, new: Position, hint: str) -> None:
        raise NotImplementedError

    def _leave_trace(self) -> None:
        raise NotImplementedError

    def undo(self) -> bool:
        raise NotImplementedError

    def redo(self) -> bool:
        raise NotImplementedError

    def _click_move(self, sq: Square | None, zone: str | None) -> None:
        raise NotImplementedError

    def _deselect(self) -> None:
        raise NotImplementedError

    def _click_edit(self, sq: Square | None, zone: str | None) -> None:
        raise NotImplementedError
