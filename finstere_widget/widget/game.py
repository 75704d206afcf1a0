"""The game view: a whole game in the widget, you against the engine's bots.

The :class:`~finstere_widget.engine.game.Game` decides everything (whose turn, which pawns
may move, the tiles, the monster); the board only shows it: your movable pawns are
clickable, their legal destinations light up, the bots' moves are applied at once, and
each monster phase is shown frame by frame (stepping in the browser) until you click a pawn.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as W  # type: ignore[import-untyped]

from ..engine import OPTION_INFO, FinstereError, Game, Position, RuleOptions, SetupError
from ..engine.errors import shown
from ..engine.events import assert_never
from ..engine.i18n import error_message, gettext, resolve, translations
from ..engine.options import OptionsLike
from ..render.tray import pawns_focus
from .board import BoardWidget
from .labels import Language, colour_word, option_menu, relabel_options, row, titled
from .static_output import StaticFallback
from .story import (
    Headline,
    Story,
    counts_words,
    headline_html,
    outcome_words,
    your_move_headline,
)


class GameView(StaticFallback, Language, W.VBox):  # type: ignore[misc]
    """Play Finstere Flure against bots: ``GameView(players=("blue", "red"), you="blue",
    bot="greedy", seed=1, options=RuleOptions(...), advanced=False)``. ``view.game`` is the
    engine's :class:`Game`; the controls below the board start a new game with any rule
    option, seed and set-up (in the advanced set-up the bots place every piece).
    ``view.lang`` is the language of every word (``lang=`` when made, default: the locale;
    switchable: the controls and the status at once, the story from the next move on)."""

    def __init__(
        self,
        players: Sequence[str] = ("blue", "red"),
        you: str | Sequence[str] = "blue",
        bot: str = "greedy",
        seed: int = 0,
        game: Any = None,
        options: OptionsLike = None,
        advanced: bool = False,
        lang: str | None = None,
        **kwargs: Any,
    ) -> None:
        code = resolve(lang)
        # the arguments' types before anything is built (players=5, you=2.5 and options="x"
        # crashed inside: TypeError, AttributeError); the colours are the game's to check
        if game is None and (isinstance(players, str) or not isinstance(players, (list, tuple))):
            raise SetupError(
                "players: expected colours (P1), got {players}", players=shown(players)
            )
        if not isinstance(you, str) and not (
            isinstance(you, (list, tuple, set, frozenset)) and all(isinstance(c, str) for c in you)
        ):
            raise SetupError(
                "you: expected a colour or a list of colours, got {you}", you=shown(you)
            )
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise SetupError("seed: expected a whole number, got {seed}", seed=shown(seed))
        if game is not None and not isinstance(game, Game):
            raise SetupError("game: expected a Game, got {game}", game=shown(game))
        if not isinstance(advanced, bool):
            raise SetupError("advanced: expected True or False, got {value}", value=shown(advanced))
        start_options = RuleOptions.of(options)
        self._players = tuple(players) if game is None else tuple(game.colours)
        self._you = {you} if isinstance(you, str) else set(you)
        self._bot = bot
        self.board = BoardWidget(
            Position.basic(),
            mode="move",
            movable=self._movable,  # asked at each click: the game says whose pawns
            allow_stay=True,
            move_handler=self._human_move,
            outcomes_handler=lambda pawn_id: self.game.pawn_moves(pawn_id),
            on_move=lambda _pawn, _result: self._advance(),
            lang=code,
        )
        #: the line over the board on show, as HTML (as the kernel last heard of the frame);
        #: the browser draws each frame's own line over the board (``TraceFrame.headline``),
        #: so this widget is shown only to tell a refused new game
        self.status = W.HTML(layout=W.Layout(display="none"))
        self.bot_button = W.Button(icon="android", layout=W.Layout(width="auto"))
        self.bot_button.on_click(lambda _b: self.bot_move_for_me())
        # a new game with any rule option of docs/rules.md, a seed, the advanced set-up
        start = game.options if game is not None else start_options
        values = start.to_dict()
        self.option_widgets: dict[str, W.Dropdown] = {}
        for name in OPTION_INFO:
            self.option_widgets[name] = option_menu(name, values[name], code)
        self.seed_box = W.IntText(value=seed, layout=W.Layout(width="150px"))
        self.advanced_box = W.Checkbox(value=advanced, indent=False)
        self.new_button = W.Button(icon="refresh", layout=W.Layout(width="auto"))
        self.new_button.on_click(lambda _b: self._new_game_clicked())
        self.undo_button = W.Button(icon="undo", layout=W.Layout(width="auto"))
        self.undo_button.on_click(lambda _b: self.undo())
        self._story: Story | None = None
        #: the story on show (told again when the language changes)
        self._shown: Story | None = None
        self._helping = False
        super().__init__(
            children=[
                self.status,
                self.board,
                row([self.bot_button, self.undo_button]),
                row([self.new_button, self.seed_box, self.advanced_box]),
                row(list(self.option_widgets.values())),
            ],
            **kwargs,
        )
        # the frame stepped to, and the frames themselves: a click on a pawn leaves the
        # story for the board now (one frame), and the status line with it
        self.board.observe(self._on_frame, ["frame", "frames"])
        self.set_trait("lang", code)  # the words; the game is not started yet
        self._relabel_controls()
        if game is None:
            self.new_game()
        else:
            self._start(game)

    def _relabel_controls(self) -> None:
        _ = self._
        self.bot_button.description = _("let a bot play my move")
        relabel_options(self.option_widgets, self.lang)
        self.seed_box.description = _("seed")
        self.advanced_box.description = _("advanced set-up (A1-A3)")
        titled(self.seed_box, self.advanced_box)
        self.new_button.description = _("new game")
        self.undo_button.description = _("undo my move")

    def _relabel(self) -> None:
        if not hasattr(self, "game"):
            return
        self._relabel_controls()
        self.board.lang = self.lang
        if self._shown is not None and self.board.trace_frames:
            # the story still on show (not left for a move): told again on the same frame;
            # once left, the board keeps the learner's selection and lit targets
            self._shown = self._shown.retold(self.lang)
            self.board.show_frames(
                self._shown.frames, self._shown.log, start=self.board.frame, retold=True
            )
        elif self.board._ui.selected is not None:  # the selected pawn's hint in the new words
            self.board.select(self.board._ui.selected)
        self._update()

    def new_game(self) -> None:
        """Start a new game with the options, seed and set-up chosen in the controls."""
        from ..engine.game import Game

        options = RuleOptions.parse({n: w.value for n, w in self.option_widgets.items()})
        self._start(
            Game(
                list(self._players),
                seed=self.seed_box.value,
                options=options,
                advanced=self.advanced_box.value,
            )
        )

    def _new_game_clicked(self) -> None:
        """The new-game button: a refused set-up (e.g. S4's variant with 2 players) is shown
        in the status line and the current game goes on."""
        try:
            self.new_game()
        except FinstereError as err:
            refused = escape(self._("No new game"))
            self.status.value = f"<b>{refused}</b>: {escape(error_message(err, self.lang))}"
            self.status.layout.display = None  # until the next frame or move

    def _start(self, game: Any) -> None:
        from ..design.bots import make_bot

        game.position.validated()  # a hand-built game's position is refused naming its fault
        self.game = game
        unknown = self._you - set(game.colours)
        if unknown:
            raise SetupError(
                "you={unknown} are not players of this game ({colours})",
                unknown=sorted(unknown),
                colours=", ".join(game.colours),
            )
        self.human_seats = {game.seat_of[c] for c in self._you}
        seed = self.seed_box.value
        self.bots = {seat: make_bot(self._bot, f"{seed}/{seat}") for seat in range(game.n)}
        #: the bots as they were (their seeded ``random.Random`` states) before each of the
        #: learner's moves, by ply: an undo restores them, so the bots' chances are part of
        #: the record and the same moves again give the same game
        self._bots_before: dict[int, dict[int, Any]] = {}
        self._story = None
        with self.board.hold_sync():  # the new game's opening and its story: one message
            self.board.position = game.position
            self._advance()

    def __repr__(self) -> str:
        g = self.game
        st = g.state
        return (
            f"GameView(players={list(g.colours)}, round={st.round}, "
            f"stage={g.position.stage}, phase={st.phase.value!r}, ply={st.ply})"
        )

    @property
    def position(self) -> Position:
        pos: Position = self.game.position
        return pos

    # --- turns ------------------------------------------------------------------------

    def _who_words(self, seat: int, helped: bool) -> Callable[[str | None], str]:
        """Who acted (``blue (you)``), as words in any language (the story can be retold)."""
        return lambda lang: self._who(seat, helped=helped, lang=lang)

    def _who(self, seat: int, *, helped: bool = False, lang: str | None = None) -> str:
        _ = translations(lang or self.lang).gettext
        colour = colour_word(self.game.colours[seat], lang or self.lang)
        if seat in self.human_seats:
            if helped:
                return _("{colour} (a bot for you)").format(colour=colour)
            return _("{colour} (you)").format(colour=colour)
        return _("{colour} (bot)").format(colour=colour)

    def _human_move(self, pawn_id: str, path: tuple[str, ...]) -> Any:
        """The board's move handler: the move is an action of the game (checked by it)."""
        from ..engine.game import PawnMove

        seat = self.game.current_player
        before = self.game.position
        ply = len(self.game.history)
        bots = copy.deepcopy(self.bots)
        entry = self.game.apply(PawnMove(pawn_id, path))  # a refused move records nothing
        self._bots_before[ply] = bots
        self._story = Story(lang=self.lang)
        self._story.clock(*self._clock())
        self._story.add_move(self._who_words(seat, self._helping), before, entry.move)
        self._story.catch_up(self.game.position, entry.extra)  # P10 flips
        return entry.move

    def bot_move_for_me(self) -> None:
        """A greedy bot chooses the move of the human seat to act."""
        from ..design.bots import make_bot
        from ..engine.game import PawnMove

        if self.game.is_terminal() or self.game.current_player not in self.human_seats:
            return
        action = make_bot("greedy", "helper").choose(self.game)
        if isinstance(action, PawnMove):
            self._helping = True
            try:
                self.board.move(action.pawn, action.path)
            finally:
                self._helping = False

    def undo(self) -> bool:
        """Take back your last move (and what the bots and the monster did after it)."""
        from ..engine.game import PawnMove

        g = self.game
        k = next(
            (
                i
                for i in range(len(g.history) - 1, -1, -1)
                if isinstance(g.history[i].action, PawnMove)
                and g.history[i].seat in self.human_seats
            ),
            None,
        )
        if k is None:
            self.board.tell(self._("nothing to undo: you have not moved yet"), "problem")
            return False
        while len(g.history) > k:
            g.undo()
        if k in self._bots_before:  # the bots' chances rewound too (not for a given game's
            self.bots = copy.deepcopy(self._bots_before[k])  # moves made before this view)
        self._bots_before = {ply: b for ply, b in self._bots_before.items() if ply <= k}
        colour = g.current_colour or ""

        def taken_back(lang: str | None) -> str:
            return gettext("your last move was taken back: {colour}, move again", lang).format(
                colour=colour_word(colour, lang)
            )

        self._story = Story(lang=self.lang)
        self._story.clock(*self._clock())
        self._story.add_change(g.position, taken_back)
        self._advance()
        return True

    def _advance(self, *_: Any) -> None:
        """Let the bots and the monster play until a human seat is to move (or the end),
        collecting every phase as frames to step through: the learner's move, each monster
        turn look by look, each bot's move; then the hand-over."""
        from ..engine.game import DrawTile, PawnMove
        from ..engine.setup import Placement

        g = self.game
        colours, seed = tuple(g.colours), self.seed_box.value

        def new_game(lang: str | None) -> str:
            return gettext("a new game: {players}; seed {seed}", lang).format(
                players=", ".join(colour_word(c, lang) for c in colours), seed=seed
            )

        learner_moved = self._story is not None and bool(self._story.frames)
        story = self._story
        if story is None:
            story = Story(lang=self.lang)
            story.clock(*self._clock())
            story.add_change(g.position, new_game)
        self._story = None
        while not g.is_terminal():
            if g.is_chance():
                before = g.position
                # the monster's turn is played in the round it ends, its tile out of the pile
                turn_round, tiles, _ = self._clock()
                story.clock(turn_round, tiles - 1, colours)
                result = g.sample_chance()
                story.add_monster(before, result)
                story.clock(*self._clock())  # the next round (or a new stage's pile)
                story.catch_up(g.position)  # a new stage, the end of stage 2 (S1)
                continue
            seat = g.current_player
            placing = g.phase == "placement"  # A1: this view lets the bots place every piece
            if seat in self.human_seats and not placing:
                break
            before = g.position
            action = self.bots[seat].choose(g)
            entry = g.apply(action)
            who = self._who_words(seat, True)
            match action:  # every kind of action is told (mypy checks the match)
                case Placement():
                    story.add_placement(who, g.position, action)
                case PawnMove():
                    if entry.move is not None:
                        story.add_move(who, before, entry.move)
                case DrawTile():  # chance is drawn above, never chosen by a bot
                    raise AssertionError("a bot drew a tile")
                case _:
                    assert_never(action)
            story.catch_up(g.position, entry.extra)  # P10 flips
        if g.is_terminal():
            out = g.outcome()
            story.finish(
                lambda lang: self._over(out, lang),
                g.position,
                lambda lang: (self._over(out, lang), ""),
                over=True,
            )
        else:
            to_move, movable = g.current_colour or "", sorted(self._movable())
            pawns = ", ".join(movable)

            def your_move(lang: str | None) -> str:
                return gettext(
                    "your move ({colour}): click one of your pawns ({pawns}), then a lit square",
                    lang,
                ).format(colour=colour_word(to_move, lang), pawns=pawns)

            story.finish(
                your_move,
                g.position,
                lambda lang: your_move_headline(to_move, movable, lang),
                focus=pawns_focus(g.position, movable),
            )
        # a story to step through opens on its first news (after the learner's own move);
        # one with nothing to see (a new game the learner opens, a move straight back to
        # them) opens on its last frame: never "step with ▶ (1 more step)" to no news
        start = 1 if learner_moved else 0
        if len(story.frames) <= 2:
            start = len(story.frames) - 1
        self.board.show_frames(story.frames, story.log, start=start)
        self._shown = story
        self._update()

    def _clock(self) -> tuple[int, int, tuple[str, ...]]:
        """The game's round, tiles left and colours now (:meth:`Story.clock`). The tiles left
        are those the stage still plays (S1: its 7th tile ends it, the 8th stays in the
        pile), not the pile's count."""
        g = self.game
        return g.state.round, g.tiles_to_play(), tuple(g.colours)

    def _over(self, outcome: Any, lang: str | None = None) -> str:
        """The end of the game in words (the outcome's, else a plain "Game over."), in
        ``lang`` (default: the view's)."""
        lang = lang or self.lang
        if outcome is None:
            return gettext("Game over.", lang)
        return outcome_words(outcome, lang)

    def _movable(self) -> set[str]:
        g = getattr(self, "game", None)  # the board draws itself before the game exists
        if g is None or g.is_terminal() or g.current_player not in self.human_seats:
            return set()
        return {p.id for p in g.movable_pawns()}

    def _on_frame(self, _change: Any = None) -> None:
        self._update()

    def _headline(self) -> Headline:
        """The line over the board now: whose move it is, or the end of the game."""
        g = self.game
        if g.is_terminal():
            return self._over(g.outcome()), ""
        return your_move_headline(g.current_colour or "", sorted(self._movable()), self.lang)

    def _update(self) -> None:
        g = self.game
        _ = self._
        # the counts and the line over the board now, shown once its frames are left (each
        # frame on show carries its own moment's: Story.clock, Story.finish)
        with self.board.hold_sync():
            self.board.note = counts_words(*self._clock(), g.position, self.lang)
            self.board.headline = self._headline()
        on_show, k = self.board.trace_frames, self.board.frame
        head = on_show[k].headline if 0 <= k < len(on_show) else self.board.headline
        self.bot_button.disabled = g.is_terminal()  # no move left for a bot to play
        if g.is_terminal():
            self.board.tell(
                _(
                    "The game is over: press “new game” to play again (change the "
                    "seed or the rule options first if you like), or step back "
                    "through the last turn with ◀."
                ),
                "info",
            )
        self.status.value = headline_html(head)
        self.status.layout.display = "none"
