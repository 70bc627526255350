"""Kinds of edits, as a tab tells them apart: which keep the sheet's rows and columns where
they were (an edit typed meanwhile still names its cell), which were made in a panel."""

from __future__ import annotations

from ..editing import (
    add_analysis,
    add_table,
    duplicate_table,
    move_table,
    paste_block,
    remove_analysis,
    rename_table,
    set_analysis_params,
    set_cell,
    set_plot_option,
    set_preset,
    set_variant,
)
from ..editing.cells import clear_cells

#: Edits that change values only: no row or column of any sheet moves.
VALUE_EDITS = (set_cell, paste_block, clear_cells)
#: Edits that move no row or column of a sheet a cell can be typed in: values, a table's name,
#: place or graph, its analyses (their results tables take no typing), a new table. Edits of
#: how a graph looks keep them too (see :meth:`Tab.apply_look`).
KEEPS_LAYOUT = (
    *VALUE_EDITS,
    rename_table,
    move_table,
    add_table,
    duplicate_table,
    set_preset,
    set_variant,
    set_plot_option,
    add_analysis,
    set_analysis_params,
    remove_analysis,
)


#: Edits made in the analyses panel (undoing them shows it).
ANALYSIS_EDITS = (add_analysis, set_analysis_params, remove_analysis)
