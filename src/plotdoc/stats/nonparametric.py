"""Rank tests of two groups: Mann-Whitney (unpaired) and Wilcoxon signed-rank (paired).

The ``nonparametric`` form of the ``ttest`` analysis. Both follow R's ``wilcox.test``
defaults, so that a P value here is the P value R prints:

- **Mann-Whitney.** ``W = U_A``, the rank sum of A minus ``n_A (n_A + 1) / 2`` (R's W;
  Prism reports ``U = min(U_A, U_B)``, also given). Exact P from the null distribution of U
  when both groups have fewer than 50 values and there are no ties; otherwise the normal
  approximation with tie-corrected variance and continuity correction.
- **Wilcoxon signed-rank.** Differences ``A - B`` of complete pairs; zero differences are
  dropped (R's rule). ``V`` is the sum of the ranks of the positive differences. Exact P
  when fewer than 50 non-zero differences remain and there are no ties among their absolute
  values; otherwise the normal approximation with tie correction and continuity correction.
- **Hodges-Lehmann.** The median of all differences ``a_i - b_j`` (unpaired) or of the Walsh
  averages of the paired differences, with R's ``conf.int = TRUE`` interval: order statistics
  of those differences at the exact quantile of the null distribution; when P comes from the
  normal approximation the order statistics are taken at the normal quantile
  (``ci_method`` names which; R then solves a root-finding problem instead, so its normal-case
  limits can differ slightly).

``alternative`` is ``two-sided`` (default), ``less`` or ``greater``, for A relative to B.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal, TypeAlias

import numpy as np
import numpy.typing as npt

from ._results import (
    NAN,
    FloatArray,
    ResultMixin,
    Status,
    as_float_array,
    check_choice,
    check_confidence,
)

Alternative: TypeAlias = Literal["two-sided", "less", "greater"]
ALTERNATIVES: tuple[str, ...] = ("two-sided", "less", "greater")
#: below this many values per group (pairs) and without ties, P is exact (R's rule)
EXACT_LIMIT = 50
#: most differences a Hodges-Lehmann estimate enumerates (n_A n_B, or n (n + 1) / 2)
MAX_DIFFERENCES = 4_000_000


@dataclass(frozen=True, slots=True)
class RankTestResult(ResultMixin):
    """Result of :func:`rank_test`."""

    #: mann-whitney (unpaired) or wilcoxon-signed-rank (paired)
    test: str
    #: unpaired or paired
    design: str
    #: two-sided, less or greater (A relative to B)
    alternative: str
    #: confidence level of the Hodges-Lehmann CI (fraction)
    confidence: float
    #: values of A used (paired: complete pairs)
    n_a: int
    #: values of B used (paired: complete pairs)
    n_b: int
    #: paired: non-zero differences used by the test; unpaired: 0
    n_nonzero: int
    #: median of A
    median_a: float
    #: median of B
    median_b: float
    #: R's statistic: Mann-Whitney W = U of A; signed-rank V = sum of positive ranks
    statistic: float
    #: Mann-Whitney U = min(U_A, U_B) (Prism's U); paired: Prism's W = V+ - V-
    statistic_prism: float
    #: exact or normal (normal approximation, tie-corrected, with continuity correction)
    method: str
    #: P value of ``alternative``
    p: float
    #: P value summary (ns, *, ...) in ``p_value_style``
    summary: str
    #: P value style of ``summary``
    p_value_style: str
    #: Hodges-Lehmann estimate of the shift A - B (median of the pairwise differences)
    median_difference: float
    #: lower limit of its CI
    ci_lower: float
    #: upper limit of its CI
    ci_upper: float
    #: exact (order statistics at the exact quantile) or normal (at the normal quantile)
    ci_method: str
    status: Status
    message: str


def u_distribution(m: int, n: int) -> FloatArray:
    """Null probabilities of U = 0 ... m n for groups of m and n values without ties.

    The counts are the coefficients of the Gaussian binomial ``[m + n choose m]_q``, computed
    with exact integers.
    """
    coef: list[int] = [1]
    for i in range(1, min(m, n) + 1):
        k = max(m, n)
        # multiply by (1 - q^(k + i))
        grown = coef + [0] * (k + i)
        for j, c in enumerate(coef):
            grown[j + k + i] -= c
        # divide by (1 - q^i): running sums with stride i
        for j in range(i, len(grown)):
            grown[j] += grown[j - i]
        coef = grown[: len(coef) + k]
    total = math.comb(m + n, m)
    return np.array([c / total for c in coef[: m * n + 1]], dtype=np.float64)


def signed_rank_distribution(n: int) -> FloatArray:
    """Null probabilities of V = 0 ... n (n + 1) / 2 for n non-zero differences without ties."""
    coef = [1] + [0] * (n * (n + 1) // 2)
    top = 0
    for i in range(1, n + 1):
        top += i
        for j in range(top, i - 1, -1):
            coef[j] += coef[j - i]
    total = 2**n
    return np.array([c / total for c in coef], dtype=np.float64)


def _exact_p(dist: FloatArray, stat: int, alternative: str) -> float:
    lower = float(dist[: stat + 1].sum())  # P(S <= stat)
    upper = float(dist[stat:].sum())  # P(S >= stat), summed: no cancellation in small tails
    if alternative == "less":
        return min(1.0, lower)
    if alternative == "greater":
        return min(1.0, upper)
    return min(1.0, 2.0 * min(lower, upper))


def _normal_p(z_numerator: float, sigma: float, alternative: str) -> float:
    from scipy.special import ndtr

    if alternative == "two-sided":
        corr = 0.5 * math.copysign(1.0, z_numerator) if z_numerator != 0 else 0.0
    else:
        corr = 0.5 if alternative == "greater" else -0.5
    z = (z_numerator - corr) / sigma
    if alternative == "less":
        return float(ndtr(z))
    if alternative == "greater":
        return float(ndtr(-z))
    return float(min(1.0, 2.0 * ndtr(-abs(z))))


def _quantile(dist: FloatArray, prob: float) -> int:
    """R's qwilcox / qsignrank: the smallest q with P(S <= q) >= prob."""
    cdf = np.cumsum(dist)
    return int(np.searchsorted(cdf, prob * (1 - 64 * np.finfo(float).eps), side="left"))


