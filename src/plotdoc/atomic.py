"""Replace a file with new bytes, whole or not at all, respecting what the file system holds.

A save writes a temporary file beside the file it replaces, flushes and fsyncs it, gives it the
mode (and, where permitted, the owner and group) of the file it replaces, then renames it over
that file and fsyncs the folder. What the target may be:

* a regular file, or no file yet: a new file gets the mode the umask gives (``0o666 & ~umask``);
* a symbolic link: the file it points to is replaced, and the link stays a link;
* anything else (a folder, a named pipe, a socket, a device, including through a link) and any
  link to an open file descriptor (``/dev/stdout``, ``/proc/self/fd/1``, whatever it points
  to): refused with ``save-failed``, and nothing is written.

The temporary name is ``.<name>.<8 hex digits>.tmp``, with ``<name>`` shortened so that the
whole fits the folder's longest file name (255 bytes on common file systems). If SIGTERM or
SIGHUP arrives during a save and would end the process, the temporary file is removed first;
any failure before the rename leaves the target as it was.

A process killed outright mid-save (SIGKILL, power loss) leaves its temporary file. The next
successful save of the same target removes every regular file beside it named exactly as that
target's temporaries are (``.<name>.<8 lowercase hex digits>.tmp``) and last written more than
:data:`STALE_AFTER` seconds ago. A save in progress writes its temporary file within seconds
(a project is at most 50 MB), so a file that old is no live save's; and if one were (a process
stopped for an hour mid-save), removing it costs only that save, whose rename then fails with
``save-failed`` and leaves the target whole. Files of any other name are never touched.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import signal
import stat
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from .problems import PlotdocError, error

#: Signals whose arrival during a save removes the temporary file before they act.
CLEANUP_SIGNALS: tuple[signal.Signals, ...] = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)
_SUFFIX = ".tmp"
_CREATE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
_RANDOM_HEX = 8
#: A temporary file of a target's naming last written longer ago than this (seconds) is a
#: stray of a killed save; the next successful save of that target removes it.
STALE_AFTER = 3600.0


def write_atomic(target: Path, data: bytes) -> None:
    """Replace ``target`` with ``data`` or leave it untouched; raise PlotdocError on failure."""
    real, existing = resolve_target(target)
    folder = real.parent
    tmp: Path | None = None
    try:
        with _signals_clean_up():
            try:
                tmp, fd = _create_temporary(real)
                try:
                    if existing is not None:
                        os.fchmod(fd, stat.S_IMODE(existing.st_mode))
                        _keep_owner(fd, existing)
                except BaseException:
                    os.close(fd)
                    raise
                with os.fdopen(fd, "wb") as handle:
                    handle.write(data)
                    handle.flush()
                    os.fsync(handle.fileno())
                os.replace(tmp, real)
                tmp = None
            finally:
                if tmp is not None:
                    with contextlib.suppress(OSError):
                        os.unlink(tmp)
    except OSError as exc:
        raise PlotdocError(
            [error("save-failed", (), f"could not write {target}: {exc.strerror or exc}")]
        ) from exc
    _fsync_dir(folder)
    remove_stale_temporaries(real)


def remove_stale_temporaries(real: Path, now: float | None = None) -> list[Path]:
    """Remove the strays of killed saves of ``real``: regular files beside it named as its
    temporaries are and last written more than :data:`STALE_AFTER` seconds ago (the module's
    docstring has the rule). Returns what was removed; a file that cannot be removed stays.

    The folder's hidden ``.tmp`` names are listed at most once per :data:`_RELIST_AFTER`
    seconds per process (a batch writing 10,000 graphs into one folder lists it once, not
    10,000 times). That misses nothing the rule removes: a file made since the listing is
    younger than the listing's age, so younger than :data:`STALE_AFTER`."""
    folder = real.parent if str(real.parent) else Path(".")
    pattern = re.compile(
        re.escape(f".{_temporary_stem(real.name, folder)}.")
        + f"[0-9a-f]{{{_RANDOM_HEX}}}"
        + re.escape(_SUFFIX)
    )
    moment = time.time() if now is None else now
    limit = moment - STALE_AFTER
    removed: list[Path] = []
    for name in [n for n in _hidden_temporaries(folder, moment) if pattern.fullmatch(n)]:
        path = folder / name
        try:
            status = os.lstat(path)
            if stat.S_ISREG(status.st_mode) and status.st_mtime < limit:
                os.unlink(path)
                removed.append(path)
        except OSError:
            continue
    return removed


#: How long (seconds) a folder's listing of hidden temporary names serves later saves into
#: it; kept well below STALE_AFTER.
_RELIST_AFTER = 600.0
#: folder -> (when it was listed, the names in it of the form ``.*.tmp``)
_LISTINGS: dict[str, tuple[float, list[str]]] = {}


def _hidden_temporaries(folder: Path, now: float) -> list[str]:
    key = os.path.abspath(folder)
    listed = _LISTINGS.get(key)
    if listed is not None and 0 <= now - listed[0] < _RELIST_AFTER:
        return listed[1]
    try:
        with os.scandir(folder) as entries:
            names = [e.name for e in entries if e.name[:1] == "." and e.name.endswith(_SUFFIX)]
    except OSError:  # the folder cannot be listed: the strays stay, the save is done
        names = []
    if len(_LISTINGS) > 1_000:
        _LISTINGS.clear()
    _LISTINGS[key] = (now, names)
    return names


