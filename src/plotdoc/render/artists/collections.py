"""Artists that keep a semantic id on every mark they draw.

matplotlib writes an artist's gid as the id of its SVG group, but a collection's members have
no ids. :class:`PointSymbols` and :class:`ErrorBars` draw many marks in one artist and, in
SVG, wrap each mark in its own ``<g id="...">`` (``symbol/ds0/p5``, ``errorbar/ds1/row0``);
other renderers (Agg, PDF) get one batched call per style, so they pay nothing for the ids.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from matplotlib.artist import Artist
from matplotlib.backend_bases import RendererBase
from matplotlib.path import Path
from matplotlib.transforms import Affine2D, IdentityTransform
from numpy.typing import NDArray

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

_IDENTITY = IdentityTransform()


points = pixels_per_point


class PointSymbols(Artist):
    """Symbols at data points, one id per point; per-point shape, size and colours."""

    def __init__(
        self,
        xy: NDArray[np.float64],
        ids: Sequence[str],
        *,
        shapes: Sequence[str],
        sizes: Sequence[float],
        faces: Sequence[RGBA | None],
        edges: Sequence[RGBA],
        widths: Sequence[float],
    ) -> None:
        super().__init__()
        self.xy = np.asarray(xy, dtype=float).reshape(-1, 2)
        self.ids = list(ids)
        self.shapes = list(shapes)
        self.sizes = list(sizes)
        self.faces = list(faces)
        self.edges = list(edges)
        self.widths = list(widths)
        self.set_in_layout(False)

    def __len__(self) -> int:
        return len(self.ids)

    def _style_key(self, i: int) -> tuple[Any, ...]:
        return (self.shapes[i], self.sizes[i], self.faces[i], self.edges[i], self.widths[i])

    def draw(self, renderer: RendererBase) -> None:
        if not self.get_visible() or self.axes is None or len(self.ids) == 0:
            return
        if drawing_disabled(renderer):
            return
        pts = self.axes.transData.transform(self.xy)
        finite = np.isfinite(pts).all(axis=1)
        px = points(renderer)
        renderer.open_group("symbols", gid=self.get_gid())
        gc = renderer.new_gc()
        self._set_gc_clip(gc)  # type: ignore[attr-defined]
        fast = fast_svg(renderer)
        order = [i for i in range(len(self.ids)) if finite[i]]
        if fast is not None:
            start = 0
            while start < len(order):
                key = self._style_key(order[start])
                stop = start + 1
                while stop < len(order) and self._style_key(order[stop]) == key:
                    stop += 1
                run = order[start:stop]
                marker = self._prepare(gc, run[0], px)
                if marker is not None:
                    write_markers(
                        fast,
                        gc,
                        marker[0],
                        marker[1],
                        marker[2],
                        pts[run],
                        [self.ids[i] for i in run],
                    )
                start = stop
        elif is_svg(renderer):
            for i in order:
                renderer.open_group("symbol", gid=self.ids[i])
                self._draw_one(renderer, gc, [i], pts, px)
                renderer.close_group("symbol")
        else:
            groups: dict[tuple[Any, ...], list[int]] = {}
            for i in order:
                groups.setdefault(self._style_key(i), []).append(i)
            for members in groups.values():
                self._draw_one(renderer, gc, members, pts, px)
        gc.restore()
        renderer.close_group("symbols")

    def _prepare(self, gc: Any, i: int, px: float) -> tuple[Path, Affine2D, RGBA | None] | None:
        """Set ``gc`` for point ``i``; its marker path, transform and face (None: nothing to draw)."""
        path, kind = symbol_path(self.shapes[i])
        size = self.sizes[i]
        if size <= 0:
            return None
        gc.set_foreground(self.edges[i], isRGBA=True)
        gc.set_linewidth(self.widths[i])
        gc.set_joinstyle("miter")
        face = None if kind == "stroke" else self.faces[i]
        return path, Affine2D().scale(size * px / 2.0), face

    def _draw_one(
        self,
        renderer: RendererBase,
        gc: Any,
        members: list[int],
        pts: NDArray[np.float64],
        px: float,
    ) -> None:
        marker = self._prepare(gc, members[0], px)
        if marker is not None:
            path, trans, face = marker
            renderer.draw_markers(gc, path, trans, Path(pts[members]), _IDENTITY, face)


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
        self.set_in_layout(False)

    def _ends(self) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        lo = np.where(np.isfinite(self.low), self.low, self.center)
        hi = np.where(np.isfinite(self.high), self.high, self.center)
        if self.direction == "above":
            lo = self.center
        elif self.direction == "below":
            hi = self.center
        return lo, hi

    def segments(self) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """The stems in data coordinates (for tests and limits)."""
        lo, hi = self._ends()
        out = []
        for p, a, b in zip(self.pos, lo, hi, strict=True):
            if self.vertical:
                out.append(((float(p), float(a)), (float(p), float(b))))
            else:
                out.append(((float(a), float(p)), (float(b), float(p))))
        return out

    def draw(self, renderer: RendererBase) -> None:
        if not self.get_visible() or self.axes is None or len(self.ids) == 0:
            return
        if drawing_disabled(renderer):
            return
        lo, hi = self._ends()
        if self.vertical:
            a = np.column_stack([self.pos, lo])
            b = np.column_stack([self.pos, hi])
        else:
            a = np.column_stack([lo, self.pos])
            b = np.column_stack([hi, self.pos])
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
        gc = renderer.new_gc()
        self._set_gc_clip(gc)  # type: ignore[attr-defined]
        gc.set_foreground(self.color, isRGBA=True)
        gc.set_linewidth(self.linewidth)
        gc.set_capstyle("butt")
        renderer.open_group("errorbars", gid=self.get_gid())
        fast = fast_svg(renderer)
        if fast is not None:
            keep = [i for i in range(len(self.ids)) if ok[i] and not (da[i] == db[i]).all()]
            segs = [
                _bar_path(da[i], db[i], cap, self.vertical, self.direction)[0].reshape(-1, 2, 2)
                for i in keep
            ]
            write_paths(fast, gc, segs, [self.ids[i] for i in keep])
            renderer.close_group("errorbars")
            gc.restore()
            return
        svg = is_svg(renderer)
        batch_v: list[NDArray[np.float64]] = []
        batch_c: list[int] = []
        for i in range(len(self.ids)):
            if not ok[i] or (da[i] == db[i]).all():
                continue
            verts, codes = _bar_path(da[i], db[i], cap, self.vertical, self.direction)
            if svg:
                renderer.open_group("errorbar", gid=self.ids[i])
                renderer.draw_path(gc, Path(verts, codes), _IDENTITY)
                renderer.close_group("errorbar")
            else:
                batch_v.append(verts)
                batch_c += codes
        if batch_v:
            renderer.draw_path(gc, Path(np.concatenate(batch_v), batch_c), _IDENTITY)
        renderer.close_group("errorbars")
        gc.restore()


def _bar_path(
    a: NDArray[np.float64], b: NDArray[np.float64], cap: float, vertical: bool, direction: str
) -> tuple[NDArray[np.float64], list[int]]:
    verts = [a, b]
    codes: list[int] = [int(Path.MOVETO), int(Path.LINETO)]
    if cap > 0:
        ends = [b] if direction == "above" else [a] if direction == "below" else [a, b]
        for e in ends:
            if vertical:
                verts += [np.array([e[0] - cap, e[1]]), np.array([e[0] + cap, e[1]])]
            else:
                verts += [np.array([e[0], e[1] - cap]), np.array([e[0], e[1] + cap])]
            codes += [int(Path.MOVETO), int(Path.LINETO)]
    return np.asarray(verts, dtype=float), codes
