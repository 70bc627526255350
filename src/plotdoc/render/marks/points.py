"""Points: every value of a column as a symbol, spread sideways within its slot.

The spread is a beeswarm on the page (:mod:`plotdoc.render.positions.spread`): symbols are
drawn on their column's centre line, then moved sideways once the axes are set, when their
page positions and sizes are known (:func:`spread_when_placed`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..artists.collections import PointSymbols
from ..context import DrawContext
from ..ids import Lazy
from ..positions.spread import beeswarm
from . import primitives

F64 = NDArray[np.float64]

#: spacing of spread symbols, in diameters, by scatterAppearance: a little air by default, so
#: touching squares stay apart; ``expanded`` spreads more loosely, ``classic`` packs tight
AIR = {"standard": 1.15, "classic": 1.0, "expanded": 1.5}

#: sideways spread of scatter points (fraction of the slot) by scatterAppearance
SPREAD = {"standard": 0.32, "classic": 0.2, "expanded": 0.45}


def scatter(
    ctx: DrawContext,
    i: int,
    pos: float,
    values: F64,
    rows: Sequence[int] | NDArray[np.intp],
    ids: Sequence[str],
    *,
    slot: float = 1.0,
    group_id: str | None = None,
) -> PointSymbols | None:
    """Every value as a symbol, spread sideways (``pointLayout``, ``scatterAppearance``);
    the symbols drawn (None when none is)."""
    ok = np.isfinite(values)
    v = values[ok]
    if v.size == 0:
        return None
    aligned = ctx.options.get("pointLayout") == "aligned"
    half = half_width(ctx, slot)
    kept_rows, kept_ids = rows, ids
    if v.size < values.size:  # the rows and ids of the finite values
        kept_rows = (
            rows[ok]
            if isinstance(rows, np.ndarray)
            else [r for r, k in zip(rows, ok, strict=True) if k]
        )
        kept_ids = (
            ids.where(ok)
            if isinstance(ids, Lazy)
            else [s for s, k in zip(ids, ok, strict=True) if k]
        )
    centers = np.full(v.size, pos)
    art = primitives.symbols(ctx, centers, v, i, kept_ids, kept_rows, group_id=group_id, z=3.0)
    spread_when_placed(ctx, art, centers, np.zeros(v.size, dtype=int), half, aligned=aligned)
    return art


def subgroup_shapes(ctx: DrawContext, i: int, art: PointSymbols | None, j: int) -> None:
    """Give the symbols of sub-column ``j`` of data set ``i`` (a nested table's subject) a
    shape of their own, the preset's symbol cycle from the data set's own shape on, unless the
    file sets the data set's or a point's shape: subjects are told apart by more than their
    place."""
    own = str(ctx.style("symbol", i)["shape"])
    if art is None or own != ctx.theme.symbol_shape(i) or ctx.point_overrides(i):
        return
    cycle = list(ctx.theme.shapes.symbol_cycle)
    start = cycle.index(own) if own in cycle else 0
    art.set_shape(cycle[(start + j) % len(cycle)])


def half_width(ctx: DrawContext, slot: float = 1.0) -> float:
    """How far points may spread either side of their column (``scatterAppearance``)."""
    return SPREAD.get(ctx.settings.get("scatterAppearance", "standard"), 0.32) * slot


def spread_when_placed(
    ctx: DrawContext,
    art: PointSymbols | None,
    centers: Sequence[float] | F64,
    groups: Sequence[int] | NDArray[np.int_],
    half: float,
    *,
    aligned: bool = False,
) -> None:
    """Spread the symbols of ``art`` once the axes are set: points that share a ``groups`` key
    form one column at ``centers`` (category-axis units), spread within ``half``
    (category-axis units) either side of it."""
    if art is None or aligned or len(art) < 2 or half <= 0:
        return
    c = np.asarray(centers, dtype=float)
    g = np.asarray(groups)
    air = AIR.get(ctx.settings.get("scatterAppearance", "standard"), 1.15)
    _room_for_ties(ctx, art, g, half, air)

    def place() -> None:
        value_col = 0 if ctx.horizontal else 1
        cat_col = 1 - value_col
        to_pt = ctx.fig.dpi / 72.0
        page = ctx.ax.transData.transform(art.xy) / to_pt
        # points per category-axis unit, measured where the symbols are
        probe = np.repeat(art.xy[:1], 2, axis=0)
        probe[1, cat_col] += 1.0
        ends = ctx.ax.transData.transform(probe) / to_pt
        per_unit = float(abs(ends[1, cat_col] - ends[0, cat_col]))
        if not np.isfinite(per_unit) or per_unit <= 0:
            return
        sizes = art.reach_array()
        for key in np.unique(g):
            members = np.flatnonzero(g == key)
            if members.size < 2:
                continue
            diameter = float(sizes[members].max()) * air
            offs = beeswarm(page[members, value_col], diameter, half * per_unit)
            art.xy[members, cat_col] = c[members] + offs / per_unit

    ctx.after_axes.append(place)


#: the widest plot area an automatic shape asks for, so that equal values sit side by side
_WIDEST_PT = 480.0


def _room_for_ties(
    ctx: DrawContext, art: PointSymbols, groups: NDArray[Any], half: float, air: float
) -> None:
    """Equal values can only sit side by side: ask the automatic plot-area width for room
    for the longest row of equal values in any column (up to :data:`_WIDEST_PT`)."""
    if ctx.preferred_width_pt is None or ctx.horizontal:
        return
    values = art.xy[:, 1]
    most = 1
    for key in np.unique(groups):
        _, counts = np.unique(values[groups == key], return_counts=True)
        most = max(most, int(counts.max(initial=1)))
    if most < 2:
        return
    diameter = air * art.widest()
    per_unit = most * diameter / (2 * half)
    lo, hi = ctx.ax.get_xlim()  # the category axis, set by set_categories
    units = abs(hi - lo)
    want = min(_WIDEST_PT, units * per_unit)
    ctx.preferred_width_pt = max(ctx.preferred_width_pt, want)
