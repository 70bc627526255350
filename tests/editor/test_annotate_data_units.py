"""Annotations the user drops on the graph are placed in data units and stay in them when
dragged: the drawing puts them back on the pixel where they were dropped, and after a change of
size or range they are still on the same data."""

from __future__ import annotations

from typing import Any

import pytest

from plotdoc import loads
from plotdoc.editing import add_annotation, set_field
from plotdoc.editor import annotate
from plotdoc.editor.hits import Screen, ScreenFrame, screen
from plotdoc.model import Project
from plotdoc.publish.examples import example_bytes


@pytest.fixture
def project() -> Project:
    return loads(example_bytes("complete"))


def _frame(shown: Screen) -> ScreenFrame:
    assert shown.frame is not None
    return shown.frame


def _region(shown: Screen, rid: str) -> tuple[float, float, float, float]:
    return next(r.box for r in shown.regions if r.id == rid)


@pytest.mark.parametrize("table_id", ["calibration", "weights"])
def test_a_text_dropped_on_the_graph_is_drawn_where_it_was_dropped(
    project: Project, table_id: str
) -> None:
    shown = screen(project, table_id)
    frame = _frame(shown)
    x, y = frame.plot[0] + frame.dpi / 2, frame.plot[3] - frame.dpi
    made = annotate.placed("text", (x, y, x, y), frame, [])
    assert made["coordinates"] == "data"
    add_annotation(project, table_id, made)
    n = len(project.table(table_id).annotations) - 1
    again = screen(project, table_id)
    box = _region(again, f"annotation/text/{n}")
    assert box[0] == pytest.approx(x, abs=2.0)
    assert box[3] == pytest.approx(y, abs=frame.dpi / 10)


def test_a_dropped_arrow_keeps_to_its_data_when_the_graph_changes_size(project: Project) -> None:
    shown = screen(project, "calibration")
    frame = _frame(shown)
    # from mid-plot to the BSA point at 8 µg (mean 0.462)
    head = frame.pixels(8.0, 0.462)
    made = annotate.placed("arrow", (head[0] - 40, head[1] + 40, *head), frame, [])
    assert made["coordinates"] == "data"
    assert made["points"][1]["x"] == pytest.approx(8.0, abs=0.05)
    assert made["points"][1]["y"] == pytest.approx(0.462, abs=0.005)
    add_annotation(project, "calibration", made)
    set_field(project, "tables[0].graph.plotGeometry", {"widthPt": 180, "heightPt": 300})
    set_field(project, "tables[0].graph.axesOverrides.xContinuous.rangeMax", 30)
    after = _frame(screen(project, "calibration"))
    px, py = after.pixels(8.0, 0.462)
    ann = project.table("calibration").annotations[-1]
    drawn = after.pixels(ann.props["points"][1]["x"], ann.props["points"][1]["y"])
    assert drawn == pytest.approx((px, py), abs=2.0)


def test_a_drag_moves_by_the_pixels_dragged_and_stays_in_data_units(project: Project) -> None:
    table = project.table("calibration")
    frame = _frame(screen(project, "calibration"))
    note = next(a for a in table.annotations if a.id == "note")
    before = frame.pixels(note.props["x"], note.props["y"])
    dragged = annotate.moved(note, frame, 30.0, -20.0)
    assert dragged["coordinates"] == "data" and dragged["id"] == "note"
    assert frame.pixels(dragged["x"], dragged["y"]) == pytest.approx(
        (before[0] + 30.0, before[1] - 20.0), abs=0.5
    )


def test_a_drag_on_a_log_axis_is_even_on_screen(project: Project) -> None:
    set_field(project, "tables[0].graph.axesOverrides.leftY.scale", "log10")
    frame = _frame(screen(project, "calibration"))
    assert frame.yscale == "log"
    arrow = next(a for a in project.table("calibration").annotations if a.id == "flag-arrow")
    start = [frame.pixels(q["x"], q["y"]) for q in arrow.props["points"]]
    dragged: dict[str, Any] = annotate.moved(arrow, frame, 0.0, 25.0)
    end = [frame.pixels(q["x"], q["y"]) for q in dragged["points"]]
    for (x0, y0), (x1, y1) in zip(start, end, strict=True):
        assert (x1, y1) == pytest.approx((x0, y0 + 25.0), abs=0.5)
    assert all(q["y"] > 0 for q in dragged["points"])


def test_a_graph_without_axes_places_in_points(project: Project) -> None:
    pie = next(t for t in project.tables if t.graph and t.graph.plot.family == "partsOfWhole")
    frame = _frame(screen(project, pie.id))
    assert not frame.axes_shown
    made = annotate.placed("text", (50, 50, 50, 50), frame, [])
    assert made["coordinates"] == "points"


def test_data_and_pixels_are_inverse_on_a_category_axis(project: Project) -> None:
    frame = _frame(screen(project, "weights"))
    assert frame.category == "x" and len(frame.category_ticks) >= 2
    for place, value in ((0.0, 100.0), (1.0, 120.0), (0.5, 110.0)):
        px, py = frame.pixels(place, value)
        assert frame.data(px, py) == pytest.approx((place, value), abs=1e-2)
    first = frame.pixels(0.0, 100.0)[0]
    assert first == pytest.approx(
        frame.plot[0]
        + (frame.category_ticks[0] - frame.xlim[0])
        / (frame.xlim[1] - frame.xlim[0])
        * (frame.plot[2] - frame.plot[0]),
        abs=0.5,
    )
