"""Pearson and Spearman correlation: one pair, or the matrix of every pair of variables.

Missing values are handled pairwise: each pair uses the rows where both are present.

- Pearson ``r`` with ``t = r sqrt((n - 2) / (1 - r^2))`` on ``n - 2`` df, two-sided P, and the
  Fisher-z CI ``tanh(atanh(r) +/- z_(1-alpha/2) / sqrt(n - 3))``.
- Spearman ``rho`` is Pearson's r of the ranks (average ranks for ties), the ranks taken over
  the pair's complete rows. Its ``p`` is the t approximation (as ``scipy.stats.spearmanr``);
  ``p_exact`` is the exact permutation P value ``2 P(S <= s)`` (or ``2 P(S >= s)``, capped at 1)
  of ``S = sum d^2`` for ``n <= 9`` without ties (what R's ``cor.test`` reports there), NaN
  otherwise.

The matrix is vectorised: columns without missing values use a single matrix product of the
centred data; with missing values the pairwise sums come from masked matrix products
(``n = M'M``, ``sum x = X'M`` ...), computed from the sparse complement of the mask when few
values are missing. Spearman with missing values ranks each pair's complete rows exactly
(:mod:`plotdoc.stats.spearman`).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, TypeAlias

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
    json_value,
)
from .spearman import (
    FEW_ROWS,
    average_ranks,
    exact_p_matrix,
    spearman_exact_p,
    spearman_few_rows,
    spearman_missing,
)

Method: TypeAlias = Literal["pearson", "spearman"]


@dataclass(frozen=True, slots=True)
class CorrelationResult(ResultMixin):
    """Correlation of one pair of variables (:func:`correlation`)."""

    #: pearson or spearman
    method: str
    #: number of complete pairs
    n: int
    #: Pearson r, or Spearman rho
    r: float
    #: ``r sqrt((n - 2) / (1 - r^2))``
    t: float
    #: ``n - 2``
    df: float
    #: two-sided P value of the t statistic (for Spearman the t approximation)
    p: float
    #: Spearman only: exact two-sided permutation P value (n <= 9, no ties), else NaN
    p_exact: float
    #: Spearman only: ``S = sum of squared rank differences``, else NaN
    s: float
    #: confidence level of the CI (fraction)
    confidence: float
    #: Fisher-z CI of r, lower limit (Pearson only; NaN for Spearman)
    ci_lower: float
    #: Fisher-z CI of r, upper limit
    ci_upper: float
    status: Status
    message: str


@dataclass(frozen=True, slots=True)
class CorrelationMatrix(ResultMixin):
    """Correlation of every pair of variables (:func:`correlation_matrix`).

    ``p``, ``ci_lower`` and ``ci_upper`` are properties computed from ``r`` and ``n`` on first
    access (a heat map of r does not need them; one P value per pair costs about as much as
    the whole r matrix). :meth:`to_dict` includes them.
    """

    #: pearson or spearman
    method: str
    #: names of the variables correlated (rows and columns of the matrices)
    names: tuple[str, ...]
    #: names left out because their type is not continuous
    excluded: tuple[str, ...]
    #: r (or rho) matrix; 1 on the diagonal; NaN where undefined (n < 3 or no spread)
    r: FloatArray
    #: Spearman: exact P values where n <= 9 without ties (tables of at most 12 rows), NaN
    #: elsewhere; Pearson: all NaN
    p_exact: FloatArray
    #: number of complete pairs
    n: IntArray
    #: confidence level of the CIs (fraction)
    confidence: float
    status: Status
    message: str
    #: cache of the derived matrices (p, ci_lower, ci_upper)
    _derived: dict[str, FloatArray] = field(default_factory=dict, repr=False, compare=False)

    _DERIVED: ClassVar[tuple[str, ...]] = ("p", "ci_lower", "ci_upper")

    @property
    def p(self) -> FloatArray:
        """Two-sided P values (Spearman: t approximation); NaN on the diagonal."""
        return self._tests()["p"]

    @property
    def ci_lower(self) -> FloatArray:
        """Pearson: Fisher-z CI lower limits of r (NaN for Spearman and where n < 4)."""
        return self._tests()["ci_lower"]

    @property
    def ci_upper(self) -> FloatArray:
        """Pearson: Fisher-z CI upper limits of r."""
        return self._tests()["ci_upper"]

    def _tests(self) -> dict[str, FloatArray]:
        if not self._derived:
            self._derived.update(_tests(self.r, self.n, self.method, self.confidence))
        return self._derived

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-friendly values, with ``p``, ``ci_lower`` and ``ci_upper``."""
        out = {
            f.name: json_value(getattr(self, f.name))
            for f in dataclasses.fields(self)
            if not f.name.startswith("_")
        }
        out.update({name: json_value(getattr(self, name)) for name in self._DERIVED})
        return out


