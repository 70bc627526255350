"""Parts of a whole: pie, donut, slices, dot plot and their options."""

from __future__ import annotations

import pytest

from ..docs import svg_of
from ..row_docs import by_gid, figure_of, parts_doc


def words(svg: object, sid: str) -> list[str]:
    return svg.text(sid).split()  # type: ignore[attr-defined, no-any-return]


def _cx(box: tuple[float, float, float, float]) -> float:
    return (box[0] + box[2]) / 2


def _cy(box: tuple[float, float, float, float]) -> float:
    return (box[1] + box[3]) / 2


def test_pie_slices_run_clockwise_from_the_top_and_skip_empty_parts() -> None:
    svg = svg_of(parts_doc("parts-pie"))
    assert svg.ids("slice/") == ["slice/row0", "slice/row1", "slice/row3"]
    assert svg.ids("label/") == ["label/row0", "label/row1", "label/row3"]
    # row 0 is half the pie: the right half
    outline = svg.bbox("border/outer")
    half = svg.bbox("slice/row0")
    assert half[0] == pytest.approx(_cx(outline), abs=0.5)
    assert words(svg, "label/row0") == ["a", "50%"]
    rev = svg_of(parts_doc("parts-pie", options={"reverseOrder": True}))
    # reversed: d (20 %) comes first, on the upper right
    first = rev.bbox("slice/row3")
    assert _cx(first) > _cx(outline)
    assert _cy(first) < _cy(outline)


def test_data_set_index_picks_the_data_set() -> None:
    svg = svg_of(parts_doc("parts-pie", options={"dataSetIndex": 1}))
    assert svg.ids("slice/") == ["slice/row0", "slice/row1", "slice/row2", "slice/row3"]
    assert words(svg, "label/row3") == ["d", "70%"]


def test_graphic_size_sets_the_pie_diameter() -> None:
    small = svg_of(parts_doc("parts-pie", options={"graphicSizePt": 150}))
    big = svg_of(parts_doc("parts-pie", options={"graphicSizePt": 300}))
    ds = small.bbox("border/outer")[2] - small.bbox("border/outer")[0]
    db = big.bbox("border/outer")[2] - big.bbox("border/outer")[0]
    assert db > 1.8 * ds


def test_donut_hole_and_total() -> None:
    svg = svg_of(parts_doc("parts-donut", options={"donutHoleRatio": 0.6}))
    assert words(svg, "total") == ["Total", "100"]
    custom = svg_of(
        parts_doc(
            "parts-donut",
            options={"totalPrefix": "n = ", "totalSuffix": " ha", "totalFontSize": 20},
        )
    )
    assert custom.text("total") == "n = 100 ha"
    assert "20px" in custom["total"].find(".//{http://www.w3.org/2000/svg}text").get("style")
    none = svg_of(parts_doc("parts-donut", options={"showTotal": False}))
    assert not none.has("total")


def test_borders_show_colour_and_thickness() -> None:
    graph = {
        "partsOfWholeBorders": {
            "outer": {"show": False},
            "inner": {"color": {"hex": "#ff0000"}, "thickness": 3},
        }
    }
    svg = svg_of(parts_doc("parts-pie", graph=graph))
    assert not svg.has("border/outer")
    style = svg.style("slice/row0")
    assert style["stroke"] == "#ff0000"
    assert float(style["stroke-width"]) == pytest.approx(3.0)


def test_per_part_fill_override() -> None:
    graph = {"styleOverrides": {"perPoint": {"V": {"1": {"bar": {"fill": {"hex": "#123456"}}}}}}}
    svg = svg_of(parts_doc("parts-slices", graph=graph))
    assert svg.style("slice/row1")["fill"] == "#123456"


