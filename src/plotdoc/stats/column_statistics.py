"""Column statistics: the descriptive statistics of every data set of a column table.

Each data set is described by :func:`plotdoc.stats.descriptive.summarize` (n, mean, SD, SEM,
CI of the mean, median, quartiles, minimum, maximum, geometric mean, CV and more); this module
only collects them with the data-set names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy.typing as npt

from ._results import ResultMixin, Status, check_confidence
from .descriptive import Summary, summarize

#: the :class:`Summary` fields a column-statistics results table shows, in Prism's order
COLUMN_STATISTICS_FIELDS: tuple[str, ...] = (
    "n", "minimum", "q1", "median", "q3", "maximum", "range", "mean", "sd", "sem",
    "mean_ci_lower", "mean_ci_upper", "cv", "geometric_mean", "geometric_sd_factor", "sum",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class ColumnStatisticsResult(ResultMixin):
    """Result of :func:`column_statistics`."""

    #: names of the data sets, in order
    names: tuple[str, ...]
    #: one :class:`Summary` per data set (each with its own status)
    data_sets: tuple[Summary, ...]
    #: confidence level of the CIs
    confidence: float
    status: Status
    message: str


def column_statistics(
    groups: Sequence[npt.ArrayLike],
    names: Sequence[str] | None = None,
    confidence: float = 0.95,
) -> ColumnStatisticsResult:
    """Summarize every data set of ``groups``.

    Status ``missing-group`` when there is no data set; otherwise ``ok`` with each data
    set's own status (``too-few-values`` for an empty one).
    """
    c = check_confidence(confidence)
    labels = tuple(names) if names is not None else tuple(
        f"data set {i + 1}" for i in range(len(groups))
    )  # fmt: skip
    if len(labels) != len(groups):
        raise ValueError(f"names must name the {len(groups)} data sets, got {len(labels)}")
    rows = tuple(summarize(g, confidence=c) for g in groups)
    if not rows:
        return ColumnStatisticsResult(labels, rows, c, "missing-group", "No data sets.")
    return ColumnStatisticsResult(labels, rows, c, "ok", "ok")
