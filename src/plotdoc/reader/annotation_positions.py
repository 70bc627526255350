"""The positions of text and shape annotations given in data units (schema version 2).

A value on a log axis must be above 0: :func:`check_positions` warns at the value's path
(``annotation-off-log-axis``) when it is not, for the axes the file itself says are log (the X
and Y axes of xy and survival graphs, the value axis of graphs with categories). The drawing
checks every graph again against the axes it draws (:mod:`plotdoc.render.guides.annotations`)
and leaves such an annotation out with a warning.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..problems import Path, Problem, warning

#: families whose horizontal axis is ``xContinuous`` and vertical axis ``leftY``
_XY_FAMILIES = ("xy", "survival")
#: families drawn with a category axis and a value axis (``leftY``)
_CATEGORY_FAMILIES = ("column", "grouped", "contingency", "nested")


def log_axes(graph: dict[str, Any] | None, family: str) -> dict[str, str]:
    """The drawn axes (``x`` horizontal, ``y`` vertical) of ``graph`` (of a ``family`` table)
    that its file makes log, each with the ``axesOverrides`` key that does."""
    if not graph:
        return {}
    axes = graph.get("axesOverrides") or {}
    plot = graph.get("plot") or {}

    def is_log(key: str) -> bool:
        return (axes.get(key) or {}).get("scale", "linear") in ("log10", "log2")

    if family in _XY_FAMILIES:
        return {d: k for d, k in (("x", "xContinuous"), ("y", "leftY")) if is_log(k)}
    if family in _CATEGORY_FAMILIES and is_log("leftY"):
        settings = graph.get("graphSettingsOverride") or {}
        options = plot.get("options") or {}
        flipped = settings.get("direction") == "horizontal" or options.get("flipXY")
        return {"x" if flipped else "y": "leftY"}
    return {}


def check_positions(table: dict[str, Any], path: Path) -> Iterator[Problem]:
    """Warnings for the data-unit positions of ``table``'s annotations a log axis cannot show."""
    logs = log_axes(table.get("graph"), str(table.get("format")))
    if not logs:
        return
    for n, ann in enumerate(table.get("annotations") or []):
        if ann.get("coordinates") != "data":
            continue
        here = (*path, "annotations", n)
        if ann["type"] == "text":
            places: list[tuple[Path, dict[str, Any]]] = [(here, ann)]
        else:
            places = [((*here, "points", i), q) for i, q in enumerate(ann.get("points") or [])]
        for where, point in places:
            for axis, key in logs.items():
                value = point.get(axis)
                if isinstance(value, int | float) and value <= 0:
                    yield warning(
                        "annotation-off-log-axis",
                        (*where, axis),
                        f"expected a value above 0 (the {axis.upper()} axis is log: "
                        f"axesOverrides.{key}.scale); found {value:g}, which the axis cannot "
                        "show: the annotation is not drawn",
                    )
