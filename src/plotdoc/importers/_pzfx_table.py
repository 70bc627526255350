"""One Prism ``<Table>`` (or ``<HugeTable>``) to one plotdoc table dict.

Rules beyond those of :mod:`._pzfx_formats`:

* Title -> ``name``; Y column titles -> data set names (empty titles become ``Data set A``...,
  repeated ones get `` (2)``...); row titles -> ``rowLabels`` in the families that have row
  labels (grouped, contingency, partsOfWhole, multipleVariables), else
  ``usermeta.pzfx.rowTitles``; the X column title -> ``titles.x.text``.
* Cells: empty -> null; ``3,5`` -> 3.5; ``90.`` -> 90; text only in multipleVariables
  tables, anywhere else it is an ``import-bad-number`` error. Shorter columns are padded
  with null; trailing empty rows are not stored.
* Excluded cells (``<d Excluded="1">``): with ``excluded="drop"`` (the default) the cell
  becomes null, with ``"keep"`` it keeps its value; either way an ``import-converted``
  warning is given per data set and ``usermeta.pzfx.excluded`` lists
  ``[dataSetIndex, row, replicate, value]`` so nothing is lost. Excluded X values follow
  the same option and are listed in ``usermeta.pzfx.xExcluded`` as ``[row, value]``.
* An X column with error values (``XFormat="error"``): X keeps the first subcolumn; the X
  errors become a data set ``<X title> (X error)``, added last and hidden in the graph
  (``graph.dataSetVisibility``, by data set id); ``usermeta.pzfx.xErrorDataSet`` is its index.
* Floating notes are kept as plain text in ``usermeta.pzfx.notes``.
* A table of summary data (mean with SD or SEM, and N; see :mod:`._pzfx_formats`) keeps its
  X errors in ``usermeta.pzfx.xError``: its data sets hold summaries only.
"""

from __future__ import annotations

from typing import Any, Literal
from xml.etree.ElementTree import Element

from ..contract import limits as L
from ..contract.entries import SUMMARY_REPLICATES, VALUES, spread_name
from ..contract.families import FAMILIES
from ..migrations.v1_to_v2 import data_set_ids
from ..problems import Problem, error, excerpt, warning
from . import _pzfx_formats as F
from ._common import (
    Cell,
    Row,
    clip,
    column_letter,
    default_graph,
    fit_usermeta,
    last_filled,
    parse_number,
    table_replicates,
    trim_rows,
    unique_names,
)
from ._pzfx_xml import cell_texts, child, children, local, text_of

Excluded = Literal["drop", "keep"]
_KNOWN = {"Title", "RowTitlesColumn", "XColumn", "XAdvancedColumn", "YColumn", "FloatingNote"}
_BULKY = (
    "notes",
    "excluded",
    "xExcluded",
    "xDates",
    "rowTitles",
    "xError",
    "columnTitles",
    "dataSets",
)


class _Column:
    """One future data set: a name, its subcolumns of (text, excluded), and its origin."""

    def __init__(
        self,
        name: str,
        subcolumns: list[list[tuple[str, bool]]],
        origin: Any,
        title: str | None = None,
    ) -> None:
        self.name = name
        self.subcolumns = subcolumns
        self.origin = origin
        #: the Prism column title, for a column that is one data set
        self.title = title


def _renamed_titles(
    columns: list[_Column],
    names: list[str],
    meta: dict[str, Any],
    path: tuple[str | int, ...],
    problems: list[Problem],
) -> None:
    """Keep the Prism titles that are no plotdoc names (empty, repeated) in
    ``usermeta.pzfx.columnTitles`` (data set index -> ``{"title", "name"}``), so the export
    gives them back, and say so for an empty one (a repeated one is said by
    :func:`unique_names`)."""
    kept: dict[str, dict[str, str]] = {}
    for d, (column, name) in enumerate(zip(columns, names, strict=True)):
        if column.title is None or column.title == name:
            continue
        kept[str(d)] = {"title": column.title, "name": name}
        if not column.title.strip():
            problems.append(
                warning(
                    "import-converted",
                    (*path, "dataSets", d, "name"),
                    f"Y column {d + 1} has no title; imported as {name!r} (a data set has a "
                    "name; the export to Prism writes the column untitled again)",
                )
            )
    if kept:
        meta["columnTitles"] = kept


