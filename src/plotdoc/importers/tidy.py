"""Long ("tidy") data frames to plotdoc tables: one row per measurement, as seaborn takes them.

A long frame has one row per value; other columns say where the value goes. They are named
by keyword, as in seaborn (``value=`` is required, the others depend on the family):

============== ===================================================================================
``value``      the measurement (a number; text too in ``multipleVariables``); a missing value
               (NaN, None) keeps its place but stores nothing
``group``      the data set the value belongs to (data sets in the order they first appear);
               without it, one data set named after the value column
``x``          ``xy`` and ``survival``: the X value (time in survival, where ``value`` is the
               event code, 1 = event, 0 = censored); dates become years since the first date
``row``        which row: the row label in ``grouped``, ``contingency``, ``partsOfWhole`` and
               ``multipleVariables``; in the other families a key of the row (numbers in
               ascending order, anything else in the order of first appearance)
``subject``    pairs repeated measures: in ``xy`` and ``grouped`` each subject of a data set is
               one replicate sub-column (the same subject in every row); in ``nested`` the
               sub-column (the subgroup, e.g. the animal); in ``column`` and
               ``multipleVariables`` the row (the same subject across data sets)
============== ===================================================================================

Per family, the rows of the table are:

* ``xy``: one row per X value (or per ``row`` key); repeated rows of one data set and X are
  replicates (in order, or by ``subject``).
* ``survival``: one row per frame row (each subject is a row, as in Prism), or per ``row`` key.
* ``column``: values of a data set fill its rows in order, or by ``subject`` / ``row``
  (paired).
* ``nested``: values of a data set and ``subject`` fill that sub-column's rows in order.
* ``grouped``: one row per ``row`` label (required); repeated rows are replicates.
* ``contingency`` and ``partsOfWhole``: one row per ``row`` label (required); one count or
  value per data set and row.
* ``multipleVariables``: ``group`` names the variable; one row per ``row`` label or
  ``subject``, else values in order.

A cell given twice (two values for one data set, row and replicate where the family holds
one) is an error naming the frame's rows. :func:`plotdoc_long_columns` are the columns of
the long frame :func:`plotdoc.importers.pandas.table_to_dataframe` makes; such a frame goes
back in exactly (row positions, X, row labels and replicate numbers as given).
"""

from __future__ import annotations

import datetime as dt
import math
import numbers
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..contract import limits as L
from ..problems import PlotdocError, Problem, did_you_mean, error, excerpt, warning
from ._common import Cell, ImportResult, Row, finish, new_document
from ._pzfx_formats import years_since_first
from ._tabular import LABEL_FAMILIES, X_FAMILIES, build_table, check_family

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["TidyNames", "from_long", "looks_long", "plotdoc_long_columns"]

#: The families whose ``row`` column holds the row labels.
ROW_LABEL_FAMILIES = LABEL_FAMILIES | {"multipleVariables"}
#: The families where ``row`` is required (a value has no place without a label).
ROW_REQUIRED = LABEL_FAMILIES
#: The families holding one value per data set and row (no replicates).
SINGLE_VALUE = frozenset({"column", "contingency", "survival", "partsOfWhole", "multipleVariables"})
#: Where ``subject`` goes: the replicate (sub-column) or the row.
SUBJECT_IS_REPLICATE = frozenset({"xy", "grouped", "nested"})
SUBJECT_IS_ROW = frozenset({"column", "multipleVariables"})


@dataclass(frozen=True, slots=True)
class TidyNames:
    """The columns of a long frame, by role (None: not given)."""

    value: str
    group: str | None = None
    x: str | None = None
    row: str | None = None
    subject: str | None = None

    def given(self) -> dict[str, str]:
        return {
            role: name
            for role, name in (
                ("value", self.value),
                ("group", self.group),
                ("x", self.x),
                ("row", self.row),
                ("subject", self.subject),
            )
            if name is not None
        }


def plotdoc_long_columns(family: str) -> list[str]:
    """The columns of plotdoc's own long frame of a ``family`` table."""
    key = ["x"] if family in X_FAMILIES else ["rowLabel"] if family in LABEL_FAMILIES else []
    return ["row", *key, "dataSet", "replicate", "value"]


