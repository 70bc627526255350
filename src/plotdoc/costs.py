"""What an analysis will cost, estimated from its data sizes before it runs.

:func:`estimate` runs inside the analysis's budget (:func:`plotdoc.stats.budget.metered`): work
that would take longer than the time left or more memory than allowed raises
:class:`~plotdoc.stats.budget.BudgetExceeded` before it starts, and a result whose results
table would break a limit of the contract gives a reason (status ``result-too-large``). The
figures are the measured cost on a small machine (2 cores), and work is refused only when
its estimate is over twice the time left: the deadline checks inside the computations are the
backstop.
"""

from __future__ import annotations

import math

import numpy as np

from .model import Analysis, Table
from .stats._results import FloatArray
from .stats.budget import expect, reserve
from .stats.spearman import MATMUL_SECONDS, missing_plan

#: seconds per point of the 4PL fits of a table fitted together
FOURPL_SECONDS_PER_POINT = 1e-4


def estimate(table: Table, analysis: Analysis) -> str | None:
    """Refuse what cannot fit the budget (raises); return why a result is too large, or None."""
    method = analysis.method
    cells = sum(int(ds.values.size) for ds in table.data_sets)
    if method == "frequencyDistribution":
        return _frequency(table, analysis)
    if method == "correlationMatrix":
        _correlation(table, analysis)
        return None
    if method == "nonlinearRegression":
        expect(cells * FOURPL_SECONDS_PER_POINT, "fitting these curves")
        reserve(cells * 8.0 * 60, "fitting these curves")
    return None


def result_shape(
    table: Table, analysis: Analysis, pooled: dict[str, FloatArray] | None = None
) -> tuple[int, int] | None:
    """(rows, columns) of the matrix an analysis's result holds (and its results table).

    For a frequency distribution bins x data sets, for a correlation matrix variables x
    variables; None for the other methods, or when the statistics will refuse the data
    themselves. ``pooled`` caches each table's finite values between calls.
    """
    from .analyses import continuous_variables
    from .stats.frequency import MAX_BINS, bin_layout

    if analysis.method == "correlationMatrix":
        k = len(continuous_variables(table))
        return (k, k) if k >= 2 else None
    if analysis.method != "frequencyDistribution":
        return None
    cache = pooled if pooled is not None else {}
    values = cache.get(table.id)
    if values is None:
        parts = [ds.values[np.isfinite(ds.values)] for ds in table.data_sets]
        values = cache[table.id] = np.concatenate(parts) if parts else np.empty(0)
    width, start = analysis.params.get("binWidth"), analysis.params.get("binStart")
    if values.size == 0 or (width is not None and not (math.isfinite(width) and width > 0)):
        return None  # the statistics give their own status
    bins = bin_layout(values, width, start)[2]
    return None if bins > MAX_BINS else (bins, len(table.data_sets))


def _frequency(table: Table, analysis: Analysis) -> str | None:
    from .analyses import results_table_limit

    shape = result_shape(table, analysis)
    if shape is None:
        return None
    reason = results_table_limit(*shape)
    if reason is not None:
        return f"not computed: {reason}"
    reserve(shape[0] * shape[1] * 24.0, "this frequency distribution")
    return None


def _correlation(table: Table, analysis: Analysis) -> None:
    from .analyses import continuous_variables

    columns = continuous_variables(table)
    k = len(columns)
    rows = max((c.size for c in columns.values()), default=0)
    if k < 2:
        return
    mask = np.zeros((rows, k), dtype=bool)
    for j, c in enumerate(columns.values()):
        mask[: c.size, j] = np.isfinite(c)
    missing = not bool(mask.all())
    what = "this correlation matrix"
    reserve(rows * k * 8.0 * (12 if missing else 4) + k * k * 8.0 * 8, what)
    products = rows * k * k * (4 if missing else 1)
    seconds = products * MATMUL_SECONDS
    if analysis.params.get("method") == "spearman" and missing:
        seconds += missing_plan(mask).seconds
    expect(seconds, what)
