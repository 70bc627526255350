"""`contingencyTest`: Fisher's exact test, chi-square (with Yates' correction) or the
chi-square test for trend of a contingency table.

The table's rows are the groups (row labels) and its data sets the outcomes; each cell is a
count. :func:`plotdoc.stats.contingency.contingency_test` computes the test; a 2x2 table
also gives the relative risk (Katz log interval) and the odds ratio (Woolf log interval), and
after Fisher's test the conditional maximum-likelihood odds ratio with its exact interval (R's
``fisher.test``). Rows with no count at all (trailing empty rows) are left out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .spec import Computed, Kind, MethodSpec, Param, ResultField, Show

if TYPE_CHECKING:
    from ...model import Table

TESTS = ("auto", "fisher", "chiSquare", "chiSquareYates", "chiSquareTrend")


def _zero_lines(counts: Any, rows: list[str], columns: list[str]) -> str:
    """Which rows and columns hold only zeros, by name."""
    import numpy as np

    named = [f"row {rows[i]}" for i in np.nonzero(counts.sum(axis=1) == 0)[0]]
    named += [f"data set {columns[j]!r}" for j in np.nonzero(counts.sum(axis=0) == 0)[0]]
    return ", ".join(named)


def compute(table: Table, params: Mapping[str, Any]) -> Computed:
    import numpy as np

    from ...stats.contingency import contingency_test

    columns = [ds.values[:, 0] for ds in table.data_sets]
    height = max((c.size for c in columns), default=0)
    counts = np.full((height, len(columns)), np.nan)
    for j, c in enumerate(columns):
        counts[: c.size, j] = c
    filled = np.isfinite(counts).any(axis=1)
    last = int(np.nonzero(filled)[0][-1]) + 1 if filled.any() else 0
    counts = counts[:last]
    labels = list(table.row_labels or [])
    rows = [repr(labels[i]) if i < len(labels) else str(i + 1) for i in range(last)]
    result = contingency_test(counts, test=params["test"])
    message = result.message
    if result.status == "missing-group":
        message = (
            f"{_zero_lines(counts, rows, [ds.name for ds in table.data_sets])} holds only "
            "zeros: its expected counts are 0 and no test can use it. Remove it or enter its "
            "counts."
        )
    return Computed(result.status, message, result=result)


CHI_SQUARE = (
    ResultField("Test", "test", Show.TEXT),
    ResultField("Number of subjects", "total", Show.INTEGER),
    ResultField("Chi-square", "statistic"),
    ResultField("Degrees of freedom", "df"),
    ResultField("P value", "p", Show.P_VALUE),
)
FISHER = (
    ResultField("Test", "test", Show.TEXT),
    ResultField("Number of subjects", "total", Show.INTEGER),
    ResultField("P value (two-sided)", "p", Show.P_VALUE),
)
RATIOS = (
    ResultField("Relative risk (row 1 / row 2, of column 1)", "relative_risk"),
    ResultField(
        "{level} confidence interval",
        ("relative_risk_ci_lower", "relative_risk_ci_upper"),
        Show.INTERVAL,
    ),
    ResultField("Its interval computed by", "relative_risk_ci_method", Show.TEXT),
    ResultField("Odds ratio", "odds_ratio"),
    ResultField(
        "{level} confidence interval", ("odds_ratio_ci_lower", "odds_ratio_ci_upper"), Show.INTERVAL
    ),
    ResultField("Its interval computed by", "odds_ratio_ci_method", Show.TEXT),
)
CONDITIONAL = (
    ResultField("Conditional maximum-likelihood odds ratio", "conditional_odds_ratio"),
    ResultField(
        "{level} confidence interval",
        ("conditional_odds_ratio_ci_lower", "conditional_odds_ratio_ci_upper"),
        Show.INTERVAL,
    ),
    ResultField("Its interval computed by", "conditional_odds_ratio_ci_method", Show.TEXT),
)


def fields_for(result: Any) -> tuple[ResultField, ...]:
    """The test's own fields, and the ratios of a 2x2 table."""
    fisher = getattr(result, "test", "") == "fisher"
    test = FISHER if fisher else CHI_SQUARE
    if (getattr(result, "n_rows", 0), getattr(result, "n_cols", 0)) != (2, 2):
        return test
    return test + RATIOS + (CONDITIONAL if fisher else ())


SPEC = MethodSpec(
    id="contingencyTest",
    families=("contingency",),
    description="Fisher's exact test, chi-square (optionally with Yates' correction) or the "
    "chi-square test for trend; relative risk and odds ratio of a 2x2 table.",
    params=(
        Param(
            "test",
            "Test",
            Kind.CHOICE,
            "auto",
            TESTS,
            choice_labels=(
                ("auto", "Fisher's exact test for 2x2, chi-square otherwise"),
                ("fisher", "Fisher's exact test"),
                ("chiSquare", "Chi-square"),
                ("chiSquareYates", "Chi-square with Yates' correction"),
                ("chiSquareTrend", "Chi-square test for trend"),
            ),
            since=2,
        ),
    ),
    compute=compute,
    fields=FISHER + RATIOS + CONDITIONAL,
    fields_for=fields_for,
    since=2,
)
