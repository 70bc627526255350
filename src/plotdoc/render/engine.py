"""The drawing engine: one table's graph as a matplotlib Figure.

Flow of :func:`build_figure`: theme (preset, non-colour switch) -> Figure -> the family's
drawer (``families.DRAWERS[family](ctx)``) -> plot-area geometry -> axes (axesOverrides) ->
the drawer's ``ctx.after_axes`` hooks -> titles -> legend -> annotations. Output
(:func:`figure_bytes`) crops the figure to its content, so the plot area keeps its size in
points.

The drawer API (DrawContext, the primitives in :mod:`plotdoc.render.marks.primitives`, the
marks) and the layout of this package are described in one place: docs/rendering.md.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from matplotlib.axis import Axis
from matplotlib.figure import Figure
from matplotlib.transforms import Bbox

from ..model import Graph, Project, Table
from . import ids
from .artists.labels import AxisLabels
from .caps import GEOMETRY_LIMITS, GUIDE_REACH_IN, MAX_PIXELS, MAX_SIDE_PX, REACH_IN, report_caps
from .context import DrawContext
from .families import drawer_for
from .guides import axes as axes_mod
from .guides import legend as legend_mod
from .guides import titles as titles_mod
from .guides.annotations import draw_annotations
from .guides.reference_lines import draw_reference_lines
from .low_contrast import warn_low_contrast
from .measuring import measuring_renderer
from .outside import warn_cut_marks, warn_outside_range
from .print_size import save_scaled_pdf, scale_svg
from .style.fonts import family_rc, register_fonts
from .style.text import clamp, font_family
from .style.theme import make_theme, to_hex
from .summary_notes import warn_summaries

#: plot-area size (points) when plotGeometry is automatic: by frame shape
_SHAPES = {
    "wide": (288.0, 216.0),
    "tall": (216.0, 288.0),
    "square": (252.0, 252.0),
    "custom": (288.0, 216.0),
}

_MARGIN_IN = (1.4, 1.0, 3.2, 1.0)  # left, bottom, right, top before cropping

#: the dpi an output may ask for
DPI_RANGE = (10.0, 2400.0)

__all__ = ["DrawContext", "build_figure", "draw_graph", "figure_bytes", "rc_params"]


class BoundedFigure(Figure):
    """A Figure whose tight box (what the output shows) reaches at most :data:`REACH_IN`
    beyond the figure's own box, whatever a drawn artist's position."""

    def get_tightbbox(self, *args: Any, **kwargs: Any) -> Any:
        box = super().get_tightbbox(*args, **kwargs)
        w, h = self.get_size_inches()
        r = REACH_IN
        lo_x, lo_y, hi_x, hi_y = -r, -r, w + r, h + r
        cut = box.x0 < lo_x or box.y0 < lo_y or box.x1 > hi_x or box.y1 > hi_y
        guides = self._guide_box(kwargs.get("renderer", args[0] if args else None)) if cut else None
        if guides is not None:  # the axes' labels and titles may reach further
            g = GUIDE_REACH_IN
            lo_x, lo_y = min(lo_x, max(guides.x0, -g)), min(lo_y, max(guides.y0, -g))
            hi_x, hi_y = max(hi_x, min(guides.x1, w + g)), max(hi_y, min(guides.y1, h + g))
        x0, y0 = max(box.x0, lo_x), max(box.y0, lo_y)
        x1, y1 = min(box.x1, hi_x), min(box.y1, hi_y)
        if not (x1 > x0 and y1 > y0):
            return Bbox.from_extents(0.0, 0.0, w, h)
        return Bbox.from_extents(x0, y0, x1, y1)

    def _guide_box(self, renderer: Any) -> Bbox | None:
        """The box (inches) of the axes' tick labels and axis titles, and of the data set names
        beyond a category axis' labels, None without axes."""
        if renderer is None or not self.axes:
            return None
        guides = [
            g
            for ax in self.axes
            for g in (ax.xaxis, ax.yaxis, *ax.artists, *ax.texts)
            if isinstance(g, Axis | AxisLabels) or ids.is_group_name(g.get_gid())
        ]
        boxes = [
            b
            for g in guides
            if (b := g.get_tightbbox(renderer)) is not None and b.width and b.height
        ]
        if not boxes:
            return None
        box = Bbox.union(boxes)
        return Bbox(box.get_points() / self.dpi)


