"""Reference lines of an axis (``graph.axesOverrides.<axis>.referenceLines``, schema version 2):
add one, change one of its fields, remove one.

Each is one checked edit with a label that says what it did (*Add reference line*); the line
is completed with its defaults (dashed, the style's colour, 1 pt) as open completes it. An axis
holds at most :data:`~plotdoc.contract.limits.MAX_REFERENCE_LINES` lines: the next one is
refused with the reason, and nothing changes.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from ..contract import document as D
from ..contract.limits import MAX_REFERENCE_LINES
from ..model import Project, Table
from ..problems import PathPart, found
from ..reader.resolve import resolve
from .base import Outcome, find_table, refuse, structural, whole

#: the axes that take reference lines, and their names in words
AXES = {"leftY": "the Y axis", "rightY": "the right Y axis", "xContinuous": "the X axis"}
#: what a line holds besides its value
FIELDS = ("value", "label", "color", "thickness", "dashStyle")


def _lines(
    project: Project, table_id: str, axis: str
) -> tuple[int, Table, list[Any], tuple[PathPart, ...]]:
    """The table's index, the table, the axis' list of lines (made when missing) and its path."""
    index, table = find_table(project, table_id)
    path: tuple[PathPart, ...] = ("tables", index, "graph", "axesOverrides", axis)
    if axis not in AXES:
        raise refuse(
            "edit-invalid",
            path,
            f"expected an axis that takes reference lines ({', '.join(AXES)}); found {found(axis)}",
        )
    if table.graph is None:
        raise refuse(
            "edit-invalid",
            ("tables", index),
            f"expected a table with a graph; {table.name!r} has none",
        )
    bucket = table.graph.axes.setdefault(axis, {})
    lines = bucket.get("referenceLines")
    if not isinstance(lines, list):
        lines = bucket["referenceLines"] = []
    return index, table, lines, (*path, "referenceLines")


def _line(lines: list[Any], n: object, path: tuple[PathPart, ...]) -> int:
    i = whole(n, "the index of a reference line", path)
    if not 0 <= i < len(lines):
        raise refuse(
            "edit-invalid",
            path,
            f"expected the index of a reference line, 0 to {len(lines) - 1}; found {i}"
            if lines
            else "expected a reference line; this axis has none (add one first)",
        )
    return i


def _complete(line: Any) -> Any:
    """``line`` with its defaults, as open reads it (anything but an object is left for the
    check to refuse with open's message)."""
    return resolve(D.DEFINITIONS["ReferenceLine"], line) if isinstance(line, dict) else line


@structural
def add_reference_line(
    project: Project, /, table_id: str, axis: str, line: Mapping[str, Any]
) -> Outcome:
    """Add ``line`` (``{"value": 1, "label": "control", "dashStyle": "dashed", ...}``) to
    ``axis`` (``leftY``, ``rightY`` or ``xContinuous``) of the table's graph."""
    index, _, lines, path = _lines(project, table_id, axis)
    if len(lines) >= MAX_REFERENCE_LINES:
        raise refuse(
            "too-many-items",
            path,
            f"expected at most {MAX_REFERENCE_LINES} reference lines on {AXES[axis]}; it has "
            f"{len(lines)} already (remove one to add another)",
        )
    doc = copy.deepcopy(dict(line)) if isinstance(line, Mapping) else line
    lines.append(_complete(doc))
    return Outcome("Add reference line", index, None, table_id)


@structural
def set_reference_line(
    project: Project, /, table_id: str, axis: str, n: int, key: str, value: Any
) -> Outcome:
    """Set field ``key`` (value, label, color, thickness, dashStyle) of line ``n`` of ``axis``;
    an empty label (or ``None``) removes it."""
    index, _, lines, path = _lines(project, table_id, axis)
    i = _line(lines, n, path)
    if key not in FIELDS:
        raise refuse(
            "edit-invalid",
            (*path, i),
            f"expected a field of a reference line ({', '.join(FIELDS)}); found {found(key)}",
        )
    line = dict(lines[i])
    if key == "label" and value in (None, ""):
        line.pop("label", None)
    else:
        line[key] = copy.deepcopy(value)
    lines[i] = _complete(line)
    return Outcome(f"Change reference line {i + 1}", index, None, table_id)


@structural
def remove_reference_line(project: Project, /, table_id: str, axis: str, n: int) -> Outcome:
    """Remove line ``n`` of ``axis``; the lines after it move up one."""
    index, _, lines, path = _lines(project, table_id, axis)
    i = _line(lines, n, path)
    del lines[i]
    return Outcome(f"Remove reference line {i + 1}", index, None, table_id)


__all__ = ["AXES", "FIELDS", "add_reference_line", "remove_reference_line", "set_reference_line"]
