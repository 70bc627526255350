"""Graph, X and Y titles (``table.titles``): text, drag offset, font and colour.

A null text is automatic: the table name for the graph title, the family's choice
(``ctx.auto_titles``) for X and Y. In a flipped or horizontal graph the Y title stays with the
value axis, which then runs along X.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from matplotlib.text import Text
from matplotlib.ticker import FixedFormatter, Formatter
from matplotlib.transforms import ScaledTranslation

from ...contract.methods import METHODS
from .. import ids
from ..context import DrawContext
from ..style.text import clamp, font_family, rich_label, safe
from ..style.theme import resolve_color


def draw_titles(ctx: DrawContext) -> None:
    titles = ctx.table.titles or {}
    fonts = (ctx.graph.axes or {}).get("titlesAndFonts", {})
    ax = ctx.ax
    graph_label = ax.title
    x_label, y_label = ax.xaxis.label, ax.yaxis.label
    if ctx.horizontal and ctx.categorical:
        x_label, y_label = y_label, x_label
    derived = _results_titles(ctx)
    auto = {
        "graph": ctx.table.name,
        "x": ctx.auto_titles.get("x", "") or derived.get("x", ""),
        "y": ctx.auto_titles.get("y", "") or derived.get("y", ""),
    }
    for key, artist, switch, font_key in (
        ("graph", graph_label, "graphTitle", "graphTitleFont"),
        ("x", x_label, "xTitle", "axisTitleFont"),
        ("y", y_label, "yTitle", "axisTitleFont"),
    ):
        entry: Mapping[str, Any] = titles.get(key, {})
        text = entry.get("text")
        if text is None:
            text = auto[key]
        if not entry.get("show", True) or not ctx.graph_switch(switch, True) or not text:
            artist.set_text("")
            continue
        if key == "graph":
            top = ctx.ax.xaxis.get_ticks_position() == "top"
            # at the plot's top edge when nothing can be above it there: matplotlib would
            # otherwise measure every axis again on each draw to find that out
            y = 1.0 if _nothing_above_plot(ctx) else None
            ax.set_title(safe(str(text)), pad=24.0 if top else 10.0, y=y)
        rich_label(artist, str(text))
        if key == "graph":
            _wrap_to_plot(ctx, artist)
        _style(ctx, artist, entry, fonts.get(font_key, {}), fonts.get("fontFamily"), key)
        dx = clamp(entry.get("dx", 0.0), -2000.0, 2000.0, 0.0)
        dy = clamp(entry.get("dy", 0.0), -2000.0, 2000.0, 0.0)
        if dx or dy:
            artist.set_transform(
                artist.get_transform()
                + ScaledTranslation(dx / 72, dy / 72, ctx.fig.dpi_scale_trans)
            )
        ctx.tag(artist, ids.make("title", key))


def _results_titles(ctx: DrawContext) -> dict[str, str]:
    """Axis titles of a results table a graph would otherwise draw without, as the method
    that fills it gives them (a frequency distribution's bins and counts)."""
    derived = ctx.table.derived_from
    if derived is None:
        return {}
    source = next((t for t in ctx.project.tables if t.id == derived.source_table_id), None)
    analysis = next(
        (a for a in (source.analyses if source else []) if a.id == derived.analysis_id), None
    )
    spec = METHODS.get(analysis.method) if analysis is not None else None
    if analysis is None or spec is None or spec.results_titles is None:
        return {}
    return spec.results_titles(analysis.params)


def _nothing_above_plot(ctx: DrawContext) -> bool:
    """Whether no axes of the figure has tick labels or a title along its top, nor a Y offset
    text (``1e6`` over the axis): then matplotlib's automatic title position is the plot's top
    edge, and the title can be put there once."""
    for a in ctx.fig.axes:
        if a.xaxis.get_ticks_position() not in ("bottom", "default"):
            return False
        if a.xaxis.get_label_position() == "top":
            return False
        formatter = a.yaxis.get_major_formatter()
        if isinstance(formatter, FixedFormatter):  # its offset is a fixed string
            if formatter.get_offset():
                return False
        elif type(formatter).get_offset is not Formatter.get_offset:  # may write an offset
            return False
    return True


def _wrap_to_plot(ctx: DrawContext, artist: Text) -> None:
    """A graph title wider than the plot wraps onto more lines at the plot's width (at least
    two inches): it is not clipped at the figure's edges, and the figure is not widened
    around it, which would leave the plot small in a wide picture."""
    ax, fig = ctx.ax, ctx.fig

    def width() -> float:
        return max(float(ax.get_window_extent().width), 2.0 * float(fig.dpi))

    artist.set_wrap(True)
    setattr(artist, "_get_wrap_line_width", width)  # noqa: B010 - matplotlib wraps at this width


def _style(
    ctx: DrawContext,
    artist: Text,
    entry: Mapping[str, Any],
    font: Mapping[str, Any],
    family: str | None,
    key: str,
) -> None:
    shapes = ctx.theme.shapes
    size = (
        entry.get("fontSize")
        or font.get("size")
        or (shapes.title_size if key == "graph" else shapes.font_size)
    )
    artist.set_fontsize(clamp(size, 1.0, 144.0, shapes.font_size))
    fam = (
        font_family(entry.get("fontFamily"))
        or font_family(font.get("family"))
        or font_family(family)
    )
    if fam:
        artist.set_fontfamily(fam)
    bold = entry.get("bold")
    if bold is None:
        bold = font.get("bold") or key == "graph"
    artist.set_fontweight("bold" if bold else "normal")
    if entry.get("italic") or font.get("italic"):
        artist.set_fontstyle("italic")
    base = resolve_color(font.get("color", "theme"), ctx.theme.foreground)
    artist.set_color(resolve_color(entry.get("color", "theme"), base))
