"""Positions in points relative to the plot area (pies, text and shape annotations)."""

from __future__ import annotations

from typing import cast

from matplotlib.axes import Axes
from matplotlib.transforms import Affine2D, Affine2DBase, ScaledTranslation, Transform


def points_transform(
    ax: Axes, scale_pt: float = 1.0, origin: tuple[float, float] = (0.0, 0.0)
) -> Transform:
    """(x, y) in units of ``scale_pt`` points from ``origin`` (a fraction of the plot area;
    (0, 0) is its lower-left corner, (0.5, 0.5) its middle) to display coordinates."""
    start = ScaledTranslation(origin[0], origin[1], cast(Affine2DBase, ax.transAxes))
    return Affine2D().scale(scale_pt / 72.0) + ax.figure.dpi_scale_trans + start
