"""Statistics from mean, SD or SEM, and N agree with the same statistics of the raw values,
with SciPy's own from-summary t test, and with NIST's certified one-way ANOVA."""

from __future__ import annotations

import math

import numpy as np
import pytest

from plotdoc.stats import center_and_error, multiple_comparisons, one_way_anova, ttest
from plotdoc.stats.rowwise import rows_center_and_error
from plotdoc.stats.summary_data import (
    anova_from_summary,
    center_and_error_from_summary,
    comparisons_from_summary,
    rows_center_and_error_from_summary,
    ttest_from_summary,
)

from .helpers import assert_digits, load_reference

RNG = np.random.default_rng(20261128)
GROUPS = [RNG.normal(10 + k, 1 + k / 3, size=n) for k, n in enumerate((6, 9, 4, 12))]


def _summary(values: np.ndarray, entry: str = "meanSdN") -> list[float]:
    n = values.size
    sd = float(values.std(ddof=1))
    return [float(values.mean()), sd if entry == "meanSdN" else sd / math.sqrt(n), float(n)]


@pytest.mark.parametrize("entry", ["meanSdN", "meanSemN"])
@pytest.mark.parametrize(
    "mode", ["mean", "meanWithSd", "meanWithSem", "meanWithCi95", "lineAtMean"]
)
def test_the_center_and_error_of_a_summary_are_those_of_its_raw_values(
    entry: str, mode: str
) -> None:
    for values in GROUPS:
        raw = center_and_error(values, mode)
        summ = center_and_error_from_summary(_summary(values, entry), entry, mode)
        for got, want in (
            (summ.center, raw.center),
            (summ.lower, raw.lower),
            (summ.upper, raw.upper),
        ):
            assert math.isclose(got, want, rel_tol=1e-12), (mode, got, want)
        assert summ.n == values.size


@pytest.mark.parametrize("entry", ["meanSdN", "meanSemN"])
@pytest.mark.parametrize(
    ("center", "error"), [("mean", "sd"), ("meanError", "sem"), ("meanError", "ci95")]
)
def test_rows_from_summaries_are_the_rows_of_raw_values(
    entry: str, center: str, error: str
) -> None:
    raw = np.full((len(GROUPS), 12), np.nan)
    for r, values in enumerate(GROUPS):
        raw[r, : values.size] = values
    summ = rows_center_and_error_from_summary(
        np.array([_summary(v, entry) for v in GROUPS]), entry, center, error
    )
    want = rows_center_and_error(raw, center, error)
    np.testing.assert_allclose(summ.center, want.center, rtol=1e-12)
    np.testing.assert_allclose(summ.lower, want.lower, rtol=1e-12)
    np.testing.assert_allclose(summ.upper, want.upper, rtol=1e-12)
    np.testing.assert_array_equal(summ.n, want.n)


def test_n_of_one_and_missing_cells_draw_the_mean_without_a_bar() -> None:
    rows = np.array([[5.0, 2.0, 1.0], [6.0, np.nan, 4.0], [7.0, 1.0, np.nan], [np.nan, 1.0, 3.0]])
    r = rows_center_and_error_from_summary(rows, "meanSdN", "meanWithCi95")
    assert r.center.tolist()[:3] == [5.0, 6.0, 7.0] and math.isnan(r.center[3])
    assert np.isnan(r.lower).all() and np.isnan(r.upper).all()
    # an SD needs no N
    assert rows_center_and_error_from_summary(rows, "meanSdN", "meanWithSd").upper[2] == 8.0
    one = center_and_error_from_summary([5.0, 2.0, 1.0], "meanSdN", "meanWithSd")
    assert (one.status, one.center, math.isnan(one.lower)) == ("ok", 5.0, True)
    assert "N of at least 2" in one.message


@pytest.mark.parametrize("mode", ["median", "meanWithRange", "geoMean", "medianWithIqr"])
def test_a_choice_that_needs_raw_values_is_refused(mode: str) -> None:
    with pytest.raises(ValueError, match="needs raw values"):
        center_and_error_from_summary([1.0, 1.0, 3.0], "meanSdN", mode)


