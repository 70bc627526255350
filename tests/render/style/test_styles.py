"""Presets and the style layers: each changes what it should and nothing else."""

from __future__ import annotations

import pytest

from plotdoc.contract.styles import SYMBOL_SHAPES

from ..docs import XLINK_HREF, Svg, column_doc, svg_of, with_graph, xy_doc


def _fill(svg: Svg, sid: str) -> str:
    return svg.style(sid, "use").get("fill", "#000000")  # SVG's default fill is black


def _marker_d(svg: Svg, sid: str) -> str:
    use = next(svg[sid].iter("{http://www.w3.org/2000/svg}use"))
    return svg[use.get(XLINK_HREF, "")[1:]].get("d", "")


def _background(svg: Svg) -> str:
    return svg.style("patch_1").get("fill", "")


def test_presets_differ_visibly() -> None:
    base = xy_doc("line")
    seen = {}
    for preset in ("modern", "classic", "floral", "starry"):
        svg = svg_of(with_graph(base, activePresetId=preset))
        seen[preset] = (
            _fill(svg, "symbol/ds0/p0"),
            _fill(svg, "symbol/ds1/p0"),
            _background(svg),
            svg.style("title/graph", "text").get("font-family"),
        )
    assert seen["modern"][:2] == ("#0072b2", "#e69f00")  # Okabe-Ito
    assert seen["classic"][:2] == ("#000000", "#000000")  # black and white
    assert seen["starry"][2] == "#0b1026"  # dark background
    assert "Serif" in (seen["floral"][3] or "")
    assert len(set(seen.values())) == 4


def test_classic_tells_data_sets_apart_by_shape() -> None:
    svg = svg_of(with_graph(xy_doc("scatter"), activePresetId="classic"))
    assert _marker_d(svg, "symbol/ds0/p0") != _marker_d(svg, "symbol/ds1/p0")


def test_apply_preset_non_color_switch() -> None:
    on = svg_of(with_graph(xy_doc("scatter"), activePresetId="classic"))
    off = svg_of(with_graph(xy_doc("scatter"), activePresetId="classic", applyPresetNonColor=False))
    # colours stay classic, sizes fall back to modern's (11 pt vs 10 pt axis titles)
    assert _fill(off, "symbol/ds0/p0") == "#000000"
    assert on.style("title/x", "text")["font-size"] == "11px"
    assert off.style("title/x", "text")["font-size"] == "10px"


def test_global_override_changes_every_data_set() -> None:
    doc = with_graph(
        xy_doc("scatter"), styleOverrides={"global": {"symbol": {"color": {"hex": "#ff0000"}}}}
    )
    svg = svg_of(doc)
    assert {_fill(svg, i) for i in svg.ids("symbol/ds")} == {"#ff0000"}


def test_per_data_set_override_changes_only_that_one() -> None:
    base = svg_of(xy_doc("scatter"))
    doc = with_graph(
        xy_doc("scatter"),
        styleOverrides={
            "perDataSet": {"S1": {"symbol": {"color": {"hex": "#00ff00", "alpha": 0.5}}}}
        },
    )
    svg = svg_of(doc)
    assert _fill(svg, "symbol/ds1/p2") == "#00ff00"
    assert svg.style("symbol/ds1/p2", "use").get("fill-opacity") == "0.5"
    assert _fill(svg, "symbol/ds0/p2") == _fill(base, "symbol/ds0/p2")
    assert svg.point("symbol/ds1/p2") == base.point("symbol/ds1/p2")


def test_per_point_override_changes_only_that_point() -> None:
    base = svg_of(xy_doc("scatter"))
    doc = with_graph(
        xy_doc("scatter"),
        styleOverrides={
            "perPoint": {"S0": {"2": {"symbol": {"color": {"hex": "#abcdef"}, "size": 12}}}}
        },
    )
    svg = svg_of(doc)
    assert _fill(svg, "symbol/ds0/p2") == "#abcdef"
    assert _fill(svg, "symbol/ds0/p1") == _fill(base, "symbol/ds0/p1")
    assert _marker_d(svg, "symbol/ds0/p2") != _marker_d(svg, "symbol/ds0/p1")  # bigger
    assert [svg.point(i) for i in svg.ids("symbol/")] == [
        base.point(i) for i in base.ids("symbol/")
    ]


