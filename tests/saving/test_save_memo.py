"""A save after a save writes unchanged tables from what it kept, and nothing else changes.

Every edit of ``test_save_checks.EDITS`` and ``test_save_check_fast.BY_HAND`` is made after a
save has kept every table it could (plotdoc.save_memo); the next save must give the same
outcome as a save that kept nothing: the same bytes, or the same problems (codes, paths,
messages). An edit the memo failed to see would be written from the old bytes, or pass a
check it should fail.
"""

from __future__ import annotations

import copy
import gc
import math
import os
import signal
import threading
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from plotdoc import save_memo, writer
from plotdoc.api import loads
from plotdoc.model import DataSet, Project
from plotdoc.problems import PlotdocError, error
from plotdoc.publish.examples import example_bytes, example_names
from plotdoc.save_memo import MEMO, fingerprint
from plotdoc.writer import dumps

from .test_save_check_fast import ALL
from .test_save_checks import Output

NOW = "2024-06-01T12:00:00Z"
Edit = Callable[[Project], None]


@pytest.fixture(autouse=True)
def _nothing_kept() -> Iterator[None]:
    MEMO.clear()
    yield
    MEMO.clear()


def _outcome(project: Project, compact: bool = False) -> Any:
    try:
        return dumps(project, now=NOW, compact=compact)
    except PlotdocError as exc:
        return [(p.code, p.where, p.message) for p in exc.problems], exc.omitted


def _afresh(project: Project, compact: bool = False) -> Any:
    MEMO.clear()
    return _outcome(project, compact)


def test_a_save_keeps_the_tables_it_can() -> None:
    project = loads(example_bytes("complete"))
    dumps(project)
    kept = [t for t in project.tables if MEMO.get(t, fingerprint(t) or b"") is not None]
    results = [t for t in project.tables if t.derived_from is not None]
    assert results and len(kept) == len(project.tables) - len(results)


@pytest.mark.parametrize("compact", [False, True])
@pytest.mark.parametrize("name", example_names())
def test_a_save_after_a_save_writes_the_same_bytes(name: str, compact: bool) -> None:
    project = loads(example_bytes(name))
    first = _outcome(project, compact)
    assert len(MEMO) > 0
    assert _outcome(project, compact) == first
    assert _outcome(project, not compact) == _afresh(project, not compact)
    assert _outcome(project, compact) == first


@pytest.mark.parametrize("name", list(ALL))
def test_an_edit_after_a_save_is_seen(name: str) -> None:
    edit = ALL[name][0]
    project = loads(example_bytes("complete"))
    dumps(project, now=NOW)
    dumps(project, now=NOW, compact=True)
    edit(project)
    after = _outcome(project)
    assert after == _afresh(project), name
    # and the save after it: what the edit's save kept is right too
    assert _outcome(project) == after


def _cell(p: Project) -> None:
    p.tables[1].data_sets[0].values[0, 0] += 1.0


def _param(p: Project) -> None:
    p.tables[1].analyses[0].params["variance"] = "equal"


def _option(p: Project) -> None:
    graph = p.tables[1].graph
    assert graph is not None
    graph.plot.options["pointLayout"] = "scatter"


def _nested(p: Project) -> None:
    p.tables[1].usermeta["deep"] = {"a": [1, {"b": True}]}


def _label(p: Project) -> None:
    labels = p.tables[3].row_labels
    assert labels is not None
    labels[0] = labels[0] + "!"


def _int_for_float(p: Project) -> None:
    graph = p.tables[1].graph
    assert graph is not None
    graph.graph_settings["barWidthRatio"] = 1  # 1, not 1.0: written as another number


def _bool_for_int(p: Project) -> None:
    p.tables[1].usermeta["n"] = 1
    dumps(p, now=NOW)
    p.tables[1].usermeta["n"] = True


def _replaced_table(p: Project) -> None:
    p.tables[1] = copy.deepcopy(p.tables[1])
    p.tables[1].name = "A copy"


def _cells_of_other_type(p: Project) -> None:
    ds = p.tables[1].data_sets[0]
    ds.values = ds.values.astype(np.float32)


def _same_bytes_other_type(p: Project) -> None:
    ds = p.tables[1].data_sets[0]
    ds.values = ds.values.view(np.int64)  # refused: integers past 2^53


@pytest.mark.parametrize(
    "edit",
    [
        _cell,
        _param,
        _option,
        _nested,
        _label,
        _int_for_float,
        _bool_for_int,
        _replaced_table,
        _cells_of_other_type,
        _same_bytes_other_type,
    ],
)
def test_a_change_in_place_is_written(edit: Edit) -> None:
    project = loads(example_bytes("complete"))
    before = _outcome(project)
    edit(project)
    after = _outcome(project)
    assert after == _afresh(project)
    assert after != before


def _nan_for_none(p: Project) -> None:
    p.tables[1].analyses[0].params["groupA"] = math.nan


def _infinity_for_none(p: Project) -> None:
    p.tables[1].titles["graph"]["text"] = -math.inf


def _holder_replaced(p: Project) -> None:
    p.tables[1].titles["x"] = {**p.tables[1].titles["x"], "text": math.nan}


