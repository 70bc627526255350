"""`nonlinearRegression`: four-parameter logistic (dose-response) fit.

Fits each data set of the xy table, X repeated for every replicate; the fits of one table are
fitted together. The run holds one result per data set. `compare` `ec50` (schema version 2)
adds the extra sum-of-squares F test of :func:`plotdoc.stats.fourpl_compare.compare_ec50`: does
one EC50 fit every data set? It is the run's ``overall`` result, shown after the data sets.

A fit the data do not determine (status ``ambiguous``: the EC50 outside the X range, its
interval too wide, an extreme Hill slope, a singular fit) keeps its numbers, and its status and
message say why in every output; the run's status is then ``ambiguous`` too.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from .spec import (
    Computed,
    FitCurve,
    Kind,
    MethodSpec,
    Notice,
    Param,
    ResultField,
    Show,
    first_bad,
)

if TYPE_CHECKING:
    from ...model import Table

MODELS = ("logX", "linearX")
COMPARE = ("none", "ec50")
#: seconds per point of the 4PL fits of a table fitted together
SECONDS_PER_POINT = 1e-4
#: smallest max/min ratio of X that suggests raw concentrations (:func:`looks_like_concentrations`)
CONCENTRATION_RATIO = 100.0
#: the warning of a ``logX`` fit whose X looks like concentrations (v2-design section 3)
LOG_X_CONCENTRATIONS = "log-x-looks-like-concentrations"


def _numbers(x: Iterable[object]) -> list[float]:
    """The finite numbers of ``x`` (a JSON array or a list of Python numbers)."""
    out: list[float] = []
    for v in x:
        kind = type(v)  # the types a JSON array holds first: an ABC check is slow
        if kind is float or kind is int or (kind is not bool and isinstance(v, numbers.Real)):
            f = float(v)  # type: ignore[arg-type]
            if math.isfinite(f):
                out.append(f)
    return out


def _concentration_span(x: Iterable[object]) -> tuple[float, float] | None:
    """The smallest and largest X when they look like raw concentrations (see
    :func:`looks_like_concentrations`), else None."""
    values = _numbers(x)
    if not values:
        return None
    low, high = min(values), max(values)
    if low <= 0 or high / low < CONCENTRATION_RATIO:
        return None
    return low, high


def looks_like_concentrations(x: Iterable[object]) -> bool:
    """True when X given to a ``logX`` model looks like raw concentrations, not logarithms.

    Every X that is a number (missing cells and anything else are skipped) is > 0 and the
    largest is at least :data:`CONCENTRATION_RATIO` times the smallest (a log-dose X holds
    negative values or spans a small ratio). Pure Python, so that validating a document
    needs no numpy.
    """
    return _concentration_span(x) is not None


def notices(
    table: Mapping[str, Any], params: Mapping[str, Any], memo: dict[str, Any]
) -> list[Notice]:
    """A ``logX`` fit of an X that looks like concentrations: the fit would read a dose of
    1000 as log10 dose 1000 (v2-design section 3). The table's X is read once for all its
    fits (kept in ``memo``)."""
    if params.get("model") != "logX":
        return []
    if "concentrationSpan" not in memo:
        memo["concentrationSpan"] = _concentration_span(table.get("x") or ())
    span: tuple[float, float] | None = memo["concentrationSpan"]
    if span is None:
        return []
    low, high = span
    return [
        (
            "model",
            LOG_X_CONCENTRATIONS,
            "expected X as log10 of the dose for model logX; found X all above 0 from "
            f"{low:g} to {high:g} (a ratio of {high / low:.3g}), which look like "
            "concentrations: take log10 of X or use model linearX",
        )
    ]


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
    if params.get("compare", "none") != "ec50":
        return Computed(status, message, per_data_set=results)
    from ...stats.fourpl_compare import compare_ec50

    compared = compare_ec50(pairs, model=params["model"])
    if status == "ok" and compared.status != "ok":
        status, message = compared.status, f"EC50 comparison: {compared.message}"
    elif status == "ok" and compared.message != "ok":
        message = f"EC50 comparison: {compared.message}"
    return Computed(status, message, per_data_set=results, overall=compared)


def cost(table: Table, params: Mapping[str, Any]) -> str | None:
    from ...stats.budget import expect, reserve

    cells = sum(int(ds.values.size) for ds in table.data_sets)
    # comparing EC50s fits every data set again on its own, and once all together
    times = 3 if params.get("compare") == "ec50" else 1
    expect(cells * SECONDS_PER_POINT * times, "fitting these curves")
    reserve(cells * 8.0 * 60, "fitting these curves")
    return None


FIT = (
    ResultField("Bottom", "bottom"),
    ResultField("Top", "top"),
    ResultField("LogEC50", "log_ec50"),
    ResultField("{level} confidence interval of LogEC50", ("log_ec50_ci_lower", "log_ec50_ci_upper"),
                Show.INTERVAL),
    ResultField("EC50", "ec50"),
    ResultField("{level} confidence interval of EC50", ("ec50_ci_lower", "ec50_ci_upper"),
                Show.INTERVAL),
    ResultField("Hill slope", "hill_slope"),
    ResultField("R²", "r_squared"),
    ResultField("Number of points", "n", Show.INTEGER),
)  # fmt: skip
EC50_COMPARISON = (
    ResultField("Shared LogEC50", "shared_log_ec50"),
    ResultField("Shared EC50", "shared_ec50"),
    ResultField("F", "f"),
    ResultField("Degrees of freedom (numerator)", "dfn", Show.INTEGER),
    ResultField("Degrees of freedom (denominator)", "dfd", Show.INTEGER),
    ResultField("P value (one EC50 for all data sets?)", "p", Show.P_VALUE),
    ResultField("Preferred model", "preferred", Show.TEXT),
)


def fields_for(result: Any) -> tuple[ResultField, ...]:
    return EC50_COMPARISON if hasattr(result, "ss_shared") else FIT


def fit_curve(params: Mapping[str, Any]) -> FitCurve:
    """The fitted 4PL curve of the analysis's model, with its 95% band."""
    return FitCurve("fittedCurve", "fit", 95.0, str(params.get("model", "logX")))


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
        Param(
            "compare",
            "Compare",
            Kind.CHOICE,
            "none",
            COMPARE,
            choice_labels=(
                ("none", "No comparison"),
                ("ec50", "Is one EC50 right for all data sets? (extra sum-of-squares F test)"),
            ),
            since=2,
        ),
    ),
    compute=compute,
    per_data_set=True,
    cost=cost,
    fields=FIT,
    fields_for=fields_for,
    notices=notices,
    fit_curve=fit_curve,
)