def convert_table(
    el: Element, index: int, excluded: Excluded, problems: list[Problem]
) -> dict[str, Any] | None:
    """The plotdoc table of ``el`` (None, with a warning, for kinds that hold no data)."""
    path: tuple[str | int, ...] = ("tables", index)
    title = text_of(child(el, "Title"))
    table_type, ext_type = el.get("TableType", ""), el.get("ExtTableType", "")
    y_format, x_format = el.get("YFormat", ""), el.get("XFormat", "")
    row_titles = _first_subcolumn_texts(child(el, "RowTitlesColumn"))
    family = F.family_of(table_type, ext_type, y_format, any(row_titles))
    if family is None:
        problems.append(
            warning(
                "import-unsupported",
                (),
                f"table {title!r} of Prism type {table_type or '(none)'!r} is not imported",
            )
        )
        return None
    fam = FAMILIES[family]
    meta: dict[str, Any] = {"tableType": table_type}
    for key, value in (("extTableType", ext_type), ("xFormat", x_format), ("yFormat", y_format)):
        if value:
            meta[key] = value
    if el.get("ID"):
        meta["id"] = el.get("ID")
    table: dict[str, Any] = {"format": family}
    if title:
        table["name"] = clip(title)

    entry = F.entry_of(y_format, family)
    columns = _columns(el, family, y_format, meta, path, problems, entry)
    if entry is not None and family == "column" and _filled_rows(columns) > 1:
        # a column table of summaries holds one row per data set: rows make a grouped table
        family, fam = "grouped", FAMILIES["grouped"]
        table["format"] = family
        problems.append(
            warning(
                "import-converted",
                (*path, "format"),
                f"the Prism table holds {_filled_rows(columns)} rows of summaries without row "
                "titles; imported as a grouped table (a column table of summary data holds "
                "one row per data set)",
            )
        )
    x_values: list[float | None] = []
    x_col = child(el, "XColumn")
    if x_col is not None:
        x_values = _x_column(
            el, x_col, family, x_format, excluded, columns, meta, path, problems, entry
        )
    if not columns:
        columns.append(_Column("Data set A", [], None))
        problems.append(
            warning(
                "import-converted",
                (*path, "dataSets"),
                "the table has no Y columns; an empty data set was added",
            )
        )

    names = unique_names([c.name for c in columns], (*path, "dataSets"), problems)
    _renamed_titles(columns, names, meta, path, problems)
    widest = max(len(c.subcolumns) for c in columns)
    if F.roles_of(y_format) is None and family in ("xy", "grouped", "nested"):
        widest = max(widest, _int(el.get("Replicates")))
    replicates = SUMMARY_REPLICATES if entry else table_replicates(family, widest)
    data_sets = []
    excluded_cells: list[list[Any]] = []
    for d, (column, name) in enumerate(zip(columns, names, strict=True)):
        rows = _rows(column, d, family, excluded, excluded_cells, path, problems)
        data_sets.append({"name": name, "values": rows})
    if excluded_cells:
        meta["excluded"] = excluded_cells

    if fam.has_x and x_values[: last_filled(x_values)]:
        table["x"] = x_values[: last_filled(x_values)]
    labels = [clip(t) for t in row_titles[: last_filled(row_titles)]]
    if labels and fam.has_row_labels:
        table["rowLabels"] = labels
    elif labels:
        meta["rowTitles"] = labels
    table["replicates"] = replicates
    if entry:
        table["entry"] = entry
    table["dataSets"] = data_sets
    graph = default_graph(family, replicates, data_sets, entry or VALUES)
    hidden = summary_columns(meta)
    if "xErrorDataSet" in meta:
        hidden.append(int(meta["xErrorDataSet"]))
    if hidden:
        # summary data: the graph draws the means, never SD or N as if they were measured
        ids = data_set_ids([ds["name"] for ds in data_sets])
        graph["dataSetVisibility"] = {ids[k]: False for k in sorted(hidden)}
    table["graph"] = graph
    x_title = text_of(child(x_col, "Title")) if x_col is not None else ""
    if x_title and fam.has_x:
        table["titles"] = {"x": {"text": clip(x_title, 500)}}
    notes = [text_of(n) for n in children(el, "FloatingNote")]
    if any(notes):
        meta["notes"] = [n for n in notes if n]
    unknown = sorted({local(c) for c in el} - _KNOWN)
    if unknown:
        problems.append(
            warning(
                "import-unsupported",
                path,
                "not imported: " + ", ".join(f"<{u}>" for u in unknown),
            )
        )
    table["usermeta"] = fit_usermeta({"pzfx": meta}, _BULKY, path, problems)
    return table


