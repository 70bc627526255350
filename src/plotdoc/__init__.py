"""plotdoc: open, check, save, analyse and draw plotdoc project files.

The public surface is small: :func:`open_project`/:func:`loads` and :func:`save_project`/:func:`dumps`
for the two file operations, :func:`validate` for a report without raising, :class:`Project` for what an open
gives, :class:`Workspace` for an editor's current project, and :class:`PlotdocError`.
"""

from __future__ import annotations

from .problems import PlotdocError, Problem, Report

__version__ = "0.1.0"

__all__ = [
    "PlotdocError",
    "Problem",
    "Project",
    "Report",
    "Workspace",
    "__version__",
    "dumps",
    "loads",
    "open_project",
    "save_project",
    "validate",
]


def __getattr__(name: str) -> object:
    # The reader and model import numpy; keep `import plotdoc` itself light.
    if name in ("open_project", "loads", "validate", "Workspace"):
        from . import api

        return getattr(api, name)
    if name in ("save_project", "dumps"):
        from . import writer

        return getattr(writer, name)
    if name == "Project":
        from .model import Project

        return Project
    raise AttributeError(f"module 'plotdoc' has no attribute {name!r}")
