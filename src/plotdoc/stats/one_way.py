"""A one-way ANOVA and the multiple comparisons that follow it, as one result.

:func:`one_way_analysis` runs :func:`plotdoc.stats.anova.one_way_anova` and, unless no pairs
are asked for, :func:`plotdoc.stats.comparisons.multiple_comparisons` on the same data sets.
Which corrections follow which test is :data:`CORRECTIONS_AFTER` (as Prism offers them):

- ``ordinary``: Tukey, Dunnett (versus a control only), Sidak, Bonferroni, Holm-Sidak, the
  two-stage FDR method, Games-Howell;
- ``repeatedMeasures``: the same but Games-Howell (whose SDs are those of independent groups);
- ``welch``, ``brownForsythe``: Games-Howell (unequal variances);
- ``kruskalWallis``, ``friedman``: Dunn's test (ranks).

``auto`` is Tukey for all pairs, Dunnett versus a control, Sidak for selected pairs,
Games-Howell after Welch or Brown-Forsythe and Dunn after Kruskal-Wallis or Friedman
(:func:`plotdoc.stats.comparisons.resolve_correction`). A correction that does not follow the
test, or Dunnett without a control, gives the status ``not-applicable`` with a message saying
what applies; nothing is computed.

Effect sizes: eta squared (``SS between / SS total``; partial eta squared after repeated
measures) and, after the ordinary test, omega squared
``(SS between - df between MS within) / (SS total + MS within)``; the robust and rank tests
have none (NaN).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

import numpy.typing as npt

from ._results import NAN, ResultMixin, Status, check_choice
from .anova import ONE_WAY_TESTS, OneWayAnovaResult, one_way_anova, one_way_anova_from_summary
from .comparisons import (
    COMPARISONS,
    CORRECTIONS,
    Comparison,
    MultipleComparisonsResult,
    multiple_comparisons,
    multiple_comparisons_from_summary,
)

#: what a user may ask for: no comparisons, or the sets of :data:`COMPARISONS`
COMPARISON_CHOICES: Final[tuple[str, ...]] = ("none", *COMPARISONS)

_PARAMETRIC: Final = ("tukey", "dunnett", "sidak", "bonferroni", "holmSidak", "fdr")
#: test -> the corrections that may follow it
CORRECTIONS_AFTER: Final[dict[str, tuple[str, ...]]] = {
    "ordinary": (*_PARAMETRIC, "gamesHowell"),
    "repeatedMeasures": _PARAMETRIC,
    "welch": ("gamesHowell",),
    "brownForsythe": ("gamesHowell",),
    "kruskalWallis": ("dunn",),
    "friedman": ("dunn",),
}


@dataclass(frozen=True, slots=True)
class OneWayAnalysis(ResultMixin):
    """Result of :func:`one_way_analysis`."""

    #: the test (one of :data:`plotdoc.stats.anova.ONE_WAY_TESTS`)
    test: str
    #: ``F``, ``H`` (Kruskal-Wallis) or ``chi-square`` (Friedman)
    statistic_name: str
    statistic: float
    #: numerator df (chi-square df for the rank tests)
    df_num: float
    #: denominator df (fractional for Welch and Brown-Forsythe; NaN for the rank tests)
    df_den: float
    p: float
    #: eta squared (partial after repeated measures); NaN for the robust and rank tests
    eta_squared: float
    #: omega squared (ordinary test only; else NaN)
    omega_squared: float
    #: the data sets compared, in order
    data_sets: tuple[str, ...]
    #: values used per data set (matched tests: complete rows)
    n_per_group: tuple[int, ...]
    #: mean per data set (rank tests: mean rank)
    means: tuple[float, ...]
    #: ``none``, ``allPairs``, ``versusControl`` or ``selectedPairs``
    comparisons: str
    #: the correction used (``auto`` resolved; ``none`` without comparisons)
    correction: str
    #: the pairs asked for, by name (in the order of ``pairs``)
    asked: tuple[tuple[str, str], ...]
    #: one row per pair compared (empty without comparisons or when they failed)
    pairs: tuple[Comparison, ...]
    #: ``ok``, or why the comparisons have no result while the ANOVA has one
    pairs_status: str
    pairs_message: str
    status: Status
    message: str
    #: what it was computed from: ``raw values``, or ``mean, SD and N`` (``mean, SEM and N``)
    computed_from: str = "raw values"


def applicable(test: str, comparisons: str, correction: str) -> str | None:
    """Why ``correction`` cannot follow ``test`` for ``comparisons`` (None when it can)."""
    if comparisons == "none":
        return None
    resolved = resolve(test, comparisons, correction)
    allowed = CORRECTIONS_AFTER[test]
    if resolved not in allowed:
        return (
            f"the {resolved} correction does not follow the {test} test; after it: "
            f"{', '.join(allowed)} (or auto)"
        )
    if resolved == "dunnett" and comparisons != "versusControl":
        return "Dunnett's test compares every data set with a control: compare versusControl"
    return None


def resolve(test: str, comparisons: str, correction: str) -> str:
    """The correction ``auto`` stands for (``none`` without comparisons)."""
    from .comparisons import resolve_correction

    if comparisons == "none":
        return "none"
    return resolve_correction(correction, test, comparisons)


def _effects(a: OneWayAnovaResult) -> tuple[float, float]:
    if a.test == "ordinary" and a.status == "ok":
        omega = (a.ss_between - a.df_between * a.ms_within) / (a.ss_total + a.ms_within)
        return a.r_squared, omega
    if a.test == "repeatedMeasures":
        return a.r_squared, NAN
    return NAN, NAN


def one_way_analysis(
    groups: Sequence[npt.ArrayLike],
    names: Sequence[str],
    *,
    test: str = "ordinary",
    comparisons: str = "allPairs",
    correction: str = "auto",
    control: int = 0,
    pairs: Sequence[tuple[int, int]] = (),
    p_value_style: str = "graphpad",
) -> OneWayAnalysis:
    """The ANOVA ``test`` of ``groups`` (named ``names``) and the ``comparisons`` after it."""
    check_choice("test", test, ONE_WAY_TESTS)

    def compare(method: str) -> MultipleComparisonsResult:
        return multiple_comparisons(
            groups, test=test, correction=method, comparisons=comparisons, control=control,
            pairs=list(pairs) or None, names=names, p_value_style=p_value_style,
        )  # fmt: skip

    return _analysis(
        one_way_anova(groups, test), names, test, comparisons, correction, control, pairs,
        compare,
    )  # fmt: skip


#: the tests a group's mean, SD and N are enough for (the others need each value)
SUMMARY_TESTS: Final[tuple[str, ...]] = ("ordinary", "welch", "brownForsythe")


def one_way_analysis_from_summary(
    means: Sequence[float],
    sds: Sequence[float],
    ns: Sequence[int],
    names: Sequence[str],
    *,
    test: str = "ordinary",
    comparisons: str = "allPairs",
    correction: str = "auto",
    control: int = 0,
    pairs: Sequence[tuple[int, int]] = (),
    p_value_style: str = "graphpad",
    computed_from: str = "mean, SD and N",
) -> OneWayAnalysis:
    """:func:`one_way_analysis` of groups given by their mean, SD and N (a table of summary
    data): the ordinary, Welch or Brown-Forsythe test (:data:`SUMMARY_TESTS`) and the
    comparisons after it, which agree with those of values having these summaries."""
    check_choice("test", test, SUMMARY_TESTS)

    def compare(method: str) -> MultipleComparisonsResult:
        return multiple_comparisons_from_summary(
            means, sds, ns, correction=method, comparisons=comparisons, control=control,
            pairs=list(pairs) or None, names=names, p_value_style=p_value_style,
        )  # fmt: skip

    return _analysis(
        one_way_anova_from_summary(means, sds, ns, test), names, test, comparisons, correction,
        control, pairs, compare, computed_from,
    )  # fmt: skip


def _analysis(
    anova: OneWayAnovaResult,
    names: Sequence[str],
    test: str,
    comparisons: str,
    correction: str,
    control: int,
    pairs: Sequence[tuple[int, int]],
    compare: Callable[[str], MultipleComparisonsResult],
    computed_from: str = "raw values",
) -> OneWayAnalysis:
    """The analysis of an ANOVA's result, with the comparisons ``compare`` makes after it."""
    check_choice("comparisons", comparisons, COMPARISON_CHOICES)
    check_choice("correction", correction, CORRECTIONS)
    method = resolve(test, comparisons, correction)
    eta, omega = _effects(anova)
    k = len(names)

    def result(
        rows: tuple[Comparison, ...], pairs_status: str, pairs_message: str, status: str,
        message: str,
    ) -> OneWayAnalysis:  # fmt: skip
        return OneWayAnalysis(
            test, anova.statistic_name, anova.statistic, anova.df_num, anova.df_den, anova.p,
            eta, omega, tuple(names), anova.n_per_group, anova.means, comparisons, method, asked,
            rows, pairs_status, pairs_message, status, message,  # type: ignore[arg-type]
            computed_from,
        )  # fmt: skip

    asked: tuple[tuple[str, str], ...] = ()
    if comparisons != "none" and k >= 2 and (pairs or comparisons != "selectedPairs"):
        from .comparisons import _pairs

        chosen = _pairs(k, comparisons, control, pairs)
        asked = tuple((str(names[i]), str(names[j])) for i, j in chosen)
    refused = applicable(test, comparisons, correction)
    if refused is not None:
        return result((), "not-applicable", refused, "not-applicable", refused)
    if anova.status != "ok":
        return result((), anova.status, anova.message, anova.status, anova.message)
    if comparisons == "none":
        return result((), "ok", "ok", "ok", "ok")
    if comparisons == "selectedPairs" and not pairs:
        why = "no pairs are selected: name at least one pair of data sets in pairs"
        return result((), "not-applicable", why, "not-applicable", why)
    done = compare(method)
    return result(done.rows, done.status, done.message, "ok", "ok")
