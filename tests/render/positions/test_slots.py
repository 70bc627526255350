"""The one slot engine behind every categorical layout."""

from __future__ import annotations

import pytest

from plotdoc.render.positions.arrangements import grouped_layout
from plotdoc.render.positions.slots import category_layout, place_slots


def test_place_slots_by_hand() -> None:
    # first gap 0.5, cluster of 2 slots 0.25 apart, gap 1, cluster of 1 slot, last gap 0.5
    run = place_slots([2, 1], cluster_gap=1.0, item_gap=0.25, first=0.5, last=0.5)
    assert run.centers == [[1.0, 2.25], [4.25]]
    assert run.spans == [(0.5, 2.75), (3.75, 4.75)]
    assert run.end == 5.25


def test_empty_run_is_the_two_end_gaps() -> None:
    assert place_slots([], 1.0, 0.0, 0.5, 0.25).end == 0.75


SETTINGS = {"groupGapRatio": 0.8, "seriesGapRatio": 0.1, "columnGapRatio": 0.3}


def test_column_and_grouped_layouts_share_the_engine() -> None:
    # an interleaved grouped graph and a two-level category layout place the same slots
    grouped = grouped_layout("interleaved", [0, 1, 2], ["a", "b", "c"], ["r0", "r1"], SETTINGS)
    column = category_layout("interleaved", 2, 3, SETTINGS)
    for r in range(2):
        for i in range(3):
            assert grouped.center(i, r) == pytest.approx(column.center(r, i))
    assert grouped.hi == pytest.approx(column.limits[1])
    assert [t.position for t in grouped.ticks] == pytest.approx(column.ticks)


def test_ratios_are_clamped_in_every_layout() -> None:
    huge = {"groupGapRatio": 1e6, "columnGapRatio": 1e6, "seriesGapRatio": 1e6}
    assert category_layout("single", 3, 1, huge).limits[1] == pytest.approx(0.5 + 3 + 20 + 0.5)
    assert grouped_layout("stacked", [0], ["a"], ["x", "y", "z"], huge).hi == pytest.approx(24.0)
