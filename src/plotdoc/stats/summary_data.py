"""Statistics from summary data: a mean, an SD or SEM, and an N per group or cell.

A table entered as mean, SD and N (or mean, SEM and N; `table.entry`, v2-design section 2)
gives each cell ``[mean, sd-or-sem, n]`` and nothing else. Everything here computes from those
three numbers exactly what the raw values would give for the statistics they determine:

* :func:`center_and_error_from_summary` and :func:`rows_center_and_error_from_summary`: the
  mean with its SD, SEM or t confidence interval (``mean +/- t(0.5 + c / 2, n - 1) * SEM``),
  what a graph draws; the same numbers as :func:`plotdoc.stats.center_and_error` of the raw
  values for those choices. A choice that needs the raw values (median, range, geometric
  mean...) raises ``ValueError``; the reader refuses such a graph before it is drawn.
* :func:`ttest_from_summary`: the unpaired t test (Welch or equal variance), as
  ``scipy.stats.ttest_ind_from_stats`` computes it, in a :class:`TTestResult` that says it was
  computed from mean, SD and N. A paired test needs the pairs, which summaries do not hold.
* :func:`one_way_anova_from_summary` and :func:`multiple_comparisons_from_summary` (the F test
  and Tukey, Dunnett, Sidak... from means, SDs and ns) live with their raw-value versions in
  :mod:`plotdoc.stats.anova` and :mod:`plotdoc.stats.comparisons`; :func:`sds_of` turns SEMs
  into the SDs they take.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..contract.entries import MEAN, SPREAD, N, is_summary
from ._results import NAN, check_confidence, t_quantile
from .anova import OneWayAnovaResult, one_way_anova_from_summary
from .comparisons import MultipleComparisonsResult, multiple_comparisons_from_summary
from .descriptive import CenterError, _resolve_choice
from .rowwise import RowsCenterError
from .ttest import TTestResult, _f_test, _Groups, _result

if TYPE_CHECKING:
    from .one_way import OneWayAnalysis

__all__ = [
    "FROM_SUMMARY",
    "anova_from_summary",
    "center_and_error_from_summary",
    "comparisons_from_summary",
    "multiple_comparisons_from_summary",
    "one_way_anova_from_summary",
    "rows_center_and_error_from_summary",
    "sd_of",
    "sds_of",
    "ttest_from_summary",
]

#: what a result computed from summary data says it was computed from, per entry
FROM_SUMMARY = {"meanSdN": "mean, SD and N", "meanSemN": "mean, SEM and N"}
#: the centers and errors the three numbers determine
_CENTERS = ("mean",)
_ERRORS = ("none", "sd", "sem", "ci95")


def sd_of(spread: float, n: float, entry: str) -> float:
    """The SD of a cell: the given SD, or ``SEM * sqrt(n)`` (NaN without an n)."""
    if entry == "meanSemN":
        return spread * math.sqrt(n) if n >= 1 else NAN
    return spread


def sds_of(spreads: Sequence[float], ns: Sequence[float], entry: str) -> list[float]:
    """:func:`sd_of` of each group."""
    return [sd_of(float(s), float(n), entry) for s, n in zip(spreads, ns, strict=True)]


def _check(entry: str, center: str, error: str | None) -> tuple[str, str]:
    if not is_summary(entry):
        raise ValueError(f"expected a summary entry (meanSdN or meanSemN); found {entry!r}")
    ckind, ekind = _resolve_choice(center, error)
    if ckind not in _CENTERS or ekind not in _ERRORS:
        raise ValueError(
            f"{center!r} with {error!r} needs raw values; mean, SD or SEM and N give the mean "
            "with its SD, SEM or confidence interval"
        )
    return ckind, ekind


def rows_center_and_error_from_summary(
    values: npt.ArrayLike,
    entry: str,
    center: str,
    error: str | None = None,
    *,
    confidence: float = 0.95,
) -> RowsCenterError:
    """Center and error-bar ends of each row ``[mean, sd-or-sem, n]`` of a (rows, 3) array.

    An SD error is the given SD (or SEM * sqrt(n)); an SEM error is SD / sqrt(n) (or the given
    SEM); the CI is ``mean +/- t(n - 1) * SEM``. A bar that needs an n or an SD the row lacks
    (and every spread of n = 1) is NaN: the mean is drawn without it. ``n`` is the row's N
    (0 where missing).
    """
    ckind, ekind = _check(entry, center, error)
    c = check_confidence(confidence)
    v = np.asarray(values, dtype=np.float64).reshape(-1, 3) if np.size(values) else np.empty((0, 3))
    mean, spread, n = v[:, MEAN], v[:, SPREAD], v[:, N]
    n_ok = np.isfinite(n) & (n >= 1)
    with np.errstate(invalid="ignore", divide="ignore"):
        root = np.where(n_ok, np.sqrt(np.where(n_ok, n, 1.0)), np.nan)
        if entry == "meanSemN":
            sem, sd = spread, spread * root
        else:
            sd, sem = spread, spread / root
        # one value has no spread: no bar (the raw-value path gives none either)
        single = n_ok & (n < 2)
        sd, sem = np.where(single, np.nan, sd), np.where(single, np.nan, sem)
        half = {"none": np.zeros_like(mean), "sd": sd, "sem": sem}.get(ekind)
        if half is None:  # ci95
            t = np.full(mean.shape, np.nan)
            for k in np.unique(n[n_ok & (n >= 2)]):
                t[n == k] = t_quantile(c, float(k - 1))
            half = t * sem
        lo, hi = mean - half, mean + half
    counts = np.where(n_ok, n, 0).astype(np.int64)
    return RowsCenterError(mean.copy(), lo, hi, counts, ckind, ekind)


def center_and_error_from_summary(
    row: npt.ArrayLike,
    entry: str,
    center: str,
    error: str | None = None,
    *,
    confidence: float = 0.95,
) -> CenterError:
    """:func:`rows_center_and_error_from_summary` of one row ``[mean, sd-or-sem, n]``, as a
    :class:`CenterError` (status ``missing-group`` without a mean; a missing bar is NaN with a
    message saying what it lacks)."""
    cells = np.full(3, np.nan)
    given = np.asarray(row, dtype=np.float64).ravel()[:3]
    cells[: given.size] = given
    rows = rows_center_and_error_from_summary(
        cells[None, :], entry, center, error, confidence=confidence
    )
    mid, lo, hi = float(rows.center[0]), float(rows.lower[0]), float(rows.upper[0])
    n = int(rows.n[0])
    if not math.isfinite(mid):
        return CenterError(NAN, NAN, NAN, rows.center_kind, rows.error_kind, n,
                           "missing-group", "The row has no mean.")  # fmt: skip
    message = "ok"
    if not (math.isfinite(lo) and math.isfinite(hi)):
        message = "The error bar needs an N of at least 2 and an SD or SEM."
    return CenterError(mid, lo, hi, rows.center_kind, rows.error_kind, n, "ok", message)


def ttest_from_summary(
    mean_a: float,
    spread_a: float,
    n_a: float,
    mean_b: float,
    spread_b: float,
    n_b: float,
    *,
    entry: str = "meanSdN",
    variance: str = "welch",
    confidence: float = 0.95,
) -> TTestResult:
    """The unpaired t test of ``mean(A) - mean(B)`` from each group's mean, SD (or SEM, with
    ``entry="meanSemN"``) and N: what :func:`plotdoc.stats.ttest` gives for raw values with
    those means, SDs and counts (and ``scipy.stats.ttest_ind_from_stats``). The result's
    ``computed_from`` says it was computed from the summaries."""
    if variance not in ("welch", "equal"):
        raise ValueError(f"expected variance welch or equal; found {variance!r}")
    c = check_confidence(confidence)
    source = FROM_SUMMARY.get(entry, "mean, SD and N")
    na, nb = _count(n_a), _count(n_b)
    ma, mb = float(mean_a), float(mean_b)
    sa, sb = sd_of(float(spread_a), na, entry), sd_of(float(spread_b), nb, entry)
    if na == 0 or nb == 0 or not (math.isfinite(ma) and math.isfinite(mb)):
        return _result("unpaired", variance, c, status="missing-group",
                       message="Both groups need a mean and an N of at least 1.",
                       computed_from=source)  # fmt: skip
    sa = sa if na > 1 else NAN
    sb = sb if nb > 1 else NAN
    common: _Groups = {
        "n_a": na, "n_b": nb, "mean_a": ma, "mean_b": mb, "sd_a": sa, "sd_b": sb,
        "diff": ma - mb, "f": _f_test(sa * sa, sb * sb, na - 1.0, nb - 1.0),
    }  # fmt: skip
    if variance == "welch":
        if na < 2 or nb < 2 or not (math.isfinite(sa) and math.isfinite(sb)):
            return _result("unpaired", variance, c, **common, status="too-few-values",
                           message="Welch's test needs an N of at least 2 and an SD in each "
                           "group.", computed_from=source)  # fmt: skip
        qa, qb = sa * sa / na, sb * sb / nb
        se2 = qa + qb
        wa, wb = (qa / se2, qb / se2) if se2 > 0 else (NAN, NAN)
        df = 1.0 / (wa * wa / (na - 1) + wb * wb / (nb - 1)) if se2 > 0 else NAN
    else:
        ssa = (na - 1) * sa * sa if na > 1 else 0.0
        ssb = (nb - 1) * sb * sb if nb > 1 else 0.0
        if na + nb < 3 or not (math.isfinite(ssa) and math.isfinite(ssb)):
            return _result("unpaired", variance, c, **common, status="too-few-values",
                           message="The equal-variance test needs an N of at least three in "
                           "all and an SD for every group of more than one.",
                           computed_from=source)  # fmt: skip
        df = float(na + nb - 2)
        se2 = (ssa + ssb) / df * (1.0 / na + 1.0 / nb)
    if not se2 > 0:
        return _result("unpaired", variance, c, **common, df=df, se=0.0,
                       status="zero-variance", message="Both groups have no spread; the t "
                       "ratio is undefined.", computed_from=source)  # fmt: skip
    return _result("unpaired", variance, c, **common, se=math.sqrt(se2), df=df,
                   computed_from=source)  # fmt: skip


def _count(n: float) -> int:
    """A group's N as a count (0 when missing or below 1)."""
    n = float(n)
    return int(n) if math.isfinite(n) and n >= 1 else 0


