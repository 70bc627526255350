"""Frequency distribution against numpy.histogram and the documented binning rule."""

from __future__ import annotations

import math

import numpy as np
import pytest

from plotdoc.stats import frequency_distribution
from plotdoc.stats.frequency import MAX_BINS, nice_floor

from .helpers import assert_close, assert_json_friendly


def test_automatic_bins_follow_the_rule_and_match_numpy() -> None:
    rng = np.random.default_rng(10)
    a = rng.normal(20.0, 4.0, size=150)
    b = rng.normal(24.0, 3.0, size=106)
    f = frequency_distribution({"A": a, "B": b})
    pooled = np.concatenate([a, b])
    # rule by hand: 1 + log2(256) = 9 bins; raw width = range / 9 rounded down to 1-2-5
    raw = (pooled.max() - pooled.min()) / 9.0
    k = math.floor(math.log10(raw))
    nice = max(m * 10.0**k for m in (1, 2, 5) if m * 10.0**k <= raw)
    assert f.bin_width == pytest.approx(nice, rel=1e-12)
    assert f.bin_start == pytest.approx(math.floor(pooled.min() / nice) * nice, rel=1e-12)
    assert f.bin_edges[-2] <= pooled.max() <= f.bin_edges[-1]
    assert f.names == ("A", "B")
    for j, data in enumerate((a, b)):
        counts, _ = np.histogram(data, bins=f.bin_edges)
        assert f.counts[:, j].tolist() == counts.tolist()
        assert f.values[:, j].tolist() == counts.astype(float).tolist()
    assert f.n == (150, 106)
    assert_close(f.bin_centers, (f.bin_edges[:-1] + f.bin_edges[1:]) / 2, 1e-12, "centres")
    assert_json_friendly(f)


def test_boundary_values_go_up_and_the_maximum_is_in_the_last_bin() -> None:
    f = frequency_distribution([[0.0, 1.0, 1.0, 2.5, 3.0]], bin_width=1.0, bin_start=0.0)
    assert f.bin_edges.tolist() == [0.0, 1.0, 2.0, 3.0]
    assert f.counts[:, 0].tolist() == np.histogram([0, 1, 1, 2.5, 3], bins=[0, 1, 2, 3])[0].tolist()
    assert f.counts[:, 0].tolist() == [1, 2, 2]
    # decimal edges that are inexact in binary still take their boundary values upward
    g = frequency_distribution([[0.1, 0.2, 0.3, 0.7]], bin_width=0.1, bin_start=0.0)
    assert g.counts[:, 0].tolist() == [0, 1, 1, 1, 0, 0, 1]
    assert g.bin_labels[:3] == ("0.05", "0.15", "0.25")


def test_integer_data_get_integer_width() -> None:
    data = [3, 4, 4, 5, 5, 5, 6, 7]  # range 4 over 4 bins: width 1
    f = frequency_distribution([data])
    assert (f.bin_width, f.bin_start) == (1.0, 3.0)
    assert f.counts[:, 0].tolist() == np.histogram(data, bins=[3, 4, 5, 6, 7])[0].tolist()
    assert f.bin_labels == ("3.5", "4.5", "5.5", "6.5")
    small = frequency_distribution([list(range(2)) * 20])  # raw width 1/6.3 -> at least 1
    assert small.bin_width == 1.0


def test_nice_floor() -> None:
    pairs = {
        0.65: 0.5,
        1.0: 1.0,
        1.99: 1.0,
        2.0: 2.0,
        4.9: 2.0,
        7.0: 5.0,
        0.2: 0.2,
        0.0031: 0.002,
        1234.0: 1000.0,
    }
    for x, want in pairs.items():
        assert nice_floor(x) == want, x


@pytest.mark.parametrize("output", ["count", "fraction", "percent"])
@pytest.mark.parametrize("cumulative", [False, True])
def test_outputs_against_numpy(output: str, cumulative: bool) -> None:
    rng = np.random.default_rng(2)
    a = rng.uniform(0, 10, size=40)
    b = np.append(rng.uniform(2, 12, size=25), [np.nan, np.nan])
    f = frequency_distribution(
        [a, b], bin_width=2.0, bin_start=0.0, output=output, cumulative=cumulative
    )
    edges = np.arange(0.0, 14.0, 2.0)
    assert f.bin_edges.tolist() == edges.tolist()
    for j, (data, n) in enumerate(((a, 40), (b[:25], 25))):
        h = np.histogram(data, bins=edges)[0].astype(float)
        if cumulative:
            h = np.cumsum(h)
        scale = {"count": 1.0, "fraction": 1.0 / n, "percent": 100.0 / n}[output]
        assert_close(f.values[:, j], h * scale, 1e-12, output)
    if cumulative and output == "percent":
        assert f.values[-1].tolist() == [100.0, 100.0]


def test_values_below_start_are_not_counted() -> None:
    f = frequency_distribution([[-3.0, -1.0, 0.5, 1.5, 2.0]], bin_width=1.0, bin_start=0.0)
    assert f.n_below == (2,)
    assert f.counts[:, 0].tolist() == [1, 2]


def test_statuses_instead_of_exceptions() -> None:
    assert frequency_distribution([[np.nan], []]).status == "too-few-values"
    many = frequency_distribution([[0.0, 1.0]], bin_width=1.0 / (MAX_BINS * 2))
    assert many.status == "too-many-bins"
    assert_json_friendly(many)
    same = frequency_distribution([[2.5, 2.5, 2.5]])
    assert same.status == "ok"
    assert same.counts[:, 0].sum() == 3
    with pytest.raises(ValueError, match="output"):
        frequency_distribution([[1.0]], output="density")


def test_subnormal_values_get_bins_not_an_error() -> None:
    """Found by the robustness test: 5e-324 / 10 underflows to 0, whose log10 raised."""
    for data in ([[5e-324]], [[0.0, 5e-324]]):
        f = frequency_distribution(data)
        assert f.status in ("ok", "too-many-bins"), f.message
