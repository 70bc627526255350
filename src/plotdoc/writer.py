"""Save: the complete resolved state, checked, laid out for reading and written atomically.

Every field is written with its value, defaults included, in the canonical form of
:mod:`plotdoc.canonical` (keys in the schema's order, the keys naming data sets in the data
sets' order, no trailing rows that hold nothing), so one project always gives the same bytes (apart from `modifiedAt`), and
opening what save wrote and saving it again gives the same bytes. Before anything is
written the document is checked with open's own stages and codes (:mod:`plotdoc.save_check`):
a project that open would refuse, or that holds a number JSON cannot hold exactly, raises
:class:`PlotdocError` naming every problem, and nothing is written.

The default layout is indented, with one row of cells per line (see :func:`dumps`);
``compact=True`` gives the minified form. Writing goes through
:func:`plotdoc.atomic.write_atomic`: a temporary file beside the target, renamed over it.
"""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path
from typing import Any

import numpy as np
import orjson

from .atomic import write_atomic
from .canonical import ordered, ordered_table, stored_table
from .contract import site
from .contract.families import FAMILIES
from .contract.limits import MAX_FILE_BYTES
from .downwrite import as_version_1, unfit, with_ids
from .errors import PlotdocError, SaveError
from .gcpause import collector_paused
from .model import Annotation, DataSet, Graph, Project, Table
from .problems import error
from .save_check import CellColumn, cell_columns, check_document
from .save_memo import MAX_WRITTEN, MEMO, Entry, fingerprint, stand_in
from .version import __version__

__all__ = ["dumps", "now_timestamp", "save_project", "to_document", "write_atomic"]

GENERATOR = {"name": "plotdoc", "version": __version__, "url": site.SITE}


def now_timestamp() -> str:
    return dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def to_document(
    project: Project,
    *,
    now: str | None = None,
    keep_timestamps: bool = False,
    schema_version: int = site.CURRENT_VERSION,
) -> dict[str, Any]:
    """The complete document of ``project`` in the canonical form (arrays stay numpy arrays
    for the serialiser).

    ``keep_timestamps`` writes `createdAt` and `modifiedAt` as the project has them (a key it
    lacks stays absent), as a formatter must; otherwise they are stamped as a save does.
    ``schema_version`` 1 writes version 1's references; see :mod:`plotdoc.downwrite` for
    the check that the project fits in it.
    """
    doc = _head(project, now, keep_timestamps, schema_version)
    doc["tables"] = [ordered_table(_table(stored_table(t), schema_version)) for t in project.tables]
    return doc


def _head(
    project: Project, now: str | None, keep_timestamps: bool, schema_version: int
) -> dict[str, Any]:
    """The document of ``project`` in the canonical form, its tables apart (``tables`` is an
    empty list, in its place)."""
    if keep_timestamps:
        kept = {"createdAt": project.created_at, "modifiedAt": project.modified_at}
        stamps = {key: value for key, value in kept.items() if value is not None}
    else:
        stamp = now or now_timestamp()
        stamps = {"createdAt": project.created_at or stamp, "modifiedAt": stamp}
    doc = {
        "$schema": site.schema_url(schema_version),
        "format": site.FORMAT,
        "schemaVersion": schema_version,
        "generator": dict(GENERATOR),
        **stamps,
        "meta": project.meta,
        "usermeta": project.usermeta,
        "view": project.view,
        "tables": [],
    }
    out: dict[str, Any] = ordered(doc)
    return out


