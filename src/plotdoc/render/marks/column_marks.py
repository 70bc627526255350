"""Marks shared by the column and nested drawers: one column of values at one slot.

Each function draws, for data set ``i`` at category position ``pos``, a mark ``width`` wide
(in category units) through the :class:`~plotdoc.render.context.DrawContext`, and takes ids
built from ``sid`` (``bar/ds0``, ``box/ds0/sub1``...). Statistics come from
:mod:`plotdoc.stats`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from matplotlib.patches import Patch, Polygon
from numpy.typing import NDArray

from ...stats import box_stats, center_and_error, kernel_density
from ...stats.descriptive import SUMMARY_MODES as _SUMMARY_MODES
from ...stats.descriptive import CenterError
from ..context import DrawContext
from ..positions.slots import spread_offsets
from ..style.text import clamp
from ..style.theme import CAP_HALF_WIDTH_PT

F64 = NDArray[np.float64]

#: modes drawn as a center with an error bar (or a bare center)
SUMMARY_MODES = frozenset(_SUMMARY_MODES)

#: sideways spread of scatter points (fraction of the slot) by scatterAppearance
SPREAD = {"standard": 0.32, "classic": 0.2, "expanded": 0.45}


def summary(values: F64, mode: str) -> CenterError | None:
    """Center and error of a summary ``mode``; None for modes without one (noLine...)."""
    if mode not in SUMMARY_MODES:
        return None
    ce = center_and_error(values, mode)
    return ce if np.isfinite(ce.center) else None


def has_error(ce: CenterError) -> bool:
    return bool(
        np.isfinite([ce.lower, ce.upper]).all() and (ce.lower != ce.center or ce.upper != ce.center)
    )


def baseline(ctx: DrawContext) -> float:
    s = ctx.settings
    manual = s.get("baseline") == "manual"
    return clamp(s.get("baselineY", 0.0), -1e100, 1e100, 0.0) if manual else 0.0


def top_of(values: F64, ce: CenterError | None) -> float:
    tops = [float(np.nanmax(values))] if np.isfinite(values).any() else []
    if ce is not None:
        tops += [v for v in (ce.center, ce.upper) if np.isfinite(v)]
    return max(tops) if tops else 0.0


def scatter(
    ctx: DrawContext,
    i: int,
    pos: float,
    values: F64,
    rows: Sequence[int],
    ids: Sequence[str],
    *,
    span: float,
    slot: float = 1.0,
    group_id: str | None = None,
) -> None:
    """Every value as a symbol, spread sideways (``pointLayout``, ``scatterAppearance``)."""
    ok = np.isfinite(values)
    v = values[ok]
    if v.size == 0:
        return
    aligned = ctx.options.get("pointLayout") == "aligned"
    half = SPREAD.get(ctx.settings.get("scatterAppearance", "standard"), 0.32) * slot
    off = spread_offsets(v, half, span, aligned)
    kept_rows = [r for r, k in zip(rows, ok, strict=True) if k]
    kept_ids = [s for s, k in zip(ids, ok, strict=True) if k]
    ctx.symbols(pos + off, v, i, kept_ids, kept_rows, group_id=group_id, z=3.0)


def center_bar(
    ctx: DrawContext, i: int, pos: float, ce: CenterError, width: float, sid: str
) -> None:
    if not ctx.switch("bars", i):
        return
    base = baseline(ctx)
    ctx.bar(pos, base, ce.center, i, sid, width=width, z=1.0)
    ctx.value_axis_from_zero = True


def error_bar(
    ctx: DrawContext,
    i: int,
    pos: float,
    ce: CenterError,
    sid: str,
    z: float = 2.5,
    *,
    with_summary: bool = False,
) -> None:
    """Error bar of one column; ``with_summary`` takes the summary line's colour by default."""
    if has_error(ce):
        color = ctx.style("summaryLine", i)["color"] if with_summary else None
        ctx.error_bars(
            [pos],
            [ce.center],
            [ce.lower],
            [ce.upper],
            i,
            [sid],
            group_id=sid.replace("errorbar/", "errorbars/", 1),
            z=z,
            theme_color=color,
        )


def summary_line(
    ctx: DrawContext, i: int, pos: float, value: float, width: float, sid: str
) -> None:
    """A line across the slot at ``value`` (mean or median of a scatter column)."""
    if not ctx.switch("summaryLine", i) or not np.isfinite(value):
        return
    x, y = ctx.xy([pos - width / 2, pos + width / 2], [value, value])
    ctx.polyline(x, y, i, sid, element="summaryLine", z=4.0)


