"""The primitives every mark draws with: symbols, error bars, lines and rectangles of one
data set, styled through :meth:`DrawContext.style`, tagged with their semantic ids and added
to the data limits. Symbols and error bars get one SVG element per mark (``symbol/ds0/p5``)
through :mod:`plotdoc.render.artists.collections`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from matplotlib.colors import to_rgba
from matplotlib.lines import Line2D
from matplotlib.patches import Rectangle
from matplotlib.path import Path
from matplotlib.transforms import BboxBase
from numpy.typing import ArrayLike, NDArray

from .. import ids
from ..artists.collections import ErrorBars, PointSymbols
from ..artists.rects import Rects
from ..context import DrawContext
from ..style.theme import CAP_HALF_WIDTH_PT, DASHES, HATCHES, RGBA
from .symbol_looks import size_given_by_user as size_given_by_user  # primitives.* too
from .symbol_looks import symbol_handle as symbol_handle
from .symbol_looks import symbol_look
from .symbol_looks import thin_out as thin_out

#: a bar's fill, edge (None: none), edge width (points) and pattern (a hatch and its colour)
BarLook = tuple[RGBA, RGBA | None, float, tuple[str, RGBA] | None]


def symbols(
    ctx: DrawContext,
    pos: ArrayLike,
    values: ArrayLike,
    i: int,
    point_ids: Sequence[str],
    rows: Sequence[int] | NDArray[np.intp],
    *,
    group_id: str | None = None,
    z: float = 3.0,
    key: str | None = None,
) -> PointSymbols | None:
    """Symbols at (pos, value) for data set ``i``; ``rows`` index perPoint overrides."""
    x, y = ctx.xy(pos, values)
    if x.size == 0 or not ctx.switch("symbols", i):
        return None
    # one look for the data set, and one for each point the document styles on its own
    per_point = ctx.point_overrides(i)
    looks = [symbol_look(ctx, i, ctx.style("symbol", i, None, key))]
    look_of = np.zeros(len(rows), dtype=np.intp)
    if per_point:
        rows_given = np.asarray(rows)
        marked = [int(p) for p in per_point if p.isdigit()]  # keys are decimal row numbers
        for k in np.flatnonzero(np.isin(rows_given, marked)).tolist():
            look_of[k] = len(looks)
            looks.append(symbol_look(ctx, i, ctx.style("symbol", i, int(rows_given[k]), key)))
    art = PointSymbols(np.column_stack([x, y]), point_ids, looks=looks, look_of=look_of)
    thin_out(art, size_given=size_given_by_user(ctx, i))
    ctx.add(art, group_id or ids.ds("symbols", i), z=ctx.z(i, z))
    looks_used = np.unique(art.look_of).tolist() if len(art.looks) > 1 else range(len(art.looks))
    used = [art.looks[k] for k in looks_used]
    overhang(
        ctx,
        art,
        max((look[1] for look in used), default=0.0) / 2
        + max((look[4] for look in used), default=0.0),
    )
    ctx.include(x, y)
    return art


class _Overhang(BboxBase):
    """The plot area widened by ``pad_pt`` points on every side, measured when drawn."""

    def __init__(self, ax: Any, pad_pt: float) -> None:
        super().__init__()
        self._ax, self._pad_pt = ax, pad_pt

    def get_points(self) -> Any:
        box = self._ax.bbox
        pad = self._pad_pt * self._ax.figure.dpi / 72.0
        return np.array([[box.x0 - pad, box.y0 - pad], [box.x1 + pad, box.y1 + pad]])


def overhang(ctx: DrawContext, art: Any, pad_pt: float) -> None:
    """Clip ``art`` (symbols, error bars) to the plot area widened by their half width, not to
    the plot area: a symbol at the end of an axis that ends on the data (an axis from 0, a last
    value on a major tick) is drawn whole, as graphing programs draw it."""
    art.set_clip_path(None)
    art.set_clip_box(_Overhang(ctx.ax, pad_pt))


def symbol_line_handle(ctx: DrawContext, i: int, *, symbol: bool = True) -> Line2D:
    """The legend swatch of data set ``i`` drawn as symbols joined by a line: the symbol on
    the data set's line (colour, width and dash of ``line``)."""
    h = symbol_handle(ctx, i) if symbol else Line2D([], [])
    st = ctx.style("line", i)
    h.set_linestyle(DASHES.get(str(st["dashStyle"]), "-"))
    h.set_color(st["color"])
    h.set_linewidth(float(st["thickness"]))
    return h