def _table(table: Table, version: int = site.CURRENT_VERSION) -> dict[str, Any]:
    family = FAMILIES.get(table.format)  # an unknown format is refused by the check
    out: dict[str, Any] = {
        "id": table.id,
        "name": table.name,
        "format": table.format,
        "replicates": table.replicates,
    }
    if version >= 2:
        out["entry"] = table.entry
    if table.derived_from is None:
        if family is not None and family.has_x:
            x = table.x if table.x is not None else np.full(table.n_rows, np.nan)
            out["x"] = x
        elif table.x is not None:
            out["x"] = table.x
        if table.row_labels is not None:
            out["rowLabels"] = table.row_labels
        out["dataSets"] = [_data_set(ds) for ds in table.data_sets]
        if table.variable_types is not None:
            out["variableTypes"] = table.variable_types
    out["columnWidths"] = table.column_widths
    if table.derived_from is not None:
        out["derivedFrom"] = {
            "sourceTableId": table.derived_from.source_table_id,
            "analysisId": table.derived_from.analysis_id,
        }
    if table.graph is not None:
        out["graph"] = _graph(table.graph)
    out["analyses"] = [{"id": a.id, "method": a.method, "params": a.params} for a in table.analyses]
    out["annotations"] = [_annotation(a) for a in table.annotations]
    out["titles"] = table.titles
    out["usermeta"] = table.usermeta
    if version >= 2:
        with_ids(out, table)
    else:
        as_version_1(out)
    return out


def _annotation(ann: Annotation) -> dict[str, Any]:
    """An annotation as written: a bracket that follows an analysis has no text (its label is
    computed from the analysis)."""
    props = ann.props
    if props.get("analysisId") is not None:
        props = {k: v for k, v in props.items() if k != "text"}
    return {"type": ann.type, "id": ann.id, **props}


def _data_set(ds: DataSet) -> dict[str, Any]:
    values: Any = ds.values
    text = ds.text
    if text is None or not isinstance(values, np.ndarray) or not ds.has_text():
        return {"name": ds.name, "values": values}
    if not isinstance(text, np.ndarray) or text.shape != values.shape:
        shape = getattr(text, "shape", type(text).__name__)
        raise SaveError(
            [
                error(
                    "not-json-value",
                    (),
                    f"expected the text cells of data set {ds.name!r} in an array of the shape "
                    f"of its values {values.shape}; found {shape}",
                )
            ]
        )
    rows: list[list[Any]] = []
    for vrow, trow in zip(values.tolist(), text.tolist(), strict=True):
        rows.append(
            [
                t if t is not None else (None if v != v else v)
                for v, t in zip(vrow, trow, strict=True)
            ]
        )
    return {"name": ds.name, "values": rows}


def _graph(graph: Graph) -> dict[str, Any]:
    return {
        "variantId": graph.variant_id,
        "plot": {"family": graph.plot.family, "options": graph.plot.options},
        "activePresetId": graph.active_preset_id,
        "applyPresetNonColor": graph.apply_preset_non_color,
        "styleOverrides": graph.style_overrides,
        "graphSettingsOverride": graph.graph_settings,
        "axesOverrides": graph.axes,
        "plotGeometry": graph.plot_geometry,
        "dataSetVisibility": graph.data_set_visibility,
        "elementActivation": graph.element_activation,
        "legend": graph.legend,
        "partsOfWholeBorders": graph.parts_of_whole_borders,
    }


#: The default layout indents by two spaces and writes each row of cells on one line; the
#: rows of a data set sit at this depth (tables[t].dataSets[d].values[r]).
_ROW_INDENT = b"\n" + b" " * 12
_CLOSE_INDENT = b"\n" + b" " * 10


def dumps(
    project: Project,
    *,
    now: str | None = None,
    compact: bool = False,
    keep_timestamps: bool = False,
    schema_version: int = site.CURRENT_VERSION,
) -> bytes:
    """Check ``project`` as open would, then serialise it to UTF-8 JSON bytes (no BOM, a
    final newline). Raises :class:`PlotdocError` naming every problem; nothing is returned.

    The default layout is meant for reading and for version control: indented by two spaces,
    one key per line, and each row of cells on one line (``[1.5,2.25,null]``), so a changed
    cell changes one line of a diff; the x column and row labels have one entry per line,
    aligned with the rows. ``compact=True`` gives the minified form (no whitespace), smaller
    by half for tables of one-cell rows. Both forms open to the same project, and the same
    project with the same ``now`` always gives the same bytes. A project whose indented form
    would pass open's 50 MB limit is written compact; one whose compact form passes it is
    refused (``file-too-large``). ``keep_timestamps`` writes the project's own timestamps,
    inventing none (what `plotdoc fmt` needs; see :func:`to_document`).

    ``schema_version`` 1 writes version 1 when the project fits in it (checked in the current
    version first); otherwise :class:`SaveError` lists, with paths, what version 1 cannot hold.
    """
    with collector_paused():
        return _dumps(project, now, compact, keep_timestamps, schema_version)