def _hl_interval(
    diffs: FloatArray, dist: FloatArray | None, var: float, total: int, c: float
) -> tuple[float, float, float, str]:
    """Median of ``diffs`` and the order-statistic interval (R's ``conf.int``)."""
    d = np.sort(diffs)
    est = float(np.median(d))
    alpha = 1.0 - c
    if dist is not None:
        qu = _quantile(dist, alpha / 2.0)
        method = "exact"
    else:
        from scipy.special import ndtri

        # the normal quantile of the statistic (mean total / 2, variance ``var``)
        method = "normal"
        if not var > 0:
            return est, NAN, NAN, method
        qu = math.floor(total / 2.0 + float(ndtri(alpha / 2.0)) * math.sqrt(var))
    qu = max(qu, 1)
    ql = total - qu
    if qu > d.size or ql + 1 > d.size or ql + 1 < 1:
        return est, NAN, NAN, method
    return est, float(d[qu - 1]), float(d[ql]), method


def _result(
    test: str,
    design: str,
    alternative: str,
    c: float,
    style: str,
    *,
    n_a: int = 0,
    n_b: int = 0,
    n_nonzero: int = 0,
    median_a: float = NAN,
    median_b: float = NAN,
    statistic: float = NAN,
    statistic_prism: float = NAN,
    method: str = "",
    p: float = NAN,
    hl: tuple[float, float, float, str] = (NAN, NAN, NAN, ""),
    status: Status = "ok",
    message: str = "ok",
) -> RankTestResult:
    from ..pvalues import summary

    return RankTestResult(
        test, design, alternative, c, n_a, n_b, n_nonzero, median_a, median_b, statistic,
        statistic_prism, method, p, summary(p, style) if status == "ok" else "", style, *hl,
        status, message,
    )  # fmt: skip


def _hl_note(total: int) -> str:
    if total <= MAX_DIFFERENCES:
        return "ok"
    return (
        f"The Hodges-Lehmann shift is not computed above {MAX_DIFFERENCES:,} differences "
        f"(there are {total:,})."
    )


def _tie_sum(values: FloatArray) -> float:
    _, counts = np.unique(values, return_counts=True)
    t = counts.astype(np.float64)
    return float((t**3 - t).sum())


def rank_test(
    a: npt.ArrayLike | None,
    b: npt.ArrayLike | None,
    *,
    design: str = "unpaired",
    alternative: str = "two-sided",
    confidence: float = 0.95,
    p_value_style: str = "graphpad",
) -> RankTestResult:
    """Mann-Whitney (``design="unpaired"``) or Wilcoxon signed-rank (``"paired"``) test of A vs B.

    NaN values are missing: unpaired they are left out; paired, A and B are paired by position
    and pairs with a missing member are dropped. A group that is ``None`` or empty gives
    ``missing-group``; a paired test whose differences are all zero gives ``zero-variance``.
    """
    from ..pvalues import STYLES

    check_choice("design", design, ("unpaired", "paired"))
    check_choice("alternative", alternative, ALTERNATIVES)
    check_choice("p_value_style", p_value_style, STYLES)
    c = check_confidence(confidence)
    ra, rb = as_float_array(a), as_float_array(b)
    test = "mann-whitney" if design == "unpaired" else "wilcoxon-signed-rank"
    if a is None or b is None or not np.isfinite(ra).any() or not np.isfinite(rb).any():
        return _result(
            test, design, alternative, c, p_value_style, status="missing-group",
            message="Both groups need at least one value.",
        )  # fmt: skip
    if design == "paired":
        return _signed_rank(ra, rb, alternative, c, p_value_style)
    return _mann_whitney(ra[np.isfinite(ra)], rb[np.isfinite(rb)], alternative, c, p_value_style)


