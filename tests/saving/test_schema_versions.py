"""Schema versions 1 and 2 side by side: version 1 files migrate (their problems at their own
paths and positions), save as version 2 and open again to the same project and drawing, and
write back as version 1 when they fit, or are refused with the paths of what does not fit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import orjson
import pytest

from plotdoc import PlotdocError, SaveError
from plotdoc.api import loads, validate
from plotdoc.contract.site import CURRENT_VERSION
from plotdoc.editing import set_field
from plotdoc.model import Project
from plotdoc.publish.examples import example_bytes, example_names
from plotdoc.writer import dumps, save_project

from ..conftest import CORPUS, REPO

NOW = "2024-06-01T12:00:00Z"
V1_DOCUMENTS = sorted(
    [
        *(CORPUS / "valid").glob("*.plotdoc"),
        *(CORPUS / "warnings").glob("*.plotdoc"),
        *(REPO / "src" / "plotdoc" / "examples").glob("*.plotdoc"),
    ]
)


def _v1(path: Path) -> bool:
    return orjson.loads(path.read_bytes()).get("schemaVersion") == 1


def _same_data(a: Project, b: Project) -> None:
    assert [t.id for t in a.tables] == [t.id for t in b.tables]
    for ta, tb in zip(a.tables, b.tables, strict=True):
        assert [d.name for d in ta.data_sets] == [d.name for d in tb.data_sets]
        assert [d.id for d in ta.data_sets] == [d.id for d in tb.data_sets]
        for da, db in zip(ta.data_sets, tb.data_sets, strict=True):
            np.testing.assert_array_equal(da.values, db.values)


@pytest.mark.parametrize("path", V1_DOCUMENTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_version_1_document_round_trips_through_version_2(path: Path) -> None:
    assert _v1(path)
    first = loads(path.read_bytes())
    saved = dumps(first, now=NOW)
    assert orjson.loads(saved)["schemaVersion"] == CURRENT_VERSION == 2
    again = loads(saved)
    assert again.warnings == ()  # what the migration dropped is gone, with its warning
    _same_data(first, again)
    # the same project: written in either version, the bytes are the same
    assert dumps(again, now=NOW) == saved
    assert dumps(again, now=NOW, schema_version=1) == dumps(first, now=NOW, schema_version=1)


@pytest.mark.slow
@pytest.mark.parametrize("name", example_names(1))
def test_a_migrated_example_draws_the_same(name: str) -> None:
    from plotdoc.render import render_table

    first = loads(example_bytes(name, 1))
    again = loads(dumps(first, now=NOW))
    for ta, tb in zip(first.tables, again.tables, strict=True):
        if ta.graph is not None:
            assert render_table(first, ta, fmt="svg") == render_table(again, tb, fmt="svg")


def test_the_published_complete_example_writes_back_as_its_own_bytes() -> None:
    shipped = example_bytes("complete", 1)
    assert dumps(loads(shipped), now=NOW, schema_version=1) == shipped


# -- problems at the paths and positions of the user's file --------------------------------

V1_TEXT = """{
  "format": "plotdoc-project",
  "schemaVersion": 1,
  "tables": [
    {
      "format": "multipleVariables",
      "dataSets": [
        {"name": "x", "values": [[1], [2]]},
        {"name": "y", "values": [[3], [4]]}
      ],
      "graph": {
        "variantId": "mv-scatter",
        "plot": {"family": "multipleVariables", "options": {"kind": "scatter", "mapping": {"x": 0, "y": 7}}},
        "dataSetVisibility": {"1": false, "5": false},
        "legend": {"itemOverrides": {"0": {"text": "X"}}}
      },
      "annotations": [
        {"type": "bracket", "left": {"kind": "group", "groupIndex": 0}, "right": {"kind": "group", "groupIndex": 9}}
      ]
    }
  ]
}
"""


def _position(text: str, needle: str) -> tuple[int, int]:
    """Line and column (both from 1) of the first character of ``needle`` in ``text``."""
    offset = text.index(needle)
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def test_problems_of_a_migrated_file_are_at_its_own_paths_and_positions() -> None:
    report = validate(V1_TEXT.encode())
    got = {(p.code, p.where): (p.line, p.column) for p in report.problems}
    # a dangling mapping role (found after the migration, by version 2's check)
    assert got[("mapping-incomplete", "tables[0].graph.plot.options.mapping.y")] == _position(
        V1_TEXT, '"y": 7'
    )
    # a key that matches no data set: dropped by the migration, with version 1's warning
    assert got[("unmatched-data-set-key", 'tables[0].graph.dataSetVisibility["5"]')] == (
        _position(V1_TEXT, '"5": false')
    )
    # a bracket past the last data set: version 1's warning, at groupIndex
    assert got[
        ("annotation-group-out-of-range", "tables[0].annotations[0].right.groupIndex")
    ] == _position(V1_TEXT, '"groupIndex": 9')
    assert len(got) == 3
    # no path of the migrated document leaks into the report
    assert not any("dataSetId" in p.where or '"y"]' in p.where for p in report.problems)


def test_a_structural_error_of_a_version_1_file_is_version_1_s() -> None:
    text = V1_TEXT.replace('"1": false', '"1": "no"').replace('"y": 7', '"y": 1')
    report = validate(text.encode())
    assert [(p.code, p.where, (p.line, p.column)) for p in report.errors] == [
        (
            "wrong-type",
            'tables[0].graph.dataSetVisibility["1"]',
            _position(text, '"1": "no"'),
        )
    ]


def test_a_version_2_file_refers_to_data_sets_by_id() -> None:
    doc = orjson.loads(V1_TEXT)
    doc["schemaVersion"] = 2
    table = doc["tables"][0]
    table["dataSets"][0]["id"] = "ctrl"
    table["graph"]["plot"]["options"]["mapping"] = {"x": "ctrl", "y": "y"}
    table["graph"]["dataSetVisibility"] = {"y": False, "1": False}
    table["graph"]["legend"]["itemOverrides"] = {"ctrl": {"text": "X"}}
    table["annotations"][0]["left"] = {"kind": "dataSet", "dataSetId": "ctrl"}
    table["annotations"][0]["right"] = {"kind": "dataSet", "dataSetId": "y"}
    project = loads(doc)
    assert [(w.code, w.where) for w in project.warnings] == [
        ("unmatched-data-set-key", 'tables[0].graph.dataSetVisibility["1"]')
    ]
    graph = project.tables[0].graph
    assert graph is not None
    # the model keeps version 1's references: the id "y" is data set 1
    assert graph.data_set_visibility == {"1": False}
    assert graph.plot.options["mapping"] == {"x": 0, "y": 1}
    assert project.tables[0].annotations[0].props["right"] == {"kind": "group", "groupIndex": 1}
    written = orjson.loads(dumps(project, now=NOW))["tables"][0]
    assert [d["id"] for d in written["dataSets"]] == ["ctrl", "y"]
    assert written["graph"]["dataSetVisibility"] == {"y": False}
    assert written["graph"]["plot"]["options"]["mapping"]["x"] == "ctrl"
    assert written["annotations"][0]["left"] == {"kind": "dataSet", "dataSetId": "ctrl"}


def test_ids_are_the_names_unless_too_long_or_taken() -> None:
    from plotdoc.migrations.v1_to_v2 import data_set_ids

    assert data_set_ids(["A", "B"]) == ["A", "B"]
    # a name of 129 characters cannot be an id; a name already taken by an id is not used
    assert data_set_ids(["n" * 129, "ds-0", "A"]) == ["ds-0", "ds-1", "A"]
    # duplicate names (an error of their own) still get unique ids
    ids = data_set_ids(["A", "A"])
    assert len(set(ids)) == 2 and ids[0] == "A"
    # given ids win; no generated id takes one
    assert data_set_ids(["A", "B"], [None, "A"]) == ["ds-0", "A"]


# -- writing version 1 ------------------------------------------------------------------------


def _project() -> Project:
    return loads(example_bytes("column-scatter-bar"))


def test_a_project_that_fits_is_written_as_version_1() -> None:
    project = _project()
    data = dumps(project, now=NOW, schema_version=1)
    doc: dict[str, Any] = orjson.loads(data)
    assert doc["schemaVersion"] == 1
    assert doc["$schema"].endswith("/v1.json")
    assert all("id" not in ds for t in doc["tables"] for ds in t.get("dataSets", []))
    report = validate(data)
    assert report.ok and report.problems == []
    _same_data(project, loads(data))


def test_a_data_set_id_version_1_cannot_restore_is_refused_with_its_path(tmp_path: Path) -> None:
    project = _project()
    set_field(project, "tables[0].dataSets[1].name", "Other name")  # its id stays
    target = tmp_path / "old.plotdoc"
    target.write_bytes(b"previous")
    with pytest.raises(SaveError) as info:
        save_project(project, target, schema_version=1)
    assert [(p.code, p.where) for p in info.value.errors] == [
        ("version-1-unfit", "tables[0].dataSets[1].id")
    ]
    assert target.read_bytes() == b"previous"  # nothing written
    save_project(project, target)  # the current version holds it
    assert orjson.loads(target.read_bytes())["tables"][0]["dataSets"][1]["name"] == "Other name"


def test_a_version_plotdoc_does_not_write_is_refused() -> None:
    with pytest.raises(PlotdocError) as info:
        dumps(_project(), now=NOW, schema_version=3)
    assert info.value.errors[0].code == "schema-version-unwritable"


def _with_analysis(method: str, params: dict[str, Any]) -> Project:
    doc = {
        "format": "plotdoc-project",
        "schemaVersion": 2,
        "tables": [
            {
                "id": "t",
                "format": "column",
                "dataSets": [
                    {"name": "A", "values": [[1.0], [2.0], [3.5]]},
                    {"name": "B", "values": [[2.0], [4.0], [5.0]]},
                ],
                "analyses": [{"id": "a", "method": method, "params": params}],
            }
        ],
    }
    return loads(orjson.dumps(doc))


def test_the_default_p_value_style_is_left_out_of_version_1() -> None:
    doc = orjson.loads(dumps(_with_analysis("ttest", {}), now=NOW, schema_version=1))
    params = doc["tables"][0]["analyses"][0]["params"]
    assert "pValueStyle" not in params and params["design"] == "unpaired"
    assert validate(orjson.dumps(doc)).ok
    # version 2 writes it, as every parameter
    doc2 = orjson.loads(dumps(_with_analysis("ttest", {}), now=NOW))
    assert doc2["tables"][0]["analyses"][0]["params"]["pValueStyle"] == "graphpad"


def test_another_p_value_style_is_refused_by_version_1_with_its_path(tmp_path: Path) -> None:
    target = tmp_path / "old.plotdoc"
    target.write_bytes(b"previous")
    with pytest.raises(SaveError) as info:
        save_project(_with_analysis("ttest", {"pValueStyle": "nejm"}), target, schema_version=1)
    problems = [(p.code, p.where, p.message) for p in info.value.errors]
    assert [(c, w) for c, w, _ in problems] == [
        ("version-1-unfit", "tables[0].analyses[0].params.pValueStyle")
    ]
    assert '"graphpad"' in problems[0][2] and '"nejm"' in problems[0][2]
    assert target.read_bytes() == b"previous"


def test_a_parameter_version_2_added_is_left_out_of_version_1_at_its_default() -> None:
    data = dumps(_with_analysis("ttest", {}), now=NOW, schema_version=1)
    params = orjson.loads(data)["tables"][0]["analyses"][0]["params"]
    assert "test" not in params and params["design"] == "unpaired"
    assert validate(data).ok


def test_a_parameter_version_1_cannot_hold_is_refused_with_its_path() -> None:
    with pytest.raises(SaveError) as info:
        dumps(_with_analysis("ttest", {"test": "nonparametric"}), now=NOW, schema_version=1)
    assert [(p.code, p.where) for p in info.value.errors] == [
        ("version-1-unfit", "tables[0].analyses[0].params.test")
    ]
    assert "nonparametric" in info.value.errors[0].message


def test_a_method_version_2_added_is_refused_in_version_1_with_its_path() -> None:
    with pytest.raises(SaveError) as info:
        dumps(_with_analysis("oneSampleTest", {}), now=NOW, schema_version=1)
    assert [(p.code, p.where) for p in info.value.errors] == [
        ("version-1-unfit", "tables[0].analyses[0].method")
    ]
