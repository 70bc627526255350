"""The Graph tab: the table's graph as large as the window allows, the graph type picker
(a grouped list with a thumbnail of each type drawn from the table's own data), the style
and mode, and export."""

from __future__ import annotations

import base64
from typing import TYPE_CHECKING, Any

from nicegui import ui

from ..contract.entries import is_summary
from ..contract.presets import PRESETS
from ..contract.variants import VARIANTS, PickerGroup, Variant, variants_of
from ..contract.variants.from_summary import SUMMARY_MODES, drawable_from_summary
from ..editing import set_plot_option, set_preset, set_variant
from ..model import Project
from ..render import file_stem
from . import a11y, annotate, attrs, choices, graph_events, redraw
from .copy_format import copy_format_dialog
from .export_dialog import journal_menu_item
from .hits import Screen, drawn_elements, payload, screen
from .notify import notify
from .wording import label_of
from .work import (
    LARGE_CELLS,
    SCREEN_DPI,
    Cancelled,
    Task,
    draw,
    in_thread,
    preview,
    project_copy,
    release_memory,
    table_cells,
)

if TYPE_CHECKING:
    from .view import View


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


#: The resolutions the graph on the page is drawn at, fitted to its place (pixels per inch).
MIN_DPI, MAX_DPI = 60.0, 170.0


def png_size(png: bytes) -> tuple[int, int]:
    """Width and height of a PNG, from its header."""
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


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


