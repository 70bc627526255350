"""Checking an edit exactly as open would: the edited project goes through the open pipeline.

A project can hold two million cells, so the check writes a light document: every table with
a few of its rows, and the edited table with the rows the edit touched. Everything open checks
beyond single cells (names, replicates, variants, options, analyses, references between
tables) is the same in the light document; the problems found are mapped back to the paths
of the real project, without the line and column of the light document (a place the user
never sees). What only the whole project shows (its cells, each table's rows, the file's
size) is checked by :mod:`plotdoc.editing.limits`, and values a file cannot hold by save's
own walk, so an accepted edit can always be saved. A warning that open would read the
project otherwise (:data:`READ_DIFFERENTLY`) refuses the edit.
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
        DataSet(ds.name, ds.values[sl], None if ds.text is None else ds.text[sl], ds.id)
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


#: Warnings that say open reads a part otherwise than the project holds it (a key dropped, a
#: value replaced, a cell read as missing): an edit that would cause one is refused with the
#: warning's code and message, unless the edit repairs them as open would (a graph type change
#: drops the style keys the new type does not draw).
READ_DIFFERENTLY = frozenset(
    {
        "survival-code-ignored",
        "unmatched-data-set-key",
        "variable-type-unknown-name",
        "mode-not-offered",
    }
)


def unwritable(doc: dict[str, Any]) -> None:
    """Refuse what save refuses before open sees it: a value JSON cannot hold (NaN, an
    infinity, a set, a number past what a file holds exactly), with save's codes. The cells
    are checked by the cell edits (a missing cell is NaN there)."""
    from ..reader.context import Context
    from ..save_check import unsaveable

    probe = {k: v for k, v in doc.items() if k != "tables"}
    probe["tables"] = [
        {k: v for k, v in table.items() if k not in ("x", "dataSets")} for table in doc["tables"]
    ]
    problems, omitted = unsaveable(probe, Context(data=b""))
    if problems:
        raise PlotdocError(problems, omitted)


def plain(problem: Problem) -> Problem:
    """``problem`` without a line, column or offset in the document the check wrote (a
    position in a document the user never sees); its path names the place."""
    if problem.line is None and problem.column is None and problem.offset is None:
        return problem
    return Problem(problem.code, problem.severity, problem.path, problem.message)


def check(
    project: Project,
    /,
    focus: int | None = None,
    rows: range | None = None,
    *,
    repair: bool = False,
) -> list[Problem]:
    """Check ``project`` as open and save would; raise PlotdocError with every error.

    ``focus`` is the index of the edited table and ``rows`` the rows the edit touched (all
    of them are checked). Returns the warnings about the focus table (or the whole project).
    A warning that open would read the project otherwise is an error, or with ``repair`` is
    applied to the project as open applies it (and returned).
    """
    from ..api import validate
    from .limits import SAVE_EXTRA_BYTES, check_limits
    from .repairs import apply_repair

    doc = light_document(project, focus, rows)
    unwritable(doc)
    try:
        data = orjson.dumps(doc, option=orjson.OPT_SERIALIZE_NUMPY)
    except (orjson.JSONEncodeError, TypeError) as exc:
        from ..problems import error

        raise PlotdocError([error("not-json-value", (), f"expected JSON values: {exc}")]) from None
    report = validate(data)
    offset = rows.start if rows is not None else 0
    problems = [
        plain(_shift(p, offset) if focus is not None and p.path[:2] == ("tables", focus) else p)
        for p in report.problems
    ]
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        raise PlotdocError(errors, report.omitted)
    mine = [
        p for p in problems if focus is None or p.path[:2] == ("tables", focus) or len(p.path) < 2
    ]
    differ = [p for p in mine if p.code in READ_DIFFERENTLY]
    if differ and not (repair and all(apply_repair(project, p) for p in differ)):
        raise PlotdocError([Problem(p.code, "error", p.path, p.message) for p in differ])
    check_limits(project, lambda: len(data) + SAVE_EXTRA_BYTES)
    return mine
