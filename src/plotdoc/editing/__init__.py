"""Editing a project: small functions that change a :class:`~plotdoc.model.Project` safely.

Each edit is checked by the same code that opens files (same problem codes, paths and
messages) and against the whole project's limits; a refused edit raises
:class:`~plotdoc.PlotdocError` and leaves the project exactly as it was. Each returns an :class:`Edit` whose ``change`` undoes and redoes it; a
:class:`Session` keeps the history, the file's path and whether there are unsaved changes.
"""

from __future__ import annotations

from .analysis import add_analysis, default_params, remove_analysis, set_analysis_params
from .annotations import add_annotation, move_annotation, remove_annotation
from .base import Edit
from .brackets import add_pairwise_brackets, follow_analysis, type_bracket_text
from .cells import Column, clear_cells, paste_block, set_cell, set_cells, sheet_columns
from .fields import FieldError, FieldSpec, field_spec, parse_path, settable_fields
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
from .uses import Use, data_set_uses
from .values import set_field, unset_field

__all__ = [
    "Column",
    "Edit",
    "FieldError",
    "FieldSpec",
    "History",
    "Session",
    "Use",
    "add_analysis",
    "add_annotation",
    "add_data_set",
    "add_pairwise_brackets",
    "add_table",
    "clear_cells",
    "data_set_uses",
    "default_params",
    "delete_rows",
    "delete_rows_at",
    "delete_table",
    "duplicate_table",
    "field_spec",
    "follow_analysis",
    "insert_rows",
    "move_annotation",
    "move_table",
    "parse_path",
    "paste_block",
    "read_upload",
    "remove_analysis",
    "remove_annotation",
    "remove_data_set",
    "rename_data_set",
    "rename_table",
    "set_analysis_params",
    "set_axis",
    "set_cell",
    "set_cells",
    "set_field",
    "set_graph_field",
    "set_legend",
    "set_plot_option",
    "set_preset",
    "set_replicates",
    "set_title",
    "set_variant",
    "set_visibility",
    "settable_fields",
    "sheet_columns",
    "type_bracket_text",
    "unset_field",
]
