"""Drawing bounds: every size a file can give the renderer is bounded (docs/reliability.md,
"Drawing bounds"). Each case used to raise or ask for a canvas of gigabytes."""

from __future__ import annotations

import struct
from typing import Any

import pytest

from .docs import column_doc, render, xy_doc
from .row_docs import mv_doc, parts_doc

#: no image of these small documents may exceed this many pixels a side at 72 dpi
MAX_SIDE_PX = 4000


def _png_size(png: bytes) -> tuple[int, int]:
    w, h = struct.unpack(">II", png[16:24])
    return int(w), int(h)


def _small(doc: dict[str, Any]) -> tuple[int, int]:
    w, h = _png_size(render(doc, "png"))
    assert w <= MAX_SIDE_PX and h <= MAX_SIDE_PX, (w, h)
    return w, h


@pytest.mark.parametrize("size", [1e6, 1e300, 1e308, 1e-300])
@pytest.mark.parametrize("variant", ["parts-pie", "parts-donut", "parts-slices"])
def test_graphic_size_is_bounded(variant: str, size: float) -> None:
    _small(parts_doc(variant, options={"graphicSizePt": size}))


@pytest.mark.parametrize("size", [1e300, 1e308, 1e-300])
def test_total_font_size_is_bounded(size: float) -> None:
    _small(parts_doc("parts-donut", options={"showTotal": True, "totalFontSize": size}))


@pytest.mark.parametrize("size", [1e300, 1e308, 1e-300])
def test_bubble_size_is_bounded(size: float) -> None:
    sets = [("x", [1.0, 2.0, 3.0]), ("y", [2.0, 1.0, 3.0]), ("s", [1.0, 5.0, 9.0])]
    mapping = {"x": 0, "y": 1, "size": 2}
    _small(mv_doc("mv-bubble", "bubble", mapping, sets, options={"maxBubbleSize": size}))


@pytest.mark.parametrize("value", [1e308, -1e308, 1e300, 1e-300])
def test_custom_origin_is_bounded(value: float) -> None:
    fo = {"originMode": "custom", "originX": value, "originY": value}
    _small(xy_doc(graph={"axesOverrides": {"frameAndOrigin": fo}}))


@pytest.mark.parametrize("interval", [1e-300, 1e-308, 1e300])
def test_major_interval_over_a_tiny_range(interval: float) -> None:
    axes = {
        "leftY": {"rangeMin": 1.0, "rangeMax": 1.0 + 1e-12, "majorInterval": interval},
        "xContinuous": {"majorInterval": interval},
    }
    _small(xy_doc(graph={"axesOverrides": axes}))


@pytest.mark.parametrize("pos", [5000.0, -5000.0, 1e300, -1e308])
def test_text_annotation_far_away_keeps_the_canvas_small(pos: float) -> None:
    ann = [{"type": "text", "text": "far", "x": pos, "y": pos}]
    _small(column_doc(annotations=ann))


@pytest.mark.parametrize("pos", [5000.0, -5000.0, 1e300])
def test_shape_annotation_far_away_keeps_the_canvas_small(pos: float) -> None:
    pts = [{"x": 0.0, "y": 0.0}, {"x": pos, "y": pos}]
    ann = [{"type": "shape", "shape": "line", "points": pts, "text": "t"}]
    _small(column_doc(annotations=ann))


@pytest.mark.parametrize("size", [1e300, 1e-300])
def test_title_font_size_is_bounded(size: float) -> None:
    titles = {"graph": {"text": "T", "fontSize": size, "dx": 1e300, "dy": -1e300}}
    _small(column_doc(titles=titles))


