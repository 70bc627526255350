"""Spearman's rho over pairwise-complete rows, for a whole matrix, and its exact P values.

The building blocks of :func:`plotdoc.stats.correlation.correlation_matrix` with
``method="spearman"`` when values are missing (each pair ranks its own complete rows):

- :func:`spearman_few_rows`, for tables of at most :data:`FEW_ROWS` rows, by matrix products;
- :func:`spearman_pairwise`, for more rows, one variable (and all its pairs) at a time;
- :func:`spearman_patterns`, when the variables share few patterns of missing cells (whole
  rows missing, columns of a few lengths), each set of complete rows ranked once;
- :func:`missing_plan`, which of the last two is faster for a mask, and how long it takes;
- :func:`exact_p_matrix`, the exact permutation P values of every pair (n <= 9, no ties).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
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
#: at most this many distinct patterns of missing cells are grouped by :func:`missing_plan`
MAX_PATTERNS = 64
#: seconds per element of :func:`spearman_pairwise` (rows x variables^2 / 2 of them), measured
#: on a small machine (2 cores)
PAIRWISE_SECONDS = 1.3e-8
#: seconds per value ranked by :func:`spearman_patterns`, times log2 of the rows ranked
RANK_SECONDS = 6e-9
#: seconds per multiply-add of a dense matrix product (a slow BLAS)
MATMUL_SECONDS = 2e-10
#: seconds per cell of a block of the result written by :func:`spearman_patterns`
WRITE_SECONDS = 1e-8


@lru_cache(maxsize=EXACT_SPEARMAN_MAX_N + 1)
def _spearman_s_counts(n: int) -> IntArray:
    """How many of the n! permutations have S = sum (i - perm(i))^2, for S = 0 .. (n^3 - n) / 3.

    Counted position by position over the sets of values already placed (2^n of them), which
    takes milliseconds where listing the 362,880 permutations of 9 took half a second.
    """
    top = (n**3 - n) // 3
    counts = np.zeros((1 << n, top + 1), dtype=np.int64)
    counts[0, 0] = 1
    for placed in range(1 << n):
        position = placed.bit_count()
        row = counts[placed]
        for value in range(n):
            if position < n and not placed >> value & 1:
                d = (position - value) ** 2
                counts[placed | 1 << value, d:] += row[: top + 1 - d]
    last: IntArray = counts[-1]
    return last


@lru_cache(maxsize=EXACT_SPEARMAN_MAX_N + 1)
def _exact_p_table(n: int) -> FloatArray:
    """:func:`spearman_exact_p` for every S = 0 .. (n^3 - n) / 3 (its whole range) at n."""
    counts = _spearman_s_counts(n)
    total = math.factorial(n)
    low = np.cumsum(counts)  # permutations with S <= s
    high = total - low + counts  # with S >= s
    s = np.arange(counts.size)
    tail = np.where(s <= (n**3 - n) / 6.0, low, high)
    out: FloatArray = np.minimum(1.0, 2.0 * tail / total)
    return out


@lru_cache(maxsize=1)
def _exact_p_grid() -> FloatArray:
    """Every :func:`_exact_p_table` as a row of one array, ``grid[n, S]`` (NaN past the end)."""
    top = (EXACT_SPEARMAN_MAX_N**3 - EXACT_SPEARMAN_MAX_N) // 3
    grid = np.full((EXACT_SPEARMAN_MAX_N + 1, top + 1), NAN)
    for n in range(2, EXACT_SPEARMAN_MAX_N + 1):
        table = _exact_p_table(n)
        grid[n, : table.size] = table
    return grid


def spearman_exact_p(rho: float, n: int) -> float:
    """Exact two-sided P of Spearman's rho without ties for 2 <= n <= 9 (R's rule), else NaN."""
    if not 2 <= n <= EXACT_SPEARMAN_MAX_N or not math.isfinite(rho):
        return NAN
    top = (n**3 - n) // 3
    s_obs = min(max(round((n**3 - n) * (1.0 - rho) / 6.0), 0), top)
    return float(_exact_p_table(n)[s_obs])


def average_ranks(x: FloatArray) -> FloatArray:
    """Average ranks (1 .. n, ties sharing their mean) down each column of finite values.

    As ``scipy.stats.rankdata(x, axis=0)``, several times faster on wide tables: each column is
    sorted in place of memory (variables as rows), and only a column with ties needs its groups.
    """
    xt = np.ascontiguousarray(x.T)
    n = xt.shape[1]
    order = np.argsort(xt, axis=1)
    ordered = np.take_along_axis(xt, order, axis=1)
    starts = np.ones(ordered.shape, dtype=bool)
    starts[:, 1:] = ordered[:, 1:] != ordered[:, :-1]
    ranks = np.empty(xt.shape)
    if bool(starts.all()):
        np.put_along_axis(ranks, order, np.broadcast_to(np.arange(1.0, n + 1), xt.shape), axis=1)
    else:
        first, stop = _tie_groups(ordered.T)
        np.put_along_axis(ranks, order, (first + stop + 1).T / 2.0, axis=1)
    out: FloatArray = ranks.T
    return out


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


#: variables per block of :func:`spearman_pairwise` (its arrays: about 5 bytes x block x rows
#: x variables, 80 MB for 8 x 4,000 x 500; larger blocks were slower, out of cache)
BLOCK = 8


def spearman_pairwise(x: FloatArray, mask: npt.NDArray[np.bool_]) -> tuple[FloatArray, FloatArray]:
    """Exact pairwise Spearman, every pair (i, j) through running counts, a block of i at a time.

    Each column is sorted once (missing values last). Down i's sorted order, the running
    count of rows where j is present is the rank of x_i among the rows where both are
    present (twice the average rank with ties: complete rows before its tie group, plus
    complete rows through the group's end, plus one). For a block I of variables and every
    later j, one cumulative sum down the rows gives x_i's ranks against every j (``P``, in
    i's order) and another x_j's ranks against every i of the block (``Q``, in j's order,
    zero where either value is missing, then put in row order). The pair's cross sum is the
    sum of ``P * Q`` down i's order. Ranks are integers (doubled where the variable has
    ties), so the sums are exact; the sums of squared ranks have their closed form unless
    the variable has ties. The running sums add whole rows of a block at a time, so the
    work is vectorised across pairs.
    """
    rows, k = x.shape
    small = np.int16 if 2 * rows + 1 <= np.iinfo(np.int16).max else np.int32
    double = 2 * rows + 1  # the largest doubled rank (a plain rank is at most ``rows``)
    filled = np.where(mask, x, np.inf)  # missing values sort last
    order = np.argsort(filled, axis=0, kind="stable")
    position = np.empty_like(order)  # position[r, j]: where row r is in j's order
    np.put_along_axis(position, order, np.arange(rows)[:, None], axis=0)
    first, stop = _tie_groups(np.take_along_axis(filled, order, axis=0))
    counts = mask.sum(axis=0)
    present_sorted = np.arange(rows)[:, None] < counts[None, :]
    tied = np.asarray(((stop - first > 1) & present_sorted).any(axis=0))
    scale = np.where(tied, 2.0, 1.0)  # tied variables carry doubled ranks
    mask_small = mask.astype(small)
    mask_t = np.ascontiguousarray(mask.T).view(np.int8)
    block = min(BLOCK, k)
    # buffers reused from block to block (each block's arrays are their first elements)
    p_buf = np.empty(block * (rows + 1) * k, dtype=small)
    q_buf = np.empty(block * (rows + 1) * k, dtype=small)
    index: Any = np.int32 if (rows + 1) * k < np.iinfo(np.int32).max else np.int64

    m = mask.astype(np.float64)
    nn: FloatArray = m.T @ m
    sab = np.zeros((k, k))
    for lo in range(0, k, block):
        check()
        hi = min(lo + block, k)
        nb, width = hi - lo, k - lo
        # P[1 + t, b, c]: rows where lo + c is present among i's first t + 1 (i = lo + b)
        p = p_buf[: (rows + 1) * nb * width].reshape(rows + 1, nb, width)
        p[0] = 0
        np.take(np.ascontiguousarray(mask_small[:, lo:]), order[:, lo:hi], axis=0, out=p[1:])
        _running_sum(p)
        # Q[b, 1 + t, c]: rows where i = lo + b is present among j's first t + 1 (j = lo + c)
        present = np.take(mask_t[lo:hi], order[:, lo:], axis=1)  # (b, t, c)
        present *= present_sorted[None, :, lo:]
        q = q_buf[: nb * (rows + 1) * width].reshape(nb, rows + 1, width)
        q[:, 0] = 0
        q[:, 1:] = present
        _running_sum(q.transpose(1, 0, 2))
        # with a tied j in the block's width, every x_j's rank is doubled (the average rank of
        # a tie group: counts before the group and through its end, plus one), read for every
        # column at once through flat indices: (first or stop of its group, column)
        doubled = bool(tied[lo:].any())
        q_scale = 2.0 if doubled else 1.0
        if doubled:
            columns = np.arange(width, dtype=index)
            at_first = first[:, lo:].astype(index) * width + columns
            at_stop = stop[:, lo:].astype(index) * width + columns
            for b in range(nb):
                flat = q[b].reshape(-1)
                got_q = flat.take(at_first)
                got_q += flat.take(at_stop)
                got_q += 1
                got_q *= present[b]
                q[b, 1:] = got_q
            del at_first, at_stop
        else:
            q[:, 1:] *= present  # x_j's ranks, zero where i or j is missing
        del present
        # where x_j's rank at row r is in Q[b] (flat): (1 + position of r in j's order, c)
        where_q: npt.NDArray[Any] = position[:, lo:].astype(index)
        where_q += 1
        where_q *= width
        where_q += np.arange(width, dtype=index)
        for b in range(nb):
            check()
            i = lo + b
            oi = order[: counts[i], i]
            if tied[i]:
                got = p[first[: oi.size, i], b] + p[stop[: oi.size, i], b] + small(1)
            else:
                got = p[1 : oi.size + 1, b]
            partner = q[b].reshape(-1).take(where_q[oi])  # x_j's ranks at i's rows, i's order
            top = (double if tied[i] else rows) * (double if doubled else rows)
            sab[i, lo:] = _sum_rows(got, partner, top) / (scale[i] * q_scale)
    upper = np.triu(np.ones((k, k), dtype=bool))
    sab = np.where(upper, sab, sab.T)
    n = nn
    mid = n * (n + 1.0) ** 2 / 4.0  # n (mean rank)^2
    squares = n * (n + 1.0) * (2.0 * n + 1.0) / 6.0  # 1^2 + ... + n^2
    # with ties, the sum of squared average ranks falls short by (t^3 - t) / 12 per tie group
    # of t of the pair's rows
    saa = squares - _tie_corrections(mask, order, first, stop, counts, tied) / 12.0
    sbb = saa.T
    with np.errstate(invalid="ignore", divide="ignore"):
        r: FloatArray = (sab - mid) / np.sqrt((saa - mid) * (sbb - mid))
    return r, nn


def _tie_corrections(
    mask: npt.NDArray[np.bool_],
    order: IntArray,
    first: IntArray,
    stop: IntArray,
    counts: IntArray,
    tied: npt.NDArray[np.bool_],
) -> FloatArray:
    """``T[i, j]``: the sum of t^3 - t over x_i's tie groups, t counting the group's rows where
    x_j is present too (0 where x_i has no ties).

    A tie group is a run of x_i's sorted order: the rows of its groups of two or more, by a
    sparse (groups x rows) indicator, times the mask gives every group's count against every
    j at once (single precision holds counts exactly).
    """
    k = mask.shape[1]
    out = np.zeros((k, k))
    if not tied.any():
        return out
    from scipy import sparse

    present = mask.astype(np.float32)
    for i in np.flatnonzero(tied):
        check()
        f, s = first[: counts[i], i], stop[: counts[i], i]
        inside = np.flatnonzero(s - f > 1)  # positions in a group of two or more
        group = np.cumsum(f[inside] == inside) - 1  # which group each of them is in
        member = sparse.csr_matrix(
            (np.ones(inside.size, dtype=np.float32), (group, np.arange(inside.size))),
            shape=(int(group[-1]) + 1, inside.size),
        )
        t = np.asarray(member @ present[order[inside, i]], dtype=np.float64)
        out[i] = (t * t * t - t).sum(axis=0)
    return out


def _running_sum(a: npt.NDArray[Any]) -> None:
    """Cumulative sum down axis 0 in place, a whole slice at a time (vectorised across it)."""
    for t in range(1, a.shape[0]):
        np.add(a[t - 1], a[t], out=a[t])


def _sum_rows(a: npt.NDArray[Any], b: npt.NDArray[Any], top: int) -> FloatArray:
    """Exact sums down axis 0 of the products of two arrays of ranks (doubled or not) whose
    products are at most ``top``, in chunks of rows small enough that no partial sum
    overflows."""
    wide = np.int32 if a.dtype == np.int16 else np.int64
    step = max(1, int(np.iinfo(wide).max // top)) if wide == np.int32 else max(a.shape[0], 1)
    out = np.zeros(a.shape[1:], dtype=np.int64)
    for t in range(0, a.shape[0], step):
        out += np.multiply(a[t : t + step], b[t : t + step], dtype=wide).sum(axis=0, dtype=wide)
    result: FloatArray = out.astype(np.float64)
    return result


def spearman_few_rows(x: FloatArray, mask: npt.NDArray[np.bool_]) -> tuple[FloatArray, FloatArray]:
    """Exact pairwise Spearman for few rows, every pair at once by matrix products.

    Over a pair's complete rows V, the average rank of row r is ``1/2 + sum_s h(r, s)`` with
    ``h`` 1, 1/2 or 0 as x_r is above, equal to or below x_s (s = r gives 1/2). Let
    ``P_r[i, j] = sum_s h_i(r, s) m_i(r) m_i(s) m_j(s)`` (m the masks): for a row r in V it is
    a_r - 1/2, the rank of x_i among the pair's rows. So ``sum_V a_r b_r`` follows from
    ``sum_r P_r[i, j] P_r[j, i]``: one (variables x rows) x (rows x variables) product per row.
    Over m rows without ties the ranks' spread is (m^3 - m) / 12; a variable with tied values
    adds up ``sum_r m_j(r) P_r[i, j]^2`` instead. Ranks are half-integers of at most
    :data:`FEW_ROWS`, so the sums are exact in single precision.
    """
    rows, k = x.shape
    m = mask.astype(np.float32)
    xf = np.where(mask, x, 0.0)
    both = mask[:, None, :] & mask[None, :, :]  # both[r, s, i]: rows r and s present in i
    equal = xf[:, None, :] == xf[None, :, :]
    equal &= both
    h = (xf[:, None, :] > xf[None, :, :]).astype(np.float32)
    h += np.float32(0.5) * equal
    h *= both  # h[r, s, i] = h_i(r, s) m_i(r) m_i(s)
    equal[np.arange(rows), np.arange(rows)] = False
    tied = np.flatnonzero(equal.any(axis=(0, 1)))  # variables with tied values
    # P_r and its transpose by two small products per row, into the same buffers each time
    s_ab = np.zeros((k, k), dtype=np.float32)
    s_aa = np.zeros((tied.size, k), dtype=np.float32)
    p = np.empty((k, k), dtype=np.float32)
    turned = np.empty((k, k), dtype=np.float32)
    for r in range(rows):
        np.matmul(h[r].T, m, out=p)
        np.matmul(m.T, h[r], out=turned)  # turned[i, j] = P_r[j, i]
        turned *= p
        s_ab += turned
        if tied.size:
            square = p[tied]
            square *= square
            square *= m[r]
            s_aa += square
    nn = m.T @ m
    cube = np.multiply(nn, nn, out=p)  # the loop's buffers, reused
    cube *= nn
    # with c = (n + 1) / 2: sum_V (a - c)(b - c) = sum_V (a - 1/2)(b - 1/2) - n^3 / 4, and 12
    # times the spread of the ranks is n^3 - n without ties, 12 sum_V (a - 1/2)^2 - 3 n^3 with
    s_ab -= np.multiply(cube, np.float32(0.25), out=turned)
    spread = np.subtract(cube, nn, out=turned)
    rho: FloatArray = s_ab.astype(np.float64)
    rho *= 12.0
    with np.errstate(invalid="ignore", divide="ignore"):
        rho /= spread  # both variables without ties: the same spread
        if tied.size:  # a tied variable's own spread, for its pairs
            own = (np.float32(12.0) * s_aa - np.float32(3.0) * cube[tied]).astype(np.float64)
            other = spread[:, tied].T.astype(np.float64)
            other[:, tied] = own[:, tied].T
            rho[tied] = 12.0 * s_ab[tied] / np.sqrt(own * other)
            rho[:, tied] = rho[tied].T
    return rho, nn.astype(np.float64)


@dataclass(frozen=True)
class RowSet:
    """Complete rows shared by some pairs of variables: those whose patterns of present cells
    are a pair marked in ``pairs`` (symmetric, patterns x patterns)."""

    rows: npt.NDArray[np.bool_]
    pairs: npt.NDArray[np.bool_]


@dataclass(frozen=True)
class MissingPlan:
    """How :func:`spearman_missing` ranks a table with missing values, and its estimated time.

    ``labels`` (the pattern of each variable) and ``row_sets`` are set when ranking each set of
    complete rows once is faster than the pairwise running counts."""

    seconds: float
    labels: IntArray | None = None
    row_sets: tuple[RowSet, ...] = ()


def missing_plan(mask: npt.NDArray[np.bool_]) -> MissingPlan:
    """The faster exact way to a Spearman matrix of a table with missing cells (many rows).

    Variables with the same present cells form a pattern. The complete rows of a pair are the
    intersection of the two patterns; pattern pairs with equal intersections (nested columns
    of several lengths) share one set of rows. Ranking every variable involved once per set
    costs about (variables x rows x log2 rows) per set; the pairwise running counts cost
    rows x variables^2 / 2 whatever the pattern. With more than :data:`MAX_PATTERNS` patterns
    (cells missing here and there) the pairwise way is taken without counting.
    """
    rows, k = mask.shape
    pairwise = PAIRWISE_SECONDS * rows * k * k / 2.0
    if k == 0 or rows == 0:
        return MissingPlan(0.0)
    packed = np.ascontiguousarray(np.packbits(mask, axis=0).T)  # a row of bytes per variable
    seen: dict[bytes, int] = {}
    labels = np.array([seen.setdefault(col.tobytes(), len(seen)) for col in packed], dtype=np.int64)
    q = len(seen)
    if q > MAX_PATTERNS:
        return MissingPlan(pairwise)
    unique = packed[np.unique(labels, return_index=True)[1]]
    per_pattern = np.bincount(labels, minlength=q)
    a, b = np.triu_indices(q)
    shared = unique[a] & unique[b]  # the packed complete rows of each pattern pair
    keys, group = np.unique(shared, axis=0, return_inverse=True)
    group = group.reshape(-1)
    row_sets = []
    seconds = 0.0
    for g in range(keys.shape[0]):
        pairs = np.zeros((q, q), dtype=bool)
        pairs[a[group == g], b[group == g]] = True
        pairs |= pairs.T
        complete = np.unpackbits(keys[g], count=rows).astype(bool)
        n = int(complete.sum())
        v = int(per_pattern[pairs.any(axis=1)].sum())
        seconds += RANK_SECONDS * v * n * math.log2(n + 2) + v * v * (
            MATMUL_SECONDS * n + WRITE_SECONDS
        )
        row_sets.append(RowSet(complete, pairs))
    if seconds >= pairwise:
        return MissingPlan(pairwise)
    return MissingPlan(seconds, labels, tuple(row_sets))


def spearman_missing(x: FloatArray, mask: npt.NDArray[np.bool_]) -> tuple[FloatArray, FloatArray]:
    """Exact pairwise Spearman of a table with missing cells, the faster way for its mask."""
    plan = missing_plan(mask)
    if plan.labels is None:
        return spearman_pairwise(x, mask)
    return spearman_patterns(x, mask, plan.labels, plan.row_sets)


def spearman_patterns(
    x: FloatArray, mask: npt.NDArray[np.bool_], labels: IntArray, row_sets: tuple[RowSet, ...]
) -> tuple[FloatArray, FloatArray]:
    """Exact pairwise Spearman, one set of complete rows at a time (see :func:`missing_plan`).

    The variables of the pattern pairs that share a set of complete rows are ranked over those
    rows (average ranks), and rho of every such pair is Pearson's r of the centred ranks, one
    matrix product per set.
    """
    k = x.shape[1]
    r = np.full((k, k), NAN)
    for row_set in row_sets:
        check()
        v = np.flatnonzero(np.asarray(row_set.pairs.any(axis=1))[labels])
        n = int(row_set.rows.sum())
        ranks = average_ranks(x[np.ix_(row_set.rows, v)]) - (n + 1) / 2.0
        cov = ranks.T @ ranks
        spread = np.sqrt(np.diag(cov))
        with np.errstate(invalid="ignore", divide="ignore"):
            rho = cov / spread[:, None] / spread[None, :]
        block = np.ix_(v, v)
        mine = row_set.pairs[np.ix_(labels[v], labels[v])]
        r[block] = np.where(mine, rho, r[block])
    m = mask.astype(np.float64)
    nn: FloatArray = m.T @ m
    return r, nn


def exact_p_matrix(
    x: FloatArray, mask: npt.NDArray[np.bool_], r: FloatArray, nn: FloatArray
) -> FloatArray:
    """:func:`spearman_exact_p` of every pair at once (few rows): NaN where a pair has ties.

    A pair (i, j) has a tie when two rows where both are present hold equal values of i (or
    of j): counted, for the variables with any tie, for every pair of rows at once as
    ``tie_i' both_j``. ``r`` and ``nn`` are symmetric, and so is the result.
    """
    rows, k = x.shape
    ok = (nn >= 2) & (nn <= EXACT_SPEARMAN_MAX_N) & np.isfinite(r)
    if not ok.any():
        return np.full((k, k), NAN)
    a, b = np.triu_indices(rows, 1)
    both = mask[a] & mask[b]  # (row pairs, variables): both rows present
    tie = both & (x[a] == x[b])
    some = np.flatnonzero(tie.any(axis=0))  # variables with a tie in some pair
    if some.size:
        counts = tie[:, some].T.astype(np.float32) @ both.astype(np.float32)
        tied = np.zeros((k, k), dtype=bool)
        tied[some] = counts > 0
        tied |= tied.T
        ok &= ~tied
    grid = _exact_p_grid()
    n = np.where(ok, nn, 0.0)
    cube = n * n
    cube -= 1.0
    cube *= n  # n^3 - n
    s_obs = np.where(ok, r, 1.0)
    np.clip(s_obs, -1.0, 1.0, out=s_obs)
    np.subtract(1.0, s_obs, out=s_obs)
    s_obs *= cube
    s_obs /= 6.0  # 0 <= S <= (n^3 - n) / 3
    s_obs += n * grid.shape[1]
    out: FloatArray = grid.ravel()[np.rint(s_obs).astype(np.int64)]
    out[~ok] = NAN
    return out
