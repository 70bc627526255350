"""A dot plot of the parts of a whole (see :mod:`..families.parts`): a dot per part on a value
axis from 0, with a dotted leader from the axis, and the parts' labels on the category axis.

The labels stay readable: parts on Y grow an automatic plot area to a label's height each (up
to :data:`~plotdoc.render.caps.MAX_GROWN_PT`, as a heat map's labels do), labels along X turn by
45 degrees when they would touch level, and what still does not fit is thinned once the axes
are set, with a warning.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from matplotlib.ticker import FixedFormatter, FixedLocator

from .. import ids
from ..context import DrawContext
from ..style.colors import mix
from ..style.text import clamp, safe
from . import primitives

#: how far a dot plot's dotted leaders go from the grid colour toward the foreground
GUIDE_TOWARD_FOREGROUND = 0.35


def draw_dot_plot(
    ctx: DrawContext, i: int, rows: list[int], values: list[float], labels: list[str]
) -> None:
    """Dots on a value axis that starts at 0; the first part on top (or on the left)."""
    horizontal = ctx.options.get("orientation", "horizontal") == "horizontal"
    n = len(rows)
    # slots 1..n (not from 0): a category axis from 0.3 never reads as data from zero, so the
    # value-axis rules (no axis across zero) leave its half-slot margins alone
    pos = [float(n - k) if horizontal else float(k + 1) for k in range(n)]
    # a leader from the axis to each dot: darker than the grid, so that it still reads when
    # dotted (on starry's night background the grid colour alone all but vanished)
    guide = mix(ctx.theme.grid, ctx.theme.foreground, GUIDE_TOWARD_FOREGROUND)
    for k, r in enumerate(rows):
        xs, ys = (
            ([0.0, values[k]], [pos[k], pos[k]]) if horizontal else ([pos[k]] * 2, [0.0, values[k]])
        )
        line = ctx.ax.plot(xs, ys, color=guide, linewidth=0.8, linestyle=(0, (1, 2)))[0]
        ctx.tag(line, ids.data_row("guide", r))
    pids = [ids.point("symbol", i, r) for r in rows]
    # the parts on Y (horizontal) or X, the values along the other axis
    axis = ctx.ax.yaxis if horizontal else ctx.ax.xaxis
    _room_for_labels(ctx, axis, labels, horizontal)
    xs, ys = (values, pos) if horizontal != ctx.horizontal else (pos, values)
    primitives.symbols(ctx, xs, ys, i, pids, rows)
    _category_labels(axis, pos, labels)
    (ctx.ax.set_ylim if horizontal else ctx.ax.set_xlim)(0.3, n + 0.7)
    ctx.auto_titles.setdefault("x" if horizontal else "y", ctx.ds_name(i))
    zero = ([0.0], [pos[0] if pos else 0.0]) if horizontal else ([pos[0] if pos else 0.0], [0.0])
    ctx.include(*zero)
    ctx.ax.margins(x=0.05, y=0.05)
    per_label = max((len(s) for s in labels), default=1) * ctx.theme.shapes.font_size * 0.62 + 10
    ctx.preferred_width_pt = 288.0 if horizontal else float(np.clip(per_label * n, 160.0, 480.0))


def _category_labels(axis: Any, pos: list[float], labels: list[str]) -> None:
    """The parts' labels at their slots, as ``set_ticks`` sets them but without making a
    tick per part now (the ticks of the labels kept are made when drawn)."""
    axis.set_major_locator(FixedLocator(pos))
    axis.set_major_formatter(FixedFormatter([safe(s) for s in labels]))


def _room_for_labels(ctx: DrawContext, axis: Any, labels: list[str], horizontal: bool) -> None:
    """A dot plot's parts on Y (``horizontal``) each get a label's height (see
    :func:`~plotdoc.render.guides.category_labels.grow_for_rows`). Parts on X turn their
    labels by 45 degrees when they would touch level. Past that, the labels that do not fit
    are thinned once the axes are set (every k-th kept, the first and the last always, and a
    warning says how many are not)."""
    from ..guides.axes import end_labels_at_ticks, tick_label_font
    from ..guides.category_labels import fit_level, grow_for_rows, thin_category_labels

    if horizontal:
        conf = ctx.graph.axes or {}
        size = (
            conf.get("titlesAndFonts", {}).get("tickLabelFont", {}).get("size")
            or conf.get("leftY", {}).get("labelFontSize")
            or ctx.theme.shapes.font_size
        )
        # the parts' slots run from 0.3 to n + 0.7: a slot each, and 0.4 more in all
        grow_for_rows(
            ctx, labels, clamp(size, 1.0, 144.0, ctx.theme.shapes.font_size), len(labels) + 0.4
        )

    def thin() -> None:
        font = tick_label_font(ctx, axis)
        # parts along X turn their labels when they would touch level, as categories do
        turn = not horizontal and not fit_level(ctx, axis, font)
        if turn:
            ctx.ax.tick_params(axis="x", labelrotation=45)
        thin_category_labels(ctx, axis, 45.0 if turn else 0.0, font)
        if turn:
            end_labels_at_ticks(axis)

    ctx.after_axes.append(thin)
