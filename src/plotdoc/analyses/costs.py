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

from ..model import Analysis, Table
from ..stats._results import FloatArray
from .methods import METHODS


def estimate(table: Table, analysis: Analysis) -> str | None:
    """Refuse what cannot fit the budget (raises); return why a result is too large, or None.

    Each method's spec says what it costs (``MethodSpec.cost``).
    """
    return METHODS[analysis.method].cost(table, analysis.params)


def result_shape(
    table: Table, analysis: Analysis, pooled: dict[str, FloatArray] | None = None
) -> tuple[int, int] | None:
    """(rows, columns) of the matrix an analysis's result holds (and its results table).

    For a frequency distribution bins x data sets, for a correlation matrix variables x
    variables; None for the other methods, or when the statistics will refuse the data
    themselves. ``pooled`` caches each table's finite values between calls.
    """
    cache = pooled if pooled is not None else {}
    return METHODS[analysis.method].result_shape(table, analysis.params, cache)
