"""Points of a column spread as a beeswarm on the page: symbol centres stay about a diameter
apart with many points, with ties, and on a log axis, in every family that spreads points."""

from __future__ import annotations

import itertools
import math
from typing import Any

import numpy as np
import pytest

from plotdoc.render.positions.spread import beeswarm

from ..docs import Svg, column_doc, nested_doc, svg_of, with_graph
from ..row_docs import grouped_doc

RNG = np.random.default_rng(7)
N40 = np.round(RNG.normal(10.0, 2.0, 40), 2).tolist()
#: 40 values on 8 levels: five equal values on each
TIES = [float(v) for v in np.repeat(np.arange(1, 9), 5)]
#: 40 values over three decades
LOG = np.round(np.exp(RNG.normal(2.0, 1.0, 40)), 3).tolist()
#: modern: symbol size 6 pt with a 1 pt border; the SVG's unit is the point
DIAMETER = 7.0


def _closest(svg: Svg, prefix: str) -> float:
    pts = [svg.point(s) for s in svg.ids(prefix) if s.count("/") >= 2]
    assert len(pts) >= 2
    return min(math.dist(a, b) for a, b in itertools.combinations(pts, 2))


def test_beeswarm_keeps_a_diameter_between_centres() -> None:
    v = np.asarray(N40) * 10.0
    off = beeswarm(v, 7.0, 1000.0)
    pts = np.column_stack([off, v])
    d = [math.dist(a, b) for a, b in itertools.combinations(pts, 2)]
    assert min(d) >= 7.0 - 1e-6
    assert np.abs(off).max() < 7.0 * 6  # a swarm, not a line


def test_beeswarm_squeezes_only_the_crowded_row() -> None:
    v = np.array([0.0] * 20 + [50.0] * 3)
    off = beeswarm(v, 7.0, 20.0)
    assert np.abs(off).max() <= 20.0 + 1e-9
    assert sorted(np.round(off[20:], 6)) == [-7.0, 0.0, 7.0]  # the short row keeps its spacing


CASES: dict[str, Any] = {
    "column-n40": lambda: column_doc("column-scatter-only", values=[N40]),
    "column-ties": lambda: column_doc("scatter-bar", values=[TIES]),
    "column-log": lambda: with_graph(
        column_doc("column-scatter-only", values=[LOG]),
        axesOverrides={"leftY": {"scale": "log10"}},
    ),
    "grouped-ties": lambda: grouped_doc(
        "grouped-interleaved-scatter", values=[[[1.0, 1.0, 1.0, 1.0, 2.0, 2.0, 2.0]]]
    ),
    "nested": lambda: nested_doc("nested-scatter"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_symbol_centres_about_a_diameter_apart(case: str) -> None:
    svg = svg_of(with_graph(CASES[case](), plotGeometry={"widthPt": 240, "heightPt": 216}))
    for prefix in {s.rsplit("/", 1)[0] + "/" for s in svg.ids("symbol/")}:
        assert _closest(svg, prefix) >= 0.95 * DIAMETER, prefix


def test_log_axis_spread_has_no_diagonal_streaks() -> None:
    """On a log axis, points close on the page sit side by side, not on a slant: every pair
    closer than two diameters in value is apart sideways by at least most of a diameter."""
    doc = CASES["column-log"]()
    svg = svg_of(with_graph(doc, plotGeometry={"widthPt": 240, "heightPt": 216}))
    pts = [svg.point(s) for s in svg.ids("symbol/ds0/")]
    for (x0, y0), (x1, y1) in itertools.combinations(pts, 2):
        if abs(y0 - y1) < 0.5 * DIAMETER:
            assert abs(x0 - x1) >= 0.8 * DIAMETER
