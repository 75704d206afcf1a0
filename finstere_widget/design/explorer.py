"""The edge-case explorer: find, shrink, group and count the situations where two values of
a rule option (docs/rules.md, **Option**) make the engine do different things.

>>> from finstere_widget.design import edge_cases
>>> found = edge_cases("slide_over_pawn", seed=1, budget=2000)  # doctest: +SKIP
>>> found.cases[0].group  # doctest: +SKIP
'slide (M9) | look (M4)'

**Find.** Two sources of situations, both seeded:

* *triggers*: situations built around the rule's trigger (:data:`TRIGGERS`, by rule id: a
  stone pushed towards a corner for M8, a pawn on a pool in the monster's way for M9, a tie
  in front of a pivot stone for M11, the 5 tile for S4, a pawn sliding into a pool with a
  stone or a pawn on it for P7, a stage's last tile for S1, a player one pawn from winning
  for S2, an emptying board in stage 2 for S3, a stage's first draw for M2, the advanced
  set-up for A2/A3); an option whose rule has no trigger of its own is searched with all
  of them;
* *harvest*: seeded games of greedy bots at 2 to 7 players, basic and advanced, played
  under the first value; at every ply the same moment is played under the other value.

Every situation is compared generically, whatever the option: a **turn** (the same
position and tile, :func:`~finstere_widget.engine.monster_turn` under each value), a
**move** (the same pawn and path, :func:`~finstere_widget.engine.apply_move`) or a
**game** (the same actions applied to two games, one per value, to the first ply where
their states part). A new option in ``OPTION_INFO`` is explored like the others.

**Shrink.** Each case is reduced (:mod:`.shrink`) to a 1-minimal one: removing any single
pawn, stone, pool, teleporter pair (or action, in a game) makes the two values agree or the
situation illegal; pieces are then moved nearer the monster while the difference holds.

**Group and count.** Cases are grouped by how they differ: the first event that differs
under each value with its rule id. Each group keeps its smallest case and says in how many
of the harvested games (per 1,000, with a 95 % Wilson interval) it happened, by set-up and
player count.

The budget counts the situations compared (a turn, a move, a ply of a game); the search
stops there and says how many it tried. The same arguments give the same cases.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, NamedTuple

from ..engine.board import ENTRANCE, EXIT, HEADINGS, Heading, Square, on_board
from ..engine.errors import FinstereError, IllegalMoveError, OptionError, StudyError, shown
from ..engine.events import Event, event_to_dict
from ..engine.game import Action, DrawTile, Game, GameState, PawnMove, Phase, action_to_dict
from ..engine.i18n import reason_words, translations, word_in
from ..engine.monster import TurnResult, monster_turn
from ..engine.moves import MoveResult, apply_move
from ..engine.options import OPTION_INFO, RuleOptions
from ..engine.pieces import Monster, Pawn, Pool, Stone, StoneKind
from ..engine.position import BASIC_POOLS, BASIC_STONES, Position
from .bots import GreedyBot, RandomBot
from .shrink import moves_toward, removals_of, shrink, size
from .studies import wilson

EDGE_FORMAT = "finstere-edge-cases/1"
#: the largest budget (situations compared): at about 0.46 ms a situation (measured over
#: every option), some 1.3 hours of work on one core; placement's plies (the advanced
#: set-up, about 2.6 ms each) make it some 7 hours
MAX_BUDGET = 10_000_000
#: the most harvested games asked for at each set-up and player count (``games=``)
MAX_GAMES = 100_000
#: fewer games than this in a cell (a set-up and player count) and its interval is too
#: wide to tell a curiosity from a rule that matters: the table says so
FEW_GAMES = 30
#: the monster tiles a case may use, smallest first (M1)
REAL_TILES = ("5", "7", "8", "10", "X", "XX")
PLAYER_COUNTS = (2, 3, 4, 5, 6, 7)
SETUPS = ("basic", "advanced")
#: the share of the budget the harvest takes when the option has triggers of its own
HARVEST_SHARE = 0.5
#: the raw cases of a group that are shrunk (the smallest first); the group keeps the
#: smallest result
SHRUNK_PER_GROUP = 2
#: the most plies a trigger's game scenario plays
SCENARIO_PLIES = 40

Kind = Literal["turn", "move", "game"]


# --- the difference ---------------------------------------------------------------------------


class Difference(NamedTuple):
    """Where two values part: the first event (or state fact) that differs, under each.

    ``step``: the monster's step (turn), the path's token (move, 1-based) or the ply
    (game); ``rule``: the rule id that names it; ``events``: what happened under each
    value there (an event's JSON, a refusal ``{"refused": rule, "error": text}``, a fact of
    the game ``{"what": field, "value": ...}``, or None when that side had already ended);
    ``event_index``: the event's index in the trace (game: the ply)."""

    step: int
    rule: str
    events: tuple[dict[str, Any] | None, dict[str, Any] | None]
    event_index: int

    @property
    def group(self) -> str:
        """How they differ, as the group's name: ``"slide (M9) | look (M4)"``."""
        a, b = self.events
        both_looks = all(e is not None and e.get("type") == "look" for e in (a, b))
        return " | ".join(_label(e, both_looks) for e in (a, b))


def _label(e: dict[str, Any] | None, both_looks: bool = False) -> str:
    """An event's part of a group's name: its kind and rule. A look is a look (M4) whether
    or not it is the final one (M6), unless both sides look (then that is the difference)."""
    if e is None:
        return "ended"
    if "refused" in e:
        limit = f": {e['limit']}" if e.get("limit") else ""
        return f"refused ({e['refused']}){limit}"
    if "what" in e:
        return _fact_label(e)
    if e.get("type") == "look" and not both_looks:
        return "look (M4)"
    return f"{e.get('type', '?')} ({e.get('rule', '?')})"


_PLAYER = re.compile(r"\b(blue|yellow|red|green|purple|black|white)\b")


def _fact_label(e: dict[str, Any]) -> str:
    """A fact of a game state as a group's part: what it is, not whose (no colours, no
    numbers of pawns)."""
    what, value, rule = e["what"], e.get("value"), e.get("rule", "?")
    if what == "accepted":
        return "accepted"
    if what == "outcome":
        if value is None:
            return "game goes on"
        return f"game over ({value['rule']}): {_PLAYER.sub('a player', value['reason'])}"
    if what == "chance":
        return f"draw odds ({rule})"
    if what in ("stage", "phase"):
        return f"{what} {value} ({rule})"
    return f"{what} ({rule})"


_PART = re.compile(
    r"^(?P<what>[a-z_ ]+?)(?: (?P<value>\S+))? \((?P<rule>[^()]*)\)(?:: (?P<why>.+))?$"
)


def group_words(group: str, lang: str | None = None) -> str:
    """A group's name (:attr:`Difference.group`, the same in every language: it is data)
    in ``lang``'s words (None: the language in use): each side's event kind, as the step
    table says it, or the state it tells, with its rule id kept; a part it does not know
    stays as it is."""
    t = translations(lang)
    words = {
        "ended": t.pgettext("edge case", "ended"),
        "accepted": t.pgettext("edge case", "accepted"),
        "game goes on": t.pgettext("edge case", "game goes on"),
    }
    said = {
        "refused": t.pgettext("edge case", "refused ({rule})"),
        "game over": t.pgettext("edge case", "game over ({rule}): {reason}"),
        "draw odds": t.pgettext("edge case", "draw odds ({rule})"),
        "stage": t.pgettext("edge case", "stage {value} ({rule})"),
        "phase": t.pgettext("edge case", "phase {value} ({rule})"),
        "refused limit": t.pgettext("edge case", "refused ({rule}): {limit}"),
    }
    limits = {
        "off the board": t.pgettext("placement limit", "off the board"),
        "square taken": t.pgettext("placement limit", "square taken"),
        "within 2 of a corner": t.pgettext("placement limit", "within 2 of a corner"),
        "touching a corner": t.pgettext("placement limit", "touching a corner"),
        "teleporters side by side": t.pgettext("placement limit", "teleporters side by side"),
        "pool near the entrance": t.pgettext("placement limit", "pool near the entrance"),
        "pool against a wall": t.pgettext("placement limit", "pool against a wall"),
        "pools side by side": t.pgettext("placement limit", "pools side by side"),
    }
    kinds = {
        "look": t.pgettext("step table", "look"),
        "move": t.pgettext("step table", "move"),
        "push": t.pgettext("step table", "push"),
        "slide": t.pgettext("step table", "slide"),
        "wrap": t.pgettext("step table", "wrap"),
        "turn": t.pgettext("step table", "turn"),
        "eat": t.pgettext("step table", "eat"),
        "teleport": t.pgettext("step table", "teleport"),
        "remove": t.pgettext("edge case", "remove"),
        "enter": t.pgettext("step table", "enter"),
        "escape": t.pgettext("step table", "escape"),
        "flip": t.pgettext("step table", "flip"),
        "end": t.pgettext("step table", "end"),
    }

    def part(text: str) -> str:
        if text in words:
            return words[text]
        m = _PART.match(text)
        if m is None:
            return text
        what, value, rule, why = m["what"], m["value"], m["rule"], m["why"]
        name = what if value is None else f"{what} {value}"
        if name == "game over" and why is not None:
            return said[name].format(rule=rule, reason=reason_words(why, lang))
        if name == "refused" and why is not None and why in limits:
            return said["refused limit"].format(rule=rule, limit=limits[why])
        if why is not None:
            return text
        if what in ("stage", "phase") and value is not None:
            value = word_in(value, "phase", lang) if what == "phase" else value
            return said[what].format(rule=rule, value=value)
        if name in ("refused", "draw odds"):
            return said[name].format(rule=rule)
        if name in kinds:
            return f"{kinds[name]} ({rule})"
        return text

    return " | ".join(part(p) for p in group.split(" | "))


