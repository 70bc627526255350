"""What every edit shares: finding its table, refusing with a problem, recording the change."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Concatenate, ParamSpec

from ..model import Project, Table
from ..problems import PathPart, PlotdocError, Problem, error
from .check import check
from .history import Change, restore, snapshot, snapshot_change

P = ParamSpec("P")


@dataclass
class Edit:
    """A change made: its label (for Undo ...), how to undo it, the warnings it raised."""

    label: str
    change: Change
    warnings: list[Problem] = field(default_factory=list)
    #: the table the edit made or changed (the editor selects it), if any
    table_id: str | None = None


@dataclass(frozen=True)
class Outcome:
    """What an edit function reports to :func:`structural`."""

    label: str
    #: index of the table to check with ``rows``, or None to check the project sampled
    focus: int | None = None
    rows: range | None = None
    table_id: str | None = None


def refuse(code: str, path: tuple[PathPart, ...], message: str) -> PlotdocError:
    return PlotdocError([error(code, path, message)])


def find_table(project: Project, /, table_id: str) -> tuple[int, Table]:
    for i, t in enumerate(project.tables):
        if t.id == table_id:
            return i, t
    raise refuse(
        "edit-invalid", (), f"expected the id of a table; no table has the id {table_id!r}"
    )


def editable(project: Project, /, table_id: str) -> tuple[int, Table]:
    """A table whose cells the user may edit (a results table is computed, not typed)."""
    index, table = find_table(project, table_id)
    if table.derived_from is not None:
        raise refuse(
            "edit-invalid",
            ("tables", index),
            f"expected a data table; {table.name!r} holds results computed from "
            f"{table.derived_from.source_table_id!r} and cannot be edited",
        )
    return index, table


def structural(
    fn: Callable[Concatenate[Project, P], Outcome],
) -> Callable[Concatenate[Project, P], Edit]:
    """Run an edit on the project; check it as open would; on any error put everything back."""

    @functools.wraps(fn)
    def wrapper(project: Project, /, *args: P.args, **kwargs: P.kwargs) -> Edit:
        before = snapshot(project)
        try:
            outcome = fn(project, *args, **kwargs)
            warnings = check(project, outcome.focus, outcome.rows)
        except BaseException:
            restore(project, before)
            raise
        change = snapshot_change(outcome.label, before, snapshot(project))
        return Edit(outcome.label, change, warnings, outcome.table_id)

    return wrapper
