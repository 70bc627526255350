"""`ttest`: two-sample t test (Welch or equal variance) or paired t test, or their rank forms.

Reads the data sets named `groupA` and `groupB`, or the first two data sets that hold a value.
Every replicate value counts (xy tables); `paired` pairs values by row (and replicate)
position. `test` `nonparametric` (schema version 2) runs the Mann-Whitney test (unpaired) or
the Wilcoxon signed-rank test (paired) of :func:`plotdoc.stats.nonparametric.rank_test`, with
the Hodges-Lehmann difference and its interval. A table of summary data (`entry` mean, SD or
SEM, and N) gives the unpaired t test from each data set's one row ``[mean, sd-or-sem, n]``,
and the result says so (``computed_from``); the paired test and the rank tests cannot be
computed from summaries.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...contract.entries import is_summary, spread_name
from .spec import (
    NEEDS_RAW_VALUES,
    Comparison,
    Computed,
    Kind,
    MethodSpec,
    Param,
    ResultField,
    Show,
    populated,
    summary_rows,
)

if TYPE_CHECKING:
    from ...model import DataSet, Table
    from ...stats.ttest import TTestResult

DESIGNS = ("unpaired", "paired")
VARIANCES = ("welch", "equal")
TESTS = ("parametric", "nonparametric")


def compute(table: Table, params: Mapping[str, Any]) -> Computed:
    from ...stats.nonparametric import rank_test
    from ...stats.ttest import ttest

    names = {ds.name: ds for ds in table.data_sets}
    with_values = populated(table.data_sets)
    picked: list[DataSet | None] = []
    for key, fallback in (("groupA", 0), ("groupB", 1)):
        name = params.get(key)
        if name is not None:
            picked.append(names.get(name))
        else:
            picked.append(with_values[fallback] if len(with_values) > fallback else None)
    a, b = picked
    va = None if a is None else a.values.ravel()
    vb = None if b is None else b.values.ravel()
    result: Any
    if is_summary(table.entry):
        summarised = _from_summary(table.entry, a, b, params)
        if isinstance(summarised, Computed):
            return summarised
        result = summarised
    elif params["test"] == "nonparametric":
        result = rank_test(va, vb, design=params["design"])
    else:
        result = ttest(va, vb, design=params["design"], variance=params["variance"])
    message = result.message
    if a is None or b is None:
        missing = [
            params.get(k) for k, ds in zip(("groupA", "groupB"), picked, strict=True) if ds is None
        ]
        named = [repr(m) for m in missing if m is not None]
        message = (
            f"no data set named {', '.join(named)}"
            if named
            else "the table has fewer than two data sets with values"
        )
    compared = tuple(ds.name for ds in picked if ds is not None)
    return Computed(result.status, message, result=result, data_sets=compared)


def _from_summary(
    entry: str, a: DataSet | None, b: DataSet | None, params: Mapping[str, Any]
) -> TTestResult | Computed:
    """The t test of two data sets of summary data: one row ``[mean, sd-or-sem, n]`` each.
    A paired test needs the pairs, and a rank test the values, which summaries do not hold:
    a status says so."""
    from ...stats.summary_data import ttest_from_summary

    compared = tuple(ds.name for ds in (a, b) if ds is not None)
    if params["design"] == "paired" or params["test"] == "nonparametric":
        needs, choose = (
            ("a paired t test needs the values of each pair", "the unpaired design")
            if params["design"] == "paired"
            else ("a rank test needs the values themselves", "the parametric test")
        )
        return Computed(
            NEEDS_RAW_VALUES,
            f"{needs}; the table holds mean, {spread_name(entry)} and N (choose {choose})",
            data_sets=compared,
        )
    rows = summary_rows((a, b), entry, "the t test", compared)
    if isinstance(rows, Computed):
        return rows
    return ttest_from_summary(*rows[0], *rows[1], entry=entry, variance=params["variance"])


def comparisons(computed: Computed) -> list[Comparison]:
    """The one pair a t test compares (none when it could not pick two data sets)."""
    if len(computed.data_sets) != 2 or computed.result is None:
        return []
    r = computed.result
    ok = computed.status == "ok"
    return [
        Comparison(
            *computed.data_sets,
            p=r.p if ok else None,
            difference=_difference(r) if ok else None,
            ci_lower=r.ci_lower if ok else None,
            ci_upper=r.ci_upper if ok else None,
            status=computed.status,
            message=computed.message,
        )
    ]


def _difference(result: Any) -> float:
    """The difference a run reports: of the means, or the Hodges-Lehmann shift."""
    return float(getattr(result, "mean_difference", getattr(result, "median_difference", 0.0)))


PARAMETRIC = (
    ResultField("Number of values (A)", "n_a", Show.INTEGER),
    ResultField("Number of values (B)", "n_b", Show.INTEGER),
    ResultField("Mean of A", "mean_a"),
    ResultField("Mean of B", "mean_b"),
    ResultField("Difference of means (A − B)", "mean_difference"),
    ResultField("{level} confidence interval", ("ci_lower", "ci_upper"), Show.INTERVAL),
    ResultField("t", "t"),
    ResultField("Degrees of freedom", "df"),
    ResultField("P value (two-tailed)", "p", Show.P_VALUE),
    ResultField("Computed from", "computed_from", Show.TEXT),
)


def _rank_fields(statistic: ResultField, r_statistic: ResultField) -> tuple[ResultField, ...]:
    return (
        ResultField("Test", "test", Show.TEXT),
        ResultField("Number of values (A)", "n_a", Show.INTEGER),
        ResultField("Number of values (B)", "n_b", Show.INTEGER),
        ResultField("Median of A", "median_a"),
        ResultField("Median of B", "median_b"),
        ResultField("Hodges-Lehmann difference (A − B)", "median_difference"),
        ResultField("{level} confidence interval", ("ci_lower", "ci_upper"), Show.INTERVAL),
        statistic,
        r_statistic,
        ResultField("P value (two-tailed)", "p", Show.P_VALUE),
        ResultField("P value computed", "method", Show.TEXT),
    )


MANN_WHITNEY = _rank_fields(
    ResultField("Mann-Whitney U", "statistic_prism"),
    ResultField("W (R's wilcox.test: U of A)", "statistic"),
)
SIGNED_RANK = _rank_fields(
    ResultField("Sum of signed ranks (W)", "statistic_prism"),
    ResultField("V (sum of the positive ranks)", "statistic"),
)


def fields_for(result: Any) -> tuple[ResultField, ...]:
    """The t test's fields, or those of the rank test that ran."""
    test = getattr(result, "test", None)
    if test == "mann-whitney":
        return MANN_WHITNEY
    if test == "wilcoxon-signed-rank":
        return SIGNED_RANK
    return PARAMETRIC


SPEC = MethodSpec(
    id="ttest",
    families=("column", "xy"),
    description="Two-sample t test (Welch or equal variance) or paired t test, or their rank "
    "forms (Mann-Whitney, Wilcoxon signed-rank).",
    params=(
        Param("groupA", "Group A", Kind.DATA_SET, None, nullable=True),
        Param("groupB", "Group B", Kind.DATA_SET, None, nullable=True),
        Param("design", "Design", Kind.CHOICE, "unpaired", DESIGNS),
        Param("variance", "Variances", Kind.CHOICE, "welch", VARIANCES),
        Param(
            "test",
            "Test",
            Kind.CHOICE,
            "parametric",
            TESTS,
            choice_labels=(
                ("parametric", "t test"),
                ("nonparametric", "Mann-Whitney (unpaired) or Wilcoxon signed-rank (paired)"),
            ),
            since=2,
        ),
    ),
    compute=compute,
    fields=PARAMETRIC,
    fields_for=fields_for,
    comparisons=comparisons,
    from_summary=True,
    compared_params=("groupA", "groupB"),
)
