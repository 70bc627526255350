"""Point labels placed without overlap when the graph is drawn (final sizes and limits known).

:class:`PointLabels` is one artist holding the labels of some data points. Each time it is
drawn it measures the texts, runs :func:`plotdoc.render.guides.repel.place_labels` in display space
(inside the plot area, avoiding each other and the given point markers) and draws every
label that found room in its own SVG group ``label/p{row}``, with a thin leader line when it
stands away from its point. The boxes of the last drawing are kept in :attr:`boxes` (display
units) for tests.

At most :data:`MAX_POINT_LABELS` labels of a graph are placed: the first ones in the order
given (data order); the others are not drawn. A figure with more labels than that cannot show
them legibly, and measuring each text costs time (20,000 labels took minutes).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from matplotlib.artist import Artist
from matplotlib.backend_bases import RendererBase
from matplotlib.lines import Line2D
from matplotlib.text import Text
from matplotlib.transforms import Bbox, IdentityTransform
from numpy.typing import NDArray

from ..artists.svg import pixels_per_point
from ..style.text import rich_label, safe
from .repel import Box, place_labels

#: the most point labels one graph places (the first ones given); the rest are not drawn
MAX_POINT_LABELS = 2_000


def _pixels_per_point(renderer: RendererBase) -> float:
    return pixels_per_point(renderer)


def edge_point(
    center: tuple[float, float], half: tuple[float, float], toward: tuple[float, float]
) -> tuple[float, float]:
    """Where the segment from a box's ``center`` to ``toward`` leaves the box."""
    dx, dy = toward[0] - center[0], toward[1] - center[1]
    scales = [half[0] / abs(dx) if dx else np.inf, half[1] / abs(dy) if dy else np.inf]
    s = min(1.0, *scales)
    return (center[0] + dx * s, center[1] + dy * s)


class PointLabels(Artist):
    def __init__(
        self,
        xy: NDArray[np.float64],
        texts: Sequence[str],
        ids: Sequence[str],
        *,
        fontsize: float,
        color: Any,
        obstacles_xy: NDArray[np.float64] | None = None,
        obstacle_pt: float | Sequence[float] = 6.0,
        gap_pt: float = 3.0,
        anchor_radius_pt: float | Sequence[float] = 0.0,
    ) -> None:
        super().__init__()
        keep = min(len(texts), MAX_POINT_LABELS)
        self.xy = np.asarray(xy, dtype=float).reshape(-1, 2)[:keep]
        self.texts = list(texts)[:keep]
        self.ids = list(ids)[:keep]
        #: how many labels were given beyond :data:`MAX_POINT_LABELS` (not drawn)
        self.dropped = len(texts) - keep
        self.fontsize = fontsize
        self.color = color
        self.obstacles_xy = (
            np.empty((0, 2)) if obstacles_xy is None else np.asarray(obstacles_xy, dtype=float)
        )
        n_obs = self.obstacles_xy.reshape(-1, 2).shape[0]
        #: the marker size (points across) of each obstacle
        self.obstacle_pt = np.broadcast_to(np.asarray(obstacle_pt, dtype=float), (n_obs,))
        self.gap_pt = gap_pt
        #: the radius of each labelled point's own marker: labels start beyond it
        radius = np.asarray(anchor_radius_pt, dtype=float)
        if radius.ndim:
            radius = radius[:keep]
        self.anchor_radius_pt = np.broadcast_to(radius, (len(self.texts),))
        #: label id -> box (x0, y0, x1, y1) in display units, from the last drawing
        self.boxes: dict[str, Box] = {}
        #: the plot area the labels were kept inside, in the same units
        self.bounds: Box = (0.0, 0.0, 0.0, 0.0)
        #: label sizes by pixels per point: a drawing lays the labels out twice (for the tight
        #: box, then to draw), and each text is measured once
        self._sizes: dict[float, list[tuple[float, float]]] = {}
        #: number of texts measured (for tests)
        self.measured = 0
        self.set_in_layout(False)

    def _text(self, s: str) -> Text:
        t = Text(0.0, 0.0, safe(s), fontsize=self.fontsize, color=self.color)
        t.set_transform(IdentityTransform())
        if self.figure is not None:
            t.set_figure(self.figure)
        rich_label(t, s, set_text=False)  # runs without a Unicode form drawn raised or lowered
        return t

    def layout(self, renderer: RendererBase) -> list[tuple[int, float, float, bool]]:
        """(index, center x, center y, far) of each label that found room."""
        if self.axes is None:
            return []
        trans = self.axes.transData
        px = _pixels_per_point(renderer)
        anchors = trans.transform(self.xy)
        sizes = self._sizes.get(px)
        if sizes is None:
            sizes = []
            for s in self.texts:
                ext = self._text(s).get_window_extent(renderer)
                sizes.append((float(ext.width), float(ext.height)))
            self.measured += len(self.texts)
            self._sizes = {px: sizes}
        bbox = self.axes.bbox
        bounds = (float(bbox.x0), float(bbox.y0), float(bbox.x1), float(bbox.y1))
        self.bounds = bounds
        obs_pts = trans.transform(self.obstacles_xy) if self.obstacles_xy.size else np.empty((0, 2))
        keep = np.isfinite(obs_pts).all(axis=1)
        obs_pts = obs_pts[keep]
        half = self.obstacle_pt[keep] * px / 2
        obstacles = np.column_stack(
            [obs_pts[:, 0] - half, obs_pts[:, 1] - half, obs_pts[:, 0] + half, obs_pts[:, 1] + half]
        )
        ok = np.isfinite(anchors).all(axis=1)
        order = [k for k in range(len(self.texts)) if ok[k]]
        placed = place_labels(
            [(float(anchors[k, 0]), float(anchors[k, 1])) for k in order],
            [sizes[k] for k in order],
            bounds,
            [(o[0], o[1], o[2], o[3]) for o in obstacles.tolist()],
            gap=self.gap_pt * px,
            radii=[float(self.anchor_radius_pt[k]) * px for k in order],
        )
        return [(order[p.index], p.cx, p.cy, p.far) for p in placed]

    def draw(self, renderer: RendererBase) -> None:
        if not self.get_visible() or self.axes is None:
            return
        self.boxes = {}
        anchors = self.axes.transData.transform(self.xy)
        renderer.open_group("pointlabels", gid=self.get_gid())
        for k, cx, cy, far in self.layout(renderer):
            sid = self.ids[k]
            renderer.open_group(sid, gid=sid)
            t = self._text(self.texts[k])
            t.set_position((cx, cy))
            t.set_horizontalalignment("center")
            t.set_verticalalignment("center")
            ext = t.get_window_extent(renderer)
            if far:
                ex, ey = edge_point(
                    (cx, cy), (ext.width / 2, ext.height / 2), (anchors[k, 0], anchors[k, 1])
                )
                lead = Line2D(
                    [anchors[k, 0], ex], [anchors[k, 1], ey], color=self.color,
                    linewidth=0.5, alpha=0.6, transform=IdentityTransform(),
                )  # fmt: skip
                if self.figure is not None:
                    lead.set_figure(self.figure)
                lead.draw(renderer)
            t.draw(renderer)
            self.boxes[sid] = (float(ext.x0), float(ext.y0), float(ext.x1), float(ext.y1))
            renderer.close_group(sid)
        renderer.close_group("pointlabels")

    def get_window_extent(self, renderer: RendererBase | None = None) -> Bbox:
        if not self.boxes:
            return Bbox.null()
        return Bbox.union([Bbox.from_extents(*b) for b in self.boxes.values()])
