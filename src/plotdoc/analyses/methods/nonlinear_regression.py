"""`nonlinearRegression`: four-parameter logistic (dose-response) fit.

Fits each data set of the xy table, X repeated for every replicate; the fits of one table are
fitted together. The run holds one result per data set.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .spec import Computed, Kind, MethodSpec, Param, ResultField, Show, first_bad

if TYPE_CHECKING:
    from ...model import Table

MODELS = ("logX", "linearX")
#: seconds per point of the 4PL fits of a table fitted together
SECONDS_PER_POINT = 1e-4


def compute(table: Table, params: Mapping[str, Any]) -> Computed:
    import numpy as np

    from ...stats.fourpl_many import fit_many

    assert table.x is not None
    x = table.x
    pairs = [
        (np.repeat(x[:, None], ds.values.shape[1], axis=1), ds.values) for ds in table.data_sets
    ]
    fits = fit_many(pairs, model=params["model"])
    results = {ds.name: fit for ds, fit in zip(table.data_sets, fits, strict=True)}
    status, message = first_bad(results)
    return Computed(status, message, per_data_set=results)


def cost(table: Table, params: Mapping[str, Any]) -> str | None:
    from ...stats.budget import expect, reserve

    cells = sum(int(ds.values.size) for ds in table.data_sets)
    expect(cells * SECONDS_PER_POINT, "fitting these curves")
    reserve(cells * 8.0 * 60, "fitting these curves")
    return None


SPEC = MethodSpec(
    id="nonlinearRegression",
    families=("xy",),
    description="Four-parameter logistic (dose-response) fit.",
    params=(
        Param(
            "model",
            "Model",
            Kind.CHOICE,
            "logX",
            MODELS,
            choice_labels=(
                ("logX", "X is log10 of the dose"),
                ("linearX", "X is the dose as entered"),
            ),
        ),
    ),
    compute=compute,
    per_data_set=True,
    cost=cost,
    fields=(
        ResultField("Bottom", "bottom"),
        ResultField("Top", "top"),
        ResultField("LogEC50", "log_ec50"),
        ResultField("EC50", "ec50"),
        ResultField("Hill slope", "hill_slope"),
        ResultField("R²", "r_squared"),
        ResultField("Number of points", "n", Show.INTEGER),
    ),
)
