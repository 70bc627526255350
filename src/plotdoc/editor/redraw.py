"""The graph on screen kept between edits: a cell edit moves the symbols of the data set it
changed (a scatter), or draws that data set's column again (a column or nested graph, see
:mod:`plotdoc.editor.recolumn`), instead of drawing the graph again.

The editor keeps the figure of the last graph it drew of an updatable table (an XY scatter
of one value per row: symbols only, no analyses, brackets or results). On the next
drawing of that table, with the same settings and resolution, the cells are compared with
the kept ones; a data set whose values changed has its symbols' positions set from the new
values, and the kept figure is drawn again. That is the picture a fresh drawing gives only
when nothing else follows the changed values, so it is done only when:

- the X column, the table's settings, names, annotations and the project's meta are unchanged;
- the changed data set's finite rows are the same rows (same points, same ids and looks);
- its finite values keep their smallest, largest and smallest positive value (the axes'
  ranges and ticks follow these), and
- no artist but the data set's own symbols is drawn from its values (no line, label, spike).

A change of a data set's symbol colour is set on the kept scatter too
(:mod:`plotdoc.editor.restyle`), and so is a new end of an axis range
(:mod:`plotdoc.editor.reaxis`). Anything else (a moved range, a point gone, another style
edit, another table) is drawn afresh, and that drawing is kept in turn. One figure is kept at
a time.

After an edit only the symbols are drawn again. The first edit draws the kept figure once
without its live artists (the symbols, from the first one in drawing order on, and whatever
the plot area shows that is drawn after them; in a column graph, every data set's marks from
the first one on) and keeps that picture; each edit restores it
and draws the live artists over it, in the order a full drawing draws them. The axes, their
labels and the axis titles are not drawn again: a full drawing draws them where no symbol
reaches, so the picture is the same, pixel for pixel. The graph title (and, once a colour
changed, a legend beside the plot), when its box meets no other artist's, is drawn with the
live artists (the order changes no pixel where nothing overlaps), so a new title or swatch
colour is drawn as a cell edit is: the kept picture, the title, the symbols, the legend.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..contract.variants import VARIANTS, Mark
from ..model import Project, Table
from . import kept_picture, rebar, recolumn
from .hits import Screen, picture, shown
from .reaxis import reranged
from .recolumn import extent
from .restyle import (
    apart,
    axes_end,
    boxes_around,
    cells_alone,
    restyled,
    retitled,
    title_apart,
)
from .work import SCREEN_DPI, drawing

F64 = NDArray[np.float64]


@dataclass
class _Kept:
    table_id: str
    dpi: float
    signature: Any
    x: F64
    columns: list[F64]
    fig: Any
    warnings: list[str]
    #: data set index -> its symbols artist, for data sets drawn by their symbols alone
    symbols: dict[int, Any] = field(default_factory=dict)
    #: the canvas; whether the live artists are chosen (see _redrawn), the picture without
    #: them (None when the figure cannot be redrawn so, see
    #: :func:`~plotdoc.editor.kept_picture.live_artists`), and those artists
    canvas: Any = None
    decided: bool = False
    background: Any = None
    recoloured: bool = False  # a legend beside the plot is live too once its look changed
    live: list[Any] = field(default_factory=list)
    #: each artist's hit regions (by id) while it has not moved
    regions: dict[int, list[Any]] = field(default_factory=dict)
    #: the table's titles as drawn
    titles: Any = None
    #: the graph title, when it meets no other artist and is drawn with the live artists
    title: Any = None
    #: the boxes a title drawn apart must not meet (see :func:`~plotdoc.editor.restyle.boxes_around`)
    around_title: list[Any] = field(default_factory=list)
    #: a column graph (see :mod:`plotdoc.editor.recolumn`): what each shown data set's
    #: marks reach, worked out at its first cell edit
    column: bool = False
    reach: dict[int, Any] | None = None
    #: a bar graph of many rows (see :mod:`plotdoc.editor.rebar`): its bars, found at its
    #: first cell edit, and the window of the picture the last edit changed (None: all)
    bar_graph: bool = False
    bars: Any = None
    window: Any = None
    #: the renderer that holds the figure's picture as the fresh drawing drew it, until
    #: the first edit (of a bar graph) brings a window of it up to date
    whole: Any = None
    #: the next picture is drawn whole and the kept picture taken at the edit after it (an
    #: axis range moved everything: edits of the range in a row take no kept picture)
    all_moved: bool = False


_kept: _Kept | None = None


def updatable(table: Table) -> bool:
    """Whether the graph of ``table`` can be kept and its symbols moved (a scatter) or a
    column drawn again (a column graph, see :mod:`plotdoc.editor.recolumn`) after a cell
    edit."""
    return _scatter(table) or recolumn.updatable(table) or rebar.updatable(table)


def _scatter(table: Table) -> bool:
    graph = table.graph
    return (
        graph is not None
        and table.format == "xy"
        and VARIANTS[graph.variant_id].marks == (Mark.SYMBOL,)  # symbols only: they move
        and table.replicates == 1
        and table.x is not None
        and cells_alone(table)
    )


def _signature(project: Project, table: Table) -> Any:
    """Everything the drawing reads but the cells and the titles (see :func:`~plotdoc.editor.restyle.retitled`)."""
    return copy.deepcopy(
        (
            project.meta,
            table.id,
            table.name,
            table.format,
            table.replicates,
            table.n_rows,
            [(ds.name, ds.text is None, ds.values.shape) for ds in table.data_sets],
            table.row_labels,
            table.variable_types,
            table.graph,
            table.analyses,
            table.annotations,
            table.derived_from,
        )
    )


def forget() -> None:
    """Drop the kept figure (its memory is returned)."""
    with drawing():
        _drop_kept()


def _drop_kept() -> None:
    global _kept
    old, _kept = _kept, None
    if old is not None:
        _release(old.fig)


def _release(fig: Any) -> None:
    """Free a figure's artists and their arrays now, not at the next full collection (a
    figure's reference cycles held 30 MB per drawing of a 1,000,000-cell scatter)."""
    fig.clear()


