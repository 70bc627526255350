"""The right Y axis (``axesOverrides.rightY``): a mirror of the left one, or its own linear
scale over the same height, with its own ticks, number format and label size."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np
from matplotlib.ticker import AutoMinorLocator

from ..context import DrawContext
from ..style.numbers import NumberFormat
from ..style.text import clamp
from ..style.tick_labels import TickFormatter
from .ticks import EveryStep, steps_fit, too_many_ticks


def right_axis(ctx: DrawContext, conf: Mapping[str, Any]) -> Any:
    """The right Y axis: a mirror of the left one, or, with its own range or reverse, a
    linear scale whose ends stand at the left axis's bottom and top."""
    ax = ctx.ax
    rmin, rmax = conf.get("rangeMin", "auto"), conf.get("rangeMax", "auto")
    reverse = bool(conf.get("reverse"))
    if rmin == "auto" and rmax == "auto" and not reverse:
        sec = ax.secondary_yaxis("right")
    else:

        def ends() -> tuple[float, float, float, float]:
            bottom, top = ax.get_ylim()  # read when drawn: later parts may widen the axis
            lo = min(bottom, top) if rmin == "auto" else clamp(rmin, -1e100, 1e100, bottom)
            hi = max(bottom, top) if rmax == "auto" else clamp(rmax, -1e100, 1e100, top)
            if not (math.isfinite(lo) and math.isfinite(hi)) or lo == hi or bottom == top:
                return bottom, top, bottom, top  # nothing to scale: a mirror
            with np.errstate(over="ignore", under="ignore"):  # numpy floats: said below
                ratio = abs((hi - lo) / (top - bottom))
            if not 0 < ratio < 1e300:
                return bottom, top, bottom, top  # a scale past the floats' range: a mirror
            return (bottom, top, *((hi, lo) if reverse else (lo, hi)))

        def forward(y: Any) -> Any:
            b, t, rb, rt = ends()
            return rb + (np.asarray(y, dtype=float) - b) * ((rt - rb) / (t - b))

        def inverse(v: Any) -> Any:
            b, t, rb, rt = ends()
            return b + (np.asarray(v, dtype=float) - rb) * ((t - b) / (rt - rb))

        sec = ax.secondary_yaxis("right", functions=(forward, inverse))
    axis = sec.yaxis
    interval = conf.get("majorInterval", "auto")
    if interval != "auto":
        step = clamp(interval, 0.0, 1e100, 0.0)
        lo, hi = (float(v) for v in np.sort(np.asarray(sec.get_ylim(), dtype=float)))
        if steps_fit(step, lo, hi):
            # the range is read again when drawn: it follows the left axis's final range
            axis.set_major_locator(
                EveryStep(step, lambda a, b: too_many_ticks(ctx, "rightY", step, a, b))
            )
        elif step > 0:
            too_many_ticks(ctx, "rightY", step, lo, hi)
    minor = conf.get("minorTicks", "auto")
    # as on the left axis, a number of minor ticks divides linear steps only: on a log scale
    # the steps between major ticks span decades, and dividing them evenly asked numpy for
    # an array of 10^16 ticks
    if minor != "auto" and int(minor) > 0 and ax.get_yscale() == "linear":
        axis.set_minor_locator(AutoMinorLocator(int(minor) + 1))
    axis.set_major_formatter(TickFormatter(NumberFormat.of(conf.get("numberFormat", {}))))
    size = conf.get("labelFontSize")
    if size:
        sec.tick_params(labelsize=clamp(size, 1.0, 144.0, ctx.theme.shapes.font_size))
    return sec
