"""XY graphs: counts, order and positions of marks, options and fitted lines."""

from __future__ import annotations

import pytest

from ..docs import Svg, project, svg_of, xy_doc


def test_scatter_one_symbol_per_row_in_x_order() -> None:
    svg = svg_of(xy_doc("scatter"))
    ids = svg.ids("symbol/ds0/")
    assert ids == [f"symbol/ds0/p{r}" for r in range(4)]
    xs = [svg.point(i)[0] for i in ids]
    ys = [svg.point(i)[1] for i in ids]
    assert xs == sorted(xs)
    assert ys == sorted(ys, reverse=True)  # Y rises with X (SVG y grows downwards)
    # data set 1 has twice the slope: its last point is higher
    assert svg.point("symbol/ds1/p3")[1] < svg.point("symbol/ds0/p3")[1]


def test_points_error_center_and_bars() -> None:
    svg = svg_of(xy_doc("xy-points-error", reps=3))
    assert svg.ids("errorbar/ds0/") == [f"errorbar/ds0/row{r}" for r in range(4)]
    # the symbol sits on the middle of its error bar (mean of 0, +0.3, +0.6)
    x, y = svg.point("symbol/ds0/p2")
    x0, y0, x1, y1 = svg.bbox("errorbar/ds0/row2")
    assert abs((x0 + x1) / 2 - x) < 0.01
    assert abs((y0 + y1) / 2 - y) < 0.01


@pytest.mark.parametrize(
    ("center", "error", "has_bars"),
    [
        ("mean", "sd", False),
        ("meanError", "sem", True),
        ("medianError", "range", True),
        ("geoMeanError", "geoSd", True),
        ("median", "sd", False),
    ],
)
def test_center_and_error_options(center: str, error: str, has_bars: bool) -> None:
    doc = xy_doc(
        "xy-points-error",
        reps=3,
        graph={"plot": {"family": "xy", "options": {"center": center, "error": error}}},
    )
    svg = svg_of(doc)
    assert bool(svg.ids("errorbar/")) == has_bars
    assert len(svg.ids("symbol/ds0/p")) == 4


def test_range_error_spans_replicates() -> None:
    doc = xy_doc(
        "xy-points-error",
        reps=3,
        graph={"plot": {"family": "xy", "options": {"center": "meanError", "error": "range"}}},
    )
    svg = svg_of(doc)
    _, y0, _, y1 = svg.bbox("errorbar/ds0/row0")
    _, top, _, bottom = svg.bbox("errorbar/ds0/row3")
    assert abs((y1 - y0) - (bottom - top)) < 0.01  # same spread (0.6) in every row


def test_each_replicate_draws_every_value() -> None:
    svg = svg_of(xy_doc("xy-individual-replicates", reps=3))
    assert len(svg.ids("symbol/ds0/")) == 12
    svg = svg_of(
        xy_doc(
            "scatter",
            reps=3,
            graph={"plot": {"family": "xy", "options": {"center": "eachReplicate"}}},
        )
    )
    assert len(svg.ids("symbol/ds1/")) == 12


def test_repeated_measures_line_per_subject() -> None:
    svg = svg_of(xy_doc("xy-repeated-measures", reps=3))
    assert list(svg.ids("line/ds0")) == ["line/ds0/r0", "line/ds0/r1", "line/ds0/r2"]


def _line_vertices(svg: Svg, sid: str) -> int:
    return len(svg.path_points(sid))


def _moves(svg: Svg, sid: str) -> int:
    return sum(p.get("d", "").count("M") for p in svg[sid].iter("{http://www.w3.org/2000/svg}path"))


def test_missing_value_gap_or_connect() -> None:
    doc = xy_doc("line", n_sets=1)
    doc["tables"][0]["dataSets"][0]["values"][1] = [None]
    gap = svg_of(doc)
    doc["tables"][0]["graph"]["graphSettingsOverride"] = {"missingValuePolicy": "connectAdjacent"}
    joined = svg_of(doc)
    assert len(gap.ids("symbol/ds0/")) == 3
    # with a gap the path restarts after the missing point; joined, it is one stroke
    assert _moves(gap, "line/ds0") == 2
    assert _moves(joined, "line/ds0") == 1


