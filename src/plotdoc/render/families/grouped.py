"""Grouped graphs: rows are groups (``rowLabels``), data sets are series, replicates sub-columns.

A variant's record (:mod:`plotdoc.contract.variants.grouped`) names its arrangement
(``interleaved``, ``separated``, ``stacked``, ``superimposed``; see
:mod:`plotdoc.render.positions.arrangements`), its marks, which choose a drawer of
:data:`DRAWERS`, and its legend mark; the repeated-measures variants and the heat map
(:mod:`plotdoc.render.marks.heat`) have their own drawers. The summary (center, error bar,
whiskers...) follows ``plot.options.mode``.

Modes only the superimposed scatter offers (plotdoc's definitions):

``grandMean`` / ``grandMedian``
    one summary line per row at the mean / median of the replicates of *all* visible data
    sets of that row pooled together (id ``summary/row{r}``); no line per data set.
``aligned``
    every replicate on the row's centre line (no sideways spread, whatever ``pointLayout``
    says), and a short line at each data set's mean in the data set's line colour
    (``summary/ds{i}/row{r}``).

``seriesAlign: staggered`` moves the data sets of a superimposed arrangement (and of
``grouped-rm-across-row``) sideways apart, so their marks do not hide each other;
``pointLayout: aligned`` puts replicate symbols on the slot's centre line instead of spreading
them. Replicate symbols have the ids ``symbol/ds{i}/p{k}`` with
``k = row * replicates + replicate``; a center symbol (one per row) ``symbol/ds{i}/p{row}``.
``perPoint`` style overrides are keyed by row. A bracket's end on a data set stands at the
middle of that data set's places (one per row; see :mod:`plotdoc.render.guides.brackets`).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

from ...contract.variants import Arrangement, Mark
from .. import ids
from ..context import DrawContext
from ..guides.category_axis import set_grouped_categories
from ..marks import bars, box, points, primitives, summary, violin
from ..marks.bars import draw_bars, draw_stacked
from ..marks.heat import draw_heat_map
from ..marks.place import cell_place
from ..marks.swatches import variant_swatch
from ..positions.arrangements import GroupedLayout, grouped_layout, stagger_offsets
from ..prepare.cells import cell, finite, row_labels

#: modes whose summary is a line at the center (with an error bar when the mode has one)
_LINE_MODES = ("lineAtMean", "lineAtMedian")


def draw(ctx: DrawContext) -> None:
    variant = ctx.variant
    if variant.draws(Mark.HEAT_CELL):
        draw_heat_map(ctx)
        return
    arrangement = variant.arrangement
    vis = ctx.visible_data_sets()
    names = [ds.name for ds in ctx.table.data_sets]
    lay = grouped_layout(arrangement.value, vis, names, row_labels(ctx.table), ctx.settings)
    set_grouped_categories(ctx, lay)
    DRAWERS[frozenset(variant.marks)](ctx, lay, vis, summary.graph_mode(ctx))
    if variant.legend is not None:
        for i in bars.stack_order(ctx, vis) if arrangement is Arrangement.STACKED else vis:
            ctx.legend_entry(i, variant_swatch(ctx, i))


def _offsets(ctx: DrawContext, lay: GroupedLayout, vis: list[int]) -> dict[int, float]:
    """Sideways offsets of the data sets of a superimposed arrangement (``seriesAlign``)."""
    if lay.arrangement != "superimposed":
        return dict.fromkeys(vis, 0.0)
    align = str(ctx.options.get("seriesAlign", "aligned"))
    return dict(zip(vis, stagger_offsets(len(vis), align), strict=True))


def _points(
    ctx: DrawContext,
    lay: GroupedLayout,
    vis: list[int],
    half: float,
    *,
    aligned: bool | None = None,
    offsets: dict[int, float] | None = None,
    anchor: bool = True,
) -> None:
    """Every replicate as a symbol, spread sideways within ``half`` of its slot's centre.

    With ``anchor``, each (data set, row) slot is a bracket anchor at its highest value.
    """
    lay_aligned = ctx.options.get("pointLayout") == "aligned" if aligned is None else aligned
    offs = offsets or dict.fromkeys(vis, 0.0)
    reps = ctx.table.replicates
    for i in vis:
        pos: list[float] = []
        vals: list[float] = []
        pids: list[str] = []
        rows: list[int] = []
        for r in range(ctx.table.n_rows):
            v = cell(ctx.table, i, r)
            if anchor and np.isfinite(v).any():
                ctx.anchor(lay.center(i, r) + offs[i], float(np.nanmax(v)), i)
            for j in range(v.shape[0]):
                if np.isfinite(v[j]):
                    pos.append(lay.center(i, r) + offs[i])
                    vals.append(float(v[j]))
                    pids.append(ids.point("symbol", i, r * reps + j))
                    rows.append(r)
        art = primitives.symbols(ctx, pos, vals, i, pids, rows)
        points.spread_when_placed(ctx, art, pos, rows, half, aligned=lay_aligned)


def _summaries(
    ctx: DrawContext,
    lay: GroupedLayout,
    vis: list[int],
    mode: str,
    half: float,
    offs: dict[int, float],
) -> None:
    """The summary the mode asks for, per data set and row: a center line, with error bars."""
    if mode == "noLine":
        return
    # data sets that share a slot: each one's line in its own colour (black lines would be
    # told apart by nothing), unless the file colours the summary line
    shared = lay.arrangement == "superimposed" and len(vis) > 1
    for i in vis:
        show_line = ctx.switch("summaryLine", i)
        own = shared and not summary.color_given(ctx, "summaryLine", i)
        own_color = ctx.style("symbol", i)["color"] if own else None
        errors = primitives.ErrorBarRows()
        for r in range(ctx.table.n_rows):
            v = finite(cell(ctx.table, i, r))
            if v.size == 0:
                continue
            c, low, high = summary.center_error(v, mode)
            p = lay.center(i, r) + offs[i]
            if show_line:
                line = summary.segment(ctx, p - half, p + half, c, i, ids.row("summary", i, r))
                if line is not None and own_color is not None:
                    line.set_color(own_color)
            if mode not in _LINE_MODES:
                errors.add(p, c, low, high, ids.row("errorbar", i, r))
        errors.draw(ctx, i)


def _scatter(ctx: DrawContext, lay: GroupedLayout, vis: list[int], mode: str) -> None:
    offs = _offsets(ctx, lay, vis)
    superimposed = lay.arrangement == "superimposed"
    # sideways spread: most of the slot; less when data sets share it; little when staggered
    half = lay.width / 2 * (0.6 if superimposed else 0.8)
    if superimposed and any(offs.values()):
        half = 0.07
    if mode == "aligned":
        _points(ctx, lay, vis, half, aligned=True, offsets=offs)
        for i in vis:
            for r in range(ctx.table.n_rows):
                v = finite(cell(ctx.table, i, r))
                if v.size:
                    p = lay.center(i, r) + offs[i]
                    c = summary.center_error(v, "lineAtMean")[0]
                    summary.segment(ctx, p - 0.12, p + 0.12, c, i, ids.row("summary", i, r), "line")
        return
    _points(ctx, lay, vis, half, offsets=offs)
    if mode in ("grandMean", "grandMedian"):
        _grand(ctx, lay, vis, "lineAtMean" if mode == "grandMean" else "lineAtMedian")
        return
    _summaries(ctx, lay, vis, mode, min(lay.width / 2, half * 1.4), offs)


def _grand(ctx: DrawContext, lay: GroupedLayout, vis: list[int], mode: str) -> None:
    """One line per row at the mean or median of every visible data set's replicates pooled."""
    if not vis or not ctx.switch("summaryLine", None):
        return
    for r in range(ctx.table.n_rows):
        pooled = np.concatenate([finite(cell(ctx.table, i, r)) for i in vis])
        if pooled.size == 0:
            continue
        p = lay.center(vis[0], r)
        c = summary.center_error(pooled, mode)[0]
        summary.segment(
            ctx, p - lay.width / 2, p + lay.width / 2, c, vis[0], ids.data_row("summary", r)
        )


