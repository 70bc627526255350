"""Uploads are counted while they arrive: one past a limit is refused before it is held whole,
and uploads arriving together never hold more than the server keeps."""

from __future__ import annotations

import asyncio
import tracemalloc
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from plotdoc.editor.uploads import TooLarge, Uploads, UploadsFull

CHUNK = 64 * 1024
FILE = 1024 * 1024  # the most one upload may hold here
HELD = 3 * FILE  # the most all may hold together


class Sender:
    """A chunked request body (no length given): counts what it handed over."""

    def __init__(self, chunks: int) -> None:
        self.chunks = chunks
        self.sent = 0

    async def body(self) -> AsyncIterator[bytes]:
        for _ in range(self.chunks):
            await asyncio.sleep(0)  # other uploads arrive meanwhile
            self.sent += CHUNK
            yield bytes(CHUNK)


def test_an_upload_past_the_limit_is_refused_as_it_arrives() -> None:
    uploads = Uploads(FILE, HELD)
    sender = Sender(160)  # 10 MB, ten times what a file may hold
    tracemalloc.start()
    try:
        with pytest.raises(TooLarge):
            asyncio.run(uploads.receive("big.csv", sender.body()))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert sender.sent == FILE + CHUNK  # the server stopped reading at the first chunk past
    assert peak < 2 * FILE  # what arrived was never held whole
    assert uploads.held_bytes() == 0 and len(uploads) == 0


def test_an_announced_length_past_the_limit_is_refused_before_reading() -> None:
    uploads = Uploads(FILE, HELD)
    sender = Sender(20)
    with pytest.raises(TooLarge):
        asyncio.run(uploads.receive("big.csv", sender.body(), announced=FILE + 1))
    assert sender.sent == 0


def test_uploads_arriving_together_hold_at_most_the_cap() -> None:
    """Twelve uploads, each within a file's limit, arrive at once: those that would take the
    server past what it keeps are refused while arriving, and memory stays near the cap."""
    uploads = Uploads(FILE, HELD)
    senders = [Sender(15) for _ in range(12)]  # 960 KB each, 11.25 MB together

    async def all_together() -> list[str | BaseException]:
        return await asyncio.gather(
            *(uploads.receive(f"f{k}.csv", s.body()) for k, s in enumerate(senders)),
            return_exceptions=True,
        )

    tracemalloc.start()
    try:
        answers = asyncio.run(all_together())
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    kept = [a for a in answers if isinstance(a, str)]
    refused = [a for a in answers if isinstance(a, UploadsFull)]
    assert len(kept) + len(refused) == 12 and refused
    assert uploads.waiting_bytes() <= HELD
    assert sum(s.sent for s in senders) < 12 * 15 * CHUNK  # the refused were not read whole
    assert peak < HELD + 2 * FILE  # the cap, and one upload being copied
    for key in kept:
        assert uploads.pop(key) is not None
    assert uploads.held_bytes() == 0


def _send_chunked(port: int, token: str, size: int) -> int:
    """POST ``size`` bytes as a chunked request (no length given); the answer's status, or
    0 when the server stopped reading and closed the connection first."""
    import http.client

    def body() -> Iterator[bytes]:
        for _ in range(size // MB):
            yield bytes(MB)

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        conn.request(
            "POST", f"/_plotdoc/upload?name=big.csv&token={token}", body=body(), encode_chunked=True
        )
        return conn.getresponse().status
    except (BrokenPipeError, ConnectionResetError):
        return 0
    finally:
        conn.close()


def _memory_kb(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise AssertionError(f"no {field} for process {pid}")


MB = 1024 * 1024


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_twelve_chunked_uploads_at_once_stay_within_the_cap() -> None:
    """Twelve chunked uploads of 45 MB at once (540 MB) to a running editor: it holds at most
    the 150 MB it keeps, plus the upload being put together."""
    from concurrent.futures import ThreadPoolExecutor

    from .helpers import running

    with running() as editor:
        pid = editor.process.pid
        before = _memory_kb(pid, "VmRSS")
        with ThreadPoolExecutor(12) as pool:
            answers = list(
                pool.map(lambda _: _send_chunked(editor.port, editor.token, 45 * MB), range(12))
            )
        grew = (_memory_kb(pid, "VmHWM") - before) // 1024
    assert 1 <= answers.count(200) <= 3  # at most 135 MB kept; the others refused arriving
    assert all(a in (503, 0) for a in answers if a != 200)
    assert grew < 260, f"the server grew by {grew} MB"
