"""A survival curve names the rows it leaves out (a negative or missing time, a code other than
0 and 1), and the number-at-risk labels end clear of the first count."""

from __future__ import annotations

import copy
from typing import Any

import matplotlib
from matplotlib.backends.backend_agg import FigureCanvasAgg

from plotdoc.render.engine import draw_graph, rc_params
from plotdoc.render.notices import HIDDEN, warning_code, warning_path

from ..docs import open_doc, survival_doc


def _warnings(doc: dict[str, Any]) -> list[Any]:
    p = open_doc(doc)
    table = p.tables[0]
    assert table.graph is not None
    with matplotlib.rc_context(rc_params(table.graph)):
        _, warnings = draw_graph(p, table)
    return [w for w in warnings if warning_code(w) == HIDDEN]


def test_a_negative_time_is_named() -> None:
    doc = copy.deepcopy(survival_doc())
    doc["tables"][0]["x"][1] = -2  # group A's second row
    found = _warnings(doc)
    assert len(found) == 1, found
    assert warning_path(found[0]) == ("dataSets", 0)
    assert "leaves out row 2 (a missing or negative time)" in found[0]


def test_rows_of_other_groups_are_not_left_out_rows() -> None:
    assert _warnings(survival_doc()) == []


def test_the_number_at_risk_label_ends_before_the_first_count() -> None:
    doc = survival_doc(
        graph={"plot": {"family": "survival", "options": {"showNumberAtRisk": True}}}
    )
    doc["tables"][0]["dataSets"][0]["name"] = "Standard of care"
    p = open_doc(doc)
    table = p.tables[0]
    assert table.graph is not None
    with matplotlib.rc_context(rc_params(table.graph)):
        fig, _ = draw_graph(p, table)
        renderer = FigureCanvasAgg(fig).get_renderer()
        by_id = {a.get_gid(): a for a in fig.findobj() if a.get_gid()}
        label = by_id["atrisk/ds0/label"].get_window_extent(renderer)
        first = by_id["atrisk/ds0/t0"].get_window_extent(renderer)
    gap_pt = (first.x0 - label.x1) * 72 / fig.dpi
    assert gap_pt >= 4.0, (label, first)
