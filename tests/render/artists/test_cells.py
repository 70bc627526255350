"""CellGrid draws in PNG what matplotlib's ``pcolormesh`` draws by default, pixel for pixel.

Each case draws the same cells (random colours, some missing) twice on a plain axes: once as
a CellGrid, which writes a PNG's borderless cells as one image, and once with matplotlib's own
``pcolormesh`` (no antialiasing, snapped: its defaults), then compares the canvases.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from numpy.typing import NDArray

from plotdoc.render.artists.cells import CellGrid


def _picture(
    grid: bool,
    x_edges: NDArray[np.float64],
    y_edges: NDArray[np.float64],
    colors: NDArray[np.float64],
    *,
    invert: bool,
    dpi: float,
    limits: tuple[float, float, float, float] | None = None,
) -> NDArray[Any]:
    fig = Figure(figsize=(4, 3), dpi=dpi)
    ax = fig.add_axes((0.1, 0.1, 0.8, 0.8))
    if grid:
        ax.add_artist(
            CellGrid(
                x_edges,
                y_edges,
                colors,
                transform=ax.transData,
                edgecolor=(0.0, 0.0, 0.0, 1.0),
                linewidth=0.0,
                cell_id=lambda r, c: f"cell/{r}/{c}",
            )
        )
    else:
        shape = (y_edges.size - 1, x_edges.size - 1)
        mesh = ax.pcolormesh(x_edges, y_edges, np.zeros(shape), antialiased=False, snap=True)
        mesh.set_array(None)
        mesh.set_facecolor(colors.reshape(-1, 4))
    x_lo, x_hi, y_lo, y_hi = limits or (x_edges.min(), x_edges.max(), y_edges.min(), y_edges.max())
    ax.set_xlim(x_lo, x_hi)
    ax.set_ylim(y_lo, y_hi)
    if invert:
        ax.invert_yaxis()
    ax.set_axis_off()
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    return np.asarray(canvas.buffer_rgba()).copy()


rng = np.random.default_rng(7)
CASES = {
    "uniform": (np.arange(41.0), np.arange(31.0), False, 100.0, None),
    "rows downwards, odd resolution": (np.arange(41.0), np.arange(31.0), True, 137.0, None),
    "uneven edges": (
        np.cumsum(rng.uniform(0.2, 2.0, 41)),
        np.cumsum(rng.uniform(0.2, 2.0, 31)),
        False,
        72.0,
        None,
    ),
    "reaching past the plot area": (
        np.arange(41.0),
        np.arange(31.0),
        False,
        100.0,
        (-30.0, 20.3, 4.7, 12.2),
    ),
    "a narrow view, rows downwards": (
        np.arange(41.0),
        np.arange(31.0),
        True,
        90.0,
        (-300.0, 250.0, 0.0, 30.0),
    ),
    "a cell smaller than a pixel": (np.arange(401.0), np.arange(301.0), False, 50.0, None),
}


@pytest.mark.parametrize("case", list(CASES))
def test_png_cells_are_what_pcolormesh_draws(case: str) -> None:
    x_edges, y_edges, invert, dpi, limits = CASES[case]
    colors = np.random.default_rng(3).uniform(size=(y_edges.size - 1, x_edges.size - 1, 4))
    colors[..., 3] = 1.0
    colors[3, 5, 3] = 0.0  # missing cells show the background
    colors[7, 1, 3] = 0.0
    ours = _picture(True, x_edges, y_edges, colors, invert=invert, dpi=dpi, limits=limits)
    theirs = _picture(False, x_edges, y_edges, colors, invert=invert, dpi=dpi, limits=limits)
    assert ours.shape == theirs.shape
    differ = np.abs(ours.astype(int) - theirs.astype(int)).max(axis=2) > 0
    assert not differ.any(), f"{int(differ.sum())} pixels differ"
    # the picture is not empty: the cells' own colours are there
    assert len(np.unique(ours.reshape(-1, 4), axis=0)) > 100
