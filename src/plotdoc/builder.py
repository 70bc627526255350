"""Build a project from Python: tables from lists, numpy arrays or pandas data frames.

Every call that changes a table is checked at once by the same pipeline that opens files, so
a wrong variant for the family, an unknown option or a row wider than the replicates is
refused at the call that made it, with the same codes, paths and messages as open::

    from plotdoc.builder import ProjectBuilder

    b = ProjectBuilder(title="Body weight")
    t = b.add_table("column", {"Control": [20.1, 21.3, 19.8], "Treated": [23.0, 24.1, 22.7]})
    t.graph("scatter-bar", mode="meanWithSem")
    t.analysis("ttest", id="weights")
    b.save("weights.plotdoc")

The builder holds a plain document (numpy arrays stay arrays until saved); :meth:`project`
opens it like a file, so what the builder makes is exactly what a reader gets. Its calls
refer to data sets as schema version 1 did (a bracket and a mapping by index, styles by name),
so the document it holds is of version 1 (:data:`BUILT_VERSION`); :meth:`ProjectBuilder.document`
gives it migrated to the current version.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
import orjson

from .contract.entries import ENTRIES, VALUES, is_summary
from .contract.families import FAMILIES
from .contract.site import FORMAT
from .contract.variants import VARIANTS, default_variant
from .contract.variants.from_summary import summary_plot
from .problems import PlotdocError, Problem, error

if TYPE_CHECKING:
    import pandas as pd

    from .importers._common import ImportResult
    from .model import Project, Table

CellInput = float | int | str | None


#: the schema version of the document the builder holds (its calls take indexes and names)
BUILT_VERSION = 1


def _problem(message: str, path: tuple[str | int, ...] = ()) -> PlotdocError:
    return PlotdocError([error("builder-invalid", path, message)])


def _rows(values: Any, family: str) -> Any:
    """Rows of cells from a 1-D sequence (one replicate) or a 2-D array (rows x replicates)."""
    if isinstance(values, np.ndarray):
        arr = values
    else:
        items = list(values)
        if any(isinstance(v, str) for v in items) or any(
            isinstance(v, (list, tuple)) and any(isinstance(c, str) for c in v) for v in items
        ):
            return [list(v) if isinstance(v, (list, tuple)) else [v] for v in items]
        if items and all(isinstance(v, (list, tuple)) for v in items):
            return [[None if c is None else float(c) for c in row] for row in items]
        arr = np.asarray([np.nan if v is None else v for v in items], dtype=np.float64)
    if arr.dtype == object:
        data = arr.tolist() if arr.ndim == 2 else [[v] for v in arr.tolist()]
        return [[None if (isinstance(c, float) and c != c) else c for c in row] for row in data]
    arr = np.asarray(arr, dtype=np.float64)
    if arr.ndim == 1:
        arr = arr[:, None]
    if arr.ndim != 2:
        raise _problem(
            f"expected values as a 1-D sequence or a 2-D array (rows x replicates); found {arr.ndim} dimensions"
        )
    if not np.isfinite(arr[~np.isnan(arr)]).all():
        raise _problem("expected finite numbers (NaN or None for missing); found an infinity")
    return arr


class TableBuilder:
    """One table of a :class:`ProjectBuilder`; its methods return the builder for chaining."""

    def __init__(self, owner: ProjectBuilder, doc: dict[str, Any]) -> None:
        self._owner = owner
        self._doc = doc

    @property
    def document(self) -> dict[str, Any]:
        """The table's document (a view: do not modify it directly)."""
        return self._doc

    def _change(self, key: str, value: Any) -> TableBuilder:
        old = self._doc.get(key, _ABSENT)
        self._doc[key] = value
        try:
            self._owner._check_table(self._doc)
        except PlotdocError:
            if old is _ABSENT:
                del self._doc[key]
            else:
                self._doc[key] = old
            raise
        return self

    def graph(
        self,
        variant_id: str | None = None,
        *,
        preset: str | None = None,
        style: Mapping[str, Any] | None = None,
        axes: Mapping[str, Any] | None = None,
        legend: Mapping[str, Any] | None = None,
        **options: Any,
    ) -> TableBuilder:
        """Choose the graph variant and its plot options (`mode=`, `center=`, `mapping=`...)."""
        family = self._doc["format"]
        if variant_id is None:
            variant_id = default_variant(
                family, int(self._doc.get("replicates", 1)), self._doc.get("entry", VALUES)
            )
        graph: dict[str, Any] = {"variantId": variant_id}
        variant = VARIANTS.get(variant_id)
        plot = summary_plot(family, self._doc.get("entry", VALUES))
        if not options and plot is not None and variant is not None and variant.family == family:
            options = dict(plot["options"])  # a table of SEMs draws SEMs unless told otherwise
        if options or family == "multipleVariables":
            if family == "multipleVariables" and variant is not None and "kind" not in options:
                options["kind"] = variant.own_defaults.get("kind")
            graph["plot"] = {"family": family, "options": dict(options)}
        if preset is not None:
            graph["activePresetId"] = preset
        if style is not None:
            graph["styleOverrides"] = dict(style)
        if axes is not None:
            graph["axesOverrides"] = dict(axes)
        if legend is not None:
            graph["legend"] = dict(legend)
        return self._change("graph", graph)

    def analysis(self, method: str, *, id: str | None = None, **params: Any) -> TableBuilder:
        """Add an analysis (`ttest`, `linearRegression`, ...) with its parameters."""
        entry: dict[str, Any] = {"method": method, "params": dict(params)}
        if id is not None:
            entry = {"id": id, **entry}
        return self._change("analyses", [*self._doc.get("analyses", []), entry])

    def annotate(self, type: str, **fields: Any) -> TableBuilder:
        """Add an annotation: `bracket`, `text` or `shape`, with the fields the format defines."""
        return self._change(
            "annotations", [*self._doc.get("annotations", []), {"type": type, **fields}]
        )

    def bracket(self, left: int, right: int, text: str = "", **fields: Any) -> TableBuilder:
        """A significance bracket between two plotted data sets (by index)."""
        return self.annotate(
            "bracket",
            left={"kind": "group", "groupIndex": left},
            right={"kind": "group", "groupIndex": right},
            text=text,
            **fields,
        )

    def brackets_from(
        self, analysis_id: str, *, only_significant: bool = False, label: str = "stars"
    ) -> TableBuilder:
        """Add a bracket over each pair of data sets the analysis ``analysis_id`` compared
        (only those with at least one star with ``only_significant``), each following it: it
        shows the pair's P as ``label`` says (``stars``, ``p`` or ``both``), computed from the
        data whenever the graph is drawn. They are stacked above the data, shorter spans
        lower. A bracket that follows an analysis needs schema version 2 (the builder's output)."""
        from .editing.brackets import add_pairwise_brackets

        project = self._owner.project()
        table = project.tables[self._owner._index(self._doc)]
        before = len(table.annotations)
        add_pairwise_brackets(project, table.id, analysis_id, only_significant, label)
        self._owner._following(self._doc).extend(
            {"type": a.type, "id": a.id, **a.props} for a in table.annotations[before:]
        )
        return self

    def titles(
        self, graph: str | None = None, x: str | None = None, y: str | None = None
    ) -> TableBuilder:
        titles = dict(self._doc.get("titles", {}))
        for key, text in (("graph", graph), ("x", x), ("y", y)):
            if text is not None:
                titles[key] = {**titles.get(key, {}), "text": text}
        return self._change("titles", titles)

    def usermeta(self, **values: Any) -> TableBuilder:
        return self._change("usermeta", {**self._doc.get("usermeta", {}), **values})

    def to_pandas(self, shape: Literal["wide", "long"] = "wide") -> pd.DataFrame:
        """The table as a pandas data frame, ``wide`` or ``long`` (see
        :func:`plotdoc.importers.pandas.table_to_dataframe`); the long frame goes back in
        with ``add_table(family, frame)``."""
        from .frames import table_to_dataframe

        return table_to_dataframe(_plain(self._doc), shape=shape)