# ---------------------------------------------------------------------------------------------
# shared pieces


def _rank(v: FloatArray) -> FloatArray:
    """Average ranks (1-based) of a finite 1-D array."""
    from scipy.stats import rankdata

    out: FloatArray = rankdata(v).astype(np.float64)
    return out


def _p_from_r(r: FloatArray, n: FloatArray) -> tuple[FloatArray, FloatArray]:
    """(t, two-sided p) of r on n - 2 df; NaN where n < 3."""
    from scipy.special import stdtr

    df = n - 2.0
    with np.errstate(divide="ignore", invalid="ignore"):
        t = r * np.sqrt(df / ((1.0 - r) * (1.0 + r)))
        p = 2.0 * stdtr(df, -np.abs(t))
    p = np.where(np.abs(r) >= 1.0, 0.0, p)
    bad = (df < 1) | np.isnan(r)
    return np.where(bad, NAN, t), np.where(bad, NAN, p)


def _fisher_ci(r: FloatArray, n: FloatArray, confidence: float) -> tuple[FloatArray, FloatArray]:
    from scipy.special import ndtri

    z = float(ndtri(0.5 + confidence / 2.0))
    with np.errstate(divide="ignore", invalid="ignore"):
        zr = np.arctanh(np.clip(r, -1.0, 1.0))
        half = z / np.sqrt(n - 3.0)
        lo, hi = np.tanh(zr - half), np.tanh(zr + half)
    bad = (n < 4) | np.isnan(r)
    return np.where(bad, NAN, lo), np.where(bad, NAN, hi)


# ---------------------------------------------------------------------------------------------
# one pair


def correlation(
    x: npt.ArrayLike, y: npt.ArrayLike, *, method: str = "pearson", confidence: float = 0.95
) -> CorrelationResult:
    """Correlation of x and y over their complete pairs (see the module docstring)."""
    check_choice("method", method, ("pearson", "spearman"))
    c = check_confidence(confidence)
    ax = as_float_array(x)
    ay = as_float_array(y)
    if ax.shape != ay.shape:
        raise ValueError(f"x and y differ in size ({ax.size} and {ay.size})")
    keep = np.isfinite(ax) & np.isfinite(ay)
    ax, ay = ax[keep], ay[keep]
    n = int(ax.size)
    nan = NAN
    if n < 3:
        return CorrelationResult(
            method, n, nan, nan, nan, nan, nan, nan, c, nan, nan, "too-few-values",
            "A correlation test needs at least three complete pairs.",
        )  # fmt: skip
    ties = False
    if method == "spearman":
        ties = np.unique(ax).size < n or np.unique(ay).size < n
        ax, ay = _rank(ax), _rank(ay)
    dx, dy = ax - ax.mean(), ay - ay.mean()
    sxx, syy = float(dx @ dx), float(dy @ dy)
    if not (sxx > 0 and syy > 0):
        return CorrelationResult(
            method, n, nan, nan, float(n - 2), nan, nan, nan, c, nan, nan, "zero-variance",
            "A variable has no spread; r is undefined.",
        )  # fmt: skip
    r = max(-1.0, min(1.0, float(dx @ dy) / math.sqrt(sxx * syy)))
    t_arr, p_arr = _p_from_r(np.array([r]), np.array([float(n)]))
    if method == "pearson":
        lo_arr, hi_arr = _fisher_ci(np.array([r]), np.array([float(n)]), c)
        lo, hi, p_exact, s = float(lo_arr[0]), float(hi_arr[0]), nan, nan
    else:
        lo = hi = nan
        s = float(((ax - ay) ** 2).sum())
        p_exact = nan if ties else spearman_exact_p(r, n)
    return CorrelationResult(
        method, n, r, float(t_arr[0]), float(n - 2), float(p_arr[0]), p_exact, s, c, lo, hi,
        "ok", "ok",
    )  # fmt: skip


# ---------------------------------------------------------------------------------------------
# matrix


def _pearson_complete(x: FloatArray) -> FloatArray:
    if x.shape[0] == 0:
        return np.full((x.shape[1], x.shape[1]), NAN)
    xc = x - x.mean(axis=0)
    cov = xc.T @ xc
    d = np.sqrt(np.diag(cov))
    with np.errstate(divide="ignore", invalid="ignore"):
        r: FloatArray = cov / np.multiply.outer(d, d)  # symmetric to the last bit
    return r


