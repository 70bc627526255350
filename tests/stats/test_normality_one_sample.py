"""Normality tests, one-sample tests and column statistics against R and Prism's definitions."""

from __future__ import annotations

import math

import numpy as np
import pytest

from plotdoc.stats.column_statistics import COLUMN_STATISTICS_FIELDS, column_statistics
from plotdoc.stats.descriptive import summarize
from plotdoc.stats.normality import normality_test
from plotdoc.stats.one_sample import one_sample_test

from .helpers import assert_digits, assert_json_friendly, load_reference


def test_shapiro_wilk_matches_r() -> None:
    ref = load_reference("shapiro_wilk_r.json")
    for key in ("x1", "x2"):
        r = normality_test(ref["data"][key], "shapiroWilk")
        assert_digits([r.statistic, r.p], [ref["expected"][key]["W"], ref["expected"][key]["p"]],
                      6, key)  # fmt: skip
    assert not normality_test(ref["data"]["x1"], "shapiroWilk").passed
    assert normality_test(ref["data"]["x2"], "shapiroWilk").passed


def test_dagostino_pearson_matches_fbasics() -> None:
    ref = load_reference("dagostino_pearson_fbasics.json")
    r = normality_test(ref["data"]["x"], "dagostinoPearson")
    e = ref["expected"]["omnibus"]
    assert_digits([r.statistic, r.p], [e["K2"], e["p"]], 9)
    assert r.statistic_name == "K2" and r.passed


def test_anderson_darling_statistic_matches_nortest() -> None:
    ref = load_reference("anderson_darling_nortest.json")
    r = normality_test(ref["data"]["v"], "andersonDarling")
    assert_digits(r.statistic, ref["expected"]["A"], 6)
    assert not r.passed


def test_anderson_darling_p_value_follows_nortest_formula() -> None:
    """statsmodels normal_ad implements nortest's P value formula independently."""
    from statsmodels.stats.diagnostic import normal_ad

    rng = np.random.default_rng(5)
    for x in (rng.normal(size=30), rng.gamma(1.5, size=40), rng.uniform(size=12),
              rng.standard_t(3, size=200)):  # fmt: skip
        r = normality_test(x, "andersonDarling")
        a2, p = normal_ad(x)
        assert_digits([r.statistic, r.p], [a2, p], 10)


def test_lilliefors_matches_statsmodels_where_both_use_dallal_wilkinson() -> None:
    from statsmodels.stats.diagnostic import lilliefors

    rng = np.random.default_rng(9)
    checked = 0
    for _ in range(40):
        x = rng.exponential(size=int(rng.integers(5, 150)))
        r = normality_test(x, "kolmogorovSmirnov")
        d, p = lilliefors(x, pvalmethod="approx")
        assert_digits(r.statistic, d, 12)
        if p < 0.1:
            assert_digits(r.p, p, 8)
            checked += 1
    assert checked > 10


@pytest.mark.parametrize(
    ("test", "n"), [("dagostinoPearson", 7), ("shapiroWilk", 2), ("andersonDarling", 7),
                    ("kolmogorovSmirnov", 4)],
)  # fmt: skip
def test_too_few_values_for_each_normality_test(test: str, n: int) -> None:
    r = normality_test(np.arange(n, dtype=float), test)
    assert r.status == "too-few-values" and math.isnan(r.p) and not r.passed
    ok = normality_test(np.arange(n + 1, dtype=float) ** 1.5, test)
    assert ok.status == "ok" and math.isfinite(ok.p)


def test_equal_values_are_zero_variance() -> None:
    r = normality_test([2.0] * 20, "shapiroWilk")
    assert r.status == "zero-variance" and math.isnan(r.statistic)
    assert_json_friendly(r)


def test_one_sample_t_matches_r() -> None:
    ref = load_reference("one_sample_t_sleep.json")
    e = ref["expected"]
    r = one_sample_test(ref["data"]["extra"], ref["data"]["hypothetical_mean"])
    assert math.isclose(r.statistic, e["t"], rel_tol=5e-4)
    assert r.df == e["df"]
    assert math.isclose(r.p, e["p"], rel_tol=5e-4)
    assert_digits([r.ci_lower, r.ci_upper], e["ci95"], 6)
    assert_digits(r.mean, e["mean"], 12)


def test_one_sample_t_against_a_nonzero_value_matches_scipy() -> None:
    from scipy.stats import ttest_1samp

    x = load_reference("one_sample_t_sleep.json")["data"]["extra"]
    r = one_sample_test(x, 1.0)
    ref = ttest_1samp(x, 1.0)
    assert_digits([r.statistic, r.p], [ref.statistic, ref.pvalue], 12)
    assert_digits(r.difference, 0.54, 12)


def test_one_sample_wilcoxon_matches_r() -> None:
    ref = load_reference("wilcoxon_signed_rank_depression.json")
    d = ref["data"]
    change = np.asarray(d["y_second_visit"]) - np.asarray(d["x_first_visit"])
    r = one_sample_test(change, 0.0, "wilcoxon")
    assert r.statistic == ref["expected"]["V_of_y_minus_x"]
    assert math.isclose(r.p, ref["expected"]["exact_p_two_sided"], rel_tol=5e-4)
    assert r.exact and r.n == 9
    assert r.sum_signed_ranks == -35.0  # Prism's W for y - x (35 for x - y)
    shifted = one_sample_test(change + 3.0, 3.0, "wilcoxon")
    assert shifted.statistic == 5 and math.isclose(shifted.p, r.p)


def test_one_sample_bad_data() -> None:
    assert one_sample_test([1.0]).status == "too-few-values"
    assert one_sample_test([2.0, 2.0, 2.0]).status == "zero-variance"
    r = one_sample_test([3.0, 3.0], 3.0, "wilcoxon")
    assert r.status == "too-few-values" and math.isnan(r.p)
    assert_json_friendly(r)
    with pytest.raises(ValueError, match="test must be one of"):
        one_sample_test([1.0, 2.0], test="sign")


def test_column_statistics_is_summarize_per_data_set() -> None:
    ref = load_reference("descriptive_prism.json")
    group1 = ref["expected"]["sleep_group1"]["tukey"]["values"]
    r = column_statistics([group1, [1.0, 10.0, 100.0], []], names=["g1", "tenfold", "empty"])
    assert r.names == ("g1", "tenfold", "empty")
    first = r.data_sets[0]
    e = ref["expected"]["sleep_group1"]
    assert_digits([first.mean, first.sd, first.sem, first.q1, first.median, first.q3],
                  [e["mean"], e["sd"], e["sem"], e["Q1"], e["median"], e["Q3"]], 12)  # fmt: skip
    assert first == summarize(group1)
    assert_digits(r.data_sets[1].geometric_mean, 10.0, 12)
    assert r.data_sets[2].status == "too-few-values"
    assert all(hasattr(first, f) for f in COLUMN_STATISTICS_FIELDS)
    assert_json_friendly(r)
    assert column_statistics([]).status == "missing-group"
