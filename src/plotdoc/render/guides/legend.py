"""The legend: one entry per drawn data set (or semantic group), from ``graph.legend``.

Shown when ``show`` is true, or when it is omitted and two or more entries exist (and the
``legend`` graph switch is not off). ``position``: ``auto``/``right``/``left``/``top``/
``bottom`` sit outside the plot area, the four corners inside it; a ``top`` legend stands
between the plot and the graph title (the title raised above it), never on either. ``itemOverrides`` (keyed by data set index or semantic
key) rename or hide entries. ``columns`` is the least number of columns: a legend beside the
plot whose columns would be taller than the output takes more (up to 10), and holds at most
the entries ten columns could hold at one em each (the first ones); a warning says when
entries are left out or do not fit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from matplotlib.legend import Legend
from matplotlib.transforms import ScaledTranslation

from ..artists.svg import pixels_per_point
from ..caps import REACH_IN
from ..context import DrawContext
from ..notices import CAPPED, add_warning
from ..style.text import clamp, font_family, rich_label, safe
from ..style.theme import resolve_color
from .legend_looks import entry_kind, warn_look_alikes

_PLACES: dict[str, dict[str, Any]] = {
    "auto": {"loc": "upper left", "bbox_to_anchor": (1.03, 1.0)},
    "right": {"loc": "center left", "bbox_to_anchor": (1.03, 0.5)},
    "left": {"loc": "center right", "bbox_to_anchor": (-0.22, 0.5)},
    "top": {"loc": "lower center", "bbox_to_anchor": (0.5, 1.0)},
    "bottom": {"loc": "upper center", "bbox_to_anchor": (0.5, -0.2)},
    "upperRight": {"loc": "upper right"},
    "upperLeft": {"loc": "upper left"},
    "lowerRight": {"loc": "lower right"},
    "lowerLeft": {"loc": "lower left"},
}


def _right_side_taken(ctx: DrawContext) -> bool:
    """Whether tick labels sit right of the plot area (Y axis moved right, or a right Y axis)."""
    right_axis = bool((ctx.graph.axes or {}).get("rightY", {}).get("show"))
    return right_axis or ctx.ax.yaxis.get_ticks_position() == "right"


def draw_legend(ctx: DrawContext) -> None:
    conf = ctx.graph.legend or {}
    overrides = conf.get("itemOverrides", {})
    handles, labels, sources, keys = [], [], [], []
    for key, handle, text in ctx.legend_handles:
        item = overrides.get(key, {})
        if item.get("hidden"):
            continue
        if key.startswith("title:") and str(item.get("text", text)) == conf.get("title"):
            continue  # the legend's own title already names the variable
        keys.append(key)
        handles.append(handle)
        sources.append(str(item.get("text", text)))
        labels.append(safe(sources[-1]))
    show = conf.get("show")
    if show is None:
        show = ctx.legend_auto and len(ctx.legend_handles) >= 2
    if not show or not handles or not ctx.graph_switch("legend", True):
        return
    warn_look_alikes(ctx, keys, handles, sources)
    position = conf.get("position", "auto")
    if position == "auto" and _right_side_taken(ctx):
        position = "left" if ctx.ax.yaxis.get_ticks_position() == "right" else "bottom"
    place = dict(_PLACES.get(position, _PLACES["auto"]))
    if position == "left" and ctx.ax.yaxis.get_ticks_position() == "right":
        place["bbox_to_anchor"] = (-0.04, 0.5)  # no tick labels on the left to clear
    color = resolve_color(conf.get("color", "theme"), ctx.theme.foreground)
    default_size = ctx.theme.shapes.font_size * 0.9
    prop: dict[str, Any] = {
        "size": clamp(conf.get("fontSize") or default_size, 1.0, 144.0, default_size)
    }
    family = font_family(conf.get("fontFamily"))
    if family:
        prop["family"] = family

    def make(columns: int) -> Legend:
        return ctx.ax.legend(
            handles,
            labels,
            frameon=bool(conf.get("frame", False)),
            ncols=columns,
            title=safe(conf.get("title", "")) or None,
            prop=prop,
            labelcolor=color,
            borderaxespad=0.0,
            **place,
        )

    columns = int(conf.get("columns", 1))
    entries = len(handles)
    font_pt = float(prop["size"])
    if position in _STACKED:  # no more entries than could stand in the room, at 1 em each
        most = MAX_COLUMNS * max(1, int(_room(ctx, position) * 72.0 / ctx.fig.dpi // font_pt))
        del handles[most:], labels[most:], sources[most:]
    leg = make(columns)
    if position in _STACKED:
        leg = _in_columns(ctx, leg, make, position, columns, font_pt, entries)
    for label, source in zip(leg.get_texts(), sources, strict=False):
        rich_label(label, source)
    if position == "top":
        _above_title(ctx, leg)
    leg.get_frame().set_edgecolor(color)
    leg.get_frame().set_facecolor(ctx.theme.plot_background)
    if leg.get_title():
        leg.get_title().set_color(color)
        if conf.get("title"):
            rich_label(leg.get_title(), str(conf["title"]))
    leg.set_zorder(10)
    _lay_out_once(leg)
    ctx.tag(leg, "legend")


#: the gap (points) between a top legend and the plot area, and between it and the title
LEGEND_GAP_PT = 6.0
#: the positions beside the plot, whose legend takes more columns when it is taller than
#: the output
_STACKED = frozenset({"auto", "right", "left"})
#: an entry's height (with the gap to the next) is at most this many times its font size
_ENTRY_EM = 1.8
#: the most columns a legend is given to fit its room (``legend.columns`` allows as many)
MAX_COLUMNS = 10


def _room(ctx: DrawContext, position: str) -> float:
    """The height (display pixels) a legend beside the plot may take: from the plot's top
    down (auto), or about its middle, as far as the output reaches."""
    fig = ctx.fig
    height = fig.get_size_inches()[1] * fig.dpi
    plot = ctx.ax.get_position().transformed(fig.transFigure)
    reach = REACH_IN * fig.dpi
    middle = plot.y0 + plot.height / 2
    if position == "auto":
        return float(plot.y1 + reach)
    return float(2 * min(middle + reach, height + reach - middle))


def _in_columns(
    ctx: DrawContext,
    leg: Legend,
    make: Callable[[int], Legend],
    position: str,
    given: int,
    font_pt: float,
    asked: int,
) -> Legend:
    """The legend beside the plot in at least ``given`` columns, more (up to
    :data:`MAX_COLUMNS`) when its entries need them to stand within the output's height; a
    warning when even then it reaches past the output (see :data:`..caps.REACH_IN`), or when
    it holds fewer than the ``asked`` entries (those past what the room could hold)."""
    fig = ctx.fig
    dpi = fig.dpi
    height = fig.get_size_inches()[1] * dpi
    reach = REACH_IN * dpi
    room = _room(ctx, position)
    entries = len(leg.get_texts())
    if entries == asked and np.ceil(entries / given) * _ENTRY_EM * font_pt * dpi / 72.0 <= room:
        return leg  # (most legends: no need to measure)
    renderer = fig._get_renderer()  # type: ignore[attr-defined]
    tall = leg.get_window_extent(renderer).height
    columns = given
    if tall > room:
        columns = min(entries, MAX_COLUMNS, int(np.ceil(given * tall / room * 1.05)))
        if columns > given:
            leg.remove()
            leg = make(columns)
    box = leg.get_window_extent(renderer)
    width = fig.get_size_inches()[0] * dpi
    cut = box.x0 < -reach or box.x1 > width + reach or box.y0 < -reach or box.y1 > height + reach
    if entries < asked:
        shown = f"it shows the first {entries:,}" + (", and part of them is cut off" if cut else "")
    elif cut:
        shown = f"even in {columns} columns: part of it is cut off"
    else:
        return leg
    add_warning(
        ctx,
        CAPPED,
        f"the legend's {asked:,} entries do not fit beside the graph, {shown}; a smaller "
        "legend font (legend.fontSize), fewer entries (legend.itemOverrides hidden) or fewer "
        f"{entry_kind(ctx)} per graph would show them all",
        ("graph", "legend"),
    )
    return leg


def _lay_out_once(leg: Legend) -> None:
    """Lay each of the legend's texts out once per draw or measure of the legend.

    matplotlib packs a legend's entries in nested boxes that each ask their children's size
    again: every text is laid out six times per draw (and three times per measure), and in
    matplotlib 3.11 each layout looks the font up and reads its tables again. Nothing moves a
    text's font, string or angle while the legend draws, so within one such call each text's
    layout is computed once and kept until the call returns."""
    for name in ("draw", "get_window_extent", "get_tightbbox"):
        setattr(leg, name, _once_within(leg, getattr(leg, name)))


def _once_within(leg: Legend, call: Callable[..., Any]) -> Callable[..., Any]:
    def within(*args: Any, **kwargs: Any) -> Any:
        texts = [t for t in (*leg.get_texts(), leg.get_title()) if "_get_layout" not in vars(t)]
        for text in texts:
            text._get_layout = _kept(text._get_layout)  # type: ignore[attr-defined]
        try:
            return call(*args, **kwargs)
        finally:
            for text in texts:
                del text._get_layout  # type: ignore[attr-defined]

    return within


def _kept(lay_out: Callable[[Any], Any]) -> Callable[[Any], Any]:
    seen: dict[int, tuple[Any, Any]] = {}

    def kept(renderer: Any) -> Any:
        found = seen.get(id(renderer))
        if found is None or found[0] is not renderer:
            found = seen[id(renderer)] = (renderer, lay_out(renderer))
        return found[1]

    return kept


def _above_title(ctx: DrawContext, leg: Any) -> None:
    """Stand a top legend between the plot and the graph title, as journals set them: just
    above the plot area (and its tick labels on top), the title raised above the legend."""
    renderer = ctx.fig._get_renderer()  # type: ignore[attr-defined]
    px = pixels_per_point(renderer)
    box = ctx.ax.get_window_extent(renderer)
    top = box.y1
    if ctx.ax.xaxis.get_ticks_position() == "top":
        labels = [
            t.get_window_extent(renderer).y1 for t in ctx.ax.get_xticklabels() if t.get_text()
        ]
        top = max([top, *labels])
    lift = (top - box.y1) / px + LEGEND_GAP_PT
    leg.set_bbox_to_anchor(
        (0.5, 1.0),
        transform=ctx.ax.transAxes + ScaledTranslation(0.0, lift / 72.0, ctx.fig.dpi_scale_trans),
    )
    title = ctx.ax.title
    if not (title.get_text() and title.get_visible()):
        return
    legend_top = (top - box.y1) / px + LEGEND_GAP_PT + leg.get_window_extent(renderer).height / px
    title_bottom = (title.get_window_extent(renderer).y0 - box.y1) / px
    raise_pt = legend_top + LEGEND_GAP_PT - title_bottom
    if raise_pt > 0:
        title.set_transform(
            title.get_transform() + ScaledTranslation(0.0, raise_pt / 72.0, ctx.fig.dpi_scale_trans)
        )
