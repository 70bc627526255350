"""The graph on screen with its hit regions: a PNG and, for each thing drawn, its id and box
in the PNG's pixels (origin at the top left), from the same drawing.

What a region's id selects (:func:`target_of`): a data set (``symbol/ds0/p3`` selects data set
0, or its point 3 with Shift), an axis, a title, the legend or an annotation.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any

from ..model import Project, Table
from .targets import describe, target_of, title_text
from .work import SCREEN_DPI, drawing

#: (left, top, right, bottom) in the PNG's pixels
Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Region:
    id: str
    box: Box


@dataclass(frozen=True)
class ScreenFrame:
    """The plot area in the PNG's pixels and the axes' ranges (to map a click to the graph)."""

    plot: Box
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

    def points(self, x: float, y: float) -> tuple[float, float]:
        """PNG pixel (x, y) as points from the plot area's lower-left corner, y upwards."""
        k = 72.0 / self.dpi
        return (round((x - self.plot[0]) * k, 1), round((self.plot[3] - y) * k, 1))

    def value_y(self, y: float) -> float:
        """PNG pixel row ``y`` as a Y value (the axes' scale taken into account)."""
        return self._value("y", (self.plot[3] - y) / max(1e-9, self.plot[3] - self.plot[1]))

    def _value(self, axis: str, frac: float) -> float:
        """The axis value at ``frac`` of the plot area along ``axis`` (0 left or bottom)."""
        import math

        lo, hi = self.xlim if axis == "x" else self.ylim
        if (self.xscale if axis == "x" else self.yscale) == "log" and lo > 0 and hi > 0:
            return float(10 ** (math.log10(lo) + frac * (math.log10(hi) - math.log10(lo))))
        return float(lo + frac * (hi - lo))

    def _frac(self, axis: str, value: float) -> float:
        """Where axis value ``value`` lies along ``axis``, as a fraction of the plot area."""
        import math

        lo, hi = self.xlim if axis == "x" else self.ylim
        if (self.xscale if axis == "x" else self.yscale) == "log" and lo > 0 and hi > 0:
            v = math.log10(value) if value > 0 else math.log10(lo) - 1.0
            lo, hi, value = math.log10(lo), math.log10(hi), v
        return (value - lo) / (hi - lo) if hi != lo else 0.0

    def data(self, x: float, y: float) -> tuple[float, float]:
        """PNG pixel (x, y) in the graph's data units (``coordinates: data``): axis values, a
        category's place on a category axis."""
        from ..render.guides.data_positions import value_to_place

        w = max(1e-9, self.plot[2] - self.plot[0])
        h = max(1e-9, self.plot[3] - self.plot[1])
        out = {
            "x": self._value("x", (x - self.plot[0]) / w),
            "y": self._value("y", (self.plot[3] - y) / h),
        }
        for axis in ("x", "y"):
            if axis == self.category:
                out[axis] = round(value_to_place(self.category_ticks, out[axis]), 3)
            else:
                out[axis] = self._rounded(axis, out[axis])
        return out["x"], out["y"]

    def _rounded(self, axis: str, value: float) -> float:
        """``value`` to a ten-thousandth of the axis range (four significant digits on a
        log axis): finer than a pixel, without a float's noise."""
        import math

        lo, hi = self.xlim if axis == "x" else self.ylim
        log = (self.xscale if axis == "x" else self.yscale) == "log"
        scale = abs(value) if log else abs(hi - lo)
        if value == 0 or not math.isfinite(value) or not scale or not math.isfinite(scale):
            return 0.0 if not math.isfinite(value) else value
        return round(value, max(0, 3 - math.floor(math.log10(scale)) + (0 if log else 1)))

    def pixels(self, x: float, y: float) -> tuple[float, float]:
        """Data units (x, y) as a PNG pixel (the inverse of :meth:`data`)."""
        from ..render.guides.data_positions import place_to_value

        values = {"x": x, "y": y}
        if self.category is not None:
            values[self.category] = place_to_value(self.category_ticks, values[self.category])
        fx, fy = self._frac("x", values["x"]), self._frac("y", values["y"])
        return (
            self.plot[0] + fx * (self.plot[2] - self.plot[0]),
            self.plot[3] - fy * (self.plot[3] - self.plot[1]),
        )


@dataclass
class Screen:
    png: bytes
    width: int
    height: int
    dpi: float
    regions: list[Region] = field(default_factory=list)
    frame: ScreenFrame | None = None
    #: what the graph cannot show (an analysis not drawn, values left out), one sentence each
    warnings: list[str] = field(default_factory=list)


def _flip(box: tuple[float, float, float, float], height: int, left: int, top: int) -> Box:
    x0, y0, x1, y1 = box
    return (
        round(x0 - left, 1),
        round(height - y1 - top, 1),
        round(x1 - left, 1),
        round(height - y0 - top, 1),
    )


def screen(project: Project, table_id: str, dpi: float = SCREEN_DPI) -> Screen:
    """The graph of ``table_id`` as shown on the page: a PNG cropped to its content, with the
    hit regions of the same drawing."""
    import matplotlib

    from ..render.engine import draw_graph, rc_params

    table = project.table(table_id)
    if table.graph is None:
        raise ValueError(f"table {table.name!r} has no graph to draw")
    with drawing(), matplotlib.rc_context(rc_params(table.graph)):  # type: ignore[arg-type]
        fig, warnings = draw_graph(project, table, dpi=dpi)
        return picture(fig, [str(w) for w in warnings], dpi)


