"""A grid of coloured cells drawn as one artist, each cell with its own semantic id.

matplotlib's ``pcolormesh`` draws a grid as one collection, so a cell cannot carry an id in the
SVG. :class:`CellGrid` draws the same rectangles through the renderer, one path per cell inside
a group whose id is the cell's (``cell/r{row}/c{col}``), at about the cost of ``pcolormesh``
(both end in one ``draw_path`` per cell in the SVG backend). A PNG of cells without borders is
one image at the canvas' pixels, each pixel the colour of the cell under its centre: what
``pcolormesh`` draws by default, pixel for pixel, without a path per cell. PDF (and cells with
borders) get one quad-mesh call and no ids. Cells whose colour has alpha 0 (missing cells) are
left empty. While matplotlib only measures the figure (``bbox_inches="tight"`` draws once with
drawing disabled), the per-cell loop is skipped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import numpy as np
from matplotlib.artist import Artist
from matplotlib.backend_bases import RendererBase
from matplotlib.path import Path
from matplotlib.transforms import Bbox, IdentityTransform, Transform, TransformedPath
from numpy.typing import NDArray

from .svg import is_svg

RGBA = tuple[float, float, float, float]
_CODES = np.array(
    [Path.MOVETO, Path.LINETO, Path.LINETO, Path.LINETO, Path.CLOSEPOLY], dtype=Path.code_type
)


def _is_agg(renderer: RendererBase) -> bool:
    from matplotlib.backends.backend_agg import RendererAgg

    return isinstance(renderer, RendererAgg)


def _pixel_cells(edges: NDArray[np.float64], lo: int, count: int) -> NDArray[np.intp]:
    """For each of ``count`` pixels from ``lo`` on, the index of the cell between ``edges``
    under the pixel's centre, or ``len(edges) - 1`` (no cell) outside them."""
    n = edges.size - 1
    rising = edges[-1] >= edges[0]
    ascending = edges if rising else edges[::-1]
    centres = np.arange(lo, lo + count) + 0.5
    k = np.searchsorted(ascending, centres, side="right") - 1
    outside = (k < 0) | (k >= n)
    if not rising:
        k = n - 1 - k
    k[outside] = n
    return k


def _draw_pixels(
    renderer: RendererBase,
    gc: Any,
    xs: NDArray[np.float64],
    ys: NDArray[np.float64],
    colors: NDArray[np.float64],
) -> None:
    """The cells between display edges ``xs`` and ``ys`` as one image: each pixel takes the
    colour of the cell under its centre, as Agg fills a shape without antialiasing (and as
    ``pcolormesh`` draws by default), in one draw instead of a path per cell."""
    width, height = renderer.get_canvas_width_height()
    x0 = max(int(np.floor(min(xs[0], xs[-1]))), 0)
    x1 = min(int(np.ceil(max(xs[0], xs[-1]))), int(width))
    y0 = max(int(np.floor(min(ys[0], ys[-1]))), 0)
    y1 = min(int(np.ceil(max(ys[0], ys[-1]))), int(height))
    clip = gc.get_clip_rectangle()
    if clip is not None:  # the pixels Agg keeps of a shape clipped there (an image keeps one more)
        x0, x1 = max(x0, int(np.floor(clip.x0 + 0.5))), min(x1, int(np.floor(clip.x1 + 0.5)))
        y0, y1 = max(y0, int(np.ceil(clip.y0 - 0.5))), min(y1, int(np.ceil(clip.y1 - 0.5)))
    if x1 <= x0 or y1 <= y0:
        return
    rows, cols = colors.shape[:2]
    # one transparent cell past the last row and column, for pixels outside the grid
    rgba = np.zeros((rows + 1, cols + 1, 4), dtype=np.uint8)
    rgba[:rows, :cols] = np.clip(colors * 255.0 + 0.5, 0, 255)
    col_of = _pixel_cells(xs, x0, x1 - x0)
    row_of = _pixel_cells(ys, y0, y1 - y0)  # Agg's draw_image takes the first row as the bottom
    picture = rgba.take(row_of, axis=0).take(col_of, axis=1)
    gc.set_alpha(1.0)
    renderer.draw_image(gc, x0, y0, picture)


def _drawing_disabled(renderer: RendererBase) -> bool:
    """True while matplotlib only measures the figure (its draw calls are no-ops then)."""
    inner = getattr(renderer, "_renderer", renderer)
    return any("draw_path" in getattr(r, "__dict__", {}) for r in (renderer, inner))


