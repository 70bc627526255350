"""The server's state changes only on the event loop, and what runs beside it reads copies."""

from __future__ import annotations

import asyncio
import threading

import numpy as np
import pytest

from plotdoc import loads
from plotdoc.publish.examples import example_bytes

from .helpers import QuietTab

pytest.importorskip("nicegui", reason="the editor extra is not installed")


def test_a_copy_for_drawing_or_computing_has_its_own_cells() -> None:
    from plotdoc.editor.work import project_copy

    project = loads(example_bytes("complete"))
    copy = project_copy(project)
    for table, copied in zip(project.tables, copy.tables, strict=True):
        if table.derived_from is not None:
            continue
        for ds, copied_ds in zip(table.data_sets, copied.data_sets, strict=True):
            assert not np.shares_memory(ds.values, copied_ds.values)
            assert np.array_equal(ds.values, copied_ds.values, equal_nan=True)
        if table.x is not None:
            assert not np.shares_memory(table.x, copied.x)


def test_a_task_takes_a_copy_with_results_computed_so_far() -> None:
    from plotdoc.editor.work import Task, compute_results, project_copy

    project = loads(example_bytes("complete"))
    computed = asyncio.run(Task(compute_results, project_copy(project)).result())
    assert computed.results and "weights-histogram" in computed.tables


class _Stub(QuietTab):
    """A tab as opening a file sees it, noting on which thread the session changed."""

    def __init__(self) -> None:
        super().__init__("x")
        self.threads: list[int] = []
        self.session.listeners.append(lambda s: self.threads.append(threading.get_ident()))


def test_an_opened_file_is_read_beside_the_loop_but_shown_on_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from plotdoc.editor import opening

    monkeypatch.setattr(opening, "notify", lambda *a, **k: None)
    stub = _Stub()
    asyncio.run(opening.open_bytes(stub, "complete.plotdoc", example_bytes("complete"), None))  # type: ignore[arg-type]
    assert stub.session.title == "complete.plotdoc"
    assert stub.threads == [threading.get_ident()]


def test_uploads_arriving_together_are_all_kept() -> None:
    from plotdoc.editor.uploads import MAX_WAITING_BYTES, Uploads, UploadsFull

    uploads = Uploads()
    first = uploads.put("a.csv", b"x,y\n1,2\n")
    second = uploads.put("b.csv", b"x,y\n3,4\n")
    assert uploads.pop(first) == ("a.csv", b"x,y\n1,2\n")
    assert uploads.pop(second) == ("b.csv", b"x,y\n3,4\n")
    assert uploads.pop(second) is None
    big = uploads.put("big.pzfx", b"0" * (MAX_WAITING_BYTES - 10))
    with pytest.raises(UploadsFull):  # a new one is refused; the waiting one stays
        uploads.put("more.pzfx", b"0" * 20)
    assert uploads.pop(big) is not None
