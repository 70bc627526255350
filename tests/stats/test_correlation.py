"""Correlation against R's cor.test example (correlation_cortest.json), scipy and pandas."""

from __future__ import annotations

import importlib
import itertools
import math

import numpy as np
import pytest
from scipy import stats as sps

from plotdoc.stats import correlation, correlation_matrix
from plotdoc.stats.correlation import spearman_exact_p

from .helpers import assert_digits, assert_json_friendly, load_reference

DIGITS = 9  # tolerance advice: 1e-9 relative against full precision


@pytest.fixture(scope="module")
def tuna() -> dict:
    return load_reference("correlation_cortest.json")


def test_pearson_cor_test(tuna: dict) -> None:
    exp = tuna["expected"]["full_precision_scipy"]["pearson"]
    r = correlation(tuna["data"]["x"], tuna["data"]["y"])
    assert (r.status, r.n) == ("ok", 9)
    assert_digits([r.r, r.t, r.df, r.p, r.ci_lower, r.ci_upper],
                  [exp["r"], exp["t"], exp["df"], exp["p_two_sided"], exp["ci95_low"], exp["ci95_high"]],
                  DIGITS, "pearson")  # fmt: skip
    assert_json_friendly(r)
    m = correlation_matrix({"x": tuna["data"]["x"], "y": tuna["data"]["y"]})
    assert_digits([m.r[0, 1], m.p[1, 0], m.ci_lower[0, 1], m.ci_upper[1, 0]],
                  [exp["r"], exp["p_two_sided"], exp["ci95_low"], exp["ci95_high"]], DIGITS, "matrix")  # fmt: skip


def test_spearman_cor_test(tuna: dict) -> None:
    exp = tuna["expected"]["full_precision_scipy"]["spearman"]
    r = correlation(tuna["data"]["x"], tuna["data"]["y"], method="spearman")
    assert_digits([r.r, r.s, r.p, r.p_exact],
                  [exp["rho"], exp["S"], exp["p_t_approximation_two_sided"], exp["p_exact_two_sided"]],
                  DIGITS, "spearman")  # fmt: skip
    assert_digits(
        r.p_exact, exp["exact_count_S_le_48"] * 2 / exp["permutations"], 12, "exact count"
    )
    printed = tuna["expected"]["r_printed"]["spearman"]
    assert abs(r.p_exact - printed["p_exact_two_sided"]) <= 0.5e-4
    m = correlation_matrix(
        [tuna["data"]["x"], tuna["data"]["y"]], names=["x", "y"], method="spearman"
    )
    assert_digits([m.r[0, 1], m.p[0, 1], m.p_exact[1, 0]],
                  [exp["rho"], exp["p_t_approximation_two_sided"], exp["p_exact_two_sided"]], DIGITS, "matrix")  # fmt: skip


def test_exact_spearman_p_by_enumeration() -> None:
    rng = np.random.default_rng(0)
    for n in (4, 5, 6, 7):
        x, y = rng.permutation(n).astype(float), rng.permutation(n).astype(float)
        rho = sps.spearmanr(x, y).statistic
        s_obs = ((x - y) ** 2).sum()
        perms = np.array(list(itertools.permutations(range(n))))
        s_all = ((perms - np.arange(n)) ** 2).sum(axis=1)
        mid = (n**3 - n) / 6
        tail = (s_all <= s_obs).mean() if s_obs <= mid else (s_all >= s_obs).mean()
        assert_digits(spearman_exact_p(rho, n), min(1.0, 2 * tail), 12, f"n={n}")
    assert math.isnan(spearman_exact_p(0.5, 10))


