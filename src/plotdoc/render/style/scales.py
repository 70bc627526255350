"""The colour scale of a heat map: colormap, domain and value text (label contrast is
:func:`plotdoc.render.style.colors.contrast_text`).

``plot.options.heatMap`` chooses the scale:

- ``colormap``: ``sequential`` (matplotlib's *viridis*, perceptually uniform and readable in
  grey), ``diverging`` (*RdBu_r*: blue below the middle, white at it, red above) or
  ``grayscale`` (*Greys*: white for the lowest, black for the highest value);
- ``reverse`` turns the colormap end for end;
- ``domainMin`` / ``domainMax``: the values at the two ends of the scale. ``null`` means the
  data's own minimum or maximum, except for a diverging map with both ends ``null``, which is
  centred on 0 (``-m .. m`` with ``m`` the largest absolute value) so that white means 0.
  Values outside the domain take the colour of the nearer end. A domain of zero width is
  widened by 0.5 on each side.

A one-colour preset (``classic``: every palette colour black) cannot tell values apart by hue,
so a colour mapping there reads in shades of its one colour (:func:`one_colour`): a continuous
variable runs from a light grey (85 % of the way to the plot background, ``#D9D9D9`` on white)
to the colour (:func:`ramp_colormap`), categories take distinct shades from the colour towards
the background (:func:`category_shades`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import matplotlib as mpl
import numpy as np
from matplotlib.colors import Colormap, LinearSegmentedColormap, Normalize
from numpy.typing import NDArray

from .colors import RGBA, mix

MPL_COLORMAPS = {"sequential": "viridis", "diverging": "RdBu_r", "grayscale": "Greys"}
#: how far towards the background the light end of a one-colour ramp lies
RAMP_LIGHT = 0.85
#: how far towards the background the lightest category shade lies
SHADE_LIGHT = 0.65


def one_colour(palette: Sequence[str]) -> bool:
    """Whether a preset's palette has a single colour (so hue cannot carry a mapping)."""
    return len({p.strip().upper() for p in palette}) <= 1


def ramp_colormap(ink: RGBA, paper: RGBA) -> Colormap:
    """A continuous scale from a light shade of ``ink`` (towards ``paper``) to ``ink``."""
    light = mix(ink, paper, RAMP_LIGHT)
    return LinearSegmentedColormap.from_list("plotdoc-shades", [light[:3], ink[:3]])


def category_shades(ink: RGBA, paper: RGBA, count: int) -> list[RGBA]:
    """``count`` distinct shades: ``ink`` first, then lighter, up to SHADE_LIGHT of the way
    to ``paper``."""
    if count <= 1:
        return [ink] * count
    return [mix(ink, paper, SHADE_LIGHT * k / (count - 1)) for k in range(count)]


@dataclass(frozen=True)
class HeatScale:
    cmap: Colormap
    lo: float
    hi: float

    @property
    def norm(self) -> Normalize:
        return Normalize(vmin=self.lo, vmax=self.hi, clip=True)

    def colors(self, matrix: NDArray[np.float64]) -> NDArray[np.float64]:
        """RGBA per cell, shape ``matrix.shape + (4,)``; all zeros (transparent) where NaN."""
        out = np.asarray(self.cmap(self.norm(np.nan_to_num(matrix))), dtype=np.float64)
        out[~np.isfinite(matrix)] = 0.0
        return out

    def color(self, value: float) -> RGBA:
        r, g, b, a = self.cmap(self.norm(value))
        return (float(r), float(g), float(b), float(a))


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) else None


def heat_scale(matrix: NDArray[np.float64], heat: Mapping[str, Any]) -> HeatScale:
    """The scale ``heatMap`` options ask for, for the finite cells of ``matrix``."""
    kind = str(heat.get("colormap", "sequential"))
    cmap = mpl.colormaps[MPL_COLORMAPS.get(kind, "viridis")]
    if heat.get("reverse"):
        cmap = cmap.reversed()
    finite = matrix[np.isfinite(matrix)]
    lo, hi = _number(heat.get("domainMin")), _number(heat.get("domainMax"))
    if kind == "diverging" and lo is None and hi is None:
        m = float(np.max(np.abs(finite))) if finite.size else 1.0
        lo, hi = -m, m
    if lo is None:
        lo = float(np.min(finite)) if finite.size else 0.0
    if hi is None:
        hi = float(np.max(finite)) if finite.size else 1.0
    if hi < lo:
        lo, hi = hi, lo
    if hi == lo:
        lo, hi = lo - 0.5, hi + 0.5
    return HeatScale(cmap, lo, hi)


def auto_decimals(matrix: NDArray[np.float64]) -> int:
    """Decimals for cell labels: none for whole numbers, else about three significant digits.

    With ``m`` the largest absolute value: ``2 - floor(log10 m)`` when ``m >= 1`` (1.5 -> 2,
    25 -> 1, 250 -> 0), ``1 - floor(log10 m)`` below 1 (0.95 -> 2, 0.05 -> 3); at most 4.
    """
    finite = matrix[np.isfinite(matrix)]
    if finite.size == 0 or bool(np.all(finite == np.round(finite))):
        return 0
    top = float(np.abs(finite).max())
    digits = math.floor(math.log10(top))
    return max(0, min(4, (2 if top >= 1 else 1) - digits))


#: the steps a value axis counts in (times a power of ten), and a small penalty for the less
#: readable quarter step
NICE_STEPS: tuple[tuple[float, float], ...] = ((1.0, 0.0), (2.0, 0.0), (2.5, 0.12), (5.0, 0.0))
#: penalty per major interval: among equally tight ranges, fewer labels read better
INTERVAL_COST = 0.01


def nice_range(
    lo: float, hi: float, max_intervals: int = 8, min_intervals: int = 3
) -> tuple[float, float, float] | None:
    """(start, end, step): the tightest range around ``lo..hi`` that starts and ends on a
    multiple of a nice step (1, 2, 2.5 or 5 times a power of ten) with between
    ``min_intervals`` and ``max_intervals`` steps; None when no nice step gives that many.

    Tightest means the least empty space, ``1 - (hi - lo) / (end - start)``, plus a small
    cost per interval (so 0..8 counts in 2s, not 1s) and for the quarter step; with data to
    8.1 from 0 that is 0..9 in steps of 1 rather than 0..10 in steps of 2.
    """
    span = hi - lo
    if not (math.isfinite(lo) and math.isfinite(hi)) or span <= 0:
        return None
    best: tuple[float, float, float, float] | None = None
    top = math.floor(math.log10(span / max(min_intervals, 1)))
    for power in range(top - 2, top + 2):
        for base, penalty in NICE_STEPS:
            step = base * 10.0**power
            start = math.floor(lo / step + 1e-9) * step
            end = math.ceil(hi / step - 1e-9) * step
            count = round((end - start) / step)
            if not min_intervals <= count <= max_intervals:
                continue
            score = 1.0 - span / (end - start) + INTERVAL_COST * count + penalty
            if best is None or score < best[0] - 1e-12:
                best = (score, start, end, step)
    if best is None:
        return None
    return tuple(float(f"{v:.12g}") for v in best[1:])  # type: ignore[return-value]
