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
from matplotlib.backend_bases import RendererBase
from matplotlib.patches import Rectangle
from matplotlib.transforms import Bbox
from numpy.typing import NDArray

from ...model.project import Table
from ..context import DrawContext
from ..positions.arrangements import GroupedLayout
from ..positions.slots import CategoryLayout
from ..style.text import safe
from .summary import center_error, finite


def row_labels(table: Table) -> list[str]:
    given = list(table.row_labels or [])
    n = table.n_rows
    return [given[r] if r < len(given) and given[r] else f"Row {r + 1}" for r in range(n)]


def cell(table: Table, i: int, r: int) -> NDArray[np.float64]:
    """The replicates of data set ``i`` in row ``r`` (empty beyond the data set's rows)."""
    ds = table.data_sets[i]
    if r >= ds.n_rows:
        return np.empty(0)
    return np.asarray(ds.values[r], dtype=float)


def value_span(table: Table, vis: list[int]) -> float:
    """The range of every visible value (the scale of the sideways point spread)."""
    parts = [finite(table.data_sets[i].values.ravel()) for i in vis]
    allv = np.concatenate(parts) if parts else np.empty(0)
    return float(allv.max() - allv.min()) if allv.size else 1.0


def baseline(ctx: DrawContext) -> float:
    if ctx.settings.get("baseline") == "manual":
        return float(ctx.settings.get("baselineY", 0.0))
    return 0.0


def set_grouped_categories(ctx: DrawContext, lay: GroupedLayout) -> None:
    """Row labels on the category axis; for ``separated``, data set names beyond them.

    The names stand just outside the row labels (measured when drawn, so rotated labels are
    cleared), and the axis title is moved out to make room.
    """
    ticks = [t.position for t in lay.ticks]
    labels = [t.label for t in lay.ticks]
    ctx.set_categories(CategoryLayout({}, lay.width, (lay.lo, lay.hi), ticks, labels))
    size = ctx.theme.shapes.font_size
    longest_label = max((len(s) for s in labels), default=1)
    per_label = longest_label * size * 0.65 + 14.0
    gaps = np.diff(ticks) if len(ticks) > 1 else np.array([lay.hi - lay.lo])
    spacing = float(gaps.min()) if gaps.size and gaps.min() > 0 else 1.0
    # wide enough for the row labels to stand side by side, without rotation when possible
    ctx.preferred_width_pt = float(
        np.clip(
            max(24.0 * (lay.hi - lay.lo), per_label * (lay.hi - lay.lo) / spacing), 160.0, 520.0
        )
    )
    if not lay.group_ticks:
        return
    axis = ctx.ax.yaxis if ctx.horizontal else ctx.ax.xaxis

    def beyond_labels(renderer: RendererBase) -> Bbox:
        boxes = [
            t.get_window_extent(renderer)
            for t in axis.get_ticklabels()
            if t.get_visible() and t.get_text()
        ]
        return Bbox.union(boxes) if boxes else ctx.ax.get_window_extent(renderer)

    for k, t in enumerate(lay.group_ticks):
        if ctx.horizontal:
            text = ctx.ax.annotate(
                safe(t.label), (0.0, t.position), xycoords=(beyond_labels, "data"),
                xytext=(-4.0, 0.0), textcoords="offset points", ha="right", va="center",
                fontsize=size, fontweight="bold", annotation_clip=False,
            )  # fmt: skip
        else:
            text = ctx.ax.annotate(
                safe(t.label), (t.position, 0.0), xycoords=("data", beyond_labels),
                xytext=(0.0, -3.0), textcoords="offset points", ha="center", va="top",
                fontsize=size, fontweight="bold", annotation_clip=False,
            )  # fmt: skip
        ctx.tag(text, f"group/ds{k}")
    longest = max(len(t.label) for t in lay.group_ticks)
    axis.labelpad = 4.0 + (size * 0.62 * longest + 6 if ctx.horizontal else size * 1.5)


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
                ctx.bar(p, base, c, i, f"bar/ds{i}/row{r}", width=lay.width, point=r)
            top = max(c, high) if np.isfinite(high) else c
            ctx.value_labels(p, c, v.size, top, i, f"value/ds{i}/row{r}", bar_start=base)
            ctx.anchor(p, max(top, float(v.max())))
            if high != c or low != c:
                pos.append(p)
                cen.append(c)
                lo.append(low)
                hi.append(high)
                bids.append(f"errorbar/ds{i}/row{r}")
        if pos:
            ctx.error_bars(pos, cen, lo, hi, i, bids)


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
            ctx.bar(p, start, end, i, f"bar/ds{i}/row{r}", width=lay.width, point=r)
            ctx.value_labels(p, c, v.size, end, i, f"value/ds{i}/row{r}", bar_start=start)
            if high != c or low != c:
                pos.append(p)
                cen.append(end)
                lo.append(end - (c - low))
                hi.append(end + (high - c))
                bids.append(f"errorbar/ds{i}/row{r}")
        if pos:
            ctx.error_bars(pos, cen, lo, hi, i, bids)
    for r in range(n):
        ctx.anchor(lay.center(vis[0], r) if vis else 0.0, float(up[r]))


def bar_legend(ctx: DrawContext, vis: list[int], element: str = "bar") -> None:
    """A filled-box legend entry per visible data set."""
    for i in vis:
        st = ctx.style(element, i)
        handle = Rectangle(
            (0, 0), 1, 1, facecolor=st["fill"], edgecolor=st["borderColor"],
            linewidth=float(st["borderWidth"]),
        )  # fmt: skip
        ctx.legend_entry(i, handle)
