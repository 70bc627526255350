"""Grouped and contingency graphs: every variant and mode, positions, order, overrides."""

from __future__ import annotations

import pytest

from plotdoc.contract.variants import VARIANTS

from ..docs import svg_of
from ..row_docs import GROUPED, contingency_doc, grouped_doc

GROUPED_VARIANTS = [v for v, spec in VARIANTS.items() if spec.family == "grouped"]
CASES = [(v, m) for v in GROUPED_VARIANTS for m in (VARIANTS[v].modes or (None,))]


def _x(box: tuple[float, float, float, float]) -> float:
    return (box[0] + box[2]) / 2


@pytest.mark.parametrize(("variant", "mode"), CASES)
def test_every_grouped_variant_and_mode_draws(variant: str, mode: str | None) -> None:
    svg = svg_of(grouped_doc(variant, options={"mode": mode} if mode else {}))
    ids = svg.ids()
    assert ids, variant
    if variant == "grouped-heat-map":
        assert len(svg.ids("cell/")) == 6
        return
    drawn = [i for i in ids if "/ds0/" in i or i.startswith("summary/row")]
    assert drawn, (variant, mode, ids)
    if mode and mode.endswith(("Sd", "Sem", "Ci95", "Range", "Iqr")) and "violin" not in variant:
        assert svg.ids("errorbar/ds1/"), (variant, mode)


def test_interleaved_bars_stand_side_by_side_in_each_row() -> None:
    svg = svg_of(grouped_doc("grouped-interleaved-bars", options={"mode": "mean"}))
    order = [_x(svg.bbox(f"bar/ds{i}/row{r}")) for r in range(3) for i in range(2)]
    assert order == sorted(order)
    heights = {(i, r): svg.bbox(f"bar/ds{i}/row{r}")[3] - svg.bbox(f"bar/ds{i}/row{r}")[1]
               for i in range(2) for r in range(3)}  # fmt: skip
    # means 2, 5, 8 and 3, 6, 9
    assert heights[(0, 1)] == pytest.approx(2.5 * heights[(0, 0)], rel=1e-3)
    assert heights[(1, 2)] == pytest.approx(3 * heights[(1, 0)], rel=1e-3)
    assert not svg.ids("errorbar/")


def test_separated_bars_keep_each_data_set_together_with_its_name() -> None:
    svg = svg_of(grouped_doc("grouped-separated-bars"))
    last_of_first = _x(svg.bbox("bar/ds0/row2"))
    assert all(_x(svg.bbox(f"bar/ds1/row{r}")) > last_of_first for r in range(3))
    assert svg.has("group/ds0")
    assert svg.has("group/ds1")
    assert svg.text("group/ds1") == "G1"


def test_stacked_bars_pile_up_in_data_set_order() -> None:
    svg = svg_of(grouped_doc("grouped-stacked-bars"))
    for r in range(3):
        low, high = svg.bbox(f"bar/ds0/row{r}"), svg.bbox(f"bar/ds1/row{r}")
        assert _x(low) == pytest.approx(_x(high))
        assert high[3] == pytest.approx(low[1], abs=0.01)  # ds1 starts where ds0 ends


@pytest.mark.parametrize(("align", "same"), [("aligned", True), ("staggered", False)])
def test_superimposed_symbols_share_one_x_unless_staggered(align: str, same: bool) -> None:
    svg = svg_of(grouped_doc("grouped-superimposed-symbols", options={"seriesAlign": align}))
    x0, x1 = svg.point("symbol/ds0/p1")[0], svg.point("symbol/ds1/p1")[0]
    assert (x0 == pytest.approx(x1)) is same


def test_scatter_draws_every_replicate_and_aligned_layout_stacks_them() -> None:
    svg = svg_of(grouped_doc("grouped-interleaved-scatter", options={"pointLayout": "aligned"}))
    assert len(svg.ids("symbol/ds0/")) == 9
    xs = {round(svg.point(f"symbol/ds0/p{k}")[0], 2) for k in (3, 4, 5)}  # row 1
    assert len(xs) == 1
    ties = [[[1.0, 2.0, 3.0], [5.0, 5.0, 5.0], [7.0, 8.0, 9.0]], GROUPED[1]]
    spread = svg_of(grouped_doc("grouped-interleaved-scatter", values=ties))
    xs = {round(spread.point(f"symbol/ds0/p{k}")[0], 2) for k in (3, 4, 5)}
    assert len(xs) == 3  # equal values are spread sideways


