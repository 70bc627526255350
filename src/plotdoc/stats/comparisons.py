"""Multiple comparisons after a one-way ANOVA, and P value adjustment.

One row per comparison "A vs B" with ``mean_difference = mean(A) - mean(B)``. All pairs are
taken in data-set order (first vs second, first vs third, ...); versus a control the control
is A (Prism's "Control vs. Treatment" layout). Methods:

- ``tukey``: Tukey-Kramer, ``q = |diff| / sqrt(MSE / 2 (1/n_i + 1/n_j))`` against the
  studentized range of all k means (the computation of ``scipy.stats.tukey_hsd``, written out so
  that it also runs from summary data and after repeated measures, where MSE is the residual).
- ``dunnett``: many-to-one, multivariate t with the correlations of the design
  (``scipy.stats.multivariate_t``, quasi-Monte Carlo with a fixed seed, as ``scipy.stats.dunnett``).
- ``sidak``, ``bonferroni``, ``holmSidak``: pooled-SD t tests (Fisher's LSD with the ANOVA's MSE
  and df) adjusted over the family of comparisons; Sidak and Bonferroni give simultaneous CIs,
  Holm-Sidak (step-down) gives none.
- ``fdr``: the same t tests; ``p`` is the q value of the two-stage step-up method of Benjamini,
  Krieger and Yekutieli (2006), no CIs.
- ``gamesHowell``: unequal variances, ``q = |diff| / sqrt((s_i^2/n_i + s_j^2/n_j) / 2)`` with
  Welch-Satterthwaite df, studentized range of k means.
- ``dunn``: after Kruskal-Wallis (pooled ranks, tie-corrected) or Friedman (ranks within rows):
  z of the mean-rank difference, two-sided normal P adjusted by ``dunn_adjustment``
  (``bonferroni`` [default, as Prism], ``holm`` or ``sidak``). The difference is the mean-rank
  difference; there is no CI.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..pvalues import summary as p_summary
from ._results import (
    NAN,
    FloatArray,
    ResultMixin,
    Status,
    check_choice,
    check_confidence,
)
from .anova import (
    MATCHED_TESTS,
    ONE_WAY_TESTS,
    complete_rows,
    group_values,
    one_way_anova,
    one_way_anova_from_summary,
    tie_sum,
    within_row_ranks,
)
from .budget import check

CORRECTIONS: tuple[str, ...] = (
    "auto", "tukey", "dunnett", "sidak", "bonferroni", "holmSidak", "dunn", "gamesHowell", "fdr",
)  # fmt: skip
COMPARISONS: tuple[str, ...] = ("allPairs", "versusControl", "selectedPairs")
DUNN_ADJUSTMENTS: tuple[str, ...] = ("bonferroni", "holm", "sidak")
P_ADJUSTMENTS: tuple[str, ...] = ("none", "bonferroni", "sidak", "holm", "holmSidak", "bh", "bky")
#: the significance level of ``significant`` and of the two-stage FDR method
ALPHA = 0.05


@dataclass(frozen=True, slots=True)
class Comparison(ResultMixin):
    """One comparison "A vs B"."""

    #: name of data set A
    a: str
    #: name of data set B
    b: str
    #: ``mean(A) - mean(B)`` (Dunn: difference of mean ranks)
    mean_difference: float
    #: lower limit of the (simultaneous) CI of the difference; NaN where not defined
    ci_lower: float
    #: upper limit of the CI; NaN where not defined
    ci_upper: float
    #: the statistic: q (Tukey, Games-Howell), t (Dunnett, Sidak, Bonferroni, Holm-Sidak,
    #: FDR), z (Dunn)
    statistic: float
    #: degrees of freedom of the statistic (NaN for Dunn)
    df: float
    #: P value of this comparison alone (NaN for Tukey, Dunnett, Games-Howell)
    p_unadjusted: float
    #: multiplicity-adjusted P value (FDR: the q value)
    p: float
    #: ``ns``, ``*``... of ``p`` in the requested P value style
    summary: str
    #: ``p <= 0.05``
    significant: bool


@dataclass(frozen=True, slots=True)
class MultipleComparisonsResult(ResultMixin):
    """Result of :func:`multiple_comparisons` and :func:`multiple_comparisons_from_summary`."""

    #: the method used (``auto`` resolved)
    method: str
    #: ``allPairs``, ``versusControl`` or ``selectedPairs``
    comparisons: str
    #: confidence level of the CIs (family-wise where the method gives simultaneous CIs)
    confidence: float
    #: residual mean square used (NaN for Games-Howell and Dunn)
    mse: float
    #: its degrees of freedom
    df: float
    #: one row per comparison
    rows: tuple[Comparison, ...]
    status: Status
    message: str


def resolve_correction(correction: str, test: str, comparisons: str) -> str:
    """The method ``auto`` stands for (other names are returned unchanged)."""
    check_choice("correction", correction, CORRECTIONS)
    check_choice("test", test, ONE_WAY_TESTS)
    check_choice("comparisons", comparisons, COMPARISONS)
    if correction != "auto":
        return correction
    if test in ("kruskalWallis", "friedman"):
        return "dunn"
    if test in ("welch", "brownForsythe"):
        return "gamesHowell"
    return {"allPairs": "tukey", "versusControl": "dunnett"}.get(comparisons, "sidak")


def _check_method(method: str, test: str, comparisons: str) -> None:
    rank = test in ("kruskalWallis", "friedman")
    if rank != (method == "dunn"):
        raise ValueError(
            "dunn compares ranks after kruskalWallis or friedman; "
            f"{method!r} does not apply after {test!r}"
        )
    if method == "dunnett" and comparisons != "versusControl":
        raise ValueError("dunnett compares every data set with a control: use versusControl")


def _pairs(
    k: int, comparisons: str, control: int, pairs: Sequence[tuple[int, int]] | None
) -> list[tuple[int, int]]:
    if comparisons == "allPairs":
        return [(i, j) for i in range(k) for j in range(i + 1, k)]
    if comparisons == "versusControl":
        if not 0 <= control < k:
            raise ValueError(f"control must be a data set index from 0 to {k - 1}, not {control}")
        return [(control, j) for j in range(k) if j != control]
    if not pairs:
        raise ValueError("selectedPairs needs at least one pair")
    out = []
    for i, j in pairs:
        if not (0 <= i < k and 0 <= j < k) or i == j:
            raise ValueError(f"a pair must name two different data sets, not {(i, j)}")
        out.append((int(i), int(j)))
    return out


def p_adjust(p: npt.ArrayLike, method: str, alpha: float = ALPHA) -> FloatArray:
    """Adjust the P values ``p`` (any order) for multiplicity by ``method``.

    ``bonferroni``, ``sidak`` (single step), ``holm``, ``holmSidak`` (step-down), ``bh``
    (Benjamini-Hochberg), ``bky`` (two-stage Benjamini, Krieger and Yekutieli at ``alpha``: BH q
    values scaled by the estimated share of true null hypotheses, as statsmodels
    ``fdrcorrection_twostage``). NaN P values stay NaN and do not count.
    """
    check_choice("method", method, P_ADJUSTMENTS)
    raw = np.asarray(p, dtype=np.float64).reshape(-1)
    out = np.full(raw.size, NAN)
    ok = np.isfinite(raw)
    q = raw[ok]
    m = q.size
    if m == 0:
        return out
    order = np.argsort(q, kind="stable")
    s = q[order]
    ranks = np.arange(1, m + 1, dtype=np.float64)
    if method == "none":
        adj = s.copy()
    elif method == "bonferroni":
        adj = s * m
    elif method == "sidak":
        with np.errstate(divide="ignore"):  # P = 1: log(0) = -inf gives 1, as it should
            adj = -np.expm1(m * np.log1p(-s))
    elif method == "holm":
        adj = np.maximum.accumulate(s * (m - ranks + 1))
    elif method == "holmSidak":
        with np.errstate(divide="ignore"):
            adj = np.maximum.accumulate(-np.expm1((m - ranks + 1) * np.log1p(-s)))
    else:
        adj = np.minimum.accumulate((s * m / ranks)[::-1])[::-1]
        if method == "bky":
            r1 = int((adj * (1 + alpha) <= alpha).sum())  # stage-1 rejections at alpha/(1+alpha)
            share = (m - r1) / m if 0 < r1 < m else 1.0  # estimated share of true nulls
            adj = adj * (1 + alpha) * share
    adj = np.minimum(adj, 1.0)
    back = np.empty(m)
    back[order] = adj
    out[ok] = back
    return out


# ---------------------------------------------------------------------------------------------
# parametric comparisons from (means, ns, MSE, df)


@dataclass(frozen=True, slots=True)
class _Design:
    means: FloatArray
    sds: FloatArray
    ns: FloatArray
    mse: float
    df: float
    matched: bool


def _row(
    names: Sequence[str], i: int, j: int, diff: float, lo: float, hi: float, stat: float,
    df: float, p_raw: float, p: float, style: str,
) -> Comparison:  # fmt: skip
    return Comparison(
        names[i], names[j], diff, lo, hi, stat, df, p_raw, p, p_summary(p, style),
        bool(math.isfinite(p) and p <= ALPHA),
    )  # fmt: skip


def _tukey(
    d: _Design, pairs: list[tuple[int, int]], c: float, names: Sequence[str], style: str
) -> list[Comparison]:
    from scipy.stats import studentized_range

    k = d.means.size
    qcrit = float(studentized_range.ppf(c, k, d.df))
    rows = []
    for i, j in pairs:
        check()  # each pair integrates the studentized range: a long list checks its budget
        diff = float(d.means[i] - d.means[j])
        se = math.sqrt(d.mse / 2.0 * (1 / d.ns[i] + 1 / d.ns[j]))
        q = abs(diff) / se
        p = float(studentized_range.sf(q, k, d.df))
        rows.append(_row(names, i, j, diff, diff - qcrit * se, diff + qcrit * se, q, d.df, NAN,
                         min(p, 1.0), style))  # fmt: skip
    return rows


def _dunnett(
    d: _Design, pairs: list[tuple[int, int]], c: float, names: Sequence[str], style: str
) -> list[Comparison]:
    from scipy.optimize import brentq
    from scipy.stats import multivariate_t

    control = pairs[0][0]
    others = [j for _, j in pairs]
    n0 = d.ns[control]
    ratio = np.array([d.ns[j] / (d.ns[j] + n0) for j in others])
    rho = np.sqrt(np.outer(ratio, ratio))
    np.fill_diagonal(rho, 1.0)
    mvt = multivariate_t(shape=rho, df=d.df)
    m = len(others)

    def coverage(x: float) -> float:
        upper = np.full(m, x)
        rng = np.random.default_rng(1955)
        return float(mvt.cdf(upper, lower_limit=-upper, random_state=rng))

    crit = brentq(lambda x: coverage(x) - c, 0.0, 100.0, xtol=1e-8) if m > 1 else NAN
    if m == 1:
        from ._results import t_quantile

        crit = t_quantile(c, d.df)
    rows = []
    for j in others:
        check()
        diff = float(d.means[control] - d.means[j])
        se = math.sqrt(d.mse * (1 / n0 + 1 / d.ns[j]))
        t = diff / se
        p = min(max(1.0 - coverage(abs(t)), 0.0), 1.0) if m > 1 else _t_p(t, d.df)
        rows.append(_row(names, control, j, diff, diff - crit * se, diff + crit * se, t, d.df,
                         _t_p(t, d.df), p, style))  # fmt: skip
    return rows


def _t_p(t: float, df: float) -> float:
    from scipy.special import stdtr

    return float(2.0 * stdtr(df, -abs(t)))


def _lsd(
    d: _Design, pairs: list[tuple[int, int]], c: float, names: Sequence[str], style: str,
    method: str,
) -> list[Comparison]:  # fmt: skip
    from ._results import t_quantile

    m = len(pairs)
    diffs, ses, ts, ps = [], [], [], []
    for i, j in pairs:
        diff = float(d.means[i] - d.means[j])
        se = math.sqrt(d.mse * (1 / d.ns[i] + 1 / d.ns[j]))
        diffs.append(diff)
        ses.append(se)
        ts.append(diff / se)
        ps.append(_t_p(diff / se, d.df))
    adjust = {"sidak": "sidak", "bonferroni": "bonferroni", "holmSidak": "holmSidak",
              "fdr": "bky"}[method]  # fmt: skip
    adj = p_adjust(ps, adjust)
    if method == "bonferroni":
        crit = t_quantile(1 - (1 - c) / m, d.df)
    elif method == "sidak":
        crit = t_quantile(c ** (1.0 / m), d.df)
    else:
        crit = NAN
    return [
        _row(names, i, j, diff, diff - crit * se, diff + crit * se, t, d.df, p, float(a), style)
        for (i, j), diff, se, t, p, a in zip(pairs, diffs, ses, ts, ps, adj, strict=True)
    ]


def _games_howell(
    d: _Design, pairs: list[tuple[int, int]], c: float, names: Sequence[str], style: str
) -> list[Comparison]:
    from scipy.stats import studentized_range

    k = d.means.size
    rows = []
    for i, j in pairs:
        check()
        vi, vj = d.sds[i] ** 2 / d.ns[i], d.sds[j] ** 2 / d.ns[j]
        diff = float(d.means[i] - d.means[j])
        se = math.sqrt((vi + vj) / 2.0)
        df = float((vi + vj) ** 2 / (vi**2 / (d.ns[i] - 1) + vj**2 / (d.ns[j] - 1)))
        q = abs(diff) / se
        p = min(float(studentized_range.sf(q, k, df)), 1.0)
        qcrit = float(studentized_range.ppf(c, k, df))
        rows.append(_row(names, i, j, diff, diff - qcrit * se, diff + qcrit * se, q, df, NAN, p,
                         style))  # fmt: skip
    return rows


def _parametric(
    d: _Design, method: str, pairs: list[tuple[int, int]], c: float, names: Sequence[str],
    style: str,
) -> list[Comparison]:  # fmt: skip
    if method == "tukey":
        return _tukey(d, pairs, c, names, style)
    if method == "dunnett":
        return _dunnett(d, pairs, c, names, style)
    if method == "gamesHowell":
        return _games_howell(d, pairs, c, names, style)
    return _lsd(d, pairs, c, names, style, method)


# ---------------------------------------------------------------------------------------------
# Dunn's test


def _dunn(
    groups: Sequence[npt.ArrayLike], test: str, pairs: list[tuple[int, int]],
    names: Sequence[str], style: str, adjustment: str,
) -> tuple[list[Comparison], Status, str]:  # fmt: skip
    from scipy.special import ndtr

    if test == "kruskalWallis":
        from scipy.stats import rankdata

        values = group_values(groups)
        n = np.array([v.size for v in values], dtype=np.float64)
        if n.min() == 0:
            return [], "missing-group", "A data set has no values."
        pooled = np.concatenate(values)
        ntot = pooled.size
        ranks = rankdata(pooled)
        bounds = np.cumsum([0, *[v.size for v in values]])
        mr = np.array([ranks[bounds[g] : bounds[g + 1]].mean() for g in range(n.size)])
        var0 = ntot * (ntot + 1) / 12.0 - tie_sum(pooled) / (12.0 * (ntot - 1)) if ntot > 1 else 0
        ses = [math.sqrt(var0 * (1 / n[i] + 1 / n[j])) for i, j in pairs]
    else:
        mat = complete_rows(groups)
        s, k = mat.shape
        if s < 2:
            return [], "too-few-values", "Dunn's test needs at least two complete rows."
        mr = within_row_ranks(mat).mean(axis=0)
        ses = [math.sqrt(k * (k + 1) / (6.0 * s))] * len(pairs)
    if not all(se > 0 for se in ses):
        return [], "zero-variance", "All values are tied: no ranks to compare."
    diffs = [float(mr[i] - mr[j]) for i, j in pairs]
    zs = [dd / se for dd, se in zip(diffs, ses, strict=True)]
    ps = [float(2.0 * ndtr(-abs(z))) for z in zs]
    adj = p_adjust(ps, adjustment)
    rows = [
        _row(names, i, j, dd, NAN, NAN, z, NAN, p, float(a), style)
        for (i, j), dd, z, p, a in zip(pairs, diffs, zs, ps, adj, strict=True)
    ]
    return rows, "ok", "ok"


# ---------------------------------------------------------------------------------------------
# public functions


def _names(names: Sequence[str] | None, k: int) -> list[str]:
    if names is None:
        return [f"data set {i + 1}" for i in range(k)]
    if len(names) != k:
        raise ValueError(f"names must name the {k} data sets, got {len(names)}")
    return [str(x) for x in names]


def _failed(
    method: str, comparisons: str, c: float, status: Status, message: str
) -> MultipleComparisonsResult:
    return MultipleComparisonsResult(method, comparisons, c, NAN, NAN, (), status, message)


def multiple_comparisons(
    groups: Sequence[npt.ArrayLike],
    *,
    test: str = "ordinary",
    correction: str = "auto",
    comparisons: str = "allPairs",
    control: int = 0,
    pairs: Sequence[tuple[int, int]] | None = None,
    names: Sequence[str] | None = None,
    confidence: float = 0.95,
    dunn_adjustment: str = "bonferroni",
    p_value_style: str = "graphpad",
) -> MultipleComparisonsResult:
    """Compare the data sets ``groups`` after the one-way ``test`` (see the module docstring).

    ``control`` is the index of the control data set (``versusControl``); ``pairs`` lists
    index pairs (``selectedPairs``). The MSE and df are those of the ANOVA ``test`` (the
    residual of the repeated-measures ANOVA after ``repeatedMeasures``). When the ANOVA
    itself cannot run, the result has its status and no rows. Invalid options (a method that
    does not apply after ``test``, e.g. ``dunn`` after ``ordinary``) raise ValueError.
    """
    c = check_confidence(confidence)
    method = resolve_correction(correction, test, comparisons)
    _check_method(method, test, comparisons)
    check_choice("dunn_adjustment", dunn_adjustment, DUNN_ADJUSTMENTS)
    k = len(groups)
    labels = _names(names, k)
    if k < 2:
        return _failed(
            method, comparisons, c, "missing-group", "At least two data sets are needed."
        )
    chosen = _pairs(k, comparisons, control, pairs)
    if method == "dunn":
        rows, status, message = _dunn(groups, test, chosen, labels, p_value_style,
                                      dunn_adjustment)  # fmt: skip
        return MultipleComparisonsResult(method, comparisons, c, NAN, NAN, tuple(rows), status,
                                         message)  # fmt: skip
    anova = one_way_anova(groups, "repeatedMeasures" if test == "repeatedMeasures" else "ordinary")
    if anova.status != "ok":
        return _failed(method, comparisons, c, anova.status, anova.message)
    if test in MATCHED_TESTS:
        mat = complete_rows(groups)
        means, sds = mat.mean(axis=0), mat.std(axis=0, ddof=1)
    else:
        means, sds = np.array(anova.means), np.array(anova.sds)
    design = _Design(
        means, sds, np.array(anova.n_per_group, dtype=np.float64), anova.ms_within,
        anova.df_within, test in MATCHED_TESTS,
    )  # fmt: skip
    return _finish(design, method, comparisons, chosen, c, labels, p_value_style)


def _finish(
    design: _Design, method: str, comparisons: str, chosen: list[tuple[int, int]], c: float,
    labels: Sequence[str], style: str,
) -> MultipleComparisonsResult:  # fmt: skip
    if method == "gamesHowell" and (
        bool((design.ns < 2).any()) or not bool((design.sds > 0).all())
    ):
        return _failed(method, comparisons, c, "zero-variance" if bool((design.ns >= 2).all())
                       else "too-few-values", "Games-Howell needs at least two values and some "
                       "variation in every data set.")  # fmt: skip
    rows = _parametric(design, method, chosen, c, labels, style)
    mse = NAN if method == "gamesHowell" else design.mse
    df = NAN if method == "gamesHowell" else design.df
    return MultipleComparisonsResult(method, comparisons, c, mse, df, tuple(rows), "ok", "ok")


def multiple_comparisons_from_summary(
    means: Sequence[float],
    sds: Sequence[float],
    ns: Sequence[int],
    *,
    correction: str = "auto",
    comparisons: str = "allPairs",
    control: int = 0,
    pairs: Sequence[tuple[int, int]] | None = None,
    names: Sequence[str] | None = None,
    confidence: float = 0.95,
    p_value_style: str = "graphpad",
) -> MultipleComparisonsResult:
    """Comparisons after the ordinary one-way ANOVA from mean, SD and n per group.

    ``tukey``, ``dunnett``, ``sidak``, ``bonferroni``, ``holmSidak``, ``fdr`` and
    ``gamesHowell`` (which uses the SDs of the two groups); ``dunn`` needs raw values.
    """
    c = check_confidence(confidence)
    method = resolve_correction(correction, "ordinary", comparisons)
    _check_method(method, "ordinary", comparisons)
    k = len(means)
    labels = _names(names, k)
    if k < 2:
        return _failed(method, comparisons, c, "missing-group", "At least two groups are needed.")
    chosen = _pairs(k, comparisons, control, pairs)
    anova = one_way_anova_from_summary(means, sds, ns)
    if anova.status != "ok":
        return _failed(method, comparisons, c, anova.status, anova.message)
    design = _Design(
        np.array(anova.means), np.array(anova.sds), np.array(anova.n_per_group, dtype=np.float64),
        anova.ms_within, anova.df_within, False,
    )  # fmt: skip
    return _finish(design, method, comparisons, chosen, c, labels, p_value_style)
