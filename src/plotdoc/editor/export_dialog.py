"""Export for a journal: the graph at a journal's column width, previewed at that size with
what would print too small, then downloaded as SVG, PNG (300 dpi) or PDF.

The widths are the common ones (single column 85 to 90 mm, one and a half 114 to 140 mm,
double 174 to 180 mm) and the graph's own size; the whole figure is scaled to the width, as
``plotdoc render --width`` does. The preview is drawn at twice the screen's resolution and shown
at the width it prints at (CSS millimetres), so that the text reads as it will on paper.
"""

from __future__ import annotations

import base64
from typing import TYPE_CHECKING

from nicegui import ui

from ..render import file_stem
from ..render.print_size import MIN_LINE_PT, MIN_TEXT_PT
from . import a11y, choices
from .notify import notify
from .work import drawing, in_thread, project_copy

if TYPE_CHECKING:
    from ..model import Project
    from .view import View

#: the widths offered, by label (None: the graph's own size)
WIDTHS: dict[str, str | None] = {
    "Single column, 85 mm": "85mm",
    "Single column, 90 mm": "90mm",
    "1.5 column, 114 mm": "114mm",
    "1.5 column, 140 mm": "140mm",
    "Double column, 174 mm": "174mm",
    "Double column, 180 mm": "180mm",
    "The graph's own size": None,
}
FORMATS = {"PDF": "pdf", "SVG": "svg", "PNG (300 dpi)": "png"}
MEDIA = {"svg": "image/svg+xml", "png": "image/png", "pdf": "application/pdf"}
#: the preview's resolution: twice a screen's 96 px per inch
PREVIEW_DPI = 192.0
#: the resolution of a PNG exported
EXPORT_DPI = 300.0


def draw_at_width(
    project: Project, table_id: str, fmt: str, dpi: float, width: str | None
) -> tuple[bytes, list[str]]:
    """The graph scaled to a print ``width`` (``"85mm"``; None: its own size), with the
    sentences of its drawing's warnings (text too small to print at that width among them)."""
    from ..render import render_table_checked

    with drawing():
        drawn = render_table_checked(
            project, project.table(table_id), fmt=fmt, dpi=dpi, width=width
        )
    return drawn.data, [str(w) for w in drawn.warnings]


def journal_menu_item(view: View) -> None:
    """The Export menu's item that opens :func:`journal_export_dialog`."""
    item = ui.menu_item("For a journal (column width)…", lambda: journal_export_dialog(view))
    item.props["data-testid"] = "export-journal"


def journal_export_dialog(view: View) -> None:
    """Open the dialog for the table shown in ``view``."""
    table = view.table()
    if table is None or table.graph is None:
        notify("This table has no graph", "warning")
        return
    table_id, name = table.id, table.name
    chosen = {"width": "Single column, 85 mm", "format": "PDF"}
    with ui.dialog() as dialog, ui.card().classes("max-w-[95vw]") as card:
        a11y.name(dialog, "Export for a journal")
        card.props["data-testid"] = "journal-export"
        ui.label("Export for a journal").classes("text-lg")
        with ui.row().classes("items-end"):
            width = choices.select({w: w for w in WIDTHS}, value=chosen["width"], label="Width")
            width.classes("w-64")
            width.props["data-testid"] = "journal-width"
            fmt = choices.select({f: f for f in FORMATS}, value=chosen["format"], label="Format")
            fmt.classes("w-40")
            fmt.props["data-testid"] = "journal-format"
        note = ui.label("").classes("text-sm max-w-[720px]")
        note.props["data-testid"] = "journal-note"
        # a plain scrolling box the keyboard can reach (Tab, then the arrow keys)
        frame = ui.element("div").classes("w-[720px] max-w-[90vw] h-[460px] overflow-auto bg-white")
        with a11y.name(frame.props("tabindex=0"), "Preview at the printed size"):
            image = ui.image("").classes("shadow")
            image.props["data-testid"] = "journal-preview"
            a11y.name(image, "The graph as it prints at the chosen width")
        with ui.row():
            download = ui.button("Download", icon="download")
            download.props["data-testid"] = "journal-download"
            close = ui.button("Close", on_click=dialog.close).props("flat")
            close.props["data-testid"] = "journal-close"

    async def show() -> None:
        label = str(width.value)
        chosen["width"] = label
        asked = WIDTHS.get(label)
        copy = project_copy(view.session.project)
        data, warnings = await in_thread(draw_at_width, copy, table_id, "png", PREVIEW_DPI, asked)
        image.set_source("data:image/png;base64," + base64.b64encode(data).decode("ascii"))
        # shown at the size it prints at: its pixels at the preview's resolution, in inches
        from io import BytesIO

        from PIL import Image

        px = Image.open(BytesIO(data)).size[0]
        image.style["width"] = f"{px / PREVIEW_DPI:.3f}in"  # a value, never parsed
        image.update()
        small = [w for w in warnings if "prints at" in w]
        if small:
            note.set_text("Too small to print: " + " ".join(small))
            note.classes(replace="text-sm max-w-[720px] text-red-700")
        else:
            where = f"at {asked}" if asked else "at its own size"
            note.set_text(
                f"Drawn {where}: its text is at least {MIN_TEXT_PT:g} pt and its lines at "
                f"least {MIN_LINE_PT:g} pt as printed."
            )
            note.classes(replace="text-sm max-w-[720px]")

    async def save() -> None:
        kind = FORMATS[str(fmt.value)]
        asked = WIDTHS.get(str(width.value))
        copy = project_copy(view.session.project)
        data, _ = await in_thread(draw_at_width, copy, table_id, kind, EXPORT_DPI, asked)
        tail = f"-{asked}" if asked else ""
        ui.download.content(data, f"{file_stem(name)}{tail}.{kind}", MEDIA[kind])

    width.on_value_change(show)
    download.on_click(save)
    dialog.open()
    ui.timer(0.01, show, once=True)
