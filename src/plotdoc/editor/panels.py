"""Menus, dialogs, the start screen and the problems panel."""

from __future__ import annotations

import json
from collections.abc import Awaitable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nicegui import ui

from ..contract.entries import ENTRY_LABELS, SUMMARY_FAMILIES, VALUES
from ..contract.families import FAMILIES
from ..editing import (
    add_table,
    delete_table,
    duplicate_table,
    move_table,
    remove_data_set,
    rename_data_set,
    rename_table,
)
from ..editing.uses import data_set_uses
from ..problems import problem_lines
from . import a11y, attrs, choices, saving
from .analyses_panel import AnalysesPanel
from .graph_panel import GraphPanel
from .notify import count, notify
from .opening import FAMILY_TITLES
from .pointing import EDIT_TITLES, edit_lines
from .prism import export_prism

if TYPE_CHECKING:
    from .view import View

__all__ = ["AnalysesPanel", "GraphPanel"]


def menus(view: View) -> None:
    def menu(label: str, testid: str) -> ui.menu:
        button = ui.button(label).props("flat dense no-caps color=white")
        attrs.testid(button, f"menu-{testid}")
        with button:
            return ui.menu()

    with menu("File", "file"):
        ui.menu_item("New project", lambda: new_project(view))
        ui.menu_item("Open…  (Ctrl+O)", lambda: ui.run_javascript("plotdocPickFile()"))
        with ui.menu_item("Open example", auto_close=False):
            with ui.item_section().props("side"):
                ui.icon("keyboard_arrow_right")
            with ui.menu().props('anchor="top end" self="top start"'):
                for name in example_list():
                    ui.menu_item(name, lambda n=name: open_example(view, n))
        ui.separator()
        ui.menu_item("Save  (Ctrl+S)", lambda: _save("save"))
        ui.menu_item("Save as…  (Ctrl+Shift+S)", lambda: _save("save-as"))
        ui.menu_item("Download file", lambda: download(view))
        ui.menu_item("Export to Prism (.pzfx)", lambda: export_prism(view)).props(
            "data-testid=menu-export-prism"
        )
        ui.separator()
        for fmt in ("svg", "png", "pdf"):
            ui.menu_item(f"Export graph as {fmt.upper()}", lambda f=fmt: view.graph.export(f))
    with menu("Edit", "edit"):
        ui.menu_item("Undo  (Ctrl+Z)", view.undo)
        ui.menu_item("Redo  (Ctrl+Shift+Z)", view.redo)
    with menu("Table", "table"):
        ui.menu_item("New table…", lambda: new_table_dialog(view))
        ui.menu_item("Rename table…", lambda: rename_table_dialog(view))
        ui.menu_item("Duplicate table", lambda: _on_table(view, duplicate_table))
        ui.menu_item("Move up", lambda: _move(view, -1))
        ui.menu_item("Move down", lambda: _move(view, +1))
        ui.menu_item("Data for other programs (usermeta)…", lambda: usermeta_dialog(view)).props(
            "data-testid=menu-usermeta"
        )
        ui.separator()
        ui.menu_item("Delete table", lambda: _on_table(view, delete_table))
    with menu("Help", "help"):
        ui.menu_item("Prompt for an AI assistant…", lambda: prompt_dialog(view))


def example_list() -> list[str]:
    from ..publish.examples import example_names

    return example_names()


def _on_table(view: View, op: Any) -> None:
    table = view.table()
    if table is not None:
        view.apply(op, table.id)


def _move(view: View, step: int) -> None:
    table = view.table()
    if table is None:
        return
    index = view.session.project.tables.index(table)
    to = index + step
    if 0 <= to < len(view.session.project.tables):
        view.apply(move_table, table.id, to)


def new_project(view: View) -> Awaitable[None]:
    return saving.new_project(view)


def open_example(view: View, name: str) -> Awaitable[None]:
    return saving.open_example(view, name)


def _save(action: str) -> None:
    """Through the page, so a cell still being typed is committed first."""
    ui.run_javascript(attrs.js_call("plotdocShortcut", action))


def download(view: View) -> None:
    name = view.session.title
    if not name.endswith((".plotdoc", ".plotdoc.json")):
        name = Path(name).stem + ".plotdoc"
    ui.download.content(view.session.document_bytes(), name, "application/json")


def new_table_dialog(view: View) -> None:
    with ui.dialog() as dialog, ui.card().classes("w-[520px]"):
        ui.label("New data table").classes("text-h6")
        family = choices.radio(
            {f: f"{FAMILY_TITLES[f]} — {FAMILIES[f].description}" for f in FAMILIES}, value="xy"
        ).props("data-testid=new-table-family")
        entry = choices.select(ENTRY_LABELS, value=VALUES, label="Values entered as").classes(
            "w-full"
        )
        entry.props("data-testid=new-table-entry")
        # summary data (mean, SD or SEM, N) is offered for the families that allow it
        entry.bind_visibility_from(family, "value", backward=lambda f: f in SUMMARY_FAMILIES)
        name = ui.input("Name (optional)").classes("w-full")

        def create() -> None:
            dialog.close()
            chosen = entry.value if family.value in SUMMARY_FAMILIES else VALUES
            view.apply(add_table, family.value, name.value or None, entry=chosen)

        with ui.row():
            ui.button("Create", on_click=create).props("data-testid=new-table-create")
            ui.button("Cancel", on_click=dialog.close).props("flat")
    dialog.open()


