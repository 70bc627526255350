"""The progress bar on a terminal (a pseudo-terminal here), and none elsewhere."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest

from ..conftest import CORPUS


def _files(folder: Path, n: int) -> None:
    data = (CORPUS / "valid" / "minimal.plotdoc").read_bytes()
    for i in range(n):
        (folder / f"f{i:03}.plotdoc").write_bytes(data)


def _run_on_a_terminal(args: list[str]) -> tuple[int, str]:
    """Run plotdoc with its standard error on a pseudo-terminal; what the terminal got."""
    main, child = pty.openpty()
    # a terminal of 100 columns (a new pseudo-terminal has none, and a bar needs some)
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    proc = subprocess.Popen(
        [sys.executable, "-m", "plotdoc", *args],
        stdout=subprocess.DEVNULL,
        stderr=child,
        stdin=subprocess.DEVNULL,
    )
    os.close(child)
    chunks: list[bytes] = []
    while True:
        ready, _, _ = select.select([main], [], [], 60)
        if not ready:
            break
        try:
            chunk = os.read(main, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(main)
    return proc.wait(timeout=60), b"".join(chunks).decode("utf-8", "replace")


@pytest.mark.parametrize(
    ("argv", "summary"),
    [
        (["validate", "-j", "2"], "plotdoc validate: 40 files, 0 refused, 0 warnings in"),
        (
            ["fmt", "-j", "2"],
            "plotdoc fmt: 40 files (40 reformatted, 0 already formatted), 0 refused, 0 warnings in",
        ),
        (
            ["render", "-j", "2", "-o", "{out}"],
            "plotdoc render: 40 files, 0 refused, 0 warnings in",
        ),
        (
            ["analyze", "-j", "2"],
            "plotdoc analyze: 40 files (0 with an analysis that gave no result), 0 refused",
        ),
    ],
)
def test_a_terminal_gets_a_bar_with_count_rate_and_a_summary(
    tmp_path: Path, argv: list[str], summary: str
) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    _files(folder, 40)
    args = [a.replace("{out}", str(tmp_path / "out")) for a in argv]
    code, screen = _run_on_a_terminal([*args, str(folder)])
    assert code == 0
    assert "40/40" in screen and "files/s" in screen  # tqdm's count and rate
    assert summary in screen


@pytest.mark.parametrize("command", [["validate"], ["fmt"], ["render", "-o", "{out}"], ["analyze"]])
def test_quiet_or_not_a_terminal_draws_no_bar(tmp_path: Path, command: list[str]) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    _files(folder, 5)
    command = [a.replace("{out}", str(tmp_path / "out")) for a in command]
    code, screen = _run_on_a_terminal([*command, "-q", "-j", "1", str(folder)])
    assert code == 0 and screen.strip() == ""
    proc = subprocess.run(
        [sys.executable, "-m", "plotdoc", *command, "-j", "1", str(folder)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert "\r" not in proc.stderr  # no bar drawn
    assert proc.stderr.startswith(f"plotdoc {command[0]}: 5 files")


def test_import_of_many_sources_gets_the_bar_too(tmp_path: Path) -> None:
    for i in range(40):
        (tmp_path / f"s{i:02}.csv").write_text("A,B\n1,2\n3,4\n")
    argv = ["import", "--family", "column", "-j", "2", str(tmp_path / "*.csv")]
    code, screen = _run_on_a_terminal([*argv, "-o", str(tmp_path / "out")])
    assert code == 0
    assert "40/40" in screen and "files/s" in screen
    assert "plotdoc import: 40 files, 0 refused, 0 warnings in" in screen
    assert len(list((tmp_path / "out").iterdir())) == 40
