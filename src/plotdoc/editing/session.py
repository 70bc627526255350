"""An editing session: the current project, where it came from, its undo history, dirty state.

Opening replaces the project only when the open succeeds; on any error the session is left
exactly as it was and the problems are returned. Every edit goes through :meth:`apply`, which
records it for undo; saving goes through the library's writer.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..contract.limits import MAX_FILE_BYTES
from ..contract.site import CURRENT_VERSION, FORMAT
from ..errors import SaveError
from ..model import Project
from ..problems import PathPart, PlotdocError, Problem, Report, error
from .base import Edit
from .history import History

#: Suffixes opened as project files; the others are imported.
PROJECT_SUFFIXES = (".plotdoc", ".json")
IMPORT_SUFFIXES = (".pzfx", ".csv", ".tsv", ".txt")


def new_project() -> Project:
    from ..api import loads

    return loads({"format": FORMAT, "schemaVersion": CURRENT_VERSION, "tables": []})


def csv_family(data: bytes) -> str:
    """The family a dropped CSV file is read as: xy when its first column holds numbers."""
    from ..importers.csv import MISSING
    from ..reader.cells import parse_numeric_text

    lines = data.decode("utf-8", "replace").splitlines()[:21]
    if lines and lines[0].strip().lower().startswith("sep=") and len(lines[0].strip()) == 5:
        lines = lines[1:]  # Excel's line naming the delimiter
    lines = lines[1:20]
    sep = (
        "\t"
        if any("\t" in line for line in lines)
        else ("," if any("," in line for line in lines) else ";")
    )
    first = [line.split(sep)[0].strip().strip('"') for line in lines if line.strip()]
    try:
        numeric = all(f in MISSING or parse_numeric_text(f) is not None for f in first)
    except ValueError:
        numeric = False
    return "xy" if numeric and first else "grouped"


def is_table_text(name: str) -> bool:
    """A CSV, TSV or text file: imported as one table of a family the user chooses."""
    return name.lower().endswith((".csv", ".tsv", ".txt"))


def read_upload(name: str, data: bytes, family: str | None = None) -> tuple[Project, list[Problem]]:
    """Open a file's bytes by its name: a project file through open, `.pzfx`/`.csv` imported.

    A CSV file is read as a table of ``family`` (default: :func:`csv_family`'s guess).
    """
    from ..api import _name_warning, loads

    if len(data) > MAX_FILE_BYTES:
        raise PlotdocError(
            [
                error(
                    "file-too-large",
                    (),
                    f"expected a file of at most {MAX_FILE_BYTES} bytes (50 MB); found {len(data)} bytes",
                )
            ]
        )
    lower = name.lower()
    if lower.endswith(IMPORT_SUFFIXES):
        from ..importers.files import open_imported

        if lower.endswith(".pzfx"):
            from ..importers.pzfx import read_pzfx

            return open_imported(read_pzfx(data))
        from ..importers.csv import read_csv_located

        stem = Path(name).stem
        delimiter = "\t" if lower.endswith(".tsv") else None
        result, origin = read_csv_located(
            data, family=family or csv_family(data), delimiter=delimiter, name=stem
        )
        return open_imported(result, origin)
    project = loads(data)
    warn = _name_warning(name)
    return project, ([warn] if warn else []) + list(project.warnings)


@dataclass
class Session:
    """The editor's one source of truth."""

    project: Project = field(default_factory=new_project)
    path: Path | None = None
    #: a name for the title bar when there is no path (a dropped or imported file)
    name: str = "Untitled"
    history: History = field(default_factory=History)
    warnings: list[Problem] = field(default_factory=list)
    version: int = 0
    saved_version: int = 0
    listeners: list[Callable[[Session], None]] = field(default_factory=list)

    @property
    def dirty(self) -> bool:
        return self.version != self.saved_version

    @property
    def title(self) -> str:
        return self.path.name if self.path is not None else self.name

    def _replace(
        self, project: Project, path: Path | None, name: str, problems: list[Problem]
    ) -> Report:
        self.project = project
        self.path = path
        self.name = name
        self.history.clear()
        self.warnings = [p for p in problems if p.severity == "warning"]
        self.version += 1
        self.saved_version = self.version
        self._changed()
        self._adopt_legacy_links()
        return Report(list(self.warnings), omitted_warnings=project.omitted_warnings)

    def _adopt_legacy_links(self) -> None:
        """Brackets an earlier editor linked to a t test by their id follow an analysis now:
        one edit, undoable, that leaves the project with unsaved changes (the file is not
        touched until it is saved)."""
        from .brackets import adopt_legacy_links, has_legacy_links

        if has_legacy_links(self.project):
            # refused: they are left as they are, their text as last shown
            with contextlib.suppress(PlotdocError):
                self.apply(adopt_legacy_links)

    def new(self) -> None:
        self._replace(new_project(), None, "Untitled", [])
        self.saved_version = self.version

    def open_path(self, path: str | os.PathLike[str]) -> Report:
        """Open a file on disk; on any error nothing changes and the report lists the errors."""
        from ..api import open_project

        p = Path(path)
        try:
            if p.name.lower().endswith(IMPORT_SUFFIXES):
                from ..api import read_limited

                project, problems = read_upload(p.name, read_limited(p))
                return self._replace(project, None, p.stem + ".plotdoc", problems)
            project = open_project(p)
        except PlotdocError as exc:
            return Report(list(exc.problems), exc.omitted)
        return self._replace(project, p, p.name, list(project.warnings))

    def open_bytes(self, name: str, data: bytes, family: str | None = None) -> Report:
        """Open a dropped or uploaded file; it has no path, so Save asks where to write.

        ``family`` is the family a CSV file's table is read as (default: the guess).
        """
        try:
            project, problems = read_upload(name, data, family)
        except PlotdocError as exc:
            return Report(list(exc.problems), exc.omitted)
        return self.open_read(name, project, problems)

    def open_read(self, name: str, project: Project, problems: list[Problem]) -> Report:
        """Show a project :func:`read_upload` read from the file ``name`` (the reading may be
        done elsewhere, in a worker thread; the session changes only here)."""
        lower = name.lower()
        title = name if lower.endswith(PROJECT_SUFFIXES) else Path(name).stem + ".plotdoc"
        return self._replace(project, None, title, problems)

    def open_project(self, project: Project, name: str) -> None:
        """Show an already opened project (a built-in example)."""
        self._replace(project, None, name, list(project.warnings))

    # -- edits ----------------------------------------------------------------------

    def apply(self, op: Callable[..., Edit], *args: Any, **kwargs: Any) -> Edit:
        """Run one edit function on the project and record it; raise PlotdocError on refusal."""
        edit = op(self.project, *args, **kwargs)
        self.history.push(edit.change)
        self.version += 1
        self._changed()
        return edit

    def set_field(self, path: str | Sequence[PathPart], value: Any) -> Edit:
        """Set one field by its path (see :func:`plotdoc.editing.set_field`); one undo step."""
        from .values import set_field

        return self.apply(set_field, path, value)

    def unset_field(self, path: str | Sequence[PathPart]) -> Edit:
        """Reset one field to its default (see :func:`plotdoc.editing.unset_field`)."""
        from .values import unset_field

        return self.apply(unset_field, path)

    def add_annotation(self, table_id: str, annotation: Mapping[str, Any]) -> Edit:
        """Add an annotation; the new id is the edit's ``item_id``."""
        from .annotations import add_annotation

        return self.apply(add_annotation, table_id, annotation)

    def remove_annotation(self, table_id: str, annotation_id: str) -> Edit:
        from .annotations import remove_annotation

        return self.apply(remove_annotation, table_id, annotation_id)

    def move_annotation(
        self,
        table_id: str,
        annotation_id: str,
        dx: float = 0.0,
        dy: float = 0.0,
        *,
        to: int | None = None,
    ) -> Edit:
        """Shift an annotation by dx, dy in its own units and/or move it in the drawing order."""
        from .annotations import move_annotation

        return self.apply(move_annotation, table_id, annotation_id, dx, dy, to=to)

    def undo(self) -> str | None:
        change = self.history.undo(self.project)
        if change is None:
            return None
        self.version += 1
        self._changed()
        return change.label

    def redo(self) -> str | None:
        change = self.history.redo(self.project)
        if change is None:
            return None
        self.version += 1
        self._changed()
        return change.label

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener(self)

    # -- saving -----------------------------------------------------------------------

    def save(self, path: str | os.PathLike[str] | None = None) -> Path:
        """Write the project to ``path`` (or where it came from); raise PlotdocError on failure."""
        from ..writer import save_project

        target = Path(path) if path is not None else self.path
        if target is None:
            raise SaveError(
                [error("save-failed", (), "expected a path to save to; choose Save As")]
            )
        save_project(self.project, target)
        self.path = target
        self.name = target.name
        self.saved_version = self.version
        self._changed()
        return target

    def document_bytes(self) -> bytes:
        """The file's bytes as Save would write them (for a download)."""
        from ..writer import dumps

        return dumps(self.project)
