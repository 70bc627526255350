"""Spearman's rho over pairwise-complete rows, for a whole matrix, and its exact P values.

The building blocks of :func:`plotdoc.stats.correlation.correlation_matrix` with
``method="spearman"`` when values are missing (each pair ranks its own complete rows):

- :func:`spearman_few_rows`, for tables of at most :data:`FEW_ROWS` rows, by matrix products;
- :func:`spearman_pairwise`, for more rows, one variable (and all its pairs) at a time;
- :func:`exact_p_matrix`, the exact permutation P values of every pair (n <= 9, no ties).
"""

from __future__ import annotations

import itertools
import math
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ._results import NAN, FloatArray, IntArray
from .budget import check

#: largest n for the exact Spearman P value (as R's cor.test)
EXACT_SPEARMAN_MAX_N = 9
#: tables with at most this many rows (and missing values) rank by matrix products
FEW_ROWS = 12


@lru_cache(maxsize=EXACT_SPEARMAN_MAX_N + 1)
def _spearman_s_distribution(n: int) -> IntArray:
    """Sorted values of S = sum (i - perm(i))^2 over all n! permutations."""
    base = np.arange(n)
    perms = np.array(list(itertools.permutations(range(n))), dtype=np.int64)
    s: IntArray = np.sort(((perms - base) ** 2).sum(axis=1))
    return s


