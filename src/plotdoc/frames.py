"""Tables as pandas data frames: the one home of the two shapes and of the pandas check.

pandas is optional: it is imported only when a frame is made, and :func:`require_pandas`
says how to install it when it is missing. A table becomes a frame in one of two shapes:

* ``"wide"``: one column per data set replicate, named by the data set when the table has
  one replicate and ``<name>_1``, ``<name>_2``... otherwise (so it reads back with
  :func:`plotdoc.importers.pandas.from_dataframe`); the index is X (named by the X title,
  else ``x``), else the row labels (``rowLabel``), else the row number (``row``). Missing
  cells are NaN.
* ``"long"``: one row per stored (non-null) cell, with columns ``row`` (0-based), ``x``
  (xy and survival) or ``rowLabel`` (tables with row labels), ``dataSet`` (the name),
  ``replicate`` (0-based, as in ``values[row][replicate]``) and ``value``; a table row with
  no stored cell is one row of a missing value (of the first data set), so its X or label is
  kept. :mod:`plotdoc.importers.tidy` reads it back.

A table of summary data (`entry` mean, SD or SEM, and N) has no values to list: its wide frame
has three columns per data set, ``<name> mean``, ``<name> SD`` (or ``SEM``) and ``<name> N``
(which :func:`~plotdoc.importers.pandas.from_dataframe` reads back with ``entry=``), and its
long frame one row per filled (row, data set) with columns ``mean``, ``sd`` (or ``sem``) and
``n`` instead of ``replicate`` and ``value``.

This module imports neither the reader nor the importers, so the model can offer
:meth:`plotdoc.model.Table.to_pandas`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Literal

from .contract.entries import VALUES, column_labels, is_summary

if TYPE_CHECKING:
    import pandas as pd

    from .model import Table

__all__ = ["INSTALL_PANDAS", "model_table_to_dataframe", "require_pandas", "table_to_dataframe"]

#: How to get pandas, said when it is missing.
INSTALL_PANDAS = 'pip install "plotdoc[pandas]" (or pip install pandas)'


def require_pandas(purpose: str) -> Any:
    """The pandas module, or an ImportError saying what needs it and how to install it."""
    try:
        import pandas
    except ImportError:
        raise ImportError(
            f"{purpose} needs pandas, an optional dependency of plotdoc: {INSTALL_PANDAS}"
        ) from None
    return pandas


def table_to_dataframe(
    table: dict[str, Any], shape: Literal["wide", "long"] = "wide"
) -> pd.DataFrame:
    """A data frame of a document table dict, ``wide`` or ``long`` (see the module documentation)."""
    require_pandas("to_pandas")
    import pandas as pd

    if "dataSets" not in table:
        raise ValueError("the table has no data sets (a results table is recomputed on open)")
    if shape not in ("wide", "long"):
        raise ValueError(f"shape must be 'wide' or 'long', not {shape!r}")
    sets = table["dataSets"]
    x = table.get("x")
    labels = table.get("rowLabels")
    reps = int(
        table.get("replicates") or max((len(r) for ds in sets for r in ds["values"]), default=1)
    )
    n_rows = max([len(x or ()), len(labels or ())] + [len(ds["values"]) for ds in sets])

    def cell(ds: dict[str, Any], r: int, k: int) -> Any:
        rows = ds["values"]
        return rows[r][k] if r < len(rows) and k < len(rows[r]) else None

    entry = str(table.get("entry", VALUES))
    # summary data: each row of a data set is [mean, sd-or-sem, n], named as such
    parts = [p.lower() if shape == "long" else p for p in column_labels(entry)]
    if is_summary(entry) and shape == "long":
        summary_records = []
        for ds in sets:
            for r, row in enumerate(ds["values"]):
                if all(v is None for v in row):
                    continue
                rec: dict[str, Any] = {"row": r}
                if x is not None:
                    rec["x"] = x[r] if r < len(x) else None
                if labels is not None:
                    rec["rowLabel"] = labels[r] if r < len(labels) else ""
                rec["dataSet"] = ds["name"]
                rec.update({part: cell(ds, r, k) for k, part in enumerate(parts)})
                summary_records.append(rec)
        keys = ["row", *(["x"] if x is not None else []), *(["rowLabel"] if labels else [])]
        return pd.DataFrame.from_records(summary_records, columns=[*keys, "dataSet", *parts])

    if shape == "long":
        # a row with no stored value still has its X or label: one record of a missing value
        # (of the first data set) keeps it, so the frame reads back with every row
        stored = [False] * n_rows
        for ds in sets:
            for r, row in enumerate(ds["values"]):
                stored[r] = stored[r] or any(v is not None for v in row)
        records = []

        def record(r: int, name: str, k: int, value: Any) -> None:
            rec: dict[str, Any] = {"row": r}
            if x is not None:
                rec["x"] = x[r] if r < len(x) else None
            if labels is not None:
                rec["rowLabel"] = labels[r] if r < len(labels) else ""
            rec.update(dataSet=name, replicate=k, value=value)
            records.append(rec)

        for d, ds in enumerate(sets):
            rows = ds["values"]
            for r in range(n_rows if d == 0 else len(rows)):
                if d == 0 and not stored[r]:
                    record(r, ds["name"], 0, None)
                    continue
                for k, value in enumerate(rows[r] if r < len(rows) else ()):
                    if value is not None:
                        record(r, ds["name"], k, value)
        columns = [
            "row",
            *(["x"] if x is not None else []),
            *(["rowLabel"] if labels is not None else []),
        ]
        return pd.DataFrame.from_records(
            records, columns=[*columns, "dataSet", "replicate", "value"]
        )

    data: dict[str, list[Any]] = {}
    for ds in sets:
        for k in range(reps):
            if is_summary(entry):  # "Control mean", "Control SD", "Control N"
                key = f"{ds['name']} {parts[k].lower() if k == 0 else parts[k]}"
            else:
                key = ds["name"] if reps == 1 else f"{ds['name']}_{k + 1}"
            data[key] = [cell(ds, r, k) for r in range(n_rows)]
    index: pd.Index[Any]
    if x is not None:
        title = table.get("titles", {}).get("x", {}).get("text") or "x"
        index = pd.Index(
            [x[r] if r < len(x) else None for r in range(n_rows)], name=title, dtype="float64"
        )
    elif labels is not None:
        index = pd.Index(
            [labels[r] if r < len(labels) else "" for r in range(n_rows)], name="rowLabel"
        )
    else:
        index = pd.RangeIndex(n_rows, name="row")
    frame = pd.DataFrame(data, index=index)
    numeric = [
        c for c in frame.columns if all(v is None or isinstance(v, int | float) for v in data[c])
    ]
    frame[numeric] = frame[numeric].astype("float64")
    return frame


def model_table_to_dataframe(table: Table, shape: Literal["wide", "long"] = "wide") -> pd.DataFrame:
    """A data frame of an opened table, ``wide`` or ``long`` (a results table is refused:
    its content is computed, not stored)."""
    if table.derived_from is not None:
        raise ValueError("the table has no data sets (a results table is recomputed on open)")
    sets = []
    for ds in table.data_sets:
        rows: list[list[Any]] = [
            [None if isinstance(v, float) and math.isnan(v) else v for v in row]
            for row in ds.values.tolist()
        ]
        if ds.text is not None:
            for r, trow in enumerate(ds.text.tolist()):
                for k, t in enumerate(trow):
                    if t is not None and rows[r][k] is None:
                        rows[r][k] = str(t)
        while rows and all(v is None for v in rows[-1]):
            rows.pop()  # trailing empty rows are not stored
        sets.append({"name": ds.name, "values": rows})
    doc: dict[str, Any] = {
        "format": table.format,
        "replicates": table.replicates,
        "entry": table.entry,
        "dataSets": sets,
        "titles": table.titles,
    }
    if table.x is not None:
        doc["x"] = [None if math.isnan(v) else v for v in table.x.tolist()]
    if table.row_labels is not None:
        doc["rowLabels"] = list(table.row_labels)
    return table_to_dataframe(doc, shape)
