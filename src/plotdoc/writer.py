"""Save: the complete resolved state, serialised and written atomically.

Every field is written with its value, defaults included; keys come in the schema's order,
so one project always gives the same bytes (apart from `modifiedAt`). A save writes a
temporary file in the target's folder, flushes and fsyncs it, then renames it over the
target: a failed save leaves the previous file as it was and no temporary file behind.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import tempfile
from pathlib import Path
from typing import Any

import numpy as np
import orjson

from . import __version__
from .contract import site
from .contract.families import FAMILIES
from .model import DataSet, Graph, Project, Table
from .problems import PlotdocError, error

GENERATOR = {"name": "plotdoc", "version": __version__, "url": site.SITE}


def now_timestamp() -> str:
    return dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def to_document(project: Project, *, now: str | None = None) -> dict[str, Any]:
    """The complete document of ``project`` (arrays stay numpy arrays for the serialiser)."""
    stamp = now or now_timestamp()
    return {
        "$schema": site.schema_url(site.CURRENT_VERSION),
        "format": site.FORMAT,
        "schemaVersion": site.CURRENT_VERSION,
        "generator": dict(GENERATOR),
        "createdAt": project.created_at or stamp,
        "modifiedAt": stamp,
        "meta": project.meta,
        "usermeta": project.usermeta,
        "view": project.view,
        "tables": [_table(t) for t in project.tables],
    }


def _table(table: Table) -> dict[str, Any]:
    family = FAMILIES[table.format]
    out: dict[str, Any] = {
        "id": table.id,
        "name": table.name,
        "format": table.format,
        "replicates": table.replicates,
    }
    if table.derived_from is None:
        if family.has_x:
            x = table.x if table.x is not None else np.full(table.n_rows, np.nan)
            out["x"] = x
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
    out["annotations"] = [{"type": a.type, "id": a.id, **a.props} for a in table.annotations]
    out["titles"] = table.titles
    out["usermeta"] = table.usermeta
    return out


def _data_set(ds: DataSet) -> dict[str, Any]:
    if ds.text is None or not ds.has_text():
        return {"name": ds.name, "values": ds.values}
    rows: list[list[Any]] = []
    for vrow, trow in zip(ds.values.tolist(), ds.text.tolist(), strict=True):
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


def dumps(project: Project, *, now: str | None = None, indent: bool = False) -> bytes:
    """Serialise ``project`` to UTF-8 JSON bytes (no BOM, a final newline)."""
    option = orjson.OPT_SERIALIZE_NUMPY | orjson.OPT_APPEND_NEWLINE
    if indent:
        option |= orjson.OPT_INDENT_2
    return orjson.dumps(to_document(project, now=now), option=option)


def save_project(project: Project, path: str | os.PathLike[str], *, indent: bool = False) -> None:
    """Write ``project`` to ``path`` atomically; `createdAt` is kept, `modifiedAt` rewritten."""
    stamp = now_timestamp()
    try:
        data = dumps(project, now=stamp, indent=indent)
    except orjson.JSONEncodeError as exc:  # usermeta set by code: a set, or nested too deep
        raise PlotdocError(
            [error("save-failed", (), f"could not serialise the project: {exc}")]
        ) from exc
    write_atomic(Path(path), data)
    if project.created_at is None:
        project.created_at = stamp
    project.modified_at = stamp


def write_atomic(target: Path, data: bytes) -> None:
    """Replace ``target`` with ``data`` or leave it untouched; raise PlotdocError on failure."""
    folder = target.parent if str(target.parent) else Path(".")
    tmp_name: str | None = None
    try:
        fd, tmp_name = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.chmod(tmp_name, os.stat(target).st_mode & 0o7777)
        except FileNotFoundError:
            os.chmod(tmp_name, 0o644)
        os.replace(tmp_name, target)
        tmp_name = None
        _fsync_dir(folder)
    except OSError as exc:
        raise PlotdocError(
            [error("save-failed", (), f"could not write {target}: {exc.strerror or exc}")]
        ) from exc
    finally:
        if tmp_name is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
