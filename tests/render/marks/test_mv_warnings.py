"""Volcano p values of 0 or no p value at all, and forest intervals whose lower limit is above
the upper, are drawn as far as they can be and named."""

from __future__ import annotations

from typing import Any

import matplotlib
import numpy as np

from plotdoc.render.engine import draw_graph, rc_params
from plotdoc.render.notices import AMBIGUOUS, HIDDEN, warning_code, warning_path

from ..docs import open_doc
from ..row_docs import by_gid, figure_of, mv_doc


def _warnings(doc: dict[str, Any]) -> list[Any]:
    p = open_doc(doc)
    table = p.tables[0]
    assert table.graph is not None
    with matplotlib.rc_context(rc_params(table.graph)):
        _, warnings = draw_graph(p, table)
    return list(warnings)


def _volcano(p: list[float]) -> dict[str, Any]:
    fc = [2.0, -2.0, 0.1, 3.0, 1.5][: len(p)]
    return mv_doc("mv-volcano", "volcano", {"x": 0, "y": 1}, [("log2fc", fc), ("p", p)])


def test_a_p_of_zero_is_drawn_with_the_strongest_point_not_at_300() -> None:
    doc = _volcano([1e-8, 0.01, 0.5, 0.0, 0.2])
    fig = figure_of(doc)
    ylim = fig.axes[0].get_ylim()
    assert ylim[1] < 20  # -log10 1e-8 is 8: the axis is not stretched to 300
    found = [w for w in _warnings(doc) if warning_code(w) == AMBIGUOUS]
    assert len(found) == 1 and "p = 0 in row 4 of 'p'" in found[0], found
    assert warning_path(found[0]) == ("dataSets", 1)


def test_a_p_above_one_is_left_out_and_named() -> None:
    doc = _volcano([1e-8, 0.01, 0.5, 3.0, 0.2])
    fig = figure_of(doc)
    assert fig.axes[0].get_ylim()[0] >= -0.5  # nothing drawn below zero
    found = [w for w in _warnings(doc) if warning_code(w) == HIDDEN]
    assert len(found) == 1 and "row 4 of 'p' holds a value above 1" in found[0], found


def test_a_forest_interval_with_its_limits_swapped_is_named() -> None:
    sets = [
        ("or", [0.8, 1.3, 0.6]),
        ("lo", [0.6, 1.8, 0.3]),
        ("hi", [1.0, 1.1, 0.9]),
    ]
    doc = mv_doc("mv-forest", "forest", {"x": 0, "lower": 1, "upper": 2}, sets)
    found = [w for w in _warnings(doc) if warning_code(w) == AMBIGUOUS]
    assert len(found) == 1 and found[0].startswith("row 2: the lower limit ('lo')"), found
    assert warning_path(found[0]) == ("dataSets", 1)
    assert np.isfinite(by_gid(figure_of(doc), "intervals").low).all()