def _holders_replaced(p: Project) -> None:
    p.tables[1].titles = copy.deepcopy(p.tables[1].titles)
    p.tables[1].titles["x"]["text"] = math.nan


def _data_set_replaced(p: Project) -> None:
    ds = p.tables[1].data_sets[0]
    p.tables[1].data_sets[0] = DataSet(ds.name, ds.values.copy(), ds.text, ds.id)
    p.tables[1].usermeta["n"] = None
    dumps(p, now=NOW)
    p.tables[1].usermeta["n"] = math.nan


def _nan_in_a_new_data_set_list(p: Project) -> None:
    p.tables[1].data_sets = list(p.tables[1].data_sets)
    p.tables[1].titles["graph"]["text"] = math.nan


@pytest.mark.parametrize(
    "edit",
    [
        _nan_for_none,
        _infinity_for_none,
        _holder_replaced,
        _holders_replaced,
        _data_set_replaced,
        _nan_in_a_new_data_set_list,
    ],
)
@pytest.mark.parametrize("saves", [1, 2])  # the first save after one walks the table
def test_a_nan_where_a_null_was_is_refused(edit: Edit, saves: int) -> None:
    """orjson writes NaN as null: what the save kept must not take it for the null."""
    project = loads(example_bytes("complete"))
    for _ in range(saves):
        dumps(project, now=NOW)
    edit(project)
    with pytest.raises(PlotdocError) as info:
        dumps(project, now=NOW)
    assert "non-finite-number" in [p.code for p in info.value.errors]


def test_what_stands_for_the_json_written_is_written_the_same() -> None:
    """An enum member or a UUID where the last save wrote its value: the same file, as a
    save that kept nothing writes (both write them as the JSON they stand for)."""
    project = loads(example_bytes("complete"))
    project.tables[1].usermeta["id"] = "00000000-0000-0000-0000-000000000005"
    before = _outcome(project)
    project.tables[1].analyses[1].params["output"] = Output.PERCENT
    project.tables[1].usermeta["id"] = uuid.UUID(int=5)
    assert _outcome(project) == before == _afresh(project)


def test_a_copy_of_a_kept_table_is_written_from_its_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    project = loads(example_bytes("complete"))
    dumps(project, now=NOW)
    copied = copy.deepcopy(project)
    copied.tables[1].name = "Changed in the copy"
    built: list[str] = []
    table = writer._table
    monkeypatch.setattr(writer, "_table", lambda t, *a: built.append(t.id) or table(t, *a))
    written = _outcome(copied)
    results = [t.id for t in copied.tables if t.derived_from is not None]
    assert sorted(built) == sorted([copied.tables[1].id, *results])  # the rest: kept bytes
    monkeypatch.undo()
    assert written == _afresh(copied)


def test_a_copy_with_a_nan_where_a_null_was_is_refused() -> None:
    project = loads(example_bytes("complete"))
    dumps(project, now=NOW)
    copied = copy.deepcopy(project)
    copied.tables[1].analyses[0].params["groupA"] = math.nan
    with pytest.raises(PlotdocError) as info:
        dumps(copied, now=NOW)
    assert "non-finite-number" in [p.code for p in info.value.errors]


def test_checks_across_tables_read_the_kept_tables() -> None:
    project = loads(example_bytes("complete"))
    dumps(project)
    project.tables[2].id = project.tables[0].id  # a fresh table takes a kept table's id
    with pytest.raises(PlotdocError) as info:
        dumps(project)
    assert ("duplicate-table-id", "tables[2].id") in [(p.code, p.where) for p in info.value.errors]
    project = loads(example_bytes("complete"))
    dumps(project)
    results = [t for t in project.tables if t.derived_from is not None]
    assert results
    gone = results[0].derived_from
    assert gone is not None
    source = project.table(gone.source_table_id)
    source.analyses = [a for a in source.analyses if a.id != gone.analysis_id]
    assert _outcome(project) == _afresh(project)
    assert isinstance(_outcome(project), tuple)  # refused: the results table lost its analysis


def test_too_many_cells_counts_the_kept_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    project = loads(example_bytes("complete"))
    dumps(project)
    monkeypatch.setattr("plotdoc.reader.semantics.MAX_TOTAL_CELLS", 10)
    assert _outcome(project) == _afresh(project)
    problems, _ = _outcome(project)
    assert ("cells-too-many", "tables") in [(code, where) for code, where, _ in problems]


def test_values_a_fingerprint_does_not_take_are_checked_in_full() -> None:
    project = loads(example_bytes("complete"))
    project.tables[1].usermeta["x"] = np.float64(2.5)  # accepted, but not kept
    project.tables[0].usermeta["s"] = type("Text", (str,), {})("text")
    dumps(project)
    assert fingerprint(project.tables[1]) is None
    assert fingerprint(project.tables[0]) is None
    assert _outcome(project) == _afresh(project)


def test_large_tables_are_not_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    project = loads(example_bytes("complete"))
    monkeypatch.setattr(save_memo, "MAX_CELLS", 5)
    assert fingerprint(project.tables[1]) is None
    monkeypatch.undo()
    monkeypatch.setattr("plotdoc.writer.MAX_WRITTEN", 10)
    dumps(project)
    assert len(MEMO) == 0
    assert _outcome(project) == _afresh(project)


