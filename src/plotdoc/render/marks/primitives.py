"""The primitives every mark draws with: symbols, error bars, lines and rectangles of one
data set, styled through :meth:`DrawContext.style`, tagged with their semantic ids and added
to the data limits. Symbols and error bars get one SVG element per mark (``symbol/ds0/p5``)
through :mod:`plotdoc.render.artists.collections`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from matplotlib.lines import Line2D
from matplotlib.patches import Rectangle
from numpy.typing import ArrayLike

from .. import ids
from ..artists.collections import ErrorBars, PointSymbols
from ..context import DrawContext
from ..style.symbols import symbol_path
from ..style.theme import CAP_HALF_WIDTH_PT, DASHES, HATCHES, RGBA


def symbols(
    ctx: DrawContext,
    pos: ArrayLike,
    values: ArrayLike,
    i: int,
    point_ids: Sequence[str],
    rows: Sequence[int],
    *,
    group_id: str | None = None,
    z: float = 3.0,
    key: str | None = None,
) -> PointSymbols | None:
    """Symbols at (pos, value) for data set ``i``; ``rows`` index perPoint overrides."""
    x, y = ctx.xy(pos, values)
    if x.size == 0 or not ctx.switch("symbols", i):
        return None
    name = ctx.ds_name(i) if 0 <= i < len(ctx.table.data_sets) else None
    per_point = (ctx.graph.style_overrides or {}).get("perPoint", {}).get(name, {})
    shared = ctx.style("symbol", i, None, key)
    styles = [ctx.style("symbol", i, r, key) if str(r) in per_point else shared for r in rows]
    shapes: list[str] = []
    faces: list[RGBA | None] = []
    edges: list[RGBA] = []
    sizes: list[float] = []
    widths: list[float] = []
    for st in styles:
        shape = st["shape"] if st["shape"] != "auto" else ctx.theme.symbol_shape(i)
        _, kind = symbol_path(shape)
        shapes.append(shape)
        sizes.append(float(st["size"]))
        widths.append(float(st["borderThickness"]) * (1.4 if kind != "solid" else 1.0))
        if kind == "open":
            faces.append(ctx.theme.plot_background)
            edges.append(st["color"])
        elif kind == "stroke":
            faces.append(None)
            edges.append(st["color"])
        else:
            faces.append(st["color"])
            edges.append(st["borderColor"])
    art = PointSymbols(
        np.column_stack([x, y]),
        point_ids,
        shapes=shapes,
        sizes=sizes,
        faces=faces,
        edges=edges,
        widths=widths,
    )
    ctx.add(art, group_id or ids.ds("symbols", i), z=ctx.z(i, z))
    ctx.include(x, y)
    return art


def symbol_handle(ctx: DrawContext, i: int, key: str | None = None) -> Line2D:
    st = ctx.style("symbol", i, None, key)
    shape = st["shape"] if st["shape"] != "auto" else ctx.theme.symbol_shape(i)
    path, kind = symbol_path(shape)
    face: Any = (
        st["color"]
        if kind == "solid"
        else ("none" if kind == "stroke" else ctx.theme.plot_background)
    )
    return Line2D(
        [],
        [],
        marker=path,
        markersize=st["size"],
        markerfacecolor=face,
        markeredgecolor=st["color"] if kind != "solid" else st["borderColor"],
        linestyle="none",
    )


def error_bars(
    ctx: DrawContext,
    pos: ArrayLike,
    center: ArrayLike,
    low: ArrayLike,
    high: ArrayLike,
    i: int,
    bar_ids: Sequence[str],
    *,
    group_id: str | None = None,
    z: float = 2.5,
    cap_scale: float = 1.0,
    theme_color: RGBA | None = None,
) -> ErrorBars | None:
    """Error bars of data set ``i`` along the value axis, one id per bar.

    ``theme_color`` replaces the theme's colour (not a colour the user set), e.g. so the
    bars of a scatter column match its summary line.
    """
    if not ctx.switch("errorBars", i):
        return None
    st = ctx.style("errorBar", i)
    if (
        theme_color is not None
        and st["color"] == ctx.theme.element_defaults("errorBar", i)["color"]
    ):
        st["color"] = theme_color
    art = ErrorBars(
        np.asarray(pos, dtype=float),
        np.asarray(center, dtype=float),
        np.asarray(low, dtype=float),
        np.asarray(high, dtype=float),
        bar_ids,
        color=st["color"],
        linewidth=float(st["thickness"]),
        cap_half_width_pt=CAP_HALF_WIDTH_PT.get(st["capStyle"], 2.5) * cap_scale,
        direction=st["direction"],
        vertical=not ctx.horizontal,
    )
    ctx.add(art, group_id or ids.ds("errorbars", i), z=ctx.z(i, z))
    segs = np.asarray(art.segments(), dtype=float).reshape(-1, 2)
    ctx.include(segs[:, 0], segs[:, 1])
    return art


def polyline(
    ctx: DrawContext,
    x: ArrayLike,
    y: ArrayLike,
    i: int,
    sid: str,
    *,
    element: str = "line",
    z: float = 2.0,
    key: str | None = None,
) -> Line2D:
    """A line of data set ``i`` styled by ``element`` (line, summaryLine, median, curve...)."""
    st = ctx.style(element, i, None, key)
    line = Line2D(
        np.asarray(x, dtype=float),
        np.asarray(y, dtype=float),
        color=st["color"],
        linewidth=float(st["thickness"]),
        linestyle=DASHES.get(st.get("dashStyle", "solid"), "-"),
        solid_capstyle="butt",
    )
    ctx.add(line, sid, z=ctx.z(i, z))
    ctx.include(x, y)
    return line


def bar(
    ctx: DrawContext,
    pos: float,
    start: float,
    end: float,
    i: int,
    sid: str,
    *,
    width: float,
    element: str = "bar",
    z: float = 1.0,
    point: int | None = None,
) -> Rectangle:
    """A bar (rectangle) of data set ``i`` across ``width`` from ``start`` to ``end``."""
    st = ctx.style(element, i, point)
    fill = st.get("fill", st.get("color"))
    border = st.get("borderColor")
    lw = float(st.get("borderWidth", st.get("borderThickness", 1.0)))
    if ctx.horizontal:
        rect = Rectangle((min(start, end), pos - width / 2), abs(end - start), width)
    else:
        rect = Rectangle((pos - width / 2, min(start, end)), width, abs(end - start))
    rect.set_facecolor(fill)
    rect.set_edgecolor(border)
    rect.set_linewidth(lw)
    hatch = HATCHES.get(st.get("fillPattern", "none"))
    if hatch:
        rect.set_hatch(hatch)
        rect.set_hatchcolor(st.get("patternColor", ctx.theme.foreground))
    ctx.ax.add_patch(rect)
    ctx.tag(rect, sid)
    rect.set_zorder(ctx.z(i, z))
    x, y = ctx.xy([pos - width / 2, pos + width / 2], [start, end])
    ctx.include(x, y)
    return rect