def is_plotdoc_long(frame: pd.DataFrame, family: str) -> bool:
    """Whether ``frame`` has exactly the columns of plotdoc's long frame of ``family`` (a
    multipleVariables table has row labels or not)."""
    if frame.columns.nlevels != 1:
        return False
    columns = [str(c) for c in frame.columns]
    if family == "multipleVariables" and columns == [
        "row",
        "rowLabel",
        "dataSet",
        "replicate",
        "value",
    ]:
        return True
    return columns == plotdoc_long_columns(family)


def _text_columns(frame: pd.DataFrame) -> list[str]:
    """Columns holding text that is not numbers (the grouping columns of a long frame)."""
    from pandas.api.types import is_bool_dtype, is_numeric_dtype

    from ._common import parse_number

    out = []
    for col in frame.columns:
        series = frame[col]
        if is_numeric_dtype(series.dtype) and not is_bool_dtype(series.dtype):
            continue
        values = [v for v in series.tolist()[:1000] if isinstance(v, str) and v.strip()]
        if values and any(parse_number(v) is None for v in values):
            out.append(str(col))
    return out


def looks_long(frame: pd.DataFrame, family: str) -> str | None:
    """The message for a frame that looks long but was given without column names, else None.

    A frame looks long when it is plotdoc's own long frame, or when (outside
    ``multipleVariables``, whose cells may be text) a column holds text that is not numbers.
    """
    if frame.columns.nlevels != 1:
        return None
    columns = [str(c) for c in frame.columns]
    if is_plotdoc_long(frame, family):
        return None  # read as it is, see the builder
    if family == "multipleVariables":
        return None
    texts = _text_columns(frame)
    if not texts:
        return None
    numeric = [c for c in columns if c not in texts]
    call = [f"value={numeric[-1]!r}" if numeric else "value=..."]
    groups = list(texts)
    if family in ROW_REQUIRED and groups:
        call.append(f"row={groups.pop(0)!r}")
    if groups:
        call.append(f"group={groups.pop(0)!r}")
    if family in X_FAMILIES:
        call.append(f"x={numeric[0]!r}" if len(numeric) > 1 else "x=...")
    wide = ""
    if family in X_FAMILIES or family in LABEL_FAMILIES:
        key = "X" if family in X_FAMILIES else "row labels"
        wide = f"; or, if it is wide with its {key} in a column, frame.set_index({texts[0]!r})"
    return (
        f"expected a wide frame (one column of numbers per data set); the column(s) "
        f"{', '.join(map(repr, texts))} hold text, so this looks like a long (tidy) frame "
        f"with columns {', '.join(map(repr, columns))}: name its columns, e.g. "
        f"add_table({family!r}, frame, {', '.join(call)}){wide} (see docs/authoring.md)"
    )


# -- reading --------------------------------------------------------------------------------


def _bad(message: str, *where: str | int) -> PlotdocError:
    return PlotdocError([error("builder-invalid", ("tables", 0, *where), message)])


def _check_names(frame: pd.DataFrame, family: str, names: TidyNames) -> None:
    columns = [str(c) for c in frame.columns]
    for role, col in names.given().items():
        if col not in columns:
            raise _bad(
                f"{role}={col!r}: expected a column of the frame ({', '.join(map(repr, columns))})"
                f"{did_you_mean(col, columns)}"
            )
    used = list(names.given().values())
    twice = sorted({c for c in used if used.count(c) > 1})
    if twice:
        raise _bad(f"expected each column in one role; {twice[0]!r} is given for two")
    if names.x is not None and family not in X_FAMILIES:
        raise _bad(
            f"x={names.x!r}: a {family} table has no X (x= is for xy and survival tables); "
            "use row= for its rows"
        )
    if family in X_FAMILIES and names.x is None:
        raise _bad(f"expected x= naming the column of X values of a long {family} frame")
    if family in ROW_REQUIRED and names.row is None:
        raise _bad(
            f"expected row= naming the column of row labels of a long {family} frame "
            "(the categories of its rows)"
        )
    if names.subject is not None and names.row is not None and family in SUBJECT_IS_ROW:
        raise _bad(
            f"row={names.row!r} and subject={names.subject!r} both say the row of a value in a "
            f"{family} table; give one"
        )
    if names.subject is not None and family in ("contingency", "partsOfWhole", "survival"):
        raise _bad(
            f"subject={names.subject!r}: a {family} table has one value per data set and row; "
            "it has no repeated measures to pair"
        )