def bounded_dpi(fig: Figure, dpi: float) -> float:
    """``dpi`` within :data:`DPI_RANGE`, lowered so that the largest canvas the figure can
    produce (its box and :data:`GUIDE_REACH_IN` around it) stays within the pixel bounds."""
    lo, hi = DPI_RANGE
    d = clamp(dpi, lo, hi, 150.0)
    w, h = (float(v) + 2 * GUIDE_REACH_IN for v in fig.get_size_inches())
    return float(min(d, MAX_SIDE_PX / max(w, h), (MAX_PIXELS / (w * h)) ** 0.5))


def rc_params(graph: Graph) -> dict[str, Any]:
    """The rcParams the engine draws with (used inside ``matplotlib.rc_context``)."""
    theme = make_theme(graph.active_preset_id, graph.apply_preset_non_color)
    register_fonts()
    fonts = graph.axes.get("titlesAndFonts", {}) if graph.axes else {}
    family = font_family(fonts.get("fontFamily")) or theme.shapes.font_family
    return {
        "text.usetex": False,
        "svg.hashsalt": "plotdoc",
        "svg.fonttype": "none",
        "pdf.fonttype": 42,
        **family_rc(family),
        "font.size": theme.shapes.font_size,
        "axes.unicode_minus": True,
        "path.simplify": False,
        "text.color": to_hex(theme.foreground),
    }


def build_figure(project: Project, table: Table, *, dpi: float = 150) -> Figure:
    """Draw ``table``'s graph; call inside ``matplotlib.rc_context(rc_params(graph))``."""
    return draw_graph(project, table, dpi=dpi)[0]


def draw_graph(project: Project, table: Table, *, dpi: float = 150) -> tuple[Figure, list[str]]:
    """The figure of ``table``'s graph and the warnings of what it could not show.

    The graph shows the rows a file stores: empty rows below the last one (an editor keeps
    them while the user types) are not drawn, so a graph looks the same before a save and
    after the saved file is opened again.
    """
    from ..canonical import stored_table

    table = stored_table(table)
    graph = table.graph
    if graph is None:
        raise ValueError(f"table {table.name!r} has no graph to draw")
    theme = make_theme(graph.active_preset_id, graph.apply_preset_non_color)
    fig = BoundedFigure(dpi=clamp(dpi, *DPI_RANGE, 150.0), facecolor=theme.background)
    ax = fig.add_axes((0.1, 0.1, 0.5, 0.5))
    ax.set_facecolor(theme.plot_background)
    ctx = DrawContext(fig=fig, ax=ax, project=project, table=table, graph=graph, theme=theme)
    drawer_for(graph.plot.family)(ctx)
    _place_plot_area(ctx)
    fig.set_dpi(bounded_dpi(fig, dpi))
    axes_mod.apply_axes(ctx)
    for hook in ctx.after_axes:
        hook()
    draw_reference_lines(ctx)
    titles_mod.draw_titles(ctx)
    legend_mod.draw_legend(ctx)
    draw_annotations(ctx)
    warn_low_contrast(ctx)
    warn_outside_range(ctx)
    warn_cut_marks(ctx)
    warn_summaries(ctx)
    report_caps(ctx, clamp(dpi, *DPI_RANGE, 150.0), fig.get_dpi())
    return fig, ctx.warnings