_ABSENT = object()


def _plain(value: Any) -> Any:
    """The document with arrays as JSON lists (NaN as null)."""
    return orjson.loads(orjson.dumps(value, option=orjson.OPT_SERIALIZE_NUMPY))


class ProjectBuilder:
    """A project made in Python; see the module documentation."""

    def __init__(
        self,
        title: str = "",
        *,
        description: str | None = None,
        authors: Sequence[str] = (),
        **meta: Any,
    ) -> None:
        self._meta: dict[str, Any] = {"title": title, **meta}
        if description is not None:
            self._meta["description"] = description
        if authors:
            self._meta["authors"] = list(authors)
        self._tables: list[dict[str, Any]] = []
        self._usermeta: dict[str, Any] = {}
        #: the warnings of data frame imports (dates converted, names made unique...)
        self._warnings: list[Problem] = []
        #: brackets that follow an analysis (version 2 only), by table document, in the
        #: model's terms (anchors by data set index); added after the table's other annotations
        self._follow: dict[int, list[dict[str, Any]]] = {}

    # -- tables ---------------------------------------------------------------------

    def add_table(
        self,
        family: str,
        data: Mapping[str, Any] | pd.DataFrame | None = None,
        *,
        name: str | None = None,
        id: str | None = None,
        x: Iterable[float | None] | str | None = None,
        row_labels: Iterable[str] | None = None,
        replicates: int | None = None,
        graph: str | None = None,
        variable_types: Mapping[str, str] | None = None,
        value: str | None = None,
        group: str | None = None,
        row: str | None = None,
        subject: str | None = None,
        entry: str | None = None,
    ) -> TableBuilder:
        """Add a table of ``family`` with one data set per entry of ``data``.

        ``entry`` ``"meanSdN"`` or ``"meanSemN"`` makes a table of summary data (column,
        grouped and xy): each row of a data set is ``[mean, sd-or-sem, n]``, and a column
        table's data set is one such row (``{"Control": (10.2, 1.5, 6)}``).

        ``data`` maps data set names to values: a 1-D sequence (one value per row) or a 2-D
        array (rows x replicates); None or NaN is a missing cell. A pandas DataFrame is read
        as wide data (see :func:`plotdoc.importers.pandas.from_dataframe`), or as long (tidy)
        data when its columns are named by role: ``value=``, ``group=``, ``x=``, ``row=``,
        ``subject=`` (see :mod:`plotdoc.importers.tidy`); plotdoc's own long frame
        (``to_pandas(shape="long")``) is recognised by its columns and read back as it is.
        """
        if family not in FAMILIES:
            raise _problem(
                f"expected a table family ({', '.join(FAMILIES)}); found {family!r}", ("format",)
            )
        roles = {"value": value, "group": group, "row": row, "subject": subject}
        if isinstance(x, str):
            roles["x"] = x
        tidy = {k: v for k, v in roles.items() if v is not None}
        if entry is not None and entry not in ENTRIES:
            raise _problem(
                f"expected entry one of {', '.join(ENTRIES)}; found {entry!r}", ("entry",)
            )
        if tidy or (data is not None and not isinstance(data, Mapping)):
            if entry is not None and is_summary(entry):
                if tidy:
                    raise _problem(
                        "expected a wide data frame for a table of summary data (its columns "
                        "in threes: mean, SD or SEM, N); found column roles (value=, group=...)"
                    )
                return self._add_summary_frame(family, data, entry, name=name, id=id, graph=graph)
            if (x is not None and not isinstance(x, str)) or row_labels is not None:
                raise _problem(
                    "expected no x= values or row_labels= with a data frame: a wide frame gives "
                    "X or the row labels by its index, a long one names its columns (x='dose', "
                    "row='sex')"
                )
            return self._add_frame(
                family,
                data,
                tidy,
                name=name,
                id=id,
                graph=graph,
                replicates=replicates,
                variable_types=variable_types,
            )
        doc: dict[str, Any] = {"format": family}
        if id is not None:
            doc["id"] = id
        doc["name"] = name if name is not None else f"Table {len(self._tables) + 1}"
        if replicates is not None:
            doc["replicates"] = replicates
        if entry is not None:
            doc["entry"] = entry
        if x is not None:
            doc["x"] = [None if v is None or v != v else float(v) for v in x]
        if row_labels is not None:
            doc["rowLabels"] = [str(v) for v in row_labels]
        summary_column = family == "column" and is_summary(entry or VALUES)
        doc["dataSets"] = [
            {"name": str(k), "values": _summary_row(v) if summary_column else _rows(v, family)}
            for k, v in (data or {}).items()
        ]
        if variable_types is not None:
            doc["variableTypes"] = dict(variable_types)
        return self._add(doc, graph)

    def _add_frame(
        self,
        family: str,
        data: Any,
        tidy: dict[str, str],
        *,
        name: str | None,
        id: str | None,
        graph: str | None,
        replicates: int | None,
        variable_types: Mapping[str, str] | None,
    ) -> TableBuilder:
        """Add the table of a data frame, wide or long (see :func:`add_table`)."""
        from .importers.tidy import read_frame

        try:
            result = read_frame(data, family, tidy)
        except PlotdocError as exc:
            at = len(self._tables)
            raise PlotdocError([_reindex(p, at) for p in exc.problems], exc.omitted) from None
        doc = result.document["tables"][0]
        if replicates is not None:
            doc["replicates"] = replicates
        if variable_types is not None:
            doc["variableTypes"] = dict(variable_types)
        return self._add_imported(result, name=name, id=id, graph=graph)

    def _add_summary_frame(
        self,
        family: str,
        data: Any,
        entry: str,
        *,
        name: str | None,
        id: str | None,
        graph: str | None,
    ) -> TableBuilder:
        """Add a table of summary data from a wide frame whose columns come in threes."""
        from .importers.pandas import from_dataframe

        try:
            result = from_dataframe(data, family=family, entry=entry)
        except ValueError as exc:
            raise _problem(str(exc), ("entry",)) from None
        except PlotdocError as exc:
            at = len(self._tables)
            raise PlotdocError([_reindex(p, at) for p in exc.problems], exc.omitted) from None
        return self._add_imported(result, name=name, id=id, graph=graph)

    def _add_imported(
        self, result: ImportResult, *, name: str | None, id: str | None, graph: str | None
    ) -> TableBuilder:
        """Add the table of a data frame's import; its warnings are kept (see :meth:`project`)
        and given as Python warnings."""
        doc = result.document["tables"][0]
        doc.pop("graph", None)
        if id is not None:
            doc["id"] = id
        doc["name"] = (
            name if name is not None else doc.get("name", f"Table {len(self._tables) + 1}")
        )
        builder = self._add(doc, graph)
        index = len(self._tables) - 1
        for problem in result.problems:
            moved = _reindex(problem, index)
            self._warnings.append(moved)
            warnings.warn(str(moved), UserWarning, stacklevel=3)
        return builder

    def results_table(
        self, source: TableBuilder, analysis_id: str, *, name: str | None = None
    ) -> TableBuilder:
        """A results table filled on open from ``source``'s analysis ``analysis_id``."""
        src = source.document
        if "id" not in src:
            raise _problem(
                "expected the source table to have an explicit id (add_table(..., id=...))"
            )
        doc = {
            "format": "grouped",
            "name": name or f"Results of {analysis_id}",
            "derivedFrom": {"sourceTableId": src["id"], "analysisId": analysis_id},
        }
        return self._add(doc)

    def _add(self, doc: dict[str, Any], graph: str | None = None) -> TableBuilder:
        """Add a table document, checked (with its graph); a refused table is not added."""
        self._tables.append(doc)
        try:
            self._check_table(doc)
            builder = TableBuilder(self, doc)
            if graph is not None:
                builder.graph(graph)
        except PlotdocError:
            self._tables.remove(doc)
            raise
        return builder

    def usermeta(self, **values: Any) -> ProjectBuilder:
        self._usermeta.update(values)
        return self

    # -- checking and output -----------------------------------------------------------

    def document(self) -> dict[str, Any]:
        """The document as plain JSON values, in the current schema version."""
        from .migrations.v1_to_v2 import table_to_ids

        doc = _current(self._held())
        for table, held in zip(doc["tables"], self._tables, strict=True):
            follow = self._follow.get(id(held))
            if follow:
                extra: dict[str, Any] = {"annotations": _plain(follow)}
                names = [ds["name"] for ds in table.get("dataSets", [])]
                table_to_ids(extra, names, [ds["id"] for ds in table.get("dataSets", [])])
                table["annotations"] = [*table.get("annotations", []), *extra["annotations"]]
        return doc

    def _index(self, table: dict[str, Any]) -> int:
        return next(i for i, t in enumerate(self._tables) if t is table)

    def _following(self, table: dict[str, Any]) -> list[dict[str, Any]]:
        return self._follow.setdefault(id(table), [])

    def _held(self, tables: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """The document as the builder holds it (schema version :data:`BUILT_VERSION`, each
        table with the `entry` it was given, which only a later version holds: see
        :func:`_current` and :func:`_opened`)."""
        doc: dict[str, Any] = {"format": FORMAT, "schemaVersion": BUILT_VERSION, "meta": self._meta}
        if self._usermeta:
            doc["usermeta"] = self._usermeta
        doc["tables"] = self._tables if tables is None else tables
        out: dict[str, Any] = _plain(doc)
        return out

    def _check_table(self, table: dict[str, Any]) -> None:
        """Check one table, with the tables it refers to, as open would; raise on errors."""
        from .api import validate

        index = self._index(table)
        tables = [table]
        source_id = (table.get("derivedFrom") or {}).get("sourceTableId")
        if source_id is not None:
            tables += [t for t in self._tables if t is not table and t.get("id") == source_id]
        doc = {"format": FORMAT, "schemaVersion": BUILT_VERSION, "tables": tables}
        report = validate(_opened(doc))
        problems = [_reindex(p, index) for p in report.errors if p.path[:2] == ("tables", 0)]
        if not problems and report.errors:
            problems = [_reindex(p, index) for p in report.errors]
        if problems:
            raise PlotdocError(problems)
        self._check_ids()

    def _check_ids(self) -> None:
        seen: dict[str, int] = {}
        for i, t in enumerate(self._tables):
            tid = t.get("id")
            if tid is None:
                continue
            if tid in seen:
                raise PlotdocError(
                    [
                        error(
                            "duplicate-table-id",
                            ("tables", i, "id"),
                            f"expected a unique table id; {tid!r} is also the id of tables[{seen[tid]}]",
                        )
                    ]
                )
            seen[tid] = i

    def project(self) -> Project:
        """Open the built document as a file would be opened."""
        from .api import loads

        held = orjson.dumps(self.document()) if self._follow else _opened(self._held())
        project = loads(held)
        project.warnings = (*self._warnings, *project.warnings)
        return project

    def save(self, path: str | os.PathLike[str], *, compact: bool = False) -> Project:
        """Open, then save atomically to ``path`` (the writer's layout, or minified with
        ``compact``); returns the project."""
        from .writer import save_project

        project = self.project()
        save_project(project, path, compact=compact)
        return project


def _summary_row(values: Any) -> Any:
    """A column data set of summary data: one row ``[mean, sd-or-sem, n]`` (given flat, as
    ``(10.2, 1.5, 6)``, or as a list of rows)."""
    items = list(values) if not isinstance(values, np.ndarray) else values.tolist()
    if items and not isinstance(items[0], (list, tuple)):
        items = [items]
    return [[None if c is None or c != c else c for c in row] for row in items]


def _current(held: dict[str, Any]) -> dict[str, Any]:
    """The builder's document ``held`` in the current schema version: migrated from version
    1, then each table given back the `entry` version 1 cannot hold."""
    from .migrations import upgrade

    entries = [t.pop("entry", None) for t in held["tables"]]
    doc = upgrade(held)
    for table, entry in zip(doc["tables"], entries, strict=True):
        if entry is not None:
            table["entry"] = entry
    return doc


def _opened(held: dict[str, Any]) -> bytes:
    """The bytes open checks for ``held``: version 1 as the builder holds it, or the current
    version when a table has an `entry` (summary data), which version 1 cannot hold."""
    doc = _plain(held)
    if any("entry" in t for t in doc["tables"]):
        doc = _current(doc)
    return orjson.dumps(doc)


def _reindex(problem: Problem, index: int) -> Problem:
    path = problem.path
    if path[:1] == ("tables",) and len(path) > 1 and path[1] == 0:
        path = ("tables", index, *path[2:])
    return Problem(
        problem.code,
        problem.severity,
        path,
        problem.message,
        problem.offset,
        problem.line,
        problem.column,
    )


def table_to_pandas(table: Table, shape: Literal["wide", "long"] = "wide") -> pd.DataFrame:
    """An opened table as a pandas data frame (`wide` or `long`, see docs/authoring.md); the
    same as ``table.to_pandas(shape)``."""
    from .frames import model_table_to_dataframe

    return model_table_to_dataframe(table, shape)
