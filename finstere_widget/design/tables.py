"""Study results as pandas tables (the ``study`` extra)."""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any

from .studies import StudyResult

__all__ = ["to_dataframe"]


def to_dataframe(rows: StudyResult | Sequence[Mapping[str, Any]], seats: bool = False) -> Any:
    """The variant rows (``seats=True``: the rows by seat; or any rows, e.g. a league's)
    as a pandas DataFrame, or as a list of dicts when pandas is not installed."""
    if isinstance(rows, StudyResult):
        data = [dict(r) for r in (rows.seats if seats else rows.rows)]
    else:
        data = [dict(r) for r in rows]
    try:
        pd: Any = importlib.import_module("pandas")
    except ImportError:
        return data
    return pd.DataFrame(data)
