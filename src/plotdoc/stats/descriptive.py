"""Descriptive statistics for graphs: the centre and error of a data set, boxes and whiskers.

Definitions (Prism's, see ``docs/analyses.md``):

- percentiles: rank ``R = P (n + 1) / 100`` of the sorted values, linear interpolation between
  ranks ``floor(R)`` and ``floor(R) + 1``, clamped to the minimum and maximum when ``R < 1`` or
  ``R > n`` (Hyndman and Fan type 6);
- CI of the mean: ``mean +/- t(1 - alpha/2, n - 1) * SEM``;
- CI of the median: the binomial (order statistic) interval ``[x(j), x(n + 1 - j)]`` with the
  largest ``j`` whose coverage ``P(j <= B <= n - j)``, ``B ~ Binomial(n, 1/2)``, is at least the
  requested level; the *actual* level is reported. With ``n <= 5`` no interval reaches 95 %:
  the widest (minimum to maximum) is given with its lower level and ``median_ci_below_requested``;
- geometric mean ``10^mean(log10 x)``, geometric SD factor ``10^SD(log10 x)``, CI of the geometric
  mean: the t-based CI of the mean of ``log10 x``, back-transformed; undefined (NaN) when any
  value is <= 0;
- Tukey whiskers: fences ``Q1 - 1.5 IQR`` and ``Q3 + 1.5 IQR``; each whisker ends at the most
  extreme data value inside its fence; values beyond the whiskers are outliers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal, TypeAlias

import numpy as np
import numpy.typing as npt

from ..contract.plots import CENTER_ERROR_MODES, XY_CENTERS, XY_ERRORS
from ._results import (
    NAN,
    FloatArray,
    ResultMixin,
    Status,
    as_float_array,
    check_choice,
    check_confidence,
    finite,
    t_quantile,
)

Whiskers: TypeAlias = Literal["tukey", "minToMax", "p10_90", "p5_95", "p2_5_97_5", "p1_99"]
WHISKERS: tuple[Whiskers, ...] = ("tukey", "minToMax", "p10_90", "p5_95", "p2_5_97_5", "p1_99")

#: percentile pairs of the percentile whisker choices
_WHISKER_PERCENTILES: dict[str, tuple[float, float]] = {
    "p10_90": (10.0, 90.0),
    "p5_95": (5.0, 95.0),
    "p2_5_97_5": (2.5, 97.5),
    "p1_99": (1.0, 99.0),
}

#: column / grouped / nested ``mode`` values that are a centre with an optional error bar
SUMMARY_MODES = (*CENTER_ERROR_MODES, "lineAtMean", "lineAtMedian")

# ---------------------------------------------------------------------------------------------
# percentiles


def _percentiles_sorted(s: FloatArray, ps: FloatArray) -> FloatArray:
    """Type-6 percentiles of the sorted, non-empty array ``s``."""
    n = s.size
    rank = ps * (n + 1) / 100.0  # 1-based rank
    rank = np.clip(rank, 1.0, float(n))
    lo = np.floor(rank).astype(np.int64)
    frac = rank - lo
    lo0 = lo - 1  # 0-based
    hi0 = np.minimum(lo0 + 1, n - 1)
    out: FloatArray = s[lo0] + frac * (s[hi0] - s[lo0])
    # exact ranks give the data value itself (no 0 * inf surprises)
    out = np.where(frac == 0.0, s[lo0], out)
    return out


def percentiles(values: npt.ArrayLike, ps: npt.ArrayLike) -> FloatArray:
    """Percentiles ``ps`` (0..100) of the non-missing ``values``, Prism's method (type 6).

    Returns NaN for every percentile when there is no value.
    """
    p = np.asarray(ps, dtype=np.float64).reshape(-1)
    if bool(np.any((p < 0) | (p > 100))):
        raise ValueError("percentiles must lie between 0 and 100")
    v = finite(values)
    if v.size == 0:
        return np.full(p.shape, NAN)
    return _percentiles_sorted(np.sort(v), p)


def percentile(values: npt.ArrayLike, p: float) -> float:
    """One percentile (0..100) of the non-missing ``values``, Prism's method (type 6)."""
    return float(percentiles(values, [p])[0])


