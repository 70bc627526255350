"""What the CSV and the data-frame importers share: the replicate naming rule and the table.

**Replicate naming rule.** In families whose data sets may hold replicates (``xy``,
``grouped``, ``nested``), *adjacent* columns named ``<name>_1``, ``<name>_2``, ...,
``<name>_<k>`` (k >= 2, numbered consecutively from 1, in that order) form one data set
``<name>`` with k replicate sub-columns. Any other column is a data set of its own, named
by its header as written (a lone ``Day_1`` stays ``Day_1``). In the other families every
column is one data set.

**Which column is not a data set.** ``xy`` and ``survival`` take their X from the first
column (or the data frame's index), ``grouped``, ``contingency`` and ``partsOfWhole`` their
row labels. ``nested``, ``column`` and ``multipleVariables`` have neither: every column is a
data set.

**Summary data.** With ``entry`` ``meanSdN`` or ``meanSemN`` (column, grouped and xy), the data
columns come in threes: each data set's mean, SD or SEM, and N (:func:`summary_groups`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..contract import limits as L
from ..contract.entries import (
    SUMMARY_FAMILIES,
    SUMMARY_REPLICATES,
    VALUES,
    is_summary,
    spread_name,
)
from ..contract.families import FAMILIES
from ..contract.limits import NAME_MAX
from ..problems import PlotdocError, Problem, error, warning
from ._common import Row, clip, default_graph, last_filled, table_replicates, trim_rows
from ._common import unique_names as _unique_names

_SUFFIX = re.compile(r"(.+)_([1-9][0-9]*)\Z", re.DOTALL)

#: The families whose first column (or index) is X, and those where it is the row labels.
X_FAMILIES = frozenset({"xy", "survival"})
LABEL_FAMILIES = frozenset({"grouped", "contingency", "partsOfWhole"})


def check_family(family: str) -> None:
    if family not in FAMILIES:
        raise ValueError(f"unknown family {family!r}; one of {', '.join(FAMILIES)}")


def has_key_column(family: str) -> bool:
    """Whether the first column (or the index) is X or row labels rather than a data set."""
    return family in X_FAMILIES or family in LABEL_FAMILIES


def group_replicates(headers: Sequence[str], family: str) -> list[tuple[str, list[int]]]:
    """Data sets from column headers by the replicate naming rule: (name, column indexes)."""
    if FAMILIES[family].replicate_rule == "fixed-1":
        return [(h, [i]) for i, h in enumerate(headers)]
    out: list[tuple[str, list[int]]] = []
    i = 0
    while i < len(headers):
        m = _SUFFIX.match(headers[i].strip())
        if m and m.group(2) == "1":
            base, k = m.group(1), 1
            while i + k < len(headers) and headers[i + k].strip() == f"{base}_{k + 1}":
                k += 1
            if k >= 2:
                out.append((base, list(range(i, i + k))))
                i += k
                continue
        out.append((headers[i], [i]))
        i += 1
    return out


#: a summary group's first header may end in one of these words, left out of its name
_MEAN_SUFFIX = re.compile(r"(.+?)[\s_:.\-]*(?:mean|average|avg)\Z", re.IGNORECASE | re.DOTALL)


def summary_groups(headers: Sequence[str], entry: str) -> list[tuple[str, list[int]]]:
    """Data sets of summary data (``entry`` ``meanSdN`` or ``meanSemN``): every three adjacent
    columns are one data set's mean, SD or SEM, and N, named by the first header (without a
    trailing ``mean``, ``_mean``, `` Mean``, or a replicate suffix ``_1``). Raises
    :class:`PlotdocError` when the columns do not come in threes."""
    if len(headers) % SUMMARY_REPLICATES:
        raise PlotdocError(
            [
                error(
                    "import-syntax",
                    ("tables", 0, "dataSets"),
                    f"expected the data columns in groups of three (mean, {spread_name(entry)}, "
                    f"N) for a table entered as {entry}; found {len(headers)} data column(s)",
                    line=1,
                )
            ]
        )
    out = []
    for start in range(0, len(headers), SUMMARY_REPLICATES):
        first = headers[start].strip()
        m = _MEAN_SUFFIX.match(first) or _SUFFIX.match(first)
        out.append((m.group(1) if m else first, list(range(start, start + SUMMARY_REPLICATES))))
    return out


def data_set_groups(
    headers: Sequence[str], family: str, entry: str = VALUES
) -> list[tuple[str, list[int]]]:
    """The data sets of the data columns ``headers``: by the replicate naming rule, or in
    threes for summary data (``entry``, allowed for column, grouped and xy tables)."""
    if not is_summary(entry):
        return group_replicates(headers, family)
    if family not in SUMMARY_FAMILIES:
        raise ValueError(
            f"summary data (entry {entry}) is allowed for {', '.join(SUMMARY_FAMILIES)} "
            f"tables; not {family}"
        )
    return summary_groups(headers, entry)


def check_header(groups: list[tuple[str, list[int]]]) -> None:
    """The limits the column headers alone can break (data sets per table, replicates),
    checked before a row is converted."""
    if len(groups) > L.MAX_DATA_SETS:
        raise PlotdocError(
            [
                error(
                    "too-many-items",
                    ("tables", 0, "dataSets"),
                    f"expected at most {L.MAX_DATA_SETS} data sets in a table; the header "
                    f"names {len(groups):,}",
                    line=1,
                )
            ]
        )
    widest = max((len(cols) for _, cols in groups), default=1)
    if widest > L.MAX_REPLICATES:
        raise PlotdocError(
            [
                error(
                    "out-of-range",
                    ("tables", 0, "replicates"),
                    f"expected at most {L.MAX_REPLICATES} replicates; the header names "
                    f"{widest} sub-columns of one data set",
                    line=1,
                )
            ]
        )


def build_table(
    family: str,
    data_sets: Sequence[tuple[str, list[Row]]],
    problems: list[Problem],
    *,
    name: str | None = None,
    x: Sequence[float | None] | None = None,
    row_labels: Sequence[str] | None = None,
    index: int = 0,
    entry: str = VALUES,
) -> dict[str, Any]:
    """A table dict of ``family``: unique names, the family's replicates (3 for summary
    data, ``entry``), no trailing rows."""
    path = ("tables", index)
    table: dict[str, Any] = {"format": family}
    if name:
        table["name"] = clip(name)
    if x is not None and last_filled(x):
        table["x"] = list(x[: last_filled(x)])
    if row_labels is not None and last_filled(row_labels):
        labels = list(row_labels[: last_filled(row_labels)])
        for r, label in enumerate(labels):
            if len(label) > NAME_MAX:
                labels[r] = clip(label)
                problems.append(
                    warning(
                        "import-converted",
                        (*path, "rowLabels", r),
                        "row label cut to 200 characters",
                    )
                )
        table["rowLabels"] = labels
    names = _unique_names([n for n, _ in data_sets], (*path, "dataSets"), problems)
    widest = max((len(row) for _, rows in data_sets for row in rows), default=1)
    summary = is_summary(entry)
    replicates = SUMMARY_REPLICATES if summary else table_replicates(family, widest)
    table["replicates"] = replicates
    if summary:
        table["entry"] = entry
    table["dataSets"] = [
        {"name": n, "values": trim_rows(rows)}
        for n, (_, rows) in zip(names, data_sets, strict=True)
    ]
    table["graph"] = default_graph(family, replicates, table["dataSets"], entry)
    return table
