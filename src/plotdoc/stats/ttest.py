"""Two-sample t tests: unpaired (Welch or equal variance) and paired.

The difference is always ``mean(A) - mean(B)`` (group A first, as in R's ``t.test(x, y)``).
P values are two-tailed. The unpaired test also reports the F test comparing the two
variances: ``F = larger variance / smaller variance`` with the larger variance's df as the
numerator df, two-tailed ``p = min(1, 2 * P(F' > F))``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal, TypeAlias, TypedDict

import numpy as np
import numpy.typing as npt

from ._results import (
    NAN,
    ResultMixin,
    Status,
    as_float_array,
    check_choice,
    check_confidence,
    t_quantile,
)

#: what a t test of raw values says it was computed from
RAW_VALUES = "raw values"

Design: TypeAlias = Literal["unpaired", "paired"]
Variance: TypeAlias = Literal["welch", "equal"]


class _Groups(TypedDict, total=False):
    n_a: int
    n_b: int
    mean_a: float
    mean_b: float
    sd_a: float
    sd_b: float
    diff: float
    n_pairs: int
    f: tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class TTestResult(ResultMixin):
    """Result of :func:`ttest`."""

    #: unpaired or paired
    design: str
    #: welch (unequal variances, Welch-Satterthwaite df) or equal (pooled variance)
    variance: str
    #: confidence level of the CI (fraction)
    confidence: float
    #: number of values of A used (paired: number of complete pairs)
    n_a: int
    #: number of values of B used (paired: number of complete pairs)
    n_b: int
    #: mean of A
    mean_a: float
    #: mean of B
    mean_b: float
    #: sample SD of A
    sd_a: float
    #: sample SD of B
    sd_b: float
    #: ``mean(A) - mean(B)`` (paired: the mean of the differences A - B)
    mean_difference: float
    #: standard error of the difference
    se_difference: float
    #: lower limit of the CI of the difference
    ci_lower: float
    #: upper limit of the CI of the difference
    ci_upper: float
    #: t statistic, ``mean_difference / se_difference``
    t: float
    #: degrees of freedom (Welch: Welch-Satterthwaite, may be fractional)
    df: float
    #: two-tailed P value
    p: float
    #: paired: number of complete pairs (pairs with a missing member are left out); else 0
    n_pairs: int
    #: paired: SD of the differences; NaN for unpaired
    sd_differences: float
    #: unpaired: F statistic of the variance comparison (larger / smaller variance)
    f: float
    #: numerator df of the F test (df of the larger variance)
    f_dfn: float
    #: denominator df of the F test
    f_dfd: float
    #: two-tailed P value of the F test
    f_p: float
    status: Status
    message: str
    #: what the test was computed from: ``raw values``, or ``mean, SD and N`` (``mean, SEM and
    #: N``) for a table of summary data (:func:`plotdoc.stats.summary_data.ttest_from_summary`)
    computed_from: str = RAW_VALUES


def _t_two_tailed(t: float, df: float) -> float:
    from scipy.special import stdtr

    return float(2.0 * stdtr(df, -abs(t)))


def _result(
    design: str,
    variance: str,
    c: float,
    *,
    n_a: int = 0,
    n_b: int = 0,
    mean_a: float = NAN,
    mean_b: float = NAN,
    sd_a: float = NAN,
    sd_b: float = NAN,
    diff: float = NAN,
    se: float = NAN,
    df: float = NAN,
    n_pairs: int = 0,
    sd_diff: float = NAN,
    f: tuple[float, float, float, float] = (NAN, NAN, NAN, NAN),
    status: Status = "ok",
    message: str = "ok",
    computed_from: str = RAW_VALUES,
) -> TTestResult:
    t = lo = hi = p = NAN
    if status == "ok":
        t = diff / se
        half = t_quantile(c, df) * se
        lo, hi = diff - half, diff + half
        p = _t_two_tailed(t, df)
    return TTestResult(
        design, variance, c, n_a, n_b, mean_a, mean_b, sd_a, sd_b, diff, se, lo, hi, t, df, p,
        n_pairs, sd_diff, *f, status, message, computed_from,
    )  # fmt: skip


def _sd(v: npt.NDArray[np.float64]) -> float:
    return float(v.std(ddof=1)) if v.size > 1 else NAN


def _f_test(va: float, vb: float, dfa: float, dfb: float) -> tuple[float, float, float, float]:
    if not (dfa >= 1 and dfb >= 1) or va <= 0 or vb <= 0:
        return (NAN, NAN, NAN, NAN)
    from scipy.special import fdtrc

    if va >= vb:
        f, dfn, dfd = va / vb, dfa, dfb
    else:
        f, dfn, dfd = vb / va, dfb, dfa
    p = min(1.0, 2.0 * float(fdtrc(dfn, dfd, f)))
    return (f, dfn, dfd, p)


def ttest(
    a: npt.ArrayLike | None,
    b: npt.ArrayLike | None,
    *,
    design: str = "unpaired",
    variance: str = "welch",
    confidence: float = 0.95,
) -> TTestResult:
    """t test of ``mean(A) - mean(B)``; NaN values are missing and left out.

    ``design="paired"`` pairs A and B by position (the shorter is padded with missing
    values); pairs with a missing member are dropped, and the means, SDs and ``n_a``/``n_b``
    describe the complete pairs only. ``variance`` applies to the unpaired design.
    A group that is ``None`` or has no values gives status ``missing-group``.
    """
    check_choice("design", design, ("unpaired", "paired"))
    check_choice("variance", variance, ("welch", "equal"))
    c = check_confidence(confidence)
    ra, rb = as_float_array(a), as_float_array(b)
    if a is None or b is None or not np.isfinite(ra).any() or not np.isfinite(rb).any():
        return _result(
            design, variance, c, status="missing-group",
            message="Both groups need at least one value.",
        )  # fmt: skip
    if design == "paired":
        return _paired(ra, rb, variance, c)
    xa, xb = ra[np.isfinite(ra)], rb[np.isfinite(rb)]
    na, nb = int(xa.size), int(xb.size)
    ma, mb = float(xa.mean()), float(xb.mean())
    sa, sb = _sd(xa), _sd(xb)
    common: _Groups = {
        "n_a": na, "n_b": nb, "mean_a": ma, "mean_b": mb, "sd_a": sa, "sd_b": sb,
        "diff": ma - mb, "f": _f_test(sa * sa, sb * sb, na - 1.0, nb - 1.0),
    }  # fmt: skip
    if variance == "welch":
        if na < 2 or nb < 2:
            return _result(
                design, variance, c, **common, status="too-few-values",
                message="Welch's test needs at least two values in each group.",
            )  # fmt: skip
        qa, qb = sa * sa / na, sb * sb / nb
        se2 = qa + qb
        # Welch-Satterthwaite, written in the shares of se2 so tiny variances cannot underflow
        wa, wb = (qa / se2, qb / se2) if se2 > 0 else (NAN, NAN)
        df = 1.0 / (wa * wa / (na - 1) + wb * wb / (nb - 1)) if se2 > 0 else NAN
    else:
        if na + nb < 3:
            return _result(
                design, variance, c, **common, status="too-few-values",
                message="The equal-variance test needs at least three values in all.",
            )  # fmt: skip
        df = float(na + nb - 2)
        ss = float(((xa - ma) ** 2).sum() + ((xb - mb) ** 2).sum())
        se2 = ss / df * (1.0 / na + 1.0 / nb)
    if not se2 > 0:
        return _result(
            design, variance, c, **common, df=df, se=0.0, status="zero-variance",
            message="Both groups have no spread; the t ratio is undefined.",
        )  # fmt: skip
    return _result(design, variance, c, **common, se=math.sqrt(se2), df=df)


def _paired(
    ra: npt.NDArray[np.float64], rb: npt.NDArray[np.float64], variance: str, c: float
) -> TTestResult:
    n = max(ra.size, rb.size)
    pa = np.full(n, NAN)
    pb = np.full(n, NAN)
    pa[: ra.size] = ra
    pb[: rb.size] = rb
    keep = np.isfinite(pa) & np.isfinite(pb)
    xa, xb = pa[keep], pb[keep]
    k = int(xa.size)
    if k == 0:
        return _result("paired", variance, c, status="too-few-values", message="No complete pairs.")
    d = xa - xb
    md = float(d.mean())
    common: _Groups = {
        "n_a": k, "n_b": k, "mean_a": float(xa.mean()), "mean_b": float(xb.mean()),
        "sd_a": _sd(xa), "sd_b": _sd(xb), "diff": md, "n_pairs": k,
    }  # fmt: skip
    if k < 2:
        return _result(
            "paired", variance, c, **common, status="too-few-values",
            message="The paired test needs at least two complete pairs.",
        )  # fmt: skip
    sdd = float(d.std(ddof=1))
    if not sdd > 0:
        return _result(
            "paired", variance, c, **common, sd_diff=sdd, se=0.0, df=k - 1.0,
            status="zero-variance",
            message="All differences are equal; the t ratio is undefined.",
        )  # fmt: skip
    return _result("paired", variance, c, **common, sd_diff=sdd, se=sdd / math.sqrt(k), df=k - 1.0)
