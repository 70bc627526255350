"""Row operations of the sheet: insert above or below, delete the selected rows.

The rows come from the browser (the selected rows, or the row of the focused cell) through
the context menu of the sheet or the keys Ctrl++ / Ctrl+- (Cmd on a Mac).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nicegui import ui

from ..editing import delete_rows_at, insert_rows
from . import attrs
from .sheet import current_rows

if TYPE_CHECKING:
    from .view import View

#: The context menu's entries: (action, label, icon).
ACTIONS = (
    ("insert-above", "Insert rows above", "vertical_align_top"),
    ("insert-below", "Insert rows below", "vertical_align_bottom"),
    ("delete", "Delete rows", "delete_sweep"),
)


def context_menu(view: View) -> None:
    """Build the sheet's right-click menu (inside the grid element)."""
    with ui.context_menu().props("data-testid=row-menu"):
        for action, label, icon in ACTIONS:
            item = ui.menu_item(
                on_click=lambda a=action: ui.run_javascript(attrs.js_call("plotdocRowAction", a))
            )
            with attrs.testid(item, f"row-{action}"):
                with ui.item_section().props("avatar"):
                    ui.icon(icon, color="negative" if action == "delete" else None)
                ui.item_section(label)


def apply(view: View, args: dict[str, Any]) -> None:
    """Run a row action on the rows the browser sent."""
    table = view.table()
    if table is None or table.derived_from is not None:
        return
    rows = sorted({int(r) for r in args.get("rows") or [] if isinstance(r, int) and r >= 0})
    if not rows:
        return
    if not current_rows(view, table, args):
        return
    action = args.get("action")
    n = table.n_rows
    count = len(rows)
    if action == "delete":
        if rows[0] < n:
            view.apply(delete_rows_at, table.id, rows)
    elif action == "insert-above":
        view.apply(insert_rows, table.id, min(rows[0], n), count)
    elif action == "insert-below":
        view.apply(insert_rows, table.id, min(rows[-1] + 1, n), count)
