"""The Format panel: what was clicked on the graph first (a data set's or a point's style, an
axis, a title, the legend, an annotation), then every section of the graph. The controls of
each section are declared in :mod:`plotdoc.editor.format_spec`; the plot options come from
the contract, less the ones the graph type does not use."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from nicegui import ui

from ..contract import nodes as N
from ..contract.variants import VARIANTS
from ..editing import set_plot_option, set_title, set_visibility
from . import a11y, attrs, choices
from . import format_spec as F
from .bracket_controls import bracket_label_controls
from .controls import Control
from .fields import apply_style, current
from .option_values import auto_value, number_or_none, option_nodes, unwrap
from .reference_panel import reference_lines
from .sections import Sections
from .setting_conflicts import same, write_setting
from .shapes import annotation_controls, bracket_ends, shape_points
from .shown import Shown, frame
from .targets import CATEGORICAL, Target, describe
from .variables_panel import variables
from .wording import OPTION_LABELS, label_of, option_applies

if TYPE_CHECKING:
    from .view import View
#: Options edited elsewhere (the graph type's mode, the kind of a multiple-variables graph).
HANDLED_ELSEWHERE = ("mode", "kind", "mapping")


class FormatPanel:
    def __init__(self, view: View) -> None:
        self.view = view
        #: what was clicked on the graph, and in which table
        self.target: Target | None = None
        self.target_table: str | None = None
        #: the sections as the user left them (the panel is rebuilt after every change)
        self.sections = Sections()
        self.shown = Shown()
        #: a change made in another tab is not shown yet: this tab was typing in a field
        self.stale = False
        self.shown.idle = self.catch_up

    def pick(self, table_id: str, target: Target | None) -> None:
        """Show ``target``'s section first (None: nothing selected)."""
        self.target, self.target_table = target, table_id
        self.render.refresh()
        if target is not None:
            self.view.toggle_inspector(True)

    def selected(self, table: Any) -> Target | None:
        """The selection, if it still names something of ``table``."""
        t = self.target
        if t is None or table is None or self.target_table != table.id:
            return None
        if t.data_set is not None and t.data_set >= len(table.data_sets):
            return None
        if t.kind == "annotation" and not (
            isinstance(t.key, int) and 0 <= t.key < len(table.annotations)
        ):
            return None
        return t

    def elements(self, table: Any) -> set[str] | None:
        """The style elements the table's graph draws (None before it is first drawn)."""
        drawn: dict[str, set[str]] = getattr(self.view.graph, "elements", {})
        return drawn.get(table.id)

    def after_look_edit(self) -> None:
        """After an edit of the graph's look: the panel is built again unless the control that
        made the edit already shows it and nothing else shown changed."""
        table = self.view.table()
        if not self.shown.still_shown(table, frame(table, self)) or self.stale:
            self.rebuild()

    def rebuild(self, elsewhere: bool = False) -> None:
        """Build the panel again. After a change made ``elsewhere`` (another tab), not while
        this tab types in one of its fields of the same table (its typing would be lost): then
        once the typing ends, and the value typed is set as the newest (its writer told what it
        replaced, see :mod:`plotdoc.editor.setting_conflicts`)."""
        table = self.view.table()
        built_for = self.shown.frame[0] if self.shown.frame else None
        if elsewhere and table is not None and built_for == table.id and self.shown.typing():
            self.stale = True
            return
        self.stale = False
        self.render.refresh()

    def catch_up(self) -> None:
        """The typing ended (the field lost the focus): show what changed meanwhile."""
        if self.stale:
            self.rebuild()

    @ui.refreshable_method
    def render(self) -> None:
        view = self.view
        table = view.table()
        self.shown.clear(frame(table, self))
        if table is None or table.graph is None:
            ui.label("This table has no graph.").classes("plotdoc-status")
            return
        graph = table.graph
        tid = table.id
        target = self.selected(table)
        with ui.column().classes("w-full gap-1 plotdoc-format") as panel:
            if target is None:
                ui.label("Click a part of the graph to format it.").classes("plotdoc-status")
            else:
                self._selected(table, target)
            if table.format == "multipleVariables":
                variables(view, table)
            with self.sections.expansion(
                "titles", "Titles", icon="title", value=target is None
            ).classes("w-full"):
                for which, label in (("graph", "Graph title"), ("x", "X title"), ("y", "Y title")):
                    self._title(table, which, label)
            nodes = {
                k: n
                for k, n in option_nodes(table.format).items()
                if k not in HANDLED_ELSEWHERE and option_applies(k, graph.variant_id)
            }
            if nodes:
                with self.sections.expansion("plot", "Plot options", icon="tune").classes("w-full"):
                    for key, node in nodes.items():
                        self._option(tid, (key,), node, graph.plot.options.get(key))
            with self.sections.expansion(
                "data-sets", "Data sets", icon="stacked_line_chart"
            ).classes("w-full"):
                ui.button(
                    "Style of every data set",
                    icon="palette",
                    on_click=lambda: self.pick(tid, Target("allDataSets")),
                ).props("flat dense no-caps size=sm data-testid=style-all")
                for i, ds in enumerate(table.data_sets):
                    with ui.row().classes("w-full items-center no-wrap gap-1"):
                        ui.checkbox(
                            ds.name,
                            value=graph.data_set_visibility.get(str(i), True),
                            on_change=lambda e, i=i: apply_style(
                                view, set_visibility, tid, i, e.value
                            ),
                        ).props("dense").classes("grow")
                        attrs.testid(
                            ui.button(
                                icon="palette",
                                on_click=lambda i=i: self.pick(tid, Target("dataSet", i)),
                            ).props("flat round dense size=sm"),
                            f"style-ds{i}",
                        ).tooltip(f"Format {ds.name}")
            if target is None or target.kind != "legend":
                self._lazy(
                    table, "legend", "Legend", "legend_toggle", F.LEGEND, ("graph", "legend")
                )
            for bucket in self._axes(table):
                if target is not None and target.kind == "axis" and target.key == bucket:
                    continue
                name = describe(table, Target("axis", key=bucket))
                base = ("graph", "axesOverrides", bucket)
                lines = partial(reference_lines, view, table, bucket, self.shown)
                self._lazy(table, bucket, name, "straighten", F.AXIS, base, lines)
            graph_controls = self.offered(table, F.GRAPH)
            self._lazy(table, "frame", "Frame, size and spacing", "crop_free", graph_controls, ())
            switches = self.offered(table, F.SWITCHES)
            self._lazy(table, "shown", "Shown elements", "visibility", switches, ())
        a11y.name_icon_buttons(panel)

    def _title(self, table: Any, which: str, label: str) -> None:
        """The text of a title, set as the newest value even when another tab set it since
        (this tab is then told what it replaced)."""
        seen = table.titles.get(which, {}).get("text") or ""
        field = ui.input(label, value=seen).classes("w-full").props("dense outlined")
        attrs.testid(field, f"title-{which}")
        self.shown.typed_field(field, seen)
        path = ("titles", which, "text")
        # the field shows the text it sets: a title typed here keeps the panel as it is
        self.shown.add(table, path, "title")
        shows = [seen]  # the text this tab last saw there (another tab's since is told)

        def changed() -> None:
            now = self.view.table()
            if now is None or now.id != table.id or same(field.value, current(now, path)):
                return
            self.shown.edit(path)
            if write_setting(
                self.view, table.id, path, label, shows[0], set_title, table.id, which, field.value
            ):
                shows[0] = current(self.view.table(), path) or ""
                self.shown.typed_set(field)
            else:  # refused: no edit follows from this field
                self.shown.editing = None

        field.on("change", changed)

    def _lazy(
        self,
        table: Any,
        key: str,
        title: str,
        icon: str,
        controls: tuple[F.Control, ...],
        base: tuple[F.PathPart, ...],
        more: Callable[[], None] | None = None,
    ) -> None:
        """A section whose controls are made when it is first opened (the panel is rebuilt
        after every edit: closed sections cost nothing); ``more`` builds what follows them."""
        section = attrs.testid(
            self.sections.expansion(key, title, icon=icon).classes("w-full"), f"section-{key}"
        )
        with section:
            holder = ui.column().classes("w-full gap-1")
        built = False

        def fill(opened: bool = True) -> None:
            nonlocal built
            if opened and not built:
                built = True
                with holder:
                    self._section(table, controls, base)
                    if more is not None:
                        more()
                a11y.name_icon_buttons(holder)

        if section.value:
            fill()
        section.on_value_change(lambda e: fill(bool(e.value)))

    def offered(self, table: Any, controls: tuple[F.Control, ...]) -> tuple[F.Control, ...]:
        """The controls that change what the table's graph type draws (its record says)."""
        variant = VARIANTS.get(table.graph.variant_id)
        return (
            controls if variant is None else F.offered(controls, variant, table.graph.plot.options)
        )

    def _axes(self, table: Any) -> tuple[str, ...]:
        first = "xCategorical" if table.format in CATEGORICAL else "xContinuous"
        return (first, "leftY", "rightY")

    def _section(
        self,
        table: Any,
        controls: tuple[F.Control, ...],
        base: tuple[F.PathPart, ...],
        *,
        elements: set[str] | None = None,
        hint: dict[str, Any] | None = None,
        index: int | None = None,
    ) -> None:
        shown = F.shown(controls, base, elements=elements, hint=hint, index=index)
        for control, path, widget in shown:
            Control(self.view, table, path, self.shown).build(control.label, widget)

    def _selected(self, table: Any, target: Target) -> None:
        """The section of what was clicked, open, above the others."""
        point = target.point is not None and target.kind == "dataSet"
        title = describe(table, target, point=point)
        with (
            ui.expansion(title, icon="ads_click", value=True)
            .classes("w-full plotdoc-selected")
            .props("data-testid=format-selected")
        ):
            with ui.row().classes("w-full justify-end"):
                ui.button("Done", on_click=lambda: self.pick(table.id, None)).props(
                    "flat dense size=sm no-caps data-testid=format-deselect"
                )
            if target.kind == "dataSet" and target.data_set is not None:
                name = table.data_sets[target.data_set].name
                base: tuple[F.PathPart, ...] = (
                    ("graph", "styleOverrides", "perPoint", name, str(target.point))
                    if point
                    else ("graph", "styleOverrides", "perDataSet", name)
                )
                if point:
                    ui.label("Settings for this point only; Done returns to the data set.").classes(
                        "plotdoc-status"
                    )
                self._section(table, F.DATA_SET_STYLE, base, elements=self.elements(table))
                if not point:
                    items = self.offered(table, F.DATA_SET_ITEMS)
                    self._section(table, items, (), index=target.data_set)
            elif target.kind == "allDataSets":
                base = ("graph", "styleOverrides", "global")
                self._section(table, F.DATA_SET_STYLE, base, elements=self.elements(table))
            elif target.kind == "axis" and isinstance(target.key, str):
                self._section(table, F.AXIS, ("graph", "axesOverrides", target.key))
                reference_lines(self.view, table, target.key, self.shown)
            elif target.kind == "title" and isinstance(target.key, str):
                self._section(table, F.TITLE, ("titles", target.key))
            elif target.kind == "legend":
                self._section(table, F.LEGEND, ("graph", "legend"))
            elif target.kind == "annotation" and isinstance(target.key, int):
                ann = table.annotations[target.key]
                controls = annotation_controls(ann)
                if ann.props.get("analysisId") is not None:  # its text is the analysis' label
                    controls = tuple(c for c in controls if c.path != "text")
                self._section(table, controls, ("annotations", target.key), hint={"type": ann.type})
                if ann.type == "shape":
                    shape_points(self.view, table, target.key, self.shown)
                if ann.type == "bracket":
                    bracket_ends(self.view, table, target.key)
                    bracket_label_controls(self.view, table, target.key, ann)
            elif target.kind == "element" and isinstance(target.key, str):
                self._section(
                    table,
                    F.DATA_SET_STYLE,
                    ("graph", "styleOverrides", "global"),
                    elements={target.key},
                )

    def _option(self, tid: str, path: tuple[str, ...], node: N.Node, value: Any) -> None:
        apply = self.view.apply
        key = path[-1]
        label = OPTION_LABELS.get(key) or label_of(key)
        node, nullable = unwrap(node)
        testid = "option-" + "-".join(path)
        if isinstance(node, N.Obj):
            with attrs.testid(
                ui.expansion(label, icon="settings")
                .classes("w-full plotdoc-nested")
                .props("dense"),
                testid,
            ):
                inner = value if isinstance(value, dict) else {}
                for sub, sub_node in node.props.items():
                    self._option(tid, (*path, sub), sub_node, inner.get(sub))
        elif isinstance(node, N.Enum):
            options = choices.select(
                {v: label_of(v) for v in node.values},
                value=value,
                label=label,
                on_change=lambda e: e.value != value and apply(set_plot_option, tid, path, e.value),
            ).classes("w-full")
            attrs.testid(options.props("dense outlined"), testid)
        elif isinstance(node, N.Bool):
            box = ui.checkbox(
                label,
                value=bool(value),
                on_change=lambda e: apply(set_plot_option, tid, path, e.value),
            )
            attrs.testid(box.props("dense"), testid)
        elif isinstance(node, N.Num):
            field = ui.input(
                label + (" (empty: auto)" if nullable else ""),
                value="" if value is None else str(value),
            ).classes("w-full")
            attrs.testid(field.props("dense outlined"), testid)

            def changed(_: Any, f: ui.input = field, num: N.Num = node) -> None:
                new = number_or_none(f.value) if nullable else auto_value(f.value)
                if isinstance(new, float) and num.integer and new.is_integer():
                    new = int(new)
                if new != value:
                    apply(set_plot_option, tid, path, new)

            field.on("change", changed)


__all__ = ["FormatPanel", "label_of"]
