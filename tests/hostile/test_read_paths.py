"""Opening by path: whatever the path names, a report or a PlotdocError, at once.

A named pipe with no writer used to block open() forever, and a file name holding a NUL byte or
a lone surrogate raised ValueError from validate(), which promises never to raise.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from plotdoc.api import open_project, validate
from plotdoc.editing import Session
from plotdoc.problems import PlotdocError

from .documents import encode, minimal


def _codes(source: str | Path) -> list[tuple[str, str]]:
    return [(p.code, p.where) for p in validate(source).errors]


@pytest.mark.parametrize("name", ["a\x00b.plotdoc", "a\ud800.plotdoc"])
def test_impossible_file_names_are_unreadable(tmp_path: Path, name: str) -> None:
    path = str(tmp_path) + os.sep + name
    assert _codes(path) == [("file-unreadable", "")]
    with pytest.raises(PlotdocError):
        open_project(path)
    ws = Session()
    before = ws.project
    assert not ws.open_path(path).ok
    assert ws.project is before


def test_a_folder_is_unreadable(tmp_path: Path) -> None:
    assert _codes(tmp_path) == [("file-unreadable", "")]


def test_a_device_is_unreadable() -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero on this system")
    assert _codes("/dev/zero") == [("file-unreadable", "")]


def test_a_missing_file() -> None:
    assert _codes("/nonexistent/folder/x.plotdoc") == [("file-not-found", "")]


def test_a_named_pipe_without_writer_is_refused_at_once(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes on this system")
    fifo = tmp_path / "pipe.plotdoc"
    os.mkfifo(fifo)
    # in a child process, so a regression hangs the child (killed by the timeout), not the suite
    code = textwrap.dedent(
        f"""
        from plotdoc.api import validate
        print([p.code for p in validate({str(fifo)!r}).errors])
        """
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert proc.stdout.strip() == "['file-unreadable']", proc.stderr


def test_a_regular_file_still_opens(tmp_path: Path) -> None:
    path = tmp_path / "ok.plotdoc"
    path.write_bytes(encode(minimal()))
    assert open_project(path).tables
    assert validate(path).problems == []


def test_an_unusual_name_is_read_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "project.txt"
    path.write_bytes(encode(minimal()))
    report = validate(path)
    assert report.ok
    assert [(p.code, p.where) for p in report.warnings] == [("file-name", "")]
