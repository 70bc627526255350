"""pandas data frames to plotdoc tables and back. pandas is imported only when called.

:func:`from_dataframe` reads a *wide* frame: each column is a data set, or one replicate
of one. Replicates are given either by a two-level column index (level 0 the data set,
level 1 the replicate; columns sharing a level-0 label form one data set, in the order they
first appear) or by the ``name_N`` rule of :mod:`._tabular` on flat columns. The index is
X for ``xy`` and ``survival`` (a datetime index becomes years elapsed since the first row,
days / 365.25, as in the Prism import) and the row labels for ``grouped``,
``contingency`` and ``partsOfWhole``; ``multipleVariables`` takes its row labels from any
index but the default range index; the other families ignore it. Missing values (NaN,
None, NaT, ``pd.NA``, blank strings) become null; numeric strings are read as numbers;
text is kept only in ``multipleVariables`` tables.

:func:`table_to_dataframe` (kept here, made in :mod:`plotdoc.frames`) turns a document
table dict into a ``wide`` or ``long`` frame.
"""

from __future__ import annotations

import datetime as dt
import math
import numbers
from typing import TYPE_CHECKING, Any

import numpy as np

from ..contract import limits as L
from ..contract.entries import ENTRIES, VALUES, is_summary
from ..contract.families import FAMILIES
from ..frames import require_pandas, table_to_dataframe
from ..problems import PlotdocError, Problem, error, excerpt, warning
from ._common import Cell, ImportResult, Row, finish, new_document, parse_number
from ._tabular import (
    LABEL_FAMILIES,
    X_FAMILIES,
    build_table,
    check_family,
    check_header,
    data_set_groups,
    group_replicates,
)

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["from_dataframe", "require_pandas", "table_to_dataframe"]


def from_dataframe(
    df: pd.DataFrame, *, family: str, name: str | None = None, entry: str = VALUES
) -> ImportResult:
    """A one-table document from a wide data frame (see the module documentation).

    ``entry`` ``meanSdN`` or ``meanSemN`` reads summary data (column, grouped and xy): the
    columns in threes, each data set's mean, SD or SEM, and N (a two-level column index
    names the data set by its first level)."""
    require_pandas("from_dataframe")
    import pandas as pd

    check_family(family)
    if entry not in ENTRIES:
        raise ValueError(f"entry must be one of {', '.join(ENTRIES)}, not {entry!r}")
    problems: list[Problem] = []
    errors: list[Problem] = []
    if is_summary(entry):
        names = [str(c[0] if isinstance(c, tuple) else c) for c in df.columns]
        groups = data_set_groups(names, family, entry)
    else:
        groups = _groups(df, family, problems)
    check_header(groups)
    _check_rows(df)
    data_sets: list[tuple[str, list[Row]]] = []
    for d, (set_name, positions) in enumerate(groups):
        columns = [df.iloc[:, j].tolist() for j in positions]
        rows: list[Row] = []
        for r in range(len(df)):
            rows.append(
                [
                    _cell(col[r], family, ("tables", 0, "dataSets", d, "values", r, k), errors)
                    for k, col in enumerate(columns)
                ]
            )
        data_sets.append((set_name, rows))
    x: list[float | None] | None = None
    labels: list[str] | None = None
    date_title: str | None = None
    index = df.index
    if family in X_FAMILIES:
        if isinstance(index, pd.DatetimeIndex):
            from .tidy import date_axis

            dates: list[dt.date | None] = [None if pd.isna(v) else v.date() for v in index]
            if any(d is not None for d in dates):
                x, unit, date_title = date_axis(
                    dates, None if index.name is None else str(index.name)
                )
                problems.append(
                    warning(
                        "import-converted",
                        ("tables", 0, "x"),
                        f"the dates of the index became numbers: {unit} (days / 365.25); "
                        "the X title says so",
                    )
                )
            else:
                x = [None] * len(dates)
        else:
            x = [_number(v, ("tables", 0, "x", r), errors) for r, v in enumerate(index)]
    elif family in LABEL_FAMILIES or (
        family == "multipleVariables" and not isinstance(index, pd.RangeIndex)
    ):
        labels = ["" if _missing(v) else str(v) for v in index]
    if errors:
        raise PlotdocError(errors[:100], omitted=max(0, len(errors) - 100))
    if not data_sets:
        raise PlotdocError([error("import-syntax", (), "the data frame has no columns")])
    table = build_table(family, data_sets, problems, name=name, x=x, row_labels=labels, entry=entry)
    if date_title is not None:
        table["titles"] = {"x": {"text": date_title[:500]}}
    elif x is not None and index.name is not None:
        table["titles"] = {"x": {"text": str(index.name)[:500]}}
    return finish(new_document([table]), problems)


