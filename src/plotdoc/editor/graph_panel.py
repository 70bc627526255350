"""The Graph tab: the table's graph as large as the window allows (or zoomed, see
:mod:`plotdoc.editor.zoom`), the button of the graph type picker
(:mod:`plotdoc.editor.variant_picker`), the style and mode, and export."""

from __future__ import annotations

import asyncio
import base64
from typing import TYPE_CHECKING, Any

from nicegui import ui

from ..contract.entries import is_summary
from ..contract.presets import PRESETS
from ..contract.variants import VARIANTS
from ..contract.variants.from_summary import SUMMARY_MODES
from ..editing import set_plot_option, set_preset
from ..render import file_stem
from . import a11y, annotate, attrs, choices, graph_events, redraw
from .copy_format import copy_format_dialog
from .export_dialog import journal_menu_item
from .hits import Screen, drawn_elements, payload, screen
from .memory import release_memory
from .notify import notify
from .setting_conflicts import write_setting
from .shapes import more_shapes
from .variant_picker import pick_variant, variant_label
from .wording import label_of
from .work import (
    LARGE_CELLS,
    SCREEN_DPI,
    Cancelled,
    Task,
    draw,
    in_thread,
    project_copy,
    table_cells,
)
from .zoom import MAX_DPI, MIN_DPI, REFIT, Zoom, png_size, show_size

if TYPE_CHECKING:
    from .view import View


#: where the graph's style preset is held
PRESET_PATH = ("graph", "activePresetId")


class GraphPanel:
    def __init__(self, view: View) -> None:
        self.view = view
        self.image: ui.image | None = None
        #: the picture's place, and how large the picture is drawn in it
        self.place: ui.element | None = None
        self.zoom = Zoom()
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
        #: what the toolbar was built for (see :meth:`toolbar_key`)
        self.toolbar_shown: Any = None

    def build(self) -> None:
        with ui.column().classes("w-full h-full gap-1 no-wrap plotdoc-graph"):
            self.toolbar()
            self.message = ui.label("").classes("plotdoc-status").props("data-testid=graph-status")
            with ui.element("div").classes(
                "w-full grow plotdoc-graph-image plotdoc-graph-box"
            ) as self.place:
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

    def toolbar_key(self) -> Any:
        """What the toolbar shows of the table: its graph type, style, mode and entry."""
        table = self.view.table()
        graph = None if table is None else table.graph
        if graph is None:
            return (None if table is None else table.id,)
        return (
            table.id,
            id(graph),
            graph.variant_id,
            graph.active_preset_id,
            graph.plot.options.get("mode"),
            is_summary(table.entry),
        )

    def refresh_toolbar(self) -> None:
        """Build the toolbar again when what it shows changed (after an edit of the look,
        most often it did not: a title, a colour, an axis)."""
        if self.toolbar_key() != self.toolbar_shown:
            self.toolbar.refresh()

    @ui.refreshable_method
    def toolbar(self) -> None:
        view = self.view
        table = view.table()
        self.toolbar_shown = self.toolbar_key()
        with ui.row().classes("w-full items-end gap-2") as bar:
            attrs.testid(bar, "graph-toolbar")
            if table is not None and table.graph is not None:
                graph = table.graph
                tid = table.id
                ui.button(
                    variant_label(graph.variant_id),
                    icon="insert_chart",
                    on_click=lambda: pick_variant(view),
                ).props("outline no-caps data-testid=variant").tooltip("Choose the graph type")
                seen = graph.active_preset_id  # another tab's change since is told
                choices.select(
                    {p: label_of(p) for p in PRESETS},
                    value=seen,
                    label="Style",
                    on_change=lambda e: (
                        e.value != graph.active_preset_id
                        and write_setting(
                            view,
                            tid,
                            PRESET_PATH,
                            "Style",
                            seen,
                            set_preset,
                            tid,
                            e.value,
                            look=False,
                        )
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
                more_shapes(view, self)
                ui.button(
                    icon="format_paint", on_click=lambda: copy_format_dialog(self.view)
                ).props("flat dense data-testid=copy-format").tooltip(
                    "Copy this graph's format to other tables"
                )
            ui.space()
            if table is not None and table.graph is not None:
                self.zoom.controls(table.id, self.zoomed)
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
        dpi = self.wanted_dpi(table.id) or SCREEN_DPI
        key = view.server.drawing_key(table.id, dpi)
        # tabs that show the same graph at the same size share one drawing, even while it
        # is being drawn (they all wake when the analyses they waited for are in)
        drawing = view.server.drawings.get(key)
        if drawing is None:
            drawing = asyncio.ensure_future(self._draw(table, dpi))
            view.server.keep_drawing(key, drawing)
        try:
            shown = await asyncio.shield(drawing)
        except Exception as exc:
            view.server.forget_drawing(key, drawing)  # the next redraw tries again
            if isinstance(exc, Cancelled):
                self._say("Drawing cancelled")
            else:  # a graph the renderer cannot draw: say so, keep the page
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
        show_size(self.place, self.image, (width, height) if self.zoom.step(table.id) else None)
        self.inches[table.id] = (width / dpi, height / dpi)
        self.used_dpi[table.id] = dpi
        if not refit and self._off(table.id, dpi):  # first sight of this graph: fit the window
            await self.redraw(refit=True)

    async def _draw(self, table: Any, dpi: float) -> Screen:
        """The graph of ``table`` drawn from a copy of the project: in a child process that
        Cancel ends when it is large, else in a thread (a scatter is kept between edits and
        its changed symbols moved)."""
        view = self.view
        copy = view.server.project_copy()
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
            return shown
        shown = await in_thread(redraw.screen, copy, table.id, dpi)
        del copy  # not kept while the graph is fitted again: its pages go back
        release_memory(collect=False)
        return shown

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

    def wanted_dpi(self, table_id: str) -> float | None:
        """The resolution to draw at: fitted to the place, then zoomed."""
        fitted = self.fitted_dpi(table_id)
        return None if fitted is None else self.zoom.dpi(table_id, fitted)

    def _off(self, table_id: str, dpi: float) -> bool:
        wanted = self.wanted_dpi(table_id)
        return wanted is not None and abs(wanted - dpi) > REFIT * dpi

    async def zoomed(self, by: int | None) -> None:
        """Zoom in or out by ``by`` steps (None: fit the graph to its place again)."""
        table = self.view.table()
        if table is not None and table.graph is not None and self.zoom.change(table.id, by):
            with self.view.anchor:
                await self.redraw(refit=True)

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
