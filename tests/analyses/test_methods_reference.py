"""Each analysis method through the document: a version 2 file (JSON text) built from a
reference data set of ``tests/reference`` (with its source), opened with :func:`plotdoc.loads`,
and its ``results`` checked against the reference program's printed values (mostly R)."""

from __future__ import annotations

import json
import math
from typing import Any

import numpy as np
import pytest

from plotdoc.analyses import AnalysisRun
from plotdoc.analyses.report import entries
from plotdoc.api import loads

from ..stats.helpers import load_reference


def column(name: str, values: list[float | None]) -> dict[str, Any]:
    """A data set of a one-column family (column, contingency...)."""
    return {"name": name, "values": [[v] for v in values]}


def document(
    family: str,
    data_sets: list[dict[str, Any]],
    method: str,
    params: dict[str, Any] | None = None,
    results_family: str | None = None,
    **table: Any,
) -> str:
    """A version 2 document (JSON text) holding one table and one analysis, and the analysis's
    results table when ``results_family`` is given."""
    tables: list[dict[str, Any]] = [
        {
            "id": "t",
            "format": family,
            **table,
            "dataSets": data_sets,
            "analyses": [{"id": "a", "method": method, "params": params or {}}],
        }
    ]
    if results_family is not None:
        tables.append(
            {
                "id": "r",
                "format": results_family,
                "derivedFrom": {"sourceTableId": "t", "analysisId": "a"},
            }
        )
    return json.dumps({"format": "plotdoc-project", "schemaVersion": 2, "tables": tables})


def run(
    family: str,
    data_sets: list[dict[str, Any]],
    method: str,
    params: dict[str, Any] | None = None,
    **table: Any,
) -> AnalysisRun:
    """Open a version 2 document holding one table and one analysis; its run."""
    project = loads(document(family, data_sets, method, params, **table))
    return project.results[("t", "a")]


# -- ttest, test: nonparametric --------------------------------------------------------------


def test_mann_whitney_matches_r_wilcox_test() -> None:
    ref = load_reference("mannwhitney_permeability.json")
    data = [column("term", ref["data"]["x_term"]), column("weeks", ref["data"]["y_12_26_weeks"])]
    res = run("column", data, "ttest", {"test": "nonparametric"})
    assert res.status == "ok", res.message
    r = res.result
    assert r.test == "mann-whitney" and r.method == "exact"
    assert r.statistic == ref["expected"]["W"]
    assert r.statistic_prism == 10 * 5 - ref["expected"]["W"]  # U = min(U1, U2)
    assert r.p == pytest.approx(ref["expected"]["r_full_digits"]["exact"]["two_sided"], rel=1e-10)


def test_wilcoxon_signed_rank_matches_r_wilcox_test() -> None:
    ref = load_reference("wilcoxon_signed_rank_depression.json")
    d = ref["data"]
    data = [column("first", d["x_first_visit"]), column("second", d["y_second_visit"])]
    res = run("column", data, "ttest", {"test": "nonparametric", "design": "paired"})
    assert res.status == "ok", res.message
    r = res.result
    assert r.test == "wilcoxon-signed-rank" and r.method == "exact"
    assert r.statistic == ref["expected"]["V_sum_positive_ranks_of_x_minus_y"]
    assert r.statistic_prism == 40 - 5  # Prism's W = V+ - V-
    assert r.p == pytest.approx(ref["expected"]["exact_p_two_sided"], rel=5e-4)


# -- oneSampleTest ---------------------------------------------------------------------------


def test_one_sample_t_matches_r_t_test() -> None:
    ref = load_reference("one_sample_t_sleep.json")
    e = ref["expected"]
    res = run("column", [column("extra", ref["data"]["extra"])], "oneSampleTest")
    assert res.status == "ok", res.message
    r = res.per_data_set["extra"]
    assert r.test == "t" and r.hypothetical_value == 0
    assert r.statistic == pytest.approx(e["t"], rel=5e-4)
    assert r.df == e["df"] and r.mean == pytest.approx(e["mean"], rel=1e-12)
    assert r.p == pytest.approx(e["p"], rel=5e-4)
    assert (r.ci_lower, r.ci_upper) == pytest.approx(e["ci95"], rel=1e-6)


