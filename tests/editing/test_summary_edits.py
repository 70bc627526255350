"""Editing a table of summary data: made with its entry, its cells checked as open checks them
(N a whole number of at least 1), its graph kept to what mean, SD or SEM and N can draw."""

from __future__ import annotations

import pytest

from plotdoc import PlotdocError
from plotdoc.api import loads
from plotdoc.editing import add_table, paste_block, set_cell, set_replicates, set_variant
from plotdoc.model import Project
from plotdoc.writer import dumps


def _new(family: str = "grouped", entry: str = "meanSemN") -> tuple[Project, str]:
    project = loads(b'{"format":"plotdoc-project","schemaVersion":2,"tables":[]}')
    add_table(project, family, entry=entry)
    return project, project.tables[-1].id


def test_a_new_table_of_summary_data_has_three_columns_per_data_set_and_draws_sems() -> None:
    project, tid = _new()
    table = project.tables[0]
    assert (table.entry, table.replicates) == ("meanSemN", 3)
    assert all(ds.values.shape[1] == 3 for ds in table.data_sets)
    assert table.graph is not None and table.graph.plot.options["mode"] == "meanWithSem"
    paste_block(project, tid, 0, 1, "5\t0.5\t4\n7\t0.6\t4")
    assert table.data_sets[0].values.tolist() == [[5.0, 0.5, 4.0], [7.0, 0.6, 4.0]]
    assert loads(dumps(project)).tables[0].entry == "meanSemN"


def test_an_n_that_is_not_a_whole_number_is_refused_with_its_path_and_the_reason() -> None:
    project, tid = _new()
    with pytest.raises(PlotdocError) as info:
        set_cell(project, tid, 0, 3, "4.5")
    assert [(p.code, p.where) for p in info.value.problems] == [
        ("summary-n-invalid", "tables[0].dataSets[0].values[0][2]")
    ]
    assert "whole number of at least 1" in info.value.problems[0].message
    assert project.tables[0].n_rows == 0  # nothing changed
    with pytest.raises(PlotdocError, match="summary-spread-negative"):
        set_cell(project, tid, 0, 2, -1)


def test_the_graph_keeps_to_what_summaries_can_draw() -> None:
    project, tid = _new("column", "meanSdN")
    table = project.tables[0]
    assert table.graph is not None and table.graph.variant_id == "bar"
    set_variant(project, tid, "column-mean-error")
    assert table.graph.plot.options["mode"] == "meanWithSd"
    with pytest.raises(PlotdocError) as info:
        set_variant(project, tid, "column-box-whiskers")
    assert [p.code for p in info.value.problems] == ["summary-needs-values"]
    graph = project.tables[0].graph  # the refused edit put the table back
    assert graph is not None and graph.variant_id == "column-mean-error"
    with pytest.raises(PlotdocError, match="3 replicates for a table of summary data"):
        set_replicates(project, tid, 4)


def test_a_summary_entry_is_refused_for_other_families() -> None:
    project = loads(b'{"format":"plotdoc-project","schemaVersion":2,"tables":[]}')
    with pytest.raises(PlotdocError, match="summary data is allowed for column, grouped, xy"):
        add_table(project, "survival", entry="meanSdN")
    assert project.tables == []