def box(
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
    ctx.bar(pos, st.q1, st.q3, i, f"box/ds{i}{suffix}", width=width, z=1.0, point=sub)
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
    line = ctx.polyline(wx, wy, i, f"whisker/ds{i}{suffix}", element="errorBar", z=0.9)
    line.set_color(bar_style["borderColor"])
    line.set_linewidth(float(bar_style["borderWidth"]))
    if ctx.switch("median", i):
        mx, my = ctx.xy([pos - width / 2, pos + width / 2], [st.median, st.median])
        med = ctx.style("median", i)
        ctx.polyline(
            mx,
            my,
            i,
            f"median/ds{i}{suffix}",
            element="median",
            z=1.5 if med["drawOrder"] == "onTop" else 0.5,
        )
    if st.outliers.size and ctx.switch("outliers", i):
        ids = [f"outlier/ds{i}{suffix}/o{k}" for k in range(st.outliers.size)]
        ctx.symbols(
            np.full(st.outliers.size, pos),
            st.outliers,
            i,
            ids,
            [-1] * st.outliers.size,
            group_id=f"outliers/ds{i}{suffix}",
        )
    if bar_style["showMeanAsPlus"]:
        mark_mean(ctx, i, pos, st.mean, bar_style["meanSymbolShape"], f"mean/ds{i}{suffix}")
    return float(max(st.upper_whisker, st.outliers.max() if st.outliers.size else st.upper_whisker))


def mark_mean(ctx: DrawContext, i: int, pos: float, mean: float, shape: str, sid: str) -> None:
    from ..artists.collections import PointSymbols

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


def violin(
    ctx: DrawContext,
    i: int,
    pos: float,
    values: F64,
    width: float,
    suffix: str = "",
    quartiles: bool = True,
) -> float:
    """Kernel-density violin, with median and quartile lines when ``quartiles``."""
    vst = ctx.style("violin", i)
    dens = kernel_density(
        values,
        smoothing=vst["smoothing"],
        truncate=bool(ctx.options.get("showTruncatedViolin", True)),
    )
    if dens.x.size == 0:
        return 0.0
    half = dens.density / float(dens.density.max()) * width / 2
    xs = np.concatenate([pos - half, (pos + half)[::-1]])
    ys = np.concatenate([dens.x, dens.x[::-1]])
    vx, vy = ctx.xy(xs, ys)
    poly = Polygon(
        np.column_stack([vx, vy]),
        closed=True,
        facecolor=vst["fill"],
        edgecolor=vst["borderColor"],
        linewidth=float(vst["borderWidth"]),
    )
    from ..style.theme import HATCHES

    hatch = HATCHES.get(vst["fillPattern"])
    if hatch:
        poly.set_hatch(hatch)
    ctx.ax.add_patch(poly)
    ctx.tag(poly, f"violin/ds{i}{suffix}")
    poly.set_zorder(ctx.z(i, 1.0))
    ctx.include(vx, vy)
    if quartiles:
        st = box_stats(values, "minToMax")

        def across(value: float, sid: str, element: str) -> None:
            w = float(np.interp(value, dens.x, half))
            lx, ly = ctx.xy([pos - w, pos + w], [value, value])
            ctx.polyline(lx, ly, i, sid, element=element, z=1.6)

        if ctx.switch("median", i):
            across(st.median, f"median/ds{i}{suffix}", "median")
        if ctx.switch("quartiles", i):
            across(st.q1, f"quartile/ds{i}{suffix}/q1", "quartile")
            across(st.q3, f"quartile/ds{i}{suffix}/q3", "quartile")
    return float(dens.x.max())


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
        ctx.bar(pos, lo, hi, i, f"bar/ds{i}{suffix}", width=width, z=1.0, point=sub)
    ce = summary(values, mode)
    if ce is not None:
        summary_line(ctx, i, pos, ce.center, width, f"summary/ds{i}{suffix}")
    return hi


def fill_handle(ctx: DrawContext, i: int, element: str = "bar") -> Patch:
    """A legend swatch with the fill and border of data set ``i``'s bars (or violins)."""
    st = ctx.style(element, i)
    return Patch(
        facecolor=st["fill"], edgecolor=st["borderColor"], linewidth=float(st["borderWidth"])
    )


def cap_points(ctx: DrawContext, i: int) -> float:
    return CAP_HALF_WIDTH_PT.get(ctx.style("errorBar", i)["capStyle"], 2.5)
