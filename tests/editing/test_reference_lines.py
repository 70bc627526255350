"""Reference lines of an axis: add, change, remove, each one step of undo; the 21st refused."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from plotdoc import loads
from plotdoc.editing import (
    Session,
    add_reference_line,
    remove_reference_line,
    set_reference_line,
)
from plotdoc.errors import PlotdocError
from plotdoc.model import Project

from .helpers import saved


def lines_of(project: Project, axis: str = "leftY", table: int = 0) -> list[dict[str, Any]]:
    doc = orjson.loads(saved(project))
    found: list[dict[str, Any]] = doc["tables"][table]["graph"]["axesOverrides"][axis].get(
        "referenceLines", []
    )
    return found


def test_add_change_remove_each_one_undo_step(project: Project) -> None:
    session = Session(project)
    edit = session.apply(
        add_reference_line, "calibration", "leftY", {"value": 1, "label": "<b>one</b>"}
    )
    assert edit.label == "Add reference line"
    assert lines_of(project) == [
        {
            "value": 1,
            "label": "<b>one</b>",
            "color": "theme",
            "thickness": 1.0,
            "dashStyle": "dashed",
        }
    ]
    session.apply(set_reference_line, "calibration", "leftY", 0, "dashStyle", "dotted")
    session.apply(set_reference_line, "calibration", "leftY", 0, "color", {"hex": "#c0392b"})
    session.apply(set_reference_line, "calibration", "leftY", 0, "label", "")
    line = lines_of(project)[0]
    assert line["dashStyle"] == "dotted" and line["color"] == {"hex": "#c0392b"}
    assert "label" not in line
    session.undo()
    assert lines_of(project)[0]["label"] == "<b>one</b>"
    session.apply(remove_reference_line, "calibration", "leftY", 0)
    assert lines_of(project) == []
    session.undo()
    assert len(lines_of(project)) == 1
    # the file reads back as written
    assert lines_of(loads(saved(project))) == lines_of(project)


def test_the_21st_line_is_refused_and_nothing_changes(project: Project) -> None:
    for v in range(20):
        add_reference_line(project, "calibration", "xContinuous", {"value": v})
    before = saved(project)
    with pytest.raises(PlotdocError) as caught:
        add_reference_line(project, "calibration", "xContinuous", {"value": 21})
    problem = caught.value.problems[0]
    assert problem.code == "too-many-items"
    assert problem.path == ("tables", 0, "graph", "axesOverrides", "xContinuous", "referenceLines")
    assert "at most 20 reference lines on the X axis" in problem.message
    assert saved(project) == before


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("bottom", {"value": 1}), "expected an axis that takes reference lines"),
        (("leftY", {"value": "one"}), "number"),
        (("leftY", {"value": 1, "label": "x" * 201}), "200"),
        (("leftY", {"value": 1, "dashStyle": "wavy"}), "wavy"),
    ],
)
def test_bad_lines_are_refused_with_open_s_message(
    project: Project, args: tuple[Any, ...], words: str
) -> None:
    before = saved(project)
    with pytest.raises(PlotdocError) as caught:
        add_reference_line(project, "calibration", *args)
    assert words in caught.value.problems[0].message
    assert saved(project) == before


def test_changing_or_removing_a_line_that_is_not_there(project: Project) -> None:
    with pytest.raises(PlotdocError, match="this axis has none"):
        remove_reference_line(project, "calibration", "leftY", 0)
    add_reference_line(project, "calibration", "leftY", {"value": 1})
    with pytest.raises(PlotdocError, match="0 to 0; found 3"):
        set_reference_line(project, "calibration", "leftY", 3, "value", 2)
    with pytest.raises(PlotdocError, match="expected a field of a reference line"):
        set_reference_line(project, "calibration", "leftY", 0, "width", 2)