# ---------------------------------------------------------------------------------------------
# CI of the median


@dataclass(frozen=True, slots=True)
class MedianCI(ResultMixin):
    """Binomial confidence interval of the median."""

    #: the median (mean of the two middle values when n is even)
    median: float
    #: lower limit, the value of rank ``lower_rank`` in the sorted data
    lower: float
    #: upper limit, the value of rank ``upper_rank`` in the sorted data
    upper: float
    #: 1-based rank of the lower limit (``j``); 0 when undefined
    lower_rank: int
    #: 1-based rank of the upper limit (``n + 1 - j``); 0 when undefined
    upper_rank: int
    #: requested confidence level (fraction)
    requested_level: float
    #: actual coverage ``P(j <= B <= n - j)`` of the interval, B ~ Binomial(n, 1/2)
    actual_level: float
    #: True when even the widest interval (minimum to maximum) is below the requested level
    below_requested: bool
    #: number of values used
    n: int
    status: Status
    message: str


def _median_ci_ranks(n: int, confidence: float) -> tuple[int, float, bool]:
    """(j, actual level, below requested) of the binomial CI of the median for n >= 2."""
    from scipy.stats import binom

    half = (n + 1) // 2  # j ranges over 1..half (j <= n + 1 - j)
    ks = np.arange(0, half, dtype=np.float64)  # k = j - 1
    tail = binom.cdf(ks, n, 0.5)  # P(B <= j - 1)
    levels = 1.0 - 2.0 * tail  # P(j <= B <= n - j)
    ok = np.nonzero(levels >= confidence - 1e-12)[0]
    if ok.size == 0:
        return 1, float(levels[0]), True
    j = int(ok[-1]) + 1
    return j, float(levels[j - 1]), False


def median_ci(values: npt.ArrayLike, confidence: float = 0.95) -> MedianCI:
    """Median and its binomial (order-statistic) confidence interval with the actual level."""
    c = check_confidence(confidence)
    v = np.sort(finite(values))
    n = int(v.size)
    if n == 0:
        return MedianCI(NAN, NAN, NAN, 0, 0, c, NAN, False, 0, "too-few-values", "No values.")
    med = float(np.median(v))
    if n == 1:
        return MedianCI(
            med, NAN, NAN, 0, 0, c, NAN, False, 1, "too-few-values",
            "The CI of the median needs at least two values.",
        )  # fmt: skip
    j, level, below = _median_ci_ranks(n, c)
    msg = (
        f"No interval reaches the requested {c:.4g} level with n = {n}; "
        f"the minimum-to-maximum interval has level {level:.6g}."
        if below
        else "ok"
    )
    return MedianCI(
        med, float(v[j - 1]), float(v[n - j]), j, n + 1 - j, c, level, below, n, "ok", msg
    )


# ---------------------------------------------------------------------------------------------
# geometric statistics


@dataclass(frozen=True, slots=True)
class Geometric(ResultMixin):
    """Geometric mean, geometric SD factor and CI of the geometric mean."""

    #: ``10^mean(log10 x)``
    geometric_mean: float
    #: ``10^SD(log10 x)`` (sample SD, n - 1); unitless, used as GM / factor to GM * factor
    geometric_sd_factor: float
    #: lower limit of the CI of the geometric mean (back-transformed t CI of the mean log)
    ci_lower: float
    #: upper limit of the CI of the geometric mean
    ci_upper: float
    #: mean of ``log10 x``
    mean_log10: float
    #: sample SD of ``log10 x``
    sd_log10: float
    #: confidence level of the CI (fraction)
    confidence: float
    #: number of values used
    n: int
    status: Status
    message: str


def _pow10(v: float) -> float:
    """``10^v``, infinity instead of an overflow error."""
    try:
        return math.pow(10.0, v)
    except OverflowError:
        return math.inf


