"""Log-rank, Gehan-Breslow-Wilcoxon and trend against R survdiff, scipy and lifelines."""

from __future__ import annotations

import math

import numpy as np
import pytest
from lifelines.statistics import logrank_test, multivariate_logrank_test
from scipy import stats as sps

from plotdoc.stats import kaplan_meier
from plotdoc.stats.survival_comparison import survival_comparison

from .helpers import assert_close, assert_json_friendly, load_reference


def _bland_altman() -> list[tuple[list[float], list[int]]]:
    d = load_reference("logrank_bland_altman.json")["data"]
    out = []
    for key in ("group_x", "group_y"):
        g = d[key]
        out.append(
            (g["event_times"] + g["censored_times"],
             [1] * len(g["event_times"]) + [0] * len(g["censored_times"]))
        )  # fmt: skip
    return out


def test_logrank_bland_altman_r_scipy_lifelines() -> None:
    ref = load_reference("logrank_bland_altman.json")
    groups = _bland_altman()
    r = survival_comparison(groups)
    assert r.status == "ok" and r.df == 1
    assert math.isclose(r.statistic, ref["expected"]["chi_squared"], abs_tol=1e-10)
    assert math.isclose(r.p, ref["expected"]["p_two_sided"], abs_tol=1e-10)
    (tx, ex), (ty, ey) = groups
    x = sps.CensoredData(uncensored=[t for t, e in zip(tx, ex, strict=True) if e],
                         right=[t for t, e in zip(tx, ex, strict=True) if not e])  # fmt: skip
    y = sps.CensoredData(uncensored=[t for t, e in zip(ty, ey, strict=True) if e],
                         right=[t for t, e in zip(ty, ey, strict=True) if not e])  # fmt: skip
    sp = sps.logrank(x, y)
    assert math.isclose(r.statistic, sp.statistic**2, rel_tol=1e-10)
    ll = logrank_test(tx, ty, event_observed_A=ex, event_observed_B=ey)
    assert math.isclose(r.statistic, ll.test_statistic, rel_tol=1e-10)
    assert math.isclose(r.p, ll.p_value, rel_tol=1e-10)
    assert r.summary == "**"
    assert_json_friendly(r)


def test_freireich_logrank_and_gehan() -> None:
    ref = load_reference("survival_weighted_logrank_freireich.json")
    d = ref["data"]
    groups = [(d[k]["time"], d[k]["status"]) for k in ("treatment_6MP_Rx0", "placebo_Rx1")]
    lr = survival_comparison(groups)
    assert round(lr.statistic, 1) == ref["expected"]["logrank"]["chi_squared_r_printed"]
    assert math.isclose(lr.p, ref["expected"]["logrank"]["p_r_printed"], rel_tol=5e-3)
    g = survival_comparison(groups, test="gehanBreslowWilcoxon")
    want = ref["expected"]["gehan_breslow_wilcoxon"]["chi_squared"]
    assert math.isclose(g.statistic, want, abs_tol=1e-6)
    (ta, ea), (tb, eb) = groups
    ll = logrank_test(ta, tb, event_observed_A=ea, event_observed_B=eb, weightings="wilcoxon")
    assert math.isclose(g.statistic, ll.test_statistic, rel_tol=1e-10)
    # 6-MP group (first) has the lower hazard
    assert lr.hazard_ratio < 1 and lr.hazard_ratio_ci_upper < 1
    assert lr.hazard_ratio_method == "mantel-haenszel"


def test_aml_survdiff_observed_expected_and_medians() -> None:
    ref = load_reference("logrank_coxph_aml.json")
    km_ref = load_reference("km_aml.json")
    d = ref["data"]
    groups = [(d[k]["time"], d[k]["status"]) for k in ("maintained", "nonmaintained")]
    r = survival_comparison(groups, median_ci="log")
    sd = ref["expected"]["survdiff"]
    assert list(r.observed) == [sd["maintained"]["observed"], sd["nonmaintained"]["observed"]]
    np.testing.assert_allclose(
        r.expected, [sd["maintained"]["expected"], sd["nonmaintained"]["expected"]], atol=0.005
    )
    assert math.isclose(r.statistic, sd["chi_squared"], abs_tol=0.05)
    assert math.isclose(r.statistic, ref["computed_check"]["logrank"]["chi_squared"], rel_tol=1e-10)
    assert list(r.n) == [11, 12]
    for i, key in enumerate(("maintained", "nonmaintained")):
        full = km_ref["expected"]["full_precision"][key]
        assert r.median[i] == full["median"]
        assert_close(
            [r.median_ci_lower[i], r.median_ci_upper[i]], full["median_ci95_log_R_rule"], 0, key
        )
    # Mantel-Haenszel HR, its definition from the O - E and variance survdiff uses
    v = (sd["maintained"]["observed"] - r.expected[0]) ** 2 / r.statistic
    assert math.isclose(r.hazard_ratio, math.exp((7 - r.expected[0]) / v), rel_tol=1e-10)
    lr = (7 / r.expected[0]) / (11 / r.expected[1])
    assert math.isclose(r.hazard_ratio_logrank, lr, rel_tol=1e-12)
    # both lie near the inverse of the Cox HR of nonmaintained vs maintained (2.47 Breslow)
    assert 0.3 < r.hazard_ratio < 1 / 2.0


