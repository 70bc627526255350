"""A cell edit of a bar graph of many rows set on the kept figure: the changed bars moved,
and only the part of the picture they cover drawn again.

A grouped table of thousands of rows (summary data above all: a mean, SD and N per cell), or
a contingency table of as many (a count per cell, no error bars), draws its bars side by
side, interleaved or separated: each data set's bars are one
:class:`~plotdoc.render.artists.rects.Rects` and its error bars one
:class:`~plotdoc.render.artists.collections.ErrorBars`, each bar and error bar with the id of
its row. A bar stands on the baseline at its row's centre, its error bar from the row's low
to high end, all from that cell alone. After a cell edit, the changed rows' summaries are
worked out again (:func:`~plotdoc.render.marks.summary.cell_summary`, as the drawing does)
and set on the bar and error bar of the row, in place. Drawing every data set's marks again
(33,330 bars and as many error bars at 100,000 cells) would cost what a fresh drawing's Agg
pass costs, so only a window of the picture is drawn again: the box (in pixels) where the
moved marks were and are. The kept picture without the marks is restored there, and the
marks that meet the window are drawn over it in the drawing order, clipped to it
(:mod:`plotdoc.render.artists.window`). Bars and error bars are made of horizontal and vertical
edges only, which a clip at whole pixels cuts without changing a pixel inside it, so the
window holds what a fresh drawing holds (:func:`plotdoc.editor.kept_picture.window_drawn`).

That is the picture a fresh drawing gives only when nothing else follows the changed cells,
so it is done only when:

- the graph is bars side by side (with their error bars), of a grouped or contingency table
  with no analyses, brackets or results, of at most :data:`MAX_BARS` bars (a larger one is
  drawn in a child process that Cancel ends), and each shown data set's bars and error bars
  are one artist each with no value labels (a graph of many bars: fewer are drawn afresh
  quickly);
- each changed row keeps its bar, or keeps having none, and gains no error bar;
- what all the data sets' bars and error bars reach (the smallest, largest and smallest
  positive value on both axes) is unchanged, so the axes' ranges and ticks are;
- every data set's bars keep being drawn with their edges or without them (bars too thin
  for their edges are filled only, see :class:`~plotdoc.render.artists.rects.Rects`);
- neither the kept drawing nor the changed one gives a warning that follows the cells
  (marks beyond the axes' range, summaries left out): the kept drawing's warnings (category
  labels left out, say) are then the changed one's; and
- no artist drawn over the marks (a legend in the plot, an annotation) meets the window.

Anything else is drawn afresh. Tests compare every picture with a fresh drawing's, pixel for
pixel, with its hit regions, plot frame and warnings.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from ..contract.variants import VARIANTS, Arrangement, Mark
from .recolumn import Reach, children, extent, total, warns, with_columns
from .restyle import cells_alone, drawn_context

if TYPE_CHECKING:
    from ..model import Project, Table
    from ..render.artists.collections import ErrorBars
    from ..render.artists.rects import Rects
    from ..render.context import DrawContext
    from ..render.marks.summary import CellSummary

F64 = NDArray[np.float64]
#: (left, bottom, right, top) in display pixels
Box = tuple[float, float, float, float]

_MARKS = frozenset({Mark.BAR, Mark.ERROR_BAR})
#: the families whose bars side by side are drawn one bar per cell (by ``draw_bars``)
_FAMILIES = ("grouped", "contingency")
_ARRANGEMENTS = (Arrangement.INTERLEAVED, Arrangement.SEPARATED)
#: pixels around a mark that its drawing may reach besides its edge widths (antialiasing,
#: snapping)
_PAD_PX = 3.0
#: a graph of more bars is drawn afresh in a child process that Cancel ends (the editor draws
#: a kept figure in a thread): its fresh drawing takes seconds
MAX_BARS = 100_000
#: the window of an edit that moved nothing drawn
NOTHING: Box = (0.0, 0.0, 0.0, 0.0)


def updatable(table: Table) -> bool:
    """Whether a cell edit of ``table``'s bar graph can be set on the kept figure."""
    graph = table.graph
    if graph is None or table.format not in _FAMILIES:
        return False
    variant = VARIANTS[graph.variant_id]
    return (
        Mark.BAR in variant.marks
        and _MARKS.issuperset(variant.marks)
        and variant.arrangement in _ARRANGEMENTS
        and table.n_rows * len(table.data_sets) <= MAX_BARS
        and cells_alone(table, one_value=False)
    )