def _scatter_bar(ctx: DrawContext, lay: GroupedLayout, vis: list[int], mode: str) -> None:
    draw_bars(ctx, lay, vis, mode, under_points=True)
    _points(ctx, lay, vis, lay.width / 2 * 0.7, anchor=False)


def _bars(ctx: DrawContext, lay: GroupedLayout, vis: list[int], mode: str) -> None:
    if lay.arrangement == "stacked":
        draw_stacked(ctx, lay, vis, mode)
    else:
        draw_bars(ctx, lay, vis, mode)


def _symbols(
    ctx: DrawContext, lay: GroupedLayout, vis: list[int], mode: str, connect: bool = False
) -> None:
    offs = _offsets(ctx, lay, vis)
    for i in vis:
        errors = primitives.ErrorBarRows()
        pids: list[str] = []
        rows: list[int] = []
        for r, s in enumerate(summary.column_summaries(ctx.table, i, mode)):
            if s is None:
                continue
            c, low, high = s.center, s.lower, s.upper
            if not np.isfinite(c):
                continue
            p = lay.center(i, r) + offs[i]
            errors.add(p, c, low, high, ids.row("errorbar", i, r))
            pids.append(ids.point("symbol", i, r))
            rows.append(r)
            ctx.anchor(p, max(c, high) if np.isfinite(high) else c, i)
        if connect and len(errors.pos) > 1 and ctx.switch("lines", i):
            x, y = ctx.xy(errors.pos, errors.center)
            primitives.polyline(ctx, x, y, i, ids.ds("line", i))
        if errors.pos:
            errors.draw(ctx, i)
            primitives.symbols(ctx, errors.pos, errors.center, i, pids, rows)


