"""Sideways spread of the points of a column: a beeswarm in screen space.

Points of one column are spread across their slot so that no two symbols overlap, as a
beeswarm does: taken from the lowest value up, each point goes to the place nearest the
column's centre line where it keeps one symbol diameter from every point already placed.
Distances are measured on the page (points), after the axes are set, so the spread follows
the symbols' real size and the value axis' own scale (a log axis spreads like a linear one,
without diagonal streaks). When a swarm is wider than the room it has (many equal values),
that part of it (a cluster of values closer than a diameter) is squeezed into that room:
its symbols then overlap, evenly. ``aligned`` puts every point on
the centre line.

:func:`beeswarm` is the placement; ``marks.points.spread_when_placed`` runs it once the
axes are set, on the page coordinates of the drawn symbols.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

F64 = NDArray[np.float64]

#: above this many points in one column, a quicker placement (rows of one diameter)
_EXACT_LIMIT = 1500


def beeswarm(values: F64, diameter: float, limit: float) -> F64:
    """Sideways offsets (same unit as ``values`` and ``diameter``) of points at ``values``
    along the value axis, within ``limit`` either side of the centre line (see module doc)."""
    v = np.asarray(values, dtype=float)
    out = np.zeros(v.shape)
    ok = np.isfinite(v)
    if ok.sum() < 2 or diameter <= 0:
        return out
    idx = np.flatnonzero(ok)
    order = idx[np.argsort(v[idx], kind="stable")]
    vs = v[order]
    offs = _exact(vs, diameter) if vs.size <= _EXACT_LIMIT else _rows(vs, diameter)
    if limit <= 0:
        return out
    # squeeze each cluster (values closer than a diameter in a chain) that is too wide on
    # its own, so that one crowded row of equal values does not narrow the others
    breaks = np.flatnonzero(np.diff(vs) >= diameter) + 1
    for part in np.split(np.arange(vs.size), breaks):
        widest = float(np.abs(offs[part]).max())
        if widest > limit:
            offs[part] *= limit / widest
    out[order] = offs
    return out


def _exact(vs: F64, d: float) -> F64:
    """Place sorted values one by one at the free offset nearest 0."""
    offs = np.zeros(vs.size)
    start = 0
    d2 = d * d * (1.0 - 1e-9)
    for k in range(vs.size):
        while vs[k] - vs[start] >= d:
            start += 1
        if start == k:
            continue
        dv = vs[start:k] - vs[k]
        near = offs[start:k]
        reach = np.sqrt(np.maximum(d * d - dv * dv, 0.0))
        cands = np.concatenate([[0.0], near + reach, near - reach])
        # nearest the centre first; on a tie the right side, so swarms alternate evenly
        cands = cands[np.lexsort((-cands, np.abs(cands)))]
        gap2 = (cands[:, None] - near[None, :]) ** 2 + (dv * dv)[None, :]
        free = np.flatnonzero((gap2 >= d2).all(axis=1))
        offs[k] = cands[free[0]] if free.size else 0.0
    return offs


def _rows(vs: F64, d: float) -> F64:
    """Many points: rows one diameter high, each filled outwards from the centre."""
    keys = np.floor((vs - vs[0]) / d)
    offs = np.zeros(vs.size)
    _, first, counts = np.unique(keys, return_index=True, return_counts=True)
    for f, n in zip(first, counts, strict=True):
        j = np.arange(n)
        offs[f : f + n] = (j - (n - 1) / 2) * d
    return offs
