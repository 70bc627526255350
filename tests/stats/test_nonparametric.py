"""Mann-Whitney and Wilcoxon signed-rank against R's wilcox.test values and scipy."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from scipy import stats as sps

from plotdoc.stats.nonparametric import rank_test, signed_rank_distribution, u_distribution

from .helpers import assert_json_friendly, load_reference

ALTS = {"two_sided": "two-sided", "less": "less", "greater": "greater"}


@pytest.mark.parametrize("key", list(ALTS))
def test_permeability_exact(key: str) -> None:
    ref = load_reference("mannwhitney_permeability.json")
    x, y = ref["data"]["x_term"], ref["data"]["y_12_26_weeks"]
    r = rank_test(x, y, alternative=ALTS[key])
    assert r.status == "ok" and r.method == "exact" and r.test == "mann-whitney"
    assert r.statistic == ref["expected"]["W"]
    assert r.statistic_prism == 50 - 35  # U = min(U1, U2), as Prism shows
    want = ref["expected"]["r_full_digits"]["exact"][key]
    assert math.isclose(r.p, want, rel_tol=1e-10)
    assert (r.n_a, r.n_b) == (10, 5)
    assert_json_friendly(r)


def test_permeability_printed_and_summary() -> None:
    ref = load_reference("mannwhitney_permeability.json")
    x, y = ref["data"]["x_term"], ref["data"]["y_12_26_weeks"]
    r = rank_test(x, y, alternative="greater")
    assert math.isclose(r.p, ref["expected"]["r_help_printed"]["exact_greater"], rel_tol=5e-4)
    assert r.summary == "ns"
    assert rank_test(x, y, p_value_style="apa").p_value_style == "apa"


@pytest.mark.parametrize("key", list(ALTS))
def test_small_vs_large_exact(key: str) -> None:
    ref = load_reference("mannwhitney_small_vs_large_n.json")
    r = rank_test(ref["data"]["x"], ref["data"]["y"], alternative=ALTS[key])
    assert r.method == "exact"
    assert r.statistic == ref["expected"]["W_x_vs_y"]
    assert math.isclose(r.p, ref["expected"]["x_vs_y"]["exact"][key], rel_tol=1e-10)


def test_large_groups_use_the_normal_approximation_with_correction() -> None:
    """R switches to the normal approximation at 50 values per group, with correction."""
    rng = np.random.default_rng(3)
    x, y = rng.normal(size=50), rng.normal(0.4, size=60)
    r = rank_test(x, y)
    assert r.method == "normal"
    want = sps.mannwhitneyu(x, y, method="asymptotic", use_continuity=True).pvalue
    assert math.isclose(r.p, want, rel_tol=1e-10)
    small = rank_test(x[:49], y[:49])
    assert small.method == "exact"
    assert math.isclose(
        small.p, sps.mannwhitneyu(x[:49], y[:49], method="exact").pvalue, rel_tol=1e-9
    )


def test_tied_case_normal_with_correction() -> None:
    ref = load_reference("mannwhitney_small_vs_large_n.json")
    tie = ref["data"]["tie_case"]
    r = rank_test(tie["x"], tie["y"])
    assert r.method == "normal"
    assert r.statistic == ref["expected"]["tie_case"]["W"]
    assert math.isclose(r.p, ref["expected"]["tie_case"]["p_two_sided_normal_cc"], rel_tol=1e-10)


def test_hodges_lehmann_matches_the_definition() -> None:
    ref = load_reference("mannwhitney_permeability.json")
    x, y = np.array(ref["data"]["x_term"]), np.array(ref["data"]["y_12_26_weeks"])
    r = rank_test(x, y)
    diffs = np.sort(np.subtract.outer(x, y).ravel())
    assert r.median_difference == float(np.median(diffs))
    # R: qu = qwilcox(0.025, 10, 5); CI = (diffs[qu], diffs[50 - qu + 1]), 1-based
    dist = u_distribution(10, 5)
    q = int(np.argmax(np.cumsum(dist) >= 0.025))
    assert (r.ci_lower, r.ci_upper) == (diffs[q - 1], diffs[50 - q])
    assert r.ci_lower <= r.median_difference <= r.ci_upper


@pytest.mark.parametrize(("m", "n"), [(1, 1), (2, 5), (3, 6), (4, 4), (6, 3)])
def test_null_distributions_by_enumeration(m: int, n: int) -> None:
    """Every assignment of ranks 1..m+n to the first group, counted by brute force."""
    counts = np.zeros(m * n + 1)
    for chosen in itertools.combinations(range(1, m + n + 1), m):
        counts[sum(chosen) - m * (m + 1) // 2] += 1
    np.testing.assert_allclose(u_distribution(m, n), counts / counts.sum(), rtol=1e-12)
    k = m + n
    signs = np.zeros(k * (k + 1) // 2 + 1)
    for mask in itertools.product((0, 1), repeat=k):
        signs[sum(r for r, s in zip(range(1, k + 1), mask, strict=True) if s)] += 1
    np.testing.assert_allclose(signed_rank_distribution(k), signs / signs.sum(), rtol=1e-12)


def test_signed_rank_tail() -> None:
    sr = signed_rank_distribution(9)
    assert sr.size == 46 and math.isclose(sr.sum(), 1.0, rel_tol=1e-12)
    # P(V >= 40) for n = 9 is the exact one-sided P of the depression example
    assert math.isclose(float(sr[40:].sum()), 0.01953125, rel_tol=1e-12)


@pytest.mark.parametrize("alt", ["two-sided", "less", "greater"])
def test_signed_rank_depression(alt: str) -> None:
    ref = load_reference("wilcoxon_signed_rank_depression.json")
    x, y = ref["data"]["x_first_visit"], ref["data"]["y_second_visit"]
    r = rank_test(x, y, design="paired", alternative=alt)
    assert r.test == "wilcoxon-signed-rank" and r.method == "exact"
    assert r.statistic == ref["expected"]["V_sum_positive_ranks_of_x_minus_y"]
    assert r.statistic_prism == 35
    exp = ref["expected"]
    want = {"two-sided": exp["exact_p_two_sided"], "greater": exp["exact_p_greater_x_minus_y"]}
    if alt in want:
        assert math.isclose(r.p, want[alt], rel_tol=5e-4)
    flipped = rank_test(y, x, design="paired", alternative="less")
    assert flipped.statistic == ref["expected"]["V_of_y_minus_x"]
    assert math.isclose(flipped.p, exp["exact_p_less_y_minus_x"], rel_tol=5e-4)
    assert math.isclose(
        r.p, sps.wilcoxon(x, y, alternative=alt, method="exact").pvalue, rel_tol=1e-12
    )


def test_signed_rank_with_zeros_and_ties_against_scipy() -> None:
    x = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]
    y = [1.0, 1.0, 2.0, 2.0, 7.0, 3.0, 2.0, 9.0]
    r = rank_test(x, y, design="paired")
    assert r.method == "normal" and r.n_nonzero == 7
    want = sps.wilcoxon(x, y, zero_method="wilcox", correction=True, method="asymptotic")
    assert math.isclose(r.p, want.pvalue, rel_tol=1e-10)


def test_statuses() -> None:
    assert rank_test(None, [1, 2]).status == "missing-group"
    assert rank_test([math.nan], [1, 2]).status == "missing-group"
    assert rank_test([1, 1], [1, 1]).status == "zero-variance"
    assert rank_test([1, 2], [1, 2], design="paired").status == "zero-variance"
    assert rank_test([1, math.nan], [math.nan, 2], design="paired").status == "too-few-values"
    with pytest.raises(ValueError):
        rank_test([1], [2], alternative="sideways")
    with pytest.raises(ValueError):
        rank_test([1], [2], p_value_style="stars")


def test_sleep_with_ties_and_zeros() -> None:
    """R's sleep data (ttest_sleep.json) have ties and a zero difference: normal P, as R."""
    d = load_reference("ttest_sleep.json")["data"]
    a, b = d["group1"], d["group2"]
    r = rank_test(a, b)
    assert r.method == "normal" and r.statistic == 25.5
    want = sps.mannwhitneyu(a, b, method="asymptotic", use_continuity=True).pvalue
    assert math.isclose(r.p, want, rel_tol=1e-12)
    assert r.median_difference == -1.35  # median of the 100 differences
    paired = rank_test(a, b, design="paired")
    assert paired.method == "normal" and paired.statistic == 0 and paired.n_nonzero == 9
    want = sps.wilcoxon(a, b, zero_method="wilcox", correction=True, method="asymptotic").pvalue
    assert math.isclose(paired.p, want, rel_tol=1e-12)
    assert paired.summary == "**"


def test_tiny_exact_tails_keep_their_digits() -> None:
    """Complete separation of 30 vs 30: P ~ 8e-18, which 1 - CDF would round to 0."""
    x, y = np.arange(30.0) + 100, np.arange(30.0) + 0.5
    r = rank_test(x, y, alternative="greater")
    want = sps.mannwhitneyu(x, y, alternative="greater", method="exact").pvalue
    assert r.method == "exact" and math.isclose(r.p, want, rel_tol=1e-9)
    d = rank_test(x, x - np.arange(1.0, 31.0), design="paired", alternative="greater")
    assert d.method == "exact" and math.isclose(d.p, 2.0**-30, rel_tol=1e-9)


def test_hodges_lehmann_skipped_above_its_limit_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    import plotdoc.stats.nonparametric as mod

    monkeypatch.setattr(mod, "MAX_DIFFERENCES", 10)
    r = rank_test([1.0, 2.0, 3.0, 4.0], [2.5, 3.5, 5.0])
    assert r.status == "ok" and math.isnan(r.median_difference)
    assert "not computed" in r.message
    assert rank_test([1.0, 2.0], [2.5, 3.5]).message == "ok"
