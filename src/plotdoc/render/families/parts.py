"""Parts of a whole: rows are parts (``rowLabels``), ``dataSetIndex`` picks the data set.

Only parts with a positive value are drawn (a share cannot be negative); their order is the
row order, reversed by ``reverseOrder``. Part ``r`` is filled with the theme's fill colour
``r`` (parts are categories), overridable per part with ``perPoint[dataSetName][r].bar``.

``parts-pie``
    slices clockwise from 12 o'clock, each labelled outside with its row label and percent.
    ``graphicSizePt`` is the height of the pie with its labels: the diameter is the size less
    room for a two-line label above and below (at least half the size).
``parts-donut``
    the same with a hole ``donutHoleRatio`` of the diameter; with ``showTotal`` the total is
    written in the hole: ``totalPrefix`` (``null`` = the word "Total" on its own line),
    the number, ``totalSuffix``, in ``totalFontSize`` points.
``parts-slices``
    one bar divided into the parts (100 %), ``horizontal`` (left to right) or ``vertical``
    (bottom to top); ``graphicSizePt`` is the bar's length (at most the plot area's). Parts are labelled inside when
    they are wide enough, else only in the legend.
``parts-dot-plot``
    one dot per part on a value axis; ``horizontal`` puts the parts on the vertical axis
    (first part on top), ``vertical`` on the horizontal axis. A light guide line joins each
    dot to the axis.

``partsOfWholeBorders``: ``outer`` is the outline of the whole (pie circle, donut rings, bar
rectangle; id ``border/outer``), ``inner`` the lines between parts (slice edges); each with
``show``, ``color`` (``theme`` = the plot background for inner, the foreground for outer)
and ``thickness``.

Ids: ``slice/row{r}``, ``label/row{r}``, ``total``, ``symbol/ds{i}/p{r}``, ``guide/row{r}``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...contract.variants import Mark
from ..context import DrawContext
from ..marks.slices import draw_dot_plot, draw_pie, draw_slices
from ..style.theme import RGBA, resolve_color


def part_rows(ctx: DrawContext) -> tuple[int, list[int], list[float], list[str]]:
    """(data set index, rows, values, labels) of the drawn parts, in drawing order."""
    opts = ctx.options
    n_ds = len(ctx.table.data_sets)
    i = int(opts.get("dataSetIndex", 0))
    i = i if 0 <= i < n_ds else 0
    ds = ctx.table.data_sets[i]
    given = list(ctx.table.row_labels or [])
    rows: list[int] = []
    values: list[float] = []
    labels: list[str] = []
    for r in range(ds.n_rows):
        v = float(ds.values[r, 0]) if ds.values.shape[1] else float("nan")
        if np.isfinite(v) and v > 0:
            rows.append(r)
            values.append(v)
            labels.append(given[r] if r < len(given) and given[r] else f"Row {r + 1}")
    if opts.get("reverseOrder"):
        rows, values, labels = rows[::-1], values[::-1], labels[::-1]
    return i, rows, values, labels


def borders(ctx: DrawContext) -> dict[str, tuple[bool, RGBA, float]]:
    """``outer`` and ``inner``: (show, colour, thickness)."""
    conf: dict[str, Any] = ctx.graph.parts_of_whole_borders or {}
    out: dict[str, tuple[bool, RGBA, float]] = {}
    for key, theme_color in (("outer", ctx.theme.foreground), ("inner", ctx.theme.plot_background)):
        b = conf.get(key, {})
        out[key] = (
            bool(b.get("show", True)),
            resolve_color(b.get("color", "theme"), theme_color),
            float(b.get("thickness", 1.0)),
        )
    return out


def draw(ctx: DrawContext) -> None:
    i, rows, values, labels = part_rows(ctx)
    variant = ctx.variant
    if variant.draws(Mark.WEDGE) or variant.draws(Mark.RING):
        draw_pie(ctx, i, rows, values, labels, borders(ctx))
    elif variant.draws(Mark.SEGMENT):
        draw_slices(ctx, i, rows, values, labels, borders(ctx))
    else:
        draw_dot_plot(ctx, i, rows, values, labels)


#: the marks a partsOfWhole variant can draw (its record lists which)
MARKS = frozenset({Mark.WEDGE, Mark.RING, Mark.SEGMENT, Mark.SYMBOL})