def screen(project: Project, table_id: str, dpi: float = SCREEN_DPI) -> Screen:
    """The graph of ``table_id`` as :func:`plotdoc.editor.hits.screen` draws it: moved from
    the kept figure where the change allows it, else drawn afresh (and kept if updatable)."""
    import matplotlib

    from ..render.engine import rc_params

    table = project.table(table_id)
    if table.graph is None:
        raise ValueError(f"table {table.name!r} has no graph to draw")
    with drawing(), matplotlib.rc_context(rc_params(table.graph)):  # type: ignore[arg-type]
        kept = _moved(project, table, dpi) if updatable(table) else None
        if kept is not None:
            return _redrawn(kept, dpi)
        return _fresh(project, table, dpi)


def _redrawn(kept: _Kept, dpi: float) -> Screen:
    """The kept figure's picture after its symbols moved: its live artists drawn again over
    the picture of the rest (see the module's notes), or all of it when that cannot be."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    if kept.canvas is None:
        kept.canvas = FigureCanvasAgg(kept.fig)
    canvas = kept.canvas
    window, kept.window = kept.window, None
    if kept.all_moved:  # (the live artists were left to be chosen again: see _retake)
        kept.all_moved = False
        canvas.draw()
        return shown(kept.fig, canvas, kept.warnings, dpi, kept.regions)
    if not kept.decided:  # at the first edit, and when the kept picture changed
        kept.decided = True
        renderer = canvas.get_renderer()
        # the fresh drawing's picture, which a window of it can bring up to date
        kept_whole = window is not None and kept.whole is renderer
        whole = canvas.copy_from_bbox(kept.fig.bbox) if kept_whole else None
        live = kept_picture.live_artists(kept.fig, renderer, kept_picture.marks_of(kept))
        if live is not None:
            ax = kept.fig.axes[0]
            kept.around_title = boxes_around(kept.fig, renderer, ax.title)
            if title_apart(kept, renderer):
                kept.title = ax.title
                live = [kept.title, *live]
            legend = ax.get_legend() if kept.recoloured else None
            if legend is not None and legend not in live and apart(kept.fig, renderer, legend):
                live.insert(axes_end(live), legend)  # beside the plot, meeting nothing
            for art in live:
                art.set_animated(True)  # left out of the canvas's drawing
            canvas.draw()
            kept.live = live
            kept.background = canvas.copy_from_bbox(kept.fig.bbox)
            if whole is not None:
                canvas.restore_region(whole)
        if whole is None or kept.background is None:
            window = None  # every live artist drawn over the kept picture
    kept.whole = None
    if kept.background is None:  # nothing to keep: the whole figure again
        canvas.draw()
    elif window is not None and kept_picture.window_drawn(kept, canvas, window):
        pass
    else:
        canvas.restore_region(kept.background)
        renderer = canvas.get_renderer()
        for art in kept.live:
            art.draw(renderer)
    return shown(kept.fig, canvas, kept.warnings, dpi, kept.regions)


def _fresh(project: Project, table: Table, dpi: float) -> Screen:
    global _kept
    from ..render.engine import draw_graph

    _drop_kept()
    fig, warnings = draw_graph(project, table, dpi=dpi)
    said = [str(w) for w in warnings]
    shown = picture(fig, said, dpi)
    scatter = _scatter(table) and table.x is not None
    bar_graph = not scatter and rebar.updatable(table)
    if not (scatter or bar_graph or recolumn.updatable(table)):
        _release(fig)  # the picture and its regions are plain data: nothing refers to it
        return shown
    kept = _Kept(
        table.id,
        dpi,
        _signature(project, table),
        table.x.copy() if table.x is not None else np.empty(0),
        [ds.values[:, 0].copy() if scatter else ds.values.copy() for ds in table.data_sets],
        fig,
        said,
    )
    if scatter:
        kept.symbols = _own_symbols(kept)
    elif bar_graph:
        kept.bar_graph = True
        canvas: Any = fig.canvas  # the canvas the picture was drawn on, and its renderer
        kept.canvas, kept.whole = canvas, canvas.get_renderer()
    else:
        kept.column = True
    kept.titles = copy.deepcopy(table.titles)
    _kept = kept
    return shown


def _rows(x: F64, y: F64) -> NDArray[np.intp]:
    n = min(x.shape[0], y.shape[0])
    return np.flatnonzero(np.isfinite(x[:n]) & np.isfinite(y[:n]))


def _own_symbols(kept: _Kept) -> dict[int, Any]:
    """The data sets drawn by one symbols artist alone, whose points are (x, value) of the
    rows where both are finite, in row order: the ones :func:`_moved` may update."""
    from ..render.artists.collections import PointSymbols
    from ..render.ids import data_set_of

    by_ds: dict[int, list[Any]] = {}
    for art in kept.fig.findobj():
        i = data_set_of(art.get_gid())
        if i is not None:
            by_ds.setdefault(i, []).append(art)
    out: dict[int, Any] = {}
    for i, arts in by_ds.items():
        if len(arts) != 1 or not isinstance(arts[0], PointSymbols) or i >= len(kept.columns):
            continue
        art, y = arts[0], kept.columns[i]
        rows = _rows(kept.x, y)
        if art.xy.shape == (rows.size, 2) and np.array_equal(
            art.xy, np.column_stack([kept.x[rows], y[rows]])
        ):
            out[i] = art
    return out


def _retake(kept: _Kept) -> None:
    """Take the kept picture again at the next draw (something drawn in it changed)."""
    kept.whole = None
    for art in kept.live:
        art.set_animated(False)
    kept.background = kept.title = None
    kept.live = []
    kept.decided = False


def _moved(project: Project, table: Table, dpi: float) -> _Kept | None:
    """The kept figure with the changed data sets' symbols moved, or None to draw afresh."""
    kept = _kept
    if kept is None or kept.table_id != table.id or kept.dpi != dpi:
        return None
    if kept.column:
        return _recolumned(kept, project, table)
    if kept.bar_graph:
        return _rebarred(kept, project, table)
    x = table.x
    if x is None or x.shape != kept.x.shape or not np.array_equal(x, kept.x, equal_nan=True):
        return None
    signature = _signature(project, table)
    if kept.signature != signature:
        if not (
            restyled(kept, project, table, signature, _retake)
            or reranged(kept, project, table, signature, _retake)
        ):
            return None
        kept.signature = signature
    if kept.titles != table.titles and not retitled(kept, table.titles, _retake):
        return None
    moves: list[tuple[int, F64, NDArray[np.intp]]] = []
    for i, ds in enumerate(table.data_sets):
        new, old = ds.values[:, 0], kept.columns[i]
        if np.array_equal(new, old, equal_nan=True):
            continue
        if i not in kept.symbols or new.shape != old.shape:
            return None
        rows = _rows(x, new)
        if not np.array_equal(rows, _rows(x, old)):
            return None  # a point appears or goes: its ids and looks change
        if not np.array_equal(extent(new[rows]), extent(old[rows]), equal_nan=True):
            return None  # the axes' range may move
        moves.append((i, new, rows))
    for i, new, rows in moves:
        art = kept.symbols[i]
        art.xy = np.column_stack([x[rows], new[rows]])
        art.stale = True
        kept.regions.pop(id(art), None)
        kept.columns[i] = new.copy()
    return kept


