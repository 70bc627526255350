"""Annotation edits: add one, remove one, move one (by its id).

Moving shifts an annotation by ``dx``, ``dy`` in its own units and/or puts it at another
place in the drawing order (``to``; later annotations are drawn on top):

* text: ``x``, ``y`` (points from the plot area's lower-left corner) shift by dx, dy;
* shape: every control point shifts by dx, dy (points);
* bracket: a free anchor's ``x`` (points) shifts by dx; a group anchor stays on its data set;
  ``y`` (Y data units) shifts by dy. A bracket with an automatic height (``y`` null) or with
  both ends on data sets cannot move that way, and the edit says so.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from ..contract import document as D
from ..model import Annotation, Project, Table
from ..problems import PathPart, found
from ..reader.resolve import resolve
from .base import Outcome, find_table, first_free, refuse, structural, whole


def _find(table: Table, index: int, annotation_id: object) -> tuple[int, Annotation]:
    for n, ann in enumerate(table.annotations):
        if ann.id == annotation_id:
            return n, ann
    raise refuse(
        "edit-invalid",
        ("tables", index, "annotations"),
        f"expected the id of an annotation of {table.name!r}; none has the id {found(annotation_id)}",
    )


def _new_id(table: Table) -> str:
    return first_free({a.id for a in table.annotations}, "annotation-", len(table.annotations) + 1)


@structural
def add_annotation(project: Project, /, table_id: str, annotation: Mapping[str, Any]) -> Outcome:
    """Add ``annotation`` (its JSON form: ``{"type": "text", "x": 10, "y": 20, "text": "n.s."}``)
    on top of the others; an omitted id is generated (the new id is the edit's ``item_id``).
    Omitted fields take their defaults, as open fills them."""
    index, table = find_table(project, table_id)
    path: tuple[PathPart, ...] = ("tables", index, "annotations", len(table.annotations))
    if not isinstance(annotation, Mapping) or not isinstance(annotation.get("type"), str):
        raise refuse(
            "edit-invalid",
            path,
            "expected an annotation object with a type (bracket, text or shape); found "
            + found(annotation if not isinstance(annotation, Mapping) else dict(annotation)),
        )
    doc = copy.deepcopy(dict(annotation))
    doc.setdefault("id", _new_id(table))
    full = resolve(D.DEFINITIONS["Annotation"], doc)
    aid = full.pop("id")
    kind = full.pop("type")
    table.annotations.append(Annotation(aid, kind, full))
    return Outcome(
        f"Add {kind}", index, None, table_id, item_id=aid if isinstance(aid, str) else None
    )


@structural
def remove_annotation(project: Project, /, table_id: str, annotation_id: str) -> Outcome:
    """Remove the annotation with ``annotation_id``."""
    index, table = find_table(project, table_id)
    n, ann = _find(table, index, annotation_id)
    del table.annotations[n]
    return Outcome(f"Remove {ann.type}", index, None, table_id)


def _number(value: object, what: str, path: tuple[PathPart, ...]) -> float:
    import math

    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise refuse(
            "edit-invalid", path, f"expected {what} (a finite number); found {found(value)}"
        )
    return float(value)


def _shift(ann: Annotation, dx: float, dy: float, path: tuple[PathPart, ...]) -> None:
    props = ann.props
    if ann.type == "text":
        props["x"] = props["x"] + dx
        props["y"] = props["y"] + dy
    elif ann.type == "shape":
        for point in props["points"]:
            point["x"] = point["x"] + dx
            point["y"] = point["y"] + dy
    elif ann.type == "bracket":
        if dx:
            free = [props[side] for side in ("left", "right") if props[side]["kind"] == "free"]
            if not free:
                raise refuse(
                    "edit-invalid",
                    (*path, "left"),
                    "expected a bracket with a free end to move sideways; both ends are on "
                    "data sets (change its groups instead)",
                )
            for anchor in free:
                anchor["x"] = anchor["x"] + dx
        if dy:
            if props.get("y") is None:
                raise refuse(
                    "edit-invalid",
                    (*path, "y"),
                    "expected a bracket with a set height to move up or down; its height is "
                    "automatic (set y first)",
                )
            props["y"] = props["y"] + dy


@structural
def move_annotation(
    project: Project,
    /,
    table_id: str,
    annotation_id: str,
    dx: float = 0.0,
    dy: float = 0.0,
    *,
    to: int | None = None,
) -> Outcome:
    """Shift an annotation by ``dx``, ``dy`` in its own units (points; a bracket's height in
    Y data units) and/or move it to position ``to`` of the drawing order (0 is drawn first)."""
    index, table = find_table(project, table_id)
    n, ann = _find(table, index, annotation_id)
    path: tuple[PathPart, ...] = ("tables", index, "annotations", n)
    dx = _number(dx, "dx", path)
    dy = _number(dy, "dy", path)
    if dx or dy:
        _shift(ann, dx, dy, path)
    if to is not None:
        to = whole(to, "a position in the drawing order", ("tables", index, "annotations"))
        if not 0 <= to < len(table.annotations):
            raise refuse(
                "edit-invalid",
                ("tables", index, "annotations"),
                f"expected a position 0 to {len(table.annotations) - 1}; found {to}",
            )
        table.annotations.insert(to, table.annotations.pop(n))
    return Outcome(f"Move {ann.type}", index, None, table_id)


__all__ = ["add_annotation", "move_annotation", "remove_annotation"]
