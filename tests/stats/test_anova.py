"""One-way ANOVA and its relatives against NIST StRD, R and statsmodels."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from plotdoc.stats.anova import one_way_anova, one_way_anova_from_summary

from .helpers import agreeing_digits, assert_digits, assert_json_friendly, load_reference

NIST = ["sirstv", "smls01", "smls03", "smls06", "smls09"]
#: agreeing digits asked of every certified value: 9 or more (NIST's "good" double precision);
#: SmLs09 holds values like 1000000000000.4 that a double cannot hold (spacing 1.2e-4 at 1e12),
#: so no computation on the stored numbers can pass 4 digits there: see the exact check below
NIST_DIGITS = {"sirstv": 12, "smls01": 13, "smls03": 12, "smls06": 9, "smls09": 3.5}


def _nist_groups(name: str) -> list[list[float]]:
    groups = load_reference(f"anova1_nist_{name}.json")["data"]["groups"]
    return list(groups.values()) if isinstance(groups, dict) else groups


@pytest.mark.parametrize("name", NIST)
def test_ordinary_anova_reaches_nist_certified_digits(name: str) -> None:
    ref = load_reference(f"anova1_nist_{name}.json")["expected"]
    r = one_way_anova(_nist_groups(name))
    assert r.status == "ok"
    digits = NIST_DIGITS[name]
    assert r.df_between == ref["between_groups"]["df"]
    assert r.df_within == ref["within_groups"]["df"]
    pairs = {
        "ss_between": (r.ss_between, ref["between_groups"]["sum_of_squares"]),
        "ms_between": (r.ms_between, ref["between_groups"]["mean_square"]),
        "ss_within": (r.ss_within, ref["within_groups"]["sum_of_squares"]),
        "ms_within": (r.ms_within, ref["within_groups"]["mean_square"]),
        "F": (r.statistic, ref["F"]),
        "r_squared": (r.r_squared, ref["r_squared"]),
        "residual_sd": (r.residual_sd, ref["residual_sd"]),
    }
    for what, (got, want) in pairs.items():
        assert agreeing_digits(got, want) >= digits, (what, got, want)


def test_smls09_is_exact_on_the_stored_doubles() -> None:
    """SmLs09's shortfall comes from the data, not from the computation: exact rational
    arithmetic on the same doubles gives our numbers to 12 digits."""
    groups = _nist_groups("smls09")
    exact = [[Fraction(x) for x in g] for g in groups]
    n = sum(len(g) for g in exact)
    grand = sum(sum(g) for g in exact) / n
    means = [sum(g) / len(g) for g in exact]
    ssb = sum(len(g) * (m - grand) ** 2 for g, m in zip(exact, means, strict=True))
    ssw = sum(sum((x - m) ** 2 for x in g) for g, m in zip(exact, means, strict=True))
    r = one_way_anova(groups)
    assert agreeing_digits(r.ss_between, float(ssb)) >= 12
    assert agreeing_digits(r.ss_within, float(ssw)) >= 12


def test_naive_sums_of_squares_would_fail_smls06() -> None:
    """The accuracy test can fail: the textbook formula loses the digits asked for."""
    groups = [np.asarray(g) for g in _nist_groups("smls06")]
    y = np.concatenate(groups)
    naive_ssw = sum(float((g**2).sum() - g.size * g.mean() ** 2) for g in groups)
    assert agreeing_digits(naive_ssw, 180.0) < 9
    assert y.size == 18009


def test_ordinary_welch_brown_forsythe_match_r() -> None:
    ref = load_reference("anova1_welch_brownforsythe_df3.json")
    d, e = ref["data"], ref["expected"]
    groups = [d["g0"], d["g1"], d["g2"]]
    for test, key in [("ordinary", "ordinary_F"), ("welch", "welch"),
                      ("brownForsythe", "brown_forsythe_means")]:  # fmt: skip
        r = one_way_anova(groups, test)
        assert r.status == "ok"
        assert_digits(r.statistic, e[key]["F"], 10, f"{test} F")
        assert_digits(r.df_num, e[key]["df_num"], 10, f"{test} df num")
        assert_digits(r.df_den, e[key]["df_den"], 10, f"{test} df den")
        assert_digits(r.p, e[key]["p"], 10, f"{test} p")
    assert_digits(one_way_anova(groups).means, e["group_means_statsmodels_test"], 12, "means")


def test_ordinary_matches_scipy_f_oneway_and_r_squared() -> None:
    from scipy.stats import f_oneway

    d = load_reference("anova1_welch_brownforsythe_df3.json")["data"]
    groups = [d["g0"], d["g1"], d["g2"]]
    r = one_way_anova(groups)
    ref = f_oneway(*groups)
    assert_digits(r.statistic, ref.statistic, 12)
    assert_digits(r.p, ref.pvalue, 12)
    assert r.n_per_group == (13, 16, 14)
    assert math.isclose(r.r_squared, r.ss_between / r.ss_total)
    assert math.isclose(r.ss_total, r.ss_between + r.ss_within)


def test_summary_data_anova_equals_raw_data_anova() -> None:
    d = load_reference("anova1_welch_brownforsythe_df3.json")["data"]
    groups = [np.asarray(d[k], dtype=float) for k in ("g0", "g1", "g2")]
    means = [float(g.mean()) for g in groups]
    sds = [float(g.std(ddof=1)) for g in groups]
    ns = [g.size for g in groups]
    for test in ("ordinary", "welch", "brownForsythe"):
        raw = one_way_anova(groups, test)
        summ = one_way_anova_from_summary(means, sds, ns, test)
        assert_digits(summ.statistic, raw.statistic, 11, test)
        assert_digits(summ.p, raw.p, 10, test)


def test_kruskal_wallis_matches_r() -> None:
    ref = load_reference("kruskal_airquality.json")
    d = ref["data"]
    r = one_way_anova([d[m] for m in ("May", "Jun", "Jul", "Aug", "Sep")], "kruskalWallis")
    assert r.statistic_name == "H"
    assert math.isclose(r.statistic, ref["expected"]["H_chi_squared"], rel_tol=5e-5)
    assert r.df_num == ref["expected"]["df"]
    assert math.isclose(r.p, ref["expected"]["p"], rel_tol=5e-4)


def test_kruskal_wallis_matches_scipy_to_full_precision() -> None:
    from scipy.stats import kruskal

    d = load_reference("kruskal_airquality.json")["data"]
    groups = [d[m] for m in ("May", "Jun", "Jul", "Aug", "Sep")]
    r = one_way_anova(groups, "kruskalWallis")
    ref = kruskal(*groups)
    assert_digits([r.statistic, r.p], [ref.statistic, ref.pvalue], 12)


def test_friedman_with_ties_matches_r() -> None:
    ref = load_reference("friedman_roundingtimes.json")
    mat = np.asarray(ref["data"]["matrix"])
    r = one_way_anova(list(mat.T), "friedman")
    assert r.n_subjects == 22
    assert math.isclose(r.statistic, ref["expected"]["friedman_chi_squared"], rel_tol=5e-5)
    assert r.df_num == ref["expected"]["df"]
    assert math.isclose(r.p, ref["expected"]["p"], rel_tol=5e-4)


def test_repeated_measures_matches_ez() -> None:
    ref = load_reference("anova_rm_statsmodels_ez.json")
    rows = ref["data"]["rows"][:16]
    cols: dict[str, dict[int, float]] = {}
    for subject, _a, b, _d, dv in rows:
        cols.setdefault(b, {})[subject] = dv
    groups = [[cols[b][s] for s in sorted(cols[b])] for b in sorted(cols)]
    r = one_way_anova(groups, "repeatedMeasures")
    e = ref["expected"]["one_factor_B_rows_1_16"]["B"]
    assert (r.df_num, r.df_den) == (e["df_num"], e["df_den"])
    assert_digits(r.statistic, e["F"], 6)
    assert_digits(r.p, e["p"], 6)
    assert r.n_subjects == 8


def test_repeated_measures_matches_statsmodels_anovarm_with_three_levels() -> None:
    import pandas as pd
    from statsmodels.stats.anova import AnovaRM

    rng = np.random.default_rng(7)
    mat = rng.normal(size=(9, 4)) + rng.normal(size=(9, 1)) + np.arange(4) * 0.4
    r = one_way_anova(list(mat.T), "repeatedMeasures")
    long = pd.DataFrame(
        [(s, t, mat[s, t]) for s in range(9) for t in range(4)], columns=["s", "t", "y"]
    )
    table = AnovaRM(long, "y", "s", within=["t"]).fit().anova_table
    assert_digits(r.statistic, table["F Value"].iloc[0], 10)
    assert_digits(r.p, table["Pr > F"].iloc[0], 10)


def test_repeated_measures_drops_incomplete_rows() -> None:
    a = [1.0, 2.0, 3.0, None, 5.0]
    b = [2.0, 2.5, 4.5, 4.0, 6.5]
    r = one_way_anova([a, b], "repeatedMeasures")
    assert r.n_subjects == 4


@pytest.mark.parametrize(
    ("groups", "test", "status"),
    [
        ([[1.0, 2.0]], "ordinary", "missing-group"),
        ([[1.0, 2.0], []], "ordinary", "missing-group"),
        ([[1.0], [2.0]], "ordinary", "too-few-values"),
        ([[1.0, 1.0], [2.0, 2.0]], "ordinary", "zero-variance"),
        ([[1.0], [2.0, 3.0]], "welch", "too-few-values"),
        ([[1.0, 1.0], [2.0, 3.0]], "welch", "zero-variance"),
        ([[3.0, 3.0], [3.0, 3.0]], "kruskalWallis", "zero-variance"),
        ([[1.0], [2.0]], "repeatedMeasures", "too-few-values"),
        ([[1.0, 2.0], [1.0, 2.0]], "friedman", "zero-variance"),
    ],
)
def test_bad_data_gives_a_status_and_no_numbers(
    groups: list[list[float]], test: str, status: str
) -> None:
    r = one_way_anova(groups, test)
    assert r.status == status
    assert math.isnan(r.statistic) and math.isnan(r.p)
    assert r.message
    assert_json_friendly(r)


def test_unknown_test_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="test must be one of"):
        one_way_anova([[1.0, 2.0], [3.0, 4.0]], "anova")
