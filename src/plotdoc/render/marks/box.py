"""Box and whiskers: Q1 to Q3, median, whiskers with caps, outliers and the mean mark.

The mean (``showMeanAsPlus``) is a ``meanSymbolShape`` symbol in every family. One
:func:`draw` for every family, placed by a :class:`~plotdoc.render.marks.place.Place`: a
column (column and nested graphs; ids ``box/ds0``, ``whisker/ds0``, ``median/ds0``,
``mean/ds0``, outliers ``outlier/ds0/p{row}``) or a cell of a grouped graph (ids
``.../ds{i}/row{r}``, outliers ``outlier/ds{i}/p{k}`` with ``k = r * replicates + replicate``).
Caps are :data:`CAP_FRACTION` of the box width; whiskers lie under the box; the median follows
``drawOrder`` and reads on the box's fill (black or white when its colour would not). Quartiles and whiskers come from
:func:`plotdoc.stats.box_stats`.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ...stats import box_stats
from ...stats.descriptive import BoxStats
from .. import ids
from ..artists.collections import PointSymbols
from ..context import DrawContext
from . import primitives
from .place import Place
from .summary import segment

F64 = NDArray[np.float64]

#: whisker cap width as a fraction of the box width, by whiskerCapStyle
CAP_FRACTION = {"wideT": 0.5, "narrowT": 0.25, "I": 0.0}


def draw(ctx: DrawContext, place: Place, values: F64, whiskers: str) -> float | None:
    """Box (Q1 to Q3), median, whiskers with caps, outliers and the optional mean mark of
    data set ``place.i`` at ``place``, in every family; returns the top of what it drew
    (None when there is no box to draw)."""
    st = box_stats(values, whiskers)
    if st.n == 0 or st.status != "ok":
        return None
    i, pos, width = place.i, place.pos, place.width
    bar_style = ctx.style("bar", i, place.row)
    primitives.bar(ctx, pos, st.q1, st.q3, i, place.sid("box"), width=width, z=1.0, point=place.row)
    cap = CAP_FRACTION.get(str(bar_style["whiskerCapStyle"]), 0.25) * width / 2
    xs: list[float] = []
    ys: list[float] = []
    for a, b in ((st.q1, st.lower_whisker), (st.q3, st.upper_whisker)):
        xs += [pos, pos, np.nan]
        ys += [a, b, np.nan]
        if cap > 0:
            xs += [pos - cap, pos + cap, np.nan]
            ys += [b, b, np.nan]
    wx, wy = ctx.xy(xs, ys)
    line = primitives.polyline(ctx, wx, wy, i, place.sid("whisker"), element="errorBar", z=0.9)
    line.set_color(bar_style["borderColor"])
    line.set_linewidth(float(bar_style["borderWidth"]))
    if ctx.switch("median", i):
        med = ctx.style("median", i)
        # one rule: a median over the box reads on its fill; a flat box shows the background
        on = bar_style["fill"] if st.q3 > st.q1 else ctx.theme.plot_background
        segment(
            ctx, pos - width / 2, pos + width / 2, st.median, i, place.sid("median"), "median",
            z=1.5 if med["drawOrder"] == "onTop" else 0.5, on_fill=on,
        )  # fmt: skip
    if st.outliers.size:
        _outliers(
            ctx, i, pos, values, st, place.points_at, ids.ds_scope(i, place.suffix),
            first=place.first, row=place.point_key,
        )  # fmt: skip
    if bar_style["showMeanAsPlus"] and np.isfinite(st.mean):
        _mean_mark(ctx, i, pos, st.mean, bar_style["meanSymbolShape"], place.sid("mean"))
    return float(max(st.upper_whisker, st.outliers.max() if st.outliers.size else st.upper_whisker))


def _mean_mark(ctx: DrawContext, i: int, pos: float, mean: float, shape: str, sid: str) -> None:
    """The mean as a ``meanSymbolShape`` symbol in the foreground colour (every family)."""

    x, y = ctx.xy([pos], [mean])
    sym = ctx.style("symbol", i)
    art = PointSymbols(
        np.column_stack([x, y]),
        [f"{sid}/p0"],
        shapes=[shape],
        sizes=[float(sym["size"])],
        faces=[ctx.theme.foreground],
        edges=[ctx.theme.foreground],
        widths=[1.2],
    )
    ctx.add(art, sid, z=5.0)


def _outliers(
    ctx: DrawContext,
    i: int,
    pos: float,
    values: F64,
    stats: BoxStats,
    point_at: str,
    group_at: str,
    *,
    first: int,
    row: int,
) -> None:
    """The values beyond the whiskers as symbols, in data order.

    One id scheme for every family: ``outlier/{point_at}/p{k}`` where ``k`` is ``first`` plus
    the value's index in ``values``, the same index its symbol has (``symbol/ds0/p{k}``); the
    group is ``outliers/{group_at}``. ``row`` keys perPoint overrides (-1: none).
    """
    if not ctx.switch("outliers", i):
        return
    idx = [
        j
        for j in range(values.shape[0])
        if np.isfinite(values[j])
        and (values[j] < stats.lower_whisker or values[j] > stats.upper_whisker)
    ]
    if not idx:
        return
    primitives.symbols(
        ctx,
        [pos] * len(idx),
        values[idx],
        i,
        [ids.scoped("outlier", point_at, ids.point_suffix(first + j)) for j in idx],
        [row] * len(idx),
        group_id=ids.scoped("outliers", group_at),
    )
