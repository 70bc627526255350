"""What a click on the graph selects: a hit region's id (``symbol/ds0/p3``, ``axis/leftY``,
``annotation/text/2``...) read as a :class:`Target` (a data set or one of its points, an axis,
a title, the legend, an annotation, a reference line), and how the editor names it in words."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..model import Table


@dataclass(frozen=True)
class Target:
    """What a click selects: ``kind`` is dataSet, point, axis, title, legend or annotation."""

    kind: str
    data_set: int | None = None
    point: int | None = None
    #: axis bucket (``leftY``, ``xContinuous``, ``xCategorical``, ``rightY``), title key
    #: (graph, x, y), or the annotation's index
    key: str | int | None = None


_DS = re.compile(r"^[a-z]+(?:/[a-z]+)?/ds(\d+)(?:/(?:p|row)(\d+))?")
_SLICE = re.compile(r"^slice/row(\d+)")
_CELL = re.compile(r"^cell/r(\d+)/c(\d+)")
_ANN = re.compile(r"^(?:annotation/(?:text|shape)|bracket)/(\d+)")
#: a reference line of an axis, or its label (``reference/leftY/0/label``)
_REFERENCE = re.compile(r"^reference/(leftY|rightY|xContinuous)/\d+")
#: a heat map's axis labels (``label/row/r3``, ``label/column/c1``) or all of one axis'
_AXIS_LABEL = re.compile(r"^labels?/(row|column)(?:/[rc]\d+)?$")

#: families whose X axis holds categories (the value axis is Y unless turned horizontal)
CATEGORICAL = ("column", "grouped", "contingency", "nested", "partsOfWhole")


def horizontal(table: Table) -> bool:
    graph = table.graph
    if graph is None or table.format not in CATEGORICAL:
        return False
    return bool(
        graph.graph_settings.get("direction") == "horizontal" or graph.plot.options.get("flipXY")
    )


def axis_bucket(table: Table, axis_id: str) -> str:
    """The ``axesOverrides`` bucket of the axis drawn with id ``axis/x``, ``axis/y``..."""
    if axis_id.startswith("axis/y-right"):
        return "rightY"
    is_x = axis_id.startswith("axis/x")
    if table.format in CATEGORICAL:
        value_axis_is_x = horizontal(table)
        return "leftY" if is_x == value_axis_is_x else "xCategorical"
    graph = table.graph
    if graph is not None and graph.plot.options.get("kind") == "forest":
        return "xContinuous" if is_x else "xCategorical"
    return "xContinuous" if is_x else "leftY"


def target_of(table: Table, region_id: str) -> Target | None:
    """What a click on region ``region_id`` selects, None for a region that selects nothing."""
    rid = region_id.split("~", 1)[0]
    m = _ANN.match(rid)
    if m:
        return Target("annotation", key=int(m.group(1)))
    if rid.startswith("title/"):
        return Target("title", key=rid.split("/")[1])
    if rid.startswith("axis/"):
        return Target("axis", key=axis_bucket(table, rid))
    m = _REFERENCE.match(rid)
    if m:  # a reference line (or its label): the axis section that lists it
        return Target("axis", key=m.group(1))
    m = _AXIS_LABEL.match(rid)
    if m:  # data sets run along X unless the graph is flipped; rows along the other axis
        along_x = (m.group(1) == "column") != horizontal(table)
        return Target("axis", key=axis_bucket(table, "axis/x" if along_x else "axis/y"))
    if rid == "legend" or rid.startswith("legend/"):
        return Target("legend")
    if rid in ("heatmap", "colorbar"):
        return Target("element", key="heatCell" if rid == "heatmap" else "colorScaleBar")
    m = _SLICE.match(rid)
    if m and table.format == "partsOfWhole" and table.graph is not None:
        ds = int(table.graph.plot.options.get("dataSetIndex") or 0)
        if 0 <= ds < len(table.data_sets):
            return Target("dataSet", ds, int(m.group(1)))  # a part: its own colour
    if table.format == "multipleVariables" and rid.startswith(("symbol/p", "bubble/p")):
        return Target("allDataSets")  # the points of every variable share one style
    m = _CELL.match(rid)
    if m and int(m.group(2)) < len(table.data_sets):
        return Target("dataSet", int(m.group(2)), int(m.group(1)))
    m = _DS.match(rid)
    if m:
        ds = int(m.group(1))
        if ds >= len(table.data_sets):
            return None
        point = int(m.group(2)) if m.group(2) is not None else None
        return Target("dataSet", ds, point)
    return None


def describe(table: Table, target: Target, point: bool = False) -> str:
    """What a click selects, in words (shown on hover)."""
    if target.kind == "dataSet" and target.data_set is not None:
        name = table.data_sets[target.data_set].name
        if point and target.point is not None:
            return f"Point {target.point + 1} of {name}"
        return f"Data set {name}"
    if target.kind == "axis":
        return {
            "leftY": "Y axis",
            "rightY": "Right Y axis",
            "xContinuous": "X axis",
            "xCategorical": "X axis (categories)",
        }.get(str(target.key), "Axis")
    if target.kind == "title":
        return {"graph": "Graph title", "x": "X title", "y": "Y title"}.get(
            str(target.key), "Title"
        )
    if target.kind == "legend":
        return "Legend"
    if target.kind == "allDataSets":
        return "Every data set"
    if target.kind == "element":
        return {"heatCell": "Heat map cells", "colorScaleBar": "Colour scale"}.get(
            str(target.key), "Marks"
        )
    if target.kind == "annotation" and isinstance(target.key, int):
        anns = table.annotations
        if 0 <= target.key < len(anns):
            ann = anns[target.key]
            kind = ann.props.get("shape", "shape") if ann.type == "shape" else ann.type
            return f"Annotation: {kind}"
    return ""


def title_text(table: Table, target: Target) -> str | None:
    """A title's text as written (for editing it in place), None for anything else."""
    if target.kind != "title":
        return None
    entry = table.titles.get(str(target.key), {})
    return str(entry.get("text") or "")
