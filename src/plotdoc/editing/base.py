"""What every edit shares: finding its table, refusing with a problem, recording the change."""

from __future__ import annotations

import functools
from collections.abc import Callable, Container
from dataclasses import dataclass, field
from typing import Concatenate, ParamSpec

from ..errors import EditRefusedError
from ..model import Project, Table
from ..problems import PathPart, PlotdocError, Problem, error, found
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
    #: the id of the item the edit made (a new annotation's), if any
    item_id: str | None = None


@dataclass(frozen=True)
class Outcome:
    """What an edit function reports to :func:`structural`."""

    label: str
    #: index of the table to check with ``rows``, or None to check the project sampled
    focus: int | None = None
    rows: range | None = None
    table_id: str | None = None
    #: apply open's repairs (drop the style keys a new graph type does not draw) instead of
    #: refusing the edit over them
    repair: bool = False
    #: the id of the item the edit made (an annotation), if any
    item_id: str | None = None


def first_free(taken: Container[str], prefix: str, start: int = 1) -> str:
    """``prefix`` followed by the first number from ``start`` that makes a name not in
    ``taken`` (new ids and names: "annotation-3", "Data set 4")."""
    n = start
    while f"{prefix}{n}" in taken:
        n += 1
    return f"{prefix}{n}"


def refuse(code: str, path: tuple[PathPart, ...], message: str) -> PlotdocError:
    return EditRefusedError([error(code, path, message)])


def unforeseen(name: str, exc: Exception) -> PlotdocError:
    """The refusal of an edit whose arguments failed in a way no check names."""
    what = str(exc) or type(exc).__name__
    return refuse(
        "edit-invalid",
        (),
        f"expected arguments {name} can use; the edit failed ({what}) and nothing was changed",
    )


def whole(value: object, what: str, path: tuple[PathPart, ...] = ()) -> int:
    """``value`` as an index or count, refused unless it is an integer (not a bool)."""
    import numbers

    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise refuse(
            "edit-invalid", path, f"expected {what} (a whole number); found {found(value)}"
        )
    return int(value)


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
            warnings = check(project, outcome.focus, outcome.rows, repair=outcome.repair)
        except PlotdocError as exc:
            restore(project, before)
            if isinstance(exc, EditRefusedError):
                raise
            raise EditRefusedError(exc.problems, exc.omitted) from exc
        except Exception as exc:  # a bad argument no check foresaw: refused, never a crash
            restore(project, before)
            raise unforeseen(fn.__name__, exc) from exc
        except BaseException:
            restore(project, before)
            raise
        change = snapshot_change(outcome.label, before, snapshot(project))
        return Edit(outcome.label, change, warnings, outcome.table_id, outcome.item_id)

    return wrapper