@pytest.mark.parametrize("orientation", ["horizontal", "vertical"])
def test_slices_divide_one_bar_in_proportion(orientation: str) -> None:
    svg = svg_of(parts_doc("parts-slices", options={"orientation": orientation}))
    boxes = [svg.bbox(f"slice/row{r}") for r in (0, 1, 3)]
    if orientation == "horizontal":
        sizes = [b[2] - b[0] for b in boxes]
        starts = [b[0] for b in boxes]
        assert starts == sorted(starts)
    else:
        sizes = [b[3] - b[1] for b in boxes]
        starts = [b[3] for b in boxes]
        assert starts == sorted(starts, reverse=True)  # bottom to top
    assert sizes[0] == pytest.approx(2.5 * sizes[2], rel=1e-3)
    assert sizes[1] == pytest.approx(1.5 * sizes[2], rel=1e-3)


@pytest.mark.parametrize("orientation", ["horizontal", "vertical"])
def test_dot_plot_one_dot_per_part_in_order(orientation: str) -> None:
    svg = svg_of(parts_doc("parts-dot-plot", options={"orientation": orientation}))
    pts = [svg.point(f"symbol/ds0/p{r}") for r in (0, 1, 3)]
    if orientation == "horizontal":
        ys = [p[1] for p in pts]
        assert ys == sorted(ys)  # first part on top
        assert pts[0][0] > pts[1][0] > pts[2][0]  # 50 > 30 > 20 along X
    else:
        xs = [p[0] for p in pts]
        assert xs == sorted(xs)
    rev = svg_of(
        parts_doc("parts-dot-plot", options={"orientation": orientation, "reverseOrder": True})
    )
    first, last = rev.point("symbol/ds0/p3"), rev.point("symbol/ds0/p0")
    assert (first[1] < last[1]) if orientation == "horizontal" else (first[0] < last[0])


def test_presets_colour_the_parts() -> None:
    modern = svg_of(parts_doc("parts-slices"))
    floral = svg_of(parts_doc("parts-slices", graph={"activePresetId": "floral"}))
    assert modern.style("slice/row0")["fill"].lower() == "#0072b2"
    assert floral.style("slice/row0")["fill"].lower() == "#f4a6c6"
    starry = svg_of(parts_doc("parts-pie", graph={"activePresetId": "starry"}))
    assert starry.style("border/outer")["stroke"].lower() == "#e8ecf8"  # light outline on dark


def test_donut_hole_ratio_sets_the_ring_width() -> None:
    fig = figure_of(parts_doc("parts-donut", options={"donutHoleRatio": 0.3}))
    assert by_gid(fig, "slice/row0").width == pytest.approx(0.7)
    pie = figure_of(parts_doc("parts-pie"))
    assert by_gid(pie, "slice/row0").width is None


@pytest.mark.parametrize("orientation", ["horizontal", "vertical"])
def test_dot_plot_keeps_half_a_slot_at_both_ends_of_its_category_axis(orientation: str) -> None:
    from ..row_docs import figure_of, parts_doc

    fig = figure_of(parts_doc("parts-dot-plot", options={"orientation": orientation}))
    ax = fig.axes[0]
    horizontal = orientation == "horizontal"
    lo, hi = sorted(ax.get_ylim() if horizontal else ax.get_xlim())
    ticks = sorted(ax.get_yticks() if horizontal else ax.get_xticks())
    # the last part's dot no longer sits on the value axis line
    assert ticks[0] - lo == pytest.approx(hi - ticks[-1])
    assert ticks[0] - lo >= 0.5


def _luminance(hex_color: str) -> float:
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    h = hex_color.lstrip("#")
    r, g, b = (lin(int(h[k : k + 2], 16) / 255) for k in (0, 2, 4))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@pytest.mark.parametrize(
    ("preset", "background"),
    [("modern", "#ffffff"), ("classic", "#ffffff"), ("floral", "#fffdf8"), ("starry", "#0b1026")],
)
def test_dot_plot_leaders_stand_out_from_the_background(preset: str, background: str) -> None:
    """The dotted leaders are thin and broken: they need a WCAG contrast of at least 2 to read
    (the grid colour they used gave 1.2 to 1.4)."""
    svg = svg_of(parts_doc("parts-dot-plot", graph={"activePresetId": preset}))
    stroke = svg.style("guide/row0")["stroke"]
    hi, lo = sorted((_luminance(stroke), _luminance(background)), reverse=True)
    assert (hi + 0.05) / (lo + 0.05) >= 2.0
