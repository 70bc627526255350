"""Column graphs: each visible data set is one column (one slot) of values.

What a variant draws is the marks its record lists (:mod:`plotdoc.contract.variants.column`);
the variants and their marks (``mode`` from the plot options):

* ``column-scatter-only``: every value as a symbol spread sideways (``pointLayout``); a line
  at the mean or median (``lineAtMean``, ``lineAtMedian``), nothing (``noLine``), or a
  center line with error bars (the center-with-error modes);
* ``scatter-bar``: a bar at the center, error bars, and the values over it;
* ``bar``: a bar at the center with error bars; ``column-mean-error``: a symbol at the center
  with error bars; ``column-mean-error-connected``: the same with the centers joined;
* ``column-before-after``: one line per row across the columns (``symbolsAndLines``) or
  arrows from each column to the next (``arrows``);
* ``column-floating-bars``: a bar from minimum to maximum with a line at the mean/median;
* ``column-box-whiskers``: boxes, whiskers per ``mode``; ``column-violin``: violins.

``flipXY`` (or ``direction: horizontal``) lays the columns along Y.
Ids: ``bar/ds0``, ``errorbar/ds0``, ``symbol/ds0/p<row>``, ``summary/ds0``, ``box/ds0``,
``whisker/ds0``, ``median/ds0``, ``quartile/ds0/q1``, ``violin/ds0``, ``outlier/ds0/o<k>``,
``pair/row<r>``, ``arrow/row<r>/<k>``, ``line/centers``, ``value/ds0/<slot>``.
"""

from __future__ import annotations

import numpy as np
from matplotlib.patches import FancyArrowPatch

from ...contract.entries import VALUES, is_summary
from ...contract.variants import Mark
from .. import ids
from ..context import DrawContext
from ..marks import bars, box, points, primitives, summary, violin
from ..marks.place import Place
from ..marks.swatches import variant_swatch
from ..marks.value_labels import draw_value_labels
from ..positions.slots import CategoryLayout

#: the marks a column variant can draw (its record lists which)
MARKS = frozenset(
    {
        Mark.EVERY_VALUE,
        Mark.SUMMARY_LINE,
        Mark.BAR,
        Mark.SYMBOL,
        Mark.ERROR_BAR,
        Mark.LINE,
        Mark.SUBJECT_LINES,
        Mark.FLOATING_BAR,
        Mark.BOX,
        Mark.VIOLIN,
    }
)


def draw(ctx: DrawContext) -> None:
    table = ctx.table
    visible = ctx.visible_data_sets()
    layout = column_layout(ctx, visible)
    ctx.set_categories(layout)
    ctx.legend_auto = False
    variant = ctx.variant
    mode = summary.graph_mode(ctx)
    entry = table.entry
    # a column of values; with summary data, the data set's one row [mean, sd-or-sem, n]
    columns = [_column_cells(table.data_sets[i].values, entry) for i in visible]
    if variant.draws(Mark.SUBJECT_LINES):
        _before_after(ctx, visible, columns, layout, mode)
        return
    centers: list[tuple[float, float]] = []
    for slot, i in enumerate(visible):
        pos, values, top = draw_one(ctx, layout, slot, i)
        ctx.anchor(pos, top, i)
        ce = summary.summary(values, mode, entry)
        if ce is not None:
            centers.append((pos, ce.center))
        ctx.legend_entry(i, variant_swatch(ctx, i))
    if variant.draws(Mark.LINE) and len(centers) > 1 and ctx.switch("lines", None):
        px, py = zip(*centers, strict=True)
        x, y = ctx.xy(px, py)
        line = primitives.polyline(ctx, x, y, visible[0], "line/centers", element="line", z=2.0)
        line.set_color(_across_color(ctx, visible[0]))


def column_layout(ctx: DrawContext, visible: list[int]) -> CategoryLayout:
    """Where the columns of the data sets ``visible`` stand."""
    labels = [ctx.table.data_sets[i].name for i in visible]
    return ctx.category_layout("single", len(visible), 1, labels)


def draw_one(
    ctx: DrawContext, layout: CategoryLayout, slot: int, i: int
) -> tuple[float, np.ndarray, float]:
    """The marks of data set ``i``, the column at ``slot`` of ``layout`` (not before-after
    lines, which cross the columns): where it stands, the values it drew from, and the top of
    what it drew. The editor draws a column again with it after a cell edit
    (:mod:`plotdoc.editor.recolumn`)."""
    pos = layout.center(slot)
    values = _column_cells(ctx.table.data_sets[i].values, ctx.table.entry)
    rows = list(range(values.size))
    marks, mode, entry = ctx.variant.marks, summary.graph_mode(ctx), ctx.table.entry
    top = _draw_column(ctx, marks, mode, i, pos, values, rows, layout.width, entry)
    return pos, values, top