def test_one_sample_wilcoxon_matches_r_wilcox_test() -> None:
    ref = load_reference("wilcoxon_signed_rank_depression.json")
    d = ref["data"]
    change = [y - x for x, y in zip(d["x_first_visit"], d["y_second_visit"], strict=True)]
    # the same test against a hypothetical value other than 0: shift the data and the value
    data = [column("change", change), column("shifted", [c + 2.5 for c in change])]
    res = run("column", data, "oneSampleTest", {"test": "wilcoxon"})
    plain = res.per_data_set["change"]
    assert plain.statistic == ref["expected"]["V_of_y_minus_x"]
    assert plain.p == pytest.approx(ref["expected"]["exact_p_two_sided"], rel=5e-4)
    shifted = run("column", data, "oneSampleTest", {"test": "wilcoxon", "hypotheticalValue": 2.5})
    moved = shifted.per_data_set["shifted"]
    assert (moved.statistic, moved.p) == (plain.statistic, pytest.approx(plain.p, rel=1e-12))
    assert moved.hypothetical_value == 2.5


# -- normalityTest ---------------------------------------------------------------------------


def test_shapiro_wilk_matches_r_shapiro_test() -> None:
    ref = load_reference("shapiro_wilk_r.json")
    data = [column(k, ref["data"][k]) for k in ("x1", "x2")]
    res = run("column", data, "normalityTest", {"test": "shapiroWilk"})
    assert res.status == "ok", res.message
    for key, passed in (("x1", False), ("x2", True)):
        r = res.per_data_set[key]
        assert r.statistic_name == "W" and r.passed is passed
        assert r.statistic == pytest.approx(ref["expected"][key]["W"], rel=1e-6)
        assert r.p == pytest.approx(ref["expected"][key]["p"], rel=1e-6)


def test_dagostino_pearson_matches_fbasics_and_anderson_darling_nortest() -> None:
    dag = load_reference("dagostino_pearson_fbasics.json")
    ad = load_reference("anderson_darling_nortest.json")
    data = [column("x", dag["data"]["x"]), column("v", ad["data"]["v"])]
    r = run("column", data, "normalityTest").per_data_set["x"]
    assert (r.statistic_name, r.passed) == ("K2", True)
    assert r.statistic == pytest.approx(dag["expected"]["omnibus"]["K2"], rel=1e-9)
    assert r.p == pytest.approx(dag["expected"]["omnibus"]["p"], rel=1e-9)
    a = run("column", data, "normalityTest", {"test": "andersonDarling"}).per_data_set["v"]
    assert a.statistic_name == "A2" and a.statistic == pytest.approx(ad["expected"]["A"], rel=1e-6)


def test_kolmogorov_smirnov_gives_lilliefors_d_and_p_as_statsmodels() -> None:
    from statsmodels.stats.diagnostic import lilliefors

    x = [round(v, 3) for v in np.random.default_rng(4).exponential(size=40)]
    r = run("column", [column("x", x)], "normalityTest", {"test": "kolmogorovSmirnov"})
    d, p = lilliefors(np.array(x), pvalmethod="approx")
    res = r.per_data_set["x"]
    assert res.statistic_name == "D" and res.statistic == pytest.approx(d, rel=1e-12)
    assert p < 0.1 and res.p == pytest.approx(p, rel=1e-8)  # both use Dallal-Wilkinson below 0.1


@pytest.mark.parametrize(
    ("test", "n", "status", "said"),
    [
        ("dagostinoPearson", 7, "too-few-values", "D'Agostino-Pearson test needs at least 8"),
        ("shapiroWilk", 2, "too-few-values", "Shapiro-Wilk test needs at least 3"),
        ("shapiroWilk", 5001, "too-many-values", "Shapiro-Wilk test takes at most 5000"),
    ],
)
def test_a_data_set_a_normality_test_cannot_take_has_a_status_and_says_why(
    test: str, n: int, status: str, said: str
) -> None:
    values = [float(v) for v in np.random.default_rng(1).normal(size=n).round(4)]
    data = [column("ok", [1.0, 2.5, 2.0, 3.1, 4.4, 3.3, 2.8, 3.9, 1.7]), column("odd", values)]
    res = run("column", data, "normalityTest", {"test": test})
    assert res.per_data_set["ok"].status == "ok"
    odd = res.per_data_set["odd"]
    assert odd.status == status and said in odd.message and odd.passed is None
    assert res.status == status and res.message.startswith("odd: ")