def _text_dialog(title: str, label: str, value: str, on_ok: Any) -> None:
    with ui.dialog() as dialog, ui.card().classes("w-[420px]"):
        ui.label(title).classes("text-h6")
        field = (
            ui.input(label, value=value)
            .classes("w-full")
            .props("autofocus data-testid=dialog-text")
        )
        field.on("keydown.enter", lambda: (dialog.close(), on_ok(field.value)))
        with ui.row():
            ui.button("OK", on_click=lambda: (dialog.close(), on_ok(field.value))).props(
                "data-testid=dialog-ok"
            )
            ui.button("Cancel", on_click=dialog.close).props("flat")
    dialog.open()


def rename_table_dialog(view: View) -> None:
    table = view.table()
    if table is not None:
        _text_dialog(
            "Rename table", "Name", table.name, lambda v: view.apply(rename_table, table.id, v)
        )


def rename_data_set_dialog(view: View, table: Any) -> None:
    if not table.data_sets:
        return
    with ui.dialog() as dialog, ui.card().classes("w-[420px]"):
        ui.label("Rename data set").classes("text-h6")
        which = choices.select(
            {i: ds.name for i, ds in enumerate(table.data_sets)}, value=0, label="Data set"
        ).classes("w-full")
        field = (
            ui.input("New name", value=table.data_sets[0].name)
            .classes("w-full")
            .props("data-testid=dialog-text")
        )
        which.on_value_change(lambda e: field.set_value(table.data_sets[e.value].name))

        def ok() -> None:
            dialog.close()
            view.apply(rename_data_set, table.id, which.value, field.value)

        field.on("keydown.enter", ok)  # Enter renames, as in the table's rename dialog
        with ui.row():
            ui.button("Rename", on_click=ok).props("data-testid=dialog-ok")
            ui.button("Cancel", on_click=dialog.close).props("flat")
    dialog.open()


def usermeta_dialog(view: View) -> None:
    """The table's ``usermeta`` as JSON text to edit: saved when it reads as a JSON object
    (at most 64 KB, as open checks it), in one step of undo."""
    from ..editing.usermeta import set_usermeta

    table = view.table()
    if table is None:
        return
    table_id = table.id
    text = json.dumps(table.usermeta or {}, indent=2, ensure_ascii=False)
    with ui.dialog() as dialog, ui.card().classes("w-[640px] max-w-[95vw]"):
        dialog.props["aria-label"] = "Data for other programs"
        ui.label("Data for other programs (usermeta)").classes("text-h6")
        ui.label(
            f"What other programs keep with the table “{table.name}”, as a JSON object "
            "(at most 64 KB); plotdoc keeps it as it is and draws nothing from it."
        ).classes("plotdoc-status")
        area = ui.textarea(value=text).classes("w-full plotdoc-json").props("outlined")
        area.props["data-testid"] = "usermeta-text"
        area.props["aria-label"] = "usermeta as JSON"
        area.props["input-style"] = "min-height: 14em; font-family: monospace"
        error = ui.label("").classes("text-negative")
        error.props["data-testid"] = "usermeta-error"
        error.props["role"] = "alert"

        def save() -> None:
            try:
                value = json.loads(area.value or "{}")
            except json.JSONDecodeError as exc:
                error.set_text(f"Not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})")
                return
            if not isinstance(value, dict):
                error.set_text("Expected a JSON object {…}; it was not saved.")
                return
            if view.apply(set_usermeta, table_id, value):
                dialog.close()
            else:
                error.set_text("Not saved: the problems panel says why.")

        with ui.row():
            ok = ui.button("Save", on_click=save)
            ok.props["data-testid"] = "usermeta-ok"
            ui.button("Cancel", on_click=dialog.close).props("flat")
    dialog.open()


def remove_data_set_dialog(view: View, table: Any) -> None:
    """Which data set to remove, and before it goes, everything that uses it and what the
    removal does to each (analyses and brackets removed, keys dropped); one undo step."""
    if not table.data_sets:
        return
    table_id = table.id
    with ui.dialog() as dialog, ui.card().classes("w-[520px] max-w-[95vw]"):
        ui.label("Remove data set").classes("text-h6")
        which = choices.select(
            {i: ds.name for i, ds in enumerate(table.data_sets)},
            value=len(table.data_sets) - 1,
            label="Data set",
        ).classes("w-full")
        which.props["data-testid"] = "remove-data-set-which"
        listed = ui.column().classes("w-full gap-0")
        listed.props["data-testid"] = "remove-data-set-uses"

        def show_uses(index: Any) -> None:
            listed.clear()
            if not isinstance(index, int):
                return
            uses = data_set_uses(view.session.project, table_id, index)
            with listed:
                if not uses:
                    ui.label("Nothing else in the table uses it.").classes("plotdoc-status")
                    return
                ui.label("Used by (changed with it, in one undo step):").classes(
                    "text-weight-medium"
                )
                for use in uses:
                    line = ui.label(f"• {use}").classes("plotdoc-status")
                    line.props["data-testid"] = "remove-data-set-use"

        show_uses(which.value)
        which.on_value_change(lambda e: show_uses(e.value))
        with ui.row():
            ok = ui.button(
                "Remove",
                on_click=lambda: (
                    dialog.close(),
                    view.apply(remove_data_set, table_id, which.value),
                ),
            ).props("color=negative")
            ok.props["data-testid"] = "remove-data-set-ok"
            ui.button("Cancel", on_click=dialog.close).props("flat")
    dialog.open()