def _dumps(
    project: Project, now: str | None, compact: bool, keep_timestamps: bool, schema_version: int
) -> bytes:
    try:
        if schema_version == site.CURRENT_VERSION:
            data = _current(project, now, compact, keep_timestamps)
            if len(data) > MAX_FILE_BYTES and not compact:
                data = _current(project, now, True, keep_timestamps)
        else:
            data = _older(project, now, compact, keep_timestamps, schema_version)
    except PlotdocError as exc:
        raise _save_error(exc) from None
    if len(data) > MAX_FILE_BYTES:
        raise SaveError(
            [
                error(
                    "file-too-large",
                    (),
                    f"expected at most {MAX_FILE_BYTES:,} bytes (50 MB), what open accepts; "
                    f"the project needs {len(data):,} bytes even in the compact layout",
                )
            ]
        )
    return data


def _current(
    project: Project, now: str | None, compact: bool, keep_timestamps: bool, trust: bool = True
) -> bytes:
    """The project in the current version, each table written again from what the last save
    of it kept when it is unchanged since (:mod:`plotdoc.save_memo`). A table a save checked
    and kept in the other layout only, unchanged since, is built and written but not checked
    again; ``trust`` False checks it (see below)."""
    doc = _head(project, now, keep_timestamps, site.CURRENT_VERSION)
    results = any(t.derived_from is not None for t in project.tables)
    tables: list[Any] = doc["tables"]
    known: dict[int, int] = {}
    kept: dict[int, bytes] = {}  # by index: the bytes of a table written as they were
    # tables to keep once written, each with its entry when it is kept in the other layout
    fresh: list[tuple[int, Table, bytes, Entry | None]] = []
    # tables checked before and unchanged since, not yet written in this layout
    unwritten: list[tuple[int, Table, Entry]] = []
    for i, table in enumerate(project.tables):
        print_ = fingerprint(table)
        entry = None if print_ is None else MEMO.get(table, print_)
        if entry is not None and (trust or compact in entry.written):
            stand = stand_in(table, results)
            known[id(stand)] = entry.cells
            tables.append(stand)
            if compact in entry.written:
                kept[i] = entry.written[compact]
            else:
                unwritten.append((i, table, entry))
            continue
        tables.append(ordered_table(_table(stored_table(table))))
        if print_ is not None:
            fresh.append((i, table, print_, entry))
    checked = check_document(doc, known)
    _lay_out(checked.columns, compact)
    for i, table, entry in unwritten:
        built = ordered_table(_table(stored_table(table)))
        columns = cell_columns({"tables": [built]})
        if any(col.problems for col in columns):  # not as it was checked: never expected
            for _, stale, _ in unwritten:
                MEMO.discard(stale)
            return _current(project, now, compact, keep_timestamps, trust=False)
        _lay_out(columns, compact)
        kept[i] = written = _table_bytes(built, compact)
        if len(written) <= MAX_WRITTEN:
            entry.written[compact] = written
    for i, table, print_, entry in fresh:
        kept[i] = written = _table_bytes(tables[i], compact)
        if len(written) <= MAX_WRITTEN:
            entry = entry or Entry(print_, checked.cells[i])
            entry.written[compact] = written
            MEMO.put(table, entry)
    for i, written in kept.items():
        tables[i] = orjson.Fragment(written)
    return _encode(doc, compact)