def error_glyph(ctx: DrawContext, i: int) -> Line2D:
    """The legend glyph of data set ``i``'s error bars: an upright bar with its caps."""
    st = ctx.style("errorBar", i)
    cap = 0.5 if CAP_HALF_WIDTH_PT.get(st["capStyle"], 2.5) > 0 else 0.0
    path = Path(
        [(-cap, -1.0), (cap, -1.0), (0.0, -1.0), (0.0, 1.0), (-cap, 1.0), (cap, 1.0)],
        [Path.MOVETO, Path.LINETO, Path.MOVETO, Path.LINETO, Path.MOVETO, Path.LINETO],
    )
    return Line2D(
        [], [], marker=path, markersize=ctx.theme.shapes.font_size * 1.1, markerfacecolor="none",
        markeredgecolor=st["color"], markeredgewidth=float(st["thickness"]), linestyle="none",
    )  # fmt: skip


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
    overhang(ctx, art, CAP_HALF_WIDTH_PT.get(st["capStyle"], 2.5) * cap_scale + 1.0)
    a, b = art.stem_ends()
    ctx.include(np.concatenate([a[:, 0], b[:, 0]]), np.concatenate([a[:, 1], b[:, 1]]))
    return art


@dataclass
class ErrorBarRows:
    """The error bars of one data set, gathered row by row and drawn together by :meth:`draw`
    (one artist per data set, one id per bar)."""

    pos: list[float] = field(default_factory=list)
    center: list[float] = field(default_factory=list)
    low: list[float] = field(default_factory=list)
    high: list[float] = field(default_factory=list)
    bar_ids: list[str] = field(default_factory=list)

    def add(self, pos: float, center: float, low: float, high: float, sid: str) -> None:
        self.pos.append(pos)
        self.center.append(center)
        self.low.append(low)
        self.high.append(high)
        self.bar_ids.append(sid)

    def draw(self, ctx: DrawContext, i: int) -> ErrorBars | None:
        """The gathered bars of data set ``i`` (nothing when none was gathered)."""
        if not self.pos:
            return None
        return error_bars(ctx, self.pos, self.center, self.low, self.high, i, self.bar_ids)


def bar_corners(
    a: float, b: float, start: float, end: float, horizontal: bool
) -> tuple[float, float, float, float]:
    """The corners (x0, y0, x1, y1) of a bar across the category axis from ``a`` to ``b``,
    along the value axis from ``start`` to ``end`` (a :class:`Rects` bar)."""
    lo, hi = (start, end) if start <= end else (end, start)
    return (lo, a, hi, b) if horizontal else (a, lo, b, hi)


