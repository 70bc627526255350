"""Four-parameter logistic (dose-response, variable slope) fit.

Models (``model``):

- ``logX``: ``Y = Bottom + (Top - Bottom) / (1 + 10^((LogEC50 - X) * HillSlope))``, X already
  a logarithm (or any X used as is); ``EC50 = 10^LogEC50``.
- ``linearX``: ``Y = Bottom + (Top - Bottom) / (1 + (EC50 / X)^HillSlope)``, X a concentration
  >= 0; X = 0 gives Bottom (HillSlope > 0) or Top (HillSlope < 0). Points with X < 0 are
  left out.

Both are fitted internally as the logX form (``linearX`` on ``log10 X``), so ``LogEC50`` is the
fitted parameter; for ``linearX`` the SE of EC50 follows by the delta method, which is exact
for the asymptotic ``(J'J)^-1`` covariance. Standard errors are ``s sqrt(diag((J'J)^-1))`` with
``s^2 = SS / df``; CIs are ``estimate +/- t(df) SE``, except the EC50 of ``logX`` whose CI is
``10^`` the CI of LogEC50 (asymmetric). Parameters may be held constant with ``fixed``.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeAlias

import numpy as np
import numpy.typing as npt

from ._nls import NLSFit, fit_least_squares
from ._results import (
    NAN,
    FloatArray,
    ResultMixin,
    Status,
    as_float_array,
    check_choice,
    check_confidence,
    float_array,
    t_quantile,
)

FourPLModel: TypeAlias = Literal["logX", "linearX"]
PARAMETERS: tuple[str, ...] = ("Bottom", "Top", "LogEC50", "HillSlope")
#: number of X values of the fitted curve and its confidence band
CURVE_POINTS = 100
_LN10 = math.log(10.0)


def _expit(z: FloatArray) -> FloatArray:
    """The logistic function ``1 / (1 + exp(-z))`` (exact limits 0 and 1 at -inf and inf)."""
    with np.errstate(over="ignore"):
        out: FloatArray = np.exp(-z)
    out += 1.0
    np.reciprocal(out, out=out)
    return out


def _curve(xp: FloatArray, theta: FloatArray) -> FloatArray:
    """The logX form at transformed X ``xp`` (may hold -inf) for ``theta`` = B, T, L, H."""
    b, t, lg, h = (float(v) for v in theta)
    with np.errstate(invalid="ignore", over="ignore"):
        z = (_LN10 * h) * (xp - lg)
        if h == 0:  # no slope: the midpoint everywhere, also at X' = -inf
            z = np.zeros_like(xp)
    out: FloatArray = b + (t - b) * _expit(z)
    return out


def _jacobian(xp: FloatArray, theta: FloatArray) -> FloatArray:
    """d curve / d (B, T, L, H) at ``xp``, shape (n, 4), Fortran order."""
    b, t, lg, h = (float(v) for v in theta)
    j = np.empty((4, xp.size), dtype=np.float64)
    with np.errstate(invalid="ignore", over="ignore"):
        dx = xp - lg
        z = (_LN10 * h) * dx if h != 0 else np.zeros_like(xp)
        s = _expit(z)
        np.subtract(1.0, s, out=j[0])
        j[1] = s
        ds = s * j[0] * ((t - b) * _LN10)
        np.multiply(ds, -h, out=j[2])
        np.multiply(ds, dx, out=j[3])
        far = np.isinf(dx)
        if far.any():
            j[3, far] = 0.0  # X = 0 in linearX: the limit of ds * dx is 0
    return j.T


def fourpl_curve(
    x: npt.ArrayLike,
    *,
    bottom: float,
    top: float,
    log_ec50: float,
    hill_slope: float,
    model: str = "logX",
) -> FloatArray:
    """Evaluate the four-parameter logistic of ``model`` at ``x`` (NaN for X < 0 in linearX)."""
    check_choice("model", model, ("logX", "linearX"))
    ax = float_array(x)
    xp = _transform(ax.reshape(-1), model)
    theta = np.array([bottom, top, log_ec50, hill_slope], dtype=np.float64)
    return _curve(xp, theta).reshape(ax.shape)


def _curve_grid(xv: FloatArray, model: str) -> FloatArray:
    """CURVE_POINTS X values evenly spaced in the model's own X (log X for linearX)."""
    lo, hi = float(xv.min()), float(xv.max())
    if model == "linearX" and lo > 0:
        return np.geomspace(lo, hi, CURVE_POINTS)
    return np.linspace(lo, hi, CURVE_POINTS)


def _transform(x: FloatArray, model: str) -> FloatArray:
    if model == "logX":
        return x
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(x >= 0, np.log10(np.maximum(x, 0.0)), np.nan)


