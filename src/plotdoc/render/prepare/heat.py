"""The value matrix of a heat map: one value per (table row, visible data set), no drawing."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ...model.project import Table
from ...stats.rowwise import row_centers


def heat_matrix(
    table: Table, data_sets: Sequence[int], heat_map: Mapping[str, Any]
) -> NDArray[np.float64]:
    """The (rows, ``data_sets``) matrix of cell values; NaN where a cell has no value.

    Each cell is its replicates' mean, or their median when ``heatMap.aggregation`` is
    ``median`` (via :mod:`plotdoc.stats`).
    """
    how = "median" if heat_map.get("aggregation") == "median" else "mean"
    n = table.n_rows
    out = np.full((n, len(data_sets)), np.nan)
    for k, i in enumerate(data_sets):
        ds = table.data_sets[i]
        rows = min(n, ds.n_rows)
        out[:rows, k] = row_centers(ds.values[:rows], how)
    return out
