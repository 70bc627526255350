"""Reference lines (schema version 2): drawn across the plot area at their axis value, or left
out with a warning that names them; version 1 cannot hold them."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from plotdoc import SaveError
from plotdoc.api import loads
from plotdoc.render.engine import draw_graph
from plotdoc.render.notices import REFERENCE_NOT_DRAWN, warning_code, warning_path
from plotdoc.writer import dumps


def _doc(variant: str, family: str, axes: dict[str, Any], **table: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "format": family,
        "dataSets": [
            {"name": "A", "values": [[1], [2], [3]]},
            {"name": "B", "values": [[4], [5], [6]]},
        ],
        "graph": {"variantId": variant, "axesOverrides": axes},
    }
    base.update(table)
    return {"format": "plotdoc-project", "schemaVersion": 2, "tables": [base]}


def _drawn(doc: dict[str, Any]) -> tuple[Any, list[Any]]:
    project = loads(doc)
    fig, warnings = draw_graph(project, project.tables[0])
    return fig, warnings


def _artist(fig: Any, gid: str) -> Any:
    found = [a for a in fig.axes[0].get_children() if a.get_gid() == gid]
    assert len(found) == 1, gid
    return found[0]


def _display(fig: Any, line: Any) -> Any:
    fig.canvas.draw()
    return line.get_transform().transform(line.get_xydata())


def test_a_left_y_line_is_drawn_across_at_its_value() -> None:
    axes = {"leftY": {"rangeMin": 0, "rangeMax": 10, "referenceLines": [{"value": 2.5}]}}
    fig, warnings = _drawn(_doc("scatter-bar", "column", axes))
    assert warnings == []
    line = _artist(fig, "reference/leftY/0")
    box = fig.axes[0].get_window_extent()
    (x0, y0), (x1, y1) = _display(fig, line)
    # across the whole plot area, at a quarter of the way up a 0..10 axis
    assert (x0, x1) == pytest.approx((box.x0, box.x1))
    assert y0 == y1 == pytest.approx(box.y0 + box.height * 2.5 / 10)
    assert line.get_linestyle() == "--"  # dashed by default


def test_an_x_line_of_an_xy_graph_is_vertical_and_labelled() -> None:
    axes = {
        "xContinuous": {
            "rangeMin": 0,
            "rangeMax": 4,
            "referenceLines": [{"value": 3, "label": "dose $x$", "dashStyle": "solid"}],
        }
    }
    doc = _doc("scatter", "xy", axes, x=[1, 2, 3])
    fig, warnings = _drawn(doc)
    assert warnings == []
    line = _artist(fig, "reference/xContinuous/0")
    box = fig.axes[0].get_window_extent()
    (x0, y0), (x1, y1) = _display(fig, line)
    assert x0 == x1 == pytest.approx(box.x0 + box.width * 3 / 4)
    assert (y0, y1) == pytest.approx((box.y0, box.y1))
    label = _artist(fig, "reference/xContinuous/0/label")
    assert label.get_text() == "dose \\$x\\$"  # data, never mathtext


def test_a_flipped_graph_draws_its_value_line_vertically() -> None:
    axes = {"leftY": {"rangeMin": 0, "rangeMax": 8, "referenceLines": [{"value": 2}]}}
    doc = _doc("scatter-bar", "column", axes)
    doc["tables"][0]["graph"]["plot"] = {"family": "column", "options": {"flipXY": True}}
    fig, _ = _drawn(doc)
    box = fig.axes[0].get_window_extent()
    (x0, _), (x1, _) = _display(fig, _artist(fig, "reference/leftY/0"))
    assert x0 == x1 == pytest.approx(box.x0 + box.width * 2 / 8)


def test_lines_the_graph_cannot_show_are_named_in_a_warning() -> None:
    axes = {
        "leftY": {"rangeMin": 0, "rangeMax": 10, "referenceLines": [{"value": 50}]},
        "xContinuous": {"referenceLines": [{"value": 1}]},
    }
    fig, warnings = _drawn(_doc("scatter-bar", "column", axes))
    said = {warning_path(w): str(w) for w in warnings if warning_code(w) == REFERENCE_NOT_DRAWN}
    assert set(said) == {
        ("graph", "axesOverrides", "leftY", "referenceLines", 0),
        ("graph", "axesOverrides", "xContinuous", "referenceLines", 0),
    }
    assert (
        "outside the axis range (0 to 10)"
        in said[("graph", "axesOverrides", "leftY", "referenceLines", 0)]
    )
    assert not [a for a in fig.axes[0].get_children() if (a.get_gid() or "").startswith("ref")]


def test_a_log_axis_leaves_out_a_line_at_zero() -> None:
    axes = {"leftY": {"scale": "log10", "referenceLines": [{"value": 0}, {"value": 2}]}}
    fig, warnings = _drawn(_doc("scatter-bar", "column", axes))
    assert [warning_path(w)[-1] for w in warnings if warning_code(w) == REFERENCE_NOT_DRAWN] == [0]
    _artist(fig, "reference/leftY/1")


def test_reference_lines_round_trip_and_do_not_fit_in_version_1() -> None:
    axes = {"leftY": {"referenceLines": [{"value": 1, "label": "baseline"}]}}
    project = loads(_doc("scatter-bar", "column", axes))
    written = orjson.loads(dumps(project, now="2024-06-01T12:00:00Z"))
    (line,) = written["tables"][0]["graph"]["axesOverrides"]["leftY"]["referenceLines"]
    assert line == {
        "value": 1,
        "label": "baseline",
        "color": "theme",
        "thickness": 1.0,
        "dashStyle": "dashed",
    }
    with pytest.raises(SaveError) as info:
        dumps(project, schema_version=1)
    assert [(p.code, p.where) for p in info.value.errors] == [
        ("version-1-unfit", "tables[0].graph.axesOverrides.leftY.referenceLines")
    ]
