"""Column graphs: bar heights and order, every mode, flipping, point layout, boxes and violins."""

from __future__ import annotations

import pytest

from plotdoc.contract.variants import VARIANTS

from ..docs import column_doc, svg_of

BOX_VALUES = [
    [1.0, 2.0, 3.0, 4.0, 5.0],
    [4.0, 5.0, 6.0, 7.0, 8.0],
    [2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0, 20.0],
]
COLUMN = [v for v, spec in VARIANTS.items() if spec.family == "column"]


def test_bars_in_data_set_order_with_heights_of_means() -> None:
    svg = svg_of(column_doc("bar"))
    boxes = [svg.bbox(f"bar/ds{k}") for k in range(3)]
    lefts = [b[0] for b in boxes]
    assert lefts == sorted(lefts)
    heights = [b[3] - b[1] for b in boxes]
    # means 3, 6, 6.2
    assert heights[1] == pytest.approx(2 * heights[0], rel=1e-3)
    assert heights[2] == pytest.approx(6.2 / 3 * heights[0], rel=1e-3)
    bottoms = {round(b[3], 3) for b in boxes}
    assert len(bottoms) == 1  # every bar starts at the same baseline


@pytest.mark.parametrize(("variant", "mode"), [(v, m) for v in COLUMN for m in VARIANTS[v].modes])
def test_every_mode_draws(variant: str, mode: str) -> None:
    values = BOX_VALUES if variant == "column-box-whiskers" else None
    svg = svg_of(
        column_doc(
            variant, values=values, graph={"plot": {"family": "column", "options": {"mode": mode}}}
        )
    )
    ids = svg.ids()
    with_error = mode.endswith(("Sd", "Sem", "Ci95", "Range", "Iqr"))
    if variant in (
        "bar",
        "scatter-bar",
        "column-mean-error",
        "column-mean-error-connected",
        "column-scatter-only",
    ):
        assert any(i.startswith("errorbar/") for i in ids) == with_error, ids
    if variant == "column-box-whiskers":
        assert svg.has("box/ds2") and svg.has("whisker/ds2")
        if mode in ("tukey", "minToMax"):
            assert any(i.startswith("outlier/ds2/") for i in ids) == (mode == "tukey")
    if variant == "column-violin":
        assert svg.has("violin/ds0")
        assert svg.has("quartile/ds0/q1") == (mode == "medianWithIqr")
    if variant == "column-before-after":
        assert svg.has("pair/row0") == (mode == "symbolsAndLines")
        assert svg.has("arrow/row0/0") == (mode == "arrows")
    if variant == "column-floating-bars":
        assert svg.has("summary/ds0") == (mode != "noLine")


def test_error_bar_ends_sd() -> None:
    svg = svg_of(column_doc("bar", values=[[1.0, 3.0], [2.0, 2.0]]))
    # mean 2, sd 1.414 -> bar from 0.586 to 3.414; the bar top (2) sits in the middle
    _, top, _, bottom = svg.bbox("errorbar/ds0")
    _bx0, by0, _bx1, by1 = svg.bbox("bar/ds0")
    assert (top + bottom) / 2 == pytest.approx(by0, abs=0.05)
    scale = (by1 - by0) / 2.0  # points per unit
    assert (bottom - top) / scale == pytest.approx(2 * 1.41421356, rel=1e-3)


def test_flip_xy_lays_bars_horizontally() -> None:
    svg = svg_of(
        column_doc("bar", graph={"plot": {"family": "column", "options": {"flipXY": True}}})
    )
    x0, y0, x1, y1 = svg.bbox("bar/ds1")
    assert x1 - x0 > y1 - y0
    # first data set at the top
    assert svg.bbox("bar/ds0")[1] < svg.bbox("bar/ds2")[1]
    lefts = {round(svg.bbox(f"bar/ds{k}")[0], 3) for k in range(3)}
    assert len(lefts) == 1