def _place_plot_area(ctx: DrawContext) -> None:
    geometry = ctx.graph.plot_geometry or {}
    shape = ctx.graph.axes.get("frameAndOrigin", {}).get("shape", "autoWide")
    w, h = _SHAPES.get(shape, (288.0, 216.0))
    if shape in ("autoWide", "autoTall") and ctx.preferred_width_pt is not None:
        w = ctx.preferred_width_pt
        h = 216.0 if shape == "autoWide" else 288.0
    elif shape == "autoTall":
        w, h = 216.0, 288.0
    if shape.startswith("auto") and ctx.preferred_height_pt is not None:
        h = ctx.preferred_height_pt
    if geometry.get("widthPt"):
        w = clamp(geometry["widthPt"], *GEOMETRY_LIMITS, w)
    if geometry.get("heightPt"):
        h = clamp(geometry["heightPt"], *GEOMETRY_LIMITS, h)
    if ctx.horizontal and not geometry.get("widthPt") and shape.startswith("auto"):
        w, h = h * 1.25, w * 0.8
    left, bottom, right, top = _MARGIN_IN
    bottom += ctx.extra_bottom_pt / 72.0
    fw, fh = w / 72.0 + left + right, h / 72.0 + bottom + top
    ctx.fig.set_size_inches(fw, fh)
    ctx.ax.set_position((left / fw, bottom / fh, (w / 72.0) / fw, (h / 72.0) / fh))


#: the largest canvas (pixels) a PNG is drawn on whole before it is cropped to its ink
INK_CANVAS_MAX_PIXELS = 25_000_000
#: the margin (inches) kept around what a figure draws
PAD_IN = 0.08


@dataclass(frozen=True)
class InkBox:
    """Where a picture's ink is: rows ``top:bottom`` and columns ``left:right`` hold every
    pixel that differs from the picture's corner, with ``pad`` pixels around them (as far as
    the picture goes)."""

    top: int
    bottom: int
    left: int
    right: int
    #: whether ink touches the picture's edge (what was drawn may reach further)
    at_edge: bool


def ink_box(rgba: Any, pad: int) -> InkBox | None:
    """The :class:`InkBox` of an RGBA picture (rows, columns, 4 bytes), None when every pixel
    is the corner's colour."""
    import numpy as np

    height, width = rgba.shape[:2]
    pixels = rgba.view(np.uint32).reshape(height, width)
    ink = pixels != pixels[0, 0]
    rows = np.flatnonzero(ink.any(axis=1))
    cols = np.flatnonzero(ink.any(axis=0))
    if not rows.size:
        return None
    r0, r1, c0, c1 = int(rows[0]), int(rows[-1]), int(cols[0]), int(cols[-1])
    return InkBox(
        max(0, r0 - pad),
        min(height, r1 + pad + 1),
        max(0, c0 - pad),
        min(width, c1 + pad + 1),
        r0 == 0 or c0 == 0 or r1 == height - 1 or c1 == width - 1,
    )


class _Pixels(io.BytesIO):
    """Where matplotlib writes a raw canvas: it keeps the canvas' own buffer, not a copy."""

    data: memoryview | None = None

    def write(self, data: Any, /) -> int:
        view = memoryview(data)
        self.data = view if self.data is None else memoryview(bytes(self.data) + bytes(view))
        return view.nbytes


