"""The Format tab: titles, the family's plot options (nested ones too), the variables mapped
to a multiple-variables graph's roles, data sets and legend, axes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nicegui import ui

from ..contract import document as D
from ..contract import nodes as N
from ..contract.plots import MV_REQUIRED_ROLES, MV_ROLES, MV_USED_ROLES
from ..contract.styles import AXIS_SCALES, LEGEND_POSITIONS
from ..editing import set_axis, set_legend, set_plot_option, set_title, set_visibility

if TYPE_CHECKING:
    from .view import View

#: What each multiple-variables role means, shown next to its select.
ROLE_LABELS = {
    "x": "X",
    "y": "Y",
    "size": "Size",
    "color": "Colour",
    "shape": "Shape",
    "label": "Label",
    "lower": "Lower limit",
    "upper": "Upper limit",
}

#: Options edited elsewhere (the graph type's mode, the kind of a multiple-variables graph).
HANDLED_ELSEWHERE = ("mode", "kind", "mapping")


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


def label_of(key: str) -> str:
    """``showTruncatedViolin`` -> ``Show truncated violin``; ``p10_90`` -> ``p10 90``."""
    if not key:
        return key
    text = key[0].upper() + "".join(" " + c.lower() if c.isupper() else c for c in key[1:])
    return text.replace("_", " ").replace("-", " ")


def auto_value(value: Any) -> float | str:
    text = str(value).strip() if value is not None else ""
    if text == "" or text.lower() == "auto":
        return "auto"
    try:
        return float(text)
    except ValueError:
        return text  # refused by the check with open's message


def _number_or_none(text: Any) -> float | str | None:
    value = auto_value(text)
    return None if value == "auto" else value


def _unwrap(node: N.Node) -> tuple[N.Node, bool]:
    """A node and whether null is allowed (``nullable(x)`` is ``OneOf(x, Null)``)."""
    if isinstance(node, N.OneOf) and any(isinstance(o, N.Null) for o in node.options):
        rest = [o for o in node.options if not isinstance(o, N.Null)]
        if len(rest) == 1:
            return rest[0], True
    return node, False


class FormatPanel:
    def __init__(self, view: View) -> None:
        self.view = view

    @ui.refreshable_method
    def render(self) -> None:
        view = self.view
        table = view.table()
        if table is None or table.graph is None:
            ui.label("This table has no graph.").classes("plotdoc-status")
            return
        graph = table.graph
        tid = table.id
        apply = view.apply
        with ui.column().classes("w-full gap-1 plotdoc-format"):
            if table.format == "multipleVariables":
                self._mapping(table)
            with ui.expansion("Titles", icon="title", value=True).classes("w-full"):
                for which, label in (("graph", "Graph title"), ("x", "X title"), ("y", "Y title")):
                    entry = table.titles.get(which, {})
                    field = (
                        ui.input(label, value=entry.get("text", ""))
                        .classes("w-full")
                        .props(f"dense outlined data-testid=title-{which}")
                    )
                    field.on(
                        "change",
                        lambda e, w=which, f=field: (
                            f.value != table.titles.get(w, {}).get("text")
                            and apply(set_title, tid, w, f.value)
                        ),
                    )
            nodes = {
                k: n for k, n in option_nodes(table.format).items() if k not in HANDLED_ELSEWHERE
            }
            if nodes:
                with ui.expansion("Plot options", icon="tune", value=True).classes("w-full"):
                    for key, node in nodes.items():
                        self._option(tid, (key,), node, graph.plot.options.get(key))
            with ui.expansion("Data sets and legend", icon="legend_toggle").classes("w-full"):
                for i, ds in enumerate(table.data_sets):
                    shown = graph.data_set_visibility.get(str(i), True)
                    ui.checkbox(
                        ds.name,
                        value=shown,
                        on_change=lambda e, i=i: apply(set_visibility, tid, i, e.value),
                    ).props("dense")
                ui.checkbox(
                    "Show the legend",
                    value=bool(graph.legend.get("show", True)),
                    on_change=lambda e: apply(set_legend, tid, show=e.value),
                ).props("dense")
                ui.select(
                    {p: label_of(p) for p in LEGEND_POSITIONS},
                    value=graph.legend.get("position"),
                    label="Legend position",
                    on_change=lambda e: (
                        e.value != graph.legend.get("position")
                        and apply(set_legend, tid, position=e.value)
                    ),
                ).classes("w-full").props("dense outlined")
            with ui.expansion("Axes", icon="straighten").classes("w-full"):
                axes = (
                    (("xContinuous", "X"), ("leftY", "Y"))
                    if table.format in ("xy", "survival")
                    else (("leftY", "Y"),)
                )
                for axis, name in axes:
                    self._axis(tid, axis, name, graph.axes.get(axis, {}))

    def _axis(self, tid: str, axis: str, name: str, node: dict[str, Any]) -> None:
        apply = self.view.apply
        with ui.row().classes("w-full gap-2 items-center no-wrap"):
            ui.label(name).classes("w-4 text-weight-medium")
            lo = (
                ui.input("Min", value=str(node.get("rangeMin", "auto")))
                .classes("w-20")
                .props(f"dense outlined data-testid=axis-{axis}-min")
            )
            lo.on("change", lambda e: apply(set_axis, tid, axis, minimum=auto_value(lo.value)))
            hi = (
                ui.input("Max", value=str(node.get("rangeMax", "auto")))
                .classes("w-20")
                .props(f"dense outlined data-testid=axis-{axis}-max")
            )
            hi.on("change", lambda e: apply(set_axis, tid, axis, maximum=auto_value(hi.value)))
            ui.select(
                {s: label_of(s) for s in AXIS_SCALES},
                value=node.get("scale", "linear"),
                label="Scale",
                on_change=lambda e: (
                    e.value != node.get("scale") and apply(set_axis, tid, axis, scale=e.value)
                ),
            ).classes("grow").props(f"dense outlined data-testid=axis-{axis}-scale")

    def _mapping(self, table: Any) -> None:
        """Which variable is X, Y, colour, size, shape, label (per the graph's kind)."""
        graph = table.graph
        options = graph.plot.options
        kind = str(options.get("kind", "scatter"))
        mapping = options.get("mapping") or {}
        required = MV_REQUIRED_ROLES.get(kind, ("x",))
        used = MV_USED_ROLES.get(kind, MV_ROLES)
        names = {i: ds.name for i, ds in enumerate(table.data_sets)}
        apply = self.view.apply
        with (
            ui.expansion("Variables", icon="account_tree", value=True)
            .classes("w-full")
            .props("data-testid=mapping")
        ):
            ui.label(f"Which variable each part of the {kind} graph shows.").classes(
                "plotdoc-status"
            )
            for role in used:
                choices: dict[Any, str] = dict(names)
                if role not in required:
                    choices = {None: "(none)", **choices}
                value = mapping.get(role)
                ui.select(
                    choices,
                    value=value if value in choices else None,
                    label=ROLE_LABELS[role] + (" *" if role in required else ""),
                    on_change=lambda e, r=role, v=value: (
                        e.value != v and apply(set_plot_option, table.id, ("mapping", r), e.value)
                    ),
                ).classes("w-full").props(f"dense outlined data-testid=mapping-{role}")

    def _option(self, tid: str, path: tuple[str, ...], node: N.Node, value: Any) -> None:
        apply = self.view.apply
        key = path[-1]
        label = label_of(key)
        node, nullable = _unwrap(node)
        testid = "option-" + "-".join(path)
        if isinstance(node, N.Obj):
            with (
                ui.expansion(label, icon="settings")
                .classes("w-full plotdoc-nested")
                .props(f"dense data-testid={testid}")
            ):
                inner = value if isinstance(value, dict) else {}
                for sub, sub_node in node.props.items():
                    self._option(tid, (*path, sub), sub_node, inner.get(sub))
        elif isinstance(node, N.Enum):
            ui.select(
                {v: label_of(v) for v in node.values},
                value=value,
                label=label,
                on_change=lambda e: e.value != value and apply(set_plot_option, tid, path, e.value),
            ).classes("w-full").props(f"dense outlined data-testid={testid}")
        elif isinstance(node, N.Bool):
            ui.checkbox(
                label,
                value=bool(value),
                on_change=lambda e: apply(set_plot_option, tid, path, e.value),
            ).props(f"dense data-testid={testid}")
        elif isinstance(node, N.Num):
            field = ui.input(
                label + (" (empty: auto)" if nullable else ""),
                value="" if value is None else str(value),
            ).classes("w-full")
            field.props(f"dense outlined data-testid={testid}")

            def changed(_: Any, f: ui.input = field, num: N.Num = node) -> None:
                new = _number_or_none(f.value) if nullable else auto_value(f.value)
                if isinstance(new, float) and num.integer and new.is_integer():
                    new = int(new)
                if new != value:
                    apply(set_plot_option, tid, path, new)

            field.on("change", changed)
