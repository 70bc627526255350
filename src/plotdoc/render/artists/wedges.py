"""Many slices of a pie or donut in one artist, one id each: a pie of thousands of parts.

A slice is usually its own matplotlib ``Wedge`` (its SVG group carries its id). Building,
adding and drawing one costs about half a millisecond, which a parts-of-whole table of
10,000 rows turned into seconds for every drawing. :class:`Wedges` holds the slices as
arrays: each is a polygon (its arc in steps of at most :data:`STEP_DEG`, whose chord stays
within a tenth of a pixel of the circle at any size a pie is drawn), in SVG still one
``<path id="slice/row7">`` (written straight into matplotlib's writer, see :mod:`.svg`); Agg
and PDF fill the slices of one colour with a single path, then stroke every slice's edges
with one more.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from matplotlib.artist import Artist
from matplotlib.backend_bases import RendererBase
from matplotlib.path import Path
from matplotlib.transforms import Bbox, IdentityTransform, Transform
from numpy.typing import NDArray

from ..style.theme import RGBA
from .svg import drawing_disabled, fast_svg, is_svg, write_shapes

F64 = NDArray[np.float64]
_IDENTITY = IdentityTransform()
#: the largest step (degrees) of a slice's arc drawn as a straight line
STEP_DEG = 2.0


def _within(counts: NDArray[np.intp]) -> NDArray[np.intp]:
    """For runs of ``counts`` items, each item's place in its run (0, 1, ..., 0, 1, ...)."""
    starts = np.cumsum(counts) - counts
    out: NDArray[np.intp] = np.arange(int(counts.sum())) - np.repeat(starts, counts)
    return out


def _arcs(thetas: F64, radius: float, reverse: bool = False) -> tuple[F64, NDArray[np.intp]]:
    """The points of each slice's arc (from ``thetas[k, 0]`` to ``thetas[k, 1]`` degrees,
    counter-clockwise; ``reverse``: the other way), all in one array, and how many each has."""
    span = thetas[:, 1] - thetas[:, 0]
    steps = np.maximum(1, np.ceil(span / STEP_DEG)).astype(np.intp)
    counts = steps + 1
    u = _within(counts) / np.repeat(steps, counts)
    if reverse:
        u = 1.0 - u
    t = np.deg2rad(np.repeat(thetas[:, 0], counts) + u * np.repeat(span, counts))
    return np.column_stack([np.cos(t), np.sin(t)]) * radius, counts


def slice_polygons(thetas: F64, hole: float) -> tuple[F64, NDArray[np.intp]]:
    """The corners of every slice (``thetas``: (n, 2) degrees) of the unit circle, a ring
    segment when ``hole`` (the inner radius) is above 0, one after the other; and where each
    slice's corners start (n + 1 offsets)."""
    n = len(thetas)
    outer, counts = _arcs(thetas, 1.0)
    if hole > 0:
        inner, _ = _arcs(thetas, hole, reverse=True)
        # each slice: its outer arc, then its inner arc back
        k = np.repeat(np.arange(n), counts)
        points = np.concatenate([outer, inner])
        order = np.argsort(np.concatenate([2 * k, 2 * k + 1]), kind="stable")
        points, sizes = points[order], 2 * counts
    else:  # each slice: the centre, then its arc
        k = np.repeat(np.arange(n), counts)
        points = np.concatenate([np.zeros((n, 2)), outer])
        order = np.argsort(np.concatenate([2 * np.arange(n), 2 * k + 1]), kind="stable")
        points, sizes = points[order], counts + 1
    offsets = np.concatenate([[0], np.cumsum(sizes)]).astype(np.intp)
    return points, offsets


