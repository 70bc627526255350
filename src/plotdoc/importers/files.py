"""Import a file by its kind: a Prism `.pzfx` file or a CSV/TSV file, opened as a project.

The importer's document goes through the same open pipeline as any file, so an imported project
is exactly what opening its saved file gives. Warnings of the import and of the open are
returned together; a problem the open finds in a cell of a CSV is said at the CSV's own line
and column (never at a position of the generated document).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

import orjson

from ..api import loads
from ..contract.entries import VALUES
from ..model import Project
from ..problems import PlotdocError, Problem, error
from ._common import ImportResult
from .csv import CsvOrigin, read_csv_located
from .pzfx import read_pzfx

CSV_SUFFIXES = (".csv", ".tsv", ".txt")


def import_file(
    path: str | os.PathLike[str],
    *,
    family: str | None = None,
    decimal: str = ".",
    delimiter: str | None = None,
    na: Iterable[str] = (),
    entry: str = VALUES,
) -> tuple[Project, list[Problem]]:
    """Import ``path`` (`.pzfx`, or `.csv`/`.tsv`/`.txt` with ``family``) as an opened project;
    ``na`` adds spellings of a missing value in a CSV; ``entry`` (`meanSdN`, `meanSemN`)
    reads a CSV's data columns in threes as summary data (a `.pzfx` file says its own)."""
    p = Path(path)
    suffix = p.suffix.lower()
    origin: CsvOrigin | None = None
    if suffix == ".pzfx":
        result = read_pzfx(p)
    elif suffix in CSV_SUFFIXES:
        if family is None:
            raise PlotdocError(
                [
                    error(
                        "builder-invalid",
                        (),
                        "expected --family for a CSV file (xy, column, grouped, ...)",
                    )
                ]
            )
        if suffix == ".tsv" and delimiter is None:
            delimiter = "\t"
        result, origin = read_csv_located(
            p,
            family=family,
            decimal=decimal,
            delimiter=delimiter,
            name=p.stem,
            na=na,
            entry=entry,
        )
    else:
        raise PlotdocError(
            [
                error(
                    "import-syntax",
                    (),
                    f"expected a .pzfx, .csv, .tsv or .txt file; found {p.name!r}",
                )
            ]
        )
    return open_imported(result, origin)


def open_imported(
    result: ImportResult, origin: CsvOrigin | None = None
) -> tuple[Project, list[Problem]]:
    """Open an importer's document; the warnings of the import and of the open. With the
    ``origin`` of a CSV, what the open finds in a cell is said at the CSV's line and column
    (a position in the generated document would mean nothing to anyone)."""
    try:
        project = loads(orjson.dumps(result.document))
    except PlotdocError as exc:
        if origin is None:
            raise
        raise type(exc)(origin.relocate(_unplaced(exc.problems)), exc.omitted) from None
    opened = list(project.warnings)
    if origin is not None:
        opened = origin.relocate(_unplaced(opened))
    return project, [*result.problems, *opened]


def _unplaced(problems: Iterable[Problem]) -> list[Problem]:
    """``problems`` without positions in the generated JSON text (a CSV has its own)."""
    from dataclasses import replace

    return [replace(p, offset=None, line=None, column=None) for p in problems]