def _missing(value: Any) -> bool:
    if value is None:
        return True
    if isinstance(value, float):
        return math.isnan(value)
    if isinstance(value, str | int):
        return False
    try:
        import pandas as pd

        return value is pd.NaT or value is pd.NA or bool(pd.isna(value))
    except (TypeError, ValueError):
        return False


def _numeric_values(series: pd.Series[Any]) -> bool:
    """Whether a column holds numpy numbers only (NaN for missing): read as they are."""
    import numpy as np

    return isinstance(series.dtype, np.dtype) and series.dtype.kind in "fiu"


def _order_key(keys: Sequence[Hashable]) -> dict[Hashable, int]:
    """Index of each distinct key: numbers ascending, else the order of first appearance."""
    distinct = list(dict.fromkeys(keys))
    if distinct and all(isinstance(k, numbers.Real) and not isinstance(k, bool) for k in distinct):
        distinct.sort(key=lambda k: float(k))  # type: ignore[arg-type]
    return {k: i for i, k in enumerate(distinct)}


def _key(value: Any) -> Hashable:
    """A hashable key of a cell of a key column (numbers compare by value)."""
    if _missing(value):
        return None
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return int(value)
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        f = float(value)
        return int(f) if f.is_integer() else f
    if isinstance(value, Hashable):
        return value
    return str(value)


def _label(value: Any) -> str:
    if _missing(value):
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, dt.datetime | dt.date):
        return value.isoformat()
    return str(value)


def _dates(values: list[Any]) -> list[dt.date | None] | None:
    """The dates of a column of dates (datetime values), else None."""
    present = [v for v in values if not _missing(v)]
    if not present or not all(isinstance(v, dt.date) for v in present):
        return None
    return [
        None if _missing(v) else (v.date() if isinstance(v, dt.datetime) else v) for v in values
    ]


def date_axis(
    dates: Sequence[dt.date | None], name: str | None
) -> tuple[list[float | None], str, str]:
    """X from dates as years since the first date, the unit, and the X title saying it."""
    first = next(d for d in dates if d is not None)
    unit = f"years since {first.isoformat()}"
    return years_since_first(dates), unit, f"{name} ({unit})" if name else unit.capitalize()


def _x_column(
    col: dict[str, list[Any]], names: TidyNames, problems: list[Problem]
) -> tuple[list[float | None] | None, str | None]:
    """The X of each frame row as numbers (dates become years since the first, with a
    warning) and the X title, or (None, None) without ``x=``."""
    if names.x is None:
        return None, None
    raw = col["x"]
    dates = _dates(raw)
    if dates is not None:
        x_numbers, unit, x_title = date_axis(dates, names.x)
        problems.append(
            warning(
                "import-converted",
                ("tables", 0, "x"),
                f"the dates of x={names.x!r} became numbers: {unit} (days / 365.25); "
                "the X title says so",
            )
        )
        return x_numbers, x_title
    from .pandas import _number

    errors: list[Problem] = []
    x_numbers = []
    bad_x = 0
    for i, v in enumerate(raw):
        before = len(errors)
        x_numbers.append(_number(v, ("tables", 0, "x"), errors))
        _at_frame_row(errors, before, names.x, i)
        if len(errors) > 100:
            errors.pop()
            bad_x += 1
    if errors:
        raise _frame_errors(errors, bad_x)
    return x_numbers, names.x


