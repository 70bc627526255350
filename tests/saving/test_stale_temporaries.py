"""A save removes the strays of killed saves of the same file, and nothing else.

A process killed outright mid-save (``kill -9``, power loss) leaves its full-size temporary
``.<name>.<8 hex>.tmp`` beside the file. The next successful save of that file removes such
files last written more than ``STALE_AFTER`` (an hour) ago; a younger one may be another
process's save in progress and is left, as is every file of another naming.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from plotdoc.api import loads
from plotdoc.atomic import STALE_AFTER, temporary_name, write_atomic
from plotdoc.writer import save_project

from ..hostile.documents import encode, minimal

OLD = time.time() - STALE_AFTER - 60


def _stray(folder: Path, name: str, *, age: float = OLD) -> Path:
    path = folder / name
    path.write_bytes(b'{"half": "written')
    os.utime(path, (age, age))
    return path


def test_a_save_removes_an_old_stray_of_its_file(tmp_path: Path) -> None:
    target = tmp_path / "project.plotdoc"
    target.write_bytes(b"previous")
    stray = _stray(tmp_path, ".project.plotdoc.0a1b2c3d.tmp")
    save_project(loads(encode(minimal())), target)
    assert not stray.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["project.plotdoc"]


def test_a_young_temporary_may_be_a_save_in_progress_and_stays(tmp_path: Path) -> None:
    target = tmp_path / "project.plotdoc"
    young = _stray(tmp_path, ".project.plotdoc.0a1b2c3d.tmp", age=time.time() - 60)
    write_atomic(target, b"new")
    assert young.exists()


@pytest.mark.parametrize(
    "name",
    [
        ".other.plotdoc.0a1b2c3d.tmp",  # another file's
        ".project.plotdoc.0A1B2C3D.tmp",  # not plotdoc's digits
        ".project.plotdoc.0a1b2c.tmp",
        ".project.plotdoc.0a1b2c3d.tmp.bak",
        "project.plotdoc.0a1b2c3d.tmp",
        ".project.plotdoc.tmp",
        ".project.plotdoc.0a1b2c3d.swp",
    ],
)
def test_files_of_another_naming_are_left_alone(tmp_path: Path, name: str) -> None:
    other = _stray(tmp_path, name)
    write_atomic(tmp_path / "project.plotdoc", b"new")
    assert other.exists()


def test_only_regular_files_are_removed(tmp_path: Path) -> None:
    folder = tmp_path / ".project.plotdoc.11111111.tmp"
    folder.mkdir()
    outside = _stray(tmp_path, "outside")
    link = tmp_path / ".project.plotdoc.22222222.tmp"
    link.symlink_to(outside)
    os.utime(link, (OLD, OLD), follow_symlinks=False)
    write_atomic(tmp_path / "project.plotdoc", b"new")
    assert folder.is_dir() and link.is_symlink() and outside.exists()


def test_a_long_name_is_matched_as_shortened(tmp_path: Path) -> None:
    target = tmp_path / ("p" * 247 + ".plotdoc")  # 255 bytes: its temporary is shortened
    stray = _stray(tmp_path, temporary_name(target.name, tmp_path))
    assert len(stray.name) == 255
    write_atomic(target, b"second")
    assert not stray.exists()


def test_a_batch_into_one_folder_lists_it_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Writing many files into one folder does not list the folder once per file."""
    listed: list[str] = []
    real = os.scandir

    def scandir(path: Any) -> Any:
        listed.append(str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    strays = [_stray(tmp_path, f".g{n}.svg.0a1b2c3d.tmp") for n in range(50)]
    for n in range(50):
        write_atomic(tmp_path / f"g{n}.svg", b"<svg/>")
    assert listed == [str(tmp_path)]
    assert not any(s.exists() for s in strays)


def test_a_killed_save_is_cleaned_by_the_next(tmp_path: Path) -> None:
    """A process killed between writing its temporary file and the rename leaves it; once it
    is an hour old, the next save of the file removes it."""
    target = tmp_path / "project.plotdoc"
    target.write_bytes(b"previous")
    code = textwrap.dedent(
        f"""
        import os, plotdoc.atomic as atomic
        def killed(src, dst):
            os.kill(os.getpid(), 9)
        atomic.os.replace = killed
        atomic.write_atomic(atomic.Path({str(target)!r}), b"x" * 100_000)
        """
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2] / "src")}
    done = subprocess.run([sys.executable, "-c", code], env=env, check=False, timeout=60)
    assert done.returncode == -9
    (stray,) = [p for p in tmp_path.iterdir() if p.name != "project.plotdoc"]
    assert stray.stat().st_size == 100_000 and target.read_bytes() == b"previous"
    write_atomic(target, b"new")
    assert stray.exists()  # written just now: it could be a save in progress
    os.utime(stray, (OLD, OLD))
    write_atomic(target, b"newer")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["project.plotdoc"]
