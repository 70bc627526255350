"""Deleting a set of rows as one edit; a CSV read as the family the user chose; problem lines."""

from __future__ import annotations

import sys
import time

import numpy as np
import pytest

from plotdoc import PlotdocError, loads
from plotdoc.editing import Session, delete_rows_at, read_upload
from plotdoc.editing.session import csv_family, is_table_text
from plotdoc.problems import error, problem_lines, warning
from plotdoc.publish.examples import example_bytes

CSV = b"Dose,Control,Treated\n0.1,2.1,2.4\n0.3,3.9,5.2\n1,8.2,11.6\n"


def weights() -> Session:
    s = Session()
    s.open_project(loads(example_bytes("complete")), "complete.plotdoc")
    return s


def test_delete_rows_at_removes_the_listed_rows_as_one_undoable_edit() -> None:
    s = weights()
    table = s.project.table("weights")
    before = [ds.values.copy() for ds in table.data_sets]
    n = table.n_rows
    s.apply(delete_rows_at, "weights", [5, 1, 2, 400])  # any order; past the end ignored
    table = s.project.table("weights")
    assert table.n_rows == n - 3
    keep = [i for i in range(n) if i not in (1, 2, 5)]
    for ds, old in zip(table.data_sets, before, strict=True):
        np.testing.assert_array_equal(ds.values, old[keep])
    assert s.history.done[-1].label == "Delete 3 rows"
    s.undo()
    for ds, old in zip(s.project.table("weights").data_sets, before, strict=True):
        np.testing.assert_array_equal(ds.values, old)


def test_delete_rows_at_keeps_row_labels_in_step() -> None:
    s = weights()
    table = s.project.table("table-1")
    labels = list(table.row_labels or [])
    s.apply(delete_rows_at, "table-1", [0])
    assert s.project.table("table-1").row_labels == labels[1:]


def test_delete_rows_at_past_the_last_row_is_refused_and_changes_nothing() -> None:
    s = weights()
    n = s.project.table("weights").n_rows
    with pytest.raises(PlotdocError) as info:
        s.apply(delete_rows_at, "weights", [n, n + 3])
    assert info.value.errors[0].code == "edit-invalid"
    assert s.project.table("weights").n_rows == n
    assert not s.history.can_undo


def test_a_csv_is_read_as_the_family_chosen() -> None:
    assert csv_family(CSV) == "xy" and is_table_text("dose.CSV") and not is_table_text("a.pzfx")
    project, _ = read_upload("dose.csv", CSV)
    assert project.tables[0].format == "xy"
    project, _ = read_upload("dose.csv", CSV, "column")
    table = project.tables[0]
    assert table.format == "column"
    assert [ds.name for ds in table.data_sets] == ["Dose", "Control", "Treated"]
    s = Session()
    assert s.open_bytes("dose.csv", CSV, "grouped").ok
    assert s.project.tables[0].format == "grouped"


def test_problem_lines_match_what_validate_prints() -> None:
    problems = [
        error("edit-invalid", ("tables", 0, "name"), "expected text"),
        warning("file-name", (), "note"),
    ]
    lines = problem_lines("f.plotdoc", problems, omitted=2)
    assert lines == [
        "f.plotdoc: error tables[0].name [edit-invalid]: expected text",
        "f.plotdoc: warning (document) [file-name]: note",
        "f.plotdoc: ... 2 more problem(s) not listed",
    ]


def test_problem_lines_are_what_plotdoc_validate_prints(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import subprocess

    bad = tmp_path / "bad.plotdoc"
    bad.write_bytes(b'{"format": "plotdoc-project", "schemaVersion": 1, "tables": [{}]}')
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from plotdoc.cli import main; sys.exit(main())",
            "validate",
            str(bad),
        ],
        capture_output=True,
        text=True,
    )
    from plotdoc import validate

    report = validate(bad.read_bytes())
    shown = problem_lines(str(bad), report.problems, report.omitted)
    printed = (run.stdout + run.stderr).splitlines()
    assert shown and all(line in printed for line in shown)


@pytest.mark.skipif(sys.platform == "win32", reason="the editor forks its computations")
def test_a_cancelled_task_stops_its_child_process() -> None:
    import asyncio
    import os

    from plotdoc.editor.work import Cancelled, Task

    task = Task(time.sleep, 60)

    async def run() -> None:
        waiting = asyncio.ensure_future(task.result())
        while task.pid is None:
            await asyncio.sleep(0.01)
        os.kill(task.pid, 0)  # the child is running
        started = time.monotonic()
        task.cancel()
        with pytest.raises(Cancelled):
            await waiting
        assert time.monotonic() - started < 5
        with pytest.raises(ChildProcessError):  # reaped: no such child any more
            os.waitpid(task.pid, os.WNOHANG)

    asyncio.run(run())


def test_a_task_returns_its_result_and_reports_a_failure() -> None:
    import asyncio

    from plotdoc.editor.work import Task

    assert asyncio.run(Task(sum, [1, 2, 3]).result()) == 6
    with pytest.raises(RuntimeError, match="ZeroDivisionError"):
        asyncio.run(Task(divmod, 1, 0).result())


def test_a_dropped_csv_as_excel_writes_it_and_problems_at_its_lines() -> None:
    excel = b"sep=;\r\nMonths;Drug\r\nNA;1\r\n5;2\r\n"
    assert csv_family(excel) == "xy"
    _, problems = read_upload("survival.csv", excel, "survival")
    (w,) = [p for p in problems if p.code == "survival-code-ignored"]
    assert (w.line, w.column) == (4, 2)  # the CSV's line, not the generated document's