def _recolumned(kept: _Kept, project: Project, table: Table) -> _Kept | None:
    """The kept column graph with the changed data sets' columns drawn again (see
    :mod:`plotdoc.editor.recolumn`), or None to draw afresh."""
    if kept.signature != _signature(project, table):
        return None
    if kept.titles != table.titles and not retitled(kept, table.titles, _retake):
        return None
    x = table.x if table.x is not None else np.empty(0)
    if x.shape != kept.x.shape or not np.array_equal(x, kept.x, equal_nan=True):
        return None  # a survival graph's times: every curve follows them
    changed: list[int] = []
    for i, ds in enumerate(table.data_sets):
        new, old = ds.values, kept.columns[i]
        if np.array_equal(new, old, equal_nan=True):
            continue
        if new.shape != old.shape or not np.array_equal(np.isfinite(new), np.isfinite(old)):
            return None  # a point appears or goes: its ids and looks change
        changed.append(i)
    if changed and not recolumn.moved(kept, project, table, changed):
        return None
    for i in changed:
        kept.columns[i] = table.data_sets[i].values.copy()
    return kept


def _rebarred(kept: _Kept, project: Project, table: Table) -> _Kept | None:
    """The kept bar graph with the changed rows' bars moved (see :mod:`plotdoc.editor.rebar`),
    or None to draw afresh."""
    if kept.signature != _signature(project, table):
        return None
    titled = kept.titles != table.titles
    if titled and not retitled(kept, table.titles, _retake):
        return None
    changed = rebar.changed_rows(kept.columns, table)
    if changed is None or (changed and not rebar.moved(kept, project, table, changed)):
        return None
    for i in changed:
        kept.columns[i] = table.data_sets[i].values.copy()
    if not (changed or titled):
        kept.window = rebar.NOTHING  # the picture as it is (another table's edit)
    return kept
