"""``grouped-heat-map``: rows by data sets, each cell coloured by its replicates' mean or median.

Layout: data sets left to right (their names under the grid), table rows top to bottom (their
labels on the left); ``flipXY`` swaps the two. Each cell's value comes from
:func:`plotdoc.render.prepare.heat.heat_matrix` (``heatMap.aggregation``: ``mean`` or
``median``) and is coloured by the scale of :mod:`plotdoc.render.style.scales`.

Styles (ElementOverrideSet keys, graph-wide: ``global`` or the graph's first data set):

- ``heatCell``: ``borderColor`` / ``borderWidth`` of every cell (0 = no border);
  ``missingMark: cross`` draws an X over a cell without values, ``none`` leaves it empty;
- ``colorScaleBar``: ``widthPt``, ``lengthRatio`` (of the grid's height), ``tickCount``,
  ``fontSize``, ``color`` of the bar right of the plot area (or of a legend there) (about ``tickCount`` ticks, at round
  values); switched by the graph switch
  ``colorScaleBar``;
- ``cellValueLabel``: ``fontSize``, ``color``, ``decimals``; ``autoContrast`` writes each
  label in black or white, whichever reads better on its cell. Labels are shown when the
  ``valueLabels`` switch says so, by default when the grid has at most 150 cells.

When rows (or data sets) are too many for their labels to fit, every k-th one is labelled.
Cells smaller than 8 points get no border unless ``heatCell.borderWidth`` is given.

Ids: ``cell/r{row}/c{dataSet}``, ``missing/r{row}/c{dataSet}``, ``value/r{row}/c{dataSet}``,
``heatmap`` (the grid), ``colorbar``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from matplotlib.backend_bases import RendererBase
from matplotlib.cm import ScalarMappable
from matplotlib.lines import Line2D
from matplotlib.ticker import MaxNLocator
from matplotlib.transforms import Bbox
from numpy.typing import NDArray

from .. import ids
from ..artists.cells import CellGrid
from ..artists.svg import pixels_per_point
from ..context import DrawContext
from ..positions.slots import CategoryLayout
from ..prepare.cells import row_labels
from ..prepare.heat import heat_matrix
from ..style.scales import HeatScale, auto_decimals, contrast_text, heat_scale, value_text
from ..style.text import safe

DEFAULT_LABEL_CELLS = 150


def thin_ticks(
    positions: list[float], labels: list[str], length_pt: float, font_pt: float, along_x: bool
) -> tuple[list[float], list[str]]:
    """Every k-th label, so that the labels fit along ``length_pt`` without touching.

    A label needs ``1.4 * font_pt`` along a vertical axis, and its estimated width along a
    horizontal one.
    """
    need = 1.4 * font_pt
    if along_x:
        need = max(need, max((len(s) for s in labels), default=1) * 0.62 * font_pt + 6.0)
    room = max(2, int(length_pt / need))
    step = max(1, -(-len(positions) // room))  # ceiling division
    return positions[::step], labels[::step]


def draw_heat_map(ctx: DrawContext) -> None:
    vis = ctx.visible_data_sets()
    heat = ctx.options.get("heatMap") or {}
    matrix = heat_matrix(ctx.table, vis, heat)
    scale = heat_scale(matrix, heat)
    n, m = matrix.shape
    flip = bool(ctx.options.get("flipXY"))
    names = [ctx.ds_name(i) for i in vis]
    rows = row_labels(ctx.table)
    # the plot area the engine will give (plotGeometry, else 216 points high and the
    # preferred width; a flipped graph swaps them), to size cells and thin the labels
    geometry = ctx.graph.plot_geometry or {}
    height = float(geometry.get("heightPt") or 216.0)
    cell_pt = height / max(m if flip else n, 1)
    ctx.preferred_width_pt = float(np.clip((n if flip else m) * cell_pt, 100.0, 520.0))
    width = float(geometry.get("widthPt") or ctx.preferred_width_pt)
    if flip and not geometry.get("widthPt"):
        width, height = height * 1.25, ctx.preferred_width_pt * 0.8
    font = ctx.theme.shapes.font_size
    # the category axis carries the data sets; the other axis the rows (row 0 on top)
    col_ticks, col_names = thin_ticks(
        [k + 0.5 for k in range(m)], names, height if flip else width, font, not flip
    )
    ctx.set_categories(CategoryLayout({}, 1.0, (0.0, float(max(m, 1))), col_ticks, col_names))
    ctx.preferred_width_pt = float(np.clip((n if flip else m) * cell_pt, 100.0, 520.0))
    row_pos = (np.arange(n) + 0.5) if flip else (n - 1 - np.arange(n) + 0.5)
    ctx.ax.margins(0.0)
    row_ticks, row_names = thin_ticks(
        row_pos.tolist(), [safe(s) for s in rows], width if flip else height, font, flip
    )
    if flip:
        ctx.ax.set_xticks(row_ticks, row_names)
    else:
        ctx.ax.set_yticks(row_ticks, row_names)
    for side in ("bottom", "left", "top", "right"):
        ctx.ax.spines[side].set_visible(False)

    colors = scale.colors(matrix)
    st_cell = ctx.style("heatCell", None)
    edge = tuple(st_cell["borderColor"])
    border = float(st_cell["borderWidth"])
    given = ((ctx.graph.style_overrides or {}).get("global") or {}).get("heatCell") or {}
    if "borderWidth" not in given and cell_pt < 8.0:
        border = 0.0  # the theme's border would drown cells this small
    if flip:  # grid rows are data sets (top to bottom once the axis is inverted)
        grid_colors = colors.transpose(1, 0, 2)
        x_edges, y_edges = np.arange(n + 1.0), np.arange(m + 1.0)

        def cell_id(g: int, c: int) -> str:
            return ids.cell("cell", c, vis[g])
    else:
        grid_colors = colors[::-1]
        x_edges, y_edges = np.arange(m + 1.0), np.arange(n + 1.0)

        def cell_id(g: int, c: int) -> str:
            return ids.cell("cell", n - 1 - g, vis[c])

    grid = CellGrid(
        x_edges,
        y_edges,
        grid_colors,
        transform=ctx.ax.transData,
        edgecolor=(float(edge[0]), float(edge[1]), float(edge[2]), float(edge[3])),
        linewidth=border,
        cell_id=cell_id,
    )
    ctx.add(grid, "heatmap", z=1.0)
    ctx.include([0.0, float(x_edges[-1])], [0.0, float(y_edges[-1])])

    def center(r: int, k: int) -> tuple[float, float]:
        return (float(row_pos[r]), k + 0.5) if flip else (k + 0.5, float(row_pos[r]))

    if st_cell["missingMark"] == "cross":
        _missing_marks(ctx, matrix, vis, center)
    show_labels = ctx.switch("valueLabels", None, default=n * m <= DEFAULT_LABEL_CELLS)
    if show_labels:
        _value_labels(ctx, matrix, vis, scale, center)
    if ctx.graph_switch("colorScaleBar", True):
        color_bar(ctx, scale)


def _missing_marks(
    ctx: DrawContext, matrix: NDArray[np.float64], vis: list[int], center: Any
) -> None:
    color = ctx.theme.foreground
    for r, k in zip(*np.nonzero(~np.isfinite(matrix)), strict=True):
        x, y = center(int(r), int(k))
        xs = [x - 0.35, x + 0.35, np.nan, x - 0.35, x + 0.35]
        ys = [y - 0.35, y + 0.35, np.nan, y + 0.35, y - 0.35]
        mark = Line2D(xs, ys, color=color, linewidth=0.8, alpha=0.7)
        ctx.add(mark, ids.cell("missing", int(r), vis[int(k)]), z=2.0)


def _value_labels(
    ctx: DrawContext, matrix: NDArray[np.float64], vis: list[int], scale: HeatScale, center: Any
) -> None:
    st = ctx.style("cellValueLabel", None)
    dec = st["decimals"]
    decimals = auto_decimals(matrix) if dec == "automatic" else int(dec)
    for r, k in zip(*np.nonzero(np.isfinite(matrix)), strict=True):
        value = float(matrix[r, k])
        color = contrast_text(scale.color(value)) if st["autoContrast"] else st["color"]
        x, y = center(int(r), int(k))
        text = ctx.ax.text(
            x, y, value_text(value, decimals), ha="center", va="center",
            fontsize=float(st["fontSize"]), color=color, zorder=3.0,
        )  # fmt: skip
        ctx.tag(text, ids.cell("value", int(r), vis[int(k)]))


def scale_ticks(lo: float, hi: float, count: int) -> list[float]:
    """About ``count`` ticks at round values inside ``lo..hi`` (at least the two ends)."""
    tol = 1e-9 * (hi - lo)
    inside: list[float] = []
    for nbins in range(max(count - 1, 1), 2 * count + 1):
        ticks = MaxNLocator(nbins=nbins, steps=[1, 2, 2.5, 5, 10]).tick_values(lo, hi)
        inside = [round(float(t), 12) for t in ticks if lo - tol <= t <= hi + tol]
        if len(inside) >= max(count - 1, 2):
            break
    return inside if len(inside) >= 2 else [lo, hi]


def color_bar(ctx: DrawContext, scale: HeatScale, label: str | None = None) -> None:
    """A colour scale bar right of the plot area, styled by ``colorScaleBar`` (id ``colorbar``)."""
    st = ctx.style("colorScaleBar", None)
    fig, ax = ctx.fig, ctx.ax
    length = float(st["lengthRatio"]) or 0.8
    width_pt = float(st["widthPt"])

    def locate(_cax: Any, renderer: RendererBase) -> Bbox:
        # 12 points right of the plot area, or of a legend standing there
        box = ax.get_window_extent(renderer)
        px = pixels_per_point(renderer)
        x0 = box.x1 + 12 * px
        legend = ax.get_legend()
        if legend is not None and legend.get_visible():
            lb = legend.get_window_extent(renderer)
            if lb.x0 >= box.x1 - 1 and lb.y0 < box.y1 and lb.y1 > box.y0:
                x0 = lb.x1 + 12 * px
        y0 = box.y0 + box.height * (1 - length) / 2
        display = Bbox.from_bounds(x0, y0, width_pt * px, box.height * length)
        return display.transformed(fig.transFigure.inverted())

    cax = fig.add_axes((0.0, 0.0, 0.01, 0.01))
    cax.set_axes_locator(locate)
    mappable = ScalarMappable(norm=scale.norm, cmap=scale.cmap)
    bar = fig.colorbar(mappable, cax=cax)
    bar.set_ticks(scale_ticks(scale.lo, scale.hi, int(st["tickCount"])))
    bar.ax.tick_params(labelsize=float(st["fontSize"]), colors=st["color"], length=3)
    bar.outline.set_edgecolor(st["color"])
    bar.outline.set_linewidth(0.6)
    if label:
        bar.set_label(safe(label), fontsize=float(st["fontSize"]), color=st["color"])
    ctx.tag(cax, "colorbar")
