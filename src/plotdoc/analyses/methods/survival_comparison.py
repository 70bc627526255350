"""`survivalComparison`: log-rank, Gehan-Breslow-Wilcoxon or log-rank test for trend of the
survival curves of a survival table.

Each data set with a subject is a group: its subjects are the rows where it holds an event
code (1 event, 0 censored) at the table's X (the time). The test is
:func:`plotdoc.stats.survival_comparison.survival_comparison` (R's ``survdiff`` for the
log-rank test); the result also gives each group's median survival with its interval and, for
two groups, the hazard ratio of the first to the second. The run's entries: the test (no
name), then one per group.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .spec import Comparison, Computed, Kind, MethodSpec, Param, ResultField, Show

if TYPE_CHECKING:
    from ...model import Table

TESTS = ("logRank", "gehanBreslowWilcoxon", "logRankTrend")


def compute(table: Table, params: Mapping[str, Any]) -> Computed:
    import numpy as np

    from ...stats.survival_comparison import survival_comparison

    times = table.x if table.x is not None else np.empty(0)
    groups, names = [], []
    for ds in table.data_sets:
        codes = ds.values[:, 0]
        n = min(codes.size, times.size)
        if np.isfinite(codes[:n]).any():
            groups.append((times[:n], codes[:n]))
            names.append(ds.name)
    result = survival_comparison(groups, test=params["test"], names=names)
    return Computed(result.status, result.message, result=result, data_sets=tuple(names))


@dataclass(frozen=True, slots=True)
class Group:
    """One group's part of a survival comparison, as the outputs show it."""

    n: int
    observed: float
    expected: float
    median: float
    confidence: float
    median_ci_lower: float
    median_ci_upper: float
    median_ci_method: str


def entries(result: Any) -> dict[str, Any]:
    """The test, then each group."""
    out: dict[str, Any] = {"": result}
    for j, name in enumerate(result.names):
        out[name] = Group(
            int(result.n[j]), float(result.observed[j]), float(result.expected[j]),
            float(result.median[j]), result.confidence, float(result.median_ci_lower[j]),
            float(result.median_ci_upper[j]), result.median_ci_method,
        )  # fmt: skip
    return out


TEST = (
    ResultField("Test", "test", Show.TEXT),
    ResultField("Chi-square", "statistic"),
    ResultField("Degrees of freedom", "df"),
    ResultField("P value", "p", Show.P_VALUE),
)
HAZARD_RATIOS = (
    ResultField("Hazard ratio (group 1 / group 2)", "hazard_ratio"),
    ResultField(
        "{level} confidence interval",
        ("hazard_ratio_ci_lower", "hazard_ratio_ci_upper"),
        Show.INTERVAL,
    ),
    ResultField("Hazard ratio computed by", "hazard_ratio_method", Show.TEXT),
    ResultField("Hazard ratio (log-rank: (O1/E1) / (O2/E2))", "hazard_ratio_logrank"),
    ResultField(
        "{level} confidence interval",
        ("hazard_ratio_logrank_ci_lower", "hazard_ratio_logrank_ci_upper"),
        Show.INTERVAL,
    ),
)
GROUP = (
    ResultField("Number of subjects", "n", Show.INTEGER),
    ResultField("Observed events", "observed"),
    ResultField("Expected events", "expected"),
    ResultField("Median survival (— when not reached)", "median"),
    ResultField(
        "{level} confidence interval of the median",
        ("median_ci_lower", "median_ci_upper"),
        Show.INTERVAL,
    ),
    ResultField("Interval of the median computed by", "median_ci_method", Show.TEXT),
)


def comparisons(computed: Computed) -> list[Comparison]:
    """Two data sets compared: their pair, with the test's P (no difference of means: the
    hazard ratio is the result's own). More than two: the test is of all at once, no pair."""
    r = computed.result
    if r is None or len(computed.data_sets) != 2:
        return []
    ok = computed.status == "ok"
    return [
        Comparison(
            *computed.data_sets,
            p=r.p if ok else None,
            status=computed.status,
            message=computed.message,
        )
    ]


def fields_for(result: Any) -> tuple[ResultField, ...]:
    if isinstance(result, Group):
        return GROUP
    return TEST + HAZARD_RATIOS if getattr(result, "n_groups", 0) == 2 else TEST


SPEC = MethodSpec(
    id="survivalComparison",
    families=("survival",),
    description="Log-rank, Gehan-Breslow-Wilcoxon or log-rank test for trend of the survival "
    "curves; median survival per data set and the hazard ratio of two.",
    params=(
        Param(
            "test",
            "Test",
            Kind.CHOICE,
            "logRank",
            TESTS,
            choice_labels=(
                ("logRank", "Log-rank (Mantel-Cox)"),
                ("gehanBreslowWilcoxon", "Gehan-Breslow-Wilcoxon"),
                ("logRankTrend", "Log-rank test for trend"),
            ),
            since=2,
        ),
    ),
    compute=compute,
    fields=TEST + HAZARD_RATIOS,
    fields_for=fields_for,
    entries=entries,
    comparisons=comparisons,
    since=2,
)
