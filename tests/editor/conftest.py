"""A running editor and a real Chromium (Debian's package) driven by Playwright.

The server runs as `plotdoc edit --no-browser` in a subprocess on a free loopback port and
is always stopped. Without chromium on PATH (or without playwright/nicegui) the tests skip
with the reason.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-dev-shm-usage",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Editor:
    process: subprocess.Popen[str]
    url: str
    port: int

    @property
    def token(self) -> str:
        return self.url.split("token=", 1)[1]

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)


def start_editor(
    file: Path | None = None,
    cwd: Path | None = None,
    recovery: Path | None = None,
    port: int | None = None,
    env: dict[str, str] | None = None,
) -> Editor:
    """``recovery``: the folder of recovery copies (default: a new temporary folder, so no
    test writes into the user's own); ``port``: the port (default: a free one); ``env``:
    more environment variables for the server."""
    pytest.importorskip(
        "nicegui", reason="the editor extra is not installed (pip install -e '.[editor]')"
    )
    port = port or free_port()
    # NiceGUI behaves as under its own test harness when it sees pytest's variables
    extra = env
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "NICEGUI"))}
    env["PYTHONPATH"] = str(REPO / "src") + os.pathsep + env.get("PYTHONPATH", "")
    env["PLOTDOC_RECOVERY_DIR"] = str(recovery or tempfile.mkdtemp(prefix="plotdoc-recovery-"))
    env.update(extra or {})
    args = ["edit", "--no-browser", "--port", str(port)] + ([str(file)] if file else [])
    code = "import sys; from plotdoc.cli import main; sys.exit(main(sys.argv[1:]))"
    process = subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        cwd=cwd or REPO,
    )
    assert process.stdout is not None
    deadline = time.monotonic() + 60
    url = None
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        m = re.search(r"(http://\S+\?token=\S+)", line)
        if m:
            url = m.group(1)
            break
    if url is None:
        process.kill()
        raise RuntimeError("the editor did not start: " + (process.stdout.read() or ""))
    while time.monotonic() < deadline:  # wait until it answers
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                break
        except OSError:
            time.sleep(0.1)
    return Editor(process, url, port)


@pytest.fixture
def nothing_kept() -> Iterator[None]:
    """No figure kept by the editor's drawing (``plotdoc.editor.redraw``) before the test or
    after it: each test of the kept figure starts from a fresh drawing."""
    from plotdoc.editor import redraw

    redraw.forget()
    yield
    redraw.forget()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("chromium is not on PATH (apt-get install chromium chromium-driver)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


DROP_JS = """
async ([name, b64]) => {
  const bytes = Uint8Array.from(atob(b64), c => c.charCodeAt(0));
  const file = new File([bytes], name);
  const dt = new DataTransfer();
  dt.items.add(file);
  for (const type of ["dragenter", "dragover", "drop"]) {
    const ev = new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true });
    document.querySelector("main, body").dispatchEvent(ev);
  }
}
"""


def drop_file(page: Any, name: str, data: bytes) -> None:
    """Drop a file on the page as a user dragging it from the desktop would."""
    import base64

    page.evaluate(DROP_JS, [name, base64.b64encode(data).decode()])