def _symbols_line(ctx: DrawContext, lay: GroupedLayout, vis: list[int], mode: str) -> None:
    _symbols(ctx, lay, vis, mode, connect=True)


def _per_cell(
    fn: Callable[[DrawContext, float, float, NDArray[np.float64], int, int], None],
) -> Callable[[DrawContext, GroupedLayout, list[int], str], None]:
    def run(ctx: DrawContext, lay: GroupedLayout, vis: list[int], mode: str) -> None:
        for i in vis:
            for r in range(ctx.table.n_rows):
                v = cell(ctx.table, i, r)
                if finite(v).size:
                    fn(ctx, lay.center(i, r), lay.width, v, i, r)

    return run


def _violin_cell(
    ctx: DrawContext, pos: float, width: float, v: NDArray[np.float64], i: int, r: int
) -> None:
    truncate = bool(ctx.options.get("showTruncatedViolin", True))
    mode = str(ctx.options.get("mode") or "medianWithIqr")
    place = cell_place(i, r, pos, width, ctx.table.replicates)
    top = violin.draw(ctx, place, v, quartiles=mode == "medianWithIqr", truncate=truncate)
    if np.isfinite(v).any():
        ctx.anchor(pos, top, i)


def _box_cell(
    ctx: DrawContext, pos: float, width: float, v: NDArray[np.float64], i: int, r: int
) -> None:
    mode = str(ctx.options.get("mode") or "minToMax")
    place = cell_place(i, r, pos, width, ctx.table.replicates)
    if box.draw(ctx, place, v, mode) is not None:
        ctx.anchor(pos, float(np.nanmax(v)), i)


def _low_high_cell(
    ctx: DrawContext, pos: float, width: float, v: NDArray[np.float64], i: int, r: int
) -> None:
    place = cell_place(i, r, pos, width, ctx.table.replicates)
    top = bars.floating(ctx, place, v, str(ctx.options.get("mode") or "lineAtMean"))
    if top is not None:
        ctx.anchor(pos, top, i)


def _rm(ctx: DrawContext, lay: GroupedLayout, vis: list[int], mode: str) -> None:
    from ..marks.rm_paths import draw_rm

    draw_rm(ctx, lay, vis, mode, _offsets(ctx, lay, vis))


M = Mark
#: the marks a variant draws -> the drawer that draws them
DRAWERS: dict[frozenset[Mark], Callable[[DrawContext, GroupedLayout, list[int], str], None]] = {
    frozenset({M.EVERY_VALUE, M.SUMMARY_LINE}): _scatter,
    frozenset({M.BAR, M.ERROR_BAR, M.EVERY_VALUE}): _scatter_bar,
    frozenset({M.BAR, M.ERROR_BAR}): _bars,
    frozenset({M.SYMBOL, M.ERROR_BAR}): _symbols,
    frozenset({M.SYMBOL, M.ERROR_BAR, M.LINE}): _symbols_line,
    frozenset({M.FLOATING_BAR}): _per_cell(_low_high_cell),
    frozenset({M.BOX}): _per_cell(_box_cell),
    frozenset({M.VIOLIN}): _per_cell(_violin_cell),
    frozenset({M.EVERY_VALUE, M.SUBJECT_LINES}): _rm,
}
#: the heat map draws its own grid (:mod:`plotdoc.render.marks.heat`)
MARKS: frozenset[Mark] = frozenset({M.HEAT_CELL}).union(*DRAWERS)
