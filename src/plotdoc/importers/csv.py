"""Import a CSV file as a one-table plotdoc document.

The header row names the data sets; the first column is X (``xy``, ``survival``) or the row
labels (``grouped``, ``contingency``, ``partsOfWhole``); replicate sub-columns follow the
naming rule of :mod:`._tabular` (adjacent ``Control_1``, ``Control_2``... -> data set
``Control`` with replicates). Blank cells are missing values (null). Numbers use ``decimal``
(``"."`` or ``","``); text cells are kept only in ``multipleVariables`` tables, anywhere else
a cell that is not a number is an ``import-bad-number`` error with the file's 1-based
``line`` and ``column`` and the path of the cell it was meant for. Every bad cell is
reported (the first 100 are listed, the rest counted); a number written with a decimal
comma (``1,5``) while ``decimal="."`` says to give the decimal comma.

**Missing values.** Blank cells and the spellings of :data:`MISSING` (``NA``, ``N/A``,
``n/a``, ``#N/A``, ``NaN``, ``-``, ``NULL``... as R, Excel and pandas write them) are missing
values; ``na`` adds more spellings.

**As spreadsheets write them.** A first line ``sep=;`` (Excel's) gives the delimiter. Blank
lines between rows are skipped (a warning names them; blank lines at the end say nothing).
A delimiter at the end of the lines (an empty column with no title and no values) is
ignored with a warning.

**Positions.** :attr:`CsvOrigin.locate` gives the line and column of the CSV a document path
came from, so problems found later (by the open of the document) are said at the CSV's
own line and column.

**Delimiter.** When not given, the delimiter is the one of ``,``, ``;`` and tab found most
often in the header line outside quotes (``,`` is no candidate when ``decimal=","``); with
none found the file has one column and the default is ``,`` (``;`` with ``decimal=","``).
"""

from __future__ import annotations

import csv as _csv
import heapq
import io
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import partial

from ..contract import limits as L
from ..contract.entries import ENTRIES, VALUES
from ..problems import PathPart, PlotdocError, Problem, error, excerpt, warning
from ._common import Cell, ImportResult, Row, Source, finish, new_document, parse_number
from ._common import read_source as _read_source
from ._tabular import (
    LABEL_FAMILIES,
    X_FAMILIES,
    build_table,
    check_family,
    check_header,
    data_set_groups,
)

__all__ = ["MISSING", "CsvOrigin", "read_csv", "read_csv_located"]

_MAX_LISTED = 100

#: The spellings of a missing value (compared after stripping spaces), as R (``NA``), Excel
#: (``#N/A``), pandas (``NaN``, ``<NA>``) and people (``n/a``, ``-``) write them; pandas'
#: default ``na_values`` and ``-``.
MISSING = frozenset(
    {
        "",
        "NA",
        "N/A",
        "n/a",
        "na",
        "#N/A",
        "#N/A N/A",
        "#NA",
        "NaN",
        "nan",
        "-NaN",
        "-nan",
        "<NA>",
        "NULL",
        "null",
        "None",
        "-",
        "1.#IND",
        "-1.#IND",
        "1.#QNAN",
        "-1.#QNAN",
    }
)
_SEP_LINE = re.compile(r"sep=(.)\r?\n?\Z", re.IGNORECASE)
_DECIMAL_COMMA = re.compile(r"\s*[+-]?[0-9]*,[0-9]+\s*\Z")


@dataclass(frozen=True, slots=True)
class CsvOrigin:
    """Where in the CSV the cells of the imported table came from."""

    header_line: int
    #: the file line of each table row
    row_lines: tuple[int, ...]
    #: the 1-based file column of each data set's replicates
    set_columns: tuple[tuple[int, ...], ...]
    key_column: bool

    def locate(self, path: Sequence[PathPart]) -> tuple[int, int] | None:
        """(line, column) in the CSV of a document path of its table, else None."""
        if len(path) < 3 or tuple(path[:2]) != ("tables", 0):
            return None
        rest = path[2:]
        if rest[0] in ("x", "rowLabels") and self.key_column:
            if len(rest) > 1 and isinstance(rest[1], int) and rest[1] < len(self.row_lines):
                return self.row_lines[rest[1]], 1
            return self.header_line, 1
        if rest[0] != "dataSets" or len(rest) < 2 or not isinstance(rest[1], int):
            return None
        d = rest[1]
        if d >= len(self.set_columns):
            return None
        columns = self.set_columns[d]
        if len(rest) >= 4 and rest[2] == "values" and isinstance(rest[3], int):
            r = rest[3]
            k = rest[4] if len(rest) > 4 and isinstance(rest[4], int) else 0
            if r < len(self.row_lines):
                return self.row_lines[r], columns[min(k, len(columns) - 1)]
        return self.header_line, columns[0]

    def relocate(self, problems: Iterable[Problem]) -> list[Problem]:
        """``problems`` said at the CSV's line and column where a path names a cell of it."""
        out = []
        for p in problems:
            at = self.locate(p.path)
            out.append(p if at is None else replace(p, offset=None, line=at[0], column=at[1]))
        return out


