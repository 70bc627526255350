"""rows_center_and_error equals center_and_error row by row, for every choice."""

from __future__ import annotations

import numpy as np
import pytest

from plotdoc.contract.plots import CENTER_ERROR_MODES, XY_CENTERS, XY_ERRORS
from plotdoc.stats import center_and_error
from plotdoc.stats.rowwise import rows_center_and_error


def _rows() -> np.ndarray:
    rng = np.random.default_rng(0)
    v = rng.lognormal(1.0, 0.6, (40, 5))
    v[rng.random(v.shape) < 0.2] = np.nan  # missing cells, some rows with one or no value
    v[3] = np.nan
    v[4, 1:] = np.nan
    v[5, 0] = -1.0  # a non-positive value: no geometric statistics for that row
    v[6] = [2.0, 2.0, 2.0, 2.0, 2.0]
    return v


CHOICES = (
    [(m, None) for m in CENTER_ERROR_MODES]
    + [(c, e) for c in XY_CENTERS for e in XY_ERRORS]
    + [("lineAtMean", None), ("lineAtMedian", None)]
)


@pytest.mark.parametrize(("center", "error"), CHOICES)
def test_matches_center_and_error(center: str, error: str | None) -> None:
    v = _rows()
    got = rows_center_and_error(v, center, error)
    for r in range(v.shape[0]):
        want = center_and_error(v[r], center, error)
        for name, a, b in (
            ("center", got.center[r], want.center),
            ("lower", got.lower[r], want.lower),
            ("upper", got.upper[r], want.upper),
        ):
            assert (np.isnan(a) and np.isnan(b)) or a == pytest.approx(b, rel=1e-12, abs=1e-12), (
                r,
                name,
                a,
                b,
            )
        assert got.n[r] == want.n


def test_one_dimensional_input_is_one_value_per_row() -> None:
    got = rows_center_and_error([1.0, np.nan, 3.0], "meanWithSd")
    assert list(got.n) == [1, 0, 1]
    assert got.center[0] == 1.0 and np.isnan(got.center[1]) and np.isnan(got.lower[0])
