"""Gaussian kernel density estimate for violin plots.

Bandwidth rule (Silverman's rule of thumb, scaled by the smoothing level)::

    h = factor * 0.9 * min(SD, IQR / 1.349) * n^(-1/5)

with ``factor`` 0.5 for ``low``, 1 for ``medium`` and 2 for ``high`` smoothing. SD is the
sample SD (n - 1) and IQR uses type-6 quartiles; when the IQR is 0 the SD alone is used.
The density is the ordinary Gaussian KDE, ``f(x) = mean(phi((x - x_i) / h)) / h``, which
integrates to 1 over the whole line. A *truncated* violin evaluates it on a grid from the
smallest to the largest value; an extended one from ``min - 3h`` to ``max + 3h``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal, TypeAlias

import numpy as np
import numpy.typing as npt

from ._results import FloatArray, ResultMixin, Status, check_choice, finite
from .descriptive import _percentiles_sorted

Smoothing: TypeAlias = Literal["low", "medium", "high"]
SMOOTHING_FACTORS: dict[str, float] = {"low": 0.5, "medium": 1.0, "high": 2.0}

#: how far an extended (not truncated) violin reaches beyond the data, in bandwidths
EXTEND_BANDWIDTHS = 3.0


@dataclass(frozen=True, slots=True)
class Density(ResultMixin):
    """A kernel density curve."""

    #: evaluation grid (data units), increasing
    x: FloatArray
    #: density at each grid point (integrates to 1 over the whole line)
    density: FloatArray
    #: Gaussian kernel SD ``h`` (data units)
    bandwidth: float
    #: smoothing level: low, medium, high
    smoothing: str
    #: True when the grid stops at the data range
    truncated: bool
    #: number of values used
    n: int
    status: Status
    message: str


def bandwidth(values: npt.ArrayLike, smoothing: str = "medium") -> float:
    """The kernel bandwidth of the module's rule; NaN with fewer than two distinct values."""
    check_choice("smoothing", smoothing, tuple(SMOOTHING_FACTORS))
    v = np.sort(finite(values))
    n = v.size
    if n < 2:
        return math.nan
    sd = float(v.std(ddof=1))
    q1, q3 = (float(q) for q in _percentiles_sorted(v, np.array([25.0, 75.0])))
    spread = min(sd, (q3 - q1) / 1.349) if q3 > q1 else sd
    if spread <= 0:
        return math.nan
    return SMOOTHING_FACTORS[smoothing] * 0.9 * spread * math.pow(n, -0.2)


def kernel_density(
    values: npt.ArrayLike,
    *,
    smoothing: str = "medium",
    truncate: bool = True,
    points: int = 128,
) -> Density:
    """Gaussian KDE of the non-missing ``values`` on ``points`` grid points (see module doc)."""
    check_choice("smoothing", smoothing, tuple(SMOOTHING_FACTORS))
    if points < 2:
        raise ValueError("points must be at least 2")
    v = finite(values)
    n = int(v.size)
    empty = np.empty(0, dtype=np.float64)
    if n < 2:
        return Density(
            empty, empty, math.nan, smoothing, truncate, n, "too-few-values",
            "A density needs at least two values.",
        )  # fmt: skip
    h = bandwidth(v, smoothing)
    if not math.isfinite(h):
        return Density(
            empty, empty, math.nan, smoothing, truncate, n, "zero-variance",
            "All values are equal; a density needs some spread.",
        )  # fmt: skip
    lo, hi = float(v.min()), float(v.max())
    if not truncate:
        lo, hi = lo - EXTEND_BANDWIDTHS * h, hi + EXTEND_BANDWIDTHS * h
    grid = np.linspace(lo, hi, points)
    dens = np.zeros(points, dtype=np.float64)
    chunk = max(1, 2_000_000 // points)
    with np.errstate(over="ignore", under="ignore"):  # far points contribute exp(-inf) = 0
        for start in range(0, n, chunk):
            z = (grid[:, None] - v[None, start : start + chunk]) / h
            dens += np.exp(-0.5 * z * z).sum(axis=1)
    dens /= n * h * math.sqrt(2.0 * math.pi)
    return Density(grid, dens, h, smoothing, truncate, n, "ok", "ok")
