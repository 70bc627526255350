"""The builder: every family from Python, checked at each call with the codes open uses."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from plotdoc.api import open_project
from plotdoc.builder import ProjectBuilder
from plotdoc.problems import PlotdocError
from plotdoc.writer import dumps


def build_every_family() -> ProjectBuilder:
    b = ProjectBuilder(title="Every family", authors=["A. Person"])
    xy = b.add_table(
        "xy", {"Response": np.array([[1.0, 1.2], [2.1, 1.9], [2.9, 3.2]])}, x=[1, 2, 3], id="xy"
    )
    xy.graph("xy-points-error", error="sem").analysis("linearRegression", confidenceLevel=99)
    col = b.add_table("column", {"Control": [4.1, 5.0, 4.7], "Treated": [6.0, None, 6.6]}, id="col")
    col.graph("scatter-bar", mode="meanWithSem").analysis("ttest", id="t").bracket(0, 1, "*")
    b.add_table(
        "grouped",
        {"WT": [[1, 2], [3, 4]], "KO": [[2, 3], [4, None]]},
        row_labels=["Male", "Female"],
    ).graph("grouped-interleaved-bars")
    b.add_table("nested", {"Drug": np.array([[1.0, 2.0], [1.5, 2.5]])}).graph("nested-scatter")
    b.add_table(
        "contingency", {"Cured": [10, 4], "Not cured": [5, 11]}, row_labels=["Drug", "Placebo"]
    )
    b.add_table("survival", {"Arm A": [1, 0, 1, 1]}, x=[3, 5, 8, 12]).graph(
        "survival-staircase-ticks"
    )
    b.add_table("partsOfWhole", {"Share": [30, 50, 20]}, row_labels=["A", "B", "C"]).graph(
        "parts-pie"
    )
    mv = b.add_table(
        "multipleVariables",
        {"gene": ["BRCA1", "TP53", "EGFR"], "log2FC": [1.5, -2, 0.1], "p": [0.001, 0.0001, 0.5]},
        id="mv",
    )
    mv.graph("mv-volcano", mapping={"x": 1, "y": 2, "label": 0}).analysis(
        "correlationMatrix", id="r"
    )
    b.results_table(mv, "r", name="Correlations")
    return b


def test_a_project_of_every_family_saves_opens_and_round_trips(tmp_path: Path) -> None:
    target = tmp_path / "all.plotdoc"
    project = build_every_family().save(target)
    assert [t.format for t in project.tables] == [
        "xy",
        "column",
        "grouped",
        "nested",
        "contingency",
        "survival",
        "partsOfWhole",
        "multipleVariables",
        "grouped",
    ]
    again = open_project(target)
    assert again.warnings == ()
    assert dumps(again, now="2024-01-01T00:00:00Z") == dumps(
        open_project(target), now="2024-01-01T00:00:00Z"
    )
    np.testing.assert_array_equal(
        again.tables[0].data_sets[0].values, [[1.0, 1.2], [2.1, 1.9], [2.9, 3.2]]
    )
    assert (
        again.tables[1].data_sets[1].values[1, 0] != again.tables[1].data_sets[1].values[1, 0]
    )  # NaN
    assert again.tables[7].data_sets[0].text is not None
    assert again.tables[8].derived_from is not None


@pytest.mark.parametrize(
    ("call", "code", "path"),
    [
        (lambda t: t.graph("scatter"), "variant-family-mismatch", "tables[0].graph.variantId"),
        (
            lambda t: t.graph("bar", mode="sideways"),
            "not-in-enum",
            "tables[0].graph.plot.options.mode",
        ),
        (lambda t: t.graph("no-such-variant"), "unknown-variant", "tables[0].graph.variantId"),
        (
            lambda t: t.analysis("linearRegression"),
            "analysis-unavailable",
            "tables[0].analyses[0].method",
        ),
        (lambda t: t.annotate("sticker", x=1), "no-match", "tables[0].annotations[0].type"),
    ],
)
def test_wrong_calls_are_refused_at_once_with_open_codes(call, code: str, path: str) -> None:  # type: ignore[no-untyped-def]
    b = ProjectBuilder()
    t = b.add_table("column", {"A": [1, 2], "B": [3, 4]})
    before = dict(t.document)
    with pytest.raises(PlotdocError) as info:
        call(t)
    assert [(p.code, p.where) for p in info.value.errors] == [(code, path)]
    assert t.document == before  # the refused call changed nothing


def test_the_path_names_the_table_that_was_changed() -> None:
    b = ProjectBuilder()
    b.add_table("column", {"A": [1]})
    second = b.add_table("column", {"A": [1]})
    with pytest.raises(PlotdocError) as info:
        second.graph("scatter")
    assert info.value.errors[0].where == "tables[1].graph.variantId"


def test_bad_tables_are_refused_and_not_added() -> None:
    b = ProjectBuilder()
    with pytest.raises(PlotdocError) as info:
        b.add_table("column", {"A": ["high", 2]})
    assert info.value.errors[0].code == "text-cell"
    with pytest.raises(PlotdocError) as info:
        b.add_table("pie", {"A": [1]})
    assert info.value.errors[0].code == "builder-invalid"
    with pytest.raises(PlotdocError) as info:
        b.add_table("xy", {"A": np.array([[1.0, 2.0]])}, replicates=1)
    assert info.value.errors[0].code == "row-too-wide"
    with pytest.raises(PlotdocError):
        b.add_table("column", {"A": [np.inf]})
    assert b.document()["tables"] == []


def test_duplicate_table_ids_are_refused() -> None:
    b = ProjectBuilder()
    b.add_table("column", {"A": [1]}, id="same")
    with pytest.raises(PlotdocError) as info:
        b.add_table("column", {"A": [1]}, id="same")
    assert info.value.errors[0].code == "duplicate-table-id"
    assert len(b.document()["tables"]) == 1


def test_titles_and_usermeta() -> None:
    b = ProjectBuilder(title="T")
    t = b.add_table("column", {"A": [1, 2]}).titles(graph="Weights", y="g").usermeta(lab={"id": 7})
    project = b.project()
    table = project.tables[0]
    assert table.titles["graph"]["text"] == "Weights"
    assert table.titles["x"]["text"] is None
    assert table.usermeta == {"lab": {"id": 7}}
    assert t.document["titles"]["y"] == {"text": "g"}


def test_graph_geometry_sets_the_plot_area_and_is_checked() -> None:
    b = ProjectBuilder()
    t = b.add_table("column", {"A": [1, 2]})
    t.graph("scatter-bar", geometry={"widthPt": 150, "heightPt": 120})
    assert b.project().tables[0].graph is not None
    assert b.project().tables[0].graph.plot_geometry == {"widthPt": 150, "heightPt": 120}
    with pytest.raises(PlotdocError) as info:
        t.graph("scatter-bar", geometry={"widthPt": "wide"})
    assert info.value.errors[0].path[:4] == ("tables", 0, "graph", "plotGeometry")
    assert b.project().tables[0].graph.plot_geometry["widthPt"] == 150  # left as it was