@lru_cache(maxsize=EXACT_SPEARMAN_MAX_N + 1)
def _exact_p_table(n: int) -> FloatArray:
    """:func:`spearman_exact_p` for every S = 0 .. (n^3 - n) / 3 (its whole range) at n."""
    dist = _spearman_s_distribution(n)
    total = dist.size
    s = np.arange((n**3 - n) // 3 + 1)
    low = np.searchsorted(dist, s, side="right")  # P(S <= s)
    high = total - np.searchsorted(dist, s, side="left")  # P(S >= s)
    tail = np.where(s <= (n**3 - n) / 6.0, low, high)
    out: FloatArray = np.minimum(1.0, 2.0 * tail / total)
    return out


@lru_cache(maxsize=1)
def _exact_p_tables() -> tuple[FloatArray, IntArray]:
    """Every :func:`_exact_p_table` end to end, and where the one of each n starts."""
    sizes = [(n**3 - n) // 3 + 1 for n in range(EXACT_SPEARMAN_MAX_N + 1)]
    offsets = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
    parts = [_exact_p_table(n) if n >= 2 else np.full(sizes[n], NAN) for n in range(len(sizes))]
    return np.concatenate(parts), offsets


def spearman_exact_p(rho: float, n: int) -> float:
    """Exact two-sided P of Spearman's rho without ties for 2 <= n <= 9 (R's rule), else NaN."""
    if not 2 <= n <= EXACT_SPEARMAN_MAX_N or not math.isfinite(rho):
        return NAN
    s_obs = round((n**3 - n) * (1.0 - rho) / 6.0)
    dist = _spearman_s_distribution(n)
    total = dist.size
    if s_obs <= (n**3 - n) / 6.0:
        tail = int(np.searchsorted(dist, s_obs, side="right"))  # P(S <= s)
    else:
        tail = total - int(np.searchsorted(dist, s_obs, side="left"))  # P(S >= s)
    return min(1.0, 2.0 * tail / total)


def _tie_groups(sorted_values: FloatArray) -> tuple[IntArray, IntArray]:
    """For each position of columns sorted down axis 0: (first, one past last) of its tie group."""
    rows = sorted_values.shape[0]
    pos = np.arange(rows)[:, None]
    starts = np.ones(sorted_values.shape, dtype=bool)
    starts[1:] = sorted_values[1:] != sorted_values[:-1]
    first: IntArray = np.maximum.accumulate(np.where(starts, pos, 0), axis=0)
    ends = np.ones(sorted_values.shape, dtype=bool)
    ends[:-1] = starts[1:]
    last = np.minimum.accumulate(np.where(ends, pos, rows - 1)[::-1], axis=0)[::-1]
    return first, last + 1


def spearman_pairwise(x: FloatArray, mask: npt.NDArray[np.bool_]) -> tuple[FloatArray, FloatArray]:
    """Exact pairwise Spearman: for each variable i, every pair (i, j >= i) at once.

    Each column is sorted once (missing values last). For a pair, twice the average rank of a
    value among the pair's complete rows is (complete rows before its tie group) + (complete
    rows through the end of its group) + 1, read off running counts of the pair's mask along
    the column's sorted order; without ties in the column it is simply twice the running count.
    The products are taken in i's sorted order over i's present rows only: j's ranks are
    gathered there through each row's position in j's order. The work is laid out one variable
    per row (running counts along contiguous memory) in 16- or 32-bit integers; doubled ranks
    are integers, so the sums are exact; without ties, the sums of squared ranks have their
    closed form.
    """
    rows, k = x.shape
    small = np.int16 if 2 * rows + 1 <= np.iinfo(np.int16).max else np.int32
    filled = np.where(mask, x, np.inf).T  # one variable per row; missing values sort last
    order = np.argsort(filled, axis=1, kind="stable")
    mask_t = np.ascontiguousarray(mask.T)
    mask_sorted = np.take_along_axis(mask_t, order, axis=1)
    first_t, stop_t = _tie_groups(np.take_along_axis(filled, order, axis=1).T)
    first, stop = np.ascontiguousarray(first_t.T), np.ascontiguousarray(stop_t.T)
    tied: npt.NDArray[np.bool_] = np.asarray(((stop - first > 1) & mask_sorted).any(axis=1))
    position = np.empty_like(order)
    np.put_along_axis(position, order, np.broadcast_to(np.arange(rows), order.shape), 1)
    counts_present = mask_t.sum(axis=1)
    r = np.full((k, k), NAN)
    nn = np.zeros((k, k))
    for i in range(k):
        check()
        present = mask_t[i]
        # doubled ranks of every x_j (j >= i) among rows where i and j are present, j's order
        running = np.zeros((k - i, rows + 1), dtype=small)
        np.cumsum(mask_sorted[i:] & present[order[i:]], axis=1, dtype=small, out=running[:, 1:])
        rank_b = running[:, 1:] * small(2)
        tied_j = np.nonzero(tied[i:])[0]
        for c in tied_j:
            rank_b[c] = running[c, first[i + c]] + running[c, stop[i + c]] + 1
        # in i's sorted order, over i's present rows (they sort first)
        n_i = int(counts_present[i])
        oi = order[i, :n_i]
        valid = mask_t[i:, oi]
        b = np.take_along_axis(rank_b, position[i:, oi], axis=1)
        b *= valid
        running_a = np.zeros((k - i, n_i + 1), dtype=small)
        np.cumsum(valid, axis=1, dtype=small, out=running_a[:, 1:])
        if tied[i]:
            a = running_a[:, first[i, :n_i]] + running_a[:, stop[i, :n_i]] + small(1)
            a *= valid
        else:
            a = running_a[:, 1:] * small(2)
            a *= valid
        n = valid.sum(axis=1).astype(np.float64)
        mid = n * (n + 1.0) ** 2  # 4 n (mean rank)^2
        squares = n * (n + 1.0) * (2.0 * n + 1.0) * (4.0 / 6.0)  # 4 (1^2 + ... + n^2)
        sab = _row_dots(a, b) - mid
        saa = (_row_dots(a, a) if tied[i] else squares) - mid
        sbb = squares - mid
        if tied_j.size:
            sbb[tied_j] = _row_dots(b[tied_j], b[tied_j]) - mid[tied_j]
        with np.errstate(invalid="ignore", divide="ignore"):
            rho = sab / np.sqrt(saa * sbb)
        r[i, i:] = r[i:, i] = rho
        nn[i, i:] = nn[i:, i] = n
    return r, nn


def _row_dots(a: npt.NDArray[Any], b: npt.NDArray[Any]) -> FloatArray:
    """Exact row-wise dot products of two integer arrays (products in 64 bits)."""
    prod = a.astype(np.int64)
    prod *= b
    out: FloatArray = prod.sum(axis=1).astype(np.float64)
    return out


def spearman_few_rows(x: FloatArray, mask: npt.NDArray[np.bool_]) -> tuple[FloatArray, FloatArray]:
    """Exact pairwise Spearman for few rows, every pair at once by matrix products.

    Over a pair's complete rows V, the average rank of row r is ``1/2 + sum_s h(r, s)`` with
    ``h`` 1, 1/2 or 0 as x_r is above, equal to or below x_s (s = r gives 1/2). Let
    ``P_r[i, j] = sum_s h_i(r, s) m_i(r) m_i(s) m_j(s)`` (m the masks): for a row r in V it is
    a_r - 1/2, the rank of x_i among the pair's rows. So ``sum_V a_r b_r`` follows from
    ``sum_r P_r[i, j] P_r[j, i]`` and the sums of squares from ``sum_r m_j(r) P_r[i, j]^2``:
    one (variables x rows) x (rows x variables) product per row. Ranks are half-integers, so
    the sums are exact.
    """
    rows, k = x.shape
    m = mask.astype(np.float64)
    xf = np.where(mask, x, 0.0)
    h = (xf[:, None, :] > xf[None, :, :]) + 0.5 * (xf[:, None, :] == xf[None, :, :])
    hm = h * m[:, None, :] * m[None, :, :]  # hm[r, s, i] = h_i(r, s) m_i(r) m_i(s)
    s_ab = np.zeros((k, k))
    s_aa = np.zeros((k, k))
    for r in range(rows):
        p = hm[r].T @ m
        s_ab += p * p.T
        p *= p
        p *= m[r][None, :]
        s_aa += p
    nn: FloatArray = m.T @ m
    base = nn * nn / 2.0 + nn / 4.0 - nn * (nn + 1.0) ** 2 / 4.0
    with np.errstate(invalid="ignore", divide="ignore"):
        rho: FloatArray = (s_ab + base) / np.sqrt((s_aa + base) * (s_aa.T + base))
    return rho, nn


def exact_p_matrix(
    x: FloatArray, mask: npt.NDArray[np.bool_], r: FloatArray, nn: FloatArray
) -> FloatArray:
    """:func:`spearman_exact_p` of every pair at once (few rows): NaN where a pair has ties.

    A pair (i, j) has a tie when two rows where both are present hold equal values of i (or
    of j): counted for every pair of rows at once as ``tie_i' both_j``.
    """
    rows, k = x.shape
    a, b = np.triu_indices(rows, 1)
    both = mask[a] & mask[b]  # (row pairs, variables): both rows present
    tie = both & (x[a] == x[b])
    counts = tie.T.astype(np.float64) @ both.astype(np.float64)
    tied = (counts + counts.T) > 0
    upper = np.triu_indices(k, 1)
    n = nn[upper].astype(np.int64)
    rho = r[upper]
    ok = ~tied[upper] & np.isfinite(rho) & (n >= 2) & (n <= EXACT_SPEARMAN_MAX_N)
    n, rho = n[ok], rho[ok]
    table, offsets = _exact_p_tables()
    top = (n**3 - n) // 3
    s_obs = np.clip(np.round((n**3 - n) * (1.0 - rho) / 6.0).astype(np.int64), 0, top)
    values = np.full(ok.size, NAN)
    values[ok] = table[offsets[n] + s_obs]
    out = np.full((k, k), NAN)
    out[upper] = out[upper[1], upper[0]] = values
    return out
