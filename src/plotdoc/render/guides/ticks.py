"""Where the ticks of a continuous axis stand and how they read.

A linear axis ends on major ticks (no margin past the last label), never across zero when
the data keep to one side of it; an automatic one counts in the nice step (1, 2, 2.5 or 5
times a power of ten) that leaves the least empty room past the data with 3 to 9 intervals.
A log axis has its major ticks at the powers of its base (with 2 and 5 in a span under two
decades) and ends on them, written by the one number rule (0.1, 1, 10) or as 10ⁿ beyond five
decades; its minor ticks carry no label; values of zero or below, which it cannot show, add a
warning to the drawing.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
from matplotlib.axis import Axis
from matplotlib.ticker import (
    FuncFormatter,
    LogLocator,
    MaxNLocator,
    MultipleLocator,
    NullFormatter,
)

from ...contract.entries import MEAN, is_summary
from ..context import DrawContext
from ..notices import CAPPED, add_warning
from ..style.numbers import number_text, power_text
from ..style.scales import nice_range
from ..style.text import clamp

#: decades (base 10) or doublings (base 2) beyond which log ticks read 10ⁿ (2ⁿ)
_WIDE_SPAN = {10: 5.0, 2: 10.0}


def major_step(conf: Mapping[str, Any]) -> float | None:
    interval = conf.get("majorInterval", "auto")
    step = clamp(interval, 0.0, 1e100, 0.0) if interval != "auto" else 0.0
    return step or None


def end_on_ticks(
    axis: Axis, lo: float, hi: float, data: tuple[float, float], step: float | None
) -> tuple[float, float]:
    """``lo..hi`` widened to the nearest major ticks, so that the axis ends on a labelled
    tick; never across zero when the data keep to one side of it."""
    if not (math.isfinite(lo) and math.isfinite(hi)) or hi <= lo:
        return lo, hi
    if data[0] >= 0 > lo:
        lo = 0.0
    if data[1] <= 0 < hi:
        hi = 0.0
    if step and not steps_fit(step, lo, hi):  # the axes draw such an interval as automatic
        step = None
    if step is None and isinstance(axis.get_major_locator(), MaxNLocator):
        tight = _tight_range(axis, lo, hi, data)
        if tight is not None:
            return tight
    locator = MultipleLocator(step) if step else axis.get_major_locator()
    if not isinstance(locator, MaxNLocator | MultipleLocator):
        return lo, hi
    for _ in range(3):  # a wider range may change the locator's step
        ticks = np.asarray(locator.tick_values(lo, hi), dtype=np.float64)
        if ticks.size < 2:
            break
        gap = float(ticks[1] - ticks[0])
        if not gap > 0 or (hi - lo) / gap > MAX_TICKS:
            break
        new_lo = math.floor(lo / gap + 1e-9) * gap
        new_hi = math.ceil(hi / gap - 1e-9) * gap
        if (new_lo, new_hi) == (lo, hi):
            break
        lo, hi = new_lo, new_hi
    return lo, hi


#: room kept past the data at an end the axis is free to place, in parts of the data's span
#: (none: symbols overhang the plot area's edge, see ``marks.primitives.overhang``)
DATA_PAD = 0.0
#: matplotlib's automatic margin, in parts of the data's span
AUTO_MARGIN = 0.05


def _tight_range(
    axis: Axis, lo: float, hi: float, data: tuple[float, float]
) -> tuple[float, float] | None:
    """The automatic range: the nice step (:func:`~plotdoc.render.style.scales.nice_range`)
    that wastes the least room past the data, with as many intervals as the axis has room
    for labels (3 to 9); the axis counts in that step. A zero end (a bar's baseline, or the
    data keeping to one side of zero) stays where it is."""
    d_lo, d_hi = data
    span = d_hi - d_lo
    pad, margin = DATA_PAD * span, AUTO_MARGIN * span * (1 + 1e-6)
    # the automatic 5 % margin shrinks to the pad; a zero end or a wider margin a mark asked
    # for (room for the largest bubble) stays
    need_lo = d_lo - pad if lo != 0.0 and d_lo - margin <= lo < d_lo - pad else lo
    need_hi = d_hi + pad if hi != 0.0 and d_hi + pad < hi <= d_hi + margin else hi
    if d_lo >= 0.0 > need_lo:
        need_lo = 0.0
    if d_hi <= 0.0 < need_hi:
        need_hi = 0.0
    room = max(3, min(9, axis.get_tick_space()))
    found = nice_range(need_lo, need_hi, max_intervals=room)
    if found is None:
        return None
    start, end, step = found
    axis.set_major_locator(ChosenStep(step, start, end))
    return start, end


class ChosenStep(MaxNLocator):
    """Ticks every ``step`` on the range they were chosen for; on any other range (one the
    file sets, for example) the automatic ticks."""

    def __init__(self, step: float, start: float, end: float) -> None:
        super().__init__(nbins="auto", steps=[1, 2, 2.5, 5, 10])
        self.step, self.start, self.end = step, start, end

    def tick_values(self, vmin: float, vmax: float) -> Any:
        lo, hi = min(vmin, vmax), max(vmin, vmax)
        tol = 1e-9 * (self.end - self.start)
        if abs(lo - self.start) <= tol and abs(hi - self.end) <= tol:
            return MultipleLocator(self.step).tick_values(vmin, vmax)
        return super().tick_values(vmin, vmax)


def log_ends(lo: float, hi: float, base: int) -> tuple[float, float]:
    """``lo..hi`` (both > 0) widened to the major ticks :func:`log_ticks` draws on the widened
    range: powers of ``base``, or 1, 2 and 5 times a power of ten on a base-10 axis spanning
    under two decades."""
    if not (lo > 0 and hi > lo and math.isfinite(lo) and math.isfinite(hi)):
        return lo, hi
    for mults in ((1.0, 2.0, 5.0), (1.0,)) if base == 10 else ((1.0,),):
        k_lo = math.floor(math.log(lo, base) + 1e-9)
        k_hi = math.ceil(math.log(hi, base) - 1e-9)
        below = [m * base**k for k in (k_lo - 1, k_lo) for m in mults]
        above = [m * base**k for k in (k_hi - 1, k_hi) for m in mults]
        new_lo = max(v for v in below if v <= lo * (1 + 1e-9))
        new_hi = min(v for v in above if v >= hi * (1 - 1e-9))
        if not (new_lo > 0 and math.isfinite(new_hi)):
            return lo, hi  # a power past the floats' range (under 5e-324 or over 1.8e308)
        # as a difference of logarithms: new_hi / new_lo overflows for far-apart ends
        if len(mults) == 1 or math.log(new_hi, base) - math.log(new_lo, base) < 2.0:
            return new_lo, new_hi
    return lo, hi  # pragma: no cover - the loop always returns


def log_ticks(axis: Axis, base: int, lo: float, hi: float) -> None:
    """Major ticks at the powers of ``base`` (with 2 and 5 in a span under two decades), labelled
    0.1, 1, 10, or 10ⁿ when the span is wide; minor ticks unlabelled."""
    # as a difference of logarithms: hi / lo under- or overflows for far-apart ends (1e-262)
    span = abs(math.log(hi, base) - math.log(lo, base)) if lo > 0 and hi > 0 else 0.0
    subs = (1.0, 2.0, 5.0) if span < 2.0 and base == 10 else (1.0,)
    axis.set_major_locator(LogLocator(base=base, subs=subs, numticks=12))
    wide = span > _WIDE_SPAN[base]

    def label(value: float, _pos: int | None = None) -> str:
        return power_text(value, base) if wide else number_text(value)

    axis.set_major_formatter(FuncFormatter(label))
    axis.set_minor_formatter(NullFormatter())


def warn_unshowable(ctx: DrawContext, is_x: bool, value_role: bool) -> None:
    """A warning for values of zero or below, which a log axis cannot place."""
    family = ctx.graph.plot.family
    if family in ("multipleVariables", "parts") or (family == "survival" and value_role):
        return
    table = ctx.table
    if value_role:
        # a table of summary data draws its means (its SDs, SEMs and Ns are not values)
        summary = is_summary(table.entry)
        values = [
            table.data_sets[i].values[:, MEAN] if summary else table.data_sets[i].values.reshape(-1)
            for i in ctx.visible_data_sets()
        ]
        found = np.concatenate(values) if values else np.empty(0)
    else:
        found = table.x if table.x is not None else np.empty(0)
    found = np.asarray(found, dtype=np.float64)
    count = int(np.count_nonzero(found[np.isfinite(found)] <= 0))
    if count:
        name = "X" if is_x else "Y"
        what = "value" if count == 1 else "values"
        ctx.warnings.append(
            f"{count} {what} of zero or below cannot be shown on the log {name} axis "
            "and are left out"
        )


def value_end_is_set(ctx: DrawContext) -> bool:
    """Whether the file sets the far end (``rangeMax``) of the value axis (``leftY``)."""
    conf = (ctx.graph.axes or {}).get("leftY", {})
    return bool(conf.get("rangeMax", "auto") != "auto")


def grow_value_axis(ctx: DrawContext, top: float) -> None:
    """Widen the automatic value axis to reach ``top`` (room for brackets), still ending on a
    major tick; a minimum the file sets stays."""
    conf = (ctx.graph.axes or {}).get("leftY", {})
    is_x = ctx.horizontal
    axis = ctx.ax.xaxis if is_x else ctx.ax.yaxis
    now = ctx.ax.get_xlim() if is_x else ctx.ax.get_ylim()
    lo, hi = min(now), max(now)
    if not top > hi:
        return
    scale = conf.get("scale", "linear")
    if scale == "linear":
        new_lo, new_hi = end_on_ticks(axis, lo, top, (lo, top), major_step(conf))
        if conf.get("rangeMin", "auto") != "auto":
            new_lo = lo
    else:
        base = 10 if scale == "log10" else 2
        new_lo, new_hi = lo, log_ends(lo, top, base)[1]
        log_ticks(axis, base, new_lo, new_hi)
    new_hi = max(new_hi, top)
    reversed_ = now[0] > now[1]
    (ctx.ax.set_xlim if is_x else ctx.ax.set_ylim)(
        (new_hi, new_lo) if reversed_ else (new_lo, new_hi)
    )


#: the most major ticks a ``majorInterval`` may put on an axis
MAX_TICKS = 200
#: the most steps a tick may stand from zero: past it, a float cannot tell one multiple of
#: the step from the next (at 1e162 steps, matplotlib counted billions of ticks in 1e-160)
MAX_STEPS_OUT = 2.0**50


def steps_fit(step: float, lo: float, hi: float) -> bool:
    """Whether ticks every ``step`` can be drawn on ``lo..hi``: at most :data:`MAX_TICKS` of
    them, each a whole number of steps a float tells apart from the next."""
    span, far = abs(hi - lo), max(abs(lo), abs(hi))
    return (
        step > 0 and math.isfinite(far) and span <= MAX_TICKS * step and far <= MAX_STEPS_OUT * step
    )


class EveryStep(MultipleLocator):
    """Ticks every ``step``. On a range where they do not fit (:func:`steps_fit`; a range
    that changed after the step was set: the right axis follows the left one's final
    range), automatic ticks instead, and ``capped(lo, hi)`` is told once."""

    def __init__(self, step: float, capped: Callable[[float, float], None] | None = None) -> None:
        super().__init__(step)
        self.step = step
        self.capped = capped

    def tick_values(self, vmin: float, vmax: float) -> Any:
        if steps_fit(self.step, vmin, vmax):
            return super().tick_values(vmin, vmax)
        if self.capped is not None:
            self.capped(vmin, vmax)
            self.capped = None  # said once
        if not (math.isfinite(vmin) and math.isfinite(vmax)):
            return np.array([])
        return MaxNLocator(nbins="auto").tick_values(vmin, vmax)


def too_many_ticks(ctx: DrawContext, key: str, step: float, lo: float, hi: float) -> None:
    """A majorInterval whose ticks do not fit its axis (:func:`steps_fit`): automatic ticks,
    said."""
    count = abs(hi - lo) / step
    if count > MAX_TICKS or not math.isfinite(count):
        many = f"{count:,.0f}" if count < 1e12 else f"{count:.1e}"
        why = f"would put {many} ticks on the axis"
        bound = f"the bound is {MAX_TICKS} ticks"
    else:
        why = f"is too fine for values as far from zero as {max(abs(lo), abs(hi)):g}"
        bound = f"ticks stand at most {MAX_STEPS_OUT:.0e} steps from zero"
    add_warning(
        ctx,
        CAPPED,
        f"{key} majorInterval {step:g} {why}; drawn with automatic ticks ({bound})",
        ("graph", "axesOverrides", key, "majorInterval"),
    )
