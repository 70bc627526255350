"""Text and shape annotations in data units (``coordinates: data``, schema version 2): the
schema, the reader's check on log axes, the drawing, and the refusal to write them as version 1."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg

from plotdoc import SaveError
from plotdoc.api import loads, validate
from plotdoc.render import render_table_checked
from plotdoc.render.notices import HIDDEN, warning_code, warning_path
from plotdoc.writer import dumps, save_project

NOW = "2024-06-01T12:00:00Z"


def _doc(annotation: dict[str, Any], *, family: str = "xy", axes: Any = None) -> bytes:
    table: dict[str, Any] = {
        "format": family,
        "dataSets": [{"id": "A", "name": "A", "values": [[1.0], [2.0], [4.0]]}],
        "graph": {"variantId": "scatter" if family == "xy" else "scatter-bar"},
        "annotations": [annotation],
    }
    if family == "xy":
        table["x"] = [1.0, 10.0, 100.0]
    if axes:
        table["graph"]["axesOverrides"] = axes
    return orjson.dumps({"format": "plotdoc-project", "schemaVersion": 2, "tables": [table]})


def test_points_stay_the_default_and_data_is_written_back() -> None:
    text = {"type": "text", "x": 10.0, "y": 2.0, "text": "t"}
    project = loads(_doc(text))
    assert project.tables[0].annotations[0].props["coordinates"] == "points"
    project = loads(_doc({**text, "coordinates": "data"}))
    out = orjson.loads(dumps(project, now=NOW))
    assert out["tables"][0]["annotations"][0]["coordinates"] == "data"


def test_an_unknown_unit_is_refused_at_its_path() -> None:
    report = validate(_doc({"type": "text", "coordinates": "inches", "x": 1, "y": 1, "text": "t"}))
    assert not report.ok
    assert [p.where for p in report.problems] == ["tables[0].annotations[0].coordinates"]


@pytest.mark.parametrize(("x", "y", "where"), [(0.0, 2.0, "x"), (10.0, -1.0, "y")])
def test_a_value_a_log_axis_cannot_show_is_a_warning_at_its_path(
    x: float, y: float, where: str
) -> None:
    shape = {
        "type": "shape",
        "shape": "arrow",
        "coordinates": "data",
        "points": [{"x": 10.0, "y": 2.0}, {"x": x, "y": y}],
    }
    axes = {"xContinuous": {"scale": "log10"}, "leftY": {"scale": "log2"}}
    data = _doc(shape, axes=axes)
    report = validate(data)
    assert report.ok
    assert [(p.code, p.where) for p in report.problems] == [
        ("annotation-off-log-axis", f"tables[0].annotations[0].points[1].{where}")
    ]
    project = loads(data)
    out = render_table_checked(project, project.tables[0], fmt="svg")
    [w] = [w for w in out.warnings if warning_path(w)[:2] == ("annotations", 0)]
    assert warning_code(w) == HIDDEN
    assert warning_path(w) == ("annotations", 0, "points", 1, where)
    assert "not drawn" in w and "log" in w


def test_the_same_value_in_points_is_not_checked_against_the_axis() -> None:
    text = {"type": "text", "x": 0.0, "y": -3.0, "text": "t"}
    report = validate(_doc(text, axes={"xContinuous": {"scale": "log10"}}))
    assert report.ok and report.problems == []


def test_data_units_on_a_graph_without_axes_are_not_drawn_and_said() -> None:
    doc = {
        "format": "plotdoc-project",
        "schemaVersion": 2,
        "tables": [
            {
                "format": "partsOfWhole",
                "dataSets": [{"id": "A", "name": "A", "values": [[1.0], [2.0]]}],
                "graph": {"variantId": "parts-pie"},
                "annotations": [
                    {"type": "text", "coordinates": "data", "x": 1, "y": 1, "text": "t"}
                ],
            }
        ],
    }
    project = loads(orjson.dumps(doc))
    out = render_table_checked(project, project.tables[0], fmt="svg")
    said = [w for w in out.warnings if warning_path(w) == ("annotations", 0)]
    assert said and "no axes" in said[0]
    assert b"annotation/text/0" not in out.data


def test_a_category_axis_counts_categories() -> None:
    """x = 1 on a column graph is the second column's centre, wherever the layout puts it."""
    from plotdoc.render.engine import draw_graph

    doc = orjson.loads(_doc({"type": "text", "text": "t", "x": 0, "y": 0}, family="column"))
    doc["tables"][0]["dataSets"].append({"id": "B", "name": "B", "values": [[3.0], [5.0]]})
    doc["tables"][0]["annotations"] = [
        {"type": "text", "coordinates": "data", "x": k, "y": 2.0, "text": "t"} for k in (0, 1)
    ]
    project = loads(orjson.dumps(doc))
    fig, _ = draw_graph(project, project.tables[0], dpi=72)
    FigureCanvasAgg(fig).draw()
    ax = fig.axes[0]
    ticks = sorted(ax.get_xticks())
    assert len(ticks) == 2
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    for k, tick in enumerate(ticks):
        [art] = [a for a in fig.findobj() if a.get_gid() == f"annotation/text/{k}"]
        left = art.get_window_extent(renderer).x0
        assert abs(left - ax.transData.transform((tick, 2.0))[0]) < 1.5


def test_version_1_refuses_data_units_at_their_path(tmp_path: Path) -> None:
    project = loads(_doc({"type": "text", "coordinates": "data", "x": 10, "y": 2, "text": "t"}))
    target = tmp_path / "old.plotdoc"
    target.write_bytes(b"previous")
    with pytest.raises(SaveError) as info:
        save_project(project, target, schema_version=1)
    assert [(p.code, p.where) for p in info.value.errors] == [
        ("version-1-unfit", "tables[0].annotations[0].coordinates")
    ]
    assert target.read_bytes() == b"previous"


def test_points_annotations_still_write_version_1_without_the_field() -> None:
    project = loads(_doc({"type": "text", "x": 10, "y": 2, "text": "t"}))
    doc = orjson.loads(dumps(project, now=NOW, schema_version=1))
    assert "coordinates" not in doc["tables"][0]["annotations"][0]
    assert validate(orjson.dumps(doc)).ok