class Wedges(Artist):
    """Slices from ``thetas[k, 0]`` to ``thetas[k, 1]`` (degrees, counter-clockwise) of the
    unit circle, drawn through ``transform``, each with a fill and an id, all with one edge
    (None: no edge) of ``width`` points; ``hole`` is a donut's inner radius (0 for a pie)."""

    def __init__(
        self,
        thetas: F64,
        ids: Sequence[str],
        *,
        faces: Sequence[RGBA],
        edge: RGBA | None,
        width: float,
        hole: float,
        transform: Transform,
    ) -> None:
        super().__init__()
        self.thetas = np.asarray(thetas, dtype=float).reshape(-1, 2)
        self.ids = list(ids)
        self.faces = list(faces)
        self.edge = edge
        self.width = width
        self.hole = hole
        self.points, self.offsets = slice_polygons(self.thetas, hole)
        self.set_transform(transform)
        self.set_clip_on(False)
        self.set_in_layout(False)

    def __len__(self) -> int:
        return len(self.ids)

    def display_points(self) -> F64:
        """Every slice's corners in display units (slice ``k``'s from ``offsets[k]``)."""
        return np.asarray(self.get_transform().transform(self.points), dtype=float)

    def boxes(self) -> F64:
        """Each slice's box (x0, y0, x1, y1) in display units."""
        pts = self.display_points()
        starts = self.offsets[:-1]
        low = np.column_stack([np.minimum.reduceat(pts[:, j], starts) for j in (0, 1)])
        high = np.column_stack([np.maximum.reduceat(pts[:, j], starts) for j in (0, 1)])
        return np.column_stack([low, high])

    def get_window_extent(self, renderer: RendererBase | None = None) -> Bbox:
        if not self.ids:
            return Bbox.null()
        pts = self.display_points()
        return Bbox([pts.min(axis=0), pts.max(axis=0)])

    def draw(self, renderer: RendererBase) -> None:
        if not self.get_visible() or not self.ids or drawing_disabled(renderer):
            return
        pts = self.display_points()
        renderer.open_group("slices", gid=self.get_gid())
        gc = renderer.new_gc()
        gc.set_joinstyle("miter")
        fast = fast_svg(renderer)
        if fast is not None or is_svg(renderer):
            self._draw_each(renderer, gc, fast, pts)
        else:
            self._draw_by_face(renderer, gc, pts)
        gc.restore()
        renderer.close_group("slices")

    def _by_face(self) -> dict[RGBA, NDArray[np.intp]]:
        out: dict[RGBA, list[int]] = {}
        for k, face in enumerate(self.faces):
            out.setdefault(face, []).append(k)
        return {face: np.asarray(members, dtype=np.intp) for face, members in out.items()}

    def _draw_by_face(self, renderer: RendererBase, gc: Any, pts: F64) -> None:
        """The slices of each colour filled with one path, then every edge stroked with one
        (the edges between slices lie over both, as a drawing slice by slice leaves them)."""
        gc.set_linewidth(0.0)
        for face, members in self._by_face().items():
            gc.set_foreground(face, isRGBA=True)
            renderer.draw_path(gc, self._closed(pts, members), _IDENTITY, face)
        if self.edge is not None and self.width > 0:
            gc.set_foreground(self.edge, isRGBA=True)
            gc.set_linewidth(self.width)
            every = np.arange(len(self.ids), dtype=np.intp)
            renderer.draw_path(gc, self._closed(pts, every), _IDENTITY, None)

    def _draw_each(self, renderer: RendererBase, gc: Any, fast: Any, pts: F64) -> None:
        """One ``<path id=...>`` per slice, filled and edged (SVG)."""
        edged = self.edge is not None and self.width > 0
        gc.set_foreground(self.edge if edged else (0.0, 0.0, 0.0, 0.0), isRGBA=True)
        gc.set_linewidth(self.width if edged else 0.0)
        at = self.offsets
        for face, members in self._by_face().items():
            shapes = [pts[at[k] : at[k + 1]] for k in members.tolist()]
            if fast is not None:
                write_shapes(fast, gc, face, shapes, [self.ids[k] for k in members.tolist()])
                continue
            for k, shape in zip(members.tolist(), shapes, strict=True):  # pragma: no cover
                renderer.open_group("slice", gid=self.ids[k])  # (other matplotlib versions)
                renderer.draw_path(gc, Path(shape, closed=True), _IDENTITY, face)
                renderer.close_group("slice")

    def _closed(self, pts: F64, members: NDArray[np.intp]) -> Path:
        """One path of the closed polygons of slices ``members`` (corners ``pts``)."""
        starts, stops = self.offsets[members], self.offsets[members + 1]
        sizes = stops - starts
        counts = sizes + 1  # each polygon's corners, then its first again
        within = _within(counts)
        last = within == np.repeat(sizes, counts)
        verts = pts[np.repeat(starts, counts) + np.where(last, 0, within)]
        codes = np.full(len(verts), Path.LINETO, dtype=Path.code_type)
        codes[within == 0] = Path.MOVETO
        codes[last] = Path.CLOSEPOLY
        return Path(verts, codes)
