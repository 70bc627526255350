"""A pasted block whose first row names its columns: the names name the data sets, repeated
names are read as replicates, and the whole is one step of undo."""

from __future__ import annotations

import pytest

from plotdoc.editing import Session, add_table
from plotdoc.editing.named_paste import header_of, paste_named, runs
from plotdoc.errors import EditRefusedError


def _session(family: str = "column") -> tuple[Session, str]:
    s = Session()
    edit = s.apply(add_table, family)
    assert edit.table_id is not None
    return s, edit.table_id


def test_a_first_row_of_names_is_a_header_and_numbers_are_data() -> None:
    s, tid = _session()
    header = header_of(s.project, tid, 0, 0, "Control\tTreated\n1\t2\n3\t4\n")
    assert header is not None and header.cells == ("Control", "Treated") and header.names == 2
    assert header_of(s.project, tid, 0, 0, "10\t20\n1\t2\n") is None  # numbers only: data
    assert header_of(s.project, tid, 3, 0, "Control\tTreated\n1\t2\n") is None  # not on top
    assert header_of(s.project, tid, 0, 0, "Control\tTreated\n") is None  # names alone


def test_pasting_with_names_names_the_data_sets_in_one_undo_step() -> None:
    s, tid = _session()
    s.apply(paste_named, tid, 0, 0, "Control\tTreated\tHigh dose\n1\t2\t3\n4\t5\t6\n")
    table = s.project.table(tid)
    assert [d.name for d in table.data_sets][:3] == ["Control", "Treated", "High dose"]
    assert table.data_sets[2].values[1, 0] == 6.0
    assert table.n_rows == 2
    s.undo()
    assert s.project.table(tid).n_rows == 0 or "Control" not in [
        d.name for d in s.project.table(tid).data_sets
    ]


def test_names_can_swap_and_duplicates_are_refused_whole() -> None:
    s, tid = _session()
    s.apply(paste_named, tid, 0, 0, "A\tB\n1\t2\n")
    s.apply(paste_named, tid, 0, 0, "B\tA\n1\t2\n")
    assert [d.name for d in s.project.table(tid).data_sets][:2] == ["B", "A"]
    version = s.version
    with pytest.raises(EditRefusedError):
        s.apply(paste_named, tid, 0, 0, "C\tC\n7\t8\n")
    assert s.version == version
    assert s.project.table(tid).data_sets[0].values[0, 0] == 1.0  # left as it was


def test_repeated_names_are_replicates() -> None:
    s, tid = _session("grouped")
    text = "Control\tControl\tControl\tDrug\tDrug\tDrug\n1\t2\t3\t4\t5\t6\n"
    header = header_of(s.project, tid, 0, 1, text)  # column 0 holds the row labels
    assert header is not None and runs(header) == 3
    s.apply(paste_named, tid, 0, 1, text, replicates=3)
    table = s.project.table(tid)
    assert table.replicates == 3
    assert [d.name for d in table.data_sets][:2] == ["Control", "Drug"]
    assert list(table.data_sets[1].values[0]) == [4.0, 5.0, 6.0]
    mixed = header_of(s.project, tid, 0, 1, "A\tB\tA\n1\t2\t3\n")
    assert mixed is not None and runs(mixed) == 1
