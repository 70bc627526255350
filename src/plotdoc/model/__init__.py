"""The in-memory project: what open gives and save writes."""

from __future__ import annotations

from .project import (
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
    "Analysis",
    "Annotation",
    "DataSet",
    "DerivedFrom",
    "Graph",
    "PlotConfig",
    "Project",
    "Table",
]
