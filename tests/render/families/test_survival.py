"""Survival curves: the start at (0, 100%)."""

from __future__ import annotations

import pytest

from ..docs import project, svg_of


def _doc(variant: str) -> dict[str, object]:
    # one subject of five has its event at time 0
    x = [0, 2, 4, 6, 8]
    sets = [{"name": "A", "values": [[1], [1], [0], [1], [1]]}]
    g = {"variantId": variant}
    return project({"name": "S", "format": "survival", "x": x, "dataSets": sets, "graph": g})


@pytest.mark.parametrize(
    "variant", ["survival-staircase-ticks", "survival-point-to-point", "survival-staircase-points"]
)
def test_event_at_time_zero_starts_at_full_survival(variant: str) -> None:
    svg = svg_of(_doc(variant))
    pts = svg.path_points("line/ds0")
    x0, y0 = pts[0]
    at_zero = [p[1] for p in pts if p[0] == x0]
    assert y0 == min(p[1] for p in pts)  # the curve starts at 100% (SVG y grows downwards)
    assert max(at_zero) > y0  # and drops at time 0
