"""`columnStatistics`: the descriptive statistics of every data set of a column table.

Each data set is described by :func:`plotdoc.stats.column_statistics.column_statistics`
(:func:`plotdoc.stats.descriptive.summarize`); the results table (family grouped, one row per
statistic and one data set per data set of the source) holds them, as Prism's column
statistics sheet does. A statistic a data set cannot have (the geometric mean with a value
<= 0, the SD of one value) is missing, and the data set's entry says why.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .frequency_distribution import HISTOGRAM
from .spec import (
    Computed,
    MethodSpec,
    ResultField,
    Show,
    TableColumns,
    results_table_limit,
)

if TYPE_CHECKING:
    from ...model import Table
    from ...stats._results import FloatArray


@dataclass(frozen=True, slots=True)
class Column:
    """One data set's statistics, as the outputs and the results table show them."""

    n: int
    mean: float
    sd: float
    sem: float
    confidence: float
    mean_ci_lower: float
    mean_ci_upper: float
    minimum: float
    q1: float
    median: float
    q3: float
    maximum: float
    geometric_mean: float
    #: coefficient of variation in percent (SD / mean x 100)
    cv_percent: float
    status: str
    message: str


FIELDS = (
    ResultField("Number of values", "n", Show.INTEGER),
    ResultField("Mean", "mean"),
    ResultField("Standard deviation", "sd"),
    ResultField("Standard error of the mean", "sem"),
    ResultField("{level} confidence interval of the mean", ("mean_ci_lower", "mean_ci_upper"),
                Show.INTERVAL),
    ResultField("Minimum", "minimum"),
    ResultField("25% percentile", "q1"),
    ResultField("Median", "median"),
    ResultField("75% percentile", "q3"),
    ResultField("Maximum", "maximum"),
    ResultField("Geometric mean", "geometric_mean"),
    ResultField("Coefficient of variation (%)", "cv_percent"),
)  # fmt: skip


def _column(s: Any) -> Column:
    status, message = "ok", "ok"
    if s.status != "ok":
        status, message = s.status, s.message
    elif s.message != "ok":
        status, message = "too-few-values", s.message
    elif s.geometric_status != "ok":
        status = s.geometric_status
        message = "The geometric mean needs every value above 0; it is left missing."
    return Column(
        s.n, s.mean, s.sd, s.sem, s.confidence, s.mean_ci_lower, s.mean_ci_upper, s.minimum,
        s.q1, s.median, s.q3, s.maximum, s.geometric_mean, s.cv * 100.0, status, message,
    )  # fmt: skip


def entries(result: Any) -> dict[str, Any]:
    return {name: _column(s) for name, s in zip(result.names, result.data_sets, strict=True)}


def compute(table: Table, params: Mapping[str, Any]) -> Computed:
    from ...stats.column_statistics import column_statistics

    result = column_statistics(
        [ds.values.ravel() for ds in table.data_sets], [ds.name for ds in table.data_sets]
    )
    bad = [(name, c) for name, c in entries(result).items() if c.status != "ok"]
    message = result.message
    if result.status == "ok" and bad:
        message = " ".join(f"{name}: {c.message}" for name, c in bad)
    return Computed(result.status, message, result=result)


def _row_label(field: ResultField, key: str, level: str) -> str:
    label = field.label.replace("{level}", level)
    if field.show is Show.INTERVAL:
        bound = "Lower" if key == field.keys[0] else "Upper"
        return f"{bound} {label[0].lower()}{label[1:]}"
    return label


def table(result: Any) -> TableColumns:
    import numpy as np

    columns = entries(result)
    level = f"{result.confidence * 100:g}%"
    keys = [(f, k) for f in FIELDS for k in f.keys]
    labels = [_row_label(f, k, level) for f, k in keys]
    values = [
        (name, np.array([float(getattr(c, k)) for _, k in keys], dtype=np.float64))
        for name, c in columns.items()
    ]
    return labels, values


ROWS = sum(len(f.keys) for f in FIELDS)


def result_shape(
    table: Table, params: Mapping[str, Any], pooled: dict[str, FloatArray]
) -> tuple[int, int] | None:
    return (ROWS, len(table.data_sets)) if table.data_sets else None


def cost(table: Table, params: Mapping[str, Any]) -> str | None:
    reason = results_table_limit(ROWS, len(table.data_sets))
    return None if reason is None else f"not computed: {reason}"


SPEC = MethodSpec(
    id="columnStatistics",
    families=("column",),
    description="Descriptive statistics of each data set (n, mean, SD, SEM, CI, quartiles, "
    "geometric mean, CV) in a results table.",
    params=(),
    compute=compute,
    fields=FIELDS,
    entries=entries,
    results_family="grouped",
    results_graph=HISTOGRAM,  # its results table is drawn as a frequency distribution's
    table=table,
    cost=cost,
    result_shape=result_shape,
    since=2,
)
