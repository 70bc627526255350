"""Where an XY line breaks at missing centres: a centre no segment reaches is still drawn
(a dot of the line's colour), and an area or error band breaks where the line does."""

from __future__ import annotations

from typing import Any

import pytest
from matplotlib.patches import PathPatch

from ..docs import project
from ..row_docs import by_gid, figure_of

#: the centre at X = 3 has both neighbours missing
VALUES: list[list[float | None]] = [
    [1.0, 1.2],
    [2.0, 2.2],
    [None, None],
    [4.0, 4.4],
    [None, None],
    [5.0, 5.2],
    [6.0, 6.1],
]


def _doc(variant: str) -> dict[str, Any]:
    return project(
        {
            "name": "Gaps",
            "format": "xy",
            "replicates": 2,
            "x": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0],
            "dataSets": [{"name": "A", "values": VALUES}],
            "graph": {"variantId": variant},
        }
    )


@pytest.mark.parametrize("variant", ["xy-line-only", "xy-line-error", "xy-area", "xy-area-error"])
def test_a_lone_centre_is_drawn(variant: str) -> None:
    fig = figure_of(_doc(variant))
    line = by_gid(fig, "line/ds0")
    assert line.get_marker() == "o"
    marked = [int(k) for k in line.get_markevery()]
    xs = line.get_xdata()
    assert [float(xs[k]) for k in marked] == [4.0]  # the centre at X = 4 alone
    assert line.get_markersize() >= 4.5


def test_a_line_with_symbols_needs_no_dot() -> None:
    fig = figure_of(_doc("line"))
    assert by_gid(fig, "line/ds0").get_marker() in ("None", "none", None, "")


@pytest.mark.parametrize(
    ("variant", "gid"), [("xy-area", "area/ds0"), ("xy-area-error", "band/error/ds0")]
)
def test_fill_breaks_where_the_line_breaks(variant: str, gid: str) -> None:
    fig = figure_of(_doc(variant))
    patch = by_gid(fig, gid)
    assert isinstance(patch, PathPatch)
    codes = patch.get_path().codes
    # X 1-2 and X 6-7 are two pieces; X 4 alone has no area
    assert list(codes).count(1) == 2  # two MOVETO: two pieces, nothing over the gaps
    xs = patch.get_path().vertices[:, 0]
    assert not ((xs > 2.0) & (xs < 6.0)).any()
