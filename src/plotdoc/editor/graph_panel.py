"""The graph panel: the table's graph drawn by plotdoc's renderer, its controls and export."""

from __future__ import annotations

import base64
from typing import TYPE_CHECKING, Any

from nicegui import ui

from ..contract import document as D
from ..contract import nodes as N
from ..contract.presets import PRESETS
from ..contract.styles import AXIS_SCALES, LEGEND_POSITIONS
from ..contract.variants import VARIANTS, variants_of
from ..editing import (
    set_axis,
    set_legend,
    set_plot_option,
    set_preset,
    set_title,
    set_variant,
    set_visibility,
)
from ..render import file_stem
from .notify import notify
from .work import LARGE_CELLS, Cancelled, Task, draw, in_thread, preview, project_copy, table_cells

if TYPE_CHECKING:
    from .page import View

_PREFIXES = ("column-", "grouped-", "xy-", "contingency-", "nested-", "survival-", "parts-", "mv-")


def variant_label(vid: str) -> str:
    text = vid
    for prefix in _PREFIXES:
        if text.startswith(prefix) and len(text) > len(prefix):
            text = text[len(prefix) :]
            break
    return text.replace("-", " ").capitalize()


def option_nodes(family: str) -> dict[str, N.Node]:
    """The plot options of ``family`` as the contract defines them."""
    assert isinstance(D.PLOT, N.OneOf)
    for obj in D.PLOT.options:
        assert isinstance(obj, N.Obj)
        fam = obj.props["family"]
        if isinstance(fam, N.Const) and fam.value == family:
            opts = obj.props["options"]
            assert isinstance(opts, N.Obj)
            return dict(opts.props)
    return {}


def _auto(value: Any) -> float | str:
    text = str(value).strip() if value is not None else ""
    if text == "" or text.lower() == "auto":
        return "auto"
    try:
        return float(text)
    except ValueError:
        return text  # refused by the check with open's message


