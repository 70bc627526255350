"""The semantic rules of summary data (`table.entry` `meanSdN` or `meanSemN`, v2-design 2).

A summary table is a column, grouped or xy table whose rows are ``[mean, sd-or-sem, n]``: its
`replicates` is 3, each N is a whole number of at least 1 (or missing), no SD or SEM is
negative, a column table holds one such row per data set, and its graph draws only what a
mean, an SD or SEM and an N give (:mod:`plotdoc.contract.variants.from_summary`). Each problem
is reported at the cell's (or the option's) path.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from ..contract import entries as E
from ..contract.variants import VARIANTS
from ..contract.variants.from_summary import needs_raw_values
from ..problems import Path, Problem, error, excerpt
from .cells import parse_numeric_text

#: problems listed per data set before the rest are left unsaid (the first ones show the way)
_LISTED = 10


def entry_of(table: dict[str, Any]) -> str:
    entry = table.get("entry", E.VALUES)
    return entry if isinstance(entry, str) else E.VALUES


def is_summary_table(table: dict[str, Any]) -> bool:
    """Whether ``table`` holds summary rows (a summary entry on a family that allows one)."""
    return E.is_summary(entry_of(table)) and table.get("format") in E.SUMMARY_FAMILIES


def check_entry(table: dict[str, Any], path: Path) -> Iterator[Problem]:
    """The entry's own problems: a summary entry on a family that allows none; a replicate
    count other than 3; the cells of every summary row."""
    entry = entry_of(table)
    if not E.is_summary(entry):
        return
    family = table["format"]
    if family not in E.SUMMARY_FAMILIES:
        yield error(
            "entry-not-allowed",
            (*path, "entry"),
            f"expected `values` for a {family} table (summary data is allowed for "
            f"{', '.join(E.SUMMARY_FAMILIES)} tables); found {excerpt(entry)}",
        )
        return
    if "derivedFrom" in table:
        yield error(
            "entry-not-allowed",
            (*path, "entry"),
            "expected `values` for a results table (its content is what its analysis computes); "
            f"found {excerpt(entry)}",
        )
        return
    replicates = table.get("replicates")
    if replicates is not None and replicates != E.SUMMARY_REPLICATES:
        yield error(
            "replicates-invalid",
            (*path, "replicates"),
            f"expected 3 replicates (mean, {E.spread_name(entry)}, N) for a table entered as "
            f"{entry}; found {excerpt(replicates)}",
        )
    for d, ds in enumerate(table.get("dataSets") or []):
        yield from _rows(ds.get("values") or [], (*path, "dataSets", d, "values"), entry, family)


def _number(cell: Any) -> float | None:
    """A cell as a number (None: missing, or text the other checks report)."""
    if isinstance(cell, bool):
        return None
    if isinstance(cell, int | float):
        return float(cell)
    if isinstance(cell, str):
        try:
            return parse_numeric_text(cell)
        except ValueError:
            return None
    return None


def _rows(rows: list[Any], path: Path, entry: str, family: str) -> Iterator[Problem]:
    spread = E.spread_name(entry)
    listed = 0
    filled = [r for r, row in enumerate(rows) if any(_number(c) is not None for c in row)]
    if family == "column" and len(filled) > 1:
        yield error(
            "summary-rows-too-many",
            (*path, filled[1]),
            f"expected one row [mean, {spread}, N] per data set in a column table; found "
            f"{len(filled)} rows with numbers (put each group in a data set of its own)",
        )
    for r in filled:
        row = rows[r]
        if listed >= _LISTED:
            return
        if len(row) > E.SPREAD:
            sd = _number(row[E.SPREAD])
            if sd is not None and sd < 0:
                listed += 1
                yield error(
                    "summary-spread-negative",
                    (*path, r, E.SPREAD),
                    f"expected an {spread} of at least 0; found {excerpt(row[E.SPREAD])}",
                )
        if len(row) > E.N:
            n = _number(row[E.N])
            if n is not None and not (math.isfinite(n) and n >= 1 and n == int(n)):
                listed += 1
                yield error(
                    "summary-n-invalid",
                    (*path, r, E.N),
                    f"expected N, a whole number of at least 1; found {excerpt(row[E.N])}",
                )


def check_graph(table: dict[str, Any], graph: dict[str, Any], path: Path) -> Iterator[Problem]:
    """The graph of a summary table draws only what the summaries give."""
    variant = VARIANTS.get(graph.get("variantId", ""))
    if variant is None or variant.family != table["format"]:
        return  # the graph's own checks report it
    plot = graph.get("plot") or {}
    options = plot.get("options") or {} if plot.get("family") == variant.family else {}
    why = needs_raw_values(variant, options)
    if why is None:
        return
    key, what = why
    where = (*path, "variantId") if key == "variantId" else (*path, "plot", "options", key)
    if key != "variantId" and key not in options:
        where = (*path, "variantId")  # the variant's own default mode
    entry = entry_of(table)
    yield error(
        "summary-needs-values",
        where,
        "expected a graph that draws the mean with SD, SEM or a CI "
        f"(the table holds mean, {E.spread_name(entry)} and N, not raw values); found {what}",
    )
