"""Annotation positions in data units (``coordinates: data``, schema version 2) as points.

``x`` counts along the horizontal axis as drawn and ``y`` along the vertical one: the value
itself on a continuous axis (linear or log, reversed or not), the category's place on a
category axis (0 is the first category's centre, 1 the second's, between and beyond them in
proportion). :func:`to_points` turns an annotation's positions into points from the plot area's
lower-left corner once the axes are final, so the drawing code has one unit to draw in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..context import DrawContext
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


def _category_value(ctx: DrawContext, axis: str, place: float) -> float:
    """The axis value of category place ``place`` (tick k at place k)."""
    ticks = np.sort(np.asarray((ctx.ax.xaxis if axis == "x" else ctx.ax.yaxis).get_majorticklocs()))
    if ticks.size == 0:
        return place
    if ticks.size == 1:
        return float(ticks[0] + place)
    k = int(np.clip(np.floor(place), 0, ticks.size - 2))
    return float(ticks[k] + (place - k) * (ticks[k + 1] - ticks[k]))


def _category_axis(ctx: DrawContext) -> str | None:
    if not ctx.categorical:
        return None
    return "y" if ctx.horizontal else "x"


def point_to_pt(
    ctx: DrawContext, x: float, y: float, where: tuple[str | int, ...] = ()
) -> tuple[float, float]:
    """(x, y) in data units as points from the plot area's lower-left corner."""
    ax = ctx.ax
    if ctx.graph.plot.family == "partsOfWhole" or not ax.axison:
        raise Unplaceable(f"{ctx.variant.id} has no axes to place data units on", where)
    cat = _category_axis(ctx)
    values = {"x": float(x), "y": float(y)}
    for axis in ("x", "y"):
        if axis == cat:
            values[axis] = _category_value(ctx, axis, values[axis])
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


def pt_to_point(ctx: DrawContext, x_pt: float, y_pt: float) -> tuple[float, float] | None:
    """Points from the plot area's lower-left corner as data units (the inverse of
    :func:`point_to_pt`); None on a graph without axes."""
    ax = ctx.ax
    if ctx.graph.plot.family == "partsOfWhole" or not ax.axison:
        return None
    corner = ax.transAxes.transform((0.0, 0.0))
    shown = corner + np.array([x_pt, y_pt]) * (ctx.fig.dpi / 72.0)
    dx, dy = (float(v) for v in ax.transData.inverted().transform(shown))
    cat = _category_axis(ctx)
    if cat is not None:
        ticks = np.sort(
            np.asarray((ax.xaxis if cat == "x" else ax.yaxis).get_majorticklocs(), dtype=float)
        )
        value = dx if cat == "x" else dy
        if ticks.size >= 2:
            k = int(np.clip(np.searchsorted(ticks, value) - 1, 0, ticks.size - 2))
            place = k + (value - ticks[k]) / (ticks[k + 1] - ticks[k])
        else:
            place = value - (float(ticks[0]) if ticks.size else 0.0)
        dx, dy = (place, dy) if cat == "x" else (dx, place)
    return dx, dy


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
