"""Cell edits: typing in a cell, clearing cells, pasting a block copied from a spreadsheet.

The sheet of a table is a list of columns: the X column (xy, survival) or the row labels
(grouped, contingency, parts of whole, multiple variables), then one column per replicate
of each data set. A block of cells is checked as open would check the same cells in a file:
the touched rows, with the new cells, go through the open pipeline first, so a text cell in a
numeric table is refused with the same code, path and message. Nothing is changed on refusal.

A block that runs past the last row adds rows; one that runs past the last column adds data
sets (as a spreadsheet would).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import orjson

from ..contract.families import FAMILIES
from ..contract.limits import MAX_DATA_SETS, MAX_ROWS
from ..contract.site import CURRENT_VERSION, FORMAT
from ..errors import EditRefusedError
from ..model import DataSet, Project, Table
from ..problems import PathPart, PlotdocError, Problem, found
from ..reader.cells import parse_numeric_text
from .base import Edit, editable, first_free, refuse, unforeseen, whole
from .check import READ_DIFFERENTLY, sliced
from .history import Change, own_arrays, restore, snapshot, snapshot_change
from .limits import check_limits, writing

Cell = float | str | None


@dataclass(frozen=True)
class Column:
    """One column of the sheet: ``kind`` is ``x``, ``label`` or ``data``."""

    kind: str
    data_set: int = 0
    replicate: int = 0


def sheet_columns(table: Table) -> list[Column]:
    family = FAMILIES[table.format]
    cols: list[Column] = []
    if family.has_x:
        cols.append(Column("x"))
    elif family.has_row_labels:
        cols.append(Column("label"))
    for d in range(len(table.data_sets)):
        cols.extend(Column("data", d, r) for r in range(table.replicates))
    return cols


def parse_cell(raw: Any) -> Cell:
    """What a typed or pasted cell means: a number, None (empty) or text (judged later)."""
    if raw is None:
        return None
    if isinstance(raw, bool):
        return str(raw).lower()
    if isinstance(raw, (int, float)):
        value = float(raw)
        return value if np.isfinite(value) else repr(value)
    text = str(raw).strip()
    if not text:
        return None
    try:
        number = parse_numeric_text(text)
    except ValueError:
        return text  # spells a non-finite number: open's check refuses it with its message
    return text if number is None else number


def cell_text(table: Table, row: int, column: Column) -> Cell:
    """The current content of one cell (None when empty or past the end)."""
    if row >= table.n_rows:
        return None
    if column.kind == "x":
        v = float(table.x[row]) if table.x is not None and row < len(table.x) else np.nan
        return None if np.isnan(v) else v
    if column.kind == "label":
        return table.row_labels[row] if table.row_labels else None
    ds = table.data_sets[column.data_set]
    if ds.text is not None and ds.text[row, column.replicate] is not None:
        return str(ds.text[row, column.replicate])
    v = float(ds.values[row, column.replicate])
    return None if np.isnan(v) else v


def _next_name(table: Table, base: str = "Data set") -> str:
    return first_free({ds.name for ds in table.data_sets}, f"{base} ", len(table.data_sets) + 1)


def _table_doc(table: Table, rows: range) -> dict[str, Any]:
    from ..writer import _table

    doc: dict[str, Any] = orjson.loads(
        orjson.dumps(_table(sliced(table, rows)), option=orjson.OPT_SERIALIZE_NUMPY)
    )
    return doc


def _problems_of_block(
    table: Table, index: int, row: int, cells: dict[tuple[int, Column], Cell], height: int
) -> None:
    """Open's check of the touched rows with the new cells; raise with every error."""
    from ..api import validate

    doc = _table_doc(table, range(row, min(row + height, table.n_rows)))
    family = FAMILIES[table.format]
    have = len(doc.get("dataSets", []))
    if family.has_x:
        doc["x"] = (doc.get("x") or []) + [None] * (height - len(doc.get("x") or []))
    if family.has_row_labels:
        labels = doc.get("rowLabels") or []
        doc["rowLabels"] = labels + [""] * (height - len(labels))
    for ds in doc.get("dataSets", []):
        ds["values"] = [list(r) for r in ds["values"]] + [
            [None] * table.replicates for _ in range(height - len(ds["values"]))
        ]
    for (r, col), value in cells.items():
        j = r - row
        if col.kind == "x":
            doc["x"][j] = value
        elif col.kind == "label":
            doc["rowLabels"][j] = "" if value is None else str(value)
        else:
            while col.data_set >= have:
                doc["dataSets"].append(
                    {
                        "name": f"\x00{have}",
                        "values": [[None] * table.replicates for _ in range(height)],
                    }
                )
                have += 1
            cells_row = doc["dataSets"][col.data_set]["values"][j]
            cells_row += [None] * (table.replicates - len(cells_row))
            cells_row[col.replicate] = value
    doc.pop("graph", None)  # a graph is checked by the edits that change it
    doc.pop("analyses", None)
    doc.pop("annotations", None)
    report = validate(
        orjson.dumps({"format": FORMAT, "schemaVersion": CURRENT_VERSION, "tables": [doc]})
    )
    errors: list[Problem] = []
    for p in report.problems:
        if p.severity != "error" and p.code not in READ_DIFFERENTLY:
            continue
        path: list[PathPart] = list(p.path)
        if path[:2] == ["tables", 0]:
            path[1] = index
            if len(path) > 3 and path[2] in ("x", "rowLabels") and isinstance(path[3], int):
                path[3] = path[3] + row
            if len(path) > 5 and path[2] == "dataSets" and isinstance(path[5], int):
                path[5] = path[5] + row
        errors.append(Problem(p.code, "error", tuple(path), p.message))
    if errors:
        raise EditRefusedError(errors, report.omitted)


