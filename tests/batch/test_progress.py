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


def test_a_terminal_gets_a_bar_with_count_rate_and_a_summary(tmp_path: Path) -> None:
    _files(tmp_path, 40)
    code, screen = _run_on_a_terminal(["validate", "-j", "2", str(tmp_path)])
    assert code == 0
    assert "40/40" in screen and "files/s" in screen  # tqdm's count and rate
    assert "plotdoc validate: 40 files, 0 refused, 0 warnings in" in screen


def test_quiet_or_not_a_terminal_draws_no_bar(tmp_path: Path) -> None:
    _files(tmp_path, 5)
    code, screen = _run_on_a_terminal(["validate", "-q", "-j", "1", str(tmp_path)])
    assert code == 0 and screen.strip() == ""
    proc = subprocess.run(
        [sys.executable, "-m", "plotdoc", "validate", "-j", "1", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert "\r" not in proc.stderr  # no bar drawn
    assert proc.stderr.startswith("plotdoc validate: 5 files, 0 refused")
