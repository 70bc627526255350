"""The in-memory project: what open gives and save writes."""

from __future__ import annotations

from .project import (
    GRAPH_ATTRS,
    GRAPH_OBJECT_ATTRS,
    Analysis,
    Annotation,
    DataSet,
    DerivedFrom,
    Graph,
    PlotConfig,
    Project,
    Table,
)

__all__ = [
    "GRAPH_ATTRS",
    "GRAPH_OBJECT_ATTRS",
    "Analysis",
    "Annotation",
    "DataSet",
    "DerivedFrom",
    "Graph",
    "PlotConfig",
    "Project",
    "Table",
]
