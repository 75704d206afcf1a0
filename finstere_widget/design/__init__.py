"""The designer's wing: bots, the danger estimate, batch simulation, studies of rule
variants and the bots' league, built on the rules engine (which imports nothing from here).

The core modules use the standard library only: :mod:`.bots`, :mod:`.danger`,
:mod:`.simulation`, :mod:`.studies`; the integrations with optional packages live in modules of
their own: :mod:`.runner` (tqdm progress bars, process pools, dask), :mod:`.tables` (pandas),
:mod:`.plots` (matplotlib).

>>> from finstere_widget.design import study
>>> result = study(20, players=[3], options={"slide_over_pawn": ["eat", "stop"]})  # doctest: +SKIP

Names are imported on first use, so ``import finstere_widget.design`` is cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.lazy import exports

if TYPE_CHECKING:
    from .bots import GreedyBot, LookaheadBot, MCTSBot, RandomBot, make_bot, play_game
    from .danger import danger_map
    from .explorer import Case, EdgeCases, edge_cases
    from .plots import plot_league, plot_metric, plot_seats
    from .runner import dask_executor, league, load, simulate, study, to_json
    from .simulation import GameResult, SimulationResult
    from .studies import StudyResult, Variant, league_table, paired_difference, wilson
    from .tables import to_dataframe
    from .told import (
        comparison_told,
        deadliest_told,
        difference,
        duel,
        duel_told,
        intervals_told,
        lengths_told,
        taken,
        taken_told,
        wins_by_bot,
    )

#: public name -> the module of this package that defines it
_WHERE = {
    "GreedyBot": "bots",
    "LookaheadBot": "bots",
    "MCTSBot": "bots",
    "RandomBot": "bots",
    "make_bot": "bots",
    "play_game": "bots",
    "danger_map": "danger",
    "Case": "explorer",
    "EdgeCases": "explorer",
    "edge_cases": "explorer",
    "GameResult": "simulation",
    "SimulationResult": "simulation",
    "StudyResult": "studies",
    "Variant": "studies",
    "league_table": "studies",
    "paired_difference": "studies",
    "wilson": "studies",
    "dask_executor": "runner",
    "league": "runner",
    "load": "runner",
    "simulate": "runner",
    "study": "runner",
    "to_json": "runner",
    "to_dataframe": "tables",
    "comparison_told": "told",
    "deadliest_told": "told",
    "difference": "told",
    "duel": "told",
    "duel_told": "told",
    "intervals_told": "told",
    "lengths_told": "told",
    "taken": "told",
    "taken_told": "told",
    "wins_by_bot": "told",
    "plot_league": "plots",
    "plot_metric": "plots",
    "plot_seats": "plots",
}

__all__ = [
    "Case",
    "EdgeCases",
    "GameResult",
    "GreedyBot",
    "LookaheadBot",
    "MCTSBot",
    "RandomBot",
    "SimulationResult",
    "StudyResult",
    "Variant",
    "comparison_told",
    "danger_map",
    "dask_executor",
    "deadliest_told",
    "difference",
    "duel",
    "duel_told",
    "edge_cases",
    "intervals_told",
    "league",
    "league_table",
    "lengths_told",
    "load",
    "make_bot",
    "paired_difference",
    "play_game",
    "plot_league",
    "plot_metric",
    "plot_seats",
    "simulate",
    "study",
    "taken",
    "taken_told",
    "to_dataframe",
    "to_json",
    "wilson",
    "wins_by_bot",
]


__getattr__, __dir__ = exports(__name__, _WHERE)