class GraphPanel:
    def __init__(self, view: View) -> None:
        self.view = view
        self.image: ui.image | None = None
        self.drawing = 0
        self.message: ui.label | None = None
        #: the place the graph has on the page, CSS pixels (reported by the page)
        self.box: tuple[float, float] | None = None
        #: each table's graph size in inches (its last drawing's pixels / its resolution)
        self.inches: dict[str, tuple[float, float]] = {}
        self.used_dpi: dict[str, float] = {}
        #: each table's last drawing on screen (its hit regions and frame)
        self.screens: dict[str, Screen] = {}
        #: the style elements each table's graph draws (the Format panel shows their controls)
        self.elements: dict[str, set[str]] = {}
        #: what a new bracket's text follows: none, stars or p (a t test)
        self.bracket_link = "stars"

    def build(self) -> None:
        with ui.column().classes("w-full h-full gap-1 no-wrap plotdoc-graph"):
            self.toolbar()
            self.message = ui.label("").classes("plotdoc-status").props("data-testid=graph-status")
            with ui.element("div").classes("w-full grow plotdoc-graph-image plotdoc-graph-box"):
                self.image = (
                    ui.image("")
                    .props(
                        'no-spinner no-transition fit=scale-down position="50% 0%" '
                        "data-testid=graph"
                    )
                    .classes("absolute-full")
                )
                # the hit regions: filled in the browser from each drawing's payload
                ui.element("div").classes("plotdoc-hits").props("data-testid=graph-hits")
        graph_events.register(self)

    def annotation_tools(self) -> None:
        """Buttons that place an annotation where the user next clicks or drags."""
        icons = {
            "text": ("title", "Text"),
            "line": ("horizontal_rule", "Line"),
            "arrow": ("arrow_right_alt", "Arrow"),
            "rectangle": ("crop_square", "Rectangle"),
            "ellipse": ("radio_button_unchecked", "Ellipse"),
            "bracket": ("data_array", "Bracket between two groups (drag from one to the other)"),
        }
        with ui.button_group().props("flat dense").classes("plotdoc-tools"):
            for tool in annotate.TOOLS:
                icon, tip = icons[tool]
                button = ui.button(icon=icon).props("flat dense size=sm")
                attrs.attr(attrs.testid(button, f"tool-{tool}"), "data-tool", tool)
                button.on("click", js_handler="() => " + attrs.js_call("plotdocTool", tool))
                button.tooltip(tip)
        choices.select(
            annotate.NEW_BRACKET,
            value=self.bracket_link,
            label="Bracket label",
            on_change=lambda e: setattr(self, "bracket_link", e.value),
        ).props("dense outlined options-dense data-testid=bracket-link").classes("w-36")

    @ui.refreshable_method
    def toolbar(self) -> None:
        view = self.view
        table = view.table()
        with ui.row().classes("w-full items-end gap-2") as bar:
            if table is not None and table.graph is not None:
                graph = table.graph
                tid = table.id
                ui.button(
                    variant_label(graph.variant_id),
                    icon="insert_chart",
                    on_click=self.pick_variant,
                ).props("outline no-caps data-testid=variant").tooltip("Choose the graph type")
                choices.select(
                    {p: label_of(p) for p in PRESETS},
                    value=graph.active_preset_id,
                    label="Style",
                    on_change=lambda e: (
                        e.value != graph.active_preset_id and view.apply(set_preset, tid, e.value)
                    ),
                ).classes("w-32").props("dense outlined data-testid=preset")
                variant = VARIANTS[graph.variant_id]
                if variant.modes:
                    # a table of summary data offers the modes its numbers can draw
                    modes = (
                        [m for m in variant.modes if m in SUMMARY_MODES]
                        if is_summary(table.entry)
                        else variant.modes
                    )
                    choices.select(
                        {m: label_of(m) for m in modes},
                        value=graph.plot.options.get("mode"),
                        label="Mode",
                        on_change=lambda e: (
                            e.value != graph.plot.options.get("mode")
                            and view.apply(set_plot_option, tid, ("mode",), e.value)
                        ),
                    ).classes("w-44").props("dense outlined data-testid=mode")
            if table is not None and table.graph is not None:
                self.annotation_tools()
                ui.button(
                    icon="format_paint", on_click=lambda: copy_format_dialog(self.view)
                ).props("flat dense data-testid=copy-format").tooltip(
                    "Copy this graph's format to other tables"
                )
            ui.space()
            with ui.button("Export", icon="download").props(
                "flat dense no-caps data-testid=export"
            ):
                with ui.menu():
                    for fmt in ("svg", "png", "pdf"):
                        attrs.testid(
                            ui.menu_item(f"{fmt.upper()} file", lambda f=fmt: self.export(f)),
                            f"export-{fmt}",
                        )
                    journal_menu_item(self.view)
        a11y.name_icon_buttons(bar)  # the tools and other icon buttons say what they do

    async def pick_variant(self) -> None:
        """A dialog listing the graph types by group, with thumbnails drawn from the data."""
        view = self.view
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

    async def redraw(self, refit: bool = False) -> None:
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
        dpi = self.fitted_dpi(table.id) or SCREEN_DPI
        try:
            if table_cells(table) > LARGE_CELLS and not redraw.updatable(table):
                task = view.job.start(
                    Task(screen, copy, table.id, dpi, label="Drawing the graph"), "drawing"
                )
                del copy  # the child has its own: this one is freed once sent
                view.refresh_status()
                try:
                    shown: Screen = await task.result()
                finally:
                    view.job.done(task)
                    view.refresh_status()
            else:  # a scatter is kept between edits and its changed symbols moved
                shown = await in_thread(redraw.screen, copy, table.id, dpi)
                del copy  # not kept while the graph is fitted again: its pages go back
                release_memory(collect=False)
        except Cancelled:
            self._say("Drawing cancelled")
            return
        except Exception as exc:  # a graph the renderer cannot draw: say so, keep the page
            self._say(f"Could not draw this graph: {exc}")
            return
        if mine != self.drawing:
            return
        png = shown.png
        # shown through <img>: an image runs no script, whatever the data held
        self.image.set_source("data:image/png;base64," + base64.b64encode(png).decode())
        # what a screen reader says of the picture (the table's name, as data)
        self.image.props["aria-label"] = f"Graph of the table {table.name}"
        self.image.props["alt"] = f"Graph of the table {table.name}"
        attrs.attr(self.image, "data-version", version)
        # what the graph cannot show (an analysis not drawn, values left out), as render says
        self._say(" ".join(f"Warning: {w}" for w in shown.warnings))
        self.show_regions(table, shown, mine)
        width, height = png_size(png)
        self.inches[table.id] = (width / dpi, height / dpi)
        self.used_dpi[table.id] = dpi
        if not refit and self._off(table.id, dpi):  # first sight of this graph: fit the window
            await self.redraw(refit=True)

    def show_regions(self, table: Any, shown: Screen, drawing: int) -> None:
        """Send the drawing's hit regions to the page; the Format panel follows what it draws."""
        self.screens[table.id] = shown
        elements = drawn_elements(shown)
        changed = self.elements.get(table.id) != elements
        self.elements[table.id] = elements
        data = payload(table, shown)
        data["version"] = drawing  # each drawing's regions replace the last ones
        ui.run_javascript(attrs.js_call("plotdocHits", data, if_loaded=True))
        graph_events.show_selection(self)
        fmt = getattr(self.view, "format", None)
        if changed and fmt is not None and fmt.selected(table) is not None:
            fmt.render.refresh()

    def fitted_dpi(self, table_id: str) -> float | None:
        """The resolution at which the graph fills the space the window gives it."""
        size = self.inches.get(table_id)
        if size is None or self.box is None:
            return None
        dpi = min(self.box[0] / size[0], self.box[1] / size[1])
        return max(MIN_DPI, min(MAX_DPI, dpi))

    def _off(self, table_id: str, dpi: float) -> bool:
        fitted = self.fitted_dpi(table_id)
        return fitted is not None and abs(fitted - dpi) > 0.12 * dpi

    async def resized(self, width: float, height: float) -> None:
        """The page reports the size of the graph's place (CSS pixels)."""
        self.box = (max(50.0, width - 4), max(50.0, height - 4))
        table = self.view.table()
        if table is not None and table.graph is not None:
            used = self.used_dpi.get(table.id)
            if used is None or self._off(table.id, used):
                with self.view.anchor:
                    await self.redraw()

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


def offered_for(variant: Any, table: Any) -> bool:
    """Whether the picker offers ``variant`` for ``table``: it can draw the table's replicate
    count, and a table of summary data needs no raw values for it."""
    if is_summary(table.entry) and not drawable_from_summary(variant):
        return False
    return bool(variant.available_for(table.replicates))
