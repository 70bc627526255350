"""Multiple-variables graphs: bubble, scatter, volcano (labels never overlap), forest."""

from __future__ import annotations

import itertools
import struct

import numpy as np
import pytest
from matplotlib.colors import to_hex

from plotdoc.render.guides.point_labels import PointLabels
from plotdoc.render.guides.repel import overlaps

from ..docs import render, svg_of
from ..row_docs import by_gid, figure_of, mv_doc


def _bubble(**kw: object) -> dict[str, object]:
    sets = [
        ("x", [1.0, 2.0, 3.0, 4.0]),
        ("y", [1.0, 3.0, 2.0, 4.0]),
        ("size", [1.0, 4.0, None, 16.0]),
        ("group", ["a", "b", "a", "c"]),
        ("name", ["p", "q", "r", "s"]),
    ]
    return mv_doc(
        "mv-bubble", "bubble", {"x": 0, "y": 1, "size": 2, "color": 3, "label": 4}, sets, **kw
    )  # type: ignore[arg-type]


def test_bubbles_area_follows_size_largest_first() -> None:
    fig = figure_of(_bubble(options={"maxBubbleSize": 40}))
    art = by_gid(fig, "bubbles")
    assert art.ids == ["bubble/p3", "bubble/p1", "bubble/p0"]  # the missing size draws nothing
    assert art.sizes[0] == pytest.approx(40.0)
    assert art.sizes[1] == pytest.approx(20.0)  # a quarter of the area: half the diameter
    assert art.sizes[2] == pytest.approx(10.0)
    # category colours: a and b differ
    faces = dict(zip(art.ids, art.faces, strict=True))
    assert faces["bubble/p0"][:3] != faces["bubble/p1"][:3]


def test_bubble_legend_and_labels() -> None:
    svg = svg_of(_bubble())
    legend = svg.text("legend")
    for word in ("group", "a", "b", "c", "size"):
        assert word in legend
    assert svg.has("label/p3")
    assert not svg.has("label/p2")


def test_scatter_colour_shape_and_continuous_colour_bar() -> None:
    sets = [
        ("x", [1.0, 2.0, 3.0, 4.0]),
        ("y", [2.0, 1.0, 4.0, 3.0]),
        ("kind", ["u", "v", "u", "v"]),
        ("site", [1, 2, 2, 1]),
        ("z", [0.1, 0.5, 0.9, 0.3]),
    ]
    doc = mv_doc(
        "mv-scatter",
        "scatter",
        {"x": 0, "y": 1, "color": 2, "shape": 3},
        sets,
        variableTypes={"site": "categorical"},
    )
    fig = figure_of(doc)
    art = by_gid(fig, "symbols")
    assert list(art.ids) == ["symbol/p0", "symbol/p1", "symbol/p2", "symbol/p3"]
    assert art.edges[0] == art.edges[2] != art.edges[1]
    assert art.shapes[0] == art.shapes[3] != art.shapes[1]
    svg = svg_of(doc)
    assert not svg.has("colorbar")
    cont = svg_of(mv_doc("mv-scatter", "scatter", {"x": 0, "y": 1, "color": 4}, sets))
    assert cont.has("colorbar")


def _volcano(
    n: int = 200, max_labels: int = 15, neg: bool = False, **kw: object
) -> dict[str, object]:
    rng = np.random.default_rng(1)
    fc = rng.normal(0, 1.5, n)
    p = np.clip(np.exp(-np.abs(fc) * 3 + rng.normal(0, 0.5, n)), 1e-9, 1)
    y = -np.log10(p) if neg else p
    sets = [
        ("fc", [round(float(v), 4) for v in fc]),
        ("p", [float(f"{v:.4g}") for v in y]),
        ("gene", [f"GENE{i}" for i in range(n)]),
    ]
    options = {"volcano": {"maxLabels": max_labels, "yIsNegLog10": neg, "log2FcCutoff": 1.0}}
    return mv_doc(
        "mv-volcano", "volcano", {"x": 0, "y": 1, "label": 2}, sets, options=options, **kw
    )  # type: ignore[arg-type]


