"""Many axis labels as one artist: the row and data set labels of a heat map.

matplotlib makes a ``Tick`` per label (two lines, two texts, a grid line) and lays every label
out again in each of its layout passes: the axes' tight box, the axis title's place, the
output's crop and the draw. A heat map of 500 rows shows hundreds of labels, and that cost was
most of its drawing. :class:`AxisLabels` takes the labels off the axis: it measures each label
once per renderer, draws the tick marks of all of them in one marker call and each label with
one ``draw_text``, as a tick would (the same font, colour, transform and alignment, read from
one of the axis' own ticks). In SVG each label is still its own ``<g id="label/row/r3">``
around a ``<text>`` anchored as matplotlib anchors a tick label.

A label with a rich-text run that has no Unicode form, or of more than one line, is drawn by
a matplotlib ``Text`` of its own, placed the same way.

The axis title, which matplotlib places beyond its tick labels, is moved out by the labels'
depth (:meth:`AxisLabels.depth_pt`, measured as Agg draws them at the figure's resolution).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
from matplotlib import colors as mcolors
from matplotlib.artist import Artist
from matplotlib.axis import Axis, Tick, XAxis
from matplotlib.backend_bases import RendererBase
from matplotlib.font_manager import FontProperties
from matplotlib.lines import Line2D
from matplotlib.text import Text
from matplotlib.transforms import Bbox, IdentityTransform, Transform

from ..measuring import measuring_renderer
from .svg import is_svg, pixels_per_point

_IDENTITY = IdentityTransform()

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Side:
    """One side of an axis (1: left or bottom, 2: right or top) as its ticks draw it."""

    transform: Transform  # of a label's anchor, (along, across) as the tick's label
    across: float  # the label anchor's coordinate across the axis (axes fraction)
    ha: str
    va: str
    labels: bool  # whether the side has labels
    marks: Line2D | None  # the tick marks of every label, None when the side has none


def _side(axis: Axis, tick: Tick, k: int, locs: Sequence[float]) -> Side | None:
    label: Text = tick.label1 if k == 1 else tick.label2
    line: Line2D = tick.tick1line if k == 1 else tick.tick2line
    along_x = isinstance(axis, XAxis)
    marks = None
    if line.get_visible() and locs:
        across = float(np.asarray(line.get_xydata())[0, 1 if along_x else 0])
        at = [across] * len(locs)
        marks = Line2D(
            list(locs) if along_x else at,
            at if along_x else list(locs),
            linestyle="None",
            marker=line.get_marker(),
            markersize=line.get_markersize(),
            markeredgewidth=line.get_markeredgewidth(),
            markeredgecolor=line.get_markeredgecolor(),
            markerfacecolor=line.get_markerfacecolor(),
            transform=line.get_transform(),
        )
        marks.set_figure(axis.get_figure(root=False))  # type: ignore[arg-type]
    if marks is None and not label.get_visible():
        return None
    pos = label.get_position()
    return Side(
        transform=label.get_transform(),
        across=float(pos[1] if along_x else pos[0]),
        ha=label.get_horizontalalignment(),
        va=label.get_verticalalignment(),
        labels=label.get_visible(),
        marks=marks,
    )


class AxisLabels(Artist):
    """The labels ``texts`` at ``locs`` (data coordinates) along ``axis``, with their tick
    marks, drawn in ``font`` at ``rotation`` (0 or 90 degrees); each label has an id."""

    def __init__(
        self,
        axis: Axis,
        locs: Sequence[float],
        texts: Sequence[str],
        ids: Sequence[str],
        *,
        font: FontProperties,
        rotation: float,
        own_text: Callable[[int], bool] = lambda _k: False,
        dress: Callable[[Text, int], None] = lambda _t, _k: None,
    ) -> None:
        super().__init__()
        tick = axis.get_major_ticks(1)[0]
        self.along_x = isinstance(axis, XAxis)
        self.axis = axis
        self.locs = [float(v) for v in locs]
        self.texts = [str(s) for s in texts]
        self.ids = list(ids)
        self.font = font
        self.rotation = float(rotation)
        self.color = mcolors.to_rgba(tick.label1.get_color())
        self.sides = [s for k in (1, 2) if (s := _side(axis, tick, k, self.locs)) is not None]
        self.labelled = [s for s in self.sides if s.labels]
        # get_pad gives the label's pad in points (matplotlib's stub says None)
        self.pad_pt = float(cast(Any, tick).get_pad()) + float(tick.get_tick_padding())
        # labels a plain draw_text cannot write: drawn by a Text of their own
        self.own: dict[tuple[int, int], Text] = {}
        for j, side in enumerate(self.labelled):
            for k, text in enumerate(self.texts):
                if "\n" in text or own_text(k):
                    self.own[(j, k)] = self._text(side, k, dress)
        self._cache: dict[Any, list[tuple[float, float, Box]]] = {}
        self._metrics_of: dict[Any, list[tuple[float, float, float] | None]] = {}
        self.set_zorder(2.5)
        self.set_clip_on(False)  # outside the plot area, and in the axes' tight box

    def _text(self, side: Side, k: int, dress: Callable[[Text, int], None]) -> Text:
        xy = (self.locs[k], side.across) if self.along_x else (side.across, self.locs[k])
        text = Text(
            *xy,
            self.texts[k],
            fontproperties=self.font,
            color=self.color,
            rotation=self.rotation,
            ha=side.ha,
            va=side.va,
            transform=side.transform,
            clip_on=False,
        )
        text.set_figure(self.axis.get_figure(root=False))  # type: ignore[arg-type]
        if k < len(self.ids):
            text.set_gid(self.ids[k])
        dress(text, k)
        return text

    def on_right(self) -> bool:
        """Whether labels of a Y axis stand right of the plot area."""
        return not self.along_x and any(s.across > 0.5 for s in self.labelled)

    def depth_pt(self) -> float:
        """How far the labels reach out from the axis (points): their pad and the deepest
        label, measured as Agg draws them at the figure's resolution."""
        if not self.texts or not self.labelled:
            return 0.0
        fig = self.axis.get_figure(root=True)
        renderer = measuring_renderer(float(fig.dpi))  # type: ignore[union-attr]
        deepest = 0.0
        for j, k, box in self._boxes(renderer):
            side = self.labelled[j]
            xy = (self.locs[k], side.across) if self.along_x else (side.across, self.locs[k])
            anchor = side.transform.transform(xy)
            c = 1 if self.along_x else 0  # the coordinate across the axis
            outward = side.across < 0.5  # left or bottom: out is down the coordinate
            depth = anchor[c] - box[c] if outward else box[c + 2] - anchor[c]
            deepest = max(deepest, float(depth))
        return self.pad_pt + deepest / pixels_per_point(renderer)

    # -- layout ---------------------------------------------------------------------------

    def _key(self, renderer: RendererBase) -> Any:
        ax = self.axis.axes
        return (
            type(renderer).__name__,
            pixels_per_point(renderer),
            tuple(ax.bbox.bounds),
            tuple(ax.viewLim.bounds),
        )

    def _metrics(self, renderer: RendererBase) -> list[tuple[float, float, float] | None]:
        """Each label's width, ascent and descent (pixels) as matplotlib lays one line of text
        out, None for a label a Text of its own draws; measured once per kind of renderer and
        resolution (the crop's measure and the picture share it)."""
        key = (type(renderer).__name__, pixels_per_point(renderer))
        found = self._metrics_of.get(key)
        if found is not None:
            return found
        measure = renderer.get_text_width_height_descent
        # matplotlib lays one-line text out at least as tall as the font's own ascent and
        # descent: measured once on a short text, which has no taller glyph
        probe = Text(0.0, 0.0, "x", fontproperties=self.font, va="baseline")
        probe.set_figure(self.axis.get_figure(root=False))  # type: ignore[arg-type]
        probe.set_transform(_IDENTITY)
        ref = probe.get_window_extent(renderer)
        min_a, min_d = float(ref.y1), float(-ref.y0)
        out: list[tuple[float, float, float] | None] = []
        for text in self.texts:
            if "\n" in text or not text:
                out.append(None)
                continue
            w, h, d = measure(text.replace("\\$", "$"), self.font, ismath=False)
            out.append((float(w), max(float(h - d), min_a), max(float(d), min_d)))
        self._metrics_of[key] = out
        return out

    def _layout(self, renderer: RendererBase) -> list[tuple[float, float, Box]]:
        """Per labelled side and label: the text's origin (display pixels) and its box."""
        key = self._key(renderer)
        found = self._cache.get(key)
        if found is not None:
            return found
        self._cache.clear()
        metrics = self._metrics(renderer)
        up = self.rotation % 180.0 != 0.0
        out: list[tuple[float, float, Box]] = []
        for side in self.labelled:
            n = len(self.locs)
            across = np.full(n, side.across)
            pts = np.column_stack((self.locs, across) if self.along_x else (across, self.locs))
            anchors = side.transform.transform(pts) if n else np.empty((0, 2))
            for k, m in enumerate(metrics):
                ax_, ay_ = (float(v) for v in anchors[k])
                if m is None:
                    out.append((ax_, ay_, (ax_, ay_, ax_, ay_)))
                    continue
                w, a, d = m
                # the box around the baseline's start, turned by the rotation
                x0, y0, x1, y1 = (-a, 0.0, d, w) if up else (0.0, -d, w, a)
                ox = {"left": x0, "right": x1}.get(side.ha, (x0 + x1) / 2)
                if side.va == "center_baseline" and not up:
                    oy = a / 2
                else:
                    oy = {"bottom": y0, "top": y1}.get(side.va, (y0 + y1) / 2)
                x, y = ax_ - ox, ay_ - oy
                out.append((x, y, (x + x0, y + y0, x + x1, y + y1)))
        self._cache[key] = out
        return out

    def _boxes(self, renderer: RendererBase) -> list[tuple[int, int, Box]]:
        """(labelled side, label, box in display pixels) of every label that draws."""
        n = len(self.texts)
        out: list[tuple[int, int, Box]] = []
        for i, (_, _, box) in enumerate(self._layout(renderer)):
            j, k = divmod(i, n)
            own = self.own.get((j, k))
            if own is not None:
                b = own.get_window_extent(renderer)
                box = (float(b.x0), float(b.y0), float(b.x1), float(b.y1))
            if box[2] > box[0] or box[3] > box[1]:
                out.append((j, k, box))
        return out

    def label_boxes(self, renderer: RendererBase) -> list[tuple[str, Box]]:
        """Each label's id and box (display pixels), as the hit regions take them."""
        return [(self.ids[k] if k < len(self.ids) else "", b) for _, k, b in self._boxes(renderer)]

    def get_window_extent(self, renderer: RendererBase | None = None) -> Bbox:
        if renderer is None:
            renderer = self.axis.get_figure(root=True)._get_renderer()  # type: ignore[union-attr]
        parts = [Bbox.from_extents(*b) for _, b in self.label_boxes(renderer)]
        parts += [m.get_window_extent(renderer) for s in self.sides if (m := s.marks) is not None]
        return Bbox.union(parts) if parts else Bbox.null()

    def get_tightbbox(self, renderer: RendererBase | None = None) -> Bbox | None:
        if not self.get_visible() or not self.axis.get_visible():
            return None
        box = self.get_window_extent(renderer)
        return None if box.width <= 0 and box.height <= 0 else box

    # -- drawing --------------------------------------------------------------------------

    def draw(self, renderer: RendererBase) -> None:
        if not self.get_visible() or not self.axis.get_visible():
            return
        renderer.open_group("axis-labels", self.get_gid())
        for side in self.sides:
            if side.marks is not None:
                side.marks.draw(renderer)
        gc = renderer.new_gc()
        gc.set_foreground(self.color, isRGBA=True)
        svg = is_svg(renderer)
        anchor = Text(fontproperties=self.font, rotation=self.rotation) if svg else None
        n = len(self.texts)
        height = renderer.get_canvas_width_height()[1]
        for i, (x, y, _) in enumerate(self._layout(renderer)):
            j, k = divmod(i, n)
            own = self.own.get((j, k))
            if own is not None:
                own.draw(renderer)
                continue
            text = self.texts[k]
            if not text:
                continue
            side = self.labelled[j]
            renderer.open_group("text", self.ids[k] if k < len(self.ids) else None)
            if anchor is not None:  # SVG writes the text's anchor, as it does for a Text
                xy = (self.locs[k], side.across) if self.along_x else (side.across, self.locs[k])
                anchor.set(x=xy[0], y=xy[1], transform=side.transform, ha=side.ha, va=side.va)
            renderer.draw_text(
                gc,
                x,
                height - y if renderer.flipy() else y,
                text.replace("\\$", "$"),
                self.font,
                self.rotation,
                ismath=False,
                mtext=anchor,
            )
            renderer.close_group("text")
        gc.restore()
        renderer.close_group("axis-labels")
        self.stale = False
