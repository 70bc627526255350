"""Undo and redo: every edit is a change that knows how to undo and redo itself.

Structural edits are recorded as two snapshots of the project (before and after). A snapshot
copies each table's small parts (names, graph settings, analyses) and shares its arrays: edits
never change an array in place except the cell edits, which record the cells they replaced and
write them back on undo. Changes are undone and redone strictly in stack order, so a shared
array always holds the values its snapshot saw.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..model import Project, Table

#: How many changes undo remembers.
MAX_UNDO = 200


@dataclass(frozen=True)
class Snapshot:
    tables: tuple[Table, ...]
    meta: dict[str, Any]
    usermeta: dict[str, Any]
    view: dict[str, Any]


def pending(table: Table) -> bool:
    """A results table whose cells are not computed yet (reading them would compute them)."""
    return table.__dict__.get("fill") is not None


def copy_table(table: Table) -> Table:
    """A copy of ``table`` that shares its arrays and row labels and copies everything else.

    A results table whose cells are not computed yet stays so in the copy (nothing is
    computed to copy it).
    """
    new = copy.copy(table)
    if not pending(table):
        new.data_sets = [copy.copy(ds) for ds in table.data_sets]
    new.graph = copy.deepcopy(table.graph)
    new.analyses = copy.deepcopy(table.analyses)
    new.annotations = copy.deepcopy(table.annotations)
    new.titles = copy.deepcopy(table.titles)
    new.usermeta = copy.deepcopy(table.usermeta)
    new.column_widths = dict(table.column_widths)
    new.variable_types = dict(table.variable_types) if table.variable_types is not None else None
    return new


def own_arrays(table: Table) -> None:
    """Give ``table`` its own arrays and row labels (a copy made by :func:`copy_table` shares
    them), so a cell edit written in place leaves the other copy's cells as they were."""
    for ds in table.data_sets:
        ds.values = ds.values.copy()
        if ds.text is not None:
            ds.text = ds.text.copy()
    if table.x is not None:
        table.x = table.x.copy()
    if table.row_labels is not None:
        table.row_labels = list(table.row_labels)


def snapshot(project: Project) -> Snapshot:
    return Snapshot(
        tuple(copy_table(t) for t in project.tables),
        copy.deepcopy(project.meta),
        copy.deepcopy(project.usermeta),
        copy.deepcopy(project.view),
    )


def restore(project: Project, /, snap: Snapshot) -> None:
    """Put the project back as ``snap`` saw it (the snapshot itself stays untouched)."""
    project.tables = [copy_table(t) for t in snap.tables]
    project.meta = copy.deepcopy(snap.meta)
    project.usermeta = copy.deepcopy(snap.usermeta)
    project.view = copy.deepcopy(snap.view)


@dataclass
class Change:
    """One undoable edit."""

    label: str
    undo: Callable[[Project], None]
    redo: Callable[[Project], None]


def snapshot_change(label: str, before: Snapshot, after: Snapshot) -> Change:
    return Change(label, lambda p: restore(p, before), lambda p: restore(p, after))


@dataclass
class History:
    """The undo and redo stacks of one project."""

    done: list[Change] = field(default_factory=list)
    undone: list[Change] = field(default_factory=list)
    limit: int = MAX_UNDO

    def push(self, change: Change) -> None:
        self.done.append(change)
        del self.done[: max(0, len(self.done) - self.limit)]
        self.undone.clear()

    def clear(self) -> None:
        self.done.clear()
        self.undone.clear()

    @property
    def can_undo(self) -> bool:
        return bool(self.done)

    @property
    def can_redo(self) -> bool:
        return bool(self.undone)

    def undo(self, project: Project) -> Change | None:
        if not self.done:
            return None
        change = self.done.pop()
        change.undo(project)
        self.undone.append(change)
        return change

    def redo(self, project: Project) -> Change | None:
        if not self.undone:
            return None
        change = self.undone.pop()
        change.redo(project)
        self.done.append(change)
        return change
