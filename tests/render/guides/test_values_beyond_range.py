"""Symbols beyond an axis range the file sets are not drawn, and the graph says which and how
many (render-value-hidden); an automatic range holds every value and says nothing."""

from __future__ import annotations

from typing import Any

import matplotlib
import numpy as np
import pytest

from plotdoc.render.engine import draw_graph, rc_params
from plotdoc.render.notices import HIDDEN, warning_code, warning_path

from ..docs import column_doc, open_doc, project


def _hidden(doc: dict[str, Any]) -> list[str]:
    p = open_doc(doc)
    table = p.tables[0]
    assert table.graph is not None
    with matplotlib.rc_context(rc_params(table.graph)):
        _, warnings = draw_graph(p, table)
    return [w for w in warnings if warning_code(w) == HIDDEN]


VALUES = [[100.0, 110.0, 120.0, 777.0], [115.0, 125.0, 135.0, 130.0]]


@pytest.mark.parametrize("horizontal", [False, True])
def test_a_value_above_a_set_maximum_is_counted_and_named(horizontal: bool) -> None:
    graph: dict[str, Any] = {"axesOverrides": {"leftY": {"rangeMin": 50, "rangeMax": 140}}}
    if horizontal:
        graph["graphSettingsOverride"] = {"direction": "horizontal"}
    hidden = _hidden(column_doc("scatter-bar", values=VALUES, graph=graph))
    symbols = [w for w in hidden if "symbol" in w]
    assert len(symbols) == 1, hidden
    (warning,) = symbols
    assert warning_path(warning) == ("dataSets", 0)
    assert warning.startswith("1 symbol of data set 'C0'")
    assert "from 50 to 140" in warning


@pytest.mark.parametrize("horizontal", [False, True])
def test_a_bar_cut_at_a_set_maximum_is_named(horizontal: bool) -> None:
    """The mean of 100, 110, 120 and 777 is 277: its bar and error bar are cut at 140."""
    graph: dict[str, Any] = {"axesOverrides": {"leftY": {"rangeMin": 50, "rangeMax": 140}}}
    if horizontal:
        graph["graphSettingsOverride"] = {"direction": "horizontal"}
    hidden = _hidden(column_doc("scatter-bar", values=VALUES, graph=graph))
    cut = [w for w in hidden if "drawn cut" in w]
    assert len(cut) == 1, hidden
    assert warning_path(cut[0]) == ("dataSets", 0)
    assert cut[0].startswith("bars and error bars of data set 'C0'")
    assert "from 50 to 140" in cut[0]


@pytest.mark.parametrize(
    ("variant", "word"), [("box", "whiskers"), ("xy", "lines"), ("violin", "violins")]
)
def test_boxes_lines_and_violins_cut_at_a_set_range_are_named(variant: str, word: str) -> None:
    graph: dict[str, Any] = {"axesOverrides": {"leftY": {"rangeMin": 0, "rangeMax": 130}}}
    if variant == "xy":
        table = {
            "name": "XY",
            "format": "xy",
            "x": [1.0, 2.0, 3.0],
            "dataSets": [{"name": "S", "values": [[100.0], [200.0], [110.0]]}],
            "graph": {"variantId": "xy-line-only", **graph},
        }
        doc = project(table)
    else:
        vid = {"box": "column-box-whiskers", "violin": "column-violin"}[variant]
        doc = column_doc(vid, values=VALUES, graph=graph)
    hidden = _hidden(doc)
    assert any("drawn cut" in w and word in w.split(" of data set")[0] for w in hidden), hidden


def test_an_automatic_range_hides_nothing() -> None:
    assert _hidden(column_doc("scatter-bar", values=VALUES)) == []


def test_xy_points_beyond_set_x_and_y_ranges_are_counted_once_each() -> None:
    rng = np.random.default_rng(4)
    x = np.arange(20.0)
    y = rng.normal(10.0, 1.0, size=20)
    y[3], y[7] = 50.0, -30.0  # beyond Y
    ranges = {"xContinuous": {"rangeMax": 15}, "leftY": {"rangeMin": 0, "rangeMax": 20}}
    table = {
        "name": "XY",
        "format": "xy",
        "x": x.tolist(),
        "dataSets": [{"name": "S", "values": [[v] for v in y.tolist()]}],
        "graph": {"variantId": "scatter", "axesOverrides": ranges},
    }
    hidden = _hidden(project(table))
    assert len(hidden) == 1, hidden
    # rows 16 to 19 beyond X (4), rows 3 and 7 beyond Y (2), as numpy counts them
    expected = int((x > 15).sum() + ((x <= 15) & ((y > 20) | (y < 0))).sum())
    assert hidden[0].startswith(f"{expected} symbols of data set 'S'"), hidden[0]
    assert "X from" in hidden[0] and "Y from 0 to 20" in hidden[0]
