"""axesOverrides: frame, origin, hidden axes, grids, ranges, scales, ticks, number format, fonts.

The continuous settings apply by role: ``xContinuous`` to the X axis of xy and survival
graphs, ``leftY`` to the value axis (which runs along X in a flipped or horizontal graph),
``xCategorical`` to the category axis of column, nested and grouped graphs. A forest plot
has its rows on Y and its values on X: ``xContinuous``, with ``leftY``'s scale and range where
it leaves them at their defaults, sets its X axis, and no value setting touches the rows.
``rightY`` with ``show`` adds a right axis mirroring the left one; its own ``rangeMin``,
``rangeMax`` and ``reverse`` give it another scale over the same height (the left axis's
bottom and top read as the right range's ends), and its ticks and numbers follow its own
``majorInterval``, ``minorTicks``, ``numberFormat`` and ``labelFontSize``.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Mapping
from typing import Any

import numpy as np
from matplotlib.axis import Axis
from matplotlib.font_manager import FontProperties
from matplotlib.ticker import (
    AutoMinorLocator,
    FixedFormatter,
    NullLocator,
    ScalarFormatter,
)

from ..context import DrawContext
from ..style.numbers import NumberFormat
from ..style.text import clamp, font_family
from ..style.theme import DASHES, resolve_color
from ..style.tick_labels import TickFormatter
from .category_labels import category_texts, fit_level, own_labels, thin_category_labels
from .right_axis import right_axis
from .ticks import (
    EveryStep,
    end_on_ticks,
    log_ends,
    log_ticks,
    major_step,
    steps_fit,
    too_many_ticks,
    warn_unshowable,
)

_TICK_LEN = {"short": 2.0, "normal": 4.0, "long": 7.0}


def apply_axes(ctx: DrawContext) -> None:
    ax = ctx.ax
    conf = ctx.graph.axes or {}
    fo = conf.get("frameAndOrigin", {})
    fg = ctx.theme.foreground
    color = resolve_color(fo.get("axisColor", "theme"), fg)
    thick = fo.get("axisThickness", "auto")
    width = ctx.theme.shapes.axis_width if thick == "auto" else clamp(thick, 0.0, 20.0, 1.0)

    value_axis, cat_axis = (ax.xaxis, ax.yaxis) if ctx.horizontal else (ax.yaxis, ax.xaxis)
    y_axis_conf = conf.get("leftY", {})
    anchor_right = False
    if ctx.categorical:
        _continuous(ctx, value_axis, y_axis_conf, value_role=True)
        anchor_right = _categorical(ctx, cat_axis, conf.get("xCategorical", {}))
    elif ctx.rows_on_y:
        _continuous(ctx, ax.xaxis, _value_axis_of_rows(conf), value_role=False)
    else:
        _continuous(ctx, ax.xaxis, conf.get("xContinuous", {}), value_role=False)
        _continuous(ctx, ax.yaxis, y_axis_conf, value_role=True)

    _frame(ctx, fo, color, width)
    if anchor_right and not own_labels(ctx):  # those draw their own labels
        end_labels_at_ticks(cat_axis)
    _fonts(ctx, conf.get("titlesAndFonts", {}))
    for which in ("majorGrid", "minorGrid"):
        g = fo.get(which, {})
        if g.get("show"):
            ax.grid(
                True,
                which="major" if which == "majorGrid" else "minor",
                axis="both" if not ctx.categorical else ("x" if ctx.horizontal else "y"),
                color=resolve_color(g.get("color", "theme"), ctx.theme.grid),
                linewidth=clamp(g.get("thickness", 0.5), 0.0, 20.0, 0.5),
                linestyle=DASHES.get(g.get("dashStyle", "solid"), "-"),
            )
            ax.set_axisbelow(True)
    right = conf.get("rightY", {})
    if right.get("show"):
        sec = right_axis(ctx, right)
        sec.tick_params(colors=color)
        sec.spines["right"].set_color(color)
        sec.spines["right"].set_linewidth(width)
        ctx.tag(sec, "axis/y-right")
    ctx.tag(ax.xaxis, "axis/x")
    ctx.tag(ax.yaxis, "axis/y")


#: leftY settings a forest's X axis takes when xContinuous leaves them at their defaults
_ROWS_VALUE_KEYS = {
    "scale": "linear",
    "rangeMin": "auto",
    "rangeMax": "auto",
    "majorInterval": "auto",
    "minorTicks": "auto",
    "reverse": False,
}


def _value_axis_of_rows(conf: Mapping[str, Any]) -> dict[str, Any]:
    """X axis settings of a graph with rows on Y: xContinuous, then leftY's scale and range."""
    out = dict(conf.get("xContinuous", {}))
    left = conf.get("leftY", {})
    for key, default in _ROWS_VALUE_KEYS.items():
        if out.get(key, default) == default and key in left:
            out[key] = left[key]
    return out


