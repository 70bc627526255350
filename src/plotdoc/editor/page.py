"""The page: header and menus, navigator, sheet, graph, analyses and format panels, and the
events the browser sends."""

from __future__ import annotations

from collections.abc import Awaitable
from pathlib import Path
from typing import TYPE_CHECKING

from nicegui import ui

from . import a11y, opening, panels, parts, rows, saving, sheet, unsent
from .notify import notify
from .tab import Tab

if TYPE_CHECKING:
    from .server import Server
    from .view import View

STATIC = Path(__file__).with_name("static")


def register(server: Server) -> None:
    css = (STATIC / "editor.css").read_text(encoding="utf-8")
    js = (STATIC / "editor.js").read_text(encoding="utf-8")

    @ui.page("/")
    def index() -> None:
        view = Tab(server)
        server.follow(view)
        server.safety.join(view)
        client = ui.context.client
        # NiceGUI calls on_disconnect on every drop, before its reconnect window, and
        # on_connect again when the connection comes back: a tab stays followed until its
        # client is deleted, and is brought up to date whenever it reconnects.
        connections = 0

        def connected() -> None:
            nonlocal connections
            connections += 1
            if connections > 1:
                server.reconnected(view)

        client.on_connect(connected)
        client.on_delete(lambda: server.forget(view))
        ui.add_head_html(f"<style>{css}</style>")
        ui.add_body_html(f"<script>{js}</script>")
        ui.add_body_html(
            '<div id="plotdoc-drop-overlay">Drop a .plotdoc, .pzfx or .csv file to open it</div>'
        )
        ui.colors(primary="#1f5fa8")
        build(view)


def build(view: Tab) -> None:
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
        # through the page: a cell still being typed is committed before the save
        ui.button("Save", icon="save").props("flat dense color=white data-testid=save").on(
            "click", js_handler="() => plotdocShortcut('save')"
        )
    with ui.left_drawer(value=True).classes("bg-white q-pa-sm").props("width=200 bordered"):
        with ui.row().classes("items-center w-full"):
            ui.label("Tables").classes("text-weight-medium")
            ui.space()
            ui.button(icon="add", on_click=lambda: panels.new_table_dialog(view)).props(
                "flat round dense size=sm data-testid=new-table"
            ).tooltip("New table")
        view.parts.navigator(view)
        view.navigator_shown = parts.navigator_key(view)
    with (
        ui.footer()
        .classes("bg-white text-black q-px-md q-py-xs")
        .style("border-top: 1px solid #dde3ea")
    ):
        view.parts.status_bar(view)
        ui.space()
        ui.label("Drop a file anywhere to open it").classes("plotdoc-status")
        ui.label(view.server.safety.name(view)).classes("plotdoc-status q-ml-md").props(
            "data-testid=tab-name"
        ).tooltip("Each tab shows the same project; undo is shared by every tab")
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
        view.conflicts.build()
        # the sheet gets the larger part (the graph scales to what is left); with no table
        # the start screen takes the whole width (see Tab.lay_out)
        with ui.splitter(value=58).classes("w-full grow plotdoc-split") as split:
            view.splitter = split
            with split.before, ui.column().classes("w-full h-full q-pa-sm gap-1 no-wrap"):
                view.parts.workspace(view)
                with ui.element("div").classes("w-full grow plotdoc-sheet-box"):
                    view.grid = ui.aggrid({"columnDefs": [], "rowData": []}).classes(
                        "plotdoc-sheet"
                    )
                    # named by the rows its typing began on (see plotdocEditedCell)
                    view.grid.on(
                        "cellValueChanged",
                        lambda e: sheet.cell_changed(view, e),
                        js_handler="(e) => emit(plotdocEditedCell(e))",
                    )
                    rows.context_menu(view)
            with split.after, ui.column().classes("w-full h-full q-pa-sm no-wrap gap-0"):
                with ui.row().classes("w-full items-center no-wrap"):
                    with ui.tabs().props("dense align=left") as tabs:
                        graph_tab = ui.tab("Graph").props("data-testid=tab-graph")
                        analyses_tab = ui.tab("Analyses").props("data-testid=tab-analyses")
                    view.side = tabs
                    view.side_tabs = {"graph": graph_tab, "analyses": analyses_tab}
                    ui.space()
                    view.graph_only_button = ui.button(
                        "Graph only", icon="open_in_full", on_click=view.toggle_graph_only
                    ).props("flat dense no-caps")
                    view.graph_only_button.props["data-testid"] = "graph-only"
                    view.graph_only_button.props["aria-pressed"] = "false"
                    view.graph_only_button.tooltip(
                        "Give the graph the sheet's room too (again: show the sheet)"
                    )
                    ui.button(
                        "Format", icon="tune", on_click=lambda: view.toggle_inspector(None)
                    ).props("flat dense no-caps data-testid=toggle-inspector")
                with ui.tab_panels(tabs, value=graph_tab).classes("w-full grow plotdoc-tabs"):
                    with ui.tab_panel(graph_tab).classes("q-pa-xs"):
                        view.graph.build()
                    with (
                        ui.tab_panel(analyses_tab)
                        .classes("q-pa-xs")
                        .style("overflow: auto") as analyses_box
                    ):
                        view.analyses.build()
                    view.analyses_box = analyses_box
    ui.on("plotdoc_open", lambda e: opening.open_uploaded(view, e.args))
    ui.on("plotdoc_open_started", lambda e: notify(f"Opening {e.args.get('name')}…"))
    ui.on("plotdoc_open_refused", lambda e: opening.open_too_large(view, e.args))
    ui.on(
        "plotdoc_graph_box",
        lambda e: view.graph.resized(float(e.args["width"]), float(e.args["height"])),
    )
    ui.on("plotdoc_cancel", lambda: parts.cancel(view))
    ui.on("plotdoc_rows", lambda e: rows.apply(view, e.args))
    ui.on("plotdoc_paste", lambda e: sheet.paste(view, e.args))
    ui.on("plotdoc_clear", lambda e: sheet.clear(view, e.args))
    ui.on("plotdoc_rename_data_set", lambda e: sheet.rename(view, e.args))
    ui.on("plotdoc_shortcut", lambda e: _shortcut(view, e.args.get("action")))
    ui.on("plotdoc_focus", lambda: saving.check_disk(view))
    ui.on("plotdoc_reapply", lambda e: unsent.reapply(view, e.args))
    view.unsent.build()
    view.refresh(broadcast=False)
    a11y.name_icon_buttons(ui.context.client.layout)  # a new tab changes nothing the others show
    ui.timer(0.3, lambda: _offer(view), once=True)


async def _offer(view: View) -> None:
    """Offer the recovery copies an earlier editor kept, then the values typed in its pages
    that no copy holds (re-applied on the project as recovered, or discarded)."""
    await saving.offer_recovery(view)
    if view.server.safety.offers:  # a copy left for later: its values wait with it
        return
    view.unsent.offer()


def _shortcut(view: View, action: str | None) -> Awaitable[bool] | None:
    """Undo and redo at once (in the order the events came); a save returns its flow."""
    if action == "undo":
        view.undo()
    elif action == "redo":
        view.redo()
    elif action == "save":
        return saving.save(view)
    elif action == "save-as":
        return saving.save_as(view)
    return None
