"""A table's (or the project's) ``usermeta``: data other tools keep in the file, set whole."""

from __future__ import annotations

from typing import Any

from ..model import Project
from .base import Outcome, find_table, refuse, structural


@structural
def set_usermeta(project: Project, /, table_id: str | None, value: Any) -> Outcome:
    """Replace the ``usermeta`` of the table ``table_id`` (or of the project, when None) with
    ``value``, a JSON object; checked as open checks it (at most 64 KB)."""
    if table_id is None:
        if not isinstance(value, dict):
            raise refuse("edit-invalid", ("usermeta",), _not_object(value))
        project.usermeta = value
        return Outcome("Edit the project's usermeta", None)
    index, table = find_table(project, table_id)
    if not isinstance(value, dict):
        raise refuse("edit-invalid", ("tables", index, "usermeta"), _not_object(value))
    table.usermeta = value
    return Outcome("Edit usermeta", index, None, table_id)


def _not_object(value: Any) -> str:
    kind = "a list" if isinstance(value, list) else type(value).__name__
    return f"expected a JSON object {{...}}; found {kind}"
