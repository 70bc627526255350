"""`normalityTest`: do each data set's values look normally distributed?

Tests every data set of the column table with :func:`plotdoc.stats.normality.normality_test`
(D'Agostino-Pearson, Shapiro-Wilk, Anderson-Darling or Kolmogorov-Smirnov with Lilliefors' P);
the run holds one result per data set. A data set with too few (or, for Shapiro-Wilk, too
many) values has its own status and message.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .spec import Computed, Kind, MethodSpec, Param, ResultField, Show, first_bad

if TYPE_CHECKING:
    from ...model import Table

TESTS = ("dagostinoPearson", "shapiroWilk", "andersonDarling", "kolmogorovSmirnov")


def compute(table: Table, params: Mapping[str, Any]) -> Computed:
    from ...stats.normality import normality_test

    results = {
        ds.name: normality_test(ds.values.ravel(), test=params["test"]) for ds in table.data_sets
    }
    status, message = first_bad(results)
    return Computed(status, message, per_data_set=results)


SPEC = MethodSpec(
    id="normalityTest",
    families=("column",),
    description="Normality test of each data set (D'Agostino-Pearson, Shapiro-Wilk, "
    "Anderson-Darling or Kolmogorov-Smirnov).",
    params=(
        Param(
            "test",
            "Test",
            Kind.CHOICE,
            "dagostinoPearson",
            TESTS,
            choice_labels=(
                ("dagostinoPearson", "D'Agostino-Pearson omnibus K²"),
                ("shapiroWilk", "Shapiro-Wilk"),
                ("andersonDarling", "Anderson-Darling"),
                ("kolmogorovSmirnov", "Kolmogorov-Smirnov (Lilliefors P)"),
            ),
            since=2,
        ),
    ),
    compute=compute,
    fields=(
        ResultField("Number of values", "n", Show.INTEGER),
        ResultField("Statistic", "statistic_name", Show.TEXT),
        ResultField("Value of the statistic", "statistic"),
        ResultField("P value", "p", Show.P_VALUE),
        ResultField("Passed the normality test (alpha = 0.05)", "passed", Show.TEXT),
    ),
    per_data_set=True,
    since=2,
)
