"""Rows of cells to numpy: the one place where a data set's `values` become arrays.

The common case (numbers and nulls only) is converted in C-level passes; string cells are
found by position and left for the caller to judge (text in multipleVariables tables, a
numeric-looking string elsewhere, or an error).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from itertools import chain, islice
from typing import TYPE_CHECKING, Any

from ..contract.limits import MAX_EXACT_CELL_INT

if TYPE_CHECKING:  # numpy is imported when cells become arrays, not to check a small file
    import numpy as np
    from numpy.typing import NDArray

#: A number written as text: optional sign, digits with an optional point, optional exponent.
#: (Written so that each digit can match in one way only: `[0-9]+\.?[0-9]*` let a run of
#: digits split between its two parts in n ways, and a failing match cost n² steps.)
NUMERIC_TEXT = re.compile(r"\s*[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?\s*")
#: Text that spells a non-finite number.
NON_FINITE_TEXT = re.compile(r"\s*[-+]?(?:nan|inf|infinity)\s*", re.IGNORECASE)
#: How many integer cells beyond 2^53 a data set lists (the warnings of a file are capped at
#: 1,000 in all; the rest are counted).
MAX_LISTED_INEXACT = 1_000


@dataclass(frozen=True)
class FlatRows:
    """A list of rows flattened once, with the facts every later stage needs."""

    #: every cell, row after row
    cells: list[Any]
    #: the set of Python types among the cells
    types: frozenset[type]
    #: cells per row (None: counted from ``rows`` when first asked, see :meth:`row_widths`)
    widths: NDArray[np.intp] | None = None
    #: the widest row's cells, and whether every row is that wide (None: read from widths)
    widest: int | None = None
    uniform: bool | None = None
    #: the rows themselves, when ``widths`` is left to be counted
    rows: list[list[Any]] | None = None

    @classmethod
    def of_items(cls, items: list[Any]) -> FlatRows | None:
        """The rows of ``items`` when every item is a list (a list of rows), else None.

        Rows of one cell are unpacked without first asking each item's type: only a list of
        one cell, a string of one character or an object of one key unpacks, and the last
        two leave a string among the cells, so only a list with string cells pays for the
        check."""
        if items and type(items[0]) is list and len(items[0]) == 1:
            try:
                cells = [cell for (cell,) in items]
            except (TypeError, ValueError):  # an item of another width or kind
                pass
            else:
                types = frozenset(map(type, cells))
                if str not in types or set(map(type, items)) == {list}:
                    return cls(cells, types, None, 1, True, items)
                return None
        if set(map(type, items)) != {list}:
            return None
        return cls.of(items)

    @classmethod
    def of(cls, rows: list[list[Any]]) -> FlatRows:
        if rows and len(rows[0]) == 1:
            # rows of one cell (a column table's layout): flattened and checked in one pass
            try:
                cells = [cell for (cell,) in rows]
            except ValueError:  # a row of another width: the general way below
                pass
            else:
                return cls(cells, frozenset(map(type, cells)), None, 1, True, rows)
        cells = list(chain.from_iterable(rows))
        widest = max(map(len, rows), default=0)
        # every row is at most `widest` wide, so they all are exactly when the cells add up
        uniform = len(cells) == len(rows) * widest
        return cls(cells, frozenset(map(type, cells)), None, widest, uniform, rows)

    def row_widths(self) -> NDArray[np.intp]:
        """Cells per row, as an array."""
        if self.widths is not None:
            return self.widths
        import numpy as np

        rows = self.rows if self.rows is not None else []
        if self.uniform:
            return np.full(len(rows), self.max_width(), dtype=np.intp)
        return np.fromiter(map(len, rows), dtype=np.intp, count=len(rows))

    def max_width(self) -> int:
        """Cells in the widest row (0 without rows)."""
        if self.widest is not None:
            return self.widest
        widths = self.row_widths()
        return int(widths.max()) if len(widths) else 0

    def all_as_wide(self) -> bool:
        """Whether every row has :meth:`max_width` cells."""
        if self.uniform is not None:
            return self.uniform
        return bool((self.row_widths() == self.max_width()).all())


@dataclass
class CellBlock:
    """The cells of one data set as arrays."""

    #: shape (rows, widest row); NaN marks a missing cell (and a text cell)
    values: NDArray[np.float64]
    #: cells per row as written
    widths: NDArray[np.intp]
    #: (row, column, text) of every string cell, in order
    strings: list[tuple[int, int, str]] = field(default_factory=list)
    #: (row, column, integer) of the first integer cells beyond 2^53 in magnitude
    big_ints: list[tuple[int, int, int]] = field(default_factory=list)
    #: how many integer cells are beyond 2^53 in magnitude (listed or not)
    big_int_count: int = 0

    @property
    def width(self) -> int:
        return int(self.values.shape[1])

    def inexact_integers(self) -> tuple[list[tuple[int, int, int]], int]:
        """(row, column, integer) of the first integer cells a double cannot hold exactly
        (beyond 2^53 in magnitude, :data:`MAX_LISTED_INEXACT` at most) and their count."""
        return self.big_ints, self.big_int_count

    @property
    def row_count(self) -> int:
        return int(self.values.shape[0])

    def wide_rows(self, most: int, limit: int) -> list[tuple[int, int]]:
        """(row, cells) of the first ``limit`` rows with more than ``most`` cells."""
        wide = (self.widths > most).nonzero()[0][:limit].tolist()
        return [(r, int(self.widths[r])) for r in wide]

    def numbers_outside(self, allowed: tuple[float, ...]) -> list[tuple[int, int, float]]:
        """(row, column, value) of every number cell (not text) whose value is not allowed."""
        import numpy as np

        values = self.values
        bad = ~np.isnan(values)
        for a in allowed:
            bad &= values != a
        return [(int(r), int(c), float(values[r, c])) for r, c in zip(*bad.nonzero(), strict=True)]


@dataclass
class CellFacts:
    """What the semantic stage reads of a data set's cells, from the rows as parsed.

    Checking a file without opening it needs no arrays: this answers the same questions as
    :class:`CellBlock` in plain Python (for a few cells, or a check that builds nothing).
    """

    rows: list[list[Any]]
    width: int
    #: (row, column, text) of every string cell, in order
    strings: list[tuple[int, int, str]]

    @classmethod
    def of(cls, rows: list[list[Any]], flat_rows: FlatRows | None = None) -> CellFacts:
        if flat_rows is None:
            flat_rows = FlatRows.of(rows)
        strings: list[tuple[int, int, str]] = []
        if str in flat_rows.types:
            strings = [
                (r, c, cell)
                for r, row in enumerate(rows)
                for c, cell in enumerate(row)
                if type(cell) is str
            ]
        return cls(rows, flat_rows.max_width(), strings)

    @property
    def row_count(self) -> int:
        return len(self.rows)

    def inexact_integers(self) -> tuple[list[tuple[int, int, int]], int]:
        """As :meth:`CellBlock.inexact_integers`."""
        found: list[tuple[int, int, int]] = []
        count = 0
        for r, row in enumerate(self.rows):
            for c, cell in enumerate(row):
                if type(cell) is int and not -MAX_EXACT_CELL_INT <= cell <= MAX_EXACT_CELL_INT:
                    count += 1
                    if len(found) < MAX_LISTED_INEXACT:
                        found.append((r, c, cell))
        return found, count

    def wide_rows(self, most: int, limit: int) -> list[tuple[int, int]]:
        """(row, cells) of the first ``limit`` rows with more than ``most`` cells."""
        wide = ((r, len(row)) for r, row in enumerate(self.rows) if len(row) > most)
        return list(islice(wide, limit))

    def numbers_outside(self, allowed: tuple[float, ...]) -> list[tuple[int, int, float]]:
        """(row, column, value) of every number cell (not text) whose value is not allowed."""
        return [
            (r, c, float(cell))
            for r, row in enumerate(self.rows)
            for c, cell in enumerate(row)
            if (type(cell) is float or type(cell) is int) and float(cell) not in allowed
        ]


def to_block(rows: list[list[Any]], flat_rows: FlatRows | None = None) -> CellBlock:
    """Convert structurally valid rows (lists of numbers, nulls and strings)."""
    import numpy as np

    n = len(rows)
    if flat_rows is None:
        flat_rows = FlatRows.of(rows)
    flat = flat_rows.cells
    widths = flat_rows.row_widths()
    width = flat_rows.max_width()
    strings: list[tuple[int, int, str]] = []
    if str in flat_rows.types:
        flat = list(flat)
        positions = [i for i, c in enumerate(flat) if type(c) is str]
        starts = np.concatenate(([0], np.cumsum(widths)[:-1])) if n else np.zeros(0, np.intp)
        row_of = np.searchsorted(starts, positions, side="right") - 1
        for i, r in zip(positions, row_of.tolist(), strict=True):
            strings.append((r, i - int(starts[r]), flat[i]))
            flat[i] = None
    data = np.array(flat, dtype=np.float64) if flat else np.zeros(0, np.float64)
    big_ints: list[tuple[int, int, int]] = []
    big_count = 0
    if int in flat_rows.types:
        # a double holds every integer up to 2^53, and 2^53 + 1 becomes 2^53: only cells at
        # 2^53 or past it are looked at one by one
        for i in np.flatnonzero(np.abs(data) >= MAX_EXACT_CELL_INT).tolist():
            cell = flat[i]
            if type(cell) is int and not -MAX_EXACT_CELL_INT <= cell <= MAX_EXACT_CELL_INT:
                big_count += 1
                if len(big_ints) < MAX_LISTED_INEXACT:
                    big_ints.append((*_position(widths, i), cell))
    if n and flat_rows.all_as_wide():
        values = data.reshape(n, width)
    else:
        values = np.full((n, width), np.nan)
        if data.size:
            row_idx = np.repeat(np.arange(n), widths)
            starts = np.concatenate(([0], np.cumsum(widths)[:-1]))
            col_idx = np.arange(data.size) - np.repeat(starts, widths)
            values[row_idx, col_idx] = data
    return CellBlock(values, widths, strings, big_ints, big_count)


def _position(widths: NDArray[np.intp], index: int) -> tuple[int, int]:
    """The (row, column) of the ``index``-th cell of rows ``widths`` wide."""
    import numpy as np

    ends = np.cumsum(widths)
    row = int(np.searchsorted(ends, index, side="right"))
    return row, index - (int(ends[row - 1]) if row else 0)


def parse_numeric_text(text: str) -> float | None:
    """The number a numeric-looking string spells, or None when it is not one.

    Raises ValueError for text that spells a non-finite number (NaN, Infinity, 1e400).
    """
    if NUMERIC_TEXT.fullmatch(text):
        value = float(text)
        if not math.isfinite(value):
            raise ValueError(text)
        return value
    if NON_FINITE_TEXT.fullmatch(text):
        raise ValueError(text)
    return None
