"""Many four-parameter logistic fits at once: every data set of a table fitted together.

:func:`fit_many` gives the same results as :func:`~plotdoc.stats.four_parameter_logistic` on
each (x, y) pair: the same automatic start and the same two retries (a shallower and a
steeper slope) when the first start does not give a determined fit, the same statuses, standard
errors and band. Only the engine differs: instead of one MINPACK run per fit, a
Levenberg-Marquardt iteration runs on every unfinished fit at once with numpy's batched 4 x 4
solves, so 500 small fits cost a few hundred array operations rather than hundreds of
thousands of Python calls. Each fit is stopped after :data:`MAX_ITERATIONS` iterations
(``did-not-converge``), and the budget's deadline is checked between iterations.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ._nls import AMBIGUOUS_DEPENDENCY, NLSFit, covariance
from ._results import FloatArray, check_choice
from .budget import check, reserve
from .fourpl import _LN10, FourPLResult, _initial_values, finish, prepare

#: iterations of one start before the fit is given up (``did-not-converge``)
MAX_ITERATIONS = 200
#: a step smaller than this, relative to the parameters, ends the iteration
_XTOL = 1e-10
#: actual and predicted relative decreases of the sum of squares below this end it too
_FTOL = 1e-12
#: as does a gradient this close to orthogonal to the residuals
_GTOL = 1e-12
_ALL = np.ones(4, dtype=bool)


def fit_many(
    pairs: Sequence[tuple[npt.ArrayLike, npt.ArrayLike]],
    *,
    model: str = "logX",
    confidence: float = 0.95,
) -> list[FourPLResult]:
    """Fit the 4PL of ``model`` to every (x, y) pair; one result per pair, in order."""
    check_choice("model", model, ("logX", "linearX"))
    out: list[FourPLResult | None] = [None] * len(pairs)
    todo: list[tuple[int, FloatArray, FloatArray, FloatArray, FloatArray]] = []
    for i, (x, y) in enumerate(pairs):
        prepared = prepare(x, y, model, (), 4, confidence)
        if isinstance(prepared, FourPLResult):
            out[i] = prepared
            continue
        xp, yv, xv = prepared
        todo.append((i, xp, yv, xv, _initial_values(xp, yv)))
    fits: dict[int, NLSFit] = {}
    pending = todo
    for scale in (1.0, 0.2, 5.0):  # the start, then the retries of four_parameter_logistic
        if not pending:
            break
        starts = np.array([t[4] for t in pending])
        starts[:, 3] *= scale
        results = _fit_batch([t[1] for t in pending], [t[2] for t in pending], starts)
        retry = []
        for item, fit in zip(pending, results, strict=True):
            i = item[0]
            best = fits.get(i)
            if best is None or (fit.status == "ambiguous" and best.status != "ambiguous"):
                fits[i] = fit
            if fit.status != "ok":
                retry.append(item)
            else:
                fits[i] = fit
        pending = retry
    for i, _xp, yv, xv, _start in todo:
        fit = fits[i]
        out[i] = finish(model, (), confidence, fit.params, _ALL, fit, xv, yv)
    return [r for r in out if r is not None]


def _residuals(
    theta: FloatArray, x: FloatArray, y: FloatArray, w: FloatArray
) -> tuple[FloatArray, FloatArray]:
    """Weighted residuals (fits, points) and Jacobian (fits, points, 4) of the logX form."""
    b, t, lg, h = (theta[:, j : j + 1] for j in range(4))
    with np.errstate(all="ignore"):
        dx = x - lg
        far = np.isinf(dx)
        z = _LN10 * h * dx
        z = np.where(far & (h == 0), 0.0, z)  # no slope: the midpoint, also at X' = -inf
        s = 1.0 / (1.0 + np.exp(-z))
        r = (b + (t - b) * s - y) * w
        jac = np.empty((*x.shape, 4))
        jac[..., 0] = (1.0 - s) * w
        jac[..., 1] = s * w
        ds = s * (1.0 - s) * ((t - b) * _LN10) * w
        jac[..., 2] = ds * -h
        jac[..., 3] = np.where(far, 0.0, ds * dx)
    return r, jac


def _fit_batch(xs: list[FloatArray], ys: list[FloatArray], theta0: FloatArray) -> list[NLSFit]:
    """Levenberg-Marquardt (Marquardt's scaling) on every fit at once, then each one's report."""
    m = len(xs)
    width = max(x.size for x in xs)
    reserve(m * width * 8.0 * 40, "fitting these curves")
    x = np.zeros((m, width))
    y = np.zeros((m, width))
    w = np.zeros((m, width))
    for i, (xi, yi) in enumerate(zip(xs, ys, strict=True)):
        x[i, : xi.size], y[i, : yi.size], w[i, : xi.size] = xi, yi, 1.0
    theta = theta0.astype(np.float64, copy=True)
    r, jac = _residuals(theta, x, y, w)
    ss = np.einsum("ij,ij->i", r, r)
    lam = np.full(m, 1e-3)
    scale = np.zeros((m, 4))
    done = ~np.isfinite(ss)  # not finite at the start: given up at once
    converged = np.zeros(m, dtype=bool)
    eye = np.eye(4)
    for _ in range(MAX_ITERATIONS):
        active = np.nonzero(~done)[0]
        if active.size == 0:
            break
        check()
        ja, ra = jac[active], r[active]
        jtj = np.einsum("fni,fnj->fij", ja, ja)
        grad = np.einsum("fni,fn->fi", ja, ra)
        diag = np.einsum("fii->fi", jtj)
        scale[active] = np.maximum(scale[active], diag)
        d = np.where(scale[active] > 0, scale[active], 1.0)
        system = jtj + (lam[active, None] * d)[:, :, None] * eye
        with np.errstate(all="ignore"):
            try:
                step = np.linalg.solve(system, -grad[..., None])[..., 0]
            except np.linalg.LinAlgError:
                step = np.stack([_solve_one(a, -g) for a, g in zip(system, grad, strict=True)])
        trial = theta[active] + step
        r_new, jac_new = _residuals(trial, x[active], y[active], w[active])
        ss_new = np.einsum("ij,ij->i", r_new, r_new)
        better = np.isfinite(ss_new) & (ss_new <= ss[active]) & np.isfinite(trial).all(axis=1)
        # MINPACK's tests: actual and predicted relative reductions both tiny, or the
        # residuals orthogonal to every column of the Jacobian
        with np.errstate(all="ignore"):
            js = np.einsum("fni,fi->fn", ja, step)
            base = ss[active]
            pred = (
                np.einsum("fn,fn->f", js, js) + 2.0 * lam[active] * (d * step * step).sum(1)
            ) / base
            actual = (base - ss_new) / base
            flat = (np.abs(actual) <= _FTOL) & (pred <= _FTOL) & (actual <= 2.0 * pred)
            cos = np.abs(grad) / np.sqrt(np.maximum(diag, 1e-300) * base[:, None])
            flat |= np.all(cos <= _GTOL, axis=1) | (base == 0.0)
            # a curve turning into a step (J'J singular) while barely improving: the fit is
            # ambiguous; MINPACK stops there on its relative tests, so does this
            unit = np.sqrt(np.maximum(diag, 1e-300))
            eig = _eigenvalues(jtj / unit[:, :, None] / unit[:, None, :])
            flat |= (eig[:, 0] <= 1e-14 * eig[:, -1]) & (np.abs(actual) <= 1e-6)
        acc = active[better]
        # the step is small in Marquardt's scaled norm (MINPACK's xtol test)
        db = d[better]
        small_step = np.sqrt((db * step[better] ** 2).sum(1)) <= _XTOL * np.sqrt(
            (db * trial[better] ** 2).sum(1)
        )
        theta[acc], r[acc], jac[acc], ss[acc] = (
            trial[better],
            r_new[better],
            jac_new[better],
            ss_new[better],
        )
        lam[acc] = np.maximum(lam[acc] * 0.1, 1e-15)
        rej = active[~better]
        lam[rej] *= 10.0
        finished = np.concatenate([acc[small_step], active[flat], rej[lam[rej] > 1e16]])
        converged[finished] = done[finished] = True
    return [
        _report(theta[i], jac[i, : xs[i].size], float(ss[i]), xs[i].size, bool(converged[i]))
        for i in range(m)
    ]


def _eigenvalues(matrices: FloatArray) -> FloatArray:
    """The eigenvalues of each symmetric matrix, ascending; NaN for one that overflowed (a
    Jacobian of inf or NaN: its step is rejected and its fit ends as not converged) or whose
    eigenvalues LAPACK cannot find."""
    out = np.full(matrices.shape[:2], math.nan)
    finite = np.isfinite(matrices).all(axis=(1, 2))
    try:
        out[finite] = np.linalg.eigvalsh(matrices[finite])
    except np.linalg.LinAlgError:  # one at a time, to keep the others'
        for i in np.flatnonzero(finite):
            with contextlib.suppress(np.linalg.LinAlgError):
                out[i] = np.linalg.eigvalsh(matrices[i])
    return out


def _solve_one(a: FloatArray, b: FloatArray) -> FloatArray:
    try:
        return np.asarray(np.linalg.solve(a, b), dtype=np.float64)
    except np.linalg.LinAlgError:
        return np.asarray(np.linalg.lstsq(a, b, rcond=None)[0], dtype=np.float64)


def _report(theta: FloatArray, jac: FloatArray, ss: float, n: int, ok: bool) -> NLSFit:
    """What :func:`~plotdoc.stats._nls.fit_least_squares` reports, for one fit of the batch."""
    df = n - 4
    nan_k, nan_kk = np.full(4, math.nan), np.full((4, 4), math.nan)
    if not ok or not bool(np.all(np.isfinite(theta))) or not math.isfinite(ss):
        return NLSFit(theta, nan_k, nan_kk, nan_k, ss, df, 0, "did-not-converge",
                      f"The fit did not converge in {MAX_ITERATIONS} iterations.")  # fmt: skip
    cov, dep, singular = covariance(jac, ss, df)
    se = np.sqrt(np.diag(cov))
    if singular:
        return NLSFit(theta, se, cov, dep, ss, df, 0, "ambiguous",
                      "The data do not determine every parameter (singular J'J).")  # fmt: skip
    if bool(np.any(dep > AMBIGUOUS_DEPENDENCY)):
        return NLSFit(theta, se, cov, dep, ss, df, 0, "ambiguous",
                      "The data do not determine every parameter (dependency > 0.9999).")  # fmt: skip
    return NLSFit(theta, se, cov, dep, ss, df, 0, "ok", "Converged.")