def _draw_column(
    ctx: DrawContext,
    marks: tuple[Mark, ...],
    mode: str,
    i: int,
    pos: float,
    values: np.ndarray,
    rows: list[int],
    width: float,
    entry: str = VALUES,
) -> float:
    """One column's marks; returns the top of what it drew (for brackets). With summary data
    (``entry``), ``values`` is the cell ``[mean, sd-or-sem, n]`` and only the center and its
    error are drawn (the reader refuses the marks that need raw values)."""
    pids = ids.points("symbol", i, rows)
    if Mark.BOX in marks:
        return box.draw(ctx, Place(i, pos, width), values, mode) or 0.0
    if Mark.VIOLIN in marks:
        truncate = bool(ctx.options.get("showTruncatedViolin", True))
        place = Place(i, pos, width)
        return violin.draw(ctx, place, values, quartiles=mode == "medianWithIqr", truncate=truncate)
    if Mark.FLOATING_BAR in marks:
        return bars.floating(ctx, Place(i, pos, width), values, mode) or 0.0
    ce = summary.summary(values, mode, entry)
    if is_summary(entry):  # no values to draw or to reach: the center and its error
        values = np.array([ce.center]) if ce is not None else np.empty(0)
    every = Mark.EVERY_VALUE in marks
    if Mark.ERROR_BAR in marks and ce is not None:  # a bar or a symbol at the center
        if Mark.BAR in marks:
            bars.center_bar(ctx, i, pos, ce, width, ids.ds("bar", i), under_points=every)
        else:
            primitives.symbols(
                ctx,
                [pos],
                [ce.center],
                i,
                [ids.ds("symbol", i, ids.member("center"))],
                [-1],
                group_id=ids.ds("symbols", i, ids.member("center")),
                z=3.5,
            )
        summary.error_bar(ctx, i, pos, ce, ids.ds("errorbar", i))
        top = summary.top_of(values if every else np.array([ce.center]), ce)
        draw_value_labels(
            ctx, pos, ce.center, ce.n, top, i, ids.ds("value", i), bar_start=bars.baseline(ctx)
        )
    if every:
        points.scatter(ctx, i, pos, values, rows, pids)
    if Mark.SUMMARY_LINE in marks and ce is not None:
        summary.summary_line(ctx, i, pos, ce.center, width * 0.8, ids.ds("summary", i))
        summary.error_bar(ctx, i, pos, ce, ids.ds("errorbar", i), z=4.0, with_summary=True)
    return summary.top_of(values, ce)


def _column_cells(values: np.ndarray, entry: str) -> np.ndarray:
    """What a column draws from: its values, or its summary row ``[mean, sd-or-sem, n]``
    (the first row holding a mean; all missing when none does)."""
    if not is_summary(entry):
        return values[:, 0]
    filled = np.flatnonzero(np.isfinite(values[:, 0])) if values.ndim == 2 else np.empty(0)
    if filled.size == 0 or values.shape[1] < 3:
        return np.full(3, np.nan)
    return np.asarray(values[filled[0], :3], dtype=np.float64)


def _across_color(ctx: DrawContext, i: int) -> tuple[float, float, float, float]:
    """Lines that cross columns belong to no one data set: the foreground colour, unless the
    user gave the line a colour."""
    color: tuple[float, float, float, float] = ctx.style("line", i)["color"]
    if color == ctx.theme.element_defaults("line", i)["color"]:
        return ctx.theme.foreground
    return color


def _before_after(
    ctx: DrawContext,
    visible: list[int],
    columns: list[np.ndarray],
    layout: CategoryLayout,
    mode: str,
) -> None:
    n_rows = max((c.size for c in columns), default=0)
    positions = [layout.center(s) for s in range(len(visible))]
    grid = np.full((n_rows, len(visible)), np.nan)
    for s, c in enumerate(columns):
        grid[: c.size, s] = c
    for s, i in enumerate(visible):
        col = grid[:, s]
        rows = [r for r in range(n_rows) if np.isfinite(col[r])]
        if mode == "symbolsAndLines":
            primitives.symbols(
                ctx,
                [positions[s]] * len(rows),
                col[rows],
                i,
                [ids.point("symbol", i, r) for r in rows],
                rows,
            )
        ctx.anchor(positions[s], float(np.nanmax(col)) if rows else 0.0, i)
        ctx.legend_entry(i, variant_swatch(ctx, i))
    line_style = ctx.style("line", visible[0] if visible else 0)
    line_style["color"] = _across_color(ctx, visible[0] if visible else 0)
    for r in range(n_rows):
        row = grid[r]
        ok = np.isfinite(row)
        if ok.sum() < 2 or not ctx.switch("lines", None):
            continue
        pts = [(positions[s], row[s]) for s in range(len(visible)) if ok[s]]
        if mode == "arrows":
            for k in range(len(pts) - 1):
                (x0, y0), (x1, y1) = (
                    ctx.xy(pts[k][0], pts[k][1]),
                    ctx.xy(pts[k + 1][0], pts[k + 1][1]),
                )
                arrow = FancyArrowPatch(
                    (float(x0), float(y0)),
                    (float(x1), float(y1)),
                    arrowstyle="-|>",
                    mutation_scale=9,
                    color=line_style["color"],
                    linewidth=float(line_style["thickness"]),
                    shrinkA=0,
                    shrinkB=0,
                )
                ctx.ax.add_patch(arrow)
                ctx.tag(arrow, ids.data_row("arrow", r, ids.member(k)))
                ctx.include([float(x0), float(x1)], [float(y0), float(y1)])
        else:
            px, py = zip(*pts, strict=True)
            x, y = ctx.xy(px, py)
            pair = primitives.polyline(
                ctx, x, y, visible[0], ids.data_row("pair", r), element="line", z=2.0
            )
            pair.set_color(line_style["color"])
