"""Two tabs typing in the same cell: nothing is overwritten without the writer being told.

Each typed value comes with the value the tab's sheet showed in that cell before the typing
(AG Grid's ``oldValue``). When the cell holds something else by the time the value arrives,
another tab (or an undo) changed it since this tab last saw it: the value typed is written
(it is the newest intent), and the writing tab is told what it replaced, who had written it
and what its sheet showed, with an *Undo* that puts the replaced value back. The tab whose
value was replaced is told too, and every other tab marks the cells another tab changed
(until its own typing in them, or a change of the sheet's rows or columns).

The marks reach the page as data: a hidden element's ``data-cells`` attribute holds them as
JSON; the page's script reads it when it changes (see ``plotdocMarkClass``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from nicegui import ui

from ..editing import set_cell
from ..editing.cells import Cell, cell_text, parse_cell, sheet_columns
from .notify import notify
from .writers import MARKS_KEPT

if TYPE_CHECKING:
    from .view import View


def shown(value: Cell) -> str:
    """A cell's value as a sentence shows it."""
    if value is None:
        return "(empty)"
    if isinstance(value, str):
        return f"“{value}”"
    text = repr(value)
    return text[:-2] if text.endswith(".0") else text


def column_name(table: Any, col: int) -> str:
    columns = sheet_columns(table)
    if col >= len(columns):
        return f"column {col + 1}"
    column = columns[col]
    if column.kind == "x":
        return "column “Time”" if table.format == "survival" else "column “X”"
    if column.kind == "label":
        return "the row labels"
    name = table.data_sets[column.data_set].name
    replicate = f" Y{column.replicate + 1}" if table.replicates > 1 else ""
    return f"data set “{name}”{replicate}"


def current(table: Any, row: int, col: int) -> Cell:
    columns = sheet_columns(table)
    return cell_text(table, row, columns[col]) if col < len(columns) else None


@dataclass(frozen=True)
class Overwrite:
    """A typed value that replaced a value this tab had not seen."""

    table_id: str
    #: the sheets' layout it was made in (which row and column the indexes name)
    layout: int
    row: int
    col: int
    #: the value the tab's sheet showed, the one it replaced, and the one typed (as held)
    seen: Cell
    replaced: Cell
    value: Cell
    #: the tab that wrote the replaced value, when known
    author: str | None

    def where(self, table: Any) -> str:
        return f"table “{table.name}”, row {self.row + 1}, {column_name(table, self.col)}"


