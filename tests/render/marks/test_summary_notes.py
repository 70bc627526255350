"""Summaries a graph cannot draw, or draws otherwise than their name says, are named at their
data set: a geometric mean of data holding a value of zero or below (not drawn, as in
Prism), a median's '95% CI' of n = 2 to 5 (the range, a lower level), an error bar a log
axis cuts at its edge."""

from __future__ import annotations

from typing import Any

import matplotlib
import pytest

from plotdoc.render.engine import draw_graph, rc_params
from plotdoc.render.notices import AMBIGUOUS, HIDDEN, warning_code, warning_path

from ..docs import column_doc, open_doc, project
from ..row_docs import grouped_doc


def _warnings(doc: dict[str, Any], code: str) -> list[str]:
    p = open_doc(doc)
    table = p.tables[0]
    assert table.graph is not None
    with matplotlib.rc_context(rc_params(table.graph)):
        _, warnings = draw_graph(p, table)
    return [w for w in warnings if warning_code(w) == code]


def _column(variant: str, mode: str, values: list[list[float | None]]) -> dict[str, Any]:
    graph = {"plot": {"family": "column", "options": {"mode": mode}}}
    return column_doc(variant, values=values, graph=graph)


POSITIVE = [2.0, 3.0, 4.0, 5.0]
WITH_ZERO = [0.0, 3.0, 4.0, 5.0]


@pytest.mark.parametrize(
    ("variant", "mode"),
    [
        ("bar", "geoMean"),
        ("bar", "geoMeanWithCi95"),
        ("column-scatter-only", "geoMeanWithCi95"),
        ("column-scatter-only", "geoMeanWithGeoSd"),
        ("scatter-bar", "geoMeanWithGeoSd"),
    ],
)
def test_a_geometric_mean_left_out_is_named(variant: str, mode: str) -> None:
    found = _warnings(_column(variant, mode, [POSITIVE, WITH_ZERO]), HIDDEN)
    assert len(found) == 1, found
    assert warning_path(found[0]) == ("dataSets", 1)
    assert "data set 'C1' holds 1 value of zero or below" in found[0]
    assert "geometric mean cannot be computed" in found[0]


def test_positive_data_says_nothing() -> None:
    assert _warnings(_column("bar", "geoMeanWithCi95", [POSITIVE, POSITIVE]), HIDDEN) == []


def test_a_grouped_row_left_out_is_counted() -> None:
    values = [[[1.0, 2.0], [-1.0, 2.0], [3.0, 4.0]], [[1.0, 2.0], [2.0, 3.0], [3.0, 4.0]]]
    doc = grouped_doc("grouped-interleaved-bars", values=values, options={"mode": "geoMean"})
    found = _warnings(doc, HIDDEN)
    assert len(found) == 1 and "1 row of data set 'G0' hold" in found[0], found


def test_an_xy_geometric_centre_left_out_is_named() -> None:
    table = {
        "name": "XY",
        "format": "xy",
        "replicates": 2,
        "x": [1.0, 2.0, 3.0],
        "dataSets": [{"name": "S", "values": [[1.0, 2.0], [0.0, 2.0], [3.0, 4.0]]}],
        "graph": {
            "variantId": "xy-points-error",
            "plot": {"family": "xy", "options": {"center": "geoMeanError", "error": "geoSd"}},
        },
    }
    found = _warnings(project(table), HIDDEN)
    assert len(found) == 1 and "1 X value of data set 'S'" in found[0], found


@pytest.mark.parametrize(("n", "level"), [(2, "50%"), (4, "87.5%"), (5, "93.75%")])
def test_a_median_ci_of_few_values_says_its_level(n: int, level: str) -> None:
    values = [[float(v) for v in range(n)], [float(v) for v in range(8)]]
    found = _warnings(_column("column-mean-error", "medianWithCi95", values), AMBIGUOUS)
    assert len(found) == 1, found
    assert warning_path(found[0]) == ("dataSets", 0)
    assert f"n = {n}" in found[0] and f"{level} for n = {n}" in found[0]


def test_a_median_ci_of_six_values_is_a_95_percent_ci() -> None:
    values = [[float(v) for v in range(6)], [float(v) for v in range(8)]]
    assert _warnings(_column("column-mean-error", "medianWithCi95", values), AMBIGUOUS) == []


def test_an_error_bar_a_log_axis_cuts_is_named() -> None:
    graph = {
        "plot": {"family": "column", "options": {"mode": "meanWithSd"}},
        "axesOverrides": {"leftY": {"scale": "log10"}},
    }
    spread = [1.0, 2.0, 30.0]  # mean 11, SD 16.5: the bar's lower end is below zero
    tight = [10.0, 11.0, 12.0]
    found = _warnings(
        column_doc("column-mean-error", values=[tight, spread], graph=graph), AMBIGUOUS
    )
    assert len(found) == 1, found
    assert warning_path(found[0]) == ("dataSets", 1)
    assert "1 error bar of data set 'C1' reaches zero or below" in found[0]
