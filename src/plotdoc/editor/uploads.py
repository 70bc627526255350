"""Files and large pastes the page sends over HTTP, kept until the tab's event takes them.

A file (or a paste too large for the page's connection, whose messages are limited to 1 MB)
is sent to an upload route; the page then names it in an event of its tab, which takes it
from here and opens it (or pastes it) as an edit of that tab. Uploads that arrive together
are all kept; one nobody takes is dropped after :data:`KEEP_SECONDS`.

The bytes are counted while they arrive (:meth:`Uploads.receive`): an upload is refused as
soon as it passes :data:`MAX_FILE_BYTES`, or as soon as the uploads waiting and the uploads
arriving would hold more than :data:`MAX_WAITING_BYTES` together (a new one is refused, never
an older one dropped). A sender that gives no length (a chunked request) is stopped at the
same points: the server never holds more than the cap, plus one upload being copied.
"""

from __future__ import annotations

import itertools
import secrets
import time
from collections.abc import AsyncIterable
from dataclasses import dataclass

from ..contract.limits import MAX_FILE_BYTES

#: An upload no tab has taken after this many seconds is dropped.
KEEP_SECONDS = 600.0
#: The most bytes waiting and arriving uploads may hold together.
MAX_WAITING_BYTES = 3 * MAX_FILE_BYTES


class UploadsFull(Exception):
    """The waiting uploads hold as much as the server keeps."""


class TooLarge(Exception):
    """One upload passed the most a file may hold; ``received`` bytes had arrived."""

    def __init__(self, received: int) -> None:
        super().__init__(received)
        self.received = received


@dataclass
class Upload:
    name: str
    data: bytes
    at: float


class Uploads:
    """``max_file``: the most one upload may hold; ``max_held``: the most all may hold."""

    def __init__(self, max_file: int = MAX_FILE_BYTES, max_held: int = MAX_WAITING_BYTES) -> None:
        self.max_file = max_file
        self.max_held = max_held
        self._waiting: dict[str, Upload] = {}
        #: the bytes each upload still arriving holds (or announced, when more)
        self._arriving: dict[int, int] = {}
        self._ids = itertools.count()

    def __len__(self) -> int:
        return len(self._waiting)

    def waiting_bytes(self) -> int:
        return sum(len(u.data) for u in self._waiting.values())

    def held_bytes(self) -> int:
        """What waiting and arriving uploads hold (or announced) together."""
        return self.waiting_bytes() + sum(self._arriving.values())

    def room_for(self, size: int) -> bool:
        self._expire()
        return self.held_bytes() + size <= self.max_held

    def put(self, name: str, data: bytes) -> str:
        """Keep ``data``; the key names it in the tab's event. Raise UploadsFull."""
        if not self.room_for(len(data)):
            raise UploadsFull
        return self._keep(name, data)

    async def receive(self, name: str, chunks: AsyncIterable[bytes], announced: int = 0) -> str:
        """Read an upload as it arrives and keep it; its key. ``announced``: the length the
        sender gave (0 when none). Stops reading and raises :class:`TooLarge` as soon as it
        passes ``max_file``, :class:`UploadsFull` as soon as all together would pass
        ``max_held``; what had arrived is let go at once."""
        if announced > self.max_file:
            raise TooLarge(0)
        if not self.room_for(announced):
            raise UploadsFull
        me = next(self._ids)
        self._arriving[me] = announced
        held = bytearray()  # one block (its memory goes back to the system when let go)
        received = 0
        try:
            async for chunk in chunks:
                received += len(chunk)
                if received > self.max_file:
                    raise TooLarge(received)
                if received > self._arriving[me]:
                    self._arriving[me] = received
                    if self.held_bytes() > self.max_held:
                        raise UploadsFull
                held += chunk
            data = bytes(held)  # no other upload is copied meanwhile (no await here)
        finally:
            del held
            del self._arriving[me]
        return self._keep(name, data)

    def _keep(self, name: str, data: bytes) -> str:
        key = secrets.token_urlsafe(12)
        self._waiting[key] = Upload(name, data, time.monotonic())
        return key

    def pop(self, key: str) -> tuple[str, bytes] | None:
        upload = self._waiting.pop(key, None)
        return None if upload is None else (upload.name, upload.data)

    def _expire(self) -> None:
        now = time.monotonic()
        for key, upload in list(self._waiting.items()):
            if now - upload.at > KEEP_SECONDS:
                del self._waiting[key]
