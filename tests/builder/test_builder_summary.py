"""The builder makes tables of summary data (`entry`): checked at the call, saved in version 2."""

from __future__ import annotations

import orjson
import pytest

from plotdoc import PlotdocError
from plotdoc.api import open_project
from plotdoc.builder import ProjectBuilder


def test_a_column_table_of_mean_sd_and_n_builds_draws_and_tests(tmp_path) -> None:  # type: ignore[no-untyped-def]
    b = ProjectBuilder("Summaries")
    t = b.add_table(
        "column", {"Control": (10.2, 1.5, 6), "Drug": [[14.8, 2.1, 6]]}, entry="meanSdN"
    )
    t.analysis("ttest", id="tt")
    assert b.document()["tables"][0]["entry"] == "meanSdN"
    b.save(tmp_path / "s.plotdoc")
    saved = orjson.loads((tmp_path / "s.plotdoc").read_bytes())
    assert saved["tables"][0]["entry"] == "meanSdN"
    assert saved["tables"][0]["dataSets"][0]["values"] == [[10.2, 1.5, 6.0]]
    project = open_project(tmp_path / "s.plotdoc")
    table = project.tables[0]
    assert (table.entry, table.replicates, table.graph.variant_id) == ("meanSdN", 3, "bar")
    run = project.results[(table.id, "tt")]
    assert run.status == "ok" and run.result.computed_from == "mean, SD and N"


def test_a_graph_that_needs_raw_values_is_refused_at_the_call() -> None:
    b = ProjectBuilder()
    t = b.add_table(
        "grouped", {"WT": [[5, 0.5, 4], [7, 0.6, 4]]}, row_labels=["a", "b"], entry="meanSemN"
    )
    with pytest.raises(PlotdocError) as info:
        t.graph("grouped-interleaved-box")
    assert [p.code for p in info.value.problems] == ["summary-needs-values"]
    t.graph("grouped-interleaved-bars", mode="meanWithCi95")  # the refused call changed nothing
    assert b.project().tables[0].graph.plot.options["mode"] == "meanWithCi95"


def test_bad_summaries_and_entries_are_refused_with_their_paths() -> None:
    b = ProjectBuilder()
    with pytest.raises(PlotdocError) as info:
        b.add_table("xy", {"A": [[1, -0.1, 3]]}, x=[1], entry="meanSdN")
    assert [(p.code, p.where) for p in info.value.problems] == [
        ("summary-spread-negative", "tables[0].dataSets[0].values[0][1]")
    ]
    with pytest.raises(PlotdocError, match="expected entry one of values, meanSdN, meanSemN"):
        b.add_table("column", {"A": [1]}, entry="meanSD")
    with pytest.raises(PlotdocError) as info:
        b.add_table("nested", {"A": [[1, 2]]}, entry="meanSdN")
    assert [p.code for p in info.value.problems] == ["entry-not-allowed"]
    assert b.document()["tables"] == []


def test_a_wide_frame_of_summaries_builds_a_table() -> None:
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame(
        {
            "WT mean": [5, 7],
            "WT SEM": [0.5, 0.6],
            "WT N": [4, 4],
            "KO": [4, 6],
            "KO_sem": [0.4, 1.0],
            "KO_n": [5, 5],
        },
        index=pd.Index(["Day 1", "Day 2"], name="Day"),
    )
    b = ProjectBuilder()
    b.add_table("grouped", frame, entry="meanSemN")
    table = b.project().tables[0]
    assert [ds.name for ds in table.data_sets] == ["WT", "KO"]
    assert table.row_labels == ["Day 1", "Day 2"]
    assert table.data_sets[1].values.tolist() == [[4.0, 0.4, 5.0], [6.0, 1.0, 5.0]]
    with pytest.raises(PlotdocError, match="groups of three"):
        b.add_table("grouped", frame.iloc[:, :4], entry="meanSemN")


def test_a_summary_table_as_pandas_names_its_numbers_and_reads_back() -> None:
    pytest.importorskip("pandas")
    from plotdoc.importers.pandas import from_dataframe

    b = ProjectBuilder()
    b.add_table(
        "grouped", {"WT": [[5, 0.5, 4], [7, 0.6, 4]]}, row_labels=["a", "b"], entry="meanSemN"
    )
    table = b.project().tables[0]
    wide = table.to_pandas()
    assert list(wide.columns) == ["WT mean", "WT SEM", "WT N"]
    long = table.to_pandas("long")
    assert list(long.columns) == ["row", "rowLabel", "dataSet", "mean", "sem", "n"]
    assert long["mean"].tolist() == [5.0, 7.0] and "value" not in long
    again = from_dataframe(wide, family="grouped", entry="meanSemN").document["tables"][0]
    assert again["dataSets"] == [{"name": "WT", "values": [[5.0, 0.5, 4.0], [7.0, 0.6, 4.0]]}]
