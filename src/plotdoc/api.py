"""The two file operations and a validating report, as functions and as an editor workspace."""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .contract.limits import MAX_FILE_BYTES
from .contract.site import EXTENSIONS
from .problems import PlotdocError, Problem, Report, error, warning
from .reader.pipeline import run_pipeline

if TYPE_CHECKING:  # the model and the statistics import numpy, which validating does not need
    from .model import Project
    from .stats.budget import Budget

Source = str | os.PathLike[str] | bytes


def read_limited(path: str | os.PathLike[str]) -> bytes:
    """A file's bytes, reading at most one byte past the size limit (so stage 1 can refuse it).

    Only a regular file is read: a folder, a named pipe or a device is refused without waiting
    (the file is opened non-blocking, so a pipe with no writer cannot hang the open).
    """
    p = Path(path)
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise PlotdocError(
            [error("file-not-found", (), f"expected a file at {p}; there is none")]
        ) from None
    except IsADirectoryError:
        raise PlotdocError(
            [error("file-unreadable", (), f"expected a file at {p}; found a folder")]
        ) from None
    except OSError as exc:
        raise PlotdocError(
            [error("file-unreadable", (), f"could not read {p}: {exc.strerror or exc}")]
        ) from None
    except ValueError:  # a NUL byte or a lone surrogate cannot be in a file name
        raise PlotdocError(
            [error("file-unreadable", (), f"expected a file name; {str(p)!r} cannot name a file")]
        ) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        found = "a folder" if stat.S_ISDIR(mode) else "a pipe, socket or device"
        raise PlotdocError([error("file-unreadable", (), f"expected a file at {p}; found {found}")])
    with os.fdopen(fd, "rb") as handle:
        try:
            return handle.read(MAX_FILE_BYTES + 1)
        except OSError as exc:
            raise PlotdocError(
                [error("file-unreadable", (), f"could not read {p}: {exc.strerror or exc}")]
            ) from None


def _as_bytes(data: bytes | str) -> bytes:
    if isinstance(data, str):
        # lone surrogates in a str survive as invalid bytes and are refused by stage 2
        return data.encode("utf-8", "surrogatepass")
    return bytes(data)


def loads(data: bytes | str | Mapping[str, Any], *, budget: Budget | None = None) -> Project:
    """Open a project from its bytes, its text or its parsed JSON (a dict); raise
    :class:`PlotdocError` with every error. A dict goes through every check a file does.

    Analyses are not computed here: each is computed when ``project.results`` is first read
    for it (or its results table or graph is), within ``budget`` (default :class:`Budget`()).
    """
    if isinstance(data, Mapping):
        data = _dict_bytes(data)
    ctx, report = run_pipeline(_as_bytes(data))
    if not report.ok or ctx.project is None:
        raise PlotdocError(report.problems, report.omitted)
    project = ctx.project
    project.warnings = tuple(report.warnings)
    project.omitted_warnings = report.omitted_warnings
    from .results import attach

    attach(project, budget)
    return project


def _dict_bytes(doc: Mapping[str, Any]) -> bytes:
    """A parsed document as JSON text; what JSON cannot hold is refused, never converted."""
    import json

    try:
        return json.dumps(doc, allow_nan=False, ensure_ascii=False).encode("utf-8", "surrogatepass")
    except ValueError:
        raise PlotdocError(
            [
                error(
                    "json-syntax",
                    (),
                    "expected JSON values; found NaN or Infinity in the dict "
                    "(None is a missing value)",
                )
            ]
        ) from None
    except (TypeError, RecursionError) as exc:
        raise PlotdocError(
            [
                error(
                    "wrong-type",
                    (),
                    f"expected JSON values (dict, list, str, number, bool, None); {exc}",
                )
            ]
        ) from None


def recompute(project: Project, budget: Budget | None = None) -> None:
    """Compute every analysis of ``project`` now and fill its results tables.

    What was computed before is dropped first (call it after editing the data). ``budget``
    (default: the one the project had, or :class:`Budget`()) bounds each computation; an
    analysis past it has status ``budget-exceeded``. Without this, opening computes nothing
    and each analysis is computed when first read.
    """
    from .results import Results, attach

    if budget is None and isinstance(project.results, Results):
        budget = project.results.budget
    results = attach(project, budget)
    for key in results:
        results[key]
    for table in project.tables:
        if table.derived_from is not None:
            table.data_sets  # fills it  # noqa: B018


def open_project(path: str | os.PathLike[str], *, budget: Budget | None = None) -> Project:
    """Open the project file at ``path``; raise :class:`PlotdocError` with every error."""
    project = loads(read_limited(path), budget=budget)
    name_warning = _name_warning(path)
    if name_warning is not None:
        project.warnings = (name_warning, *project.warnings)
    return project


def _name_warning(path: str | os.PathLike[str]) -> Problem | None:
    name = Path(path).name.lower()
    if name.endswith(EXTENSIONS):
        return None
    return warning(
        "file-name",
        (),
        f"expected a name ending in .plotdoc or .plotdoc.json; found {Path(path).name!r} (read anyway)",
    )


def validate(source: Source, *, build: bool = False) -> Report:
    """Check a file (a path) or a document (bytes) and return the report; never raises.

    With ``build`` the import stage runs too (it finds nothing more, but costs the arrays).
    """
    if isinstance(source, bytes):
        return run_pipeline(source, build=build)[1]
    try:
        data = read_limited(source)
    except PlotdocError as exc:
        return Report(list(exc.problems))
    report = run_pipeline(data, build=build)[1]
    name_warning = _name_warning(source)
    if name_warning is not None:
        report.problems.insert(0, name_warning)
    return report


class Workspace:
    """An editor's state: the current project, replaced by an open only when it succeeds."""

    def __init__(self, project: Project | None = None, path: Path | None = None) -> None:
        self.project = project
        self.path = path

    def open(self, path: str | os.PathLike[str]) -> Report:
        """Open ``path``. On any error the current project and path stay as they were."""
        try:
            project = open_project(path)
        except PlotdocError as exc:
            return Report(list(exc.problems), exc.omitted)
        self.project = project
        self.path = Path(path)
        return Report(list(project.warnings), omitted_warnings=project.omitted_warnings)

    def save(self, path: str | os.PathLike[str] | None = None, *, compact: bool = False) -> None:
        """Save the project to ``path`` (default: where it was opened or last saved).

        The project is checked as open would check it first: a project open would refuse
        raises :class:`PlotdocError` and no file is written, so the workspace's file is never
        replaced by one plotdoc refuses. ``compact`` writes the minified layout.
        """
        from .writer import save_project

        if self.project is None:
            raise PlotdocError(
                [error("save-failed", (), "expected a project to save; the workspace is empty")]
            )
        target = Path(path) if path is not None else self.path
        if target is None:
            raise PlotdocError(
                [error("save-failed", (), "expected a path to save to; none was given")]
            )
        save_project(self.project, target, compact=compact)
        self.path = target
