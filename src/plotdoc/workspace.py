"""``plotdoc.Workspace``: the former name of :class:`plotdoc.editing.Session`, kept so that
code written for it still runs; it warns (DeprecationWarning) when made.

A session is the project being edited: open a file with :meth:`~Session.open_path` (on a
refused open it returns the report and keeps its project, as ``Workspace.open`` did), edit
it with :meth:`~Session.apply`, save it with :meth:`~Session.save`.
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path

from .editing.session import Session, new_project
from .model import Project
from .problems import Report

__all__ = ["Workspace"]


class Workspace(Session):
    """Deprecated: use :class:`plotdoc.editing.Session` (``open`` is its ``open_path``)."""

    def __init__(self, project: Project | None = None, path: Path | None = None) -> None:
        warnings.warn(
            "plotdoc.Workspace is deprecated; use plotdoc.editing.Session "
            "(Workspace.open is Session.open_path)",
            DeprecationWarning,
            stacklevel=2,
        )
        super().__init__(project=project if project is not None else new_project(), path=path)
        if path is not None:
            self.name = Path(path).name

    def open(self, path: str | os.PathLike[str]) -> Report:
        """Open ``path`` (:meth:`Session.open_path`); on any error nothing changes and the
        report lists the errors."""
        return self.open_path(path)

    def save(self, path: str | os.PathLike[str] | None = None, *, compact: bool = False) -> Path:
        """Save as :meth:`Session.save` does; ``compact`` writes the minified layout."""
        if not compact:
            return super().save(path)
        from .writer import save_project

        target = Path(path) if path is not None else self.path
        if target is None:
            return super().save(None)  # refused: no path to save to
        save_project(self.project, target, compact=True)
        self.path, self.name, self.saved_version = target, target.name, self.version
        self._changed()
        return target