def _rows(
    col: dict[str, list[Any]],
    family: str,
    names: TidyNames,
    x_numbers: list[float | None] | None,
    n: int,
    exact: bool,
) -> tuple[list[int], list[str] | None]:
    """The table row of each frame row (empty: filled in order, per data set) and the row
    labels, by the family's rule (see the module documentation)."""
    row_of: list[int]
    labels: list[str] | None = None
    if exact:
        row_of = [_position(v, names.row or "row", "row") for v in col.get("row", range(n))]
    elif names.row is not None:
        keys = [_key(v) for v in col["row"]]
        if family in ROW_LABEL_FAMILIES:
            keys = [_label(v) for v in col["row"]]
        order = (
            _order_key(keys)
            if family not in ROW_LABEL_FAMILIES
            else {k: i for i, k in enumerate(dict.fromkeys(keys))}
        )
        row_of = [order[k] for k in keys]
        if family in ROW_LABEL_FAMILIES:
            labels = list(order)  # type: ignore[arg-type]
    elif names.subject is not None and family in SUBJECT_IS_ROW:
        order = _order_key([_key(v) for v in col["subject"]])
        row_of = [order[_key(v)] for v in col["subject"]]
    elif family == "xy":
        assert x_numbers is not None
        first = _order_key_first(x_numbers)
        row_of = [first[v] for v in x_numbers]
    elif family == "survival":
        row_of = list(range(n))
    else:
        row_of = []  # filled in order below, per data set (and sub-column)
    return row_of, labels


