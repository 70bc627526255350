"""Copy one graph's format to other tables, as a graphing program's "apply format" does: the
style preset, style overrides, graph settings, axes, legend, shown elements, plot size and
borders, in one step that Undo takes back. A data set's style goes to the data set at the same
position."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from nicegui import ui

from ..editing.base import Outcome, find_table, refuse, structural
from ..model import Project, Table
from . import attrs
from .fields import apply_style

if TYPE_CHECKING:
    from .view import View

#: the graph's parts that make its format (model attribute names)
FORMAT_PARTS = (
    "active_preset_id",
    "apply_preset_non_color",
    "style_overrides",
    "graph_settings",
    "axes",
    "legend",
    "element_activation",
    "plot_geometry",
    "parts_of_whole_borders",
)


def _by_position(source: Table, target: Table) -> dict[str, Any]:
    """The source's style overrides with each data set's entries given to the target's data
    set at the same position (data set 1's style to data set 1, as "apply format" does);
    entries of data sets the target does not have are left out."""
    assert source.graph is not None
    styles = copy.deepcopy(source.graph.style_overrides)
    names = {ds.name: k for k, ds in enumerate(source.data_sets)}
    for bucket in ("perDataSet", "perPoint"):
        entries = styles.get(bucket)
        if not isinstance(entries, dict):
            continue
        moved: dict[str, Any] = {}
        for key, value in entries.items():
            k = names.get(key)
            if k is None and ":" in key:
                moved[key] = value  # a semantic key (volcano:up) names no data set
            elif k is not None and k < len(target.data_sets):
                moved[target.data_sets[k].name] = value
        styles[bucket] = moved
    return styles


@structural
def copy_format(project: Project, /, source_id: str, target_ids: list[str]) -> Outcome:
    """Give each table of ``target_ids`` the format of ``source_id``'s graph."""
    index, source = find_table(project, source_id)
    if source.graph is None:
        raise refuse("edit-invalid", ("tables", index), f"{source.name!r} has no graph")
    for tid in target_ids:
        i, table = find_table(project, tid)
        if table.graph is None:
            raise refuse("edit-invalid", ("tables", i), f"{table.name!r} has no graph")
        for part in FORMAT_PARTS:
            setattr(table.graph, part, copy.deepcopy(getattr(source.graph, part)))
        table.graph.style_overrides = _by_position(source, table)
    n = len(target_ids)
    return Outcome(f"Copy format to {n} table{'s' if n != 1 else ''}", None, None, source_id)


def copy_format_dialog(view: View) -> None:
    source = view.table()
    if source is None or source.graph is None:
        return
    others = [
        t
        for t in view.session.project.tables
        if t.id != source.id and t.graph is not None and t.derived_from is None
    ]
    with ui.dialog() as dialog, ui.card().props("data-testid=copy-format-dialog"):
        ui.label(f"Copy the format of “{source.name}” to").classes("text-h6")
        ui.label(
            "The style, colours and symbols, axes, legend, frame and sizes; data, titles and "
            "the graph type stay."
        ).classes("plotdoc-status")
        if not others:
            ui.label("No other table has a graph.")
        boxes = {
            t.id: attrs.testid(
                ui.checkbox(f"{t.name} ({t.format})", value=t.format == source.format).props(
                    "dense"
                ),
                f"copy-to-{t.id}",
            )
            for t in others
        }

        def done() -> None:
            chosen = [tid for tid, box in boxes.items() if box.value]
            dialog.close()
            if chosen:
                apply_style(view, copy_format, source.id, chosen)

        with ui.row().classes("w-full justify-end"):
            ui.button("Cancel", on_click=dialog.close).props("flat")
            ui.button("Copy", on_click=done).props("data-testid=copy-format-apply")
    dialog.open()