class GraphPanel:
    def __init__(self, view: View) -> None:
        self.view = view
        self.image: ui.image | None = None
        self.drawing = 0
        self.message: ui.label | None = None

    def build(self) -> None:
        with ui.column().classes("w-full gap-2 plotdoc-graph"):
            with ui.row().classes("items-center gap-2"):
                self.message = (
                    ui.label("").classes("plotdoc-status").props("data-testid=graph-status")
                )
                ui.space()
                for fmt in ("svg", "png", "pdf"):
                    ui.button(
                        fmt.upper(), icon="download", on_click=lambda f=fmt: self.export(f)
                    ).props(f"flat dense size=sm data-testid=export-{fmt}")
            self.image = (
                ui.image("")
                .props("no-spinner no-transition fit=contain data-testid=graph")
                .classes("w-full")
                .style("min-height: 260px; max-height: 520px")
            )
            self.controls()

    async def redraw(self) -> None:
        view = self.view
        table = view.table()
        if self.image is None:
            return
        if table is None or table.graph is None:
            self.image.set_source("")
            self._say("No graph" if table is not None else "")
            return
        self.drawing += 1
        mine = self.drawing
        version = view.session.version
        self._say("Drawing…")
        copy = project_copy(view.session.project)
        try:
            if table_cells(table) > LARGE_CELLS:
                task = view.job.start(Task(preview, copy, table.id, label="Drawing the graph"))
                view.refresh_status()
                try:
                    png = await task.result()
                finally:
                    view.job.done(task)
                    view.refresh_status()
            else:
                png = await in_thread(preview, copy, table.id)
        except Cancelled:
            self._say("Drawing cancelled")
            return
        except Exception as exc:  # a graph the renderer cannot draw: say so, keep the page
            self._say(f"Could not draw this graph: {exc}")
            return
        if mine != self.drawing:
            return
        # shown through <img>: an image runs no script, whatever the data held
        self.image.set_source("data:image/png;base64," + base64.b64encode(png).decode())
        self.image.props(f"data-version={version}")
        self._say("")

    def _say(self, text: str) -> None:
        if self.message is not None:
            self.message.set_text(text)

    async def export(self, fmt: str) -> None:
        table = self.view.table()
        if table is None or table.graph is None:
            notify("This table has no graph", "warning")
            return
        data = await in_thread(draw, project_copy(self.view.session.project), table.id, fmt, 300)
        if data is not None:
            media = {"svg": "image/svg+xml", "png": "image/png", "pdf": "application/pdf"}[fmt]
            ui.download.content(data, f"{file_stem(table.name)}.{fmt}", media)

    @ui.refreshable_method
    def controls(self) -> None:
        view = self.view
        table = view.table()
        if table is None or table.graph is None:
            return
        graph = table.graph
        tid = table.id
        apply = view.apply
        with ui.row().classes("w-full gap-2 items-end"):
            choices = {
                v.id: variant_label(v.id)
                for v in variants_of(table.format)
                if v.available_for(table.replicates)
            }
            ui.select(
                choices,
                value=graph.variant_id,
                label="Graph type",
                on_change=lambda e: (
                    e.value != graph.variant_id and apply(set_variant, tid, e.value)
                ),
            ).classes("w-56").props("dense outlined data-testid=variant")
            ui.select(
                list(PRESETS),
                value=graph.active_preset_id,
                label="Style",
                on_change=lambda e: (
                    e.value != graph.active_preset_id and apply(set_preset, tid, e.value)
                ),
            ).classes("w-32").props("dense outlined data-testid=preset")
            variant = VARIANTS[graph.variant_id]
            if variant.modes:
                ui.select(
                    list(variant.modes),
                    value=graph.plot.options.get("mode"),
                    label="Mode",
                    on_change=lambda e: (
                        e.value != graph.plot.options.get("mode")
                        and apply(set_plot_option, tid, ("mode",), e.value)
                    ),
                ).classes("w-48").props("dense outlined data-testid=mode")
        with ui.expansion("Titles", icon="title", value=True).classes("w-full").props("dense"):
            with ui.row().classes("w-full gap-2"):
                for which, label in (("graph", "Graph title"), ("x", "X title"), ("y", "Y title")):
                    entry = table.titles.get(which, {})
                    field = (
                        ui.input(label, value=entry.get("text", ""))
                        .classes("grow")
                        .props(f"dense outlined data-testid=title-{which}")
                    )
                    field.on(
                        "change",
                        lambda e, w=which, f=field: (
                            f.value != table.titles.get(w, {}).get("text")
                            and apply(set_title, tid, w, f.value)
                        ),
                    )
        with ui.expansion("Plot options", icon="tune").classes("w-full").props("dense"):
            with ui.row().classes("w-full gap-2 items-center"):
                for key, node in option_nodes(table.format).items():
                    if key in ("mode", "kind", "mapping"):
                        continue
                    self._option(tid, key, node, graph.plot.options.get(key))
        with (
            ui.expansion("Data sets and legend", icon="legend_toggle")
            .classes("w-full")
            .props("dense")
        ):
            with ui.row().classes("gap-2"):
                for i, ds in enumerate(table.data_sets):
                    shown = graph.data_set_visibility.get(str(i), True)
                    ui.checkbox(
                        ds.name,
                        value=shown,
                        on_change=lambda e, i=i: apply(set_visibility, tid, i, e.value),
                    )
            with ui.row().classes("gap-2 items-center"):
                ui.checkbox(
                    "Legend",
                    value=bool(graph.legend.get("show", True)),
                    on_change=lambda e: apply(set_legend, tid, show=e.value),
                )
                ui.select(
                    list(LEGEND_POSITIONS),
                    value=graph.legend.get("position"),
                    label="Position",
                    on_change=lambda e: (
                        e.value != graph.legend.get("position")
                        and apply(set_legend, tid, position=e.value)
                    ),
                ).classes("w-40").props("dense outlined")
        with ui.expansion("Axes", icon="straighten").classes("w-full").props("dense"):
            axes = (
                (("xContinuous", "X"), ("leftY", "Y"))
                if table.format in ("xy", "survival")
                else (("leftY", "Y"),)
            )
            for axis, name in axes:
                node = graph.axes.get(axis, {})
                with ui.row().classes("gap-2 items-center"):
                    ui.label(name).classes("w-6")
                    lo = (
                        ui.input("Min", value=str(node.get("rangeMin", "auto")))
                        .classes("w-24")
                        .props(f"dense outlined data-testid=axis-{axis}-min")
                    )
                    lo.on(
                        "change",
                        lambda e, a=axis, f=lo: apply(set_axis, tid, a, minimum=_auto(f.value)),
                    )
                    hi = (
                        ui.input("Max", value=str(node.get("rangeMax", "auto")))
                        .classes("w-24")
                        .props(f"dense outlined data-testid=axis-{axis}-max")
                    )
                    hi.on(
                        "change",
                        lambda e, a=axis, f=hi: apply(set_axis, tid, a, maximum=_auto(f.value)),
                    )
                    ui.select(
                        list(AXIS_SCALES),
                        value=node.get("scale", "linear"),
                        label="Scale",
                        on_change=lambda e, a=axis, n=node: (
                            e.value != n.get("scale") and apply(set_axis, tid, a, scale=e.value)
                        ),
                    ).classes("w-28").props(f"dense outlined data-testid=axis-{axis}-scale")

    def _option(self, tid: str, key: str, node: N.Node, value: Any) -> None:
        apply = self.view.apply
        label = key[0].upper() + "".join(" " + c.lower() if c.isupper() else c for c in key[1:])
        if isinstance(node, N.Enum):
            ui.select(
                list(node.values),
                value=value,
                label=label,
                on_change=lambda e: (
                    e.value != value and apply(set_plot_option, tid, (key,), e.value)
                ),
            ).classes("w-40").props("dense outlined")
        elif isinstance(node, N.Bool):
            ui.checkbox(
                label,
                value=bool(value),
                on_change=lambda e: apply(set_plot_option, tid, (key,), e.value),
            )
        elif isinstance(node, N.Num) and isinstance(value, (int, float)):
            ui.number(
                label,
                value=value,
                on_change=lambda e: (
                    e.value is not None
                    and e.value != value
                    and apply(
                        set_plot_option, tid, (key,), int(e.value) if node.integer else e.value
                    )
                ),
            ).classes("w-32").props("dense outlined debounce=600")
