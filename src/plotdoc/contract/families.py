"""The eight table families and their replicate rules (contract 2.2, rule 1)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

ReplicateRule = Literal["fixed-1", "at-least-2", "free"]


@dataclass(frozen=True, slots=True)
class Family:
    """One table family (`table.format`)."""

    id: str
    #: fixed at 1, at least 2, or free within 1..64
    replicate_rule: ReplicateRule
    #: whether the table has an `x` column (one entry per row)
    has_x: bool
    #: whether `rowLabels` name the rows (categories, parts, outcomes)
    has_row_labels: bool
    #: whether text cells are allowed
    allows_text: bool
    description: str

    @property
    def min_replicates(self) -> int:
        return 2 if self.replicate_rule == "at-least-2" else 1

    @property
    def max_replicates(self) -> int:
        return 1 if self.replicate_rule == "fixed-1" else 64

    def replicates_ok(self, n: int) -> bool:
        return self.min_replicates <= n <= self.max_replicates


FAMILIES: dict[str, Family] = {
    f.id: f
    for f in (
        Family(
            "xy",
            "free",
            True,
            False,
            False,
            "An X column and data sets of Y values, with optional replicates.",
        ),
        Family(
            "column",
            "fixed-1",
            False,
            False,
            False,
            "Each data set is one column of values (a group).",
        ),
        Family(
            "grouped",
            "free",
            False,
            True,
            False,
            "Rows are groups (rowLabels), data sets are series, replicates are sub-columns.",
        ),
        Family(
            "nested",
            "at-least-2",
            False,
            False,
            False,
            "Data sets are treatments; each replicate sub-column is a subgroup.",
        ),
        Family(
            "contingency",
            "fixed-1",
            False,
            True,
            False,
            "Rows are outcomes or groups, data sets are categories, cells are counts.",
        ),
        Family(
            "survival",
            "fixed-1",
            True,
            False,
            False,
            "X is time; a cell of 1 is an event, 0 a censored subject; data sets are groups.",
        ),
        Family(
            "partsOfWhole",
            "fixed-1",
            False,
            True,
            False,
            "Rows are parts of a whole (rowLabels); each data set is one set of parts.",
        ),
        Family(
            "multipleVariables",
            "fixed-1",
            False,
            True,
            True,
            "Data sets are variables, rows are observations; text cells allowed.",
        ),
    )
}

FAMILY_IDS: tuple[str, ...] = tuple(FAMILIES)