def geometric(values: npt.ArrayLike, confidence: float = 0.95) -> Geometric:
    """Geometric mean, geometric SD factor and the CI of the geometric mean."""
    c = check_confidence(confidence)
    v = finite(values)
    n = int(v.size)
    if n == 0:
        return Geometric(NAN, NAN, NAN, NAN, NAN, NAN, c, 0, "too-few-values", "No values.")
    if bool(np.any(v <= 0)):
        return Geometric(
            NAN, NAN, NAN, NAN, NAN, NAN, c, n, "non-positive-values",
            "Geometric statistics need every value to be greater than zero.",
        )  # fmt: skip
    lg = np.log10(v)
    m = float(lg.mean())
    gm = _pow10(m)
    if n == 1:
        return Geometric(
            gm, NAN, NAN, NAN, m, NAN, c, 1, "ok",
            "The geometric SD and CI need at least two values.",
        )  # fmt: skip
    sd = float(lg.std(ddof=1))
    half = t_quantile(c, n - 1) * sd / math.sqrt(n)
    return Geometric(gm, _pow10(sd), _pow10(m - half), _pow10(m + half), m, sd, c, n, "ok", "ok")


# ---------------------------------------------------------------------------------------------
# box and whiskers


@dataclass(frozen=True, slots=True)
class BoxStats(ResultMixin):
    """A box (quartiles and median) and its whiskers."""

    #: whisker rule: tukey, minToMax, p10_90, p5_95, p2_5_97_5, p1_99
    whiskers: str
    #: number of values used
    n: int
    #: first quartile (25th percentile, type 6)
    q1: float
    #: median
    median: float
    #: third quartile (75th percentile, type 6)
    q3: float
    #: ``q3 - q1``
    iqr: float
    #: lower end of the whisker (a data value for tukey and minToMax, a percentile otherwise)
    lower_whisker: float
    #: upper end of the whisker
    upper_whisker: float
    #: Tukey lower fence ``q1 - 1.5 iqr`` (NaN for the other rules)
    lower_fence: float
    #: Tukey upper fence ``q3 + 1.5 iqr`` (NaN for the other rules)
    upper_fence: float
    #: values below the lower or above the upper whisker, sorted (plotted individually)
    outliers: FloatArray
    #: smallest value
    minimum: float
    #: largest value
    maximum: float
    #: mean (some graphs mark it with a +)
    mean: float
    status: Status
    message: str


def box_stats(values: npt.ArrayLike, whiskers: str = "tukey") -> BoxStats:
    """Quartiles, whiskers and outliers of the non-missing ``values``.

    ``whiskers``: ``tukey`` (1.5 IQR rule, whiskers end at data values), ``minToMax`` (no
    outliers), or a percentile pair ``p10_90``, ``p5_95``, ``p2_5_97_5``, ``p1_99`` (whiskers
    end at those type-6 percentiles; values beyond are outliers).
    """
    check_choice("whiskers", whiskers, WHISKERS)
    v = np.sort(finite(values))
    n = int(v.size)
    if n == 0:
        return BoxStats(
            whiskers, 0, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN,
            np.empty(0), NAN, NAN, NAN, "too-few-values", "No values.",
        )  # fmt: skip
    q1, med, q3 = (float(x) for x in _percentiles_sorted(v, np.array([25.0, 50.0, 75.0])))
    iqr = q3 - q1
    lf = uf = NAN
    if whiskers == "tukey":
        lf, uf = q1 - 1.5 * iqr, q3 + 1.5 * iqr
        inside = v[(v >= lf) & (v <= uf)]
        lw, uw = float(inside[0]), float(inside[-1])
    elif whiskers == "minToMax":
        lw, uw = float(v[0]), float(v[-1])
    else:
        lw, uw = (
            float(x) for x in _percentiles_sorted(v, np.array(_WHISKER_PERCENTILES[whiskers]))
        )
    outliers = v[(v < lw) | (v > uw)].copy()
    return BoxStats(
        whiskers, n, q1, med, q3, iqr, lw, uw, lf, uf, outliers,
        float(v[0]), float(v[-1]), float(v.mean()), "ok", "ok",
    )  # fmt: skip


