"""Files and large pastes the page sends over HTTP, kept until the tab's event takes them.

A file (or a paste too large for the page's connection, whose messages are limited to 1 MB)
is sent to an upload route; the page then names it in an event of its tab, which takes it
from here and opens it (or pastes it) as an edit of that tab. Uploads that arrive together
are all kept; one nobody takes is dropped after :data:`KEEP_SECONDS`. When the waiting
uploads would hold more than :data:`MAX_WAITING_BYTES`, a new one is refused (never an
older one dropped).
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass

from ..contract.limits import MAX_FILE_BYTES

#: An upload no tab has taken after this many seconds is dropped.
KEEP_SECONDS = 600.0
#: The most bytes waiting uploads may hold together.
MAX_WAITING_BYTES = 3 * MAX_FILE_BYTES


class UploadsFull(Exception):
    """The waiting uploads hold as much as the server keeps."""


@dataclass
class Upload:
    name: str
    data: bytes
    at: float


class Uploads:
    def __init__(self) -> None:
        self._waiting: dict[str, Upload] = {}

    def __len__(self) -> int:
        return len(self._waiting)

    def waiting_bytes(self) -> int:
        return sum(len(u.data) for u in self._waiting.values())

    def room_for(self, size: int) -> bool:
        self._expire()
        return self.waiting_bytes() + size <= MAX_WAITING_BYTES

    def put(self, name: str, data: bytes) -> str:
        """Keep ``data``; the key names it in the tab's event. Raise UploadsFull."""
        if not self.room_for(len(data)):
            raise UploadsFull
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