# -- columnStatistics ------------------------------------------------------------------------


def test_column_statistics_match_r_and_prism_and_fill_the_results_table() -> None:
    prism = load_reference("descriptive_prism.json")
    r_t = load_reference("one_sample_t_sleep.json")
    g1 = prism["expected"]["sleep_group1"]
    chick = prism["expected"]["geometric"]["chick1_weight"]
    data = [
        column("group1", prism["data"]["sleep_group1"]),
        column("both", r_t["data"]["extra"]),
        column("chick", chick["values"]),
    ]
    project = loads(document("column", data, "columnStatistics", results_family="grouped"))
    res = project.results[("t", "a")]
    assert res.status == "ok", res.message
    shown = entries(res)
    one = shown["group1"]
    assert one.n == 10 and one.mean == pytest.approx(g1["mean"], abs=1e-12)
    assert (one.sd, one.sem) == pytest.approx((g1["sd"], g1["sem"]), rel=1e-12)
    assert (one.minimum, one.q1, one.median, one.q3, one.maximum) == pytest.approx(
        (g1["min"], g1["Q1"], g1["median"], g1["Q3"], g1["max"]), abs=1e-9
    )
    both = shown["both"]  # R: t.test(sleep$extra) prints the 95% CI of the mean
    assert (both.mean_ci_lower, both.mean_ci_upper) == pytest.approx(
        r_t["expected"]["ci95"], rel=1e-6
    )
    assert shown["chick"].geometric_mean == pytest.approx(chick["geometric_mean"], rel=1e-12)
    assert one.status == "non-positive-values" and math.isnan(one.geometric_mean)
    assert "geometric mean needs every value above 0" in one.message
    assert "group1: The geometric mean" in res.message  # the run says which data set
    sd = float(np.std(chick["values"], ddof=1))
    assert shown["chick"].cv_percent == pytest.approx(100 * sd / np.mean(chick["values"]))
    results = project.table("r")
    assert [ds.name for ds in results.data_sets] == ["group1", "both", "chick"]
    labels = results.row_labels
    assert labels[:6] == [
        "Number of values", "Mean", "Standard deviation", "Standard error of the mean",
        "Lower 95% confidence interval of the mean", "Upper 95% confidence interval of the mean",
    ]  # fmt: skip
    column_of = {ds.name: ds.values[:, 0] for ds in results.data_sets}
    assert column_of["both"][labels.index("Upper 95% confidence interval of the mean")] == (
        pytest.approx(r_t["expected"]["ci95"][1], rel=1e-6)
    )
    assert math.isnan(column_of["group1"][labels.index("Geometric mean")])


# -- contingencyTest -------------------------------------------------------------------------


def contingency(table: list[list[float]], names: list[str]) -> list[dict[str, Any]]:
    """Data sets (outcome columns) of a contingency table given as rows of counts."""
    return [column(name, [row[j] for row in table]) for j, name in enumerate(names)]


def test_fisher_matches_r_fisher_test() -> None:
    ref = load_reference("fisher_teatasting_convictions.json")
    c = ref["data"]["Convictions"]
    e = ref["expected"]["Convictions_two_sided"]
    res = run("contingency", contingency(c["table"], c["cols"]), "contingencyTest",
              rowLabels=c["rows"])  # fmt: skip
    assert res.status == "ok", res.message
    r = res.result
    assert r.test == "fisher" and r.requested == "auto"
    assert r.p == pytest.approx(e["p"], rel=5e-4)
    assert r.conditional_odds_ratio == pytest.approx(e["odds_ratio_cond_mle"], rel=1e-5)
    ci = (r.conditional_odds_ratio_ci_lower, r.conditional_odds_ratio_ci_upper)
    assert ci == pytest.approx(e["ci95"], rel=5e-3)
    assert r.odds_ratio == pytest.approx(2 * 3 / (15 * 10))  # the sample odds ratio ad / bc
    assert r.odds_ratio_ci_method == "woolf-log" and r.relative_risk_ci_method == "katz-log"


