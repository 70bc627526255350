"""Export a project's data tables to a GraphPad Prism XML file (``.pzfx``).

Every table becomes a Prism data table of the matching kind (see :mod:`._pzfx_tables`), in
project order, after the project's info sheet: ``meta.title`` is the ``Project`` constant,
``meta.description`` the notes and the first author the ``Experimenter`` (the info sheets a
Prism import kept in ``usermeta.pzfx.info`` are written back, brought up to date with
``meta``). The XML is built with :mod:`xml.etree.ElementTree`, which escapes every text.

What Prism keeps in the binary template of its own files (graphs and their styles,
analyses, annotations, graph titles) cannot be written: each such thing is listed as an
``export-not-written`` warning with its JSON path. Results tables (``derivedFrom``) are
exported as plain data tables holding the results computed now, with a warning that Prism
will not recompute them; one whose results cannot be computed is left out, with a warning.

Before anything is written the file is imported back with plotdoc's own Prism import and
opened; a file that would not import is never written. Writing is atomic
(:func:`plotdoc.atomic.write_atomic`).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path as FilePath
from typing import Any
from xml.etree.ElementTree import Comment, Element, SubElement, indent, tostring

from ..downwrite import written_ids
from ..migrations.v1_to_v2 import data_set_ids
from ..model import Project, Table
from ..problems import Path, PlotdocError, Problem, error, excerpt, warning
from ._pzfx_tables import TableWriter, xml_text

__all__ = ["export_pzfx", "to_pzfx"]

#: The creating program and version Prism's readers expect in ``<OriginalVersion>`` (those of
#: the files Prism 6 writes; the R and Python ``pzfx`` packages write the same).
PRISM_PROGRAM, PRISM_VERSION = "GraphPad Prism", "6.0f.254"
_DECLARATION = b'<?xml version="1.0" encoding="UTF-8"?>\n'
_CONSTANTS = (
    "Experiment Date",
    "Experiment ID",
    "Notebook ID",
    "Project",
    "Experimenter",
    "Protocol",
)


def export_pzfx(
    project: Project,
    path: str | os.PathLike[str],
    *,
    tables: Sequence[str] | None = None,
) -> list[Problem]:
    """Write ``project`` (or the tables whose ids are in ``tables``) to the Prism file ``path``.

    Returns the ``export-not-written`` warnings: what Prism files cannot hold, each with its
    JSON path. Raises :class:`PlotdocError` (``save-failed``) when the file cannot be written
    or would not import back, and nothing is written; :class:`ValueError` for an id in
    ``tables`` that names no table. An existing file at ``path`` is replaced.
    """
    from ..atomic import write_atomic

    data, problems = to_pzfx(project, tables=tables)
    write_atomic(FilePath(path), data)
    return problems


def to_pzfx(
    project: Project, *, tables: Sequence[str] | None = None
) -> tuple[bytes, list[Problem]]:
    """The bytes of the Prism file of ``project`` and the warnings, checked as
    :func:`export_pzfx` checks them (nothing is written)."""
    chosen = _choose(project, tables)
    problems: list[Problem] = []
    _project_warnings(project, problems)
    root = Element("GraphPadPrismFile", PrismXMLVersion="5.00")
    from ..version import __version__

    root.append(Comment(f" Written by plotdoc {__version__}: data tables only, no graphs "))
    _created(root, project)
    infos = _infos(project)
    seq = SubElement(root, "InfoSequence")
    for i in range(len(infos)):
        ref = SubElement(seq, "Ref", ID=f"Info{i}")
        if i == 0:
            ref.set("Selected", "1")
    for i, info in enumerate(infos):
        _info(root, i, info)
    elements: list[Element] = []
    active = project.view.get("activeTableId")
    selected = 0  # the project's active table is the one Prism opens on
    for index, table in chosen:
        el = _table(table, index, len(elements), problems)
        if el is not None:
            if table.id == active:
                selected = len(elements)
            elements.append(el)
    seq = SubElement(root, "TableSequence", Selected="1")
    for i in range(len(elements)):
        ref = SubElement(seq, "Ref", ID=f"Table{i}")
        if i == selected:
            ref.set("Selected", "1")
    root.extend(elements)
    indent(root, space="")
    # the declaration as Prism writes it (double quotes, UTF-8 in capitals)
    data = _DECLARATION + tostring(root, encoding="unicode").encode("utf-8") + b"\n"
    _check(data)
    return data, problems


def _choose(project: Project, ids: Sequence[str] | None) -> list[tuple[int, Table]]:
    if ids is None:
        return list(enumerate(project.tables))
    known = {t.id: i for i, t in enumerate(project.tables)}
    missing = [i for i in ids if i not in known]
    if missing:
        raise ValueError(
            f"no table has the id {missing[0]!r}; the ids are " + ", ".join(map(repr, known))
        )
    return [(known[i], project.tables[known[i]]) for i in dict.fromkeys(ids)]


def _not_written(problems: list[Problem], where: Path, message: str) -> None:
    problems.append(warning("export-not-written", where, message))


def _table(table: Table, index: int, position: int, problems: list[Problem]) -> Element | None:
    path: Path = ("tables", index)
    if table.derived_from is not None:
        try:
            table.data_sets  # noqa: B018 - computes the results
        except Exception as exc:  # a results table that cannot be computed is left out
            _not_written(
                problems,
                (*path, "derivedFrom"),
                f"results table {table.name!r} left out: its results could not be computed "
                f"({type(exc).__name__}: {exc})",
            )
            return None
        _not_written(
            problems,
            (*path, "derivedFrom"),
            f"results table {table.name!r} exported as a plain data table holding today's "
            "results; Prism will not recompute it when the source data change",
        )
    _table_warnings(table, path, problems)
    return TableWriter(table, path, problems).build(position)


def _table_warnings(table: Table, path: Path, problems: list[Problem]) -> None:
    template = "Prism keeps it in the binary template of its own files, which plotdoc cannot write"
    if table.graph is not None:
        _not_written(
            problems,
            (*path, "graph"),
            f"the graph ({table.graph.variant_id}, its styles, axes and legend) is not "
            f"exported: {template}; Prism draws its own default graph",
        )
    for a, analysis in enumerate(table.analyses):
        _not_written(
            problems,
            (*path, "analyses", a),
            f"the analysis {analysis.id!r} ({analysis.method}) is not exported: {template}",
        )
    if table.annotations:
        _not_written(
            problems,
            (*path, "annotations"),
            f"{len(table.annotations)} annotation(s) not exported: "
            + template.replace("keeps it", "keeps annotations"),
        )
    for key, title in table.titles.items():
        text = title.get("text") if isinstance(title, dict) else None
        if text and not (key == "x" and table.format in ("xy", "survival")):
            _not_written(
                problems,
                (*path, "titles", key),
                f"the {key} title {text!r} is part of the graph and is not exported",
            )
    if table.variable_types:
        _not_written(problems, (*path, "variableTypes"), "variable types are not exported")
    _ids_warnings(table, path, problems)
    if table.column_widths:
        _not_written(
            problems, (*path, "columnWidths"), "the data sheet's column widths are not exported"
        )
    if table.row_labels and table.format in ("xy", "column", "nested", "survival"):
        _not_written(
            problems,
            (*path, "rowLabels"),
            "row labels are written as Prism row titles; a Prism import keeps them in "
            "usermeta.pzfx.rowTitles, as this family has no row labels",
        )
    other = sorted(k for k in table.usermeta if k != "pzfx")
    if other:
        _not_written(
            problems,
            (*path, "usermeta"),
            "tool-specific data not exported: " + ", ".join(map(repr, other)),
        )


def _ids_warnings(table: Table, path: Path, problems: list[Problem]) -> None:
    """A data set id other than the one a Prism import makes from the column title is lost:
    a Prism column has no id."""
    if table.derived_from is not None:  # a results table's data sets are made at open
        return
    made = data_set_ids([ds.name for ds in table.data_sets])
    for d, (did, again) in enumerate(zip(written_ids(table), made, strict=True)):
        if did != again:
            _not_written(
                problems,
                (*path, "dataSets", d, "id"),
                f"the data set id {excerpt(did)} is not exported: a Prism column has no id, "
                f"and a Prism import gives this data set the id {excerpt(again)} (from its title)",
            )


def _project_warnings(project: Project, problems: list[Problem]) -> None:
    meta = project.meta
    for key in ("license", "source", "keywords"):
        if meta.get(key):
            _not_written(problems, ("meta", key), f"meta.{key} has no place in a Prism file")
    authors = meta.get("authors") or []
    if len(authors) > 1:
        _not_written(
            problems,
            ("meta", "authors"),
            "Prism's info sheet has one Experimenter: the first author is written",
        )
    other = sorted(k for k in project.usermeta if k != "pzfx")
    if other:
        _not_written(
            problems, ("usermeta",), "tool-specific data not exported: " + ", ".join(other)
        )


def _created(root: Element, project: Project) -> None:
    from ..writer import now_timestamp

    created = SubElement(root, "Created")
    pzfx = project.usermeta.get("pzfx")
    kept = pzfx.get("created") if isinstance(pzfx, dict) else None
    versions = kept if isinstance(kept, dict) else {}
    stamp = project.modified_at or project.created_at or now_timestamp()
    for key, tag in (
        ("originalVersion", "OriginalVersion"),
        ("mostRecentVersion", "MostRecentVersion"),
    ):
        # the versions of the Prism file this project was imported from, as they were
        attrs = versions.get(key)
        if isinstance(attrs, dict):
            el = SubElement(created, tag)
            for name in ("CreatedByProgram", "CreatedByVersion"):
                el.set(name, str(attrs.get(name, "")))
            el.set("Login", "")
            el.set("DateTime", str(attrs.get("DateTime", "")))
        elif key == "originalVersion":
            el = SubElement(created, tag, CreatedByProgram=PRISM_PROGRAM)
            el.set("CreatedByVersion", PRISM_VERSION)
            el.set("Login", "")
            el.set("DateTime", stamp)


def _infos(project: Project) -> list[dict[str, Any]]:
    """The info sheets to write: those a Prism import kept, the first brought up to date."""
    meta = project.meta
    pzfx = project.usermeta.get("pzfx")
    stored = pzfx.get("info") if isinstance(pzfx, dict) else None
    infos: list[dict[str, Any]] = []
    for item in stored if isinstance(stored, list) else ():
        if isinstance(item, dict):
            constants = item.get("constants")
            infos.append(
                {
                    "title": str(item.get("title") or "Project info"),
                    "notes": str(item.get("notes") or ""),
                    "constants": dict(constants) if isinstance(constants, dict) else {},
                }
            )
    if not infos:
        date = (project.created_at or "")[:10]
        infos.append(
            {"title": "Project info 1", "notes": "", "constants": {"Experiment Date": date}}
        )
    first = infos[0]
    first["notes"] = str(meta.get("description") or "")
    constants = dict.fromkeys(_CONSTANTS, "") | first["constants"]
    constants["Project"] = str(meta.get("title") or "")
    authors = meta.get("authors") or []
    constants["Experimenter"] = str(authors[0]) if authors else ""
    first["constants"] = constants
    return infos


def _info(root: Element, index: int, info: dict[str, Any]) -> None:
    el = SubElement(root, "Info", ID=f"Info{index}")
    SubElement(el, "Title").text = xml_text(info["title"])
    SubElement(el, "Notes").text = xml_text(info["notes"])
    for name, value in info["constants"].items():
        c = SubElement(el, "Constant")
        SubElement(c, "Name").text = xml_text(str(name))
        SubElement(c, "Value").text = "" if value is None else xml_text(str(value))


def _check(data: bytes) -> None:
    """Import ``data`` back as plotdoc's own Prism import does; refuse what it refuses."""
    import orjson

    from ..api import loads
    from ..importers.pzfx import read_pzfx

    try:
        result = read_pzfx(data)
        loads(orjson.dumps(result.document))
    except PlotdocError as exc:
        first = exc.problems[0] if exc.problems else None
        reason = f"{first.code}: {first.message}" if first else "refused"
        raise PlotdocError(
            [
                error(
                    "save-failed",
                    (),
                    "expected a Prism file that plotdoc's import reads back; the export "
                    f"would be refused ({reason}), so nothing was written",
                )
            ]
        ) from None
