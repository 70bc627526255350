"""Reference lines: `axesOverrides.<axis>.referenceLines` (schema version 2), a line across
the plot area at one value of a continuous axis, with an optional label at its end.

``leftY`` and ``rightY`` (which mirrors the left axis) give lines at values of the value axis
(running along X in a flipped or horizontal graph, and in a forest plot); ``xContinuous`` at
values of the X axis of xy and survival graphs. A line that cannot be drawn (no such axis in
the graph, a value a log axis cannot show, a value outside the axis range) is left out with a
warning that names it.
"""

from __future__ import annotations

from typing import Any

from .. import ids
from ..context import DrawContext
from ..notices import REFERENCE_NOT_DRAWN, add_warning
from ..style.text import clamp, safe
from ..style.theme import DASHES, resolve_color

AXES = ("leftY", "rightY", "xContinuous")
#: just under the data (matplotlib draws lines at 2), above grids and fills
_Z = 1.9


def draw_reference_lines(ctx: DrawContext) -> None:
    conf = ctx.graph.axes or {}
    for key in AXES:
        for i, line in enumerate((conf.get(key) or {}).get("referenceLines") or ()):
            _draw(ctx, key, i, line)


def _along(ctx: DrawContext, key: str) -> str | None:
    """The matplotlib axis (``x`` or ``y``) whose values the lines of ``key`` mark."""
    if ctx.graph.plot.family == "partsOfWhole" or not ctx.ax.axison:
        return None
    if ctx.categorical:
        if key == "xContinuous":
            return None
        return "x" if ctx.horizontal else "y"
    if ctx.rows_on_y:
        return "x"
    return "x" if key == "xContinuous" else "y"


def _draw(ctx: DrawContext, key: str, i: int, line: dict[str, Any]) -> None:
    path = ("graph", "axesOverrides", key, "referenceLines", i)
    value = float(line["value"])
    along = _along(ctx, key)
    if along is None:
        add_warning(
            ctx,
            REFERENCE_NOT_DRAWN,
            f"reference line {i} of {key} at {value:g} is not drawn: {ctx.variant.id} has no "
            f"{'continuous X' if key == 'xContinuous' else 'value'} axis",
            path,
        )
        return
    ax = ctx.ax
    scale = ax.get_xscale() if along == "x" else ax.get_yscale()
    if scale != "linear" and value <= 0:
        add_warning(
            ctx,
            REFERENCE_NOT_DRAWN,
            f"reference line {i} of {key} at {value:g} is not drawn: a log axis shows only "
            "values above 0",
            path,
        )
        return
    low, high = sorted(ax.get_xlim() if along == "x" else ax.get_ylim())
    if not low <= value <= high:
        add_warning(
            ctx,
            REFERENCE_NOT_DRAWN,
            f"reference line {i} of {key} at {value:g} is not drawn: it is outside the axis "
            f"range ({low:g} to {high:g}); widen the range (rangeMin, rangeMax) to show it",
            path,
        )
        return
    color = resolve_color(line.get("color", "theme"), ctx.theme.foreground)
    style = {
        "color": color,
        "linewidth": clamp(line.get("thickness", 1.0), 0.0, 20.0, 1.0),
        "linestyle": DASHES.get(line.get("dashStyle", "dashed"), "--"),
        "zorder": _Z,
        "scalex": False,
        "scaley": False,
    }
    if along == "y":
        artist = ax.plot([0.0, 1.0], [value, value], transform=ax.get_yaxis_transform(), **style)
    else:
        artist = ax.plot([value, value], [0.0, 1.0], transform=ax.get_xaxis_transform(), **style)
    ctx.tag(artist[0], ids.make("reference", key, i))
    label = line.get("label")
    if label:
        _label(ctx, key, i, label, value, along, color)


def _label(
    ctx: DrawContext, key: str, i: int, label: str, value: float, along: str, color: Any
) -> None:
    ax = ctx.ax
    size = ctx.theme.shapes.font_size * 0.8
    if along == "y":  # at the right end, just above the line
        xy, offset, ha, va = (1.0, value), (-2.0, 2.0), "right", "bottom"
        transform = ax.get_yaxis_transform()
    else:  # at the top end, just right of the line
        xy, offset, ha, va = (value, 1.0), (2.0, -2.0), "left", "top"
        transform = ax.get_xaxis_transform()
    text = ax.annotate(
        safe(label),  # data, never markup
        xy,
        xycoords=transform,
        xytext=offset,
        textcoords="offset points",
        ha=ha,
        va=va,
        color=color,
        fontsize=size,
        annotation_clip=False,
        zorder=_Z,
    )
    ctx.tag(text, ids.make("reference", key, i, "label"))
