"""Linear regression against NIST Norris (certified) and scipy / statsmodels on generated data."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats as sps

from plotdoc.stats import linear_regression
from plotdoc.stats.regression import CURVE_POINTS

from .helpers import assert_digits, assert_json_friendly, load_reference, reference_path

DIGITS = 9  # NIST: judge by agreeing significant digits; double precision gives 9 or more


def _parse_norris_dat() -> tuple[dict[str, float], np.ndarray, np.ndarray]:
    """Certified values and data straight from NIST's Norris.dat (lines are 'y x')."""
    lines = reference_path("nist/Norris.dat").read_text(encoding="ascii").splitlines()
    cert: dict[str, float] = {}
    for line in lines:
        parts = line.split()
        if parts[:1] == ["B0"]:
            cert["B0"], cert["B0_sd"] = float(parts[1]), float(parts[2])
        elif parts[:1] == ["B1"]:
            cert["B1"], cert["B1_sd"] = float(parts[1]), float(parts[2])
        elif (
            line.strip().startswith("Standard Deviation")
            and "Residual" in lines[lines.index(line) - 1]
        ):
            cert["residual_sd"] = float(parts[-1])
        elif parts[:1] == ["R-Squared"]:
            cert["r2"] = float(parts[1])
        elif parts[:1] == ["Regression"] and len(parts) == 5:
            cert["ss_reg"], cert["f"] = float(parts[2]), float(parts[4])
        elif parts[:1] == ["Residual"] and len(parts) == 4:
            cert["ss_res"] = float(parts[2])
    start = next(i for i, line in enumerate(lines) if line.split()[:3] == ["Data:", "y", "x"])
    rows = np.array(
        [[float(v) for v in line.split()] for line in lines[start + 1 :] if line.strip()]
    )
    return cert, rows[:, 1], rows[:, 0]


def test_norris_certified_values_from_json() -> None:
    ref = load_reference("nist_norris.json")
    exp = ref["expected"]
    r = linear_regression(ref["data"]["x"], ref["data"]["y"])
    assert r.status == "ok"
    assert r.n == ref["data"]["n"]
    got = [r.intercept, r.slope, r.intercept_se, r.slope_se, r.sy_x, r.r_squared, r.ss_regression,
           r.ss_residual, r.f, r.dfn, r.dfd]  # fmt: skip
    want = [exp["intercept_B0"], exp["slope_B1"], exp["intercept_sd"], exp["slope_sd"],
            exp["residual_sd"], exp["r_squared"], exp["regression_ss"], exp["residual_ss"],
            exp["f_statistic"], exp["regression_df"], exp["residual_df"]]  # fmt: skip
    for name, g, w in zip(
        ["B0", "B1", "B0_sd", "B1_sd", "res_sd", "r2", "ss_reg", "ss_res", "F", "dfn", "dfd"],
        got,
        want,
        strict=True,
    ):
        assert_digits(g, w, DIGITS, name)
    assert_json_friendly(r)


def test_norris_certified_values_from_dat_file() -> None:
    cert, x, y = _parse_norris_dat()
    assert len(x) == 36
    assert len(cert) == 9
    r = linear_regression(x, y)
    assert_digits([r.intercept, r.slope, r.intercept_se, r.slope_se, r.sy_x, r.r_squared,
                   r.ss_regression, r.ss_residual, r.f],
                  [cert["B0"], cert["B1"], cert["B0_sd"], cert["B1_sd"], cert["residual_sd"],
                   cert["r2"], cert["ss_reg"], cert["ss_res"], cert["f"]], DIGITS, "Norris.dat")  # fmt: skip