def read_csv(
    source: Source,
    *,
    family: str,
    decimal: str = ".",
    delimiter: str | None = None,
    encoding: str = "utf-8",
    name: str | None = None,
    na: Iterable[str] = (),
    entry: str = VALUES,
) -> ImportResult:
    """Import a CSV file (``bytes`` are its content, a ``str`` or path names it).

    ``name`` becomes the table's name; ``na`` adds spellings of a missing value to
    :data:`MISSING`; ``entry`` ``meanSdN`` or ``meanSemN`` reads the data columns in
    threes (mean, SD or SEM, N) as a table of summary data. Raises :class:`PlotdocError` with ``import-syntax`` (undecodable text,
    bad quoting, no header, a row longer than the header) or ``import-bad-number`` problems.
    """
    return read_csv_located(
        source,
        family=family,
        decimal=decimal,
        delimiter=delimiter,
        encoding=encoding,
        name=name,
        na=na,
        entry=entry,
    )[0]


def read_csv_located(
    source: Source,
    *,
    family: str,
    decimal: str = ".",
    delimiter: str | None = None,
    encoding: str = "utf-8",
    name: str | None = None,
    na: Iterable[str] = (),
    entry: str = VALUES,
) -> tuple[ImportResult, CsvOrigin]:
    """:func:`read_csv`, and where in the file each cell of the table came from."""
    check_family(family)
    if decimal not in (".", ","):
        raise ValueError(f"decimal must be '.' or ',', not {decimal!r}")
    missing = MISSING | {s.strip() for s in na}
    text = _decode(_read_source(source), encoding)
    start = 1
    sep = _SEP_LINE.match(text[: max(0, text.find("\n", 0, 12)) + 1] or text[:12])
    if sep is not None:  # Excel's "sep=;" line names the delimiter
        delimiter = delimiter or sep.group(1)
        text = text[sep.end() :]
        start = 2
    delim = delimiter or _sniff(text, decimal)
    records = _records(text, delim, start)
    first_record = next(records, None)
    if first_record is None or not any(cell.strip() for cell in first_record[1]):
        raise PlotdocError(
            [error("import-syntax", (), "the CSV file has no header row", line=start)]
        )
    header_line = first_record[0]
    header = [h.strip() for h in first_record[1]]
    problems: list[Problem] = []
    errors = BadCells()
    key_column = family in X_FAMILIES or family in LABEL_FAMILIES
    first = 1 if key_column else 0
    titled = len(header)
    while titled > first + 1 and not header[titled - 1]:
        titled -= 1
    if entry not in ENTRIES:
        raise ValueError(f"entry must be one of {', '.join(ENTRIES)}, not {entry!r}")
    check_header(data_set_groups(header[first:titled], family, entry))  # before the rows
    body, (skipped_count, skipped), trailing = _body(
        records, len(header), max(1, len(header) - first), errors
    )
    header = _drop_trailing_empty(header, body, first, header_line, delim, problems)
    if skipped:
        shown = ", ".join(map(str, skipped[:10])) + (" ..." if len(skipped) > 10 else "")
        problems.append(
            warning(
                "import-converted",
                ("tables", 0),
                f"{skipped_count:,} blank line(s) between rows skipped"
                + (f" (lines {shown})" if skipped_count > 1 else ""),
                line=skipped[0],
            )
        )
    if trailing:
        problems.append(
            warning(
                "import-converted",
                ("tables", 0),
                "lines end with empty cells past the header's columns (a trailing "
                f"{_shown_delimiter(delim)}); ignored (first at line {trailing[0]})",
                line=trailing[0],
            )
        )
    groups = data_set_groups(header[first:], family, entry)
    check_header(groups)
    data_sets: list[tuple[str, list[Row]]] = []
    for d, (set_name, cols) in enumerate(groups):
        rows: list[Row] = []
        for r, (line, row) in enumerate(body):
            cells: Row = []
            for k, c in enumerate(cols):
                raw = row[first + c] if first + c < len(row) else ""
                where = ("tables", 0, "dataSets", d, "values", r, k)
                cells.append(
                    _cell(raw, family, decimal, missing, where, line, first + c + 1, errors)
                )
            rows.append(cells)
        data_sets.append((set_name, rows))
    x: list[float | None] | None = None
    labels: list[str] | None = None
    if family in X_FAMILIES:
        x = [
            _number(row[0] if row else "", decimal, missing, ("tables", 0, "x", r), line, 1, errors)
            for r, (line, row) in enumerate(body)
        ]
    elif family in LABEL_FAMILIES:
        labels = [(row[0].strip() if row else "") for _, row in body]
    if errors.count:
        raise PlotdocError(errors.listed() + problems, omitted=errors.omitted)
    if not data_sets:
        raise PlotdocError(
            [error("import-syntax", (), "the CSV file has no data columns", line=header_line)]
        )
    origin = CsvOrigin(
        header_line,
        tuple(line for line, _ in body),
        tuple(tuple(first + c + 1 for c in cols) for _, cols in groups),
        key_column,
    )
    table = build_table(family, data_sets, problems, name=name, x=x, row_labels=labels, entry=entry)
    if x is not None and header[0]:
        table["titles"] = {"x": {"text": header[0][:500]}}
    try:
        result = finish(new_document([table]), problems)
    except PlotdocError as exc:
        raise PlotdocError(origin.relocate(exc.problems), exc.omitted) from None
    return ImportResult(result.document, tuple(origin.relocate(result.problems))), origin


