"""`linearRegression`: least-squares straight line with confidence and prediction bands.

Fits each data set of the xy table on its own, X repeated for every replicate; the run holds
one result per data set.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .spec import Computed, FitCurve, Kind, MethodSpec, Param, ResultField, Show, first_bad

if TYPE_CHECKING:
    from ...model import Table

CONFIDENCE_LEVELS = (90, 95, 99)


def compute(table: Table, params: Mapping[str, Any]) -> Computed:
    import numpy as np

    from ...stats.budget import check
    from ...stats.regression import linear_regression

    assert table.x is not None
    level = params["confidenceLevel"]
    results = {}
    for ds in table.data_sets:
        check()
        x = np.repeat(table.x[:, None], ds.values.shape[1], axis=1)
        results[ds.name] = linear_regression(x, ds.values, confidence_level=level)
    status, message = first_bad(results)
    return Computed(status, message, per_data_set=results)


def fit_curve(params: Mapping[str, Any]) -> FitCurve:
    """The regression line with its confidence band, at the analysis's level."""
    return FitCurve("regressionLine", "regression", float(params.get("confidenceLevel", 95)))


SPEC = MethodSpec(
    id="linearRegression",
    families=("xy",),
    description="Least-squares straight line with confidence and prediction bands.",
    params=(
        Param(
            "confidenceLevel",
            "Confidence level",
            Kind.CHOICE,
            95,
            CONFIDENCE_LEVELS,
            choice_labels=tuple((c, f"{c}%") for c in CONFIDENCE_LEVELS),
        ),
    ),
    compute=compute,
    per_data_set=True,
    fields=(
        ResultField("Slope", "slope"),
        ResultField("{level} CI of the slope", ("slope_ci_lower", "slope_ci_upper"), Show.INTERVAL),
        ResultField("Y intercept", "intercept"),
        ResultField("R²", "r_squared"),
        ResultField("P value (slope ≠ 0)", "p", Show.P_VALUE),
        ResultField("Number of points", "n", Show.INTEGER),
        ResultField("Sy.x", "sy_x"),
    ),
    fit_curve=fit_curve,
)
