"""A majorInterval too small for its axis draws, with automatic ticks and a ``render-capped``
warning naming the interval (it was drawn silently, or failed in matplotlib with "Maximum
allowed size exceeded")."""

from __future__ import annotations

import numpy as np
import pytest
from matplotlib.ticker import MultipleLocator

from plotdoc.render import render_table_checked
from plotdoc.render.engine import draw_graph
from plotdoc.render.notices import CAPPED, warning_code, warning_path

from ..docs import open_doc, xy_doc


@pytest.mark.parametrize(("axis", "interval"), [("leftY", 1e-9), ("xContinuous", 1e-300)])
def test_a_tiny_major_interval_draws_with_ticks_capped(axis: str, interval: float) -> None:
    doc = xy_doc(graph={"axesOverrides": {axis: {"majorInterval": interval}}})
    p = open_doc(doc)
    drawn = render_table_checked(p, p.tables[0], fmt="png", dpi=72)
    assert drawn.data.startswith(b"\x89PNG")
    capped = [w for w in drawn.warnings if warning_code(w) == CAPPED]
    assert len(capped) == 1, drawn.warnings
    assert warning_path(capped[0]) == ("graph", "axesOverrides", axis, "majorInterval")
    assert f"{interval:g}" in capped[0] and "200" in capped[0]
    fig, _ = draw_graph(p, p.tables[0])
    ax = fig.axes[0]
    ticks = ax.get_yticks() if axis == "leftY" else ax.get_xticks()
    assert 2 <= len(ticks) <= 200
    assert np.all(np.diff(ticks) > interval * 10)


def test_an_interval_the_axis_can_hold_is_drawn_without_warning() -> None:
    doc = xy_doc(graph={"axesOverrides": {"leftY": {"majorInterval": 0.5}}})
    p = open_doc(doc)
    drawn = render_table_checked(p, p.tables[0], fmt="png", dpi=72)
    assert not [w for w in drawn.warnings if warning_code(w) == CAPPED]
    fig, _ = draw_graph(p, p.tables[0])
    locator = fig.axes[0].yaxis.get_major_locator()
    assert isinstance(locator, MultipleLocator)
    assert np.allclose(np.diff(fig.axes[0].get_yticks()), 0.5)