def _continuous(ctx: DrawContext, axis: Axis, conf: Mapping[str, Any], *, value_role: bool) -> None:
    ax = ctx.ax
    is_x = axis is ax.xaxis
    scale = conf.get("scale", "linear")
    with warnings.catch_warnings():
        # a log axis over data without positive values: the limits are set below instead
        warnings.filterwarnings("ignore", "Data has no positive values")
        if scale in ("log10", "log2"):
            base = 10 if scale == "log10" else 2
            (ax.set_xscale if is_x else ax.set_yscale)("log", base=base)
        ax.autoscale_view()
    lo, hi = ax.get_xlim() if is_x else ax.get_ylim()
    lo, hi = min(lo, hi), max(lo, hi)
    if value_role and ctx.value_axis_from_zero and scale == "linear":
        base_y = _baseline(ctx)
        data_lo, data_hi = _data_range(ctx, is_x)
        if data_lo >= base_y:
            lo = base_y
        if data_hi <= base_y:
            hi = base_y
    rmin, rmax = conf.get("rangeMin", "auto"), conf.get("rangeMax", "auto")
    if scale == "linear":
        step = major_step(conf)
        lim = ax.dataLim.intervalx if is_x else ax.dataLim.intervaly
        data = (float(min(lim)), float(max(lim))) if np.isfinite(lim).all() else (lo, hi)
        lo, hi = end_on_ticks(axis, lo, hi, data, step)
    if rmin != "auto":
        lo = clamp(rmin, -1e100, 1e100, lo)
    if rmax != "auto":
        hi = clamp(rmax, -1e100, 1e100, hi)
    if scale != "linear":
        hi = hi if hi > 0 else 1.0
        lo = lo if lo > 0 else hi / 1e3
        # end on major ticks around the data (without matplotlib's margin) where it is known
        lim = ax.dataLim.intervalx if is_x else ax.dataLim.intervaly
        d_lo, d_hi = float(min(lim)), float(max(lim))
        known = math.isfinite(d_lo) and math.isfinite(d_hi) and 0 < d_lo < d_hi
        ends = log_ends(*((d_lo, d_hi) if known else (lo, hi)), 10 if scale == "log10" else 2)
        lo = ends[0] if rmin == "auto" else lo
        hi = ends[1] if rmax == "auto" else hi
        lo = max(lo, hi * 1e-30)  # at most 30 decades: log tick locators overflow beyond
    lo, hi = clamp(lo, -1e100, 1e100, 0.0), clamp(hi, -1e100, 1e100, 1.0)
    if not (math.isfinite(lo) and math.isfinite(hi)) or lo == hi:
        lo, hi = (lo - 1, hi + 1) if math.isfinite(lo) else (0.0, 1.0)
    reverse = bool(conf.get("reverse"))
    if ctx.horizontal and ctx.categorical and not is_x:
        reverse = not reverse  # categories read top-down; keep the caller's order
    (ax.set_xlim if is_x else ax.set_ylim)((hi, lo) if reverse else (lo, hi))
    interval = conf.get("majorInterval", "auto")
    if interval != "auto" and scale == "linear":
        step = clamp(interval, 0.0, 1e100, 0.0)
        key = "leftY" if value_role and not ctx.rows_on_y else "xContinuous"
        if steps_fit(step, lo, hi):  # at most 200 ticks, each a step a float tells apart
            axis.set_major_locator(
                EveryStep(step, lambda a, b: too_many_ticks(ctx, key, step, a, b))
            )
        elif step > 0:
            too_many_ticks(ctx, key, step, lo, hi)
    minor = conf.get("minorTicks", "auto")
    if minor != "auto" and int(minor) > 0 and scale == "linear":
        axis.set_minor_locator(AutoMinorLocator(int(minor) + 1))
    elif scale == "linear":
        axis.set_minor_locator(NullLocator())
    if scale != "linear":
        base = 10 if scale == "log10" else 2
        log_ticks(axis, base, lo, hi)
        warn_unshowable(ctx, is_x, value_role)
    _ticks(ctx, axis, conf.get("ticks", {}), is_x)
    nf = NumberFormat.of(conf.get("numberFormat", {}))
    automatic = scale == "linear" and isinstance(axis.get_major_formatter(), ScalarFormatter)
    if automatic or nf != NumberFormat():
        # plotdoc's one number rule, automatic ticks included: full values, never an offset
        axis.set_major_formatter(TickFormatter(nf))
    size = conf.get("labelFontSize")
    if size:
        ax.tick_params(
            axis="x" if is_x else "y", labelsize=clamp(size, 1.0, 144.0, ctx.theme.shapes.font_size)
        )
    if conf.get("show") is False:
        axis.set_visible(False)


