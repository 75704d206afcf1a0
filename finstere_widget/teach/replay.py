"""A recorded game replayed action by action, for lesson 07: the position before each
action and a caption in the lesson's language (the widget that steps through it is
:class:`finstere_widget.widget.GameReplay`).

>>> from finstere_widget.engine.game import Game
>>> steps = replay_steps(Game(2, seed=1).to_record())
>>> steps
[]

Nothing here changes a game; every action is replayed by the engine and checked by the rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from ..engine.game import Game, HistoryEntry
from ..engine.i18n import colour_word, resolve, translations
from ..engine.narrate import narrate
from ..engine.position import Position

__all__ = ["ReplayStep", "replay_steps", "step_caption"]


class ReplayStep(NamedTuple):
    """One action of a replayed game: the round it was played in, the position before it,
    and what it did (the game's history entry)."""

    round: int
    before: Position
    entry: HistoryEntry


def replay_steps(record: Mapping[str, Any]) -> list[ReplayStep]:
    """Replay ``record`` (``Game.to_record()``) keeping the position before every action;
    a record the rules refuse raises the engine's ``RecordError`` naming the action."""
    Game.from_record(record)  # every action checked, the tiles against the seed (M1)
    start = {k: v for k, v in record.items() if k not in ("result", "final_position")}
    game = Game.from_record({**start, "actions": []})
    steps = []
    for action in record.get("actions", ()):
        before, round_ = game.position, game.state.round
        steps.append(ReplayStep(round_, before, game.apply(action)))
    return steps


def step_caption(
    steps: Sequence[ReplayStep],
    k: int,
    players: Sequence[str],
    bots: Mapping[str, str] | None = None,
    *,
    lang: str | None = None,
) -> str:
    """What action ``k`` of ``steps`` did, in a sentence (``k = 0``: the start, before any
    action); ``bots`` names the bot that played each colour."""
    code = resolve(lang)
    t = translations(code)
    if k <= 0 or not steps:
        return t.gettext("the start: every pawn outside, light side up (B4)")
    round_, before, entry = steps[min(k, len(steps)) - 1]
    if entry.monster is not None:
        return t.gettext("round {round}: the monster draws {tile}").format(
            round=round_, tile=entry.monster.tile
        )
    who = players[entry.seat] if 0 <= entry.seat < len(players) else ""
    lines = narrate(entry.move.events, lang=code) if entry.move is not None else []
    said = "; ".join(lines[-2:])
    name = colour_word(who, code)
    if bots and who in bots:
        return t.gettext("round {round}, {player} ({bot}): {said}").format(
            round=round_, player=name, bot=bots[who], said=said
        )
    return t.gettext("round {round}, {player}: {said}").format(round=round_, player=name, said=said)
