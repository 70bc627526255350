"""Category labels that fit: when the labels of a category axis cannot all stand side by
side, every k-th is kept (the first and the last always), and the drawing says so.

The room each label needs is worked out from the label strings and the font, without making
a text object per label: a label's width comes from :func:`plotdoc.render.style.measure.widest`,
its height from the font size and its number of lines. Labels rotated by an angle stand side
by side when their spacing along the axis clears either their width or their height in that
direction.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from matplotlib.axis import Axis
from matplotlib.font_manager import FontProperties
from matplotlib.ticker import FixedFormatter, FixedLocator

from ...contract.variants import Arrangement
from ..caps import MAX_GROWN_PT
from ..context import DrawContext
from ..notices import THINNED, add_warning
from ..style.measure import widest

#: matplotlib's line spacing of multi-line text, in font sizes
LINE_SPACING = 1.2
#: space left between two neighbouring labels, in font sizes
GAP = 0.25


def own_labels(ctx: DrawContext) -> bool:
    """Whether the graph's marks fit their own category labels: a grid (the heat map) shows
    every label (turned, shrunk to a floor, the plot area grown; marks/heat.py), so its
    labels are never thinned or moved here."""
    return ctx.variant.arrangement is Arrangement.GRID


def category_texts(axis: Axis) -> list[str] | None:
    """The labels of a category axis, from its formatter (no tick is made), or None when the
    axis is not a category axis (its ticks were not given as a fixed list)."""
    locator = axis.get_major_locator()
    if not isinstance(locator, FixedLocator):
        return None
    return [str(s) for s in axis.get_major_formatter().format_ticks(list(axis.get_majorticklocs()))]


def needed_spacing(
    labels: Sequence[str], font: FontProperties, rotation: float, along_x: bool
) -> float:
    """Spacing in points along the axis that neighbouring labels need not to overlap."""
    lines = max((s.count("\n") + 1 for s in labels), default=1)
    height = font.get_size_in_points() * LINE_SPACING * lines
    theta = math.radians(rotation % 180.0)
    across, along = abs(math.sin(theta)), abs(math.cos(theta))
    if not along_x:
        across, along = along, across
    # the labels are parallel boxes translated along the axis: they clear each other once the
    # translation clears the box's width (in its own direction) or its height
    by_height = height / across if across > 1e-9 else math.inf
    by_width = math.inf
    if along > 1e-9 and (by_height == math.inf or along > 0.2):
        by_width = widest(labels, font) / along
    return min(by_width, by_height) + GAP * font.get_size_in_points()


def kept_indices(n: int, step: int) -> list[int]:
    """Every ``step``-th of ``n`` labels, the first and the last always among them."""
    if step <= 1 or n <= 2:
        return list(range(n))
    kept = list(range(0, n, step))
    if kept[-1] != n - 1:
        if n - 1 - kept[-1] < step and len(kept) > 1:
            kept[-1] = n - 1
        else:
            kept.append(n - 1)
    return kept


def axis_length_pt(ctx: DrawContext, along_x: bool) -> float:
    """Length of the plot area along the category axis, in points."""
    box = ctx.ax.get_position()
    w, h = ctx.fig.get_size_inches()
    return float((box.width * w if along_x else box.height * h) * 72.0)


def label_spacing(ctx: DrawContext, axis: Axis) -> float | None:
    """The smallest distance between two neighbouring ticks of the category ``axis``, in
    points, or None when it has fewer than two ticks."""
    along_x = axis is ctx.ax.xaxis
    locs = np.asarray(axis.get_majorticklocs(), dtype=np.float64)
    lo, hi = ctx.ax.get_xlim() if along_x else ctx.ax.get_ylim()
    span = abs(float(hi) - float(lo))
    gaps = np.abs(np.diff(np.sort(locs)))
    gaps = gaps[gaps > 0]
    if span <= 0 or not gaps.size:
        return None
    return float(gaps.min()) * axis_length_pt(ctx, along_x) / span


def fit_level(ctx: DrawContext, axis: Axis, font: FontProperties) -> bool:
    """Whether the labels of the category X ``axis`` stand side by side unturned without
    touching (the plot area's width and the labels' measured widths decide)."""
    labels = category_texts(axis)
    spacing = label_spacing(ctx, axis)
    if not labels or spacing is None:
        return True
    return spacing >= needed_spacing(labels, font, 0.0, along_x=True)


def thin_category_labels(
    ctx: DrawContext, axis: Axis, rotation: float, font: FontProperties
) -> None:
    """Keep every k-th label of the category ``axis`` when they cannot all fit; a warning
    says how many are not shown."""
    if own_labels(ctx):
        return
    labels = category_texts(axis)
    if labels is None or len(labels) <= 2:
        return
    along_x = axis is ctx.ax.xaxis
    locs = np.asarray(axis.get_majorticklocs(), dtype=np.float64)
    spacing = label_spacing(ctx, axis)
    if spacing is None or len(labels) != locs.size:
        return
    thinned = thinning(labels, spacing, font, rotation, along_x)
    if thinned is None:
        return
    kept, step = thinned
    axis.set_major_locator(FixedLocator(locs[kept].tolist()))
    axis.set_major_formatter(FixedFormatter([labels[i] for i in kept]))
    say_thinned(ctx, "category", len(labels), len(kept), step, along_x)


def thinning(
    labels: Sequence[str], spacing: float, font: FontProperties, rotation: float, along_x: bool
) -> tuple[list[int], int] | None:
    """The labels kept (every k-th, the first and the last always) and k, when ``labels``
    ``spacing`` points apart along the axis cannot all stand; None when they can."""
    need = needed_spacing(labels, font, rotation, along_x)
    if spacing >= need:
        return None
    step = math.ceil(need / spacing) if spacing > 0 else len(labels)
    return kept_indices(len(labels), step), step


def say_thinned(
    ctx: DrawContext, what: str, total: int, kept: int, step: int, along_x: bool
) -> None:
    """The warning that ``total - kept`` of ``total`` ``what`` labels are not shown."""
    add_warning(
        ctx,
        THINNED,
        f"{total - kept:,} of {total:,} {what} labels are not shown: they do not fit along the "
        f"{'X' if along_x else 'Y'} axis (one in {step} is shown, the first and the last always)",
    )


def grow_for_rows(ctx: DrawContext, labels: Sequence[str], size: float, slots: float) -> None:
    """Grow an automatic plot area (``frameAndOrigin.shape`` ``autoWide`` or ``autoTall``) so
    that the ``slots`` rows its Y axis spans give each of ``labels`` (one a row, level, at
    ``size`` points) its line, up to :data:`~plotdoc.render.caps.MAX_GROWN_PT`, as a heat
    map's labels do; the labels that still do not fit are thinned once the axes are set."""
    shape = (ctx.graph.axes or {}).get("frameAndOrigin", {}).get("shape", "autoWide")
    if not labels or shape not in AUTO_HEIGHT_PT:
        return
    pitch = needed_spacing(labels, FontProperties(size=size), 0.0, along_x=False)
    need = pitch * slots + 1.0  # a point to spare: the thinning measures the same pitch
    if need > AUTO_HEIGHT_PT[shape]:
        ctx.preferred_height_pt = min(need, MAX_GROWN_PT)


#: the height (points) of an automatic plot area by frame shape, before it grows for labels
AUTO_HEIGHT_PT = {"autoWide": 216.0, "autoTall": 288.0}
