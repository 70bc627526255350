"""t tests against R's sleep example (ttest_sleep.json) and scipy on generated data."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats as sps

from plotdoc.stats import ttest

from .helpers import assert_digits, assert_json_friendly, load_reference

DIGITS = 9  # tolerance advice: 1e-9 relative against full precision


@pytest.fixture(scope="module")
def sleep() -> dict:
    return load_reference("ttest_sleep.json")


@pytest.mark.parametrize(("variance", "key"), [("welch", "welch"), ("equal", "student")])
def test_unpaired_sleep(sleep: dict, variance: str, key: str) -> None:
    full = sleep["expected"]["full_precision_scipy"]
    exp = full[key]
    r = ttest(sleep["data"]["group1"], sleep["data"]["group2"], variance=variance)
    assert r.status == "ok"
    assert_digits([r.t, r.df, r.p, r.ci_lower, r.ci_upper],
                  [exp["t"], exp["df"], exp["p_two_sided"], exp["ci95_low"], exp["ci95_high"]],
                  DIGITS, key)  # fmt: skip
    assert_digits([r.mean_a, r.mean_b, r.mean_difference, r.sd_a, r.sd_b],
                  [full["mean_group1"], full["mean_group2"], full["mean_difference"],
                   full["sd_group1"], full["sd_group2"]], DIGITS, "means")  # fmt: skip
    se_key = "se_difference_unpooled" if variance == "welch" else "se_difference_pooled"
    assert_digits(r.se_difference, full[se_key], DIGITS, "se")
    printed = sleep["expected"]["r_printed"][key]
    assert abs(r.p - printed["p_two_sided"]) <= 0.5e-8
    assert (r.n_a, r.n_b) == (10, 10)
    assert_json_friendly(r)


def test_paired_sleep(sleep: dict) -> None:
    exp = sleep["expected"]["full_precision_scipy"]["paired"]
    r = ttest(sleep["data"]["group1"], sleep["data"]["group2"], design="paired")
    assert_digits([r.t, r.df, r.p, r.ci_lower, r.ci_upper, r.mean_difference, r.sd_differences, r.se_difference],
                  [exp["t"], exp["df"], exp["p_two_sided"], exp["ci95_low"], exp["ci95_high"],
                   exp["mean_difference"], exp["sd_differences"], exp["se_mean_difference"]],
                  DIGITS, "paired")  # fmt: skip
    assert r.n_pairs == 10
    assert math.isnan(r.f)


def test_f_test_against_r_var_test_formula(sleep: dict) -> None:
    a, b = np.array(sleep["data"]["group1"]), np.array(sleep["data"]["group2"])
    r = ttest(a, b)
    ratio = a.var(ddof=1) / b.var(ddof=1)  # R's var.test(x, y): F = var(x) / var(y)
    p = 2 * min(sps.f.cdf(ratio, 9, 9), sps.f.sf(ratio, 9, 9))
    assert_digits([r.f, r.f_dfn, r.f_dfd, r.f_p], [1 / ratio, 9, 9, p], 10, "F test")


@pytest.mark.parametrize("variance", ["welch", "equal"])
def test_unpaired_against_scipy_with_missing_values(variance: str) -> None:
    rng = np.random.default_rng(21)
    for trial in range(5):
        a = rng.normal(5.0, 2.0, size=12 + trial * 7)
        b = rng.normal(6.0, 1.0 + trial, size=9 + trial * 3)
        a[::5] = np.nan
        res = sps.ttest_ind(a, b, equal_var=variance == "equal", nan_policy="omit")
        ci = res.confidence_interval(0.9)
        r = ttest(a, b, variance=variance, confidence=0.9)
        assert_digits([r.t, r.p, r.df, r.ci_lower, r.ci_upper],
                      [res.statistic, res.pvalue, res.df, ci.low, ci.high], 10, f"trial {trial}")  # fmt: skip
        av, bv = a[np.isfinite(a)], b
        fa, fb = av.var(ddof=1), bv.var(ddof=1)
        big, small, dfn, dfd = (
            (fa, fb, av.size - 1, bv.size - 1) if fa >= fb else (fb, fa, bv.size - 1, av.size - 1)
        )
        assert_digits([r.f, r.f_dfn, r.f_dfd, r.f_p],
                      [big / small, dfn, dfd, min(1, 2 * sps.f.sf(big / small, dfn, dfd))], 10, "F")  # fmt: skip


def test_paired_against_scipy_drops_incomplete_pairs() -> None:
    rng = np.random.default_rng(5)
    a = rng.normal(size=30)
    b = a + rng.normal(0.3, 0.5, size=30)
    a[[2, 7]] = np.nan
    b[[7, 11]] = np.nan
    keep = np.isfinite(a) & np.isfinite(b)
    res = sps.ttest_rel(a[keep], b[keep])
    ci = res.confidence_interval(0.99)
    r = ttest(a, b, design="paired", confidence=0.99)
    assert r.n_pairs == int(keep.sum()) == 27
    assert_digits([r.t, r.p, r.df, r.ci_lower, r.ci_upper, r.mean_a],
                  [res.statistic, res.pvalue, res.df, ci.low, ci.high, a[keep].mean()], 10, "paired")  # fmt: skip
    # a shorter B is padded with missing values
    short = ttest(a, b[:20], design="paired")
    assert short.n_pairs == int(keep[:20].sum())


def test_statuses_instead_of_exceptions() -> None:
    assert ttest(None, [1.0, 2.0]).status == "missing-group"
    assert ttest([np.nan], [1.0, 2.0]).status == "missing-group"
    few = ttest([1.0], [1.0, 2.0, 3.0])
    assert few.status == "too-few-values"
    assert math.isnan(few.p)
    assert few.mean_a == 1.0
    assert ttest([1.0], [1.0, 2.0, 3.0], variance="equal").status == "ok"
    flat = ttest([2.0, 2.0, 2.0], [2.0, 2.0])
    assert flat.status == "zero-variance"
    assert math.isnan(flat.t)
    assert ttest([1.0, 2.0], [2.0, 3.0], design="paired").status == "zero-variance"
    assert ttest([1.0, np.nan], [2.0, 3.0], design="paired").status == "too-few-values"
    assert_json_friendly(flat)
    with pytest.raises(ValueError, match="design"):
        ttest([1.0], [2.0], design="matched")