@dataclass(frozen=True, slots=True)
class FourPLResult(ResultMixin):
    """Result of :func:`four_parameter_logistic`. SE and CI are NaN for fixed parameters."""

    #: logX or linearX
    model: str
    #: names of the parameters held constant (``fixed``)
    fixed: tuple[str, ...]
    #: number of points used
    n: int
    #: residual degrees of freedom, n minus the number of fitted parameters
    df: int
    #: confidence level of the CIs and the band (fraction)
    confidence: float
    #: lower plateau (Y at low X when HillSlope > 0)
    bottom: float
    #: upper plateau
    top: float
    #: log10 of the EC50: the X (logX) or log10 X (linearX) halfway between Bottom and Top
    log_ec50: float
    #: Hill slope (steepness; negative for a decreasing curve)
    hill_slope: float
    #: EC50, ``10^log_ec50``
    ec50: float
    #: SE of Bottom
    bottom_se: float
    #: SE of Top
    top_se: float
    #: SE of LogEC50
    log_ec50_se: float
    #: SE of HillSlope
    hill_slope_se: float
    #: SE of EC50 (linearX only, delta method; NaN for logX where EC50 has an asymmetric CI)
    ec50_se: float
    bottom_ci_lower: float
    bottom_ci_upper: float
    top_ci_lower: float
    top_ci_upper: float
    log_ec50_ci_lower: float
    log_ec50_ci_upper: float
    hill_slope_ci_lower: float
    hill_slope_ci_upper: float
    #: CI of EC50 (logX: 10^ CI of LogEC50; linearX: EC50 +/- t SE)
    ec50_ci_lower: float
    ec50_ci_upper: float
    #: residual sum of squares
    ss: float
    #: residual standard deviation ``sqrt(ss / df)``
    sy_x: float
    #: ``1 - ss / SS_total`` (SS_total about the mean Y)
    r_squared: float
    #: X values of the curve: CURVE_POINTS values from the smallest to the largest X, evenly
    #: spaced in the model's X (in log X for linearX when all X are positive)
    curve_x: FloatArray
    #: fitted Y at ``curve_x``
    curve_y: FloatArray
    #: lower confidence band of the curve
    confidence_lower: FloatArray
    #: upper confidence band of the curve
    confidence_upper: FloatArray
    #: ok (converged), too-few-values, zero-variance, ambiguous, did-not-converge
    status: Status
    message: str
    #: why a converged fit is not trusted (status ``ambiguous``), from :data:`FIT_WARNINGS`
    warnings: tuple[str, ...] = ()

    def evaluate(self, x: npt.ArrayLike) -> FloatArray:
        """The fitted curve at ``x`` (NaN everywhere when the fit gave no parameters)."""
        return fourpl_curve(
            x,
            bottom=self.bottom,
            top=self.top,
            log_ec50=self.log_ec50,
            hill_slope=self.hill_slope,
            model=self.model,
        )


#: The checks of a converged fit that make it ``ambiguous`` (as Prism flags an EC50 that the
#: data do not determine):
#:
#: - ``ec50-outside-x-range``: LogEC50 is below the smallest or above the largest X of the
#:   model (``linearX``: log10 of the smallest positive and of the largest X);
#: - ``ec50-ci-wide``: the CI of LogEC50 is wider than :data:`MAX_CI_DECADES` decades and
#:   than the range of X (of log10 X for ``linearX``), or cannot be computed;
#: - ``hill-slope-extreme``: ``|HillSlope|`` is above :data:`MAX_HILL_SLOPE`.
FIT_WARNINGS: dict[str, str] = {
    "ec50-outside-x-range": "The EC50 lies outside the range of X; the data do not determine it.",
    "ec50-ci-wide": "The confidence interval of the EC50 spans more than {decades} decades and "
    "more than the range of X.",
    "hill-slope-extreme": "The Hill slope's size is above {hill}; the curve is a step the data "
    "do not resolve.",
}
MAX_CI_DECADES = 3.0
MAX_HILL_SLOPE = 10.0


def fit_warnings(
    model: str, log_ec50: float, ci: tuple[float, float], hill_slope: float, x: FloatArray
) -> tuple[str, ...]:
    """The :data:`FIT_WARNINGS` names that apply to a converged fit on X values ``x``."""
    out: list[str] = []
    xs = x if model == "logX" else np.log10(x[x > 0]) if (x > 0).any() else x[:0]
    if xs.size and not float(xs.min()) <= log_ec50 <= float(xs.max()):
        out.append("ec50-outside-x-range")
    width = ci[1] - ci[0]
    span = float(xs.max() - xs.min()) if xs.size else 0.0
    if not width <= max(MAX_CI_DECADES, span):  # NaN too
        out.append("ec50-ci-wide")
    if abs(hill_slope) > MAX_HILL_SLOPE:
        out.append("hill-slope-extreme")
    return tuple(out)


