"""Table edits: add, rename, duplicate, delete and reorder tables; data sets, rows, replicates."""

from __future__ import annotations

import copy
from collections.abc import Sequence

import numpy as np

from ..contract.entries import (
    ENTRIES,
    SUMMARY_FAMILIES,
    SUMMARY_REPLICATES,
    VALUES,
    is_summary,
    spread_name,
)
from ..contract.families import FAMILIES
from ..contract.limits import MAX_REPLICATES, MAX_ROWS, MAX_TABLES
from ..contract.variants import VARIANTS, default_variant
from ..downwrite import pin_ids
from ..model import DataSet, Project, Table
from ..problems import PathPart, found
from ..reader.build import build_graph, default_graph_document
from .analysis import drop_analyses
from .base import Outcome, editable, find_table, first_free, refuse, structural, whole
from .graph import apply_variant
from .repairs import keep_active, move_points, remove_keys, rename_keys, shift_brackets
from .uses import data_set_uses, removed_items

#: The data sets a new table starts with, per family (as a graphing program's new table does).
STARTER_DATA_SETS: dict[str, tuple[str, ...]] = {
    "xy": ("Data set A", "Data set B"),
    "column": ("Group A", "Group B", "Group C"),
    "grouped": ("Series A", "Series B"),
    "contingency": ("Outcome A", "Outcome B"),
    "nested": ("Treatment A", "Treatment B"),
    "survival": ("Group A", "Group B"),
    "partsOfWhole": ("Values",),
    "multipleVariables": ("Variable 1", "Variable 2", "Variable 3"),
}


def _unique(taken: set[str], base: str) -> str:
    if base not in taken:
        return base
    n = 2
    while f"{base} {n}" in taken:
        n += 1
    return f"{base} {n}"


def _new_id(project: Project, /, prefix: str = "table") -> str:
    return first_free({t.id for t in project.tables}, f"{prefix}-", len(project.tables) + 1)


def _check_count(project: Project) -> None:
    if len(project.tables) >= MAX_TABLES:
        raise refuse("edit-invalid", ("tables",), f"expected at most {MAX_TABLES} tables")


@structural
def add_table(
    project: Project,
    family: str,
    name: str | None = None,
    *,
    replicates: int | None = None,
    entry: str = VALUES,
) -> Outcome:
    """A new, empty table of ``family`` with its starter data sets and default graph;
    ``entry`` ``meanSdN`` or ``meanSemN`` makes a table of summary data (column, grouped,
    xy), whose data sets have three columns: mean, SD or SEM, N."""
    if family not in FAMILIES:
        raise refuse(
            "edit-invalid", (), f"expected a table family ({', '.join(FAMILIES)}); found {family!r}"
        )
    _check_count(project)
    fam = FAMILIES[family]
    where = ("tables", len(project.tables), "entry")
    if entry not in ENTRIES:
        raise refuse(
            "edit-invalid", where, f"expected one of {', '.join(ENTRIES)}; found {entry!r}"
        )
    summary = is_summary(entry)
    if summary and family not in SUMMARY_FAMILIES:
        raise refuse(
            "edit-invalid",
            where,
            f"expected values for a {family} table (summary data is allowed for "
            f"{', '.join(SUMMARY_FAMILIES)} tables); found {entry!r}",
        )
    reps = fam.min_replicates if replicates is None else whole(replicates, "a replicate count")
    if summary:
        if replicates is not None and reps != SUMMARY_REPLICATES:
            raise refuse(
                "edit-invalid",
                ("tables", len(project.tables), "replicates"),
                f"expected 3 replicates (mean, {spread_name(entry)}, N) for a table of summary "
                f"data; found {reps}",
            )
        reps = SUMMARY_REPLICATES
    elif not fam.replicates_ok(reps):
        raise refuse(
            "edit-invalid",
            ("tables", len(project.tables), "replicates"),
            f"expected {_replicate_rule(family)} replicate(s) for a {family} table; found {reps}",
        )
    if name is not None:
        _check_name(name, ("tables", len(project.tables), "name"))
    table = Table(
        id=_new_id(project),
        name=name or _unique({t.name for t in project.tables}, f"Data {len(project.tables) + 1}"),
        format=family,
        replicates=reps,
        data_sets=[
            DataSet(
                n,
                np.zeros((0, reps)),
                np.full((0, reps), None, dtype=object) if fam.allows_text else None,
            )
            for n in STARTER_DATA_SETS[family]
        ],
        x=np.zeros(0) if fam.has_x else None,
        row_labels=[] if fam.has_row_labels else None,
        variable_types={} if family == "multipleVariables" else None,
        entry=entry,
    )
    _fill_defaults(table)
    project.tables.append(table)
    return Outcome(f"New {family} table", len(project.tables) - 1, None, table.id)