def setup_words(setup: str, lang: str | None = None) -> str:
    """A harvest's set-up (``basic``, ``advanced``) in ``lang``'s words."""
    t = translations(lang)
    words = {
        "basic": t.pgettext("set-up", "basic"),
        "advanced": t.pgettext("set-up", "advanced"),
    }
    return words.get(setup, setup)


def _first_rule(option_rule: str, a: dict[str, Any] | None, b: dict[str, Any] | None) -> str:
    """The rule a difference is told by: the option's own when either side cites it, else
    the first value's (what the default did there), else the other's."""
    rules = [str(e.get("rule") or e.get("refused")) for e in (a, b) if e is not None]
    for r in rules:
        if r.split("/")[0] == option_rule or option_rule in r:
            return r
    return rules[0] if rules else option_rule


def _events_difference(
    ea: Sequence[Event], eb: Sequence[Event], option_rule: str
) -> Difference | None:
    """The first index where two traces differ, or None when they are equal."""
    n = min(len(ea), len(eb))
    k = next((i for i in range(n) if ea[i] != eb[i]), n)
    if k == n and len(ea) == len(eb):
        return None
    a = event_to_dict(ea[k]) if k < len(ea) else None
    b = event_to_dict(eb[k]) if k < len(eb) else None
    step = (ea[k] if k < len(ea) else eb[k]).step
    return Difference(step, _first_rule(option_rule, a, b), (a, b), k)


def turn_difference(
    position: Position, tile: str, a: RuleOptions, b: RuleOptions, option_rule: str
) -> Difference | None:
    """Where the monster's turn for ``tile`` from ``position`` parts under ``a`` and
    ``b`` (None: the same turn)."""
    ta = monster_turn(position, tile, a)
    tb = monster_turn(position, tile, b)
    d = _events_difference(ta.events, tb.events, option_rule)
    if d is None and ta.position != tb.position:  # pragma: no cover - the events say it all
        return Difference(0, option_rule, ({"what": "position"}, {"what": "position"}), 0)
    return d


def _move_or_refusal(
    position: Position, pawn: str, path: tuple[str, ...], options: RuleOptions
) -> MoveResult | IllegalMoveError:
    try:
        return apply_move(position, pawn, path, options)
    except IllegalMoveError as exc:
        return exc


#: the placement limits (A2, A3) a refusal names, by the engine's message template: a
#: group of refusals is split by the limit that refused (the names are data, told in the
#: reader's words by :func:`group_words`)
LIMITS: dict[str, str] = {
    "A2: {piece} at {at}: square {sq} is off the board": "off the board",
    "A2: {piece} at {at}: square {sq} is taken (pieces never overlap)": "square taken",
    "A3: {piece} at {at}: square {sq} is within 2 of the entrance or exit": "within 2 of a corner",
    "A2: {piece} at {at}: square {sq} is on or touches the entrance or exit": "touching a corner",
    "A2: teleporter at {at} would be next to the teleporter at {at2}": "teleporters side by side",
    "A3: pool square {sq} is less than 8 squares from the entrance": "pool near the entrance",
    "A3: pool square {sq} lies against a wall": "pool against a wall",
    "A3: pool square {sq} is next to the other pool": "pools side by side",
}


def _refusal(exc: IllegalMoveError) -> dict[str, Any]:
    out: dict[str, Any] = {"refused": exc.rule or "P2", "error": str(exc)}
    limit = LIMITS.get(getattr(exc, "template", ""))
    if limit is not None:
        out["limit"] = limit
    return out


def same_refusal(ra: IllegalMoveError, rb: IllegalMoveError) -> bool:
    """Both values refuse the move the same way: the same rule and message, whatever the
    token it is told at (a slide one value makes longer reaches the same wall a token
    later)."""

    def told(e: IllegalMoveError) -> tuple[Any, ...]:
        params = getattr(e, "params", {})
        rest = tuple(sorted((k, str(v)) for k, v in params.items() if k not in ("number", "index")))
        return (e.rule, getattr(e, "template", str(e)), rest)

    return told(ra) == told(rb)


def move_difference(
    position: Position, pawn: str, path: tuple[str, ...], a: RuleOptions, b: RuleOptions,
    option_rule: str,
) -> Difference | None:  # fmt: skip
    """Where pawn ``pawn``'s move along ``path`` parts under ``a`` and ``b`` (a refusal
    under one value counts; None: the same move or the same refusal)."""
    ra = _move_or_refusal(position, pawn, path, a)
    rb = _move_or_refusal(position, pawn, path, b)
    if isinstance(ra, IllegalMoveError) or isinstance(rb, IllegalMoveError):
        if isinstance(ra, IllegalMoveError) and isinstance(rb, IllegalMoveError):
            if same_refusal(ra, rb):
                return None
        da = _refusal(ra) if isinstance(ra, IllegalMoveError) else None
        db = _refusal(rb) if isinstance(rb, IllegalMoveError) else None
        idx = getattr(ra if isinstance(ra, IllegalMoveError) else rb, "index", None)
        step = (idx + 1) if isinstance(idx, int) else 1
        if da is None or db is None:  # the other side's event of the refused token
            other = ra if da is None else rb
            assert isinstance(other, MoveResult)
            same = [e for e in other.events if e.step == step] or list(other.events[:1])
            first = event_to_dict(same[0]) if same else None
            da, db = (first, db) if da is None else (da, first)
        return Difference(step, _first_rule(option_rule, da, db), (da, db), step - 1)
    d = _events_difference(ra.events, rb.events, option_rule)
    if d is None and ra.position != rb.position:  # pragma: no cover - the events say it all
        return Difference(0, option_rule, ({"what": "position"}, {"what": "position"}), 0)
    return d


# --- games in lockstep ------------------------------------------------------------------------

#: the facts of a game state compared after each ply, in order, with the rule each is told by
#: (None: the rule of what the state holds, e.g. the outcome's)
_FACTS: tuple[tuple[str, str | None], ...] = (
    ("outcome", None),
    ("stage", "S1"),
    ("tiles_played", "S1"),
    ("phase", "T1"),
    ("chance", "M2"),
    ("pile", "M2"),
    ("round", "T1"),
    ("first", "T1"),
    ("to_move", "T2"),
    ("position", None),
)


def _fact(game: Game, st: GameState, name: str) -> Any:
    if name == "outcome":
        return st.outcome.to_dict() if st.outcome is not None else None
    if name == "stage":
        return st.position.stage
    if name == "phase":
        return st.phase.value
    if name == "chance":
        return [[t, round(p, 6)] for t, p in game.chance_outcomes()]
    if name == "pile":
        return sorted(st.pile)
    if name == "position":
        return st.position.to_dict()
    return getattr(st, name)


def _entry_events(game: Game) -> tuple[Event, ...]:
    h = game.history[-1]
    evs: tuple[Event, ...] = ()
    if h.move is not None:
        evs = h.move.events
    elif h.monster is not None:
        evs = h.monster.events
    return evs + h.extra