def _initial_values(xp: FloatArray, y: FloatArray) -> FloatArray:
    """Start from the data: plateaus at the extreme Y, LogEC50 where Y crosses halfway."""
    ylo, yhi = float(y.min()), float(y.max())
    fin = np.isfinite(xp)
    xf, yf = xp[fin], y[fin]
    ux, inv = np.unique(xf, return_inverse=True)
    if ux.size == 0:
        return np.array([ylo, yhi, 0.0, 1.0])
    ym = np.bincount(inv, weights=yf) / np.bincount(inv)
    cov = float(((xf - xf.mean()) * (yf - yf.mean())).sum()) if xf.size > 1 else 0.0
    if not fin.all():  # X = 0 in linearX sits at the far left
        y0 = float(y[~fin].mean())
        cov = cov if cov != 0 else (float(yf.mean()) - y0)
    sign = -1.0 if cov < 0 else 1.0
    mid = 0.5 * (ylo + yhi)
    lg = float(np.median(ux))
    d = ym - mid
    cross = np.nonzero(d[:-1] * d[1:] <= 0)[0]
    if cross.size:
        i = int(cross[0])
        if d[i + 1] != d[i]:
            lg = float(ux[i] + (ux[i + 1] - ux[i]) * (-d[i]) / (d[i + 1] - d[i]))
        else:
            lg = float(ux[i])
    span = float(ux[-1] - ux[0])
    hill = sign * (4.0 / span if span > 0 else 1.0)
    return np.array([ylo, yhi, lg, hill])


def _parameter_map(given: Mapping[str, float] | None) -> dict[str, float]:
    """Check parameter names; an ``EC50`` entry is given as its ``LogEC50``."""
    out: dict[str, float] = {}
    for name, value in (given or {}).items():
        if name == "EC50":
            out["LogEC50"] = math.log10(value)
        else:
            check_choice("parameter", name, PARAMETERS)
            out[name] = float(value)
    return out


def _failed(
    model: str, fixed: tuple[str, ...], n: int, df: int, c: float, status: Status, message: str
) -> FourPLResult:
    values: dict[str, Any] = {}
    for f in dataclasses.fields(FourPLResult):
        values[f.name] = np.empty(0, dtype=np.float64) if f.type == "FloatArray" else NAN
    values.update(model=model, fixed=fixed, n=n, df=df, confidence=c, warnings=())
    values.update(status=status, message=message)
    return FourPLResult(**values)


def four_parameter_logistic(
    x: npt.ArrayLike,
    y: npt.ArrayLike,
    *,
    model: str = "logX",
    fixed: Mapping[str, float] | None = None,
    initial: Mapping[str, float] | None = None,
    confidence: float = 0.95,
) -> FourPLResult:
    """Fit the four-parameter logistic of ``model`` to (x, y); never raises for data reasons.

    ``x`` and ``y`` have equal shape (replicates flattened, X repeated); pairs with a missing
    value are left out. ``fixed`` holds parameters (``Bottom``, ``Top``, ``LogEC50``,
    ``HillSlope``) at constants; ``initial`` overrides the automatic start (plateaus at the
    extreme Y values, LogEC50 where the mean Y per X crosses halfway, HillSlope of the sign
    of the trend and size ``4 / X range``). When the first start fails, the fit is retried
    from starts with a shallower and a steeper slope. Statuses: ``ok`` (converged),
    ``too-few-values`` (no more points than fitted parameters), ``zero-variance`` (all Y or
    all X equal), ``ambiguous`` (converged, but a parameter's dependency exceeds 0.9999 or
    J'J is singular; SEs may be NaN), ``did-not-converge``.
    """
    check_choice("model", model, ("logX", "linearX"))
    c = check_confidence(confidence)
    fixed_map = _parameter_map(fixed)
    start_map = _parameter_map(initial)
    fixed_names = tuple(p for p in PARAMETERS if p in fixed_map)
    free = np.array([p not in fixed_map for p in PARAMETERS])
    k = int(free.sum())

    prepared = prepare(x, y, model, fixed_names, k, c)
    if isinstance(prepared, FourPLResult):
        return prepared
    xp, yv, xv = prepared

    given = {**start_map, **fixed_map}
    auto = _initial_values(xp, yv) if len(given) < 4 else np.zeros(4)
    theta0 = np.array([given.get(p, float(auto[i])) for i, p in enumerate(PARAMETERS)])

    def full(p: FloatArray) -> FloatArray:
        th = theta0.copy()
        th[free] = p
        return th

    def f_model(xx: FloatArray, p: FloatArray) -> FloatArray:
        return _curve(xx, full(p))

    def f_jac(xx: FloatArray, p: FloatArray) -> FloatArray:
        j = _jacobian(xx, full(p))
        return j if k == 4 else j[:, free]

    starts = [theta0[free]]
    if "HillSlope" not in start_map and "HillSlope" not in fixed_map:
        for scale in (0.2, 5.0):
            alt = theta0.copy()
            alt[3] *= scale
            starts.append(alt[free])
    best = None
    for p0 in starts:
        fit = fit_least_squares(f_model, f_jac, xp, yv, p0)
        if fit.status == "ok":
            best = fit
            break
        if best is None or (fit.status == "ambiguous" and best.status != "ambiguous"):
            best = fit
    assert best is not None
    return finish(model, fixed_names, c, full(best.params), free, best, xv, yv)


