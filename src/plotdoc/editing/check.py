"""Checking an edit exactly as open would: the edited project goes through the open pipeline.

A project can hold two million cells, so the check writes a light document: every table with
a few of its rows, and the edited table with the rows the edit touched. Everything open checks
beyond single cells (names, replicates, variants, options, analyses, references between
tables) is the same in the light document; the problems found are mapped back to the paths
of the real project.
"""

from __future__ import annotations

import copy
from typing import Any

import orjson

from ..contract.site import CURRENT_VERSION, FORMAT
from ..model import DataSet, Project, Table
from ..problems import PathPart, PlotdocError, Problem

#: Rows of each table the light document keeps (besides the rows an edit touched).
SAMPLE_ROWS = 8


def sliced(table: Table, rows: range) -> Table:
    """``table`` with only ``rows`` (a step-1 range) of its cells.

    A results table's cells are never written to a file, so its copy keeps them untouched
    (reading them would compute them).
    """
    part = copy.copy(table)
    if table.derived_from is not None:
        return part
    sl = slice(rows.start, rows.stop)
    part.data_sets = [
        DataSet(ds.name, ds.values[sl], None if ds.text is None else ds.text[sl])
        for ds in table.data_sets
    ]
    part.x = None if table.x is None else table.x[sl]
    part.row_labels = None if table.row_labels is None else table.row_labels[sl]
    return part


def light_document(project: Project, /, focus: int | None, rows: range | None) -> dict[str, Any]:
    from ..writer import _table

    tables = []
    for i, table in enumerate(project.tables):
        if table.derived_from is not None:
            span = range(0)  # computed cells: never written, never read here
        elif i == focus and rows is not None:
            span = rows
        else:
            span = range(min(table.n_rows, SAMPLE_ROWS))
        tables.append(_table(sliced(table, span)))
    return {
        "format": FORMAT,
        "schemaVersion": CURRENT_VERSION,
        "meta": project.meta,
        "usermeta": project.usermeta,
        "view": project.view,
        "tables": tables,
    }


_ROW_KEYS = {"x": 3, "rowLabels": 3}


def _shift(problem: Problem, offset: int) -> Problem:
    """Map a path of the light document's focus table back to the real rows."""
    path: list[PathPart] = list(problem.path)
    at: int | None = None
    if len(path) > 3 and path[2] in _ROW_KEYS:
        at = 3
    elif len(path) > 5 and path[2] == "dataSets" and path[4] == "values":
        at = 5
    if at is None or not isinstance(path[at], int) or offset == 0:
        return problem
    path[at] = int(path[at]) + offset
    return Problem(problem.code, problem.severity, tuple(path), problem.message)


def check(
    project: Project, /, focus: int | None = None, rows: range | None = None
) -> list[Problem]:
    """Check ``project`` as open would; raise PlotdocError with every error.

    ``focus`` is the index of the edited table and ``rows`` the rows the edit touched (all
    of them are checked). Returns the warnings about the focus table (or the whole project).
    """
    from ..api import validate

    doc = light_document(project, focus, rows)
    try:
        data = orjson.dumps(doc, option=orjson.OPT_SERIALIZE_NUMPY)
    except (orjson.JSONEncodeError, TypeError) as exc:
        from ..problems import error

        raise PlotdocError([error("builder-invalid", (), f"expected JSON values: {exc}")]) from None
    report = validate(data)
    offset = rows.start if rows is not None else 0
    problems = [
        _shift(p, offset) if focus is not None and p.path[:2] == ("tables", focus) else p
        for p in report.problems
    ]
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        raise PlotdocError(errors, report.omitted)
    return [
        p for p in problems if focus is None or p.path[:2] == ("tables", focus) or len(p.path) < 2
    ]