def test_k_groups_and_trend_against_lifelines() -> None:
    rng = np.random.default_rng(7)
    groups = []
    times, labels, events = [], [], []
    for j, scale in enumerate((5.0, 8.0, 12.0)):
        t = np.round(rng.exponential(scale, 25), 1)
        e = (rng.random(25) < 0.8).astype(int)
        groups.append((t, e))
        times += list(t)
        events += list(e)
        labels += [j] * 25
    r = survival_comparison(groups)
    ll = multivariate_logrank_test(times, labels, events)
    assert r.df == 2
    assert math.isclose(r.statistic, ll.test_statistic, rel_tol=1e-10)
    assert math.isclose(r.p, ll.p_value, rel_tol=1e-9)
    assert math.isnan(r.hazard_ratio)
    tr = survival_comparison(groups, test="logRankTrend")
    assert tr.df == 1 and tr.statistic > 0
    # statsmodels' survdiff: k-group log-rank and Gehan-Breslow ("gb") weights
    from statsmodels.duration.survfunc import survdiff

    stat, p = survdiff(np.array(times), np.array(events), np.array(labels))
    assert math.isclose(r.statistic, stat, rel_tol=1e-10)
    gb = survival_comparison(groups, test="gehanBreslowWilcoxon")
    stat, p = survdiff(np.array(times), np.array(events), np.array(labels), weight_type="gb")
    assert math.isclose(gb.statistic, stat, rel_tol=1e-10)
    assert math.isclose(gb.p, p, rel_tol=1e-9)
    # with two groups the trend test is the plain test, whatever the two scores
    two = survival_comparison(groups[:2], test="logRankTrend")
    plain = survival_comparison(groups[:2])
    assert math.isclose(two.statistic, plain.statistic, rel_tol=1e-12)


def test_kaplan_meier_medians_are_reused() -> None:
    groups = _bland_altman()
    r = survival_comparison(groups)
    for i, (t, e) in enumerate(groups):
        km = kaplan_meier(t, e)
        assert r.median[i] == km.median or (math.isnan(r.median[i]) and math.isnan(km.median))


def test_statuses() -> None:
    assert survival_comparison([([1, 2], [1, 1])]).status == "missing-group"
    assert survival_comparison([([1, 2], [1, 1]), ([], [])]).status == "missing-group"
    censored = survival_comparison([([1, 2], [0, 0]), ([3, 4], [0, 0])])
    assert censored.status == "too-few-values"
    assert_json_friendly(censored)
    single = survival_comparison([([5], [1]), ([1], [0])])
    assert single.status == "too-few-values"  # one subject at risk: no variance
    none_in_one = survival_comparison([([1, 2, 3], [1, 1, 0]), ([2, 4], [0, 0])])
    assert none_in_one.status == "ok" and math.isnan(none_in_one.hazard_ratio_logrank)
    assert "no events" in none_in_one.message.lower() or "without events" in none_in_one.message
    with pytest.raises(ValueError):
        survival_comparison([([1], [1]), ([2], [1])], test="peto")
    with pytest.raises(ValueError):
        survival_comparison([([1], [1]), ([2], [1])], test="logRankTrend", scores=[1])


def test_trend_is_the_cox_score_test_of_the_scores_without_ties() -> None:
    """Without tied times the trend statistic is the Cox score test at beta = 0 of the
    group score as a covariate (statsmodels PHReg, Breslow ties)."""
    from statsmodels.duration.hazard_regression import PHReg

    rng = np.random.default_rng(11)
    groups, times, events, z = [], [], [], []
    scores = [0.0, 1.0, 3.0]
    for s, scale in zip(scores, (5.0, 7.0, 9.0), strict=True):
        t = rng.exponential(scale, 20)
        e = (rng.random(20) < 0.75).astype(float)
        groups.append((t, e))
        times += list(t)
        events += list(e)
        z += [s] * 20
    r = survival_comparison(groups, test="logRankTrend", scores=scores)
    model = PHReg(np.array(times), np.array(z)[:, None], status=np.array(events), ties="breslow")
    u = float(model.score(np.zeros(1))[0])
    info = -float(model.hessian(np.zeros(1))[0, 0])
    assert math.isclose(r.statistic, u * u / info, rel_tol=1e-9)
    assert list(r.scores) == scores


def test_mantel_haenszel_hazard_ratio_is_one_newton_step_of_cox() -> None:
    """Without ties, log HR = (O1 - E1) / V is the first Newton step of the Cox model from 0."""
    from statsmodels.duration.hazard_regression import PHReg

    rng = np.random.default_rng(12)
    ta, tb = rng.exponential(4.0, 30), rng.exponential(8.0, 25)
    ea, eb = (rng.random(30) < 0.8).astype(float), (rng.random(25) < 0.8).astype(float)
    r = survival_comparison([(ta, ea), (tb, eb)])
    z = np.r_[np.ones(30), np.zeros(25)][:, None]
    model = PHReg(np.r_[ta, tb], z, status=np.r_[ea, eb], ties="breslow")
    u = float(model.score(np.zeros(1))[0])
    info = -float(model.hessian(np.zeros(1))[0, 0])
    assert math.isclose(r.hazard_ratio, math.exp(u / info), rel_tol=1e-9)
    half = 1.959963984540054 / math.sqrt(info)
    assert math.isclose(r.hazard_ratio_ci_upper, math.exp(u / info + half), rel_tol=1e-9)
    assert r.hazard_ratio > 1  # group 1 dies faster
