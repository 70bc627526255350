"""The variables of a multipleVariables table, by role, ready to draw.

Each data set of a multipleVariables table is one variable (one value per row, in its first
sub-column). ``plot.options.mapping`` gives each role (``x``, ``y``, ``size``, ``color``,
``shape``, ``label``, ``lower``, ``upper``) a data set index, or ``None`` when unmapped.

Variable types (``continuous``, ``categorical``, ``label``):

1. ``table.variable_types[name]`` when the table gives one;
2. otherwise inferred: a variable whose non-missing cells are all numbers is ``continuous``
   (an empty variable too); a variable with any text cell is ``categorical``.

A categorical or label variable is read as text: text cells as they are, number cells written
with up to 6 significant digits (``2``, ``0.5``), missing cells as ``None``. Categories keep the
order of their first appearance down the rows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ...model.project import DataSet, Table
from ..style.numbers import number_text

CONTINUOUS = "continuous"
CATEGORICAL = "categorical"
LABEL = "label"


def infer_type(ds: DataSet) -> str:
    """``categorical`` when the variable holds any text cell, else ``continuous``."""
    return CATEGORICAL if ds.has_text() else CONTINUOUS


def variable_type(table: Table, index: int) -> str:
    ds = table.data_sets[index]
    given = (table.variable_types or {}).get(ds.name)
    return given if given in (CONTINUOUS, CATEGORICAL, LABEL) else infer_type(ds)


def numbers(ds: DataSet, n_rows: int) -> NDArray[np.float64]:
    """The variable's numbers (NaN for missing or text cells), padded to ``n_rows``."""
    out = np.full(n_rows, np.nan)
    col = ds.values[:, 0] if ds.values.ndim == 2 and ds.values.shape[1] else ds.values.ravel()
    out[: min(n_rows, col.shape[0])] = col[:n_rows]
    return out


def texts(ds: DataSet, n_rows: int) -> list[str | None]:
    """The variable as text per row: text cells, numbers written short, ``None`` when missing."""
    nums = numbers(ds, n_rows)
    out: list[str | None] = []
    for r in range(n_rows):
        cell: object = None
        if ds.text is not None and r < ds.text.shape[0] and ds.text.shape[1]:
            cell = ds.text[r, 0]
        if isinstance(cell, str):
            out.append(cell)
        elif np.isfinite(nums[r]):
            out.append(number_text(float(nums[r])))
        else:
            out.append(None)
    return out


def categories(values: list[str | None]) -> list[str]:
    """The distinct non-missing values in order of first appearance."""
    seen: dict[str, None] = {}
    for v in values:
        if v is not None and v not in seen:
            seen[v] = None
    return list(seen)


@dataclass(frozen=True, slots=True)
class Variable:
    role: str
    index: int
    name: str
    kind: str
    #: numbers per row (NaN when missing or text); for every kind
    values: NDArray[np.float64]
    #: text per row; for categorical and label variables (else ``None``)
    text: list[str | None] | None

    @property
    def is_continuous(self) -> bool:
        return self.kind == CONTINUOUS


def mapped(table: Table, options: Mapping[str, Any]) -> dict[str, Variable]:
    """Every mapped role whose index names a data set of the table."""
    mapping = options.get("mapping") or {}
    n_rows = table.n_rows
    out: dict[str, Variable] = {}
    for role, index in mapping.items():
        if not isinstance(index, int) or isinstance(index, bool):
            continue
        if not 0 <= index < len(table.data_sets):
            continue
        ds = table.data_sets[index]
        kind = variable_type(table, index)
        text = texts(ds, n_rows) if kind != CONTINUOUS or role == "label" else None
        out[role] = Variable(role, index, ds.name, kind, numbers(ds, n_rows), text)
    return out
