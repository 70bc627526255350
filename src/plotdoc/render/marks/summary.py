"""Marks of one cell group (one data set in one row) of a grouped graph.

Each function draws at slot position ``pos`` (category axis) a mark ``width`` wide for the
replicate ``values`` of data set ``i`` in row ``r``, through the engine's
:class:`~plotdoc.render.context.DrawContext` (so flipping, styles and ids follow the engine).
Statistics come from :mod:`plotdoc.stats`; nothing here computes one.

Ids: ``bar/ds{i}/row{r}`` (bars and floating low-high bars), ``box/ds{i}/row{r}``,
``whisker/ds{i}/row{r}``, ``median/ds{i}/row{r}``, ``mean/ds{i}/row{r}``,
``violin/ds{i}/row{r}``, ``quartile/ds{i}/row{r}/q1`` and ``/q3``, ``summary/ds{i}/row{r}``; outliers
``outlier/ds{i}/p{k}`` with ``k = r * replicates + replicate``.
"""

from __future__ import annotations

import numpy as np
from matplotlib.lines import Line2D
from matplotlib.patches import Polygon
from numpy.typing import NDArray

from ...stats.density import kernel_density
from ...stats.descriptive import box_stats, center_and_error
from ..context import DrawContext
from ..style.scales import contrast_text, luminance
from ..style.theme import RGBA

#: whisker cap width as a fraction of the box width, by whiskerCapStyle
CAP_FRACTION = {"wideT": 0.5, "narrowT": 0.25, "I": 0.0}


def finite(values: NDArray[np.float64]) -> NDArray[np.float64]:
    return values[np.isfinite(values)]


def segment(
    ctx: DrawContext,
    pos0: float,
    pos1: float,
    value: float,
    i: int,
    sid: str,
    element: str = "summaryLine",
    z: float = 4.0,
    on_fill: RGBA | None = None,
) -> Line2D | None:
    """A line across the category axis from ``pos0`` to ``pos1`` at ``value``.

    ``on_fill`` is the fill the line lies on (a box, a violin, a floating bar): when the theme's
    line colour would hardly show on it (a black median on a black box), the line is drawn
    in black or white, whichever reads better, unless the user gave the line a colour.
    """
    if not np.isfinite(value):
        return None
    x, y = ctx.xy([pos0, pos1], [value, value])
    line = ctx.polyline(x, y, i, sid, element=element, z=z)
    if on_fill is not None and not _color_given(ctx, element, i):
        color = ctx.style(element, i)["color"]
        a, b = sorted((luminance(color), luminance(on_fill)))
        if (b + 0.05) / (a + 0.05) < 1.6 and on_fill[3] > 0.5:  # WCAG contrast ratio
            line.set_color(contrast_text(on_fill))
    return line


def _color_given(ctx: DrawContext, element: str, i: int) -> bool:
    """Whether the style overrides give ``element`` of data set ``i`` a colour."""
    over = ctx.graph.style_overrides or {}
    layers = [over.get("global", {}), over.get("perDataSet", {}).get(ctx.ds_name(i), {})]
    return any("color" in (layer.get(element) or {}) for layer in layers)


def center_error(values: NDArray[np.float64], mode: str) -> tuple[float, float, float]:
    """(center, lower, upper) of ``values`` for a summary ``mode`` (NaN when not computable)."""
    ce = center_and_error(values, mode)
    return ce.center, ce.lower, ce.upper


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
    ctx.bar(pos, lo, hi, i, f"bar/ds{i}/row{r}", width=width, point=r)
    if mode in ("lineAtMean", "lineAtMedian") and ctx.switch("summaryLine", i):
        center = center_error(v, "lineAtMean" if mode == "lineAtMean" else "lineAtMedian")[0]
        fill = ctx.style("bar", i, r)["fill"]
        segment(
            ctx, pos - width / 2, pos + width / 2, center, i, f"summary/ds{i}/row{r}", on_fill=fill
        )
    ctx.anchor(pos, hi)


def box(
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
    ctx.bar(pos, stats.q1, stats.q3, i, f"box/ds{i}/row{r}", width=width, point=r)
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
    ctx.add(whisker, f"whisker/ds{i}/row{r}", z=ctx.z(i, 1.5))
    ctx.include(xs, ys)
    if ctx.switch("median", i):
        segment(
            ctx, pos - width / 2, pos + width / 2, stats.median, i, f"median/ds{i}/row{r}",
            "median", on_fill=st["fill"],
        )  # fmt: skip
    if st["showMeanAsPlus"] and np.isfinite(stats.mean):
        mx, my = ctx.xy([pos], [stats.mean])
        sym = ctx.style("symbol", i, r)
        mean = Line2D(
            mx, my, marker="+", markersize=float(sym["size"]) * 1.2, color=st["borderColor"],
            markeredgewidth=1.2, linestyle="none",
        )  # fmt: skip
        ctx.add(mean, f"mean/ds{i}/row{r}", z=ctx.z(i, 4.5))
    if stats.outliers.size and ctx.switch("outliers", i):
        idx = [
            j
            for j in range(values.shape[0])
            if np.isfinite(values[j])
            and (values[j] < stats.lower_whisker or values[j] > stats.upper_whisker)
        ]
        ctx.symbols(
            [pos] * len(idx),
            values[idx],
            i,
            [f"outlier/ds{i}/p{r * replicates + j}" for j in idx],
            [r] * len(idx),
            group_id=f"outliers/ds{i}/row{r}",
        )
    ctx.anchor(pos, float(np.nanmax(values)))


def violin(
    ctx: DrawContext,
    pos: float,
    width: float,
    values: NDArray[np.float64],
    i: int,
    r: int,
    mode: str,
    truncate: bool,
) -> None:
    """A kernel-density violin; median and quartile lines with ``medianWithIqr``."""
    st = ctx.style("violin", i, r)
    dens = kernel_density(values, smoothing=str(st["smoothing"]), truncate=truncate)
    if dens.status != "ok" or dens.density.max() <= 0:
        return
    half = dens.density / dens.density.max() * (width / 2)
    grid = dens.x
    pos_side = np.concatenate([pos + half, (pos - half)[::-1]])
    val_side = np.concatenate([grid, grid[::-1]])
    x, y = ctx.xy(pos_side, val_side)
    poly = Polygon(
        np.column_stack([x, y]),
        closed=True,
        facecolor=st["fill"],
        edgecolor=st["borderColor"],
        linewidth=float(st["borderWidth"]),
    )
    ctx.ax.add_patch(poly)
    ctx.tag(poly, f"violin/ds{i}/row{r}")
    poly.set_zorder(ctx.z(i, 1.0))
    ctx.include(x, y)
    if mode == "medianWithIqr":
        stats = box_stats(values, "minToMax")
        for value, element, sid in (
            (stats.median, "median", f"median/ds{i}/row{r}"),
            (stats.q1, "quartile", f"quartile/ds{i}/row{r}/q1"),
            (stats.q3, "quartile", f"quartile/ds{i}/row{r}/q3"),
        ):
            if element == "median" and not ctx.switch("median", i):
                continue
            if element == "quartile" and not ctx.switch("quartiles", i):
                continue
            w = float(np.interp(value, grid, half))
            segment(ctx, pos - w, pos + w, value, i, sid, element, on_fill=st["fill"])
    ctx.anchor(pos, float(grid.max()))
