"""The grouped heat map: cells, order, colour scale options, borders, missing cells, labels."""

from __future__ import annotations

import matplotlib as mpl
import pytest
from matplotlib.colors import to_hex

from ..docs import svg_of
from ..row_docs import by_gid, figure_of, grouped_doc

# rows r0..r2 by data sets c0, c1; cell means 1..6; r1/c1 missing
VALUES = [
    [[0.5, 1.5], [2.0, 2.0], [5.0, 5.0]],
    [[3.0, 5.0], [None, None], [6.0, 6.0]],
]


def heat(options: dict[str, object] | None = None, **graph: object) -> object:
    return svg_of(
        grouped_doc(
            "grouped-heat-map",
            values=VALUES,
            options={"heatMap": options or {}},
            graph=dict(graph),
        )
    )


def fill(svg: object, sid: str) -> str:
    # matplotlib leaves black, the SVG default, unwritten
    return svg.style(sid).get("fill", "#000000")  # type: ignore[attr-defined, no-any-return]


def test_one_cell_per_row_and_data_set_with_row_0_on_top() -> None:
    svg = heat()
    assert sorted(svg.ids("cell/")) == sorted(
        f"cell/r{r}/c{c}" for r in range(3) for c in range(2) if (r, c) != (1, 1)
    )
    assert svg.bbox("cell/r0/c0")[1] < svg.bbox("cell/r2/c0")[1]
    assert svg.bbox("cell/r0/c0")[0] < svg.bbox("cell/r0/c1")[0]
    assert svg.has("missing/r1/c1")
    assert svg.has("colorbar")


def test_flip_puts_rows_along_x() -> None:
    svg = heat(None, plot={"family": "grouped", "options": {"flipXY": True}})
    assert svg.bbox("cell/r0/c0")[0] < svg.bbox("cell/r2/c0")[0]
    assert svg.bbox("cell/r0/c0")[1] < svg.bbox("cell/r0/c1")[1]


def test_sequential_scale_spans_the_data() -> None:
    svg = heat({"colormap": "sequential"})
    viridis = mpl.colormaps["viridis"]
    assert fill(svg, "cell/r0/c0") == to_hex(viridis(0.0))  # mean 1, the minimum
    assert fill(svg, "cell/r2/c1") == to_hex(viridis(1.0))  # mean 6, the maximum


def test_reverse_and_grayscale() -> None:
    svg = heat({"colormap": "grayscale"})
    assert fill(svg, "cell/r0/c0") == "#ffffff"
    assert fill(svg, "cell/r2/c1") == "#000000"
    rev = heat({"colormap": "grayscale", "reverse": True})
    assert fill(rev, "cell/r0/c0") == "#000000"


def test_domain_clips_and_diverging_centre() -> None:
    svg = heat({"colormap": "sequential", "domainMin": 0, "domainMax": 4})
    top = to_hex(mpl.colormaps["viridis"](1.0))
    assert fill(svg, "cell/r2/c0") == top  # 5 is beyond 4
    assert fill(svg, "cell/r2/c1") == top
    div = heat({"colormap": "diverging", "domainMin": -6, "domainMax": 6})
    assert fill(div, "cell/r2/c1") == to_hex(mpl.colormaps["RdBu_r"](1.0))


def test_median_aggregation_differs_from_mean_for_skewed_cells() -> None:
    skew = [[[1.0, 1.0, 10.0], [2.0, 2.0, 2.0]], [[3.0, 3.0, 3.0], [4.0, 4.0, 4.0]]]
    mean = svg_of(
        grouped_doc("grouped-heat-map", values=skew, options={"heatMap": {"aggregation": "mean"}})
    )
    median = svg_of(
        grouped_doc("grouped-heat-map", values=skew, options={"heatMap": {"aggregation": "median"}})
    )
    assert mean.text("value/r0/c0") == "4"
    assert median.text("value/r0/c0") == "1"


def test_cell_borders_and_missing_mark_styles() -> None:
    graph = {
        "styleOverrides": {
            "global": {
                "heatCell": {
                    "borderColor": {"hex": "#00ff00"},
                    "borderWidth": 2,
                    "missingMark": "none",
                }
            }
        }
    }
    svg = heat(None, **graph)
    style = svg.style("cell/r0/c0")
    assert style["stroke"] == "#00ff00"
    assert float(style["stroke-width"]) == pytest.approx(2.0)
    assert not svg.ids("missing/")