def test_chi_square_matches_r_chisq_test_and_prop_trend_test() -> None:
    party = load_reference("chisq_agresti_party.json")
    d, e = party["data"], party["expected"]
    r = run("contingency", contingency(d["table"], d["cols_party"]), "contingencyTest",
            rowLabels=d["rows_gender"]).result  # fmt: skip
    assert (r.test, r.df) == ("chiSquare", e["df"])
    assert r.statistic == pytest.approx(e["X_squared"], rel=5e-4)
    assert r.p == pytest.approx(e["p"], rel=5e-4)
    yates = load_reference("chisq_2x2_yates_rdoc.json")
    r = run("contingency", contingency(yates["data"]["table"], ["a", "b"]), "contingencyTest",
            {"test": "chiSquareYates"}).result  # fmt: skip
    assert r.p == pytest.approx(yates["expected"]["p_yates"], rel=1e-6)
    smokers = load_reference("chisq_trend_smokers.json")
    s, n = smokers["data"]["successes_smokers"], smokers["data"]["trials_patients"]
    rows = [[a, b - a] for a, b in zip(s, n, strict=True)]
    r = run("contingency", contingency(rows, ["smoker", "not"]), "contingencyTest",
            {"test": "chiSquareTrend"}).result  # fmt: skip
    trend = smokers["expected"]["trend_scores_1_2_3_4"]
    assert (r.test, r.df) == ("chiSquareTrend", 1)
    assert r.statistic == pytest.approx(trend["X_squared"], rel=5e-4)
    assert r.p == pytest.approx(trend["p"], rel=5e-4)


def test_relative_risk_matches_epitools() -> None:
    ref = load_reference("relative_risk_epitools.json")
    d = ref["data"]
    rows = [
        [d["exposed"]["cases"], d["exposed"]["total"] - d["exposed"]["cases"]],
        [d["unexposed_control"]["cases"], d["unexposed_control"]["total"] - 24],
    ]
    r = run("contingency", contingency(rows, ["disease", "none"]), "contingencyTest",
            {"test": "chiSquare"}).result  # fmt: skip
    assert r.relative_risk == pytest.approx(ref["expected"]["relative_risk"], rel=5e-7)
    ci = (r.relative_risk_ci_lower, r.relative_risk_ci_upper)
    assert ci == pytest.approx(ref["expected"]["ci95"], rel=5e-7)


def test_a_row_of_zeros_is_a_status_naming_the_row() -> None:
    data = contingency([[3, 4], [0, 0], [5, 1]], ["yes", "no"])
    res = run("contingency", data, "contingencyTest", rowLabels=["A", "B", "C"])
    assert res.status == "missing-group"
    assert "row 'B' holds only zeros" in res.message
    res = run("contingency", contingency([[3, 0], [5, 0]], ["yes", "no"]), "contingencyTest")
    assert res.status == "missing-group" and "data set 'no' holds only zeros" in res.message


def test_a_ratio_a_zero_count_leaves_undefined_is_said_in_every_output() -> None:
    from plotdoc.analyses.report import format_report

    text = document("contingency", contingency([[0, 88], [25, 75]], ["died", "lived"]),
                    "contingencyTest")  # fmt: skip
    project = loads(text)
    res = project.results[("t", "a")]
    assert res.status == "ok" and math.isnan(res.result.relative_risk_ci_lower)
    said = "A zero count in column 1 leaves the relative risk or its CI undefined."
    assert said in res.message
    assert said in format_report(project, project.results)
    assert said in res._repr_html_()
    assert said in res.to_dict()["message"]


# -- survivalComparison ----------------------------------------------------------------------


