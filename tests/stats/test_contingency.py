"""Contingency tests against R's fisher.test / chisq.test / prop.trend.test and epitools."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats as sps

from plotdoc.stats.contingency import contingency_test

from .helpers import assert_json_friendly, load_reference


def test_fisher_convictions() -> None:
    ref = load_reference("fisher_teatasting_convictions.json")
    r = contingency_test(ref["data"]["Convictions"]["table"])
    assert r.test == "fisher" and r.requested == "auto" and r.status == "ok"
    exp = ref["expected"]["Convictions_two_sided"]
    assert math.isclose(r.p, exp["p"], rel_tol=5e-4)
    assert math.isclose(r.conditional_odds_ratio, exp["odds_ratio_cond_mle"], rel_tol=1e-5)
    # R's uniroot limits: 0.26% off on the lower limit (reference notes); scipy is exact
    assert math.isclose(r.conditional_odds_ratio_ci_lower, exp["ci95"][0], rel_tol=5e-3)
    assert math.isclose(r.conditional_odds_ratio_ci_upper, exp["ci95"][1], rel_tol=5e-5)
    r99 = contingency_test(ref["data"]["Convictions"]["table"], confidence=0.99)
    assert math.isclose(r99.conditional_odds_ratio_ci_upper, exp["ci99"][1], rel_tol=5e-5)
    # R's printed 99% lower limit 0.001386333 stops short of the root (uniroot's tolerance):
    # at it the upper tail is 0.0051, not 0.005. The limit here solves the defining equation
    # P(X >= 2 | OR = L) = 0.005 of the noncentral hypergeometric; R is 1.05% away.
    tail = sps.nchypergeom_fisher.sf(1, 30, 12, 17, r99.conditional_odds_ratio_ci_lower)
    assert math.isclose(tail, 0.005, rel_tol=1e-9)
    r_tail = sps.nchypergeom_fisher.sf(1, 30, 12, 17, exp["ci99"][0])
    assert math.isclose(r_tail, 0.005, rel_tol=0.03)
    tail95 = sps.nchypergeom_fisher.sf(1, 30, 12, 17, r.conditional_odds_ratio_ci_lower)
    assert math.isclose(tail95, 0.025, rel_tol=1e-9)
    assert r.summary == "***"
    assert math.isnan(r.statistic)
    assert r.odds_ratio == 2 * 3 / (15 * 10)
    assert_json_friendly(r)


def test_fisher_teatasting_two_sided() -> None:
    ref = load_reference("fisher_teatasting_convictions.json")
    r = contingency_test(ref["data"]["TeaTasting"]["table"], test="fisher")
    exp = ref["expected"]["TeaTasting_alternative_greater"]
    assert math.isclose(r.conditional_odds_ratio, exp["odds_ratio_cond_mle"], rel_tol=1e-5)
    assert math.isclose(r.p, 2 * exp["p"], rel_tol=5e-4)  # symmetric table: two-sided = 2x


def test_chisquare_party() -> None:
    ref = load_reference("chisq_agresti_party.json")
    r = contingency_test(ref["data"]["table"])
    exp = ref["expected"]
    assert r.test == "chiSquare" and r.df == exp["df"]
    assert math.isclose(r.statistic, exp["X_squared"], rel_tol=5e-4)
    assert math.isclose(r.p, exp["p"], rel_tol=5e-4)
    np.testing.assert_allclose(r.expected, exp["expected_counts"], rtol=1e-6)
    sp = sps.chi2_contingency(ref["data"]["table"], correction=False)
    assert math.isclose(r.statistic, sp.statistic, rel_tol=1e-12)
    assert math.isnan(r.relative_risk)


def test_yates() -> None:
    ref = load_reference("chisq_2x2_yates_rdoc.json")
    r = contingency_test(ref["data"]["table"], test="chiSquareYates")
    assert math.isclose(r.p, ref["expected"]["p_yates"], rel_tol=1e-6)
    plain = contingency_test(ref["data"]["table"], test="chiSquare")
    want = sps.chi2_contingency(ref["data"]["table"], correction=False)
    assert math.isclose(plain.statistic, want.statistic, rel_tol=1e-12)
    assert plain.statistic > r.statistic


def test_relative_risk_katz_log() -> None:
    ref = load_reference("relative_risk_epitools.json")
    d = ref["data"]
    a, n1 = d["exposed"]["cases"], d["exposed"]["total"]
    c, n0 = d["unexposed_control"]["cases"], d["unexposed_control"]["total"]
    r = contingency_test([[a, n1 - a], [c, n0 - c]])
    assert r.relative_risk_ci_method == "katz-log"
    assert math.isclose(r.relative_risk, ref["expected"]["relative_risk"], rel_tol=5e-7)
    assert math.isclose(r.relative_risk_ci_lower, ref["expected"]["ci95"][0], rel_tol=5e-7)
    assert math.isclose(r.relative_risk_ci_upper, ref["expected"]["ci95"][1], rel_tol=5e-7)
    # Woolf: checked against its formula through scipy's Wald-type odds ratio pieces
    se = math.sqrt(1 / a + 1 / (n1 - a) + 1 / c + 1 / (n0 - c))
    z = sps.norm.ppf(0.975)
    assert math.isclose(r.odds_ratio_ci_upper, r.odds_ratio * math.exp(z * se), rel_tol=1e-12)


def test_trend_smokers() -> None:
    ref = load_reference("chisq_trend_smokers.json")
    x, n = ref["data"]["successes_smokers"], ref["data"]["trials_patients"]
    table = [[s, t - s] for s, t in zip(x, n, strict=True)]
    exp = ref["expected"]
    k = contingency_test(table, test="chiSquare")
    assert math.isclose(k.statistic, exp["prop_test"]["X_squared"], rel_tol=5e-3)
    assert math.isclose(k.p, exp["prop_test"]["p"], rel_tol=5e-4)
    r = contingency_test(table, test="chiSquareTrend")
    assert r.df == 1 and list(r.scores) == [1, 2, 3, 4]
    assert math.isclose(r.statistic, exp["trend_scores_1_2_3_4"]["X_squared"], rel_tol=5e-5)
    assert math.isclose(r.p, exp["trend_scores_1_2_3_4"]["p"], rel_tol=5e-4)
    r2 = contingency_test(table, test="chiSquareTrend", scores=[0, 0, 0, 1])
    assert math.isclose(r2.statistic, exp["trend_scores_0_0_0_1"]["X_squared"], rel_tol=5e-5)
    assert math.isclose(r2.p, exp["trend_scores_0_0_0_1"]["p"], rel_tol=5e-4)


def test_statuses() -> None:
    assert contingency_test([[0, 0], [3, 4]]).status == "missing-group"
    assert contingency_test([[0, 3], [0, 4]]).status == "missing-group"
    assert contingency_test([[1, -2], [3, 4]]).status == "wrong-variable-types"
    assert contingency_test([[1.5, 2], [3, 4]]).status == "wrong-variable-types"
    assert contingency_test([[math.nan, 2], [3, 4]]).status == "wrong-variable-types"
    assert contingency_test([[1, 2, 3]]).status == "too-few-values"
    assert contingency_test([[1, 2, 3], [4, 5, 6]], test="fisher").status == "too-few-values"
    assert (
        contingency_test([[1, 2, 3], [4, 5, 6]], test="chiSquareTrend").status == "too-few-values"
    )
    zero = contingency_test([[0, 5], [3, 4]])
    assert zero.status == "ok" and math.isnan(zero.odds_ratio_ci_lower)
    assert "zero" in zero.message
    assert_json_friendly(zero)
    with pytest.raises(ValueError):
        contingency_test([[1, 2], [3, 4]], test="gtest")
    with pytest.raises(ValueError):
        contingency_test([[1, 2], [3, 4], [5, 6]], test="chiSquareTrend", scores=[1, 2])


@pytest.mark.parametrize(
    "table",
    [[[16, 112], [24, 232]], [[2, 15], [10, 3]], [[12, 7], [5, 7]], [[1, 30], [9, 20]],
     [[50, 2], [40, 12]], [[0, 10], [5, 5]], [[4, 6], [0, 10]]],
)  # fmt: skip
def test_koopman_interval_against_statsmodels(table: list[list[int]]) -> None:
    from statsmodels.stats.proportion import confint_proportions_2indep

    (a, b), (c, d) = table
    r = contingency_test(table)
    with np.errstate(divide="ignore", invalid="ignore"):
        lo, hi = confint_proportions_2indep(
            a, a + b, c, c + d, method="score", compare="ratio", correction=False
        )
    assert math.isclose(r.relative_risk_koopman_ci_lower, lo, rel_tol=1e-9, abs_tol=1e-12)
    assert math.isclose(r.relative_risk_koopman_ci_upper, hi, rel_tol=1e-9)
