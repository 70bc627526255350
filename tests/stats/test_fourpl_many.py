"""Many 4PL fits at once agree with one MINPACK fit each, and with R's Chick 1 fit."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.optimize import curve_fit

from plotdoc.stats import four_parameter_logistic
from plotdoc.stats.budget import BudgetExceeded, metered
from plotdoc.stats.fourpl_many import fit_many

from .helpers import assert_digits, load_reference

FIELDS = ("bottom", "top", "log_ec50", "hill_slope", "bottom_se", "hill_slope_se", "ss")


def sigmoid_sets(count: int, seed: int) -> list[tuple[np.ndarray, np.ndarray]]:
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(count):
        n = int(rng.integers(5, 13))
        x = np.linspace(-9, -4, n)
        top, bottom = rng.uniform(60, 120), rng.uniform(-5, 20)
        mid, hill = rng.uniform(-7.5, -5.5), rng.choice([-1, 1]) * rng.uniform(0.6, 1.6)
        y = bottom + (top - bottom) / (1 + 10 ** ((mid - x) * hill))
        out.append((x, y + rng.normal(0, 2, n)))
    return out


def test_chick1_together_with_other_fits_matches_r() -> None:
    ref = load_reference("fourpl_chick1.json")
    exp = ref["expected"]["as_logx_4pl"]
    full = ref["expected"]["full_precision_scipy"]
    pairs = [*sigmoid_sets(20, 1), (ref["data"]["Time"], ref["data"]["weight"])]
    r = fit_many(pairs)[-1]
    assert r.status == "ok", r.message
    assert_digits([r.bottom, r.top, r.log_ec50, r.hill_slope],
                  [exp["Bottom"], exp["Top"], exp["LogEC50"], exp["HillSlope"]], 5, "estimates")  # fmt: skip
    assert_digits([r.bottom_se, r.top_se, r.log_ec50_se, r.hill_slope_se],
                  [exp["Bottom_se"], exp["Top_se"], exp["LogEC50_se"], exp["HillSlope_se"]], 4, "SEs")  # fmt: skip
    assert_digits([r.ss, r.sy_x], [full["residual_ss"], full["residual_se"]], 8, "SS")


@pytest.mark.parametrize("model", ["logX", "linearX"])
def test_agrees_with_one_minpack_fit_each(model: str) -> None:
    pairs = sigmoid_sets(60, 2)
    if model == "linearX":
        pairs = [(10.0**x, y) for x, y in pairs]
    many = fit_many(pairs, model=model)
    compared = 0
    for (x, y), got in zip(pairs, many, strict=True):
        one = four_parameter_logistic(x, y, model=model)
        if one.status != "ok":
            continue
        assert got.status == "ok", got.message
        for name in FIELDS:
            assert getattr(got, name) == pytest.approx(getattr(one, name), rel=1e-5, abs=1e-9)
        np.testing.assert_allclose(got.confidence_upper, one.confidence_upper, rtol=1e-5)
        compared += 1
    assert compared >= 50


def test_agrees_with_curve_fit() -> None:
    def f(x: np.ndarray, b: float, t: float, lg: float, h: float) -> np.ndarray:
        return b + (t - b) / (1 + 10 ** ((lg - x) * h))

    pairs = sigmoid_sets(10, 3)
    for (x, y), got in zip(pairs, fit_many(pairs), strict=True):
        p0 = [got.bottom * 0.9, got.top * 1.1, got.log_ec50 + 0.2, got.hill_slope * 0.8]
        popt, _ = curve_fit(f, x, y, p0=p0, maxfev=10_000)
        # curve_fit stops at looser tolerances: the same minimum, ours no higher
        assert [got.bottom, got.top, got.log_ec50, got.hill_slope] == pytest.approx(popt, rel=5e-4)
        assert got.ss <= float(((f(x, *popt) - y) ** 2).sum()) * (1 + 1e-12)


def test_statuses_of_data_that_cannot_be_fitted() -> None:
    x = np.linspace(0, 1, 6)
    pairs = [
        (x[:4], np.arange(4.0)),  # too few points
        (x, np.full(6, 3.0)),  # zero variance
        (x, np.array([1, np.nan, np.nan, np.nan, np.nan, 2.0])),
        *sigmoid_sets(1, 4),
    ]
    got = [r.status for r in fit_many(pairs)]
    want = [four_parameter_logistic(x, y).status for x, y in pairs]
    assert got == want
    assert got[:3] == ["too-few-values", "zero-variance", "too-few-values"]


def test_no_fit_is_empty() -> None:
    assert fit_many([]) == []


def test_the_fits_check_their_deadline() -> None:
    pairs = sigmoid_sets(50, 5)
    with metered(0.0, 1e9), pytest.raises(BudgetExceeded):
        fit_many(pairs)
