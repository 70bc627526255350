"""Rows of cells to numpy: the one place where a data set's `values` become arrays.

The common case (numbers and nulls only) is converted in C-level passes; string cells are
found by position and left for the caller to judge (text in multipleVariables tables, a
numeric-looking string elsewhere, or an error).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from itertools import chain
from typing import Any

import numpy as np
from numpy.typing import NDArray

#: A number written as text: optional sign, digits with an optional point, optional exponent.
#: (Written so that each digit can match in one way only: `[0-9]+\.?[0-9]*` let a run of
#: digits split between its two parts in n ways, and a failing match cost n² steps.)
NUMERIC_TEXT = re.compile(r"\s*[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?\s*")
#: Text that spells a non-finite number.
NON_FINITE_TEXT = re.compile(r"\s*[-+]?(?:nan|inf|infinity)\s*", re.IGNORECASE)


@dataclass(frozen=True)
class FlatRows:
    """A list of rows flattened once, with the facts every later stage needs."""

    #: every cell, row after row
    cells: list[Any]
    #: the set of Python types among the cells
    types: frozenset[type]
    #: cells per row
    widths: NDArray[np.intp]
    #: the widest row's cells, and whether every row is that wide (None: read from widths)
    widest: int | None = None
    uniform: bool | None = None

    @classmethod
    def of(cls, rows: list[list[Any]]) -> FlatRows:
        cells = list(chain.from_iterable(rows))
        n = len(rows)
        widest = max(map(len, rows), default=0)
        # every row is at most `widest` wide, so they all are exactly when the cells add up
        uniform = len(cells) == n * widest
        if uniform:
            widths = np.full(n, widest, dtype=np.intp)
        else:
            widths = np.fromiter(map(len, rows), dtype=np.intp, count=n)
        return cls(cells, frozenset(map(type, cells)), widths, widest, uniform)

    def max_width(self) -> int:
        """Cells in the widest row (0 without rows)."""
        if self.widest is not None:
            return self.widest
        return int(self.widths.max()) if len(self.widths) else 0

    def all_as_wide(self) -> bool:
        """Whether every row has :meth:`max_width` cells."""
        if self.uniform is not None:
            return self.uniform
        return bool((self.widths == self.max_width()).all())


@dataclass
class CellBlock:
    """The cells of one data set as arrays."""

    #: shape (rows, widest row); NaN marks a missing cell (and a text cell)
    values: NDArray[np.float64]
    #: cells per row as written
    widths: NDArray[np.intp]
    #: (row, column, text) of every string cell, in order
    strings: list[tuple[int, int, str]] = field(default_factory=list)

    @property
    def width(self) -> int:
        return int(self.values.shape[1])


def to_block(rows: list[list[Any]], flat_rows: FlatRows | None = None) -> CellBlock:
    """Convert structurally valid rows (lists of numbers, nulls and strings)."""
    n = len(rows)
    if flat_rows is None:
        flat_rows = FlatRows.of(rows)
    flat = flat_rows.cells
    widths = flat_rows.widths
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
    if n and flat_rows.all_as_wide():
        values = data.reshape(n, width)
    else:
        values = np.full((n, width), np.nan)
        if data.size:
            row_idx = np.repeat(np.arange(n), widths)
            starts = np.concatenate(([0], np.cumsum(widths)[:-1]))
            col_idx = np.arange(data.size) - np.repeat(starts, widths)
            values[row_idx, col_idx] = data
    return CellBlock(values, widths, strings)


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
