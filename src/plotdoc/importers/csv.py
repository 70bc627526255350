"""Import a CSV file as a one-table plotdoc document.

The header row names the data sets; the first column is X (``xy``, ``survival``) or the row
labels (``grouped``, ``contingency``, ``partsOfWhole``); replicate sub-columns follow the
naming rule of :mod:`._tabular` (adjacent ``Control_1``, ``Control_2``... -> data set
``Control`` with replicates). Blank cells are missing values (null). Numbers use ``decimal``
(``"."`` or ``","``); text cells are kept only in ``multipleVariables`` tables, anywhere else
a cell that is not a number is an ``import-bad-number`` error with the file's 1-based
``line`` and ``column`` and the path of the cell it was meant for. Every bad cell is
reported (the first 100 are listed, the rest counted).

**Delimiter.** When not given, the delimiter is the one of ``,``, ``;`` and tab found most
often in the header line outside quotes (``,`` is no candidate when ``decimal=","``); with
none found the file has one column and the default is ``,`` (``;`` with ``decimal=","``).
"""

from __future__ import annotations

import csv as _csv
import heapq
import io
from collections.abc import Callable, Iterator
from functools import partial

from ..contract import limits as L
from ..problems import PlotdocError, Problem, error, excerpt
from ._common import Cell, ImportResult, Row, Source, finish, new_document, parse_number
from ._common import read_source as _read_source
from ._tabular import (
    LABEL_FAMILIES,
    X_FAMILIES,
    build_table,
    check_family,
    check_header,
    group_replicates,
)

__all__ = ["read_csv"]

_MAX_LISTED = 100


def read_csv(
    source: Source,
    *,
    family: str,
    decimal: str = ".",
    delimiter: str | None = None,
    encoding: str = "utf-8",
    name: str | None = None,
) -> ImportResult:
    """Import a CSV file (``bytes`` are its content, a ``str`` or path names it).

    ``name`` becomes the table's name. Raises :class:`PlotdocError` with ``import-syntax``
    (undecodable text, bad quoting, no header, a row longer than the header) or
    ``import-bad-number`` problems.
    """
    check_family(family)
    if decimal not in (".", ","):
        raise ValueError(f"decimal must be '.' or ',', not {decimal!r}")
    text = _decode(_read_source(source), encoding)
    delim = delimiter or _sniff(text, decimal)
    records = _records(text, delim)
    first_record = next(records, None)
    if first_record is None or not any(cell.strip() for cell in first_record[1]):
        raise PlotdocError([error("import-syntax", (), "the CSV file has no header row", line=1)])
    header = [h.strip() for h in first_record[1]]
    problems: list[Problem] = []
    errors = BadCells()
    key_column = family in X_FAMILIES or family in LABEL_FAMILIES
    first = 1 if key_column else 0
    groups = group_replicates(header[first:], family)
    check_header(groups)
    body = _body(records, len(header), max(1, len(header) - first), errors)
    data_sets: list[tuple[str, list[Row]]] = []
    for d, (set_name, cols) in enumerate(groups):
        rows: list[Row] = []
        for r, (line, row) in enumerate(body):
            cells: Row = []
            for k, c in enumerate(cols):
                raw = row[first + c] if first + c < len(row) else ""
                where = ("tables", 0, "dataSets", d, "values", r, k)
                cells.append(_cell(raw, family, decimal, where, line, first + c + 1, errors))
            rows.append(cells)
        data_sets.append((set_name, rows))
    x: list[float | None] | None = None
    labels: list[str] | None = None
    if family in X_FAMILIES:
        x = [
            _number(row[0] if row else "", decimal, ("tables", 0, "x", r), line, 1, errors)
            for r, (line, row) in enumerate(body)
        ]
    elif family in LABEL_FAMILIES:
        labels = [(row[0].strip() if row else "") for _, row in body]
    if errors.count:
        raise PlotdocError(errors.listed() + problems, omitted=errors.omitted)
    if not data_sets:
        raise PlotdocError([error("import-syntax", (), "the CSV file has no data columns", line=1)])
    table = build_table(family, data_sets, problems, name=name, x=x, row_labels=labels)
    if x is not None and header[0]:
        table["titles"] = {"x": {"text": header[0][:500]}}
    return finish(new_document([table]), problems)


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


def _lines(text: str, delimiter: str) -> Iterator[str]:
    """The file's lines; a line with more delimiters than a table has columns stops the
    reading before it is split into cells (a one-line file of millions of columns costs no
    memory per column)."""
    for number, line in enumerate(io.StringIO(text, newline=""), 1):
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


def _records(text: str, delimiter: str) -> Iterator[tuple[int, list[str]]]:
    """(line number, cells) of every record, read one at a time; blank lines are empty records."""
    reader = _csv.reader(_lines(text, delimiter), delimiter=delimiter, strict=True)
    start = 1
    try:
        for row in reader:
            yield start, row
            start = reader.line_num + 1
    except _csv.Error as exc:
        raise PlotdocError(
            [error("import-syntax", (), f"bad CSV: {exc}", line=reader.line_num)]
        ) from None


def _body(
    records: Iterator[tuple[int, list[str]]], width: int, data_columns: int, errors: BadCells
) -> list[tuple[int, list[str]]]:
    """The records after the header, counted against the limits as they are read.

    A data row past the 200,000th, or past 2,000,000 cells, stops the reading at once
    (``rows-too-many``, ``cells-too-many``). Blank records are rows only when a data row
    follows (trailing ones are dropped), so only as many as could still be rows are kept.
    """
    body: list[tuple[int, list[str]]] = []
    blanks: list[tuple[int, list[str]]] = []
    past = False  # blank records past what the limit leaves room for
    for line, row in records:
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
            if len(body) + len(blanks) < L.MAX_ROWS:
                blanks.append((line, []))
            else:
                past = True
            continue
        if past or len(body) + len(blanks) >= L.MAX_ROWS:
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
        body.extend(blanks)
        blanks.clear()
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
    return body


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
    where: tuple[str | int, ...],
    line: int,
    column: int,
    errors: BadCells,
) -> float | None:
    if not raw.strip():
        return None
    value = parse_number(raw, decimal)
    if value is None:
        errors.add(
            line,
            column,
            lambda: error(
                "import-bad-number",
                where,
                f"expected a number, found {excerpt(raw)}",
                line=line,
                column=column,
            ),
        )
    return value


def _cell(
    raw: str,
    family: str,
    decimal: str,
    where: tuple[str | int, ...],
    line: int,
    column: int,
    errors: BadCells,
) -> Cell:
    if family == "multipleVariables" and raw.strip():
        value = parse_number(raw, decimal)
        return value if value is not None else raw.strip()[:1000]
    return _number(raw, decimal, where, line, column, errors)
