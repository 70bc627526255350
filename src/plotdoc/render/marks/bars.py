"""Bars of grouped and contingency graphs: side by side, apart, or stacked; and their axis.

Bars start at the baseline (0, or ``baselineY`` when ``baseline`` is ``manual``) and end at
the center ``plot.options.mode`` asks for, with an error bar when the mode has one
(``bar/ds{i}/row{r}``, ``errorbar/ds{i}/row{r}``, value labels ``value/ds{i}/row{r}``).

Stacked bars pile the data sets of a row in data set order: positive centers upwards from the
baseline, negative ones downwards, so segments never overlap. A segment's error bar stands on
its top end and keeps the size the mode gives (center +/- error moved to the segment's end).
"""

from __future__ import annotations

from math import isfinite

import numpy as np
from matplotlib.artist import Artist
from matplotlib.patches import Patch
from numpy.typing import NDArray

from ...stats.descriptive import CenterError
from .. import ids
from ..context import DrawContext
from ..notices import AMBIGUOUS, add_warning
from ..positions.arrangements import GroupedLayout
from ..prepare.cells import finite
from ..style.colors import RGBA, recede
from ..style.text import clamp
from ..style.theme import HATCHES
from ..style.types import BarStyle
from . import primitives
from .place import Place
from .summary import (
    color_given,
    column_summaries,
    draws_error_bars,
    segment,
    summary,
)
from .value_labels import draw_styled_labels, label_style

F64 = NDArray[np.float64]


def draw_bars(
    ctx: DrawContext, lay: GroupedLayout, vis: list[int], mode: str, *, under_points: bool = False
) -> None:
    """A bar per data set and row at the mode's center, with error bars and value labels;
    ``under_points``: the bars carry points (scatter-bar), see :func:`fill_under_points`."""
    base = baseline(ctx)
    ctx.value_axis_from_zero = True
    many = ctx.table.n_rows * len(vis) >= primitives.MANY_BARS
    for i in vis:
        errors = primitives.ErrorBarRows()
        bars = primitives.BarRows(many)
        labels = label_style(ctx, i)
        with_bars = ctx.switch("bars", i)
        for r, s in enumerate(column_summaries(ctx.table, i, mode)):
            if s is None:
                continue
            c, low, high = s.center, s.lower, s.upper
            if not isfinite(c):
                continue
            p = lay.center(i, r)
            if with_bars:
                fill = fill_under_points(ctx, i, r) if under_points else None
                bars.add(
                    ctx, p, base, c, i, ids.row("bar", i, r), width=lay.width, point=r, fill=fill
                )
            top = max(c, high) if isfinite(high) else c
            if labels is not None:
                vid = ids.row("value", i, r)
                draw_styled_labels(ctx, labels, p, c, s.n, top, i, vid, bar_start=base)
            ctx.anchor(p, max(top, s.top), i)
            if error_drawn(c, low, high):
                errors.add(p, c, low, high, ids.row("errorbar", i, r))
        bars.draw(ctx, i)
        errors.draw(ctx, i)


def error_drawn(center: float, low: float, high: float) -> bool:
    """Whether a bar at ``center`` has an error bar from ``low`` to ``high``."""
    return isfinite(low) and isfinite(high) and (high != center or low != center)


def draw_stacked(ctx: DrawContext, lay: GroupedLayout, vis: list[int], mode: str) -> None:
    """One bar per row with the data sets' centers stacked (see module doc)."""
    scale = (ctx.graph.axes or {}).get("leftY", {}).get("scale", "linear")
    if scale != "linear" and len(vis) > 1:
        add_warning(
            ctx,
            AMBIGUOUS,
            f"stacked bars on a {scale} value axis: each segment's length no longer shows its "
            "share of the bar (a log axis shrinks the upper segments); a linear axis, or bars "
            "side by side, show the proportions",
            ("graph", "axesOverrides", "leftY", "scale"),
        )
    base = baseline(ctx)
    ctx.value_axis_from_zero = True
    n = ctx.table.n_rows
    up = np.full(n, base)
    down = np.full(n, base)
    many = n * len(vis) >= primitives.MANY_BARS
    for i in vis:
        errors = primitives.ErrorBarRows()
        bars = primitives.BarRows(many)
        labels = label_style(ctx, i)
        for r, s in enumerate(column_summaries(ctx.table, i, mode)):
            if s is None:
                continue
            c, low, high = s.center, s.lower, s.upper
            if not isfinite(c) or c == base:
                continue
            start = up[r] if c >= base else down[r]
            end = start + (c - base)
            if c >= base:
                up[r] = end
            else:
                down[r] = end
            p = lay.center(i, r)
            bars.add(ctx, p, start, end, i, ids.row("bar", i, r), width=lay.width, point=r)
            if labels is not None:
                vid = ids.row("value", i, r)
                draw_styled_labels(ctx, labels, p, c, s.n, end, i, vid, bar_start=start)
            if error_drawn(c, low, high):
                errors.add(p, end, end - (c - low), end + (high - c), ids.row("errorbar", i, r))
        bars.draw(ctx, i)
        errors.draw(ctx, i)
    for r in range(n):  # every data set of a row is drawn at the row's stack
        for i in vis:
            ctx.anchor(lay.center(vis[0], r), float(up[r]), i)