def test_volcano_labels_never_overlap_and_stay_in_the_plot() -> None:
    fig = figure_of(_volcano(max_labels=25))
    labels = by_gid(fig, "labels")
    assert isinstance(labels, PointLabels)
    boxes = list(labels.boxes.values())
    assert 5 <= len(boxes) <= 25
    for a, b in itertools.combinations(boxes, 2):
        assert not overlaps(a, b)
    x0, y0, x1, y1 = labels.bounds
    for b in boxes:
        assert x0 - 0.5 <= b[0]
        assert b[2] <= x1 + 0.5
        assert y0 - 0.5 <= b[1]
        assert b[3] <= y1 + 0.5


def test_volcano_groups_cutoffs_styles_and_legend() -> None:
    graph = {
        "styleOverrides": {"perDataSet": {"volcano:up": {"symbol": {"color": {"hex": "#00aa00"}}}}},
        "legend": {
            "itemOverrides": {"volcano:ns": {"hidden": True}, "volcano:down": {"text": "Lower"}}
        },
    }
    fig = figure_of(_volcano(graph=graph))
    up = by_gid(fig, "points/volcano:up")
    assert up.faces[0][:3] == pytest.approx((0.0, 2 / 3, 0.0), abs=0.01)
    down = by_gid(fig, "points/volcano:down")
    ns = by_gid(fig, "points/volcano:ns")
    assert len(up) and len(down) and len(ns)
    assert down.faces[0][:3] != ns.faces[0][:3]
    svg = svg_of(_volcano(graph=graph))
    for sid in ("cutoff/fc-", "cutoff/fc+", "cutoff/p"):
        assert svg.has(sid)
    legend = svg.text("legend")
    assert "Lower" in legend
    assert "Not significant" not in legend


def test_volcano_with_y_already_neg_log10_matches_raw_p() -> None:
    raw = by_gid(figure_of(_volcano()), "points/volcano:up")
    neg = by_gid(figure_of(_volcano(neg=True)), "points/volcano:up")
    assert raw.ids == neg.ids
    assert raw.xy[:, 1] == pytest.approx(neg.xy[:, 1], rel=1e-3)


def test_volcano_max_labels_zero_draws_none() -> None:
    svg = svg_of(_volcano(max_labels=0))
    assert not svg.ids("label/")


def test_forest_rows_intervals_labels_and_reference() -> None:
    sets = [
        ("or", [0.8, 1.3, 0.6]),
        ("lo", [0.6, 1.1, 0.3]),
        ("hi", [1.0, 1.6, 0.9]),
        ("study", ["A", "B", "C"]),
    ]
    doc = mv_doc(
        "mv-forest",
        "forest",
        {"x": 0, "lower": 1, "upper": 2, "label": 3},
        sets,
        options={"forest": {"referenceValue": 1.0}},
    )
    svg = svg_of(doc)
    assert svg.ids("interval/") == ["interval/p0", "interval/p1", "interval/p2"]
    ys = [svg.point(f"symbol/p{r}")[1] for r in range(3)]
    assert ys == sorted(ys)  # first row on top
    assert [svg.text(f"label/p{r}") for r in range(3)] == ["A", "B", "C"]
    ref_x = svg.bbox("refline")[0]
    assert svg.point("symbol/p0")[0] < ref_x < svg.point("symbol/p1")[0]
    a = svg.bbox("interval/p1")
    assert a[0] > ref_x  # 1.1 .. 1.6 lies right of 1.0


@pytest.mark.parametrize(
    ("preset", "up"), [("modern", "#D55E00"), ("starry", "#FF9F68"), ("classic", "#000000")]
)
def test_volcano_groups_follow_the_preset(preset: str, up: str) -> None:
    fig = figure_of(_volcano(graph={"activePresetId": preset}))
    face = by_gid(fig, "points/volcano:up").faces[0]
    assert to_hex(face[:3]).upper() == up


def test_classic_volcano_tells_up_and_down_apart_by_shape() -> None:
    fig = figure_of(_volcano(graph={"activePresetId": "classic"}))
    assert by_gid(fig, "points/volcano:up").shapes[0] == "triangleUp"
    assert by_gid(fig, "points/volcano:down").shapes[0] == "triangleDown"
    modern = figure_of(_volcano())
    assert by_gid(modern, "points/volcano:up").shapes[0] == "circle"


