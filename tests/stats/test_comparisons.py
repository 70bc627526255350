"""Multiple comparisons after one-way ANOVA against R, SPSS, scipy and statsmodels."""

from __future__ import annotations

import math

import numpy as np
import pytest

from plotdoc.pvalues import summary
from plotdoc.stats.comparisons import (
    multiple_comparisons,
    multiple_comparisons_from_summary,
    p_adjust,
    resolve_correction,
)

from .helpers import assert_close, assert_digits, assert_json_friendly, load_reference


def _rows(result):  # type: ignore[no-untyped-def]
    return {(r.a, r.b): r for r in result.rows}


def test_tukey_matches_r_tukeyhsd_on_warpbreaks() -> None:
    ref = load_reference("tukey_warpbreaks.json")
    d = ref["data"]
    r = multiple_comparisons([d["L"], d["M"], d["H"]], names=["L", "M", "H"])
    assert r.method == "tukey"
    rows = _rows(r)
    for key, want in ref["expected"]["one_way_r_printed"].items():
        if key == "ordered_levels":
            continue
        first, second = key.split("-")
        row = rows[(first, second)]
        assert_close(row.mean_difference, want["diff"], 5e-6, key)
        assert_close([row.ci_lower, row.ci_upper], [want["lwr"], want["upr"]], 5e-5, key)
        assert_close(row.p, want["p_adj"], 5e-7, key)
        assert row.summary == summary(row.p)


def test_tukey_matches_scipy_tukey_hsd_unequal_n() -> None:
    from scipy.stats import tukey_hsd

    d = load_reference("anova1_welch_brownforsythe_df3.json")["data"]
    groups = [d["g0"], d["g1"], d["g2"]]
    r = multiple_comparisons(groups)
    ref = tukey_hsd(*groups)
    ci = ref.confidence_interval(0.95)
    for row, (i, j) in zip(r.rows, [(0, 1), (0, 2), (1, 2)], strict=True):
        assert_digits(row.p, ref.pvalue[i, j], 7)
        assert_digits([row.ci_lower, row.ci_upper], [ci.low[i, j], ci.high[i, j]], 8)


def test_dunnett_matches_multcomp() -> None:
    ref = load_reference("dunnett_dunnett1955.json")
    d, e = ref["data"], ref["expected"]
    r = multiple_comparisons(
        [d["control"], d["treatment_A"], d["treatment_B"]],
        comparisons="versusControl",
        names=["control", "A", "B"],
    )
    assert r.method == "dunnett"
    rows = _rows(r)
    for g in ("A", "B"):
        row = rows[("control", g)]  # control first: difference is control - treatment
        assert_close(-row.statistic, e["t_statistic"][g], 5e-6, g)
        assert_close(row.p, e["p_two_sided"][g], 1e-4, g)
        lo, hi = e["ci95_two_sided"][g]
        assert_close([-row.ci_upper, -row.ci_lower], [lo, hi], 2e-3, g)


def test_dunnett_matches_scipy_dunnett() -> None:
    from scipy.stats import dunnett

    d = load_reference("dunnett_dunnett1955.json")["data"]
    r = multiple_comparisons(
        [d["control"], d["treatment_A"], d["treatment_B"]], comparisons="versusControl"
    )
    ref = dunnett(d["treatment_A"], d["treatment_B"], control=d["control"], rng=1)
    assert_close([row.p for row in r.rows], ref.pvalue, 2e-4)
    assert_digits([-row.statistic for row in r.rows], ref.statistic, 10)


def test_games_howell_matches_pmcmrplus_and_spss() -> None:
    ref = load_reference("games_howell_equal_n.json")
    d, e = ref["data"], ref["expected"]
    r = multiple_comparisons([d["group0"], d["group1"], d["group2"]], test="welch",
                             names=["0", "1", "2"])  # fmt: skip
    assert r.method == "gamesHowell"
    rows = _rows(r)
    for key, want in e["spss"].items():
        row = rows[tuple(key.split("-"))]
        assert_close(row.mean_difference, want["mean_diff"], 1e-12, key)
        # SPSS limits differ from ours (and scipy tukey_hsd equal_var=False) by up to 8e-6 (1e-7
        # relative): the studentized-range quantile at fractional df differs in the 7th digit;
        # the P values agree to 1e-8
        assert_close([row.ci_lower, row.ci_upper], [want["lower"], want["upper"]], 1e-5, key)
        assert_close(row.p, want["p"], 1e-8, key)
    for key, want in e["r_pmcmrplus"].items():
        i, j = key.split("-")
        row = rows[(j, i)]
        assert_close(row.statistic, abs(want["q"]), 1e-9, key)
        assert_close(row.p, want["p"], 1e-7, key)


