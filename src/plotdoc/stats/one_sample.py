"""One-sample tests against a hypothetical value.

- ``t``: one-sample t test of the mean, ``t = (mean - value) / SEM`` with n - 1 df and the
  t-based CI of the mean (hand-written on :func:`plotdoc.stats.descriptive.summarize`).
- ``wilcoxon``: Wilcoxon signed-rank test of the median. Values equal to the hypothetical value
  are left out (as R ``wilcox.test``); ``statistic`` is R's V, the sum of the ranks of the
  positive differences; ``sum_signed_ranks`` is Prism's W (positive minus negative ranks). The
  P value is ``scipy.stats.wilcoxon``'s (exact without ties for small n, else normal).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ._results import (
    NAN,
    ResultMixin,
    Status,
    check_choice,
    check_confidence,
    finite,
)
from .descriptive import summarize

ONE_SAMPLE_TESTS: tuple[str, ...] = ("t", "wilcoxon")


@dataclass(frozen=True, slots=True)
class OneSampleResult(ResultMixin):
    """Result of :func:`one_sample_test`."""

    #: ``t`` or ``wilcoxon``
    test: str
    #: the hypothetical value
    hypothetical_value: float
    #: number of values used (wilcoxon: after leaving out values equal to the hypothetical one)
    n: int
    #: mean of the values
    mean: float
    #: sample SD
    sd: float
    #: median of the values
    median: float
    #: ``mean - value`` (t) or ``median - value`` (wilcoxon)
    difference: float
    #: confidence level of the CI
    confidence: float
    #: CI of the mean (t); NaN for wilcoxon
    ci_lower: float
    ci_upper: float
    #: t, or V (sum of the ranks of the positive differences)
    statistic: float
    #: degrees of freedom (t); NaN for wilcoxon
    df: float
    #: two-tailed P value
    p: float
    #: wilcoxon: sum of signed ranks (positive minus negative), Prism's W; NaN for t
    sum_signed_ranks: float
    #: wilcoxon: the P value is exact; False for t
    exact: bool
    status: Status
    message: str


def one_sample_test(
    values: npt.ArrayLike,
    hypothetical_value: float = 0.0,
    test: str = "t",
    confidence: float = 0.95,
) -> OneSampleResult:
    """Test whether the mean (t) or median (wilcoxon) of ``values`` differs from a value.

    Status ``too-few-values`` with fewer than two values (wilcoxon: no value differing from
    the hypothetical one), ``zero-variance`` for t when all values are equal.
    """
    check_choice("test", test, ONE_SAMPLE_TESTS)
    c = check_confidence(confidence)
    mu = float(hypothetical_value)
    if not math.isfinite(mu):
        raise ValueError(f"hypothetical_value must be a finite number, not {hypothetical_value!r}")
    s = summarize(values, confidence=c)

    def failed(status: Status, message: str, n: int = s.n) -> OneSampleResult:
        return OneSampleResult(
            test, mu, n, s.mean, s.sd, s.median, NAN, c, NAN, NAN, NAN, NAN, NAN, NAN, False,
            status, message,
        )  # fmt: skip

    if test == "t":
        if s.n < 2:
            return failed("too-few-values", "The t test needs at least two values.")
        if not s.sd > 0:
            return failed("zero-variance", "All values are equal: the SEM is zero.")
        from scipy.special import stdtr

        t = (s.mean - mu) / s.sem
        p = float(2.0 * stdtr(s.n - 1, -abs(t)))
        return OneSampleResult(
            "t", mu, s.n, s.mean, s.sd, s.median, s.mean - mu, c, s.mean_ci_lower,
            s.mean_ci_upper, t, float(s.n - 1), p, NAN, False, "ok", "ok",
        )  # fmt: skip
    d = finite(values) - mu
    d = d[d != 0]
    if d.size == 0:
        return failed("too-few-values", "No value differs from the hypothetical value.", 0)
    from scipy.stats import rankdata, wilcoxon

    ranks = rankdata(np.abs(d))
    v = float(ranks[d > 0].sum())
    w = float(v - ranks[d < 0].sum())
    res = wilcoxon(d, method="auto")
    ties = bool(np.unique(np.abs(d)).size < d.size)
    exact = d.size <= 50 and not ties
    return OneSampleResult(
        "wilcoxon", mu, int(d.size), s.mean, s.sd, s.median, s.median - mu, c, NAN, NAN, v, NAN,
        float(res.pvalue), w, exact, "ok", "ok",
    )  # fmt: skip
