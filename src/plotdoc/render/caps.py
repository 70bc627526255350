"""Warnings for the drawing bounds of docs/reliability.md ("Drawing bounds") that a graph
reached: a size past its bound, point labels past :data:`MAX_POINT_LABELS`, a canvas past the
pixel bounds. (Text annotations past their bound are reported where they are cut, in
:mod:`plotdoc.render.guides.annotations`.) Each is a ``render-capped`` warning saying what was
asked and what was drawn."""

from __future__ import annotations

from typing import Any

from .context import OPTION_LIMITS, DrawContext
from .guides.point_labels import MAX_POINT_LABELS, PointLabels
from .notices import CAPPED, add_warning
from .style.text import clamp

#: bounds of plotGeometry's width and height (points)
GEOMETRY_LIMITS = (20.0, 3000.0)
#: canvas pixels at the asked dpi: at most this many a side and in all; past it the figure is
#: drawn at the dpi that fits (docs/reliability.md, "Drawing bounds")
MAX_SIDE_PX = 16384
MAX_PIXELS = 100_000_000
#: an automatic plot area grows for its labels (a heat map's rows and data sets, a dot plot's
#: parts) up to this length (points) a side; past it, every k-th label is shown and a
#: render-labels-thinned warning says how many are not
MAX_GROWN_PT = 1000.0
#: how far (inches) beyond the figure's box drawn content may reach into the output: a text
#: or shape dragged further away is cut off rather than growing the canvas
REACH_IN = 1.0
#: how far (inches) the axes' own tick labels and titles, and the data set names beyond a
#: category axis' labels, may reach beyond the figure's box (long rotated category labels);
#: past it they are cut off too
GUIDE_REACH_IN = 4.0


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def _size_caps(ctx: DrawContext) -> None:
    options = ctx.graph.plot.options or {}
    for key, (low, high) in OPTION_LIMITS.items():
        v = _number(options.get(key))
        if v is not None and not low <= v <= high:
            add_warning(
                ctx,
                CAPPED,
                f"plot option {key} is {v:g}; drawn at {clamp(v, low, high, low):g} "
                f"(the bound is {low:g} to {high:,g} pt)",
                ("graph", "plot", "options", key),
            )
    geometry = ctx.graph.plot_geometry or {}
    low, high = GEOMETRY_LIMITS
    for key in ("widthPt", "heightPt"):
        v = _number(geometry.get(key))
        if v and not low <= v <= high:
            add_warning(
                ctx,
                CAPPED,
                f"plotGeometry {key} is {v:g}; drawn at {clamp(v, low, high, low):g} "
                f"(the bound is {low:g} to {high:,g} pt)",
                ("graph", "plotGeometry", key),
            )


def _label_caps(ctx: DrawContext) -> None:
    for art in ctx.ax.get_children():
        if isinstance(art, PointLabels) and art.dropped > 0:
            asked = len(art.texts) + art.dropped
            add_warning(
                ctx,
                CAPPED,
                f"{asked:,} point labels asked for; the first {len(art.texts):,} are placed "
                f"(at most {MAX_POINT_LABELS:,} per graph)",
            )


def _canvas_cap(ctx: DrawContext, asked_dpi: float, drawn_dpi: float) -> None:
    if drawn_dpi < asked_dpi * (1 - 1e-9):
        w, h = ctx.fig.get_size_inches()
        add_warning(
            ctx,
            CAPPED,
            f"a canvas of {w * asked_dpi:,.0f} x {h * asked_dpi:,.0f} px asked for at "
            f"{asked_dpi:g} dpi; drawn at {drawn_dpi:.4g} dpi (at most {MAX_SIDE_PX:,} px a side "
            f"and {MAX_PIXELS:,} px in all)",
        )


def report_caps(ctx: DrawContext, asked_dpi: float, drawn_dpi: float) -> None:
    """Warn of each drawing bound the graph of ``ctx`` reached."""
    _size_caps(ctx)
    _label_caps(ctx)
    _canvas_cap(ctx, asked_dpi, drawn_dpi)
