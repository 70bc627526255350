"""The exceptions plotdoc raises: :class:`PlotdocError` and one subclass per kind of failure.

Catch :class:`PlotdocError` for everything, or a subclass for one kind::

    try:
        project = plotdoc.open_project(path)
    except plotdoc.MissingFileError:          # also a FileNotFoundError
        ...
    except plotdoc.FileRefusedError as exc:   # exc.report: every error and warning
        ...

Every exception carries the problems found (``problems``, ``errors``, ``warnings``), each
with its code, JSON path and message. This module imports nothing heavy.
"""

from __future__ import annotations

import errno
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .problems import Problem, Report

__all__ = [
    "EditRefusedError",
    "FileRefusedError",
    "MissingFileError",
    "PlotdocError",
    "SaveError",
]


class PlotdocError(Exception):
    """Raised when a document cannot be opened, saved or edited; carries every problem found."""

    def __init__(self, problems: Sequence[Problem], omitted: int = 0) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        self.omitted = omitted
        head = f"{len(self.errors)} error(s)"
        lines = [str(p) for p in self.errors[:10]]
        more = len(self.errors) - 10 + omitted
        if more > 0:
            lines.append(f"... and {more} more")
        super().__init__(head + ":\n  " + "\n  ".join(lines) if lines else head)

    def __reduce__(self) -> tuple[type[PlotdocError], tuple[tuple[Problem, ...], int]]:
        # rebuilt from its problems (not from the message) when sent to another process
        return (type(self), (self.problems, self.omitted))

    @property
    def errors(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.severity == "error")

    @property
    def warnings(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.severity == "warning")


class FileRefusedError(PlotdocError):
    """A file or document that open refuses (or cannot read); :attr:`report` has every error
    and warning, as :func:`plotdoc.validate` would give them."""

    @property
    def report(self) -> Report:
        from .problems import Report

        return Report(list(self.problems), self.omitted)


class MissingFileError(FileRefusedError, FileNotFoundError):
    """No file at the path given; also a :class:`FileNotFoundError` (``errno`` ENOENT,
    ``filename`` the path)."""

    def __init__(
        self, problems: Sequence[Problem], omitted: int = 0, *, filename: str | None = None
    ) -> None:
        super().__init__(problems, omitted)
        self.errno = errno.ENOENT
        self.strerror = "No such file or directory"
        self.filename = filename

    def __str__(self) -> str:
        return Exception.__str__(self)


class SaveError(PlotdocError):
    """A save (or serialisation) refused or failed; nothing was written and a file that was
    there is untouched."""


class EditRefusedError(PlotdocError):
    """An edit of :mod:`plotdoc.editing` refused; the project is exactly as it was."""
