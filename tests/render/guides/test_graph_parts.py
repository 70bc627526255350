"""Legend, titles, annotations, axes and text safety."""

from __future__ import annotations

import itertools

import pytest

from ..docs import Svg, column_doc, render, svg_of, with_graph, xy_doc


def _legend_texts(svg: Svg) -> list[str]:
    return [t.text or "" for t in svg["legend"].iter("{http://www.w3.org/2000/svg}text")]


def test_legend_automatic_and_overrides() -> None:
    svg = svg_of(xy_doc("line"))
    assert _legend_texts(svg) == ["S0", "S1"]
    assert not svg_of(xy_doc("line", n_sets=1)).has("legend")
    hidden = svg_of(with_graph(xy_doc("line"), legend={"show": False}))
    assert not hidden.has("legend")
    items = svg_of(
        with_graph(
            xy_doc("line"),
            legend={
                "itemOverrides": {"0": {"text": "Wild type"}, "1": {"hidden": True}},
                "title": "Strain",
                "frame": True,
            },
        )
    )
    assert _legend_texts(items) == ["Strain", "Wild type"]
    off = svg_of(with_graph(xy_doc("line"), elementActivation={"graph": {"legend": False}}))
    assert not off.has("legend")


@pytest.mark.parametrize("position", ["right", "left", "top", "bottom", "upperRight", "lowerLeft"])
def test_legend_positions(position: str) -> None:
    svg = svg_of(
        with_graph(xy_doc("line"), legend={"position": position, "columns": 2, "fontSize": 7})
    )
    assert svg.has("legend")


def test_titles_automatic_custom_hidden_and_offset() -> None:
    svg = svg_of(xy_doc("scatter"))
    assert svg.text("title/graph") == "XY"
    assert svg.text("title/x") == "X"
    doc = xy_doc(
        "scatter",
        titles={
            "graph": {"text": "Growth curve", "color": {"hex": "#ff0000"}, "fontSize": 20},
            "y": {"show": False},
            "x": {"text": "Dose", "dx": 30, "dy": 10},
        },
    )
    custom = svg_of(doc)
    assert custom.text("title/graph") == "Growth curve"
    st = custom.style("title/graph", "text")
    assert st["fill"] == "#ff0000" and st["font-size"] == "20px"
    assert not custom.has("title/y")
    plain = svg_of(xy_doc("scatter", titles={"x": {"text": "Dose"}}))
    moved = next(custom["title/x"].iter("{http://www.w3.org/2000/svg}text"))
    still = next(plain["title/x"].iter("{http://www.w3.org/2000/svg}text"))
    # measured from the plot area (the cropped figure may shift as a whole)
    rel_moved = float(moved.get("x", 0)) - custom.bbox("patch_2")[0]
    rel_still = float(still.get("x", 0)) - plain.bbox("patch_2")[0]
    assert rel_moved - rel_still == pytest.approx(30, abs=0.5)


def test_dollar_text_is_literal_never_mathtext() -> None:
    doc = xy_doc("scatter", name="Cost $x^2$ and $y$", titles={"y": {"text": "$\\alpha$ <b>&amp;"}})
    svg = svg_of(doc)
    assert svg.text("title/graph") == "Cost $x^2$ and $y$"
    assert svg.text("title/y") == "$\\alpha$ <b>&amp;"
    assert b"<b>" not in svg.data  # escaped as text


def test_text_annotation_with_superscript_and_lines() -> None:
    doc = xy_doc(
        "scatter",
        annotations=[
            {"type": "text", "x": 20, "y": 30, "text": "IC_{50} = 10^{-6} M\\nsecond $line$"}
        ],
    )
    svg = svg_of(doc)
    texts = [t.text for t in svg["annotation/text/0"].iter("{http://www.w3.org/2000/svg}text")]
    # spaces at the ends of a run are offsets, spaces inside it no-break spaces (an SVG
    # renderer trims and collapses the spaces of a text element)
    assert texts == ["IC", "50", "=\u00a010", "-6", "M", "second\u00a0$line$"]
    sizes = [
        t.get("style", "")
        for t in svg["annotation/text/0"].iter("{http://www.w3.org/2000/svg}text")
    ]
    assert "font-size: 7px" in sizes[1]  # the subscript is smaller
    ys = [
        float(t.get("y", 0))
        for t in svg["annotation/text/0"].iter("{http://www.w3.org/2000/svg}text")
    ]
    assert ys[1] > ys[0] > ys[3]  # subscript lower, superscript higher
    assert ys[5] > ys[0]  # the second line below