#: largest number of (row, missing variable, missing variable) triples counted one by one;
#: past it the counts of rows where both are missing come from a sparse product
MISSING_PAIRS_COUNTED = 4_000_000


def _both_missing(mct: Any, miss_row: IntArray, miss_var: IntArray) -> FloatArray:
    """Rows where both variables are missing, for every pair, from the sparse (variables x
    rows) indicator ``mct`` of the missing cells (column-compressed, cells in row order): each
    row's missing variables paired with each other, cheaper than ``mct @ mct.T`` when rows miss
    few values."""
    k = mct.shape[0]
    per_row = np.diff(mct.indptr)
    if int((per_row * per_row).sum()) > MISSING_PAIRS_COUNTED:
        both: FloatArray = (mct @ mct.T).toarray()
        return both
    repeats = per_row[miss_row]  # each missing cell is paired with its row's missing cells
    first = mct.indptr[miss_row]  # where each cell's row starts
    a = np.repeat(miss_var, repeats)
    starts = np.cumsum(repeats) - repeats
    partner = np.repeat(first - starts, repeats) + np.arange(a.size)
    flat = np.bincount(a * k + miss_var[partner], minlength=k * k)
    return flat.reshape(k, k).astype(np.float64)


def _pearson_pairwise(x: FloatArray, mask: npt.NDArray[np.bool_]) -> tuple[FloatArray, FloatArray]:
    """(r, n) over pairwise-complete rows, from masked matrix products.

    Each variable is centred on its own mean, its missing cells 0, so that the pairwise sums
    stay small. With few missing cells the sums over a pair's complete rows are the whole
    column's minus those over the rows where the other variable is missing (sparse products).
    """
    rows, k = x.shape
    if (rows * k - np.count_nonzero(mask)) * 8 < rows * k:
        from scipy import sparse

        # the missing cells as a sparse (variables x rows) indicator, column-compressed (which
        # runs the product with a dense matrix fastest): the cells in row order
        miss_row, miss_var = np.divmod(np.flatnonzero(~mask), k)
        indptr = np.concatenate([[0], np.cumsum(np.bincount(miss_row, minlength=rows))])
        mct = sparse.csc_matrix((np.ones(miss_var.size), miss_var, indptr), shape=(k, rows))
        counts = rows - np.bincount(miss_var, minlength=k)
        xc = np.where(mask, x, 0.0)
        with np.errstate(invalid="ignore", divide="ignore"):
            xc -= np.where(counts > 0, xc.sum(axis=0) / counts, 0.0)
        xc[miss_row, miss_var] = 0.0
        xc2 = xc * xc
        miss = np.asarray(rows - counts, dtype=np.float64)
        nn = rows - miss[:, None] - miss[None, :] + _both_missing(mct, miss_row, miss_var)
        # sums over the rows where the *other* variable is missing, then by complement:
        # S[i, j] = sum of xc_i where j is present (the full column sum is 0),
        # Q[i, j] = sum of xc_i^2 where j is present
        s = -np.asarray(mct @ xc).T
        q = xc2.sum(axis=0)[:, None] - np.asarray(mct @ xc2).T
        del xc2
    else:
        counts = mask.sum(axis=0)
        xc = np.where(mask, x, 0.0)
        with np.errstate(invalid="ignore", divide="ignore"):
            xc -= np.where(counts > 0, xc.sum(axis=0) / counts, 0.0)
        np.multiply(xc, mask, out=xc)
        m = mask.astype(np.float64)
        nn = m.T @ m
        s = xc.T @ m
        q = (xc * xc).T @ m
    r: FloatArray = xc.T @ xc  # symmetric product (BLAS syrk)
    # in place, one scratch matrix: a fresh k x k array costs more than the arithmetic on it
    with np.errstate(invalid="ignore", divide="ignore"):
        scratch = s * s.T
        scratch /= nn
        r -= scratch  # the covariances (times n)
        np.multiply(s, s, out=scratch)
        scratch /= nn
        q -= scratch  # the variances over each pair's rows (times n)
        np.multiply(q, q.T, out=scratch)
        np.sqrt(scratch, out=scratch)
        r /= scratch
    return r, nn