def test_canvas_pixels_are_bounded_at_any_dpi() -> None:
    from plotdoc.render import render_table
    from plotdoc.render.engine import MAX_PIXELS, MAX_SIDE_PX

    from .docs import open_doc

    doc = xy_doc(graph={"plotGeometry": {"widthPt": 1e300, "heightPt": 1e300}})
    p = open_doc(doc)
    w, h = _png_size(render_table(p, p.tables[0], fmt="png", dpi=1e6))
    assert w <= MAX_SIDE_PX and h <= MAX_SIDE_PX and w * h <= MAX_PIXELS, (w, h)
    assert w > 4000  # drawn as large as the bounds allow, not refused


def test_long_rotated_category_labels_and_the_axis_title_stay_in_the_image() -> None:
    """Category labels of 40 characters, turned 45 degrees, reach more than the one inch any
    drawn thing may reach past the figure's box; the axis' own labels and title may reach
    further (GUIDE_REACH_IN), so nothing of them is cut off."""
    import matplotlib
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from plotdoc.render.engine import draw_graph, rc_params

    from .docs import long_labelled_bar, open_doc

    p = open_doc(long_labelled_bar("with a long descriptive name {k}"))
    graph = p.tables[0].graph
    assert graph is not None
    with matplotlib.rc_context(rc_params(graph)):
        fig, _ = draw_graph(p, p.tables[0], dpi=72)
        canvas = FigureCanvasAgg(fig)
        renderer = canvas.get_renderer()
        shown = fig.get_tightbbox(renderer)
        ax = fig.axes[0]
        parts = [ax.xaxis.label, *ax.xaxis.get_ticklabels()]
        assert ax.xaxis.label.get_text()
        for text in parts:
            box = text.get_window_extent(renderer).transformed(fig.dpi_scale_trans.inverted())
            assert shown.x0 <= box.x0 + 1e-6 and box.x1 <= shown.x1 + 1e-6, text.get_text()
            assert shown.y0 <= box.y0 + 1e-6 and box.y1 <= shown.y1 + 1e-6, text.get_text()


def _separated(label_length: int) -> Any:
    """A separated grouped bar graph of six rows of long labels and six long data set names."""
    from .docs import open_doc
    from .row_docs import grouped_doc

    rows = [
        f"Condition {k} " + ("with a long descriptive name " * 8)[:label_length] for k in range(6)
    ]
    values = [[[float(1 + k + r)] for r in range(6)] for k in range(6)]
    doc = grouped_doc("grouped-separated-bars", values=values, rows=rows)
    for k, ds in enumerate(doc["tables"][0]["dataSets"]):
        ds["name"] = f"Group {k} given the long-acting formulation"
    return open_doc(doc)


@pytest.mark.parametrize(("label_length", "cut"), [(10, 0), (40, 0), (180, 6)])
def test_data_set_names_beyond_long_row_labels_are_shown_or_said_to_be_cut(
    label_length: int, cut: int
) -> None:
    """The names of a separated graph's data sets stand beyond its row labels: they reach as
    far as the axis' own labels may (their titles were cut an inch past the figure, unsaid),
    and a warning counts those that reach further."""
    import matplotlib
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from plotdoc.render.engine import draw_graph, rc_params

    p = _separated(label_length)
    graph = p.tables[0].graph
    assert graph is not None
    with matplotlib.rc_context(rc_params(graph)):
        fig, warnings = draw_graph(p, p.tables[0], dpi=72)
        renderer = FigureCanvasAgg(fig).get_renderer()
        shown = fig.get_tightbbox(renderer)
        names = [t for t in fig.axes[0].texts if str(t.get_gid()).startswith("group/")]
        boxes = [
            t.get_window_extent(renderer).transformed(fig.dpi_scale_trans.inverted()) for t in names
        ]
    inside = [shown.y0 <= b.y0 + 1e-6 and shown.x0 <= b.x0 + 1e-6 for b in boxes]
    assert len(names) == 6 and inside.count(False) == cut
    said = [w for w in warnings if "data set names beyond the row labels" in w]
    assert len(said) == (1 if cut else 0)
    if cut:
        assert said[0].startswith(f"{cut} of the 6 data set names")
