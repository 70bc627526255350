"""Grouped graphs: rows are groups (``rowLabels``), data sets are series, replicates sub-columns.

A variant id names an arrangement (``interleaved``, ``separated``, ``stacked``,
``superimposed``; see :mod:`plotdoc.render.positions.arrangements`) and a mark; the repeated-measures
variants and the heat map (:mod:`plotdoc.render.marks.heat`) have their own drawers. The summary
(center, error bar, whiskers...) follows ``plot.options.mode``.

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
``perPoint`` style overrides are keyed by row. A bracket's ``groupIndex`` n is the n-th slot
along the category axis (left to right; top to bottom when flipped).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

from .. import ids
from ..context import DrawContext
from ..guides.category_axis import set_grouped_categories
from ..marks import bars, box, points, primitives, summary, violin
from ..marks.bars import draw_bars, draw_stacked
from ..marks.heat import draw_heat_map
from ..marks.place import cell_place
from ..marks.swatches import swatch
from ..positions.arrangements import GroupedLayout, grouped_layout, stagger_offsets
from ..prepare.cells import cell, finite, row_labels

#: variant -> (arrangement, mark, legend mark): the legend shows the named mark's swatch for
#: each visible data set (None: the mark registers its own entries, as repeated measures do)
PARTS: dict[str, tuple[str, str, str | None]] = {
    "grouped-interleaved-scatter": ("interleaved", "scatter", "symbol"),
    "grouped-separated-scatter": ("separated", "scatter", "symbol"),
    "grouped-interleaved-scatter-bar": ("interleaved", "scatter-bar", "scatter-bar"),
    "grouped-separated-scatter-bar": ("separated", "scatter-bar", "scatter-bar"),
    "grouped-superimposed-scatter": ("superimposed", "scatter", "symbol"),
    "grouped-rm-across-row": ("superimposed", "rm-across-row", None),
    "grouped-rm-in-subcol": ("interleaved", "rm-in-subcol", None),
    "grouped-interleaved-bars": ("interleaved", "bars", "bar-error"),
    "grouped-separated-bars": ("separated", "bars", "bar-error"),
    "grouped-stacked-bars": ("stacked", "stacked", "bar-error"),
    "grouped-interleaved-symbols": ("interleaved", "symbols", "symbol-error"),
    "grouped-separated-symbols": ("separated", "symbols", "symbol-error"),
    "grouped-superimposed-symbols": ("superimposed", "symbols", "symbol-error"),
    "grouped-superimposed-symbols-line": ("superimposed", "symbols-line", "symbol-line"),
    "grouped-interleaved-low-high": ("interleaved", "low-high", "bar"),
    "grouped-separated-low-high": ("separated", "low-high", "bar"),
    "grouped-interleaved-box": ("interleaved", "box", "bar"),
    "grouped-separated-box": ("separated", "box", "bar"),
    "grouped-interleaved-violin": ("interleaved", "violin", "violin"),
    "grouped-separated-violin": ("separated", "violin", "violin"),
}

#: modes whose summary is a line at the center (with an error bar when the mode has one)
_LINE_MODES = ("lineAtMean", "lineAtMedian")


def draw(ctx: DrawContext) -> None:
    if ctx.variant_id == "grouped-heat-map":
        draw_heat_map(ctx)
        return
    arrangement, mark, legend = PARTS[ctx.variant_id]
    vis = ctx.visible_data_sets()
    names = [ds.name for ds in ctx.table.data_sets]
    lay = grouped_layout(arrangement, vis, names, row_labels(ctx.table), ctx.settings)
    set_grouped_categories(ctx, lay)
    mode = str(ctx.options.get("mode") or ctx.variant.default_mode or "meanWithSd")
    MARKS[mark](ctx, lay, vis, mode)
    if legend is not None:
        for i in bars.stack_order(ctx, vis) if arrangement == "stacked" else vis:
            ctx.legend_entry(i, swatch(legend, ctx, i))
    # brackets count the slots along the category axis
    ctx.anchors.sort(key=lambda a: a.pos)


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
                ctx.anchor(lay.center(i, r) + offs[i], float(np.nanmax(v)))
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
    draw_bars(ctx, lay, vis, mode)


def _stacked(ctx: DrawContext, lay: GroupedLayout, vis: list[int], mode: str) -> None:
    draw_stacked(ctx, lay, vis, mode)


def _symbols(
    ctx: DrawContext, lay: GroupedLayout, vis: list[int], mode: str, connect: bool = False
) -> None:
    offs = _offsets(ctx, lay, vis)
    for i in vis:
        errors = primitives.ErrorBarRows()
        pids: list[str] = []
        rows: list[int] = []
        for r in range(ctx.table.n_rows):
            v = finite(cell(ctx.table, i, r))
            if v.size == 0:
                continue
            c, low, high = summary.center_error(v, mode)
            if not np.isfinite(c):
                continue
            p = lay.center(i, r) + offs[i]
            errors.add(p, c, low, high, ids.row("errorbar", i, r))
            pids.append(ids.point("symbol", i, r))
            rows.append(r)
            ctx.anchor(p, max(c, high) if np.isfinite(high) else c)
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
        ctx.anchor(pos, top)


def _box_cell(
    ctx: DrawContext, pos: float, width: float, v: NDArray[np.float64], i: int, r: int
) -> None:
    mode = str(ctx.options.get("mode") or "minToMax")
    place = cell_place(i, r, pos, width, ctx.table.replicates)
    if box.draw(ctx, place, v, mode) is not None:
        ctx.anchor(pos, float(np.nanmax(v)))


def _low_high_cell(
    ctx: DrawContext, pos: float, width: float, v: NDArray[np.float64], i: int, r: int
) -> None:
    place = cell_place(i, r, pos, width, ctx.table.replicates)
    top = bars.floating(ctx, place, v, str(ctx.options.get("mode") or "lineAtMean"))
    if top is not None:
        ctx.anchor(pos, top)


def _rm(ctx: DrawContext, lay: GroupedLayout, vis: list[int], mode: str) -> None:
    from ..marks.rm_paths import draw_rm

    draw_rm(ctx, lay, vis, mode, _offsets(ctx, lay, vis))


MARKS: dict[str, Callable[[DrawContext, GroupedLayout, list[int], str], None]] = {
    "scatter": _scatter,
    "scatter-bar": _scatter_bar,
    "bars": _bars,
    "stacked": _stacked,
    "symbols": _symbols,
    "symbols-line": _symbols_line,
    "low-high": _per_cell(_low_high_cell),
    "box": _per_cell(_box_cell),
    "violin": _per_cell(_violin_cell),
    "rm-across-row": _rm,
    "rm-in-subcol": _rm,
}
