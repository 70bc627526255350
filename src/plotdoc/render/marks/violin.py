"""Violins: a kernel-density outline with optional median and quartile lines, and the
violin's legend swatch. Every violin (column, nested, grouped) and its swatch take the
``fillPattern`` of the ``violin`` style drawn in its ``patternColor``.

One :func:`draw` for every family, placed by a :class:`~plotdoc.render.marks.place.Place`:
a column (column and nested graphs; ids ``violin/ds0``, ``median/ds0``, ``quartile/ds0/q1``)
or a cell of a grouped graph (``violin/ds{i}/row{r}``...); median and quartile lines read on
the violin's fill. The density comes from
:func:`plotdoc.stats.kernel_density`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from matplotlib.lines import Line2D
from matplotlib.patches import Patch, Polygon
from numpy.typing import NDArray

from ...stats import box_stats, kernel_density
from .. import ids
from ..context import DrawContext
from ..style.theme import HATCHES
from .place import Place
from .summary import segment

F64 = NDArray[np.float64]


def draw(ctx: DrawContext, place: Place, values: F64, *, quartiles: bool, truncate: bool) -> float:
    """Kernel-density violin of data set ``place.i`` at ``place``, in every family, with
    median and quartile lines when ``quartiles``; returns its top (0 when nothing is drawn)."""
    i, pos, width = place.i, place.pos, place.width
    st = ctx.style("violin", i, place.row)
    dens = kernel_density(values, smoothing=str(st["smoothing"]), truncate=truncate)
    if dens.x.size == 0 or dens.status != "ok" or dens.density.max() <= 0:
        return _degenerate(ctx, i, pos, values, width, place.sid("violin"), st)
    half = dens.density / float(dens.density.max()) * (width / 2)
    grid = dens.x
    xs = np.concatenate([pos - half, (pos + half)[::-1]])
    ys = np.concatenate([grid, grid[::-1]])
    _body(ctx, i, xs, ys, st, place.sid("violin"))
    if quartiles:
        stats = box_stats(values, "minToMax")
        lines = [("median", stats.median, place.sid("median"))]
        lines += [("quartile", q, place.sid("quartile", ids.member(name)))
                  for name, q in (("q1", stats.q1), ("q3", stats.q3))]  # fmt: skip
        for element, value, sid in lines:
            if not ctx.switch("median" if element == "median" else "quartiles", i):
                continue
            w = float(np.interp(value, grid, half))
            # one rule: lines across the violin read on its fill
            segment(ctx, pos - w, pos + w, value, i, sid, element, z=1.6, on_fill=st["fill"])
    return float(grid.max())


def _body(
    ctx: DrawContext,
    i: int,
    xs: NDArray[np.float64],
    ys: NDArray[np.float64],
    st: Mapping[str, Any],
    eid: str,
) -> None:
    """The violin's outline through data points ``xs``, ``ys``, filled and patterned per ``st``."""
    x, y = ctx.xy(xs, ys)
    poly = Polygon(
        np.column_stack([x, y]),
        closed=True,
        facecolor=st["fill"],
        edgecolor=st["borderColor"],
        linewidth=float(st["borderWidth"]),
    )
    _pattern(poly, st)
    ctx.ax.add_patch(poly)
    ctx.tag(poly, eid)
    poly.set_zorder(ctx.z(i, 1.0))
    ctx.include(x, y)


def _degenerate(
    ctx: DrawContext, i: int, pos: float, values: F64, width: float, sid: str, st: Mapping[str, Any]
) -> float:
    """A distribution without spread (one value, or equal values) has no density to draw: it
    is a flat violin, a line across the slot at its value, in the violin's border colour (its
    fill when the border is invisible). Returns that value (0 when there is none)."""
    v = np.asarray(values, dtype=float)
    v = v[np.isfinite(v)]
    if v.size == 0 or float(v.min()) != float(v.max()):
        return 0.0
    value = float(v[0])
    border = st["borderColor"]
    color = border if border[3] > 0 and float(st["borderWidth"]) > 0 else st["fill"]
    x, y = ctx.xy([pos - width / 2, pos + width / 2], [value, value])
    line = Line2D(
        x, y, color=color, linewidth=max(2.0, 2.0 * float(st["borderWidth"])),
        solid_capstyle="butt",
    )  # fmt: skip
    ctx.add(line, sid, z=ctx.z(i, 1.0))
    ctx.include(x, y)
    # room on both sides, so the line never lies on the end of an axis that ends on the data
    room = 0.05 * abs(value) or 0.5
    ctx.include(*ctx.xy([pos, pos], [value - room, value + room]))
    return value


def swatch(ctx: DrawContext, i: int) -> Patch:
    """The legend swatch of data set ``i``'s violins: their fill and border."""
    st = ctx.style("violin", i)
    patch = Patch(
        facecolor=st["fill"], edgecolor=st["borderColor"], linewidth=float(st["borderWidth"])
    )
    _pattern(patch, st)
    return patch


def _pattern(patch: Patch, st: Mapping[str, Any]) -> None:
    """The violin's ``fillPattern`` drawn in its ``patternColor`` (outline, cell and swatch)."""
    hatch = HATCHES.get(st["fillPattern"])
    if hatch:
        patch.set_hatch(hatch)
        patch.set_hatchcolor(st["patternColor"])
