"""The monster stepper: choose a tile and rule options (ipywidgets), the engine plays the
turn, and the board steps through it in the browser with the event log beside it."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as W  # type: ignore[import-untyped]

from ..engine import OPTION_INFO, Position, RuleOptions, TurnResult
from ..engine.errors import FinstereError, OptionError, TileError, shown
from ..engine.i18n import N_, error_message, resolve
from ..engine.monster import MAX_STEPS, Tile
from ..engine.options import OptionsLike
from ..engine.position import as_position
from ..teach.quiz import Quiz, quiz_words
from .board import BoardWidget
from .html import problem_html
from .labels import Language, option_menu, relabel_options, row, titled
from .quiz import quiz_opening, quiz_state, record, told_text
from .static_output import StaticFallback, with_static
from .synced import QuizMessage

TILES = ("5", "7", "8", "10", "X", "XX")
#: the rule options that change a monster turn (docs/rules.md); the others are about the game
MONSTER_OPTIONS = (
    "monster_stone_on_corner",
    "pawn_slide_stone",  # a pawn the monster pushes onto a pool slides by P7 (M8)
    "pawn_slide_over_pawn",
    "slide_over_pawn",
    "pivot_when_tied",
    "five_is_three_prey",
)


#: the tile buttons' tooltips (the buttons themselves show the tiles: 5 7 8 10 X XX n)
TILE_TIPS = (
    N_("5 steps"),
    N_("7 steps"),
    N_("8 steps"),
    N_("10 steps"),
    N_("one prey (M1)"),
    N_("two prey (M1)"),
    N_("n steps"),
)


class MonsterStepper(StaticFallback, Language, W.VBox):  # type: ignore[misc]
    """Tile chooser + rule options + the board stepping through the monster's turn.

    ``stepper.position`` (get/set), ``stepper.tile`` ("5", "7", "8", "10", "X", "XX" or a
    number), ``stepper.options`` (:class:`RuleOptions`), ``stepper.result`` (the engine's
    :class:`TurnResult`), ``stepper.board`` (the :class:`BoardWidget`).

    ``quiz=True``: predict the monster. Before each look the board stops and the learner
    answers — clicks the square the monster steps to or the pawn it chases, or a direction
    (buttons, arrow keys) — and the browser judges it at once (right, or the three lines of
    sight with their distances and the rule that decides), with hints and the turn's score;
    ``stepper.quiz`` (the engine's :class:`~finstere_widget.teach.quiz.Quiz`) records the
    answers the browser reports.

    ``stepper.lang``: the language of every word — labels, menus, the turn's story, the
    quiz (en, fr, de, it, cs; ``lang=`` when made, default: the locale); switchable.
    """

    def __init__(
        self,
        position: Position | Mapping[str, Any] | str | None = None,
        tile: str | int = "8",
        options: OptionsLike = None,
        option_names: tuple[str, ...] | list[str] = MONSTER_OPTIONS,
        quiz: bool = False,
        lang: str | None = None,
        **kwargs: Any,
    ) -> None:
        code = resolve(lang)  # an unknown language is refused here (LanguageError)
        button, steps = _tile_choice(tile)
        start_options = RuleOptions.of(options)  # an OptionError before anything is built
        if isinstance(option_names, str) or not isinstance(option_names, (list, tuple)):
            raise OptionError(
                "option_names: expected a list of rule option names, got {value}",
                value=shown(option_names),
            )
        for name in option_names:  # each one a menu: the rule options only
            if not isinstance(name, str) or name not in OPTION_INFO:
                raise OptionError(
                    "unknown rule option {name}; known options: {option_info}",
                    name=shown(name),
                    option_info=", ".join(OPTION_INFO),
                )
        self.board = BoardWidget(position, lang=code)
        self._quiz_on = bool(quiz)
        #: the quiz on the turn on show (``quiz=True``), with the score the browser reports
        self.quiz: Quiz | None = None
        self.board.quiz_listener = self._on_quiz_message
        self._rounds = 0  # turns played: the browser starts its quiz afresh on a new one
        self._options = start_options
        self.tile_buttons = W.ToggleButtons(
            options=list(TILES) + ["n"],
            value=button,
            style={"button_width": "44px"},
        )
        # the step count: shows the chosen number tile's steps, and any count 1..MAX_STEPS
        # typed in (a value out of range is corrected and the message says so)
        number = {"5": 5, "7": 7, "8": 8, "10": 10}
        self.steps = W.IntText(
            value=steps or number.get(button, 3),
            disabled=button in ("X", "XX"),
            layout=W.Layout(width="130px"),
        )
        self._syncing = False
        self._note = ""
        self.option_widgets: dict[str, W.Dropdown] = {}
        values = self._options.to_dict()
        for name in option_names:
            dd = option_menu(name, values[name], code)
            dd.observe(self._on_option, "value")
            self.option_widgets[name] = dd
        self.apply_button = W.Button(icon="check", layout=W.Layout(width="auto"))
        self.apply_button.on_click(lambda _b: self.apply())
        self.message = W.HTML("")
        self.tile_buttons.observe(self._on_button, "value")
        self.steps.observe(self._on_steps, "value")
        self.result: TurnResult | None = None
        super().__init__(
            children=[
                row([self.tile_buttons, self.steps]),
                row(list(self.option_widgets.values())),
                self.board,
                row([self.apply_button, self.message]),
            ],
            **kwargs,
        )
        self._start = self.board.position
        self.lang = code  # every word (_relabel)
        # the board's language switched directly (``stepper.board.lang``) is the stepper's
        self.board.observe(self._on_board_lang, "lang")
        self.run()

    def _relabel(self) -> None:
        if not hasattr(self, "_start"):
            return
        _ = self._
        code = self.lang
        self.tile_buttons.description = _("tile")
        self.tile_buttons.tooltips = [_(t) for t in TILE_TIPS]
        self.steps.description = _("steps")
        titled(self.tile_buttons, self.steps)
        relabel_options(self.option_widgets, code)
        self.apply_button.description = _("apply the turn")
        self.apply_button.tooltip = _("make the position after this turn the board's position")
        # only the words change: the board tells the turn again on the frame on show and
        # keeps its quiz; the quiz speaks the new language with its progress kept (the
        # browser keeps its answers, score and hints: the same round of the same questions)
        with self.board.hold_sync():
            self.board.lang = code
            if self.quiz is not None and not self.board.trace_frames:
                self.quiz = None  # the board has left the turn (a move, a new position...)
            if self.quiz is not None:
                self.quiz.lang = code
                self.board.quiz = quiz_state(self.quiz, self.board.trace_frames, self._rounds)
        if self.result is not None:
            self._say(self.result)

    def _on_board_lang(self, change: Any) -> None:
        self.lang = change["new"]

    def __repr__(self) -> str:
        p = self._start
        quiz = f", quiz={len(self.quiz.questions)} looks" if self.quiz is not None else ""
        return (
            f"MonsterStepper(tile={self.tile!r}, frames={len(self.board.frames)}, "
            f"monster={list(p.monster.at)} {p.monster.facing.name}, pawns={len(p.pawns)}, "
            f"options={self._options.changed()!r}{quiz})"
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """With a quiz, the static fallback tells no more than the board shows: the frame on
        show and the story up to it."""
        if self.quiz is None:
            return super()._repr_mimebundle_(**kwargs)
        bundle = W.VBox._repr_mimebundle_(self, **kwargs)
        return with_static(bundle, self.board.static_svg(), told_text(self.board, repr(self)))

    # --- values -----------------------------------------------------------------------

    @property
    def tile(self) -> str:
        v = self.tile_buttons.value
        return str(self.steps.value) if v == "n" else str(v)

    @tile.setter
    def tile(self, value: str | int) -> None:
        button, steps = _tile_choice(value)  # a TileError leaves the stepper as it was
        with self.hold_trait_notifications():
            if steps is not None:
                self.steps.value = steps
            self.tile_buttons.value = button
        self.run()

    @property
    def options(self) -> RuleOptions:
        return self._options

    @options.setter
    def options(self, value: OptionsLike) -> None:
        self._set_options(value)
        self.run()

    def _set_options(self, value: OptionsLike) -> None:
        self._options = options = RuleOptions.of(value)
        values = options.to_dict()
        for name, dd in self.option_widgets.items():
            dd.unobserve(self._on_option, "value")
            dd.value = values[name]
            dd.observe(self._on_option, "value")

    @property
    def position(self) -> Position:
        """The position the turn starts from."""
        return self._start

    @position.setter
    def position(self, value: Position | Mapping[str, Any] | str) -> None:
        self._start = as_position(value)
        self.run()

    def play_from(
        self, position: Position | Mapping[str, Any] | str, options: OptionsLike = None
    ) -> TurnResult | None:
        """Start from ``position`` with ``options`` (default: the stepper's) and play the turn
        once (setting ``position`` and ``options`` one after the other plays it twice)."""
        start = as_position(position)
        if options is not None:
            self._set_options(options)
        self._start = start
        return self.run()

    # --- actions ----------------------------------------------------------------------

    def _set_quietly(self, widget: Any, value: Any) -> None:
        self._syncing = True
        try:
            widget.value = value
        finally:
            self._syncing = False

    def _on_button(self, change: Any) -> None:
        if self._syncing:
            return
        new = str(change["new"])
        if new.isdigit():  # a number tile: the box shows its steps, ready to be changed
            self._set_quietly(self.steps, int(new))
        self.steps.disabled = new in ("X", "XX")
        self.run()

    def _on_steps(self, change: Any) -> None:
        if self._syncing:
            return
        typed = int(change["new"])
        n = max(1, min(MAX_STEPS, typed))
        if n != typed:
            self._set_quietly(self.steps, n)
            self._note = self._(
                "n = {typed} is out of range: corrected to {n} (1 to {most} steps). "
            ).format(typed=typed, n=n, most=MAX_STEPS)
        self._set_quietly(self.tile_buttons, str(n) if str(n) in TILES else "n")
        self.steps.disabled = False
        self.run()

    def _on_option(self, change: Any) -> None:
        owner = change["owner"]
        name = next(k for k, v in self.option_widgets.items() if v is owner)
        self._options = self._options.set(name, change["new"])
        self.run()

    def run(self) -> TurnResult | None:
        """Play the turn with the engine and show it (frame 0)."""
        try:
            with self.board.hold_sync():  # the frames and their quiz reach the browser together
                self.quiz = None
                self._rounds += 1
                # a quiz's opening caption says what it asks first (▶ waits for the answer)
                opening = quiz_opening(self._start, self.tile) if self._quiz_on else None
                self.result = self.board.show_turn_from(
                    self._start, self.tile, self._options, opening
                )
                if self._quiz_on:
                    self.quiz = Quiz(self._start, self.result.events, self.lang)
                    frames = self.board.trace_frames
                    self.board.quiz = quiz_state(self.quiz, frames, self._rounds)
        except FinstereError as exc:  # a bad tile or option: say so, never raise into the UI
            self.result = None
            self.quiz = None
            self.message.value = problem_html(error_message(exc, self.lang))
            return None
        note, self._note = self._note, ""
        self._say(self.result, note)
        return self.result

    def _say(self, result: TurnResult, note: str = "") -> None:
        """The message under the board about the turn on show, in the stepper's language."""
        if self.quiz is not None:  # nothing about the turn's outcome before it is guessed
            words = quiz_words(self.quiz.lang)
            self.message.value = escape(
                words["intro"].format(tile=result.tile, n=len(self.quiz.questions))
            )
            return
        # the message is HTML (ipywidgets sets innerHTML): every user string is escaped
        eaten = ", ".join(result.eaten) or self._("nobody")
        said = self._("tile {tile}: {frames} frames; taken: {eaten}").format(
            tile=result.tile, frames=len(self.board.frames), eaten=eaten
        )
        self.message.value = escape(note + said)

    def _on_quiz_message(self, message: QuizMessage) -> None:
        if self.quiz is not None:
            record(self.quiz, message)

    def apply(self) -> Position | None:
        """Make the position after the turn the new starting position."""
        if self.result is None:
            return None
        self._start = self.result.position
        self.run()
        return self._start

    def to_html(self, path: str | Path, title: str | None = None) -> Path:
        return self.board.to_html(
            path,
            title or self._("Finstere Flure: monster turn, tile {tile}").format(tile=self.tile),
        )


def _tile_choice(tile: Any) -> tuple[str, int | None]:
    """The tile button and step count for ``tile`` (checked by the engine: a
    :class:`TileError` names a tile the stepper cannot show)."""
    t = Tile.parse(tile)
    if t.label in TILES:
        return t.label, None
    if t.prey is not None:
        raise TileError(
            "tile {label}: the stepper plays {tiles} or 1..{max_steps} steps",
            label=t.label,
            tiles=", ".join(TILES),
            max_steps=MAX_STEPS,
        )
    return "n", t.steps