@dataclass
class Bars:
    """The kept figure's bars: each shown data set's bars and its error bars (None: none
    drawn), the place of each bar's and error bar's id in its artist, and what each data
    set's marks reach."""

    rects: dict[int, Rects] = field(default_factory=dict)
    errors: dict[int, ErrorBars | None] = field(default_factory=dict)
    at: dict[str, int] = field(default_factory=dict)
    reach: dict[int, Reach] = field(default_factory=dict)


def changed_rows(cells: list[F64], table: Table) -> dict[int, list[int]] | None:
    """The rows whose cells differ from ``cells`` (the kept figure's), by data set; None
    when a data set's shape changed."""
    out: dict[int, list[int]] = {}
    for i, ds in enumerate(table.data_sets):
        new, old = ds.values, cells[i]
        if new.shape != old.shape:
            return None
        same = (new == old) | (np.isnan(new) & np.isnan(old))
        rows = np.flatnonzero(~same.all(axis=1))
        if rows.size:
            out[i] = rows.tolist()
    return out


def moved(kept: Any, project: Project, table: Table, changed: dict[int, list[int]]) -> bool:
    """Set the new summaries of the rows ``changed`` (data set -> rows) on the bars of the
    kept figure ``kept`` (``plotdoc.editor.redraw``'s) and set ``kept.window`` to the box
    they cover, when that gives a fresh drawing's picture; False otherwise (the kept figure
    may then be half changed: it is drawn afresh)."""
    from ..render.marks.bars import baseline

    ctx = drawn_context(kept.fig, project, table)
    was = with_columns(table, kept.columns)  # the table as the kept figure shows it
    if kept.bars is None:  # at the first edit
        kept.bars = _found(ctx)
        if kept.bars is not None and warns(drawn_context(kept.fig, project, was)):
            kept.bars = None  # a warning that follows the cells: worded by a fresh drawing
    bars: Bars | None = kept.bars
    if bars is None or any(i not in bars.rects for i in changed):
        return False  # a graph this module does not draw, a hidden data set, no bars
    mode, base, px = _mode(ctx), baseline(ctx), float(kept.fig.dpi) / 72.0
    reached = total(bars.reach, ctx.ax)
    ends: list[F64] = []
    pad = 0.0
    for i, rows in changed.items():
        rects, errors = bars.rects[i], bars.errors[i]
        edges = rects.edges_dropped(rects.polygons(), px)
        ends.append(_ends(bars, rects, errors, i, rows))
        for r in rows:
            summaries = _summaries(was, table, i, r, mode)
            if not _set_row(bars, rects, errors, i, r, summaries, base, ctx):
                return False
        if rects.edges_dropped(rects.polygons(), px) != edges:
            return False  # the data set's bars gain or lose their edges
        ends.append(_ends(bars, rects, errors, i, rows))
        bars.reach[i] = _reach(rects, errors)
        pad = max(pad, _reach_px(rects, errors, px))
        for art in (rects, errors):
            if art is not None:
                kept.regions.pop(id(art), None)
                art.stale = True
    if total(bars.reach, ctx.ax) != reached:
        return False  # the axes' ranges may move
    if warns(ctx):
        return False
    kept.window = _window(ctx.ax.transData.transform(np.concatenate(ends)), pad)
    return True


def _mode(ctx: DrawContext) -> str:
    """The summary each bar draws of its cell, as the family's drawing asks for it."""
    from ..render.families import contingency
    from ..render.marks.summary import graph_mode

    return contingency.SUMMARY if ctx.table.format == "contingency" else graph_mode(ctx)


def _found(ctx: DrawContext) -> Bars | None:
    """The kept figure's bars and error bars, with what each data set's marks reach; None
    when a data set's marks are anything else (value labels, bars drawn one by one)."""
    from ..render import ids
    from ..render.artists.collections import ErrorBars
    from ..render.artists.rects import Rects

    out = Bars()
    for art in children(ctx.ax):
        sid = art.get_gid()
        i = ids.data_set_of(sid)
        if i is None or sid.startswith("group/"):
            continue  # not a data set's, or its name under its bars (no cell moves it)
        if isinstance(art, Rects) and sid == ids.ds("bars", i) and i not in out.rects:
            out.rects[i] = art
        elif isinstance(art, ErrorBars) and sid == ids.ds("errorbars", i) and i not in out.errors:
            out.errors[i] = art
        else:
            return None
    for i in out.rects.keys() | out.errors.keys():
        out.errors.setdefault(i, None)
        rects = out.rects.get(i)
        errors = out.errors[i]
        for art in (rects, errors):
            if art is not None:
                out.at.update((sid, k) for k, sid in enumerate(art.ids))
        out.reach[i] = _reach(rects, errors)
    return out