@pytest.mark.parametrize("level", [90, 95, 99])
def test_against_linregress_and_statsmodels(level: int) -> None:
    sm = pytest.importorskip("statsmodels.api")
    rng = np.random.default_rng(level)
    x = rng.uniform(-3, 40, size=80)
    y = 2.5 - 0.7 * x + rng.normal(0, 3, size=80)
    x[5] = np.nan
    y[9] = np.nan
    keep = np.isfinite(x) & np.isfinite(y)
    xs, ys = x[keep], y[keep]
    r = linear_regression(x, y, confidence_level=level)
    lr = sps.linregress(xs, ys)
    assert r.n == 78
    assert_digits([r.slope, r.intercept, r.slope_se, r.intercept_se, r.p, r.r_squared],
                  [lr.slope, lr.intercept, lr.stderr, lr.intercept_stderr, lr.pvalue, lr.rvalue**2],
                  10, "linregress")  # fmt: skip
    fit = sm.OLS(ys, sm.add_constant(xs)).fit()
    ci = fit.conf_int(alpha=1 - level / 100)
    assert_digits([r.intercept_ci_lower, r.intercept_ci_upper, r.slope_ci_lower, r.slope_ci_upper],
                  [ci[0, 0], ci[0, 1], ci[1, 0], ci[1, 1]], 10, "CIs")  # fmt: skip
    assert_digits([r.f, r.p, r.sy_x, r.ss_residual, r.ss_regression],
                  [fit.fvalue, fit.f_pvalue, math.sqrt(fit.scale), fit.ssr, fit.ess], 10, "anova")  # fmt: skip
    assert r.curve_x.size == CURVE_POINTS
    assert (r.curve_x[0], r.curve_x[-1]) == (xs.min(), xs.max())
    frame = fit.get_prediction(sm.add_constant(r.curve_x)).summary_frame(alpha=1 - level / 100)
    assert_digits(r.curve_y, frame["mean"], 10, "curve")
    assert_digits(r.confidence_lower, frame["mean_ci_lower"], 10, "confidence band")
    assert_digits(r.confidence_upper, frame["mean_ci_upper"], 10, "confidence band")
    assert_digits(r.prediction_lower, frame["obs_ci_lower"], 10, "prediction band")
    assert_digits(r.prediction_upper, frame["obs_ci_upper"], 10, "prediction band")
    assert_digits(r.x_intercept, -lr.intercept / lr.slope, 12, "x intercept")


def test_replicates_flattened_or_as_columns() -> None:
    rng = np.random.default_rng(1)
    x = np.arange(1.0, 11.0)
    y = 3.0 + 2.0 * x[:, None] + rng.normal(size=(10, 3))
    y[4, 1] = np.nan
    flat = linear_regression(np.repeat(x, 3), y.ravel())
    cols = linear_regression(x, y)
    keep = np.isfinite(y.ravel())
    lr = sps.linregress(np.repeat(x, 3)[keep], y.ravel()[keep])
    for r in (flat, cols):
        assert r.n == 29
        assert_digits([r.slope, r.intercept], [lr.slope, lr.intercept], 12, "replicates")


def test_statuses_instead_of_exceptions() -> None:
    assert linear_regression([1.0], [2.0]).status == "too-few-values"
    two = linear_regression([1.0, 3.0], [2.0, 6.0])
    assert two.status == "too-few-values"
    assert (two.slope, two.intercept) == (2.0, 0.0)
    assert math.isnan(two.slope_se)
    flat_x = linear_regression([2.0, 2.0, 2.0], [1.0, 2.0, 3.0])
    assert flat_x.status == "zero-variance"
    assert math.isnan(flat_x.slope)
    flat_y = linear_regression([1.0, 2.0, 3.0], [4.0, 4.0, 4.0])
    assert (flat_y.status, flat_y.slope) == ("ok", 0.0)
    assert math.isnan(flat_y.r_squared)
    assert math.isnan(flat_y.x_intercept)
    perfect = linear_regression([1.0, 2.0, 3.0, 4.0], [3.0, 5.0, 7.0, 9.0])
    assert (perfect.r_squared, perfect.p, perfect.sy_x) == (1.0, 0.0, 0.0)
    d = assert_json_friendly(perfect)
    assert d["f"] is None  # infinite F is not JSON
    assert_json_friendly(flat_x)
