"""Editing a project: small functions that change a :class:`~plotdoc.model.Project` safely.

Each edit is checked by the same code that opens files (same problem codes, paths and
messages); a refused edit raises :class:`~plotdoc.PlotdocError` and leaves the project exactly
as it was. Each returns an :class:`Edit` whose ``change`` undoes and redoes it; a
:class:`Session` keeps the history, the file's path and whether there are unsaved changes.
"""

from __future__ import annotations

from .analysis import add_analysis, default_params, remove_analysis, set_analysis_params
from .base import Edit
from .cells import Column, clear_cells, paste_block, set_cell, set_cells, sheet_columns
from .graph import (
    set_axis,
    set_graph_field,
    set_legend,
    set_plot_option,
    set_preset,
    set_title,
    set_variant,
    set_visibility,
)
from .history import History
from .session import Session, read_upload
from .tables import (
    add_data_set,
    add_table,
    delete_rows,
    delete_rows_at,
    delete_table,
    duplicate_table,
    insert_rows,
    move_table,
    remove_data_set,
    rename_data_set,
    rename_table,
    set_replicates,
)

__all__ = [
    "Column",
    "Edit",
    "History",
    "Session",
    "add_analysis",
    "add_data_set",
    "add_table",
    "clear_cells",
    "default_params",
    "delete_rows",
    "delete_rows_at",
    "delete_table",
    "duplicate_table",
    "insert_rows",
    "move_table",
    "paste_block",
    "read_upload",
    "remove_analysis",
    "remove_data_set",
    "rename_data_set",
    "rename_table",
    "set_analysis_params",
    "set_axis",
    "set_cell",
    "set_cells",
    "set_graph_field",
    "set_legend",
    "set_plot_option",
    "set_preset",
    "set_replicates",
    "set_title",
    "set_variant",
    "set_visibility",
    "sheet_columns",
]