def from_long(
    frame: pd.DataFrame,
    *,
    family: str,
    names: TidyNames,
    name: str | None = None,
    exact: bool = False,
) -> ImportResult:
    """A one-table document from a long frame (see the module documentation).

    ``exact`` reads plotdoc's own long frame: ``row`` values are row positions and
    ``subject`` values replicate indexes, kept as they are.
    """
    from .pandas import _cell

    check_family(family)
    _check_names(frame, family, names)
    if len(frame) > L.MAX_TOTAL_CELLS:
        raise PlotdocError(
            [
                error(
                    "cells-too-many",
                    (),
                    f"expected at most {L.MAX_TOTAL_CELLS:,} cells; the frame has {len(frame):,} "
                    "rows",
                )
            ]
        )
    problems: list[Problem] = []
    col = {role: frame[c].tolist() for role, c in names.given().items()}
    n = len(frame)
    value_col = names.value

    # data sets
    if names.group is not None:
        set_of: dict[str, int] = {}
        label_of: dict[Hashable, int] = {}  # each distinct value labelled once
        set_index = []
        for i, g in enumerate(col["group"]):
            d = label_of.get(g) if isinstance(g, Hashable) else None
            if d is None:
                if _missing(g):
                    raise _bad(
                        f"group={names.group!r}: expected a data set name in every row; "
                        f"row {i} of the frame has none",
                        "dataSets",
                    )
                d = set_of.setdefault(_label(g), len(set_of))
                if isinstance(g, Hashable):
                    label_of[g] = d
            set_index.append(d)
        set_names = list(set_of)
    else:
        set_names, set_index = [value_col], [0] * n
    if len(set_names) > L.MAX_DATA_SETS:
        raise _bad(
            f"expected at most {L.MAX_DATA_SETS} data sets; group={names.group!r} has "
            f"{len(set_names):,} distinct values",
            "dataSets",
        )

    x_numbers, x_title = _x_column(col, names, problems)
    row_of, labels = _rows(col, family, names, x_numbers, n, exact)
    n_rows_hint = (max(row_of) + 1) if row_of else 0
    if n_rows_hint > L.MAX_ROWS:
        raise PlotdocError(
            [
                error(
                    "rows-too-many",
                    ("tables", 0),
                    f"expected at most {L.MAX_ROWS:,} rows; the frame makes {n_rows_hint:,}",
                )
            ]
        )

    # replicates (sub-columns)
    rep_of: list[int] | None = None
    if names.subject is not None and family in SUBJECT_IS_REPLICATE:
        subjects = col["subject"]
        if exact:
            rep_of = [_position(v, names.subject, "subject") for v in subjects]
        else:
            subject_keys = [_key(v) for v in subjects]
            keys_of: list[list[Hashable]] = [[] for _ in set_names]
            for i, key in enumerate(subject_keys):
                keys_of[set_index[i]].append(key)
            per_set = [_order_key(keys) for keys in keys_of]  # each data set's own subjects
            rep_of = [per_set[set_index[i]][key] for i, key in enumerate(subject_keys)]

    # place every value: a cell's slot is one number, (d, r, k) in mixed radix
    cells: dict[int, Cell] = {}
    where: dict[int, int] = {}  # slot -> the frame row that gave it
    counters: dict[tuple[int, ...], int] = {}
    errors: list[Problem] = []
    omitted = 0
    values = col["value"]
    numeric = _numeric_values(frame[value_col])
    single = family in SINGLE_VALUE
    for i in range(n):
        d = set_index[i]
        if family == "nested" and not exact:
            k = rep_of[i] if rep_of is not None else 0
            if row_of:
                r = row_of[i]
            else:
                r = counters.get((d, k), 0)
                counters[(d, k)] = r + 1
        else:
            if row_of:
                r = row_of[i]
            else:
                r = counters.get((d,), 0)
                counters[(d,)] = r + 1
            if rep_of is not None:
                k = rep_of[i]
            elif single:
                k = 0
            else:
                k = counters.get((d, r, -1), 0)
                counters[(d, r, -1)] = k + 1
        if k >= L.MAX_REPLICATES and not single:
            raise _bad(
                f"expected at most {L.MAX_REPLICATES} replicates; data set {set_names[d]!r} "
                f"has more values in one row (frame row {i})",
                "replicates",
            )
        if r >= L.MAX_ROWS:
            raise PlotdocError(
                [
                    error(
                        "rows-too-many",
                        ("tables", 0),
                        f"expected at most {L.MAX_ROWS:,} rows; data set {set_names[d]!r} has "
                        f"more (frame row {i})",
                    )
                ]
            )
        slot = (d * L.MAX_ROWS + r) * L.MAX_REPLICATES + k
        if slot in where:
            raise _bad(_twice(names, family, frame, where[slot], i), "dataSets", d, "values", r)
        where[slot] = i
        v = values[i]
        if _missing(v):
            continue
        before = len(errors)
        if numeric:
            if not math.isfinite(v):
                errors.append(
                    error(
                        "import-bad-number",
                        ("tables", 0, "dataSets", d, "values", r, k),
                        f"expected a finite number, found {v}",
                    )
                )
            cells[slot] = float(v)
        else:
            cells[slot] = _cell(v, family, ("tables", 0, "dataSets", d, "values", r, k), errors)
        _at_frame_row(errors, before, value_col, i)
        if len(errors) > 100:
            errors.pop()
            omitted += 1
    if errors:
        raise _frame_errors(errors, omitted)

    placed = [
        (
            s // L.MAX_REPLICATES // L.MAX_ROWS,
            s // L.MAX_REPLICATES % L.MAX_ROWS,
            s % L.MAX_REPLICATES,
        )
        for s in where
    ]
    n_rows = max([r + 1 for (_, r, _) in placed] + [n_rows_hint, 0])
    if n_rows > L.MAX_ROWS:
        raise PlotdocError(
            [
                error(
                    "rows-too-many",
                    ("tables", 0),
                    f"expected at most {L.MAX_ROWS:,} rows; the frame makes {n_rows:,}",
                )
            ]
        )
    widths = [1] * len(set_names)
    for d, _, k in placed:
        widths[d] = max(widths[d], k + 1)
    widest = max(widths, default=1)
    if widest > L.MAX_REPLICATES:
        raise _bad(f"expected at most {L.MAX_REPLICATES} replicates; found {widest}", "replicates")
    if n_rows * widest * len(set_names) > L.MAX_TOTAL_CELLS:
        raise PlotdocError(
            [
                error(
                    "cells-too-many",
                    (),
                    f"expected at most {L.MAX_TOTAL_CELLS:,} cells; {n_rows:,} rows of "
                    f"{len(set_names)} data sets of {widest} replicates pass it",
                )
            ]
        )
    data_sets: list[tuple[str, list[Row]]] = []
    for set_name in set_names:
        rows: list[Row] = [[None] * widest for _ in range(n_rows)]
        data_sets.append((set_name, rows))
    for s, v in cells.items():
        r, k = s // L.MAX_REPLICATES % L.MAX_ROWS, s % L.MAX_REPLICATES
        data_sets[s // L.MAX_REPLICATES // L.MAX_ROWS][1][r][k] = v

    x: list[float | None] | None = None
    if x_numbers is not None:
        x = [None] * n_rows
        for i in range(n):
            r = row_of[i]
            if x_numbers[i] is None:
                continue
            if x[r] is not None and x[r] != x_numbers[i]:
                raise _bad(
                    f"x={names.x!r}: expected one X per row; row {r} has {x[r]:g} and "
                    f"{x_numbers[i]:g} (frame rows {row_of.index(r)} and {i})",
                    "x",
                    r,
                )
            x[r] = x_numbers[i]
    if exact and family in ROW_LABEL_FAMILIES and "rowLabel" in frame.columns:
        labels = [""] * n_rows
        for r, label in zip(row_of, frame["rowLabel"].tolist(), strict=True):
            labels[r] = _label(label)
    if labels is not None and len(labels) > n_rows:
        labels = labels[:n_rows]
    table = build_table(family, data_sets, problems, name=name, x=x, row_labels=labels)
    if x is not None and x_title and not exact:
        table["titles"] = {"x": {"text": x_title[:500]}}
    return finish(new_document([table]), problems)


def _order_key_first(values: Sequence[float | None]) -> dict[float | None, int]:
    """X values in the order of first appearance (a missing X is one row of its own)."""
    return {k: i for i, k in enumerate(dict.fromkeys(values))}


def _position(value: Any, column: str, role: str) -> int:
    if (
        isinstance(value, numbers.Real)
        and not isinstance(value, bool)
        and not _missing(value)
        and float(value).is_integer()
        and 0 <= float(value) < L.MAX_ROWS
    ):
        return int(float(value))
    raise _bad(f"{role}={column!r}: expected a row number 0, 1, 2...; found {excerpt(value)}")


def _twice(names: TidyNames, family: str, frame: pd.DataFrame, first: int, second: int) -> str:
    keys = [c for c in (names.group, names.x, names.row, names.subject) if c is not None]
    shown = ", ".join(f"{c}={excerpt(frame[c].iloc[second])}" for c in keys) or "(no keys)"
    if family in ("contingency", "partsOfWhole"):
        hint = f"; a {family} table holds one value per data set and row (sum them first)"
    elif family in SINGLE_VALUE:
        hint = "; name the column that tells them apart with subject= or row="
    else:
        hint = "; name the column that tells them apart with subject="
    return f"expected one value per cell; frame rows {first} and {second} both give {shown}{hint}"


def _at_frame_row(errors: list[Problem], before: int, column: str, i: int) -> None:
    """Say where in the frame the cell error just added (if any) is."""
    if len(errors) > before:
        p = errors.pop()
        errors.append(error(p.code, p.path, f"frame row {i}, column {column!r}: {p.message}"))


def _frame_errors(errors: list[Problem], omitted: int = 0) -> PlotdocError:
    """The cell errors of a frame: the first 100 listed, the rest counted."""
    return PlotdocError(errors[:100], omitted=max(0, len(errors) - 100) + omitted)


def read_frame(data: Any, family: str, names: dict[str, str]) -> ImportResult:
    """The import of the builder's ``data`` (a data frame, or a dict of columns with names),
    wide or long: long when columns are named by role (``names``: value, group, x, row,
    subject), or when it is plotdoc's own long frame; a frame that looks long without names
    is refused with the call to make."""
    from .pandas import from_dataframe, require_pandas

    pd = require_pandas("reading a data frame")
    if isinstance(data, pd.DataFrame):
        frame = data
    elif isinstance(data, dict) and names:
        frame = pd.DataFrame(data)
    else:
        raise _bad(
            "expected a pandas DataFrame (or, with value= and the other column names, a dict "
            f"of columns); found {type(data).__name__}"
        )
    if names:
        if "value" not in names:
            raise _bad(
                f"expected value= naming the column of values of a long frame (its columns: "
                f"{', '.join(repr(str(c)) for c in frame.columns)})"
            )
        return from_long(frame, family=family, names=TidyNames(**names))
    if is_plotdoc_long(frame, family):
        cols = plotdoc_long_columns(family)
        tidy = TidyNames(
            value="value",
            group="dataSet",
            x="x" if "x" in cols else None,
            row="row",
            subject="replicate" if family in SUBJECT_IS_REPLICATE else None,
        )
        return from_long(frame, family=family, names=tidy, exact=True)
    message = looks_long(frame, family)
    if message is not None:
        raise _bad(message)
    return from_dataframe(frame, family=family)