def _shown_delimiter(delimiter: str) -> str:
    return {"\t": "tab", ",": "comma", ";": "semicolon", " ": "space"}.get(
        delimiter, repr(delimiter)
    )


def _drop_trailing_empty(
    header: list[str],
    body: list[tuple[int, list[str]]],
    first: int,
    line: int,
    delimiter: str,
    problems: list[Problem],
) -> list[str]:
    """``header`` without its trailing columns that have no title and no value in any row
    (a delimiter at the end of the lines), with a warning."""
    end = len(header)
    while end > first + 1 and not header[end - 1]:
        j = end - 1
        if any(j < len(row) and row[j].strip() for _, row in body):
            break
        end -= 1
    if end < len(header):
        problems.append(
            warning(
                "import-converted",
                ("tables", 0, "dataSets"),
                f"{len(header) - end} empty column(s) at the end of the lines, with no title and "
                f"no values (a trailing {_shown_delimiter(delimiter)}), ignored",
                line=line,
                column=end + 1,
            )
        )
    return header[:end]


def _decode(data: bytes, encoding: str) -> str:
    codec = "utf-8-sig" if encoding.lower().replace("_", "-") in ("utf-8", "utf8") else encoding
    try:
        return data.decode(codec)
    except UnicodeDecodeError as exc:
        raise PlotdocError(
            [
                error(
                    "import-syntax",
                    (),
                    f"the file is not {encoding} text ({exc.reason})",
                    offset=exc.start,
                )
            ]
        ) from None


def _sniff(text: str, decimal: str) -> str:
    header = text.split("\n", 1)[0]
    candidates = [";", "\t"] if decimal == "," else [",", ";", "\t"]
    outside = "".join(part for i, part in enumerate(header.split('"')) if i % 2 == 0)
    best = max(candidates, key=outside.count)
    if outside.count(best):
        return best
    return ";" if decimal == "," else ","


#: The most columns a table can hold: a first column (X or row labels), then 500 data sets
#: of up to 64 replicates each.
MAX_COLUMNS = 1 + L.MAX_DATA_SETS * L.MAX_REPLICATES


def _lines(text: str, delimiter: str, first: int = 1) -> Iterator[str]:
    """The file's lines; a line with more delimiters than a table has columns stops the
    reading before it is split into cells (a one-line file of millions of columns costs no
    memory per column)."""
    for number, line in enumerate(io.StringIO(text, newline=""), first):
        if line.count(delimiter) >= MAX_COLUMNS:
            raise PlotdocError(
                [
                    error(
                        "too-many-items",
                        ("tables", 0, "dataSets"),
                        f"expected at most {MAX_COLUMNS:,} columns ({L.MAX_DATA_SETS} data "
                        f"sets of up to {L.MAX_REPLICATES} replicates, and a first column); "
                        f"this line has {line.count(delimiter) + 1:,} or more "
                        "(reading stopped)",
                        line=number,
                    )
                ]
            )
        yield line


def _records(text: str, delimiter: str, first: int = 1) -> Iterator[tuple[int, list[str]]]:
    """(line number, cells) of every record, read one at a time; blank lines are empty records.
    ``first`` is the file line ``text`` starts at."""
    reader = _csv.reader(_lines(text, delimiter, first), delimiter=delimiter, strict=True)
    start = first
    try:
        for row in reader:
            yield start, row
            start = reader.line_num + first
    except _csv.Error as exc:
        raise PlotdocError(
            [error("import-syntax", (), f"bad CSV: {exc}", line=reader.line_num + first - 1)]
        ) from None