def stack_order(ctx: DrawContext, vis: list[int]) -> list[int]:
    """Data sets in the order a reader meets them in a stack: top of the stack first
    (the last data set) when bars stand upright; left to right in horizontal stacks."""
    return list(vis) if ctx.horizontal else list(reversed(vis))


def baseline(ctx: DrawContext) -> float:
    """Where bars start: 0, or ``baselineY`` (kept finite and within +/-1e100) when manual."""
    s = ctx.settings
    manual = s.get("baseline") == "manual"
    return clamp(s.get("baselineY", 0.0), -1e100, 1e100, 0.0) if manual else 0.0


def center_bar(
    ctx: DrawContext,
    i: int,
    pos: float,
    ce: CenterError,
    width: float,
    sid: str,
    *,
    under_points: bool = False,
) -> None:
    """A bar from the baseline to the center; ``under_points`` as in :func:`draw_bars`."""
    if not ctx.switch("bars", i):
        return
    base = baseline(ctx)
    fill = fill_under_points(ctx, i) if under_points else None
    primitives.bar(ctx, pos, base, ce.center, i, sid, width=width, z=1.0, fill=fill)
    ctx.value_axis_from_zero = True


def floating(ctx: DrawContext, place: Place, values: F64, mode: str) -> float | None:
    """A bar from the lowest to the highest value of data set ``place.i`` at ``place`` (every
    family: column, nested, grouped low-high), with a line at the mean or median that reads
    on the bar's fill; returns the top (None when there is no value)."""
    v = finite(values)
    if v.size == 0:
        return None
    i, pos, width = place.i, place.pos, place.width
    lo, hi = float(v.min()), float(v.max())
    if ctx.switch("bars", i):
        primitives.bar(ctx, pos, lo, hi, i, place.sid("bar"), width=width, z=1.0, point=place.row)
    ce = summary(v, mode)
    if ce is not None and ctx.switch("summaryLine", i):
        fill = ctx.style("bar", i, place.row)["fill"]
        segment(
            ctx, pos - width / 2, pos + width / 2, ce.center, i, place.sid("summary"), on_fill=fill
        )
    return hi


def fill_under_points(ctx: DrawContext, i: int, point: int | None = None) -> RGBA:
    """The fill of a bar that carries points and error bars (scatter-bar of every family).

    In the theme's colours a bar and its points share a colour, so points vanish in the bar
    (black in black in ``classic``) and so does the lower error bar. As graphing programs do,
    the bar recedes towards the plot background until its symbols and error bars contrast
    with it (:func:`~plotdoc.render.style.colors.recede`); they keep their colour. A fill the
    user gave is kept as given.
    """
    st = ctx.style("bar", i, point)
    fill: RGBA = st["fill"]
    if color_given(ctx, "bar", i, "fill"):
        return fill
    marks: list[RGBA] = []
    if ctx.switch("symbols", i):
        sym = ctx.style("symbol", i)
        marks.append(sym["color"])
    if ctx.switch("errorBars", i):
        marks.append(ctx.style("errorBar", i)["color"])
    return recede(fill, marks, ctx.theme.plot_background) if marks else fill


def swatch(ctx: DrawContext, i: int) -> Patch:
    """The legend swatch of data set ``i``'s bars: their fill and border."""
    st = ctx.style("bar", i)
    return patterned(
        Patch(
            facecolor=st["fill"], edgecolor=st["borderColor"], linewidth=float(st["borderWidth"])
        ),
        st,
    )


def patterned(patch: Patch, st: BarStyle) -> Patch:
    """``patch`` with the bar's ``fillPattern`` in its ``patternColor``, as the bars draw it
    (a legend swatch shows the pattern that tells its data set apart)."""
    hatch = HATCHES.get(st["fillPattern"])
    if hatch:
        patch.set_hatch(hatch)
        patch.set_hatchcolor(st["patternColor"])
    return patch


def bar_error_glyph(ctx: DrawContext, i: int) -> Artist | tuple[Artist, ...]:
    """The legend glyph of bars with error bars: the bar swatch and, where the graph draws
    them (the mode has an error and the switch is on), the error bar over it."""
    if draws_error_bars(ctx, i):
        return (swatch(ctx, i), primitives.error_glyph(ctx, i))
    return swatch(ctx, i)


def scatter_bar_glyph(ctx: DrawContext, i: int) -> tuple[Artist, ...]:
    """The legend glyph of a scatter-bar data set as the graph draws it: the bar (in its fill
    under points), its error bar and its symbol, each where the graph shows them."""
    st = ctx.style("bar", i)
    parts: list[Artist] = []
    if ctx.switch("bars", i):
        parts.append(patterned(Patch(
            facecolor=fill_under_points(ctx, i), edgecolor=st["borderColor"],
            linewidth=float(st["borderWidth"]),
        ), st))  # fmt: skip
    if draws_error_bars(ctx, i):
        parts.append(primitives.error_glyph(ctx, i))
    if ctx.switch("symbols", i):
        parts.append(primitives.symbol_handle(ctx, i))
    return tuple(parts) or (swatch(ctx, i),)
