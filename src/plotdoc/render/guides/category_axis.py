"""The category axis of grouped and contingency graphs: row labels, and data set names for
the ``separated`` arrangement."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from matplotlib.axis import Axis
from matplotlib.backend_bases import RendererBase
from matplotlib.text import Text
from matplotlib.transforms import Bbox

from .. import ids
from ..caps import GUIDE_REACH_IN
from ..context import DrawContext
from ..notices import CAPPED, add_warning
from ..positions.arrangements import GroupedLayout
from ..positions.slots import CategoryLayout
from ..style.text import safe


def set_grouped_categories(ctx: DrawContext, lay: GroupedLayout) -> None:
    """Row labels on the category axis; for ``separated``, data set names beyond them.

    The names stand just outside the row labels (measured when drawn, so rotated labels are
    cleared), and the axis title is moved out to make room.
    """
    ticks = [t.position for t in lay.ticks]
    labels = [t.label for t in lay.ticks]
    ctx.set_categories(CategoryLayout({}, lay.width, (lay.lo, lay.hi), ticks, labels))
    size = ctx.theme.shapes.font_size
    longest_label = max((len(s) for s in labels), default=1)
    per_label = longest_label * size * 0.65 + 14.0
    gaps = np.diff(ticks) if len(ticks) > 1 else np.array([lay.hi - lay.lo])
    spacing = float(gaps.min()) if gaps.size and gaps.min() > 0 else 1.0
    # wide enough for the row labels to stand side by side, without rotation when possible
    ctx.preferred_width_pt = float(
        np.clip(
            max(24.0 * (lay.hi - lay.lo), per_label * (lay.hi - lay.lo) / spacing), 160.0, 520.0
        )
    )
    if not lay.group_ticks:
        return
    axis = ctx.ax.yaxis if ctx.horizontal else ctx.ax.xaxis

    def beyond_labels(renderer: RendererBase) -> Bbox:
        boxes = [
            t.get_window_extent(renderer)
            for t in axis.get_ticklabels()
            if t.get_visible() and t.get_text()
        ]
        return Bbox.union(boxes) if boxes else ctx.ax.get_window_extent(renderer)

    names = []
    for k, t in enumerate(lay.group_ticks):
        if ctx.horizontal:
            text = ctx.ax.annotate(
                safe(t.label), (0.0, t.position), xycoords=(beyond_labels, "data"),
                xytext=(-4.0, 0.0), textcoords="offset points", ha="right", va="center",
                fontsize=size, fontweight="bold", annotation_clip=False,
            )  # fmt: skip
        else:
            text = ctx.ax.annotate(
                safe(t.label), (t.position, 0.0), xycoords=("data", beyond_labels),
                xytext=(0.0, -3.0), textcoords="offset points", ha="center", va="top",
                fontsize=size, fontweight="bold", annotation_clip=False,
            )  # fmt: skip
        ctx.tag(text, ids.ds(ids.GROUP_NAME, k))
        names.append(text)
    longest = max(len(t.label) for t in lay.group_ticks)
    axis.labelpad = 4.0 + (size * 0.62 * longest + 6 if ctx.horizontal else size * 1.5)
    if not ctx.horizontal:
        ctx.after_axes.append(lambda: _turn_if_crowded(ctx, names, axis, size))
    ctx.after_axes.append(lambda: _say_if_cut(ctx, names))


def _say_if_cut(ctx: DrawContext, names: Sequence[Text]) -> None:
    """Warn when data set names, beyond row labels that take much room (long ones, turned),
    reach further than an output shows (:data:`~plotdoc.render.caps.GUIDE_REACH_IN`)."""
    fig = ctx.fig
    renderer = fig._get_renderer()  # type: ignore[attr-defined]
    reach = GUIDE_REACH_IN * fig.dpi
    width, height = (float(v) * fig.dpi for v in fig.get_size_inches())
    cut = [
        n
        for n in names
        if (b := n.get_window_extent(renderer)).x0 < -reach
        or b.y0 < -reach
        or b.x1 > width + reach
        or b.y1 > height + reach
    ]
    if cut:
        add_warning(
            ctx,
            CAPPED,
            f"{len(cut)} of the {len(names)} data set names beyond the row labels reach past "
            "the output's edge and are cut off; shorter row labels, or a label rotation that "
            "takes less room (axesOverrides.xCategorical.labelRotation), would show them",
        )


def _turn_if_crowded(ctx: DrawContext, names: Sequence[Text], axis: Axis, size: float) -> None:
    """Data set names wider than the room between groups (many data sets, long names) are
    turned by 45 degrees, ending under their group's middle, and the axis title moves down
    below them; names that fit stay level."""
    if len(names) < 2:
        return
    renderer = ctx.fig._get_renderer()  # type: ignore[attr-defined]
    widths = [float(n.get_window_extent(renderer).width) for n in names]
    centres = np.sort([float(n.xy[0]) for n in names])  # type: ignore[attr-defined]
    px = ctx.ax.transData.transform(np.column_stack([centres, np.zeros_like(centres)]))[:, 0]
    room = float(np.min(np.abs(np.diff(px))))
    if max(widths) <= 0.95 * room:
        return
    for name in names:
        name.set_rotation(45.0)
        name.set_horizontalalignment("right")
        name.set_rotation_mode("anchor")
    longest_pt = max(widths) * 72.0 / float(ctx.fig.dpi)
    axis.labelpad = 4.0 + longest_pt * 0.71 + size * 1.2
