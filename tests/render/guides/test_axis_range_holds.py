"""The user's axis range holds with brackets: a maximum the file sets is never changed (the
brackets are drawn above the plot area, or at most a little above it with a render-capped
warning); an automatic axis that grows to hold brackets still ends on a labelled tick."""

from __future__ import annotations

from typing import Any

import matplotlib
import pytest

from plotdoc.render.engine import draw_graph, rc_params
from plotdoc.render.notices import CAPPED, warning_code, warning_path

from ..docs import column_doc, open_doc


def _bracket(a: int, b: int, y: float | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "type": "bracket",
        "left": {"kind": "group", "groupIndex": a},
        "right": {"kind": "group", "groupIndex": b},
        "text": "**",
    }
    if y is not None:
        out["y"] = y
    return out


def _draw(doc: dict[str, Any]) -> tuple[Any, list[str]]:
    p = open_doc(doc)
    table = p.tables[0]
    assert table.graph is not None
    with matplotlib.rc_context(rc_params(table.graph)):
        fig, warnings = draw_graph(p, table)
        fig.canvas.draw()
        return fig, warnings


def _doc(leftY: dict[str, Any], *brackets: dict[str, Any], horizontal: bool = False) -> Any:
    values = [[100.0, 110.0, 120.0], [115.0, 125.0, 135.0], [90.0, 95.0, 100.0]]
    graph: dict[str, Any] = {"axesOverrides": {"leftY": leftY}}
    if horizontal:
        graph["graphSettingsOverride"] = {"direction": "horizontal"}
    return column_doc("scatter-bar", values=values, graph=graph, annotations=list(brackets))


@pytest.mark.parametrize("horizontal", [False, True])
def test_a_maximum_the_file_sets_holds_with_brackets(horizontal: bool) -> None:
    fig, warnings = _draw(
        _doc({"rangeMax": 140}, _bracket(0, 1), _bracket(0, 2), horizontal=horizontal)
    )
    ax = fig.axes[0]
    lim = ax.get_xlim() if horizontal else ax.get_ylim()
    assert max(lim) == 140.0
    assert warnings == []


def test_a_bracket_far_above_a_set_maximum_is_capped_with_a_warning() -> None:
    fig, warnings = _draw(_doc({"rangeMax": 140}, _bracket(0, 1, y=1000.0)))
    assert max(fig.axes[0].get_ylim()) == 140.0
    assert [warning_code(w) for w in warnings] == [CAPPED]
    assert warning_path(warnings[0]) == ("annotations", 0)


def test_an_automatic_axis_grown_for_brackets_ends_on_a_tick() -> None:
    fig, _ = _draw(_doc({}, _bracket(0, 1), _bracket(0, 2), _bracket(1, 2)))
    ax = fig.axes[0]
    top = max(ax.get_ylim())
    ticks = [t for t in ax.yaxis.get_majorticklocs() if min(ax.get_ylim()) <= t <= top]
    assert top > 135.0
    assert any(abs(t - top) < 1e-9 * top for t in ticks), (top, ticks)