def test_scatter_labels_every_labelled_row_without_overlap() -> None:
    sets = [
        ("x", [1.0, 1.05, 1.1, 3.0, None]),
        ("y", [1.0, 1.02, 0.98, 2.0, 1.0]),
        ("name", ["alpha", "beta", "gamma", "delta", "eps"]),
    ]
    fig = figure_of(mv_doc("mv-scatter", "scatter", {"x": 0, "y": 1, "label": 2}, sets))
    labels = by_gid(fig, "labels")
    assert set(labels.boxes) <= {"label/p0", "label/p1", "label/p2", "label/p3"}
    assert "label/p3" in labels.boxes
    for a, b in itertools.combinations(labels.boxes.values(), 2):
        assert not overlaps(a, b)


@pytest.mark.parametrize(
    "axes",
    [
        {"leftY": {"scale": "log10"}},
        {"leftY": {"scale": "log10", "rangeMin": 0.1, "rangeMax": 1e6}},
        {"xContinuous": {"scale": "log10"}, "leftY": {"rangeMin": -5, "rangeMax": 5}},
    ],
)
def test_forest_value_axis_settings_keep_the_rows_and_the_image_size(
    axes: dict[str, object],
) -> None:
    sets = [
        ("or", [0.8, 1.3, 0.6, 2.5]),
        ("lo", [0.6, 1.1, 0.3, 1.2]),
        ("hi", [1.0, 1.6, 0.9, 5.0]),
        ("study", ["A", "B", "C", "D"]),
    ]
    mapping: dict[str, int | None] = {"x": 0, "lower": 1, "upper": 2, "label": 3}
    plain = mv_doc("mv-forest", "forest", mapping, sets)
    doc = mv_doc("mv-forest", "forest", mapping, sets, graph={"axesOverrides": axes})
    # the geometry asked for, whatever the axes (tick labels may differ by a few pixels)
    for got, asked in zip(png_size(doc), png_size(plain), strict=True):
        assert abs(got - asked) <= 0.1 * asked
    svg = svg_of(doc)
    ys = [svg.point(f"symbol/p{r}")[1] for r in range(4)]
    steps = np.diff(ys)
    assert steps.min() > 10 and steps.max() - steps.min() < 0.01  # rows evenly spaced
    # the log value axis puts 1 halfway between 0.5 and 2 (estimates on a ratio scale)
    if axes.get("leftY", {}).get("scale") == "log10":  # type: ignore[union-attr]
        x1 = svg.point("symbol/p1")[0]  # 1.3
        x3 = svg.point("symbol/p3")[0]  # 2.5
        x2 = svg.point("symbol/p2")[0]  # 0.6
        assert (x3 - x1) / (x1 - x2) == pytest.approx(
            np.log(2.5 / 1.3) / np.log(1.3 / 0.6), rel=1e-3
        )


def png_size(doc: dict[str, object]) -> tuple[int, int]:
    data = render(doc, "png")
    return struct.unpack(">II", data[16:24])


def test_point_labels_draw_runs_without_a_unicode_form_raised() -> None:
    """``x^{q}`` has no Unicode superscript q: the label is drawn run by run (as titles and
    annotations are), never with its braces or as a plain 'xq'."""
    sets = [
        ("x", [1.0, 2.0, 3.0]),
        ("y", [1.0, 3.0, 2.0]),
        ("name", ["IL^{q} high", "CO_{2}", "plain"]),
    ]
    svg = svg_of(mv_doc("mv-scatter", "scatter", {"x": 0, "y": 1, "label": 2}, sets))  # type: ignore[arg-type]
    texts = [
        "".join(t.itertext()) for t in svg["label/p0"].iter("{http://www.w3.org/2000/svg}text")
    ]
    assert "q" in texts and len(texts) >= 2, texts
    assert svg.text("label/p1") == "CO\u2082"  # a Unicode form stays one text
    whole = svg.data.decode()
    assert "^{" not in whole and "_{" not in whole
