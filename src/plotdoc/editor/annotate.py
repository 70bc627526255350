"""Annotations made on the graph: placed where the user clicks or drags, moved by dragging,
removed; a bracket's text from a t test between the two groups it joins.

Places come as pixels of the picture on screen and are mapped to the annotation's own
coordinates with the drawing's frame (:class:`~plotdoc.editor.hits.ScreenFrame`): data units
for text and shapes (``coordinates: data``, so they stay on the data they were dropped on;
points from the plot area's lower-left corner on a graph without axes), a Y value for a
bracket's height.

A bracket whose text follows a t test has an id starting ``ttest-stars-`` or ``ttest-p-``
(the contract's annotation has no field for it; the id travels with the file): its text is
recomputed from the table's data whenever the graph is drawn.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from .. import editing
from ..contract.entries import is_summary
from ..editing.base import Edit, Outcome, find_table, first_free, refuse, structural
from ..model import Annotation, Project, Table
from ..pvalues import format_p, summary
from .hits import Box, ScreenFrame

TOOLS = ("text", "line", "arrow", "rectangle", "ellipse", "bracket")
#: how a bracket's text follows a t test: id prefix by choice
LINKS = {"stars": "ttest-stars-", "p": "ttest-p-"}


def _new_id(table: Table, prefix: str) -> str:
    return first_free({a.id for a in table.annotations}, prefix)


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


def placed(tool: str, box: Box, frame: ScreenFrame, anchors: Sequence[float]) -> dict[str, Any]:
    """The annotation ``tool`` makes from a drag over ``box`` (PNG pixels: start x, start y,
    end x, end y); ``anchors`` are the groups' centres (PNG x) for a bracket."""
    x0, y0, x1, y1 = box
    if tool != "bracket" and abs(x1 - x0) < 3 and abs(y1 - y0) < 3:  # a click: one inch right
        x1 = x0 + frame.dpi
        y1 = y0 - (0.0 if tool in ("line", "arrow") else frame.dpi / 2)
    if frame.axes_shown:
        unit = "data"
        a, b = frame.data(x0, y0), frame.data(x1, y1)
    else:
        unit = "points"
        a, b = frame.points(x0, y0), frame.points(x1, y1)
    if tool == "text":
        return {"type": "text", "coordinates": unit, "x": a[0], "y": a[1], "text": "Text"}
    if tool == "bracket":
        if len(anchors) < 2:
            raise ValueError("a bracket joins two groups; this graph has fewer than two")
        left = int(np.argmin([abs(x0 - c) for c in anchors]))
        right = int(np.argmin([abs(x1 - c) for c in anchors]))
        if left == right:
            raise ValueError("drag from one group to another to join them with a bracket")
        left, right = sorted((left, right))
        return {
            "type": "bracket",
            "left": {"kind": "group", "groupIndex": left},
            "right": {"kind": "group", "groupIndex": right},
            "text": "",
        }
    shape = tool if tool != "arrow" else "arrow"
    return {
        "type": "shape",
        "shape": shape,
        "coordinates": unit,
        "points": [{"x": a[0], "y": a[1]}, {"x": b[0], "y": b[1]}],
    }


def moved(ann: Annotation, frame: ScreenFrame, dx: float, dy: float) -> dict[str, Any]:
    """The text or shape annotation ``ann`` in data units, dragged by (dx, dy) PNG pixels:
    each position moves by the drag on screen and stays in data units (on a log axis too)."""
    out: dict[str, Any] = {"type": ann.type, "id": ann.id, **ann.props}

    def shift(q: dict[str, Any]) -> dict[str, Any]:
        px, py = frame.pixels(float(q["x"]), float(q["y"]))
        x, y = frame.data(px + dx, py + dy)
        return {**q, "x": x, "y": y}

    if ann.type == "text":
        out.update(shift(out))
    else:
        out["points"] = [shift(q) for q in out["points"]]
    return out


# -- brackets that follow a t test ---------------------------------------------------------


def link_of(annotation_id: str) -> str | None:
    for choice, prefix in LINKS.items():
        if annotation_id.startswith(prefix):
            return choice
    return None


