"""Save and the file system: what a target may be, and what a save keeps of the file it replaces.

A save refuses a target that is not a regular file (a named pipe, a device, a link to either,
standard output through /proc), writes through a symbolic link to the file it points to, keeps
the mode and (where permitted) the owner of the file it replaces, gives a new file the mode the
umask gives, fits its temporary name into any valid file name, and removes the temporary file
when SIGTERM or SIGHUP arrives during the save.
"""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from plotdoc.api import loads, open_project
from plotdoc.model import Project
from plotdoc.problems import PlotdocError
from plotdoc.writer import save_project

from ..hostile.documents import encode, minimal

PREVIOUS = b'{"previous": "file"}\n'
SRC = str(Path(__file__).resolve().parents[2] / "src")


@pytest.fixture
def project() -> Project:
    return loads(encode(minimal()))


def _refused(project: Project, target: Path, found: str) -> PlotdocError:
    with pytest.raises(PlotdocError) as info:
        save_project(project, target)
    assert [p.code for p in info.value.errors] == ["save-failed"]
    assert "expected a regular file" in str(info.value)
    assert found in str(info.value)
    return info.value


def test_a_named_pipe_is_refused_and_left_a_pipe(project: Project, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.plotdoc"
    os.mkfifo(fifo)
    _refused(project, fifo, "a named pipe")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.plotdoc"]


def test_a_link_to_a_device_is_refused_and_left_a_link(project: Project, tmp_path: Path) -> None:
    link = tmp_path / "null.plotdoc"
    link.symlink_to("/dev/null")
    _refused(project, link, "a device")
    assert link.is_symlink()
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["null.plotdoc"]


def test_standard_output_through_a_link_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "out.plotdoc"
    link.symlink_to("/proc/self/fd/1")
    script = textwrap.dedent(
        f"""
        import sys
        from plotdoc.api import loads
        from plotdoc.problems import PlotdocError
        from plotdoc.writer import save_project
        try:
            save_project(loads(sys.stdin.buffer.read()), {str(link)!r})
        except PlotdocError as exc:
            print(exc, file=sys.stderr)
            sys.exit(1)
        """
    )
    proc = subprocess.run(
        [sys.executable, "-c", script],
        input=encode(minimal()),
        capture_output=True,
        env={**os.environ, "PYTHONPATH": SRC},
        timeout=120,
        check=False,
    )
    assert proc.returncode == 1, proc.stderr
    assert b"a named pipe" in proc.stderr
    assert proc.stdout == b""
    assert link.is_symlink()


def test_a_link_is_written_through_to_its_file(project: Project, tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    real = tmp_path / "data" / "real.plotdoc"
    real.write_bytes(PREVIOUS)
    real.chmod(0o600)
    hop = tmp_path / "hop.plotdoc"
    hop.symlink_to(Path("data") / "real.plotdoc")
    link = tmp_path / "link.plotdoc"
    link.symlink_to("hop.plotdoc")
    save_project(project, link)
    assert link.is_symlink() and hop.is_symlink()
    assert open_project(real).tables
    assert real.stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in (tmp_path / "data").iterdir()) == ["real.plotdoc"]


def test_a_dangling_link_creates_the_file_it_names(project: Project, tmp_path: Path) -> None:
    link = tmp_path / "link.plotdoc"
    link.symlink_to("new.plotdoc")
    save_project(project, link)
    assert link.is_symlink()
    assert open_project(tmp_path / "new.plotdoc").tables


@pytest.mark.parametrize("umask", [0o022, 0o027, 0o002, 0o077])
def test_a_new_file_gets_the_mode_of_the_umask(
    project: Project, tmp_path: Path, umask: int
) -> None:
    old = os.umask(umask)
    try:
        save_project(project, tmp_path / "new.plotdoc")
    finally:
        os.umask(old)
    assert (tmp_path / "new.plotdoc").stat().st_mode & 0o777 == 0o666 & ~umask


def test_an_existing_file_keeps_its_mode(project: Project, tmp_path: Path) -> None:
    target = tmp_path / "p.plotdoc"
    target.write_bytes(PREVIOUS)
    target.chmod(0o604)
    save_project(project, target)
    assert target.stat().st_mode & 0o777 == 0o604


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root")
def test_an_existing_file_keeps_its_owner_and_group(project: Project, tmp_path: Path) -> None:
    target = tmp_path / "p.plotdoc"
    target.write_bytes(PREVIOUS)
    os.chown(target, 4321, 8765)
    save_project(project, target)
    status = target.stat()
    assert (status.st_uid, status.st_gid) == (4321, 8765)


@pytest.mark.parametrize("length", [248, 255])
def test_a_long_valid_name_saves(project: Project, tmp_path: Path, length: int) -> None:
    name = "a" * (length - len(".plotdoc")) + ".plotdoc"
    assert len(name.encode()) == length
    save_project(project, tmp_path / name)
    assert open_project(tmp_path / name).tables
    assert [p.name for p in tmp_path.iterdir()] == [name]


def test_a_long_name_of_multibyte_characters_saves(project: Project, tmp_path: Path) -> None:
    name = "é" * 120 + ".plotdoc"  # 248 bytes in UTF-8
    save_project(project, tmp_path / name)
    assert [p.name for p in tmp_path.iterdir()] == [name]


def test_a_hard_link_keeps_the_previous_content(project: Project, tmp_path: Path) -> None:
    # documented in docs/reliability.md: a save replaces the name it writes to
    target = tmp_path / "p.plotdoc"
    target.write_bytes(PREVIOUS)
    other = tmp_path / "other-name.plotdoc"
    os.link(target, other)
    save_project(project, target)
    assert other.read_bytes() == PREVIOUS
    assert open_project(target).tables


SIGNALLED = textwrap.dedent(
    """
    import os, signal, sys
    import plotdoc.writer as writer
    from plotdoc.api import loads

    project = loads(sys.stdin.buffer.read())
    real_fdopen = os.fdopen

    class Signalled:
        def __init__(self, real):
            self.real = real
        def __enter__(self):
            return self
        def __exit__(self, *a):
            self.real.close()
        def fileno(self):
            return self.real.fileno()
        def flush(self):
            self.real.flush()
        def write(self, data):
            self.real.write(data[: len(data) // 2])
            self.real.flush()
            os.kill(os.getpid(), getattr(signal, sys.argv[2]))
            self.real.write(data[len(data) // 2 :])

    os.fdopen = lambda fd, mode="r", *a, **k: Signalled(real_fdopen(fd, mode, *a, **k))
    writer.save_project(project, sys.argv[1])
    print("the save went on")
    """
)


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP"])
def test_a_signal_during_a_save_removes_the_temporary_file(tmp_path: Path, name: str) -> None:
    target = tmp_path / "p.plotdoc"
    target.write_bytes(PREVIOUS)
    proc = subprocess.run(
        [sys.executable, "-c", SIGNALLED, str(target), name],
        input=encode(minimal()),
        capture_output=True,
        env={**os.environ, "PYTHONPATH": SRC},
        timeout=120,
        check=False,
    )
    assert proc.returncode == -getattr(signal, name), proc.stderr
    assert b"the save went on" not in proc.stdout
    assert target.read_bytes() == PREVIOUS
    assert [p.name for p in tmp_path.iterdir()] == ["p.plotdoc"]


def test_an_ignored_signal_does_not_stop_a_save(tmp_path: Path) -> None:
    target = tmp_path / "p.plotdoc"
    target.write_bytes(PREVIOUS)
    script = "import signal; signal.signal(signal.SIGHUP, signal.SIG_IGN)\n" + SIGNALLED
    proc = subprocess.run(
        [sys.executable, "-c", script, str(target), "SIGHUP"],
        input=encode(minimal()),
        capture_output=True,
        env={**os.environ, "PYTHONPATH": SRC},
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert b"the save went on" in proc.stdout
    assert open_project(target).tables
    assert [p.name for p in tmp_path.iterdir()] == ["p.plotdoc"]


def test_standard_output_redirected_to_a_file_is_refused_too(tmp_path: Path) -> None:
    # /proc/self/fd/1 then names the redirected file; replacing it would cut the descriptor off
    out = tmp_path / "stdout.txt"
    link = tmp_path / "out.plotdoc"
    link.symlink_to("/dev/stdout")
    script = textwrap.dedent(
        f"""
        import sys
        from plotdoc.api import loads
        from plotdoc.problems import PlotdocError
        from plotdoc.writer import save_project
        print("before", flush=True)
        try:
            save_project(loads(sys.stdin.buffer.read()), {str(link)!r})
        except PlotdocError as exc:
            print(exc, file=sys.stderr)
            sys.exit(1)
        """
    )
    with out.open("wb") as handle:
        proc = subprocess.run(
            [sys.executable, "-c", script],
            input=encode(minimal()),
            stdout=handle,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": SRC},
            timeout=120,
            check=False,
        )
    assert proc.returncode == 1, proc.stderr
    assert b"open file descriptor" in proc.stderr
    assert out.read_bytes() == b"before\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.plotdoc", "stdout.txt"]
