"""The extra sum-of-squares F test of one shared EC50, against curve_fit's global fit."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.optimize import curve_fit
from scipy.stats import f as f_dist

from plotdoc.stats.fourpl_compare import compare_ec50

from .helpers import assert_json_friendly


def _data(log_ec50s: list[float], seed: int) -> list[tuple[np.ndarray, np.ndarray]]:
    rng = np.random.default_rng(seed)
    x = np.repeat(np.linspace(-9.0, -4.0, 11), 2)
    out = []
    for j, lg in enumerate(log_ec50s):
        top, hill = 100.0 + 5 * j, 1.0 + 0.2 * j
        y = 2.0 + (top - 2.0) / (1 + 10 ** ((lg - x) * hill)) + rng.normal(0, 4.0, x.size)
        out.append((x, y))
    return out


def _shared_by_curve_fit(data: list[tuple[np.ndarray, np.ndarray]], p0: np.ndarray) -> float:
    k = len(data)
    xs = np.concatenate([x for x, _ in data])
    ys = np.concatenate([y for _, y in data])
    gs = np.concatenate([np.full(x.size, j) for j, (x, _) in enumerate(data)])

    def model(x: np.ndarray, *p: float) -> np.ndarray:
        b, t, h, lg = np.array(p[:k]), np.array(p[k : 2 * k]), np.array(p[2 * k : 3 * k]), p[-1]
        return b[gs] + (t[gs] - b[gs]) / (1 + 10 ** ((lg - x) * h[gs]))

    p, _ = curve_fit(model, xs, ys, p0=p0, maxfev=20000)
    return float(((model(xs, *p) - ys) ** 2).sum())


@pytest.mark.parametrize(
    ("ec50s", "differ"), [([-6.5, -6.5, -6.5], False), ([-7.0, -6.5, -5.8], True)]
)
def test_extra_sum_of_squares(ec50s: list[float], differ: bool) -> None:
    data = _data(ec50s, 11)
    r = compare_ec50(data)
    assert r.status == "ok", r.message
    k = len(data)
    assert r.df_separate == k * (22 - 4) and r.df_shared == k * 22 - (3 * k + 1)
    assert r.dfn == k - 1
    p0 = np.concatenate([[2.0] * k, [100.0] * k, [1.0] * k, [float(np.mean(r.log_ec50))]])
    ss_cf = _shared_by_curve_fit(data, p0)
    assert math.isclose(r.ss_shared, ss_cf, rel_tol=1e-7)
    f = ((r.ss_shared - r.ss_separate) / r.dfn) / (r.ss_separate / r.df_separate)
    assert math.isclose(r.f, f, rel_tol=1e-12)
    assert math.isclose(r.p, f_dist.sf(f, r.dfn, r.df_separate), rel_tol=1e-9)
    assert (r.p < 0.05) is differ
    assert r.preferred == ("separate" if differ else "shared")
    assert math.isclose(r.shared_ec50, 10**r.shared_log_ec50, rel_tol=1e-12)
    assert_json_friendly(r)


def test_statuses() -> None:
    one = compare_ec50(_data([-6.5], 1))
    assert one.status == "missing-group"
    flat = _data([-6.5, -6.5], 2)
    flat[1] = (flat[1][0], np.full(flat[1][0].size, 3.0))
    bad = compare_ec50(flat)
    assert bad.status == "zero-variance" and "Data set 2" in bad.message
    assert math.isnan(bad.p)
    assert_json_friendly(bad)
    with pytest.raises(ValueError):
        compare_ec50(_data([-6.5, -6.0], 3), model="log")
