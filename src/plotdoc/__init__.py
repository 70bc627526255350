"""plotdoc: open, check, save, analyse and draw plotdoc project files.

The public surface is small: :func:`open_project`/:func:`loads` and :func:`save_project`/:func:`dumps`
for the two file operations, :func:`validate` for a report without raising, :func:`export_pzfx` for a GraphPad Prism file, :class:`Project` for what an open
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
    "export_pzfx",
    "loads",
    "open_project",
    "save_project",
    "validate",
]


_LAZY = {
    "open_project": "api",
    "loads": "api",
    "validate": "api",
    "Workspace": "api",
    "save_project": "writer",
    "dumps": "writer",
    "export_pzfx": "exporters.pzfx",
    "Project": "model",
}


def __dir__() -> list[str]:
    # The public names, loaded on first use, and the module's own attributes.
    return sorted({*__all__, *(name for name in globals() if name.startswith("__"))})


def __getattr__(name: str) -> object:
    # The reader and model import numpy; keep `import plotdoc` itself light.
    home = _LAZY.get(name)
    if home is not None:
        from importlib import import_module

        return getattr(import_module(f".{home}", __name__), name)
    raise AttributeError(f"module 'plotdoc' has no attribute {name!r}")