def test_grand_mean_is_one_line_per_row_at_the_pooled_mean() -> None:
    svg = svg_of(grouped_doc("grouped-superimposed-scatter", options={"mode": "grandMean"}))
    assert svg.ids("summary/") == ["summary/row0", "summary/row1", "summary/row2"]
    # row 0 pools 1..4 (mean 2.5): halfway between the symbols of values 2 and 3
    y_line = svg.bbox("summary/row0")[1]
    y2, y3 = svg.point("symbol/ds0/p1")[1], svg.point("symbol/ds0/p2")[1]
    assert y_line == pytest.approx((y2 + y3) / 2, abs=0.05)
    median = svg_of(grouped_doc("grouped-superimposed-scatter", options={"mode": "grandMedian"}))
    assert median.ids("summary/") == ["summary/row0", "summary/row1", "summary/row2"]


def test_aligned_mode_puts_replicates_on_the_centre_line_with_a_line_per_data_set() -> None:
    svg = svg_of(grouped_doc("grouped-superimposed-scatter", options={"mode": "aligned"}))
    xs = {round(svg.point(f"symbol/ds{i}/p{k}")[0], 2) for i in range(2) for k in range(3)}
    assert len(xs) == 1
    assert svg.has("summary/ds0/row0")
    assert svg.has("summary/ds1/row0")


def test_repeated_measures_join_subjects() -> None:
    across = svg_of(grouped_doc("grouped-rm-across-row"))
    assert across.ids("subject/ds0/") == ["subject/ds0/r0", "subject/ds0/r1", "subject/ds0/r2"]
    pts = across.path_points("subject/ds0/r0")
    assert len(pts) == 3
    assert [p[0] for p in pts] == sorted(p[0] for p in pts)
    within = svg_of(grouped_doc("grouped-rm-in-subcol"))
    assert within.has("subject/ds1/row2")
    arrows = svg_of(grouped_doc("grouped-rm-across-row", options={"mode": "arrows"}))
    assert arrows.has("arrow/ds0/r0/row1")
    assert not arrows.ids("symbol/")


def test_box_violin_and_low_high_marks() -> None:
    values = [[[1.0, 2.0, 3.0, 4.0, 5.0, 40.0]] * 2, [[2.0, 3.0, 4.0, 5.0, 6.0, 7.0]] * 2]
    box = svg_of(grouped_doc("grouped-interleaved-box", options={"mode": "tukey"}, values=values))
    for sid in ("box/ds0/row0", "whisker/ds0/row0", "median/ds0/row0", "outlier/ds0/p5"):
        assert box.has(sid), sid
    assert not box.has("outlier/ds1/p5")
    violin = svg_of(grouped_doc("grouped-interleaved-violin", values=values))
    assert violin.has("violin/ds0/row0")
    assert violin.has("quartile/ds0/row0/q1")
    only = svg_of(
        grouped_doc("grouped-interleaved-violin", values=values, options={"mode": "violinOnly"})
    )
    assert not only.ids("quartile/")
    full = svg_of(
        grouped_doc(
            "grouped-interleaved-violin", values=values, options={"showTruncatedViolin": False}
        )
    )
    cut, whole = violin.bbox("violin/ds1/row0"), full.bbox("violin/ds1/row0")
    assert whole[3] - whole[1] > cut[3] - cut[1]
    lh = svg_of(grouped_doc("grouped-interleaved-low-high"))
    b = lh.bbox("bar/ds0/row0")  # 1 .. 3
    b2 = lh.bbox("bar/ds0/row1")  # 4 .. 6
    assert b[3] - b[1] == pytest.approx(b2[3] - b2[1], rel=1e-3)


def test_flip_lays_bars_horizontally() -> None:
    svg = svg_of(grouped_doc("grouped-interleaved-bars", options={"flipXY": True, "mode": "mean"}))
    x0, y0, x1, y1 = svg.bbox("bar/ds0/row2")
    assert x1 - x0 > y1 - y0
    # the first row is on top
    assert svg.bbox("bar/ds0/row0")[1] < svg.bbox("bar/ds0/row1")[1]


def test_style_override_visibility_and_preset() -> None:
    graph = {
        "styleOverrides": {"perDataSet": {"G1": {"bar": {"fill": {"hex": "#ff0000"}}}}},
        "dataSetVisibility": {"0": False},
    }
    svg = svg_of(grouped_doc("grouped-interleaved-bars", graph=graph))
    assert not svg.ids("bar/ds0/")
    assert svg.style("bar/ds1/row0")["fill"] == "#ff0000"
    classic = svg_of(grouped_doc("grouped-interleaved-bars", graph={"activePresetId": "classic"}))
    assert classic.style("bar/ds0/row0")["fill"] == "#ffffff"
    assert classic.style("bar/ds1/row0")["fill"] == "#808080"


