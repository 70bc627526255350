"""What the server holds after an open or a computation: nothing but the session's project.

A copy of the cells sent to a child process, and a dropped file's bytes, are freed by
reference counting as soon as they are no longer needed (never left for the cyclic garbage
collector, which may not run for minutes), and only then is freed memory given back.
"""

from __future__ import annotations

import asyncio
import gc
import sys
import weakref
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest

from plotdoc import loads
from plotdoc.publish.examples import example_bytes

from .helpers import QuietTab

pytest.importorskip("nicegui", reason="the editor extra is not installed")

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="the editor forks its computations")


@pytest.fixture
def no_cyclic_gc() -> Iterator[None]:
    """Only reference counting frees objects within the test."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def test_a_computation_frees_its_copy_of_the_project_once_sent(no_cyclic_gc: None) -> None:
    from plotdoc.editor.work import Task, project_copy

    project = loads(example_bytes("complete"))  # its results refer back to it
    copy = project_copy(project)
    gone = weakref.ref(copy)
    task = Task(id, copy)  # made portable: results of its own, which refer back to it
    del copy
    assert gone() is not None  # kept until the child has it
    assert isinstance(asyncio.run(task.result()), int)
    assert gone() is None  # while the task itself is still held
    assert task.args == ()


def test_a_computation_cancelled_before_it_starts_frees_its_copy(no_cyclic_gc: None) -> None:
    from plotdoc.editor.work import Cancelled, Task, project_copy

    copy = project_copy(loads(example_bytes("complete")))
    gone = weakref.ref(copy)
    task = Task(id, copy)
    del copy
    task.cancel()
    assert gone() is None
    with pytest.raises(Cancelled):
        asyncio.run(task.result())


def test_a_computation_gives_the_memory_it_freed_back(monkeypatch: pytest.MonkeyPatch) -> None:
    from plotdoc.editor import work

    released: list[bool] = []
    monkeypatch.setattr(work, "release_memory", lambda collect=True: released.append(collect))
    assert asyncio.run(work.Task(sum, [1, 2]).result()) == 3
    assert released == [False]  # no cycle is left to collect: only the allocator is trimmed


class _Upload(bytes):
    """Bytes that note when they are freed (bytes cannot be weakly referenced)."""

    freed: ClassVar[list[str]] = []

    def __del__(self) -> None:
        _Upload.freed.append("freed")


class _Tab(QuietTab):
    """A tab as opening a dropped file sees it."""

    def __init__(self) -> None:
        from plotdoc.editor.uploads import Uploads

        super().__init__()
        self.server = type("S", (), {"uploads": Uploads()})()


def test_a_dropped_file_is_freed_before_memory_is_given_back(
    monkeypatch: pytest.MonkeyPatch, no_cyclic_gc: None
) -> None:
    from plotdoc.editor import opening, saving

    async def agreed(*args: Any) -> bool:
        return True

    seen: list[tuple[list[str], bool]] = []

    def release_memory_later() -> None:  # what it would free: the upload, and the old project
        gc.collect()
        seen.append((list(_Upload.freed), old() is None))

    monkeypatch.setattr(opening, "notify", lambda *a, **k: None)
    monkeypatch.setattr(saving, "confirm_discard", agreed)
    monkeypatch.setattr(opening, "release_memory_later", release_memory_later)
    monkeypatch.setattr(opening, "RELEASE_AFTER_BYTES", 0)  # as a large file would
    _Upload.freed.clear()
    tab = _Tab()
    old = weakref.ref(tab.session.project)
    key = tab.server.uploads.put("complete.plotdoc", _Upload(example_bytes("complete")))
    asyncio.run(opening.open_uploaded(tab, {"id": key, "name": "complete.plotdoc"}))  # type: ignore[arg-type]
    assert tab.session.title == "complete.plotdoc" and tab.session.project.tables
    assert len(tab.server.uploads) == 0
    # when memory was given back, the upload was freed and the replaced project collectable
    assert seen == [(["freed"], True)]


def test_a_small_dropped_file_shows_without_a_full_collection(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A full collection scans the whole server: a small file's rows never wait for one."""
    from plotdoc.editor import opening, saving

    async def agreed(*args: Any) -> bool:
        return True

    released: list[bool] = []
    monkeypatch.setattr(opening, "notify", lambda *a, **k: None)
    monkeypatch.setattr(saving, "confirm_discard", agreed)
    monkeypatch.setattr(opening, "release_memory_later", lambda: released.append(True))
    tab = _Tab()
    key = tab.server.uploads.put("complete.plotdoc", example_bytes("complete"))
    asyncio.run(opening.open_uploaded(tab, {"id": key, "name": "complete.plotdoc"}))  # type: ignore[arg-type]
    assert tab.session.project.tables and released == []