def summary_columns(meta: dict[str, Any]) -> list[int]:
    """The data sets of a summary table that are not a mean (SD, SEM, CV, N, errors, limits)."""
    origins = meta.get("dataSets") or []
    return [k for k, o in enumerate(origins) if o is not None and o.get("role") != "mean"]


def _int(text: str | None) -> int:
    try:
        return int(text or "1")
    except ValueError:
        return 1


def _first_subcolumn_texts(column: Element | None) -> list[str]:
    if column is None:
        return []
    sub = child(column, "Subcolumn")
    return [] if sub is None else [t for t, _ in cell_texts(sub)]


def _columns(
    el: Element,
    family: str,
    y_format: str,
    meta: dict[str, Any],
    path: tuple[str | int, ...],
    problems: list[Problem],
    entry: str | None = None,
) -> list[_Column]:
    """The future data sets of the table's Y columns, by the Y format rules; with a summary
    ``entry``, each Y column is one data set of rows ``[mean, sd-or-sem, n]``."""
    if entry is not None:
        return _summary_columns(el, y_format, entry, path, problems)
    roles = F.roles_of(y_format)
    if roles is None and y_format not in F.REPLICATE_FORMATS:
        problems.append(
            warning(
                "import-unsupported",
                path,
                f"unknown Prism Y format {y_format!r}; its subcolumns are read as replicates",
            )
        )
    fixed_one = FAMILIES[family].replicate_rule == "fixed-1"
    out: list[_Column] = []
    for c, ycol in enumerate(children(el, "YColumn")):
        raw = text_of(child(ycol, "Title"))
        title = raw or f"Data set {column_letter(c)}"
        subs = [cell_texts(s) for s in children(ycol, "Subcolumn")]
        if roles is not None:
            for k, sub in enumerate(subs):
                role = roles[k] if k < len(roles) else f"subcolumn {k + 1}"
                out.append(_Column(f"{title} ({role})", [sub], {"column": title, "role": role}))
        elif fixed_one and len(subs) > 1:
            problems.append(
                warning(
                    "import-converted",
                    (*path, "dataSets"),
                    f"column {title!r} has {len(subs)} subcolumns but a {family} table holds "
                    "one value per row; each subcolumn became a data set",
                )
            )
            for k, sub in enumerate(subs):
                out.append(_Column(f"{title} #{k + 1}", [sub], None))
        else:
            out.append(_Column(title, subs, None, raw))
    if roles is not None:
        meta["dataSets"] = [c.origin for c in out]
        problems.append(
            warning(
                "import-converted",
                (*path, "dataSets"),
                f"Prism Y format {y_format!r} (summary data) imported as one data set per "
                f"subcolumn: {', '.join(roles)}; every value is kept, the graph draws the "
                "means only (the other data sets are hidden through its data-set visibility): "
                "plotdoc holds summary data as mean with SD or SEM and N only, so no error bar "
                "is drawn from them",
            )
        )
    return out


def _filled_rows(columns: list[_Column]) -> int:
    """The rows holding text in any subcolumn of ``columns``."""
    return max(
        (last_filled([t for t, _ in sub]) for c in columns for sub in c.subcolumns), default=0
    )


def _summary_columns(
    el: Element, y_format: str, entry: str, path: tuple[str | int, ...], problems: list[Problem]
) -> list[_Column]:
    """Each Y column as one data set of summary data: its subcolumns mean, SD or SEM, and N
    (an N Prism's format does not hold is missing, and a warning says so)."""
    out: list[_Column] = []
    for c, ycol in enumerate(children(el, "YColumn")):
        raw = text_of(child(ycol, "Title"))
        subs = [cell_texts(s) for s in children(ycol, "Subcolumn")]
        if len(subs) > SUMMARY_REPLICATES:
            problems.append(
                warning(
                    "import-converted",
                    (*path, "dataSets", c),
                    f"Y column {c + 1} has {len(subs)} subcolumns; a summary of mean, "
                    f"{spread_name(entry)} and N holds three (the others are not imported)",
                )
            )
        subs = (subs + [[] for _ in range(SUMMARY_REPLICATES)])[:SUMMARY_REPLICATES]
        out.append(_Column(raw or f"Data set {column_letter(c)}", subs, None, raw))
    if not y_format.endswith("N"):
        problems.append(
            warning(
                "import-converted",
                (*path, "dataSets"),
                f"Prism Y format {y_format!r} holds mean and {spread_name(entry)} without N: "
                "imported with N missing (error bars of the SD or SEM are drawn; a confidence "
                "interval, a conversion between SD and SEM, and a t test need N)",
            )
        )
    return out