def test_spearman_s_counts_by_enumeration() -> None:
    """The permutation counts of S (counted over the sets of placed values) match a listing
    of every permutation; at n = 9 they add up to 9! and are symmetric about (n^3 - n) / 6."""
    from plotdoc.stats.spearman import _spearman_s_counts

    for n in range(2, 9):
        perms = np.array(list(itertools.permutations(range(n))))
        s_all = ((perms - np.arange(n)) ** 2).sum(axis=1)
        expected = np.bincount(s_all, minlength=(n**3 - n) // 3 + 1)
        assert np.array_equal(_spearman_s_counts(n), expected), n
    nine = _spearman_s_counts(9)
    assert nine.sum() == math.factorial(9)
    assert np.array_equal(nine, nine[::-1])


def _data_with_missing(rows: int, k: int, frac: float, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    base = rng.normal(size=(rows, 1))
    x = 0.6 * base + rng.normal(size=(rows, k)) + rng.uniform(-50, 50, size=k)  # offset means
    x[:, 1] = np.round(x[:, 1])  # ties for Spearman
    x[rng.random((rows, k)) < frac] = np.nan
    return x


@pytest.mark.parametrize("frac", [0.0, 0.03, 0.4])  # no NaN, sparse path, dense path
@pytest.mark.parametrize("method", ["pearson", "spearman"])
def test_matrix_against_scipy_pairwise(method: str, frac: float) -> None:
    x = _data_with_missing(120, 6, frac, seed=int(frac * 100))
    m = correlation_matrix(x, method=method)
    assert m.status == "ok"
    assert m.names == tuple(f"Variable {i}" for i in range(1, 7))
    func = sps.pearsonr if method == "pearson" else sps.spearmanr
    for i, j in itertools.combinations(range(6), 2):
        keep = np.isfinite(x[:, i]) & np.isfinite(x[:, j])
        res = func(x[keep, i], x[keep, j])
        assert m.n[i, j] == m.n[j, i] == keep.sum()
        assert_digits(
            [m.r[i, j], m.r[j, i], m.p[i, j]],
            [res.statistic, res.statistic, res.pvalue],
            10,
            f"{i},{j}",
        )
        if method == "pearson":
            ci = res.confidence_interval(0.95)
            assert_digits([m.ci_lower[i, j], m.ci_upper[i, j]], [ci.low, ci.high], 10, "CI")
    assert np.all(np.diag(m.r) == 1.0)
    assert np.all(np.isnan(np.diag(m.p)))
    d = assert_json_friendly(m)
    res = func(x[:, 0][np.isfinite(x[:, :2]).all(1)], x[:, 1][np.isfinite(x[:, :2]).all(1)])
    assert_digits(d["p"][1][0], res.pvalue, 10, "p in to_dict")


def test_large_matrix_against_pandas() -> None:
    pd = pytest.importorskip("pandas")
    x = _data_with_missing(800, 40, 0.05, seed=9)
    m = correlation_matrix(x)
    expected = pd.DataFrame(x).corr(method="pearson").to_numpy()
    assert_digits(m.r, expected, 11, "pandas pairwise")
    counts = np.isfinite(x).astype(int)
    assert (m.n == counts.T @ counts).all()


@pytest.mark.parametrize("limit", [0, 10**9])  # the sparse product, the pairs counted
def test_pearson_counts_of_rows_missing_in_both(
    monkeypatch: pytest.MonkeyPatch, limit: int
) -> None:
    # plotdoc.stats.correlation, the module: the package exports a function of that name
    module = importlib.import_module("plotdoc.stats.correlation")
    monkeypatch.setattr(module, "MISSING_PAIRS_COUNTED", limit)
    x = _data_with_missing(300, 23, 0.04, seed=11)
    x[7] = np.nan  # a row missing whole
    m = correlation_matrix(x)
    present = np.isfinite(x).astype(int)
    assert (m.n == present.T @ present).all()
    expected = _pairwise_r_by_scipy(x)
    assert_digits(m.r, expected, 11, "pairwise r")


def _pairwise_r_by_scipy(x: np.ndarray) -> np.ndarray:
    k = x.shape[1]
    out = np.eye(k)
    for i, j in itertools.combinations(range(k), 2):
        keep = np.isfinite(x[:, i]) & np.isfinite(x[:, j])
        out[i, j] = out[j, i] = sps.pearsonr(x[keep, i], x[keep, j]).statistic
    return out


def test_spearman_matrix_against_pandas_pairwise_ranks() -> None:
    pd = pytest.importorskip("pandas")
    x = _data_with_missing(300, 30, 0.1, seed=4)
    x[:, 5] = np.round(x[:, 5] / 3)  # heavy ties
    m = correlation_matrix(x, method="spearman")
    expected = pd.DataFrame(x).corr(method="spearman").to_numpy()
    assert_digits(m.r, expected, 11, "pandas pairwise Spearman")


def test_variable_types_and_statuses() -> None:
    cols = {"a": [1.0, 2.0, 3.0, 4.0], "label": [0.0, 1.0, 0.0, 1.0], "b": [2.0, 1.0, 4.0, 3.0]}
    m = correlation_matrix(cols, variable_types=["continuous", "categorical", "continuous"])
    assert (m.names, m.excluded) == (("a", "b"), ("label",))
    assert_digits(m.r[0, 1], sps.pearsonr(cols["a"], cols["b"]).statistic, 12, "r")
    one = correlation_matrix(cols, variable_types=["continuous", "label", "categorical"])
    assert one.status == "wrong-variable-types"
    assert_json_friendly(one)
    sparse = correlation_matrix(
        [[1.0, 2.0, np.nan, 4.0], [1.0, np.nan, 3.0, 5.0], [3.0, 3.0, 3.0, 3.0]]
    )
    assert sparse.n[0, 1] == 2
    assert math.isnan(sparse.r[0, 1])  # fewer than 3 pairs
    assert math.isnan(sparse.r[0, 2])  # no spread
    assert math.isnan(sparse.r[2, 2])
    assert correlation([1.0, 2.0], [2.0, 1.0]).status == "too-few-values"
    assert correlation([1.0, 2.0, 3.0], [2.0, 2.0, 2.0]).status == "zero-variance"


@pytest.mark.parametrize("ties", [True, False])
@pytest.mark.parametrize("rows", [4, 7, 9, 12])
def test_spearman_few_rows_with_missing_values_and_ties_against_scipy(
    rows: int, ties: bool
) -> None:
    x = _data_with_missing(rows, 25, 0.25, seed=rows)
    if ties:
        x[:, 3] = np.round(x[:, 3])
        x[:, 5:9] = np.round(x[:, 5:9] / 2.0)  # pairs of two tied variables
        x[:, 4] = np.where(np.isfinite(x[:, 4]), 1.0, np.nan)  # no spread
    else:
        x[:, 1] += np.arange(rows) * 1e-3  # _data_with_missing rounds it; no ties left
        assert all(np.unique(c[np.isfinite(c)]).size == np.isfinite(c).sum() for c in x.T)
    m = correlation_matrix(x, method="spearman")
    for i, j in itertools.combinations(range(25), 2):
        keep = np.isfinite(x[:, i]) & np.isfinite(x[:, j])
        assert m.n[i, j] == keep.sum()
        a, b = x[keep, i], x[keep, j]
        if keep.sum() < 3 or np.ptp(a) == 0 or np.ptp(b) == 0:
            assert np.isnan(m.r[i, j])
            continue
        assert_digits(m.r[i, j], sps.spearmanr(a, b).statistic, 12, f"{i},{j}")
        one = correlation(a, b, method="spearman")
        if math.isnan(one.p_exact):
            assert math.isnan(m.p_exact[i, j])
        else:
            assert m.p_exact[i, j] == m.p_exact[j, i] == one.p_exact


def test_spearman_many_rows_with_missing_values_check_the_deadline() -> None:
    from plotdoc.stats.budget import BudgetExceeded, metered

    x = _data_with_missing(200, 30, 0.2, seed=5)
    with metered(0.0, 1e9), pytest.raises(BudgetExceeded):
        correlation_matrix(x, method="spearman")


@pytest.mark.parametrize("seed", [1, 2])
def test_spearman_many_rows_randomized_with_ties_against_scipy(seed: int) -> None:
    """More variables than one block of the pairwise ranks, ties of every kind, each pair's
    complete rows ranked on their own: identical to scipy on each pair's complete rows."""
    rng = np.random.default_rng(seed)
    rows, k = 90, 41
    x = rng.normal(size=(rows, k))
    for c in range(0, k, 3):  # a third of the variables tied, some heavily
        x[:, c] = np.round(x[:, c] * rng.choice([0.5, 2.0, 8.0]))
    x[:, 7] = rng.integers(0, 2, size=rows)  # two values only
    x[rng.random((rows, k)) < rng.uniform(0.05, 0.45, size=k)] = np.nan
    x[:60, 11] = np.nan  # few rows left for its pairs
    m = correlation_matrix(x, method="spearman")
    for i, j in itertools.combinations(range(k), 2):
        keep = np.isfinite(x[:, i]) & np.isfinite(x[:, j])
        assert m.n[i, j] == m.n[j, i] == keep.sum()
        a, b = x[keep, i], x[keep, j]
        if keep.sum() < 3 or np.ptp(a) == 0 or np.ptp(b) == 0:
            assert np.isnan(m.r[i, j])
            continue
        expected = sps.spearmanr(a, b).statistic
        assert_digits([m.r[i, j], m.r[j, i]], [expected, expected], 12, f"{i},{j}")


@pytest.mark.parametrize("tied_columns", [range(6), range(30), range(27, 30)])
def test_spearman_many_rows_with_ties_in_some_blocks_only(tied_columns: range) -> None:
    """Blocks whose later variables have ties read doubled ranks for every variable; blocks
    without read plain ones: both identical to scipy on each pair's complete rows."""
    rng = np.random.default_rng(5)
    rows, k = 70, 30
    x = rng.normal(size=(rows, k))
    for c in tied_columns:
        x[:, c] = np.round(x[:, c] * 2.0)
    x[rng.random((rows, k)) < 0.2] = np.nan
    m = correlation_matrix(x, method="spearman")
    for i, j in itertools.combinations(range(k), 2):
        keep = np.isfinite(x[:, i]) & np.isfinite(x[:, j])
        expected = sps.spearmanr(x[keep, i], x[keep, j]).statistic
        assert_digits([m.r[i, j], m.r[j, i]], [expected, expected], 12, f"{i},{j}")


def _assert_spearman_per_pair(x: np.ndarray, m: object) -> None:
    """Each pair of ``m`` (a Spearman matrix of ``x``) against scipy on its complete rows."""
    k = x.shape[1]
    for i, j in itertools.combinations(range(k), 2):
        keep = np.isfinite(x[:, i]) & np.isfinite(x[:, j])
        assert m.n[i, j] == m.n[j, i] == keep.sum()  # type: ignore[attr-defined]
        a, b = x[keep, i], x[keep, j]
        got = [m.r[i, j], m.r[j, i]]  # type: ignore[attr-defined]
        if keep.sum() < 3 or np.ptp(a) == 0 or np.ptp(b) == 0:
            assert np.isnan(got).all(), f"{i},{j}"
            continue
        expected = sps.spearmanr(a, b).statistic
        assert_digits(got, [expected, expected], 12, f"{i},{j}")


def _few_patterns(seed: int) -> np.ndarray:
    """Columns of four lengths (nested patterns), some rows missing everywhere, heavy ties,
    one variable with its own gaps and one with no value at all."""
    rng = np.random.default_rng(seed)
    rows, k = 160, 36
    x = rng.normal(size=(rows, k))
    x[:, ::3] = np.round(x[:, ::3] * 2.0)
    x[:, 4] = rng.integers(0, 2, size=rows)
    for j, length in enumerate(rng.choice([60, 100, 140, 160], size=k)):
        x[length:, j] = np.nan
    x[rng.random(rows) < 0.1] = np.nan
    x[[3, 17, 40], 9] = np.nan
    x[:, 20] = np.nan
    return x


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_spearman_with_few_missing_patterns_against_scipy(seed: int) -> None:
    """Whole rows missing and columns of a few lengths: each set of complete rows is ranked
    once (the plan says so), and every pair is scipy's rho on its own complete rows."""
    from plotdoc.stats.spearman import missing_plan, spearman_pairwise

    x = _few_patterns(seed)
    mask = np.isfinite(x)
    plan = missing_plan(mask)
    assert plan.labels is not None and len(set(plan.labels.tolist())) >= 5
    m = correlation_matrix(x, method="spearman")
    _assert_spearman_per_pair(x, m)
    r, _ = spearman_pairwise(x, mask)  # the other exact way agrees
    defined = m.n >= 3
    np.testing.assert_allclose(m.r[defined], np.clip(r, -1, 1)[defined], rtol=0, atol=1e-12)


def test_spearman_plan_ranks_by_pattern_only_when_cheaper() -> None:
    from plotdoc.stats.spearman import MAX_PATTERNS, PAIRWISE_SECONDS, missing_plan

    rows, k = 400, MAX_PATTERNS + 1
    scattered = _data_with_missing(rows, k, 0.2, seed=3)
    plan = missing_plan(np.isfinite(scattered))
    assert plan.labels is None
    assert plan.seconds == pytest.approx(PAIRWISE_SECONDS * rows * k * k / 2)
    whole_rows = np.random.default_rng(3).normal(size=(rows, k))
    whole_rows[np.random.default_rng(4).random(rows) < 0.2] = np.nan
    cheaper = missing_plan(np.isfinite(whole_rows))
    assert cheaper.labels is not None and len(cheaper.row_sets) == 1
    assert cheaper.seconds < plan.seconds / 5


def test_average_ranks_against_scipy() -> None:
    from plotdoc.stats.spearman import average_ranks

    rng = np.random.default_rng(8)
    for x in (rng.normal(size=(50, 7)), np.round(rng.normal(size=(60, 5)) * 2),
              np.ones((4, 3)), rng.normal(size=(1, 4)), np.zeros((0, 2))):  # fmt: skip
        expected = sps.rankdata(x, axis=0) if x.size else x
        assert np.array_equal(average_ranks(x), expected)
