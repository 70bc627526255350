"""Reading a file or a stream: never more than one byte past the limit, never a buffer of the
limit's size for a small file."""

from __future__ import annotations

import io
import tracemalloc
from pathlib import Path

from plotdoc.api import open_project, read_capped, read_limited
from plotdoc.contract.limits import MAX_FILE_BYTES

SMALL = (
    b'{"format":"plotdoc-project","schemaVersion":1,"tables":[{"format":"column",'
    b'"dataSets":[{"name":"A","values":[[1],[2]]}]}]}'
)


class Trickle(io.RawIOBase):
    """A stream that gives at most ``step`` bytes per read, as a pipe or a socket may."""

    def __init__(self, data: bytes, step: int) -> None:
        self.data = data
        self.at = 0
        self.step = step

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        n = self.step if size < 0 else min(size, self.step)
        out = self.data[self.at : self.at + n]
        self.at += len(out)
        return out


def test_a_small_file_is_read_without_a_buffer_of_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "small.plotdoc"
    path.write_bytes(SMALL)
    tracemalloc.start()
    try:
        assert read_limited(path) == SMALL
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1 << 20  # was MAX_FILE_BYTES + 1 (50 MB) for any file
    open_project(path)  # the imports and the schema's compiled checks, once per process
    tracemalloc.start()
    try:
        open_project(path)
        opened = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert opened < 1 << 20


def test_a_stream_is_read_to_its_end_whatever_each_read_gives() -> None:
    data = SMALL * 40_000  # 4.6 MB, more than one chunk
    assert read_capped(Trickle(data, 7_777)) == data
    assert read_capped(io.BytesIO(data)) == data
    assert read_capped(io.BytesIO(b"")) == b""


def test_a_stream_past_the_limit_is_read_to_one_byte_past_it() -> None:
    data = b" " * (MAX_FILE_BYTES + 5_000_000)
    got = read_capped(io.BytesIO(data))
    assert len(got) == MAX_FILE_BYTES + 1


def test_a_file_that_grew_since_its_size_was_read_is_read_on() -> None:
    data = SMALL * 10
    assert read_capped(io.BytesIO(data), expected=len(SMALL)) == data
    assert read_capped(io.BytesIO(data), expected=len(data) + 100) == data
