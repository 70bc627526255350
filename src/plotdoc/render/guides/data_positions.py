"""Annotation positions in data units (``coordinates: data``, schema version 2) as points.

``x`` counts along the horizontal axis as drawn and ``y`` along the vertical one: the value
itself on a continuous axis (linear or log, reversed or not), the category's place on a
category axis (0 is the first category's centre, 1 the second's, between and beyond them in
proportion). :func:`to_points` turns an annotation's positions into points from the plot area's
lower-left corner once the axes are final, so the drawing code has one unit to draw in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ..context import DrawContext, category_axis_of
from ..style.text import clamp

#: the largest distance (points) from the plot area a position is drawn at, as for points
_BOUND_PT = 5000.0


class Unplaceable(ValueError):
    """A position the graph's axes cannot show; ``where`` is its path in the annotation."""

    def __init__(self, message: str, where: tuple[str | int, ...] = ()) -> None:
        super().__init__(message)
        self.where = where

    def path(self, n: int) -> tuple[str | int, ...]:
        """The path of the position in the table, for annotation ``n``."""
        return ("annotations", n, *self.where)


def place_to_value(ticks: Sequence[float], place: float) -> float:
    """The axis value of category place ``place`` (the k-th tick at place k; between and
    beyond the ticks in proportion)."""
    t = sorted(ticks)
    if not t:
        return place
    if len(t) == 1:
        return t[0] + place
    k = int(np.clip(np.floor(place), 0, len(t) - 2))
    return t[k] + (place - k) * (t[k + 1] - t[k])


def value_to_place(ticks: Sequence[float], value: float) -> float:
    """The category place of axis value ``value`` (the inverse of :func:`place_to_value`)."""
    t = sorted(ticks)
    if not t:
        return value
    if len(t) == 1:
        return value - t[0]
    k = int(np.clip(np.searchsorted(t, value) - 1, 0, len(t) - 2))
    return k + (value - t[k]) / (t[k + 1] - t[k])


def point_to_pt(
    ctx: DrawContext, x: float, y: float, where: tuple[str | int, ...] = ()
) -> tuple[float, float]:
    """(x, y) in data units as points from the plot area's lower-left corner."""
    ax = ctx.ax
    if ctx.graph.plot.family == "partsOfWhole" or not ax.axison:
        raise Unplaceable(f"{ctx.variant.id} has no axes to place data units on", where)
    cat, ticks = category_axis_of(ax) or (None, ())
    values = {"x": float(x), "y": float(y)}
    for axis in ("x", "y"):
        if axis == cat:
            values[axis] = place_to_value(ticks, values[axis])
        elif (ax.get_xscale() if axis == "x" else ax.get_yscale()) != "linear" and not (
            values[axis] > 0
        ):
            raise Unplaceable(
                f"its {axis} ({values[axis]:g}) is not above 0, which the log "
                f"{axis.upper()} axis cannot show",
                (*where, axis),
            )
    shown = ax.transData.transform((values["x"], values["y"]))
    corner = ax.transAxes.transform((0.0, 0.0))
    scale = 72.0 / ctx.fig.dpi
    out = (shown - corner) * scale
    return (
        clamp(float(out[0]), -_BOUND_PT, _BOUND_PT, 0.0),
        clamp(float(out[1]), -_BOUND_PT, _BOUND_PT, 0.0),
    )


def to_points(ctx: DrawContext, kind: str, props: Mapping[str, Any]) -> dict[str, Any]:
    """The props of a text or shape annotation in data units, with positions in points."""
    out = dict(props)
    if kind == "text":
        out["x"], out["y"] = point_to_pt(ctx, props.get("x", 0.0), props.get("y", 0.0))
    else:
        out["points"] = [
            dict(zip(("x", "y"), point_to_pt(ctx, q["x"], q["y"], ("points", i)), strict=True))
            for i, q in enumerate(props.get("points", []))
        ]
    out["coordinates"] = "points"
    return out