# ---------------------------------------------------------------------------------------------
# summary


@dataclass(frozen=True, slots=True)
class Summary(ResultMixin):
    """Everything a graph may show about one data set (or one row of replicates)."""

    #: number of non-missing values
    n: int
    #: number of missing values left out
    n_missing: int
    #: arithmetic mean
    mean: float
    #: sample standard deviation (n - 1)
    sd: float
    #: standard error of the mean, ``sd / sqrt(n)``
    sem: float
    #: confidence level of the CIs below (fraction)
    confidence: float
    #: lower limit of the t-based CI of the mean
    mean_ci_lower: float
    #: upper limit of the t-based CI of the mean
    mean_ci_upper: float
    #: smallest value
    minimum: float
    #: largest value
    maximum: float
    #: ``maximum - minimum``
    range: float
    #: sum of the values
    sum: float
    #: coefficient of variation, ``sd / mean`` (a fraction)
    cv: float
    #: median (type-6 50th percentile)
    median: float
    #: lower limit of the binomial CI of the median
    median_ci_lower: float
    #: upper limit of the binomial CI of the median
    median_ci_upper: float
    #: actual confidence level of the median CI
    median_ci_level: float
    #: True when no interval reaches the requested level (n <= 5 at 95 %)
    median_ci_below_requested: bool
    #: 25th percentile
    q1: float
    #: 75th percentile
    q3: float
    #: ``q3 - q1``
    iqr: float
    #: 1st percentile
    p1: float
    #: 2.5th percentile
    p2_5: float
    #: 5th percentile
    p5: float
    #: 10th percentile
    p10: float
    #: 90th percentile
    p90: float
    #: 95th percentile
    p95: float
    #: 97.5th percentile
    p97_5: float
    #: 99th percentile
    p99: float
    #: geometric mean (NaN if any value <= 0)
    geometric_mean: float
    #: geometric SD factor
    geometric_sd_factor: float
    #: lower limit of the CI of the geometric mean
    geometric_ci_lower: float
    #: upper limit of the CI of the geometric mean
    geometric_ci_upper: float
    #: status of the geometric statistics (``non-positive-values`` when a value is <= 0)
    geometric_status: Status
    status: Status
    message: str


def _sd_sem(v: FloatArray) -> tuple[float, float]:
    """The SD and SEM of the non-empty finite values ``v`` (NaN for one value)."""
    n = int(v.size)
    if n < 2:
        return NAN, NAN
    sd = float(v.std(ddof=1))
    return sd, sd / math.sqrt(n)


def _mean_ci(mean: float, sem: float, n: int, confidence: float) -> tuple[float, float]:
    """The t confidence interval of a mean of ``n`` values (NaN ends for one value)."""
    if n < 2:
        return NAN, NAN
    half = t_quantile(confidence, n - 1) * sem
    return mean - half, mean + half


def summarize(values: npt.ArrayLike, *, confidence: float = 0.95) -> Summary:
    """Descriptive statistics of the non-missing ``values`` (see the module docstring).

    Status ``too-few-values`` when there is no value; with a single value the spread
    statistics (SD, SEM, CIs) are NaN and the status is ``ok``.
    """
    c = check_confidence(confidence)
    raw = as_float_array(values)
    v = np.sort(finite(raw))
    n = int(v.size)
    n_missing = int(raw.size - n)
    if n == 0:
        nan = NAN
        return Summary(
            0, n_missing, nan, nan, nan, c, nan, nan, nan, nan, nan, 0.0, nan, nan, nan, nan,
            nan, False, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan,
            nan, "too-few-values", "too-few-values", "No values.",
        )  # fmt: skip
    mean = float(v.mean())
    sd, sem = _sd_sem(v)
    mlo, mhi = _mean_ci(mean, sem, n, c)
    mci = median_ci(v, c)
    message = "ok" if n > 1 else "One value: SD, SEM and confidence intervals need at least two."
    ps = _percentiles_sorted(
        v, np.array([25.0, 50.0, 75.0, 1.0, 2.5, 5.0, 10.0, 90.0, 95.0, 97.5, 99.0])
    )
    q1, med, q3, p1, p2_5, p5, p10, p90, p95, p97_5, p99 = (float(x) for x in ps)
    g = geometric(v, c)
    cv = sd / mean if mean != 0 else NAN
    return Summary(
        n, n_missing, mean, sd, sem, c, mlo, mhi, float(v[0]), float(v[-1]),
        float(v[-1] - v[0]), float(v.sum()), cv, med, mci.lower, mci.upper, mci.actual_level,
        mci.below_requested, q1, q3, q3 - q1, p1, p2_5, p5, p10, p90, p95, p97_5, p99,
        g.geometric_mean, g.geometric_sd_factor, g.ci_lower, g.ci_upper, g.status, "ok", message,
    )  # fmt: skip


