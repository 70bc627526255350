"""Kernel density for violins against scipy.stats.gaussian_kde."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats as sps

from plotdoc.stats import bandwidth, kernel_density

from .helpers import assert_digits, assert_json_friendly


def _silverman(v: np.ndarray) -> float:
    sd = v.std(ddof=1)
    q1, q3 = np.percentile(v, [25, 75], method="weibull")
    return 0.9 * min(sd, (q3 - q1) / 1.349) * len(v) ** -0.2


@pytest.mark.parametrize(("smoothing", "factor"), [("low", 0.5), ("medium", 1.0), ("high", 2.0)])
def test_density_matches_scipy_kde(smoothing: str, factor: float) -> None:
    v = np.random.default_rng(4).gamma(2.0, 1.5, size=300)
    d = kernel_density(np.append(v, np.nan), smoothing=smoothing, truncate=True, points=64)
    assert d.status == "ok"
    assert d.n == 300
    h = factor * _silverman(v)
    assert_digits(d.bandwidth, h, 12, "bandwidth")
    assert (d.x[0], d.x[-1]) == (v.min(), v.max())
    kde = sps.gaussian_kde(v, bw_method=h / v.std(ddof=1))
    assert_digits(d.density, kde(d.x), 10, "density")
    assert_json_friendly(d)


def test_extended_density_integrates_to_one_and_reaches_beyond_data() -> None:
    v = np.random.default_rng(8).normal(10.0, 2.0, size=500)
    d = kernel_density(v, truncate=False, points=2000)
    assert math.isclose(d.x[0], v.min() - 3 * d.bandwidth)
    area = np.trapezoid(d.density, d.x)
    assert abs(area - sps.norm.cdf(3) + sps.norm.sf(3)) < 5e-3  # all but the 3-sigma tails


def test_zero_iqr_uses_sd() -> None:
    v = np.array([1.0] * 20 + [2.0, 30.0])
    assert_digits(bandwidth(v), 0.9 * v.std(ddof=1) * len(v) ** -0.2, 12, "sd rule")


def test_statuses() -> None:
    assert kernel_density([1.0]).status == "too-few-values"
    flat = kernel_density([2.0, 2.0, 2.0])
    assert flat.status == "zero-variance"
    assert flat.x.size == 0
    assert math.isnan(bandwidth([3.0, 3.0]))
