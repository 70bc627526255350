"""Vectorised summaries the renderer needs for large grids (numpy only).

:func:`row_centers` gives the mean or the median of every row of a (rows, replicates) array,
skipping missing values (NaN); a row without any value gives NaN. It agrees with
:func:`plotdoc.stats.descriptive.center_and_error` (``mean`` / ``median``), one row at a time,
and is what the heat map uses to aggregate hundreds of thousands of cells at once.
"""

from __future__ import annotations

import warnings

import numpy as np
from numpy.typing import ArrayLike, NDArray

CENTERS = ("mean", "median")


def row_centers(values: ArrayLike, center: str = "mean") -> NDArray[np.float64]:
    """Mean or median of each row's non-missing values; NaN for a row with none."""
    if center not in CENTERS:
        raise ValueError(f"expected center among {', '.join(CENTERS)}; found {center!r}")
    a = np.asarray(values, dtype=np.float64)
    if a.ndim == 1:
        a = a[:, None]
    if a.shape[1] == 0:
        return np.full(a.shape[0], np.nan)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # all-NaN rows give NaN
        out = np.nanmean(a, axis=1) if center == "mean" else np.nanmedian(a, axis=1)
    return np.asarray(out, dtype=np.float64)