def _replicate_rule(family: str) -> str:
    fam = FAMILIES[family]
    if fam.replicate_rule == "fixed-1":
        return "exactly 1"
    if fam.replicate_rule == "at-least-2":
        return f"2 to {MAX_REPLICATES}"
    return f"1 to {MAX_REPLICATES}"


def _check_name(name: object, path: tuple[PathPart, ...]) -> None:
    """A table or data set name the user can see: text with something besides spaces."""
    if not isinstance(name, str) or not name.strip():
        raise refuse(
            "edit-invalid",
            path,
            f"expected a name with at least one character besides spaces; found {found(name)}",
        )


def _fill_defaults(table: Table) -> None:
    from ..contract import document as D
    from ..reader.resolve import resolve

    table.titles = resolve(D.DEFINITIONS["Titles"], table.titles)
    table.graph = build_graph(default_graph_document(table), table)


@structural
def rename_table(project: Project, /, table_id: str, name: str) -> Outcome:
    index, table = find_table(project, table_id)
    _check_name(name, ("tables", index, "name"))
    table.name = name
    return Outcome("Rename table", index, None, table_id)


@structural
def duplicate_table(project: Project, /, table_id: str) -> Outcome:
    """A copy of a data table (cells, graph, analyses) placed after it."""
    index, table = editable(project, table_id)
    _check_count(project)
    new = copy.deepcopy(table)
    new.id = _new_id(project)
    new.name = _unique({t.name for t in project.tables}, f"{table.name} (copy)")
    project.tables.insert(index + 1, new)
    return Outcome("Duplicate table", index + 1, None, new.id)


@structural
def delete_table(project: Project, /, table_id: str) -> Outcome:
    """Delete a table and the results tables computed from it; when the view showed one of
    them, it shows the table now in its place."""
    find_table(project, table_id)
    before = [t.id for t in project.tables]
    project.tables = [
        t
        for t in project.tables
        if t.id != table_id
        and (t.derived_from is None or t.derived_from.source_table_id != table_id)
    ]
    keep_active(project, before)
    return Outcome("Delete table")


@structural
def move_table(project: Project, /, table_id: str, to: int) -> Outcome:
    """Move a table to position ``to`` of the sidebar order."""
    index, table = find_table(project, table_id)
    to = whole(to, "a position in the list of tables", ("tables",))
    if not 0 <= to < len(project.tables):
        raise refuse(
            "edit-invalid",
            ("tables",),
            f"expected a position 0 to {len(project.tables) - 1}; found {to}",
        )
    project.tables.pop(index)
    project.tables.insert(to, table)
    return Outcome("Move table", to, None, table_id)


# -- data sets ---------------------------------------------------------------------------


@structural
def add_data_set(project: Project, /, table_id: str, name: str | None = None) -> Outcome:
    index, table = editable(project, table_id)
    fam = FAMILIES[table.format]
    shape = (table.n_rows, table.replicates)
    if name is not None:
        _check_name(name, ("tables", index, "dataSets", len(table.data_sets), "name"))
    table.data_sets.append(
        DataSet(
            name
            or _unique({d.name for d in table.data_sets}, f"Data set {len(table.data_sets) + 1}"),
            np.full(shape, np.nan),
            np.full(shape, None, dtype=object) if fam.allows_text else None,
        )
    )
    _keep_graph(table)
    return Outcome("Add data set", index, None, table_id)


