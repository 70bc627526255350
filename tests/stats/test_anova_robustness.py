"""Any small data gives the ANOVA family a result with a known status, never an exception,
and a non-ok status never comes with a finite number that would look valid."""

from __future__ import annotations

import math
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from plotdoc.stats import (
    STATUSES,
    column_statistics,
    multiple_comparisons,
    multiple_comparisons_from_summary,
    normality_test,
    one_sample_test,
    one_way_anova,
    one_way_anova_from_summary,
    two_way_anova,
    two_way_comparisons,
)
from plotdoc.stats.anova import ONE_WAY_TESTS
from plotdoc.stats.comparisons import resolve_correction
from plotdoc.stats.normality import NORMALITY_TESTS

from .helpers import assert_json_friendly

cells = st.one_of(
    st.floats(-1e6, 1e6, allow_nan=False),
    st.just(math.nan),
    st.sampled_from([0.0, 1.0, -1.0, 2.5]),  # repeated values and ties
)
column = st.lists(cells, min_size=0, max_size=8)
groups = st.lists(column, min_size=0, max_size=4)


def _check(result: Any, *numbers: str) -> None:
    assert result.status in STATUSES
    assert_json_friendly(result)
    if result.status != "ok":
        for name in numbers:
            value = getattr(result, name)
            assert not math.isfinite(value), f"{name} = {value} with status {result.status}"


@settings(max_examples=40, deadline=None)
@given(groups, st.sampled_from(ONE_WAY_TESTS))
def test_one_way_anova_and_its_comparisons(data: list[list[float]], test: str) -> None:
    _check(one_way_anova(data, test), "statistic", "p", "r_squared")
    if len(data) >= 2:
        for comparisons in ("allPairs", "versusControl"):
            method = resolve_correction("auto", test, comparisons)
            r = multiple_comparisons(data, test=test, comparisons=comparisons, correction=method)
            _check(r)
            if r.status != "ok":
                assert r.rows == ()


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(cells, st.floats(0, 1e3) | st.just(math.nan), st.integers(-1, 6)),
        min_size=0,
        max_size=4,
    )
)
def test_summary_data(rows: list[tuple[float, float, int]]) -> None:
    means = [r[0] for r in rows]
    sds = [r[1] for r in rows]
    ns = [r[2] for r in rows]
    _check(one_way_anova_from_summary(means, sds, ns), "statistic", "p")
    r = multiple_comparisons_from_summary(means, sds, ns, correction="sidak")
    _check(r)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(column, min_size=0, max_size=3), min_size=0, max_size=3))
def test_two_way(data: list[list[list[float]]]) -> None:
    r = two_way_anova(data)
    _check(r)
    if r.status != "ok":
        assert not math.isfinite(r.rows.f) and not math.isfinite(r.interaction.p)
    _check(two_way_comparisons(data, comparisons="allCells"))


@settings(max_examples=40, deadline=None)
@given(st.lists(cells, min_size=0, max_size=25), st.sampled_from(NORMALITY_TESTS))
def test_normality(values: list[float], test: str) -> None:
    _check(normality_test(values, test), "statistic", "p")


@settings(max_examples=40, deadline=None)
@given(column, st.sampled_from(["t", "wilcoxon"]), st.sampled_from([0.0, 1.0, -3.5]))
def test_one_sample_and_column_statistics(values: list[float], test: str, mu: float) -> None:
    _check(one_sample_test(values, mu, test), "statistic", "p", "ci_lower")
    _check(column_statistics([values, values[:1]]))
