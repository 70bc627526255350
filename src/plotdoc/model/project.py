"""Typed classes of the in-memory project.

Cells are numpy arrays: ``DataSet.values`` has shape (rows, replicates) with NaN for a
missing cell; ``DataSet.text`` (multipleVariables tables only) holds the text cells, None
elsewhere. Graph settings that are deep, optional patches (style overrides, axes, legend...)
are kept as the resolved JSON objects the contract defines, with every default filled.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
from numpy.typing import NDArray

from ..problems import Problem

if TYPE_CHECKING:
    import pandas as pd


@dataclass
class DataSet:
    name: str
    #: shape (rows, replicates); NaN = missing (or a text cell)
    values: NDArray[np.float64]
    #: multipleVariables only: object array of the same shape, a str where the cell is text
    text: NDArray[np.object_] | None = None
    #: what a file refers to the data set by (schema version 2); ``None`` until it is given
    #: one (read from a file, or generated from the name when the project is written)
    id: str | None = None

    @property
    def n_rows(self) -> int:
        return int(self.values.shape[0])

    def column(self, replicate: int = 0) -> NDArray[np.float64]:
        return self.values[:, replicate]

    def has_text(self) -> bool:
        return self.text is not None and any(t is not None for t in self.text.flat)


@dataclass
class PlotConfig:
    family: str
    #: the variant's defaults with the file's options merged over them
    options: dict[str, Any]


@dataclass
class Graph:
    variant_id: str
    plot: PlotConfig
    active_preset_id: str = "modern"
    apply_preset_non_color: bool = True
    style_overrides: dict[str, Any] = field(default_factory=dict)
    graph_settings: dict[str, Any] = field(default_factory=dict)
    axes: dict[str, Any] = field(default_factory=dict)
    plot_geometry: dict[str, Any] = field(default_factory=dict)
    data_set_visibility: dict[str, bool] = field(default_factory=dict)
    element_activation: dict[str, Any] = field(default_factory=dict)
    legend: dict[str, Any] = field(default_factory=dict)
    parts_of_whole_borders: dict[str, Any] = field(default_factory=dict)


#: The graph's object-valued keys in a document, with the :class:`Graph` attribute of each.
GRAPH_OBJECT_ATTRS = {
    "styleOverrides": "style_overrides",
    "graphSettingsOverride": "graph_settings",
    "axesOverrides": "axes",
    "plotGeometry": "plot_geometry",
    "dataSetVisibility": "data_set_visibility",
    "elementActivation": "element_activation",
    "legend": "legend",
    "partsOfWholeBorders": "parts_of_whole_borders",
}

#: Every key of a graph in a document that is a :class:`Graph` attribute, with its name.
GRAPH_ATTRS = {
    "variantId": "variant_id",
    "activePresetId": "active_preset_id",
    "applyPresetNonColor": "apply_preset_non_color",
    **GRAPH_OBJECT_ATTRS,
}


@dataclass
class Analysis:
    id: str
    method: str
    #: the method's defaults with the file's params merged over them
    params: dict[str, Any]


@dataclass
class Annotation:
    id: str
    type: str
    #: every other field of the annotation, defaults filled
    props: dict[str, Any]


@dataclass(frozen=True)
class DerivedFrom:
    source_table_id: str
    analysis_id: str


@dataclass
class Table:
    id: str
    name: str
    format: str
    replicates: int
    data_sets: list[DataSet] = field(default_factory=list)
    #: xy and survival: one X per row, NaN = missing; None for other families
    x: NDArray[np.float64] | None = None
    row_labels: list[str] | None = None
    variable_types: dict[str, str] | None = None
    column_widths: dict[str, float] = field(default_factory=dict)
    derived_from: DerivedFrom | None = None
    graph: Graph | None = None
    analyses: list[Analysis] = field(default_factory=list)
    annotations: list[Annotation] = field(default_factory=list)
    titles: dict[str, Any] = field(default_factory=dict)
    usermeta: dict[str, Any] = field(default_factory=dict)
    #: how the values were entered (`table.entry`, schema version 2): ``values`` (raw
    #: replicate values), ``meanSdN`` or ``meanSemN`` (each row of a data set is
    #: ``[mean, sd-or-sem, n]``, with ``replicates`` 3)
    entry: str = "values"
    #: a results table (`derivedFrom`) whose content is computed on first read: called once,
    #: before ``data_sets`` or ``row_labels`` is first read, to fill them (setting either
    #: field gives the content and drops it)
    fill: Callable[[Table], None] | None = field(default=None, repr=False, compare=False)

    @property
    def n_rows(self) -> int:
        lengths = [ds.n_rows for ds in self.data_sets]
        if self.x is not None:
            lengths.append(int(self.x.shape[0]))
        if self.row_labels is not None:
            lengths.append(len(self.row_labels))
        return max(lengths, default=0)

    def data_set(self, name: str) -> DataSet:
        for ds in self.data_sets:
            if ds.name == name:
                return ds
        raise KeyError(name)

    def analysis(self, analysis_id: str) -> Analysis:
        for a in self.analyses:
            if a.id == analysis_id:
                return a
        raise KeyError(analysis_id)

    def to_pandas(self, shape: Literal["wide", "long"] = "wide") -> pd.DataFrame:
        """The table as a pandas data frame, ``wide`` or ``long`` (needs pandas; see
        docs/authoring.md); the long frame goes back in with ``add_table(family, frame)``."""
        from ..frames import model_table_to_dataframe

        return model_table_to_dataframe(self, shape)

    def __repr__(self) -> str:
        from .reprs import table_repr

        return table_repr(self)

    def _repr_svg_(self) -> str | None:
        """Jupyter shows the table's graph (drawn by plotdoc.notebook; the model draws nothing)."""
        from ..display_hooks import representations

        return representations("table", self).get("image/svg+xml")

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, str]:
        """Jupyter shows the table's graph, drawn once, with the warnings of the drawing listed
        under it when there are any (drawn by plotdoc.notebook)."""
        from ..display_hooks import representations

        return {"text/plain": repr(self), **representations("table", self)}