def _grow(table: Table, rows: int, data_sets: int) -> None:
    """Give ``table`` at least ``rows`` rows and ``data_sets`` data sets (new arrays)."""
    have = table.n_rows
    if rows > have:
        extra = rows - have
        for ds in table.data_sets:
            ds.values = np.concatenate([ds.values, np.full((extra, table.replicates), np.nan)])
            if ds.text is not None:
                ds.text = np.concatenate(
                    [ds.text, np.full((extra, table.replicates), None, dtype=object)]
                )
        if table.x is not None:
            table.x = np.concatenate([table.x, np.full(rows - len(table.x), np.nan)])
        if table.row_labels is not None:
            table.row_labels = [*table.row_labels, *([""] * (rows - len(table.row_labels)))]
    n = max(rows, have)
    text = FAMILIES[table.format].allows_text
    while len(table.data_sets) < data_sets:
        table.data_sets.append(
            DataSet(
                _next_name(table),
                np.full((n, table.replicates), np.nan),
                np.full((n, table.replicates), None, dtype=object) if text else None,
            )
        )


def _write(table: Table, cells: dict[tuple[int, Column], Cell]) -> None:
    for (r, col), value in cells.items():
        if col.kind == "x":
            if table.x is None:  # only on the snapshot path (see set_cells)
                table.x = np.full(table.n_rows, np.nan)
            new = np.nan if value is None else float(value)
            writing(table.x, (r,), new)
            table.x[r] = new
        elif col.kind == "label":
            if table.row_labels is None:  # a table opened without row labels gets them
                table.row_labels = [""] * table.n_rows
            table.row_labels[r] = "" if value is None else str(value)
        else:
            ds = table.data_sets[col.data_set]
            if isinstance(value, str):
                assert ds.text is not None
                writing(ds.values, (r, col.replicate), np.nan)
                ds.values[r, col.replicate] = np.nan
                ds.text[r, col.replicate] = value
            else:
                new = np.nan if value is None else float(value)
                writing(ds.values, (r, col.replicate), new)
                ds.values[r, col.replicate] = new
                if ds.text is not None:
                    ds.text[r, col.replicate] = None


def set_cells(
    project: Project,
    table_id: str,
    row: int,
    column: int,
    block: list[list[Any]],
    *,
    label: str = "",
) -> Edit:
    """Write ``block`` (rows of typed or pasted values) with its top-left cell at (row, column).

    ``column`` indexes :func:`sheet_columns`; an empty string or None clears a cell. A cell
    open would read otherwise (a survival cell other than 1, 0 or empty) is refused with
    open's warning as the reason; so is a block that takes the project past its limits.
    """
    try:
        return _set_cells(project, table_id, row, column, block, label)
    except EditRefusedError:
        raise
    except PlotdocError as exc:  # the whole project's limits
        raise EditRefusedError(exc.problems, exc.omitted) from exc
    except Exception as exc:  # a bad argument no check foresaw: refused, never a crash
        raise unforeseen("set_cells", exc) from exc


