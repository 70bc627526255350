"""Annotations made on the graph: placed where the user clicks or drags, moved by dragging,
removed.

Places come as pixels of the picture on screen and are mapped to the annotation's own
coordinates with the drawing's frame (:class:`~plotdoc.editor.hits.ScreenFrame`): points from
the plot area's lower-left corner for text and shapes, a Y value for a bracket's height.

A bracket may follow an analysis (`analysisId`): the edits that link it, unlink it and add one
per compared pair are in :mod:`plotdoc.editing.brackets`, shared with the builder.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from .. import editing
from ..editing.base import Edit
from ..model import Project
from .hits import Box, ScreenFrame

TOOLS = ("text", "line", "arrow", "rectangle", "ellipse", "bracket")
#: what a new bracket shows (the toolbar's choice): typed text, or a label from an analysis
NEW_BRACKET = {"none": "Typed text", "stars": "Stars (analysis)", "p": "P (analysis)"}


def add(project: Project, table_id: str, annotation: dict[str, Any]) -> Edit:
    """Add ``annotation`` (a contract annotation object) to the table: one checked edit."""
    return editing.add_annotation(project, table_id, annotation)


def remove(project: Project, table_id: str, annotation_id: str) -> Edit:
    return editing.remove_annotation(project, table_id, annotation_id)


def rounded(v: float) -> float:
    """Four significant digits: what a drag can mean on screen."""
    if v == 0 or not math.isfinite(v):
        return 0.0
    digits = 3 - math.floor(math.log10(abs(v)))
    return round(v, max(0, digits))


def placed(tool: str, box: Box, frame: ScreenFrame, anchors: Mapping[int, float]) -> dict[str, Any]:
    """The annotation ``tool`` makes from a drag over ``box`` (PNG pixels: start x, start y,
    end x, end y); ``anchors`` are the plotted data sets' centres (PNG x) by data set index,
    for a bracket: it joins the data sets nearest the drag's two ends."""
    x0, y0, x1, y1 = box
    a, b = frame.points(x0, y0), frame.points(x1, y1)
    if tool == "text":
        return {"type": "text", "x": a[0], "y": a[1], "text": "Text"}
    if tool == "bracket":
        if len(anchors) < 2:
            raise ValueError("a bracket joins two groups; this graph has fewer than two")
        left = min(anchors, key=lambda d: abs(x0 - anchors[d]))
        right = min(anchors, key=lambda d: abs(x1 - anchors[d]))
        if left == right:
            raise ValueError("drag from one group to another to join them with a bracket")
        left, right = sorted((left, right), key=lambda d: anchors[d])
        return {
            "type": "bracket",
            "left": {"kind": "group", "groupIndex": left},
            "right": {"kind": "group", "groupIndex": right},
            "text": "",
        }
    if abs(x1 - x0) < 3 and abs(y1 - y0) < 3:  # a click: one inch to the upper right
        b = (a[0] + 72.0, a[1] + (0.0 if tool in ("line", "arrow") else 36.0))
    shape = tool if tool != "arrow" else "arrow"
    return {
        "type": "shape",
        "shape": shape,
        "points": [{"x": a[0], "y": a[1]}, {"x": b[0], "y": b[1]}],
    }
