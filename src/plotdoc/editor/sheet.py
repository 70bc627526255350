"""The data sheet: AG Grid's options for a table, and the cell edits, pastes and clears it sends."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any

from nicegui import events

from ..contract.entries import SUMMARY_REPLICATES, column_labels, is_summary
from ..editing import rename_data_set
from ..editing.cells import clear_cells, sheet_columns
from . import attrs
from .columns import column_id, column_index
from .notify import notify
from .pasting import apply_paste

if TYPE_CHECKING:
    from .view import View


def sheet_options(table: Any, version: int) -> dict[str, Any]:
    """AG Grid options: a row-number column, then the family's columns, rows fetched on demand."""
    editable = table.derived_from is None
    columns: list[dict[str, Any]] = [
        {
            "headerName": "",
            "colId": "rownum",
            ":valueGetter": "p => p.node.rowIndex + 1",
            "width": 48,
            "pinned": "left",
            "editable": False,
            "cellClass": "plotdoc-rownum",
            "suppressNavigable": False,
        }
    ]
    cols = sheet_columns(table)
    groups: dict[int, dict[str, Any]] = {}
    for i, col in enumerate(cols):
        spec: dict[str, Any] = {
            "field": column_id(i),
            "colId": column_id(i),
            "editable": editable,
            "width": 76,
        }
        if col.kind == "x":
            columns.append(
                {
                    **spec,
                    "headerName": "Time" if table.format == "survival" else "X",
                    "pinned": "left",
                    "width": 84,
                }
            )
        elif col.kind == "label":
            columns.append({**spec, "headerName": "Row label", "pinned": "left", "width": 120})
        elif table.replicates == 1:
            columns.append(
                {
                    **spec,
                    "headerName": table.data_sets[col.data_set].name,
                    "headerClass": renamable(col.data_set, editable),
                }
            )
        else:
            group = groups.get(col.data_set)
            if group is None:
                group = {
                    "headerName": table.data_sets[col.data_set].name,
                    "headerClass": renamable(col.data_set, editable),
                    "children": [],
                }
                groups[col.data_set] = group
                columns.append(group)
            group["children"].append(
                {**spec, "headerName": sub_column_label(table, col.replicate), "width": 64}
            )
    return {
        "columnDefs": columns,
        "defaultColDef": {
            "resizable": True,
            "sortable": False,
            "cellDataType": False,
            "suppressMovable": True,
            # cells another tab changed are marked (see plotdoc/editor/conflicts.py)
            ":cellClass": "(p) => plotdocMarkClass(p)",
            ":tooltipValueGetter": "(p) => plotdocMarkText(p)",
        },
        "rowModelType": "infinite",
        "rowSelection": {
            "mode": "multiRow",
            "checkboxes": False,
            "headerCheckbox": False,
            "enableClickSelection": True,
        },
        "preventDefaultOnContextMenu": True,
        "cacheBlockSize": 200,
        "maxBlocksInCache": 20,
        "rowBuffer": 20,
        ":datasource": attrs.js_call("plotdocDatasource", table.id, version),
        "enterNavigatesVertically": True,
        "enterNavigatesVerticallyAfterEdit": True,
        "stopEditingWhenCellsLoseFocus": True,
        "singleClickEdit": False,
        "theme": "balham",
        "rowHeight": 26,
        "headerHeight": 28,
        "suppressColumnVirtualisation": False,
    }


def sub_column_label(table: Any, replicate: int) -> str:
    """The header of a data set's sub-column: ``Y1``, ``Y2``... for replicates; ``Mean``,
    ``SD`` or ``SEM``, ``N`` in a table of summary data."""
    if is_summary(table.entry) and replicate < SUMMARY_REPLICATES:
        return column_labels(table.entry)[replicate]
    return f"Y{replicate + 1}"


def renamable(data_set: int, editable: bool) -> str:
    """The class of a data set's header: double-clicking it renames the data set in place
    (the page reads the data set's index from it; see ``plotdocRenameHeader``)."""
    return f"plotdoc-ds plotdoc-ds-{data_set}" if editable else ""


def rename(view: View, args: dict[str, Any]) -> None:
    """A data set renamed in its header (Enter or leaving the field; Esc cancels there)."""
    table = view.table()
    index, name = args.get("dataSet"), args.get("name")
    if table is None or not isinstance(index, int) or not isinstance(name, str):
        return
    if args.get("_t") != table.id or not 0 <= index < len(table.data_sets):
        notify("Not renamed: the sheet shows another table now", "warning")
        view.refresh(sheet_only=True)
        return
    if name != table.data_sets[index].name:
        view.apply(rename_data_set, table.id, index, name)


#: Told when an edit was made on rows that moved before it arrived.
STALE = (
    "Your edit was not applied: the rows moved (another tab inserted or deleted rows, or the "
    "connection was lost) before it arrived. The sheet now shows the table as it is; "
    "type the value again."
)


def current_rows(view: View, table: Any, args: dict[str, Any]) -> bool:
    """Whether the rows an edit was made on still name the same cells; if not, say so and
    show the table as it is now (the edit is never applied to another cell)."""
    data = args.get("data")
    stamp: dict[str, Any] = data if isinstance(data, dict) else args
    if stamp.get("_t") == table.id and view.server.current(stamp.get("_v")):
        return True
    notify(STALE, "negative")
    view.refresh(sheet_only=True)
    return False


def cell_changed(view: View, e: events.GenericEventArguments) -> None:
    table = view.table()
    col = column_index(e.args.get("colId"))
    row = e.args.get("rowIndex")
    if (
        table is not None
        and col is not None
        and row is not None
        and current_rows(view, table, e.args)
    ):
        view.conflicts.typed(
            table, int(row), col, e.args.get("seen", e.args.get("oldValue")), e.args.get("newValue")
        )
    view.unsent.typed_value(e.args.get("seq"))  # applied or refused: the page may forget it


def paste(view: View, args: dict[str, Any]) -> Awaitable[None] | None:
    """Paste the text the page sent: in the event itself (at once, in the order of the tab's
    events), or uploaded first when it is large (then a message says it is under way)."""
    table = view.table()
    col = column_index(args.get("col"))
    if table is None or col is None or table.derived_from is not None:
        return None
    if args.get("error"):
        notify(f"The paste was not applied: {args['error']}", "negative")
        return None
    if args.get("id") is None:
        if current_rows(view, table, args):
            apply_paste(view, table.id, int(args["row"]), col, str(args.get("text") or ""))
        return None
    upload = view.server.uploads.pop(str(args["id"]))
    if upload is None:
        return None
    return _paste_uploaded(view, table, col, args, upload[1].decode("utf-8", errors="replace"))


async def _paste_uploaded(
    view: View, table: Any, col: int, args: dict[str, Any], text: str
) -> None:
    notify(f"Pasting {text.count(chr(10)) + 1:,} rows…")
    await asyncio.sleep(0.05)  # the message is sent before the paste takes the loop
    if current_rows(view, table, args):
        apply_paste(view, table.id, int(args["row"]), col, text)


def clear(view: View, args: dict[str, Any]) -> None:
    table = view.table()
    col = column_index(args.get("col"))
    if table is None or col is None or table.derived_from is not None:
        return
    row = int(args["row"])
    if row < table.n_rows and current_rows(view, table, args):
        rows = max(1, min(int(args.get("rows") or 1), table.n_rows - row))
        cols = max(1, int(args.get("cols") or 1))
        view.apply(clear_cells, table.id, row, col, rows, cols)