def test_staircase_and_spline_connect() -> None:
    base = xy_doc("line", n_sets=1)
    straight = _line_vertices(svg_of(base), "line/ds0")
    stairs = xy_doc(
        "line", n_sets=1, graph={"styleOverrides": {"global": {"line": {"connect": "staircase"}}}}
    )
    spline = xy_doc(
        "line", n_sets=1, graph={"styleOverrides": {"global": {"line": {"connect": "spline"}}}}
    )
    assert _line_vertices(svg_of(stairs), "line/ds0") == 2 * straight - 1
    assert _line_vertices(svg_of(spline), "line/ds0") > 2 * straight


def test_series_stack_order() -> None:
    later = svg_of(xy_doc("scatter"))
    earlier = svg_of(
        xy_doc(
            "scatter",
            graph={"plot": {"family": "xy", "options": {"seriesStackOrder": "earlierOnTop"}}},
        )
    )
    assert later.ids("symbols/")[-1] == "symbols/ds1"
    assert earlier.ids("symbols/")[-1] == "symbols/ds0"


def test_spikes_start_at_baseline() -> None:
    svg = svg_of(xy_doc("xy-spikes", n_sets=1))
    bottoms = {round(svg.bbox(i)[3], 2) for i in svg.ids("spike/ds0/")}
    assert len(bottoms) == 1  # every spike from the same baseline
    manual = svg_of(
        xy_doc(
            "xy-spikes",
            n_sets=1,
            graph={"styleOverrides": {"global": {"barsSpikesDroplines": {"beginAtY": 2.0}}}},
        )
    )
    spans = [manual.bbox(i) for i in manual.ids("spike/ds0/")]
    assert spans[0][3] > spans[0][1]  # the first point (y=1) hangs below y=2


def test_line_of_identity() -> None:
    doc = xy_doc(
        "scatter",
        graph={
            "graphSettingsOverride": {
                "lineOfIdentity": {
                    "show": True,
                    "color": {"hex": "#ff0000"},
                    "thickness": 2,
                    "dashStyle": "dashed",
                }
            }
        },
    )
    svg = svg_of(doc)
    assert svg.style("reference/identity")["stroke"] == "#ff0000"


def test_linear_regression_line_and_bands() -> None:
    doc = xy_doc(
        "scatter",
        reps=2,
        analyses=[{"id": "lin", "method": "linearRegression", "params": {"confidenceLevel": 99}}],
    )
    svg = svg_of(doc)
    assert svg.has("curve/regression/lin") and svg.has("curve/regression/lin/ds0")
    assert svg.has("band/confidence/lin/ds1")
    assert not svg.has("band/prediction/lin/ds0")
    doc["tables"][0]["graph"]["elementActivation"] = {
        "graph": {"predictionBand": True, "confidenceBand": False}
    }
    svg2 = svg_of(doc)
    assert svg2.has("band/prediction/lin/ds0") and not svg2.has("band/confidence/lin/ds0")
    doc["tables"][0]["graph"]["elementActivation"] = {"graph": {"regressionLine": False}}
    assert not svg_of(doc).ids("curve/")


def test_regression_curve_colour_follows_curve_style() -> None:
    doc = xy_doc(
        "scatter",
        analyses=[{"id": "lin", "method": "linearRegression"}],
        graph={"styleOverrides": {"perDataSet": {"S1": {"curve": {"color": {"hex": "#123456"}}}}}},
    )
    svg = svg_of(doc)
    assert svg.style("curve/regression/lin/ds1")["stroke"] == "#123456"
    assert svg.style("curve/regression/lin/ds0")["stroke"] != "#123456"


def test_four_pl_curve() -> None:
    x = [-9.0, -8.5, -8.0, -7.5, -7.0, -6.5, -6.0, -5.5]
    y = [[2.0], [4.0], [10.0], [30.0], [62.0], [85.0], [95.0], [98.0]]
    doc = project(
        {
            "name": "Dose",
            "format": "xy",
            "x": x,
            "dataSets": [{"name": "R", "values": y}],
            "graph": {"variantId": "scatter"},
            "analyses": [
                {"id": "fit4", "method": "nonlinearRegression", "params": {"model": "logX"}}
            ],
        }
    )
    svg = svg_of(doc)
    assert svg.has("curve/fit/fit4/ds0")
    pts = svg.path_points("curve/fit/fit4/ds0")
    assert pts[0][1] > pts[-1][1]  # rising curve
    assert svg.has("band/confidence/fit4/ds0")


