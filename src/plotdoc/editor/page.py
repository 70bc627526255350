"""The page: toolbar and menus, navigator, data sheet, graph and analyses panels, dialogs."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from nicegui import background_tasks, events, ui

from ..contract.families import FAMILIES
from ..editing import (
    add_data_set,
    add_table,
    delete_rows,
    delete_table,
    duplicate_table,
    insert_rows,
    move_table,
    paste_block,
    remove_data_set,
    rename_data_set,
    rename_table,
    set_cell,
    set_replicates,
)
from ..editing.cells import clear_cells, sheet_columns
from ..editing.history import pending
from ..problems import PlotdocError, Problem
from . import opening, panels, rows
from .format_panel import FormatPanel
from .notify import notify
from .work import (
    Cancelled,
    Job,
    Task,
    compute_results,
    has_analyses,
    install_results,
    project_copy,
)

if TYPE_CHECKING:
    from .app import Server

STATIC = Path(__file__).with_name("static")


class Parts:
    """The parts of one tab that are rebuilt when the project changes.

    Each tab has its own (a refreshable made once for the module would rebuild every tab's
    copy with the arguments of the tab that asked).
    """

    def __init__(self) -> None:
        self.navigator = ui.refreshable(navigator)
        self.workspace = ui.refreshable(workspace)
        self.title_label = ui.refreshable(title_label)
        self.status_bar = ui.refreshable(status_bar)
        self.problems = ui.refreshable(panels.problems_panel)


class View:
    """One browser tab's view of the session."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.session = server.session
        self.table_id: str | None = None
        self.problems: list[Problem] = list(self.session.warnings)
        self.problems_title = "Problems found when opening" if self.problems else ""
        self.problem_name = self.session.title
        self.problems_open = True
        self.parts = Parts()
        self.title_shown: tuple[bool, str] | None = None
        self.job = Job()
        self.grid_key: Any = None
        self.grid: ui.aggrid | None = None
        self.graph = panels.GraphPanel(self)
        self.format = FormatPanel(self)
        self.analyses = panels.AnalysesPanel(self)
        self.inspector: ui.right_drawer | None = None
        self.status: ui.label | None = None
        self.changes = 0
        #: an element no refresh deletes: the context of work done after an event
        self.anchor: ui.element = ui.element()

    # -- the selected table ----------------------------------------------------------

    def table(self) -> Any:
        project = self.session.project
        if self.table_id is not None:
            try:
                return project.table(self.table_id)
            except KeyError:
                pass
        self.table_id = project.tables[0].id if project.tables else None
        return project.tables[0] if project.tables else None

    def select(self, table_id: str) -> None:
        self.table_id = table_id
        self.refresh(broadcast=False)  # the project did not change

    # -- applying edits ----------------------------------------------------------------

    def apply(self, op: Any, *args: Any, **kwargs: Any) -> bool:
        """Run one edit; a refusal is shown in the problems panel and changes nothing."""
        try:
            edit = self.session.apply(op, *args, **kwargs)
        except PlotdocError as exc:
            self.show_problems("The edit was refused", exc.problems, exc.omitted)
            notify(exc.errors[0].message if exc.errors else "refused", "negative")
            self.refresh(sheet_only=True)
            return False
        if edit.table_id is not None and op in (add_table, duplicate_table):
            self.table_id = edit.table_id
        if edit.warnings:
            self.show_problems("Warnings", edit.warnings)
        elif self.problems_title == "The edit was refused":
            self.clear_problems()
        self.refresh(cells_only=op is set_cell)
        return True

    def undo(self) -> None:
        label = self.session.undo()
        notify(f"Undid: {label}" if label else "Nothing to undo")
        self.refresh()

    def redo(self) -> None:
        label = self.session.redo()
        notify(f"Redid: {label}" if label else "Nothing to redo")
        self.refresh()

    # -- problems ------------------------------------------------------------------------

    def show_problems(
        self, title: str, problems: Any, omitted: int = 0, name: str | None = None
    ) -> None:
        self.problems = list(problems)
        self.problems_title = title
        self.problems_open = True
        self.problem_name = name or self.session.title
        self.omitted = omitted
        self.parts.problems.refresh()

    def clear_problems(self) -> None:
        self.problems = []
        self.problems_title = ""
        self.parts.problems.refresh()

    # -- refreshing -----------------------------------------------------------------------

    def refresh(
        self, sheet_only: bool = False, cells_only: bool = False, *, broadcast: bool = True
    ) -> None:
        """Show the session's state; ``cells_only`` after an edit of cells (no layout change).

        ``broadcast`` brings the project's other tabs up to date too.
        """
        table = self.table()
        if not cells_only:  # after a cell edit the sheet already shows it: reread after the graph
            self.update_sheet(table)
        if sheet_only:
            return
        if not cells_only:
            self.parts.navigator.refresh()
            self.parts.workspace.refresh()
            self.graph.toolbar.refresh()
            self.format.render.refresh()
            self.analyses.render.refresh()
        self.update_title()
        if broadcast:
            self.server.changed(self)
        background_tasks.create(self.after_change(cells_only), name="plotdoc-after-change")

    def toggle_inspector(self, show: bool | None) -> None:
        if self.inspector is not None:
            self.inspector.set_value(not self.inspector.value if show is None else show)

    def refresh_status(self) -> None:
        self.parts.status_bar.refresh()

    def update_title(self) -> None:
        s = self.session
        shown = (s.dirty, s.title)
        if shown == self.title_shown:
            return
        self.title_shown = shown
        self.parts.title_label.refresh()
        ui.run_javascript(f"plotdocSetDirty({str(s.dirty).lower()}, {_js(s.title)})")

    async def after_change(self, reread_sheet: bool = False) -> None:
        self.changes += 1
        mine = self.changes
        with self.anchor:
            if has_analyses(self.session.project):
                await self.recompute()
            if mine == self.changes:
                await self.graph.redraw()
            if reread_sheet:  # the cells as the project holds them (1e3 shows as 1000)
                self.update_sheet(self.table())

    async def recompute(self) -> None:
        version = self.session.version
        self.job.message = ""
        n = sum(len(t.analyses) for t in self.session.project.tables)
        task = self.job.start(
            Task(
                compute_results,
                project_copy(self.session.project),
                label=f"Computing {n} analys{'i' if n == 1 else 'e'}s",
                reports=True,
            ),
            "analyses",
        )
        self.parts.status_bar.refresh()
        try:
            computed = await task.result()
        except Cancelled:
            self.parts.status_bar.refresh()
            return
        except RuntimeError as exc:
            self.job.done(task)
            self.job.message = f"Analyses failed: {exc}"
            self.parts.status_bar.refresh()
            return
        self.job.done(task)
        if version == self.session.version:
            install_results(self.session, computed)
            self.analyses.render.refresh()
            table = self.table()
            if table is not None and table.derived_from is not None:
                self.update_sheet(table, force_rows=True)
        self.parts.status_bar.refresh()

    def update_sheet(self, table: Any, force_rows: bool = True) -> None:
        if self.grid is None:
            return
        if table is None:
            self.grid.classes(add="hidden")
            return
        self.grid.classes(remove="hidden")
        if pending(table):  # a results table not computed yet: filled when it is
            return
        key = (
            table.id,
            table.format,
            table.replicates,
            tuple(d.name for d in table.data_sets),
            table.derived_from is not None,
        )
        if key != self.grid_key:
            self.grid_key = key
            self.grid.options.clear()
            self.grid.options.update(sheet_options(table, self.session.version))
            self.grid.update()
        elif force_rows:
            self.grid.run_grid_method("refreshInfiniteCache")