def _older(
    project: Project, now: str | None, compact: bool, keep_timestamps: bool, schema_version: int
) -> bytes:
    """The project in an older version: checked in the current one, then in that one."""
    doc = to_document(project, now=now, keep_timestamps=keep_timestamps)
    check_document(doc)
    misfits = unfit(project, schema_version)
    if misfits:
        raise SaveError(misfits)
    doc = to_document(
        project, now=now, keep_timestamps=keep_timestamps, schema_version=schema_version
    )
    columns = check_document(doc).columns
    _lay_out(columns, compact)
    data = _encode(doc, compact)
    if len(data) > MAX_FILE_BYTES and not compact:
        _lay_out(columns, True)
        data = _encode(doc, True)
    return data


def _save_error(exc: PlotdocError) -> SaveError:
    """A refused or failed save as :class:`~plotdoc.SaveError`, whatever step found it."""
    return exc if isinstance(exc, SaveError) else SaveError(exc.problems, exc.omitted)


def _lay_out(columns: list[CellColumn], compact: bool) -> None:
    """Put each place of cells in the document in the layout's form."""
    for column in columns:
        column.holder[column.key] = _layout(column, compact)


#: A table alone, indented, sits where a document's tables do: after this, before the tail.
_INDENTED_HEAD = b'{\n  "tables": [\n    '
_INDENTED_TAIL = b"\n  ]\n}"


def _table_bytes(table: dict[str, Any], compact: bool) -> bytes:
    """The bytes of one table of the document, as the document's serialisation holds them."""
    if compact:
        return _encode(table, compact, final=False)
    alone = _encode({"tables": [table]}, compact, final=False)
    return alone[len(_INDENTED_HEAD) : -len(_INDENTED_TAIL)]


def _encode(doc: dict[str, Any], compact: bool, *, final: bool = True) -> bytes:
    option = orjson.OPT_SERIALIZE_NUMPY
    if final:
        option |= orjson.OPT_APPEND_NEWLINE
    if not compact:
        option |= orjson.OPT_INDENT_2
    try:
        return orjson.dumps(doc, option=option)
    except (TypeError, orjson.JSONEncodeError) as exc:  # pragma: no cover - checked above
        raise SaveError(
            [error("save-failed", (), f"could not serialise the project: {exc}")]
        ) from exc


def _layout(column: CellColumn, compact: bool) -> Any:
    if column.is_x:  # one entry per line in the indented layout, as orjson writes arrays
        return column.array if column.array is not None else column.rows
    if column.array is not None:
        raw = orjson.dumps(column.array, option=orjson.OPT_SERIALIZE_NUMPY)
        if compact or not column.array.shape[0]:
            return orjson.Fragment(raw)
        body = memoryview(raw.replace(b"],[", b"]," + _ROW_INDENT + b"["))[1:-1]
        return orjson.Fragment(b"".join((b"[", _ROW_INDENT, body, _CLOSE_INDENT, b"]")))
    rows = column.rows
    if compact or not rows:
        return orjson.Fragment(orjson.dumps(rows))
    lines = (b"," + _ROW_INDENT).join(map(orjson.dumps, rows))
    return orjson.Fragment(b"[" + _ROW_INDENT + lines + _CLOSE_INDENT + b"]")


def save_project(
    project: Project,
    path: str | os.PathLike[str],
    *,
    compact: bool = False,
    schema_version: int = site.CURRENT_VERSION,
) -> None:
    """Check ``project``, then write it to ``path`` atomically in the layout of :func:`dumps`.

    `createdAt` is kept and `modifiedAt` rewritten. A project that open would refuse raises
    :class:`PlotdocError` naming every problem at its JSON path, and nothing is written; see
    :func:`plotdoc.atomic.write_atomic` for what happens on the file system.
    """
    stamp = now_timestamp()
    data = dumps(project, now=stamp, compact=compact, schema_version=schema_version)
    try:
        write_atomic(Path(path), data)
    except PlotdocError as exc:
        raise _save_error(exc) from None
    if project.created_at is None:
        project.created_at = stamp
    project.modified_at = stamp
