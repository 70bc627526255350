"""File → Export to Prism: the project's data tables as a GraphPad Prism file (``.pzfx``).

The file is built by :func:`plotdoc.exporters.pzfx.to_pzfx` (checked by importing it back)
and given to the browser as a download named after the project. What a Prism file cannot
hold (graphs, analyses, annotations) is listed in a dialog, one line per thing left out:
its JSON path and why, as ``plotdoc export`` says it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from nicegui import ui

from ..problems import PlotdocError
from .notify import count, notify

if TYPE_CHECKING:
    from .view import View


def prism_name(title: str) -> str:
    """``study.plotdoc`` -> ``study.pzfx`` (``Untitled`` when the project has no name)."""
    name = Path(title).name
    for suffix in (".json", ".plotdoc"):
        name = name.removesuffix(suffix)
    return (name or "Untitled") + ".pzfx"


def export_prism(view: View) -> None:
    from ..exporters.pzfx import to_pzfx

    name = prism_name(view.session.title)
    try:
        data, warnings = to_pzfx(view.session.project)
    except PlotdocError as exc:
        reason = exc.problems[0].message if exc.problems else "the export failed"
        notify(f"Not exported to Prism: {reason}", "negative")
        return
    ui.download.content(data, name, "application/xml")
    if not warnings:
        notify(f"Exported {name}", "positive")
        return
    with (
        ui.dialog() as dialog,
        ui.card().classes("w-[760px]").props("data-testid=prism-export-report"),
    ):
        ui.label(f"Exported {name}").classes("text-h6")
        ui.label(
            f"The data tables are in the file. {count(len(warnings), 'thing')} Prism files "
            "cannot hold were left out:"
        )
        with ui.column().classes("w-full max-h-[55vh] overflow-auto gap-1"):
            for problem in warnings:
                with ui.row().classes("w-full no-wrap items-start gap-2"):
                    ui.label(problem.where or "project").classes(
                        "font-mono text-xs text-grey-8 min-w-[180px]"
                    )
                    ui.label(problem.message).classes("text-sm")
        ui.button("Close", on_click=dialog.close).props("flat data-testid=prism-export-close")
    dialog.open()