def _filled_on_read(name: str) -> property:
    """A field of a results table that its pending ``fill`` computes when first read."""
    slot = "_" + name

    def get(self: Table) -> Any:
        fill = self.__dict__.get("fill")
        if fill is not None:
            self.fill = None  # before the call: filling reads and writes the fields itself
            fill(self)
        return self.__dict__[slot]

    def put(self: Table, value: Any) -> None:
        self.__dict__[slot] = value
        self.__dict__["fill"] = None  # content given: nothing left to fill

    return property(get, put)


Table.data_sets = _filled_on_read("data_sets")  # type: ignore[assignment]
Table.row_labels = _filled_on_read("row_labels")  # type: ignore[assignment]


@dataclass
class Project:
    tables: list[Table] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=lambda: {"title": ""})
    usermeta: dict[str, Any] = field(default_factory=dict)
    view: dict[str, Any] = field(default_factory=lambda: {"workspaceView": "graph"})
    generator: dict[str, Any] | None = None
    created_at: str | None = None
    modified_at: str | None = None
    schema_url: str | None = None
    #: the warnings open reported (parts ignored or replaced by defaults), the first 1,000
    warnings: tuple[Problem, ...] = ()
    #: how many further warnings open found but did not list
    omitted_warnings: int = field(default=0, compare=False)
    #: the analyses' results, (table id, analysis id) -> plotdoc.analyses.AnalysisRun; open
    #: gives a plotdoc.analyses.results.Results mapping that computes each one when it is first read
    results: Mapping[tuple[str, str], Any] = field(default_factory=dict, compare=False, repr=False)

    def table(self, table_id: str) -> Table:
        for t in self.tables:
            if t.id == table_id:
                return t
        raise KeyError(table_id)

    def __repr__(self) -> str:
        from .reprs import project_repr

        return project_repr(self)

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, str]:
        """Jupyter shows the project's graphs, each under its table's name (drawn by
        plotdoc.notebook; the model draws nothing)."""
        from ..display_hooks import representations

        return {"text/plain": repr(self), **representations("project", self)}