def test_brackets_snap_to_data_sets() -> None:
    doc = column_doc(
        "bar",
        annotations=[
            {
                "type": "bracket",
                "left": {"kind": "group", "groupIndex": 0},
                "right": {"kind": "group", "groupIndex": 2},
                "text": "**",
            },
            {
                "type": "bracket",
                "left": {"kind": "free", "x": 0},
                "right": {"kind": "group", "groupIndex": 1},
                "y": 12.0,
            },
        ],
    )
    svg = svg_of(doc)
    x0, _, x1, _ = svg.bbox("bracket/0")
    b0 = svg.bbox("bar/ds0")
    b2 = svg.bbox("bar/ds2")
    assert x0 == pytest.approx((b0[0] + b0[2]) / 2, abs=0.01)
    assert x1 == pytest.approx((b2[0] + b2[2]) / 2, abs=0.01)
    assert svg.text("bracket/0") == "**"
    # above every error bar it spans
    assert svg.bbox("bracket/0")[3] < min(svg.bbox(f"errorbar/ds{k}")[1] for k in range(3))
    assert svg.has("bracket/1")


@pytest.mark.parametrize(
    "shape", ["line", "arrow", "doubleArrow", "rectangle", "ellipse", "bracket", "curve"]
)
def test_shapes(shape: str) -> None:
    pts = [{"x": 10, "y": 10}, {"x": 80, "y": 60}] + (
        [{"x": 120, "y": 20}] if shape in ("curve", "bracket") else []
    )
    doc = xy_doc(
        "scatter",
        annotations=[
            {
                "type": "shape",
                "shape": shape,
                "points": pts,
                "text": "A^{2}",
                "fill": {"hex": "#eeeeee"},
                "dashStyle": "dotted",
            }
        ],
    )
    svg = svg_of(doc)
    assert svg.has("annotation/shape/0")
    assert svg.has("annotation/shape/0/text")


def test_annotations_switch_off() -> None:
    doc = xy_doc("scatter", annotations=[{"type": "text", "x": 1, "y": 1, "text": "hi"}])
    assert not svg_of(with_graph(doc, elementActivation={"graph": {"annotations": False}})).has(
        "annotation/text/0"
    )


def _tick_texts(svg: Svg, axis: str) -> list[str]:
    return [t.text or "" for t in svg[axis].iter("{http://www.w3.org/2000/svg}text")]


def test_axis_range_interval_format_and_reverse() -> None:
    doc = with_graph(
        xy_doc("scatter"),
        axesOverrides={
            "leftY": {
                "rangeMin": 0,
                "rangeMax": 10,
                "majorInterval": 2.5,
                "numberFormat": {"format": "decimal", "decimals": 1, "suffix": " %"},
            }
        },
    )
    svg = svg_of(doc)
    labels = _tick_texts(svg, "axis/y")
    assert labels[:5] == ["0.0 %", "2.5 %", "5.0 %", "7.5 %", "10.0 %"]
    rev = svg_of(with_graph(xy_doc("scatter"), axesOverrides={"leftY": {"reverse": True}}))
    ys = [rev.point(f"symbol/ds0/p{r}")[1] for r in range(4)]
    assert ys == sorted(ys)  # larger values lower


def test_log_axes() -> None:
    doc = xy_doc("scatter")
    doc["tables"][0]["x"] = [1.0, 10.0, 100.0, 1000.0]
    svg = svg_of(with_graph(doc, axesOverrides={"xContinuous": {"scale": "log10"}}))
    xs = [svg.point(f"symbol/ds0/p{r}")[0] for r in range(4)]
    gaps = [b - a for a, b in itertools.pairwise(xs)]
    assert max(gaps) - min(gaps) < 0.05
    pow10 = svg_of(
        with_graph(
            doc,
            axesOverrides={
                "xContinuous": {"scale": "log10", "numberFormat": {"format": "powerOf10"}}
            },
        )
    )
    assert "10\u00b3" in _tick_texts(pow10, "axis/x")
    assert svg_of(with_graph(doc, axesOverrides={"leftY": {"scale": "log2"}})).has("axis/y")


def test_frame_styles_hidden_axes_grid_and_right_axis() -> None:
    for style in (
        "noFrame",
        "offsetXY",
        "plainFrame",
        "frameWithTicksMirrored",
        "frameWithTicksInward",
    ):
        assert svg_of(
            with_graph(xy_doc("scatter"), axesOverrides={"frameAndOrigin": {"frameStyle": style}})
        ).has("axis/x")
    hidden = svg_of(
        with_graph(xy_doc("scatter"), axesOverrides={"frameAndOrigin": {"hideAxes": "hideBoth"}})
    )
    assert not hidden.has("axis/x") and not hidden.has("axis/y")
    grid = svg_of(
        with_graph(
            xy_doc("scatter"),
            axesOverrides={
                "frameAndOrigin": {"majorGrid": {"show": True, "color": {"hex": "#ff0000"}}}
            },
        )
    )
    assert b"stroke: #ff0000" in grid.data
    right = svg_of(with_graph(xy_doc("scatter"), axesOverrides={"rightY": {"show": True}}))
    assert right.has("axis/y-right")


