"""Box and whiskers: Q1 to Q3, median, whiskers with caps, outliers and the mean mark.

The mean (``showMeanAsPlus``) is a ``meanSymbolShape`` symbol in every family.
:func:`draw_column` draws the box of one column (column and nested graphs; ids ``box/ds0``,
``whisker/ds0``, ``median/ds0``, ``mean/ds0``, outliers ``outlier/ds0/p{row}``);
:func:`draw_cell` the box of one cell of a grouped graph (ids ``.../ds{i}/row{r}``, outliers
``outlier/ds{i}/p{k}`` with ``k = r * replicates + replicate``). Quartiles and whiskers come from
:func:`plotdoc.stats.box_stats`.
"""

from __future__ import annotations

import numpy as np
from matplotlib.lines import Line2D
from numpy.typing import NDArray

from ...stats import box_stats
from ...stats.descriptive import BoxStats
from .. import ids
from ..artists.collections import PointSymbols
from ..context import DrawContext
from ..style.colors import readable_on
from . import primitives
from .summary import color_given, segment

F64 = NDArray[np.float64]

#: whisker cap width as a fraction of the box width, by whiskerCapStyle
CAP_FRACTION = {"wideT": 0.5, "narrowT": 0.25, "I": 0.0}


def draw_column(
    ctx: DrawContext,
    i: int,
    pos: float,
    values: F64,
    whiskers: str,
    width: float,
    suffix: str = "",
    sub: int | None = None,
) -> float:
    """Box (Q1 to Q3), median, whiskers with caps, outliers and the optional mean mark."""
    st = box_stats(values, whiskers)
    if st.n == 0:
        return 0.0
    primitives.bar(
        ctx, pos, st.q1, st.q3, i, ids.ds("box", i, suffix), width=width, z=1.0, point=sub
    )
    bar_style = ctx.style("bar", i)
    cap = (
        {"wideT": 0.5, "narrowT": 0.25, "I": 0.0}.get(bar_style["whiskerCapStyle"], 0.25)
        * width
        / 2
    )
    xs: list[float] = []
    ys: list[float] = []
    for a, b in ((st.q1, st.lower_whisker), (st.q3, st.upper_whisker)):
        xs += [pos, pos, np.nan]
        ys += [a, b, np.nan]
        if cap > 0:
            xs += [pos - cap, pos + cap, np.nan]
            ys += [b, b, np.nan]
    wx, wy = ctx.xy(xs, ys)
    line = primitives.polyline(
        ctx, wx, wy, i, ids.ds("whisker", i, suffix), element="errorBar", z=0.9
    )
    line.set_color(bar_style["borderColor"])
    line.set_linewidth(float(bar_style["borderWidth"]))
    if ctx.switch("median", i):
        mx, my = ctx.xy([pos - width / 2, pos + width / 2], [st.median, st.median])
        med = ctx.style("median", i)
        median = primitives.polyline(
            ctx,
            mx,
            my,
            i,
            ids.ds("median", i, suffix),
            element="median",
            z=1.5 if med["drawOrder"] == "onTop" else 0.5,
        )
        if st.q3 <= st.q1 and not color_given(ctx, "median", i):
            # a flat box shows no fill: the median (light on a dark fill) lies on the background
            bg = ctx.theme.plot_background
            median.set_color(readable_on(med["color"], bg, bg))
    if st.outliers.size:
        _outliers(
            ctx,
            i,
            pos,
            values,
            st,
            ids.ds_scope(i, suffix),
            ids.ds_scope(i, suffix),
            first=0,
            row=-1,
        )
    if bar_style["showMeanAsPlus"]:
        _mean_mark(ctx, i, pos, st.mean, bar_style["meanSymbolShape"], ids.ds("mean", i, suffix))
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


def draw_cell(
    ctx: DrawContext,
    pos: float,
    width: float,
    values: NDArray[np.float64],
    i: int,
    r: int,
    mode: str,
    replicates: int,
) -> None:
    """Box from Q1 to Q3, median line, whiskers by ``mode``, outliers as symbols."""
    stats = box_stats(values, mode)
    if stats.status != "ok":
        return
    st = ctx.style("bar", i, r)
    primitives.bar(ctx, pos, stats.q1, stats.q3, i, ids.row("box", i, r), width=width, point=r)
    half_cap = width * CAP_FRACTION.get(str(st["whiskerCapStyle"]), 0.25) / 2
    xs: list[float] = []
    ys: list[float] = []
    for end, edge in ((stats.lower_whisker, stats.q1), (stats.upper_whisker, stats.q3)):
        px, py = ctx.xy([pos, pos], [edge, end])
        xs += [*px.tolist(), np.nan]
        ys += [*py.tolist(), np.nan]
        if half_cap > 0:
            cx, cy = ctx.xy([pos - half_cap, pos + half_cap], [end, end])
            xs += [*cx.tolist(), np.nan]
            ys += [*cy.tolist(), np.nan]
    whisker = Line2D(
        xs, ys, color=st["borderColor"], linewidth=float(st["borderWidth"]), solid_capstyle="butt"
    )
    ctx.add(whisker, ids.row("whisker", i, r), z=ctx.z(i, 1.5))
    ctx.include(xs, ys)
    if ctx.switch("median", i):
        segment(
            ctx, pos - width / 2, pos + width / 2, stats.median, i, ids.row("median", i, r),
            "median", on_fill=st["fill"] if stats.q3 > stats.q1 else ctx.theme.plot_background,
        )  # fmt: skip
    if st["showMeanAsPlus"] and np.isfinite(stats.mean):
        _mean_mark(ctx, i, pos, stats.mean, st["meanSymbolShape"], ids.row("mean", i, r))
    if stats.outliers.size:
        at = ids.ds_scope(i, ids.row_suffix(r))
        _outliers(ctx, i, pos, values, stats, ids.ds_scope(i), at, first=r * replicates, row=r)
    ctx.anchor(pos, float(np.nanmax(values)))


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
