"""Symbols beyond the axis range the file sets are not drawn: the graph says so.

An automatic range holds every value, so a symbol whose centre lies beyond the plot area's
range is one a range set in the file leaves out (a Tukey outlier of 777 under a maximum of
140). Each data set with such values gets a ``render-value-hidden`` warning that counts them
and names the range. Values a log axis cannot place (zero or below) have their own warning
and are not counted again.
"""

from __future__ import annotations

import numpy as np

from . import ids
from .artists.collections import PointSymbols
from .context import DrawContext
from .notices import HIDDEN, add_warning
from .style.numbers import number_text


def _beyond(values: np.ndarray, lo: float, hi: float, log: bool) -> np.ndarray:
    lo, hi = min(lo, hi), max(lo, hi)
    tol = 1e-9 * (hi - lo)
    out = (values < lo - tol) | (values > hi + tol)
    if log:
        out &= values > 0  # zero and below are warned of as such
    return out


def warn_outside_range(ctx: DrawContext) -> None:
    """Warn for each data set whose symbols lie beyond the range of the plot area."""
    ax = ctx.ax
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    xlog, ylog = ax.get_xscale() == "log", ax.get_yscale() == "log"
    counts: dict[int, list[int]] = {}
    for art in ax.get_children():
        i = ids.data_set_of(art.get_gid())
        if i is None or not isinstance(art, PointSymbols) or not art.get_visible():
            continue
        xy = np.asarray(art.xy, dtype=float)
        if not xy.size:
            continue
        finite = np.isfinite(xy).all(axis=1)
        in_x = _beyond(xy[finite, 0], x0, x1, xlog)
        in_y = _beyond(xy[finite, 1], y0, y1, ylog)
        entry = counts.setdefault(i, [0, 0])
        entry[0] += int(in_x.sum())
        entry[1] += int((in_y & ~in_x).sum())
    for i, (by_x, by_y) in sorted(counts.items()):
        if not (by_x or by_y) or i >= len(ctx.table.data_sets):
            continue
        name = ctx.table.data_sets[i].name
        ranges = []
        if by_x:
            ranges.append(f"X from {_n(x0)} to {_n(x1)}")
        if by_y:
            ranges.append(f"Y from {_n(y0)} to {_n(y1)}")
        n = by_x + by_y
        add_warning(
            ctx,
            HIDDEN,
            f"{n} symbol{'s' if n != 1 else ''} of data set {name!r} (values, outliers or "
            f"means) {'lie' if n != 1 else 'lies'} beyond the axis range "
            f"({' and '.join(ranges)}) and {'are' if n != 1 else 'is'} not drawn",
            ("dataSets", i),
        )


def _n(value: float) -> str:
    return number_text(float(value))