class CellGrid(Artist):
    """Cells ``(r, c)`` spanning ``x_edges[c]..x_edges[c+1]`` by ``y_edges[r]..y_edges[r+1]``.

    ``colors`` has shape (rows, cols, 4); a cell whose alpha is 0 is not drawn. ``cell_id``
    names the group of each cell.
    """

    def __init__(
        self,
        x_edges: NDArray[np.float64],
        y_edges: NDArray[np.float64],
        colors: NDArray[np.float64],
        *,
        transform: Transform,
        edgecolor: RGBA,
        linewidth: float,
        cell_id: Callable[[int, int], str],
    ) -> None:
        super().__init__()
        self._x = np.asarray(x_edges, dtype=float)
        self._y = np.asarray(y_edges, dtype=float)
        self._colors = np.asarray(colors, dtype=float)
        self._edge = edgecolor
        self._lw = float(linewidth)
        self._cell_id = cell_id
        self.set_transform(transform)

    @property
    def shape(self) -> tuple[int, int]:
        return (self._y.size - 1, self._x.size - 1)

    def cell_color(self, row: int, col: int) -> RGBA:
        r, g, b, a = self._colors[row, col]
        return (float(r), float(g), float(b), float(a))

    def get_window_extent(self, renderer: RendererBase | None = None) -> Bbox:
        corners = np.array([[self._x[0], self._y[0]], [self._x[-1], self._y[-1]]])
        return Bbox(self.get_transform().transform(corners))

    def draw(self, renderer: RendererBase) -> None:
        if not self.get_visible() or _drawing_disabled(renderer):
            return
        trans = self.get_transform()
        xs = trans.transform(np.column_stack([self._x, np.full(self._x.size, self._y[0])]))[:, 0]
        ys = trans.transform(np.column_stack([np.full(self._y.size, self._x[0]), self._y]))[:, 1]
        gc = renderer.new_gc()
        if self.get_clip_on():
            box = self.get_clip_box()
            if box is not None:
                gc.set_clip_rectangle(box)
            clip = self.get_clip_path()
            if isinstance(clip, TransformedPath):
                gc.set_clip_path(clip)
        gc.set_linewidth(self._lw if self._lw > 0 else 0.0)
        if self._lw > 0:
            gc.set_foreground(self._edge, isRGBA=True)
        else:
            gc.set_foreground((0.0, 0.0, 0.0, 0.0), isRGBA=True)
        gc.set_joinstyle("miter")
        renderer.open_group("cellgrid", gid=self.get_gid())
        if self._lw <= 0 and _is_agg(renderer):
            # a raster without cell borders: one image at the canvas' own pixels
            _draw_pixels(renderer, gc, xs, ys, self._colors)
        elif not is_svg(renderer):
            self._draw_mesh(renderer, gc, xs, ys)  # no ids outside SVG
        else:
            self._draw_each(renderer, gc, xs, ys)
        renderer.close_group("cellgrid")
        gc.restore()
        self.stale = False

    def _draw_mesh(
        self, renderer: RendererBase, gc: Any, xs: NDArray[np.float64], ys: NDArray[np.float64]
    ) -> None:
        """Every cell in one quad-mesh call."""
        n_rows, n_cols = self.shape
        ident = IdentityTransform()
        coords = np.stack(np.meshgrid(xs, ys), axis=-1)
        faces = self._colors.reshape(-1, 4)
        edges = np.array([self._edge]) if self._lw > 0 else np.zeros((0, 4))
        renderer.draw_quad_mesh(
            gc,
            ident,
            n_cols,
            n_rows,
            coords,
            np.zeros((1, 2)),
            ident,
            cast(Any, faces),
            True,
            cast(Any, edges),
        )

    def _draw_each(
        self, renderer: RendererBase, gc: Any, xs: NDArray[np.float64], ys: NDArray[np.float64]
    ) -> None:
        """Each cell a path in a group of its own, with the cell's id."""
        n_rows, n_cols = self.shape
        ident = IdentityTransform()
        verts = np.empty((5, 2))
        for r in range(n_rows):
            y0, y1 = ys[r], ys[r + 1]
            for c in range(n_cols):
                color = self._colors[r, c]
                if color[3] <= 0:
                    continue
                x0, x1 = xs[c], xs[c + 1]
                verts[:] = ((x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0))
                gid = self._cell_id(r, c)
                renderer.open_group(gid, gid=gid)
                renderer.draw_path(gc, Path(verts, _CODES), ident, tuple(color))
                renderer.close_group(gid)