def survival(groups: dict[str, tuple[list[float], list[int]]]) -> dict[str, Any]:
    """A survival table: X holds every subject's time, each data set its own subjects' codes."""
    x: list[float] = []
    data_sets = []
    for name, (times, codes) in groups.items():
        before = len(x)
        x += times
        data_sets.append(column(name, [None] * before + list(codes)))
    return {"x": x, "data_sets": data_sets}


def survival_run(groups: dict[str, tuple[list[float], list[int]]], **params: Any) -> AnalysisRun:
    table = survival(groups)
    return run("survival", table["data_sets"], "survivalComparison", params, x=table["x"])


def test_log_rank_matches_r_survdiff_and_medians_r_survfit() -> None:
    ref = load_reference("logrank_coxph_aml.json")
    d, e = ref["data"], ref["expected"]["survdiff"]
    groups = {k: (d[k]["time"], d[k]["status"]) for k in ("maintained", "nonmaintained")}
    res = survival_run(groups)
    assert res.status == "ok", res.message
    r = res.result
    assert (r.test, r.df) == ("logRank", e["df"])
    assert r.statistic == pytest.approx(e["chi_squared"], abs=0.05)
    assert r.p == pytest.approx(e["p"], abs=0.005)
    for j, name in enumerate(("maintained", "nonmaintained")):
        assert r.observed[j] == e[name]["observed"]
        assert r.expected[j] == pytest.approx(e[name]["expected"], abs=0.005)
    medians = load_reference("km_aml.json")["expected"]["r_summary_printed"]["medians"]
    shown = entries(res)
    assert [shown[k].median for k in medians] == list(medians.values())
    assert shown["maintained"].median_ci_method == "log-log"
    assert r.hazard_ratio_method == "mantel-haenszel" and r.hazard_ratio < 1
    assert r.hazard_ratio_ci_lower < r.hazard_ratio < r.hazard_ratio_ci_upper


def test_log_rank_matches_r_survdiff_to_ten_digits() -> None:
    ref = load_reference("logrank_bland_altman.json")
    d = ref["data"]
    groups = {
        k: (d[k]["event_times"] + d[k]["censored_times"],
            [1] * len(d[k]["event_times"]) + [0] * len(d[k]["censored_times"]))
        for k in ("group_x", "group_y")
    }  # fmt: skip
    r = survival_run(groups).result
    assert r.statistic == pytest.approx(ref["expected"]["chi_squared"], abs=1e-10)
    assert r.p == pytest.approx(ref["expected"]["p_two_sided"], abs=1e-10)


def test_gehan_breslow_wilcoxon_matches_the_textbook() -> None:
    ref = load_reference("survival_weighted_logrank_freireich.json")
    d = ref["data"]
    groups = {k: (d[k]["time"], d[k]["status"]) for k in ("treatment_6MP_Rx0", "placebo_Rx1")}
    r = survival_run(groups, test="gehanBreslowWilcoxon").result
    expected = ref["expected"]["gehan_breslow_wilcoxon"]["chi_squared"]
    assert r.test == "gehanBreslowWilcoxon" and r.statistic == pytest.approx(expected, abs=1e-4)
    plain = survival_run(groups).result
    assert plain.statistic == pytest.approx(ref["expected"]["logrank"]["chi_squared_r_printed"],
                                            abs=0.05)  # fmt: skip
    assert plain.p == pytest.approx(ref["expected"]["logrank"]["p_r_printed"], rel=5e-3)


def test_every_subject_censored_is_a_status_with_a_message() -> None:
    res = survival_run({"a": ([3, 5, 8], [0, 0, 0]), "b": ([2, 6], [0, 0])})
    assert res.status == "too-few-values" and "every subject is censored" in res.message


# -- nonlinearRegression ---------------------------------------------------------------------


def xy(x: list[float], **curves: list[float]) -> dict[str, Any]:
    return {"x": x, "data_sets": [column(name, y) for name, y in curves.items()]}


