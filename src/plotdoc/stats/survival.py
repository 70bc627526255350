"""Kaplan-Meier product-limit survival estimate.

- ``S(t) = prod over event times u <= t of (1 - d_u / n_u)``; ``n_u`` counts every subject
  with time >= u, so at a tied time deaths come before censorings.
- Greenwood: ``var(log S) = sum d / (n (n - d))``; ``std_err = S sqrt(var(log S))``.
- 95 % (or ``confidence``) intervals, ``z`` the normal quantile:
  ``plain`` (Prism's symmetrical) ``S +/- z std_err`` truncated to [0, 1];
  ``log`` (R's default) ``S exp(+/- z se_log)`` with the upper limit at most 1;
  ``log-log`` (Prism's asymmetrical, lifelines' default) ``S^exp(+/- z se_log / log S)``.
  Where S reaches 0 the Greenwood term is undefined and the limits are NaN (as in R).
- Median survival: the first time S <= 0.5; if S is exactly 0.5 from one event time to the
  next, the midpoint of those two times (R's rule). Its CI (R's rule): lower = first time
  the band's lower limit is <= 0.5, upper = first time the upper limit is <= 0.5, NaN if never;
  the band is chosen with ``median_ci`` (default ``log-log``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ._results import (
    NAN,
    FloatArray,
    IntArray,
    ResultMixin,
    Status,
    as_float_array,
    check_choice,
    check_confidence,
)

CI_METHODS: tuple[str, ...] = ("log-log", "log", "plain")


@dataclass(frozen=True, slots=True)
class KaplanMeierResult(ResultMixin):
    """Kaplan-Meier table, one row per distinct time (event or censoring).

    Before the first time, S = 1 with nobody lost; the curve steps at event times only.
    """

    #: subjects used (rows with a time >= 0 and an event code of 0 or 1)
    n: int
    #: rows left out (missing or negative time, missing or other event code)
    n_excluded: int
    #: total number of events
    n_events: int
    #: confidence level of every CI (fraction)
    confidence: float
    #: distinct times, increasing
    time: FloatArray
    #: subjects at risk just before each time (time >= t)
    n_at_risk: IntArray
    #: events at each time
    n_event: IntArray
    #: censorings at each time
    n_censored: IntArray
    #: survival fraction just after each time
    survival: FloatArray
    #: Greenwood standard error of the survival fraction
    std_err: FloatArray
    #: standard error of log survival, ``sqrt(sum d / (n (n - d)))``
    se_log_survival: FloatArray
    #: symmetrical (plain) CI, lower limit
    plain_ci_lower: FloatArray
    #: symmetrical (plain) CI, upper limit
    plain_ci_upper: FloatArray
    #: log CI, lower limit
    log_ci_lower: FloatArray
    #: log CI, upper limit
    log_ci_upper: FloatArray
    #: log-log (asymmetrical) CI, lower limit
    loglog_ci_lower: FloatArray
    #: log-log (asymmetrical) CI, upper limit
    loglog_ci_upper: FloatArray
    #: times of every censored subject (repeated when several are censored together)
    censoring_times: FloatArray
    #: median survival time (NaN when S never falls to 0.5)
    median: float
    #: which band gives the CI of the median: log-log, log or plain
    median_ci_method: str
    #: lower limit of the CI of the median
    median_ci_lower: float
    #: upper limit of the CI of the median (NaN when the band never reaches 0.5)
    median_ci_upper: float
    status: Status
    message: str

    def number_at_risk(self, at: npt.ArrayLike) -> IntArray:
        """Subjects at risk at each time of ``at`` (those with time >= t)."""
        return number_at_risk(self, at)


def number_at_risk(result: KaplanMeierResult, at: npt.ArrayLike) -> IntArray:
    """Subjects at risk (time >= t) at each time of ``at``, for the table under a graph."""
    a = np.asarray(at, dtype=np.float64).reshape(-1)
    if result.time.size == 0:
        return np.zeros(a.size, dtype=np.int64)
    # at risk at t = at risk at the first distinct time >= t
    pos = np.searchsorted(result.time, a, side="left")
    risk = np.append(result.n_at_risk, 0)
    out: IntArray = risk[pos].astype(np.int64)
    return out


def _first_time_at_or_below(times: FloatArray, band: FloatArray, level: float) -> float:
    hit = np.nonzero(band <= level + 1e-12)[0]
    return float(times[hit[0]]) if hit.size else NAN


def kaplan_meier(
    times: npt.ArrayLike,
    events: npt.ArrayLike,
    *,
    confidence: float = 0.95,
    median_ci: str = "log-log",
) -> KaplanMeierResult:
    """Kaplan-Meier estimate of (time, event code) rows: event 1, censored 0.

    Rows with a missing or negative time, or an event code other than 0 and 1, are left out
    (``n_excluded``). Status ``too-few-values`` when no row is left.
    """
    c = check_confidence(confidence)
    check_choice("median_ci", median_ci, CI_METHODS)
    t = as_float_array(times)
    e = as_float_array(events)
    if t.shape != e.shape:
        raise ValueError(f"times and events differ in size ({t.size} and {e.size})")
    keep = np.isfinite(t) & (t >= 0) & ((e == 0) | (e == 1))
    t, e = t[keep], e[keep]
    n = int(t.size)
    excluded = int(keep.size - n)
    if n == 0:
        ef = np.empty(0, dtype=np.float64)
        ei = np.empty(0, dtype=np.int64)
        return KaplanMeierResult(
            0, excluded, 0, c, ef, ei, ei, ei, ef, ef, ef, ef, ef, ef, ef, ef, ef, ef,
            NAN, median_ci, NAN, NAN, "too-few-values", "No subjects.",
        )  # fmt: skip
    ut, inv = np.unique(t, return_inverse=True)
    d = np.bincount(inv, weights=e, minlength=ut.size).astype(np.int64)
    total = np.bincount(inv, minlength=ut.size).astype(np.int64)
    cens = total - d
    at_risk = n - np.concatenate(([0], np.cumsum(total)[:-1]))
    with np.errstate(divide="ignore", invalid="ignore"):
        factor = 1.0 - d / at_risk
        surv = np.cumprod(factor)
        term = np.where(d > 0, d / (at_risk * (at_risk - d)), 0.0)
        var_log = np.cumsum(term)
        se_log = np.sqrt(var_log)
        se_log = np.where(np.cumsum(at_risk == d) > 0, NAN, se_log)  # S has reached 0
        std_err = surv * se_log
        from scipy.special import ndtri

        z = float(ndtri(0.5 + c / 2.0))
        plain_lo = np.clip(surv - z * std_err, 0.0, 1.0)
        plain_hi = np.clip(surv + z * std_err, 0.0, 1.0)
        log_lo = surv * np.exp(-z * se_log)
        log_hi = np.minimum(surv * np.exp(z * se_log), 1.0)
        log_s = np.log(surv)
        flat = se_log == 0  # S = 1 so far: no spread
        ll_lo = np.where(flat, surv, surv ** np.exp(z * se_log / np.abs(log_s)))
        ll_hi = np.where(flat, surv, surv ** np.exp(-z * se_log / np.abs(log_s)))
    censor_times = np.sort(t[e == 0])
    median = _median(ut, surv, d)
    bands = {
        "log-log": (ll_lo, ll_hi),
        "log": (log_lo, log_hi),
        "plain": (plain_lo, plain_hi),
    }[median_ci]
    m_lo = _first_time_at_or_below(ut, bands[0], 0.5)
    m_hi = _first_time_at_or_below(ut, bands[1], 0.5)
    n_events = int(d.sum())
    message = "ok" if n_events else "No events: survival stays at 1."
    return KaplanMeierResult(
        n, excluded, n_events, c, ut, at_risk.astype(np.int64), d, cens, surv, std_err, se_log,
        plain_lo, plain_hi, log_lo, log_hi, ll_lo, ll_hi, censor_times, median, median_ci,
        m_lo, m_hi, "ok", message,
    )  # fmt: skip


def _median(times: FloatArray, surv: FloatArray, d: IntArray) -> float:
    below = np.nonzero(surv <= 0.5 + 1e-12)[0]
    if below.size == 0:
        return NAN
    i = int(below[0])
    if math.isclose(float(surv[i]), 0.5, rel_tol=0.0, abs_tol=1e-12):
        later = np.nonzero((np.arange(times.size) > i) & (d > 0))[0]
        if later.size:
            return 0.5 * (float(times[i]) + float(times[later[0]]))
    return float(times[i])