class Conflicts:
    """One tab's side: the notice of a value it replaced, and the cells other tabs changed."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.box: ui.column | None = None
        self.store: ui.element | None = None
        #: (table id, layout, row, column) -> what the page shows of it
        self.marks: dict[tuple[str, int, int, int], str] = {}

    def build(self) -> None:
        self.box = ui.column().classes("w-full gap-0")
        self.store = ui.element("div").classes("hidden")
        self.store.props["data-testid"] = "cell-marks"
        self.store.props["data-cells"] = "[]"

    # -- the writing tab ----------------------------------------------------------------

    def typed(self, table: Any, row: int, col: int, seen_raw: Any, value: Any) -> None:
        """Write the value typed in a cell, telling this tab when it replaces a value it had
        not seen and the tab that wrote that value."""
        view = self.view
        server = view.server
        key = (table.id, row, col)
        seen = parse_cell(seen_raw)
        before = current(table, row, col)
        author = server.writers.who(server.layout, key)
        if not view.apply(set_cell, table.id, row, col, value):
            return
        table = view.session.project.table(key[0])
        after = current(table, row, col)
        me = server.safety.name(view)
        server.writers.wrote(server.layout, key, id(view), me)
        self.unmark(key)
        if after != before:
            for other in list(server.views):
                conflicts = getattr(other, "conflicts", None)
                if other is not view and isinstance(conflicts, Conflicts):
                    conflicts.mark(key, server.layout, me, before, after)
        if seen == before or after == before:
            return
        overwrite = Overwrite(
            table.id,
            server.layout,
            row,
            col,
            seen,
            before,
            after,
            None if author is None else author[1],
        )
        self.show(overwrite)
        if author is not None and author[0] != id(view):
            for other in list(server.views):
                conflicts = getattr(other, "conflicts", None)
                if id(other) == author[0] and isinstance(conflicts, Conflicts):
                    conflicts.replaced_here(overwrite, me)

    def show(self, overwrite: Overwrite) -> None:
        table = self.view.session.project.table(overwrite.table_id)
        who = overwrite.author or "Another tab (or an undo)"
        self.notice(
            f"You replaced {shown(overwrite.replaced)} with {shown(overwrite.value)} in "
            f"{overwrite.where(table)}. {who} had changed it since this tab showed "
            f"{shown(overwrite.seen)}.",
            f"Put back {shown(overwrite.replaced)}",
            lambda: self.put_back(overwrite),
        )

    def notice(self, text: str, undo_words: str, undo: Callable[[], None]) -> None:
        """The bar above the sheet and the graph: what this tab's value replaced, an *Undo*
        (named ``undo_words`` for screen readers) and *Keep mine*."""
        box = self.box
        if box is None or box.is_deleted:
            return
        box.clear()
        with (
            box,
            ui.row()
            .classes("w-full items-center no-wrap q-px-md q-py-xs plotdoc-conflict")
            .props("role=alert") as line,
        ):
            line.props["data-testid"] = "conflict"
            ui.icon("call_split").props("aria-hidden=true")
            label = ui.label(text).classes("grow")
            label.props["data-testid"] = "conflict-text"
            button = ui.button("Undo", on_click=undo).props("flat dense no-caps")
            button.props["data-testid"] = "conflict-undo"
            button.props["aria-label"] = undo_words
            keep = ui.button("Keep mine", on_click=self.dismiss).props("flat dense no-caps")
            keep.props["data-testid"] = "conflict-keep"

    def dismiss(self) -> None:
        if self.box is not None and not self.box.is_deleted:
            self.box.clear()

    def put_back(self, overwrite: Overwrite) -> None:
        """Write the replaced value again, when the cell still holds the value typed."""
        self.dismiss()
        view = self.view
        try:
            table = view.session.project.table(overwrite.table_id)
        except KeyError:
            notify("Not put back: the table is gone", "warning")
            return
        if not view.server.current(overwrite.layout) or (
            current(table, overwrite.row, overwrite.col) != overwrite.value
        ):
            notify("Not put back: the cell has changed again since", "warning")
            return
        value = overwrite.replaced
        view.apply(set_cell, table.id, overwrite.row, overwrite.col, value)
        notify(f"Put back {shown(value)} in {overwrite.where(table)}")

    # -- the other tabs -------------------------------------------------------------------

    def mark(
        self, key: tuple[str, int, int], layout: int, author: str, was: Cell, now: Cell
    ) -> None:
        """Another tab changed a cell: mark it in this tab's sheet."""
        self.marks[(key[0], layout, key[1], key[2])] = (
            f"Changed in {author}: {shown(was)} → {shown(now)}"
        )
        while len(self.marks) > MARKS_KEPT:
            del self.marks[next(iter(self.marks))]
        self._send()

    def unmark(self, key: tuple[str, int, int]) -> None:
        gone = [k for k in self.marks if (k[0], k[2], k[3]) == key]
        for k in gone:
            del self.marks[k]
        if gone:
            self._send()

    def replaced_here(self, overwrite: Overwrite, by: str) -> None:
        """Another tab typed over a value this tab wrote, without having seen it."""
        view = self.view
        table = view.session.project.table(overwrite.table_id)
        with view.anchor:
            notify(
                f"{by} replaced your value {shown(overwrite.replaced)} with "
                f"{shown(overwrite.value)} in {overwrite.where(table)} (it had not seen it)",
                "warning",
            )

    def _send(self) -> None:
        store = self.store
        if store is None or store.is_deleted:
            return
        cells = [
            {"t": t, "v": v, "row": row, "col": f"c{col}", "text": text}
            for (t, v, row, col), text in self.marks.items()
        ]
        store.props["data-cells"] = json.dumps(cells)
        store.update()