def game_difference(
    ga: Game, gb: Game | IllegalMoveError, ply: int, option_rule: str
) -> Difference | None:
    """How the two games part after ``ply`` (both just applied the same action; ``gb`` is
    the refusal when the other value refused it), or None."""
    if isinstance(gb, IllegalMoveError):
        accepted = {"what": "accepted", "value": action_to_dict(ga.history[-1].action)}
        return Difference(ply, gb.rule or option_rule, (accepted, _refusal(gb)), ply)
    d = _events_difference(_entry_events(ga), _entry_events(gb), option_rule)
    if d is not None:
        return Difference(ply, d.rule, d.events, ply)
    for name, rule in _FACTS:
        va, vb = _fact(ga, ga.state, name), _fact(gb, gb.state, name)
        if va != vb:
            told = rule
            if told is None:
                out = ga.state.outcome or gb.state.outcome
                told = out.rule if out is not None else option_rule
            if name == "phase" and (ga.state.outcome or gb.state.outcome):
                out = ga.state.outcome or gb.state.outcome
                assert out is not None
                told = out.rule
            shown_a: Any = va if name != "position" else None
            shown_b: Any = vb if name != "position" else None
            return Difference(
                ply,
                told,
                (
                    {"what": name, "value": shown_a, "rule": told},
                    {"what": name, "value": shown_b, "rule": told},
                ),
                ply,
            )
    return None


class Scenario(NamedTuple):
    """Where a game case starts: the normal start of a game (``position`` None; basic or
    advanced) or a position at the start of a pawn phase (``Game.from_position``)."""

    players: tuple[str, ...]
    seed: int
    advanced: bool = False
    position: Position | None = None
    round: int = 1
    tiles_played: int = 0
    first_player: int = 0

    def game(self, options: RuleOptions) -> Game:
        if self.position is None:
            return Game(
                list(self.players),
                seed=self.seed,
                options=options,
                advanced=self.advanced,
                first_player=self.first_player,
            )
        return Game.from_position(
            self.position,
            players=list(self.players),
            seed=self.seed,
            options=options,
            first_player=self.first_player,
            round=self.round,
            tiles_played=self.tiles_played,
        )

    def without(self, position: Position) -> Scenario:
        return self._replace(position=position)


def replay_parting(
    scenario: Scenario, actions: Sequence[Action], a: RuleOptions, b: RuleOptions, option_rule: str
) -> tuple[int, Difference, Game] | None:
    """Play ``actions`` in two games of ``scenario``, one per value: the first ply where
    they part (1-based), its difference and the first value's game up to it; None when
    they never part or the first value's game refuses an action."""
    try:
        ga = scenario.game(a)
        gb = scenario.game(b)
    except FinstereError:
        return None
    for ply, action in enumerate(actions, 1):
        try:
            ga.apply(action)
        except FinstereError:
            return None
        other: Game | IllegalMoveError
        try:
            gb.apply(action)
            other = gb
        except IllegalMoveError as exc:
            other = exc
        except FinstereError:
            return None
        d = game_difference(ga, other, ply, option_rule)
        if d is not None:
            return ply, d, ga
        if ga.is_terminal():
            return None
    return None


