"""Hit regions: where each drawn element of a figure lies, by its semantic id.

The editor shows the graph as a picture and lays a transparent region over each thing drawn,
so a click on a symbol, a bar, an axis, a title, the legend or an annotation says what was
clicked. The regions come from the same drawing as the picture: each artist's extent at the
picture's resolution, named by the artist's gid (:mod:`plotdoc.render.ids`); the artists that
draw many marks in one (:class:`~plotdoc.render.artists.collections.PointSymbols`,
:class:`~plotdoc.render.artists.rects.Rects`, :class:`~plotdoc.render.artists.wedges.Wedges`)
give one region per mark.

A graph of many thousand points would need as many regions: past :data:`MAX_MEMBER_REGIONS`
in all, a data set's marks are given as one region (the artist's own id, ``symbols/ds0``).

Boxes are in display pixels, origin at the lower left (matplotlib's), as
``(x0, y0, x1, y1)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from matplotlib.artist import Artist
from matplotlib.axis import Axis
from matplotlib.backend_bases import RendererBase
from matplotlib.figure import Figure

from .artists.collections import PointSymbols
from .artists.labels import AxisLabels
from .artists.rects import Rects
from .artists.wedges import Wedges
from .context import category_axis_of

#: per-mark regions given in all; beyond it each artist's marks are one region
MAX_MEMBER_REGIONS = 3000
#: the smallest side of a region (pixels): a thin line or a small symbol stays clickable
MIN_SIDE_PX = 6.0

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Hit:
    """One region: the id of what is drawn there and its box (display pixels)."""

    id: str
    box: Box


@dataclass(frozen=True)
class Frame:
    """How display pixels map back to the graph: the plot area and the axes' data ranges."""

    #: plot area (x0, y0, x1, y1), display pixels
    plot: Box
    #: pixels per inch of the drawing
    dpi: float
    xlim: tuple[float, float]
    ylim: tuple[float, float]
    xscale: str
    yscale: str
    #: the axis (``x`` or ``y``) that holds categories, and their positions on it
    category: str | None = None
    category_ticks: tuple[float, ...] = ()
    #: whether the graph has axes to place data units on (a pie has none)
    axes_shown: bool = True


def _grown(box: Box) -> Box:
    x0, y0, x1, y1 = box
    if x1 - x0 < MIN_SIDE_PX:
        c = (x0 + x1) / 2
        x0, x1 = c - MIN_SIDE_PX / 2, c + MIN_SIDE_PX / 2
    if y1 - y0 < MIN_SIDE_PX:
        c = (y0 + y1) / 2
        y0, y1 = c - MIN_SIDE_PX / 2, c + MIN_SIDE_PX / 2
    return (x0, y0, x1, y1)


def _extent(artist: Artist, renderer: RendererBase) -> Box | None:
    try:
        if isinstance(artist, Axis):  # its ticks and tick labels
            bbox = artist.get_tightbbox(renderer)
            if bbox is None:
                return None
        else:
            bbox = artist.get_window_extent(renderer)
    except Exception:  # an artist that cannot measure itself has no region
        return None
    pts = np.asarray(bbox.get_points(), dtype=float)
    if not np.isfinite(pts).all() or (bbox.width <= 0 and bbox.height <= 0):
        return None
    return (float(pts[0, 0]), float(pts[0, 1]), float(pts[1, 0]), float(pts[1, 1]))


def _symbol_boxes(art: PointSymbols, renderer: RendererBase) -> list[Hit]:
    assert art.axes is not None
    pts = art.axes.transData.transform(art.xy)
    px = float(renderer.points_to_pixels(1.0))  # type: ignore[arg-type]
    out = []
    for i, sid in enumerate(art.ids):
        x, y = pts[i]
        if not (np.isfinite(x) and np.isfinite(y)) or art.sizes[i] <= 0:
            continue
        r = art.sizes[i] * px / 2 + art.widths[i] * px / 2
        out.append(Hit(sid, _grown((float(x - r), float(y - r), float(x + r), float(y + r)))))
    return out