def _baseline(ctx: DrawContext) -> float:
    s = ctx.settings
    manual = s.get("baseline") == "manual"
    return clamp(s.get("baselineY", 0.0), -1e100, 1e100, 0.0) if manual else 0.0


def _data_range(ctx: DrawContext, is_x: bool) -> tuple[float, float]:
    col = 0 if is_x else 1
    vals = [p[:, col] for p in ctx.limits if p.size]
    if not vals:
        return (0.0, 0.0)
    lo = min(float(v.min()) for v in vals)
    hi = max(float(v.max()) for v in vals)
    return lo, hi


def _ticks(ctx: DrawContext, axis: Axis, conf: Mapping[str, Any], is_x: bool) -> None:
    direction = conf.get("direction")
    length = _TICK_LEN.get(conf.get("length", "normal"), 4.0)
    mpl_dir = "out"
    if direction == "none":
        length = 0.0
    elif direction == "both":
        mpl_dir = "inout"
    elif direction in ("up", "right"):
        mpl_dir = (
            "in" if (is_x and direction == "up") or (not is_x and direction == "right") else "out"
        )
    ctx.ax.tick_params(axis="x" if is_x else "y", which="major", direction=mpl_dir, length=length)
    ctx.ax.tick_params(
        axis="x" if is_x else "y", which="minor", direction=mpl_dir, length=length * 0.6
    )


def _categorical(ctx: DrawContext, axis: Axis, conf: Mapping[str, Any]) -> bool:
    """Category labels: rotation, size, the ones that fit. True when the rotated labels are
    to end at their ticks (see :func:`end_labels_at_ticks`)."""
    ax = ctx.ax
    is_x = axis is ax.xaxis
    rot = conf.get("labelRotation", "auto")
    texts = category_texts(axis)
    if texts is None:
        texts = [t.get_text() for t in axis.get_ticklabels()]
    size = conf.get("labelFontSize")
    if size:
        ax.tick_params(
            axis="x" if is_x else "y", labelsize=clamp(size, 1.0, 144.0, ctx.theme.shapes.font_size)
        )
    rotation, anchor_right = 0.0, False
    if rot == "stacked":
        texts = ["\n".join(s.split()) for s in texts]
        axis.set_major_formatter(FixedFormatter(texts))
    elif rot == "auto":
        longest = max((len(s) for s in texts), default=0)
        # long labels turn, and so do labels that would touch side by side in the plot's width
        if is_x and (
            longest * len(texts) > 48
            or not (own_labels(ctx) or fit_level(ctx, axis, tick_label_font(ctx, axis)))
        ):
            ax.tick_params(axis="x", labelrotation=45)
            rotation, anchor_right = 45.0, True
    else:
        rotation = float(rot)
        ax.tick_params(axis="x" if is_x else "y", labelrotation=rotation)
    # before any label is made: only the labels that fit are
    thin_category_labels(ctx, axis, rotation, tick_label_font(ctx, axis))
    _ticks(ctx, axis, conf.get("ticks", {}), is_x)
    axis.set_minor_locator(NullLocator())
    return anchor_right


def end_labels_at_ticks(axis: Axis) -> None:
    """Rotated labels end at their tick. Set once the frame is (an offset spine makes new
    ticks, which would lose the alignment)."""
    for t in axis.get_ticklabels():
        t.set_horizontalalignment("right")
        t.set_rotation_mode("anchor")


def tick_label_font(ctx: DrawContext, axis: Axis) -> FontProperties:
    """The font ``axis``'s tick labels are drawn in once :func:`_fonts` has run."""
    conf = (ctx.graph.axes or {}).get("titlesAndFonts", {})
    tick = conf.get("tickLabelFont", {})
    prop = axis.get_major_ticks(1)[0].label1.get_fontproperties().copy()
    family = font_family(tick.get("family")) or font_family(conf.get("fontFamily"))
    if family:
        prop.set_family(str(family))
    if tick.get("bold"):
        prop.set_weight("bold")
    if tick.get("italic"):
        prop.set_style("italic")
    if tick.get("size"):
        prop.set_size(clamp(tick["size"], 1.0, 144.0, ctx.theme.shapes.font_size))
    return prop


