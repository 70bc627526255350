"""Contingency graphs: rows are outcomes or groups, data sets are categories, cells are counts.

The variant's record (:mod:`plotdoc.contract.variants.contingency`) gives the arrangement:
``contingency-interleaved-bar`` stands the data sets' bars side by side within each row,
``contingency-separated-bar`` keeps each data set's bars together, and
``contingency-stacked-bar`` piles the data sets on one bar per row. Each bar is the count in
its cell (no error bar; a missing cell draws no bar). ``flipXY`` lays the bars horizontally.
Ids: ``bar/ds{i}/row{r}``, value labels ``value/ds{i}/row{r}``.
"""

from __future__ import annotations

from ...contract.variants import Arrangement, Mark
from ..context import DrawContext
from ..guides.category_axis import set_grouped_categories
from ..marks.bars import draw_bars, draw_stacked, stack_order
from ..marks.swatches import variant_swatch
from ..positions.arrangements import grouped_layout
from ..prepare.cells import row_labels

#: the marks a contingency variant can draw: a bar per count
MARKS = frozenset({Mark.BAR})
#: the summary a bar draws of its cell: the count itself (the "mean" of one value)
SUMMARY = "mean"


def draw(ctx: DrawContext) -> None:
    arrangement = ctx.variant.arrangement
    stacked = arrangement is Arrangement.STACKED
    vis = ctx.visible_data_sets()
    names = [ds.name for ds in ctx.table.data_sets]
    lay = grouped_layout(arrangement.value, vis, names, row_labels(ctx.table), ctx.settings)
    set_grouped_categories(ctx, lay)
    if stacked:
        draw_stacked(ctx, lay, vis, SUMMARY)
    else:
        draw_bars(ctx, lay, vis, SUMMARY)
    for i in stack_order(ctx, vis) if stacked else vis:
        ctx.legend_entry(i, variant_swatch(ctx, i))
    ctx.auto_titles.setdefault("y", "Count")
