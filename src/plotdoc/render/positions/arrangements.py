"""Where the marks of a grouped or contingency graph stand on the category axis.

A grouped table has rows (groups, labelled by ``rowLabels``) and data sets (series). Each mark
stands in a *slot* one unit wide; the arrangement decides how slots are ordered:

``interleaved``
    for each row, one slot per data set side by side (``seriesGapRatio`` between them), rows
    apart by ``groupGapRatio``; the row label sits under the middle of its slots.
``separated``
    for each data set, one slot per row (``columnGapRatio`` between them), data sets apart by
    ``groupGapRatio`` plus ``columnGapRatio``; the row label sits under each slot and the data set
    name under the middle of its block.
``stacked`` and ``superimposed``
    one slot per row (``columnGapRatio`` between them), every data set in it.

``firstGapRatio`` and ``lastGapRatio`` pad the axis before the first and after the last slot.
All ratios are in slot widths, kept within [0, 10] like every categorical layout's
(:func:`plotdoc.render.positions.slots.ratio`); a bar is ``barWidthRatio`` of its slot wide. Only the visible
data sets take slots, so hiding one closes its gap.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .slots import place_slots, ratio

ARRANGEMENTS = ("interleaved", "separated", "stacked", "superimposed")


@dataclass(frozen=True, slots=True)
class CategoryTick:
    position: float
    label: str


@dataclass(frozen=True, slots=True)
class GroupedLayout:
    arrangement: str
    #: ``centers[(data_set_index, row)]``: the middle of the slot of that data set in that row
    centers: dict[tuple[int, int], float]
    #: the bar width (``barWidthRatio`` of a slot)
    width: float
    #: the category axis limits
    lo: float
    hi: float
    #: primary labels (row labels) and, for ``separated``, the data set names under them
    ticks: tuple[CategoryTick, ...]
    group_ticks: tuple[CategoryTick, ...]

    def center(self, data_set: int, row: int) -> float:
        return self.centers[(data_set, row)]


def grouped_layout(
    arrangement: str,
    data_sets: Sequence[int],
    names: Sequence[str],
    row_labels: Sequence[str],
    settings: Mapping[str, Any],
) -> GroupedLayout:
    """Slot centers for the visible ``data_sets`` (indexes, in order) and every row.

    ``names`` are the names of all data sets (indexed by data set index), ``row_labels`` one
    label per row, ``settings`` the resolved ``graphSettingsOverride``.
    """
    if arrangement not in ARRANGEMENTS:
        raise ValueError(f"unknown arrangement {arrangement!r}")
    width = ratio(settings, "barWidthRatio", 0.7, 1.0)
    group_gap = ratio(settings, "groupGapRatio", 0.5)
    series_gap = ratio(settings, "seriesGapRatio", 0.0)
    column_gap = ratio(settings, "columnGapRatio", 0.4)
    first = ratio(settings, "firstGapRatio", 0.5)
    last = ratio(settings, "lastGapRatio", 0.5)
    n_rows = len(row_labels)
    centers: dict[tuple[int, int], float] = {}
    ticks: list[CategoryTick] = []
    group_ticks: list[CategoryTick] = []
    if arrangement == "interleaved":
        # clusters are rows, one slot per data set in each
        run = place_slots([len(data_sets)] * n_rows, group_gap, series_gap, first, last)
        for r, (row, (start, stop)) in enumerate(zip(run.centers, run.spans, strict=True)):
            centers.update(zip(((i, r) for i in data_sets), row, strict=True))
            ticks.append(CategoryTick((start + stop) / 2, row_labels[r]))
    elif arrangement == "separated":
        # clusters are data sets, one slot per row in each
        run = place_slots(
            [n_rows] * len(data_sets), group_gap + column_gap, column_gap, first, last
        )
        for i, row, (start, stop) in zip(data_sets, run.centers, run.spans, strict=True):
            for r, x in enumerate(row):
                centers[(i, r)] = x
                ticks.append(CategoryTick(x, row_labels[r]))
            group_ticks.append(CategoryTick((start + stop) / 2, names[i]))
    else:
        # one slot per row, shared by every data set
        run = place_slots([1] * n_rows, column_gap, 0.0, first, last)
        for r, (x,) in enumerate(run.centers):
            for i in data_sets:
                centers[(i, r)] = x
            ticks.append(CategoryTick(x, row_labels[r]))
    return GroupedLayout(
        arrangement, centers, width, 0.0, run.end, tuple(ticks), tuple(group_ticks)
    )


def stagger_offsets(n: int, align: str, step: float = 0.15) -> list[float]:
    """Sideways offsets of ``n`` superimposed series: all 0 when ``aligned``; else spread.

    ``staggered`` moves series ``k`` by ``(k - (n - 1) / 2) * step`` slot widths, so the centers
    of several data sets in one row do not hide each other.
    """
    if align != "staggered" or n < 2:
        return [0.0] * n
    return [(k - (n - 1) / 2) * step for k in range(n)]
