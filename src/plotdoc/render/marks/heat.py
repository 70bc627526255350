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

Every row and data set is labelled: column labels that do not fit across their cells stand
upright (rotated 90 degrees), labels shrink down to LABEL_FLOOR_PT to fit their cells, and an
automatic plot area then grows until they fit (:func:`fit_labels`); only a plot area whose size
is given and too small for labels at the floor size labels every k-th one. Cell values are
written in one font size for the whole map, shrunk (to VALUE_FLOOR_PT or 70 % of their size)
until every value fits its cell; when they do not all fit even then, none is written (one rule
for the whole map), with a warning when the ``valueLabels`` switch asked for them. Cells smaller
than 8 points get no border unless ``heatCell.borderWidth`` is given.

Ids: ``cell/r{row}/c{dataSet}``, ``missing/r{row}/c{dataSet}``, ``value/r{row}/c{dataSet}``,
``heatmap`` (the grid), ``colorbar``, ``label/row/r{row}`` and ``label/column/c{dataSet}`` (the
axis labels).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from matplotlib.backend_bases import RendererBase
from matplotlib.cm import ScalarMappable
from matplotlib.lines import Line2D
from matplotlib.ticker import FixedFormatter, FixedLocator, MaxNLocator, NullLocator
from matplotlib.transforms import Bbox
from numpy.typing import NDArray

from .. import ids
from ..artists.cells import CellGrid
from ..artists.labels import AxisLabels
from ..artists.svg import pixels_per_point
from ..caps import GEOMETRY_LIMITS, MAX_GROWN_PT
from ..context import DrawContext
from ..guides.category_labels import category_texts
from ..notices import THINNED, add_warning
from ..positions.slots import CategoryLayout
from ..prepare.cells import row_labels
from ..prepare.heat import heat_matrix
from ..style.colors import contrast_text
from ..style.numbers import NumberFormat
from ..style.scales import HeatScale, auto_decimals, heat_scale
from ..style.text import clamp, needs_runs, rich_label, safe
from ..style.tick_labels import TickFormatter

DEFAULT_LABEL_CELLS = 150
#: the smallest font size (points) row and column labels shrink to before the plot grows
LABEL_FLOOR_PT = 6.0
#: distance between the baselines of neighbouring labels, in font sizes
LABEL_PITCH = 1.25
#: estimated width of a character, in font sizes
CHAR_WIDTH = 0.6
#: cell values shrink together to fit their cells, to this size or this share of their own
VALUE_FLOOR_PT = 6.0
VALUE_FLOOR_RATIO = 0.7


def text_width_pt(text: str, font_pt: float) -> float:
    """Estimated width of one line of ``text`` (points)."""
    return len(text) * CHAR_WIDTH * font_pt


def fit_labels(
    labels: list[str], length_pt: float, font_pt: float, along_x: bool
) -> tuple[float, bool, float]:
    """(font size, upright, length needed) for ``labels``, one per cell along ``length_pt``.

    Labels along X stay horizontal when the widest fits its cell and stand upright otherwise;
    labels that do not fit their cells' pitch shrink, down to LABEL_FLOOR_PT; the length
    needed is then what the labels take at that size (at least ``length_pt``).
    """
    count = max(len(labels), 1)
    pitch = length_pt / count
    widest = max((text_width_pt(s, font_pt) for s in labels), default=0.0)
    if along_x and widest + 4.0 <= pitch:
        return font_pt, False, length_pt
    font = max(min(font_pt, pitch / LABEL_PITCH), LABEL_FLOOR_PT)
    return font, along_x, max(length_pt, count * LABEL_PITCH * font)


