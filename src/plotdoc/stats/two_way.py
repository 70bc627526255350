"""A two-way ANOVA and the comparisons of cell means after it, as one result.

:func:`two_way_analysis` runs :func:`plotdoc.stats.twoway.two_way_anova` on the cells of a
grouped table (rows x data sets, replicates in each cell) and, unless none are asked for,
:func:`plotdoc.stats.twoway.two_way_comparisons`. Each comparison names both of its cells:
the row and the data set of each side (:class:`CellComparison`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy.typing as npt

from ._results import ResultMixin, Status, check_choice
from .twoway import TWO_WAY_COMPARISONS, TWO_WAY_CORRECTIONS, two_way_anova, two_way_comparisons

#: what a user may ask for: no comparisons, or the sets of :data:`TWO_WAY_COMPARISONS`
COMPARISON_CHOICES: Final[tuple[str, ...]] = ("none", *TWO_WAY_COMPARISONS)


@dataclass(frozen=True, slots=True)
class CellComparison(ResultMixin):
    """One comparison of two cells: (row_a, data_set_a) vs (row_b, data_set_b)."""

    row_a: str
    data_set_a: str
    row_b: str
    data_set_b: str
    #: mean of cell a minus mean of cell b, and its (simultaneous) confidence interval
    mean_difference: float
    ci_lower: float
    ci_upper: float
    #: multiplicity-adjusted P value
    p: float


@dataclass(frozen=True, slots=True)
class TwoWayAnalysis(ResultMixin):
    """Result of :func:`two_way_analysis`: the ANOVA table's F, df and P of each source."""

    row_ss: float
    row_df: float
    row_f: float
    row_p: float
    data_set_ss: float
    data_set_df: float
    data_set_f: float
    data_set_p: float
    interaction_ss: float
    interaction_df: float
    interaction_f: float
    interaction_p: float
    residual_ss: float
    residual_df: float
    #: ``type III`` when the cells hold different numbers of values, else ``type I = II = III``
    sums_of_squares: str
    #: ``with interaction``, or ``additive`` when each cell holds one value (no interaction)
    model: str
    n_total: int
    #: the rows and data sets analysed, in order
    rows: tuple[str, ...]
    data_sets: tuple[str, ...]
    #: ``none``, ``withinRows``, ``withinDataSets`` or ``allCells``
    comparisons: str
    #: the correction used (``auto`` resolved; ``none`` without comparisons)
    correction: str
    pairs: tuple[CellComparison, ...]
    status: Status
    message: str


def two_way_analysis(
    cells: Sequence[Sequence[npt.ArrayLike]],
    row_names: Sequence[str],
    data_set_names: Sequence[str],
    *,
    comparisons: str = "none",
    correction: str = "auto",
    p_value_style: str = "graphpad",
) -> TwoWayAnalysis:
    """The two-way ANOVA of ``cells[row][data set]`` and the ``comparisons`` after it."""
    check_choice("comparisons", comparisons, COMPARISON_CHOICES)
    check_choice("correction", correction, TWO_WAY_CORRECTIONS)
    anova = two_way_anova(cells)
    pairs: tuple[CellComparison, ...] = ()
    method = "none"
    if comparisons != "none" and anova.status == "ok":
        # cells are named by index, so that a name holding " / " cannot be misread
        nr, nc = len(row_names), len(data_set_names)
        done = two_way_comparisons(
            cells, comparisons=comparisons, correction=correction,
            row_names=[str(i) for i in range(nr)], data_set_names=[str(j) for j in range(nc)],
            p_value_style=p_value_style,
        )  # fmt: skip
        method = done.method

        def cell(name: str) -> tuple[str, str]:
            i, j = name.split(" / ")
            return row_names[int(i)], data_set_names[int(j)]

        pairs = tuple(
            CellComparison(*cell(c.a), *cell(c.b), c.mean_difference, c.ci_lower, c.ci_upper, c.p)
            for c in done.rows
        )
    e = anova
    return TwoWayAnalysis(
        e.rows.ss, e.rows.df, e.rows.f, e.rows.p, e.data_sets.ss, e.data_sets.df, e.data_sets.f,
        e.data_sets.p, e.interaction.ss, e.interaction.df, e.interaction.f, e.interaction.p,
        e.residual.ss, e.residual.df, "type III" if e.unbalanced else "type I = II = III",
        "additive" if e.additive else "with interaction", e.n_total, tuple(row_names), tuple(data_set_names), comparisons, method,
        pairs, e.status, e.message,
    )  # fmt: skip
