"""The heat map's value matrix, prepared without matplotlib."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from plotdoc.render.prepare.heat import heat_matrix

from ..docs import open_doc
from ..row_docs import grouped_doc

VALUES: list[list[list[float | None]]] = [
    [[1.0, 2.0, 9.0], [4.0, None, 6.0], [None, None, None]],
    [[2.0, 3.0, 4.0], [5.0, 6.0, 70.0], [8.0, 9.0, 10.0]],
]


def _expected(how: str, order: list[int]) -> np.ndarray:
    cube = np.array([[[np.nan if v is None else v for v in row] for row in ds] for ds in VALUES])
    with np.errstate(all="ignore"), pytest.warns(RuntimeWarning):
        agg = np.nanmedian(cube, axis=2) if how == "median" else np.nanmean(cube, axis=2)
    return agg[order].T


@pytest.mark.parametrize("how", ["mean", "median"])
def test_cells_are_the_mean_or_median_of_their_replicates(how: str) -> None:
    table = open_doc(grouped_doc("grouped-heat-map", values=VALUES)).tables[0]
    got = heat_matrix(table, [1, 0], {"aggregation": how})
    np.testing.assert_allclose(got, _expected(how, [1, 0]))
    assert np.isnan(got[2, 1])  # a row without values stays empty


def test_preparing_a_heat_map_loads_no_matplotlib() -> None:
    code = "import sys, plotdoc.render.prepare.heat; print('matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