def write_into_folder(target: Path, data: bytes) -> None:
    """:func:`write_atomic`, first making ``target``'s folder (and its parents) if missing.

    A folder that cannot be made (a file where a folder is expected, no permission, a
    read-only or full file system) raises PlotdocError naming it, as a failed write does.
    """
    folder = target.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        where = os.fsdecode(exc.filename if exc.filename is not None else folder)
        reason = (
            "a file is there, where a folder is expected"
            if isinstance(exc, FileExistsError)
            else exc.strerror or str(exc)
        )
        raise PlotdocError(
            [error("save-failed", (), f"could not make the folder {where} for {target}: {reason}")]
        ) from exc
    write_atomic(target, data)


def resolve_target(target: Path) -> tuple[Path, os.stat_result | None]:
    """The file a save replaces (a link followed to its end) and its status, None if new.

    Raises PlotdocError for a target that is not a regular file.
    """
    try:
        status: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        status = None
    except OSError as exc:
        raise PlotdocError(
            [error("save-failed", (), f"could not write {target}: {exc.strerror or exc}")]
        ) from exc
    except ValueError:  # a NUL byte in the name
        raise PlotdocError(
            [error("save-failed", (), f"expected a file name; {str(target)!r} cannot name a file")]
        ) from None
    if status is not None and not stat.S_ISREG(status.st_mode):
        raise PlotdocError(
            [
                error(
                    "save-failed",
                    (),
                    f"expected a regular file (or no file) at {target}; found "
                    f"{_kind(status.st_mode)}: a save replaces a file, it never writes into "
                    "a pipe or a device",
                )
            ]
        )
    if _through_descriptor_link(target):
        raise PlotdocError(
            [
                error(
                    "save-failed",
                    (),
                    f"expected a regular file (or no file) at {target}; found a link to an open "
                    "file descriptor (/proc/…/fd, /dev/fd, /dev/stdout): a save never replaces "
                    "the file behind a descriptor",
                )
            ]
        )
    real = Path(os.path.realpath(target)) if os.path.islink(target) else target
    return real, status


#: The links the kernel makes to open file descriptors: /proc/<pid>/fd/<n> (and /dev/fd/<n>,
#: /dev/stdout..., which lead there).
_DESCRIPTOR_LINK = re.compile(r"/proc/(?:self|thread-self|[0-9]+)(?:/task/[0-9]+)?/fd/[0-9]+")


def _through_descriptor_link(target: Path) -> bool:
    """Whether following ``target``'s links passes through a link to an open descriptor."""
    path = os.path.abspath(target)
    for _ in range(40):  # the kernel's own limit on links followed
        path = os.path.join(os.path.realpath(os.path.dirname(path)), os.path.basename(path))
        if _DESCRIPTOR_LINK.fullmatch(path):
            return True
        if not os.path.islink(path):
            return False
        path = os.path.join(os.path.dirname(path), os.readlink(path))
    return False


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "something that is not a file"


def temporary_name(name: str, folder: Path) -> str:
    """``.<name>.<random>.tmp``, ``<name>`` shortened to fit the folder's longest name."""
    try:
        limit = os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):
        limit = 255
    limit = min(limit if limit > 0 else 255, 255)
    tail = f".{secrets.token_hex(_RANDOM_HEX // 2)}{_SUFFIX}"
    return f".{_shortened(name, limit - 1 - len(tail))}{tail}"


def _temporary_stem(name: str, folder: Path) -> str:
    """The ``<name>`` part of :func:`temporary_name` (the same for every save of a target)."""
    return temporary_name(name, folder)[1 : -(_RANDOM_HEX + 1 + len(_SUFFIX))]


def _shortened(stem: str, room: int) -> str:
    while len(os.fsencode(stem)) > room:
        stem = stem[: max(0, len(stem) - max(1, (len(os.fsencode(stem)) - room) // 4))]
    return stem


def _create_temporary(real: Path) -> tuple[Path, int]:
    folder = real.parent if str(real.parent) else Path(".")
    for _ in range(100):
        tmp = folder / temporary_name(real.name, folder)
        try:
            # 0o666 before the umask: a new file gets the mode any new file would get
            fd = os.open(tmp, _CREATE_FLAGS, 0o666)
        except FileExistsError:
            continue
        return tmp, fd
    raise FileExistsError(f"no free temporary name beside {real}")  # pragma: no cover


def _keep_owner(fd: int, existing: os.stat_result) -> None:
    """Give the new file the old one's owner and group, or as much of it as is permitted."""
    if not hasattr(os, "fchown"):  # pragma: no cover - not POSIX
        return
    for uid, gid in ((existing.st_uid, existing.st_gid), (-1, existing.st_gid)):
        try:
            os.fchown(fd, uid, gid)
            return
        except PermissionError:
            continue


class _Interrupted(BaseException):
    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


@contextlib.contextmanager
def _signals_clean_up() -> Iterator[None]:
    """While active, SIGTERM and SIGHUP, when they would end the process (their default
    action), first unwind the save, removing its temporary file, and are then delivered again.
    A signal that is ignored or has a handler of the program's own is left alone (a handler
    that raises unwinds the save the same way). Only the main thread can do this; elsewhere
    signals are left alone."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous: dict[int, object] = {}

    def handler(signum: int, frame: object) -> None:
        raise _Interrupted(signum)

    try:
        for number in CLEANUP_SIGNALS:
            if signal.getsignal(number) is signal.SIG_DFL:
                previous[number] = signal.signal(number, handler)
    except (ValueError, OSError):  # pragma: no cover - no signals here
        pass
    caught: int | None = None  # the signal number
    try:
        yield
    except _Interrupted as exc:
        caught = exc.signum
    finally:
        for signum, old in previous.items():
            signal.signal(signum, old)  # type: ignore[arg-type]
    if caught is not None:
        signal.raise_signal(caught)  # the default action: the process ends here
        raise PlotdocError(  # pragma: no cover - only if the default action let it live
            [error("save-failed", (), f"the save was interrupted by signal {caught}")]
        )


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder if str(folder) else ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
