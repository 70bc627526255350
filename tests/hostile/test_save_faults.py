"""Saving under faults: whatever fails, the previous file is intact, byte for byte.

Failures are injected at every step of :func:`plotdoc.atomic.write_atomic` (creating the
temporary file, writing, flushing, fsync, chmod, rename; a full disk). A failed save raises ``PlotdocError`` with
``save-failed`` and leaves no temporary file behind. A process killed in the middle of a
write (``os._exit``) leaves the target intact; its temporary ``.<name>.<random>.tmp`` remains
beside it until a later save removes it once it is an hour old (docs/reliability.md,
tests/saving/test_stale_temporaries.py), is never read as a project, and a later save succeeds.
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

import pytest

import plotdoc.writer as writer
from plotdoc.api import loads, open_project
from plotdoc.editing import Session
from plotdoc.model import Project
from plotdoc.problems import PlotdocError

from .documents import encode, minimal

PREVIOUS = b'{"previous": "file", "bytes": [1, 2, 3]}\n'


@pytest.fixture
def target(tmp_path: Path) -> Path:
    path = tmp_path / "project.plotdoc"
    path.write_bytes(PREVIOUS)
    path.chmod(0o640)
    return path


@pytest.fixture
def project() -> Project:
    return loads(encode(minimal()))


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name != "project.plotdoc")


def _assert_intact(target: Path) -> None:
    assert target.read_bytes() == PREVIOUS
    assert _leftovers(target.parent) == []


def _assert_save_failed(project: Project, target: Path) -> PlotdocError:
    with pytest.raises(PlotdocError) as info:
        writer.save_project(project, target)
    assert [p.code for p in info.value.errors] == ["save-failed"]
    _assert_intact(target)
    return info.value


class FaultyFile:
    """Wraps the temporary file; fails at one method after ``after`` successful calls."""

    def __init__(self, real: IO[Any], method: str, exc: BaseException, after: int = 0) -> None:
        self.real = real
        self.method = method
        self.exc = exc
        self.after = after

    def __enter__(self) -> FaultyFile:
        return self

    def __exit__(self, *args: object) -> None:
        self.real.close()

    def _maybe_fail(self, method: str) -> None:
        if method == self.method:
            if self.after == 0:
                raise self.exc
            self.after -= 1

    def write(self, data: bytes) -> int:
        self._maybe_fail("write")
        if self.method == "write-half":
            self.real.write(data[: len(data) // 2])
            self.real.flush()
            raise self.exc
        return self.real.write(data)

    def flush(self) -> None:
        self._maybe_fail("flush")
        self.real.flush()

    def fileno(self) -> int:
        return self.real.fileno()


def _faulty_fdopen(method: str, exc: BaseException) -> Callable[..., FaultyFile]:
    real_fdopen = os.fdopen

    def fdopen(fd: int, mode: str = "r", *args: Any, **kwargs: Any) -> FaultyFile:
        return FaultyFile(real_fdopen(fd, mode, *args, **kwargs), method, exc)

    return fdopen


def _enospc() -> OSError:
    return OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def _eio() -> OSError:
    return OSError(errno.EIO, os.strerror(errno.EIO))


def test_a_good_save_replaces_the_file_and_keeps_its_mode(project: Project, target: Path) -> None:
    writer.save_project(project, target)
    assert open_project(target).tables[0].data_sets[0].name == "Control"
    assert target.stat().st_mode & 0o777 == 0o640
    assert _leftovers(target.parent) == []


def test_creating_the_temporary_file_fails(
    project: Project, target: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def create(*args: Any, **kwargs: Any) -> tuple[Path, int]:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr("plotdoc.atomic._create_temporary", create)
    _assert_save_failed(project, target)


@pytest.mark.parametrize(
    ("method", "make_exc"),
    [
        ("write", _enospc),
        ("write-half", _enospc),
        ("write", _eio),
        ("flush", _enospc),
        ("flush", _eio),
    ],
    ids=[
        "write-disk-full",
        "half-written-disk-full",
        "write-io-error",
        "flush-disk-full",
        "flush-io-error",
    ],
)
def test_writing_or_flushing_fails(
    project: Project,
    target: Path,
    monkeypatch: pytest.MonkeyPatch,
    method: str,
    make_exc: Callable[[], OSError],
) -> None:
    monkeypatch.setattr("plotdoc.writer.os.fdopen", _faulty_fdopen(method, make_exc()))
    error = _assert_save_failed(project, target)
    assert os.strerror(make_exc().errno or 0) in str(error)


def test_fsync_of_the_file_fails(
    project: Project, target: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fsync(fd: int) -> None:
        raise _eio()

    monkeypatch.setattr("plotdoc.writer.os.fsync", fsync)
    _assert_save_failed(project, target)


def test_fsync_of_the_folder_failing_after_the_rename_is_harmless(
    project: Project, target: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_fsync = os.fsync
    calls: list[int] = []

    def fsync(fd: int) -> None:
        calls.append(fd)
        if len(calls) > 1:  # the folder's fsync, after the rename
            raise _eio()
        real_fsync(fd)

    monkeypatch.setattr("plotdoc.writer.os.fsync", fsync)
    writer.save_project(project, target)
    assert len(calls) == 2
    assert open_project(target).tables
    assert _leftovers(target.parent) == []


def test_chmod_fails(project: Project, target: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def chmod(*args: Any, **kwargs: Any) -> None:
        raise PermissionError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr("plotdoc.atomic.os.fchmod", chmod)
    _assert_save_failed(project, target)


def test_rename_fails(project: Project, target: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def replace(*args: Any, **kwargs: Any) -> None:
        raise OSError(errno.EXDEV, "Invalid cross-device link")

    monkeypatch.setattr("plotdoc.writer.os.replace", replace)
    _assert_save_failed(project, target)


def test_an_interrupt_during_the_write_removes_the_temporary_file(
    project: Project, target: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        "plotdoc.writer.os.fdopen", _faulty_fdopen("write-half", KeyboardInterrupt())
    )
    with pytest.raises(KeyboardInterrupt):
        writer.save_project(project, target)
    _assert_intact(target)


@pytest.mark.parametrize(
    ("usermeta", "code", "where"),
    [
        ({"tags": {"a", "b"}}, "not-json-value", "usermeta.tags"),
        ({"deep": "nested 300 levels"}, "usermeta-too-deep", "usermeta.deep"),
    ],
    ids=["a-set", "too-deep"],
)
def test_what_json_cannot_hold_is_refused_before_writing(
    project: Project, target: Path, usermeta: dict[str, Any], code: str, where: str
) -> None:
    # usermeta set by code may hold what JSON cannot: a set, or nesting orjson refuses
    if usermeta.get("deep"):
        deep: Any = 1
        for _ in range(300):
            deep = [deep]
        usermeta = {"deep": deep}
    project.usermeta = usermeta
    with pytest.raises(PlotdocError) as info:
        writer.save_project(project, target)
    assert [p.code for p in info.value.errors] == [code]
    assert info.value.errors[0].where.startswith(where)
    _assert_intact(target)


def test_the_target_is_a_folder(project: Project, tmp_path: Path) -> None:
    folder = tmp_path / "project.plotdoc"
    folder.mkdir()
    (folder / "inside").write_bytes(b"kept")
    with pytest.raises(PlotdocError) as info:
        writer.save_project(project, folder)
    assert [p.code for p in info.value.errors] == ["save-failed"]
    assert (folder / "inside").read_bytes() == b"kept"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["project.plotdoc"]


def test_the_folder_does_not_exist(project: Project, tmp_path: Path) -> None:
    with pytest.raises(PlotdocError) as info:
        writer.save_project(project, tmp_path / "missing" / "project.plotdoc")
    assert [p.code for p in info.value.errors] == ["save-failed"]
    assert list(tmp_path.iterdir()) == []


def test_a_failed_workspace_save_keeps_its_path(
    project: Project, target: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ws = Session(project, target)
    other = target.parent / "other.plotdoc"

    def replace(*args: Any, **kwargs: Any) -> None:
        raise _eio()

    monkeypatch.setattr("plotdoc.writer.os.replace", replace)
    with pytest.raises(PlotdocError):
        ws.save(other)
    assert ws.path == target
    assert ws.project is project
    assert not other.exists()
    _assert_intact(target)


# -- a process killed in the middle of a write ---------------------------------------------

KILLER = textwrap.dedent(
    """
    import os, sys
    import plotdoc.writer as writer
    from plotdoc.api import loads

    project = loads(sys.stdin.buffer.read())
    real_fdopen = os.fdopen

    class Dying:
        def __init__(self, real):
            self.real = real
        def __enter__(self):
            return self
        def __exit__(self, *a):
            self.real.close()
        def write(self, data):
            self.real.write(data[: len(data) // 2])
            self.real.flush()
            os._exit(9)  # killed: no finally, no atexit, no cleanup

    writer.os.fdopen = lambda fd, mode="r", *a, **k: Dying(real_fdopen(fd, mode, *a, **k))
    writer.save_project(project, sys.argv[1])
    """
)


def _kill_mid_write(target: Path) -> int:
    proc = subprocess.run(
        [sys.executable, "-c", KILLER, str(target)],
        input=encode(minimal()),
        capture_output=True,
        check=False,
        timeout=120,
    )
    return proc.returncode


def _stray(folder: Path) -> Iterator[Path]:
    return (
        p
        for p in folder.iterdir()
        if p.name.startswith(".project.plotdoc.") and p.name.endswith(".tmp")
    )


def test_a_process_killed_mid_write_leaves_the_target_intact(
    project: Project, target: Path
) -> None:
    assert _kill_mid_write(target) == 9
    assert target.read_bytes() == PREVIOUS
    strays = list(_stray(target.parent))
    # documented: the half-written temporary file of a killed process may remain, named
    # .<name>.<random>.tmp beside the target; nothing else does
    assert _leftovers(target.parent) == sorted(p.name for p in strays)
    assert len(strays) <= 1
    for stray in strays:
        assert 0 < stray.stat().st_size < len(writer.dumps(project))
        with pytest.raises(PlotdocError):
            open_project(stray)  # half a document is never taken for a project
    # a later save succeeds and leaves no further temporary file
    writer.save_project(project, target)
    assert open_project(target).tables
    assert sorted(_leftovers(target.parent)) == sorted(p.name for p in strays)


def test_concurrent_saves_leave_one_whole_file(target: Path) -> None:
    import threading

    projects = []
    for n in range(8):
        doc = minimal()
        doc["tables"][0]["name"] = f"writer {n}"
        projects.append(loads(encode(doc)))
    wanted = {writer.dumps(p, now="2024-05-01T12:00:00Z") for p in projects}
    errors: list[BaseException] = []

    def save(project: Project) -> None:
        try:
            for _ in range(5):
                writer.write_atomic(target, writer.dumps(project, now="2024-05-01T12:00:00Z"))
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=save, args=(p,)) for p in projects]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert target.read_bytes() in wanted  # one save's bytes, whole; never a mixture
    assert _leftovers(target.parent) == []


def test_a_symlinked_target_is_written_through(project: Project, tmp_path: Path) -> None:
    real = tmp_path / "real.plotdoc"
    real.write_bytes(PREVIOUS)
    link = tmp_path / "link.plotdoc"
    link.symlink_to(real)
    writer.save_project(project, link)
    # documented: the link stays a link, and the file it points to holds the saved project
    assert link.is_symlink()
    assert open_project(real).tables
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.plotdoc", "real.plotdoc"]