def test_ec50_and_log_ec50_intervals_match_r_drc() -> None:
    ref = load_reference("fourpl_ryegrass_drc_ed.json")
    d, e = ref["data"], ref["expected"]
    res = run("xy", [column("rootl", d["rootl"])], "nonlinearRegression", {"model": "linearX"},
              x=d["conc"])  # fmt: skip
    assert res.status == "ok", res.message
    fit = res.per_data_set["rootl"]
    ed50 = e["LL4_ED"]["ED50"]
    assert fit.ec50 == pytest.approx(e["LL4_ED_7_digits_from_maED"]["ED50"], rel=5e-7)
    # drc's SEs come from the full Hessian, these from J'J (as R nls, Prism): 1e-4 apart here
    assert (fit.ec50_ci_lower, fit.ec50_ci_upper) == pytest.approx(
        (ed50["lower95"], ed50["upper95"]), rel=1e-4
    )
    led = e["LL2_4_log_ED_natural_log"]["ED50"]  # natural log: LogEC50 x ln 10
    ln10 = math.log(10)
    assert (fit.log_ec50_ci_lower * ln10, fit.log_ec50_ci_upper * ln10) == pytest.approx(
        (led["lower95"], led["upper95"]), rel=1e-4
    )


def test_log_x_fit_matches_r_nls_and_its_log_ec50_interval() -> None:
    ref = load_reference("fourpl_chick1.json")
    printed = ref["expected"]["r_nls_printed"]
    res = run("xy", [column("weight", ref["data"]["weight"])], "nonlinearRegression",
              x=ref["data"]["Time"])  # fmt: skip
    fit = res.per_data_set["weight"]
    assert res.status == "ok", res.message
    assert (fit.bottom, fit.top, fit.log_ec50) == pytest.approx(
        (printed["A"], printed["B"], printed["xmid"]), abs=5e-4
    )
    assert fit.log_ec50_se == pytest.approx(printed["xmid_se"], abs=5e-4)
    from scipy.stats import t

    half = t.ppf(0.975, printed["residual_df"]) * fit.log_ec50_se
    assert (fit.log_ec50_ci_lower, fit.log_ec50_ci_upper) == pytest.approx(
        (fit.log_ec50 - half, fit.log_ec50 + half), rel=1e-12
    )
    assert (fit.ec50_ci_lower, fit.ec50_ci_upper) == pytest.approx(
        (10**fit.log_ec50_ci_lower, 10**fit.log_ec50_ci_upper), rel=1e-9
    )


def _curves() -> tuple[list[float], dict[str, list[float]]]:
    rng = np.random.default_rng(11)
    x = [round(v, 2) for v in np.repeat(np.linspace(-9.0, -4.0, 11), 2)]
    out = {}
    for name, lg, top in (("early", -7.0, 100.0), ("late", -6.4, 104.0)):
        y = 2.0 + (top - 2.0) / (1 + 10 ** ((lg - np.array(x)) * 1.1)) + rng.normal(0, 4.0, len(x))
        out[name] = [round(float(v), 3) for v in y]
    return x, out


def test_comparing_ec50s_matches_an_independent_global_fit() -> None:
    from scipy.optimize import curve_fit
    from scipy.stats import f as f_dist

    x, curves = _curves()
    res = run("xy", [column(k, v) for k, v in curves.items()], "nonlinearRegression",
              {"compare": "ec50"}, x=x)  # fmt: skip
    assert res.status == "ok", res.message
    cmp = res.overall
    xs = np.array(x * 2)
    ys = np.array(curves["early"] + curves["late"])
    g = np.repeat([0, 1], len(x))

    def shared(xx: Any, b0: float, b1: float, t0: float, t1: float, h0: float, h1: float,
               lg: float) -> Any:  # fmt: skip
        b, t, h = np.array([b0, b1])[g], np.array([t0, t1])[g], np.array([h0, h1])[g]
        return b + (t - b) / (1 + 10 ** ((lg - xx) * h))

    def one(xx: Any, b: float, t: float, lg: float, h: float) -> Any:
        return b + (t - b) / (1 + 10 ** ((lg - xx) * h))

    ss_sep = 0.0
    for name in curves:
        yy = np.array(curves[name])
        p, _ = curve_fit(one, np.array(x), yy, p0=[0, 100, -6.5, 1], maxfev=20000)
        ss_sep += float(((one(np.array(x), *p) - yy) ** 2).sum())
    p, _ = curve_fit(shared, xs, ys, p0=[0, 0, 100, 100, 1, 1, -6.7], maxfev=20000)
    ss_shared = float(((shared(xs, *p) - ys) ** 2).sum())
    df_sep = 2 * (len(x) - 4)
    f = (ss_shared - ss_sep) / (ss_sep / df_sep)
    assert (cmp.dfn, cmp.dfd) == (1, df_sep)
    assert cmp.shared_log_ec50 == pytest.approx(p[-1], abs=1e-5)
    assert cmp.f == pytest.approx(f, rel=1e-5)
    assert cmp.p == pytest.approx(float(f_dist.sf(f, 1, df_sep)), rel=1e-4)
    assert cmp.p < 0.05 and cmp.preferred == "separate"
    shown = entries(res)
    assert list(shown) == ["early", "late", "All data sets"]
    assert res.to_dict()["result"]["overall"]["f"] == pytest.approx(cmp.f)


