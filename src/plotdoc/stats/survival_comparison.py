"""Comparison of survival curves: log-rank, Gehan-Breslow-Wilcoxon and log-rank for trend.

At each distinct event time ``t`` (all groups pooled) with ``n_t`` subjects at risk and
``d_t`` events, group ``j`` has ``n_jt`` at risk and ``d_jt`` events. With the weight ``w_t``
(1 for ``logRank``, ``n_t`` for ``gehanBreslowWilcoxon``, as Prism and lifelines'
``weightings="wilcoxon"`` define it):

- ``U_j = sum w_t (d_jt - n_jt d_t / n_t)``; ``O_j = sum d_jt``, ``E_j = sum n_jt d_t / n_t``;
- ``V_jl = sum w_t^2 d_t (n_t - d_t) / (n_t - 1) (n_jt / n_t) (delta_jl - n_lt / n_t)``;
- ``logRank`` / ``gehanBreslowWilcoxon``: chi-square ``U' V^- U`` on the first k - 1 groups,
  df = k - 1 (R's ``survdiff`` for ``logRank``, which is also scipy's ``logrank`` for two
  groups);
- ``logRankTrend``: ``(s'U)^2 / (s'V s)``, 1 df, with the group ``scores`` s (default 1 ... k,
  the groups in their order).

Two groups also get the hazard ratio of group 1 to group 2, as Prism reports it:
``mantel-haenszel`` ``HR = exp((O_1 - E_1) / V_11)``, CI ``exp((O_1 - E_1) / V_11 +/- z /
sqrt(V_11))`` (unweighted V), and the ``logrank`` ratio ``(O_1 / E_1) / (O_2 / E_2)``, CI
``exp(log HR +/- z sqrt(1 / E_1 + 1 / E_2))``. Neither is the Cox model's HR (R ``coxph``),
which they approach when the hazards are proportional and the effect is small.

Each group's median survival and its CI come from :func:`plotdoc.stats.survival.kaplan_meier`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

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
from .survival import CI_METHODS, kaplan_meier

TESTS: tuple[str, ...] = ("logRank", "gehanBreslowWilcoxon", "logRankTrend")
HAZARD_RATIO_METHOD = "mantel-haenszel"


@dataclass(frozen=True, slots=True)
class SurvivalComparisonResult(ResultMixin):
    """Result of :func:`survival_comparison`; per-group arrays follow the order of the groups."""

    #: logRank, gehanBreslowWilcoxon or logRankTrend
    test: str
    #: confidence level of the CIs (fraction)
    confidence: float
    #: number of groups (data sets)
    n_groups: int
    #: subjects used per group
    n: npt.NDArray[np.int64]
    #: observed events per group
    observed: FloatArray
    #: expected events per group under equal survival (unweighted, as survdiff prints)
    expected: FloatArray
    #: chi-square statistic
    statistic: float
    #: degrees of freedom (k - 1; 1 for the trend test)
    df: float
    #: P value
    p: float
    #: P value summary (ns, *, ...) in ``p_value_style``
    summary: str
    p_value_style: str
    #: trend test: the group scores used; else empty
    scores: FloatArray
    #: median survival per group (NaN when the curve never reaches 0.5)
    median: FloatArray
    #: lower limit of the CI of each median
    median_ci_lower: FloatArray
    #: upper limit of the CI of each median (NaN when not reached)
    median_ci_upper: FloatArray
    #: band used for the medians' CIs: log-log, log or plain (kaplan_meier)
    median_ci_method: str
    #: two groups: hazard ratio of group 1 to group 2 (``hazard_ratio_method``)
    hazard_ratio: float
    hazard_ratio_ci_lower: float
    hazard_ratio_ci_upper: float
    #: mantel-haenszel: ``exp((O1 - E1) / V)``
    hazard_ratio_method: str
    #: two groups: the log-rank ratio ``(O1 / E1) / (O2 / E2)`` and its CI
    hazard_ratio_logrank: float
    hazard_ratio_logrank_ci_lower: float
    hazard_ratio_logrank_ci_upper: float
    status: Status
    message: str
    #: the groups' names, in order (``group 1``, ``group 2``... when none are given)
    names: tuple[str, ...] = ()


GroupInput = tuple[npt.ArrayLike, npt.ArrayLike]


def survival_comparison(
    groups: Sequence[GroupInput],
    *,
    test: str = "logRank",
    confidence: float = 0.95,
    scores: npt.ArrayLike | None = None,
    median_ci: str = "log-log",
    p_value_style: str = "graphpad",
    names: Sequence[str] | None = None,
) -> SurvivalComparisonResult:
    """Compare the survival of ``groups``, each a pair ``(times, events)`` (event 1, censored 0).

    Rows with a missing or negative time or an event code other than 0 and 1 are left out
    (as in :func:`kaplan_meier`). Statuses: ``missing-group`` (fewer than two groups with
    subjects), ``too-few-values`` (no events at all, or every event at a time when only one
    subject was at risk: the variance is 0).
    """
    from ..pvalues import STYLES, summary

    check_choice("test", test, TESTS)
    check_choice("median_ci", median_ci, CI_METHODS)
    check_choice("p_value_style", p_value_style, STYLES)
    c = check_confidence(confidence)
    k = len(groups)
    labels = tuple(names) if names is not None else tuple(f"group {i + 1}" for i in range(k))
    if len(labels) != k:
        raise ValueError(f"names must name the {k} groups, got {len(labels)}")
    cleaned: list[tuple[FloatArray, FloatArray]] = []
    for times, events in groups:
        t, e = as_float_array(times), as_float_array(events)
        if t.shape != e.shape:
            raise ValueError(f"times and events differ in size ({t.size} and {e.size})")
        keep = np.isfinite(t) & (t >= 0) & ((e == 0) | (e == 1))
        cleaned.append((t[keep], e[keep]))
    sc = _scores(scores, k) if test == "logRankTrend" else np.empty(0)
    kms = [kaplan_meier(t, e, confidence=c, median_ci=median_ci) for t, e in cleaned]
    n = np.array([t.size for t, _ in cleaned], dtype=np.int64)
    empty = np.full(k, NAN)
    values: dict[str, object] = {
        "test": test, "confidence": c, "n_groups": k, "n": n, "observed": empty,
        "expected": empty, "statistic": NAN, "df": NAN, "p": NAN, "summary": "",
        "p_value_style": p_value_style, "scores": sc,
        "median": np.array([km.median for km in kms]),
        "median_ci_lower": np.array([km.median_ci_lower for km in kms]),
        "median_ci_upper": np.array([km.median_ci_upper for km in kms]),
        "median_ci_method": median_ci, "hazard_ratio": NAN, "hazard_ratio_ci_lower": NAN,
        "hazard_ratio_ci_upper": NAN, "hazard_ratio_method": HAZARD_RATIO_METHOD,
        "hazard_ratio_logrank": NAN, "hazard_ratio_logrank_ci_lower": NAN,
        "hazard_ratio_logrank_ci_upper": NAN, "status": "ok", "message": "ok", "names": labels,
    }  # fmt: skip

    def failed(status: Status, message: str) -> SurvivalComparisonResult:
        values.update(status=status, message=message)
        return SurvivalComparisonResult(**values)  # type: ignore[arg-type]

    if k < 2 or int((n > 0).sum()) < 2:
        return failed(
            "missing-group", "Comparing survival needs at least two groups with subjects."
        )
    obs, exp_, u, v, u1, v1 = _score_and_variance(cleaned, test)
    values.update(observed=obs, expected=exp_)
    if obs.sum() == 0:
        return failed("too-few-values", "No group has an event: every subject is censored.")
    from scipy.special import chdtrc, ndtri

    if test == "logRankTrend":
        num = float(sc @ u)
        den = float(sc @ v @ sc)
        if not den > 0:
            return failed("too-few-values", "The scores and the events give no variance.")
        stat, df = num * num / den, 1.0
    else:
        vr = v[:-1, :-1]
        if np.linalg.matrix_rank(vr) == 0:
            return failed("too-few-values", "The events give no variance (one subject at risk).")
        stat = float(u[:-1] @ np.linalg.pinv(vr) @ u[:-1])
        df = float(np.linalg.matrix_rank(vr))
    p = float(chdtrc(df, stat))
    values.update(statistic=stat, df=df, p=p, summary=summary(p, p_value_style))
    notes: list[str] = []
    if k == 2:
        z = float(ndtri(0.5 + c / 2.0))
        if v1 > 0:
            lhr = u1 / v1
            half = z / math.sqrt(v1)
            values.update(
                hazard_ratio=math.exp(lhr), hazard_ratio_ci_lower=math.exp(lhr - half),
                hazard_ratio_ci_upper=math.exp(lhr + half),
            )  # fmt: skip
        if min(exp_) > 0 and min(obs) > 0:
            lr = math.log((obs[0] / exp_[0]) / (obs[1] / exp_[1]))
            half = z * math.sqrt(1 / exp_[0] + 1 / exp_[1])
            values.update(
                hazard_ratio_logrank=math.exp(lr), hazard_ratio_logrank_ci_lower=math.exp(lr - half),
                hazard_ratio_logrank_ci_upper=math.exp(lr + half),
            )  # fmt: skip
        else:
            notes.append("A group without events leaves the log-rank hazard ratio undefined.")
    if (obs == 0).any() and not notes:
        notes.append("A group has no events.")
    values["message"] = " ".join(notes) if notes else "ok"
    return SurvivalComparisonResult(**values)  # type: ignore[arg-type]


def _scores(scores: npt.ArrayLike | None, k: int) -> FloatArray:
    sc = np.arange(1.0, k + 1.0) if scores is None else as_float_array(scores)
    if sc.size != k:
        raise ValueError(f"scores has {sc.size} values; there are {k} groups")
    if not np.isfinite(sc).all():
        raise ValueError("scores must be finite numbers")
    return sc


def _score_and_variance(
    groups: list[tuple[FloatArray, FloatArray]], test: str
) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray, float, float]:
    """O, E (unweighted), weighted U and V, and the unweighted U_1 and V_11 (hazard ratio)."""
    k = len(groups)
    times = np.concatenate([t for t, _ in groups])
    events = np.concatenate([e for _, e in groups])
    label = np.concatenate([np.full(t.size, j) for j, (t, _) in enumerate(groups)])
    ut = np.unique(times[events == 1])
    m = ut.size
    d = np.zeros((k, m))
    r = np.zeros((k, m))
    for j in range(k):
        tj, ej = times[label == j], events[label == j]
        pos = np.searchsorted(ut, tj[ej == 1])
        d[j] = np.bincount(pos, minlength=m)[:m]
        # at risk at ut: subjects with time >= ut
        r[j] = tj.size - np.searchsorted(np.sort(tj), ut, side="left")
    dt, nt = d.sum(axis=0), r.sum(axis=0)
    e = r * dt / nt
    w = nt if test == "gehanBreslowWilcoxon" else np.ones(m)
    with np.errstate(divide="ignore", invalid="ignore"):
        f = np.where(nt > 1, dt * (nt - dt) / (nt - 1), 0.0)
    share = r / nt
    u = ((d - e) * w).sum(axis=1)
    v = np.zeros((k, k))
    v1 = 0.0
    for a in range(k):
        for b in range(k):
            term = f * share[a] * ((1.0 if a == b else 0.0) - share[b])
            v[a, b] = float((w * w * term).sum())
            if a == b == 0:
                v1 = float(term.sum())
    u1 = float((d[0] - e[0]).sum())
    return d.sum(axis=1), e.sum(axis=1), u, v, u1, v1
