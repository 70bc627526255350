"""Any data gives a result with a known status and strict-JSON to_dict, never an exception."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from plotdoc.stats import (
    STATUSES,
    box_stats,
    center_and_error,
    correlation_matrix,
    frequency_distribution,
    kaplan_meier,
    kernel_density,
    linear_regression,
    summarize,
    ttest,
)

from .helpers import assert_json_friendly

cells = st.one_of(
    st.floats(-1e6, 1e6, allow_nan=False),
    st.just(math.nan),
    st.sampled_from([0.0, 1.0, -1.0, 2.5]),  # repeated values and ties
)
columns = st.lists(cells, min_size=0, max_size=25)


def _finite(v: list[float]) -> np.ndarray:
    a = np.asarray(v, dtype=float)
    return a[np.isfinite(a)]


@settings(max_examples=60, deadline=None)
@given(columns)
def test_descriptive(values: list[float]) -> None:
    s = summarize(values)
    assert s.status in STATUSES
    assert_json_friendly(s)
    v = _finite(values)
    assert s.n == v.size
    if v.size:
        assert math.isclose(s.mean, float(np.mean(v)), rel_tol=1e-9, abs_tol=1e-9)
        want = float(np.percentile(v, 50, method="weibull"))
        assert math.isclose(s.median, want, rel_tol=1e-12, abs_tol=1e-300)
    for whiskers in ("tukey", "p5_95"):
        b = box_stats(values, whiskers)
        assert_json_friendly(b)
        if v.size:
            assert b.minimum == v.min()
            assert b.outliers.size <= v.size
    for choice in ("meanWithSd", "geoMeanWithCi95", "medianWithIqr"):
        c = center_and_error(values, choice)
        assert c.status in STATUSES
    d = kernel_density(values)
    assert d.status in STATUSES
    assert_json_friendly(d)


@settings(max_examples=60, deadline=None)
@given(
    columns, columns, st.sampled_from(["unpaired", "paired"]), st.sampled_from(["welch", "equal"])
)
def test_ttest(a: list[float], b: list[float], design: str, variance: str) -> None:
    r = ttest(a, b, design=design, variance=variance)
    assert r.status in STATUSES
    assert_json_friendly(r)
    if r.status == "ok":
        assert 0.0 <= r.p <= 1.0
        assert r.ci_lower <= r.mean_difference <= r.ci_upper


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(cells, cells), max_size=25))
def test_regression_and_correlation(pairs: list[tuple[float, float]]) -> None:
    x = np.array([p[0] for p in pairs], dtype=float)
    y = np.array([p[1] for p in pairs], dtype=float)
    r = linear_regression(x, y)
    assert r.status in STATUSES
    assert_json_friendly(r)
    both = np.isfinite(x) & np.isfinite(y)
    assert r.n == int(both.sum())
    m = correlation_matrix([x, y], method="spearman")
    assert m.status in STATUSES
    assert m.n[0, 1] == int(both.sum())
    assert_json_friendly(m)


@settings(max_examples=60, deadline=None)
@given(st.lists(columns, min_size=1, max_size=3), st.booleans())
def test_frequency(data: list[list[float]], cumulative: bool) -> None:
    f = frequency_distribution(data, output="percent", cumulative=cumulative)
    assert f.status in STATUSES
    assert_json_friendly(f)
    if f.status == "ok":
        assert f.counts.sum(axis=0).tolist() == [_finite(v).size for v in data]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.floats(0, 100) | st.just(math.nan), st.sampled_from([0.0, 1.0, 2.0, math.nan])
        ),
        max_size=25,
    )
)
def test_kaplan_meier(rows: list[tuple[float, float]]) -> None:
    t = [r[0] for r in rows]
    e = [r[1] for r in rows]
    km = kaplan_meier(t, e)
    assert km.status in STATUSES
    assert_json_friendly(km)
    valid = sum(1 for a, b in rows if math.isfinite(a) and b in (0.0, 1.0))
    assert km.n == valid
    if km.n:
        assert np.all(np.diff(km.survival) <= 0)


def test_none_cells_are_missing_values() -> None:
    from scipy import stats as sps

    x = [1.0, 2.0, None, 4.0, 5.0, 6.0]
    y = [2.1, 3.9, 6.0, None, 10.2, 11.8]
    r = linear_regression(x, y)
    lr = sps.linregress([1.0, 2.0, 5.0, 6.0], [2.1, 3.9, 10.2, 11.8])
    assert r.n == 4
    assert math.isclose(r.slope, lr.slope, rel_tol=1e-12)
    s = summarize([[1.0, None], [3.0, 5.0]])
    assert (s.n, s.n_missing, s.mean) == (3, 1, 3.0)
    t = ttest([1.0, None, 3.0], [2.0, 5.0, None, 8.0])
    ref = sps.ttest_ind([1.0, 3.0], [2.0, 5.0, 8.0], equal_var=False)
    assert math.isclose(t.p, ref.pvalue, rel_tol=1e-10)
