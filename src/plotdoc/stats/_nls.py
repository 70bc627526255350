"""Nonlinear least-squares engine shared by the curve fits.

A thin layer over :func:`scipy.optimize.leastsq` (Levenberg-Marquardt, MINPACK ``lmder``, the
engine of ``curve_fit`` and of ``least_squares(method="lm")``, with an analytic Jacobian) that
adds what a curve-fitting report needs: asymptotic standard errors from ``(J'J)^-1`` scaled by
``SS / df`` (the convention of R's ``nls``, NIST StRD and Prism), parameter dependencies, and
a status instead of exceptions.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ._results import FloatArray, Status

Model = Callable[[FloatArray, FloatArray], FloatArray]
Jacobian = Callable[[FloatArray, FloatArray], FloatArray]

#: a parameter whose dependency exceeds this is not determined by the data (Prism's rule)
AMBIGUOUS_DEPENDENCY = 0.9999


@dataclass(frozen=True, slots=True)
class NLSFit:
    """Outcome of :func:`fit_least_squares` (internal)."""

    #: best-fit parameters (or the last iterate when not converged)
    params: FloatArray
    #: asymptotic standard errors, ``s * sqrt(diag((J'J)^-1))``
    se: FloatArray
    #: ``s^2 (J'J)^-1``, the asymptotic covariance of the parameters
    cov: FloatArray
    #: dependency of each parameter, ``1 - 1 / ((J'J)_ii ((J'J)^-1)_ii)``
    dependency: FloatArray
    #: residual sum of squares
    ss: float
    #: residual degrees of freedom, n - number of parameters
    df: int
    #: number of function evaluations
    nfev: int
    status: Status
    message: str


def covariance(jac: FloatArray, ss: float, df: int) -> tuple[FloatArray, FloatArray, bool]:
    """(covariance, dependencies, singular) from the Jacobian at the solution."""
    k = jac.shape[1]
    jtj = jac.T @ jac
    # scale to unit diagonal before inverting, for conditioning
    d = np.sqrt(np.diag(jtj))
    if not bool(np.all(d > 0)) or not bool(np.all(np.isfinite(jtj))):
        return np.full((k, k), math.nan), np.full(k, math.nan), True
    scaled = jtj / np.outer(d, d)
    try:
        inv_scaled = np.linalg.inv(scaled)
    except np.linalg.LinAlgError:
        return np.full((k, k), math.nan), np.full(k, math.nan), True
    if not bool(np.all(np.isfinite(inv_scaled))) or np.linalg.cond(scaled) > 1e15:
        return np.full((k, k), math.nan), np.full(k, math.nan), True
    inv = inv_scaled / np.outer(d, d)
    dependency = 1.0 - 1.0 / np.diag(inv_scaled)
    s2 = ss / df if df > 0 else math.nan
    return inv * s2, dependency, False


def fit_least_squares(
    model: Model, jac: Jacobian, x: FloatArray, y: FloatArray, p0: FloatArray
) -> NLSFit:
    """Minimise ``sum((y - model(x, p))^2)`` from ``p0``; never raises for data reasons.

    ``jac(x, p)`` returns the (n, k) Jacobian of the model; Fortran order saves a copy.
    """
    from scipy.optimize import leastsq

    k = p0.size
    n = y.size
    df = n - k
    nan_k = np.full(k, math.nan)
    nan_kk = np.full((k, k), math.nan)

    def fun(p: FloatArray) -> FloatArray:
        return model(x, p) - y

    def jac_rows(p: FloatArray) -> FloatArray:
        # MINPACK with col_deriv takes the (k, n) transpose
        return np.ascontiguousarray(jac(x, p).T)

    try:
        with np.errstate(all="ignore"):
            if not bool(np.all(np.isfinite(fun(p0)))):
                return NLSFit(p0.copy(), nan_k, nan_kk, nan_k, math.nan, df, 1,
                              "did-not-converge", "The curve is not finite at the start.")  # fmt: skip
            out = leastsq(fun, p0, Dfun=jac_rows, col_deriv=True, full_output=True,
                          xtol=1e-12, ftol=1e-12, gtol=1e-12, maxfev=200 * (k + 1))  # fmt: skip
    except (ValueError, TypeError, np.linalg.LinAlgError, FloatingPointError) as exc:
        return NLSFit(p0.copy(), nan_k, nan_kk, nan_k, math.nan, df, 0,
                      "did-not-converge", f"The fit failed: {exc}.")  # fmt: skip
    p = np.atleast_1d(np.asarray(out[0], dtype=np.float64))
    info, nfev, ier, mesg = out[2], int(out[2]["nfev"]), int(out[4]), str(out[3])
    r = np.asarray(info["fvec"], dtype=np.float64)
    ss = float(r @ r)
    if ier not in (1, 2, 3, 4) or not bool(np.all(np.isfinite(p))) or not math.isfinite(ss):
        return NLSFit(p, nan_k, nan_kk, nan_k, ss, df, nfev, "did-not-converge",
                      f"The fit did not converge ({mesg.strip()})")  # fmt: skip
    with np.errstate(all="ignore"):
        j = np.asarray(jac(x, p), dtype=np.float64)
    cov, dep, singular = covariance(j, ss, df)
    se = np.sqrt(np.diag(cov))
    if singular:
        return NLSFit(p, se, cov, dep, ss, df, nfev, "ambiguous",
                      "The data do not determine every parameter (singular J'J).")  # fmt: skip
    if bool(np.any(dep > AMBIGUOUS_DEPENDENCY)):
        return NLSFit(p, se, cov, dep, ss, df, nfev, "ambiguous",
                      "The data do not determine every parameter (dependency > 0.9999).")  # fmt: skip
    return NLSFit(p, se, cov, dep, ss, df, nfev, "ok", "Converged.")
