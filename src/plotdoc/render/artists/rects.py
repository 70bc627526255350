"""Many rectangles in one artist, one id each: the bars of a graph with thousands of rows.

A bar is usually its own matplotlib ``Rectangle`` (its SVG group carries its id). That costs a
few milliseconds a bar between building, data limits and drawing, which a grouped table of
20,000 rows turns into minutes. :class:`Rects` holds the bars of one data set as arrays: in SVG
each bar is still one ``<path id="bar/ds0/row7">`` (written straight into matplotlib's writer,
see :mod:`.svg`), and Agg and PDF fill each run of bars of one style with a single path.
Bars narrower than three edge widths are drawn without their edges (at 20,000 rows a bar's
border would otherwise cover the bar, and a graph in black borders would be one black block);
a fill that would then vanish into the background (classic's white) takes the edge colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import matplotlib as mpl
import numpy as np
from matplotlib.artist import Artist
from matplotlib.backend_bases import RendererBase
from matplotlib.path import Path
from matplotlib.transforms import IdentityTransform
from numpy.typing import NDArray

from ..style.colors import contrast
from ..style.theme import RGBA
from .svg import drawing_disabled, fast_svg, is_svg, pixels_per_point, write_polygons
from .window import Window, meeting, snap_as_whole

_IDENTITY = IdentityTransform()
#: a bar too thin for its edges, whose fill contrasts less than this with the plot
#: background (classic's white bars), is filled with its edge colour instead
MIN_FILL_CONTRAST = 1.5
#: the codes of one closed rectangle
_RECT_CODES = [Path.MOVETO, Path.LINETO, Path.LINETO, Path.LINETO, Path.CLOSEPOLY]


class Rects(Artist):
    """Axis-aligned rectangles given by two opposite corners in data coordinates, with a
    face, an edge (None: no edge), an edge width (points) and a fill pattern (a matplotlib
    hatch and its colour, or None) each, and one id each."""

    def __init__(
        self,
        corners: NDArray[np.float64],
        ids: Sequence[str],
        *,
        faces: Sequence[RGBA],
        edges: Sequence[RGBA | None],
        widths: Sequence[float],
        background: RGBA,
        hatches: Sequence[tuple[str, RGBA] | None] | None = None,
    ) -> None:
        super().__init__()
        self.background = background
        self.corners = np.asarray(corners, dtype=float).reshape(-1, 4)
        self.ids = list(ids)
        self.faces = list(faces)
        self.edges = list(edges)
        self.widths = list(widths)
        self.hatches = list(hatches) if hatches is not None else [None] * len(self.ids)
        styles: dict[tuple[Any, ...], int] = {}
        #: each rectangle's style (face, edge, width, pattern) as a number, the same for
        #: equal styles
        self.styles = np.array(
            [styles.setdefault(self._key(k), len(styles)) for k in range(len(self.ids))],
            dtype=np.intp,
        )
        #: the width of a pattern's lines, as a ``Rectangle`` made now would draw them
        self.hatch_linewidth = float(mpl.rcParams["hatch.linewidth"])
        #: when set, only the rectangles meeting this box of display pixels are drawn (see
        #: :mod:`.window`)
        self.window: Window | None = None
        self.set_in_layout(False)

    def __len__(self) -> int:
        return len(self.ids)

    def _key(self, k: int) -> tuple[Any, ...]:
        return (self.faces[k], self.edges[k], self.widths[k], self.hatches[k])

    def polygons(self) -> NDArray[np.float64]:
        """The rectangles as (n, 4, 2) corner arrays, in display units (data units when no
        axes is set)."""
        x0, y0, x1, y1 = self.corners.T
        quads = np.stack(
            [np.column_stack(c) for c in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))], axis=1
        )
        if self.axes is None:
            return quads
        flat = self.axes.transData.transform(quads.reshape(-1, 2))
        return np.asarray(flat, dtype=float).reshape(-1, 4, 2)

    def runs(self, quads: NDArray[np.float64]) -> list[NDArray[np.intp]]:
        """The drawn rectangles (of finite corners ``quads``, see :meth:`polygons`) in
        runs of one style, in drawing order."""
        order = np.flatnonzero(np.isfinite(quads).all(axis=(1, 2)))
        if not order.size:
            return []
        styles = self.styles[order]
        return np.split(order, np.flatnonzero(styles[1:] != styles[:-1]) + 1)

    def edges_dropped(self, quads: NDArray[np.float64], px: float) -> list[bool]:
        """For each run (:meth:`runs`), whether its bars are drawn without their edges (too
        thin for them at ``px`` pixels per point)."""
        return [self._drops_edges(quads, run, px) for run in self.runs(quads)]

    def _drops_edges(self, quads: NDArray[np.float64], run: NDArray[np.intp], px: float) -> bool:
        edge, width = self.edges[run[0]], self.widths[run[0]]
        return edge is not None and _too_thin_for_edges(quads[run], width * px)

    def draw(self, renderer: RendererBase) -> None:
        if not self.get_visible() or self.axes is None or not self.ids:
            return
        if drawing_disabled(renderer):
            return
        quads = self.polygons()
        window = self.window
        inside = None
        if window is not None:
            margin = 2.0 + max(self.widths, default=0.0) * pixels_per_point(renderer)
            # a rectangle's box: its first and third corners (opposite ones)
            inside = meeting(quads[:, 0], quads[:, 2], window, margin)
        renderer.open_group("bars", gid=self.get_gid())
        gc = renderer.new_gc()
        self._set_gc_clip(gc)  # type: ignore[attr-defined]
        gc.set_joinstyle("miter")
        fast = fast_svg(renderer)
        svg = is_svg(renderer)
        px = pixels_per_point(renderer)
        for whole in self.runs(quads):
            run = whole if inside is None else whole[inside[whole]]
            if not run.size:
                continue
            face, edge, width, hatch = self._key(whole[0])
            if self._drops_edges(quads, whole, px):
                # edges wider than the bars would paint them in the edge colour: fill only,
                # and with the edge colour where the fill would vanish into the background
                if contrast(face, self.background) < MIN_FILL_CONTRAST:
                    face = edge
                edge = None
            gc.set_foreground(edge if edge is not None else face, isRGBA=True)
            gc.set_linewidth(width if edge is not None else 0.0)
            if hatch is not None:  # as a Rectangle with a hatch sets it
                gc.set_hatch(hatch[0])
                gc.set_hatch_color(hatch[1])
                gc.set_hatch_linewidth(self.hatch_linewidth)
            else:
                gc.set_hatch(None)
            gc.set_snap(None)
            if inside is not None:
                snap_as_whole(gc, len(whole) * len(_RECT_CODES))
            if fast is not None and hatch is None:  # (the fast writer has no patterns)
                write_polygons(fast, gc, face, quads[run], [self.ids[k] for k in run])
            elif svg:
                for k in run:
                    renderer.open_group("bar", gid=self.ids[k])
                    renderer.draw_path(gc, Path(quads[k], closed=True), _IDENTITY, face)
                    renderer.close_group("bar")
            else:
                closed = quads[run]  # each rectangle's four corners, then its first again
                verts = np.concatenate([closed, closed[:, :1]], axis=1).reshape(-1, 2)
                path = Path(verts, _RECT_CODES * len(run))
                renderer.draw_path(gc, path, _IDENTITY, face)
        gc.restore()
        renderer.close_group("bars")


def _too_thin_for_edges(quads: NDArray[np.float64], edge_px: float) -> bool:
    """Whether bars this thin (their narrower side, typically across the category axis, in
    display units) would be mostly edge: narrower than three edge widths."""
    w = np.abs(quads[:, 1, 0] - quads[:, 0, 0])
    h = np.abs(quads[:, 2, 1] - quads[:, 1, 1])
    return bool(min(float(np.median(w)), float(np.median(h))) < 3.0 * edge_px)
