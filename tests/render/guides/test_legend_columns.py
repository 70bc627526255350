"""A legend beside the plot takes more columns when one would be taller than the output,
and says so when even ten columns do not fit; a legend that fits stays as asked."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from plotdoc.render.caps import REACH_IN
from plotdoc.render.notices import CAPPED, warning_code

from ..docs import project
from ..row_docs import drawn


def _doc(sets: int, **legend: Any) -> dict[str, Any]:
    rng = np.random.default_rng(sets)
    return project(
        {
            "name": "Many",
            "format": "xy",
            "x": list(range(8)),
            "dataSets": [
                {"name": f"Series {k}", "values": [[float(v)] for v in rng.normal(size=8)]}
                for k in range(sets)
            ],
            "graph": {"variantId": "scatter", "legend": legend},
        }
    )


def _legend(fig: Figure) -> Any:
    legend = fig.axes[0].get_legend()
    assert legend is not None
    return legend


def _outside(fig: Figure) -> list[str]:
    """The legend entries whose text reaches past what the output shows."""
    renderer = FigureCanvasAgg(fig).get_renderer()
    w, h = (float(v) * fig.dpi for v in fig.get_size_inches())
    reach = REACH_IN * fig.dpi
    out = []
    for text in _legend(fig).get_texts():
        box = text.get_window_extent(renderer)
        if box.x0 < -reach or box.y0 < -reach or box.x1 > w + reach or box.y1 > h + reach:
            out.append(text.get_text())
    return out


def _capped(warnings: list[str]) -> list[str]:
    return [w for w in warnings if warning_code(w) == CAPPED and "legend" in w]


@pytest.mark.parametrize("position", ["auto", "right"])
def test_forty_entries_stand_in_columns_within_the_output(position: str) -> None:
    fig, warnings = drawn(_doc(40, position=position))
    assert _legend(fig)._ncols > 1
    assert not _outside(fig)
    assert not _capped(warnings)


def test_a_legend_left_of_the_plot_in_columns_that_reach_past_the_output_says_so() -> None:
    """Left of the plot, the room is the figure's margin and the output's reach: the
    columns of forty entries reach past it (their symbols first)."""
    fig, warnings = drawn(_doc(40, position="left"))
    assert _legend(fig)._ncols > 1
    assert len(_capped(warnings)) == 1


def test_a_legend_that_fits_keeps_its_columns() -> None:
    fig, _ = drawn(_doc(16))
    assert _legend(fig)._ncols == 1
    fig, _ = drawn(_doc(6, columns=2))
    assert _legend(fig)._ncols == 2


def test_a_legend_in_a_corner_of_the_plot_is_not_given_columns() -> None:
    fig, _ = drawn(_doc(40, position="upperRight"))
    assert _legend(fig)._ncols == 1


@pytest.mark.parametrize("sets", [150, 400])
def test_a_legend_whose_columns_the_output_cannot_hold_says_so(sets: int) -> None:
    fig, warnings = drawn(_doc(sets))
    columns = _legend(fig)._ncols
    assert 1 < columns <= 10
    assert _outside(fig)
    assert _capped(warnings) == [
        f"the legend's {sets} entries do not fit beside the graph, even in {columns} columns: "
        "part of it is cut off; a smaller legend font (legend.fontSize), fewer entries "
        "(legend.itemOverrides hidden) or fewer data sets per graph would show them all"
    ]


def test_a_legend_of_more_entries_than_its_room_could_hold_shows_the_first() -> None:
    """300 entries in 40 pt at one em each would not stand in ten columns of the room: the
    legend is built of the first that could (a pie's 2,000 parts in a bar of slices took
    seconds to build) and says so."""
    fig, warnings = drawn(_doc(300, fontSize=40))
    shown = len(_legend(fig).get_texts())
    assert 10 < shown < 300
    assert [t.get_text() for t in _legend(fig).get_texts()][:3] == [
        "Series 0",
        "Series 1",
        "Series 2",
    ]
    assert _capped(warnings) == [
        f"the legend's 300 entries do not fit beside the graph, it shows the first {shown:,}, "
        "and part of them is cut off; a smaller legend font (legend.fontSize), fewer entries "
        "(legend.itemOverrides hidden) or fewer data sets per graph would show them all"
    ]