def anova_from_summary(
    means: Sequence[float],
    spreads: Sequence[float],
    ns: Sequence[float],
    entry: str = "meanSdN",
    test: str = "ordinary",
) -> OneWayAnovaResult:
    """:func:`one_way_anova_from_summary` of groups given as mean, SD or SEM (``entry``) and
    N; a missing N counts as none (status ``too-few-values``)."""
    counts = [_count(n) for n in ns]
    return one_way_anova_from_summary(means, sds_of(spreads, counts, entry), counts, test)


def comparisons_from_summary(
    means: Sequence[float],
    spreads: Sequence[float],
    ns: Sequence[float],
    entry: str = "meanSdN",
    *,
    correction: str = "auto",
    comparisons: str = "allPairs",
    control: int = 0,
    pairs: Sequence[tuple[int, int]] | None = None,
    names: Sequence[str] | None = None,
    confidence: float = 0.95,
    p_value_style: str = "graphpad",
) -> MultipleComparisonsResult:
    """:func:`multiple_comparisons_from_summary` (after the ordinary one-way ANOVA) of groups
    given as mean, SD or SEM (``entry``) and N, with its options."""
    counts = [_count(n) for n in ns]
    return multiple_comparisons_from_summary(
        means,
        sds_of(spreads, counts, entry),
        counts,
        correction=correction,
        comparisons=comparisons,
        control=control,
        pairs=pairs,
        names=names,
        confidence=confidence,
        p_value_style=p_value_style,
    )


def one_way_from_summary(
    rows: Sequence[Sequence[float]],
    names: Sequence[str],
    entry: str = "meanSdN",
    **options: Any,
) -> OneWayAnalysis:
    """:func:`plotdoc.stats.one_way.one_way_analysis_from_summary` of groups each given as one
    ``[mean, sd-or-sem, n]`` row (``entry`` says which spread); ``options`` are the test, the
    comparisons and their correction, the control, the pairs and the P value style."""
    from .one_way import one_way_analysis_from_summary

    counts = [_count(r[2]) for r in rows]
    sds = sds_of([float(r[1]) for r in rows], counts, entry)
    return one_way_analysis_from_summary(
        [float(r[0]) for r in rows],
        sds,
        counts,
        names,
        computed_from=FROM_SUMMARY.get(entry, FROM_SUMMARY["meanSdN"]),
        **options,
    )