def prompt_dialog(view: View) -> None:
    from ..publish.prompt import build_prompt

    text = build_prompt()
    with ui.dialog() as dialog, ui.card().classes("w-[820px] max-w-[95vw]"):
        with ui.row().classes("items-center w-full"):
            ui.label("Prompt for an AI assistant").classes("text-h6")
            ui.space()
            ui.button(
                "Copy",
                icon="content_copy",
                on_click=lambda: _copy(text),
            ).props("data-testid=prompt-copy")
            close = ui.button(icon="close", on_click=dialog.close).props("flat round dense")
            a11y.name(close, "Close the prompt")
        ui.label(
            "Paste it into an AI assistant to have it write plotdoc files; check what it writes."
        ).classes("plotdoc-status")
        ui.label(text).classes("plotdoc-prompt w-full").props("data-testid=prompt-text")
    dialog.open()


def _copy(text: str) -> None:
    ui.clipboard.write(text)
    notify("Prompt copied")


def start_screen(view: View) -> None:
    with ui.column().classes("w-full items-center q-pa-lg gap-4").props("data-testid=start-screen"):
        ui.label("Start a project").classes("text-h5")
        ui.label(
            "Create a data table, open a file (or drop it anywhere on this window), "
            "or explore a built-in example."
        ).classes("plotdoc-status")
        with ui.row().classes("gap-3 justify-center"):
            for fam in FAMILIES:
                card = (
                    ui.card()
                    .classes("w-52 cursor-pointer plotdoc-panel")
                    .on("click", lambda f=fam: view.apply(add_table, f))
                    .props("flat")
                )
                with attrs.testid(card, f"start-{fam}"):
                    ui.label(FAMILY_TITLES[fam]).classes("text-weight-medium")
                    ui.label(FAMILIES[fam].description).classes("plotdoc-status")
        with ui.row().classes("gap-2 items-center"):
            ui.button(
                "Open a file…",
                icon="folder_open",
                on_click=lambda: ui.run_javascript("plotdocPickFile()"),
            )
            with ui.button("Open an example", icon="auto_graph").props("outline"):
                with ui.menu():
                    for name in example_list():
                        ui.menu_item(name, lambda n=name: open_example(view, n))


def problems_panel(view: View) -> None:
    """Errors or warnings, collapsible, at most a third of the window high (its own scroll)."""
    if not view.problems and not view.problems_title:
        return
    errors = [p for p in view.problems if p.severity == "error"]
    warnings = [p for p in view.problems if p.severity == "warning"]
    counts = ", ".join(
        part
        for part in (
            count(len(errors), "error") if errors else "",
            count(len(warnings) + view.omitted_warnings, "warning") if warnings else "",
        )
        if part
    )
    with (
        ui.card()
        .classes("w-full q-pa-none plotdoc-problems-card")
        .style("background:#fdecea" if errors else "background:#fff8e1")
        .props("flat bordered square data-testid=problems")
    ):
        with (
            ui.expansion(value=view.problems_open)
            .classes("w-full")
            .props("dense header-class=q-py-xs")
            .on_value_change(lambda e: setattr(view, "problems_open", e.value)) as panel
        ):
            with panel.add_slot("header"), ui.row().classes("items-center w-full no-wrap"):
                ui.icon("error" if errors else "warning", size="sm").classes(
                    "text-negative" if errors else "text-warning"
                )
                ui.label(view.problems_title).classes("text-weight-medium").props(
                    "data-testid=problems-title"
                )
                ui.label(f"({counts})" if counts else "").classes("plotdoc-status")
                ui.space()
                ui.button("Dismiss", on_click=view.clear_problems).props(
                    "flat dense no-caps data-testid=problems-dismiss"
                )
            omitted = getattr(view, "omitted", 0)
            if view.problems_title in EDIT_TITLES:  # the table, data set or setting, by name
                lines = edit_lines(view.session.project, view.problems, omitted)
            else:
                lines = problem_lines(
                    view.problem_name, view.problems, omitted, view.omitted_warnings
                )
            ui.label("\n".join(lines)).classes("plotdoc-problems w-full q-px-md q-pb-sm").props(
                "data-testid=problems-lines"
            )