def _summaries(
    was: Table, now: Table, i: int, r: int, mode: str
) -> tuple[CellSummary | None, CellSummary | None]:
    """Row ``r`` of data set ``i``'s summary as drawn and as it is now (the drawing works
    them out for all rows at once, with the same result: see ``column_summaries``)."""
    from ..render.marks.summary import cell_summary

    return cell_summary(was, i, r, mode), cell_summary(now, i, r, mode)


def _set_row(
    bars: Bars,
    rects: Rects,
    errors: ErrorBars | None,
    i: int,
    r: int,
    summaries: tuple[CellSummary | None, CellSummary | None],
    base: float,
    ctx: DrawContext,
) -> bool:
    """Set row ``r``'s new summary on its bar and error bar, as ``draw_bars`` draws them;
    False when the row gains or loses its bar, or gains an error bar. (An error bar that
    goes is set to its centre: a bar of no length, which is not drawn.)"""
    from ..render import ids
    from ..render.marks.bars import error_drawn
    from ..render.marks.primitives import bar_corners

    old, new = summaries
    if old is None or new is None or not (_drawn(old) and _drawn(new)):
        return _drawn(old) == _drawn(new)  # no bar either way, else one appears or goes
    k = bars.at.get(ids.row("bar", i, r))
    if k is None:
        return False
    x0, y0, x1, y1 = rects.corners[k]
    horizontal = ctx.horizontal
    a, b = (y0, y1) if horizontal else (x0, x1)  # across the category axis: unchanged
    rects.corners[k] = bar_corners(a, b, base, new.center, horizontal)
    j = bars.at.get(ids.row("errorbar", i, r))
    if errors is not None and j is not None:
        errors.center[j], errors.low[j], errors.high[j] = new.center, new.lower, new.upper
    elif error_drawn(new.center, new.lower, new.upper) and ctx.switch("errorBars", i):
        return False  # an error bar where none was drawn
    return True


def _drawn(s: CellSummary | None) -> bool:
    """Whether a row of summary ``s`` has a bar."""
    return s is not None and math.isfinite(s.center)


def _ends(bars: Bars, rects: Rects, errors: ErrorBars | None, i: int, rows: list[int]) -> F64:
    """The corners of the bars and the ends of the error bars of ``rows`` (data units)."""
    from ..render import ids

    k = [bars.at[sid] for r in rows if (sid := ids.row("bar", i, r)) in bars.at]
    corners = rects.corners[k]
    parts = [corners[:, :2], corners[:, 2:]]
    if errors is not None:
        j = [bars.at[sid] for r in rows if (sid := ids.row("errorbar", i, r)) in bars.at]
        a, b = errors.stem_ends()
        parts += [a[j], b[j]]
    return np.concatenate(parts)


def _reach(rects: Rects | None, errors: ErrorBars | None) -> Reach:
    """What a data set's bars and error bars reach (as the drawing's data limits take them)."""
    parts = [np.empty((0, 2))]
    if rects is not None:
        parts += [rects.corners[:, :2], rects.corners[:, 2:]]
    if errors is not None:
        parts += list(errors.stem_ends())
    points = np.concatenate(parts)
    return Reach(extent(points[:, 0]), extent(points[:, 1]), 0.0)


def _reach_px(rects: Rects, errors: ErrorBars | None, px: float) -> float:
    """How far past its corners or ends a mark of these artists may draw (pixels)."""
    out = max(rects.widths, default=0.0) * px
    if errors is not None:
        out = max(out, (errors.cap + errors.linewidth + abs(errors.dodge_pt)) * px)
    return out + _PAD_PX


def _window(points: F64, pad: float) -> Box:
    """The box of whole pixels around ``points`` (display units) grown by ``pad`` (an empty
    box when there is none: nothing drawn moved)."""
    finite = points[np.isfinite(points).all(axis=1)]
    if not finite.size:
        return NOTHING
    low, high = finite.min(axis=0) - pad, finite.max(axis=0) + pad
    return (
        float(np.floor(low[0])),
        float(np.floor(low[1])),
        float(np.ceil(high[0])),
        float(np.ceil(high[1])),
    )