def test_games_howell_equals_scipy_tukey_hsd_unequal_variances() -> None:
    from scipy.stats import tukey_hsd

    d = load_reference("anova1_welch_brownforsythe_df3.json")["data"]
    groups = [d["g0"], d["g1"], d["g2"]]
    r = multiple_comparisons(groups, correction="gamesHowell")
    ref = tukey_hsd(*groups, equal_var=False)
    ci = ref.confidence_interval(0.95)
    for row, (i, j) in zip(r.rows, [(0, 1), (0, 2), (1, 2)], strict=True):
        assert_digits(row.p, ref.pvalue[i, j], 9)
        assert_digits([row.ci_lower, row.ci_upper], [ci.low[i, j], ci.high[i, j]], 10)


def test_dunn_after_kruskal_wallis_matches_r_holm() -> None:
    ref = load_reference("dunn_exercise_pulse.json")
    d = ref["data"]
    names = ["rest", "walking", "running"]
    r = multiple_comparisons([d[n] for n in names], test="kruskalWallis", names=names,
                             dunn_adjustment="holm")  # fmt: skip
    assert r.method == "dunn"
    rows = _rows(r)
    for key, want in ref["expected"]["holm_adjusted_p"].items():
        a, b = key.split("-")
        row = rows.get((a, b)) or rows[(b, a)]
        assert_digits(row.p, want, 5, key)
        assert math.isnan(row.ci_lower)


def test_dunn_after_friedman_uses_within_row_ranks() -> None:
    mat = np.asarray(load_reference("friedman_roundingtimes.json")["data"]["matrix"])
    r = multiple_comparisons(list(mat.T), test="friedman")
    from scipy.stats import norm, rankdata

    ranks = rankdata(mat, axis=1).mean(axis=0)
    z = (ranks[0] - ranks[2]) / math.sqrt(3 * 4 / (6 * 22))
    row = r.rows[1]
    assert_digits(row.statistic, z, 12)
    assert_digits(row.p, min(1.0, 3 * 2 * norm.sf(abs(z))), 12)


def test_pooled_t_bonferroni_and_holm_match_r_pairwise_t_test() -> None:
    ref = load_reference("pairwise_t_airquality.json")
    months = ["May", "Jun", "Jul", "Aug", "Sep"]
    groups = [ref["data"]["ozone"][m] for m in months]
    r = multiple_comparisons(groups, correction="bonferroni", names=months)
    rows = _rows(r)
    holm = dict(zip(rows, p_adjust([row.p_unadjusted for row in r.rows], "holm"), strict=True))
    for name, got in (("pooled_sd_bonferroni", None), ("pooled_sd_holm", holm)):
        for b, cols in ref["expected"][name].items():
            for a, want in cols.items():
                value = rows[(a, b)].p if got is None else got[(a, b)]
                assert_close(value, want, 5e-6, f"{name} {a}-{b}")


def test_p_adjust_matches_multtest() -> None:
    ref = load_reference("padjust_multtest_10p.json")
    raw = ref["data"]["raw_p_sorted"]
    e = ref["expected"]["adjusted_p_in_sorted_order"]
    for method, key in [("bonferroni", "Bonferroni"), ("holm", "Holm"), ("sidak", "SidakSS"),
                        ("holmSidak", "SidakSD"), ("bh", "BH")]:  # fmt: skip
        assert_digits(p_adjust(raw, method), e[key], 12, method)
    shuffled = np.array(raw)[::-1]
    assert_digits(p_adjust(shuffled, "holm")[::-1], e["Holm"], 12, "order")


def test_two_stage_fdr_matches_statsmodels() -> None:
    from statsmodels.stats.multitest import fdrcorrection_twostage

    rng = np.random.default_rng(3)
    for _ in range(100):
        p = rng.uniform(size=int(rng.integers(1, 15))) ** rng.uniform(1, 8)
        assert_digits(p_adjust(p, "bky"), fdrcorrection_twostage(p, 0.05)[1], 12)


