"""Does one EC50 fit every data set? The extra sum-of-squares F test of 4PL fits.

The ``compare: ec50`` option of ``nonlinearRegression``, as Prism's "Compare: is LogEC50
the same for all data sets?":

- **separate** model: each data set fitted on its own (:func:`four_parameter_logistic`, four
  parameters each); ``SS_separate`` and ``df_separate`` are the sums over the data sets;
- **shared** model: all data sets fitted together, each with its own Bottom, Top and
  HillSlope and one LogEC50 shared by all (3k + 1 parameters), started from the separate fits
  with the mean of their LogEC50s;
- ``F = ((SS_shared - SS_separate) / (df_shared - df_separate)) / (SS_separate / df_separate)``
  with (k - 1, df_separate) degrees of freedom; P = P(F' > F). A small P says the EC50s differ.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..pvalues import STYLES, summary
from ._nls import fit_least_squares
from ._results import NAN, FloatArray, ResultMixin, Status, check_choice, check_confidence
from .fourpl import FourPLResult, _curve, _jacobian, four_parameter_logistic, prepare


@dataclass(frozen=True, slots=True)
class EC50ComparisonResult(ResultMixin):
    """Result of :func:`compare_ec50`; per-data-set arrays follow the order of the data sets."""

    #: logX or linearX
    model: str
    #: number of data sets
    n_datasets: int
    #: LogEC50 of each separate fit
    log_ec50: FloatArray
    #: status of each separate fit
    fit_status: tuple[str, ...]
    #: residual SS and df of the separate fits, summed
    ss_separate: float
    df_separate: int
    #: residual SS and df of the fit with one shared LogEC50
    ss_shared: float
    df_shared: int
    #: the shared LogEC50, its SE and EC50 = 10^LogEC50
    shared_log_ec50: float
    shared_log_ec50_se: float
    shared_ec50: float
    #: F ratio, its degrees of freedom (numerator k - 1, denominator df_separate) and P
    f: float
    dfn: int
    dfd: int
    p: float
    #: P value summary (ns, *, ...) in ``p_value_style``
    summary: str
    p_value_style: str
    #: the simpler model unless P < 0.05: ``shared`` or ``separate``
    preferred: str
    status: Status
    message: str


def compare_ec50(
    datasets: Sequence[tuple[npt.ArrayLike, npt.ArrayLike]],
    *,
    model: str = "logX",
    confidence: float = 0.95,
    p_value_style: str = "graphpad",
) -> EC50ComparisonResult:
    """Extra sum-of-squares F test: one LogEC50 for all ``datasets`` (pairs ``(x, y)``) or one each.

    Statuses: ``missing-group`` (fewer than two data sets), the status of a separate fit that
    did not give a clean fit (``too-few-values``, ``zero-variance``, ``ambiguous``,
    ``did-not-converge``: the comparison needs every data set's own fit), ``did-not-converge``
    or ``ambiguous`` for the shared fit, ``too-few-values`` when the separate fits leave no
    residual df.
    """
    check_choice("model", model, ("logX", "linearX"))
    check_choice("p_value_style", p_value_style, STYLES)
    c = check_confidence(confidence)
    k = len(datasets)
    fits: list[FourPLResult] = [
        four_parameter_logistic(x, y, model=model, confidence=c) for x, y in datasets
    ]
    values: dict[str, object] = {
        "model": model, "n_datasets": k,
        "log_ec50": np.array([f.log_ec50 for f in fits], dtype=np.float64),
        "fit_status": tuple(f.status for f in fits), "ss_separate": NAN, "df_separate": 0,
        "ss_shared": NAN, "df_shared": 0, "shared_log_ec50": NAN, "shared_log_ec50_se": NAN,
        "shared_ec50": NAN, "f": NAN, "dfn": max(k - 1, 0), "dfd": 0, "p": NAN, "summary": "",
        "p_value_style": p_value_style, "preferred": "", "status": "ok", "message": "ok",
    }  # fmt: skip

    def failed(status: Status, message: str) -> EC50ComparisonResult:
        values.update(status=status, message=message)
        return EC50ComparisonResult(**values)  # type: ignore[arg-type]

    if k < 2:
        return failed("missing-group", "Comparing EC50s needs at least two data sets.")
    for i, f in enumerate(fits):
        if f.status != "ok":
            return failed(f.status, f"Data set {i + 1} has no clean fit of its own: {f.message}")
    ss_sep = float(sum(f.ss for f in fits))
    df_sep = int(sum(f.df for f in fits))
    values.update(ss_separate=ss_sep, df_separate=df_sep, dfd=df_sep)
    xs, ys, group = [], [], []
    for j, (x, y) in enumerate(datasets):
        prepared = prepare(x, y, model, (), 4, c)
        assert not isinstance(prepared, FourPLResult)  # the separate fit ran on the same points
        xs.append(prepared[0])
        ys.append(prepared[1])
        group.append(np.full(prepared[1].size, j))
    xp, yv, g = np.concatenate(xs), np.concatenate(ys), np.concatenate(group)
    p0 = np.concatenate(
        [[f.bottom for f in fits], [f.top for f in fits], [f.hill_slope for f in fits],
         [float(np.mean([f.log_ec50 for f in fits]))]]
    )  # fmt: skip

    def theta(p: FloatArray, j: int) -> FloatArray:
        return np.array([p[j], p[k + j], p[3 * k], p[2 * k + j]])

    def f_model(xx: FloatArray, p: FloatArray) -> FloatArray:
        out = np.empty(xx.size)
        for j in range(k):
            m = g == j
            out[m] = _curve(xx[m], theta(p, j))
        return out

    def f_jac(xx: FloatArray, p: FloatArray) -> FloatArray:
        jac = np.zeros((xx.size, 3 * k + 1), order="F")
        for j in range(k):
            m = g == j
            part = _jacobian(xx[m], theta(p, j))  # columns B, T, L, H
            rows = np.nonzero(m)[0]
            jac[rows, j] = part[:, 0]
            jac[rows, k + j] = part[:, 1]
            jac[rows, 2 * k + j] = part[:, 3]
            jac[rows, 3 * k] = part[:, 2]
        return jac

    fit = fit_least_squares(f_model, f_jac, xp, yv, p0)
    df_shared = int(yv.size - (3 * k + 1))
    values.update(df_shared=df_shared)
    if fit.status == "did-not-converge":
        return failed("did-not-converge", f"The fit with one shared EC50: {fit.message}")
    lg = float(fit.params[3 * k])
    values.update(
        ss_shared=fit.ss, shared_log_ec50=lg, shared_log_ec50_se=float(fit.se[3 * k]),
        shared_ec50=10.0**lg if lg < 308 else math.inf,
    )  # fmt: skip
    if fit.status != "ok":
        return failed(fit.status, f"The fit with one shared EC50: {fit.message}")
    if df_sep < 1:
        return failed("too-few-values", "The separate fits leave no residual degrees of freedom.")
    from scipy.special import fdtrc

    dfn = df_shared - df_sep
    ss_extra = max(fit.ss - ss_sep, 0.0)  # the shared fit cannot beat the separate ones
    if ss_sep > 0:
        f_ratio = (ss_extra / dfn) / (ss_sep / df_sep)
        p = float(fdtrc(dfn, df_sep, f_ratio))
    else:  # every separate fit is exact: any extra SS is decisive
        f_ratio, p = (math.inf, 0.0) if ss_extra > 0 else (NAN, NAN)
    message = "ok"
    if fit.ss < ss_sep * (1 - 1e-9):
        message = (
            "The shared fit has a smaller sum of squares than the separate fits: a separate fit "
            "stopped at a local minimum."
        )
    values.update(
        f=f_ratio, dfn=dfn, p=p, summary=summary(p, p_value_style),
        preferred="separate" if p < 0.05 else "shared", message=message,
    )  # fmt: skip
    return EC50ComparisonResult(**values)  # type: ignore[arg-type]
