"""Summary marks: a centre (mean, median...) as a line across a slot, and error bars.

Statistics come from :mod:`plotdoc.stats` (``center_and_error``); nothing here computes one.
Ids are built by the caller from the family's pattern (``summary/ds0``, ``errorbar/ds0/row1``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from matplotlib.lines import Line2D
from numpy.typing import NDArray

from ...contract.entries import VALUES, is_summary
from ...model.project import Table
from ...stats import center_and_error
from ...stats.descriptive import SUMMARY_MODES as _SUMMARY_MODES
from ...stats.descriptive import CenterError
from ...stats.summary_data import (
    center_and_error_from_summary,
    rows_center_and_error_from_summary,
)
from .. import ids
from ..context import DrawContext
from ..prepare.cells import cell, finite
from ..style.colors import readable_on
from ..style.theme import CAP_HALF_WIDTH_PT, RGBA
from . import primitives

F64 = NDArray[np.float64]

#: modes drawn as a center with an error bar (or a bare center)
SUMMARY_MODES = frozenset(_SUMMARY_MODES)
#: summary modes drawn as a bare center, without an error bar
BARE_CENTERS = frozenset({"mean", "geoMean", "median", "lineAtMean", "lineAtMedian"})


def graph_mode(ctx: DrawContext) -> str:
    """The summary mode of a column, nested or grouped graph (the variant's default if unset)."""
    return str(ctx.options.get("mode") or ctx.variant.default_mode or "meanWithSd")


def draws_error_bars(ctx: DrawContext, i: int) -> bool:
    """Whether data set ``i``'s summary is drawn with an error bar: the mode has one, the
    switch is on and one was drawn (one value per cell has none)."""
    mode = graph_mode(ctx)
    if mode not in SUMMARY_MODES or mode in BARE_CENTERS or not ctx.switch("errorBars", i):
        return False
    return ids.ds("errorbar", i) in ctx.registry or ids.ds("errorbars", i) in ctx.registry


def summary(values: F64, mode: str, entry: str = VALUES) -> CenterError | None:
    """Center and error of a summary ``mode``; None for modes without one (noLine...).
    With a summary ``entry``, ``values`` is the cell ``[mean, sd-or-sem, n]``."""
    if mode not in SUMMARY_MODES:
        return None
    if is_summary(entry):
        ce = center_and_error_from_summary(values, entry, mode)
    else:
        ce = center_and_error(values, mode)
    return ce if np.isfinite(ce.center) else None


def center_error(values: NDArray[np.float64], mode: str) -> tuple[float, float, float]:
    """(center, lower, upper) of ``values`` for a summary ``mode`` (NaN when not computable)."""
    ce = center_and_error(values, mode)
    return ce.center, ce.lower, ce.upper


@dataclass(frozen=True, slots=True)
class CellSummary:
    """What a bar or symbol of one cell (data set, row) shows."""

    center: float
    lower: float
    upper: float
    #: values the cell summarises (its N for summary data)
    n: int
    #: the highest value drawn for the cell (its largest value; for summary data the top of
    #: the center or its error bar)
    top: float


def cell_summary(table: Table, i: int, r: int, mode: str) -> CellSummary | None:
    """The center and error of data set ``i`` in row ``r`` for ``mode``: from its replicate
    values, or from the cell's mean, SD or SEM and N in a table of summary data; None for an
    empty cell."""
    raw = cell(table, i, r)
    if is_summary(table.entry):
        if raw.size == 0 or not np.isfinite(raw[0]):
            return None
        ce = center_and_error_from_summary(raw, table.entry, mode)
        ends = [v for v in (ce.center, ce.upper, ce.lower) if np.isfinite(v)]
        return CellSummary(ce.center, ce.lower, ce.upper, ce.n, max(ends))
    v = finite(raw)
    if v.size == 0:
        return None
    c, low, high = center_error(v, mode)
    return CellSummary(c, low, high, int(v.size), float(v.max()))


def column_summaries(table: Table, i: int, mode: str) -> list[CellSummary | None]:
    """:func:`cell_summary` of every row of the table for data set ``i``: in one array pass
    for summary data (a grouped table of summaries may have thousands of rows)."""
    rows = range(table.n_rows)
    if not is_summary(table.entry):
        return [cell_summary(table, i, r, mode) for r in rows]
    given = np.asarray(table.data_sets[i].values, dtype=float)
    cells = np.full((table.n_rows, 3), np.nan)
    if given.ndim == 2:
        k, w = min(table.n_rows, given.shape[0]), min(3, given.shape[1])
        cells[:k, :w] = given[:k, :w]
    present = np.isfinite(cells[:, 0])
    if not present.any():  # nothing to summarise: a mode that needs raw values is not asked
        return [None] * table.n_rows
    ce = rows_center_and_error_from_summary(cells, table.entry, mode)
    ends = np.column_stack([ce.center, ce.upper, ce.lower])
    tops = np.where(np.isfinite(ends), ends, -np.inf).max(axis=1)  # a row with a mean: finite
    columns = zip(
        present.tolist(),
        ce.center.tolist(),
        ce.lower.tolist(),
        ce.upper.tolist(),
        ce.n.tolist(),
        tops.tolist(),
        strict=True,
    )
    return [
        CellSummary(c, lo, hi, int(n), top) if ok else None for ok, c, lo, hi, n, top in columns
    ]


def has_error(ce: CenterError) -> bool:
    return bool(
        np.isfinite([ce.lower, ce.upper]).all() and (ce.lower != ce.center or ce.upper != ce.center)
    )


def top_of(values: F64, ce: CenterError | None) -> float:
    tops = [float(np.nanmax(values))] if np.isfinite(values).any() else []
    if ce is not None:
        tops += [v for v in (ce.center, ce.upper) if np.isfinite(v)]
    return max(tops) if tops else 0.0


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
        primitives.error_bars(
            ctx,
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
    primitives.polyline(ctx, x, y, i, sid, element="summaryLine", z=4.0)


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
    in black or white, whichever reads better (:func:`~plotdoc.render.style.colors.readable_on`),
    unless the user gave the line a colour.
    """
    if not np.isfinite(value):
        return None
    x, y = ctx.xy([pos0, pos1], [value, value])
    line = primitives.polyline(ctx, x, y, i, sid, element=element, z=z)
    if on_fill is not None and not _color_given(ctx, element, i):
        color = ctx.style(element, i)["color"]
        line.set_color(readable_on(color, on_fill, ctx.theme.plot_background))
    return line


def _color_given(ctx: DrawContext, element: str, i: int, key: str = "color") -> bool:
    """Whether the style overrides give ``element`` of data set ``i`` a colour (``key``)."""
    over = ctx.graph.style_overrides or {}
    layers = [over.get("global", {}), over.get("perDataSet", {}).get(ctx.ds_name(i), {})]
    return any(key in (layer.get(element) or {}) for layer in layers)


color_given = _color_given


def cap_points(ctx: DrawContext, i: int) -> float:
    return CAP_HALF_WIDTH_PT.get(ctx.style("errorBar", i)["capStyle"], 2.5)
