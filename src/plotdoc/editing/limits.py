"""The whole project's limits, checked when an edit is made: an accepted edit can always be saved.

The open pipeline checks an edit on a light document (a few rows of each table, the rows the
edit touched); what only the whole project shows is checked here, with the codes and messages
of open and save: the cells of all tables together (``cells-too-many``), the rows of each
table (``too-many-items``) and the size of the file save would write (``file-too-large``).

The size is bounded cheaply first: numeric arrays are measured once each and kept exact
through the cell edits that write them in place; text is counted at its most escaped. Only a
project whose bound passes the limit is serialised to measure it exactly.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

import numpy as np
import orjson
from numpy.typing import NDArray

from ..contract.limits import MAX_FILE_BYTES, MAX_ROWS, MAX_TOTAL_CELLS
from ..model import Project, Table
from ..problems import PlotdocError, Problem, error

#: The most bytes one number takes in a file: orjson's longest double and a separator.
NUMBER_BYTES = 25
#: What save adds to the light document's envelope (schema address, generator, timestamps).
SAVE_EXTRA_BYTES = 1024
#: The most bytes one character of text takes in a file (a control character as ``\u001f``).
CHAR_BYTES = 6


def total_cells(project: Project) -> int:
    """The cells open counts: rows x replicates x data sets of every data table."""
    return sum(
        t.n_rows * t.replicates * len(t.data_sets) for t in project.tables if t.derived_from is None
    )


#: The exact bytes of numeric arrays in a file, by array: id -> (a weak reference, bytes).
_EXACT: dict[int, tuple[weakref.ReferenceType[Any], int]] = {}


def _cell_bytes(value: float) -> int:
    if value != value:
        return 4  # null
    return len(orjson.dumps(np.array([value]), option=orjson.OPT_SERIALIZE_NUMPY)) - 2


def numeric_bytes(values: NDArray[np.float64]) -> int:
    """The exact bytes of a numeric array in a compact file, measured once per array (the
    cell edits keep it exact with :func:`writing`)."""
    key = id(values)
    hit = _EXACT.get(key)
    if hit is not None and hit[0]() is values:
        return hit[1]
    size = len(orjson.dumps(values, option=orjson.OPT_SERIALIZE_NUMPY))

    def forget(_ref: object) -> None:
        _EXACT.pop(key, None)

    _EXACT[key] = (weakref.ref(values, forget), size)
    return size


def writing(values: NDArray[np.float64], where: tuple[int, ...], new: float) -> None:
    """Keep the measured size of ``values`` exact: call before writing ``new`` at ``where``."""
    hit = _EXACT.get(id(values))
    if hit is not None and hit[0]() is values:
        delta = _cell_bytes(new) - _cell_bytes(float(values[where]))
        _EXACT[id(values)] = (hit[0], hit[1] + delta)


def _text_bytes(texts: Any) -> int:
    return sum(len(s) * CHAR_BYTES + 3 for s in texts if s is not None)


def _table_bound(table: Table) -> int:
    """At most how many bytes the cells, x column and row labels of ``table`` take (exactly
    for numeric data sets and the x column)."""
    if table.derived_from is not None:
        return 0
    size = 0
    for ds in table.data_sets:
        if ds.text is None and ds.values.dtype == np.float64:
            size += numeric_bytes(ds.values)
        else:
            size += ds.values.size * NUMBER_BYTES + ds.values.shape[0] * 3
            if ds.text is not None:
                size += _text_bytes(ds.text.flat)
    if table.x is not None:
        size += (
            numeric_bytes(table.x) if table.x.dtype == np.float64 else table.x.size * NUMBER_BYTES
        )
    if table.row_labels is not None:
        size += _text_bytes(table.row_labels)
    return size


def file_size(project: Project) -> int:
    """The bytes of the compact file save would write (what the limit is checked against)."""
    from ..writer import to_document

    doc = to_document(project, now="2000-01-01T00:00:00Z")
    return len(orjson.dumps(doc, option=orjson.OPT_SERIALIZE_NUMPY)) + 1


def limit_problems(project: Project, /, rest: Callable[[], int]) -> list[Problem]:
    """What passes a limit of the whole project; ``rest()`` bounds the bytes of everything
    but the cells (asked once the counts are within their limits)."""
    problems: list[Problem] = []
    for i, table in enumerate(project.tables):
        if table.derived_from is None and table.n_rows > MAX_ROWS:
            problems.append(
                error(
                    "too-many-items",
                    ("tables", i),
                    f"expected at most {MAX_ROWS:,} rows; found {table.n_rows:,}",
                )
            )
    total = total_cells(project)
    if total > MAX_TOTAL_CELLS:
        problems.append(
            error(
                "cells-too-many",
                ("tables",),
                f"expected at most {MAX_TOTAL_CELLS:,} cells in the project; found {total:,}",
            )
        )
    if problems:
        return problems
    bound = sum(_table_bound(t) for t in project.tables) + rest()
    if bound > MAX_FILE_BYTES:
        size = file_size(project)
        if size > MAX_FILE_BYTES:
            problems.append(
                error(
                    "file-too-large",
                    (),
                    f"expected at most {MAX_FILE_BYTES:,} bytes (50 MB), what open accepts; "
                    f"the project would need {size:,} bytes even in the compact layout",
                )
            )
    return problems


def check_limits(project: Project, /, rest: Callable[[], int] | None = None) -> None:
    """Raise :class:`PlotdocError` when the project passes a limit of the whole project.

    ``rest`` gives a bound on the bytes of everything but the cells (default: measured).
    """
    problems = limit_problems(project, rest or (lambda: light_bytes(project)))
    if problems:
        raise PlotdocError(problems)


def light_bytes(project: Project) -> int:
    """A bound on the bytes of everything but the cells: the project's graphs, analyses,
    annotations, titles and metadata, measured on the light document (a few rows of cells)
    with room for what save adds (schema address, generator, timestamps)."""
    from .check import light_document

    doc = light_document(project, None, None)
    return len(orjson.dumps(doc, option=orjson.OPT_SERIALIZE_NUMPY)) + SAVE_EXTRA_BYTES