def test_cells_past_the_raw_bytes_are_digested(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(save_memo, "RAW_CELL_BYTES", 8)
    project = loads(example_bytes("complete"))
    dumps(project)
    _cell(project)
    assert _outcome(project) == _afresh(project)


def test_an_entry_goes_with_its_table() -> None:
    project = loads(example_bytes("complete"))
    dumps(project)
    assert len(MEMO) > 0
    del project
    gc.collect()
    assert len(MEMO) == 0


def test_a_table_kept_in_the_other_layout_is_not_checked_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The editor's recovery copies are compact and its saves indented: a table kept by a
    save in one layout, unchanged since, stands in the check of a save in the other (only
    its id is read), and is written as a save that keeps nothing writes it."""
    project = loads(example_bytes("complete"))
    dumps(project, now=NOW, compact=True)
    project.tables[0].name = "Changed"
    read: list[list[dict[str, Any]]] = []
    check = writer.check_document

    def spy(doc: dict[str, Any], known: dict[int, int] | None = None) -> Any:
        read.append(list(doc["tables"]))
        return check(doc, known)

    monkeypatch.setattr(writer, "check_document", spy)
    saved = _outcome(project)
    (tables,) = read
    stood_in = [t for t in tables if set(t) <= {"id", "analyses"}]
    assert tables[0]["name"] == "Changed"
    assert len(stood_in) == len([t for t in project.tables if t.derived_from is None]) - 1
    monkeypatch.undo()
    assert saved == _afresh(project)


def test_a_kept_table_whose_cells_the_writer_refuses_is_checked_in_full(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Never expected (a kept table passed the check with these cells): should the writer
    find a problem in the cells of a table it was to write unchecked, the save forgets what
    it kept and checks every table, as a save that keeps nothing does."""
    project = loads(example_bytes("complete"))
    dumps(project, now=NOW, compact=True)
    real = writer.cell_columns
    refused: list[str] = []

    def odd(doc: dict[str, Any]) -> Any:
        columns = real(doc)
        if not refused and columns:
            refused.append(doc["tables"][0]["id"])
            columns[0].problems.append(error("non-finite-cell", (), "as if"))
        return columns

    checked: list[int] = []  # the tables each check read in full
    check = writer.check_document

    def spy(doc: dict[str, Any], known: dict[int, int] | None = None) -> Any:
        checked.append(sum(not set(t) <= {"id", "analyses"} for t in doc["tables"]))
        return check(doc, known)

    monkeypatch.setattr(writer, "cell_columns", odd)
    monkeypatch.setattr(writer, "check_document", spy)
    saved = _outcome(project)
    assert refused
    results = sum(t.derived_from is not None for t in project.tables)  # never kept
    assert checked == [results, len(project.tables)]  # kept tables stood in, then none did
    monkeypatch.undo()
    assert saved == _afresh(project)


def test_the_collector_may_free_a_table_while_the_memo_is_locked() -> None:
    """A table freed by the cyclic collector while this thread holds the memo's lock drops
    its entry without waiting for the lock (saves pause the collector; other callers may
    not)."""
    project = loads(example_bytes("complete"))
    dumps(project)
    assert len(MEMO) > 0
    cycle: dict[str, Any] = {"tables": project.tables}
    cycle["self"] = cycle  # the tables now go only with the cycle
    del project

    def collect_under_the_lock() -> None:
        with MEMO._lock:
            del cycle["tables"]  # a table's entry may go here (reference counting) ...
            gc.collect()  # ... or here

    worker = threading.Thread(target=collect_under_the_lock, daemon=True)
    worker.start()
    worker.join(10)
    assert not worker.is_alive(), "the collector's callback waited for the memo's lock"
    gc.collect()
    assert len(MEMO) == 0


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_child_forked_while_the_memo_is_locked_can_save() -> None:
    project = loads(example_bytes("complete"))
    dumps(project)
    with MEMO._lock:  # a thread of the parent is keeping a table at the fork
        pid = os.fork()
        if pid == 0:  # the child: it saves, or the alarm ends it
            signal.alarm(20)
            try:
                project.tables[1].name = "Changed in the child"
                dumps(project)
            finally:
                os._exit(0)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    steps=st.lists(
        st.tuples(st.sampled_from(sorted(ALL)), st.booleans(), st.booleans()),
        min_size=1,
        max_size=6,
    )
)
def test_edits_and_saves_in_any_order(steps: list[tuple[str, bool, bool]]) -> None:
    """Edits made one after another, each followed by a save or not, in either layout: every
    save gives what a save that keeps nothing gives, whatever the saves before kept."""
    MEMO.clear()
    project = loads(example_bytes("complete"))
    dumps(project, now=NOW)
    for name, save, compact in steps:
        ALL[name][0](project)
        if save:
            outcome = _outcome(project, compact)
            assert outcome == _afresh(project, compact), name
            assert _outcome(project, not compact) == _afresh(project, not compact), name
