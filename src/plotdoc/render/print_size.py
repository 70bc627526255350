"""A figure at the size it prints: ``width="85mm"`` scales the whole figure to that width.

The figure is drawn at its own size (the plot area in points, text at the preset's size) and
scaled as one picture, text, lines and symbols alike, so that the output is exactly as wide as
asked: an SVG's width and height say so (its drawing is scaled by its view box), a PDF's page
is that size (its drawing scaled by one matrix), a PNG is drawn at the resolution that makes
it that many pixels at the nominal dpi. When that would print text below :data:`MIN_TEXT_PT`,
the plot area gives way first (:func:`narrower_plot`): the figure is drawn again with a smaller
plot area, unless the document fixes it. Text that still prints below :data:`MIN_TEXT_PT` or a
line below :data:`MIN_LINE_PT` at that width is a ``render-too-small`` warning.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from .measuring import measuring_renderer
from .notices import TOO_SMALL, RenderWarning

if TYPE_CHECKING:
    from matplotlib.figure import Figure

#: the smallest text (points, as printed) a journal accepts
MIN_TEXT_PT = 6.0
#: the thinnest line (points, as printed) that survives printing
MIN_LINE_PT = 0.25
#: how far a print width may shrink a plot area to keep its text legible (a share of its size)
MIN_PLOT_SHARE = 0.45
#: points per unit of a width
UNITS = {"mm": 72.0 / 25.4, "cm": 72.0 / 2.54, "in": 72.0, "pt": 1.0}
#: the widths a width may ask for (points): 10 mm to 1 m
WIDTH_RANGE_PT = (10 * UNITS["mm"], 1000 * UNITS["mm"])

_WIDTH = re.compile(r"\s*([0-9]+(?:\.[0-9]+)?)\s*(mm|cm|in|pt)\s*")


def parse_width(text: str) -> float:
    """A width such as ``85mm``, ``8.5cm``, ``3.35in`` or ``241pt`` in points; ``ValueError``
    saying what was expected for anything else."""
    m = _WIDTH.fullmatch(text)
    if m is None:
        raise ValueError(
            f"expected a width with its unit, such as 85mm, 8.5cm, 3.35in or 241pt; found {text!r}"
        )
    pt = float(m.group(1)) * UNITS[m.group(2)]
    lo, hi = WIDTH_RANGE_PT
    if not lo <= pt <= hi:
        raise ValueError(f"expected a width from 10mm to 1000mm; found {text!r}")
    return pt


def natural_width_pt(fig: Figure, pad_in: float, dpi: float = 72.0) -> float:
    """The width (points) of the figure's output at its own size, measured at ``dpi`` (72 for
    SVG and PDF, the picture's for PNG): its drawn content's box with ``pad_in`` on each side
    (what the output is cropped to)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    own = fig.dpi
    fig.set_dpi(dpi)
    try:
        FigureCanvasAgg(fig)
        renderer = measuring_renderer(float(dpi))
        box = fig.get_tightbbox(renderer).padded(pad_in)
    finally:
        fig.set_dpi(own)
    return float(box.width) * 72.0


def _measures(fig: Figure) -> tuple[list[float], list[float]]:
    """The sizes (points) of every visible text and the widths of every visible line of
    ``fig``, at its own size."""
    import numpy as np
    from matplotlib.collections import Collection
    from matplotlib.colors import to_rgba_array
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch
    from matplotlib.text import Text

    from .style.text import RichText

    sizes: list[float] = []
    widths: list[float] = []
    for art in fig.findobj(lambda a: bool(a.get_visible())):
        if isinstance(art, Text):
            if art.get_text().strip():
                sizes.append(float(art.get_fontsize()))
        elif isinstance(art, RichText):  # an annotation's text: its raised runs are smaller
            sizes.append(art.smallest_size())
        elif isinstance(art, Line2D):
            if art.get_linestyle() not in ("None", "none", "", " "):
                widths.append(float(art.get_linewidth()))
        elif isinstance(art, Patch):
            edge = to_rgba_array(art.get_edgecolor())
            if edge.size and float(edge[:, 3].max()) > 0 and art.get_linewidth() > 0:
                widths.append(float(art.get_linewidth()))
        elif isinstance(art, Collection):
            edge = to_rgba_array(art.get_edgecolor())
            if edge.size and float(edge[:, 3].max()) > 0:
                lws = np.atleast_1d(np.asarray(art.get_linewidth(), dtype=float))
                widths.extend(float(w) for w in lws if w > 0)
    return sizes, widths


