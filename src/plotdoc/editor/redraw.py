"""The graph on screen kept between edits: a cell edit moves the symbols of the data set it
changed instead of drawing the graph again.

The editor keeps the figure of the last graph it drew of an updatable table (an XY scatter
of one value per row: symbols only, no analyses, annotations or results). On the next
drawing of that table, with the same settings and resolution, the cells are compared with
the kept ones; a data set whose values changed has its symbols' positions set from the new
values, and the kept figure is drawn again. That is the picture a fresh drawing gives only
when nothing else follows the changed values, so it is done only when:

- the X column, the table's settings, names, annotations and the project's meta are unchanged;
- the changed data set's finite rows are the same rows (same points, same ids and looks);
- its finite values keep their smallest, largest and smallest positive value (the axes'
  ranges and ticks follow these), and
- no artist but the data set's own symbols is drawn from its values (no line, label, spike).

Anything else (a moved range, a point gone, a style edit, another table) is drawn afresh,
and that drawing is kept in turn. One figure is kept at a time.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..model import Project, Table
from .hits import Screen, picture
from .work import _DRAW_LOCK, SCREEN_DPI

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


_kept: _Kept | None = None


def updatable(table: Table) -> bool:
    """Whether the graph of ``table`` can be kept and its symbols moved after a cell edit."""
    graph = table.graph
    return (
        graph is not None
        and table.format == "xy"
        and graph.variant_id == "scatter"
        and table.replicates == 1
        and table.x is not None
        and not table.analyses
        and not table.annotations
        and table.derived_from is None
        and all(ds.values.ndim == 2 and ds.values.shape[1] == 1 for ds in table.data_sets)
    )


def _signature(project: Project, table: Table) -> Any:
    """Everything the drawing reads but the cells."""
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
            table.titles,
            table.derived_from,
        )
    )


def forget() -> None:
    """Drop the kept figure (its memory is returned)."""
    global _kept
    with _DRAW_LOCK:
        _kept = None


def screen(project: Project, table_id: str, dpi: float = SCREEN_DPI) -> Screen:
    """The graph of ``table_id`` as :func:`plotdoc.editor.hits.screen` draws it: moved from
    the kept figure where the change allows it, else drawn afresh (and kept if updatable)."""
    import matplotlib

    from ..render.engine import rc_params

    table = project.table(table_id)
    if table.graph is None:
        raise ValueError(f"table {table.name!r} has no graph to draw")
    with _DRAW_LOCK, matplotlib.rc_context(rc_params(table.graph)):  # type: ignore[arg-type]
        kept = _moved(project, table, dpi) if updatable(table) else None
        if kept is not None:
            return picture(kept.fig, kept.warnings, dpi)
        return _fresh(project, table, dpi)


def _fresh(project: Project, table: Table, dpi: float) -> Screen:
    global _kept
    from ..render.engine import draw_graph

    _kept = None
    fig, warnings = draw_graph(project, table, dpi=dpi)
    said = [str(w) for w in warnings]
    shown = picture(fig, said, dpi)
    if updatable(table) and table.x is not None:
        kept = _Kept(
            table.id,
            dpi,
            _signature(project, table),
            table.x.copy(),
            [ds.values[:, 0].copy() for ds in table.data_sets],
            fig,
            said,
        )
        kept.symbols = _own_symbols(kept)
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


def _extent(values: F64) -> tuple[float, float, float]:
    """Smallest, largest and smallest positive finite value (NaN where there is none)."""
    finite = values[np.isfinite(values)]
    positive = finite[finite > 0]
    return (
        float(finite.min()) if finite.size else float("nan"),
        float(finite.max()) if finite.size else float("nan"),
        float(positive.min()) if positive.size else float("nan"),
    )


def _moved(project: Project, table: Table, dpi: float) -> _Kept | None:
    """The kept figure with the changed data sets' symbols moved, or None to draw afresh."""
    kept = _kept
    x = table.x
    if kept is None or x is None or kept.table_id != table.id or kept.dpi != dpi:
        return None
    if x.shape != kept.x.shape or not np.array_equal(x, kept.x, equal_nan=True):
        return None
    if kept.signature != _signature(project, table):
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
        if not np.array_equal(_extent(new[rows]), _extent(old[rows]), equal_nan=True):
            return None  # the axes' range may move
        moves.append((i, new, rows))
    for i, new, rows in moves:
        art = kept.symbols[i]
        art.xy = np.column_stack([x[rows], new[rows]])
        art.stale = True
        kept.columns[i] = new.copy()
    return kept