# --- cases ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One situation where ``values[0]`` and ``values[1]`` of ``option`` part.

    ``kind`` "turn": ``position`` and ``tile``; "move": ``position``, ``pawn`` and
    ``path``; "game": ``scenario`` and the ``actions`` up to the ``ply`` where the games
    part (``position`` is the position before that ply). ``differs_at`` says where and
    how; ``group`` names how (:attr:`Difference.group`); ``source`` where it was found;
    ``found_as``: the groups of the situations as they were found, before shrinking (a
    situation's extra pieces may change how it parts); ``counts``: per set-up and player
    count, ``(games, games where a situation of one of those groups happened)`` in the
    harvest."""

    option: str
    values: tuple[str, str]
    kind: Kind
    position: Position
    differs_at: Difference
    source: str
    tile: str | None = None
    pawn: str | None = None
    path: tuple[str, ...] = ()
    scenario: Scenario | None = None
    actions: tuple[Action, ...] = ()
    minimal: bool = False
    counts: Mapping[str, Mapping[int, tuple[int, int]]] = field(default_factory=dict)
    found_as: tuple[str, ...] = ()

    @property
    def group(self) -> str:
        return self.differs_at.group

    def group_words(self, lang: str | None = None) -> str:
        """:attr:`group` in ``lang``'s words (:func:`group_words`)."""
        return group_words(self.group, lang)

    @property
    def rule(self) -> str:
        return self.differs_at.rule

    @property
    def ply(self) -> int | None:
        return len(self.actions) if self.kind == "game" else None

    @property
    def pieces(self) -> int:
        """Pieces on the case's position: pawns, stones, teleporters, pools."""
        return size(self.position)

    @property
    def size(self) -> int:
        """Pieces on the case's position (plus its actions, for a game): smaller is better."""
        return size(self.position) + len(self.actions)

    def options(self) -> tuple[RuleOptions, RuleOptions]:
        return RuleOptions().set(self.option, self.values[0]), RuleOptions().set(
            self.option, self.values[1]
        )

    def difference(self) -> Difference | None:
        """The engine's answer now: where the two values part (None: they agree)."""
        a, b = self.options()
        rule = OPTION_INFO[self.option][1]
        if self.kind == "turn":
            assert self.tile is not None
            return turn_difference(self.position, self.tile, a, b, rule)
        if self.kind == "move":
            assert self.pawn is not None
            return move_difference(self.position, self.pawn, self.path, a, b, rule)
        assert self.scenario is not None
        found = replay_parting(self.scenario, self.actions, a, b, rule)
        if found is None or found[0] != len(self.actions):
            return None
        return found[1]

    def confirm(self) -> bool:
        """Re-play the case with the engine: the two values still part, the same way."""
        d = self.difference()
        return d is not None and d == self.differs_at

    def turns(self) -> tuple[TurnResult, TurnResult]:
        """A turn case's two monster turns (the first value's, the other's)."""
        if self.kind != "turn" or self.tile is None:
            raise StudyError("case {group}: only a turn case has two turns", group=self.group)
        a, b = self.options()
        return monster_turn(self.position, self.tile, a), monster_turn(self.position, self.tile, b)

    def games(self) -> tuple[Game, Game | IllegalMoveError]:
        """A game case's two games after the parting ply (the other value's may be the
        refusal of the action)."""
        if self.kind != "game" or self.scenario is None:
            raise StudyError("case {group}: only a game case has two games", group=self.group)
        a, b = self.options()
        ga, gb = self.scenario.game(a), self.scenario.game(b)
        other: Game | IllegalMoveError = gb
        for action in self.actions:
            ga.apply(action)
            try:
                gb.apply(action)
            except IllegalMoveError as exc:
                other = exc
        return ga, other

    def record(self) -> dict[str, Any] | None:
        """A game case as a ``finstere-game/1`` record (docs/format.md) of the first value's
        game up to the parting ply."""
        if self.kind != "game":
            return None
        return self.games()[0].to_record()

    def per_1000(self) -> dict[str, dict[str, dict[str, Any]]]:
        """Per set-up and player count: how many of the harvested games showed this group,
        per 1,000 games, with a 95 % Wilson interval."""
        out: dict[str, dict[str, dict[str, Any]]] = {}
        for setup, by_players in self.counts.items():
            row: dict[str, dict[str, Any]] = {}
            for n, (games, hits) in sorted(by_players.items()):
                lo, hi = wilson(hits, games)
                row[str(n)] = {
                    "games": games,
                    "hits": hits,
                    "rate": round(1000 * hits / games, 1) if games else None,
                    "low": round(1000 * lo, 1),
                    "high": round(1000 * hi, 1),
                }
            out[setup] = row
        return out

    def to_dict(self) -> dict[str, Any]:
        """docs/format.md's edge case."""
        d = self.differs_at
        out: dict[str, Any] = {
            "values": list(self.values),
            "kind": self.kind,
            "group": self.group,
            "position": self.position.to_dict(),
        }
        if self.kind == "turn":
            out["tile"] = self.tile
        elif self.kind == "move":
            out["pawn"] = self.pawn
            out["path"] = list(self.path)
        else:
            out["record"] = self.record()
            out["ply"] = self.ply
        out["differs_at"] = {
            "step": d.step,
            "rule": d.rule,
            "event": {self.values[0]: d.events[0], self.values[1]: d.events[1]},
        }
        out["pieces"] = size(self.position)
        out["minimal"] = self.minimal
        out["source"] = self.source
        out["found_as"] = list(self.found_as)
        out["per_1000_games"] = self.per_1000()
        return out

    def __repr__(self) -> str:
        where = f"tile {self.tile}" if self.kind == "turn" else (
            f"{self.pawn} {','.join(self.path) or '-'}" if self.kind == "move" else f"ply {self.ply}"
        )  # fmt: skip
        return (
            f"<Case {self.option} {self.values[0]}/{self.values[1]}: {self.group}; {self.kind}, "
            f"{where}, {size(self.position)} pieces>"
        )


# --- the shrinking of a case ------------------------------------------------------------------


def parted(case: Case) -> Case | None:
    """``case`` if its two values part there in any way — the same way or another — with
    its ``differs_at`` set to how they part now (a game's actions cut at the ply where its
    two games now part); None when they agree or the situation is illegal. Shrinking keeps
    this property, as a property-based test keeps "it still fails"."""
    try:
        if case.kind != "game":
            d = case.difference()
            return None if d is None else replace(case, differs_at=d)
        assert case.scenario is not None
        a, b = case.options()
        found = replay_parting(case.scenario, case.actions, a, b, OPTION_INFO[case.option][1])
    except FinstereError:
        return None
    if found is None:
        return None
    ply, d, _ = found
    return replace(case, actions=case.actions[:ply], differs_at=d)


def _still_parting() -> tuple[Callable[[Case], bool], Callable[[Case], Case]]:
    """The shrinking's property (:func:`parted`) and its tidying of a taken candidate, which
    reuses the property's answer instead of replaying it."""
    last: dict[int, Case] = {}

    def keep(c: Case) -> bool:
        last.clear()
        now = parted(c)
        if now is None:
            return False
        last[id(c)] = now
        return True

    def normal(c: Case) -> Case:
        now = last.get(id(c)) or parted(c)
        assert now is not None
        return now

    return keep, normal


def _removals(case: Case) -> Iterator[Case]:
    fixed = (case.pawn,) if case.pawn is not None else ()
    if case.kind == "game":
        assert case.scenario is not None
        if case.scenario.position is not None:
            for pos in removals_of(case.scenario.position):
                gone = {p.id for p in case.scenario.position.pawns} - {p.id for p in pos.pawns}
                actions = tuple(
                    x for x in case.actions if not (isinstance(x, PawnMove) and x.pawn in gone)
                )
                yield replace(case, scenario=case.scenario.without(pos), actions=actions)
        for k in range(len(case.actions) - 1):  # the parting action stays
            yield replace(case, actions=case.actions[:k] + case.actions[k + 1 :])
        return
    for pos in removals_of(case.position, fixed):
        yield replace(case, position=pos)


def _moves(case: Case) -> Iterator[Case]:
    if case.kind == "game":
        return
    if case.kind == "turn" and case.tile in REAL_TILES:
        for t in REAL_TILES[: REAL_TILES.index(case.tile)]:
            yield replace(case, tile=t)
    fixed = (case.pawn,) if case.pawn is not None else ()
    target = None
    if case.kind == "move" and case.pawn is not None:
        at = case.position.pawn(case.pawn).at
        target = at if isinstance(at, tuple) else None
    for pos in moves_toward(case.position, target, fixed):
        yield replace(case, position=pos)


def _with_position(case: Case) -> Case:
    """A game case's ``position``: its scenario's start, or for a game from its very start
    the position before the parting ply (what the actions kept have built)."""
    if case.kind != "game" or case.scenario is None:
        return case
    if case.scenario.position is not None:
        return replace(case, position=case.scenario.position)
    game = case.scenario.game(case.options()[0])
    for action in case.actions[:-1]:
        game.apply(action)
    return replace(case, position=game.position)


def shrink_case(case: Case) -> Case:
    """``case`` made 1-minimal as property-based testing does: pieces (and a game's earlier
    actions) removed one at a time while the two values still part *in any way*, then
    pieces moved nearer the monster and smaller tiles tried while they still part; the
    result's ``differs_at`` (and so its group) is how the smallest case parts, which may
    differ from how ``case`` did. ``minimal`` says the result was checked 1-minimal."""
    keep, normal = _still_parting()
    start = parted(case) or case
    small, _, complete = shrink(start, keep, _removals, _moves, normal=normal)
    small = _with_position(small)
    d = small.difference()
    assert d is not None
    small = replace(small, differs_at=d)
    return replace(small, minimal=complete and is_one_minimal(small))


def is_one_minimal(case: Case) -> bool:
    """The two values part at ``case`` (its own difference, replayed) and removing any
    single pawn, stone, pool, teleporter pair (or earlier action of a game) makes them
    agree or the situation illegal (issue 27's definition: parting another way is still
    parting, so it is not minimal)."""
    if case.difference() is None:
        return False
    return not any(parted(c) is not None for c in _removals(case))


# --- triggers ---------------------------------------------------------------------------------

_FACES = ((1, 6), (3, 4), (4, 3), (5, 2))  # (light, dark): P1's pawns, light number first
_COLOURS = ("blue", "yellow", "red", "green")


class Situation(NamedTuple):
    """One situation to compare: a turn, a move or a game scenario (with its bots)."""

    kind: Kind
    position: Position
    tile: str | None = None
    pawn: str | None = None
    path: tuple[str, ...] = ()
    scenario: Scenario | None = None
    greedy: bool = False


Trigger = Callable[[random.Random], Situation | None]


def _delta(h: Heading) -> tuple[int, int]:
    return ((0, -1), (1, 0), (0, 1), (-1, 0))[h]


def _line(start: Square, h: Heading, k: int) -> Square:
    dx, dy = _delta(h)
    return (start[0] + dx * k, start[1] + dy * k)


def _pawn(rng: random.Random, pid: str, at: Any, player: str | None = None) -> Pawn:
    light, dark = rng.choice(_FACES)
    return Pawn(
        pid, player or rng.choice(_COLOURS[:2]), light, dark, rng.choice(("light", "dark")), at
    )


def _free(rng: random.Random, taken: set[Square], tries: int = 50) -> Square | None:
    for _ in range(tries):
        sq = (rng.randrange(16), rng.randrange(11))
        if on_board(sq) and sq not in taken:
            return sq
    return None


def _position(
    monster: Monster, stones: Iterable[Stone] = (), pools: Iterable[Pool] = (),
    pawns: Iterable[Pawn] = (), stage: int = 1,
) -> Position | None:  # fmt: skip
    try:
        return Position(monster, tuple(stones), tuple(pools), (), tuple(pawns), stage).validated()
    except FinstereError:
        return None


def _extras(
    rng: random.Random, taken: set[Square], pawns: list[Pawn], stones: list[Stone], most: int = 3
) -> None:
    """A few pieces scattered elsewhere: the trigger among other things."""
    for k in range(rng.randrange(most + 1)):
        sq = _free(rng, taken)
        if sq is not None:
            taken.add(sq)
            pawns.append(_pawn(rng, f"E{k}", sq))
    for _ in range(rng.randrange(most)):
        sq = _free(rng, taken)
        if sq is not None:
            taken.add(sq)
            stones.append(Stone(sq))


def _random_pool(rng: random.Random, taken: set[Square]) -> Pool | None:
    for _ in range(20):
        x, y = rng.randrange(1, 14), rng.randrange(1, 9)
        shape = rng.choice(("2x2", "h", "v"))
        if shape == "2x2":
            sqs = [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]
        elif shape == "h":
            sqs = [(x + k, y) for k in range(4)]
        else:
            sqs = [(x, y + k) for k in range(4)]
        if all(on_board(s) and s not in taken for s in sqs):
            return Pool(tuple(sorted(sqs, key=lambda s: (s[1], s[0]))))
    return None


def _pools(rng: random.Random, taken: set[Square]) -> list[Pool]:
    if rng.random() < 0.5:
        pools = [Pool(tuple(p)) for p in BASIC_POOLS]
    else:
        pool = _random_pool(rng, taken)
        pools = [pool] if pool is not None else []
    return pools


def trigger_corner_push(rng: random.Random) -> Situation | None:
    """M8: the monster walks along a wall towards the exit or the entrance with a stone (or
    a row of them) in front of it."""
    corner = rng.choice((EXIT, ENTRANCE))
    into = (Heading.W, Heading.N) if corner == EXIT else (Heading.E, Heading.S)
    h = rng.choice(into)
    back = Heading((h + 2) % 4)
    row = rng.choice((1, 1, 2))
    gap = rng.randrange(3)
    stones = [Stone(_line(corner, back, 1 + k), rng.choice(list(StoneKind))) for k in range(row)]
    m = _line(corner, back, row + 1 + gap)
    if not on_board(m) or not all(on_board(s.at) for s in stones):
        return None
    taken = {m, corner, *(s.at for s in stones), *(_line(corner, back, k) for k in range(8))}
    pawns: list[Pawn] = []
    _extras(rng, taken, pawns, stones)
    pos = _position(Monster(m, h), stones, (), pawns)
    return Situation("turn", pos, rng.choice(REAL_TILES)) if pos is not None else None


def _pool_run(
    rng: random.Random,
) -> tuple[list[Pool], set[Square], Heading, Heading, list[Square]] | None:
    """A pool placed at random and a way across it: the pools, the chosen pool's squares,
    the heading across, the one back, and the run of pool squares from its entry on."""
    pools = _pools(rng, set())
    if not pools:
        return None
    pool = rng.choice(pools)
    squares = set(pool.squares)
    h = rng.choice(HEADINGS)
    back = Heading((h + 2) % 4)
    entries = [s for s in pool.squares if _line(s, back, 1) not in squares]
    run = [rng.choice(entries)]
    while _line(run[-1], h, 1) in squares:
        run.append(_line(run[-1], h, 1))
    return pools, squares, h, back, run


def trigger_pawn_on_pool(rng: random.Random) -> Situation | None:
    """M9: a pawn on a pool square in the monster's way (this project's ruling FAQ 1 lets
    one stop there)."""
    found = _pool_run(rng)
    if found is None:
        return None
    pools, squares, h, back, run = found
    s0 = run[0]
    m = _line(s0, back, rng.randrange(1, 4))
    if not on_board(m) or any(_line(s0, back, k) in squares for k in range(1, 4)):
        return None
    pawns = [_pawn(rng, "A", rng.choice(run))]
    taken = {m, *(sq for p in pools for sq in p.squares)}
    stones: list[Stone] = []
    if rng.random() < 0.3:
        beyond = _line(run[-1], h, 1)
        if on_board(beyond):
            stones.append(Stone(beyond))
            taken.add(beyond)
    _extras(rng, taken, pawns, stones, 2)
    pos = _position(Monster(m, h), stones, pools, pawns)
    return Situation("turn", pos, rng.choice(REAL_TILES)) if pos is not None else None


def trigger_pivot_tie(rng: random.Random) -> Situation | None:
    """M11: a pivot stone in front of the monster and two pawns at the same distance."""
    m = (rng.randrange(16), rng.randrange(11))
    if not on_board(m):
        return None
    h = rng.choice(HEADINGS)
    k = rng.choice((1, 1, 2))
    pivot = _line(m, h, k)
    d = rng.randrange(1, 5)
    left, right = Heading((h + 3) % 4), Heading((h + 1) % 4)
    sides = [(left, right), (left, right), (h, left), (h, right)]
    first, second = rng.choice(sides)
    if first == h:
        if d >= k:
            d = k - 1
        if d < 1:
            return None
    spots = [_line(m, first, d), _line(m, second, d)]
    if not on_board(pivot) or not all(on_board(s) for s in spots):
        return None
    kind = rng.choice((StoneKind.PIVOT_RIGHT, StoneKind.PIVOT_LEFT, StoneKind.PIVOT_180))
    pawns = [_pawn(rng, "A", spots[0], "blue"), _pawn(rng, "B", spots[1], "yellow")]
    stones = [Stone(pivot, kind)]
    taken = {m, pivot, *spots}
    taken |= {_line(m, g, j) for g in HEADINGS for j in range(1, 6)}
    _extras(rng, taken, pawns, stones, 2)
    pos = _position(Monster(m, h), stones, (), pawns)
    return Situation("turn", pos, rng.choice(REAL_TILES)) if pos is not None else None


def trigger_five(rng: random.Random) -> Situation | None:
    """S4: the 5 tile, the monster among a few pawns."""
    m = _free(rng, set())
    if m is None:
        return None
    taken = {m}
    pawns: list[Pawn] = []
    stones: list[Stone] = [Stone(s) for s in BASIC_STONES if rng.random() < 0.3 and s != m]
    taken |= {s.at for s in stones}
    _extras(rng, taken, pawns, stones, 4)
    pos = _position(Monster(m, rng.choice(HEADINGS)), stones, (), pawns)
    return Situation("turn", pos, "5") if pos is not None else None


def trigger_pawn_slide(rng: random.Random) -> Situation | None:
    """P7: a pawn steps onto a pool whose slide meets a stone or another pawn on the pool."""
    found = _pool_run(rng)
    if found is None:
        return None
    pools, squares, h, back, run = found
    s0 = run[0]
    start = _line(s0, back, 1)
    if not on_board(start):
        return None
    light, dark = rng.choice(_FACES)
    mover = Pawn("P", "blue", light, dark, rng.choice(("light", "dark")), start)
    blocker_at = rng.choice(run[1:] if len(run) > 1 else run)
    pawns = [mover]
    stones: list[Stone] = []
    if rng.random() < 0.6:
        stones.append(Stone(blocker_at))
    else:
        pawns.append(_pawn(rng, "Q", blocker_at, "yellow"))
    beyond = _line(run[-1], h, 1)
    if on_board(beyond) and rng.random() < 0.3:
        stones.append(Stone(beyond))
    taken = {start, *squares, beyond}
    m = _free(rng, taken)
    if m is None:
        return None
    taken.add(m)
    _extras(rng, taken, pawns, stones, 2)
    pos = _position(Monster(m, rng.choice(HEADINGS)), stones, pools, pawns)
    if pos is None:
        return None
    value = mover.value
    path = tuple([h.name] * rng.randrange(1, value + 1))
    return Situation("move", pos, pawn="P", path=path)


def _scenario_pawns(
    rng: random.Random, colours: Sequence[str], most: int, outside: float = 0.3
) -> list[Pawn]:
    pawns = []
    taken = {EXIT, ENTRANCE}
    for k in range(rng.randrange(1, most + 1)):
        colour = colours[k % len(colours)]
        at: Any = "outside"
        if rng.random() >= outside:
            sq = _free(rng, taken)
            if sq is None:
                continue
            taken.add(sq)
            at = sq
        pawns.append(_pawn(rng, f"{colour[0].upper()}{k}", at, colour))
    return pawns


def _basic_with(
    pawns: Sequence[Pawn], stage: int, monster: Monster | None = None
) -> Position | None:
    base = Position.basic(stage=stage)
    taken = {s.at for s in base.stones} | set(base.pool_squares)
    if any(isinstance(p.at, tuple) and p.at in taken for p in pawns):
        return None
    try:
        return base.replace(pawns=tuple(pawns), **({"monster": monster} if monster else {}))
    except FinstereError:
        return None


def trigger_last_tile(rng: random.Random) -> Situation | None:
    """S1: a stage's last tiles, a few pawns in the fortress."""
    colours = ("blue", "yellow")
    stage = rng.choice((1, 2))
    pos = _basic_with(_scenario_pawns(rng, colours, 3), stage)
    if pos is None:
        return None
    tiles = rng.choice((5, 6, 6))
    sc = Scenario(colours, rng.randrange(2**32), False, pos, rng.randrange(2, 9), tiles)
    return Situation("game", pos, scenario=sc)


def trigger_near_win(rng: random.Random) -> Situation | None:
    """S2: a player one pawn from winning stands by the exit; others still to move."""
    colours = ("blue", "yellow", "red")[: rng.choice((2, 3))]
    winner = colours[rng.randrange(len(colours))]
    pawns = [Pawn(f"{winner[0].upper()}x{k}", winner, 4, 3, "light", "escaped") for k in range(2)]
    spot = rng.choice(((0, 0), (1, 0), (0, 1), (2, 0)))
    light, dark = rng.choice(_FACES)
    pawns.append(Pawn(f"{winner[0].upper()}w", winner, light, dark, "light", spot))
    others = _scenario_pawns(rng, colours, 3)
    pawns += [p for p in others if p.at != spot]
    stage = rng.choice((1, 2))
    pos = _basic_with(pawns, stage, Monster((8, 7), Heading.S))
    if pos is None:
        return None
    sc = Scenario(
        colours,
        rng.randrange(2**32),
        False,
        pos,
        rng.randrange(2, 9),
        rng.randrange(6),
        rng.randrange(len(colours)),
    )
    return Situation("game", pos, scenario=sc, greedy=True)


def trigger_emptying_board(rng: random.Random) -> Situation | None:
    """S3: stage 2, few pawns on the board, some waiting outside."""
    colours = ("blue", "yellow")
    pawns = _scenario_pawns(rng, colours, 4, outside=0.5)
    near = rng.choice(((14, 10), (15, 9), (13, 10), (8, 7)))
    monster = Monster(near, rng.choice(HEADINGS))
    pos = _basic_with([p for p in pawns if p.at != near], 2, monster)
    if pos is None:
        return None
    sc = Scenario(colours, rng.randrange(2**32), False, pos, rng.randrange(2, 9), rng.randrange(7))
    return Situation("game", pos, scenario=sc)


def trigger_first_draw(rng: random.Random) -> Situation | None:
    """M2: the first draw of the game or of stage 2."""
    colours = ("blue", "yellow")
    stage = rng.choice((1, 2))
    pos = _basic_with(_scenario_pawns(rng, colours, 2), stage)
    if pos is None:
        return None
    rnd = 1 if stage == 1 and rng.random() < 0.5 else rng.randrange(2, 9)
    sc = Scenario(colours, rng.randrange(2**32), False, pos, rnd, 0)
    return Situation("game", pos, scenario=sc)


def trigger_placement(rng: random.Random) -> Situation | None:
    """A2/A3: the advanced game's placement of the pieces."""
    n = rng.randrange(2, 5)
    sc = Scenario(tuple(_COLOURS[:n]), rng.randrange(2**32), True)
    return Situation("game", sc.game(RuleOptions()).position, scenario=sc)


#: the triggers by the rule id of docs/rules.md whose situation they build
TRIGGERS: dict[str, tuple[Trigger, ...]] = {
    "M8": (trigger_corner_push,),
    "M9": (trigger_pawn_on_pool,),
    "M11": (trigger_pivot_tie,),
    "S4": (trigger_five,),
    "P7": (trigger_pawn_slide,),
    "S1": (trigger_last_tile,),
    "S2": (trigger_near_win,),
    "S3": (trigger_emptying_board,),
    "M2": (trigger_first_draw,),
    "A2": (trigger_placement,),
    "A3": (trigger_placement,),
}


def triggers_for(option: str) -> tuple[tuple[Trigger, ...], bool]:
    """The triggers the search of ``option`` uses, and whether they are the option's own
    (its rule's) rather than every trigger there is."""
    rule = OPTION_INFO[option][1]
    own = TRIGGERS.get(rule)
    if own:
        return own, True
    every = tuple(dict.fromkeys(t for ts in TRIGGERS.values() for t in ts))
    return every, False


# --- the search -------------------------------------------------------------------------------


class _Counter:
    """The budget: situations compared so far."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.tried = 0

    def take(self) -> bool:
        if self.tried >= self.budget:
            return False
        self.tried += 1
        return True


def _bot(greedy: bool, seed: str) -> GreedyBot | RandomBot:
    return GreedyBot(seed, top=2) if greedy else RandomBot(seed)


class _Lockstep:
    """A game played under the first value, the same actions applied to the other value's
    game until they part; at every ply the moment itself (a turn, a move) is compared."""

    def __init__(
        self, scenario: Scenario, a: RuleOptions, b: RuleOptions, option: str, values: tuple[str, str],
        source: str,
    ) -> None:  # fmt: skip
        self.scenario = scenario
        self.a, self.b = a, b
        self.option, self.values, self.source = option, values, source
        self.rule = OPTION_INFO[option][1]
        self.ga = scenario.game(a)
        self.gb: Game | None = scenario.game(b)
        self.actions: list[Action] = []
        self.found: list[Case] = []
        #: the start of the pawn phase under way: (actions before it, the state then)
        self.phase_start: tuple[int, GameState] | None = None

    def _from_phase_start(self, d: Difference) -> Case | None:
        """A game case found in a whole game, told from the start of its pawn phase (a
        scenario of that position, round and tiles played) when that replays the same:
        a case that can be shrunk."""
        if self.phase_start is None or self.scenario.position is not None:
            return None
        k, st = self.phase_start
        sc = Scenario(self.scenario.players, self.scenario.seed, False, st.position, st.round,
                      st.tiles_played, st.first)  # fmt: skip
        try:
            s0 = sc.game(self.a).state
        except FinstereError:
            return None
        if (s0.pile, s0.draws, s0.stage_draws, s0.to_move) != (
            st.pile, st.draws, st.stage_draws, st.to_move,
        ):  # fmt: skip
            return None
        actions = tuple(self.actions[k:])
        again = replay_parting(sc, actions, self.a, self.b, self.rule)
        if again is None or again[0] != len(actions) or again[1].group != d.group:
            return None
        return Case(self.option, self.values, "game", st.position, again[1], self.source,
                    scenario=sc, actions=actions)  # fmt: skip

    def ply(self, action: Action) -> None:
        st = self.ga.state
        if st.phase is Phase.PAWNS and not st.moved:
            self.phase_start = (len(self.actions), st)
        before = self.ga.position
        local: Case | None = None
        if isinstance(action, DrawTile):
            d = turn_difference(before, action.tile, self.a, self.b, self.rule)
            if d is not None:
                local = Case(
                    self.option, self.values, "turn", before, d, self.source, tile=action.tile
                )
        elif isinstance(action, PawnMove):
            d = move_difference(before, action.pawn, tuple(action.path), self.a, self.b, self.rule)
            if d is not None:
                local = Case(
                    self.option, self.values, "move", before, d, self.source,
                    pawn=action.pawn, path=tuple(action.path),
                )  # fmt: skip
        entry = self.ga.apply(action)
        self.actions.append(entry.action)
        if local is not None:
            self.found.append(local)
        if self.gb is None:
            return
        other: Game | IllegalMoveError
        try:
            self.gb.apply(entry.action)
            other = self.gb
        except IllegalMoveError as exc:
            other = exc
        d = game_difference(self.ga, other, len(self.actions), self.rule)
        if d is not None:
            self.gb = None
            if local is None:
                told = self._from_phase_start(d)
                self.found.append(
                    told
                    or Case(
                        self.option,
                        self.values,
                        "game",
                        self.scenario.position or before,
                        d,
                        self.source,
                        scenario=self.scenario,
                        actions=tuple(self.actions),
                    )  # fmt: skip
                )


def _seed_of(*parts: object) -> int:
    return random.Random("/".join(map(str, ("finstere-edge", *parts)))).randrange(2**32)


def _run_scenario(
    sit: Situation, a: RuleOptions, b: RuleOptions, option: str, values: tuple[str, str],
    counter: _Counter, source: str, seed: str,
) -> list[Case]:  # fmt: skip
    assert sit.scenario is not None
    try:
        lock = _Lockstep(sit.scenario, a, b, option, values, source)
    except FinstereError:
        return []
    bots = [_bot(sit.greedy, f"{seed}/{k}") for k in range(len(sit.scenario.players))]
    for _ in range(SCENARIO_PLIES):
        g = lock.ga
        if g.is_terminal() or lock.gb is None or not counter.take():
            break
        action: Action = (
            DrawTile(g._drawable(g.state)[0]) if g.is_chance() else bots[g.current_player].choose(g)
        )
        lock.ply(action)
    return lock.found


def _compare(
    sit: Situation, a: RuleOptions, b: RuleOptions, option: str, values: tuple[str, str],
    source: str,
) -> Case | None:  # fmt: skip
    rule = OPTION_INFO[option][1]
    try:
        if sit.kind == "turn":
            assert sit.tile is not None
            d = turn_difference(sit.position, sit.tile, a, b, rule)
            return (
                None
                if d is None
                else Case(option, values, "turn", sit.position, d, source, tile=sit.tile)
            )
        assert sit.pawn is not None
        d = move_difference(sit.position, sit.pawn, sit.path, a, b, rule)
        if d is None:
            return None
        return Case(option, values, "move", sit.position, d, source, pawn=sit.pawn, path=sit.path)
    except FinstereError:
        return None


class _Harvest:
    """Seeded greedy games at 2-7 players, basic and advanced: the cases they meet and, per
    set-up and player count, the games played and, for each set of groups met in one game,
    how many games met that set (so a group made of several raw groups is counted once per
    game)."""

    def __init__(self) -> None:
        self.games: dict[str, dict[int, int]] = {s: {} for s in SETUPS}
        self.met: dict[str, dict[int, dict[frozenset[str], int]]] = {s: {} for s in SETUPS}
        self.refused: dict[str, dict[int, str]] = {s: {} for s in SETUPS}
        self.plies = 0

    def count(self, setup: str, n: int, groups: set[str]) -> None:
        self.games[setup][n] = self.games[setup].get(n, 0) + 1
        by = self.met[setup].setdefault(n, {})
        key = frozenset(groups)
        by[key] = by.get(key, 0) + 1

    def counts(self, groups: Iterable[str]) -> dict[str, dict[int, tuple[int, int]]]:
        """Per set-up and player count: (games, games that met any of ``groups``)."""
        wanted = frozenset(groups)
        return {
            s: {
                n: (g, sum(k for met, k in self.met[s].get(n, {}).items() if met & wanted))
                for n, g in sorted(self.games[s].items())
            }
            for s in SETUPS
            if self.games[s]
        }


def _harvest(
    a: RuleOptions, b: RuleOptions, option: str, values: tuple[str, str], counter: _Counter,
    seed: int, harvest: _Harvest, found: _Groups, games: int | None = None,
) -> None:  # fmt: skip
    """Greedy games round the set-ups and player counts, the same seeds whatever the
    budget: until ``counter`` runs out (``games`` None; a game cut short is not counted) or
    ``games`` complete games at each set-up and player count the other value accepts."""
    index = 0
    misses = 0
    cells = len(SETUPS) * len(PLAYER_COUNTS)
    while misses < cells:
        if games is None and counter.tried >= counter.budget:
            break
        if games is not None and index >= games * cells:
            break
        setup = SETUPS[(index // len(PLAYER_COUNTS)) % len(SETUPS)]
        n = PLAYER_COUNTS[index % len(PLAYER_COUNTS)]
        gseed = _seed_of(seed, setup, index)
        index += 1
        sc = Scenario(tuple(_COLOURS_7[:n]), gseed, setup == "advanced")
        try:
            sc.game(b)
        except OptionError as exc:  # S4: a variant refused at this player count
            harvest.refused[setup][n] = str(exc)
            misses += 1
            continue
        misses = 0
        lock = _Lockstep(
            sc, a, b, option, values, f"harvest: {setup} game, {n} players, seed {gseed}"
        )
        bots = [GreedyBot(f"{gseed}/{k}") for k in range(n)]
        complete = True
        while not lock.ga.is_terminal():
            if games is None and not counter.take():
                complete = False
                break
            harvest.plies += 1
            g = lock.ga
            action: Action = (
                DrawTile(g._drawable(g.state)[0])
                if g.is_chance()
                else bots[g.current_player].choose(g)
            )
            lock.ply(action)
        if complete:
            harvest.count(setup, n, {c.group for c in lock.found})
        found.add(lock.found)


_COLOURS_7 = ("blue", "yellow", "red", "green", "purple", "black", "white")


class _Groups:
    """The raw cases by group, each group keeping only its :data:`SHRUNK_PER_GROUP`
    smallest (first found first among equals) and a count of all: memory stays bounded
    whatever the budget."""

    def __init__(self) -> None:
        self.kept: dict[str, list[tuple[int, int, Case]]] = {}
        self.seen: dict[str, int] = {}
        self.arrived = 0

    def add(self, cases: Iterable[Case]) -> None:
        for c in cases:
            g = c.group
            self.seen[g] = self.seen.get(g, 0) + 1
            kept = self.kept.setdefault(g, [])
            kept.append((c.size, self.arrived, c))
            self.arrived += 1
            kept.sort(key=lambda t: (t[0], t[1]))
            del kept[SHRUNK_PER_GROUP:]

    def by_frequency(self) -> list[tuple[str, list[Case]]]:
        """The groups, most often met first, each with its smallest cases."""
        order = sorted(self.kept, key=lambda g: (-self.seen[g], g))
        return [(g, [t[2] for t in self.kept[g]]) for g in order]


@dataclass(frozen=True)
class EdgeCases:
    """What :func:`edge_cases` found for one option: ``cases`` (one per group, smallest
    first within the search's order), ``tried`` situations of the ``budget``, the values
    compared, and ``none_found``: for each pair of values with no case, why."""

    option: str
    rule: str
    values: tuple[str, ...]
    seed: int
    budget: int
    tried: int
    cases: tuple[Case, ...]
    games: Mapping[str, Mapping[int, int]]
    none_found: tuple[tuple[tuple[str, str], str], ...] = ()
    games_per_cell: int | None = None
    plies: int = 0

    def fewest_games(self) -> tuple[int, str, int] | None:
        """The cell (set-up, player count) with the fewest harvested games, as
        ``(games, setup, players)``, when it has fewer than :data:`FEW_GAMES`; else None."""
        cells = [(g, s, n) for s, by in self.games.items() for n, g in by.items()]
        least = min(cells, default=None)
        if least is None and not self.cases:
            return None
        if least is None:
            return (0, SETUPS[0], PLAYER_COUNTS[0])
        return least if least[0] < FEW_GAMES else None

    def few_games_warning(self, lang: str | None = None) -> str:
        """One line when a cell has fewer than :data:`FEW_GAMES` games (else "")."""
        least = self.fewest_games()
        if least is None:
            return ""
        t = translations(lang)
        return t.ngettext(
            "warning: {games} harvested game at {players} players ({setup}): fewer than "
            "{few} games per cell give intervals too wide to rely on; ask for more with "
            "--games N (games=N)",
            "warning: {games} harvested games at {players} players ({setup}): fewer than "
            "{few} games per cell give intervals too wide to rely on; ask for more with "
            "--games N (games=N)",
            least[0],
        ).format(
            games=least[0],
            players=least[2],
            setup=setup_words(least[1], lang),
            few=FEW_GAMES,
        )

    def to_dict(self) -> dict[str, Any]:
        """docs/format.md's ``finstere-edge-cases/1`` document."""
        return {
            "format": EDGE_FORMAT,
            "option": self.option,
            "rule": self.rule,
            "values": list(self.values),
            "seed": self.seed,
            "budget": self.budget,
            "tried": self.tried,
            "harvest": {
                "bot": "greedy",
                "games_per_cell": self.games_per_cell,
                "plies": self.plies,
                "games": {
                    s: {str(n): g for n, g in sorted(by.items())} for s, by in self.games.items()
                },
            },
            "cases": [c.to_dict() for c in self.cases],
            "none_found": [{"values": list(v), "reason": r} for v, r in self.none_found],
        }

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    def __repr__(self) -> str:
        groups = len(self.cases)
        return (
            f"<EdgeCases {self.option} ({self.rule}) {'/'.join(self.values)}: {groups} "
            f"group{'s' if groups != 1 else ''}, {self.tried} of {self.budget} situations tried>"
        )

    def table(self, lang: str | None = None) -> str:
        """The groups as text (in ``lang``; the groups' names are event kinds and rule ids):
        kind, group, pieces, and per 1,000 basic games by player count with the 95 %
        interval."""
        t = translations(lang)
        groups = len(self.cases)
        kinds = {
            "turn": t.pgettext("edge case", "turn"),
            "move": t.pgettext("edge case", "move"),
            "game": t.pgettext("edge case", "game"),
        }
        lines = [
            t.ngettext(
                "{option} ({rule}), {values}: {groups} group; {tried} of {budget} situations tried",
                "{option} ({rule}), {values}: {groups} groups; {tried} of {budget} situations tried",
                groups,
            ).format(
                option=self.option,
                rule=self.rule,
                values="/".join(self.values),
                groups=groups,
                tried=self.tried,
                budget=self.budget,
            )
        ]
        if self.games_per_cell is not None:
            lines.append(
                "  "
                + t.ngettext(
                    "harvest: {games} greedy game at each set-up and player count ({plies} plies)",
                    "harvest: {games} greedy games at each set-up and player count ({plies} plies)",
                    self.games_per_cell,
                ).format(games=self.games_per_cell, plies=self.plies)
            )
        for c in self.cases:
            basic = c.per_1000().get("basic", {})
            told = ", ".join(
                t.ngettext(
                    "{players}p {rate} [{low}-{high}] of {games} game",
                    "{players}p {rate} [{low}-{high}] of {games} games",
                    r["games"],
                ).format(
                    players=p,
                    rate=f"{r['rate']:g}",
                    low=f"{r['low']:g}",
                    high=f"{r['high']:g}",
                    games=r["games"],
                )  # fmt: skip
                for p, r in basic.items()
                if r["rate"] is not None
            )
            n = c.pieces
            lines.append(
                "  "
                + t.ngettext(
                    "{values} {kind} {group} ({pieces} piece; per 1,000 basic games: {rates})",
                    "{values} {kind} {group} ({pieces} pieces; per 1,000 basic games: {rates})",
                    n,
                ).format(
                    values=f"{c.values[0]}/{c.values[1]}",
                    kind=kinds.get(c.kind, c.kind),
                    group=group_words(c.group, lang),
                    pieces=n,
                    rates=told or "-",
                )
            )
        for v, reason in self.none_found:
            lines.append(f"  {v[0]}/{v[1]}: {reason}")
        warning = self.few_games_warning(lang)
        if warning:
            lines.append(warning)
        return "\n".join(lines)


def check_arguments(
    option: Any, values: Any, seed: Any, budget: Any, games: Any = None
) -> tuple[tuple[str, str], ...]:
    """The explorer's arguments checked at once: the value pairs to compare, or one
    :class:`~finstere_widget.engine.OptionError` / :class:`~finstere_widget.engine.StudyError`
    naming what is wrong."""
    if not isinstance(option, str) or option not in OPTION_INFO:
        raise OptionError(
            "unknown rule option {name}; known options: {option_info}",
            name=shown(option),
            option_info=", ".join(OPTION_INFO),
        )
    allowed = OPTION_INFO[option][0]
    if type(seed) is not int or not 0 <= seed < 2**64:
        raise StudyError(
            "edge cases: seed {seed}: expected a whole number 0..2**64-1", seed=shown(seed)
        )
    if type(budget) is not int or not 1 <= budget <= MAX_BUDGET:
        raise StudyError(
            "edge cases: budget {budget}: expected a whole number of situations 1..{most}",
            budget=shown(budget),
            most=MAX_BUDGET,
        )
    if games is not None and (type(games) is not int or not 1 <= games <= MAX_GAMES):
        raise StudyError(
            "edge cases: games {games}: expected a whole number of games per set-up and "
            "player count 1..{most}",
            games=shown(games),
            most=MAX_GAMES,
        )
    default = RuleOptions().to_dict()[option]
    if values is None:
        return tuple((default, v) for v in allowed if v != default)
    if isinstance(values, str):
        values = [v.strip() for v in values.split(",")]
    if not isinstance(values, (list, tuple)) or len(values) != 2 or values[0] == values[1]:
        raise OptionError(
            "option {name}: compare two different values, e.g. {example}; got {values}",
            name=option,
            example=",".join(allowed[:2]),
            values=shown(values),
        )
    for v in values:
        RuleOptions().set(option, v)  # an OptionError naming an unknown value
    return ((str(values[0]), str(values[1])),)


#: the rules of the options that act on a game's flow (a game case): their search also
#: runs the other way round, for an action only the first value refuses
GAME_FLOW_RULES = frozenset({"S1", "S2", "S3", "M2", "A2", "A3"})
#: the share of a game-flow option's trigger budget the other way round takes
REVERSE_SHARE = 0.25
#: why no case can exist, by (option, first value, other value): said with the budget
EXPECTED_NONE: dict[tuple[str, str, str], str] = {
    ("placement", "online", "rulebook"): (
        "none is expected: A3's limits contain A2's (within 2 steps of a corner holds every "
        "square touching one, and the teleporters' spacing is the same), so every placement "
        "the online limits allow the rulebook's allow too"
    ),
}


def _search_triggers(
    triggers: Sequence[Trigger], a: RuleOptions, b: RuleOptions, option: str,
    pair: tuple[str, str], counter: _Counter, seed: int, raw: _Groups,
    direction: str = "",
) -> None:  # fmt: skip
    rule = OPTION_INFO[option][1]
    k = 0
    while counter.tried < counter.budget:
        trig = triggers[k % len(triggers)]
        rng = random.Random(_seed_of(seed, option, pair, trig.__name__, k, direction))
        k += 1
        sit = trig(rng)
        if sit is None:
            if k > 50 * (counter.tried + 10):  # a trigger that never builds: give up
                break
            continue
        source = f"trigger {trig.__name__.removeprefix('trigger_')} ({rule})"
        if sit.kind == "game":
            raw.add(_run_scenario(sit, a, b, option, pair, counter, source, f"{seed}/{k}"))
        elif counter.take():
            found = _compare(sit, a, b, option, pair, source)
            if found is not None:
                raw.add([found])


def _shrunk_groups(raw: _Groups, harvest: _Harvest | None) -> list[Case]:
    """The raw groups' smallest cases shrunk, grouped again by how the shrunk cases part
    (a shrunk case may part another way than the situation it came from), each group its
    smallest case, counted in the games that met any of the raw groups it came from; most
    often met first."""
    shrunk: dict[str, list[Case]] = {}
    sources: dict[str, dict[str, None]] = {}
    for raw_group, candidates in raw.by_frequency():
        for c in candidates:
            small = shrink_case(c)
            shrunk.setdefault(small.group, []).append(small)
            sources.setdefault(small.group, {})[raw_group] = None
    seen = {g: sum(raw.seen[r] for r in rs) for g, rs in sources.items()}
    out = []
    for g in sorted(shrunk, key=lambda g: (-seen[g], g)):
        best = min(shrunk[g], key=lambda c: (c.size, c.differs_at.step))
        counts = harvest.counts(sources[g]) if harvest is not None else {}
        out.append(replace(best, counts=counts, found_as=tuple(sources[g])))
    return out


def edge_cases(
    option: str, values: Sequence[str] | str | None = None, *, seed: int, budget: int,
    games: int | None = None,
) -> EdgeCases:  # fmt: skip
    """Search the situations where two values of rule option ``option`` part (default: the
    default against each other value), shrink each to a 1-minimal case, group them by how
    they differ and count each group in the harvested games. ``budget`` bounds the
    situations compared (turns, moves, plies); the result says how many were tried.
    ``games`` (None: as many as the budget's harvest share plays) asks for that many
    complete greedy games at each set-up and player count, played beside the budget, so
    that the counts mean something (:data:`FEW_GAMES` or more). A game-flow option is
    also searched the other way round (the other value's game, the first value's
    refusals). The same arguments give the same cases. Bad arguments are refused at once
    (:class:`~finstere_widget.engine.OptionError`, :class:`~finstere_widget.engine.StudyError`)."""
    pairs = check_arguments(option, values, seed, budget, games)
    rule = OPTION_INFO[option][1]
    triggers, own = triggers_for(option)
    game_flow = rule in GAME_FLOW_RULES
    share = budget // len(pairs)
    tried = plies = 0
    cases: list[Case] = []
    none_found: list[tuple[tuple[str, str], str]] = []
    played: dict[str, dict[int, int]] = {s: {} for s in SETUPS}
    for p, pair in enumerate(pairs):
        mine = share + (budget - share * len(pairs) if p == len(pairs) - 1 else 0)
        a, b = RuleOptions().set(option, pair[0]), RuleOptions().set(option, pair[1])
        if games is not None:
            trigger_budget = mine
        else:
            trigger_budget = mine - int(mine * HARVEST_SHARE) if own else mine // 2
        back_budget = int(trigger_budget * REVERSE_SHARE) if game_flow else 0
        counter = _Counter(trigger_budget - back_budget)
        raw = _Groups()
        _search_triggers(triggers, a, b, option, pair, counter, seed, raw)
        harvest = _Harvest()
        hcounter = _Counter(0 if games is not None else mine - back_budget - counter.tried)
        _harvest(a, b, option, pair, hcounter, seed, harvest, raw, games)
        tried += counter.tried + hcounter.tried
        plies += harvest.plies
        for s in SETUPS:
            for n, g in harvest.games[s].items():
                played[s][n] = played[s].get(n, 0) + g
        found = _shrunk_groups(raw, harvest)
        if not found:
            none_found.append(
                (pair, _why_none(option, pair, counter.tried, harvest.plies, harvest, own))
            )
        cases += found
        if not game_flow:
            continue
        # the other way round: the other value's games, kept only where the first value
        # refuses an action (every other way two games part is seen from either side)
        back = (pair[1], pair[0])
        bcounter = _Counter(back_budget)
        braw = _Groups()
        _search_triggers(triggers, b, a, option, back, bcounter, seed, braw, "back")
        braw = _refusals_only(braw)
        tried += bcounter.tried
        bfound = [
            c for c in _shrunk_groups(braw, None) if "refused" in (c.differs_at.events[1] or {})
        ]
        cases += bfound
        refusing = any("refused" in str(c.group) for c in found)
        if not bfound and (refusing or (option, *back) in EXPECTED_NONE):
            none_found.append((back, _why_none(option, back, bcounter.tried, 0, None, own)))
    return EdgeCases(
        option, rule, tuple(dict.fromkeys(v for pr in pairs for v in pr)), seed, budget, tried,
        tuple(cases), played, tuple(none_found), games, plies,
    )  # fmt: skip


def _refusals_only(raw: _Groups) -> _Groups:
    """The raw cases where the second value refused the action the first took."""
    out = _Groups()
    for _group, cases in raw.by_frequency():
        out.add(
            c for c in cases if c.kind == "game" and "refused" in (c.differs_at.events[1] or {})
        )
    return out


def _why_none(
    option: str, pair: tuple[str, str], triggered: int, harvested: int,
    harvest: _Harvest | None, own: bool,
) -> str:  # fmt: skip
    played = sum(sum(by.values()) for by in harvest.games.values()) if harvest else 0
    refused = (
        sorted({msg for by in harvest.refused.values() for msg in by.values()}) if harvest else []
    )
    why = f"no case in {triggered + harvested} situations ({triggered} built around the trigger"
    why += "" if own else "s of every rule: " + OPTION_INFO[option][1] + " has none of its own"
    why += f", {harvested} plies of {played} harvested games)" if harvest else ")"
    if harvest is None:
        why += ", the other way round: only an action the first value refuses was looked for"
    if refused:
        why += f"; the harvest's other value was refused: {refused[0]}"
    expected = EXPECTED_NONE.get((option, *pair))
    if expected:
        why += f"; {expected}"
    return why