# ---------------------------------------------------------------------------------------------
# centre and error of a plot choice


@dataclass(frozen=True, slots=True)
class CenterError(ResultMixin):
    """What a point or bar with an error bar shows: a centre and the two bar ends."""

    #: the centre (mean, geometric mean or median)
    center: float
    #: lower end of the error bar (equal to ``center`` when there is no error bar)
    lower: float
    #: upper end of the error bar (equal to ``center`` when there is no error bar)
    upper: float
    #: which centre: mean, geoMean or median
    center_kind: str
    #: which error: sd, sem, ci95, range, iqr, geoCi95, geoSd, or none
    error_kind: str
    #: number of values used
    n: int
    status: Status
    message: str


_MODE_TO_PAIR: dict[str, tuple[str, str]] = {
    "mean": ("mean", "none"),
    "meanWithSd": ("mean", "sd"),
    "meanWithSem": ("mean", "sem"),
    "meanWithCi95": ("mean", "ci95"),
    "meanWithRange": ("mean", "range"),
    "geoMean": ("geoMean", "none"),
    "geoMeanWithCi95": ("geoMean", "geoCi95"),
    "geoMeanWithGeoSd": ("geoMean", "geoSd"),
    "median": ("median", "none"),
    "medianWithCi95": ("median", "ci95"),
    "medianWithRange": ("median", "range"),
    "medianWithIqr": ("median", "iqr"),
    "lineAtMean": ("mean", "none"),
    "lineAtMedian": ("median", "none"),
}


def _resolve_choice(center: str, error: str | None) -> tuple[str, str]:
    if center in _MODE_TO_PAIR:
        return _MODE_TO_PAIR[center]
    if center in XY_CENTERS:
        if error is not None:
            check_choice("error", error, XY_ERRORS)
        kind = {"meanError": "mean", "geoMeanError": "geoMean", "medianError": "median"}
        if center in kind:
            return kind[center], error or "sd"
        return ("mean" if center == "eachReplicate" else center), "none"
    raise ValueError(
        f"{center!r} is neither an xy center nor a summary mode; box, violin and"
        " before-after modes are drawn with box_stats / kernel_density"
    )


def _one_value(values: npt.ArrayLike, ckind: str, ekind: str) -> CenterError | None:
    """:func:`center_and_error` of a single finite value, without the full summary (a
    graph of 20,000 one-value cells, such as a frequency distribution, asks it 20,000 times);
    None for anything else. The mean and the median of one value are that value; an error
    of spread (SD, SEM, CI) needs two values, a range or IQR is the value itself."""
    if not (
        isinstance(values, np.ndarray)
        and values.size == 1
        and ckind in ("mean", "median")
        and ekind in ("none", "sd", "sem", "ci95", "range", "iqr")
    ):
        return None
    v = float(values.flat[0])
    if not math.isfinite(v):
        return None
    # the mean sums from +0.0, so the mean of -0.0 is 0.0; the median, range and
    # quartiles are the value itself
    mid = v + 0.0 if ckind == "mean" else v
    if ekind in ("sd", "sem", "ci95"):
        return CenterError(mid, NAN, NAN, ckind, ekind, 1, "ok", _NEEDS_TWO)
    end = mid if ekind == "none" else v
    return CenterError(mid, end, end, ckind, ekind, 1, "ok", "ok")