@structural
def remove_data_set(project: Project, /, table_id: str, data_set: int) -> Outcome:
    """Remove a data set and every use of it (:func:`~plotdoc.editing.uses.data_set_uses`):
    analyses naming it are removed, as are brackets joining it; keys naming it are dropped;
    references by index to the data sets after it move down one."""
    index, table = editable(project, table_id)
    data_set = _data_set_index(table, index, data_set)
    analyses, annotations = removed_items(data_set_uses(project, table_id, data_set))
    drop_analyses(project, table, {table.analyses[a].id for a in analyses})
    table.annotations = [a for n, a in enumerate(table.annotations) if n not in annotations]
    removed = table.data_sets.pop(data_set)
    remove_keys(table, data_set, removed.name)
    shift_brackets(table, data_set)  # bracket ends are on data sets: as the indexes move
    _keep_graph(table)
    return Outcome("Remove data set", None if analyses else index, None, table_id)


@structural
def rename_data_set(project: Project, /, table_id: str, data_set: int, name: str) -> Outcome:
    """Rename a data set; everything that names it follows the new name: its style
    overrides (per data set and per point), t test groups and variable type."""
    index, table = editable(project, table_id)
    data_set = _data_set_index(table, index, data_set)
    _check_name(name, ("tables", index, "dataSets", data_set, "name"))
    old = table.data_sets[data_set].name
    if name != old and name in {d.name for d in table.data_sets}:
        raise refuse(
            "duplicate-data-set-name",
            ("tables", index, "dataSets", data_set, "name"),
            f"expected a unique data set name; {found(name)} is the name of another data set",
        )
    pin_ids(table)  # the file refers to it by id: renaming changes nothing else
    table.data_sets[data_set].name = name
    rename_keys(table, old, name)
    return Outcome("Rename data set", index, None, table_id)


def _data_set_index(table: Table, index: int, data_set: object) -> int:
    data_set = whole(data_set, "a data set index", ("tables", index, "dataSets"))
    if not 0 <= data_set < len(table.data_sets):
        raise refuse(
            "edit-invalid",
            ("tables", index, "dataSets"),
            f"expected a data set index 0 to {len(table.data_sets) - 1}; found {data_set}",
        )
    return data_set


def _keep_graph(table: Table) -> None:
    """A multiple-variables table gets its default graph once it has two variables."""
    if table.graph is None and table.derived_from is None:
        table.graph = build_graph(default_graph_document(table), table)


# -- rows and replicates -------------------------------------------------------------------


@structural
def insert_rows(project: Project, /, table_id: str, at: int, count: int = 1) -> Outcome:
    """Insert ``count`` empty rows before row ``at`` (``at`` = the row count appends)."""
    index, table = editable(project, table_id)
    at = whole(at, "a row", ("tables", index))
    count = whole(count, "a number of rows", ("tables", index))
    n = table.n_rows
    if not 0 <= at <= n or count < 1 or n + count > MAX_ROWS:
        raise refuse(
            "edit-invalid",
            ("tables", index),
            f"expected 1 or more rows inserted at 0 to {n}, at most {MAX_ROWS} in all; found {count} at {at}",
        )
    for ds in table.data_sets:
        ds.values = np.insert(ds.values, [at] * count, np.nan, axis=0)
        if ds.text is not None:
            ds.text = np.insert(ds.text, [at] * count, np.array(None, dtype=object), axis=0)
    if table.x is not None:
        table.x = np.insert(table.x, [at] * count, np.nan)
    if table.row_labels is not None:
        table.row_labels = [*table.row_labels[:at], *([""] * count), *table.row_labels[at:]]
    move_points(table, lambda r: r + count if r >= at else r)
    return Outcome(f"Insert {_rows(count)}", index, range(at, min(at + count, n + count)), table_id)


