"""Recovery copies and the disk checks, without a browser."""

from __future__ import annotations

import asyncio
import itertools
import os
import time
from pathlib import Path

import pytest

from plotdoc.api import loads
from plotdoc.editing import add_table, set_cell
from plotdoc.editing.session import Session
from plotdoc.editor import recovery
from plotdoc.editor.disk import Refused, Stamp, disk_change, save_as_target


def _edited_session() -> Session:
    session = Session()
    session.apply(add_table, "xy", "Growth")
    session.apply(set_cell, session.project.tables[0].id, 0, 1, "4.5")
    return session


def test_recovery_folder_from_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(recovery.ENV, str(tmp_path / "rec"))
    assert recovery.folder() == tmp_path / "rec"
    monkeypatch.delenv(recovery.ENV)
    assert recovery.folder().parts[-2:] == ("plotdoc", "recovery")


def test_copy_written_after_quiet_time_and_removed_by_save(tmp_path: Path) -> None:
    session = Session()

    async def scenario() -> None:
        keeper = recovery.Keeper(session, where=tmp_path / "rec", quiet=0.05, latest=0.2)
        keeper.start()
        session.apply(add_table, "xy", "Growth")
        session.apply(set_cell, session.project.tables[0].id, 0, 1, "4.5")
        assert not keeper.data_path.exists()  # debounced: nothing yet
        await asyncio.sleep(0.3)
        copies = recovery.find(None, where=tmp_path / "rec")
        assert [c.id for c in copies] == [keeper.id]
        project = loads(copies[0].read())
        assert project.tables[0].name == "Growth"
        assert project.tables[0].data_sets[0].values[0] == 4.5
        session.save(tmp_path / "growth.plotdoc")
        await asyncio.sleep(0.01)
        assert not keeper.data_path.exists() and not keeper.meta_path.exists()
        assert recovery.find(None, where=tmp_path / "rec") == []
        keeper.stop()

    asyncio.run(scenario())
    assert not any(tmp_path.glob("*.tmp")) and not any((tmp_path / "rec").iterdir())
    # never beside the user's file
    assert sorted(p.name for p in tmp_path.iterdir()) == ["growth.plotdoc", "rec"]


def test_copy_belongs_to_its_file(tmp_path: Path) -> None:
    session = _edited_session()
    session.save(tmp_path / "a.plotdoc")
    session.apply(set_cell, session.project.tables[0].id, 1, 1, "7")
    keeper = recovery.Keeper(session, where=tmp_path / "rec", stamp=lambda: Stamp.of(session.path))
    assert keeper.write()
    found = recovery.find(tmp_path / "." / "a.plotdoc", where=tmp_path / "rec")
    assert len(found) == 1 and found[0].title == "a.plotdoc"
    assert found[0].stamp == Stamp.of(tmp_path / "a.plotdoc")
    assert recovery.find(tmp_path / "b.plotdoc", where=tmp_path / "rec") == []
    assert recovery.find(None, where=tmp_path / "rec") == []
    assert recovery.find(tmp_path / "a.plotdoc", exclude=keeper.id, where=tmp_path / "rec") == []
    assert "ago" in found[0].when()
    found[0].remove()
    assert recovery.find(tmp_path / "a.plotdoc", where=tmp_path / "rec") == []


def test_stamp_notices_content_not_touch(tmp_path: Path) -> None:
    f = tmp_path / "a.plotdoc"
    f.write_text("one")
    seen = Stamp.of(f)
    assert disk_change(f, seen) is None
    os.utime(f, ns=(1, 1))  # touched only
    assert disk_change(f, seen) is None
    f.write_text("two")
    assert disk_change(f, seen) == "changed"
    f.unlink()
    assert disk_change(f, seen) == "deleted"


def test_save_as_relative_to_current_file(tmp_path: Path) -> None:
    (tmp_path / "proj").mkdir()
    current = tmp_path / "proj" / "a.plotdoc"
    target = save_as_target("b", current, cwd=Path("/"))
    assert target.path == tmp_path / "proj" / "b.plotdoc" and not target.exists
    assert save_as_target("c.plotdoc.json", current).path == tmp_path / "proj" / "c.plotdoc.json"
    assert save_as_target("b", None, cwd=tmp_path).path == tmp_path / "b.plotdoc"


def test_save_as_existing_and_links(tmp_path: Path) -> None:
    (tmp_path / "real.plotdoc").write_text("{}")
    (tmp_path / "link.plotdoc").symlink_to(tmp_path / "real.plotdoc")
    t = save_as_target(str(tmp_path / "real.plotdoc"), None)
    assert t.exists and t.link_to is None
    t = save_as_target("link.plotdoc", tmp_path / "x.plotdoc")
    assert t.exists and t.link_to == tmp_path / "real.plotdoc"