def _js(text: str) -> str:
    import json

    return json.dumps(text)


def sheet_options(table: Any, version: int) -> dict[str, Any]:
    """AG Grid options: a row-number column, then the family's columns, rows fetched on demand."""
    editable = table.derived_from is None
    columns: list[dict[str, Any]] = [
        {
            "headerName": "",
            "colId": "rownum",
            ":valueGetter": "p => p.node.rowIndex + 1",
            "width": 70,
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
            "field": f"c{i}",
            "colId": f"c{i}",
            "editable": editable,
            "width": 110,
        }
        if col.kind == "x":
            columns.append(
                {
                    **spec,
                    "headerName": "Time" if table.format == "survival" else "X",
                    "pinned": "left",
                    "width": 100,
                }
            )
        elif col.kind == "label":
            columns.append({**spec, "headerName": "Row label", "pinned": "left", "width": 150})
        elif table.replicates == 1:
            columns.append({**spec, "headerName": table.data_sets[col.data_set].name})
        else:
            group = groups.get(col.data_set)
            if group is None:
                group = {"headerName": table.data_sets[col.data_set].name, "children": []}
                groups[col.data_set] = group
                columns.append(group)
            group["children"].append({**spec, "headerName": f"Y{col.replicate + 1}", "width": 80})
    return {
        "columnDefs": columns,
        "defaultColDef": {
            "resizable": True,
            "sortable": False,
            "cellDataType": False,
            "suppressMovable": True,
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
        ":datasource": f"plotdocDatasource({_js(table.id)}, {version})",
        "enterNavigatesVertically": True,
        "enterNavigatesVerticallyAfterEdit": True,
        "stopEditingWhenCellsLoseFocus": True,
        "singleClickEdit": False,
        "theme": "balham",
        "rowHeight": 26,
        "headerHeight": 28,
        "suppressColumnVirtualisation": False,
    }


def _column_index(col_id: str | None) -> int | None:
    if not col_id or not col_id.startswith("c") or not col_id[1:].isdigit():
        return None
    return int(col_id[1:])


# -- refreshable parts -----------------------------------------------------------------------


def title_label(view: View) -> None:
    s = view.session
    ui.label(("● " if s.dirty else "") + s.title).classes("plotdoc-title").props(
        f"data-testid=title data-dirty={'yes' if s.dirty else 'no'}"
    )


def status_bar(view: View) -> None:
    job = view.job
    with ui.row().classes("items-center gap-2 plotdoc-status"):
        task = job.task
        if task is not None:
            ui.spinner(size="sm")
            progress = ui.label(f"{task.label}…").props("data-testid=job-progress")
            ui.timer(
                0.5,
                lambda: progress.set_text(
                    f"{task.label}… "
                    + (f"{task.progress}, " if task.progress else "")
                    + f"{task.elapsed:.0f} s elapsed"
                ),
            )
            # a page-wide event: the status bar may be rebuilt between render and click
            ui.button("Cancel", icon="stop").props(
                "flat dense size=sm color=negative data-testid=job-cancel"
            ).on("click", js_handler="() => emitEvent('plotdoc_cancel')")
        if job.message:
            ui.label(job.message).props("data-testid=job-message")


def _cancel(view: View) -> None:
    view.job.cancel()
    view.parts.status_bar.refresh()


def navigator(view: View) -> None:
    project = view.session.project
    current = view.table()
    with ui.list().classes("plotdoc-nav w-full").props("dense"):
        for table in project.tables:
            if table.derived_from is not None and any(
                t.id == table.derived_from.source_table_id for t in project.tables
            ):
                continue
            _nav_item(view, table, current, derived=False)
            for child in project.tables:
                if (
                    child.derived_from is not None
                    and child.derived_from.source_table_id == table.id
                ):
                    _nav_item(view, child, current, derived=True)
        for table in project.tables:  # results whose source is gone are listed at the end
            if table.derived_from is not None and not any(
                t.id == table.derived_from.source_table_id for t in project.tables
            ):
                _nav_item(view, table, current, derived=True)


def _nav_item(view: View, table: Any, current: Any, *, derived: bool) -> None:
    selected = current is not None and table.id == current.id
    with (
        ui.item(on_click=lambda t=table: view.select(t.id))
        .classes(("selected " if selected else "") + ("derived" if derived else ""))
        .props(f'data-testid="nav-{table.id}"'),
        ui.item_section(),
    ):
        ui.item_label(table.name)
        ui.item_label(("results · " if derived else "") + table.format).classes("plotdoc-family")


def workspace(view: View) -> None:
    """The start screen when there is no table; the sheet toolbar otherwise."""
    table = view.table()
    if table is None:
        panels.start_screen(view)
        return
    with ui.row().classes("items-center gap-1 w-full"):
        ui.label(table.name).classes("text-subtitle1 text-weight-medium").props(
            "data-testid=table-name"
        )
        ui.label(FAMILIES[table.format].description).classes("plotdoc-family q-ml-sm")
        ui.space()
        if table.derived_from is None:
            ui.button(
                "Data set", icon="add", on_click=lambda: view.apply(add_data_set, table.id)
            ).props("flat dense size=sm data-testid=add-data-set")
            ui.button(
                "Rename…", icon="edit", on_click=lambda: panels.rename_data_set_dialog(view, table)
            ).props("flat dense size=sm")
            ui.button(
                "Remove…",
                icon="remove",
                on_click=lambda: panels.remove_data_set_dialog(view, table),
            ).props("flat dense size=sm")
            ui.button(
                "Rows",
                icon="playlist_add",
                on_click=lambda: view.apply(insert_rows, table.id, table.n_rows, 10),
            ).props("flat dense size=sm")
            fam = FAMILIES[table.format]
            if fam.min_replicates != fam.max_replicates:
                ui.number(
                    "Replicates",
                    value=table.replicates,
                    min=fam.min_replicates,
                    max=fam.max_replicates,
                    on_change=lambda e, t=table: (
                        e.value
                        and int(e.value) != t.replicates
                        and view.apply(set_replicates, t.id, int(e.value))
                    ),
                ).props("dense outlined data-testid=replicates").classes("w-24")


def register(server: Server) -> None:
    css = (STATIC / "editor.css").read_text(encoding="utf-8")
    js = (STATIC / "editor.js").read_text(encoding="utf-8")

    @ui.page("/")
    def index() -> None:
        view = View(server)
        server.views.append(view)
        ui.context.client.on_disconnect(lambda: server.forget(view))
        ui.add_head_html(f"<style>{css}</style>")
        ui.add_body_html(f"<script>{js}</script>")
        ui.add_body_html(
            '<div id="plotdoc-drop-overlay">Drop a .plotdoc, .pzfx or .csv file to open it</div>'
        )
        ui.colors(primary="#1f5fa8")
        build(view)


def build(view: View) -> None:
    with ui.header().classes("plotdoc-header items-center gap-1 px-3 py-1"):
        ui.label("plotdoc").classes("plotdoc-brand text-white q-mr-md")
        panels.menus(view)
        ui.space()
        view.parts.title_label(view)
        ui.space()
        ui.button(icon="undo", on_click=view.undo).props(
            "flat round dense color=white data-testid=undo"
        ).tooltip("Undo (Ctrl+Z)")
        ui.button(icon="redo", on_click=view.redo).props(
            "flat round dense color=white data-testid=redo"
        ).tooltip("Redo (Ctrl+Shift+Z)")
        ui.button("Save", icon="save", on_click=lambda: panels.save(view)).props(
            "flat dense color=white data-testid=save"
        )
    with ui.left_drawer(value=True).classes("bg-white q-pa-sm").props("width=240 bordered"):
        with ui.row().classes("items-center w-full"):
            ui.label("Tables").classes("text-weight-medium")
            ui.space()
            ui.button(icon="add", on_click=lambda: panels.new_table_dialog(view)).props(
                "flat round dense size=sm data-testid=new-table"
            ).tooltip("New table")
        view.parts.navigator(view)
    with (
        ui.footer()
        .classes("bg-white text-black q-px-md q-py-xs")
        .style("border-top: 1px solid #dde3ea")
    ):
        view.parts.status_bar(view)
        ui.space()
        ui.label("Drop a file anywhere to open it").classes("plotdoc-status")
    with (
        ui.right_drawer(value=True)
        .classes("bg-white q-pa-sm")
        .props("width=300 bordered data-testid=inspector") as view.inspector
    ):
        with ui.row().classes("items-center w-full"):
            ui.label("Format graph").classes("text-weight-medium")
            ui.space()
            ui.button(icon="close", on_click=lambda: view.toggle_inspector(False)).props(
                "flat round dense size=sm"
            ).tooltip("Hide the format panel")
        view.format.render()
    with ui.column().classes("w-full no-wrap gap-0 plotdoc-main"):
        view.parts.problems(view)
        with ui.splitter(value=47).classes("w-full grow plotdoc-split") as split:
            with split.before, ui.column().classes("w-full h-full q-pa-sm gap-1 no-wrap"):
                view.parts.workspace(view)
                with ui.element("div").classes("w-full grow plotdoc-sheet-box"):
                    view.grid = ui.aggrid({"columnDefs": [], "rowData": []}).classes(
                        "plotdoc-sheet"
                    )
                    view.grid.on("cellValueChanged", lambda e: _cell_changed(view, e))
                    rows.context_menu(view)
            with split.after, ui.column().classes("w-full h-full q-pa-sm no-wrap gap-0"):
                with ui.row().classes("w-full items-center no-wrap"):
                    with ui.tabs().props("dense align=left") as tabs:
                        graph_tab = ui.tab("Graph").props("data-testid=tab-graph")
                        analyses_tab = ui.tab("Analyses").props("data-testid=tab-analyses")
                    ui.space()
                    ui.button(
                        "Format", icon="tune", on_click=lambda: view.toggle_inspector(None)
                    ).props("flat dense no-caps data-testid=toggle-inspector")
                with ui.tab_panels(tabs, value=graph_tab).classes("w-full grow plotdoc-tabs"):
                    with ui.tab_panel(graph_tab).classes("q-pa-xs"):
                        view.graph.build()
                    with ui.tab_panel(analyses_tab).classes("q-pa-xs").style("overflow: auto"):
                        view.analyses.build()
    ui.on("plotdoc_open", lambda e: opening.open_uploaded(view, e.args))
    ui.on("plotdoc_open_started", lambda e: notify(f"Opening {e.args.get('name')}…"))
    ui.on("plotdoc_open_refused", lambda e: opening.open_too_large(view, e.args))
    ui.on(
        "plotdoc_graph_box",
        lambda e: view.graph.resized(float(e.args["width"]), float(e.args["height"])),
    )
    ui.on("plotdoc_cancel", lambda: _cancel(view))
    ui.on("plotdoc_rows", lambda e: rows.apply(view, e.args))
    ui.on("plotdoc_paste", lambda e: _paste(view, e.args))
    ui.on("plotdoc_clear", lambda e: _clear(view, e.args))
    ui.on("plotdoc_shortcut", lambda e: _shortcut(view, e.args.get("action")))
    view.refresh()


def _cell_changed(view: View, e: events.GenericEventArguments) -> None:
    table = view.table()
    col = _column_index(e.args.get("colId"))
    row = e.args.get("rowIndex")
    if table is None or col is None or row is None:
        return
    view.apply(set_cell, table.id, int(row), col, e.args.get("newValue"))


def _paste(view: View, args: dict[str, Any]) -> None:
    table = view.table()
    col = _column_index(args.get("col"))
    if table is None or col is None or table.derived_from is not None:
        return
    view.apply(paste_block, table.id, int(args["row"]), col, str(args.get("text") or ""))


def _clear(view: View, args: dict[str, Any]) -> None:
    table = view.table()
    col = _column_index(args.get("col"))
    if table is None or col is None or table.derived_from is not None:
        return
    if int(args["row"]) < table.n_rows:
        view.apply(clear_cells, table.id, int(args["row"]), col, 1, 1)


def _shortcut(view: View, action: str | None) -> None:
    if action == "undo":
        view.undo()
    elif action == "redo":
        view.redo()
    elif action == "save":
        panels.save(view)
    elif action == "save-as":
        panels.save_as_dialog(view)


__all__ = [
    "View",
    "delete_rows",
    "delete_table",
    "duplicate_table",
    "move_table",
    "register",
    "remove_data_set",
    "rename_data_set",
    "rename_table",
]
