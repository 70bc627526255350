"""`oneWayAnova`: one-way ANOVA (or its robust, matched and rank forms) of a column table's data
sets, and the multiple comparisons after it (v2-design section 3).

Compares every data set that holds a value, in table order. ``control`` names the control
data set (null: the first with a value); ``pairs`` lists the pairs of ``selectedPairs``. A
correction that does not follow the test (:data:`plotdoc.stats.one_way.CORRECTIONS_AFTER`),
Dunnett without ``versusControl`` or no selected pair give the status ``not-applicable`` and a
message; a named data set that does not exist or holds no value gives ``missing-group``.
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
    number_or_none,
    populated,
    summary_rows,
)

if TYPE_CHECKING:
    from ...model import DataSet, Table
    from ...stats.one_way import OneWayAnalysis

TESTS = ("ordinary", "welch", "brownForsythe", "repeatedMeasures", "kruskalWallis", "friedman")
COMPARISONS = ("none", "allPairs", "versusControl", "selectedPairs")
CORRECTIONS = (
    "auto", "tukey", "dunnett", "sidak", "bonferroni", "holmSidak", "dunn", "gamesHowell", "fdr",
)  # fmt: skip


def _missing(message: str) -> Computed:
    return Computed("missing-group", message)


def compute(table: Table, params: Mapping[str, Any]) -> Computed:
    from ...stats.one_way import one_way_analysis

    sets = populated(table.data_sets)
    names = [ds.name for ds in sets]
    index = {name: i for i, name in enumerate(names)}
    known = {ds.name for ds in table.data_sets}

    def where(name: Any) -> int | str:
        """The index of a named data set, or why it cannot be compared."""
        if name in index:
            return int(index[name])
        if name in known:
            return f"the data set {name!r} holds no value"
        return f"no data set {name!r} (by id, or by name in version 1)"

    control = 0
    if params["comparisons"] == "versusControl" and params["control"] is not None:
        found = where(params["control"])
        if isinstance(found, str):
            return _missing(f"control: {found}")
        control = found
    pairs: list[tuple[int, int]] = []
    if params["comparisons"] == "selectedPairs":
        for n, pair in enumerate(params["pairs"]):
            a, b = (where(name) for name in pair)
            bad = next((x for x in (a, b) if isinstance(x, str)), None)
            if bad is not None:
                return _missing(f"pairs[{n}]: {bad}")
            if a == b:
                return Computed("not-applicable", f"pairs[{n}]: a data set compared with itself")
            pairs.append((int(a), int(b)))
    options = {
        "test": params["test"],
        "comparisons": params["comparisons"],
        "correction": params["correction"],
        "control": control,
        "pairs": pairs,
        "p_value_style": params["pValueStyle"],
    }
    if is_summary(table.entry):
        summarised = _from_summary(table.entry, sets, names, options)
        if isinstance(summarised, Computed):
            return summarised
        result = summarised
    else:
        result = one_way_analysis([ds.values.ravel() for ds in sets], names, **options)
    message = result.message
    if len(sets) < 2:
        message = "the table has fewer than two data sets with values"
    return Computed(result.status, message, result=result, data_sets=tuple(names))


def _from_summary(
    entry: str, sets: list[DataSet], names: list[str], options: dict[str, Any]
) -> OneWayAnalysis | Computed:
    """The ANOVA of data sets of summary data: one row ``[mean, sd-or-sem, n]`` each. The
    matched and rank tests need each value, which summaries do not hold: a status says so."""
    from ...stats.one_way import SUMMARY_TESTS
    from ...stats.summary_data import one_way_from_summary

    spread = spread_name(entry)
    if options["test"] not in SUMMARY_TESTS:
        return Computed(
            NEEDS_RAW_VALUES,
            f"the {options['test']} test needs each value; the table holds mean, {spread} and "
            f"N (choose the ordinary, Welch or Brown-Forsythe test)",
        )
    rows = summary_rows(sets, entry, "a one-way ANOVA")
    if isinstance(rows, Computed):
        return rows
    return one_way_from_summary(rows, names, entry, **options)


#: seconds per pair (measured on a 2-core machine): Games-Howell integrates the studentized
#: range and finds its quantile for each pair, Tukey integrates it, Dunnett a multivariate t
SECONDS_PER_PAIR = {"gamesHowell": 0.1, "tukey": 0.006, "dunnett": 0.05}


def cost(table: Table, params: Mapping[str, Any]) -> str | None:
    """Refuse comparisons that cannot fit the time left (their number times their cost)."""
    from ...stats.budget import expect
    from ...stats.one_way import applicable, resolve

    test, compare, correction = params["test"], params["comparisons"], params["correction"]
    if compare == "none" or applicable(test, compare, correction) is not None:
        return None
    k = len(populated(table.data_sets))
    pairs = {"allPairs": k * (k - 1) // 2, "versusControl": max(k - 1, 0)}.get(
        compare, len(params["pairs"] or ())
    )
    per_pair = SECONDS_PER_PAIR.get(resolve(test, compare, correction), 0.0)
    expect(0.2 + pairs * per_pair, f"{pairs:,} comparisons")
    return None


def comparisons(computed: Computed) -> list[Comparison]:
    """The pairs compared, in the order of the table of comparisons; when the ANOVA ran but
    the comparisons could not, the pairs asked for are listed with the reason."""
    r = computed.result
    if r is None or computed.status != "ok":
        return []
    if r.pairs_status != "ok":
        return [
            Comparison(a, b, None, status=r.pairs_status, message=r.pairs_message)
            for a, b in r.asked
        ]
    return [
        Comparison(
            c.a,
            c.b,
            p=number_or_none(c.p),
            difference=number_or_none(c.mean_difference),
            ci_lower=number_or_none(c.ci_lower),
            ci_upper=number_or_none(c.ci_upper),
        )
        for c in r.pairs
    ]


SPEC = MethodSpec(
    id="oneWayAnova",
    families=("column",),
    description="One-way ANOVA (ordinary, Welch, Brown-Forsythe, repeated measures, "
    "Kruskal-Wallis or Friedman) with multiple comparisons.",
    params=(
        Param("test", "Test", Kind.CHOICE, "ordinary", TESTS),
        Param("comparisons", "Compare", Kind.CHOICE, "allPairs", COMPARISONS),
        Param(
            "control",
            "Control",
            Kind.DATA_SET,
            None,
            nullable=True,
            choice_labels=((None, "(first data set)"),),
        ),
        Param("pairs", "Pairs", Kind.DATA_SET_PAIRS, ()),
        Param("correction", "Correction", Kind.CHOICE, "auto", CORRECTIONS),
    ),
    compute=compute,
    cost=cost,
    fields=(
        ResultField("Test", "test", Show.TEXT),
        ResultField("Statistic", "statistic_name", Show.TEXT),
        ResultField("Value of the statistic", "statistic"),
        ResultField("Degrees of freedom (numerator)", "df_num"),
        ResultField("Degrees of freedom (denominator)", "df_den"),
        ResultField("P value", "p", Show.P_VALUE),
        ResultField("Eta squared", "eta_squared"),
        ResultField("Omega squared", "omega_squared"),
        ResultField("Number of values per data set", "n_per_group", Show.NUMBERS),
        ResultField("Correction for multiple comparisons", "correction", Show.TEXT),
        ResultField("Computed from", "computed_from", Show.TEXT),
    ),
    comparisons=comparisons,
    since=2,
    from_summary=True,
)
