"""`twoWayAnova`: two-way ANOVA of a grouped table (the row factor, the data-set factor and their
interaction) and the comparisons of cell means after it (v2-design section 3).

Every data set holding a value is a level of the data-set factor and every row holding a value
a level of the row factor, in table order; the replicates of a cell are its values. A cell
without a value gives ``missing-group`` (the message names it). A comparison of two cells
names each one's data set (``Comparison.a``/``b``) and row (``row_a``/``row_b``): within a row
both rows are that row, within a data set both data sets are that data set.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .spec import (
    Comparison,
    Computed,
    Kind,
    MethodSpec,
    Param,
    ResultField,
    Show,
    number_or_none,
    populated,
)

if TYPE_CHECKING:
    from ...model import Table

COMPARISONS = ("none", "withinRows", "withinDataSets", "allCells")
CORRECTIONS = ("auto", "tukey", "sidak", "bonferroni")


def compute(table: Table, params: Mapping[str, Any]) -> Computed:
    import numpy as np

    from ...stats.two_way import two_way_analysis

    sets = populated(table.data_sets)
    if not sets:
        return Computed("missing-group", "the table has no data set with values")
    rows = max(ds.values.shape[0] for ds in sets)
    labels = list(table.row_labels or [])
    row_names = [
        labels[r] if r < len(labels) and labels[r] else f"Row {r + 1}" for r in range(rows)
    ]

    def cell(ds: Any, r: int) -> Any:
        return ds.values[r] if r < ds.values.shape[0] else np.empty(0)

    kept = [r for r in range(rows) if any(np.isfinite(cell(ds, r)).any() for ds in sets)]
    cells = [[cell(ds, r) for ds in sets] for r in kept]
    empty = next(
        (
            (row_names[r], ds.name)
            for r in kept
            for ds in sets
            if not np.isfinite(cell(ds, r)).any()
        ),
        None,
    )
    result = two_way_analysis(
        cells,
        [row_names[r] for r in kept],
        [ds.name for ds in sets],
        comparisons=params["comparisons"],
        correction=params["correction"],
        p_value_style=params["pValueStyle"],
    )
    message = result.message
    if empty is not None:
        message = f"the cell of row {empty[0]!r} and data set {empty[1]!r} has no value; {message}"
    return Computed(result.status, message, result=result)


def cost(table: Table, params: Mapping[str, Any]) -> str | None:
    """Refuse comparisons that cannot fit the time left: Tukey finds a studentized range
    quantile per set compared (about 0.1 s) and integrates it per pair (about 0.006 s)."""
    from ...stats.budget import expect

    if params["comparisons"] == "none" or params["correction"] in ("sidak", "bonferroni"):
        return None
    r = max((ds.values.shape[0] for ds in table.data_sets), default=0)
    c = len(table.data_sets)
    sets, size = {"withinRows": (r, c), "withinDataSets": (c, r)}.get(
        params["comparisons"], (1, r * c)
    )
    pairs = sets * size * (size - 1) // 2
    expect(0.1 * sets + 0.006 * pairs, f"{pairs:,} comparisons of cells")
    return None


def comparisons(computed: Computed) -> list[Comparison]:
    """The cells compared, each pair naming the rows and data sets of its two cells."""
    r = computed.result
    if r is None or computed.status != "ok":
        return []
    return [
        Comparison(
            c.data_set_a,
            c.data_set_b,
            p=number_or_none(c.p),
            difference=number_or_none(c.mean_difference),
            ci_lower=number_or_none(c.ci_lower),
            ci_upper=number_or_none(c.ci_upper),
            row_a=c.row_a,
            row_b=c.row_b,
        )
        for c in r.pairs
    ]


SPEC = MethodSpec(
    id="twoWayAnova",
    families=("grouped",),
    description="Two-way ANOVA (rows, data sets and their interaction) with multiple "
    "comparisons of cell means.",
    params=(
        Param("comparisons", "Compare", Kind.CHOICE, "none", COMPARISONS),
        Param("correction", "Correction", Kind.CHOICE, "auto", CORRECTIONS),
    ),
    compute=compute,
    cost=cost,
    fields=(
        ResultField("Row factor: F", "row_f"),
        ResultField("Row factor: degrees of freedom", "row_df"),
        ResultField("Row factor: P value", "row_p", Show.P_VALUE),
        ResultField("Data-set factor: F", "data_set_f"),
        ResultField("Data-set factor: degrees of freedom", "data_set_df"),
        ResultField("Data-set factor: P value", "data_set_p", Show.P_VALUE),
        ResultField("Interaction: F", "interaction_f"),
        ResultField("Interaction: degrees of freedom", "interaction_df"),
        ResultField("Interaction: P value", "interaction_p", Show.P_VALUE),
        ResultField("Residual: degrees of freedom", "residual_df"),
        ResultField("Sums of squares", "sums_of_squares", Show.TEXT),
        ResultField("Model", "model", Show.TEXT),
        ResultField("Number of values", "n_total", Show.INTEGER),
        ResultField("Correction for multiple comparisons", "correction", Show.TEXT),
    ),
    comparisons=comparisons,
    since=2,
)
