"""`ttest`: two-sample t test (Welch or equal variance) or paired t test.

Reads the data sets named `groupA` and `groupB`, or the first two data sets that hold a value.
Every replicate value counts (xy tables); `paired` pairs values by row (and replicate)
position.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .spec import Comparison, Computed, Kind, MethodSpec, Param, ResultField, Show, populated

if TYPE_CHECKING:
    from ...model import DataSet, Table

DESIGNS = ("unpaired", "paired")
VARIANCES = ("welch", "equal")


def compute(table: Table, params: Mapping[str, Any]) -> Computed:
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
    result = ttest(
        None if a is None else a.values.ravel(),
        None if b is None else b.values.ravel(),
        design=params["design"],
        variance=params["variance"],
    )
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
            difference=r.mean_difference if ok else None,
            ci_lower=r.ci_lower if ok else None,
            ci_upper=r.ci_upper if ok else None,
            status=computed.status,
            message=computed.message,
        )
    ]


SPEC = MethodSpec(
    id="ttest",
    families=("column", "xy"),
    description="Two-sample t test (Welch or equal variance) or paired t test.",
    params=(
        Param("groupA", "Group A", Kind.DATA_SET, None, nullable=True),
        Param("groupB", "Group B", Kind.DATA_SET, None, nullable=True),
        Param("design", "Design", Kind.CHOICE, "unpaired", DESIGNS),
        Param("variance", "Variances", Kind.CHOICE, "welch", VARIANCES),
    ),
    compute=compute,
    fields=(
        ResultField("Number of values (A)", "n_a", Show.INTEGER),
        ResultField("Number of values (B)", "n_b", Show.INTEGER),
        ResultField("Mean of A", "mean_a"),
        ResultField("Mean of B", "mean_b"),
        ResultField("Difference of means (A − B)", "mean_difference"),
        ResultField("{level} confidence interval", ("ci_lower", "ci_upper"), Show.INTERVAL),
        ResultField("t", "t"),
        ResultField("Degrees of freedom", "df"),
        ResultField("P value (two-tailed)", "p", Show.P_VALUE),
    ),
    comparisons=comparisons,
    compared_params=("groupA", "groupB"),
)