@pytest.mark.parametrize("typed", ["/dev/null", "/dev/zero"])
def test_save_as_device_refused(typed: str) -> None:
    with pytest.raises(Refused, match="device"):
        save_as_target(typed, None)


def test_save_as_folder_and_missing_folder_refused(tmp_path: Path) -> None:
    with pytest.raises(Refused, match="folder"):
        save_as_target(str(tmp_path), None)
    with pytest.raises(Refused, match="no folder"):
        save_as_target(str(tmp_path / "nope" / "a.plotdoc"), None)
    with pytest.raises(Refused, match="nothing"):
        save_as_target("  ", None)


def test_edit_problems_point_at_the_thing() -> None:
    from plotdoc.editing.graph import set_graph_field
    from plotdoc.editor.pointing import edit_lines
    from plotdoc.problems import PlotdocError, Problem

    session = Session()
    session.apply(add_table, "xy", "Growth")
    table = session.project.tables[0]
    with pytest.raises(PlotdocError) as refused:
        session.apply(set_cell, table.id, 3, 1, "abc")
    (line,) = edit_lines(session.project, refused.value.problems)
    assert line.startswith("error — table “Growth”, data set “Data set A”, row 4: expected")
    assert "line 1" not in line and "column" not in line
    session.apply(
        set_graph_field, table.id, "style_overrides", ("perDataSet", "Data set A"), {"line": {}}
    )
    problem = Problem(
        "unmatched-data-set-key",
        "warning",
        ("tables", 0, "graph", "styleOverrides", "perDataSet", "Gone"),
        "expected a data set name",
        line=1,
        column=1541,
    )
    (line,) = edit_lines(session.project, [problem])
    assert line == (
        "warning — table “Growth”, graph style of data set “Gone”: expected a data set name "
        "[unmatched-data-set-key]"
    )


def test_copy_of_a_running_editor_is_not_offered(tmp_path: Path) -> None:
    import json
    import subprocess
    import sys

    session = _edited_session()
    keeper = recovery.Keeper(session, where=tmp_path)
    assert keeper.write()
    meta = json.loads(keeper.meta_path.read_text())
    assert meta["pid"] == os.getpid()
    assert len(recovery.find(None, where=tmp_path)) == 1  # this process: listed (by id it is not)
    # written by another editor that still runs: its own, not offered
    other = subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(30)  # plotdoc edit"],
    )
    try:
        cmdline = Path(f"/proc/{other.pid}/cmdline")
        for _ in range(200):  # until the child runs its own command line (after its exec)
            if b"plotdoc edit" in cmdline.read_bytes():
                break
            time.sleep(0.05)
        meta["pid"] = other.pid
        keeper.meta_path.write_text(json.dumps(meta))
        assert recovery.find(None, where=tmp_path) == []
    finally:
        other.kill()
        other.wait()
    assert len(recovery.find(None, where=tmp_path)) == 1  # it stopped: offered


def test_safety_names_tabs_and_says_undo_is_shared(tmp_path: Path) -> None:
    from plotdoc.editor.safety import Safety

    session = Session()
    safety = Safety(session, where=tmp_path)
    one, two = object(), object()
    assert (safety.join(one), safety.join(two)) == ("Tab 1", "Tab 2")
    session.apply(add_table, "xy", "Growth")
    told = safety.changed_by(one)
    assert told.startswith("Tab 1 changed the project (New xy table)")
    assert "Undo is shared by every tab" in told
    label = session.undo()
    undone = session.history.undone[-1]
    assert safety.undo_message(two, "Undid", label, undone) == (
        "Undid: New xy table (made in Tab 1; undo is shared by every tab)"
    )
    assert safety.undo_message(one, "Undid", label, undone) == "Undid: New xy table"
    assert safety.undo_message(one, "Redid", None, None) == "Nothing to redo"


