"""plotdoc: open, check, save, analyse and draw plotdoc project files.

The public surface is small: :func:`open_project` and :func:`save_project` for the two file
operations, :func:`validate` for a report without raising, :class:`Project` for what an open
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
    "open_project",
    "save_project",
    "validate",
]


def __getattr__(name: str) -> object:
    # The reader and model import numpy; keep `import plotdoc` itself light.
    if name in ("open_project", "validate", "Workspace"):
        from . import api

        return getattr(api, name)
    if name == "save_project":
        from .writer import save_project

        return save_project
    if name == "Project":
        from .model import Project

        return Project
    raise AttributeError(f"module 'plotdoc' has no attribute {name!r}")
