"""What uses a data set, by JSON path, and removing a data set with its uses in one undo step:
no file the editor writes names a data set that is gone (the reader, which warns about every
dangling reference, opens the saved file without a warning)."""

from __future__ import annotations

import copy
from typing import Any

import orjson
import pytest

from plotdoc import loads
from plotdoc.api import validate
from plotdoc.editing import data_set_uses, remove_data_set
from plotdoc.model import Project
from plotdoc.problems import format_path

from .helpers import saved


def _bracket(left: int, right: int, text: str = "*") -> dict[str, Any]:
    return {
        "type": "bracket",
        "left": {"kind": "group", "groupIndex": left},
        "right": {"kind": "group", "groupIndex": right},
        "y": 12,
        "text": text,
    }


COLUMN: dict[str, Any] = {
    "format": "plotdoc-project",
    "schemaVersion": 1,
    "tables": [
        {
            "id": "t",
            "name": "Weights",
            "format": "column",
            "dataSets": [
                {"name": "Control", "values": [[4.1], [5.2], [4.8]]},
                {"name": "Treated", "values": [[6.3], [7.1], [6.8]]},
                {"name": "High dose", "values": [[8.3], [9.1], [8.8]]},
            ],
            "graph": {
                "variantId": "bar",
                "styleOverrides": {
                    "perDataSet": {
                        "Treated": {"bar": {"fill": {"hex": "#aa0000"}}},
                        "High dose": {"bar": {"fill": {"hex": "#00aa00"}}},
                    },
                    "perPoint": {"Treated": {"0": {"symbol": {"size": 9}}}},
                },
                "dataSetVisibility": {"1": True, "2": True},
                "elementActivation": {"perDataSet": {"1": {}}},
                "legend": {"itemOverrides": {"1": {"text": "T"}, "2": {"text": "H"}}},
            },
            "analyses": [
                {
                    "id": "ab",
                    "method": "ttest",
                    "params": {"groupA": "Control", "groupB": "Treated"},
                },
                {
                    "id": "ac",
                    "method": "ttest",
                    "params": {"groupA": "Control", "groupB": "High dose"},
                },
            ],
            "annotations": [
                {"id": "b01", **_bracket(0, 1)},
                {"id": "b02", **_bracket(0, 2)},
                {"id": "b11", **_bracket(1, 1)},
            ],
        }
    ],
}


def _project(document: dict[str, Any]) -> Project:
    return loads(orjson.dumps(document))


def _paths(project: Project, data_set: int) -> list[str]:
    return [format_path(u.path) for u in data_set_uses(project, "t", data_set)]


def test_every_use_of_a_data_set_is_listed_with_its_path() -> None:
    project = _project(COLUMN)
    assert _paths(project, 1) == [
        "tables[0].analyses[0].params.groupB",
        "tables[0].annotations[0].right",
        "tables[0].annotations[2].left",
        "tables[0].graph.styleOverrides.perDataSet.Treated",
        "tables[0].graph.styleOverrides.perPoint.Treated",
        'tables[0].graph.dataSetVisibility["1"]',
        'tables[0].graph.elementActivation.perDataSet["1"]',
        'tables[0].graph.legend.itemOverrides["1"]',
    ]
    words = [str(u) for u in data_set_uses(project, "t", 1)]
    assert words[0] == (
        "analysis ab (t test), group B: the analysis is removed (it cannot run without the data set)"
    )
    assert words[1] == "bracket b01: removed (it joins the data set)"


def test_a_data_set_nothing_uses_has_no_uses() -> None:
    document = copy.deepcopy(COLUMN)
    table = document["tables"][0]
    table["dataSets"].append({"name": "Spare", "values": [[1.0]]})
    assert _paths(_project(document), 3) == []


def test_removing_a_data_set_removes_its_uses_and_moves_later_references() -> None:
    project = _project(COLUMN)
    before = saved(project)
    edit = remove_data_set(project, "t", 1)
    table = project.table("t")
    assert [a.id for a in table.analyses] == ["ac"]
    assert [a.id for a in table.annotations] == ["b02"]
    assert table.annotations[0].props["right"]["groupIndex"] == 1  # High dose, now second
    graph = table.graph
    assert graph is not None
    assert set(graph.style_overrides["perDataSet"]) == {"High dose"}
    assert "Treated" not in graph.style_overrides.get("perPoint", {})
    assert graph.legend["itemOverrides"] == {"1": {"text": "H"}}
    assert graph.data_set_visibility == {"1": True}
    # nothing dangles: the reader warns about every reference to a data set that is not there
    report = validate(saved(project))
    assert report.ok and report.warnings == [], [str(p.message) for p in report.warnings]
    # one undo step puts everything back
    edit.change.undo(project)
    assert saved(project) == before


