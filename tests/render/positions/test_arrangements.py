"""Gap and width ratios of grouped arrangements are kept within bounds, as in every layout."""

from __future__ import annotations

import pytest

from plotdoc.render.positions.arrangements import grouped_layout
from plotdoc.render.positions.slots import category_layout


@pytest.mark.parametrize("arrangement", ["interleaved", "separated", "stacked", "superimposed"])
def test_huge_gap_ratio_is_clamped(arrangement: str) -> None:
    settings = {"groupGapRatio": 1e6, "columnGapRatio": 1e6, "seriesGapRatio": 1e6}
    lay = grouped_layout(arrangement, [0, 1], ["A", "B"], ["r1", "r2", "r3"], settings)
    assert lay.hi - lay.lo < 100
    one_level = category_layout("clustered", 3, 2, settings)
    assert one_level.limits[1] - one_level.limits[0] < 100


def test_bar_width_ratio_at_most_one_slot() -> None:
    lay = grouped_layout("interleaved", [0], ["A"], ["r1"], {"barWidthRatio": 5.0})
    assert lay.width <= 1.0


def test_one_baseline_rule_clamps_baseline_y() -> None:
    from types import SimpleNamespace
    from typing import Any, cast

    from plotdoc.render.marks import bars

    ctx = cast(Any, SimpleNamespace(settings={"baseline": "manual", "baselineY": 1e300}))
    assert bars.baseline(ctx) == 1e100
    assert not hasattr(bars, "grouped_baseline")