def test_area_fill_below_curve_and_colour() -> None:
    doc = xy_doc(
        "xy-area",
        n_sets=1,
        graph={
            "styleOverrides": {
                "global": {"areaFill": {"fillColor": {"hex": "#00ff00", "alpha": 0.5}}}
            }
        },
    )
    svg = svg_of(doc)
    st = svg.style("area/ds0")
    assert st["fill"] == "#00ff00" and float(st["fill-opacity"]) == 0.5


def test_area_error_band_replaces_bars() -> None:
    svg = svg_of(xy_doc("xy-area-error", reps=3))
    assert svg.has("band/error/ds0") and not svg.ids("errorbar/")


def test_leave_gap_at_symbols_puts_discs_between_line_and_symbols() -> None:
    svg = svg_of(
        xy_doc(
            "line",
            n_sets=1,
            graph={"styleOverrides": {"global": {"line": {"leaveGapAtSymbols": True}}}},
        )
    )
    assert list(svg.ids("gap/ds0/")) == [f"gap/ds0/p{r}" for r in range(4)]
    order = svg.ids()
    assert order.index("line/ds0") < order.index("gaps/ds0") < order.index("symbols/ds0")
    assert not svg_of(xy_doc("line", n_sets=1)).ids("gap/")


def test_direction_never_flips_xy() -> None:
    svg = svg_of(xy_doc("scatter", graph={"graphSettingsOverride": {"direction": "horizontal"}}))
    xs = [svg.point(f"symbol/ds0/p{r}")[0] for r in range(4)]
    assert xs == sorted(xs)


def test_point_labels_switch_and_style() -> None:
    doc = xy_doc(
        "scatter",
        n_sets=1,
        graph={
            "elementActivation": {"global": {"pointLabels": True}},
            "styleOverrides": {
                "global": {"pointLabel": {"color": {"hex": "#ff8800"}, "placement": "below"}}
            },
        },
    )
    svg = svg_of(doc)
    assert [svg.text(f"label/ds0/p{r}") for r in range(4)] == ["1", "2", "3", "4"]
    assert svg.style("label/ds0/p0", "text")["fill"] == "#ff8800"
    # below its point
    assert (
        float(next(svg["label/ds0/p0"].iter("{http://www.w3.org/2000/svg}text")).get("y", 0))
        > svg.point("symbol/ds0/p0")[1]
    )
    assert not svg_of(xy_doc("scatter")).ids("label/")


@pytest.mark.parametrize("preset", ["modern", "classic", "starry", "floral"])
def test_every_error_band_is_seen_against_the_plot(preset: str) -> None:
    """classic's first fill is white: a white error band on a white plot shows nothing."""
    from plotdoc.render.style.colors import contrast, hex_to_rgba
    from plotdoc.render.style.theme import make_theme

    from ..docs import with_graph

    doc = with_graph(xy_doc("xy-area-error", reps=3), activePresetId=preset)
    svg = svg_of(doc)
    background = make_theme(preset, True).plot_background
    for i in (0, 1):
        fill = svg.style(f"band/error/ds{i}")["fill"]
        assert contrast(hex_to_rgba(fill), background) >= 1.2, (preset, i, fill)


def _rgb(hex_color: str) -> tuple[float, float, float]:
    h = hex_color.lstrip("#")
    return (int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255)


def test_preset_area_fills_are_opaque_in_their_own_colour() -> None:
    """Each preset fill is drawn as 35 % of it over the background, without transparency, so
    overlapping areas keep their own colours (modern's fills #0072B2-like blue and orange)."""
    from plotdoc.contract.presets import PRESETS

    fills = PRESETS["modern"].colors.fills
    svg = svg_of(xy_doc("xy-area"))
    for i in (0, 1):
        st = svg.style(f"area/ds{i}")
        assert float(st.get("fill-opacity", "1")) == 1.0
        expected = [1.0 + (c - 1.0) * 0.35 for c in _rgb(fills[i])]  # over white
        assert _rgb(st["fill"]) == pytest.approx(expected, abs=1 / 255)


def test_faint_error_bands_take_their_data_sets_tint() -> None:
    """floral's pastel fills would vanish on its cream background: each band is a light tint
    of its own data set's colour (not one grey for all)."""
    svg = svg_of(xy_doc("xy-area-error", reps=3, graph={"activePresetId": "floral"}))
    first, second = (_rgb(svg.style(f"band/error/ds{i}")["fill"]) for i in (0, 1))
    assert first[0] > first[1]  # rose
    assert second[0] > second[2]  # orange
