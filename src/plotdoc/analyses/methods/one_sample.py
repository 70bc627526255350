"""`oneSampleTest`: does each data set's mean (t) or median (Wilcoxon) differ from a value?

Tests every data set of the column table against `hypotheticalValue` with
:func:`plotdoc.stats.one_sample.one_sample_test`; the run holds one result per data set.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .spec import Computed, Kind, MethodSpec, Param, ResultField, Show, first_bad

if TYPE_CHECKING:
    from ...model import Table

TESTS = ("t", "wilcoxon")


def compute(table: Table, params: Mapping[str, Any]) -> Computed:
    from ...stats.one_sample import one_sample_test

    results = {
        ds.name: one_sample_test(
            ds.values.ravel(), hypothetical_value=params["hypotheticalValue"], test=params["test"]
        )
        for ds in table.data_sets
    }
    status, message = first_bad(results)
    return Computed(status, message, per_data_set=results)


T_FIELDS = (
    ResultField("Number of values", "n", Show.INTEGER),
    ResultField("Hypothetical value", "hypothetical_value"),
    ResultField("Mean", "mean"),
    ResultField("SD", "sd"),
    ResultField("Difference (mean − hypothetical)", "difference"),
    ResultField("{level} confidence interval of the mean", ("ci_lower", "ci_upper"), Show.INTERVAL),
    ResultField("t", "statistic"),
    ResultField("Degrees of freedom", "df"),
    ResultField("P value (two-tailed)", "p", Show.P_VALUE),
)
WILCOXON_FIELDS = (
    ResultField("Number of values (not equal to the hypothetical)", "n", Show.INTEGER),
    ResultField("Hypothetical value", "hypothetical_value"),
    ResultField("Median", "median"),
    ResultField("Difference (median − hypothetical)", "difference"),
    ResultField("Sum of signed ranks (W)", "sum_signed_ranks"),
    ResultField("V (sum of the positive ranks)", "statistic"),
    ResultField("P value (two-tailed)", "p", Show.P_VALUE),
)


def fields_for(result: Any) -> tuple[ResultField, ...]:
    return WILCOXON_FIELDS if getattr(result, "test", "t") == "wilcoxon" else T_FIELDS


SPEC = MethodSpec(
    id="oneSampleTest",
    families=("column",),
    description="One-sample t test or Wilcoxon signed-rank test of each data set against a value.",
    params=(
        Param("hypotheticalValue", "Hypothetical value", Kind.NUMBER, 0.0, since=2),
        Param(
            "test",
            "Test",
            Kind.CHOICE,
            "t",
            TESTS,
            choice_labels=(("t", "One-sample t test"), ("wilcoxon", "Wilcoxon signed-rank test")),
            since=2,
        ),
    ),
    compute=compute,
    fields=T_FIELDS,
    fields_for=fields_for,
    per_data_set=True,
    since=2,
)
