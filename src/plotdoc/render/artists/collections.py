"""Artists that keep a semantic id on every mark they draw.

matplotlib writes an artist's gid as the id of its SVG group, but a collection's members have
no ids. :class:`PointSymbols` and :class:`ErrorBars` draw many marks in one artist and, in
SVG, wrap each mark in its own ``<g id="...">`` (``symbol/ds0/p5``, ``errorbar/ds1/row0``);
other renderers (Agg, PDF) get one batched call per style, so they pay nothing for the ids.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, overload

import numpy as np
from matplotlib.artist import Artist
from matplotlib.backend_bases import RendererBase
from matplotlib.path import Path
from matplotlib.transforms import Affine2D, IdentityTransform
from numpy.typing import NDArray

from ..ids import Lazy
from ..style.symbols import symbol_path
from ..style.theme import RGBA
from .svg import (
    drawing_disabled,
    fast_svg,
    is_svg,
    pixels_per_point,
    write_markers,
    write_paths,
)
from .window import Window, meeting, snap_as_whole

_IDENTITY = IdentityTransform()


points = pixels_per_point


#: how one symbol looks: shape, size (pt), face (None: no face), edge colour, edge width (pt)
Look = tuple[str, float, RGBA | None, RGBA, float]


class _Column(Sequence[Any]):
    """One part of each point's look (its size, say), read through the table of looks."""

    def __init__(self, art: PointSymbols, k: int) -> None:
        self._art, self._k = art, k

    def __len__(self) -> int:
        return len(self._art.look_of)

    @overload
    def __getitem__(self, i: int) -> Any: ...

    @overload
    def __getitem__(self, i: slice) -> list[Any]: ...

    def __getitem__(self, i: int | slice) -> Any:
        looks, k = self._art.looks, self._k
        if isinstance(i, slice):
            return [looks[j][k] for j in self._art.look_of[i].tolist()]
        return looks[int(self._art.look_of[i])][k]

    def __iter__(self) -> Iterator[Any]:
        column = [look[self._k] for look in self._art.looks]
        return (column[j] for j in self._art.look_of.tolist())


