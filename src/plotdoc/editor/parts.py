"""The parts of the page rebuilt when the project changes: title, status bar, navigator, and
the sheet's toolbar (or the start screen when there is no table)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nicegui import ui

from ..contract.entries import ENTRY_LABELS, is_summary
from ..contract.families import FAMILIES
from ..editing import add_data_set, insert_rows, set_replicates
from . import attrs, panels
from .opening import FAMILY_TITLES

if TYPE_CHECKING:
    from .view import View


def title_label(view: View) -> None:
    s = view.session
    title = ui.label(("● " if s.dirty else "") + s.title).classes("plotdoc-title")
    attrs.attr(attrs.testid(title, "title"), "data-dirty", "yes" if s.dirty else "no")


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


def cancel(view: View) -> None:
    view.job.cancel()
    view.parts.status_bar.refresh()


def navigator_key(view: View) -> Any:
    """What :func:`navigator` shows: each table's id, name, family and source, and which one
    is selected."""
    current = view.table()
    return (
        None if current is None else current.id,
        [
            (
                t.id,
                t.name,
                t.format,
                None if t.derived_from is None else t.derived_from.source_table_id,
            )
            for t in view.session.project.tables
        ],
    )


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
    item = ui.item(on_click=lambda t=table: view.select(t.id)).classes(
        ("selected " if selected else "") + ("derived" if derived else "")
    )
    with attrs.testid(item, f"nav-{table.id}"), ui.item_section():
        ui.item_label(table.name)
        family = FAMILY_TITLES.get(table.format, table.format)
        ui.item_label(("Results · " if derived else "") + family).classes("plotdoc-family")


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
            if is_summary(table.entry):  # three columns a data set: not a replicate count
                ui.label(ENTRY_LABELS[table.entry]).classes("text-caption").props(
                    "data-testid=entry"
                )
            elif fam.min_replicates != fam.max_replicates:
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
