"""How a table's values were entered (`table.entry`, schema version 2, v2-design section 2).

``values`` (the default) is raw replicate values, as in version 1. ``meanSdN`` and ``meanSemN``
are summary data: each row of a data set is ``[mean, sd-or-sem, n]`` (so ``replicates`` is 3),
as a paper or another program reports them. This module is the one home of those names, the
families that allow them, the position of each number in a row and the labels people read.
"""

from __future__ import annotations

#: `table.entry`, in the contract's order (the first is the default)
ENTRIES = ("values", "meanSdN", "meanSemN")
VALUES = "values"
#: the entries whose rows are `[mean, sd-or-sem, n]`
SUMMARY_ENTRIES = ("meanSdN", "meanSemN")
#: the families a summary entry is allowed for
SUMMARY_FAMILIES = ("column", "grouped", "xy")
#: a summary table's replicate count: mean, SD or SEM, N
SUMMARY_REPLICATES = 3
#: the position of each number in a summary row
MEAN, SPREAD, N = 0, 1, 2

#: what people call each entry (the editor's New table dialog, the CLI's help)
ENTRY_LABELS = {
    "values": "Replicate values",
    "meanSdN": "Mean, SD and N",
    "meanSemN": "Mean, SEM and N",
}


def is_summary(entry: str) -> bool:
    """Whether ``entry`` is summary data (rows of mean, SD or SEM, and N)."""
    return entry in SUMMARY_ENTRIES


def spread_name(entry: str) -> str:
    """``SD`` or ``SEM``: what the second number of a summary row is."""
    return "SEM" if entry == "meanSemN" else "SD"


def column_labels(entry: str) -> tuple[str, str, str]:
    """The labels of a summary data set's three sub-columns: ``Mean``, ``SD`` or ``SEM``, ``N``."""
    return ("Mean", spread_name(entry), "N")


def described(entry: str) -> str:
    """How a result computed from a summary table says where its numbers came from."""
    return f"computed from mean, {spread_name(entry)} and N"