def _check_rows(df: pd.DataFrame) -> None:
    """Refuse a frame whose data rows pass the row or cell limit before converting a cell."""
    if len(df) <= L.MAX_ROWS and len(df) * max(1, df.shape[1]) <= L.MAX_TOTAL_CELLS:
        return
    filled = np.flatnonzero(np.asarray(df.notna().to_numpy()).any(axis=1))
    rows = int(filled[-1]) + 1 if filled.size else 0
    if rows > L.MAX_ROWS:
        raise PlotdocError(
            [
                error(
                    "rows-too-many",
                    ("tables", 0),
                    f"expected at most {L.MAX_ROWS:,} rows; found {rows:,}",
                )
            ]
        )
    if rows * df.shape[1] > L.MAX_TOTAL_CELLS:
        raise PlotdocError(
            [
                error(
                    "cells-too-many",
                    (),
                    f"expected at most {L.MAX_TOTAL_CELLS:,} cells; {rows:,} rows of "
                    f"{df.shape[1]:,} columns pass it",
                )
            ]
        )


def _groups(df: pd.DataFrame, family: str, problems: list[Problem]) -> list[tuple[str, list[int]]]:
    """(data set name, column positions) by a two-level column index or the name_N rule."""
    cols = df.columns
    if cols.nlevels > 2:
        raise ValueError("from_dataframe reads at most two column levels (data set, replicate)")
    if cols.nlevels == 1:
        return group_replicates([str(c) for c in cols], family)
    order: dict[str, list[int]] = {}
    for j, label in enumerate(cols):
        order.setdefault(str(label[0]), []).append(j)
    if FAMILIES[family].replicate_rule != "fixed-1":
        return list(order.items())
    out: list[tuple[str, list[int]]] = []
    for top, positions in order.items():
        if len(positions) == 1:
            out.append((top, positions))
            continue
        problems.append(
            warning(
                "import-converted",
                ("tables", 0, "dataSets"),
                f"a {family} table has one value per row; the {len(positions)} replicate "
                f"columns of {top!r} became data sets",
            )
        )
        out.extend((f"{top} {cols[j][1]}", [j]) for j in positions)
    return out


def _missing(value: Any) -> bool:
    if value is None:
        return True
    try:
        import pandas as pd

        return bool(pd.isna(value))
    except (TypeError, ValueError):
        return False


def _number(value: Any, where: tuple[str | int, ...], errors: list[Problem]) -> float | None:
    if _missing(value) or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        number: float | None = float(value)
        if number is not None and not math.isfinite(number):
            number = None
    elif isinstance(value, str):
        number = parse_number(value, ".")
    else:
        number = None
    if number is None:
        errors.append(error("import-bad-number", where, f"expected a number, found {_show(value)}"))
    return number


def _show(value: Any) -> str:
    return excerpt(value) if isinstance(value, str | int | float) else repr(value)[:40]


def _cell(value: Any, family: str, where: tuple[str | int, ...], errors: list[Problem]) -> Cell:
    if family == "multipleVariables" and not _missing(value):
        if isinstance(value, numbers.Real) and not isinstance(value, bool):
            return _number(value, where, errors)
        text = value.isoformat() if isinstance(value, dt.date) else str(value)
        number = parse_number(text, ".")
        return number if number is not None else text.strip()[: L.TEXT_CELL_MAX]
    return _number(value, where, errors)