@structural
def delete_rows(project: Project, /, table_id: str, start: int, count: int = 1) -> Outcome:
    """Delete ``count`` rows from row ``start`` (rows past the last one are ignored)."""
    index, table = editable(project, table_id)
    start = whole(start, "a row", ("tables", index))
    count = whole(count, "a number of rows", ("tables", index))
    n = table.n_rows
    if not 0 <= start < n or count < 1:
        raise refuse(
            "edit-invalid", ("tables", index), f"expected rows within 0 to {n - 1}; found {start}"
        )
    return _drop_rows(table, index, table_id, np.arange(start, min(start + count, n)))


@structural
def delete_rows_at(project: Project, /, table_id: str, rows: Sequence[int]) -> Outcome:
    """Delete the rows listed (any order, not necessarily contiguous), as one edit.

    Rows past the last one (the sheet's empty rows) are ignored; at least one row must exist.
    """
    index, table = editable(project, table_id)
    n = table.n_rows
    listed = [whole(r, "a row", ("tables", index)) for r in rows]
    wanted = sorted({r for r in listed if 0 <= r < n})
    if not wanted:
        raise refuse(
            "edit-invalid",
            ("tables", index),
            f"expected rows within 0 to {n - 1}; found {sorted(set(listed))[:5]}",
        )
    return _drop_rows(table, index, table_id, np.asarray(wanted, dtype=np.intp))


def _rows(n: int) -> str:
    return f"{n} row" + ("" if n == 1 else "s")


def _drop_rows(table: Table, index: int, table_id: str, drop: np.ndarray) -> Outcome:
    keep = np.setdiff1d(np.arange(table.n_rows), drop, assume_unique=True)
    for ds in table.data_sets:
        ds.values = ds.values[keep]
        if ds.text is not None:
            ds.text = ds.text[keep]
    if table.x is not None:
        table.x = table.x[keep]
    if table.row_labels is not None:
        labels = table.row_labels
        table.row_labels = [labels[i] for i in keep]
    dropped = set(drop.tolist())  # sorted: a row moves up by the deleted rows before it
    move_points(table, lambda r: None if r in dropped else r - int(np.searchsorted(drop, r)))
    return Outcome(f"Delete {_rows(len(drop))}", index, None, table_id)


@structural
def set_replicates(project: Project, /, table_id: str, replicates: int) -> Outcome:
    """Change the replicate sub-columns per data set (extra columns are dropped or added empty).

    When the graph's variant needs more replicates than the table now has, the family's
    default variant for that count replaces it.
    """
    index, table = editable(project, table_id)
    fam = FAMILIES[table.format]
    replicates = whole(replicates, "a replicate count", ("tables", index, "replicates"))
    if is_summary(table.entry) and replicates != SUMMARY_REPLICATES:
        raise refuse(
            "edit-invalid",
            ("tables", index, "replicates"),
            f"expected 3 replicates for a table of summary data (mean, "
            f"{spread_name(table.entry)}, N); found {replicates}",
        )
    if not fam.replicates_ok(replicates) and not is_summary(table.entry):
        raise refuse(
            "edit-invalid",
            ("tables", index, "replicates"),
            f"expected {_replicate_rule(fam.id)} replicate(s) for a {fam.id} table; "
            f"found {replicates}",
        )
    old = table.replicates
    for ds in table.data_sets:
        if replicates < old:
            ds.values = ds.values[:, :replicates].copy()
            if ds.text is not None:
                ds.text = ds.text[:, :replicates].copy()
        else:
            pad = np.full((ds.values.shape[0], replicates - old), np.nan)
            ds.values = np.concatenate([ds.values, pad], axis=1)
            if ds.text is not None:
                ds.text = np.concatenate([ds.text, np.full(pad.shape, None, dtype=object)], axis=1)
    table.replicates = replicates
    graph = table.graph
    if graph is not None and not VARIANTS[graph.variant_id].available_for(replicates):
        apply_variant(table, default_variant(table.format, replicates))
    return Outcome("Change replicates", index, None, table_id, repair=True)