def _shown(table: Table, group_index: int) -> int | None:
    """The index of the ``group_index``-th plotted data set (a column graph's group)."""
    graph = table.graph
    vis = graph.data_set_visibility if graph is not None else {}
    shown = [i for i in range(len(table.data_sets)) if vis.get(str(i), True)]
    return shown[group_index] if 0 <= group_index < len(shown) else None


def group_values(table: Table, group_index: int) -> np.ndarray[Any, Any] | None:
    """The values of the ``group_index``-th plotted data set (a column graph's group)."""
    d = _shown(table, group_index)
    if d is None:
        return None
    values = np.asarray(table.data_sets[d].values, dtype=float).ravel()
    kept: np.ndarray[Any, Any] = values[np.isfinite(values)]
    return kept


def group_summary(table: Table, group_index: int) -> list[float] | None:
    """The ``[mean, sd-or-sem, n]`` of the ``group_index``-th plotted data set of a table of
    summary data (its one row holding a mean); None when there is none."""
    d = _shown(table, group_index)
    if d is None:
        return None
    values = np.asarray(table.data_sets[d].values, dtype=float)
    filled = [r for r in range(values.shape[0]) if np.isfinite(values[r, 0])]
    if len(filled) != 1 or values.shape[1] < 3:
        return None
    return [float(v) for v in values[filled[0], :3]]


def ttest_text(table: Table, props: dict[str, Any], choice: str) -> str:
    """The text a bracket shows for the t test (Welch's) between the groups it joins."""
    from ..stats.ttest import ttest

    ends = [props.get("left", {}), props.get("right", {})]
    if not all(e.get("kind") == "group" for e in ends):
        return "n/a"
    if is_summary(table.entry):  # from each group's mean, SD or SEM, and N
        from ..stats.summary_data import ttest_from_summary

        sa, sb = (group_summary(table, int(e.get("groupIndex", 0))) for e in ends)
        if sa is None or sb is None:
            return "n/a"
        result = ttest_from_summary(*sa, *sb, entry=table.entry, variance="welch")
    else:
        a, b = (group_values(table, int(e.get("groupIndex", 0))) for e in ends)
        if a is None or b is None:
            return "n/a"
        result = ttest(a, b, design="unpaired", variance="welch")
    p = float(result.p)
    if not math.isfinite(p):
        return "n/a"
    return summary(p) if choice == "stars" else format_p(p, label=True)


def ttest_applies(table: Table) -> bool:
    """Whether a bracket's groups are data sets with their values (column and nested data)."""
    return table.format in ("column", "nested")


def refresh_linked(table: Table) -> bool:
    """Bring the text of brackets that follow a t test up to date with the data (done as part
    of the edit that changed the data: the text is derived, not typed). True when one changed."""
    changed = False
    for ann in table.annotations:
        choice = link_of(ann.id) if ann.type == "bracket" else None
        if choice is None or not ttest_applies(table):
            continue
        text = ttest_text(table, ann.props, choice)
        if ann.props.get("text") != text:
            ann.props["text"] = text
            changed = True
    return changed


@structural
def link_bracket(project: Project, /, table_id: str, annotation_id: str, choice: str) -> Outcome:
    """Make a bracket's text follow a t test (``stars`` or ``p``), or stop (``none``)."""
    index, table = find_table(project, table_id)
    pos = next((k for k, a in enumerate(table.annotations) if a.id == annotation_id), None)
    if pos is None or table.annotations[pos].type != "bracket":
        raise refuse(
            "edit-invalid",
            ("tables", index, "annotations"),
            f"expected the id of a bracket; found {annotation_id!r}",
        )
    ann = table.annotations[pos]
    new_id = ann.id if choice == "none" else _new_id(table, LINKS[choice])
    if choice == "none" and link_of(ann.id) is not None:
        new_id = _new_id(table, "bracket-")
    props = dict(ann.props)
    if choice != "none":
        props["text"] = ttest_text(table, props, choice)
    table.annotations[pos] = Annotation(new_id, ann.type, props)
    return Outcome("Bracket text from t test", index, None, table_id)
