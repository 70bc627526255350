"""The EC50 and LogEC50 CIs of the 4PL fit (drc ryegrass) and the flags of fits not to trust."""

from __future__ import annotations

import math

import numpy as np
import pytest

from plotdoc.stats import four_parameter_logistic
from plotdoc.stats.fourpl import (
    FIT_WARNINGS,
    fit_warnings,
)

from .helpers import assert_json_friendly, load_reference

LN10 = math.log(10.0)


@pytest.fixture(scope="module")
def ryegrass() -> dict:
    return load_reference("fourpl_ryegrass_drc_ed.json")


def test_ec50_and_its_ci_linear_x(ryegrass: dict) -> None:
    """drc LL.4 = the linearX 4PL: EC50 = e, symmetric delta CI on the EC50 scale."""
    d = ryegrass["data"]
    r = four_parameter_logistic(d["conc"], d["rootl"], model="linearX")
    assert r.status == "ok" and r.warnings == ()
    ed50 = ryegrass["expected"]["LL4_ED"]["ED50"]
    assert math.isclose(
        r.ec50, ryegrass["expected"]["LL4_ED_7_digits_from_maED"]["ED50"], rel_tol=5e-7
    )
    assert math.isclose(r.hill_slope, -ryegrass["computed_check"]["estimates"]["b"], rel_tol=1e-6)
    # the SE is the Gauss-Newton (J'J) one, as R nls / scipy curve_fit (independent check)
    jtj = ryegrass["computed_check"]["se_gauss_newton_JtJ"]["e"]
    assert math.isclose(r.ec50_se, jtj, rel_tol=1e-5)
    # drc uses the full Hessian: its SE is 5.3e-4 smaller (reference notes), so its CI limits
    # differ from these by about 8e-5 relative; the CI is EC50 +/- t(20) SE exactly
    from scipy.stats import t

    half = t.ppf(0.975, 20) * r.ec50_se
    assert math.isclose(r.ec50_ci_lower, r.ec50 - half, rel_tol=1e-12)
    assert math.isclose(r.ec50_ci_upper, r.ec50 + half, rel_tol=1e-12)
    assert math.isclose(r.ec50_ci_lower, ed50["lower95"], rel_tol=1e-4)
    assert math.isclose(r.ec50_ci_upper, ed50["upper95"], rel_tol=1e-4)
    assert math.isclose(r.ec50_se, ed50["se"], rel_tol=6e-4)


def test_log_ec50_ci_is_symmetric_in_logs(ryegrass: dict) -> None:
    """drc LL2.4 gives log(ED50) with a delta CI; logEC50 is it over ln 10."""
    d = ryegrass["data"]
    r = four_parameter_logistic(d["conc"], d["rootl"], model="linearX")
    led = ryegrass["expected"]["LL2_4_log_ED_natural_log"]["ED50"]
    assert math.isclose(r.log_ec50 * LN10, led["estimate"], rel_tol=5e-6)
    assert math.isclose(r.log_ec50_ci_lower * LN10, led["lower95"], rel_tol=1e-4)
    assert math.isclose(r.log_ec50_ci_upper * LN10, led["upper95"], rel_tol=1e-4)
    mid = 0.5 * (r.log_ec50_ci_lower + r.log_ec50_ci_upper)
    assert math.isclose(mid, r.log_ec50, rel_tol=1e-12)


def test_log_x_ec50_ci_is_ten_to_the_log_ci(ryegrass: dict) -> None:
    d = ryegrass["data"]
    x = np.array(d["conc"])
    y = np.array(d["rootl"])
    r = four_parameter_logistic(np.log10(x[x > 0]), y[x > 0])
    assert r.status == "ok"
    assert math.isclose(r.ec50_ci_lower, 10**r.log_ec50_ci_lower, rel_tol=1e-12)
    assert math.isclose(r.ec50_ci_upper, 10**r.log_ec50_ci_upper, rel_tol=1e-12)
    assert r.ec50_ci_lower < r.ec50 < r.ec50_ci_upper
    assert r.ec50 - r.ec50_ci_lower < r.ec50_ci_upper - r.ec50  # asymmetric, as Prism shows


def test_ec50_beyond_the_data_is_ambiguous() -> None:
    """Only the bottom of the curve is observed: the EC50 is an extrapolation."""
    x = np.linspace(-9.0, -7.0, 9)
    y = (
        10
        + 90 / (1 + 10 ** ((-5.5 - x) * 1.0))
        + np.array([0.3, -0.2, 0.1, 0, -0.1, 0.2, -0.3, 0.1, 0])
    )
    r = four_parameter_logistic(x, y)
    assert r.status == "ambiguous"
    assert r.warnings == ("ec50-outside-x-range", "ec50-ci-wide")
    assert "outside the range of X" in r.message
    assert_json_friendly(r)


def test_fit_warnings_rules() -> None:
    x = np.array([-9.0, -8.0, -7.0, -6.0])
    assert fit_warnings("logX", -7.5, (-7.7, -7.3), 1.0, x) == ()
    assert fit_warnings("logX", -5.0, (-5.2, -4.8), 1.0, x) == ("ec50-outside-x-range",)
    assert fit_warnings("logX", -7.5, (-10.0, -5.0), 1.0, x) == ("ec50-ci-wide",)
    wide_x = np.array([0.0, 21.0])  # a logX model on X that is not a log: range 21
    assert fit_warnings("logX", 19.4, (14.5, 24.3), 0.07, wide_x) == ()
    assert fit_warnings("logX", -7.5, (math.nan, math.nan), 1.0, x) == ("ec50-ci-wide",)
    assert fit_warnings("logX", -7.5, (-7.6, -7.4), -40.0, x) == ("hill-slope-extreme",)
    conc = np.array([0.0, 1.0, 10.0, 100.0])
    assert fit_warnings("linearX", 0.5, (0.3, 0.7), 1.0, conc) == ()
    assert fit_warnings("linearX", -0.5, (-0.7, -0.3), 1.0, conc) == ("ec50-outside-x-range",)
    assert set(FIT_WARNINGS) == {"ec50-outside-x-range", "ec50-ci-wide", "hill-slope-extreme"}


def test_flagged_fit_message_names_the_reason() -> None:
    x = np.repeat(np.arange(6.0), 2)
    y = np.where(x < 2.5, 0.0, 100.0) + np.tile([0.5, -0.5], 6)
    r = four_parameter_logistic(x, y)
    assert r.status == "ambiguous"
    assert r.warnings == ("ec50-ci-wide", "hill-slope-extreme")
    assert "Hill slope" in r.message
