"""Simple linear regression ``Y = intercept + slope * X`` with confidence and prediction bands.

Computed from centred sums (``Sxx``, ``Sxy`` about the means) and the residuals themselves,
in blocks over the data, which keeps about 12 significant digits on NIST's Norris data. With replicates the caller
flattens: X repeated once per replicate value. Pairs with a missing X or Y are left out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ._results import (
    NAN,
    FloatArray,
    ResultMixin,
    Status,
    as_float_array,
    float_array,
    nan_array,
    t_quantile,
)

#: number of X values of the fitted curve and bands
CURVE_POINTS = 100


@dataclass(frozen=True, slots=True)
class LinearRegressionResult(ResultMixin):
    """Result of :func:`linear_regression`."""

    #: number of (X, Y) pairs used
    n: int
    #: confidence level of every CI and band, in percent (90, 95, 99 or any in (0, 100))
    confidence_level: float
    #: best-fit slope
    slope: float
    #: best-fit Y intercept (Y at X = 0)
    intercept: float
    #: standard error of the slope
    slope_se: float
    #: standard error of the intercept
    intercept_se: float
    #: CI of the slope, lower limit
    slope_ci_lower: float
    #: CI of the slope, upper limit
    slope_ci_upper: float
    #: CI of the intercept, lower limit
    intercept_ci_lower: float
    #: CI of the intercept, upper limit
    intercept_ci_upper: float
    #: X intercept, ``-intercept / slope`` (NaN when the slope is 0)
    x_intercept: float
    #: ``1 / slope``
    inverse_slope: float
    #: coefficient of determination, ``SS_regression / (SS_regression + SS_residual)``
    r_squared: float
    #: residual standard deviation ``sqrt(SS_residual / (n - 2))``
    sy_x: float
    #: regression sum of squares
    ss_regression: float
    #: residual sum of squares
    ss_residual: float
    #: F statistic of the test "slope is zero", ``SS_regression / (SS_residual / (n - 2))``
    f: float
    #: numerator df of F (1)
    dfn: float
    #: denominator df of F (n - 2)
    dfd: float
    #: P value of the F test (equal to the two-tailed t test of the slope)
    p: float
    #: X values of the curve: CURVE_POINTS values from the smallest to the largest X
    curve_x: FloatArray
    #: fitted Y at ``curve_x``
    curve_y: FloatArray
    #: lower confidence band of the line (the CI of the mean Y at each X)
    confidence_lower: FloatArray
    #: upper confidence band of the line
    confidence_upper: FloatArray
    #: lower prediction band (where a new single observation is expected)
    prediction_lower: FloatArray
    #: upper prediction band
    prediction_upper: FloatArray
    status: Status
    message: str


#: block length of the passes over the data (keeps temporaries small and cache-resident)
_BLOCK = 8_192


def _clean_pairs(x: npt.ArrayLike, y: npt.ArrayLike) -> tuple[FloatArray, FloatArray, float, float]:
    """Flat X and Y without missing pairs, and their sums."""
    ax = float_array(x)
    ay = float_array(y)
    if ax.ndim == 1 and ay.ndim == 2 and ay.shape[0] == ax.shape[0] and ay.shape != ax.shape:
        ax = np.repeat(ax, ay.shape[1])  # one X per row, Y with replicate columns
    fx, fy = as_float_array(ax), as_float_array(ay)
    if fx.shape != fy.shape:
        raise ValueError(f"x and y differ in size ({fx.size} and {fy.size})")
    sx, sy = float(fx.sum()), float(fy.sum())
    if math.isfinite(sx) and math.isfinite(sy):  # no NaN or infinity anywhere
        return fx, fy, sx, sy
    keep = np.isfinite(fx) & np.isfinite(fy)
    fx, fy = fx[keep], fy[keep]
    return fx, fy, float(fx.sum()), float(fy.sum())


def _centred_sums(
    fx: FloatArray, fy: FloatArray, xm: float, ym: float, slope: float | None
) -> tuple[float, float, float]:
    """(Sxx, Sxy, Syy) about the means, or with ``slope`` (0, 0, residual SS), block by block."""
    n = fx.size
    size = min(n, _BLOCK)
    bx = np.empty(size, dtype=np.float64)
    by = np.empty(size, dtype=np.float64)
    sxx = sxy = syy = 0.0
    for start in range(0, n, _BLOCK):
        stop = min(start + _BLOCK, n)
        dx, dy = bx[: stop - start], by[: stop - start]
        np.subtract(fx[start:stop], xm, out=dx)
        np.subtract(fy[start:stop], ym, out=dy)
        if slope is None:
            sxx += float(dx @ dx)
            sxy += float(dx @ dy)
        else:
            dx *= slope
            dy -= dx  # residuals
        syy += float(dy @ dy)
    return sxx, sxy, syy


def linear_regression(
    x: npt.ArrayLike,
    y: npt.ArrayLike,
    *,
    confidence_level: float = 95,
    curve_at: npt.ArrayLike | None = None,
) -> LinearRegressionResult:
    """Least-squares straight line through (x, y) with its statistics and bands.

    ``x`` and ``y`` have equal shape (or ``x`` one value per row of a 2-D ``y`` with
    replicate columns). Statuses: ``too-few-values`` with fewer than 3 pairs (with exactly
    2 the line itself is given, its SEs and bands are NaN), ``zero-variance`` when all X are
    equal. The line and its bands are given at ``curve_at`` when given (a graph samples them
    evenly in its axis' scale), else at CURVE_POINTS X values from the smallest to the largest.
    """
    level = float(confidence_level)
    if not 0.0 < level < 100.0:
        raise ValueError(f"confidence_level must be a percentage in (0, 100), not {level!r}")
    fx, fy, sum_x, sum_y = _clean_pairs(x, y)
    n = int(fx.size)
    empty = np.empty(0, dtype=np.float64)
    nan = NAN

    def failed(status: Status, message: str) -> LinearRegressionResult:
        return LinearRegressionResult(
            n, level, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan,
            nan, nan, nan, empty, empty, empty, empty, empty, empty, status, message,
        )  # fmt: skip

    if n < 2:
        return failed("too-few-values", "A line needs at least two (X, Y) pairs.")
    xm = sum_x / n
    ym = sum_y / n
    sxx, sxy, _ = _centred_sums(fx, fy, xm, ym, None)
    if not sxx > 0:
        return failed("zero-variance", "All X values are equal; the slope is undefined.")
    slope = sxy / sxx
    intercept = ym - slope * xm
    x_intercept = -intercept / slope if slope != 0 else nan
    inverse_slope = 1.0 / slope if slope != 0 else nan
    curve_x = (
        np.linspace(float(fx.min()), float(fx.max()), CURVE_POINTS)
        if curve_at is None
        else np.asarray(curve_at, dtype=np.float64).reshape(-1)
    )
    curve_y = intercept + slope * curve_x
    if n == 2:
        na = nan_array(curve_x.size)
        return LinearRegressionResult(
            n, level, slope, intercept, nan, nan, nan, nan, nan, nan, x_intercept,
            inverse_slope, nan, nan, nan, 0.0, nan, 1.0, 0.0, nan, curve_x, curve_y,
            na, na, na, na.copy(), "too-few-values",
            "Two points define the line but leave no degrees of freedom for its errors.",
        )  # fmt: skip
    ss_res = _centred_sums(fx, fy, xm, ym, slope)[2]
    ss_reg = slope * sxy
    df = n - 2
    ms_res = ss_res / df
    sy_x = math.sqrt(ms_res)
    slope_se = sy_x / math.sqrt(sxx)
    intercept_se = sy_x * math.sqrt(1.0 / n + xm * xm / sxx)
    total = ss_reg + ss_res
    r2 = ss_reg / total if total > 0 else nan
    from scipy.special import fdtrc

    tq = t_quantile(level / 100.0, df)
    if ms_res > 0:
        f = ss_reg / ms_res
        p = float(fdtrc(1.0, df, f))
    else:
        f, p = math.inf, 0.0
    if total == 0:
        f = p = nan
    h = (curve_x - xm) ** 2 / sxx
    conf = tq * sy_x * np.sqrt(1.0 / n + h)
    pred = tq * sy_x * np.sqrt(1.0 + 1.0 / n + h)
    message = "ok" if total > 0 else "All Y values are equal; R squared and F are undefined."
    return LinearRegressionResult(
        n, level, slope, intercept, slope_se, intercept_se,
        slope - tq * slope_se, slope + tq * slope_se,
        intercept - tq * intercept_se, intercept + tq * intercept_se,
        x_intercept, inverse_slope, r2, sy_x, ss_reg, ss_res, f, 1.0, float(df), p,
        curve_x, curve_y, curve_y - conf, curve_y + conf, curve_y - pred, curve_y + pred,
        "ok", message,
    )  # fmt: skip