class PointSymbols(Artist):
    """Symbols at data points, one id per point; per-point shape, size and colours.

    The looks are kept as a table of the distinct ones and, per point, an index into it
    (``looks``, ``look_of``): a million points of one data set are a one-entry table and
    an array, drawn with one batched call per look; their ids are read only by SVG.
    """

    def __init__(
        self,
        xy: NDArray[np.float64],
        ids: Sequence[str],
        *,
        shapes: Sequence[str] = (),
        sizes: Sequence[float] = (),
        faces: Sequence[RGBA | None] = (),
        edges: Sequence[RGBA] = (),
        widths: Sequence[float] = (),
        looks: Sequence[Look] | None = None,
        look_of: NDArray[np.intp] | None = None,
    ) -> None:
        super().__init__()
        self.xy = np.asarray(xy, dtype=float).reshape(-1, 2)
        self.ids = ids if isinstance(ids, Lazy) else list(ids)
        if looks is not None and look_of is not None:
            self.set_looks(list(looks), np.asarray(look_of, dtype=np.intp))
        else:
            self._set_lists(shapes, sizes, faces, edges, widths)
        self.set_in_layout(False)

    def __len__(self) -> int:
        return len(self.ids)

    # -- looks: a table of distinct ones and an index per point ---------------------------

    def set_looks(self, looks: list[Look], look_of: NDArray[np.intp]) -> None:
        """Set the table of looks and each point's index into it (equal looks are merged)."""
        merged: dict[Look, int] = {}
        remap = np.array([merged.setdefault(look, len(merged)) for look in looks], dtype=np.intp)
        self.looks: list[Look] = list(merged)
        self.look_of: NDArray[np.intp] = remap[look_of] if len(remap) else look_of

    def _set_lists(
        self,
        shapes: Sequence[str],
        sizes: Sequence[float],
        faces: Sequence[RGBA | None],
        edges: Sequence[RGBA],
        widths: Sequence[float],
    ) -> None:
        table: dict[Look, int] = {}
        index = [
            table.setdefault(look, len(table))
            for look in zip(shapes, sizes, faces, edges, widths, strict=True)
        ]
        self.looks = list(table)
        self.look_of = np.array(index, dtype=np.intp)

    def set_shape(self, shape: str) -> None:
        """Give every point the shape ``shape`` (a change of the table of looks alone)."""
        self.set_looks([(shape, *look[1:]) for look in self.looks], self.look_of)

    def _column(self, k: int) -> _Column:
        return _Column(self, k)

    def _set_column(self, k: int, values: Sequence[Any]) -> None:
        lists: list[Sequence[Any]] = [list(self._column(j)) for j in range(5)]
        lists[k] = list(values)
        self._set_lists(*lists)

    # per-point lists, for the few readers that want them (small artists, hit regions)
    shapes = property(lambda self: self._column(0), lambda self, v: self._set_column(0, v))
    sizes = property(lambda self: self._column(1), lambda self, v: self._set_column(1, v))
    faces = property(lambda self: self._column(2), lambda self, v: self._set_column(2, v))
    edges = property(lambda self: self._column(3), lambda self, v: self._set_column(3, v))
    widths = property(lambda self: self._column(4), lambda self, v: self._set_column(4, v))

    def size_array(self) -> NDArray[np.float64]:
        """Each point's size (pt)."""
        return np.array([look[1] for look in self.looks], dtype=float)[self.look_of]

    def reach_array(self) -> NDArray[np.float64]:
        """Each point's size plus its edge width (pt): how much room it takes."""
        return np.array([look[1] + look[4] for look in self.looks], dtype=float)[self.look_of]

    def widest(self) -> float:
        """The largest size plus edge width of any point (pt; 0 when there is none)."""
        if not len(self.look_of):
            return 0.0
        used = np.unique(self.look_of).tolist() if len(self.looks) > 1 else [0]
        return float(max(self.looks[k][1] + self.looks[k][4] for k in used))

    def width_array(self) -> NDArray[np.float64]:
        """Each point's edge width (pt)."""
        return np.array([look[4] for look in self.looks], dtype=float)[self.look_of]

    def draw(self, renderer: RendererBase) -> None:
        if not self.get_visible() or self.axes is None or len(self.ids) == 0:
            return
        if drawing_disabled(renderer):
            return
        pts = self.axes.transData.transform(self.xy)
        order = np.flatnonzero(np.isfinite(pts).all(axis=1))
        px = points(renderer)
        renderer.open_group("symbols", gid=self.get_gid())
        gc = renderer.new_gc()
        self._set_gc_clip(gc)  # type: ignore[attr-defined]
        fast = fast_svg(renderer)
        look_of = self.look_of[order]
        if fast is not None:
            # runs of consecutive points that look the same, in the order of the points
            cuts = np.flatnonzero(look_of[1:] != look_of[:-1]) + 1
            for run in np.split(order, cuts) if order.size else []:
                marker = self._prepare(gc, int(self.look_of[run[0]]), px)
                if marker is not None:
                    write_markers(
                        fast,
                        gc,
                        marker[0],
                        marker[1],
                        marker[2],
                        pts[run],
                        [self.ids[i] for i in run.tolist()],
                    )
        elif is_svg(renderer):
            for i in order.tolist():
                renderer.open_group("symbol", gid=self.ids[i])
                self._draw_one(renderer, gc, int(self.look_of[i]), pts[[i]], px)
                renderer.close_group("symbol")
        else:
            # one batched call per look, in the order each look first appears
            if len(self.looks) == 1:
                if order.size:
                    self._draw_one(renderer, gc, 0, pts[order], px)
            else:
                looks, first = np.unique(look_of, return_index=True)
                for look in looks[np.argsort(first)].tolist():
                    members = order if len(looks) == 1 else order[look_of == look]
                    self._draw_one(renderer, gc, look, pts[members], px)
        gc.restore()
        renderer.close_group("symbols")

    def _prepare(self, gc: Any, look: int, px: float) -> tuple[Path, Affine2D, RGBA | None] | None:
        """Set ``gc`` for a look; its marker path, transform and face (None: nothing to draw)."""
        shape, size, face, edge, width = self.looks[look]
        path, kind = symbol_path(shape)
        if size <= 0:
            return None
        gc.set_foreground(edge, isRGBA=True)
        gc.set_linewidth(width)
        gc.set_joinstyle("miter")
        return path, Affine2D().scale(size * px / 2.0), None if kind == "stroke" else face

    def _draw_one(
        self,
        renderer: RendererBase,
        gc: Any,
        look: int,
        pts: NDArray[np.float64],
        px: float,
    ) -> None:
        marker = self._prepare(gc, look, px)
        if marker is not None:
            path, trans, face = marker
            renderer.draw_markers(gc, path, trans, Path(pts), _IDENTITY, face)