def _bar_look(ctx: DrawContext, st: Any) -> BarLook:
    """A bar's fill, edge, edge width and pattern (a hatch and its colour), styled ``st``."""
    hatch = HATCHES.get(st.get("fillPattern", "none"))
    return (
        st.get("fill", st.get("color")),
        st.get("borderColor"),
        float(st.get("borderWidth", st.get("borderThickness", 1.0))),
        (hatch, to_rgba(st.get("patternColor", ctx.theme.foreground))) if hatch else None,
    )


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
    fill: RGBA | None = None,
) -> Rectangle:
    """A bar (rectangle) of data set ``i`` across ``width`` from ``start`` to ``end``;
    ``fill`` replaces the style's fill (a bar under points, see ``bars.fill_under_points``)."""
    face, border, lw, hatch = _bar_look(ctx, ctx.style(element, i, point))
    if ctx.horizontal:
        rect = Rectangle((min(start, end), pos - width / 2), abs(end - start), width)
    else:
        rect = Rectangle((pos - width / 2, min(start, end)), width, abs(end - start))
    rect.set_facecolor(fill if fill is not None else face)
    rect.set_edgecolor(border)
    rect.set_linewidth(lw)
    if hatch is not None:
        rect.set_hatch(hatch[0])
        rect.set_hatchcolor(hatch[1])
    # added as an artist: the axes' data limits take the bar's corners from ``include``
    # below, in one update, instead of add_patch's transform of the patch's path (which took
    # more time than drawing it, with thousands of bars)
    ctx.ax.add_artist(rect)
    ctx.tag(rect, sid)
    rect.set_zorder(ctx.z(i, z))
    x, y = ctx.xy([pos - width / 2, pos + width / 2], [start, end])
    ctx.include(x, y)
    return rect


#: from this many bars in one graph on, the bars of a data set are one artist (:class:`Rects`)
MANY_BARS = 2000


@dataclass
class BarRows:
    """The bars of one data set, row by row. Few bars are drawn at once, each a ``Rectangle``
    (:func:`bar`); in a graph of ``MANY_BARS`` or more (``many``), they are gathered and drawn
    by :meth:`draw` as one :class:`Rects` artist, one id per bar still, in a fraction of the
    time (a fill pattern included)."""

    many: bool
    corners: list[tuple[float, float, float, float]] = field(default_factory=list)
    bar_ids: list[str] = field(default_factory=list)
    faces: list[RGBA] = field(default_factory=list)
    edges: list[RGBA | None] = field(default_factory=list)
    widths: list[float] = field(default_factory=list)
    hatches: list[tuple[str, RGBA] | None] = field(default_factory=list)
    #: read once per data set: its bar look, the rows with a style of their own, the direction
    _shared: BarLook | None = None
    _own_rows: frozenset[str] = frozenset()
    _horizontal: bool = False

    def add(
        self,
        ctx: DrawContext,
        pos: float,
        start: float,
        end: float,
        i: int,
        sid: str,
        *,
        width: float,
        point: int | None = None,
        fill: RGBA | None = None,
    ) -> None:
        if not self.many:
            bar(ctx, pos, start, end, i, sid, width=width, point=point, fill=fill)
            return
        if self._shared is None:
            self._shared = _bar_look(ctx, ctx.style("bar", i))
            self._own_rows = frozenset(ctx.point_overrides(i))
            self._horizontal = ctx.horizontal
        if point is not None and str(point) in self._own_rows:
            face, edge, line, hatch = _bar_look(ctx, ctx.style("bar", i, point))
        else:
            face, edge, line, hatch = self._shared
        self.corners.append(
            bar_corners(pos - width / 2, pos + width / 2, start, end, self._horizontal)
        )
        self.bar_ids.append(ctx.registry.unique(sid))
        self.faces.append(fill if fill is not None else face)
        self.edges.append(edge)
        self.widths.append(line)
        self.hatches.append(hatch)

    def draw(self, ctx: DrawContext, i: int, *, z: float = 1.0) -> Rects | None:
        """The gathered bars of data set ``i`` (nothing when none was gathered)."""
        if not self.corners:
            return None
        corners = np.asarray(self.corners, dtype=float)
        art = Rects(
            corners,
            self.bar_ids,
            faces=self.faces,
            edges=self.edges,
            widths=self.widths,
            background=ctx.theme.plot_background,
            hatches=self.hatches,
        )
        ctx.add(art, ids.ds("bars", i), z=ctx.z(i, z))
        ctx.include(corners[:, [0, 2]].ravel(), corners[:, [1, 3]].ravel())
        return art
