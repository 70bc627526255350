"""Recovery copies: the unsaved project kept in the user's data folder until it is saved.

While a project has unsaved changes, a copy of it is written a few seconds after the last
change (and at least every few seconds while changes keep coming), atomically, into the
recovery folder: ``plotdoc/recovery`` in the user's data folder (``platformdirs``), or the
folder named by the ``PLOTDOC_RECOVERY_DIR`` environment variable. Never beside the user's
file. Each running editor writes its own pair of files there: ``<id>.plotdoc`` (the project,
as Save would write it) and ``<id>.json`` (the file it belongs to, its title, when it was
written, and what the file on disk looked like when the project was opened or last saved).

A save that leaves nothing unsaved (or opening another project, after the user agreed to
discard the changes) removes the copy. When the editor stops with unsaved changes, the copy
is brought up to date first. When the same file, or an untitled project, is opened next, the
copies that belong to it are offered for recovery.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..atomic import write_atomic
from ..editing.session import Session
from ..problems import PlotdocError
from .disk import Stamp

#: The environment variable that names the recovery folder (tests point it at a temporary one).
ENV = "PLOTDOC_RECOVERY_DIR"
#: Seconds of quiet after a change before the copy is written.
QUIET = 2.0
#: Seconds at most between a change and its copy while changes keep coming.
LATEST = 10.0


def folder() -> Path:
    """The recovery folder (not created here)."""
    named = os.environ.get(ENV)
    if named:
        return Path(named).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("plotdoc", appauthor=False)) / "recovery"


def source_key(path: Path | None) -> str | None:
    """The file a project belongs to, as recorded in its copy (absolute, links resolved)."""
    if path is None:
        return None
    return str(Path(os.path.abspath(path.expanduser())).resolve(strict=False))


@dataclass(frozen=True)
class Copy:
    """One recovery copy found in the folder."""

    id: str
    data: Path
    meta: Path
    #: the file the project belongs to; None for an untitled project
    source: str | None
    title: str
    written: datetime
    #: the file on disk as the project last saw it (opened or saved), if it had one
    stamp: Stamp | None
    #: the process of the editor that wrote it
    pid: int | None = None

    def read(self) -> bytes:
        return self.data.read_bytes()

    def remove(self) -> None:
        for p in (self.meta, self.data):
            with contextlib.suppress(FileNotFoundError):
                p.unlink()

    def when(self, now: datetime | None = None) -> str:
        """``Tuesday 24 November 2026 at 23:41 (3 minutes ago)``, in local time."""
        local = self.written.astimezone()
        ago = ((now or datetime.now(UTC)) - self.written).total_seconds()
        return f"{local:%A %d %B %Y at %H:%M} ({_ago(ago)})"


def _ago(seconds: float) -> str:
    if seconds < 60:
        return "less than a minute ago"
    for size, unit in ((86400, "day"), (3600, "hour"), (60, "minute")):
        if seconds >= size:
            n = int(seconds // size)
            return f"{n} {unit}{'' if n == 1 else 's'} ago"
    return ""  # pragma: no cover


def _read_meta(meta: Path) -> Copy | None:
    try:
        info = json.loads(meta.read_text(encoding="utf-8"))
        data = meta.with_suffix(".plotdoc")
        if not data.is_file() or not isinstance(info, dict):
            return None
        stamp = info.get("stamp")
        return Copy(
            id=meta.stem,
            data=data,
            meta=meta,
            source=info.get("source"),
            title=str(info.get("title") or data.name),
            written=datetime.fromisoformat(str(info["written"])),
            stamp=Stamp(**stamp) if isinstance(stamp, dict) else None,
            pid=info.get("pid") if isinstance(info.get("pid"), int) else None,
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None


def find(path: Path | None, *, exclude: str | None = None, where: Path | None = None) -> list[Copy]:
    """The copies that belong to the file ``path`` (None: untitled projects), newest first;
    a copy an editor that still runs keeps is not listed."""
    base = where or folder()
    key = source_key(path)
    try:
        metas = list(base.glob("*.json"))
    except OSError:
        return []
    copies = [c for m in metas if (c := _read_meta(m)) is not None]
    found = [c for c in copies if c.source == key and c.id != exclude and not _running(c.pid)]
    return sorted(found, key=lambda c: c.written, reverse=True)


def _running(pid: int | None) -> bool:
    """Whether the editor that wrote a copy still runs (its copy is its own, not offered)."""
    if pid is None or pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True  # a process of another user: not ours to judge
    try:  # a process number reused by another program does not hide a copy
        return b"plotdoc" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return True


class Keeper:
    """Keeps one session's recovery copy up to date (debounced) and removes it when saved.

    :meth:`start` listens to the session's changes from within the running event loop.
    ``stamp`` is asked for what the session's file on disk looked like when last seen.
    """

    def __init__(
        self,
        session: Session,
        *,
        where: Path | None = None,
        stamp: Callable[[], Stamp | None] = lambda: None,
        failed: Callable[[str], None] = lambda why: None,
        quiet: float = QUIET,
        latest: float = LATEST,
    ) -> None:
        self.session = session
        self.where = where
        self.stamp = stamp
        #: told why a copy could not be written (once per reason)
        self.failed = failed
        self.quiet = quiet
        self.latest = latest
        self.id = f"{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(4)}"
        #: the session's version the copy on disk holds (None: no copy)
        self.written_version: int | None = None
        #: why the last copy could not be written (shown in the terminal at the end)
        self.failure = ""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._first_change: float | None = None
        self._cost = 0.0
        self._lock = threading.Lock()

    @property
    def folder(self) -> Path:
        return self.where or folder()

    @property
    def data_path(self) -> Path:
        return self.folder / f"{self.id}.plotdoc"

    @property
    def meta_path(self) -> Path:
        return self.folder / f"{self.id}.json"

    def start(self, loop: asyncio.AbstractEventLoop | None = None) -> None:
        self._loop = loop or asyncio.get_running_loop()
        self.session.listeners.append(self._changed)
        self._changed(self.session)

    def stop(self) -> None:
        if self._changed in self.session.listeners:
            self.session.listeners.remove(self._changed)
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def changed(self) -> None:
        """The session changed outside its own edits (a recovered project): keep a copy."""
        self._changed(self.session)

    def _changed(self, session: Session) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            self._schedule()
        else:  # a change made in a worker thread
            loop.call_soon_threadsafe(self._schedule)

    def _schedule(self) -> None:
        if not self.session.dirty:
            self._first_change = None
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            self.remove()
            return
        now = time.monotonic()
        if self._first_change is None:
            self._first_change = now
        # a large project takes a while to write: never spend more than a tenth of the time on it
        delay = max(self.quiet, 10 * self._cost)
        delay = min(delay, max(0.0, self._first_change + max(self.latest, 10 * self._cost) - now))
        if self._timer is not None:
            self._timer.cancel()
        assert self._loop is not None
        self._timer = self._loop.call_later(delay, self._due)

    def _due(self) -> None:
        self._timer = None
        self._first_change = None
        self.write()

    def write(self) -> bool:
        """Write the copy now if the session has unsaved changes it does not hold yet."""
        session = self.session
        if not session.dirty:
            self.remove()
            return False
        if self.written_version == session.version:
            return True
        from ..writer import dumps

        began = time.monotonic()
        version = session.version
        try:
            data = dumps(session.project, compact=True)
        except PlotdocError as exc:
            self._fail(exc.errors[0].message if exc.errors else "the project cannot be written")
            return False
        stamp = self.stamp()
        meta = {
            "source": source_key(session.path),
            "title": session.title,
            "written": datetime.now(UTC).isoformat(timespec="seconds"),
            "stamp": None if stamp is None else stamp.as_dict(),
            "pid": os.getpid(),
        }
        try:
            with self._lock:
                self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
                write_atomic(self.data_path, data)
                write_atomic(self.meta_path, json.dumps(meta, indent=2).encode())
        except (OSError, PlotdocError) as exc:
            self._fail(str(exc))
            return False
        self.failure = ""
        self.written_version = version
        self._cost = time.monotonic() - began
        return True

    def _fail(self, why: str) -> None:
        if why != self.failure:
            self.failed(why)
        self.failure = why

    def remove(self) -> None:
        """Remove this session's copy (its work was saved or knowingly discarded)."""
        with self._lock:
            for p in (self.meta_path, self.data_path):
                with contextlib.suppress(FileNotFoundError, OSError):
                    p.unlink()
        self.written_version = None

    def current(self) -> Copy | None:
        """This session's copy as it is on disk (None when there is none)."""
        return _read_meta(self.meta_path) if self.meta_path.exists() else None


def describe(copy: Copy) -> dict[str, Any]:
    """What the page shows about a copy."""
    return {"id": copy.id, "title": copy.title, "when": copy.when(), "source": copy.source}