def correlation_matrix(
    columns: Sequence[npt.ArrayLike] | Mapping[str, npt.ArrayLike] | npt.NDArray[np.float64],
    *,
    names: Sequence[str] | None = None,
    method: str = "pearson",
    variable_types: Sequence[str] | None = None,
    confidence: float = 0.95,
) -> CorrelationMatrix:
    """Correlation of every pair of variables with pairwise-complete observations.

    ``columns`` is a list of equally long 1-D arrays, a mapping name -> array, or a 2-D array
    with one variable per column. ``variable_types`` (``continuous``, ``categorical``,
    ``label``) leaves out the non-continuous ones; with fewer than two continuous variables the
    status is ``wrong-variable-types``. Entries with fewer than 3 complete pairs, or where a
    variable has no spread, are NaN.
    """
    check_choice("method", method, ("pearson", "spearman"))
    c = check_confidence(confidence)
    if isinstance(columns, Mapping):
        names = tuple(columns)
        table = _stack([as_float_array(v) for v in columns.values()])
    elif isinstance(columns, np.ndarray) and columns.ndim == 2:
        table = np.asarray(columns, dtype=np.float64)
    else:
        table = _stack([as_float_array(v) for v in columns])
    total = table.shape[1]
    names = tuple(names) if names is not None else tuple(f"Variable {i + 1}" for i in range(total))
    if len(names) != total:
        raise ValueError("names and columns differ in number")
    types = tuple(variable_types) if variable_types is not None else ("continuous",) * total
    if len(types) != total:
        raise ValueError("variable_types and columns differ in number")
    use = [i for i, t in enumerate(types) if t == "continuous"]
    excluded = tuple(names[i] for i in range(total) if types[i] != "continuous")
    kept = tuple(names[i] for i in use)
    k = len(use)
    if k < 2:
        e = np.full((k, k), NAN)
        return CorrelationMatrix(
            method, kept, excluded, e, e.copy(), np.zeros((k, k), dtype=np.int64), c,
            "wrong-variable-types", "A correlation matrix needs at least two continuous variables.",
        )  # fmt: skip
    x = table if k == total else table[:, use]
    mask = np.isfinite(x)
    complete = bool(mask.all())
    p_exact = np.full((k, k), NAN)
    if method == "pearson":
        if complete:
            r = _pearson_complete(x)
            nn = np.full((k, k), float(x.shape[0]))
        else:
            r, nn = _pearson_pairwise(x, mask)
    else:
        r, nn, p_exact = _spearman_matrix(x, mask)
    np.clip(r, -1.0, 1.0, out=r)
    r[nn < 3] = NAN
    diag = np.arange(k)
    r[diag, diag] = np.where(np.isnan(r[diag, diag]), NAN, 1.0)
    n_int = nn.astype(np.int64)  # counts of rows, exact in floating point
    undefined = int((np.count_nonzero(np.isnan(r)) - np.isnan(r[diag, diag]).sum()) // 2)
    message = "ok" if not undefined else f"{undefined} pairs have too few values or no spread."
    return CorrelationMatrix(method, kept, excluded, r, p_exact, n_int, c, "ok", message)


def _tests(r: FloatArray, n: IntArray, method: str, confidence: float) -> dict[str, FloatArray]:
    """P values and (Pearson) CIs, on the upper triangle only and mirrored."""
    k = r.shape[0]
    upper = np.triu_indices(k, 1)
    lower = (upper[1], upper[0])
    nn = n[upper].astype(np.float64)
    p = np.full((k, k), NAN)
    p[upper] = p[lower] = _p_from_r(r[upper], nn)[1]
    lo, hi = np.full((k, k), NAN), np.full((k, k), NAN)
    if method == "pearson":
        lo[upper], hi[upper] = _fisher_ci(r[upper], nn, confidence)
        lo[lower], hi[lower] = lo[upper], hi[upper]
    return {"p": p, "ci_lower": lo, "ci_upper": hi}


def _stack(cols: list[FloatArray]) -> FloatArray:
    if len({col.size for col in cols}) > 1:
        raise ValueError("all columns must have the same number of rows")
    if not cols:
        return np.empty((0, 0))
    return np.column_stack(cols)


def _spearman_matrix(
    x: FloatArray, mask: npt.NDArray[np.bool_]
) -> tuple[FloatArray, FloatArray, FloatArray]:
    """(rho, n, exact p) with average ranks over each pair's complete rows."""
    rows, k = x.shape
    if bool(mask.all()):
        r = _pearson_complete(average_ranks(x))
        nn = np.full((k, k), float(rows))
    elif rows <= FEW_ROWS:
        r, nn = spearman_few_rows(x, mask)
    else:
        r, nn = spearman_missing(x, mask)
    p_exact = np.full((k, k), NAN)
    if rows <= FEW_ROWS:  # more rows rarely leave a pair of at most 9
        p_exact = exact_p_matrix(x, mask, r, nn)
    return r, nn, p_exact
