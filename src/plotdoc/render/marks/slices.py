"""Drawing of pies, donuts and 100 % slices (see :mod:`..families.parts`; the dot plot is in
:mod:`.dot_plot`).

A pie is drawn in points around the middle of the plot area (a transform from points to the
display), so its size does not depend on the plot area's; a slices bar fills the plot area,
whose box is shrunk to the bar's proportions. The axes of both are hidden.

A pie's labels stand just outside their slices; when two would touch or one would leave the
graphic's height (small slices side by side), every label becomes a call-out instead: in a
column left and right of the pie, moved apart just enough, with a leader line to its slice
(``leader/row<r>``) that goes round the pie rather than across it. A column holds the
call-outs that fit in :data:`CALLOUT_ROOM` times the graphic's height, and a full column hands
call-outs at 12 or 6 o'clock to the other one. Past what both hold (a pie of hundreds of
parts), the largest parts are labelled, and a warning says how many are not.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, PathPatch, Rectangle, Wedge
from matplotlib.path import Path

from ...contract.variants import Mark
from .. import ids
from ..artists.wedges import Wedges
from ..context import DrawContext
from ..notices import CAPPED, THINNED, add_warning
from ..positions.plot_area import points_transform, widen_for
from ..style.colors import contrast_text
from ..style.numbers import number_text
from ..style.text import safe
from ..style.theme import RGBA, merge_style
from .pie_labels import beside, callouts, labelled, leader_points, per_column

Borders = dict[str, tuple[bool, RGBA, float]]


def part_style(ctx: DrawContext, i: int, r: int) -> dict[str, Any]:
    """The ``bar`` style of part ``r``: theme fill ``r``, then global, perDataSet, perPoint."""
    overrides = ctx.graph.style_overrides or {}
    name = ctx.ds_name(i)
    layers = []
    for layer in (
        overrides.get("global", {}).get("bar"),
        overrides.get("perDataSet", {}).get(name, {}).get("bar"),
        overrides.get("perPoint", {}).get(name, {}).get(str(r), {}).get("bar"),
    ):
        if layer:
            layers.append(layer)
    return merge_style(ctx.theme.element_defaults("bar", r), layers)


#: how many times the graphic's height a pie's call-outs may take, on each side
CALLOUT_ROOM = 2.0
#: a pie of this many slices or more draws them in one artist (see :mod:`..artists.wedges`)
MANY_SLICES = 500


def part_fills(ctx: DrawContext, i: int, rows: list[int]) -> list[RGBA]:
    """The fill of each part of ``rows`` (:func:`part_style`), worked out once per theme fill
    for the parts without a fill of their own (a pie may have thousands of parts)."""
    own = (ctx.graph.style_overrides or {}).get("perPoint", {}).get(ctx.ds_name(i), {})
    slots = len(ctx.theme.colors.fills)  # part r starts from theme fill r % slots
    by_slot: dict[int, RGBA] = {}
    out = []
    for r in rows:
        if own and str(r) in own:
            out.append(part_style(ctx, i, r)["fill"])
            continue
        fill = by_slot.get(r % slots)
        if fill is None:
            fill = by_slot[r % slots] = part_style(ctx, i, r)["fill"]
        out.append(fill)
    return out


def percent_text(share: float) -> str:
    pct = share * 100.0
    if 0 < pct < 0.05:  # it would read 0.0%: the part is there, it is small
        return "<0.1%"
    # one decimal under 1 % (0.96 % would read 1.0 %, beside the 1 % of its neighbours)
    return f"{pct:.0f}%" if round(pct, 1) >= 1 or pct == 0 else f"{pct:.1f}%"


def _hide_axes(ctx: DrawContext) -> None:
    ctx.ax.set_axis_off()
    ctx.ax.set_xlim(-1.0, 1.0)
    ctx.ax.set_ylim(-1.0, 1.0)


def draw_pie(
    ctx: DrawContext,
    i: int,
    rows: list[int],
    values: list[float],
    labels: list[str],
    borders: Borders,
) -> None:
    opts = ctx.options
    size = float(opts.get("graphicSizePt", 216.0)) or 216.0
    donut = ctx.variant.draws(Mark.RING)
    hole = float(opts.get("donutHoleRatio", 0.5)) if donut else 0.0
    label_style = ctx.style("pointLabel", i)
    font = float(label_style["fontSize"]) * 1.15
    # the graphic is the pie with a two-line label above and below it
    diameter = max(size - 2 * (2.5 * font + 4), size * 0.5)
    trans = points_transform(ctx.ax, diameter / 2, (0.5, 0.5))
    _hide_axes(ctx)
    ctx.ax.set_box_aspect(1.0)
    ctx.preferred_width_pt = size
    total = float(sum(values))
    ends = np.cumsum(np.asarray(values, dtype=float)) / total if values else np.empty(0)
    starts = np.concatenate([[0.0], ends[:-1]]) if values else ends
    # clockwise from 12 o'clock: each slice from its end's angle to its start's
    thetas = np.column_stack([90.0 - ends * 360.0, 90.0 - starts * 360.0])
    inner_show, inner_color, inner_width = borders["inner"]
    # slices narrower at the rim than three edges would be mostly edge: filled only
    rim_pt = float(np.median(ends - starts)) * np.pi * diameter if values else 0.0
    edged = inner_show and rim_pt >= 3.0 * inner_width
    fills = part_fills(ctx, i, rows)
    if len(rows) >= MANY_SLICES:
        art = Wedges(
            thetas, [ids.data_row("slice", r) for r in rows], faces=fills,
            edge=inner_color if edged else None, width=inner_width, hole=hole, transform=trans,
        )  # fmt: skip
        ctx.add(art, "slices", z=1.0)
    else:
        for r, (theta1, theta2), fill in zip(rows, thetas.tolist(), fills, strict=True):
            wedge = Wedge(
                (0.0, 0.0), 1.0, theta1, theta2, width=(1.0 - hole) if donut else None,
                facecolor=fill, edgecolor=inner_color if edged else "none",
                linewidth=inner_width if edged else 0.0, transform=trans,
            )  # fmt: skip
            wedge.set_clip_on(False)
            ctx.add(wedge, ids.data_row("slice", r), z=1.0)
    mids = np.deg2rad(thetas.mean(axis=1))
    # a percentage holds nothing safe() changes, and no rich-text run reaches into it
    texts = [
        f"{safe(text)}\n{percent_text(v / total)}" for v, text in zip(values, labels, strict=True)
    ]
    unit = diameter / 2  # points per data unit
    spots = beside(texts, mids, font / unit, size / 2 / unit)
    called_out = spots is None
    shown = list(range(len(rows)))
    if spots is None:  # call-outs on one line each: "name share"
        texts = [t.replace("\n", " ") for t in texts]
        room = CALLOUT_ROOM * size / unit
        shown = labelled(texts, values, font / unit, room)
        if len(shown) < len(rows):
            _say_unlabelled(ctx, i, len(rows) - len(shown), len(rows))
        texts, mids = [texts[k] for k in shown], mids[shown]
        fit = per_column(texts, font / unit, size / unit)  # in the graphic's height
        spots = callouts(texts, mids, font / unit, size / 2 / unit, fit)
    drawn = []
    for r, text, mid, (x, y, ha, va) in zip(
        [rows[k] for k in shown], texts, mids, spots, strict=True
    ):
        label = ctx.ax.annotate(
            text, (x, y), xycoords=trans, ha=ha, va=va, fontsize=font,
            color=label_style["color"], annotation_clip=False,
        )  # fmt: skip
        ctx.tag(label, ids.data_row("label", r))
        drawn.append(label)
        if called_out:
            side = 1.0 if ha == "left" else -1.0
            xs, ys = leader_points(float(mid), (x - 0.03 * side, y))
            leader = Line2D(
                xs, ys, transform=trans, color=label_style["color"], linewidth=0.6
            )  # fmt: skip
            leader.set_clip_on(False)
            ctx.add(leader, ids.data_row("leader", r), z=2.5)
    ctx.after_axes.append(lambda: _room_for_labels(ctx, drawn))
    outer_show, outer_color, outer_width = borders["outer"]
    if outer_show and rows:
        if donut:
            rings = Path.make_compound_path(Path.circle((0, 0), 1.0), Path.circle((0, 0), hole))
            outline: Any = PathPatch(rings, fill=False, transform=trans)
        else:
            outline = Circle((0.0, 0.0), 1.0, fill=False, transform=trans)
        outline.set_edgecolor(outer_color)
        outline.set_linewidth(outer_width)
        outline.set_clip_on(False)
        ctx.add(outline, "border/outer", z=2.0)
    if donut and opts.get("showTotal"):
        prefix = opts.get("totalPrefix")
        body = f"{number_text(total, 4)}{opts.get('totalSuffix') or ''}"
        text = f"Total\n{body}" if prefix is None else f"{prefix}{body}"
        t = ctx.ax.annotate(
            safe(text), (0.0, 0.0), xycoords=trans, ha="center", va="center",
            fontsize=float(opts.get("totalFontSize", 12.0)) or 12.0,
            color=ctx.theme.foreground, annotation_clip=False,
        )  # fmt: skip
        ctx.tag(t, "total")


def _room_for_labels(ctx: DrawContext, labels: list[Any]) -> None:
    """Widen the figure until the pie's labels (long names beside it, or in its call-outs)
    stand inside it whole; a warning when even the widest figure cuts them."""
    if not widen_for(ctx.fig, ctx.ax, labels):
        add_warning(
            ctx,
            CAPPED,
            "the pie's labels reach past the widest output (3,000 pt) and are cut off at its "
            "edges; shorter row labels would show them whole",
        )


def _say_unlabelled(ctx: DrawContext, i: int, left: int, parts: int) -> None:
    add_warning(
        ctx,
        THINNED,
        f"{left:,} of the {parts:,} parts of data set {ctx.ds_name(i)!r} are not labelled: "
        "their call-outs do not fit beside the pie (the largest parts are labelled); a dot "
        "plot (parts-dot-plot) labels every part",
    )


def draw_slices(
    ctx: DrawContext,
    i: int,
    rows: list[int],
    values: list[float],
    labels: list[str],
    borders: Borders,
) -> None:
    """The bar fills the plot area, whose box is shrunk to the bar's shape (length by width)."""
    opts = ctx.options
    length = float(opts.get("graphicSizePt", 216.0)) or 216.0
    thick = max(28.0, length * 0.16)
    vertical = opts.get("orientation") == "vertical"
    trans = ctx.ax.transAxes
    _hide_axes(ctx)
    ctx.ax.set_box_aspect(length / thick if vertical else thick / length)
    ctx.preferred_width_pt = thick if vertical else length
    total = float(sum(values))
    inner_show, inner_color, inner_width = borders["inner"]
    font = float(ctx.style("pointLabel", i)["fontSize"])
    pos = 0.0
    for r, v, text in zip(rows, values, labels, strict=True):
        share = v / total
        st = part_style(ctx, i, r)
        xy = (0.0, pos) if vertical else (pos, 0.0)
        w, h = (1.0, share) if vertical else (share, 1.0)
        rect = Rectangle(
            xy, w, h, facecolor=st["fill"],
            edgecolor=inner_color if inner_show else "none",
            linewidth=inner_width if inner_show else 0.0, transform=trans,
        )  # fmt: skip
        rect.set_clip_on(False)
        ctx.add(rect, ids.data_row("slice", r), z=1.0)
        words = percent_text(share)
        seg = share * length
        if seg >= len(words) * font * 0.62 + 4 and (not vertical or seg >= font + 4):
            t = ctx.ax.annotate(
                safe(words), (xy[0] + w / 2, xy[1] + h / 2), xycoords=trans, ha="center",
                va="center", fontsize=font, color=contrast_text(st["fill"]),
                annotation_clip=False,
            )  # fmt: skip
            ctx.tag(t, ids.data_row("label", r))
        ctx.legend_entry(
            ids.data_row("slice", r),
            Rectangle((0, 0), 1, 1, facecolor=st["fill"], edgecolor=st["borderColor"]),
            text,
        )
        pos += share
    outer_show, outer_color, outer_width = borders["outer"]
    if outer_show and rows:
        outline = Rectangle((0.0, 0.0), 1.0, 1.0, fill=False, transform=trans)
        outline.set_edgecolor(outer_color)
        outline.set_linewidth(outer_width)
        outline.set_clip_on(False)
        ctx.add(outline, "border/outer", z=2.0)