def prepare(
    x: npt.ArrayLike, y: npt.ArrayLike, model: str, fixed: tuple[str, ...], k: int, c: float
) -> tuple[FloatArray, FloatArray, FloatArray] | FourPLResult:
    """(transformed X, Y, X) of the complete points, or the failed result when none can fit."""
    ax = as_float_array(x)
    ay = as_float_array(y)
    if ax.shape != ay.shape:
        raise ValueError(f"x and y differ in size ({ax.size} and {ay.size})")
    xp_all = _transform(ax, model)
    if math.isfinite(float(ax.sum()) + float(ay.sum())) and model == "logX":
        xp, yv, xv = xp_all, ay, ax  # nothing missing
    else:
        keep = ~np.isnan(xp_all) & np.isfinite(ay) & np.isfinite(ax)
        xp, yv, xv = xp_all[keep], ay[keep], ax[keep]
    n = int(yv.size)
    df = n - k
    if df < 1:
        return _failed(model, fixed, n, df, c, "too-few-values",
                       f"Fitting {k} parameters needs more than {k} points; there are {n}.")  # fmt: skip
    if float(yv.max() - yv.min()) == 0.0 or float(xv.max() - xv.min()) == 0.0:
        return _failed(model, fixed, n, df, c, "zero-variance",
                       "All Y values (or all X values) are equal; no curve can be fitted.")  # fmt: skip
    return xp, yv, xv


def finish(
    model: str,
    fixed_names: tuple[str, ...],
    c: float,
    theta: FloatArray,
    free: npt.NDArray[np.bool_],
    best: NLSFit,
    xv: FloatArray,
    yv: FloatArray,
) -> FourPLResult:
    """The result of a fit that gave parameters ``theta`` (all four) from ``best``."""
    n = int(yv.size)
    df = best.df
    if best.status == "did-not-converge":
        return _failed(model, fixed_names, n, df, c, best.status, best.message)
    se = np.full(4, NAN)
    se[free] = best.se
    tq = t_quantile(c, df)
    lo, hi = theta - tq * se, theta + tq * se
    with np.errstate(over="ignore"):
        ec50 = 10.0 ** theta[2]
        if model == "logX":
            ec50_se = NAN
            ec_lo, ec_hi = 10.0 ** lo[2], 10.0 ** hi[2]
        else:
            ec50_se = float(ec50 * _LN10 * se[2])
            ec_lo, ec_hi = ec50 - tq * ec50_se, ec50 + tq * ec50_se
    ss_tot = float(((yv - yv.mean()) ** 2).sum())
    curve_x = _curve_grid(xv, model)
    cxp = _transform(curve_x, model)
    curve_y = _curve(cxp, theta)
    g = _jacobian(cxp, theta)[:, free]
    var = np.einsum("ij,jk,ik->i", g, best.cov, g)
    band = tq * np.sqrt(np.maximum(var, 0.0))
    status, message = best.status, best.message
    warned: tuple[str, ...] = ()
    if status == "ok" and free[2]:
        warned = fit_warnings(
            model, float(theta[2]), (float(lo[2]), float(hi[2])), float(theta[3]), xv
        )
        if warned:
            status = "ambiguous"
            text = " ".join(FIT_WARNINGS[w] for w in warned)
            message = text.format(decades=f"{MAX_CI_DECADES:g}", hill=f"{MAX_HILL_SLOPE:g}")
    return FourPLResult(
        model, fixed_names, n, df, c, float(theta[0]), float(theta[1]), float(theta[2]),
        float(theta[3]), float(ec50), float(se[0]), float(se[1]), float(se[2]), float(se[3]),
        ec50_se, float(lo[0]), float(hi[0]), float(lo[1]), float(hi[1]), float(lo[2]),
        float(hi[2]), float(lo[3]), float(hi[3]), float(ec_lo), float(ec_hi), best.ss,
        math.sqrt(best.ss / df), 1.0 - best.ss / ss_tot if ss_tot > 0 else math.nan, curve_x,
        curve_y, curve_y - band,
        curve_y + band, status, message, warned,
    )  # fmt: skip
