"""Descriptive statistics against Prism's definitions (descriptive_prism.json), numpy and scipy."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats as sps

from plotdoc.stats import (
    box_stats,
    center_and_error,
    geometric,
    median_ci,
    percentile,
    percentiles,
    summarize,
)

from .helpers import assert_close, assert_digits, assert_json_friendly, load_reference

ATOL = 1e-9  # the reference file's tolerance advice


@pytest.fixture(scope="module")
def ref() -> dict:
    return load_reference("descriptive_prism.json")


def test_sleep_group1_summary(ref: dict) -> None:
    values = ref["data"]["sleep_group1"]
    exp = ref["expected"]["sleep_group1"]
    s = summarize(values)
    assert s.status == "ok"
    assert s.n == ref["data"]["n"]
    for field, key in [("mean", "mean"), ("sd", "sd"), ("sem", "sem"), ("minimum", "min"),
                       ("maximum", "max"), ("q1", "Q1"), ("median", "median"), ("q3", "Q3")]:  # fmt: skip
        assert_close(getattr(s, field), exp[key], ATOL, field)
    for key, field in [
        ("P10", "p10"),
        ("P25", "q1"),
        ("P50", "median"),
        ("P75", "q3"),
        ("P90", "p90"),
    ]:
        assert_close(getattr(s, field), exp["percentiles_type6"][key], ATOL, key)
    ci = exp["median_ci"]
    assert_close([s.median_ci_lower, s.median_ci_upper, s.median_ci_level],
                 [ci["lower"], ci["upper"], ci["actual_level"]], ATOL, "median CI")  # fmt: skip
    # t CI of the mean, independently from scipy
    lo, hi = sps.t.interval(0.95, len(values) - 1, loc=np.mean(values), scale=sps.sem(values))
    assert_digits([s.mean_ci_lower, s.mean_ci_upper], [lo, hi], 12, "mean CI")
    assert s.geometric_status == "non-positive-values"
    assert math.isnan(s.geometric_mean)
    assert_json_friendly(s)


def test_percentiles_match_numpy_weibull_including_clamping() -> None:
    rng = np.random.default_rng(7)
    ps = [0, 0.5, 1, 2.5, 5, 10, 25, 33.3, 50, 75, 90, 97.5, 99, 99.9, 100]
    for n in (1, 2, 3, 10, 57, 400):
        v = rng.normal(size=n)
        expected = np.percentile(v, ps, method="weibull")
        assert_close(percentiles(v, ps), expected, 1e-12, f"n={n}")
    v = np.array([3.0, np.nan, 1.0, 2.0])
    assert percentile(v, 50) == 2.0
    assert math.isnan(percentile([np.nan], 50))


def test_median_ci_ranks_table(ref: dict) -> None:
    table = ref["expected"]["median_ci_ranks_by_n_95pct"]
    for n_text, row in table.items():
        n = int(n_text)
        values = np.arange(1.0, n + 1.0)[::-1]  # value = its rank once sorted
        ci = median_ci(values, 0.95)
        assert (ci.lower_rank, ci.upper_rank) == (row["lower_rank"], row["upper_rank"]), n
        assert (ci.lower, ci.upper) == (row["lower_rank"], row["upper_rank"]), n
        assert_close(ci.actual_level, row["actual_level"], 1e-12, f"level n={n}")
        assert ci.below_requested == row.get("below_requested", False), n


def test_median_ci_level_against_binomial_for_other_levels() -> None:
    for n in (25, 60, 301):
        for level in (0.9, 0.95, 0.99):
            ci = median_ci(np.arange(n, dtype=float), level)
            j = ci.lower_rank
            coverage = sps.binom.cdf(n - j, n, 0.5) - sps.binom.cdf(j - 1, n, 0.5)
            wider = sps.binom.cdf(n - j - 1, n, 0.5) - sps.binom.cdf(j, n, 0.5)
            assert_digits(ci.actual_level, coverage, 10, "coverage")
            assert coverage >= level > wider  # the narrowest interval that reaches the level


def test_geometric_reference(ref: dict) -> None:
    for case in ("tenfold", "chick1_weight"):
        exp = ref["expected"]["geometric"][case]
        g = geometric(exp["values"])
        assert g.status == "ok"
        assert_digits(
            [g.geometric_mean, g.geometric_sd_factor, g.ci_lower, g.ci_upper, g.mean_log10, g.sd_log10],
            [exp["geometric_mean"], exp["geometric_sd_factor"], exp["gm_ci95_low"],
             exp["gm_ci95_high"], exp["mean_log10"], exp["sd_log10"]],
            12, case,
        )  # fmt: skip
        c = center_and_error(exp["values"], "geoMeanWithGeoSd")
        assert_digits([c.center, c.lower, c.upper],
                      [exp["geometric_mean"], exp["gm_divided_by_gsd"], exp["gm_times_gsd"]], 12, case)  # fmt: skip


def test_geometric_against_scipy() -> None:
    v = np.random.default_rng(3).lognormal(1.0, 0.7, size=80)
    g = geometric(v)
    assert_digits(g.geometric_mean, sps.gmean(v), 12, "gmean")
    assert_digits(g.geometric_sd_factor, sps.gstd(v), 12, "gstd")
    bad = geometric([1.0, 0.0, 2.0])
    assert bad.status == "non-positive-values"
    assert math.isnan(bad.geometric_mean)


@pytest.mark.parametrize("case", ["tukey_with_outlier", "tukey_with_two_outliers"])
def test_tukey_reference(ref: dict, case: str) -> None:
    exp = ref["expected"][case]
    b = box_stats(np.random.default_rng(0).permutation(exp["values"]), "tukey")
    assert_close([b.q1, b.q3, b.iqr, b.lower_fence, b.upper_fence, b.lower_whisker, b.upper_whisker],
                 [exp["Q1"], exp["Q3"], exp["IQR"], exp["lower_fence"], exp["upper_fence"],
                  exp["lower_whisker"], exp["upper_whisker"]], ATOL, case)  # fmt: skip
    assert b.outliers.tolist() == exp["points_beyond_whiskers"]
    assert_json_friendly(b)


def test_tukey_sleep(ref: dict) -> None:
    exp = ref["expected"]["sleep_group1"]["tukey"]
    b = box_stats(ref["data"]["sleep_group1"])
    assert_close([b.lower_whisker, b.upper_whisker, b.lower_fence, b.upper_fence],
                 [exp["lower_whisker"], exp["upper_whisker"], exp["lower_fence"], exp["upper_fence"]],
                 ATOL, "sleep")  # fmt: skip
    assert b.outliers.size == 0


@pytest.mark.parametrize(
    ("whiskers", "pair"),
    [("p10_90", (10, 90)), ("p5_95", (5, 95)), ("p2_5_97_5", (2.5, 97.5)), ("p1_99", (1, 99))],
)
def test_percentile_whiskers_against_numpy(whiskers: str, pair: tuple[float, float]) -> None:
    v = np.random.default_rng(11).standard_t(3, size=250)
    b = box_stats(np.append(v, np.nan), whiskers)
    lo, hi = np.percentile(v, pair, method="weibull")
    assert_close([b.lower_whisker, b.upper_whisker], [lo, hi], 1e-12, whiskers)
    assert b.outliers.tolist() == np.sort(v[(v < lo) | (v > hi)]).tolist()
    assert b.n == 250


def test_min_to_max_and_tukey_against_numpy() -> None:
    v = np.random.default_rng(5).standard_cauchy(size=200)
    b = box_stats(v, "minToMax")
    assert (b.lower_whisker, b.upper_whisker) == (v.min(), v.max())
    assert b.outliers.size == 0
    t = box_stats(v, "tukey")
    q1, q3 = np.percentile(v, [25, 75], method="weibull")
    fence = 1.5 * (q3 - q1)
    inside = v[(v >= q1 - fence) & (v <= q3 + fence)]
    assert (t.lower_whisker, t.upper_whisker) == (inside.min(), inside.max())
    assert t.outliers.size == np.sum((v < q1 - fence) | (v > q3 + fence))


def test_center_and_error_modes_against_numpy() -> None:
    v = np.random.default_rng(2).lognormal(2.0, 0.5, size=15)
    n = v.size
    mean, sd = v.mean(), v.std(ddof=1)
    sem = sd / math.sqrt(n)
    t = sps.t.ppf(0.975, n - 1)
    q1, med, q3 = np.percentile(v, [25, 50, 75], method="weibull")
    lg = np.log10(v)
    gm, gsd = 10 ** lg.mean(), 10 ** lg.std(ddof=1)
    glo, ghi = (
        10 ** (lg.mean() - t * lg.std(ddof=1) / math.sqrt(n)),
        10 ** (lg.mean() + t * lg.std(ddof=1) / math.sqrt(n)),
    )
    srt = np.sort(v)  # n = 15: binomial ranks 4 and 12
    expected = {
        ("meanWithSd", None): (mean, mean - sd, mean + sd),
        ("meanWithSem", None): (mean, mean - sem, mean + sem),
        ("meanWithCi95", None): (mean, mean - t * sem, mean + t * sem),
        ("meanWithRange", None): (mean, v.min(), v.max()),
        ("mean", None): (mean, mean, mean),
        ("geoMean", None): (gm, gm, gm),
        ("geoMeanWithCi95", None): (gm, glo, ghi),
        ("geoMeanWithGeoSd", None): (gm, gm / gsd, gm * gsd),
        ("median", None): (med, med, med),
        ("medianWithCi95", None): (med, srt[3], srt[11]),
        ("medianWithRange", None): (med, v.min(), v.max()),
        ("medianWithIqr", None): (med, q1, q3),
        ("lineAtMedian", None): (med, med, med),
        ("meanError", "sd"): (mean, mean - sd, mean + sd),
        ("meanError", "sem"): (mean, mean - sem, mean + sem),
        ("meanError", "ci95"): (mean, mean - t * sem, mean + t * sem),
        ("meanError", "range"): (mean, v.min(), v.max()),
        ("geoMeanError", "geoCi95"): (gm, glo, ghi),
        ("geoMeanError", "geoSd"): (gm, gm / gsd, gm * gsd),
        ("medianError", "ci95"): (med, srt[3], srt[11]),
        ("medianError", "range"): (med, v.min(), v.max()),
        ("mean", "sd"): (mean, mean, mean),
        ("eachReplicate", None): (mean, mean, mean),
    }
    for (center, error), want in expected.items():
        got = center_and_error(v, center, error)
        assert got.status == "ok", (center, error)
        assert_digits([got.center, got.lower, got.upper], want, 11, f"{center}/{error}")


def test_statuses_instead_of_exceptions() -> None:
    empty = summarize([np.nan, np.nan])
    assert (empty.status, empty.n, empty.n_missing) == ("too-few-values", 0, 2)
    assert math.isnan(empty.mean)
    assert_json_friendly(empty)
    one = summarize([4.0])
    assert one.status == "ok"
    assert one.mean == 4.0
    assert math.isnan(one.sd)
    c = center_and_error([4.0], "meanWithSd")
    assert (c.center, c.status) == (4.0, "ok")
    assert math.isnan(c.lower)
    assert center_and_error([-1.0, 2.0], "geoMean").status == "non-positive-values"
    assert center_and_error([], "meanWithSd").status == "too-few-values"
    assert box_stats([]).status == "too-few-values"
    assert median_ci([1.0]).status == "too-few-values"
    with pytest.raises(ValueError, match="box_stats"):
        center_and_error([1.0, 2.0], "tukey")
    with pytest.raises(ValueError, match="error"):
        center_and_error([1.0, 2.0], "meanError", "iqr")


def test_missing_values_are_left_out() -> None:
    v = [1.0, None, 2.0, float("nan"), 6.0]
    s = summarize(v)
    assert (s.n, s.n_missing, s.mean, s.median) == (3, 2, 3.0, 2.0)


#: what each (centre, error) of a plot shows, as fields of the full summary
_FROM_SUMMARY = {
    "mean": lambda s: s.mean,
    "median": lambda s: s.median,
    "geoMean": lambda s: s.geometric_mean,
}
_ENDS = {
    "none": lambda s, mid: (mid, mid),
    "sd": lambda s, mid: (mid - s.sd, mid + s.sd),
    "sem": lambda s, mid: (mid - s.sem, mid + s.sem),
    "range": lambda s, mid: (s.minimum, s.maximum),
    "iqr": lambda s, mid: (s.q1, s.q3),
    "geoCi95": lambda s, mid: (s.geometric_ci_lower, s.geometric_ci_upper),
    "geoSd": lambda s, mid: (mid / s.geometric_sd_factor, mid * s.geometric_sd_factor),
}
_CI = {
    "mean": lambda s: (s.mean_ci_lower, s.mean_ci_upper),
    "median": lambda s: (s.median_ci_lower, s.median_ci_upper),
    "geoMean": lambda s: (s.geometric_ci_lower, s.geometric_ci_upper),
}


@pytest.mark.filterwarnings("ignore:overflow encountered")  # the SD of 1e300s, both ways
@pytest.mark.parametrize(
    "values",
    [
        [3.0, 1.0, 2.0],
        [4.0, 4.0],
        [2.5, math.nan, 7.0, 1.0, 9.5, 3.25],
        [-3.0, 2.0, 5.0, 0.0],  # geometric statistics refused
        list(np.random.default_rng(5).lognormal(1.0, 0.8, 41)),
        [1e300, 1e300, -1e300],
        [7.0, 7.0, 7.0, 7.0, 7.0],
    ],
)
def test_a_plot_choice_shows_exactly_the_full_summarys_numbers(values: list[float]) -> None:
    """center_and_error works out only what a choice shows: each number equals the field of
    the full summary it stands for, bit for bit, for every centre and error."""
    from plotdoc.contract.plots import XY_ERRORS
    from plotdoc.stats import center_and_error
    from plotdoc.stats.descriptive import _MODE_TO_PAIR, _resolve_choice, summarize

    v = np.asarray(values)
    s = summarize(v)
    choices = [(mode, None) for mode in _MODE_TO_PAIR] + [
        (center, error)
        for center in ("meanError", "medianError", "geoMeanError")
        for error in XY_ERRORS
    ]
    for center, error in choices:
        ckind, ekind = _resolve_choice(center, error)
        got = center_and_error(v, center, error)
        if (ckind == "geoMean" or ekind.startswith("geo")) and s.geometric_status != "ok":
            assert got.status == s.geometric_status and math.isnan(got.center)
            continue
        mid = _FROM_SUMMARY[ckind](s)
        lo, hi = _CI[ckind](s) if ekind == "ci95" else _ENDS[ekind](s, mid)
        np.testing.assert_array_equal(
            [got.center, got.lower, got.upper], [mid, lo, hi], err_msg=f"{center} {error}"
        )
        assert got.n == s.n and got.status == "ok"
