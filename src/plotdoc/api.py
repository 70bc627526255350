"""The two file operations and a validating report.

What each function takes is one rule: a ``str`` or a path-like object is a path to a file
(:func:`open_project`, :func:`validate`); bytes, text or a parsed document (a dict) is a document
(:func:`loads`; :func:`validate` takes bytes and dicts too).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from .contract.limits import MAX_FILE_BYTES
from .contract.site import EXTENSIONS
from .errors import FileRefusedError, MissingFileError, PlotdocError
from .problems import Problem, Report, error, excerpt, warning
from .reader.pipeline import run_pipeline

if TYPE_CHECKING:  # the model and the statistics import numpy, which validating does not need
    from .model import Project
    from .stats.budget import Budget

#: What :func:`validate` checks: a path, the document's bytes, or a parsed document.
Source = str | os.PathLike[str] | bytes | Mapping[str, Any]


def read_limited(path: str | os.PathLike[str]) -> bytes:
    """A file's bytes, reading at most one byte past the size limit (so stage 1 can refuse it).

    Only a regular file is read: a folder, a named pipe or a device is refused without waiting
    (the file is opened non-blocking, so a pipe with no writer cannot hang the open).
    """
    p = Path(path)
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise MissingFileError(
            [error("file-not-found", (), f"expected a file at {p}; there is none")],
            filename=str(p),
        ) from None
    except IsADirectoryError:
        raise FileRefusedError(
            [error("file-unreadable", (), f"expected a file at {p}; found a folder")]
        ) from None
    except OSError as exc:
        raise FileRefusedError(
            [error("file-unreadable", (), f"could not read {p}: {exc.strerror or exc}")]
        ) from None
    except ValueError:  # a NUL byte or a lone surrogate cannot be in a file name
        raise FileRefusedError(
            [error("file-unreadable", (), f"expected a file name; {str(p)!r} cannot name a file")]
        ) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        found = "a folder" if stat.S_ISDIR(mode) else "a pipe, socket or device"
        raise FileRefusedError(
            [error("file-unreadable", (), f"expected a file at {p}; found {found}")]
        )
    with os.fdopen(fd, "rb") as handle:
        try:
            return read_capped(handle, os.fstat(handle.fileno()).st_size)
        except OSError as exc:
            raise FileRefusedError(
                [error("file-unreadable", (), f"could not read {p}: {exc.strerror or exc}")]
            ) from None


#: What a stream of unknown size is read by (standard input, a URL).
_CHUNK = 1 << 20


def read_capped(handle: IO[bytes], expected: int | None = None) -> bytes:
    """At most one byte past the size limit from ``handle`` (so stage 1 can refuse more).

    ``expected`` is the size the file says it has: it is read in one call of that size (plus
    the byte that tells whether it grew). Anything else is read in chunks: a read of the
    limit itself would allocate 50 MB for every file, however small.
    """
    cap = MAX_FILE_BYTES + 1
    first = min(cap, expected + 1) if expected is not None else min(cap, _CHUNK)
    data = handle.read(first)
    if len(data) >= cap or (expected is not None and len(data) < first):
        return data
    chunks = [data]
    size = len(data)
    while size < cap:
        chunk = handle.read(min(_CHUNK, cap - size))
        if not chunk:  # the end (a stream may return fewer bytes than asked before it)
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def _as_bytes(data: bytes | bytearray | memoryview | str) -> bytes:
    if isinstance(data, str):
        # lone surrogates in a str survive as invalid bytes and are refused by stage 2
        return data.encode("utf-8", "surrogatepass")
    return bytes(data)


def loads(data: bytes | str | Mapping[str, Any], *, budget: Budget | None = None) -> Project:
    """Open a project from its bytes, its text or its parsed JSON (a dict); raise
    :class:`~plotdoc.FileRefusedError` (a :class:`PlotdocError`) with every error. A dict
    goes through every check a file does. A path is refused with a :class:`TypeError`: a file
    is opened with :func:`open_project`.

    Analyses are not computed here: each is computed when ``project.results`` is first read
    for it (or its results table or graph is), within ``budget`` (default :class:`Budget`()).
    """
    if isinstance(data, os.PathLike):
        raise TypeError(
            f"loads reads a document (bytes, text or a dict); found the path {os.fspath(data)!r}: "
            "open a file with plotdoc.open_project(path)"
        )
    if isinstance(data, Mapping):
        data = _dict_bytes(data)
    elif not isinstance(data, (bytes, bytearray, memoryview, str)):
        raise TypeError(
            "loads reads a document (bytes, text or a dict); found "
            f"{type(data).__name__}: open a file with plotdoc.open_project(path)"
        )
    ctx, report = run_pipeline(_as_bytes(data))
    if not report.ok or ctx.project is None:
        hint = _path_text_problem(data) if isinstance(data, str) else None
        if hint is not None and report.errors and report.errors[0].code == "json-syntax":
            raise FileRefusedError([hint])
        raise FileRefusedError(report.problems, report.omitted)
    project = ctx.project
    project.warnings = tuple(report.warnings)
    project.omitted_warnings = report.omitted_warnings
    from .analyses.results import attach

    attach(project, budget)
    return project


def _path_text_problem(text: str) -> Problem | None:
    """The problem of a file name given to :func:`loads` as text, when ``text`` looks like
    one (one short line, no JSON brackets), else None."""
    name = text.strip()
    if not name or len(name) > 4096 or "\n" in name or name[0] in '{["' or "{" in name:
        return None
    return error(
        "json-syntax",
        (),
        f"expected a document's JSON text; found {excerpt(name, 80)}, which looks like a file "
        "name: open a file with plotdoc.open_project(path)",
    )


def _dict_bytes(doc: Mapping[str, Any]) -> bytes:
    """A parsed document as JSON text; what JSON cannot hold is refused, never converted."""
    import json

    try:
        return json.dumps(doc, allow_nan=False, ensure_ascii=False).encode("utf-8", "surrogatepass")
    except ValueError:
        raise FileRefusedError(
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
        raise FileRefusedError(
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
    from .analyses.results import Results, attach

    if budget is None and isinstance(project.results, Results):
        budget = project.results.budget
    results = attach(project, budget)
    for key in results:
        results[key]
    for table in project.tables:
        if table.derived_from is not None:
            table.data_sets  # fills it  # noqa: B018


def open_project(path: str | os.PathLike[str], *, budget: Budget | None = None) -> Project:
    """Open the project file at ``path``; raise :class:`~plotdoc.FileRefusedError` with every
    error (:class:`~plotdoc.MissingFileError`, also a :class:`FileNotFoundError`, when there is
    no file). Bytes, text or a dict are opened with :func:`loads` (given here, a
    :class:`TypeError` says so)."""
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(
            f"open_project opens a file by its path; found {type(path).__name__}: open a "
            "document's bytes, text or dict with plotdoc.loads(data)"
        )
    try:
        data = read_limited(path)
    except FileRefusedError:  # no file, or a name no file can have: a document as text?
        hint = _json_text_problem(path)
        if hint is None:
            raise
        raise MissingFileError([hint]) from None
    project = loads(data, budget=budget)
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


def validate(source: object, *, build: bool = False) -> Report:
    """Check a file or a document and return the report; never raises.

    ``source`` is a path (a ``str`` or a path-like object), the document's bytes, or a parsed
    document (a dict). A ``str`` is always a path: JSON text passed by mistake is reported as
    no such file, with the hint to pass bytes or use :func:`loads`. ``str(report)`` gives the
    lines `plotdoc validate` prints. With ``build`` the import stage runs too (it finds
    nothing more, but costs the arrays).
    """
    try:
        if isinstance(source, (bytes, bytearray, memoryview)):
            report = run_pipeline(bytes(source), build=build)[1]
            report.name = "<bytes>"
            return report
        if isinstance(source, Mapping):
            report = run_pipeline(_dict_bytes(source), build=build)[1]
            # positions in the text plotdoc made from the dict would mean nothing to the caller
            report.problems = [
                replace(p, line=None, column=None, offset=None) for p in report.problems
            ]
            report.name = "<document>"
            return report
        if not isinstance(source, (str, os.PathLike)):
            return Report(
                [
                    error(
                        "wrong-type",
                        (),
                        "expected a path, the document's bytes or a parsed document (a dict); "
                        f"found {type(source).__name__}",
                    )
                ]
            )
        return _validate_path(source, build)
    except PlotdocError as exc:
        return Report(list(exc.problems), exc.omitted)


def _validate_path(source: str | os.PathLike[str], build: bool) -> Report:
    name = os.fspath(source)
    try:
        data = read_limited(source)
    except PlotdocError as exc:  # no file, or a name no file can have (too long, a NUL)
        hint = _json_text_problem(source)
        if hint is not None:
            return Report([hint], name="<text>")
        return Report(list(exc.problems), exc.omitted, name=name)
    report = run_pipeline(data, build=build)[1]
    report.name = name
    name_warning = _name_warning(source)
    if name_warning is not None:
        report.problems.insert(0, name_warning)
    return report


def _json_text_problem(source: str | os.PathLike[str]) -> Problem | None:
    """For a ``str`` that names no file but reads like a JSON document, the problem that says
    a ``str`` is a path and how to pass a document; None otherwise."""
    if not isinstance(source, str) or source.lstrip()[:1] not in ("{", "["):
        return None
    text = source.strip()
    shown = text[:40] + ("…" if len(text) > 40 else "")
    return error(
        "file-not-found",
        (),
        f"expected a path to a file; found text that looks like a JSON document ({shown!r}): "
        "a str is a path, so use plotdoc.loads(text) or pass bytes",
    )