def test_layers_merge_in_order_and_theme_resets() -> None:
    doc = with_graph(
        xy_doc("scatter"),
        styleOverrides={
            "global": {"symbol": {"color": {"hex": "#111111"}}},
            "perDataSet": {
                "S0": {"symbol": {"color": {"hex": "#222222"}}},
                "S1": {"symbol": {"color": "theme"}},
            },
            "perPoint": {"S0": {"0": {"symbol": {"color": {"hex": "#333333"}}}}},
        },
    )
    svg = svg_of(doc)
    assert _fill(svg, "symbol/ds0/p0") == "#333333"
    assert _fill(svg, "symbol/ds0/p1") == "#222222"
    assert _fill(svg, "symbol/ds1/p0") == "#e69f00"  # theme colour of data set 1


def test_bar_fill_border_and_pattern() -> None:
    doc = column_doc(
        "bar",
        graph={
            "styleOverrides": {
                "perDataSet": {
                    "C1": {
                        "bar": {
                            "fill": {"hex": "#ffffff"},
                            "borderColor": {"hex": "#000000"},
                            "borderWidth": 3,
                            "fillPattern": "crosshatch",
                        }
                    }
                }
            }
        },
    )
    svg = svg_of(doc)
    st = svg.style("bar/ds1")
    assert st["stroke"] == "#000000" and st["stroke-width"] == "3"
    assert "url(#h" in st["fill"]  # a hatch pattern
    assert "url(" not in svg.style("bar/ds0")["fill"]


def test_line_dash_and_error_bar_style() -> None:
    doc = xy_doc(
        "xy-points-line-error",
        reps=2,
        graph={
            "styleOverrides": {
                "global": {
                    "line": {"dashStyle": "dashed", "thickness": 3},
                    "errorBar": {"color": {"hex": "#ff00ff"}, "thickness": 2},
                }
            }
        },
    )
    svg = svg_of(doc)
    line = svg.style("line/ds0")
    assert "stroke-dasharray" in line and line["stroke-width"] == "3"
    eb = svg.style("errorbar/ds0/row0")
    assert eb["stroke"] == "#ff00ff" and eb["stroke-width"] == "2"


def test_error_bar_direction_above() -> None:
    both = svg_of(xy_doc("xy-points-error", reps=3))
    above = svg_of(
        xy_doc(
            "xy-points-error",
            reps=3,
            graph={"styleOverrides": {"global": {"errorBar": {"direction": "above"}}}},
        )
    )
    _, top, _, bottom = above.bbox("errorbar/ds0/row1")
    assert bottom == pytest.approx(above.point("symbol/ds0/p1")[1], abs=0.01)
    assert top == pytest.approx(both.bbox("errorbar/ds0/row1")[1], abs=0.01)


@pytest.mark.parametrize("shape", SYMBOL_SHAPES)
def test_every_symbol_shape_draws(shape: str) -> None:
    doc = with_graph(
        xy_doc("scatter", n_sets=1), styleOverrides={"global": {"symbol": {"shape": shape}}}
    )
    svg = svg_of(doc)
    assert len(svg.ids("symbol/ds0/p")) == 4
    assert _marker_d(svg, "symbol/ds0/p0")


def test_symbol_shapes_are_distinct() -> None:
    paths = set()
    for shape in SYMBOL_SHAPES:
        svg = svg_of(
            with_graph(
                xy_doc("scatter", n_sets=1), styleOverrides={"global": {"symbol": {"shape": shape}}}
            )
        )
        paths.add((_marker_d(svg, "symbol/ds0/p0"), _fill(svg, "symbol/ds0/p0")))
    assert len(paths) == len(SYMBOL_SHAPES)


def test_visibility_hides_data_set() -> None:
    svg = svg_of(with_graph(xy_doc("line"), dataSetVisibility={"1": False}))
    assert svg.ids("symbol/ds0/") and not svg.ids("symbol/ds1/") and not svg.has("line/ds1")
    col = svg_of(with_graph(column_doc("bar"), dataSetVisibility={"0": False}))
    assert not col.has("bar/ds0") and col.has("bar/ds1")


def test_element_activation_scopes() -> None:
    doc = with_graph(
        xy_doc("xy-points-line-error", reps=2),
        elementActivation={
            "global": {"errorBars": False},
            "perDataSet": {"1": {"symbols": False, "errorBars": True}},
        },
    )
    svg = svg_of(doc)
    assert not svg.ids("errorbar/ds0/") and svg.ids("errorbar/ds1/")
    assert svg.ids("symbol/ds0/") and not svg.ids("symbol/ds1/")
    assert svg.has("line/ds0") and svg.has("line/ds1")


def test_pattern_color() -> None:
    bar = {"fillPattern": "diagonalRight", "patternColor": {"hex": "#13579b"}}
    svg = svg_of(column_doc("bar", graph={"styleOverrides": {"perDataSet": {"C0": {"bar": bar}}}}))
    assert b"#13579b" in svg.data
    assert "url(#h" in svg.style("bar/ds0")["fill"]
