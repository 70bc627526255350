"""Repeated measures in grouped tables: a replicate sub-column is one subject.

``grouped-rm-across-row``
    each data set's rows share one X per row (moved apart by ``seriesAlign: staggered``); the
    values of subject ``j`` of data set ``i`` are joined across the rows (``subject/ds{i}/r{j}``).
``grouped-rm-in-subcol``
    data sets side by side in each row; within a slot the sub-columns stand left to right and
    are joined to each other (``subject/ds{i}/row{r}``).

Mode ``symbolsAndLines`` draws symbols and lines; ``arrows`` draws an arrow for each step
instead (``arrow/ds{i}/r{j}/row{r}`` across rows, ``arrow/ds{i}/row{r}/s{j}`` within a row),
pointing from the earlier to the later measurement. A subject's line breaks where one of its
measurements is missing (``missingValuePolicy: connectAdjacent`` joins over it), as an XY
line does.
"""

from __future__ import annotations

import numpy as np
from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrowPatch

from ...contract.variants import Arrangement
from .. import ids
from ..context import DrawContext
from ..positions.arrangements import GroupedLayout
from ..prepare.cells import cell
from ..style.theme import DASHES
from . import primitives


def _broken(
    ctx: DrawContext, pos: list[float], val: list[float], pts: list[int], step: int
) -> tuple[list[float], list[float]]:
    """A subject's line broken where a measurement is missing (a gap in its points larger
    than ``step``), unless ``missingValuePolicy`` is ``connectAdjacent``."""
    if ctx.settings.get("missingValuePolicy") == "connectAdjacent":
        return pos, val
    out_pos, out_val = [pos[0]], [val[0]]
    for k in range(1, len(pos)):
        if pts[k] - pts[k - 1] > step:
            out_pos.append(float("nan"))
            out_val.append(float("nan"))
        out_pos.append(pos[k])
        out_val.append(val[k])
    return out_pos, out_val


def draw_rm(
    ctx: DrawContext, lay: GroupedLayout, vis: list[int], mode: str, offs: dict[int, float]
) -> None:
    reps = ctx.table.replicates
    n = ctx.table.n_rows
    # subjects joined across the rows share one X per row; otherwise within each row
    across = ctx.variant.arrangement is Arrangement.SUPERIMPOSED
    for i in vis:
        paths: list[tuple[str, list[float], list[float], list[int], list[int]]] = []
        if across:
            for j in range(reps):
                pos, val, rows, pts = [], [], [], []
                for r in range(n):
                    v = cell(ctx.table, i, r)
                    if j < v.shape[0] and np.isfinite(v[j]):
                        pos.append(lay.center(i, r) + offs[i])
                        val.append(float(v[j]))
                        rows.append(r)
                        pts.append(r * reps + j)
                paths.append((ids.replicate_scope(j), pos, val, rows, pts))
        else:
            step = lay.width / max(reps - 1, 1) * 0.9
            for r in range(n):
                v = cell(ctx.table, i, r)
                pos, val, rows, pts = [], [], [], []
                for j in range(v.shape[0]):
                    if np.isfinite(v[j]):
                        pos.append(lay.center(i, r) + (j - (reps - 1) / 2) * step)
                        val.append(float(v[j]))
                        rows.append(r)
                        pts.append(r * reps + j)
                paths.append((ids.row_scope(r), pos, val, rows, pts))
        all_pos, all_val, all_rows, all_ids = [], [], [], []
        for tag, pos, val, rows, pts in paths:
            if not pos:
                continue
            if mode == "arrows":
                _arrows(ctx, i, tag, pos, val, rows, pts, reps, across)
            elif len(pos) > 1 and ctx.switch("lines", i):
                gap_pos, gap_val = _broken(ctx, pos, val, pts, reps if across else 1)
                x, y = ctx.xy(gap_pos, gap_val)
                primitives.polyline(ctx, x, y, i, ids.ds("subject", i, ids.member(tag)))
            all_pos += pos
            all_val += val
            all_rows += rows
            all_ids += [ids.point("symbol", i, p) for p in pts]
        for r in range(n):
            v = cell(ctx.table, i, r)
            if np.isfinite(v).any():
                ctx.anchor(lay.center(i, r) + offs[i], float(np.nanmax(v)), i)
        if mode != "arrows" and all_pos:
            primitives.symbols(ctx, all_pos, all_val, i, all_ids, all_rows)
            lines = ctx.switch("lines", i)
            handle = primitives.symbol_line_handle if lines else primitives.symbol_handle
            ctx.legend_entry(i, handle(ctx, i))
        elif all_pos:
            st = ctx.style("line", i)
            dash = DASHES.get(str(st["dashStyle"]), "-")
            ctx.legend_entry(
                i, Line2D([], [], color=st["color"], linewidth=st["thickness"], linestyle=dash)
            )
            x, y = ctx.xy(all_pos, all_val)
            ctx.include(x, y)


def _arrows(
    ctx: DrawContext,
    i: int,
    tag: str,
    pos: list[float],
    val: list[float],
    rows: list[int],
    pts: list[int],
    reps: int,
    across: bool,
) -> None:
    st = ctx.style("line", i)
    x, y = ctx.xy(pos, val)
    for k in range(len(pos) - 1):
        arrow = FancyArrowPatch(
            (float(x[k]), float(y[k])),
            (float(x[k + 1]), float(y[k + 1])),
            arrowstyle="-|>",
            mutation_scale=8.0 + float(st["thickness"]) * 2,
            color=st["color"],
            linewidth=float(st["thickness"]),
            linestyle=DASHES.get(str(st["dashStyle"]), "-"),
            shrinkA=0.0,
            shrinkB=0.0,
        )
        step = ids.row_scope(rows[k + 1]) if across else ids.step_scope(pts[k + 1] % reps)
        ctx.add(arrow, ids.ds("arrow", i, ids.member(tag), ids.member(step)), z=ctx.z(i, 2.0))
