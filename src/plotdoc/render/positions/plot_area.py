"""Positions in points relative to the plot area (pies, text and shape annotations), and room
for labels beside it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.transforms import Affine2D, Affine2DBase, ScaledTranslation, Transform

from ..measuring import measuring_renderer

#: the widest figure (inches) labels beside the plot area may widen it to (plotGeometry's
#: largest width, 3,000 pt)
MAX_WIDTH_IN = 3000.0 / 72.0


def points_transform(
    ax: Axes, scale_pt: float = 1.0, origin: tuple[float, float] = (0.0, 0.0)
) -> Transform:
    """(x, y) in units of ``scale_pt`` points from ``origin`` (a fraction of the plot area;
    (0, 0) is its lower-left corner, (0.5, 0.5) its middle) to display coordinates."""
    start = ScaledTranslation(origin[0], origin[1], cast(Affine2DBase, ax.transAxes))
    return Affine2D().scale(scale_pt / 72.0) + ax.figure.dpi_scale_trans + start


def widen_for(fig: Figure, ax: Axes, texts: Sequence[Any], gap_pt: float = 0.0) -> bool:
    """Widen ``fig`` on the left and on the right, the plot area ``ax`` kept at its size and
    moved with what is drawn around it, until ``texts`` (as drawn, in their final font) stand
    inside the figure, ``gap_pt`` from its edges; at most to :data:`MAX_WIDTH_IN`. False
    when that was not enough (the texts reach past the figure's edges)."""
    if not texts:
        return True
    dpi = fig.dpi
    renderer = measuring_renderer(float(dpi))
    boxes = [t.get_window_extent(renderer) for t in texts]
    width, height = (float(v) for v in fig.get_size_inches())
    gap = gap_pt / 72.0
    left = max(0.0, gap - min(b.x0 for b in boxes) / dpi)
    # (what stands right of the plot area moves right with it, by ``left``)
    right = max(0.0, max(b.x1 for b in boxes) / dpi + left - (width - gap))
    if not (left or right):
        return True
    room = max(MAX_WIDTH_IN - width, 0.0)
    fits = bool(left + right <= room)
    if not fits:  # each side its share of the room there is
        left, right = (room * left / (left + right), room * right / (left + right))
    pos = ax.get_position()
    wide = width + left + right
    fig.set_size_inches(wide, height)
    ax.set_position(((pos.x0 * width + left) / wide, pos.y0, pos.width * width / wide, pos.height))
    return fits
