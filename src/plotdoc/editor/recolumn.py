"""A cell edit of a column graph set on the kept figure: the changed column drawn again.

A column graph with its points (a scatter with a bar or a line at the centre, and error
bars) draws each data set's marks from that data set's values alone: the points spread
sideways by their own values, the bar and the error bar at their own summary. So does a
nested graph of a mark per treatment (its subgroups' points in lanes inside the treatment's
slot, the treatment's bar or summary line). After a cell edit, only the changed data set's
marks are drawn again, by the function the family draws every column with
(:func:`plotdoc.render.families.column.draw_one`,
:func:`plotdoc.render.families.nested.draw_one`), on a drawing context for the kept figure,
and put in the place of the old ones in the axes' drawing order. The
picture is then the kept picture with the data sets' marks drawn over it, as
:mod:`plotdoc.editor.redraw` does for a scatter.

That is the picture a fresh drawing gives only when nothing else follows the changed values,
so the column is drawn again on the kept figure only when:

- the table is a column table of raw values with no analyses, brackets or results, and the
  graph draws nothing that crosses the columns (no line joining the centres, no
  before-after lines); or a nested table of raw values likewise, whose graph draws a mark
  per treatment (not one per subgroup: a box, violin or floating bar);
- the changed data set keeps its finite rows (the same points, ids and looks);
- what all the data sets' marks reach (the smallest, largest and smallest positive value on
  both axes) is unchanged, so the axes' ranges and ticks are; so is the widest row of equal
  values any column holds (the plot area widens for ties);
- the new marks have the ids of the old ones, in the same order; and
- neither the kept drawing nor the new one warns of anything (a warning is worded from the
  whole drawing: that is left to a fresh one).

Anything else is drawn afresh. A test compares every picture with a fresh drawing's, pixel
for pixel, with its hit regions, plot frame and warnings.
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ..contract.entries import VALUES
from ..contract.variants import VARIANTS, Arrangement, Mark
from .restyle import cells_alone, drawn_context

if TYPE_CHECKING:
    from ..model import Project, Table
    from ..render.context import DrawContext

#: marks that cross the columns (a line joining the centres, before-after lines)
_NOT_KEPT = frozenset({Mark.LINE, Mark.SUBJECT_LINES})


def updatable(table: Table) -> bool:
    """Whether a cell edit of ``table``'s column graph (or nested graph of a mark per
    treatment) can be set on the kept figure."""
    graph = table.graph
    if graph is None or table.entry != VALUES:
        return False
    variant = VARIANTS[graph.variant_id]
    if table.format == "survival":  # (the table under it counts every data set's subjects)
        from ..render.families.survival import risk_rows

        return not risk_rows(graph.plot.options) and cells_alone(table)
    if table.format == "nested":  # (a separated one draws a mark per subgroup)
        return variant.arrangement is not Arrangement.SEPARATED and cells_alone(
            table, one_value=False
        )
    return (
        table.format == "column"
        and not _NOT_KEPT.intersection(variant.marks)
        and cells_alone(table)
    )


@dataclass(frozen=True)
class Reach:
    """What one data set's marks reach: (smallest, largest, smallest positive) along X and Y
    (NaN where there is none), and the plot width its ties ask for (points, 0 for none)."""

    x: tuple[float, float, float]
    y: tuple[float, float, float]
    width: float


def moved(kept: Any, project: Project, table: Table, changed: list[int]) -> bool:
    """Draw the columns of the data sets ``changed`` again on the kept figure ``kept``
    (``plotdoc.editor.redraw``'s), when that gives a fresh drawing's picture; False
    otherwise (the kept figure may then be half changed: it is drawn afresh)."""
    if kept.warnings:
        return False
    ax = kept.fig.axes[0]
    if kept.reach is None:  # at the first edit: what each data set's marks reached
        kept.reach = {}
        drawn = with_columns(table, kept.columns)
        for i in _context(kept.fig, project, drawn).visible_data_sets():
            made, reach, warned = _draw(kept, project, drawn, i, place=False)
            for art in made:
                art.remove()
            if warned:
                return False
            kept.reach[i] = reach
    for i in changed:
        if i not in kept.reach:
            return False  # a hidden data set: its marks are not drawn
        old = [a for a in children(ax) if _data_set_of(a) == i]
        made, reach, warned = _draw(kept, project, table, i, place=True)
        if warned or [a.get_gid() for a in made] != [a.get_gid() for a in old]:
            return False
        if total({**kept.reach, i: reach}, ax) != total(kept.reach, ax):
            return False  # the axes' ranges or the plot's width may move
        _swap(kept, ax, old, made)
        kept.reach[i] = reach
    return not warns(_context(kept.fig, project, table))


def with_columns(table: Table, columns: list[Any]) -> Table:
    """``table`` with the values ``columns`` (the kept figure's, one array per data set: a
    column of values, or rows of cells)."""
    from ..model import DataSet

    out = copy.copy(table)
    cells = [np.asarray(c, dtype=np.float64) for c in columns]
    out.data_sets = [
        DataSet(ds.name, c.reshape(-1, 1) if c.ndim == 1 else c, ds.text, ds.id)
        for ds, c in zip(table.data_sets, cells, strict=True)
    ]
    return out


def _context(fig: Any, project: Project, table: Table) -> DrawContext:
    """A drawing context for the kept figure ``fig`` as the family's drawing leaves it when
    it draws a column (a curve): categories set, the plot width asked for by ties not yet
    known."""
    ctx = drawn_context(fig, project, table)
    ctx.categorical = table.format != "survival"  # (its X axis is the times)
    ctx.legend_auto = False
    ctx.preferred_width_pt = 0.0
    return ctx


def _draw(
    kept: Any, project: Project, table: Table, i: int, *, place: bool
) -> tuple[list[Any], Reach, bool]:
    """Data set ``i``'s marks drawn on the kept figure (added last to its axes), with what
    they reach and whether drawing them warned; ``place`` spreads the points as a drawing
    does once the axes are set. The axes' data limits are left as they were."""
    ctx = _context(kept.fig, project, table)
    ax = ctx.ax
    limits = ax.dataLim.frozen()
    ignore = ax.ignore_existing_data_limits
    before = len(children(ax))
    visible = ctx.visible_data_sets()
    try:
        _draw_one(ctx, visible, i)
    finally:
        ax.dataLim.set(limits)
        ax.ignore_existing_data_limits = ignore
    if place:  # the points spread on the page, as once the axes are set
        for hook in ctx.after_axes:
            hook()
    made = list(children(ax)[before:])
    points = np.concatenate(ctx.limits) if ctx.limits else np.empty((0, 2))
    reach = Reach(extent(points[:, 0]), extent(points[:, 1]), float(ctx.preferred_width_pt or 0.0))
    return made, reach, bool(ctx.warnings)


def _draw_one(ctx: DrawContext, visible: list[int], i: int) -> None:
    """Data set ``i``'s marks, drawn by the function its family draws each with."""
    from ..render.families import column, nested, survival

    if ctx.table.format == "survival":
        survival.draw_one(ctx, i)
        return
    family = nested if ctx.table.format == "nested" else column
    family.draw_one(ctx, column.column_layout(ctx, visible), visible.index(i), i)


def extent(values: Any) -> tuple[float, float, float]:
    """The smallest, largest and smallest positive finite value (NaN where there is none)."""
    finite = values[np.isfinite(values)]
    positive = finite[finite > 0]
    return (
        float(finite.min()) if finite.size else math.nan,
        float(finite.max()) if finite.size else math.nan,
        float(positive.min()) if positive.size else math.nan,
    )


def total(reaches: dict[int, Reach], ax: Any) -> tuple[Any, ...]:
    """What all the data sets' marks reach together on the axes ``ax`` (compared exactly,
    NaN as NaN): the smallest positive value counts only along a log axis (a linear one
    takes its range from the smallest and largest)."""

    def low(values: list[float]) -> float:
        known = [v for v in values if not math.isnan(v)]
        return min(known) if known else math.nan

    def high(values: list[float]) -> float:
        known = [v for v in values if not math.isnan(v)]
        return max(known) if known else math.nan

    out: list[Any] = []
    for axis, scale in (("x", ax.get_xscale()), ("y", ax.get_yscale())):
        parts = [getattr(r, axis) for r in reaches.values()]
        out += [low([p[0] for p in parts]), high([p[1] for p in parts])]
        if scale != "linear":
            out.append(low([p[2] for p in parts]))
    out.append(max((r.width for r in reaches.values()), default=0.0))
    return tuple("nan" if isinstance(v, float) and math.isnan(v) else v for v in out)


def children(ax: Any) -> list[Any]:
    """The artists added to ``ax``, in the order it draws those of one z-order (matplotlib's
    own list: ``Axes.get_children`` adds the axes' own parts to a copy of it)."""
    out: list[Any] = ax._children
    return out


def _data_set_of(art: Any) -> int | None:
    from ..render.ids import data_set_of

    return data_set_of(art.get_gid())


def _swap(kept: Any, ax: Any, old: list[Any], made: list[Any]) -> None:
    """Put the new marks where the old ones were in the axes' drawing order, and in the
    kept picture's live artists."""
    drawn = children(ax)
    del drawn[len(drawn) - len(made) :]  # the new marks were added last
    live = {id(a): k for k, a in enumerate(kept.live)}
    for was, now in zip(old, made, strict=True):
        drawn[drawn.index(was)] = now
        kept.regions.pop(id(was), None)
        k = live.get(id(was))
        if k is not None:
            kept.live[k] = now
            now.set_animated(was.get_animated())


def warns(ctx: DrawContext) -> bool:
    """Whether the kept figure of ``ctx``, its marks drawn again or moved, gives a warning a
    fresh drawing words from the whole drawing (marks beyond the axes' range, summaries
    left out)."""
    from ..render.outside import warn_cut_marks, warn_outside_range
    from ..render.summary_notes import warn_summaries

    warn_outside_range(ctx)
    warn_cut_marks(ctx)
    warn_summaries(ctx)
    return bool(ctx.warnings)
