"""Heat-map colour scale and the id-carrying cell grid."""

from __future__ import annotations

import io

import matplotlib as mpl
import numpy as np
import pytest
from matplotlib.figure import Figure

from plotdoc.render.artists.cells import CellGrid
from plotdoc.render.style.colors import contrast_text
from plotdoc.render.style.numbers import NumberFormat
from plotdoc.render.style.scales import auto_decimals, heat_scale

M = np.array([[1.0, 2.0], [3.0, np.nan]])


def test_domain_defaults_to_the_data_range() -> None:
    s = heat_scale(M, {"colormap": "sequential"})
    assert (s.lo, s.hi) == (1.0, 3.0)
    assert s.color(1.0) == pytest.approx(tuple(mpl.colormaps["viridis"](0.0)))


def test_diverging_without_domain_is_centred_on_zero() -> None:
    s = heat_scale(np.array([[-0.5, 2.0]]), {"colormap": "diverging"})
    assert (s.lo, s.hi) == (-2.0, 2.0)


def test_given_domain_reverse_and_grayscale() -> None:
    s = heat_scale(M, {"colormap": "grayscale", "domainMin": 0, "domainMax": 10, "reverse": True})
    assert (s.lo, s.hi) == (0.0, 10.0)
    # reversed Greys: the lowest value is black
    assert s.color(0.0)[:3] == pytest.approx((0.0, 0.0, 0.0), abs=1e-6)
    # values beyond the domain take the end colour
    assert s.color(99.0) == s.color(10.0)


def test_flat_domain_is_widened() -> None:
    s = heat_scale(np.array([[4.0, 4.0]]), {})
    assert (s.lo, s.hi) == (3.5, 4.5)


def test_contrast_and_value_text() -> None:
    assert contrast_text((0.0, 0.0, 0.1, 1.0)) == (1.0, 1.0, 1.0, 1.0)
    assert contrast_text((1.0, 1.0, 0.8, 1.0)) == (0.0, 0.0, 0.0, 1.0)
    assert auto_decimals(np.array([0.95, -0.2])) == 2
    assert auto_decimals(np.array([250.0])) == 0
    assert NumberFormat(decimals=2).text(-0.5) == "\u22120.50"
    assert NumberFormat(decimals=2).text(-0.001) == "0.00"


def test_cell_grid_writes_one_id_per_drawn_cell() -> None:
    fig = Figure()
    ax = fig.add_subplot()
    colors = np.ones((2, 3, 4))
    colors[1, 2, 3] = 0.0  # missing: not drawn
    grid = CellGrid(
        np.arange(4.0),
        np.arange(3.0),
        colors,
        transform=ax.transData,
        edgecolor=(0.0, 0.0, 0.0, 1.0),
        linewidth=1.0,
        cell_id=lambda r, c: f"cell/r{r}/c{c}",
    )
    ax.add_artist(grid)
    buf = io.StringIO()
    fig.savefig(buf, format="svg")
    svg = buf.getvalue()
    for r in range(2):
        for c in range(3):
            assert (f'id="cell/r{r}/c{c}"' in svg) == ((r, c) != (1, 2))
    fig.savefig(io.BytesIO(), format="png")