def test_safety_stopping_keeps_a_copy_and_says_where(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from plotdoc.editor.safety import Safety

    session = _edited_session()
    session.save(tmp_path / "growth.plotdoc")
    safety = Safety(session, where=tmp_path / "rec")
    assert safety.stamp == Stamp.of(tmp_path / "growth.plotdoc")  # as saved
    session.apply(set_cell, session.project.tables[0].id, 2, 1, "9")
    safety.stopping()
    err = capsys.readouterr().err
    assert "stopped with unsaved changes to growth.plotdoc" in err
    assert str(safety.keeper.data_path) in err
    assert f"plotdoc edit {tmp_path / 'growth.plotdoc'}" in err
    (copy,) = recovery.find(tmp_path / "growth.plotdoc", where=tmp_path / "rec")
    assert copy.stamp == safety.stamp
    assert loads(copy.read()).tables[0].data_sets[0].values[2] == 9
    session.save()
    safety.stopping()
    assert "every change was saved" in capsys.readouterr().err


def test_a_copy_that_cannot_be_written_is_told(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a folder")
    told: list[str] = []
    keeper = recovery.Keeper(_edited_session(), where=tmp_path / "file", failed=told.append)
    assert not keeper.write()
    assert not keeper.write()
    assert len(told) == 1 and "file" in told[0]  # once per reason


def test_the_copy_is_written_off_the_event_loop_from_a_snapshot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The save check and the writing take their time in a worker thread: the loop keeps
    answering, and edits made meanwhile neither reach that copy nor are lost (a next one
    follows)."""
    import threading

    from plotdoc import writer

    real = writer.dumps
    threads: list[int] = []
    writing = threading.Event()  # a copy's check has begun
    answered = threading.Event()  # the loop went on meanwhile
    waits: list[bool] = []

    def held_dumps(project, **options):  # type: ignore[no-untyped-def]
        threads.append(threading.get_ident())
        writing.set()
        # held until the loop answers: a copy written on the loop would wait here in vain
        waits.append(answered.wait(10.0))
        return real(project, **options)

    monkeypatch.setattr(writer, "dumps", held_dumps)
    session = _edited_session()
    kept: list[recovery.Kept] = []
    table = session.project.tables[0].id

    async def scenario() -> None:
        keeper = recovery.Keeper(session, where=tmp_path, quiet=0.05, kept=kept.append)
        keeper.start()
        session.apply(set_cell, table, 1, 1, "5.5")
        while not writing.is_set():  # the loop ticks while the copy is being written
            await asyncio.sleep(0.01)
        session.apply(set_cell, table, 2, 1, "6.5")  # an edit made meanwhile
        answered.set()
        while keeper.written_version != session.version:
            await asyncio.sleep(0.05)
        keeper.stop()

    asyncio.run(scenario())
    assert waits and all(waits)  # the loop answered while each copy was being written
    assert threads and threading.get_ident() not in threads
    (copy,) = recovery.find(None, where=tmp_path)
    values = loads(copy.read()).tables[0].data_sets[0].values
    assert values[1] == 5.5 and values[2] == 6.5
    assert kept[-1].version == session.version


def test_a_copy_taken_before_a_save_is_not_written_after_it(tmp_path: Path) -> None:
    session = _edited_session()
    keeper = recovery.Keeper(session, where=tmp_path / "rec")
    snapshot = keeper._snapshot()
    assert snapshot is not None
    session.save(tmp_path / "growth.plotdoc")
    keeper.remove()  # as the save's notice does
    assert not keeper._write(snapshot)
    assert recovery.find(tmp_path / "growth.plotdoc", where=tmp_path / "rec") == []
    assert recovery.find(None, where=tmp_path / "rec") == []


def test_a_snapshot_keeps_the_last_copy_of_a_table_that_did_not_change(tmp_path: Path) -> None:
    """Each snapshot copies only the tables changed since the last (a cell edit in place,
    a rename); every copy written holds exactly the session's project."""
    from plotdoc.editing import rename_table
    from plotdoc.editing.usermeta import set_usermeta
    from plotdoc.writer import dumps

    session = _edited_session()
    session.apply(add_table, "column", "Weights")
    first, second = (t.id for t in session.project.tables)
    keeper = recovery.Keeper(session, where=tmp_path)
    steps = [
        lambda: None,
        lambda: session.apply(set_cell, first, 3, 1, "7.5"),  # in place, in the first table
        lambda: session.apply(rename_table, second, "Masses"),
        lambda: session.apply(set_usermeta, None, {"lab": "B"}),  # no table changed
    ]
    copies: list[list[object]] = []
    for step in steps:
        step()
        snapshot = keeper._snapshot()
        assert snapshot is not None
        copies.append(list(snapshot.project.tables))
        assert keeper._write(snapshot)
        (copy,) = recovery.find(None, where=tmp_path)
        reread, now = loads(copy.read()), "2024-01-01T00:00:00Z"
        reread.created_at = session.project.created_at  # (stamped by the copy's save)
        assert dumps(reread, now=now) == dumps(session.project, now=now)
    kept = [
        [a is b for a, b in zip(before, after, strict=True)]
        for before, after in itertools.pairwise(copies)
    ]
    assert kept == [[False, True], [True, False], [True, True]]
    assert not any(copy is table for copy in copies[-1] for table in session.project.tables)
