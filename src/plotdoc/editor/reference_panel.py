"""Reference lines in an axis section of the Format panel (``axesOverrides.<axis>.
referenceLines``): each line with its value, label, colour, thickness and style, a button that
removes it, and a form that adds one.

Adding and removing are the edits of :mod:`plotdoc.editing.reference_lines` (one step of undo
each, the 21st refused with the reason); a line's fields are ordinary Format controls. A label
is shown as a field's value, never as markup.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from nicegui import ui

from ..contract.limits import MAX_REFERENCE_LINES
from ..editing import add_reference_line, remove_reference_line
from ..editing.reference_lines import AXES
from . import a11y, attrs, choices
from . import format_spec as F
from .controls import Control, parse_number
from .fields import apply_style, current
from .widgets import Widget, node_at, widget_of
from .wording import label_of

if TYPE_CHECKING:
    from .shown import Shown
    from .view import View

_HEX6 = re.compile(r"^#[0-9a-fA-F]{6}$")
#: families whose graphs have no axis to draw a line across
NO_AXES = ("partsOfWhole",)


def offered(table: Any, bucket: str) -> bool:
    """Whether the axis section ``bucket`` of ``table``'s graph lists reference lines."""
    return bucket in AXES and table.graph is not None and table.format not in NO_AXES


def _base(bucket: str, i: int | str) -> tuple[F.PathPart, ...]:
    return ("graph", "axesOverrides", bucket, "referenceLines", i)


def _at(value: Any) -> str:
    return f"{value:g}" if isinstance(value, (int, float)) else str(value)


def reference_lines(view: View, table: Any, bucket: str, shown: Shown | None = None) -> None:
    """The lines of axis ``bucket`` and the form that adds one."""
    if not offered(table, bucket):
        return
    lines = current(table, ("graph", "axesOverrides", bucket, "referenceLines")) or []
    tid = table.id
    holder = ui.column().classes("w-full gap-1 plotdoc-reflines")
    with attrs.testid(holder, f"reflines-{bucket}"):
        ui.label("Reference lines").classes("text-subtitle2")
        if not lines:
            ui.label("None yet: a line across the plot at a value of this axis.").classes(
                "plotdoc-status"
            )
        for i, line in enumerate(lines):
            at = _at(line.get("value") if isinstance(line, dict) else None)
            box = ui.column().classes("w-full gap-1 plotdoc-refline")
            with attrs.testid(box, f"refline-{bucket}-{i}"):
                with ui.row().classes("w-full items-center no-wrap"):
                    ui.label(f"Line {i + 1} at {at}").classes("grow text-body2")
                    remove = ui.button(
                        icon="delete",
                        on_click=lambda i=i: apply_style(
                            view, remove_reference_line, tid, bucket, i
                        ),
                    ).props("flat round dense size=sm")
                    attrs.testid(remove, f"refline-remove-{bucket}-{i}")
                    words = f"Remove reference line {i + 1} at {at}"
                    a11y.name(remove, words)
                    remove.tooltip(words)
                for control, path, widget in F.shown(F.REFERENCE_LINE, _base(bucket, i)):
                    Control(view, table, path, shown).build(control.label, widget)
        if len(lines) >= MAX_REFERENCE_LINES:
            ui.label(
                f"{MAX_REFERENCE_LINES} lines: the most an axis holds (remove one to add another)."
            ).classes("plotdoc-status")
        _add_form(view, tid, bucket)


def _add_form(view: View, tid: str, bucket: str) -> None:
    """Value, label, style, thickness and colour of a new line, and the button that adds it."""
    with ui.column().classes("w-full gap-1 plotdoc-refline-new"):
        with ui.row().classes("w-full items-start no-wrap gap-1"):
            value = ui.input("Value").classes("w-24").props("dense outlined")
            attrs.testid(value, f"refline-new-value-{bucket}")
            label = ui.input("Label (optional)").classes("grow").props("dense outlined")
            attrs.testid(label, f"refline-new-label-{bucket}")
        dash_node = node_at((*_base(bucket, 0), "dashStyle"))
        dash_widget = widget_of(dash_node) if dash_node is not None else None
        dashes = dash_widget.choices if dash_widget is not None else ("dashed",)
        with ui.row().classes("w-full items-start no-wrap gap-1"):
            dash = choices.select(
                {v: label_of(v) for v in dashes}, value="dashed", label="Line style"
            )
            attrs.testid(dash.classes("grow").props("dense outlined"), f"refline-new-dash-{bucket}")
            thickness = ui.input("Thickness", value="1").classes("w-20").props("dense outlined")
            attrs.testid(thickness, f"refline-new-thickness-{bucket}")
        colour = (
            ui.color_input("Colour", value="", placeholder="from the style", preview=True)
            .classes("w-full")
            .props("dense outlined stack-label")
        )
        attrs.testid(colour, f"refline-new-color-{bucket}")

        def add() -> None:
            line: dict[str, Any] = {
                "value": parse_number(value.value, Widget("number")),
                "dashStyle": dash.value or "dashed",
                "thickness": parse_number(thickness.value, Widget("number")),
            }
            if line["thickness"] is None:
                del line["thickness"]
            if label.value:
                line["label"] = label.value
            hex_value = str(colour.value or "").strip()
            if hex_value:
                line["color"] = {"hex": hex_value} if _HEX6.match(hex_value) else hex_value
            apply_style(view, add_reference_line, tid, bucket, line)

        button = ui.button("Add line", icon="add", on_click=add).props("flat dense no-caps")
        attrs.testid(button, f"refline-add-{bucket}")


__all__ = ["offered", "reference_lines"]
