"""One plotdoc table to one Prism ``<Table>`` element (the layout Prism itself saves).

============================  ==============================================================
plotdoc family                Prism table
============================  ==============================================================
``xy``                        ``TableType="XY" XFormat="numbers" YFormat="replicates"``
``column``                    ``TableType="OneWay" XFormat="none"``
``grouped``                   ``TableType="TwoWay" YFormat="replicates"``, row titles
``nested``                    ``TableType="TwoWay" ExtTableType="Nested"``
``contingency``               ``TableType="Contingency"``, row titles
``survival``                  ``TableType="Survival" XFormat="numbers"``
``partsOfWhole``              ``TableType="PartsOfWhole" YFormat="replicates"``, row titles
``multipleVariables``         ``TableType="OneWay" ExtTableType="MultipleVariables"``
============================  ==============================================================

Each data set is one ``<YColumn>`` titled with its name, each replicate one ``<Subcolumn>``,
each cell one ``<d>``: empty for a missing cell, the number's shortest exact decimal form
(``repr``, so every digit of the double survives), or the text of a text cell. Row labels
are the ``<RowTitlesColumn>``; the X title is the ``<XColumn>``'s title.

A table of summary data (`entry`) is written as Prism's mean, SD (or SEM) and N format
(``YFormat="SDN"`` or ``"SEN"``; ``"SD"`` or ``"SE"`` when it came from one and still has no
N), each data set one Y column of three subcolumns.

What the Prism import kept in ``usermeta.pzfx`` is given back to Prism: summary Y formats
(mean/SD/N columns), an X error column, dates (``<XAdvancedColumn>``), values Prism marked
as excluded, row titles of tables without row labels and floating notes; anything stale
(it no longer matches the data) is ignored, so the data as it is now is what is written.
"""

from __future__ import annotations

import math
import re
from typing import Any
from xml.etree.ElementTree import Element, SubElement

import numpy as np

from ..contract.entries import N, is_summary
from ..contract.families import FAMILIES
from ..importers._pzfx_formats import ENTRY_FORMATS, ENTRY_Y_FORMATS, Y_ROLES
from ..model import Table
from ..problems import Path, Problem, warning

#: family -> (TableType, ExtTableType, XFormat, YFormat given as replicates)
KINDS: dict[str, tuple[str, str, str, bool]] = {
    "xy": ("XY", "", "numbers", True),
    "column": ("OneWay", "", "none", False),
    "grouped": ("TwoWay", "", "none", True),
    "nested": ("TwoWay", "Nested", "none", True),
    "contingency": ("Contingency", "", "none", False),
    "survival": ("Survival", "", "numbers", False),
    "partsOfWhole": ("PartsOfWhole", "", "none", True),
    "multipleVariables": ("OneWay", "MultipleVariables", "none", False),
}
#: Prism keeps tables with more subcolumns than this in a ``<HugeTable>``.
MAX_SUBCOLUMNS = 52
#: Characters XML 1.0 cannot hold (they are left out, with a warning).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def xml_text(value: str) -> str:
    """``value`` without the characters XML 1.0 cannot hold."""
    return _NOT_XML.sub("", value)


def number_text(value: float) -> str:
    """The shortest decimal text that reads back as exactly ``value`` (``2`` for 2.0)."""
    text = repr(float(value))
    return text[:-2] if text.endswith(".0") else text


def decimals(column: Element) -> str:
    """The decimals Prism shows for ``column``: enough for every digit written (at most 15)."""
    most = 0
    for d in column.iter("d"):
        text = d.text or ""
        if "e" in text or "E" in text:
            return "15"
        if "." in text:
            most = max(most, len(text) - text.index(".") - 1)
    return str(min(most, 15))


