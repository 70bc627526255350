"""The user's file on disk: noticing another program's changes, and where Save as writes.

A :class:`Stamp` records a file as the editor last saw it (opened or saved): its size,
modification time and a hash of its content. Before Save replaces the file, the stamp is
compared with the file as it is now, so a change made by another program (another editor,
``git pull``, a script) is never silently overwritten. :func:`save_as_target` turns what the
user typed into the file Save as writes, or a clear refusal.
"""

from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..atomic import resolve_target
from ..problems import PlotdocError

#: The names a project file may end with; another name gets ``.plotdoc`` added.
SUFFIXES = (".plotdoc", ".plotdoc.json")


@dataclass(frozen=True)
class Stamp:
    """A file as it was seen: size in bytes, modification time (ns) and SHA-256 of its bytes."""

    size: int
    mtime_ns: int
    sha256: str

    @classmethod
    def of(cls, path: Path | None) -> Stamp | None:
        """The file's stamp now; None when there is no regular file there."""
        if path is None:
            return None
        try:
            status = os.stat(path)
            if not stat.S_ISREG(status.st_mode):
                return None
            digest = hashlib.sha256()
            with open(path, "rb") as handle:
                for block in iter(lambda: handle.read(1 << 20), b""):
                    digest.update(block)
        except (OSError, ValueError):
            return None
        return cls(status.st_size, status.st_mtime_ns, digest.hexdigest())

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def quick_same(path: Path, stamp: Stamp) -> bool:
    """Whether size and modification time still match (no reading): for frequent checks."""
    try:
        status = os.stat(path)
    except (OSError, ValueError):
        return False
    return status.st_size == stamp.size and status.st_mtime_ns == stamp.mtime_ns


def disk_change(path: Path | None, seen: Stamp | None) -> str | None:
    """How the file at ``path`` differs from what the editor saw (``seen``, None when there
    was no file), or None when it does not: ``changed``, ``deleted``, ``created``, ...

    A file whose content is unchanged (only touched) counts as unchanged.
    """
    if path is None:
        return None
    if seen is None:  # no file was there when the project was opened or saved
        return "created" if os.path.lexists(path) else None
    now = Stamp.of(path)
    if now is None:
        return (
            "deleted" if not os.path.lexists(path) else "replaced by something that is not a file"
        )
    if now.sha256 == seen.sha256:
        return None
    return "changed"


@dataclass(frozen=True)
class Target:
    """Where Save as writes: ``path`` as typed (made absolute), and what the user is told first."""

    path: Path
    #: the file ``path`` leads to when it is a symbolic link (written through), else None
    link_to: Path | None
    #: whether a file is already there (the user is asked before it is replaced)
    exists: bool


class Refused(ValueError):
    """The typed path cannot be saved to; the message says why."""


def save_as_target(typed: str, current: Path | None, cwd: Path | None = None) -> Target:
    """The file Save as writes for ``typed``.

    A relative path is taken relative to the current file's folder (``cwd`` for a project
    that has no file yet); ``~`` is the home folder. ``.plotdoc`` is added to a name that does
    not end with it, except where the typed path names something that is not a file (a
    device such as ``/dev/null``, a pipe, a folder): that is refused, never turned into a new
    file beside it. A link is followed to the file it names (reported in ``link_to``).
    """
    text = typed.strip()
    if not text:
        raise Refused("expected a file name; found nothing")
    if "\0" in text:
        raise Refused("expected a file name; found a NUL character")
    base = current.parent if current is not None else (cwd or Path.cwd())
    path = Path(os.path.expanduser(text))
    if not path.is_absolute():
        path = base / path
    path = Path(os.path.normpath(path))
    if text.endswith(("/", os.sep)) or path.is_dir():
        raise Refused(f"expected a file name; {path} is a folder")
    _refuse_special(path)
    if not path.name.lower().endswith(SUFFIXES):
        path = path.with_name(path.name + ".plotdoc")
        _refuse_special(path)
    if not path.parent.is_dir():
        raise Refused(f"expected an existing folder; there is no folder {path.parent}")
    link_to = Path(os.path.realpath(path)) if os.path.islink(path) else None
    if link_to is not None and link_to.is_dir():
        raise Refused(f"expected a file name; {path} is a link to the folder {link_to}")
    return Target(path, link_to, os.path.lexists(path))


def _refuse_special(path: Path) -> None:
    """Refuse a path that exists and is not a regular file (through links too)."""
    if not os.path.lexists(path):
        return
    try:
        resolve_target(path)
    except PlotdocError as exc:
        raise Refused(exc.errors[0].message if exc.errors else f"cannot save to {path}") from None
    if os.path.islink(path) and not os.path.exists(path):  # a dangling link
        target = os.path.realpath(path)
        if not Path(target).parent.is_dir():
            raise Refused(f"{path} is a link to {target}, whose folder does not exist")
