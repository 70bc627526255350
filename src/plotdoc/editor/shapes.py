"""Every annotation the contract has, from the editor: the toolbar's *More shapes* menu adds any
shape (line, arrow, double arrow, rectangle, ellipse, bracket, curve) or a text in the middle
of the plot, selected for its properties; the Annotation section of the Format panel sets a
shape's control points by number (a curve's and a bracket's third point included) and where
each end of a significance bracket stands (on a data set, or free at a distance from the
plot's left).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nicegui import ui

from ..contract.styles import ANNOTATION_SHAPES
from ..editing import add_annotation
from . import a11y, attrs, choices
from . import format_spec as F
from .controls import Control
from .fields import apply_style, set_value
from .targets import Target
from .widgets import Widget

if TYPE_CHECKING:
    from .shown import Shown
    from .view import View

#: each shape in words (the menu, the control points' names)
SHAPE_WORDS = {
    "line": "Line",
    "arrow": "Arrow",
    "doubleArrow": "Double arrow",
    "rectangle": "Rectangle",
    "ellipse": "Ellipse",
    "bracket": "Bracket (a shape)",
    "curve": "Curve",
}
#: what each control point of a shape is, by shape (two-point shapes: start and end)
POINT_WORDS = {
    "rectangle": ("Corner", "Opposite corner"),
    "ellipse": ("Corner of its box", "Opposite corner"),
    "curve": ("Start", "Control point", "End"),
    "bracket": ("One end", "Other end", "Bar at"),
}
#: the shapes drawn through a third control point
THREE_POINTS = ("curve", "bracket")
#: the shapes a fill colour fills (the others are lines: no fill is offered)
FILLED = ("rectangle", "ellipse")
#: where a new shape goes, as fractions of the plot's width and height
_PLACES: dict[str, tuple[tuple[float, float], ...]] = {
    "curve": ((0.25, 0.3), (0.45, 0.85), (0.7, 0.35)),
    "bracket": ((0.3, 0.75), (0.6, 0.75), (0.45, 0.82)),
}
_TWO = ((0.3, 0.4), (0.6, 0.7))


def annotation_controls(ann: Any) -> tuple[F.Control, ...]:
    """The Annotation section's controls for ``ann``: a fill only where the shape has one."""
    if ann.type == "shape" and ann.props.get("shape", "line") not in FILLED:
        return tuple(c for c in F.ANNOTATION if c.path != "fill")
    return F.ANNOTATION


def plot_size(panel: Any, table_id: str) -> tuple[float, float]:
    """The plot area's width and height in points, from the graph's last drawing."""
    shown = getattr(panel, "screens", {}).get(table_id)
    frame = getattr(shown, "frame", None)
    if frame is None:
        return 200.0, 150.0
    x0, y0, x1, y1 = frame.plot
    k = 72.0 / frame.dpi
    return max(20.0, (x1 - x0) * k), max(20.0, (y1 - y0) * k)


def new_annotation(kind: str, size: tuple[float, float]) -> dict[str, Any]:
    """A ``kind`` (a shape, or ``text``) in the middle of a plot of ``size`` points."""
    w, h = size
    if kind == "text":
        return {"type": "text", "x": round(0.4 * w, 1), "y": round(0.5 * h, 1), "text": "Text"}
    places = _PLACES.get(kind, _TWO)
    points = [{"x": round(fx * w, 1), "y": round(fy * h, 1)} for fx, fy in places]
    return {"type": "shape", "shape": kind, "points": points}


def more_shapes(view: View, panel: Any) -> None:
    """The toolbar's menu of every annotation the contract has."""

    def add(kind: str) -> None:
        table = view.table()
        if table is None or table.graph is None:
            return
        made = new_annotation(kind, plot_size(panel, table.id))
        if apply_style(view, add_annotation, table.id, made):
            fmt = getattr(view, "format", None)
            if fmt is not None:
                fmt.pick(table.id, Target("annotation", key=len(table.annotations) - 1))

    button = ui.button(icon="category").props("flat dense size=sm")
    a11y.name(attrs.testid(button, "more-shapes"), "More shapes")
    button.tooltip("More shapes: every shape, placed in the middle of the plot")
    with button, ui.menu():
        for kind in (*ANNOTATION_SHAPES, "text"):
            words = SHAPE_WORDS.get(kind, "Text")
            item = ui.menu_item(words, lambda k=kind: add(k))
            attrs.testid(item, f"more-shapes-{kind}")


def shape_points(view: View, table: Any, k: int, shown: Shown | None) -> None:
    """A shape's control points, by number (points from the plot's lower-left corner)."""
    ann = table.annotations[k]
    kind = str(ann.props.get("shape", "line"))
    points = ann.props.get("points") or []
    names = POINT_WORDS.get(kind, ("Start", "End"))
    number = Widget("number")
    for i, _ in enumerate(points[:3]):
        name = names[i] if i < len(names) else f"Point {i + 1}"
        for axis in ("x", "y"):
            path = ("annotations", k, "points", i, axis)
            Control(view, table, path, shown).build(f"{name}: {axis.upper()} (points)", number)
    if kind in THREE_POINTS and len(points) == 2:
        a, b = points[0], points[1]
        third = {"x": round((a["x"] + b["x"]) / 2, 1), "y": round(max(a["y"], b["y"]) + 20, 1)}
        # a curve's control point goes between its ends; a bracket's bar point after them
        value = [a, third, b] if kind == "curve" else [a, b, third]
        add = ui.button(
            f"Add the {names[2].lower()} point",
            icon="add",
            on_click=lambda: apply_style(
                view, set_value, table.id, ("annotations", k, "points"), value
            ),
        ).props("flat dense no-caps")
        attrs.testid(add, "shape-third-point")


def bracket_ends(view: View, table: Any, k: int) -> None:
    """Where each end of a significance bracket stands: on a plotted data set, or free."""
    ann = table.annotations[k]
    graph = table.graph
    plotted = [
        ds.name
        for i, ds in enumerate(table.data_sets)
        if graph is None or graph.data_set_visibility.get(str(i), True)
    ]
    for end, words in (("left", "Left end"), ("right", "Right end")):
        anchor = ann.props.get(end) or {}
        offered = {f"group:{n}": f"On {name}" for n, name in enumerate(plotted)}
        offered["free"] = "Free (at a distance from the plot's left)"
        value = f"group:{anchor.get('groupIndex')}" if anchor.get("kind") == "group" else "free"

        def chosen(e: Any, end: str = end, anchor: dict[str, Any] = anchor) -> None:
            picked = str(e.value)
            if picked.startswith("group:") and picked != f"group:{anchor.get('groupIndex')}":
                new: dict[str, Any] = {"kind": "group", "groupIndex": int(picked[6:])}
            elif picked == "free" and anchor.get("kind") != "free":
                new = {"kind": "free", "x": 36.0 if end == "left" else 108.0}
            else:
                return
            apply_style(view, set_value, table.id, ("annotations", k, end), new)

        select = choices.select(offered, value=value, label=words, on_change=chosen)
        attrs.testid(select.classes("w-full").props("dense outlined"), f"bracket-{end}")
        if anchor.get("kind") == "free":
            path = ("annotations", k, end, "x")
            Control(view, table, path).build(f"{words}: X (points)", Widget("number"))


__all__ = [
    "POINT_WORDS",
    "SHAPE_WORDS",
    "annotation_controls",
    "bracket_ends",
    "more_shapes",
    "new_annotation",
    "plot_size",
    "shape_points",
]
