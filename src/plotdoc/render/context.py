"""DrawContext: the drawing state a family drawer and its marks share (style lookup, switches,
id tagging, data limits, legend registry); described in docs/rendering.md (Drawer API)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, cast

import numpy as np
from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import FixedFormatter, FixedLocator
from numpy.typing import ArrayLike, NDArray

from ..contract.variants import VARIANTS, Variant
from ..model import Graph, Project, Table
from . import ids
from .options import PlotOptions
from .positions.slots import CategoryLayout, category_layout
from .style.text import clamp, needs_runs, rich_label, safe
from .style.theme import RGBA, Theme, merge_style, own_color
from .style.types import StyleLookup


@dataclass
class Anchor:
    """A place a bracket snaps to: a plotted data set (or one of its cells, where a family
    draws a data set at several places) at ``pos`` along the category axis, its data reaching
    ``top``."""

    pos: float
    top: float
    #: the data set drawn there (its index in the table), or None when not known
    data_set: int | None = None


@dataclass
class DrawContext:
    fig: Figure
    ax: Axes
    project: Project
    table: Table
    graph: Graph
    theme: Theme
    registry: ids.IdRegistry = field(default_factory=ids.IdRegistry)
    legend_handles: list[tuple[str, Artist | tuple[Artist, ...], str]] = field(default_factory=list)
    auto_titles: dict[str, str] = field(default_factory=dict)
    anchors: list[Anchor] = field(default_factory=list)
    categorical: bool = False
    #: Y holds one row per observation (forest): the value axis settings go to X
    rows_on_y: bool = False
    #: whether an omitted ``legend.show`` shows the legend for two or more entries
    legend_auto: bool = True
    #: callables run after the axes are set (for marks placed at final tick positions)
    after_axes: list[Any] = field(default_factory=list)
    value_axis_from_zero: bool = False
    preferred_width_pt: float | None = None
    #: what the drawing could not show, in words for the user (returned with the render)
    warnings: list[str] = field(default_factory=list)
    #: plot height the marks need (labels of a heat map), used when plotGeometry is automatic
    preferred_height_pt: float | None = None
    extra_bottom_pt: float = 0.0
    #: data limits the drawers registered (custom artists do not autoscale themselves)
    limits: list[NDArray[np.float64]] = field(default_factory=list)

    # -- model shortcuts ----------------------------------------------------------------
    @property
    def variant(self) -> Variant:
        """The graph's variant record: what it draws, how it places the data, its legend
        mark. Drawing reads these, never the id."""
        return VARIANTS[self.graph.variant_id]

    @property
    def options(self) -> PlotOptions:
        """The merged plot options, typed (:mod:`plotdoc.render.options`), with every size
        bounded (:data:`OPTION_LIMITS`)."""
        return cast(PlotOptions, bounded_options(self.graph.plot.options))

    @property
    def settings(self) -> dict[str, Any]:
        return self.graph.graph_settings

    @property
    def horizontal(self) -> bool:
        """Values run along X: ``direction: horizontal`` or ``flipXY`` (categorical graphs only)."""
        if self.graph.plot.family in ("xy", "survival", "multipleVariables"):
            return False
        return bool(self.settings.get("direction") == "horizontal" or self.options.get("flipXY"))

    def xy(
        self, pos: ArrayLike, value: ArrayLike
    ) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        p = np.asarray(pos, dtype=float)
        v = np.asarray(value, dtype=float)
        p, v = np.broadcast_arrays(p, v)
        return (v, p) if self.horizontal else (p, v)

    def ds_name(self, i: int) -> str:
        return self.table.data_sets[i].name

    def point_overrides(self, i: int) -> Mapping[str, Any]:
        """The perPoint style overrides of data set ``i``, keyed by point (row) index as text."""
        if not 0 <= i < len(self.table.data_sets):
            return {}
        overrides = self.graph.style_overrides or {}
        found: Mapping[str, Any] = overrides.get("perPoint", {}).get(self.ds_name(i), {})
        return found

    def own_color(self, i: int | None) -> RGBA | None:
        """The colour the document gives data set ``i`` (its symbol, line or bar fill colour,
        per data set or for all): the colour of its marks that have none of their own; None
        when the preset's palette colours it."""
        if i is None or not 0 <= i < len(self.table.data_sets):
            return None
        overrides = self.graph.style_overrides or {}
        per_ds = overrides.get("perDataSet", {}).get(self.ds_name(i), {})
        return own_color([overrides.get("global", {}), per_ds])

    def visible_data_sets(self) -> list[int]:
        vis = self.graph.data_set_visibility or {}
        return [i for i in range(len(self.table.data_sets)) if vis.get(str(i), True)]

    # -- styles ---------------------------------------------------------------------------
    @property
    def style(self) -> StyleLookup:
        """``style(element, ds_index=None, point=None, key=None)``: the merged style of
        ``element``, typed by its key (:mod:`plotdoc.render.style.types`)."""
        return cast(StyleLookup, self._style)

    def _style(
        self,
        element: str,
        ds_index: int | None = None,
        point: int | None = None,
        key: str | None = None,
    ) -> dict[str, Any]:
        """Fully merged style of ``element`` for data set ``ds_index`` (and one point)."""
        overrides = self.graph.style_overrides or {}
        base = self.theme.element_defaults(element, ds_index, self.own_color(ds_index))
        if key is not None and element in ("symbol", "line", "curve"):
            base["color"] = self.theme.semantic(key)
            if "borderColor" in base:
                base["borderColor"] = base["color"]
        layers: list[Mapping[str, Any]] = []
        glob = overrides.get("global", {}).get(element)
        if glob:
            layers.append(glob)
        per_ds = overrides.get("perDataSet", {})
        name = (
            self.ds_name(ds_index)
            if ds_index is not None and ds_index < len(self.table.data_sets)
            else None
        )
        for k in (name, key):
            if k is not None and element in per_ds.get(k, {}):
                layers.append(per_ds[k][element])
        if name is not None and point is not None:
            pp = overrides.get("perPoint", {}).get(name, {}).get(str(point), {})
            if element in pp:
                layers.append(pp[element])
        out = merge_style(base, layers)
        for k, (low, high) in _LIMITS.items():
            if k in out and isinstance(out[k], int | float) and not isinstance(out[k], bool):
                out[k] = clamp(out[k], low, high, float(base.get(k, low)))
        if (
            element == "symbol"
            and "color" in _touched(layers)
            and "borderColor" not in _touched(layers)
        ):
            out["borderColor"] = out["color"]
        return out

    # -- switches -------------------------------------------------------------------------
    def switch(self, name: str, ds_index: int | None = None, default: bool = True) -> bool:
        act = self.graph.element_activation or {}
        if ds_index is not None:
            per = act.get("perDataSet", {}).get(str(ds_index), {})
            if name in per:
                return bool(per[name])
        glob = act.get("global", {})
        return bool(glob[name]) if name in glob else default

    def graph_switch(self, name: str, default: bool = True) -> bool:
        g = (self.graph.element_activation or {}).get("graph", {})
        return bool(g[name]) if name in g else default

    # -- ids ------------------------------------------------------------------------------
    def tag(self, artist: Artist, sid: str) -> Artist:
        artist.set_gid(self.registry.unique(sid))
        return artist

    def add(self, artist: Artist, sid: str, z: float | None = None) -> Artist:
        self.tag(artist, sid)
        if z is not None:
            artist.set_zorder(z)
        self.ax.add_artist(artist)
        return artist

    def include(self, x: ArrayLike, y: ArrayLike) -> None:
        """Register data coordinates the axes must show (for artists that do not autoscale)."""
        xx = np.asarray(x, dtype=float).ravel()
        yy = np.asarray(y, dtype=float).ravel()
        if xx.size > _SUMMARISED and yy.size > _SUMMARISED:
            pts = _extent_points(xx, yy)
        else:
            pts = np.column_stack(np.broadcast_arrays(xx, yy))
            pts = pts[np.isfinite(pts).all(axis=1)]
        if pts.size:
            self.limits.append(pts)
            self.ax.update_datalim(pts)

    def z(self, i: int, base: float) -> float:
        """A z-order for data set ``i``: later data sets on top unless ``earlierOnTop``."""
        earlier = self.options.get("seriesStackOrder") == "earlierOnTop"
        return base + (-i if earlier else i) * 0.001

    # -- categories, legend, anchors --------------------------------------------------------
    def category_layout(
        self, kind: str, n_clusters: int, n_items: int, labels: list[str] | None = None
    ) -> CategoryLayout:
        return category_layout(kind, n_clusters, n_items, self.settings, labels)

    def set_categories(self, layout: CategoryLayout, *, rich_ticks: bool = True) -> None:
        """The category axis: its limits, ticks and labels; ``rich_ticks=False`` leaves
        labels with rich-text runs to the caller (who draws them)."""
        self.categorical = True
        lo, hi = layout.limits
        ticks, labels = layout.ticks, [safe(s) for s in layout.labels]
        if self.horizontal:
            self.ax.set_ylim(hi, lo)
        else:
            self.ax.set_xlim(lo, hi)
        # as set_xticks(ticks, labels), without making a tick per label: the axes thin the
        # labels that cannot fit first (guides/category_labels.py)
        axis = self.ax.yaxis if self.horizontal else self.ax.xaxis
        if len(ticks):
            axis.set_view_interval(min(ticks), max(ticks))
        axis.set_major_locator(FixedLocator(ticks))
        axis.set_major_formatter(FixedFormatter(labels))
        rich = {shown: s for shown, s in zip(labels, layout.labels, strict=True) if needs_runs(s)}
        if rich and rich_ticks:

            def draw_rich() -> None:
                # the labels the axes kept, found by their text (thinning keeps a subset)
                for label in axis.get_ticklabels():
                    source = rich.get(label.get_text())
                    if source is not None:
                        rich_label(label, source, set_text=False)

            self.after_axes.append(draw_rich)
        self.preferred_width_pt = float(np.clip(40.0 * (hi - lo), 120.0, 480.0))

    def legend_entry(
        self, i: int | str, handle: Artist | tuple[Artist, ...], label: str | None = None
    ) -> None:
        """Registers the legend entry of data set ``i`` (or a semantic key); once per key, so
        which mark supplies an entry is chosen by the family, not by drawing order. A tuple
        of glyphs (a bar, its error bar, its symbol) is drawn as one, overlaid."""
        key = str(i)
        if any(k == key for k, _, _ in self.legend_handles):
            raise ValueError(f"legend entry {key!r} registered twice")
        text = label if label is not None else (self.ds_name(i) if isinstance(i, int) else key)
        self.legend_handles.append((key, handle, text))

    def anchor(self, pos: float, top: float, data_set: int | None = None) -> None:
        """Record where data set ``data_set`` is drawn (once per place it is drawn at)."""
        self.anchors.append(Anchor(float(pos), float(top), data_set))


