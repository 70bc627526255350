"""plotdoc: open, check, save, analyse and draw plotdoc project files.

The public surface is small: :func:`open_project` (a path) and :func:`loads` (bytes, text or a
dict) to open, :func:`save_project`/:func:`dumps` to save, :func:`validate` for a report
without raising (``str(report)`` is what `plotdoc validate` prints), :func:`export_pzfx` for a
GraphPad Prism file, :class:`Project` for what an open gives, and the exceptions:
:class:`PlotdocError` and its subclasses :class:`FileRefusedError` (with its ``report``),
:class:`MissingFileError` (also a ``FileNotFoundError``), :class:`SaveError` and
:class:`EditRefusedError`. The project being edited is a :class:`plotdoc.editing.Session`
(``plotdoc.Workspace``, its former name, still works and warns).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import notebook as _notebook  # noqa: F401  (registers notebook display; light)
from .errors import EditRefusedError, FileRefusedError, MissingFileError, SaveError
from .problems import PlotdocError, Problem, Report

if TYPE_CHECKING:  # what type checkers see; at run time each is imported on first use
    from .api import loads, open_project, validate
    from .exporters.pzfx import export_pzfx
    from .model import Project
    from .workspace import Workspace as Workspace  # deprecated: not in __all__
    from .writer import dumps, save_project

from .version import __version__ as __version__

__all__ = [
    "EditRefusedError",
    "FileRefusedError",
    "MissingFileError",
    "PlotdocError",
    "Problem",
    "Project",
    "Report",
    "SaveError",
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
    "Workspace": "workspace",
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
