"""Bars of grouped and contingency graphs: side by side, apart, or stacked; and their axis.

Bars start at the baseline (0, or ``baselineY`` when ``baseline`` is ``manual``) and end at
the center ``plot.options.mode`` asks for, with an error bar when the mode has one
(``bar/ds{i}/row{r}``, ``errorbar/ds{i}/row{r}``, value labels ``value/ds{i}/row{r}``).

Stacked bars pile the data sets of a row in data set order: positive centers upwards from the
baseline, negative ones downwards, so segments never overlap. A segment's error bar stands on
its top end and keeps the size the mode gives (center +/- error moved to the segment's end).
"""

from __future__ import annotations

import numpy as np
from matplotlib.patches import Patch
from numpy.typing import NDArray

from ...stats.descriptive import CenterError
from .. import ids
from ..context import DrawContext
from ..positions.arrangements import GroupedLayout
from ..prepare.cells import cell, finite
from ..style.text import clamp
from . import primitives
from .summary import center_error, segment, summary, summary_line
from .value_labels import draw_value_labels

F64 = NDArray[np.float64]


def draw_bars(ctx: DrawContext, lay: GroupedLayout, vis: list[int], mode: str) -> None:
    """A bar per data set and row at the mode's center, with error bars and value labels."""
    base = baseline(ctx)
    ctx.value_axis_from_zero = True
    for i in vis:
        pos, cen, lo, hi, bids = [], [], [], [], []
        for r in range(ctx.table.n_rows):
            v = finite(cell(ctx.table, i, r))
            if v.size == 0:
                continue
            c, low, high = center_error(v, mode)
            if not np.isfinite(c):
                continue
            p = lay.center(i, r)
            if ctx.switch("bars", i):
                primitives.bar(ctx, p, base, c, i, ids.row("bar", i, r), width=lay.width, point=r)
            top = max(c, high) if np.isfinite(high) else c
            draw_value_labels(ctx, p, c, v.size, top, i, ids.row("value", i, r), bar_start=base)
            ctx.anchor(p, max(top, float(v.max())))
            if high != c or low != c:
                pos.append(p)
                cen.append(c)
                lo.append(low)
                hi.append(high)
                bids.append(ids.row("errorbar", i, r))
        if pos:
            primitives.error_bars(ctx, pos, cen, lo, hi, i, bids)


def draw_stacked(ctx: DrawContext, lay: GroupedLayout, vis: list[int], mode: str) -> None:
    """One bar per row with the data sets' centers stacked (see module doc)."""
    base = baseline(ctx)
    ctx.value_axis_from_zero = True
    n = ctx.table.n_rows
    up = np.full(n, base)
    down = np.full(n, base)
    for i in vis:
        pos, cen, lo, hi, bids = [], [], [], [], []
        for r in range(n):
            v = finite(cell(ctx.table, i, r))
            if v.size == 0:
                continue
            c, low, high = center_error(v, mode)
            if not np.isfinite(c) or c == base:
                continue
            start = up[r] if c >= base else down[r]
            end = start + (c - base)
            if c >= base:
                up[r] = end
            else:
                down[r] = end
            p = lay.center(i, r)
            primitives.bar(ctx, p, start, end, i, ids.row("bar", i, r), width=lay.width, point=r)
            draw_value_labels(ctx, p, c, v.size, end, i, ids.row("value", i, r), bar_start=start)
            if high != c or low != c:
                pos.append(p)
                cen.append(end)
                lo.append(end - (c - low))
                hi.append(end + (high - c))
                bids.append(ids.row("errorbar", i, r))
        if pos:
            primitives.error_bars(ctx, pos, cen, lo, hi, i, bids)
    for r in range(n):
        ctx.anchor(lay.center(vis[0], r) if vis else 0.0, float(up[r]))


def baseline(ctx: DrawContext) -> float:
    """Where bars start: 0, or ``baselineY`` (kept finite and within +/-1e100) when manual."""
    s = ctx.settings
    manual = s.get("baseline") == "manual"
    return clamp(s.get("baselineY", 0.0), -1e100, 1e100, 0.0) if manual else 0.0


def center_bar(
    ctx: DrawContext, i: int, pos: float, ce: CenterError, width: float, sid: str
) -> None:
    if not ctx.switch("bars", i):
        return
    base = baseline(ctx)
    primitives.bar(ctx, pos, base, ce.center, i, sid, width=width, z=1.0)
    ctx.value_axis_from_zero = True


def floating_bar(
    ctx: DrawContext,
    i: int,
    pos: float,
    values: F64,
    mode: str,
    width: float,
    suffix: str = "",
    sub: int | None = None,
) -> float:
    """A bar from the lowest to the highest value, with a line at the mean or median."""
    v = values[np.isfinite(values)]
    if v.size == 0:
        return 0.0
    lo, hi = float(v.min()), float(v.max())
    if ctx.switch("bars", i):
        primitives.bar(ctx, pos, lo, hi, i, ids.ds("bar", i, suffix), width=width, z=1.0, point=sub)
    ce = summary(values, mode)
    if ce is not None:
        summary_line(ctx, i, pos, ce.center, width, ids.ds("summary", i, suffix))
    return hi


def low_high(
    ctx: DrawContext,
    pos: float,
    width: float,
    values: NDArray[np.float64],
    i: int,
    r: int,
    mode: str,
) -> None:
    """A floating bar from the lowest to the highest value, a line at the mean or median."""
    v = finite(values)
    if v.size == 0:
        return
    lo, hi = float(v.min()), float(v.max())
    primitives.bar(ctx, pos, lo, hi, i, ids.row("bar", i, r), width=width, point=r)
    if mode in ("lineAtMean", "lineAtMedian") and ctx.switch("summaryLine", i):
        center = center_error(v, "lineAtMean" if mode == "lineAtMean" else "lineAtMedian")[0]
        fill = ctx.style("bar", i, r)["fill"]
        segment(
            ctx, pos - width / 2, pos + width / 2, center, i, ids.row("summary", i, r), on_fill=fill
        )
    ctx.anchor(pos, hi)


def swatch(ctx: DrawContext, i: int) -> Patch:
    """The legend swatch of data set ``i``'s bars: their fill and border."""
    st = ctx.style("bar", i)
    return Patch(
        facecolor=st["fill"], edgecolor=st["borderColor"], linewidth=float(st["borderWidth"])
    )
