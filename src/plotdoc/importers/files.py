"""Import a file by its kind: a Prism `.pzfx` file or a CSV/TSV file, opened as a project.

The importer's document goes through the same open pipeline as any file, so an imported project
is exactly what opening its saved file gives. Warnings of the import and of the open are
returned together.
"""

from __future__ import annotations

import os
from pathlib import Path

import orjson

from ..api import loads
from ..model import Project
from ..problems import PlotdocError, Problem, error
from .csv import read_csv
from .pzfx import read_pzfx

CSV_SUFFIXES = (".csv", ".tsv", ".txt")


def import_file(
    path: str | os.PathLike[str],
    *,
    family: str | None = None,
    decimal: str = ".",
    delimiter: str | None = None,
) -> tuple[Project, list[Problem]]:
    """Import ``path`` (`.pzfx`, or `.csv`/`.tsv`/`.txt` with ``family``) as an opened project."""
    p = Path(path)
    suffix = p.suffix.lower()
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
        result = read_csv(p, family=family, decimal=decimal, delimiter=delimiter, name=p.stem)
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
    project = loads(orjson.dumps(result.document))
    return project, [*result.problems, *project.warnings]
