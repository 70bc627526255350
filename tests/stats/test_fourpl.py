"""Four-parameter logistic against R's SSfpl Chick 1 fit, NIST Rat42 / Rat43 and curve_fit."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import curve_fit
from scipy.stats import t as t_dist

from plotdoc.stats import STATUSES, four_parameter_logistic, fourpl_curve
from plotdoc.stats._nls import fit_least_squares

from .helpers import assert_digits, assert_json_friendly, load_reference, reference_path


def _parse_nist(
    name: str,
) -> tuple[dict[str, list[float]], dict[str, float], np.ndarray, np.ndarray]:
    """(starts, certified, x, y) of a NIST StRD nonlinear .dat file (data lines are 'y x')."""
    lines = reference_path(f"nist_nonlinear/{name}").read_text(encoding="ascii").splitlines()
    starts: dict[str, list[float]] = {"start1": [], "start2": []}
    cert: dict[str, float] = {}
    for line in lines:
        parts = line.split()
        if len(parts) == 6 and parts[0].startswith("b") and parts[1] == "=":
            starts["start1"].append(float(parts[2]))
            starts["start2"].append(float(parts[3]))
            cert[parts[0]], cert[parts[0] + "_sd"] = float(parts[4]), float(parts[5])
        elif line.strip().startswith("Residual Sum of Squares:"):
            cert["rss"] = float(parts[-1])
    start = next(i for i, line in enumerate(lines) if line.split()[:3] == ["Data:", "y", "x"])
    rows = np.array(
        [[float(v) for v in line.split()] for line in lines[start + 1 :] if line.strip()]
    )
    return starts, cert, rows[:, 1], rows[:, 0]


def test_chick1_logx_fit() -> None:
    ref = load_reference("fourpl_chick1.json")
    exp = ref["expected"]["as_logx_4pl"]
    full = ref["expected"]["full_precision_scipy"]
    r = four_parameter_logistic(ref["data"]["Time"], ref["data"]["weight"], model="logX")
    assert r.status == "ok", r.message
    assert (r.n, r.df) == (12, full["residual_df"])
    # tolerance advice: estimates 1e-5 relative, SEs 1e-4 relative
    assert_digits([r.bottom, r.top, r.log_ec50, r.hill_slope],
                  [exp["Bottom"], exp["Top"], exp["LogEC50"], exp["HillSlope"]], 5, "estimates")  # fmt: skip
    assert_digits([r.bottom_se, r.top_se, r.log_ec50_se, r.hill_slope_se],
                  [exp["Bottom_se"], exp["Top_se"], exp["LogEC50_se"], exp["HillSlope_se"]], 4, "SEs")  # fmt: skip
    assert_digits([r.ss, r.sy_x], [full["residual_ss"], full["residual_se"]], 8, "SS")
    printed = ref["expected"]["r_nls_printed"]
    assert abs(r.sy_x - printed["residual_se"]) <= 0.5e-3
    assert abs(1 / (r.hill_slope * math.log(10)) - printed["scal"]) <= 0.5e-3
    tq = t_dist.ppf(0.975, 8)
    assert_digits([r.top_ci_lower, r.top_ci_upper],
                  [exp["Top"] - tq * exp["Top_se"], exp["Top"] + tq * exp["Top_se"]], 4, "CI")  # fmt: skip
    assert_digits(r.ec50, 10 ** exp["LogEC50"], 4, "EC50")
    y = np.asarray(ref["data"]["weight"])
    assert_digits(r.r_squared, 1 - full["residual_ss"] / ((y - y.mean()) ** 2).sum(), 8, "r2")
    assert_json_friendly(r)


def test_chick1_from_r_starting_values() -> None:
    ref = load_reference("fourpl_chick1.json")
    exp = ref["expected"]["as_logx_4pl"]
    # R's start A=13, B=368, xmid=14, scal=6 in logX parameters
    start = {"Bottom": 13.0, "Top": 368.0, "LogEC50": 14.0, "HillSlope": 1 / (6 * math.log(10))}
    r = four_parameter_logistic(ref["data"]["Time"], ref["data"]["weight"], initial=start)
    assert_digits([r.bottom, r.top, r.log_ec50, r.hill_slope],
                  [exp["Bottom"], exp["Top"], exp["LogEC50"], exp["HillSlope"]], 5, "estimates")  # fmt: skip


@pytest.mark.parametrize("start", [None, "start1", "start2"])
def test_rat42_as_4pl_with_bottom_fixed(start: str | None) -> None:
    ref = load_reference("nist_nonlinear/rat42_as_4pl.json")
    exp = ref["expected"]["as_4pl"]
    initial = ref["data"]["starting_values_4pl"][start] if start else None
    r = four_parameter_logistic(
        ref["data"]["x"], ref["data"]["y"], fixed={"Bottom": 0.0}, initial=initial
    )
    assert r.status == "ok", r.message
    assert r.fixed == ("Bottom",)
    assert (r.bottom, r.df) == (0.0, exp["residual_df"])
    assert math.isnan(r.bottom_se)
    # tolerance advice: parameters 1e-6, SEs 1e-4, RSS 1e-8 relative
    assert_digits(
        [r.top, r.log_ec50, r.hill_slope],
        [exp["Top"], exp["LogEC50"], exp["HillSlope"]],
        6,
        "estimates",
    )
    assert_digits([r.top_se, r.log_ec50_se, r.hill_slope_se],
                  [exp["Top_se"], exp["LogEC50_se"], exp["HillSlope_se"]], 4, "SEs")  # fmt: skip
    assert_digits(r.ss, exp["residual_ss"], 8, "RSS")


def _rat43(x: np.ndarray, b: np.ndarray) -> np.ndarray:
    return b[0] / (1 + np.exp(b[1] - b[2] * x)) ** (1 / b[3])


def _rat43_jac(x: np.ndarray, b: np.ndarray) -> np.ndarray:
    e = np.exp(b[1] - b[2] * x)
    u = 1 + e
    g = u ** (-1 / b[3])
    common = b[0] * (-1 / b[3]) * u ** (-1 / b[3] - 1) * e
    return np.column_stack([g, common, -x * common, b[0] * g * np.log(u) / b[3] ** 2])


@pytest.mark.parametrize("start", ["start1", "start2"])
def test_engine_on_nist_rat43(start: str) -> None:
    starts, cert, x, y = _parse_nist("Rat43.dat")
    assert len(x) == 15
    fit = fit_least_squares(_rat43, _rat43_jac, x, y, np.array(starts[start]))
    assert fit.status == "ok", fit.message
    assert_digits(fit.params, [cert[f"b{i}"] for i in range(1, 5)], 6, "Rat43 estimates")
    assert_digits(fit.se, [cert[f"b{i}_sd"] for i in range(1, 5)], 4, "Rat43 SDs")
    assert_digits(fit.ss, cert["rss"], 8, "Rat43 RSS")


def test_engine_on_nist_rat42_original_form() -> None:
    starts, cert, x, y = _parse_nist("Rat42.dat")

    def model(xx: np.ndarray, b: np.ndarray) -> np.ndarray:
        return b[0] / (1 + np.exp(b[1] - b[2] * xx))

    def jac(xx: np.ndarray, b: np.ndarray) -> np.ndarray:
        e = np.exp(b[1] - b[2] * xx)
        return np.column_stack(
            [1 / (1 + e), -b[0] * e / (1 + e) ** 2, b[0] * xx * e / (1 + e) ** 2]
        )

    for start in ("start1", "start2"):
        fit = fit_least_squares(model, jac, x, y, np.array(starts[start]))
        assert_digits(fit.params, [cert["b1"], cert["b2"], cert["b3"]], 6, start)
        assert_digits(fit.se, [cert["b1_sd"], cert["b2_sd"], cert["b3_sd"]], 4, start)


def _linear_x_model(
    x: np.ndarray, bottom: float, top: float, ec50: float, hill: float
) -> np.ndarray:
    with np.errstate(divide="ignore"):
        return bottom + (top - bottom) / (1 + (ec50 / x) ** hill)  # X = 0: Bottom or Top


@pytest.mark.parametrize("hill", [1.3, -0.8])
def test_linear_x_against_curve_fit(hill: float) -> None:
    rng = np.random.default_rng(12)
    conc = np.repeat([0.0, 0.01, 0.03, 0.1, 0.3, 1, 3, 10, 30, 100], 3)
    y = _linear_x_model(conc, 5.0, 95.0, 1.7, hill) + rng.normal(0, 4, conc.size)
    r = four_parameter_logistic(conc, y, model="linearX")
    assert r.status == "ok", r.message
    popt, pcov = curve_fit(_linear_x_model, conc, y, p0=[5, 95, 2, hill], ftol=1e-14, xtol=1e-14)
    se = np.sqrt(np.diag(pcov))
    ours = np.array([r.bottom, r.top, r.ec50, r.hill_slope])
    # the same minimum: within a millionth of a standard error of curve_fit's estimates (a
    # count of agreeing digits is ill-posed for an estimate near zero, such as Bottom here),
    # and a residual sum of squares no larger than curve_fit's
    np.testing.assert_array_less(np.abs(ours - popt), 1e-5 * se)
    ssr = [float(np.sum((y - _linear_x_model(conc, *p)) ** 2)) for p in (ours, popt)]
    assert ssr[0] <= ssr[1] * (1 + 1e-12), ssr
    assert_digits([r.top, r.ec50, r.hill_slope], popt[1:], 6, "estimates")
    assert_digits([r.bottom_se, r.top_se, r.ec50_se, r.hill_slope_se], se, 4, "SEs")
    tq = t_dist.ppf(0.975, conc.size - 4)
    assert_digits(
        [r.ec50_ci_lower, r.ec50_ci_upper],
        [popt[2] - tq * se[2], popt[2] + tq * se[2]],
        4,
        "EC50 CI",
    )
    assert_digits(r.log_ec50, math.log10(popt[2]), 6, "LogEC50")
    # confidence band: delta method on curve_fit's covariance with a numerical gradient
    xs = r.curve_x[[0, 10, 40, 99]]
    grad = np.empty((xs.size, 4))
    for k in range(4):
        step = np.zeros(4)
        step[k] = 1e-6 * max(1.0, abs(popt[k]))
        grad[:, k] = (_linear_x_model(xs, *(popt + step)) - _linear_x_model(xs, *(popt - step))) / (
            2 * step[k]
        )
    half = tq * np.sqrt(np.einsum("ij,jk,ik->i", grad, pcov, grad))
    fitted = _linear_x_model(xs, *popt)
    assert_digits(r.curve_y[[0, 10, 40, 99]], fitted, 6, "curve")
    assert_digits(r.confidence_upper[[0, 10, 40, 99]] - r.curve_y[[0, 10, 40, 99]], half, 3, "band")
    assert_digits(
        r.evaluate([0.0, 2.5, 50.0]),
        _linear_x_model(np.array([0.0, 2.5, 50.0]), *popt),
        6,
        "evaluate",
    )


def test_log_x_decreasing_curve_and_ec50_ci() -> None:
    rng = np.random.default_rng(3)
    logx = np.repeat(np.linspace(-9, -4, 11), 2)
    truth = fourpl_curve(logx, bottom=2.0, top=48.0, log_ec50=-6.5, hill_slope=-1.1)
    y = truth + rng.normal(0, 1.5, logx.size)
    r = four_parameter_logistic(logx, y)

    def f(x: np.ndarray, b: float, t: float, lg: float, h: float) -> np.ndarray:
        return b + (t - b) / (1 + 10 ** ((lg - x) * h))

    popt, pcov = curve_fit(f, logx, y, p0=[0, 50, -6, -1], ftol=1e-14, xtol=1e-14)
    assert r.status == "ok"
    assert_digits([r.bottom, r.top, r.log_ec50, r.hill_slope], popt, 6, "estimates")
    assert_digits(
        [r.bottom_se, r.top_se, r.log_ec50_se, r.hill_slope_se], np.sqrt(np.diag(pcov)), 4, "SEs"
    )
    assert r.hill_slope < 0
    assert r.bottom < r.top
    assert_digits(
        [r.ec50_ci_lower, r.ec50_ci_upper],
        [10**r.log_ec50_ci_lower, 10**r.log_ec50_ci_upper],
        12,
        "EC50 CI",
    )
    assert math.isnan(r.ec50_se)
    assert_digits(
        fourpl_curve([-6.5], bottom=2, top=48, log_ec50=-6.5, hill_slope=-1.1),
        [25.0],
        12,
        "midpoint",
    )


def test_statuses_instead_of_exceptions() -> None:
    few = four_parameter_logistic([1.0, 2.0, 3.0, 4.0], [1.0, 2.0, 3.0, 4.0])
    assert few.status == "too-few-values"
    assert math.isnan(few.top)
    assert_json_friendly(few)
    assert math.isnan(few.evaluate([1.0])[0])
    assert four_parameter_logistic([1, 2, 3, 4, 5, 6], [3.0] * 6).status == "zero-variance"
    assert four_parameter_logistic([2.0] * 6, [1, 2, 3, 4, 5, 6]).status == "zero-variance"
    # a straight line holds no plateaus: the fit cannot pin every parameter down
    line = four_parameter_logistic(np.arange(20.0), np.arange(20.0) * 2.0 + 1.0)
    assert line.status in ("ambiguous", "did-not-converge", "ok")
    assert line.status != "ok" or line.log_ec50_se > 10 * abs(line.log_ec50)
    with pytest.raises(ValueError, match="parameter"):
        four_parameter_logistic([1.0], [1.0], fixed={"Slope": 1.0})


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.tuples(st.floats(-5, 5), st.floats(-1e3, 1e3)), min_size=0, max_size=12),
    st.sampled_from(["logX", "linearX"]),
)
def test_never_raises_for_data(points: list[tuple[float, float]], model: str) -> None:
    x = np.array([p[0] for p in points])
    y = np.array([p[1] for p in points])
    r = four_parameter_logistic(x, y, model=model)
    assert r.status in STATUSES
    assert_json_friendly(r)


def test_engine_reports_failure_as_status() -> None:
    x = np.arange(5.0)

    def model(xx: np.ndarray, b: np.ndarray) -> np.ndarray:
        return np.full(xx.size, np.nan) * b[0]

    def jac(xx: np.ndarray, b: np.ndarray) -> np.ndarray:
        return np.ones((xx.size, 1))

    fit = fit_least_squares(model, jac, x, x, np.array([1.0]))
    assert fit.status == "did-not-converge"
    assert np.isnan(fit.se).all()
