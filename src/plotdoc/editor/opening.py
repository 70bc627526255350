"""Opening a dropped or picked file: a project opens; a CSV file first asks for its family."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nicegui import ui

from ..contract.families import FAMILIES
from ..contract.limits import MAX_FILE_BYTES
from ..editing.session import csv_family, is_table_text, read_upload
from ..problems import PlotdocError, Problem, Report, error
from . import choices, saving
from .memory import RELEASE_AFTER_BYTES, release_memory_later
from .notify import count, notify
from .work import in_thread

if TYPE_CHECKING:
    from .view import View

FAMILY_TITLES = {
    "xy": "XY",
    "column": "Column",
    "grouped": "Grouped",
    "contingency": "Contingency",
    "nested": "Nested",
    "survival": "Survival",
    "partsOfWhole": "Parts of whole",
    "multipleVariables": "Multiple variables",
}


async def open_uploaded(view: View, args: dict[str, Any]) -> None:
    name = str(args.get("name") or "file")
    if args.get("error"):
        code = "file-too-large" if args.get("status") == 413 else "file-unreadable"
        problems = [error(code, (), str(args["error"]))]
        view.show_problems(f"Could not open {name}", problems, name=name)
        notify(f"{name} was not opened: {args['error']}", "negative")
        return
    entry = view.server.uploads.pop(str(args.get("id")))
    if entry is None:
        return
    filename, data = entry
    del entry
    if not await saving.confirm_discard(view, f"opening {filename}"):
        notify(f"{filename} was not opened; the project is unchanged")
        return
    if is_table_text(filename):
        family_dialog(view, filename, data)
        return
    reading = open_bytes(view, filename, data, None)
    del data  # the bytes are freed as soon as they are read, not when the open returns
    await reading


def family_dialog(view: View, filename: str, data: bytes) -> None:
    """Ask which family a CSV file's table is, with the guess chosen."""
    guess = csv_family(data)
    with ui.dialog() as dialog, ui.card().classes("w-[560px]").props("data-testid=csv-family"):
        ui.label(f"Import {filename}").classes("text-h6")
        ui.label(
            "Which kind of table is it? The guess from its first column is chosen; "
            "the first row names the data sets."
        ).classes("plotdoc-status")
        family = choices.radio(
            {f: f"{FAMILY_TITLES[f]} — {FAMILIES[f].description}" for f in FAMILIES},
            value=guess,
        ).props("dense data-testid=csv-family-choice")

        async def go() -> None:
            dialog.close()
            await open_bytes(view, filename, data, str(family.value))

        with ui.row().classes("w-full justify-end"):
            ui.button("Cancel", on_click=dialog.close).props("flat")
            ui.button("Import", icon="upload_file", on_click=go).props(
                "data-testid=csv-family-import"
            )
    dialog.open()


def _read(filename: str, data: bytes, family: str | None) -> tuple[Any, list[Problem], int]:
    """Read a file's bytes (in a worker thread: the session is not touched)."""
    try:
        project, problems = read_upload(filename, data, family)
    except PlotdocError as exc:
        return None, list(exc.problems), exc.omitted
    return project, problems, 0


async def open_bytes(view: View, filename: str, data: bytes, family: str | None) -> None:
    project, problems, omitted = await in_thread(_read, filename, data, family)
    large = len(data) >= RELEASE_AFTER_BYTES
    del data
    if project is None:
        report = Report(problems, omitted)
    else:  # the session changes on the event loop, between the tabs' edits
        report = view.session.open_read(filename, project, problems)
    del project  # the session's now; the project it replaced is freed with what reading took
    if large:  # what reading took goes back to the system once the page shows the result
        release_memory_later()
    if not report.ok:
        view.show_problems(
            f"Could not open {filename}: the current project is unchanged",
            report.problems,
            report.omitted,
            name=filename,
        )
        notify(f"{filename} was refused ({count(len(report.errors), 'error')})", "negative")
        return
    view.table_id = None
    if report.warnings:
        view.show_problems(f"Opened {filename} with warnings", report.warnings, name=filename)
    else:
        view.clear_problems()
    notify(f"Opened {filename}", "positive")
    view.refresh()


def open_too_large(view: View, args: dict[str, Any]) -> None:
    name = str(args.get("name"))
    view.show_problems(
        f"Could not open {name}: the current project is unchanged",
        [
            error(
                "file-too-large",
                (),
                f"expected a file of at most {MAX_FILE_BYTES} bytes (50 MB); "
                f"found {args.get('size')} bytes",
            )
        ],
        name=name,
    )
