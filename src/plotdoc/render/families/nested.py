"""Nested graphs: data sets are treatments, replicate sub-columns are subgroups (one animal...).

* ``nested-scatter``: every value, each subgroup in its own narrow lane inside the treatment's
  slot, with the treatment's summary per ``mode`` (line at mean/median, or center with error
  bars) across the slot;
* ``nested-scatter-bar``: a bar at the treatment's center (all its values pooled) with error
  bars, and the values by subgroup over it; ``nested-bar``: the bar and error bars only;
* ``nested-low-high``, ``nested-box``, ``nested-violin``: one floating bar, box or violin per
  subgroup, subgroups side by side within each treatment (a ``separated`` layout).

``hideOuterFrame`` leaves only the value axis. Ids: ``symbol/ds0/sub1/p<row>``,
``bar/ds0``, ``errorbar/ds0``, ``summary/ds0``, and per subgroup ``bar/ds0/sub1``,
``box/ds0/sub1``, ``violin/ds0/sub1``, ``median/ds0/sub1``, ``whisker/ds0/sub1``.
"""

from __future__ import annotations

from functools import partial

import numpy as np

from ...contract.variants import Arrangement, Mark
from .. import ids
from ..context import DrawContext
from ..marks import bars, box, points, summary, violin
from ..marks.place import Place
from ..marks.swatches import variant_swatch
from ..marks.value_labels import draw_value_labels
from ..positions.slots import CategoryLayout
from .column import column_layout

#: the marks a nested variant can draw (its record lists which)
MARKS = frozenset(
    {
        Mark.EVERY_VALUE,
        Mark.SUMMARY_LINE,
        Mark.BAR,
        Mark.ERROR_BAR,
        Mark.FLOATING_BAR,
        Mark.BOX,
        Mark.VIOLIN,
    }
)


def draw(ctx: DrawContext) -> None:
    table = ctx.table
    visible = ctx.visible_data_sets()
    labels = [table.data_sets[i].name for i in visible]
    variant = ctx.variant
    mode = summary.graph_mode(ctx)
    n_sub = max((table.data_sets[i].values.shape[1] for i in visible), default=1)
    ctx.legend_auto = False
    if variant.arrangement is Arrangement.SEPARATED:  # a mark per subgroup
        layout = ctx.category_layout("separated", len(visible), n_sub, labels)
        ctx.set_categories(layout)
        for slot, i in enumerate(visible):
            vals = table.data_sets[i].values
            tops = []
            for j in range(vals.shape[1]):
                pos = layout.center(slot, j)
                col = vals[:, j]
                suffix = ids.sub_suffix(j)
                place = Place(i, pos, layout.width, suffix)
                if variant.draws(Mark.BOX):
                    tops.append(box.draw(ctx, place, col, mode) or 0.0)
                elif variant.draws(Mark.VIOLIN):
                    truncate = bool(ctx.options.get("showTruncatedViolin", True))
                    quartiles = mode == "medianWithIqr"
                    tops.append(
                        violin.draw(ctx, place, col, quartiles=quartiles, truncate=truncate)
                    )
                else:
                    tops.append(bars.floating(ctx, place, col, mode) or 0.0)
            ctx.anchor(layout.ticks[slot], max(tops, default=0.0), i)
            ctx.legend_entry(i, variant_swatch(ctx, i))
    else:
        layout = column_layout(ctx, visible)  # a slot per treatment, as a column's
        ctx.set_categories(layout)
        for slot, i in enumerate(visible):
            draw_one(ctx, layout, slot, i)
            ctx.legend_entry(i, variant_swatch(ctx, i))
    if ctx.options.get("hideOuterFrame"):
        ctx.after_axes.append(lambda: _hide_frame(ctx))


def draw_one(ctx: DrawContext, layout: CategoryLayout, slot: int, i: int) -> None:
    """The marks of treatment ``i`` at ``slot`` of ``layout``, from its own values alone. The
    editor draws a treatment again with it after a cell edit
    (:mod:`plotdoc.editor.recolumn`)."""
    _treatment(
        ctx, ctx.variant.marks, summary.graph_mode(ctx), i, layout.center(slot), layout.width
    )


def _treatment(
    ctx: DrawContext, marks: tuple[Mark, ...], mode: str, i: int, pos: float, width: float
) -> None:
    vals = ctx.table.data_sets[i].values
    pooled = vals.ravel()
    ce = summary.summary(pooled, mode)
    every = Mark.EVERY_VALUE in marks
    if Mark.BAR in marks and ce is not None:
        bars.center_bar(ctx, i, pos, ce, width, ids.ds("bar", i), under_points=every)
        summary.error_bar(ctx, i, pos, ce, ids.ds("errorbar", i))
        draw_value_labels(
            ctx,
            pos,
            ce.center,
            ce.n,
            summary.top_of(pooled if every else np.array([ce.center]), ce),
            i,
            ids.ds("value", i),
            bar_start=bars.baseline(ctx),
        )
    if every:
        m = vals.shape[1]
        lane = min(1.0, width * 1.3) / m
        for j in range(m):
            col = vals[:, j]
            lane_pos = pos + (j - (m - 1) / 2) * lane
            rows = np.arange(col.size)
            art = points.scatter(
                ctx,
                i,
                lane_pos,
                col,
                rows,
                ids.Lazy(partial(_point_id, i, j), rows),
                slot=lane * 0.7,
                group_id=ids.sub("symbols", i, j),
            )
            if m > 1:  # each subject its own shape, not only its own lane
                points.subgroup_shapes(ctx, i, art, j)
    if Mark.SUMMARY_LINE in marks and ce is not None:
        summary.summary_line(ctx, i, pos, ce.center, width, ids.ds("summary", i))
        summary.error_bar(ctx, i, pos, ce, ids.ds("errorbar", i), z=4.0, with_summary=True)
    ctx.anchor(pos, summary.top_of(pooled if every else np.array([np.nan]), ce), i)


def _point_id(i: int, j: int, r: int) -> str:
    """The id of the symbol of row ``r`` of sub-column ``j`` of data set ``i``."""
    return ids.sub("symbol", i, j, ids.point_suffix(r))


def _hide_frame(ctx: DrawContext) -> None:
    value_side = "bottom" if ctx.horizontal else "left"
    for name, spine in ctx.ax.spines.items():
        if name != value_side:
            spine.set_visible(False)
    (ctx.ax.yaxis if ctx.horizontal else ctx.ax.xaxis).set_tick_params(length=0)