class ErrorBars(Artist):
    """Error bars at category or X positions, one id per bar, caps in points.

    ``pos`` is the position along the category (or X) axis, ``center``, ``low`` and ``high``
    the values; ``vertical`` False draws them horizontally (flipped graphs).
    """

    def __init__(
        self,
        pos: NDArray[np.float64],
        center: NDArray[np.float64],
        low: NDArray[np.float64],
        high: NDArray[np.float64],
        ids: Sequence[str],
        *,
        color: RGBA,
        linewidth: float,
        cap_half_width_pt: float,
        direction: str = "both",
        vertical: bool = True,
    ) -> None:
        super().__init__()
        self.pos = np.asarray(pos, dtype=float)
        self.center = np.asarray(center, dtype=float)
        self.low = np.asarray(low, dtype=float)
        self.high = np.asarray(high, dtype=float)
        self.ids = list(ids)
        self.color = color
        self.linewidth = linewidth
        self.cap = cap_half_width_pt
        self.direction = direction
        self.vertical = vertical
        #: shift along the category axis, in points (to set data sets sharing an X apart)
        self.dodge_pt = 0.0
        #: when set, only the bars meeting this box of display pixels are drawn (see
        #: :mod:`.window`)
        self.window: Window | None = None
        self.set_in_layout(False)

    def _ends(self) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        lo = np.where(np.isfinite(self.low), self.low, self.center)
        hi = np.where(np.isfinite(self.high), self.high, self.center)
        if self.direction == "above":
            lo = self.center
        elif self.direction == "below":
            hi = self.center
        return lo, hi

    def stem_ends(self) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """Each stem's two ends, (n, 2) arrays of (x, y) in data coordinates."""
        lo, hi = self._ends()
        if self.vertical:
            return np.column_stack([self.pos, lo]), np.column_stack([self.pos, hi])
        return np.column_stack([lo, self.pos]), np.column_stack([hi, self.pos])

    def segments(self) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """The stems in data coordinates (for tests and limits)."""
        a, b = self.stem_ends()
        return [((p, q), (r, s)) for (p, q), (r, s) in zip(a.tolist(), b.tolist(), strict=True)]

    def draw(self, renderer: RendererBase) -> None:
        if not self.get_visible() or self.axes is None or len(self.ids) == 0:
            return
        if drawing_disabled(renderer):
            return
        a, b = self.stem_ends()
        trans = self.axes.transData
        da = trans.transform(a)
        db = trans.transform(b)
        cap = self.cap * points(renderer)
        if self.dodge_pt:
            shift = self.dodge_pt * points(renderer)
            axis = 0 if self.vertical else 1
            da[:, axis] += shift
            db[:, axis] += shift
        ok = np.isfinite(da).all(axis=1) & np.isfinite(db).all(axis=1)
        keep = np.flatnonzero(ok & ~(da == db).all(axis=1))
        whole = len(keep)  # the bars drawn, when all are
        if self.window is not None:
            margin = 2.0 + cap + self.linewidth * points(renderer)
            keep = keep[meeting(da[keep], db[keep], self.window, margin)]
        verts, codes = _bar_paths(da[keep], db[keep], cap, self.vertical, self.direction)
        kept_ids = [self.ids[i] for i in keep.tolist()]
        gc = renderer.new_gc()
        self._set_gc_clip(gc)  # type: ignore[attr-defined]
        gc.set_foreground(self.color, isRGBA=True)
        gc.set_linewidth(self.linewidth)
        gc.set_capstyle("butt")
        if self.window is not None:
            snap_as_whole(gc, whole * len(codes))
        renderer.open_group("errorbars", gid=self.get_gid())
        fast = fast_svg(renderer)
        if fast is not None:
            write_paths(fast, gc, list(verts.reshape(len(keep), len(codes) // 2, 2, 2)), kept_ids)
        elif is_svg(renderer):
            for one, sid in zip(verts, kept_ids, strict=True):
                renderer.open_group("errorbar", gid=sid)
                renderer.draw_path(gc, Path(one, codes), _IDENTITY)
                renderer.close_group("errorbar")
        elif len(keep):
            renderer.draw_path(gc, Path(verts.reshape(-1, 2), codes * len(keep)), _IDENTITY)
        renderer.close_group("errorbars")
        gc.restore()


def _bar_paths(
    a: NDArray[np.float64], b: NDArray[np.float64], cap: float, vertical: bool, direction: str
) -> tuple[NDArray[np.float64], list[int]]:
    """The stems from ``a`` to ``b`` (display units, one row per bar) with their caps: an
    array (bars, vertices, 2) and the path codes of one bar."""
    parts = [a, b]
    if cap > 0:
        across = 0 if vertical else 1
        for end in [b] if direction == "above" else [a] if direction == "below" else [a, b]:
            low, high = end.copy(), end.copy()
            low[:, across] -= cap
            high[:, across] += cap
            parts += [low, high]
    verts = np.stack(parts, axis=1)
    return verts, [int(Path.MOVETO), int(Path.LINETO)] * (len(parts) // 2)