def picture(fig: Any, warnings: list[str], dpi: float = SCREEN_DPI) -> Screen:
    """``fig`` drawn on an Agg canvas, cropped to its content, with its hit regions (called
    with the drawing lock held, within the graph's rc_context)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    canvas = FigureCanvasAgg(fig)
    canvas.draw()  # type: ignore[no-untyped-call]
    return shown(fig, canvas, warnings, dpi)


def shown(
    fig: Any,
    canvas: Any,
    warnings: list[str],
    dpi: float = SCREEN_DPI,
    known: dict[int, list[Any]] | None = None,
) -> Screen:
    """What ``canvas`` holds, ``fig`` just drawn on it: the picture cropped to its content,
    with the hit regions of the same drawing (``known``: see ``render.hits.hit_regions``)."""
    import numpy as np
    from PIL import Image

    from ..render.engine import PAD_IN, ink_box
    from ..render.hits import frame_of, hit_regions

    rgba = np.asarray(canvas.buffer_rgba())
    hits = hit_regions(fig, canvas.get_renderer(), known)
    frame = frame_of(fig)
    used_dpi = float(fig.dpi)
    full_h = rgba.shape[0]
    top = left = 0
    box = ink_box(rgba, round(PAD_IN * dpi))
    if box is not None:
        top, left = box.top, box.left
        rgba = rgba[box.top : box.bottom, box.left : box.right]
    out = io.BytesIO()
    Image.fromarray(rgba).save(out, format="PNG", compress_level=1)
    height, width = rgba.shape[:2]
    regions = [Region(h.id, _flip(h.box, full_h, left, top)) for h in hits]
    shown = None
    if frame is not None:
        shown = ScreenFrame(
            _flip(frame.plot, full_h, left, top),
            used_dpi,
            frame.xlim,
            frame.ylim,
            frame.xscale,
            frame.yscale,
            frame.category,
            frame.category_ticks,
            frame.axes_shown,
        )
    return Screen(
        out.getvalue(),
        width,
        height,
        used_dpi,
        _ordered(regions),
        shown,
        list(warnings),
    )


def _ordered(regions: list[Region]) -> list[Region]:
    """Larger regions first, so a smaller one lies on top: a point over its data set's line
    or bar, a symbol under an arrow's box."""
    return sorted(regions, key=lambda r: -(r.box[2] - r.box[0]) * (r.box[3] - r.box[1]))


#: the style element (``styleOverrides`` key) each kind of drawn id is styled by
ELEMENT_OF_KIND: dict[str, tuple[str, ...]] = {
    "symbol": ("symbol",),
    "symbols": ("symbol",),
    "outlier": ("symbol",),
    "outliers": ("symbol",),
    "bubble": ("symbol",),
    "censored": ("symbol",),
    "line": ("line",),
    "subject": ("line",),
    "pair": ("line",),
    "arrow": ("line",),
    "errorbar": ("errorBar",),
    "errorbars": ("errorBar",),
    "interval": ("errorBar",),
    "bar": ("bar",),
    "bars": ("bar",),
    "box": ("bar",),
    "whisker": ("bar",),
    "mean": ("bar",),
    "slice": ("bar",),
    "violin": ("violin",),
    "median": ("median",),
    "quartile": ("quartile",),
    "summary": ("summaryLine", "errorBar"),
    "area": ("areaFill",),
    "spike": ("barsSpikesDroplines",),
    "value": ("valueAnnotation", "cellValueLabel"),
    "label": ("pointLabel",),
    "curve": ("curve",),
    "band": ("confidenceBand", "areaFill"),
    "heatmap": ("heatCell",),
    "cell": ("heatCell",),
    "colorbar": ("colorScaleBar",),
    "reference": ("referenceLine",),
    "refline": ("referenceLine",),
}


def drawn_elements(shown: Screen) -> set[str]:
    """The style elements the drawing used, from the kinds of its ids."""
    out: set[str] = set()
    for r in shown.regions:
        out.update(ELEMENT_OF_KIND.get(r.id.split("/", 1)[0], ()))
    return out


def payload(table: Table, shown: Screen) -> dict[str, Any]:
    """The regions as the page's script reads them: id, box, what a click selects in words,
    and whether Shift selects a single point."""
    out = []
    for r in shown.regions:
        target = target_of(table, r.id)
        if target is None:
            continue
        out.append(
            {
                "id": r.id,
                "box": r.box,
                "label": describe(table, target),
                "point": describe(table, target, point=True) if target.point is not None else "",
                "kind": target.kind,
                "ds": target.data_set,
                "key": target.key,
                "text": title_text(table, target),
            }
        )
    plot = shown.frame.plot if shown.frame is not None else None
    return {
        "width": shown.width,
        "height": shown.height,
        "dpi": shown.dpi,
        "plot": plot,  # the plot area, (left, top, right, bottom) pixels of the picture
        "regions": out,
    }
