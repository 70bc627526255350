"""Rank tests, contingency tests and survival comparisons on any small input: a result or a
status, strict-JSON ``to_dict``, never an exception."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from plotdoc.stats import STATUSES
from plotdoc.stats.contingency import TESTS as CONTINGENCY_TESTS
from plotdoc.stats.contingency import contingency_test
from plotdoc.stats.fourpl_compare import compare_ec50
from plotdoc.stats.nonparametric import rank_test
from plotdoc.stats.survival_comparison import TESTS as SURVIVAL_TESTS
from plotdoc.stats.survival_comparison import survival_comparison

from .helpers import assert_json_friendly

cells = st.one_of(
    st.floats(-1e6, 1e6, allow_nan=False),
    st.just(math.nan),
    st.sampled_from([0.0, 1.0, -1.0, 2.5]),
)
columns = st.lists(cells, min_size=0, max_size=20)


def _valid_p(p: float, status: str) -> None:
    assert status in STATUSES
    if status == "ok":
        assert 0.0 <= p <= 1.0
    else:
        assert math.isnan(p)


@settings(max_examples=80, deadline=None)
@given(columns, columns, st.sampled_from(["unpaired", "paired"]),
       st.sampled_from(["two-sided", "less", "greater"]))  # fmt: skip
def test_rank_test(a: list[float], b: list[float], design: str, alternative: str) -> None:
    r = rank_test(a, b, design=design, alternative=alternative)
    _valid_p(r.p, r.status)
    assert_json_friendly(r)
    if r.status == "ok" and math.isfinite(r.ci_lower):
        assert r.ci_lower <= r.median_difference <= r.ci_upper


counts = st.one_of(st.integers(0, 30), st.sampled_from([0, 0, 1]))
tables = st.integers(1, 4).flatmap(
    lambda rows: st.integers(1, 4).flatmap(
        lambda cols: st.lists(
            st.lists(counts, min_size=cols, max_size=cols), min_size=rows, max_size=rows
        )
    )
)


@settings(max_examples=80, deadline=None)
@given(tables, st.sampled_from(CONTINGENCY_TESTS))
def test_contingency(table: list[list[int]], test: str) -> None:
    r = contingency_test(table, test=test)
    _valid_p(r.p, r.status)
    assert_json_friendly(r)
    if r.status == "ok" and r.test != "fisher":
        assert r.statistic >= 0


group = st.lists(
    st.tuples(st.sampled_from([0.0, 1.0, 2.0, 3.0, 5.0, 8.0, math.nan, -1.0]),
              st.sampled_from([0, 1, 1, 2])),
    min_size=0, max_size=12,
)  # fmt: skip


@settings(max_examples=80, deadline=None)
@given(st.lists(group, min_size=1, max_size=4), st.sampled_from(SURVIVAL_TESTS))
def test_survival_comparison(groups: list[list[tuple[float, int]]], test: str) -> None:
    data = [([t for t, _ in g], [e for _, e in g]) for g in groups]
    r = survival_comparison(data, test=test)
    _valid_p(r.p, r.status)
    assert_json_friendly(r)
    if r.status == "ok":
        assert r.statistic >= -1e-12
        assert math.isclose(float(np.sum(r.observed)), float(np.sum(r.expected)), rel_tol=1e-9)


xy_sets = st.lists(
    st.lists(st.tuples(st.sampled_from([-8.0, -7.0, -6.0, -5.0, math.nan]), cells),
             min_size=0, max_size=10),
    min_size=0, max_size=3,
)  # fmt: skip


@settings(max_examples=30, deadline=None)
@given(xy_sets)
def test_compare_ec50(sets: list[list[tuple[float, float]]]) -> None:
    data = [([x for x, _ in s], [y for _, y in s]) for s in sets]
    r = compare_ec50(data)
    _valid_p(r.p, r.status)
    assert_json_friendly(r)
