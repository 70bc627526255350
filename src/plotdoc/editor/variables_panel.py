"""The Format panel's *Variables* section of a multiple-variables graph: which variable is X,
Y, size, colour, shape, label or the limits of an interval, as the graph's kind uses them (the
required ones are starred)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nicegui import ui

from ..contract.plots import MV_REQUIRED_ROLES, MV_ROLES, MV_USED_ROLES
from ..editing import set_plot_option
from . import attrs, choices

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


def variables(view: View, table: Any) -> None:
    """Which variable is X, Y, colour, size, shape, label (per the graph's kind)."""
    graph = table.graph
    options = graph.plot.options
    kind = str(options.get("kind", "scatter"))
    mapping = options.get("mapping") or {}
    required = MV_REQUIRED_ROLES.get(kind, ("x",))
    used = MV_USED_ROLES.get(kind, MV_ROLES)
    names = {i: ds.name for i, ds in enumerate(table.data_sets)}
    apply = view.apply
    with (
        ui.expansion("Variables", icon="account_tree", value=True)
        .classes("w-full")
        .props("data-testid=mapping")
    ):
        ui.label(f"Which variable each part of the {kind} graph shows.").classes("plotdoc-status")
        for role in used:
            offered: dict[Any, str] = dict(names)
            if role not in required:
                offered = {None: "(none)", **offered}
            value = mapping.get(role)
            picked = choices.select(
                offered,
                value=value,
                label=ROLE_LABELS[role] + (" *" if role in required else ""),
                on_change=lambda e, r=role, v=value: (
                    e.value != v and apply(set_plot_option, table.id, ("mapping", r), e.value)
                ),
            ).classes("w-full")
            attrs.testid(picked.props("dense outlined"), f"mapping-{role}")


__all__ = ["ROLE_LABELS", "variables"]