def _body(
    records: Iterator[tuple[int, list[str]]], width: int, data_columns: int, errors: BadCells
) -> tuple[list[tuple[int, list[str]]], tuple[int, list[int]], list[int]]:
    """The records after the header, counted against the limits as they are read, the
    lines of the blank records skipped between them, and the lines ending with empty cells
    past the header's columns (a trailing delimiter, cut off).

    A data row past the 200,000th, or past 2,000,000 cells, stops the reading at once
    (``rows-too-many``, ``cells-too-many``). Blank records are no rows; those between rows
    are counted (their first 1,000 lines kept), trailing ones say nothing.
    """
    body: list[tuple[int, list[str]]] = []
    blanks: list[int] = []
    skipped: list[int] = []
    skipped_count = blank_run = 0
    trailing: list[int] = []
    for line, row in records:
        if len(row) > width and not any(cell.strip() for cell in row[width:]):
            if any(cell.strip() for cell in row) and len(trailing) < L.MAX_LISTED_WARNINGS:
                trailing.append(line)
            row = row[:width]
        if len(row) > width:
            errors.add(
                line,
                width + 1,
                partial(
                    error,
                    "import-syntax",
                    (),
                    f"the row has {len(row)} cells but the header names {width} columns",
                    line=line,
                    column=width + 1,
                ),
            )
        if not any(cell.strip() for cell in row):
            blank_run += 1
            if len(blanks) < L.MAX_LISTED_WARNINGS:
                blanks.append(line)
            continue
        if len(body) >= L.MAX_ROWS:
            raise PlotdocError(
                [
                    error(
                        "rows-too-many",
                        ("tables", 0),
                        f"expected at most {L.MAX_ROWS:,} rows; the file has more (found at "
                        "this line; reading stopped)",
                        line=line,
                    )
                ]
            )
        if body and blank_run:
            skipped.extend(blanks[: L.MAX_LISTED_WARNINGS - len(skipped)])
            skipped_count += blank_run
        blanks.clear()
        blank_run = 0
        body.append((line, row))
        if len(body) * data_columns > L.MAX_TOTAL_CELLS:
            raise PlotdocError(
                [
                    error(
                        "cells-too-many",
                        (),
                        f"expected at most {L.MAX_TOTAL_CELLS:,} cells; {len(body):,} rows of "
                        f"{data_columns:,} columns pass it (found at this line; reading stopped)",
                        line=line,
                    )
                ]
            )
    return body, (skipped_count, skipped), trailing


class BadCells:
    """The errors of an import: the first 100 by position listed, every one counted.

    A problem past the first 100 is counted without being built, so a file of millions of
    bad cells costs no memory per cell.
    """

    def __init__(self, limit: int = _MAX_LISTED) -> None:
        self.limit = limit
        self.count = 0
        self._heap: list[tuple[int, int, int, Problem]] = []

    def add(self, line: int, column: int, make: Callable[[], Problem]) -> None:
        self.count += 1
        heap = self._heap
        if len(heap) >= self.limit and (line, column) >= (-heap[0][0], -heap[0][1]):
            return
        heapq.heappush(heap, (-line, -column, -self.count, make()))
        if len(heap) > self.limit:
            heapq.heappop(heap)

    def listed(self) -> list[Problem]:
        return [p for *_, p in sorted(self._heap, reverse=True)]

    @property
    def omitted(self) -> int:
        return self.count - len(self._heap)


def _number(
    raw: str,
    decimal: str,
    missing: frozenset[str],
    where: tuple[str | int, ...],
    line: int,
    column: int,
    errors: BadCells,
) -> float | None:
    if raw.strip() in missing:
        return None
    value = parse_number(raw, decimal)
    if value is None:
        hint = ""
        if decimal == "." and _DECIMAL_COMMA.match(raw):
            hint = ' (a decimal comma? import with --decimal , or decimal=",")'
        errors.add(
            line,
            column,
            lambda: error(
                "import-bad-number",
                where,
                f"expected a number, found {excerpt(raw)}{hint}",
                line=line,
                column=column,
            ),
        )
    return value


def _cell(
    raw: str,
    family: str,
    decimal: str,
    missing: frozenset[str],
    where: tuple[str | int, ...],
    line: int,
    column: int,
    errors: BadCells,
) -> Cell:
    if family == "multipleVariables" and raw.strip() not in missing:
        value = parse_number(raw, decimal)
        return value if value is not None else raw.strip()[:1000]
    return _number(raw, decimal, missing, where, line, column, errors)