def _cell(text: str, family: str, where: tuple[str | int, ...], problems: list[Problem]) -> Cell:
    if not text.strip():
        return None
    number = parse_number(text, "either")
    if number is not None:
        return number
    if family == "multipleVariables":
        return clip(text, L.TEXT_CELL_MAX)
    problems.append(error("import-bad-number", where, f"expected a number, found {excerpt(text)}"))
    return None


def _rows(
    column: _Column,
    d: int,
    family: str,
    excluded: Excluded,
    excluded_cells: list[list[Any]],
    path: tuple[str | int, ...],
    problems: list[Problem],
) -> list[Row]:
    n_rows = max((len(s) for s in column.subcolumns), default=0)
    rows: list[Row] = [[None] * len(column.subcolumns) for _ in range(n_rows)]
    count = 0
    for k, sub in enumerate(column.subcolumns):
        for r, (text, is_excluded) in enumerate(sub):
            where = (*path, "dataSets", d, "values", r, k)
            value = _cell(text, family, where, problems)
            if is_excluded and value is not None:
                excluded_cells.append([d, r, k, value])
                count += 1
                if excluded == "drop":
                    value = None
            rows[r][k] = value
    if count:
        action = "dropped (set to null)" if excluded == "drop" else "kept as ordinary values"
        problems.append(
            warning(
                "import-converted",
                (*path, "dataSets", d),
                f"{count} value(s) Prism marks as excluded were {action}; "
                "they are listed in usermeta.pzfx.excluded",
            )
        )
    return trim_rows(rows)


def _x_column(
    el: Element,
    x_col: Element,
    family: str,
    x_format: str,
    excluded: Excluded,
    columns: list[_Column],
    meta: dict[str, Any],
    path: tuple[str | int, ...],
    problems: list[Problem],
    entry: str | None = None,
) -> list[float | None]:
    """The X values (dates converted, X errors set aside); empty for families without X."""
    subs = [cell_texts(s) for s in children(x_col, "Subcolumn")]
    if not FAMILIES[family].has_x:
        problems.append(
            warning(
                "import-unsupported", path, f"a {family} table has no X; the X column is skipped"
            )
        )
        return []
    first = subs[0] if subs else []
    years: list[float | None] = []
    if x_format == "date":
        dates_col = _first_subcolumn_texts(child(el, "XAdvancedColumn")) or [t for t, _ in first]
        years = F.years_since_first([F.parse_date(t) for t in dates_col])
        meta["xDates"] = dates_col[: last_filled(dates_col)]
    x: list[float | None] = []
    x_excluded: list[list[Any]] = []
    for r, (text, is_excluded) in enumerate(first):
        value = parse_number(text, "either")
        if value is None and r < len(years):
            value = years[r]
        if value is None and text.strip():
            problems.append(
                error(
                    "import-bad-number",
                    (*path, "x", r),
                    f"expected a number, found {excerpt(text)}",
                )
            )
        if is_excluded and value is not None:
            x_excluded.append([r, value])
            if excluded == "drop":
                value = None
        x.append(value)
    if x_excluded:
        meta["xExcluded"] = x_excluded
        action = "dropped (set to null)" if excluded == "drop" else "kept as ordinary values"
        problems.append(
            warning(
                "import-converted",
                (*path, "x"),
                f"{len(x_excluded)} X value(s) Prism marks as excluded were {action}; "
                "they are listed in usermeta.pzfx.xExcluded as [row, value]",
            )
        )
    if x_format == "date" and len(years) > len(x):
        x.extend(years[len(x) :])
    if len(subs) > 1:
        x_title = text_of(child(x_col, "Title")) or "X"
        if family == "xy" and entry is None:  # a summary table's data sets are summaries
            meta["xErrorDataSet"] = len(columns)
            columns.append(_Column(f"{x_title} (X error)", [subs[1]], None))
        else:
            meta["xError"] = [parse_number(t, "either") for t, _ in subs[1]]
        kept = (
            f"the hidden data set {x_title + ' (X error)'!r}"
            if family == "xy" and entry is None
            else "usermeta.pzfx.xError"
        )
        problems.append(
            warning(
                "import-converted", (*path, "x"), f"the X column has error values; kept in {kept}"
            )
        )
    return x
