"""The graph type picker: the family's graph types by group, each with a thumbnail drawn from
the table's own data and a sentence on what it draws; types that need more replicates than
the table has are greyed with the reason."""

from __future__ import annotations

import base64
from typing import TYPE_CHECKING

from nicegui import ui

from ..contract.entries import is_summary
from ..contract.variants import VARIANTS, PickerGroup, Variant, variants_of
from ..contract.variants.from_summary import drawable_from_summary
from ..editing import set_variant
from ..model import Project, Table
from . import a11y, attrs
from .work import Cancelled, Task, preview, project_copy

if TYPE_CHECKING:
    from .view import View


def offered_for(variant: Variant, table: Table) -> bool:
    """Whether the picker offers ``variant`` for ``table``: it can draw the table's replicate
    count, and a table of summary data needs no raw values for it."""
    if is_summary(table.entry) and not drawable_from_summary(variant):
        return False
    return bool(variant.available_for(table.replicates))


def variant_label(vid: str) -> str:
    """The name the picker shows for a graph type (its record's label)."""
    return VARIANTS[vid].label


def grouped_variants(family: str) -> dict[str, list[Variant]]:
    """The family's variants by their records' picker groups, groups in the order
    :class:`PickerGroup` lists them (the everyday types first)."""
    out: dict[PickerGroup, list[Variant]] = {}
    for v in variants_of(family):
        out.setdefault(v.group, []).append(v)
    return {g.value: out[g] for g in PickerGroup if g in out}


#: Pixels per inch of the picker's thumbnails.
THUMB_DPI = 30


def thumbnails(project: Project, table_id: str, variant_ids: list[str]) -> dict[str, bytes]:
    """Each variant drawn small from the table's own data (run in a child process)."""
    out: dict[str, bytes] = {}
    for vid in variant_ids:
        try:
            set_variant(project, table_id, vid)
            out[vid] = preview(project, table_id, THUMB_DPI)
        except Exception:
            continue
    return out


async def pick_variant(view: View) -> None:
    """A dialog listing the graph types by group, with thumbnails drawn from the data."""
    table = view.table()
    if table is None or table.graph is None:
        return
    groups = grouped_variants(table.format)
    images: dict[str, ui.image] = {}
    with (
        ui.dialog() as dialog,
        ui.card().classes("w-[900px] max-w-[95vw]").props("data-testid=variant-picker"),
    ):
        dialog.props["aria-label"] = f"Graph type for {table.name}"
        with ui.row().classes("w-full items-center"):
            ui.label(f"Graph type for {table.name}").classes("text-h6")
            ui.space()
            close = ui.button(icon="close", on_click=dialog.close).props("flat round dense")
            a11y.name(close, "Close the graph types")
        # a plain scrolling box: it takes the focus, so the keyboard can scroll it
        with ui.element("div").classes("w-full").style("height: 70vh; overflow: auto") as box:
            box.props["tabindex"] = "0"
            box.props["role"] = "region"
            box.props["aria-label"] = "Graph types"
            for title, variants in groups.items():
                ui.label(title).classes("plotdoc-group-title")
                with ui.row().classes("gap-2"):
                    for v in variants:
                        ok = offered_for(v, table)
                        current = v.id == table.graph.variant_id
                        card = (
                            ui.card()
                            .classes(
                                "plotdoc-variant"
                                + (" current" if current else "")
                                + ("" if ok else " unavailable")
                            )
                            .props("flat bordered")
                        )
                        attrs.testid(card, f"variant-{v.id}")
                        if ok:
                            card.on(
                                "click",
                                lambda _, vid=v.id: (
                                    dialog.close(),
                                    vid != table.graph.variant_id
                                    and view.apply(set_variant, table.id, vid),
                                ),
                            )
                        with card:
                            images[v.id] = (
                                ui.image("")
                                .classes("plotdoc-thumb")
                                .props("fit=contain no-transition")
                            )
                            images[v.id].props["aria-label"] = (
                                f"{variant_label(v.id)}, drawn from this table"
                            )
                            ui.label(variant_label(v.id)).classes("text-weight-medium")
                            ui.label(
                                v.description
                                if ok
                                else (
                                    "Needs raw values (the table holds mean, SD or SEM, N)"
                                    if is_summary(table.entry)
                                    else f"Needs {v.min_replicates} or more replicates"
                                )
                            ).classes("plotdoc-status")
    dialog.open()
    wanted = [v.id for vs in groups.values() for v in vs if offered_for(v, table)]
    task = Task(thumbnails, project_copy(view.session.project), table.id, wanted)
    dialog.on("hide", task.cancel)
    try:
        drawn = await task.result()
    except (Cancelled, RuntimeError):
        return
    for vid, png in drawn.items():
        if vid in images:
            images[vid].set_source("data:image/png;base64," + base64.b64encode(png).decode())


__all__ = ["grouped_variants", "offered_for", "pick_variant", "thumbnails", "variant_label"]
