"""The game view: a whole game in the widget, you against the engine's bots.

The :class:`~finstere_widget.engine.game.Game` decides everything (whose turn, which pawns
may move, the tiles, the monster); the board only shows it: your movable pawns are
clickable, their legal destinations light up, the bots' moves are applied at once, and
each monster phase is shown frame by frame (stepping in the browser) until you click a pawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as W  # type: ignore[import-untyped]

from ..engine import OPTION_INFO, FinstereError, Position, RuleOptions
from .board import BoardWidget

MAX_LOG = 14


class GameView(W.VBox):  # type: ignore[misc]
    """Play Finstere Flure against bots: ``GameView(players=("blue", "red"), you="blue",
    bot="greedy", seed=1, options=RuleOptions(...), advanced=False)``. ``view.game`` is the
    engine's :class:`Game`; the controls below the board start a new game with any rule
    option, seed and set-up (in the advanced set-up the bots place every piece)."""

    def __init__(self, players: Sequence[str] = ("blue", "red"), you: str | Sequence[str] = "blue",
                 bot: str = "greedy", seed: int = 0, game: Any = None,
                 options: RuleOptions | None = None, advanced: bool = False,
                 **kwargs: Any) -> None:
        self._players = tuple(players) if game is None else tuple(game.colours)
        self._you = {you} if isinstance(you, str) else set(you)
        self._bot = bot
        self.board = BoardWidget(Position.basic(), mode="move")
        self.board.allow_stay = True
        self.board.move_handler = self._human_move
        self.board.outcomes_handler = lambda pawn_id: self.game.pawn_moves(pawn_id)
        self.status = W.HTML()
        self.story = W.HTML()
        self.bot_button = W.Button(description="let a bot play my move", icon="android",
                                   layout=W.Layout(width="auto"))
        self.bot_button.on_click(lambda _b: self.bot_move_for_me())
        # a new game with any rule option of docs/rules.md, a seed, the advanced set-up
        start = game.options if game is not None else (options or RuleOptions())
        values = start.to_dict()
        self.option_widgets: dict[str, W.Dropdown] = {}
        for name, (allowed, rule, words) in OPTION_INFO.items():
            self.option_widgets[name] = W.Dropdown(
                options=list(allowed), value=values[name], description=f"{name} ({rule})",
                tooltip=words, style={"description_width": "initial"},
                layout=W.Layout(width="auto"))
        self.seed_box = W.IntText(value=seed, description="seed", layout=W.Layout(width="150px"))
        self.advanced_box = W.Checkbox(value=advanced, description="advanced set-up (A1-A3)",
                                       indent=False)
        self.new_button = W.Button(description="new game", icon="refresh")
        self.new_button.on_click(lambda _b: self._new_game_clicked())
        self._lines: list[str] = []
        super().__init__(children=[
            self.status, self.board, W.HBox([self.bot_button]), self.story,
            W.HBox([self.new_button, self.seed_box, self.advanced_box]),
            W.HBox(list(self.option_widgets.values()), layout=W.Layout(flex_flow="row wrap")),
        ], **kwargs)
        self.board.on_move(lambda _pawn, _result: self._advance())
        if game is None:
            self.new_game()
        else:
            self._start(game)

    def new_game(self) -> None:
        """Start a new game with the options, seed and set-up chosen in the controls."""
        from ..engine.game import Game

        options = RuleOptions.parse({n: w.value for n, w in self.option_widgets.items()})
        self._start(Game(list(self._players), seed=self.seed_box.value, options=options,
                         advanced=self.advanced_box.value))

    def _new_game_clicked(self) -> None:
        """The new-game button: a refused set-up (e.g. S4's variant with 2 players) is shown
        in the status line and the current game goes on."""
        try:
            self.new_game()
        except FinstereError as err:
            self.status.value = f"<b>No new game</b>: {escape(str(err))}"

    def _start(self, game: Any) -> None:
        from ..engine.bots import make_bot

        self.game = game
        unknown = self._you - set(game.colours)
        if unknown:
            raise ValueError(f"you={sorted(unknown)} are not players of this game "
                             f"({', '.join(game.colours)})")
        self.human_seats = {game.seat_of[c] for c in self._you}
        seed = self.seed_box.value
        self.bots = {seat: make_bot(self._bot, f"{seed}/{seat}") for seat in range(game.n)}
        self._lines = []
        self.board.position = game.position
        self._advance()

    def __repr__(self) -> str:
        g = self.game
        st = g.state
        return (f"GameView(players={list(g.colours)}, round={st.round}, "
                f"stage={g.position.stage}, phase={st.phase!r}, ply={st.ply})")

    @property
    def position(self) -> Position:
        pos: Position = self.game.position
        return pos

    # --- turns ------------------------------------------------------------------------

    def _say(self, line: str) -> None:
        self._lines.append(line)
        del self._lines[:-MAX_LOG]

    def _human_move(self, pawn_id: str, path: tuple[str, ...]) -> Any:
        """The board's move handler: the move is an action of the game (checked by it)."""
        from ..engine.game import PawnMove

        seat = self.game.current_player
        entry = self.game.apply(PawnMove(pawn_id, path))
        self._say(f"{self.game.colours[seat]} (you): pawn {pawn_id} "
                  f"{','.join(path) or 'stays'}")
        return entry.move

    def bot_move_for_me(self) -> None:
        """A greedy bot chooses the move of the human seat to act."""
        from ..engine.bots import make_bot
        from ..engine.game import PawnMove

        if self.game.is_terminal() or self.game.current_player not in self.human_seats:
            return
        action = make_bot("greedy", "helper").choose(self.game)
        if isinstance(action, PawnMove):
            self.board.move(action.pawn, action.path)

    def _advance(self, *_: Any) -> None:
        """Let the bots and the monster play until a human seat is to move (or the end)."""
        g = self.game
        last_turn = None
        while not g.is_terminal():
            if g.is_chance():
                before = g.position
                result = g.sample_chance()
                last_turn = (before, result)
                eaten = ", ".join(result.eaten) or "nobody"
                self._say(f"monster: tile {result.tile}, {len(result.events)} events, "
                          f"taken: {eaten}")
                continue
            seat = g.current_player
            placing = g.phase == "placement"  # A1: this view lets the bots place every piece
            if seat in self.human_seats and not placing:
                break
            action = self.bots[seat].choose(g)
            g.apply(action)
            who = "placed for you by a bot" if seat in self.human_seats else "bot"
            self._say(f"{g.colours[seat]} ({who}): {self._words(action)}")
        if last_turn is not None:
            before, result = last_turn
            self.board.show_trace(before, result.events, result.tile, after=g.position)
        else:
            self.board.position = g.position
        self._update()

    @staticmethod
    def _words(action: Any) -> str:
        pawn = getattr(action, "pawn", None)
        if pawn is not None:
            return f"pawn {pawn} {','.join(action.path) or 'stays'}"
        return str(action)

    def _update(self) -> None:
        g = self.game
        st = g.state
        movable = {p.id for p in g.movable_pawns()} if g.current_player in self.human_seats else set()
        self.board.movable = movable
        escaped = {c: sum(1 for p in g.position.pawns if p.player == c and p.at == "escaped")
                   for c in g.colours}
        score = ", ".join(f"{escape(c)} {n}" for c, n in escaped.items())
        if g.is_terminal():
            out = g.outcome()
            who = out.winner if out is not None and out.winner else "nobody"
            reason = f"{out.reason} ({out.rule})" if out is not None else ""
            head = f"<b>Game over: {escape(who)} wins</b> — {escape(reason)}"
            self.board.hint = "the game is over"
        else:
            colour = g.current_colour or ""
            head = (f"<b>Your move ({escape(colour)})</b>: click one of your pawns "
                    f"({escape(', '.join(sorted(movable)))}), then a lit square")
        self.status.value = (f"{head}<br>round {st.round}, stage {g.position.stage}, "
                             f"tiles left {len(st.pile)}; escaped: {score}")
        self.story.value = "<br>".join(escape(x) for x in self._lines)