def test_an_ambiguous_fit_is_flagged_in_every_output() -> None:
    from plotdoc.analyses.report import format_report, result_rows

    # only the bottom of the curve is observed: the EC50 is an extrapolation
    x = [float(v) for v in np.linspace(-9.0, -7.0, 9)]
    noise = [0.3, -0.2, 0.1, 0, -0.1, 0.2, -0.3, 0.1, 0]
    low = [10 + 90 / (1 + 10 ** (-5.5 - v)) + e for v, e in zip(x, noise, strict=True)]
    text = document("xy", [column("partial", low)], "nonlinearRegression", x=x)
    project = loads(text)
    res = project.results[("t", "a")]
    fit = res.per_data_set["partial"]
    assert fit.status == "ambiguous" and fit.warnings
    assert res.status == "ambiguous" and res.message.startswith("partial: ")
    report = format_report(project, project.results)
    assert "nonlinearRegression — ambiguous: partial: " in report
    assert f"(ambiguous: {fit.message})" in report
    part = res.to_dict()["result"]["dataSets"]["partial"]
    assert part["status"] == "ambiguous" and part["warnings"] == list(fit.warnings)
    html = res._repr_html_()
    assert "ambiguous" in html and fit.message.split(";")[0] in html
    assert result_rows("nonlinearRegression", fit)  # the editor lists the numbers beside it


def test_the_pair_a_method_compared_carries_its_p() -> None:
    from plotdoc.analyses.methods import METHODS
    from plotdoc.analyses.methods.spec import Computed

    ref = load_reference("mannwhitney_permeability.json")
    data = [column("term", ref["data"]["x_term"]), column("weeks", ref["data"]["y_12_26_weeks"])]
    res = run("column", data, "ttest", {"test": "nonparametric"})
    done = Computed(res.status, res.message, result=res.result, data_sets=res.data_sets)
    (pair,) = METHODS["ttest"].comparisons(done)
    assert (pair.a, pair.b, pair.p) == ("term", "weeks", res.result.p)
    assert pair.difference == res.result.median_difference
    assert (pair.ci_lower, pair.ci_upper) == (res.result.ci_lower, res.result.ci_upper)
    d = load_reference("logrank_coxph_aml.json")["data"]
    res = survival_run({k: (d[k]["time"], d[k]["status"]) for k in ("maintained", "nonmaintained")})
    done = Computed(res.status, res.message, result=res.result, data_sets=res.data_sets)
    (pair,) = METHODS["survivalComparison"].comparisons(done)
    assert (pair.a, pair.b, pair.p) == ("maintained", "nonmaintained", res.result.p)


def test_results_as_tables_list_the_test_and_each_data_set() -> None:
    from plotdoc.analyses.tables import rows

    d = load_reference("logrank_coxph_aml.json")["data"]
    res = survival_run({k: (d[k]["time"], d[k]["status"]) for k in ("maintained", "nonmaintained")})
    table = {(r["data_sets"], r["statistic"]): r["value"] for r in rows(res)}
    assert table[("maintained vs nonmaintained", "p")] == res.result.p
    assert table[("maintained", "median")] == 31.0 and table[("nonmaintained", "median")] == 23.0
