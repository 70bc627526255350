"""The editing functions: each edit checked as open checks a file, undone and redone exactly."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import orjson
import pytest

from plotdoc import PlotdocError, loads, open_project, validate
from plotdoc.api import recompute
from plotdoc.editing import (
    Session,
    add_analysis,
    add_data_set,
    add_table,
    delete_rows,
    delete_table,
    duplicate_table,
    insert_rows,
    move_table,
    paste_block,
    remove_data_set,
    rename_data_set,
    rename_table,
    set_axis,
    set_cell,
    set_plot_option,
    set_replicates,
    set_title,
    set_variant,
    sheet_columns,
)
from plotdoc.publish.examples import example_bytes
from plotdoc.writer import dumps


def _same(a, b) -> bool:  # type: ignore[no-untyped-def]
    return dumps(a, now="2000-01-01T00:00:00Z") == dumps(b, now="2000-01-01T00:00:00Z")


def test_set_cell_writes_and_undo_redo_restore(project) -> None:  # type: ignore[no-untyped-def]
    original = loads(example_bytes("complete"))
    edit = set_cell(project, "weights", 0, 0, "99.5")
    assert project.table("weights").data_sets[0].values[0, 0] == 99.5
    edited = dumps(project, now="2000-01-01T00:00:00Z")
    edit.change.undo(project)
    assert _same(project, original)
    edit.change.redo(project)
    assert dumps(project, now="2000-01-01T00:00:00Z") == edited


def test_text_in_a_numeric_table_is_refused_as_open_refuses_it(project) -> None:  # type: ignore[no-untyped-def]
    before = dumps(project, now="2000-01-01T00:00:00Z")
    with pytest.raises(PlotdocError) as info:
        set_cell(project, "weights", 3, 1, "abc")
    # the same cell written in a file gives the same problem
    doc = orjson.loads(dumps(project))
    doc["tables"][1]["dataSets"][1]["values"][3] = ["abc"]
    report = validate(orjson.dumps(doc))
    assert [(p.code, p.where, p.message) for p in info.value.errors] == [
        (p.code, p.where, p.message) for p in report.errors
    ]
    assert info.value.errors[0].where == "tables[1].dataSets[1].values[3][0]"
    assert info.value.errors[0].code == "text-cell"
    assert dumps(project, now="2000-01-01T00:00:00Z") == before


def test_text_cells_are_kept_in_multiple_variables_tables(project) -> None:  # type: ignore[no-untyped-def]
    set_cell(project, "rnaseq", 0, 1, "a gene")
    ds = project.table("rnaseq").data_sets[0]
    assert ds.text is not None and ds.text[0, 0] == "a gene"


def test_paste_block_grows_rows_and_data_sets(project) -> None:  # type: ignore[no-untyped-def]
    table = project.table("weights")
    n, sets = table.n_rows, len(table.data_sets)
    edit = paste_block(
        project, "weights", n - 1, len(sheet_columns(table)) - 1, "1\t2\n3\t4\n5\t6\n"
    )
    table = project.table("weights")
    assert table.n_rows == n + 2
    assert len(table.data_sets) == sets + 1
    assert table.data_sets[-1].values[n - 1 : n + 2, 0].tolist() == [2.0, 4.0, 6.0]
    edit.change.undo(project)
    assert project.table("weights").n_rows == n
    assert len(project.table("weights").data_sets) == sets


def test_paste_with_a_text_cell_changes_nothing(project) -> None:  # type: ignore[no-untyped-def]
    before = dumps(project, now="2000-01-01T00:00:00Z")
    with pytest.raises(PlotdocError) as info:
        paste_block(project, "weights", 2, 0, "1\t2\n3\tx\n")
    assert [p.where for p in info.value.errors] == ["tables[1].dataSets[1].values[3][0]"]
    assert dumps(project, now="2000-01-01T00:00:00Z") == before


def test_structural_edits_checked_and_reversible(project) -> None:  # type: ignore[no-untyped-def]
    original = dumps(project, now="2000-01-01T00:00:00Z")
    edits = [
        rename_table(project, "weights", "Weights"),
        rename_data_set(project, "weights", 0, "Control group"),
        add_data_set(project, "weights"),
        remove_data_set(project, "weights", 2),
        insert_rows(project, "calibration", 1, 2),
        delete_rows(project, "calibration", 1, 2),
        set_replicates(project, "calibration", 3),
        duplicate_table(project, "weights"),
        move_table(project, "table-3", 0),
        add_table(project, "grouped"),
        set_variant(project, "weights", "column-violin"),
        set_plot_option(project, "weights", ("mode",), "violinOnly"),
        set_title(project, "weights", "y", "Grams"),
        set_axis(project, "calibration", "leftY", minimum=0.001, scale="log10"),
    ]
    assert project.tables[0].id == "table-3"
    saved = dumps(project)
    reopened = loads(saved)
    assert reopened.table("weights").graph.variant_id == "column-violin"
    for edit in reversed(edits):
        edit.change.undo(project)
    assert dumps(project, now="2000-01-01T00:00:00Z") == original


def test_refused_structural_edit_leaves_project_unchanged(project) -> None:  # type: ignore[no-untyped-def]
    before = dumps(project, now="2000-01-01T00:00:00Z")
    with pytest.raises(PlotdocError) as info:
        set_variant(project, "weights", "xy-points-error")
    assert info.value.errors[0].where.startswith("tables[1].graph")
    with pytest.raises(PlotdocError) as info:
        rename_data_set(project, "weights", 0, project.table("weights").data_sets[1].name)
    assert info.value.errors[0].code == "duplicate-data-set-name"
    with pytest.raises(PlotdocError):
        set_replicates(project, "weights", 2)
    with pytest.raises(PlotdocError):
        set_plot_option(project, "weights", ("mode",), "nonsense")
    assert dumps(project, now="2000-01-01T00:00:00Z") == before


def test_renamed_data_set_is_followed_by_the_t_test_naming_it(project) -> None:  # type: ignore[no-untyped-def]
    add_analysis(project, "weights", "ttest")
    first = project.table("weights").data_sets[0].name
    assert project.table("weights").analyses[-1].params["groupA"] == first
    rename_data_set(project, "weights", 0, "Control group")
    assert project.table("weights").analyses[-1].params["groupA"] == "Control group"


def test_replicates_change_picks_an_available_variant(project) -> None:  # type: ignore[no-untyped-def]
    set_replicates(project, "calibration", 1)
    assert project.table("calibration").graph.variant_id == "scatter"


def test_add_ttest_and_results_table(project) -> None:  # type: ignore[no-untyped-def]
    add_table(project, "column")
    tid = project.tables[-1].id
    paste_block(project, tid, 0, 0, "1\t5\n2\t6\n3\t7\n4\t9\n")
    add_analysis(project, tid, "ttest")
    add_analysis(project, tid, "frequencyDistribution")
    recompute(project)
    run = project.results[(tid, "ttest-1")]
    assert run.status == "ok"
    from scipy import stats

    expected = stats.ttest_ind([1, 2, 3, 4], [5, 6, 7, 9], equal_var=False)
    assert run.result.p == pytest.approx(expected.pvalue, rel=1e-9)
    assert any(
        t.derived_from is not None and t.derived_from.source_table_id == tid for t in project.tables
    )
    delete_table(project, tid)
    assert not any(t.derived_from and t.derived_from.source_table_id == tid for t in project.tables)


def test_session_open_failure_keeps_the_project(tmp_path: Path) -> None:
    session = Session()
    good = tmp_path / "good.plotdoc"
    good.write_bytes(example_bytes("complete"))
    assert session.open_path(good).ok
    bad = orjson.loads(example_bytes("complete"))
    bad["tables"][0]["graph"]["variantId"] = "nope"
    report = session.open_bytes("bad.plotdoc", orjson.dumps(bad))
    assert not report.ok
    assert report.errors[0].where == "tables[0].graph.variantId"
    assert session.path == good and session.project.tables[0].graph.variant_id != "nope"
    newer = orjson.loads(example_bytes("complete"))
    newer["schemaVersion"] = 99
    report = session.open_bytes("newer.plotdoc", orjson.dumps(newer))
    assert report.errors[0].code == "schema-version-newer"
    assert "upgrade plotdoc" in report.errors[0].message


def test_session_edit_undo_save_reopen(tmp_path: Path) -> None:
    session = Session()
    path = tmp_path / "p.plotdoc"
    path.write_bytes(example_bytes("complete"))
    session.open_path(path)
    assert not session.dirty
    session.apply(set_cell, "weights", 0, 0, 42)
    session.apply(rename_table, "weights", "Renamed")
    assert session.dirty
    assert session.undo() == "Rename table"
    assert session.redo() == "Rename table"
    session.save()
    assert not session.dirty
    again = open_project(path)
    assert again.table("weights").name == "Renamed"
    assert again.table("weights").data_sets[0].values[0, 0] == 42


def test_import_csv_and_pzfx_bytes() -> None:
    session = Session()
    report = session.open_bytes("d.csv", b"dose,A,B\n1,2,3\n2,4,5\n")
    assert report.ok
    assert session.project.tables[0].format == "xy"
    assert np.allclose(session.project.tables[0].x, [1, 2])