def test_missing_cells_draw_nothing() -> None:
    values = [row[:] for row in GROUPED]
    values[0] = [[None, None, None], *values[0][1:]]
    svg = svg_of(grouped_doc("grouped-interleaved-bars", values=values))
    assert not svg.has("bar/ds0/row0")
    assert svg.has("bar/ds0/row1")


@pytest.mark.parametrize(
    "variant",
    ["contingency-interleaved-bar", "contingency-separated-bar", "contingency-stacked-bar"],
)
@pytest.mark.parametrize("flip", [False, True])
def test_contingency_bars_are_the_counts(variant: str, flip: bool) -> None:
    svg = svg_of(contingency_doc(variant, flip=flip))
    assert svg.ids("bar/") == ["bar/ds0/row0", "bar/ds0/row1", "bar/ds1/row0", "bar/ds1/row1"]
    assert not svg.ids("errorbar/")

    def length(sid: str) -> float:
        x0, y0, x1, y1 = svg.bbox(sid)
        return x1 - x0 if flip else y1 - y0

    assert length("bar/ds0/row1") == pytest.approx(3 * length("bar/ds0/row0"), rel=1e-3)
    assert length("bar/ds1/row0") == pytest.approx(2 * length("bar/ds0/row0"), rel=1e-3)


def test_element_switches_turn_marks_off() -> None:
    graph = {
        "elementActivation": {
            "global": {"summaryLine": False},
            "perDataSet": {"1": {"errorBars": False, "symbols": False}},
        }
    }
    svg = svg_of(
        grouped_doc("grouped-interleaved-scatter", options={"mode": "meanWithSd"}, graph=graph)
    )
    assert not svg.ids("summary/")
    assert svg.ids("errorbar/ds0/")
    assert not svg.ids("errorbar/ds1/")
    assert svg.ids("symbol/ds0/")
    assert not svg.ids("symbol/ds1/")


def test_median_on_a_dark_box_turns_light_unless_coloured_by_the_user() -> None:
    classic = {"activePresetId": "classic"}  # third fill is black, the median black too
    values = [GROUPED[0], GROUPED[1], GROUPED[1]]
    svg = svg_of(grouped_doc("grouped-interleaved-box", values=values, graph=classic))
    assert svg.style("median/ds2/row0")["stroke"] == "#ffffff"
    red = {**classic, "styleOverrides": {"global": {"median": {"color": {"hex": "#000000"}}}}}
    given = svg_of(grouped_doc("grouped-interleaved-box", values=values, graph=red))
    assert given.style("median/ds2/row0")["stroke"] == "#000000"


@pytest.mark.parametrize("variant", [v for v in GROUPED_VARIANTS if v != "grouped-heat-map"])
def test_a_bracket_snaps_to_the_marks_of_every_grouped_variant(variant: str) -> None:
    annotations = [
        {
            "type": "bracket",
            "left": {"kind": "group", "groupIndex": 0},
            "right": {"kind": "group", "groupIndex": 1},
            "text": "*",
        }
    ]
    doc = grouped_doc(variant)
    doc["tables"][0]["annotations"] = annotations
    svg = svg_of(doc)
    assert svg.ids("bracket/"), svg.ids()


@pytest.mark.parametrize("variant", ["grouped-interleaved-bars", "grouped-separated-bars"])
def test_a_bracket_group_is_a_data_set_in_every_row(variant: str) -> None:
    """Contract 2.10: a bracket's group n is the n-th plotted data set, in every family. A
    grouped graph draws a data set in every row: its end stands at the middle of them."""
    doc = grouped_doc(variant)
    doc["tables"][0]["annotations"] = [
        {
            "type": "bracket",
            "left": {"kind": "group", "groupIndex": 0},
            "right": {"kind": "group", "groupIndex": 1},
            "text": "*",
        }
    ]
    svg = svg_of(doc)
    (bid,) = svg.ids("bracket/")
    x0, _, x1, _ = svg.bbox(bid)
    for x, d in ((x0, 0), (x1, 1)):
        centres = [_x(svg.bbox(b)) for b in svg.ids(f"bar/ds{d}/")]
        assert len(centres) > 1
        assert x == pytest.approx(sum(centres) / len(centres), abs=1.0)