def _frame(ctx: DrawContext, fo: Mapping[str, Any], color: Any, width: float) -> None:
    ax = ctx.ax
    style = fo.get("frameStyle") or ctx.theme.shapes.frame_style
    sp = ax.spines
    for s in sp.values():
        s.set_color(color)
        s.set_linewidth(width)
    full = style in ("plainFrame", "frameWithTicksMirrored", "frameWithTicksInward")
    sp["top"].set_visible(full)
    sp["right"].set_visible(full)
    ax.tick_params(which="both", color=color, width=width, labelcolor=ctx.theme.foreground)
    if style == "frameWithTicksMirrored":
        ax.tick_params(which="both", top=True, right=True)
    elif style == "frameWithTicksInward":
        ax.tick_params(which="both", top=True, right=True, direction="in")
    off_x = clamp(fo.get("axisOffsetPt", 0.0), 0.0, 200.0, 0.0)
    off_y = clamp(fo.get("axisOffsetYPt", 0.0), 0.0, 200.0, 0.0)
    if style == "offsetXY" and off_x == 0 and off_y == 0:
        off_x = off_y = 6.0
    if off_x:
        sp["bottom"].set_position(("outward", off_x))
    if off_y:
        sp["left"].set_position(("outward", off_y))
    origin = fo.get("originMode", "automatic")
    if origin in ("upperLeft", "upperRight"):
        sp["top"].set_visible(True)
        sp["bottom"].set_visible(full)
        ax.xaxis.tick_top()
        ax.xaxis.set_label_position("top")
    if origin in ("lowerRight", "upperRight"):
        sp["right"].set_visible(True)
        sp["left"].set_visible(full)
        ax.yaxis.tick_right()
        ax.yaxis.set_label_position("right")
    if origin == "custom":
        # an origin beyond the axis range stands at the plot area's edge (a spine millions of
        # plot heights away would make matplotlib's transforms singular)
        y_lo, y_hi = sorted(ax.get_ylim())
        x_lo, x_hi = sorted(ax.get_xlim())
        oy = clamp(fo.get("originY", 0.0), y_lo, y_hi, 0.0)
        ox = clamp(fo.get("originX", 0.0), x_lo, x_hi, 0.0)
        sp["bottom"].set_position(("data", oy))
        sp["left"].set_position(("data", ox))
        # the axes cross inside the plot; their titles stay at the plot area's edges
        ax.xaxis.set_label_coords(0.5, -0.16)
        ax.yaxis.set_label_coords(-0.16, 0.5)
    if style == "noFrame" and not full:
        ax.tick_params(which="both", top=False, right=False)
    hide = fo.get("hideAxes", "showBoth")
    if hide in ("hideX", "hideBoth"):
        for side in ("bottom", "top"):
            sp[side].set_visible(False)
        ax.xaxis.set_visible(False)
    if hide in ("hideY", "hideBoth"):
        for side in ("left", "right"):
            sp[side].set_visible(False)
        ax.yaxis.set_visible(False)


def _fonts(ctx: DrawContext, conf: Mapping[str, Any]) -> None:
    """Tick label fonts, set through ``tick_params`` so that no tick label is made here (they
    are made once, when drawn); bold and italic, which ``tick_params`` cannot set, go on the
    labels themselves."""
    tick = conf.get("tickLabelFont", {})
    color = resolve_color(tick.get("color", "theme"), ctx.theme.foreground)
    family = font_family(tick.get("family")) or font_family(conf.get("fontFamily"))
    if family:
        ctx.ax.tick_params(which="major", labelfontfamily=str(family))
    if tick.get("bold") or tick.get("italic"):
        for t in [*ctx.ax.get_xticklabels(), *ctx.ax.get_yticklabels()]:
            if tick.get("bold"):
                t.set_fontweight("bold")
            if tick.get("italic"):
                t.set_fontstyle("italic")
    kwargs: dict[str, Any] = {"labelcolor": color}
    if tick.get("size"):
        kwargs["labelsize"] = clamp(tick["size"], 1.0, 144.0, ctx.theme.shapes.font_size)
    ctx.ax.tick_params(which="both", **kwargs)