@pytest.mark.parametrize("variance", ["welch", "equal"])
@pytest.mark.parametrize("entry", ["meanSdN", "meanSemN"])
def test_the_t_test_from_summaries_is_scipys_and_the_raw_values_one(
    variance: str, entry: str
) -> None:
    from scipy.stats import ttest_ind_from_stats

    a, b = GROUPS[0], GROUPS[3]
    sa, sb = _summary(a, entry), _summary(b, entry)
    r = ttest_from_summary(*sa, *sb, entry=entry, variance=variance)
    assert r.status == "ok"
    assert r.computed_from == ("mean, SD and N" if entry == "meanSdN" else "mean, SEM and N")
    raw = ttest(a, b, variance=variance)
    assert raw.computed_from == "raw values"
    for key in ("t", "df", "p", "mean_difference", "ci_lower", "ci_upper", "sd_a", "f", "f_p"):
        assert_digits(getattr(r, key), getattr(raw, key), 11, key)
    ref = ttest_ind_from_stats(
        a.mean(),
        a.std(ddof=1),
        a.size,
        b.mean(),
        b.std(ddof=1),
        b.size,
        equal_var=variance == "equal",
    )
    assert_digits(r.t, float(ref.statistic), 12, "t")
    assert_digits(r.p, float(ref.pvalue), 11, "p")


def test_the_t_test_from_summaries_says_what_it_lacks() -> None:
    assert ttest_from_summary(1, 1, 1, 2, 1, 5).status == "too-few-values"
    assert ttest_from_summary(1, 1, math.nan, 2, 1, 5).status == "missing-group"
    assert ttest_from_summary(1, 0, 5, 2, 0, 5).status == "zero-variance"


@pytest.mark.parametrize("entry", ["meanSdN", "meanSemN"])
def test_one_way_anova_and_tukey_from_summaries_agree_with_the_raw_values(entry: str) -> None:
    cells = [_summary(v, entry) for v in GROUPS]
    means, spreads, ns = (list(c) for c in zip(*cells, strict=True))
    summ = anova_from_summary(means, spreads, ns, entry)
    raw = one_way_anova(GROUPS)
    for key in ("statistic", "p", "df_num", "df_den", "ss_between", "r_squared"):
        assert_digits(getattr(summ, key), getattr(raw, key), 11, key)
    tukey_s = comparisons_from_summary(means, spreads, ns, entry, correction="tukey")
    tukey_r = multiple_comparisons(GROUPS, correction="tukey")
    assert len(tukey_s.rows) == len(tukey_r.rows) == 6
    for s, r in zip(tukey_s.rows, tukey_r.rows, strict=True):
        for key in ("mean_difference", "ci_lower", "ci_upper", "statistic", "p"):
            assert_digits(getattr(s, key), getattr(r, key), 10, key)


def test_tukey_from_summaries_matches_scipy() -> None:
    from scipy.stats import tukey_hsd

    cells = [_summary(v) for v in GROUPS]
    means, sds, ns = (list(c) for c in zip(*cells, strict=True))
    res = comparisons_from_summary(means, sds, ns, correction="tukey")
    ref = tukey_hsd(*GROUPS)
    pairs = [(i, j) for i in range(4) for j in range(i + 1, 4)]
    for row, (i, j) in zip(res.rows, pairs, strict=True):
        assert math.isclose(row.p, float(ref.pvalue[i, j]), rel_tol=1e-6, abs_tol=1e-12)


def test_one_way_anova_from_the_summaries_of_nists_sirstv_reaches_the_certified_f() -> None:
    ref = load_reference("anova1_nist_sirstv.json")
    groups = [np.array(g, dtype=float) for g in ref["data"]["groups"].values()]
    cells = [_summary(g) for g in groups]
    means, sds, ns = (list(c) for c in zip(*cells, strict=True))
    r = anova_from_summary(means, sds, ns)
    assert_digits(r.statistic, ref["expected"]["F"], 11, "F")
    assert_digits(r.r_squared, ref["expected"]["r_squared"], 11, "R squared")