def _set_cells(
    project: Project,
    table_id: str,
    row: int,
    column: int,
    block: list[list[Any]],
    label: str,
) -> Edit:
    index, table = editable(project, table_id)
    row = whole(row, "a row", ("tables", index))
    column = whole(column, "a column of the sheet", ("tables", index))
    if isinstance(block, (str, bytes)) or not all(isinstance(r, (list, tuple)) for r in block):
        raise refuse(
            "edit-invalid", ("tables", index), "expected a block of cells: a list of rows of cells"
        )
    height = len(block)
    width = max((len(r) for r in block), default=0)
    if height == 0 or width == 0:
        raise refuse("edit-invalid", ("tables", index), "expected at least one cell to write")
    if row < 0 or column < 0:
        raise refuse(
            "edit-invalid",
            ("tables", index),
            f"expected a cell in the sheet; found row {row}, column {column}",
        )
    if row + height > MAX_ROWS:
        raise refuse(
            "edit-invalid",
            ("tables", index),
            f"expected at most {MAX_ROWS} rows; the block would end at row {row + height}",
        )
    columns = sheet_columns(table)
    first_data = 1 if columns and columns[0].kind != "data" else 0
    # columns past the last one become new data sets
    while len(columns) < column + width:
        d = (len(columns) - first_data) // table.replicates
        if d >= MAX_DATA_SETS:
            raise refuse(
                "edit-invalid",
                ("tables", index, "dataSets"),
                f"expected at most {MAX_DATA_SETS} data sets",
            )
        columns.extend(Column("data", d, r) for r in range(table.replicates))
    cells: dict[tuple[int, Column], Cell] = {}
    for i, values in enumerate(block):
        for j, raw in enumerate(values):
            col = columns[column + j]
            cells[(row + i, col)] = (
                (None if raw is None or str(raw) == "" else str(raw))
                if col.kind == "label"
                else parse_cell(raw)
            )
    _problems_of_block(table, index, row, cells, height)
    want_sets = max((c.data_set + 1 for (_, c) in cells if c.kind == "data"), default=0)
    text = label or ("Edit cell" if len(cells) == 1 else f"Paste {height}×{width} cells")
    new_column = any(
        (c.kind == "label" and table.row_labels is None) or (c.kind == "x" and table.x is None)
        for (_, c) in cells
    )
    if row + height > table.n_rows or want_sets > len(table.data_sets) or new_column:
        before = snapshot(project)
        try:
            own_arrays(table)  # the snapshot taken before keeps the old cells
            _grow(table, row + height, want_sets)
            _write(table, cells)
            check_limits(project)
        except BaseException:
            restore(project, before)
            raise
        change = snapshot_change(text, before, snapshot(project))
        return Edit(text, change, [], table.id)
    old = {key: cell_text(table, key[0], key[1]) for key in cells}
    _write(table, cells)
    try:
        check_limits(project)
    except BaseException:
        _write(table, old)
        raise
    tid = table.id
    change = Change(
        text, lambda p: _write(p.table(tid), old), lambda p: _write(p.table(tid), cells)
    )
    return Edit(text, change, [], tid)


def set_cell(project: Project, /, table_id: str, row: int, column: int, value: Any) -> Edit:
    """Type ``value`` into one cell ("" or None clears it)."""
    return set_cells(project, table_id, row, column, [[value]])


def clear_cells(
    project: Project, table_id: str, row: int, column: int, height: int, width: int
) -> Edit:
    """Empty a rectangle of cells (the Delete key)."""
    return set_cells(
        project, table_id, row, column, [[None] * width for _ in range(height)], label="Clear cells"
    )


def parse_clipboard(text: str) -> list[list[str]]:
    """A block copied from a spreadsheet: rows by line, cells by tab (or comma when no tab)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    while lines and lines[-1] == "":
        lines.pop()
    sep = "\t" if any("\t" in line for line in lines) else None
    return [line.split(sep) if sep else [line] for line in lines]


def paste_block(project: Project, /, table_id: str, row: int, column: int, text: str) -> Edit:
    """Paste text copied from a spreadsheet (tab-separated rows) at (row, column)."""
    if not isinstance(text, str):
        raise refuse("edit-invalid", (), f"expected text to paste; found {found(text)}")
    block = parse_clipboard(text)
    if not block:
        raise refuse("edit-invalid", (), "expected cells to paste; the clipboard is empty")
    return set_cells(project, table_id, row, column, block, label=f"Paste {len(block)} row(s)")