def test_categorical_labels_rotation_and_size() -> None:
    doc = column_doc(
        "bar", graph={"axesOverrides": {"xCategorical": {"labelRotation": 45, "labelFontSize": 8}}}
    )
    svg = svg_of(doc)
    texts = list(svg["axis/x"].iter("{http://www.w3.org/2000/svg}text"))
    assert [t.text for t in texts[:3]] == ["C0", "C1", "C2"]
    assert "rotate(-45" in (texts[0].get("transform") or "")
    assert "font-size: 8px" in (texts[0].get("style") or "")


def test_plot_geometry_sets_plot_area_size() -> None:
    doc = with_graph(xy_doc("scatter"), plotGeometry={"widthPt": 400, "heightPt": 100})
    svg = svg_of(doc)
    x0, y0, x1, y1 = svg.bbox("patch_2")  # the plot area's background
    assert (x1 - x0, y1 - y0) == (pytest.approx(400, abs=0.5), pytest.approx(100, abs=0.5))


def test_svg_is_valid_and_has_no_scripts() -> None:
    data = render(xy_doc("scatter", name="<script>alert(1)</script>"))
    assert b"<script" not in data
    Svg(data)  # parses as XML, ids unique


def test_overlapping_brackets_stack_and_stay_in_the_figure() -> None:
    left_pair = {
        "type": "bracket",
        "left": {"kind": "group", "groupIndex": 0},
        "right": {"kind": "group", "groupIndex": 1},
        "text": "*",
    }
    right_pair = {
        "type": "bracket",
        "left": {"kind": "group", "groupIndex": 1},
        "right": {"kind": "group", "groupIndex": 2},
        "text": "ns",
    }
    svg = svg_of(column_doc("bar", annotations=[left_pair, right_pair]))
    # they share data set 1: the second bracket stands above the first
    assert svg.bbox("bracket/1")[1] < svg.bbox("bracket/0")[1] - 5
    flipped = svg_of(
        column_doc(
            "bar",
            graph={"plot": {"family": "column", "options": {"flipXY": True}}},
            annotations=[left_pair],
        )
    )
    width = float(flipped.root.get("width", "0pt").removesuffix("pt"))
    text = next(flipped["bracket/0"].iter("{http://www.w3.org/2000/svg}text"))
    assert float(text.get("x", 0)) < width - 5  # the label is inside the cropped figure


def test_control_characters_and_unknown_fonts() -> None:
    doc = xy_doc(
        "scatter",
        name="bell\x07 tab\x0b end",
        titles={"x": {"text": "A\x00B", "fontFamily": "No Such Font 123"}},
    )
    svg = svg_of(doc)  # parses: no XML-invalid character left
    assert svg.text("title/graph") == "bell\ufffd tab\ufffd end"
    assert svg.text("title/x") == "A\ufffdB"
    assert "No Such Font" not in svg.style("title/x", "text").get("font-family", "")


def test_extreme_sizes_are_bounded() -> None:
    doc = with_graph(
        xy_doc("scatter", titles={"graph": {"fontSize": 1e9, "dx": 1e12}}),
        plotGeometry={"widthPt": 1e9, "heightPt": 0.001},
        styleOverrides={"global": {"symbol": {"size": 1e9}}},
        graphSettingsOverride={"groupGapRatio": 1e300},
    )
    svg = svg_of(doc)
    assert svg.style("title/graph", "text")["font-size"] == "144px"
    x0, y0, x1, y1 = svg.bbox("patch_2")
    assert (round(x1 - x0), round(y1 - y0)) == (3000, 20)


def test_auto_legend_avoids_a_right_axis() -> None:
    svg = svg_of(
        with_graph(xy_doc("line"), axesOverrides={"frameAndOrigin": {"originMode": "upperRight"}})
    )
    texts = list(svg["legend"].iter("{http://www.w3.org/2000/svg}text"))
    assert max(float(t.get("x", 0)) for t in texts) < svg.bbox("patch_2")[0]  # left of the plot
    below = svg_of(with_graph(xy_doc("line"), axesOverrides={"rightY": {"show": True}}))
    texts = list(below["legend"].iter("{http://www.w3.org/2000/svg}text"))
    assert min(float(t.get("y", 0)) for t in texts) > below.bbox("patch_2")[3]  # under the plot


def test_custom_origin_keeps_titles_at_the_edges() -> None:
    svg = svg_of(
        with_graph(
            xy_doc("line"),
            axesOverrides={
                "frameAndOrigin": {"originMode": "custom", "originX": 2.5, "originY": 4}
            },
        )
    )
    y_title = next(svg["title/y"].iter("{http://www.w3.org/2000/svg}text"))
    assert float(y_title.get("x", 0)) < svg.bbox("patch_2")[0]
