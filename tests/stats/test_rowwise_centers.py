"""Row centers for heat maps agree with center_and_error, row by row."""

from __future__ import annotations

import numpy as np
import pytest

from plotdoc.stats.descriptive import center_and_error
from plotdoc.stats.rowwise import row_centers


@pytest.mark.parametrize("center", ["mean", "median"])
def test_row_centers_match_center_and_error(center: str) -> None:
    rng = np.random.default_rng(0)
    a = rng.normal(size=(40, 5))
    a[rng.random(a.shape) < 0.2] = np.nan
    a[3] = np.nan
    got = row_centers(a, center)
    mode = "lineAtMean" if center == "mean" else "lineAtMedian"
    for r in range(a.shape[0]):
        expected = center_and_error(a[r], mode).center
        if np.isnan(expected):
            assert np.isnan(got[r])
        else:
            assert got[r] == pytest.approx(expected, rel=1e-12)


def test_one_column_and_bad_center() -> None:
    assert row_centers([1.0, np.nan]).tolist()[0] == 1.0
    assert np.isnan(row_centers(np.empty((2, 0)))).all()
    with pytest.raises(ValueError, match="center"):
        row_centers([[1.0]], "mode")


@pytest.mark.parametrize("center", ["mean", "median"])
def test_one_replicate_is_its_own_center_and_a_copy(center: str) -> None:
    a = np.array([[2.5], [np.nan], [-1.0], [1e300]])
    got = row_centers(a, center)
    with np.errstate(all="ignore"), pytest.warns(RuntimeWarning):
        expected = np.nanmean(a, axis=1) if center == "mean" else np.nanmedian(a, axis=1)
    np.testing.assert_array_equal(got, expected)
    got[0] = 99.0
    assert a[0, 0] == 2.5  # the caller's cells are not touched
