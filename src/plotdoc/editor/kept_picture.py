"""The kept picture of a graph (see :mod:`plotdoc.editor.redraw`): which artists an edit draws
again over it, and a window of it drawn again (see :mod:`plotdoc.editor.rebar`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def marks_of(kept: Any) -> Callable[[Any], bool]:
    """Which artists of the kept figure are the data sets' marks an edit changes: symbols (a
    scatter), every data set's marks (a column graph), bars and error bars (a bar graph)."""
    from ..render.artists.collections import ErrorBars, PointSymbols
    from ..render.artists.rects import Rects
    from ..render.ids import data_set_of

    if kept.column:
        return lambda art: data_set_of(art.get_gid()) is not None
    if kept.bar_graph:
        return lambda art: isinstance(art, Rects | ErrorBars)
    return lambda art: isinstance(art, PointSymbols)


def live_artists(fig: Any, renderer: Any, mark: Callable[[Any], bool]) -> list[Any] | None:
    """The artists an edit draws again, in the order a full drawing draws them: every
    ``mark`` from the first on, each later artist of the axes whose box meets the plot
    area, then the figure's own artists (annotations, drawn over the axes); None when the
    figure is not one axes with these marks clipped to it, or has other figure-level
    artists."""
    figure_level = (fig.texts, fig.legends, fig.images, fig.lines, fig.patches, fig.subfigs)
    if len(fig.axes) != 1 or any(figure_level):
        return None
    ax = fig.axes[0]
    over = sorted(fig.artists, key=lambda a: a.zorder)  # as Figure.draw orders them
    if any(a.zorder <= ax.zorder for a in over):
        return None  # drawn before the axes
    # as Axes.draw orders its children: by zorder, a stable sort, without the background
    order = sorted((a for a in ax.get_children() if a is not ax.patch), key=lambda a: a.zorder)
    first = next((k for k, a in enumerate(order) if mark(a)), None)
    if first is None:
        return None
    plot = ax.bbox.padded(2.0)  # pixels: antialiased edges reach just past the area
    live: list[Any] = []
    for art in order[first:]:
        if mark(art):
            if not art.get_clip_on() or (art.get_clip_box() is None and not _clipped_to(ax, art)):
                return None  # marks that may draw anywhere
            live.append(art)
        elif art.get_visible() and art.get_window_extent(renderer).overlaps(plot):
            live.append(art)
    return live + over


def _clipped_to(ax: Any, art: Any) -> bool:
    """Whether ``art`` is clipped to the plot area's patch (as the axes clip what is added)."""
    clip = art.get_clip_path()
    return clip is not None and getattr(clip, "_patch", None) is ax.patch


def window_drawn(kept: Any, canvas: Any, window: tuple[float, float, float, float]) -> bool:
    """Draw again only ``window`` (display pixels, whole) of the kept picture: the picture
    without the live artists restored there, and the live marks and spines that meet it
    drawn over it, clipped to it (see :mod:`plotdoc.editor.rebar`); False, with nothing
    drawn, when another live artist meets the window (or cannot be measured)."""
    from matplotlib.spines import Spine
    from matplotlib.transforms import Bbox

    from ..render.artists.collections import ErrorBars
    from ..render.artists.rects import Rects

    renderer = canvas.get_renderer()
    width, height = float(renderer.width), float(renderer.height)
    x0, y0 = max(window[0], 0.0), max(window[1], 0.0)
    x1, y1 = min(window[2], width), min(window[3], height)
    if x1 <= x0 or y1 <= y0:
        return True  # nothing shown changed
    box = Bbox([[x0, y0], [x1, y1]])
    drawn: list[Any] = []
    for art in kept.live:
        if isinstance(art, Rects | ErrorBars):
            drawn.append(art)  # each draws the marks that meet the window
            continue
        extent = art.get_window_extent(renderer)
        if extent.width <= 0 and extent.height <= 0:
            return False  # cannot be measured
        if extent.overlaps(box):
            if not isinstance(art, Spine):
                return False  # text, a legend: a clip would cut its pixels differently
            drawn.append(art)  # straight lines along the axes: a clip cuts them exactly
    # the kept buffers count rows from the top, and Agg's box holds its last row and column
    canvas.restore_region(
        kept.background, bbox=(x0, height - y1, x1 - 1, height - y0 - 1), xy=(0, 0)
    )
    saved = [(art, art.get_clip_on(), art.get_clip_box()) for art in drawn]
    try:
        for art, clip_on, clip in saved:
            own = clip if clip_on and clip is not None else None
            inside = Bbox.intersection(own, box) if own is not None else box
            if inside is None:
                continue
            if isinstance(art, Rects | ErrorBars):
                art.window = (x0, y0, x1, y1)
            art.set_clip_on(True)
            art.set_clip_box(inside)
            art.draw(renderer)
    finally:
        for art, clip_on, clip in saved:
            if isinstance(art, Rects | ErrorBars):
                art.window = None
            art.set_clip_box(clip)
            art.set_clip_on(clip_on)
    return True