def test_a_hidden_data_set_has_no_bracket_end_and_moves_none() -> None:
    document = copy.deepcopy(COLUMN)
    table = document["tables"][0]
    table["graph"]["dataSetVisibility"] = {"0": False}
    # plotted: Treated (slot 0) and High dose (slot 1)
    table["annotations"] = [{"id": "th", **_bracket(0, 1)}]
    project = _project(document)
    assert "tables[0].annotations[0].left" in _paths(project, 1)
    assert not [p for p in _paths(project, 0) if "annotations" in p]
    remove_data_set(project, "t", 0)
    ann = project.table("t").annotations[0]
    assert (ann.props["left"]["groupIndex"], ann.props["right"]["groupIndex"]) == (0, 1)
    remove_data_set(project, "t", 1)  # High dose: the bracket joined it
    assert project.table("t").annotations == []


def test_a_t_test_of_the_first_two_data_sets_is_kept_and_named() -> None:
    document = copy.deepcopy(COLUMN)
    table = document["tables"][0]
    table["analyses"] = [{"id": "first", "method": "ttest", "params": {}}]
    project = _project(document)
    uses = data_set_uses(project, "t", 0)
    assert [str(u) for u in uses if "analyses" in u.path] == [
        "analysis first (t test), comparing the first two data sets: "
        "compares “Treated” and “High dose” instead"
    ]
    # High dose is not among the first two: removing it changes nothing the t test compares
    assert not [u for u in data_set_uses(project, "t", 2) if "analyses" in u.path]
    remove_data_set(project, "t", 0)
    assert [a.id for a in project.table("t").analyses] == ["first"]


MV: dict[str, Any] = {
    "format": "plotdoc-project",
    "schemaVersion": 1,
    "tables": [
        {
            "id": "t",
            "format": "multipleVariables",
            "replicates": 1,
            "dataSets": [
                {"name": "A", "values": [[0.0], [1.0], [2.0]]},
                {"name": "B", "values": [[3.0], [1.0], [2.0]]},
                {"name": "C", "values": [["a"], ["b"], ["c"]]},
            ],
            "variableTypes": {"C": "label"},
            "graph": {
                "variantId": "mv-scatter",
                "plot": {
                    "family": "multipleVariables",
                    "options": {"kind": "scatter", "mapping": {"x": 0, "y": 1, "label": 2}},
                },
            },
        }
    ],
}


@pytest.mark.parametrize(
    ("data_set", "expected"),
    [
        (
            1,
            [
                "tables[0].graph.plot.options.mapping.y: the graph's y role: another variable instead"
            ],
        ),
        (
            2,
            [
                "tables[0].variableTypes.C: its variable type: dropped",
                "tables[0].graph.plot.options.mapping.label: the graph's label role: unmapped",
            ],
        ),
    ],
)
def test_the_roles_of_a_multiple_variables_graph_are_uses(
    data_set: int, expected: list[str]
) -> None:
    project = _project(MV)
    uses = data_set_uses(project, "t", data_set)
    assert [f"{format_path(u.path)}: {u}" for u in uses] == expected
    remove_data_set(project, "t", data_set)
    report = validate(saved(project))
    assert report.ok and report.warnings == []


def test_a_grouped_bracket_end_is_on_its_data_set() -> None:
    """A grouped graph's bracket end stands on a data set (drawn in every row), as in every
    family: removing the data set removes the bracket, removing one before it moves its ends."""
    document = {
        "format": "plotdoc-project",
        "schemaVersion": 1,
        "tables": [
            {
                "id": "t",
                "format": "grouped",
                "rowLabels": ["Day 1", "Day 2"],
                "dataSets": [
                    {"name": "A", "values": [[1.0], [2.0]]},
                    {"name": "B", "values": [[3.0], [4.0]]},
                    {"name": "C", "values": [[5.0], [6.0]]},
                ],
                "graph": {"variantId": "grouped-interleaved-bars"},
                "annotations": [{"id": "bc", **_bracket(1, 2)}],
            }
        ],
    }
    project = _project(document)
    assert "tables[0].annotations[0].left" in _paths(project, 1)
    assert not [p for p in _paths(project, 0) if "annotations" in p]
    remove_data_set(project, "t", 0)
    ann = project.table("t").annotations[0]
    assert (ann.props["left"]["groupIndex"], ann.props["right"]["groupIndex"]) == (0, 1)
    remove_data_set(project, "t", 1)
    assert project.table("t").annotations == []