def _mann_whitney(
    x: FloatArray, y: FloatArray, alternative: str, c: float, style: str
) -> RankTestResult:
    from scipy.stats import rankdata

    m, n = int(x.size), int(y.size)
    ranks = rankdata(np.concatenate([x, y]))
    w = float(ranks[:m].sum() - m * (m + 1) / 2.0)
    both = np.concatenate([x, y])
    ties = _tie_sum(both)
    exact = m < EXACT_LIMIT and n < EXACT_LIMIT and ties == 0
    common = {
        "n_a": m, "n_b": n, "median_a": float(np.median(x)), "median_b": float(np.median(y)),
        "statistic": w, "statistic_prism": min(w, m * n - w),
    }  # fmt: skip
    if float(both.max()) == float(both.min()):
        return _result(
            "mann-whitney", "unpaired", alternative, c, style, **common,  # type: ignore[arg-type]
            hl=(0.0, NAN, NAN, ""), status="zero-variance",
            message="All values are equal; the ranks cannot differ.",
        )  # fmt: skip
    total = m * n
    dist: FloatArray | None = None
    nn = m + n
    var = m * n / 12.0 * ((nn + 1) - ties / (nn * (nn - 1)))
    if exact:
        dist = u_distribution(m, n)
        p = _exact_p(dist, round(w), alternative)
        method = "exact"
    else:
        p = _normal_p(w - m * n / 2.0, math.sqrt(var), alternative)
        method = "normal"
    if total <= MAX_DIFFERENCES:
        diffs = np.subtract.outer(x, y).reshape(-1)
        hl = _hl_interval(diffs, dist, var, total, c)
    else:
        hl = (NAN, NAN, NAN, "")
    return _result(
        "mann-whitney", "unpaired", alternative, c, style, **common,  # type: ignore[arg-type]
        method=method, p=p, hl=hl, message=_hl_note(total),
    )  # fmt: skip


def _signed_rank(
    ra: FloatArray, rb: FloatArray, alternative: str, c: float, style: str
) -> RankTestResult:
    from scipy.stats import rankdata

    size = max(ra.size, rb.size)
    pa = np.full(size, NAN)
    pb = np.full(size, NAN)
    pa[: ra.size] = ra
    pb[: rb.size] = rb
    keep = np.isfinite(pa) & np.isfinite(pb)
    xa, xb = pa[keep], pb[keep]
    k = int(xa.size)
    test, design = "wilcoxon-signed-rank", "paired"
    if k == 0:
        return _result(
            test, design, alternative, c, style, status="too-few-values",
            message="No complete pairs.",
        )  # fmt: skip
    d_all = xa - xb
    d = d_all[d_all != 0]
    n = int(d.size)
    common = {
        "n_a": k, "n_b": k, "n_nonzero": n,
        "median_a": float(np.median(xa)), "median_b": float(np.median(xb)),
    }  # fmt: skip
    if n == 0:
        return _result(
            test, design, alternative, c, style, **common,  # type: ignore[arg-type]
            hl=(0.0, NAN, NAN, ""), status="zero-variance",
            message="Every difference is zero; the signed-rank test is undefined.",
        )  # fmt: skip
    ranks = rankdata(np.abs(d))
    v = float(ranks[d > 0].sum())
    total = n * (n + 1) // 2
    ties = _tie_sum(np.abs(d))
    zeros = n < k
    exact = n < EXACT_LIMIT and ties == 0 and not zeros
    dist: FloatArray | None = None
    var = n * (n + 1) * (2 * n + 1) / 24.0 - ties / 48.0
    if exact:
        dist = signed_rank_distribution(n)
        p = _exact_p(dist, round(v), alternative)
        method = "exact"
    else:
        p = _normal_p(v - n * (n + 1) / 4.0, math.sqrt(var), alternative) if var > 0 else NAN
        method = "normal"
    if total <= MAX_DIFFERENCES:
        i, j = np.triu_indices(n)
        walsh = (d[i] + d[j]) / 2.0
        hl = _hl_interval(walsh, dist, var, total, c)
    else:
        hl = (NAN, NAN, NAN, "")
    if not math.isfinite(p):
        return _result(
            test, design, alternative, c, style, **common,  # type: ignore[arg-type]
            statistic=v, statistic_prism=2 * v - total, hl=hl, status="zero-variance",
            message="The differences give no variance for the test.",
        )  # fmt: skip
    return _result(
        test, design, alternative, c, style, **common,  # type: ignore[arg-type]
        statistic=v, statistic_prism=2 * v - total, method=method, p=p, hl=hl,
        message=_hl_note(total),
    )  # fmt: skip