#: sensible bounds for user sizes (points): a style never asks for a mile-wide line
_LIMITS: dict[str, tuple[float, float]] = {
    "size": (0.0, 100.0),
    "thickness": (0.0, 30.0),
    "borderWidth": (0.0, 30.0),
    "borderThickness": (0.0, 30.0),
    "fontSize": (1.0, 144.0),
    "offset": (-200.0, 200.0),
    "widthPt": (0.0, 200.0),
}


#: bounds of the size options of ``plot.options`` (points), documented in docs/reliability.md
#: ("Drawing bounds"): the contract only asks for ">= 0"
OPTION_LIMITS: dict[str, tuple[float, float]] = {
    "graphicSizePt": (0.0, 3000.0),
    "totalFontSize": (0.0, 144.0),
    "maxBubbleSize": (0.0, 200.0),
}


def bounded_options(options: dict[str, Any]) -> dict[str, Any]:
    """``options`` with each size of :data:`OPTION_LIMITS` clamped (a copy when one changes)."""
    out = options
    for k, (low, high) in OPTION_LIMITS.items():
        v = options.get(k)
        if isinstance(v, int | float) and not isinstance(v, bool) and not low <= v <= high:
            if out is options:
                out = dict(options)
            out[k] = clamp(v, low, high, low)
    return out


def _touched(layers: list[Mapping[str, Any]]) -> set[str]:
    return {k for layer in layers for k in layer}


#: from this many points on, :meth:`DrawContext.include` keeps their extent, not the points
_SUMMARISED = 64


def _extent_points(xx: NDArray[np.float64], yy: NDArray[np.float64]) -> NDArray[np.float64]:
    """Points with the extent of the finite points (x, y) and their smallest positive x and y
    (what matplotlib's data limits keep for log axes): the same limits as all the points."""
    ok = np.isfinite(xx) & np.isfinite(yy)
    if not ok.all():
        xx, yy = xx[ok], yy[ok]
    if xx.size == 0:
        return np.zeros((0, 2))
    lo_x, hi_x, lo_y, hi_y = xx.min(), xx.max(), yy.min(), yy.max()
    px, py = xx[xx > 0], yy[yy > 0]
    pos_x = px.min() if px.size else lo_x
    pos_y = py.min() if py.size else lo_y
    return np.array([[lo_x, lo_y], [hi_x, hi_y], [pos_x, lo_y], [lo_x, pos_y]])
