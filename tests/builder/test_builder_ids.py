"""The builder holds a document of the current schema version: data sets with ids, and every
reference to a data set by id; calls by name and index still save the files they saved."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from plotdoc.api import open_project
from plotdoc.builder import ProjectBuilder
from plotdoc.contract.site import CURRENT_VERSION
from plotdoc.problems import PlotdocError
from plotdoc.writer import dumps
from tests.builder.by_reference import BUILDS, NOW, RED, expected_bytes
from tests.publish.validators import py_errors, rs_valid


@pytest.mark.parametrize("name", list(BUILDS))
def test_calls_by_name_and_index_save_the_files_they_saved(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a data frame's import warns about what it converted
        project = BUILDS[name]().project()
    assert dumps(project, now=NOW) == expected_bytes(name)


@pytest.mark.parametrize("name", list(BUILDS))
def test_what_the_builder_holds_is_a_current_document_with_ids(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        doc = BUILDS[name]().document()
    assert doc["schemaVersion"] == CURRENT_VERSION
    # the published JSON Schema, by two validators no one here wrote
    assert py_errors(doc) == []
    assert rs_valid(doc)
    for table in doc["tables"]:
        ids = [ds["id"] for ds in table.get("dataSets", [])]
        assert len(set(ids)) == len(ids)
        for ann in table.get("annotations", []):
            if ann["type"] == "bracket":
                assert ann["left"]["kind"] == ann["right"]["kind"] == "dataSet"


def test_names_and_indexes_become_ids_in_what_the_builder_holds() -> None:
    t = BUILDS["awkward-names"]().add_table("column", {"x": [1.0]})  # a second table
    held = BUILDS["column-by-name-and-index"]().document()["tables"][0]
    assert [ds["id"] for ds in held["dataSets"]] == ["Control", "Low", "High"]
    graph = held["graph"]
    assert graph["styleOverrides"] == {"perDataSet": {"High": RED}, "perPoint": {"Low": {"1": RED}}}
    assert graph["legend"]["itemOverrides"] == {
        "Control": {"text": "Vehicle"},
        "High": {"hidden": True},
    }
    assert held["analyses"][0]["params"] == {"groupA": "Control", "groupB": "High"}
    assert [(a["left"], a["right"]) for a in held["annotations"]] == [
        ({"kind": "dataSet", "dataSetId": "Control"}, {"kind": "dataSet", "dataSetId": "High"}),
        ({"kind": "dataSet", "dataSetId": "Low"}, {"kind": "dataSet", "dataSetId": "High"}),
    ]
    awkward = t._owner.document()["tables"][0]
    assert [ds["id"] for ds in awkward["dataSets"]] == ["ds-0", "ds-1", "C"]
    # "ds-0" is the second data set's name: a name, as version 1 read it
    assert list(awkward["graph"]["styleOverrides"]["perDataSet"]) == ["ds-0", "ds-1"]
    assert awkward["analyses"][0]["params"] == {"groupA": "ds-0", "groupB": "ds-1"}
    mv = BUILDS["multiple-variables"]().document()["tables"]
    assert mv[0]["graph"]["plot"]["options"]["mapping"] == {
        "x": "log2FC",
        "y": "p",
        "label": "gene",
    }
    assert mv[0]["variableTypes"] == {"gene": "label", "p": "continuous"}
    assert mv[1]["graph"]["legend"]["itemOverrides"] == {"ds-1": {"text": "second"}}
    pie = BUILDS["parts-of-whole"]().document()["tables"][0]["graph"]["plot"]["options"]
    assert "dataSetIndex" not in pie
    assert pie["dataSetId"] == "2024"


def test_ids_given_are_kept_and_every_call_takes_id_name_or_index(tmp_path: Path) -> None:
    b = ProjectBuilder()
    t = b.add_table(
        "column",
        {"Control": [1.0, 2.0, 3.0], "Drug": [3.0, 4.0, 6.0]},
        data_set_ids=["ctl", "drug"],
    )
    t.graph(
        "scatter-bar",
        style={"perDataSet": {"drug": RED}},
        legend={"itemOverrides": {"ctl": {"text": "Vehicle"}}},
    )
    t.analysis("ttest", id="t", groupA="Drug", groupB=0)
    t.bracket("ctl", "Drug", "*")
    held = t.document
    assert [ds["id"] for ds in held["dataSets"]] == ["ctl", "drug"]
    assert held["graph"]["styleOverrides"]["perDataSet"] == {"drug": RED}
    assert held["graph"]["legend"]["itemOverrides"] == {"ctl": {"text": "Vehicle"}}
    assert held["analyses"][0]["params"] == {"groupA": "drug", "groupB": "ctl"}
    assert held["annotations"][0]["right"] == {"kind": "dataSet", "dataSetId": "drug"}
    b.save(tmp_path / "ids.plotdoc")
    again = open_project(tmp_path / "ids.plotdoc")
    assert again.warnings == ()
    assert [ds.id for ds in again.tables[0].data_sets] == ["ctl", "drug"]
    assert again.results[(again.tables[0].id, "t")].status == "ok"

    by_name = ProjectBuilder().add_table(
        "column", {"A": [1.0], "B": [2.0]}, data_set_ids={"B": "second"}
    )
    assert [ds["id"] for ds in by_name.document["dataSets"]] == ["A", "second"]


def test_a_reference_to_two_data_sets_is_refused_when_ids_were_given() -> None:
    b = ProjectBuilder()
    t = b.add_table("column", {"a": [1.0], "b": [2.0]}, data_set_ids={"a": "b", "b": "a"})
    before = dict(t.document)
    with pytest.raises(PlotdocError) as info:
        t.graph("scatter-bar", style={"perDataSet": {"a": RED}})
    [problem] = info.value.errors
    assert (problem.code, problem.where) == (
        "builder-invalid",
        "tables[0].graph.styleOverrides.perDataSet.a",
    )
    assert "the name of dataSets[0] and the id of dataSets[1]" in problem.message
    assert t.document == before
    t.bracket(0, 1)  # an index is never ambiguous
    assert t.document["annotations"][0]["left"]["dataSetId"] == "b"


@pytest.mark.parametrize(
    ("ids", "where", "code"),
    [
        (["x", "x"], "tables[0].dataSets[1].id", "duplicate-data-set-id"),
        (["x"], "tables[0].dataSets", "builder-invalid"),
        ({"Nobody": "x"}, "tables[0].dataSets", "builder-invalid"),
        ([1, 2], "tables[0].dataSets", "builder-invalid"),
        ("ab", "tables[0].dataSets", "builder-invalid"),
        ({1: "x"}, "tables[0].dataSets", "builder-invalid"),
        (["", "y"], "tables[0].dataSets[0].id", "string-too-short"),
    ],
)
def test_bad_data_set_ids_are_refused_and_the_table_not_added(
    ids: object, where: str, code: str
) -> None:
    b = ProjectBuilder()
    with pytest.raises(PlotdocError) as info:
        b.add_table("column", {"A": [1.0], "B": [2.0]}, data_set_ids=ids)  # type: ignore[arg-type]
    assert [(p.code, p.where) for p in info.value.errors] == [(code, where)]
    assert b.document()["tables"] == []


@pytest.mark.parametrize(
    ("call", "code", "where"),
    [
        (lambda t: t.bracket(0, 1.5), "wrong-type", "tables[0].annotations[0].right"),
        (lambda t: t.bracket(-1, 1), "builder-invalid", "tables[0].annotations[0].left"),
        (
            lambda t: t.analysis("ttest", groupA=True),
            "wrong-type",
            "tables[0].analyses[0].params.groupA",
        ),
        (
            lambda t: t.graph("scatter-bar", style={"perDataSet": {("A",): {}}}),
            "builder-invalid",
            "tables[0].graph.styleOverrides.perDataSet",
        ),
        (
            lambda t: t.graph("scatter-bar", visibility={None: False}),
            "builder-invalid",
            "tables[0].graph.dataSetVisibility",
        ),
    ],
)
def test_a_reference_of_the_wrong_kind_is_refused_without_a_traceback(  # type: ignore[no-untyped-def]
    call, code: str, where: str
) -> None:
    b = ProjectBuilder()
    t = b.add_table("column", {"A": [1.0], "B": [2.0]})
    with pytest.raises(PlotdocError) as info:
        call(t)
    [problem] = info.value.errors
    assert problem.code == code
    assert problem.where.startswith(where)
    assert "annotations" not in t.document and "analyses" not in t.document
    assert "graph" not in t.document


def test_problems_are_reported_at_paths_of_the_document_the_builder_holds() -> None:
    b = ProjectBuilder()
    t = b.add_table("column", {"A": [1.0], "B": [2.0]})
    with pytest.raises(PlotdocError) as info:
        t.annotate("bracket", left={"kind": "dataSet", "dataSetId": ""}, right=1)
    assert [p.where for p in info.value.errors] == ["tables[0].annotations[0].left.dataSetId"]
    t.bracket(0, 5)  # past the last data set: drawn at the last, with a warning
    [warning] = b.project().warnings
    assert (warning.code, warning.where) == (
        "annotation-group-out-of-range",
        "tables[0].annotations[0].right.dataSetId",
    )


def test_visibility_hides_data_sets_by_id_name_or_index() -> None:
    b = ProjectBuilder()
    t = b.add_table("column", {"A": [1.0], "B": [2.0], "C": [3.0]}, data_set_ids=["a", "b", "c"])
    t.graph("scatter-bar", visibility={"a": False, "B": False, 2: True})
    assert t.document["graph"]["dataSetVisibility"] == {"a": False, "b": False, "c": True}
    graph = b.project().tables[0].graph
    assert graph is not None
    assert graph.data_set_visibility == {"0": False, "1": False, "2": True}


def test_a_pie_takes_its_data_set_once() -> None:
    b = ProjectBuilder()
    t = b.add_table("partsOfWhole", {"A": [1.0, 2.0], "B": [2.0, 3.0]}, row_labels=["x", "y"])
    with pytest.raises(PlotdocError) as info:
        t.graph("parts-pie", dataSetIndex=0, dataSetId="B")
    assert [(p.code, p.where) for p in info.value.errors] == [
        ("builder-invalid", "tables[0].graph.plot.options.dataSetIndex")
    ]
    t.graph("parts-pie", dataSetId="B")
    assert t.document["graph"]["plot"]["options"] == {"dataSetId": "B"}
