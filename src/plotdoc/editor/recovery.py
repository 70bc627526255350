"""Recovery copies: the unsaved project kept in the user's data folder until it is saved.

While a project has unsaved changes, a copy of it is written half a second after the last
change (and at least every two seconds while changes keep coming), atomically, into the
recovery folder: ``plotdoc/recovery`` in the user's data folder (``platformdirs``), or the
folder named by the ``PLOTDOC_RECOVERY_DIR`` environment variable. Never beside the user's
file. Each running editor writes its own pair of files there: ``<id>.plotdoc`` (the project,
as Save would write it) and ``<id>.json`` (the file it belongs to, its title, when it was
written, and what the file on disk looked like when the project was opened or last saved).

A save that leaves nothing unsaved (or opening another project, after the user agreed to
discard the changes) removes the copy. When the editor stops with unsaved changes, the copy
is brought up to date first. When the same file, or an untitled project, is opened next, the
copies that belong to it are offered for recovery.

The copy is taken from a snapshot of the project made on the event loop (the cells copied, as
a computation's are; a table unchanged since the last snapshot keeps its last copy, which
nothing changes, so that its save finds what the last one kept) and checked and written in a
worker thread: typing goes on meanwhile. A
project whose copy takes longer than that to write is copied again as soon as the last copy is
written. Each copy written (or removed after a save) is told with the version it holds and the
moment its snapshot was taken: the page says, when the server stops answering, exactly up to
when the user's edits are kept.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy as copying
import json
import os
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..atomic import write_atomic
from ..editing.session import Session
from ..problems import PlotdocError
from .disk import Stamp
from .work import LastCopies

#: The environment variable that names the recovery folder (tests point it at a temporary one).
ENV = "PLOTDOC_RECOVERY_DIR"
#: Seconds of quiet after a change before the copy is written.
QUIET = 0.5
#: Seconds at most between a change and its copy while changes keep coming.
LATEST = 2.0


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


@dataclass
class Kept:
    """What the recovery copy holds: the session's ``version`` (None: nothing unsaved, no copy)
    as it was at ``at``."""

    version: int | None
    at: datetime


@dataclass
class _Snapshot:
    version: int
    project: Any
    meta: dict[str, Any]
    at: datetime
    generation: int
    began: float = field(default_factory=time.monotonic)


class Keeper:
    """Keeps one session's recovery copy up to date (debounced) and removes it when saved.

    :meth:`start` listens to the session's changes from within the running event loop.
    ``stamp`` is asked for what the session's file on disk looked like when last seen; ``kept``
    is told (on the event loop) each time the copy on disk changes.
    """

    def __init__(
        self,
        session: Session,
        *,
        where: Path | None = None,
        stamp: Callable[[], Stamp | None] = lambda: None,
        failed: Callable[[str], None] = lambda why: None,
        kept: Callable[[Kept], None] = lambda kept: None,
        quiet: float = QUIET,
        latest: float = LATEST,
    ) -> None:
        self.session = session
        self.where = where
        self.stamp = stamp
        #: told why a copy could not be written (once per reason)
        self.failed = failed
        self.kept = kept
        self.quiet = quiet
        self.latest = latest
        self.id = f"{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(4)}"
        #: the session's version the copy on disk holds (None: no copy)
        self.written_version: int | None = None
        #: what the copy on disk holds, and since when (None: not known yet)
        self.holds: Kept | None = None
        #: why the last copy could not be written (shown in the terminal at the end)
        self.failure = ""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._first_change: float | None = None
        self._cost = 0.0
        self._lock = threading.Lock()
        #: moved by each removal: a copy snapshotted before it is not written after it
        self._generation = 0
        self._writing = False
        #: the last copies of the tables (the analyses and the graph on screen use them too)
        self.copies = LastCopies()

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
        # a copy that takes long to write is written again as soon as the last one is done
        delay = max(self.quiet, self._cost)
        delay = min(delay, max(0.0, self._first_change + max(self.latest, self._cost) - now))
        if self._timer is not None:
            self._timer.cancel()
        assert self._loop is not None
        self._timer = self._loop.call_later(delay, self._due)

    def _due(self) -> None:
        self._timer = None
        if self._writing:  # written again when this one is done
            return
        self._first_change = None
        snapshot = self._snapshot()
        if snapshot is None:
            return
        self._writing = True
        assert self._loop is not None
        done = self._loop.run_in_executor(None, self._write, snapshot)
        done.add_done_callback(self._written)

    def _written(self, done: asyncio.Future[bool]) -> None:
        self._writing = False
        if not done.cancelled() and (exc := done.exception()) is not None:  # never expected
            self._fail(f"{type(exc).__name__}: {exc}")
        if self.session.dirty and self.written_version != self.session.version:
            self._schedule()  # changes came while it was written
        if self.holds is not None:
            self.kept(self.holds)

    def write(self) -> bool:
        """Write the copy now (and wait for it) if the session has unsaved changes it does not
        hold yet."""
        if not self.session.dirty:
            self.remove()
            return False
        if self.written_version == self.session.version:
            return True
        snapshot = self._snapshot()
        return snapshot is not None and self._write(snapshot)

    def _snapshot(self) -> _Snapshot | None:
        """What the copy will hold, taken now (on the event loop: edits change the project in
        place); None when there is nothing to write."""
        from .work import project_copy

        session = self.session
        if not session.dirty:
            self.remove()
            return None
        if self.written_version == session.version:
            return None
        project = project_copy(session.project, self.copies.of(session.project.tables))
        project.meta = copying.deepcopy(project.meta)
        project.usermeta = copying.deepcopy(project.usermeta)
        project.view = copying.deepcopy(project.view)
        stamp = self.stamp()
        at = datetime.now(UTC)
        meta = {
            "source": source_key(session.path),
            "title": session.title,
            "written": at.isoformat(timespec="seconds"),
            "stamp": None if stamp is None else stamp.as_dict(),
            "pid": os.getpid(),
        }
        return _Snapshot(session.version, project, meta, at, self._generation)

    def _write(self, snapshot: _Snapshot) -> bool:
        """Check and write ``snapshot`` (in a worker thread, or at the end)."""
        from ..writer import dumps

        try:
            data = dumps(snapshot.project, compact=True)
        except PlotdocError as exc:
            self._fail(exc.errors[0].message if exc.errors else "the project cannot be written")
            return False
        try:
            with self._lock:
                if snapshot.generation != self._generation:
                    return False  # saved meanwhile: no copy is wanted
                if self.written_version is not None and self.written_version > snapshot.version:
                    return True  # a newer copy is on disk
                self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
                write_atomic(self.data_path, data)
                write_atomic(self.meta_path, json.dumps(snapshot.meta, indent=2).encode())
                self.written_version = snapshot.version
                self.holds = Kept(snapshot.version, snapshot.at)
        except (OSError, PlotdocError) as exc:
            self._fail(str(exc))
            return False
        self.failure = ""
        self._cost = time.monotonic() - snapshot.began
        return True

    def _fail(self, why: str) -> None:
        if why != self.failure:
            self.failed(why)
        self.failure = why

    def remove(self) -> None:
        """Remove this session's copy (its work was saved or knowingly discarded)."""
        with self._lock:
            self._generation += 1
            for p in (self.meta_path, self.data_path):
                with contextlib.suppress(FileNotFoundError, OSError):
                    p.unlink()
            self.written_version = None
            self.holds = Kept(None, datetime.now(UTC))
        self.copies.clear()  # nothing unsaved: no copy to keep
        self.kept(self.holds)

    def current(self) -> Copy | None:
        """This session's copy as it is on disk (None when there is none)."""
        return _read_meta(self.meta_path) if self.meta_path.exists() else None


def describe(copy: Copy) -> dict[str, Any]:
    """What the page shows about a copy."""
    return {"id": copy.id, "title": copy.title, "when": copy.when(), "source": copy.source}
