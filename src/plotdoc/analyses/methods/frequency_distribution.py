"""`frequencyDistribution`: histogram counts, fractions or percents per bin.

Bins every data set of the column table; its results table has one row per bin and one column
of counts (or fractions, percents) per data set.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .spec import (
    Computed,
    Kind,
    MethodSpec,
    Param,
    ResultField,
    Show,
    StatisticRow,
    TableColumns,
    results_table_limit,
)

if TYPE_CHECKING:
    from ...model import Table
    from ...stats._results import FloatArray

OUTPUTS = ("count", "fraction", "percent")


def compute(table: Table, params: Mapping[str, Any]) -> Computed:
    from ...stats import frequency_distribution

    result = frequency_distribution(
        {ds.name: ds.values.ravel() for ds in table.data_sets},
        bin_width=params["binWidth"],
        bin_start=params["binStart"],
        output=params["output"],
        cumulative=params["cumulative"],
    )
    return Computed(result.status, result.message, result=result)


@dataclass(frozen=True, slots=True)
class Column:
    """One data set's part of a frequency distribution, as the outputs show it."""

    n: int
    bins: int
    bin_width: float
    bin_start: float
    counts: list[int]


def entries(result: Any) -> dict[str, Any]:
    import numpy as np

    counts = np.asarray(result.counts)
    return {
        name: Column(
            n, len(result.bin_labels), result.bin_width, result.bin_start, counts[:, j].tolist()
        )
        for j, (name, n) in enumerate(zip(result.names, result.n, strict=True))
    }


def statistics(result: Any) -> list[StatisticRow]:
    """Each data set's N, the values below the first bin, and each bin's output."""
    import numpy as np

    values = np.asarray(result.values, dtype=np.float64)
    out: list[StatisticRow] = []
    for j, name in enumerate(result.names):
        out.append((name, "n", float(result.n[j])))
        out.append((name, "n_below", float(result.n_below[j])))
        out.extend(
            (name, f"{result.output}[{label}]", float(values[i, j]))
            for i, label in enumerate(result.bin_labels)
        )
    return out


#: the Y title of each output
_HISTOGRAM_Y = {"count": "Count", "fraction": "Fraction", "percent": "Percent"}
#: the results table's graph: bars side by side without gaps, a histogram
HISTOGRAM = {
    "variantId": "grouped-interleaved-bars",
    "plot": {"family": "grouped", "options": {"mode": "mean"}},
    "graphSettingsOverride": {"groupGapRatio": 0.0, "barWidthRatio": 1.0},
}


def results_titles(params: Mapping[str, Any]) -> dict[str, str]:
    """The bins along X ("Bin centre") and the output along Y (count, fraction or percent,
    cumulative or not)."""
    y = _HISTOGRAM_Y.get(str(params.get("output", "count")), "Count")
    if params.get("cumulative"):
        y = f"Cumulative {y.lower()}"
    return {"x": "Bin centre", "y": y}


def table(result: Any) -> TableColumns:
    import numpy as np

    values = np.asarray(result.values, dtype=np.float64)
    return list(result.bin_labels), [(name, values[:, j]) for j, name in enumerate(result.names)]


def result_shape(
    table: Table, params: Mapping[str, Any], pooled: dict[str, FloatArray]
) -> tuple[int, int] | None:
    """Bins x data sets; None when the statistics will refuse the data themselves."""
    import numpy as np

    from ...stats.frequency import MAX_BINS, bin_layout

    values = pooled.get(table.id)
    if values is None:
        parts = [ds.values[np.isfinite(ds.values)] for ds in table.data_sets]
        values = pooled[table.id] = np.concatenate(parts) if parts else np.empty(0)
    width, start = params.get("binWidth"), params.get("binStart")
    if values.size == 0 or (width is not None and not (math.isfinite(width) and width > 0)):
        return None  # the statistics give their own status
    bins = bin_layout(values, width, start)[2]
    return None if bins > MAX_BINS else (bins, len(table.data_sets))


def cost(table: Table, params: Mapping[str, Any]) -> str | None:
    from ...stats.budget import reserve

    shape = result_shape(table, params, {})
    if shape is None:
        return None
    reason = results_table_limit(*shape)
    if reason is not None:
        return f"not computed: {reason}"
    reserve(shape[0] * shape[1] * 24.0, "this frequency distribution")
    return None


SPEC = MethodSpec(
    id="frequencyDistribution",
    families=("column",),
    description="Histogram counts, fractions or percents per bin.",
    params=(
        Param("binWidth", "Bin width", Kind.NUMBER, None, nullable=True, above=0),
        Param("binStart", "First bin starts at", Kind.NUMBER, None, nullable=True),
        Param("output", "Output", Kind.CHOICE, "count", OUTPUTS),
        Param("cumulative", "Cumulative", Kind.BOOL, False),
    ),
    compute=compute,
    fields=(
        ResultField("Number of values", "n", Show.INTEGER),
        ResultField("Number of bins", "bins", Show.INTEGER),
        ResultField("Bin width", "bin_width"),
        ResultField("First bin starts at", "bin_start"),
        ResultField("Counts", "counts", Show.NUMBERS),
    ),
    entries=entries,
    results_family="grouped",
    table=table,
    statistics=statistics,
    results_graph=HISTOGRAM,
    results_titles=results_titles,
    cost=cost,
    result_shape=result_shape,
)
