"""Hit regions of the graph on screen: named as the renderer names what it draws, lying where
the picture shows it, mapped back to the graph's coordinates, capped for large tables."""

from __future__ import annotations

import io
import re

import numpy as np
import pytest

from plotdoc.editing import add_annotation, set_field
from plotdoc.editor.hits import drawn_elements, payload, screen
from plotdoc.editor.targets import Target, axis_bucket, target_of
from plotdoc.model import Project
from plotdoc.publish.examples import example_bytes
from plotdoc.render import render_table
from plotdoc.render.hits import MAX_MEMBER_REGIONS


@pytest.fixture
def project() -> Project:
    from plotdoc import loads

    return loads(example_bytes("complete"))


def pixels(png: bytes) -> np.ndarray:
    from PIL import Image

    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)


@pytest.mark.parametrize(
    "table_id", ["calibration", "weights", "weights-histogram", "table-1", "table-3"]
)
def test_every_region_is_an_element_the_renderer_names(project: Project, table_id: str) -> None:
    table = project.table(table_id)
    svg = render_table(project, table, fmt="svg").decode()
    svg_ids = set(re.findall(r'id="([^"]+)"', svg))
    shown = screen(project, table_id)
    assert shown.regions
    for region in shown.regions:
        assert region.id in svg_ids, region.id


def test_a_symbol_lies_inside_its_region(project: Project) -> None:
    """Colour one point's symbol pure green: every green pixel of the picture is inside that
    point's region, and the region is not much larger than the symbol."""
    set_field(
        project,
        'tables[0].graph.styleOverrides.perPoint["BSA standard"]["3"].symbol',
        {"color": {"hex": "#00c000"}, "borderColor": {"hex": "#00c000"}, "size": 12},
    )
    shown = screen(project, "calibration")
    img = pixels(shown.png)
    assert img.shape[:2] == (shown.height, shown.width)
    green = np.argwhere(np.abs(img - np.array([0, 192, 0])).max(axis=2) <= 40)
    assert len(green) > 50
    assert len([r for r in shown.regions if r.id.startswith("symbol/ds0/")]) == 8 - 1
    boxes = [r.box for r in shown.regions if r.id == "symbol/ds0/p3"]
    inside = [
        any(b[0] - 1 <= x + 0.5 <= b[2] + 1 and b[1] - 1 <= y + 0.5 <= b[3] + 1 for b in boxes)
        for y, x in green
    ]
    assert all(inside)
    b = boxes[0]
    span = green.max(axis=0) - green.min(axis=0) + 1  # rows, columns of green
    assert b[2] - b[0] <= span[1] + 6 and b[3] - b[1] <= span[0] + 6


def test_a_text_annotation_region_starts_where_it_was_placed(project: Project) -> None:
    add_annotation(project, "weights", {"type": "text", "x": 36.0, "y": 36.0, "text": "here"})
    shown = screen(project, "weights")
    frame = shown.frame
    assert frame is not None
    n = len(project.table("weights").annotations) - 1
    box = next(r.box for r in shown.regions if r.id == f"annotation/text/{n}")
    # the text's anchor is its left end, on its baseline region: half an inch from the corner
    x, y = frame.points(box[0], box[3])
    assert x == pytest.approx(36.0, abs=3.0)
    assert y == pytest.approx(36.0, abs=6.0)
    assert frame.points(frame.plot[0], frame.plot[3]) == (0.0, 0.0)


def test_large_tables_give_one_region_per_data_set_beyond_the_cap() -> None:
    from plotdoc.builder import ProjectBuilder

    rng = np.random.default_rng(0)
    n = 2000
    builder = ProjectBuilder("big")
    builder.add_table(
        "xy",
        {"A": rng.normal(size=n), "B": rng.normal(size=n)},
        x=np.arange(n, dtype=float),
        id="big",
        graph="scatter",
    )
    project = builder.project()
    shown = screen(project, "big")
    ids = [r.id for r in shown.regions]
    assert 2 * n > MAX_MEMBER_REGIONS
    assert not any(i.startswith("symbol/") for i in ids)
    assert "symbols/ds0" in ids and "symbols/ds1" in ids
    table = project.table("big")
    assert target_of(table, "symbols/ds1") == Target("dataSet", 1, None)


def test_what_a_click_selects(project: Project) -> None:
    weights = project.table("weights")
    assert target_of(weights, "box/ds1") == Target("dataSet", 1, None)
    assert target_of(weights, "mean/ds0/p0") == Target("dataSet", 0, 0)
    assert target_of(weights, "bracket/1") == Target("annotation", key=1)
    assert target_of(weights, "title/graph") == Target("title", key="graph")
    assert target_of(weights, "axis/y") == Target("axis", key="leftY")
    assert target_of(weights, "axis/x") == Target("axis", key="xCategorical")
    assert target_of(weights, "symbol/ds9/p0") is None  # no such data set
    # a reference line and its label open the axis section that lists them
    assert target_of(weights, "reference/leftY/0") == Target("axis", key="leftY")
    assert target_of(weights, "reference/xContinuous/3/label") == Target("axis", key="xContinuous")
    set_field(project, "tables[1].graph.plot.options.flipXY", True)
    assert axis_bucket(weights, "axis/x") == "leftY"  # values run along X now
    calibration = project.table("calibration")
    assert axis_bucket(calibration, "axis/x") == "xContinuous"
    assert target_of(project.table("table-2"), "slice/row2") == Target("dataSet", 1, 2)
    assert target_of(project.table("rnaseq"), "symbol/p4") == Target("allDataSets")


@pytest.mark.parametrize("flip", [False, True])
def test_a_heat_map_label_selects_its_axis_where_it_is_drawn(project: Project, flip: bool) -> None:
    """Each row and data set label of a heat map (drawn as one artist per axis) has its own
    region, over the label's pixels, and a click on it selects the axis it stands on."""
    heat = project.table("table-1")
    if flip:
        set_field(project, "tables[3].graph.plot.options.flipXY", True)
    shown = screen(project, "table-1")
    regions = {r.id: r for r in shown.regions}
    rows = [f"label/row/r{r}" for r in range(heat.n_rows)]
    columns = [f"label/column/c{c}" for c in range(len(heat.data_sets))]
    assert set(rows + columns) <= set(regions)
    plot = shown.frame.plot if shown.frame else None
    assert plot is not None
    for sid in rows + columns:
        x0, y0, x1, y1 = regions[sid].box
        assert not (x0 >= plot[0] and x1 <= plot[2] and y0 >= plot[1] and y1 <= plot[3]), sid
    row_axis, column_axis = ("axis/x", "axis/y") if flip else ("axis/y", "axis/x")
    assert target_of(heat, rows[0]) == Target("axis", key=axis_bucket(heat, row_axis))
    assert target_of(heat, columns[1]) == Target("axis", key=axis_bucket(heat, column_axis))
    assert target_of(heat, "labels/row") == target_of(heat, rows[0])
    assert target_of(heat, "label/row3") is None  # a pie's slice label is not an axis's


def test_the_format_panel_follows_what_is_drawn(project: Project) -> None:
    assert {"bar", "median"} <= drawn_elements(screen(project, "weights"))
    assert "violin" not in drawn_elements(screen(project, "weights"))
    set_field(project, "tables[1].graph.variantId", "column-violin")
    assert "violin" in drawn_elements(screen(project, "weights"))
    data = payload(project.table("weights"), screen(project, "weights"))
    assert all(set(r) >= {"id", "box", "label", "kind"} for r in data["regions"])
