"""A block pasted from a spreadsheet whose first row names its columns.

A spreadsheet's copy holds the column names first. :func:`header_of` tells whether a block's
first row looks like names (a cell over a data column that is not a number, and numbers
below); :func:`runs` whether the names repeat in runs (``A A A B B B``: three replicates of
two data sets). :func:`paste_named` pastes the rows below the names, names the data sets from
them and, when asked, sets the replicates first: one step of undo.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import EditRefusedError
from ..model import Project
from ..problems import PlotdocError
from .base import Edit, find_table, refuse
from .cells import Column, parse_cell, parse_clipboard, set_cells, sheet_columns
from .history import own_arrays, restore, snapshot, snapshot_change
from .tables import rename_data_set, set_replicates


@dataclass(frozen=True)
class Header:
    """The names a block's first row holds over the data columns it is pasted on."""

    #: the first row's cells (stripped), in the block's columns
    cells: tuple[str, ...]
    #: how many cells of the first row are names (not numbers, not empty) over data columns
    names: int


def _columns(project: Project, table_id: str, column: int, width: int, reps: int) -> list[Column]:
    """The sheet's columns a block of ``width`` covers from ``column`` (with ``reps``
    replicates; columns past the last are new data sets)."""
    _, table = find_table(project, table_id)
    cols = [c for c in sheet_columns(table) if c.kind != "data"]
    first = len(cols)
    d = 0
    while len(cols) < column + width:
        cols.extend(Column("data", d, r) for r in range(reps))
        d += 1
    return cols[: max(first, column + width)]


def header_of(project: Project, table_id: str, row: int, column: int, text: str) -> Header | None:
    """The names in the first row of a block pasted at (``row``, ``column``), when it looks
    like a header: pasted on the first row, at least two rows, a cell over a data column that
    is not a number, and a number below the first row. None otherwise (numbers only: data)."""
    block = parse_clipboard(text)
    if row != 0 or len(block) < 2:
        return None
    _, table = find_table(project, table_id)
    width = max(len(r) for r in block)
    cols = _columns(project, table_id, column, width, table.replicates)
    first = [c.strip() for c in block[0]]
    names = sum(
        1
        for j, cell in enumerate(first)
        if cell and cols[column + j].kind == "data" and isinstance(parse_cell(cell), str)
    )
    numbers_below = any(isinstance(parse_cell(c), float) for r in block[1:] for c in r)
    if names == 0 or not numbers_below:
        return None
    return Header(tuple(first), names)


def empty(table: Any) -> bool:
    """Whether no data set of ``table`` holds a value yet (its replicates still open)."""
    return all(
        bool(np.isnan(ds.values).all()) and (ds.text is None or not any(ds.text.ravel()))
        for ds in table.data_sets
    )


def runs(header: Header) -> int:
    """The length of the runs of equal names the header holds (``A A A B B B``: 3), or 1."""
    cells = [c for c in header.cells if c]
    if len(cells) < 2 or len(cells) != len(header.cells):
        return 1
    size = 1
    while size < len(cells) and cells[size] == cells[0]:
        size += 1
    if size == 1 or len(cells) % size:
        return 1
    groups = [cells[i : i + size] for i in range(0, len(cells), size)]
    if all(len(set(g)) == 1 for g in groups) and len({g[0] for g in groups}) == len(groups):
        return size
    return 1


def paste_named(
    project: Project,
    /,
    table_id: str,
    row: int,
    column: int,
    text: str,
    replicates: int | None = None,
    named: bool = True,
) -> Edit:
    """Paste ``text``'s rows below its first at (``row``, ``column``) and name the data sets
    from its first row (the first name over each data set's columns); with ``replicates``,
    set the table's replicates first. ``named=False``: paste every row, name nothing (the
    replicates asked before a first paste). One step of undo; refused whole when any part is."""
    block = parse_clipboard(text)
    if not named:
        block = [[], *block]
    if len(block) < 2:
        raise refuse("edit-invalid", (), "expected a row of names and at least one row of cells")
    index, table = find_table(project, table_id)
    before = snapshot(project)
    own_arrays(table)  # the snapshot keeps the cells as they were
    try:
        if replicates is not None and replicates != table.replicates:
            set_replicates(project, table_id, replicates)
        set_cells(project, table_id, row, column, block[1:])
        table = project.tables[index]
        cols = sheet_columns(table)
        names: dict[int, str] = {}
        for j, cell in enumerate(block[0]):
            name = str(cell).strip()
            col = cols[column + j] if column + j < len(cols) else None
            if name and col is not None and col.kind == "data":
                names.setdefault(col.data_set, name)
        # through names no data set has, so that two data sets can swap theirs
        for d in names:
            rename_data_set(project, table_id, d, f"\u2060{d}\u2060 renaming")
        for d, name in names.items():
            rename_data_set(project, table_id, d, name)
    except PlotdocError as exc:
        restore(project, before)
        if isinstance(exc, EditRefusedError):
            raise
        raise EditRefusedError(exc.problems, exc.omitted) from exc
    except BaseException:
        restore(project, before)
        raise
    label = f"Paste {len(block) - 1} row(s)" + (" with names" if named else "")
    change = snapshot_change(label, before, snapshot(project))
    return Edit(label, change, [], table_id)