def thin_step(count: int, room: int) -> int:
    """k such that every k-th of ``count`` labels leaves at most ``room``."""
    return max(1, -(-count // max(room, 1)))  # ceiling division


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
    # preferred width; a flipped graph swaps them), to size cells and fit the labels
    geometry = ctx.graph.plot_geometry or {}
    fixed_w, fixed_h = bool(geometry.get("widthPt")), bool(geometry.get("heightPt"))
    # (a size the file gives is held within the bounds the engine draws it at)
    height = clamp(geometry.get("heightPt") or 216.0, *GEOMETRY_LIMITS, 216.0)
    cell_pt = height / max(m if flip else n, 1)
    auto_w = float(np.clip((n if flip else m) * cell_pt, 100.0, 520.0))
    width = clamp(geometry.get("widthPt") or auto_w, *GEOMETRY_LIMITS, auto_w)
    if flip and not fixed_w:
        width, height = height * 1.25, width * 0.8
    font = ctx.theme.shapes.font_size
    row_texts = [safe(s) for s in rows]
    # data sets along the category axis (X unless flipped), rows along the other
    col_font, col_up, col_need = fit_labels(names, height if flip else width, font, not flip)
    row_font, row_up, row_need = fit_labels(row_texts, width if flip else height, font, flip)
    if flip:
        width = width if fixed_w else max(width, min(row_need, MAX_GROWN_PT))
        height = height if fixed_h else max(height, min(col_need, MAX_GROWN_PT))
        ctx.preferred_width_pt, ctx.preferred_height_pt = height / 0.8, width / 1.25
    else:
        width = width if fixed_w else max(width, min(col_need, MAX_GROWN_PT))
        height = height if fixed_h else max(height, min(row_need, MAX_GROWN_PT))
        ctx.preferred_width_pt, ctx.preferred_height_pt = width, height
    col_step = thin_step(
        m, int((height if flip else width) / (LABEL_PITCH * col_font)) if col_up or flip else m
    )
    col_ticks, col_names = [k + 0.5 for k in range(m)][::col_step], names[::col_step]
    ctx.set_categories(
        CategoryLayout({}, 1.0, (0.0, float(max(m, 1))), col_ticks, col_names), rich_ticks=False
    )
    ctx.preferred_width_pt = width if not flip else height / 0.8
    row_pos = (np.arange(n) + 0.5) if flip else (n - 1 - np.arange(n) + 0.5)
    ctx.ax.margins(0.0)
    row_step = thin_step(n, int((width if flip else height) / (LABEL_PITCH * row_font)))
    row_ticks, row_names = row_pos[::row_step].tolist(), row_texts[::row_step]
    _say_thinned(ctx, "row", n, row_step, "X" if flip else "Y")
    _say_thinned(ctx, "data set", m, col_step, "Y" if flip else "X")
    # as set_yticks(row_ticks, row_names) without building a Tick per label here: the axes
    # setup resets the ticks anyway, and the shown ones are built once, when first asked for
    row_axis = ctx.ax.xaxis if flip else ctx.ax.yaxis
    if row_ticks:
        row_axis.set_view_interval(min(row_ticks), max(row_ticks))
    row_axis.set_major_locator(FixedLocator(row_ticks))
    row_axis.set_major_formatter(FixedFormatter(row_names))
    row_ids = [ids.axis_label("row", r) for r in range(0, n, row_step)]
    rich = {safe(s): s for s in [*rows[::row_step], *names[::col_step]] if needs_runs(s)}
    col_ids = [ids.axis_label("column", i) for i in vis][::col_step]
    ctx.after_axes.append(
        lambda: _style_labels(
            ctx, flip, (col_font, col_up, col_ids), (row_font, row_up, row_ids), rich
        )
    )
    cell_w = width / max(n if flip else m, 1)
    cell_h = height / max(m if flip else n, 1)
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
        _value_labels(ctx, matrix, vis, scale, center, (cell_w, cell_h))
    if ctx.graph_switch("colorScaleBar", True):
        color_bar(ctx, scale)


def _say_thinned(ctx: DrawContext, what: str, count: int, step: int, axis: str) -> None:
    if step > 1:
        shown = len(range(0, count, step))
        add_warning(
            ctx,
            THINNED,
            f"{count - shown:,} of {count:,} {what} labels are not shown: they do not fit "
            f"along the {axis} axis (one in {step} is shown)",
        )


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


def _style_labels(
    ctx: DrawContext,
    flip: bool,
    cols: tuple[float, bool, list[str]],
    rows: tuple[float, bool, list[str]],
    rich: dict[str, str],
) -> None:
    """The axis labels, sized and turned, as one artist per axis once the axes are set (the
    axes' own ticks give their font, colour and place; ids ``label/row/r<r>``...); a label
    with a rich-text run that has no Unicode form is drawn run by run."""
    x, y = (rows, cols) if flip else (cols, rows)
    for axis, (font, upright, label_ids), what in (
        (ctx.ax.xaxis, x, "row" if flip else "column"),
        (ctx.ax.yaxis, y, "column" if flip else "row"),
    ):
        texts = category_texts(axis) or []
        prop = axis.get_major_ticks(1)[0].label1.get_fontproperties().copy()
        prop.set_size(font)
        labels = AxisLabels(
            axis,
            [float(v) for v in axis.get_majorticklocs()],
            texts,
            label_ids,
            font=prop,
            rotation=90.0 if upright else 0.0,
            own_text=lambda k, t=texts: t[k] in rich,  # type: ignore[misc]
            dress=lambda text, k, t=texts: rich_label(text, rich[t[k]], set_text=False),  # type: ignore[misc]
        )
        # the axis draws no tick of its own; its title stands beyond the labels
        axis.set_major_locator(NullLocator())
        axis.set_minor_locator(NullLocator())
        axis.labelpad += labels.depth_pt()
        ctx.add(labels, ids.axis_labels(what))


def value_font(texts: list[str], size: float, cell_pt: tuple[float, float]) -> float | None:
    """One font size for every cell value: ``size``, shrunk until the widest value fits its
    cell, down to VALUE_FLOOR_PT (or 70 % of ``size``); None when even that does not fit."""
    floor = min(size, max(VALUE_FLOOR_PT, VALUE_FLOOR_RATIO * size))
    widest = max((len(t) for t in texts), default=0)
    fits = min(size, cell_pt[1] / 1.2)
    if widest:
        fits = min(fits, (cell_pt[0] - 2.0) / (widest * CHAR_WIDTH))
    return fits if fits >= floor else None


def _value_labels(
    ctx: DrawContext,
    matrix: NDArray[np.float64],
    vis: list[int],
    scale: HeatScale,
    center: Any,
    cell_pt: tuple[float, float],
) -> None:
    """Every cell's value in one font size, or none when they do not all fit their cells."""
    st = ctx.style("cellValueLabel", None)
    dec = st["decimals"]
    decimals = auto_decimals(matrix) if dec == "automatic" else int(dec)
    size = float(st["fontSize"])
    found = np.nonzero(np.isfinite(matrix))
    if cell_pt[1] < VALUE_FLOOR_PT * 1.2 or cell_pt[0] < VALUE_FLOOR_PT:
        font = None  # no value fits: not one text is made (a big grid stays fast)
    else:
        cells = [float(matrix[r, k]) for r, k in zip(*found, strict=True)]
        texts = NumberFormat(decimals=decimals).texts(cells)
        font = value_font(texts, size, cell_pt)
    if font is None:
        if ctx.switch("valueLabels", None, default=False) and found[0].size:
            count = int(found[0].size)
            ctx.warnings.append(
                f"{count} cell value{'s' if count > 1 else ''} do not fit their cells "
                "and are not written"
            )
        return
    for (r, k), label in zip(zip(*found, strict=True), texts, strict=True):
        value = float(matrix[r, k])
        color = contrast_text(scale.color(value)) if st["autoContrast"] else st["color"]
        x, y = center(int(r), int(k))
        text = ctx.ax.text(
            x, y, label, ha="center", va="center", fontsize=font, color=color, zorder=3.0
        )
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

    def locate(_cax: Any, renderer: RendererBase | None) -> Bbox:
        # 12 points right of the plot area, or of a legend standing there (matplotlib gives
        # no renderer when it crops the output to a box it was given)
        box = ax.get_window_extent(renderer)
        px = fig.dpi / 72.0 if renderer is None else pixels_per_point(renderer)
        x0 = box.x1 + 12 * px
        # labels and an axis title on the right (origin at the right) come first
        right = [
            a.get_window_extent(renderer)
            for a in ax.artists
            if isinstance(a, AxisLabels) and a.on_right()
        ]
        if str(ax.yaxis.get_label_position()) == "right" and ax.yaxis.label.get_text():
            right.append(ax.yaxis.label.get_window_extent(renderer))
        for b in right:
            if b.x0 >= box.x1 - 1 and b.width > 0 and b.y0 < box.y1 and b.y1 > box.y0:
                x0 = max(x0, b.x1 + 12 * px)
        legend = ax.get_legend()
        if legend is not None and legend.get_visible():
            lb = legend.get_window_extent(renderer)
            if lb.x0 >= box.x1 - 1 and lb.y0 < box.y1 and lb.y1 > box.y0:
                x0 = max(x0, lb.x1 + 12 * px)
        y0 = box.y0 + box.height * (1 - length) / 2
        display = Bbox.from_bounds(x0, y0, width_pt * px, box.height * length)
        return display.transformed(fig.transFigure.inverted())

    cax = fig.add_axes((0.0, 0.0, 0.01, 0.01))
    cax.set_axes_locator(locate)
    mappable = ScalarMappable(norm=scale.norm, cmap=scale.cmap)
    bar = fig.colorbar(mappable, cax=cax)
    bar.set_ticks(scale_ticks(scale.lo, scale.hi, int(st["tickCount"])))
    bar.ax.yaxis.set_major_formatter(TickFormatter(NumberFormat()))
    bar.ax.tick_params(labelsize=float(st["fontSize"]), colors=st["color"], length=3)
    bar.outline.set_edgecolor(st["color"])
    bar.outline.set_linewidth(0.6)
    if label:
        bar.set_label(safe(label), fontsize=float(st["fontSize"]), color=st["color"])
    ctx.tag(cax, "colorbar")