def test_point_layout_aligned_and_scatter() -> None:
    aligned = svg_of(
        column_doc(
            "column-scatter-only",
            values=[[1.0, 1.0, 1.0, 2.0]],
            graph={"plot": {"family": "column", "options": {"pointLayout": "aligned"}}},
        )
    )
    xs = {round(aligned.point(f"symbol/ds0/p{r}")[0], 3) for r in range(4)}
    assert len(xs) == 1
    spread = svg_of(column_doc("column-scatter-only", values=[[1.0, 1.0, 1.0, 2.0]]))
    xs2 = [spread.point(f"symbol/ds0/p{r}")[0] for r in range(3)]
    assert len(set(xs2)) == 3  # tied values spread sideways
    assert sorted(xs2)[1] == pytest.approx(spread.point("symbol/ds0/p3")[0], abs=0.01)  # centred
    again = svg_of(column_doc("column-scatter-only", values=[[1.0, 1.0, 1.0, 2.0]]))
    assert again.data == spread.data  # deterministic


def test_scatter_appearance_expanded_is_wider() -> None:
    vals = [[1.0] * 6]
    std = svg_of(column_doc("column-scatter-only", values=vals))
    wide = svg_of(
        column_doc(
            "column-scatter-only",
            values=vals,
            graph={"graphSettingsOverride": {"scatterAppearance": "expanded"}},
        )
    )

    def width(svg: object) -> float:
        xs = [svg.point(f"symbol/ds0/p{r}")[0] for r in range(6)]  # type: ignore[attr-defined]
        return max(xs) - min(xs)

    assert width(wide) > width(std)


def test_box_tukey_outlier_and_whisker() -> None:
    svg = svg_of(
        column_doc(
            "column-box-whiskers",
            values=BOX_VALUES,
            graph={"plot": {"family": "column", "options": {"mode": "tukey"}}},
        )
    )
    assert svg.ids("outlier/ds2/") == ["outlier/ds2/p7"]
    # the outlier (20) sits above the whisker
    assert svg.point("outlier/ds2/p7")[1] < svg.bbox("whisker/ds2")[1]
    _x0, y0, _x1, y1 = svg.bbox("box/ds0")
    _, my0, _, _my1 = svg.bbox("median/ds0")
    assert y0 < my0 < y1


def test_box_mean_as_plus() -> None:
    svg = svg_of(
        column_doc(
            "column-box-whiskers",
            graph={"styleOverrides": {"global": {"bar": {"showMeanAsPlus": True}}}},
        )
    )
    assert svg.has("mean/ds0/p0")


def test_violin_truncation() -> None:
    same_axis = {"leftY": {"rangeMin": -20, "rangeMax": 40}}  # extents compared on one scale
    full = svg_of(
        column_doc(
            "column-violin",
            graph={
                "plot": {"family": "column", "options": {"showTruncatedViolin": False}},
                "axesOverrides": same_axis,
            },
        )
    )
    cut = svg_of(column_doc("column-violin", graph={"axesOverrides": same_axis}))

    def extent(svg: object) -> float:
        _, y0, _, y1 = svg.bbox("violin/ds0")  # type: ignore[attr-defined]
        return y1 - y0

    assert extent(full) > extent(cut)


def test_before_after_one_line_per_row() -> None:
    svg = svg_of(column_doc("column-before-after", values=[[1.0, 2.0, 3.0], [2.0, 2.5, None]]))
    assert svg.ids("pair/") == ["pair/row0", "pair/row1"]


def test_value_annotation_above_bar() -> None:
    slot = {"show": "plottedValue", "decimals": 1}
    svg = svg_of(
        column_doc(
            "bar",
            graph={
                "styleOverrides": {"global": {"valueAnnotation": {"aboveBarAndErrorBar": slot}}}
            },
        )
    )
    assert svg.text("value/ds0/aboveBarAndErrorBar") == "3.0"
    n = svg_of(
        column_doc(
            "bar",
            graph={
                "styleOverrides": {
                    "perDataSet": {
                        "C1": {"valueAnnotation": {"withinBarTop": {"show": "sampleSize"}}}
                    }
                }
            },
        )
    )
    assert n.text("value/ds1/withinBarTop") == "5"
    assert not n.has("value/ds0/withinBarTop")


def test_bar_width_ratio_and_manual_baseline() -> None:
    narrow = svg_of(column_doc("bar", graph={"graphSettingsOverride": {"barWidthRatio": 0.35}}))
    wide = svg_of(column_doc("bar"))
    w = lambda s: s.bbox("bar/ds0")[2] - s.bbox("bar/ds0")[0]  # noqa: E731
    assert w(narrow) == pytest.approx(w(wide) / 2, rel=1e-3)
    base = svg_of(
        column_doc("bar", graph={"graphSettingsOverride": {"baseline": "manual", "baselineY": 4.0}})
    )
    # mean 3 is below the baseline 4: the bar hangs down; mean 6 rises
    assert base.bbox("bar/ds0")[1] == pytest.approx(base.bbox("bar/ds1")[3], abs=0.01)