def test_sidak_and_bonferroni_cis_and_holm_sidak_has_none() -> None:
    d = load_reference("anova1_welch_brownforsythe_df3.json")["data"]
    groups = [d["g0"], d["g1"], d["g2"]]
    bon = multiple_comparisons(groups, correction="bonferroni")
    sid = multiple_comparisons(groups, correction="sidak")
    hs = multiple_comparisons(groups, correction="holmSidak")
    fdr = multiple_comparisons(groups, correction="fdr")
    for b, s, h, f in zip(bon.rows, sid.rows, hs.rows, fdr.rows, strict=True):
        assert s.ci_upper - s.ci_lower < b.ci_upper - b.ci_lower  # Sidak is a bit tighter
        assert s.p <= b.p
        assert math.isnan(h.ci_lower) and math.isnan(f.ci_lower)
        assert h.p <= s.p + 1e-15


def test_selected_pairs_and_versus_control_choose_the_family() -> None:
    d = load_reference("kruskal_airquality.json")["data"]
    groups = [d[m] for m in ("May", "Jun", "Jul", "Aug", "Sep")]
    sel = multiple_comparisons(groups, comparisons="selectedPairs", pairs=[(0, 2), (3, 4)])
    assert sel.method == "sidak" and len(sel.rows) == 2
    full = multiple_comparisons(groups, correction="sidak")
    assert sel.rows[0].p < _rows(full)[("data set 1", "data set 3")].p
    vc = multiple_comparisons(
        groups, comparisons="versusControl", control=2, correction="bonferroni"
    )
    assert (vc.rows[0].a, vc.rows[0].b) == ("data set 3", "data set 1")


def test_comparisons_after_repeated_measures_use_the_residual_ms() -> None:
    mat = np.asarray(load_reference("friedman_roundingtimes.json")["data"]["matrix"])
    anova_ms = multiple_comparisons(list(mat.T), test="repeatedMeasures", correction="tukey")
    from plotdoc.stats.anova import one_way_anova

    rm = one_way_anova(list(mat.T), "repeatedMeasures")
    assert anova_ms.mse == rm.ms_within and anova_ms.df == 42
    paired = mat[:, 0] - mat[:, 1]
    assert_digits(anova_ms.rows[0].mean_difference, paired.mean(), 12)


def test_summary_data_comparisons_equal_raw_data_comparisons() -> None:
    d = load_reference("dunnett_dunnett1955.json")["data"]
    groups = [np.asarray(d[k]) for k in ("control", "treatment_A", "treatment_B")]
    means = [g.mean() for g in groups]
    sds = [g.std(ddof=1) for g in groups]
    ns = [g.size for g in groups]
    for correction, comparisons in [("tukey", "allPairs"), ("dunnett", "versusControl"),
                                    ("sidak", "allPairs"), ("bonferroni", "versusControl"),
                                    ("gamesHowell", "allPairs")]:  # fmt: skip
        raw = multiple_comparisons(groups, correction=correction, comparisons=comparisons)
        summ = multiple_comparisons_from_summary(means, sds, ns, correction=correction,
                                                 comparisons=comparisons)  # fmt: skip
        assert_digits([r.p for r in summ.rows], [r.p for r in raw.rows], 9, correction)
        assert_digits([r.ci_lower for r in summ.rows], [r.ci_lower for r in raw.rows], 9)


def test_auto_resolution_follows_the_design() -> None:
    assert resolve_correction("auto", "ordinary", "allPairs") == "tukey"
    assert resolve_correction("auto", "repeatedMeasures", "versusControl") == "dunnett"
    assert resolve_correction("auto", "welch", "allPairs") == "gamesHowell"
    assert resolve_correction("auto", "kruskalWallis", "allPairs") == "dunn"
    assert resolve_correction("auto", "friedman", "versusControl") == "dunn"
    assert resolve_correction("auto", "ordinary", "selectedPairs") == "sidak"


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"correction": "dunn"}, "dunn"),
        ({"test": "kruskalWallis", "correction": "tukey"}, "dunn"),
        ({"correction": "dunnett"}, "versusControl"),
        ({"comparisons": "selectedPairs"}, "at least one pair"),
        ({"comparisons": "selectedPairs", "pairs": [(0, 0)]}, "two different"),
        ({"comparisons": "versusControl", "control": 5}, "control"),
        ({"correction": "scheffe"}, "correction must be one of"),
    ],
)
def test_invalid_options_are_value_errors(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        multiple_comparisons([[1.0, 2.0], [3.0, 4.0]], **kwargs)  # type: ignore[arg-type]


def test_bad_data_gives_a_status_and_no_rows() -> None:
    r = multiple_comparisons([[1.0], [2.0]])
    assert r.status == "too-few-values" and r.rows == ()
    r = multiple_comparisons([[1.0, 1.0], [2.0, 2.0]], test="welch")
    assert r.status == "zero-variance" and r.rows == ()
    assert_json_friendly(r)
