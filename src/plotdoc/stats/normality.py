"""Normality tests of one data set.

- ``dagostinoPearson``: D'Agostino-Pearson omnibus K² (``scipy.stats.normaltest``), n >= 8.
- ``shapiroWilk``: Shapiro-Wilk W (``scipy.stats.shapiro``, algorithm AS R94), 3 <= n <= 5000
  (R ``shapiro.test``'s range, where the algorithm's P value is accurate).
- ``andersonDarling``: A² against a normal with the sample mean and SD, P value as R
  ``nortest::ad.test`` computes it (Stephens' modified statistic ``A²(1 + 0.75/n + 2.25/n²)``
  and D'Agostino and Stephens' piecewise formulas), n >= 8. Hand-written.
- ``kolmogorovSmirnov``: Lilliefors' D (Kolmogorov-Smirnov with estimated mean and SD), P value
  as R ``nortest::lillie.test`` (Dallal and Wilkinson's approximation, Stephens' formula above
  0.1), n >= 5. Hand-written.

``passed`` is ``p > alpha`` (alpha 0.05): the data are consistent with a normal distribution.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ._results import NAN, FloatArray, ResultMixin, Status, check_choice, finite

NORMALITY_TESTS: tuple[str, ...] = (
    "dagostinoPearson",
    "shapiroWilk",
    "andersonDarling",
    "kolmogorovSmirnov",
)
_MIN_N = {"dagostinoPearson": 8, "shapiroWilk": 3, "andersonDarling": 8, "kolmogorovSmirnov": 5}
_MAX_N = {"shapiroWilk": 5000}
#: each test's name as a message says it
TEST_NAMES = {"dagostinoPearson": "The D'Agostino-Pearson test", "shapiroWilk": "The Shapiro-Wilk "
              "test", "andersonDarling": "The Anderson-Darling test",
              "kolmogorovSmirnov": "The Kolmogorov-Smirnov (Lilliefors) test"}  # fmt: skip
_NAMES = {"dagostinoPearson": "K2", "shapiroWilk": "W", "andersonDarling": "A2",
          "kolmogorovSmirnov": "D"}  # fmt: skip


@dataclass(frozen=True, slots=True)
class NormalityResult(ResultMixin):
    """Result of :func:`normality_test`."""

    #: the test (one of :data:`NORMALITY_TESTS`)
    test: str
    #: number of values used
    n: int
    #: name of the statistic: ``K2``, ``W``, ``A2`` or ``D``
    statistic_name: str
    #: the statistic
    statistic: float
    #: P value
    p: float
    #: significance level of ``passed``
    alpha: float
    #: ``p > alpha``; ``None`` when there is no P value (the status says why)
    passed: bool | None
    status: Status
    message: str


def ad_p_value(a2: float, n: int) -> float:
    """P value of the Anderson-Darling A² as R ``nortest::ad.test`` computes it."""
    aa = (1.0 + 0.75 / n + 2.25 / n**2) * a2
    if aa < 0.2:
        return 1.0 - math.exp(-13.436 + 101.14 * aa - 223.73 * aa**2)
    if aa < 0.34:
        return 1.0 - math.exp(-8.318 + 42.796 * aa - 59.938 * aa**2)
    if aa < 0.6:
        return math.exp(0.9177 - 4.279 * aa - 1.38 * aa**2)
    if aa < 10:
        return math.exp(1.2937 - 5.709 * aa + 0.0186 * aa**2)
    return 3.7e-24


def _anderson_darling(x: FloatArray) -> float:
    from scipy.special import log_ndtr

    n = x.size
    z = (x - x.mean()) / x.std(ddof=1)
    h = (2.0 * np.arange(1, n + 1) - 1.0) * (log_ndtr(z) + log_ndtr(-z)[::-1])
    return float(-n - h.mean())


def lilliefors_p_value(d: float, n: int) -> float:
    """P value of Lilliefors' D as R ``nortest::lillie.test`` computes it."""
    kd, nd = (d, n) if n <= 100 else (d * (n / 100.0) ** 0.49, 100)
    p = math.exp(
        -7.01256 * kd**2 * (nd + 2.78019)
        + 2.99587 * kd * math.sqrt(nd + 2.78019)
        - 0.122119
        + 0.974598 / math.sqrt(nd)
        + 1.67997 / nd
    )
    if p <= 0.1:
        return p
    kk = (math.sqrt(n) - 0.01 + 0.85 / math.sqrt(n)) * d
    if kk <= 0.302:
        return 1.0
    if kk <= 0.5:
        return 2.76773 - 19.828315 * kk + 80.709644 * kk**2 - 138.55152 * kk**3 + 81.218052 * kk**4
    if kk <= 0.9:
        return (
            -4.901232 + 40.662806 * kk - 97.490286 * kk**2 + 94.029866 * kk**3 - 32.355711 * kk**4
        )
    if kk <= 1.31:
        return 6.198765 - 19.558097 * kk + 23.186922 * kk**2 - 12.234627 * kk**3 + 2.423045 * kk**4
    return 0.0


def _lilliefors(x: FloatArray) -> float:
    from scipy.special import ndtr

    n = x.size
    p = ndtr((x - x.mean()) / x.std(ddof=1))
    i = np.arange(1, n + 1)
    return float(max((i / n - p).max(), (p - (i - 1) / n).max()))


def normality_test(
    values: npt.ArrayLike, test: str = "dagostinoPearson", alpha: float = 0.05
) -> NormalityResult:
    """Test whether the non-missing ``values`` look normally distributed.

    Status ``too-few-values`` below the test's minimum n (8, 3, 8, 5 as in the module
    docstring), ``too-many-values`` above Shapiro-Wilk's 5000, ``zero-variance`` when all
    values are equal.
    """
    check_choice("test", test, NORMALITY_TESTS)
    if not 0.0 < float(alpha) < 1.0:
        raise ValueError(f"alpha must be between 0 and 1, not {alpha!r}")
    x = np.sort(finite(values))
    n = int(x.size)
    name = _NAMES[test]

    def failed(status: Status, message: str) -> NormalityResult:
        return NormalityResult(test, n, name, NAN, NAN, alpha, None, status, message)

    if n < _MIN_N[test]:
        return failed(
            "too-few-values", f"{TEST_NAMES[test]} needs at least {_MIN_N[test]} values, not {n}."
        )
    if n > _MAX_N.get(test, n):
        return failed(
            "too-many-values",
            f"{TEST_NAMES[test]} takes at most {_MAX_N[test]} values (as R's shapiro.test), "
            f"not {n}; the D'Agostino-Pearson test takes any number from 8.",
        )
    if x[0] == x[-1] or not float(x.std(ddof=1)) > 0:
        return failed("zero-variance", "All values are equal: normality cannot be tested.")
    if test == "dagostinoPearson":
        from scipy.stats import normaltest

        res = normaltest(x)
        stat, p = float(res.statistic), float(res.pvalue)
    elif test == "shapiroWilk":
        from scipy.stats import shapiro

        res = shapiro(x)
        stat, p = float(res.statistic), float(res.pvalue)
    elif test == "andersonDarling":
        stat = _anderson_darling(x)
        p = ad_p_value(stat, n)
    else:
        stat = _lilliefors(x)
        p = lilliefors_p_value(stat, n)
    p = min(max(p, 0.0), 1.0)
    if not (math.isfinite(stat) and math.isfinite(p)):
        return failed("zero-variance", "The values vary too little for the test.")
    return NormalityResult(test, n, name, stat, p, alpha, p > alpha, "ok", "ok")