_NEEDS_TWO = "The error bar needs at least two values."


def center_and_error(
    values: npt.ArrayLike, center: str, error: str | None = None, *, confidence: float = 0.95
) -> CenterError:
    """Map a plot choice to (centre, lower, upper) for the non-missing ``values``.

    ``center`` is an xy centre (``mean``, ``meanError``, ``geoMean``, ``geoMeanError``,
    ``median``, ``medianError``, ``eachReplicate``) combined with an xy ``error`` (``sd``,
    ``sem``, ``ci95``, ``range``, ``geoCi95``, ``geoSd``; default ``sd`` for the ``...Error``
    centres and ignored by the others), or a column/grouped/nested summary ``mode`` such as
    ``meanWithSd`` (then ``error`` is ignored). Error bars: ``sd`` and ``sem`` are
    ``center +/- sd`` or ``sem``; ``ci95`` is the CI of the centre's own statistic (t CI of the
    mean, binomial CI of the median, back-transformed CI of the geometric mean); ``range`` is
    minimum to maximum; ``iqr`` is Q1 to Q3; ``geoCi95`` is the CI of the geometric mean and
    ``geoSd`` is ``GM / GSD`` to ``GM * GSD``. ``eachReplicate`` returns the mean (the value a
    connecting line goes through) without an error bar.
    """
    ckind, ekind = _resolve_choice(center, error)
    c = check_confidence(confidence)
    one = _one_value(values, ckind, ekind)
    if one is not None:
        return one
    # only the statistics the choice shows, each as :func:`summarize` computes it (a graph
    # asks this for every cell: the median's binomial CI, the geometric statistics and the
    # percentiles of a full summary cost ten times a mean with its SD)
    v = np.sort(finite(as_float_array(values)))
    n = int(v.size)
    if n == 0:
        return CenterError(NAN, NAN, NAN, ckind, ekind, 0, "too-few-values", "No values.")
    geo = geometric(v, c) if ckind == "geoMean" or ekind in ("geoCi95", "geoSd") else None
    if geo is not None and geo.status != "ok":
        return CenterError(
            NAN, NAN, NAN, ckind, ekind, n, geo.status,
            "Geometric statistics need every value to be greater than zero.",
        )  # fmt: skip
    mean = float(v.mean())
    sd, sem = _sd_sem(v)
    quartiles = (
        _percentiles_sorted(v, np.array([25.0, 50.0, 75.0]))
        if ckind == "median" or ekind == "iqr"
        else None
    )
    if ckind == "mean":
        mid = mean
    elif ckind == "median":
        assert quartiles is not None
        mid = float(quartiles[1])
    else:
        assert geo is not None
        mid = geo.geometric_mean
    lo = hi = mid
    if ekind == "sd":
        lo, hi = mid - sd, mid + sd
    elif ekind == "sem":
        lo, hi = mid - sem, mid + sem
    elif ekind == "ci95" and ckind == "mean":
        lo, hi = _mean_ci(mean, sem, n, c)
    elif ekind == "ci95" and ckind == "median":
        mci = median_ci(v, c)
        lo, hi = mci.lower, mci.upper
    elif ekind in ("ci95", "geoCi95"):
        assert geo is not None
        lo, hi = geo.ci_lower, geo.ci_upper
    elif ekind == "range":
        lo, hi = float(v[0]), float(v[-1])
    elif ekind == "iqr":
        assert quartiles is not None
        lo, hi = float(quartiles[0]), float(quartiles[2])
    elif ekind == "geoSd":
        assert geo is not None
        lo, hi = mid / geo.geometric_sd_factor, mid * geo.geometric_sd_factor
    message = "ok"
    if math.isnan(lo) or math.isnan(hi):
        message = _NEEDS_TWO
    return CenterError(mid, lo, hi, ckind, ekind, n, "ok", message)