class TableWriter:
    """Builds the element of one table; ``problems`` collects what could not be kept."""

    def __init__(self, table: Table, path: Path, problems: list[Problem]) -> None:
        self.table = table
        self.path = path
        self.problems = problems
        pzfx = table.usermeta.get("pzfx")
        self.pzfx: dict[str, Any] = pzfx if isinstance(pzfx, dict) else {}

    # -- text -------------------------------------------------------------------------------

    def text(self, value: str, where: Path) -> str:
        """``value`` as XML can hold it and Prism's reader gives it back (a warning if not)."""
        clean = _NOT_XML.sub("", value)
        if clean != value:
            self.problems.append(
                warning(
                    "export-not-written",
                    where,
                    "control characters that XML cannot hold were left out of this text",
                )
            )
        if clean.strip() != clean:
            self.problems.append(
                warning(
                    "export-not-written",
                    where,
                    "leading or trailing spaces are not kept (Prism's cells drop them)",
                )
            )
        return clean

    def _d(
        self, sub: Element, value: float | str | None, where: Path, excluded: bool = False
    ) -> None:
        d = SubElement(sub, "d")
        if excluded:
            d.set("Excluded", "1")
        if value is None:
            return
        if isinstance(value, str):
            d.text = self.text(value, where)
        else:
            d.text = number_text(value)

    # -- the table --------------------------------------------------------------------------

    def build(self, index: int) -> Element:
        t = self.table
        table_type, ext_type, x_format, replicates_format = KINDS[t.format]
        summary = self._summary()
        x_error = self._x_error_index()
        dates = self._dates()
        kept_errors = self._kept_x_errors()
        if t.format in ("xy", "survival") and (x_error is not None or kept_errors is not None):
            x_format = "error"
        elif dates is not None:
            x_format = "date"
        y_format = summary[0] if summary else ("replicates" if replicates_format else "")
        entry_format = self._entry_format()
        if entry_format is not None:
            y_format, summary = entry_format, None
        if (summary or entry_format) and t.format == "column":
            table_type = "TwoWay"  # Prism saves a column table of summary data as TwoWay
        columns = self._columns(summary, x_error)
        if entry_format is not None and not entry_format.endswith("N"):
            columns = [(title, subs[:2]) for title, subs in columns]  # Prism's SD or SE: no N

        widest = max((len(subs) for _, subs in columns), default=1)
        el = Element("HugeTable" if widest > MAX_SUBCOLUMNS else "Table")
        el.set("ID", f"Table{index}")
        el.set("XFormat", x_format)
        if ext_type:
            el.set("ExtTableType", ext_type)
        if y_format:
            el.set("YFormat", y_format)
        if y_format == "replicates":
            el.set("Replicates", str(t.replicates))
        el.set("TableType", table_type)
        el.set("EVFormat", "AsteriskAfterNumber")
        SubElement(el, "Title").text = self.text(t.name, (*self.path, "name"))
        self._notes(el)
        self._row_titles(el)
        if FAMILIES[t.format].has_x:
            self._x_column(el, x_format, x_error, dates, kept_errors)
        for title, subs in columns:
            self._y_column(el, title, subs)
        return el

    def _row_titles(self, el: Element) -> None:
        labels = self.table.row_labels
        where: Path = (*self.path, "rowLabels")
        if not labels:
            stored = self.pzfx.get("rowTitles")
            labels = [str(s) for s in stored] if isinstance(stored, list) else None
            where = (*self.path, "usermeta", "pzfx", "rowTitles")
        if not labels:
            return
        col = SubElement(el, "RowTitlesColumn", Width="81")
        sub = SubElement(col, "Subcolumn")
        for r, label in enumerate(labels):
            self._d(sub, label or None, (*where, r))

    def _notes(self, el: Element) -> None:
        notes = self.pzfx.get("notes")
        if not isinstance(notes, list):
            return
        for k, note in enumerate(notes):
            n = SubElement(el, "FloatingNote", ID=f"Sticky{k}", Auto="0", Color="Yellow")
            n.set("Left", "100")
            n.set("Top", str(100 + 200 * k))
            n.set("Width", "400")
            n.set("Height", "150")
            font = SubElement(n, "Font", Color="#000000", Face="Arial")
            font.text = self.text(str(note), (*self.path, "usermeta", "pzfx", "notes", k))

    def _x_column(
        self,
        el: Element,
        x_format: str,
        x_error: int | None,
        dates: list[str] | None,
        kept_errors: list[float | None] | None = None,
    ) -> None:
        t = self.table
        x = t.x if t.x is not None else np.zeros(0)
        subcolumns = 2 if x_error is not None or kept_errors is not None else 1
        col = SubElement(el, "XColumn", Width="81", Subcolumns=str(subcolumns))
        title = t.titles.get("x", {}).get("text") if isinstance(t.titles.get("x"), dict) else None
        SubElement(col, "Title").text = self.text(title or "X", (*self.path, "titles", "x"))
        excluded = self._x_excluded()
        sub = SubElement(col, "Subcolumn")
        n_rows = t.n_rows if x_error is None else max(len(x), t.data_sets[x_error].n_rows)
        for r in range(max(len(x), len(dates or ()))):
            value = float(x[r]) if r < len(x) and not math.isnan(x[r]) else None
            kept = excluded.get(r)
            if kept is not None and (value is None or value == kept):
                self._d(sub, kept, (*self.path, "x", r), excluded=True)
            else:
                self._d(sub, value, (*self.path, "x", r))
        if x_error is not None:
            err = t.data_sets[x_error].values
            sub = SubElement(col, "Subcolumn")
            for r in range(n_rows):
                v = err[r, 0] if r < err.shape[0] else math.nan
                self._d(sub, None if math.isnan(v) else float(v), ())
        if kept_errors is not None and x_error is None:
            sub = SubElement(col, "Subcolumn")
            for r, error in enumerate(kept_errors):
                self._d(sub, error, (*self.path, "usermeta", "pzfx", "xError", r))
        col.set("Decimals", decimals(col))
        if dates is not None:
            adv = SubElement(el, "XAdvancedColumn", Version="1", Width="81", Decimals="0")
            adv.set("Subcolumns", "1")
            SubElement(adv, "Title").text = title or "X"
            sub = SubElement(adv, "Subcolumn")
            for r, text in enumerate(dates):
                self._d(sub, text or None, (*self.path, "usermeta", "pzfx", "xDates", r))

    def _y_column(self, el: Element, title: str, subs: list[list[tuple[Any, Path, bool]]]) -> None:
        col = SubElement(el, "YColumn", Width=str(81 * len(subs)))
        col.set("Subcolumns", str(len(subs)))
        SubElement(col, "Title").text = title
        for cells in subs:
            sub = SubElement(col, "Subcolumn")
            for value, where, excluded in cells:
                self._d(sub, value, where, excluded)
        col.set("Decimals", decimals(col))

    # -- data sets to Y columns -------------------------------------------------------------

    def _cells(self, d: int) -> list[list[tuple[Any, Path, bool]]]:
        """The subcolumns of data set ``d``: (value, path, excluded) per row."""
        ds = self.table.data_sets[d]
        excluded = self._excluded().get(d, {})
        width = (
            self.table.replicates if FAMILIES[self.table.format].replicate_rule != "fixed-1" else 1
        )
        width = max(width, ds.values.shape[1] if ds.values.ndim == 2 else 1)
        text = ds.text
        subs: list[list[tuple[Any, Path, bool]]] = []
        for k in range(width):
            cells: list[tuple[Any, Path, bool]] = []
            for r in range(ds.n_rows):
                where: Path = (*self.path, "dataSets", d, "values", r, k)
                value: Any = None
                if k < ds.values.shape[1]:
                    v = ds.values[r, k]
                    if not math.isnan(v):
                        value = float(v)
                    elif text is not None and text[r, k] is not None:
                        value = str(text[r, k])
                        self._numeric_text(value, where)
                kept = excluded.get((r, k))
                if kept is not None and (value is None or value == kept):
                    cells.append((kept, where, True))
                else:
                    cells.append((value, where, False))
            subs.append(cells)
        return subs

    def _numeric_text(self, value: str, where: Path) -> None:
        from ..importers._common import parse_number

        if parse_number(value, "either") is not None:
            self.problems.append(
                warning(
                    "export-not-written",
                    where,
                    f"the text cell {value!r} reads as a number; Prism (and plotdoc's import) "
                    "will take it as one",
                )
            )

    def _columns(
        self, summary: tuple[str, list[str]] | None, x_error: int | None
    ) -> list[tuple[str, list[list[tuple[Any, Path, bool]]]]]:
        t = self.table
        out: list[tuple[str, list[list[tuple[Any, Path, bool]]]]] = []
        d = 0
        titles = summary[1] if summary else []
        step = len(Y_ROLES[summary[0]]) if summary else 1
        for title in titles:
            subs = [self._cells(d + k)[0] for k in range(step)]
            out.append((self.text(title, (*self.path, "usermeta", "pzfx", "dataSets")), subs))
            d += step
        for i in range(d, len(t.data_sets)):
            if i == x_error:
                continue
            name = self.text(self._title(i), (*self.path, "dataSets", i, "name"))
            out.append((name, self._cells(i)))
        return out

    def _title(self, i: int) -> str:
        """The Y column title of data set ``i``: its name, or the Prism title the import kept
        for it (empty or repeated, no plotdoc name) while the name is still the one given
        then, with a warning."""
        name = self.table.data_sets[i].name
        kept = self.pzfx.get("columnTitles")
        entry = kept.get(str(i)) if isinstance(kept, dict) else None
        if not isinstance(entry, dict) or entry.get("name") != name:
            return name
        title = entry.get("title")
        if not isinstance(title, str):
            return name
        self.problems.append(
            warning(
                "export-not-written",
                (*self.path, "dataSets", i, "name"),
                f"the data set {name!r} is written with its Prism column title {title!r}, as it "
                "was imported (Prism titles may be empty or repeated); its plotdoc name is not "
                "written",
            )
        )
        return title

    # -- what the Prism import kept ---------------------------------------------------------

    def _summary(self) -> tuple[str, list[str]] | None:
        """(Y format, column titles) when the leading data sets are a Prism summary format's
        columns as the import named them, one data set per role, in order."""
        y_format = self.pzfx.get("yFormat")
        origins = self.pzfx.get("dataSets")
        if y_format not in Y_ROLES or not isinstance(origins, list) or not origins:
            return None
        roles = Y_ROLES[str(y_format)]
        if len(origins) % len(roles) or len(origins) > len(self.table.data_sets):
            return None
        titles: list[str] = []
        for start in range(0, len(origins), len(roles)):
            group = origins[start : start + len(roles)]
            if not all(isinstance(o, dict) for o in group):
                return None
            title = group[0].get("column")
            for k, (origin, role) in enumerate(zip(group, roles, strict=True)):
                ds = self.table.data_sets[start + k]
                if (
                    origin.get("column") != title
                    or origin.get("role") != role
                    or ds.name != f"{title} ({role})"
                    or ds.values.shape[1] != 1
                ):
                    return None
            titles.append(str(title))
        return str(y_format), titles

    def _kept_x_errors(self) -> list[float | None] | None:
        """The X errors the import kept in ``usermeta.pzfx.xError`` (a table of summary data
        holds no data set for them), while there is one per X value; None otherwise."""
        kept = self.pzfx.get("xError")
        x = self.table.x
        if not isinstance(kept, list) or x is None or len(kept) > max(len(x), 1):
            return None
        if not all(v is None or isinstance(v, (int, float)) for v in kept):
            return None
        return [None if v is None else float(v) for v in kept]

    def _entry_format(self) -> str | None:
        """The Prism Y format of a table of summary data: ``SDN`` or ``SEN``, or the ``SD``
        or ``SE`` it was imported from while every N is still missing; None for raw values."""
        t = self.table
        if not is_summary(t.entry):
            return None
        stored = self.pzfx.get("yFormat")
        no_n = all(
            not np.isfinite(ds.values[:, N]).any()
            for ds in t.data_sets
            if ds.values.ndim == 2 and ds.values.shape[1] > N
        )
        if isinstance(stored, str) and ENTRY_FORMATS.get(stored) == t.entry and no_n:
            return stored if not stored.endswith("N") else ENTRY_Y_FORMATS[t.entry]
        return ENTRY_Y_FORMATS[t.entry]

    def _x_error_index(self) -> int | None:
        index = self.pzfx.get("xErrorDataSet")
        if self.table.format != "xy" or not isinstance(index, int):
            return None
        if not 0 <= index < len(self.table.data_sets) or index != len(self.table.data_sets) - 1:
            return None
        ds = self.table.data_sets[index]
        return index if ds.name.endswith(" (X error)") and ds.values.shape[1] == 1 else None

    def _dates(self) -> list[str] | None:
        """The dates of the X column, when the X values are still the years since the first."""
        from ..importers._pzfx_formats import parse_date, years_since_first

        dates = self.pzfx.get("xDates")
        x = self.table.x
        if not isinstance(dates, list) or x is None or not all(isinstance(s, str) for s in dates):
            return None
        years = years_since_first([parse_date(s) for s in dates])
        for r, year in enumerate(years):
            value = float(x[r]) if r < len(x) else math.nan
            # Prism stores the years rounded to 14 decimals: compare to that precision
            if year is not None and not abs(value - year) <= 1e-9 * max(1.0, abs(year)):
                return None
        return [str(s) for s in dates]

    def _excluded(self) -> dict[int, dict[tuple[int, int], float]]:
        out: dict[int, dict[tuple[int, int], float]] = {}
        listed = self.pzfx.get("excluded")
        for item in listed if isinstance(listed, list) else ():
            if (
                isinstance(item, list)
                and len(item) == 4
                and all(isinstance(i, int) for i in item[:3])
                and isinstance(item[3], int | float)
                and not isinstance(item[3], bool)
            ):
                out.setdefault(item[0], {})[(item[1], item[2])] = float(item[3])
        return out

    def _x_excluded(self) -> dict[int, float]:
        listed = self.pzfx.get("xExcluded")
        out: dict[int, float] = {}
        for item in listed if isinstance(listed, list) else ():
            if (
                isinstance(item, list)
                and len(item) == 2
                and isinstance(item[0], int)
                and isinstance(item[1], int | float)
                and not isinstance(item[1], bool)
            ):
                out[item[0]] = float(item[1])
        return out
