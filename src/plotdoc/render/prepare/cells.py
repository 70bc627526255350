"""The cells of a table with rows (grouped, contingency): replicates by data set and row."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ...model.project import Table


def finite(values: NDArray[np.float64]) -> NDArray[np.float64]:
    """The finite values of ``values`` (missing cells dropped)."""
    return values[np.isfinite(values)]


def row_labels(table: Table) -> list[str]:
    given = list(table.row_labels or [])
    n = table.n_rows
    return [given[r] if r < len(given) and given[r] else f"Row {r + 1}" for r in range(n)]


def cell(table: Table, i: int, r: int) -> NDArray[np.float64]:
    """The replicates of data set ``i`` in row ``r`` (empty beyond the data set's rows)."""
    ds = table.data_sets[i]
    if r >= ds.n_rows:
        return np.empty(0)
    return np.asarray(ds.values[r], dtype=float)
