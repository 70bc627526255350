"""One-way analysis of variance and its rank-based and robust relatives.

:func:`one_way_anova` compares the means (or ranks) of k data sets:

- ``ordinary``: the classical F test. Sums of squares are computed on data centred on the
  first group's mean and then on each group's own mean (two passes), so that values near
  1e12 with small spread (NIST StRD SmLs09) keep their digits.
- ``welch``: Welch's F for unequal variances (weights ``n_i / s_i^2``, fractional
  denominator df).
- ``brownForsythe``: Brown and Forsythe's F* for means,
  ``sum n_i (m_i - m)^2 / sum (1 - n_i / N) s_i^2`` with numerator df ``k - 1`` and
  Satterthwaite's denominator df (as R ``onewaytests::bf.test``).
- ``repeatedMeasures``: sphericity assumed; the data sets are the treatments and the rows are
  the subjects (a row with a missing value is left out).
- ``kruskalWallis``: H with the tie correction, chi-square P with ``k - 1`` df.
- ``friedman``: the Friedman chi-square with the tie correction (R ``friedman.test``);
  rows are blocks, a row with a missing value is left out.

:func:`one_way_anova_from_summary` runs the ordinary F test from mean, SD and n per group.
Everything is hand-written with numpy; scipy gives the F and chi-square tail probabilities.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, TypeAlias

import numpy as np
import numpy.typing as npt

from ._results import NAN, FloatArray, ResultMixin, Status, check_choice, finite, float_array

OneWayTest: TypeAlias = Literal[
    "ordinary", "welch", "brownForsythe", "repeatedMeasures", "kruskalWallis", "friedman"
]
ONE_WAY_TESTS: tuple[str, ...] = (
    "ordinary",
    "welch",
    "brownForsythe",
    "repeatedMeasures",
    "kruskalWallis",
    "friedman",
)
#: tests whose data sets are matched: a row is one subject (or block)
MATCHED_TESTS: tuple[str, ...] = ("repeatedMeasures", "friedman")


@dataclass(frozen=True, slots=True)
class OneWayAnovaResult(ResultMixin):
    """Result of :func:`one_way_anova` and :func:`one_way_anova_from_summary`."""

    #: the test (one of :data:`ONE_WAY_TESTS`)
    test: str
    #: name of the statistic: ``F``, ``H`` (Kruskal-Wallis) or ``chi-square`` (Friedman)
    statistic_name: str
    #: the test statistic
    statistic: float
    #: numerator df (chi-square df for the rank tests)
    df_num: float
    #: denominator df (may be fractional for Welch and Brown-Forsythe; NaN for rank tests)
    df_den: float
    #: P value (upper tail)
    p: float
    #: R squared (eta squared), ``SS between / SS total``; for repeated measures
    #: ``SS treatment / (SS treatment + SS residual)`` (partial eta squared); NaN for the
    #: robust and rank tests
    r_squared: float
    #: values used per data set (matched tests: complete rows)
    n_per_group: tuple[int, ...]
    #: mean per data set (rank tests: mean rank)
    means: tuple[float, ...]
    #: SD per data set
    sds: tuple[float, ...]
    #: total number of values used
    n_total: int
    #: matched tests: number of complete rows (subjects, blocks); else 0
    n_subjects: int
    #: between-groups (treatment) sum of squares, df and mean square
    ss_between: float
    df_between: float
    ms_between: float
    #: within-groups (residual) sum of squares, df and mean square
    ss_within: float
    df_within: float
    ms_within: float
    #: repeated measures: between-subjects sum of squares, df and mean square
    ss_subjects: float
    df_subjects: float
    ms_subjects: float
    #: total sum of squares and df
    ss_total: float
    df_total: float
    status: Status
    message: str

    @property
    def residual_sd(self) -> float:
        """The pooled residual SD, ``sqrt(MS within)``."""
        return math.sqrt(self.ms_within) if self.ms_within >= 0 else NAN


def _empty(
    test: str,
    name: str,
    status: Status,
    message: str,
    n: Sequence[int] = (),
    means: Sequence[float] = (),
    sds: Sequence[float] = (),
) -> OneWayAnovaResult:
    k = len(n)
    return OneWayAnovaResult(
        test, name, NAN, NAN, NAN, NAN, NAN, tuple(n), tuple(means) or (NAN,) * k,
        tuple(sds) or (NAN,) * k, int(sum(n)), 0, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN,
        NAN, NAN, status, message,
    )  # fmt: skip


def _statistic_name(test: str) -> str:
    return {"kruskalWallis": "H", "friedman": "chi-square"}.get(test, "F")


def _f_sf(f: float, dfn: float, dfd: float) -> float:
    from scipy.special import fdtrc

    return float(fdtrc(dfn, dfd, f)) if math.isfinite(f) else NAN


def _chi2_sf(x: float, df: float) -> float:
    from scipy.special import chdtrc

    return float(chdtrc(df, x)) if math.isfinite(x) else NAN


def group_values(groups: Sequence[npt.ArrayLike]) -> list[FloatArray]:
    """The non-missing values of every group."""
    return [finite(g) for g in groups]


def complete_rows(groups: Sequence[npt.ArrayLike]) -> FloatArray:
    """Matched data: a (subjects x groups) matrix of the rows where every group has a value.

    Groups of different lengths are padded with missing values.
    """
    cols = [float_array(g).reshape(-1) for g in groups]
    n = max((c.size for c in cols), default=0)
    m = np.full((n, len(cols)), NAN)
    for j, c in enumerate(cols):
        m[: c.size, j] = c
    keep = np.isfinite(m).all(axis=1)
    out: FloatArray = m[keep]
    return out


def _centred_stats(values: list[FloatArray]) -> tuple[list[float], list[float], list[float]]:
    """Means, within sums of squares per group, and the means relative to the first value.

    Every value is first shifted by the first value of the first group (exact for the
    magnitudes of SmLs09), then means are taken and deviations summed around them.
    """
    shift = float(values[0][0])
    shifted = [v - shift for v in values]
    means = [float(s.mean()) for s in shifted]
    # a second pass refines each mean: mean += mean(deviation)
    means = [m + float((s - m).mean()) for s, m in zip(shifted, means, strict=True)]
    ssw = [float(((s - m) ** 2).sum()) for s, m in zip(shifted, means, strict=True)]
    return [m + shift for m in means], ssw, means


def _ordinary(
    test: str,
    n: list[int],
    means: list[float],
    sds: list[float],
    ssw_groups: list[float],
    centred: list[float] | None = None,
) -> OneWayAnovaResult:
    """The ordinary F test from per-group n, means and within sums of squares.

    ``centred`` are the means relative to a common reference near the data (kept separately
    because means near 1e12 lose the digits that matter).
    """
    k = len(n)
    nn = np.array(n, dtype=np.float64)
    ntot = int(nn.sum())
    d = np.array(centred) if centred is not None else np.array(means) - means[0]
    grand_d = float((nn * d).sum() / nn.sum())
    ssb = float((nn * (d - grand_d) ** 2).sum())
    ssw = float(sum(ssw_groups))
    dfb, dfw = k - 1, ntot - k
    if dfw <= 0:
        return _empty(test, "F", "too-few-values", "Every data set has a single value: no "
                      "within-group variation to test against.", n, means, sds)  # fmt: skip
    msb, msw = ssb / dfb, ssw / dfw
    sst = ssb + ssw
    if msw == 0:
        return _empty(test, "F", "zero-variance", "No variation within the data sets: F is not "
                      "defined.", n, means, sds)  # fmt: skip
    f = msb / msw
    p = _f_sf(f, dfb, dfw)
    r2 = ssb / sst if sst > 0 else NAN
    return OneWayAnovaResult(
        test, "F", f, float(dfb), float(dfw), p, r2, tuple(n), tuple(means), tuple(sds), ntot, 0,
        ssb, float(dfb), msb, ssw, float(dfw), msw, NAN, NAN, NAN, sst, float(ntot - 1), "ok",
        "ok",
    )  # fmt: skip


def _welch(n: list[int], means: list[float], sds: list[float]) -> OneWayAnovaResult:
    k = len(n)
    nn = np.array(n, dtype=np.float64)
    m = np.array(means)
    var = np.array(sds) ** 2
    if bool((var == 0).any()):
        return _empty("welch", "F", "zero-variance", "A data set has no variation: Welch's "
                      "weights n/SD^2 are not defined.", n, means, sds)  # fmt: skip
    w = nn / var
    sw = float(w.sum())
    mw = float((w * (m - m[0])).sum() / sw) + m[0]
    a = float((w * (m - mw) ** 2).sum()) / (k - 1)
    lam = float((((1 - w / sw) ** 2) / (nn - 1)).sum())
    b = 1 + 2 * (k - 2) / (k**2 - 1) * lam
    f = a / b
    dfd = (k**2 - 1) / (3 * lam)
    return _robust("welch", f, float(k - 1), dfd, n, means, sds)


def _brown_forsythe(n: list[int], means: list[float], sds: list[float]) -> OneWayAnovaResult:
    k = len(n)
    nn = np.array(n, dtype=np.float64)
    ntot = float(nn.sum())
    m = np.array(means)
    var = np.array(sds) ** 2
    grand = float((nn * (m - m[0])).sum() / ntot) + m[0]
    c = (1 - nn / ntot) * var
    denom = float(c.sum())
    if denom == 0:
        return _empty("brownForsythe", "F", "zero-variance", "No variation within the data "
                      "sets: F* is not defined.", n, means, sds)  # fmt: skip
    f = float((nn * (m - grand) ** 2).sum()) / denom
    cc = c / denom
    dfd = 1.0 / float((cc**2 / (nn - 1)).sum())
    return _robust("brownForsythe", f, float(k - 1), dfd, n, means, sds)


def _robust(
    test: str, f: float, dfn: float, dfd: float, n: list[int], means: list[float],
    sds: list[float],
) -> OneWayAnovaResult:  # fmt: skip
    return OneWayAnovaResult(
        test, "F", f, dfn, dfd, _f_sf(f, dfn, dfd), NAN, tuple(n), tuple(means), tuple(sds),
        int(sum(n)), 0, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, "ok", "ok",
    )  # fmt: skip


def _repeated(mat: FloatArray) -> OneWayAnovaResult:
    s, k = mat.shape
    n = [s] * k
    if s < 2:
        return _empty("repeatedMeasures", "F", "too-few-values", "Repeated measures need at "
                      "least two complete rows (subjects).", n)  # fmt: skip
    x = mat - mat[0, 0]
    grand = float(x.mean())
    x = x - grand
    col = x.mean(axis=0)
    row = x.mean(axis=1)
    ss_treat = float(s * (col**2).sum())
    ss_subj = float(k * (row**2).sum())
    resid = x - col[None, :] - row[:, None]
    ss_res = float((resid**2).sum())
    df_t, df_s, df_r = k - 1, s - 1, (k - 1) * (s - 1)
    means = [float(v) for v in mat.mean(axis=0)]
    sds = [float(v) for v in mat.std(axis=0, ddof=1)]
    if ss_res == 0:
        return _empty("repeatedMeasures", "F", "zero-variance", "No residual variation: "
                      "every subject differs from the others by a constant.", n, means,
                      sds)  # fmt: skip
    ms_t, ms_r = ss_treat / df_t, ss_res / df_r
    f = ms_t / ms_r
    return OneWayAnovaResult(
        "repeatedMeasures", "F", f, float(df_t), float(df_r), _f_sf(f, df_t, df_r),
        ss_treat / (ss_treat + ss_res), tuple(n), tuple(means), tuple(sds), s * k, s, ss_treat,
        float(df_t), ms_t, ss_res, float(df_r), ms_r, ss_subj, float(df_s), ss_subj / df_s,
        ss_treat + ss_subj + ss_res, float(s * k - 1), "ok", "ok",
    )  # fmt: skip


def tie_sum(values: FloatArray) -> float:
    """``sum(t^3 - t)`` over the groups of tied values."""
    _, counts = np.unique(values, return_counts=True)
    t = counts.astype(np.float64)
    return float((t**3 - t).sum())


def _rank_result(
    test: str, stat: float, df: int, n: list[int], mean_ranks: list[float], n_subjects: int
) -> OneWayAnovaResult:
    k = len(n)
    return OneWayAnovaResult(
        test, _statistic_name(test), stat, float(df), NAN, _chi2_sf(stat, df), NAN, tuple(n),
        tuple(mean_ranks), (NAN,) * k, int(sum(n)), n_subjects, NAN, NAN, NAN, NAN, NAN, NAN,
        NAN, NAN, NAN, NAN, NAN, "ok", "ok",
    )  # fmt: skip


def _kruskal(values: list[FloatArray]) -> OneWayAnovaResult:
    from scipy.stats import rankdata

    n = [v.size for v in values]
    pooled = np.concatenate(values)
    ntot = pooled.size
    ranks = rankdata(pooled)
    bounds = np.cumsum([0, *n])
    mean_ranks = [float(ranks[bounds[i] : bounds[i + 1]].mean()) for i in range(len(n))]
    h = (
        12.0
        / (ntot * (ntot + 1))
        * sum(ni * (r - (ntot + 1) / 2.0) ** 2 for ni, r in zip(n, mean_ranks, strict=True))
    )
    corr = 1.0 - tie_sum(pooled) / (ntot**3 - ntot)
    if corr <= 0:
        return _empty("kruskalWallis", "H", "zero-variance", "All values are equal: no ranks "
                      "to compare.", n)  # fmt: skip
    return _rank_result("kruskalWallis", h / corr, len(n) - 1, n, mean_ranks, 0)


def within_row_ranks(mat: FloatArray) -> FloatArray:
    """Ranks within every row (ties get the mean rank)."""
    from scipy.stats import rankdata

    out: FloatArray = rankdata(mat, axis=1)
    return out


def _friedman(mat: FloatArray) -> OneWayAnovaResult:
    s, k = mat.shape
    n = [s] * k
    if s < 2:
        return _empty("friedman", "chi-square", "too-few-values", "The Friedman test needs at "
                      "least two complete rows.", n)  # fmt: skip
    r = within_row_ranks(mat)
    rsum = r.sum(axis=0)
    ties = sum(tie_sum(row) for row in mat)
    denom = s * k * (k + 1) - ties / (k - 1)
    if denom <= 0:
        return _empty("friedman", "chi-square", "zero-variance", "Every row has all its values "
                      "tied: no ranks to compare.", n)  # fmt: skip
    stat = float(12.0 * ((rsum - s * (k + 1) / 2.0) ** 2).sum() / denom)
    return _rank_result("friedman", stat, k - 1, n, [float(v) for v in rsum / s], s)


def one_way_anova(groups: Sequence[npt.ArrayLike], test: str = "ordinary") -> OneWayAnovaResult:
    """Compare k data sets (``groups``, missing values as NaN or None) by ``test``.

    Matched tests (``repeatedMeasures``, ``friedman``) read ``groups`` as columns whose
    positions are the subjects and use the rows complete in every column.
    Status ``missing-group`` with fewer than two data sets or an empty one,
    ``too-few-values`` when a data set has a single value where its SD is needed,
    ``zero-variance`` when a variance the test divides by is zero.
    """
    check_choice("test", test, ONE_WAY_TESTS)
    name = _statistic_name(test)
    if len(groups) < 2:
        return _empty(test, name, "missing-group", "At least two data sets are needed.")
    if test in MATCHED_TESTS:
        mat = complete_rows(groups)
        return _repeated(mat) if test == "repeatedMeasures" else _friedman(mat)
    values = group_values(groups)
    n = [int(v.size) for v in values]
    if min(n) == 0:
        return _empty(test, name, "missing-group", "A data set has no values.", n)
    if test == "kruskalWallis":
        return _kruskal(values)
    means, ssw, centred = _centred_stats(values)
    sds = [math.sqrt(s / (ni - 1)) if ni > 1 else NAN for s, ni in zip(ssw, n, strict=True)]
    if test == "ordinary":
        return _ordinary(test, n, means, sds, ssw, centred)
    if min(n) < 2:
        return _empty(test, name, "too-few-values", "Every data set needs at least two values "
                      "for its SD.", n, means, sds)  # fmt: skip
    return _welch(n, means, sds) if test == "welch" else _brown_forsythe(n, means, sds)


def one_way_anova_from_summary(
    means: Sequence[float], sds: Sequence[float], ns: Sequence[int], test: str = "ordinary"
) -> OneWayAnovaResult:
    """The ordinary (or Welch, Brown-Forsythe) one-way ANOVA from mean, SD and n per group.

    Status ``missing-group`` for fewer than two groups; ``too-few-values`` for an n below
    1 (or below 2 for Welch and Brown-Forsythe) or a missing number.
    """
    check_choice("test", test, ("ordinary", "welch", "brownForsythe"))
    if not len(means) == len(sds) == len(ns):
        raise ValueError("means, sds and ns must have the same length")
    if len(means) < 2:
        return _empty(test, "F", "missing-group", "At least two groups are needed.")
    m = [float(v) for v in means]
    s = [float(v) for v in sds]
    n = [int(v) for v in ns]
    bad_n = min(n) < (1 if test == "ordinary" else 2)
    bad_sd = any(not math.isfinite(v) or v < 0 for v, ni in zip(s, n, strict=True) if ni > 1)
    if bad_n or not all(math.isfinite(v) for v in m) or bad_sd:
        return _empty(
            test,
            "F",
            "too-few-values",
            "Every group needs a mean, an SD and an n of "
            "at least " + ("1." if test == "ordinary" else "2."),
            [max(v, 0) for v in n],
        )
    ssw = [(ni - 1) * si**2 if ni > 1 else 0.0 for si, ni in zip(s, n, strict=True)]
    sds_used = [si if ni > 1 else NAN for si, ni in zip(s, n, strict=True)]
    if test == "ordinary":
        return _ordinary(test, n, m, sds_used, ssw)
    return _welch(n, m, s) if test == "welch" else _brown_forsythe(n, m, s)