def narrower_plot(
    fig: Figure, scale: float, natural_pt: float, fixed: bool
) -> dict[str, float] | None:
    """The plot area (``widthPt``, ``heightPt``) to draw ``fig`` again with so that, scaled
    to the same print width, its smallest text prints at :data:`MIN_TEXT_PT`: the plot area
    gives way before the text does (its shape kept, down to :data:`MIN_PLOT_SHARE` of its
    size). None when the text already prints large enough, or when the document fixes what
    cannot move (``fixed``: a plot size of its own, annotations placed in points)."""
    sizes, _ = _measures(fig)
    if fixed or not sizes or min(sizes) * scale >= MIN_TEXT_PT:
        return None
    ax = fig.axes[0]
    w_in, h_in = fig.get_size_inches()
    box = ax.get_position()
    plot_w, plot_h = box.width * w_in * 72.0, box.height * h_in * 72.0
    # a little above the minimum: the narrower plot's tick labels may take a little more room
    wanted_scale = min(1.0, MIN_TEXT_PT * 1.05 / min(sizes))
    # the rest of the figure (labels, legend, margins) keeps its size in points
    new_w = natural_pt * scale / wanted_scale - (natural_pt - plot_w)
    share = max(MIN_PLOT_SHARE, min(1.0, new_w / plot_w))
    if share >= 0.98:
        return None
    return {"widthPt": round(plot_w * share, 1), "heightPt": round(plot_h * share, 1)}


def size_warnings(fig: Figure, scale: float, width_text: str) -> list[RenderWarning]:
    """``render-too-small`` warnings for the smallest text and the thinnest line of ``fig``
    when it is drawn ``scale`` times its own size."""
    sizes, widths = _measures(fig)
    out: list[RenderWarning] = []
    if sizes and min(sizes) * scale < MIN_TEXT_PT:
        small = min(sizes)
        # the width at which the smallest text reaches the minimum, in the unit asked for
        unit = next(u for u in UNITS if width_text.strip().endswith(u))
        wide = parse_width(width_text) * MIN_TEXT_PT / (small * scale) / UNITS[unit]
        out.append(
            RenderWarning(
                f"at {width_text} wide the smallest text prints at {small * scale:.1f} pt "
                f"({small:g} pt scaled by {scale:.2f}), below the {MIN_TEXT_PT:g} pt journals "
                f"ask for (it reaches {MIN_TEXT_PT:g} pt at {wide:.0f}{unit} wide); make the "
                "graph smaller (plotGeometry) or its text larger (titlesAndFonts), or print it "
                "wider",
                TOO_SMALL,
            )
        )
    lines = [w for w in widths if w > 0]
    if lines and min(lines) * scale < MIN_LINE_PT:
        thin = min(lines)
        out.append(
            RenderWarning(
                f"at {width_text} wide the thinnest line prints at {thin * scale:.2f} pt "
                f"({thin:g} pt scaled by {scale:.2f}), below the {MIN_LINE_PT:g} pt that "
                "survives printing; make the graph smaller or its lines thicker, or print it "
                "wider",
                TOO_SMALL,
            )
        )
    return out


def output_width_pt(data: bytes, fmt: str, dpi: float) -> float:
    """The width (points) an SVG, PDF or PNG (at ``dpi``) prints at."""
    if fmt == "svg":
        m = re.search(rb'<svg[^>]*?\bwidth="([0-9.]+)pt"', data)
        return float(m.group(1)) if m else 0.0
    if fmt == "pdf":
        m = re.search(rb"/MediaBox \[ *[0-9.-]+ +[0-9.-]+ +([0-9.]+)", data)
        return float(m.group(1)) if m else 0.0
    width = int.from_bytes(data[16:20], "big")  # the PNG's IHDR
    return width / dpi * 72.0


def scale_svg(data: bytes, scale: float) -> bytes:
    """An SVG whose width and height are ``scale`` times its own (its view box unchanged, so
    the whole drawing scales)."""
    head_end = data.index(b">", data.index(b"<svg")) + 1
    head = data[:head_end].decode()

    def scaled(m: re.Match[str]) -> str:
        return f'{m.group(1)}="{float(m.group(2)) * scale:.3f}pt"'

    head = re.sub(r'\b(width|height)="([0-9.]+)pt"', scaled, head, count=2)
    return head.encode() + data[head_end:]


def save_scaled_pdf(fig: Figure, buf: Any, scale: float, **kwargs: Any) -> None:
    """Save ``fig`` as a PDF whose page and drawing are ``scale`` times their own size."""
    from matplotlib.backends.backend_pdf import Op, PdfFile, PdfPages

    class ScaledPdfFile(PdfFile):
        def newPage(self, width: float, height: float) -> None:
            super().newPage(width * scale, height * scale)  # type: ignore[no-untyped-call]
            self.output(scale, 0, 0, scale, 0, 0, Op.concat_matrix)  # type: ignore[no-untyped-call]

    metadata = kwargs.pop("metadata", None)
    pages: Any = PdfPages(buf, metadata=metadata)
    # the page PdfPages writes to, made here: each page begins with the scale
    pages._file = ScaledPdfFile(buf, metadata=metadata)  # type: ignore[no-untyped-call]
    try:
        fig.savefig(pages, format="pdf", **kwargs)
    finally:
        pages.close()
