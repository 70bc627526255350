"""`correlationMatrix`: Pearson or Spearman correlation of every pair of continuous variables.

Reads the continuous variables of the multipleVariables table (a data set is continuous when
`variableTypes` says so, or, without a type, when every cell is a number). Its results table
is the matrix of r, one row and one column per variable.
"""

from __future__ import annotations

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
)

if TYPE_CHECKING:
    from ...model import Table
    from ...stats._results import FloatArray

METHODS = ("pearson", "spearman")


def continuous_variables(table: Table) -> dict[str, FloatArray]:
    """The continuous variables of a multipleVariables table, by name."""
    types = table.variable_types or {}
    out: dict[str, FloatArray] = {}
    for ds in table.data_sets:
        kind = types.get(ds.name)
        if kind == "continuous" or (kind is None and not ds.has_text()):
            out[ds.name] = ds.values[:, 0]
    return out


def compute(table: Table, params: Mapping[str, Any]) -> Computed:
    from ...stats import correlation_matrix

    result = correlation_matrix(continuous_variables(table), method=params["method"])
    return Computed(result.status, result.message, result=result)


@dataclass(frozen=True, slots=True)
class Pair:
    """The correlation of two variables, as the outputs show it."""

    r: float
    p: float
    n: int


def entries(result: Any) -> dict[str, Any]:
    """Every pair of variables, ``a ~ b``, in the order of the matrix."""
    import numpy as np

    names, r, p = result.names, np.asarray(result.r), np.asarray(result.p)
    return {
        f"{names[i]} ~ {names[j]}": Pair(float(r[i, j]), float(p[i, j]), int(result.n[i, j]))
        for i in range(len(names))
        for j in range(i + 1, len(names))
    }


def statistics(result: Any) -> list[StatisticRow]:
    """Each pair's r, P, CI and N, in the order of the matrix (``A vs B``)."""
    import numpy as np

    names = result.names
    matrices = {
        "r": np.asarray(result.r),
        "p": np.asarray(result.p),
        "ci_lower": np.asarray(result.ci_lower),
        "ci_upper": np.asarray(result.ci_upper),
        "n": np.asarray(result.n),
    }
    return [
        (f"{names[i]} vs {names[j]}", stat, float(m[i, j]))
        for i in range(len(names))
        for j in range(i + 1, len(names))
        for stat, m in matrices.items()
    ]


#: the results table's graph: a heat map of r from -1 to 1
HEAT_MAP = {
    "variantId": "grouped-heat-map",
    "plot": {
        "family": "grouped",
        "options": {"heatMap": {"colormap": "diverging", "domainMin": -1.0, "domainMax": 1.0}},
    },
}


def table(result: Any) -> TableColumns:
    import numpy as np

    names = list(result.names)
    r = np.asarray(result.r, dtype=np.float64)
    return names, [(name, r[:, j]) for j, name in enumerate(names)]


def result_shape(
    table: Table, params: Mapping[str, Any], pooled: dict[str, FloatArray]
) -> tuple[int, int] | None:
    """Variables x variables; None with fewer than two variables."""
    k = len(continuous_variables(table))
    return (k, k) if k >= 2 else None


def cost(table: Table, params: Mapping[str, Any]) -> str | None:
    import numpy as np

    from ...stats.budget import expect, reserve
    from ...stats.spearman import MATMUL_SECONDS, missing_plan

    columns = continuous_variables(table)
    k = len(columns)
    rows = max((c.size for c in columns.values()), default=0)
    if k < 2:
        return None
    mask = np.zeros((rows, k), dtype=bool)
    for j, c in enumerate(columns.values()):
        mask[: c.size, j] = np.isfinite(c)
    missing = not bool(mask.all())
    what = "this correlation matrix"
    reserve(rows * k * 8.0 * (12 if missing else 4) + k * k * 8.0 * 8, what)
    products = rows * k * k * (4 if missing else 1)
    seconds = products * MATMUL_SECONDS
    if params.get("method") == "spearman" and missing:
        seconds += missing_plan(mask).seconds
    expect(seconds, what)
    return None


SPEC = MethodSpec(
    id="correlationMatrix",
    families=("multipleVariables",),
    description="Pearson or Spearman correlation of every pair of continuous variables.",
    params=(Param("method", "Method", Kind.CHOICE, "pearson", METHODS),),
    compute=compute,
    fields=(
        ResultField("r", "r"),
        ResultField("P value", "p", Show.P_VALUE),
        ResultField("Number of XY pairs", "n", Show.INTEGER),
    ),
    entries=entries,
    results_family="grouped",
    table=table,
    statistics=statistics,
    results_graph=HEAT_MAP,
    cost=cost,
    result_shape=result_shape,
)
