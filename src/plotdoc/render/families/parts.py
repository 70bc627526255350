"""Parts of a whole: rows are parts (``rowLabels``), ``dataSetIndex`` picks the data set.

A pie, donut or bar of slices draws the parts with a positive value (a share cannot be
negative), their percentages of those parts' total, and a ``render-value-hidden`` warning
names each part of zero or below it leaves out; a dot plot draws every part with a value,
zero and negative ones too. Their order is the row order, reversed by ``reverseOrder``. Part ``r`` is filled with the theme's fill colour
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
from numpy.typing import NDArray

from ...contract.variants import Mark
from ..context import DrawContext
from ..marks.dot_plot import draw_dot_plot
from ..marks.slices import draw_pie, draw_slices
from ..notices import HIDDEN, add_warning
from ..style.numbers import number_text
from ..style.theme import RGBA, resolve_color

#: how many parts left out a warning names
NAMED_PARTS = 3


def part_rows(
    ctx: DrawContext, positive_only: bool = True
) -> tuple[int, list[int], list[float], list[str]]:
    """(data set index, rows, values, labels) of the drawn parts, in drawing order: the
    positive parts of a pie or a bar of slices (``positive_only``), every part with a value
    of a dot plot."""
    opts = ctx.options
    i, column = _parts(ctx)
    given = list(ctx.table.row_labels or [])
    keep = np.isfinite(column) & ((column > 0) | (not positive_only))
    rows: list[int] = np.flatnonzero(keep).tolist()
    values: list[float] = column[keep].tolist()
    labels = [given[r] if r < len(given) and given[r] else f"Row {r + 1}" for r in rows]
    if opts.get("reverseOrder"):
        rows, values, labels = rows[::-1], values[::-1], labels[::-1]
    return i, rows, values, labels


def _parts(ctx: DrawContext) -> tuple[int, NDArray[np.float64]]:
    """The index of the data set the graph draws (``dataSetIndex``) and its first column."""
    i = int(ctx.options.get("dataSetIndex", 0))
    i = i if 0 <= i < len(ctx.table.data_sets) else 0
    ds = ctx.table.data_sets[i]
    if not ds.values.shape[1]:
        return i, np.full(ds.n_rows, np.nan)
    return i, np.asarray(ds.values[:, 0], dtype=float)


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
    variant = ctx.variant
    sliced = any(variant.draws(mark) for mark in (Mark.WEDGE, Mark.RING, Mark.SEGMENT))
    i, rows, values, labels = part_rows(ctx, positive_only=sliced)
    if sliced:
        _warn_left_out(ctx, i, rows, values)
    if variant.draws(Mark.WEDGE) or variant.draws(Mark.RING):
        draw_pie(ctx, i, rows, values, labels, borders(ctx))
    elif variant.draws(Mark.SEGMENT):
        draw_slices(ctx, i, rows, values, labels, borders(ctx))
    else:
        draw_dot_plot(ctx, i, rows, values, labels)


#: the marks a partsOfWhole variant can draw (its record lists which)
MARKS = frozenset({Mark.WEDGE, Mark.RING, Mark.SEGMENT, Mark.SYMBOL})


def _warn_left_out(ctx: DrawContext, i: int, rows: list[int], values: list[float]) -> None:
    """A pie or bar of slices has no slice for a part of zero or below: say which parts are
    left out, and that the percentages are of the parts drawn."""
    column = _parts(ctx)[1]
    if not np.any(np.isfinite(column) & (column <= 0)):
        return
    _, every, all_values, all_labels = part_rows(ctx, positive_only=False)
    out = [(lab, v) for r, v, lab in zip(every, all_values, all_labels, strict=True) if v <= 0]
    named = ", ".join(f"{lab!r} ({number_text(v)})" for lab, v in out[:NAMED_PARTS])
    more = f" and {len(out) - NAMED_PARTS} more" if len(out) > NAMED_PARTS else ""
    add_warning(
        ctx,
        HIDDEN,
        f"a part of zero or below has no slice: {named}{more} of data set "
        f"{ctx.ds_name(i)!r} {'is' if len(out) == 1 else 'are'} left out, and the percentages "
        f"are of the {len(rows)} positive parts (total {number_text(sum(values))}); a dot "
        "plot (parts-dot-plot) shows every part",
        ("dataSets", i),
    )
