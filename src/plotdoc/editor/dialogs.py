"""Questions the editor asks before it discards or replaces anything, awaited by the flows."""

from __future__ import annotations

from collections.abc import Sequence

from nicegui import ui

from . import attrs

#: A choice: button text, the value the question returns, and the button's Quasar props.
Choice = tuple[str, str, str]

PRIMARY = "color=primary"
DANGER = "color=negative"
QUIET = "flat"


async def ask(
    where: ui.element, title: str, text: str, choices: Sequence[Choice], testid: str
) -> str | None:
    """Show a question in ``where``'s page; the chosen value, None when dismissed (Escape)."""
    with (
        where,
        ui.dialog() as dialog,
        attrs.testid(ui.card().classes("w-[600px] max-w-[95vw]"), testid),
    ):
        ui.label(title).classes("text-h6")
        attrs.testid(ui.label(text).classes("plotdoc-question"), f"{testid}-text")
        with ui.row().classes("w-full justify-end gap-2"):
            for label, value, props in choices:
                button = ui.button(label, on_click=lambda v=value: dialog.submit(v))
                attrs.testid(button.props(props).props("no-caps"), f"{testid}-{value}")
    try:
        result = await dialog
    finally:
        dialog.delete()
    return None if result is None else str(result)


async def ask_path(where: ui.element, value: str, problem: str, folder: str) -> str | None:
    """The Save as dialog: the path typed (None when cancelled); ``problem`` says why the last
    one was refused."""
    with (
        where,
        ui.dialog() as dialog,
        ui.card().classes("w-[640px] max-w-[95vw]").props("data-testid=save-as"),
    ):
        ui.label("Save as").classes("text-h6")
        field = (
            ui.input("File (on this computer)", value=value)
            .classes("w-full")
            .props("autofocus data-testid=save-as-path")
        )
        ui.label(
            f"A name without a folder is saved in {folder}; .plotdoc is added to a name "
            "that does not end with it."
        ).classes("plotdoc-status")
        if problem:
            ui.label(problem).classes("text-negative").props("data-testid=save-as-error")
        field.on("keydown.enter", lambda: dialog.submit(field.value))
        with ui.row().classes("w-full justify-end gap-2"):
            ui.button("Cancel", on_click=lambda: dialog.submit(None)).props("flat no-caps")
            ui.button("Save", on_click=lambda: dialog.submit(field.value)).props(
                "no-caps data-testid=save-as-confirm"
            )
    try:
        result = await dialog
    finally:
        dialog.delete()
    return None if result is None else str(result)