def test_value_labels_auto_contrast_and_overrides() -> None:
    svg = heat({"colormap": "grayscale"})
    assert svg.text("value/r0/c0") == "1"
    dark = svg["value/r2/c1"]  # black cell: white text
    assert "#ffffff" in "".join(el.get("style", "") for el in dark.iter())
    light = svg["value/r0/c0"]  # white cell: black text (the SVG default, unwritten)
    assert "fill" not in "".join(el.get("style", "") for el in light.iter())
    graph = {
        "styleOverrides": {
            "global": {
                "cellValueLabel": {
                    "autoContrast": False,
                    "color": {"hex": "#ff00ff"},
                    "decimals": 2,
                }
            }
        }
    }
    fixed = heat({"colormap": "grayscale"}, **graph)
    assert fixed.text("value/r0/c0") == "1.00"
    assert "#ff00ff" in "".join(el.get("style", "") for el in fixed["value/r2/c1"].iter())


def test_switches_hide_labels_and_scale_bar() -> None:
    graph = {
        "elementActivation": {"global": {"valueLabels": False}, "graph": {"colorScaleBar": False}}
    }
    svg = heat(None, **graph)
    assert not svg.ids("value/")
    assert not svg.has("colorbar")


def test_big_grids_label_every_row_and_drop_borders() -> None:
    values = [[[float(r * c)] for r in range(60)] for c in range(50)]
    rows = [f"row{r}" for r in range(60)]
    svg = svg_of(grouped_doc("grouped-heat-map", values=values, rows=rows))
    assert len(svg.ids("cell/")) == 3000
    assert not svg.ids("value/")  # too many cells for value labels
    text = svg.data.decode()
    shown = [r for r in rows if f">{r}<" in text]
    assert len(shown) == 60  # the plot area grows for its labels
    assert "stroke-width" not in svg["cell/r0/c0"].find(".//{http://www.w3.org/2000/svg}path").get(
        "style", ""
    )


def test_color_scale_bar_options() -> None:
    graph = {
        "styleOverrides": {
            "global": {"colorScaleBar": {"tickCount": 3, "lengthRatio": 0.5, "widthPt": 20}}
        }
    }
    fig = figure_of(grouped_doc("grouped-heat-map", values=VALUES, graph=graph))
    cax = by_gid(fig, "colorbar")
    ax = fig.axes[0]
    assert cax.get_position().height == pytest.approx(0.5 * ax.get_position().height, rel=0.02)
    width_pt = cax.get_position().width * fig.get_figwidth() * 72
    assert width_pt == pytest.approx(20.0, rel=0.02)
    assert 2 <= len(cax.get_yticks()) <= 3


@pytest.mark.parametrize("origin", ["automatic", "lowerRight", "upperRight"])
def test_the_colour_bar_stands_clear_of_labels_and_a_title_on_the_right(origin: str) -> None:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    doc = grouped_doc(
        "grouped-heat-map",
        values=VALUES,
        rows=["A long row label", "r1", "r2"],
        graph={"axesOverrides": {"frameAndOrigin": {"originMode": origin}}},
    )
    doc["tables"][0]["titles"] = {"y": {"text": "Genes"}}  # type: ignore[index]
    fig = figure_of(doc)
    renderer = FigureCanvasAgg(fig).get_renderer()
    fig.draw(renderer)
    bar = by_gid(fig, "colorbar").get_window_extent(renderer)
    rows = by_gid(fig, "labels/row").get_window_extent(renderer)
    title = fig.axes[0].yaxis.label.get_window_extent(renderer)
    plot = fig.axes[0].get_window_extent(renderer)
    assert bar.x0 >= plot.x1 + 11
    for other in (rows, title):
        assert not bar.overlaps(other)
    right = origin != "automatic"
    # (the labels' extent starts with their tick marks, on the axis line)
    assert (rows.x0 >= plot.x1 - 3) == right and (title.x0 >= plot.x1) == right