def _png_cropped_to_ink(fig: Figure, dpi: float, metadata: dict[str, Any]) -> bytes | None:
    """The figure as a PNG drawn once on a canvas :data:`REACH_IN` larger than the figure on
    every side, cropped to the pixels that differ from its background, with a margin of
    :data:`PAD_IN` (RGB when it is opaque everywhere); None when something is drawn up to
    the canvas' edge (it may reach further: the measured crop decides), when nothing is
    drawn, or when the canvas would be larger than :data:`INK_CANVAS_MAX_PIXELS`.

    This spares the measuring pass of a crop to the artists' boxes (every tick label, legend
    entry and title laid out once more, on another renderer), which costs as much as a
    third of the drawing of a typical graph. The figure is drawn at whole-pixel offsets from
    its own box, as the editor's picture is.
    """
    import numpy as np
    from PIL import Image
    from PIL.PngImagePlugin import PngInfo

    w_in, h_in = (float(v) for v in fig.get_size_inches())
    r = REACH_IN
    width, height = int(np.ceil((w_in + 2 * r) * dpi)), int(np.ceil((h_in + 2 * r) * dpi))
    if width * height > INK_CANVAS_MAX_PIXELS:
        return None
    # a box a hair over whole pixels, so that the canvas is exactly width x height
    box = Bbox.from_bounds(-r, -r, (width + 1e-6) / dpi, (height + 1e-6) / dpi)
    raw = _Pixels()
    fig.savefig(raw, format="rgba", dpi=dpi, bbox_inches=box, facecolor=fig.get_facecolor())
    if raw.data is None or raw.data.nbytes != width * height * 4:
        return None  # not the canvas expected: the measured crop decides
    rgba = np.frombuffer(raw.data, dtype=np.uint8).reshape(height, width, 4)
    ink = ink_box(rgba, round(PAD_IN * dpi))
    if ink is None or ink.at_edge:
        return None
    picture = rgba[ink.top : ink.bottom, ink.left : ink.right]
    if bool((picture[..., 3] == 255).all()):  # opaque: RGB, a quarter fewer bytes to pack
        picture = np.ascontiguousarray(picture[..., :3])
    info = PngInfo()
    for key, value in metadata.items():
        info.add_text(key, value)
    out = io.BytesIO()
    Image.fromarray(picture).save(out, format="png", dpi=(dpi, dpi), pnginfo=info)
    return out.getvalue()


def figure_bytes(fig: Figure, fmt: str = "svg", dpi: float = 150, scale: float = 1.0) -> bytes:
    """The figure as SVG, PNG or PDF bytes, cropped to its content, deterministic; ``scale``
    draws it that many times its own size (text, lines and symbols alike: a print width)."""
    by_format: dict[str, dict[str, Any]] = {
        "svg": {"Date": None, "Creator": "plotdoc"},
        "pdf": {"CreationDate": None, "ModDate": None, "Creator": "plotdoc", "Producer": "plotdoc"},
        "png": {"Software": "plotdoc"},
    }
    metadata = by_format[fmt]
    buf = io.BytesIO()
    out_dpi = bounded_dpi(fig, dpi * scale if fmt == "png" else dpi)
    crop: Any = "tight"
    if fmt == "png":
        # a figure scaled to a print width is cropped to its measured box, as wide as asked
        inked = _png_cropped_to_ink(fig, out_dpi, metadata) if scale == 1.0 else None
        if inked is not None:
            return inked
        # what the ink cannot crop: measured once, at the picture's resolution, as
        # matplotlib's "tight" does but without the layout pass it draws first (that pass
        # moves nothing in plotdoc's figures: every sample's PNG is byte for byte the same)
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        own_dpi = fig.dpi
        fig.set_dpi(out_dpi)
        try:
            FigureCanvasAgg(fig)
            # measuring needs the resolution, not a canvas of the figure's size (tens of MB)
            renderer = measuring_renderer(float(out_dpi))
            crop = fig.get_tightbbox(renderer).padded(PAD_IN)
        finally:
            fig.set_dpi(own_dpi)
    extra: dict[str, Any] = {}
    if fmt == "png" and scale != 1.0:
        said = out_dpi / scale
        extra["pil_kwargs"] = {"dpi": (said, said)}
    saving: dict[str, Any] = {
        "dpi": out_dpi,
        "metadata": metadata,
        "bbox_inches": crop,
        "pad_inches": PAD_IN,
        "facecolor": fig.get_facecolor(),
        **extra,
    }
    if fmt == "pdf" and scale != 1.0:
        save_scaled_pdf(fig, buf, scale, **saving)
        return buf.getvalue()
    fig.savefig(buf, format=fmt, **saving)
    data = buf.getvalue()
    return scale_svg(data, scale) if fmt == "svg" and scale != 1.0 else data
