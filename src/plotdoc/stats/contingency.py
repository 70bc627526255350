"""Tests of a contingency table: Fisher's exact test, chi-square, Yates, chi-square for trend.

The table holds counts, rows = groups (for 2x2: row 1 the exposed or treated group), columns =
outcomes (for 2x2: column 1 the outcome whose risk is compared). ``test``:

- ``auto``: ``fisher`` for a 2x2 table, ``chiSquare`` otherwise (the resolved name is in
  ``test``).
- ``fisher`` (2x2 only): two-sided P summing the probabilities of the tables no more likely
  than the observed one (R's ``fisher.test``; scipy ``fisher_exact``), plus the conditional
  maximum-likelihood odds ratio and its exact CI (R's ``fisher.test``; scipy
  ``contingency.odds_ratio(kind="conditional")``).
- ``chiSquare``: Pearson chi-square, df = (rows - 1)(columns - 1), no continuity correction
  (scipy ``chi2_contingency(correction=False)``).
- ``chiSquareYates`` (2x2 only): chi-square with Yates' continuity correction (R's default for
  2x2; ``chi2_contingency(correction=True)``).
- ``chiSquareTrend`` (k x 2, k >= 2): the chi-square test for trend in the proportion of column
  1 over the ordered rows, R's ``prop.trend.test``: the regression sum of squares of the
  proportions on ``scores`` (default 1 ... k) weighted by ``n / (p (1 - p))``, 1 df.

For every 2x2 table the result also gives (as Prism does) the relative risk
``(a / (a + b)) / (c / (c + d))`` with the Katz log CI ``exp(log RR +/- z sqrt(1/a - 1/(a+b) +
1/c - 1/(c+d)))`` (epitools' ``wald``; scipy ``relative_risk``) and the sample odds ratio
``ad / bc`` with the Woolf log CI ``exp(log OR +/- z sqrt(1/a + 1/b + 1/c + 1/d))``; a zero
cell leaves a ratio or its CI undefined (NaN, said in ``message``).
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
    check_choice,
    check_confidence,
    float_array,
)

TESTS: tuple[str, ...] = ("auto", "fisher", "chiSquare", "chiSquareYates", "chiSquareTrend")
RR_CI_METHOD = "katz-log"
OR_CI_METHOD = "woolf-log"
CONDITIONAL_OR_CI_METHOD = "exact-conditional"


@dataclass(frozen=True, slots=True)
class ContingencyResult(ResultMixin):
    """Result of :func:`contingency_test`. The 2x2 fields are NaN for larger tables."""

    #: the test that ran: fisher, chiSquare, chiSquareYates or chiSquareTrend
    test: str
    #: the test asked for (auto resolves to fisher or chiSquare)
    requested: str
    #: confidence level of the CIs (fraction)
    confidence: float
    #: rows and columns of the table
    n_rows: int
    n_cols: int
    #: sum of the counts
    total: int
    #: chi-square statistic (NaN for Fisher's test)
    statistic: float
    #: degrees of freedom of the chi-square (NaN for Fisher's test)
    df: float
    #: P value (two-sided)
    p: float
    #: P value summary (ns, *, ...) in ``p_value_style``
    summary: str
    p_value_style: str
    #: expected counts under independence, same shape as the table
    expected: FloatArray
    #: trend test: the row scores used; else empty
    scores: FloatArray
    #: 2x2: risk of column 1 in row 1 divided by the risk in row 2
    relative_risk: float
    relative_risk_ci_lower: float
    relative_risk_ci_upper: float
    #: katz-log (Wald CI of log RR; epitools ``riskratio`` wald, scipy ``relative_risk``)
    relative_risk_ci_method: str
    #: 2x2: Koopman asymptotic score CI of the relative risk (Prism's default)
    relative_risk_koopman_ci_lower: float
    relative_risk_koopman_ci_upper: float
    #: 2x2: sample odds ratio ad / bc
    odds_ratio: float
    odds_ratio_ci_lower: float
    odds_ratio_ci_upper: float
    #: woolf-log (Wald CI of log OR)
    odds_ratio_ci_method: str
    #: 2x2: conditional maximum-likelihood odds ratio (R ``fisher.test``)
    conditional_odds_ratio: float
    conditional_odds_ratio_ci_lower: float
    conditional_odds_ratio_ci_upper: float
    #: exact-conditional (inverted one-sided exact tests, R ``fisher.test``)
    conditional_odds_ratio_ci_method: str
    status: Status
    message: str


def _empty() -> FloatArray:
    return np.empty(0, dtype=np.float64)


def _base(test: str, requested: str, c: float, style: str, table: FloatArray) -> dict[str, object]:
    rows, cols = (int(table.shape[0]), int(table.shape[1])) if table.ndim == 2 else (0, 0)
    total = int(table.sum()) if table.size and np.isfinite(table).all() else 0
    return {
        "test": test, "requested": requested, "confidence": c, "n_rows": rows, "n_cols": cols,
        "total": total, "statistic": NAN, "df": NAN, "p": NAN, "summary": "",
        "p_value_style": style, "expected": _empty(), "scores": _empty(),
        "relative_risk": NAN, "relative_risk_ci_lower": NAN, "relative_risk_ci_upper": NAN,
        "relative_risk_ci_method": RR_CI_METHOD, "relative_risk_koopman_ci_lower": NAN,
        "relative_risk_koopman_ci_upper": NAN, "odds_ratio": NAN, "odds_ratio_ci_lower": NAN,
        "odds_ratio_ci_upper": NAN, "odds_ratio_ci_method": OR_CI_METHOD,
        "conditional_odds_ratio": NAN, "conditional_odds_ratio_ci_lower": NAN,
        "conditional_odds_ratio_ci_upper": NAN,
        "conditional_odds_ratio_ci_method": CONDITIONAL_OR_CI_METHOD,
        "status": "ok", "message": "ok",
    }  # fmt: skip


def _ratios(t: FloatArray, z: float) -> tuple[dict[str, float], list[str]]:
    """Relative risk (Katz log CI) and sample odds ratio (Woolf log CI) of a 2x2 table."""
    a, b, c, d = (float(v) for v in t.reshape(-1))
    notes: list[str] = []
    out = dict.fromkeys(("rr", "rr_lo", "rr_hi", "or", "or_lo", "or_hi"), NAN)
    with np.errstate(divide="ignore", invalid="ignore"):
        if a + b > 0 and c + d > 0 and c > 0:
            rr = (a / (a + b)) / (c / (c + d))
            out["rr"] = rr
            if a > 0:
                se = math.sqrt(1 / a - 1 / (a + b) + 1 / c - 1 / (c + d))
                out["rr_lo"], out["rr_hi"] = rr * math.exp(-z * se), rr * math.exp(z * se)
        if min(a, b, c, d) > 0:
            orr = a * d / (b * c)
            se = math.sqrt(1 / a + 1 / b + 1 / c + 1 / d)
            out["or"], out["or_lo"], out["or_hi"] = (
                orr, orr * math.exp(-z * se), orr * math.exp(z * se),
            )  # fmt: skip
        elif b * c > 0:
            out["or"] = 0.0
    if min(a, c) == 0:
        notes.append("A zero count in column 1 leaves the relative risk or its CI undefined.")
    if min(a, b, c, d) == 0:
        notes.append("A zero cell leaves the odds ratio's Woolf CI undefined.")
    return out, notes


def contingency_test(
    table: npt.ArrayLike,
    *,
    test: str = "auto",
    confidence: float = 0.95,
    scores: npt.ArrayLike | None = None,
    p_value_style: str = "graphpad",
) -> ContingencyResult:
    """Test the rows x columns table of counts ``table`` with ``test`` (see the module doc).

    Statuses: ``too-few-values`` (fewer than 2 rows or 2 columns, or the table is not 2x2 for
    ``fisher``/``chiSquareYates``, or not k x 2 for ``chiSquareTrend``); ``wrong-variable-types``
    (a cell that is missing, negative or not a whole number); ``missing-group`` (a row or a
    column of zeros: its expected counts are 0).
    """
    from ..pvalues import STYLES, summary

    check_choice("test", test, TESTS)
    check_choice("p_value_style", p_value_style, STYLES)
    c = check_confidence(confidence)
    t = float_array(table)
    if t.ndim == 1:
        t = t.reshape(1, -1)
    resolved = test
    if test == "auto":
        resolved = "fisher" if t.shape == (2, 2) else "chiSquare"
    values = _base(resolved, test, c, p_value_style, t)

    def failed(status: Status, message: str) -> ContingencyResult:
        values.update(status=status, message=message)
        return ContingencyResult(**values)  # type: ignore[arg-type]

    if t.ndim != 2 or t.shape[0] < 2 or t.shape[1] < 2:
        return failed("too-few-values", "A contingency table needs at least 2 rows and 2 columns.")
    if not np.isfinite(t).all() or (t < 0).any() or (t != np.round(t)).any():
        return failed(
            "wrong-variable-types", "Every cell must be a count: a whole number 0 or more."
        )
    shape = f"{t.shape[0]}x{t.shape[1]}"
    if resolved in ("fisher", "chiSquareYates") and t.shape != (2, 2):
        return failed("too-few-values", f"{resolved} needs a 2x2 table; this one is {shape}.")
    if resolved == "chiSquareTrend" and t.shape[1] != 2:
        return failed(
            "too-few-values", f"The test for trend needs a table of 2 columns; this one is {shape}."
        )
    rows, cols = t.sum(axis=1), t.sum(axis=0)
    if (rows == 0).any() or (cols == 0).any():
        return failed(
            "missing-group", "A row or a column holds only zeros; its expected counts are 0."
        )
    from scipy.special import chdtrc, ndtri

    expected = np.outer(rows, cols) / float(t.sum())
    values["expected"] = expected
    notes: list[str] = []
    if resolved == "fisher":
        from scipy.stats import fisher_exact
        from scipy.stats.contingency import odds_ratio

        ti = t.astype(np.int64)
        values["p"] = float(fisher_exact(ti).pvalue)
        cond = odds_ratio(ti, kind="conditional")
        ci = cond.confidence_interval(confidence_level=c)
        values.update(
            conditional_odds_ratio=float(cond.statistic),
            conditional_odds_ratio_ci_lower=float(ci.low),
            conditional_odds_ratio_ci_upper=float(ci.high),
        )
    elif resolved == "chiSquareTrend":
        stat, sc = _trend(t, scores)
        if sc is None:
            return failed("zero-variance", "The scores (or the proportions' weights) do not vary.")
        values.update(statistic=stat, df=1.0, p=float(chdtrc(1.0, stat)), scores=sc)
    else:
        diff = np.abs(t - expected)
        if resolved == "chiSquareYates":
            diff = np.maximum(diff - 0.5, 0.0)  # R: min(0.5, |O - E|) subtracted
        stat = float((diff**2 / expected).sum())
        df = float((t.shape[0] - 1) * (t.shape[1] - 1))
        values.update(statistic=stat, df=df, p=float(chdtrc(df, stat)))
    if (expected < 5).any() and resolved != "fisher":
        notes.append("Some expected counts are below 5; the chi-square P is approximate.")
    if t.shape == (2, 2):
        z = float(ndtri(0.5 + c / 2.0))
        r, more = _ratios(t, z)
        notes += more
        values.update(
            relative_risk=r["rr"], relative_risk_ci_lower=r["rr_lo"],
            relative_risk_ci_upper=r["rr_hi"], odds_ratio=r["or"], odds_ratio_ci_lower=r["or_lo"],
            odds_ratio_ci_upper=r["or_hi"],
        )  # fmt: skip
        lo, hi = koopman_interval(t, z)
        values.update(relative_risk_koopman_ci_lower=lo, relative_risk_koopman_ci_upper=hi)
    values["summary"] = summary(float(values["p"]), p_value_style)  # type: ignore[arg-type]
    values["message"] = " ".join(notes) if notes else "ok"
    return ContingencyResult(**values)  # type: ignore[arg-type]


def _koopman_z2(theta: float, a: float, n1: float, c: float, n2: float) -> float:
    """Squared score statistic of RR = theta (Koopman 1984; Miettinen-Nurminen uncorrected)."""
    big_n = n1 + n2
    qa = big_n * theta
    qb = -(n1 * theta + a + n2 + c * theta)
    qc = a + c
    disc = max(qb * qb - 4.0 * qa * qc, 0.0)
    p2 = (-qb - math.sqrt(disc)) / (2.0 * qa)
    p1 = theta * p2
    var = p1 * (1 - p1) / n1 + theta * theta * p2 * (1 - p2) / n2
    diff = a / n1 - theta * c / n2
    if var <= 0:
        return 0.0 if diff == 0 else math.inf
    return diff * diff / var


def koopman_interval(t: FloatArray, z: float) -> tuple[float, float]:
    """Koopman's asymptotic score CI of the relative risk of a 2x2 table (NaN when undefined).

    The limits are the two ratios whose score statistic equals ``z^2``; a zero count in
    column 1 of row 1 gives the lower limit 0, of row 2 the upper limit infinity.
    """
    from scipy.optimize import brentq

    a, b, c, d = (float(v) for v in t.reshape(-1))
    n1, n2 = a + b, c + d
    if a + c == 0 or n1 == 0 or n2 == 0 or b + d == 0:
        return NAN, NAN
    z2 = z * z
    centre = (a + 0.5) / n1 / ((c + 0.5) / n2)  # inside the interval even with a zero count

    def g(log_theta: float) -> float:
        return _koopman_z2(math.exp(log_theta), a, n1, c, n2) - z2

    def limit(step: float) -> float:
        x0 = math.log(a / n1 / (c / n2)) if a and c else math.log(centre)
        x1 = x0 + step
        for _ in range(60):
            if g(x1) > 0:
                return math.exp(brentq(g, min(x0, x1), max(x0, x1), xtol=1e-14, rtol=1e-13))
            x0, x1 = x1, x1 + step
            step *= 2
        return 0.0 if step < 0 else math.inf

    lo = 0.0 if a == 0 else limit(-0.05)
    hi = math.inf if c == 0 else limit(0.05)
    return lo, hi


def _trend(t: FloatArray, scores: npt.ArrayLike | None) -> tuple[float, FloatArray | None]:
    """R's ``prop.trend.test`` chi-square of a k x 2 table (successes in column 1)."""
    x, n = t[:, 0], t.sum(axis=1)
    k = t.shape[0]
    sc = np.arange(1.0, k + 1.0) if scores is None else float_array(scores).reshape(-1)
    if sc.size != k:
        raise ValueError(f"scores has {sc.size} values; the table has {k} rows")
    if not np.isfinite(sc).all():
        raise ValueError("scores must be finite numbers")
    p = float(x.sum() / n.sum())
    if not 0 < p < 1 or float(sc.max() - sc.min()) == 0:
        return NAN, None
    freq = x / n
    w = n / (p * (1 - p))
    sbar = float((w * sc).sum() / w.sum())
    fbar = float((w * freq).sum() / w.sum())
    sxy = float((w * (sc - sbar) * (freq - fbar)).sum())
    sxx = float((w * (sc - sbar) ** 2).sum())
    return sxy * sxy / sxx, sc