def _symbols_extent(art: PointSymbols, renderer: RendererBase) -> Box | None:
    """The union of :func:`_symbol_boxes`, taken with numpy (an artist may hold millions)."""
    assert art.axes is not None
    pts = art.axes.transData.transform(art.xy)
    px = float(renderer.points_to_pixels(1.0))  # type: ignore[arg-type]
    sizes = art.size_array()
    ok = np.isfinite(pts).all(axis=1) & (sizes > 0)
    if not ok.any():
        return None
    pts = pts[ok]
    # each point's box, grown to MIN_SIDE_PX as _grown grows it
    r = np.maximum(sizes[ok] * px / 2 + art.width_array()[ok] * px / 2, MIN_SIDE_PX / 2)
    return (
        float((pts[:, 0] - r).min()),
        float((pts[:, 1] - r).min()),
        float((pts[:, 0] + r).max()),
        float((pts[:, 1] + r).max()),
    )


def _rect_boxes(art: Rects) -> list[Hit]:
    quads = art.polygons()
    out = []
    for k, sid in enumerate(art.ids):
        q = quads[k]
        if not np.isfinite(q).all():
            continue
        lo, hi = q.min(axis=0), q.max(axis=0)
        out.append(Hit(sid, _grown((float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1])))))
    return out


def _wedge_boxes(art: Wedges) -> list[Hit]:
    boxes = art.boxes().tolist()
    return [Hit(sid, _grown(tuple(box))) for sid, box in zip(art.ids, boxes, strict=True)]


def _members(art: Artist) -> int:
    if isinstance(art, PointSymbols | Rects | Wedges | AxisLabels):
        return len(art.ids)
    return 0


def hit_regions(
    fig: Figure, renderer: RendererBase, known: dict[int, list[Hit]] | None = None
) -> list[Hit]:
    """Every element of ``fig`` with a semantic id, with its box; call after the figure is
    drawn with ``renderer``. ``known`` keeps each artist's regions (by ``id``) for a figure
    drawn again: an artist found there is not measured again, and the caller drops the
    entries of artists that moved."""
    tagged = [
        a for a in fig.findobj(lambda a: bool(a.get_gid())) if a.get_visible() and a is not fig
    ]
    members = sum(_members(a) for a in tagged)
    out: list[Hit] = []
    for art in tagged:
        found = None if known is None else known.get(id(art))
        if found is None:
            found = _hits_of(art, renderer, members <= MAX_MEMBER_REGIONS)
            if known is not None:
                known[id(art)] = found
        out += found
    return out


def _hits_of(art: Artist, renderer: RendererBase, each: bool) -> list[Hit]:
    """The regions of one artist: one per member (point, bar, label) when ``each``, else
    one for the whole artist."""
    if each and isinstance(art, PointSymbols) and art.axes:
        return _symbol_boxes(art, renderer)
    if each and isinstance(art, Rects) and art.axes:
        return _rect_boxes(art)
    if each and isinstance(art, Wedges):
        return _wedge_boxes(art)
    if each and isinstance(art, AxisLabels):
        if art.get_tightbbox(renderer) is None:
            return []
        return [Hit(sid, _grown(box)) for sid, box in art.label_boxes(renderer) if sid]
    if isinstance(art, PointSymbols) and art.axes is not None:
        box: Box | None = _symbols_extent(art, renderer)
    else:
        box = _extent(art, renderer)
    return [] if box is None else [Hit(str(art.get_gid()), _grown(box))]


def frame_of(fig: Figure) -> Frame | None:
    """The plot area and data ranges of ``fig``'s main axes, None without axes."""
    if not fig.axes:
        return None
    ax: Any = fig.axes[0]
    p = ax.get_window_extent().get_points()
    category, ticks = category_axis_of(ax) or (None, ())
    return Frame(
        plot=(float(p[0, 0]), float(p[0, 1]), float(p[1, 0]), float(p[1, 1])),
        dpi=float(fig.dpi),
        xlim=tuple(float(v) for v in ax.get_xlim()),  # type: ignore[arg-type]
        ylim=tuple(float(v) for v in ax.get_ylim()),  # type: ignore[arg-type]
        xscale=str(ax.get_xscale()),
        yscale=str(ax.get_yscale()),
        category=category,
        category_ticks=ticks,
        axes_shown=bool(ax.axison),
    )