def test_mean_error_connected_joins_centers_in_order() -> None:
    svg = svg_of(column_doc("column-mean-error-connected"))
    pts = svg.path_points("line/centers")
    assert len(pts) == 3
    assert [p[0] for p in pts] == sorted(p[0] for p in pts)
    assert pts[0] == pytest.approx(svg.point("symbol/ds0/center"), abs=0.01)


def test_violin_smoothing_and_line_styles() -> None:
    vals = [[1.0, 1.2, 2.0, 2.1, 2.2, 4.0, 4.1, 6.0]]
    low = svg_of(
        column_doc(
            "column-violin",
            values=vals,
            graph={"styleOverrides": {"global": {"violin": {"smoothing": "low"}}}},
        )
    )
    high = svg_of(
        column_doc(
            "column-violin",
            values=vals,
            graph={"styleOverrides": {"global": {"violin": {"smoothing": "high"}}}},
        )
    )
    assert low.path_points("violin/ds0") != high.path_points("violin/ds0")
    styled = svg_of(
        column_doc(
            "column-violin",
            values=vals,
            graph={
                "styleOverrides": {
                    "global": {
                        "median": {"color": {"hex": "#ff0000"}, "thickness": 4},
                        "quartile": {"dashStyle": "dotted", "color": {"hex": "#00ff00"}},
                    }
                }
            },
        )
    )
    assert (
        styled.style("median/ds0")["stroke"] == "#ff0000"
        and styled.style("median/ds0")["stroke-width"] == "4"
    )
    assert styled.style("quartile/ds0/q1")["stroke"] == "#00ff00"


def test_summary_line_style() -> None:
    doc = column_doc(
        "column-scatter-only",
        graph={
            "plot": {"family": "column", "options": {"mode": "lineAtMedian"}},
            "styleOverrides": {
                "perDataSet": {"C2": {"summaryLine": {"color": {"hex": "#0000ff"}}}}
            },
        },
    )
    svg = svg_of(doc)
    assert svg.style("summary/ds2")["stroke"] == "#0000ff"
    assert svg.style("summary/ds0")["stroke"] != "#0000ff"
    # the median of C2 (3.0) not its mean (6.2)
    _, y, _, _ = svg.bbox("summary/ds2")
    _, y0, _, _ = svg.bbox("summary/ds0")  # median of C0 is 3.0 too
    assert y == pytest.approx(y0, abs=0.01)


def test_scatter_error_bars_follow_summary_line_unless_set() -> None:
    svg = svg_of(column_doc("column-scatter-only"))
    assert svg.style("errorbar/ds1")["stroke"] == svg.style("summary/ds1")["stroke"]
    own = svg_of(
        column_doc(
            "column-scatter-only",
            graph={"styleOverrides": {"global": {"errorBar": {"color": {"hex": "#ff0000"}}}}},
        )
    )
    assert own.style("errorbar/ds1")["stroke"] == "#ff0000"


def test_lines_across_columns_use_the_foreground_unless_set() -> None:
    svg = svg_of(column_doc("column-before-after", values=[[1.0, 2.0], [2.0, 3.0]]))
    assert svg.style("pair/row0")["stroke"] == "#222222"
    own = svg_of(
        column_doc(
            "column-before-after",
            values=[[1.0, 2.0], [2.0, 3.0]],
            graph={"styleOverrides": {"global": {"line": {"color": {"hex": "#00aa00"}}}}},
        )
    )
    assert own.style("pair/row1")["stroke"] == "#00aa00"
    assert (
        svg_of(column_doc("column-mean-error-connected")).style("line/centers")["stroke"]
        == "#222222"
    )


def test_legend_on_request_shows_bar_swatches() -> None:
    svg = svg_of(column_doc("bar", graph={"legend": {"show": True}}))
    assert svg.has("legend")
    fills = [p.get("style", "") for p in svg["legend"].iter("{http://www.w3.org/2000/svg}path")]
    assert any("fill: #0072b2" in f for f in fills)
    assert not svg_of(column_doc("bar")).has("legend")  # categories are labelled on the axis
