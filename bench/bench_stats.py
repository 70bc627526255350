"""Timings of plotdoc.stats against the scipy / numpy baselines, measured in the same run.

Run on demand (not a test)::

    python bench/bench_stats.py [--pandas] [--anova]

Each figure is the best of several repeats (wall clock), ours and the baseline interleaved. Targets: linear regression on
200,000 points <= 1.5x scipy.stats.linregress; 4PL fit on 10,000 points <= 1x
scipy.optimize.curve_fit from the same start; 500-variable Pearson matrix over 4,000 rows
with missing values <= 2x numpy.corrcoef (the matrix holds r and n; its P values and CIs are
computed on first access, timed separately); 500 4PL fits of 5-12 points (one table's fits,
fitted together) in under 2 s; a 500-variable Spearman matrix with 20 % missing values within
3x of the Pearson matrix of the same data (missing cells scattered at random, whole rows
missing, and columns of five lengths). The comparisons (``--comparisons``: rank tests,
contingency tests, survival curves) are timed against the library each is checked against,
without a target: they compute more than the baseline (a Hodges-Lehmann CI, medians, hazard
ratios, expected counts and 2x2 ratios).
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np
from scipy import stats as sps
from scipy.optimize import curve_fit

from plotdoc.stats import correlation_matrix, four_parameter_logistic, linear_regression


def best_of_pair(
    ours: Callable[[], object], base: Callable[[], object], repeats: int
) -> tuple[float, float]:
    """Best wall-clock time of each, the two interleaved so that both see the same load."""
    ours()  # warm up (lazy imports, caches)
    base()
    t_ours, t_base = [], []
    for _ in range(repeats):
        start = time.perf_counter()
        ours()
        t_ours.append(time.perf_counter() - start)
        start = time.perf_counter()
        base()
        t_base.append(time.perf_counter() - start)
    return min(t_ours), min(t_base)


def report(name: str, ours: float, base: float, base_name: str, target: float | None) -> None:
    ratio = ours / base
    if target is None:
        verdict = "(no target)"
    else:
        verdict = f"(target <= {target:g}) " + ("ok" if ratio <= target else "ABOVE TARGET")
    print(f"{name:<34} ours {ours * 1e3:9.2f} ms   {base_name:<22} {base * 1e3:9.2f} ms   "
          f"ratio {ratio:5.2f} {verdict}")  # fmt: skip


def bench_linear_regression() -> None:
    rng = np.random.default_rng(0)
    x = rng.uniform(0, 100, size=200_000)
    y = 3.0 + 0.5 * x + rng.normal(0, 5, size=x.size)
    ours, base = best_of_pair(lambda: linear_regression(x, y), lambda: sps.linregress(x, y), 30)
    report("linear regression, 200,000 points", ours, base, "scipy linregress", 1.5)


def bench_fourpl() -> None:
    rng = np.random.default_rng(1)
    x = np.repeat(np.linspace(-9, -3, 1000), 10)
    y = 5 + 90 / (1 + 10 ** ((-6.2 - x) * 1.1)) + rng.normal(0, 4, size=x.size)
    start = {"Bottom": 0.0, "Top": 100.0, "LogEC50": -6.0, "HillSlope": 1.0}

    def model(xx: np.ndarray, b: float, t: float, lg: float, h: float) -> np.ndarray:
        return b + (t - b) / (1 + 10 ** ((lg - xx) * h))

    p0 = list(start.values())
    ours, base = best_of_pair(
        lambda: four_parameter_logistic(x, y, initial=start),
        lambda: curve_fit(model, x, y, p0=p0),
        30,
    )
    report("4PL fit, 10,000 points", ours, base, "scipy curve_fit", 1.0)


def bench_correlation() -> None:
    rng = np.random.default_rng(2)
    data = rng.normal(size=(4000, 500)) + rng.normal(size=(4000, 1))
    data[rng.random(data.shape) < 0.02] = np.nan  # 2 % missing at random
    ours, base = best_of_pair(
        lambda: correlation_matrix(data), lambda: np.corrcoef(data, rowvar=False), 15
    )
    report("Pearson matrix 500 x 4,000, NaN", ours, base, "numpy corrcoef", 2.0)

    def with_tests() -> None:  # r and n, then the 124,750 P values and Fisher CIs
        m = correlation_matrix(data)
        _ = m.p, m.ci_lower

    ours, base = best_of_pair(with_tests, lambda: np.corrcoef(data, rowvar=False), 15)
    report("  the same, reading p and CIs too", ours, base, "numpy corrcoef", None)
    full = np.where(np.isfinite(data), data, 0.0)
    ours, base = best_of_pair(
        lambda: correlation_matrix(full), lambda: np.corrcoef(full, rowvar=False), 15
    )
    report("Pearson matrix 500 x 4,000, no NaN", ours, base, "numpy corrcoef", 2.0)


def bench_fourpl_many() -> None:
    from plotdoc.stats.fourpl_many import fit_many

    rng = np.random.default_rng(3)
    pairs = []
    for _ in range(500):
        n = int(rng.integers(5, 13))
        x = np.linspace(-9, -4, n)
        y = 10 + 90 / (1 + 10 ** ((-6.5 - x) * 1.2)) + rng.normal(0, 8, n)
        pairs.append((x, y))
    ours, base = best_of_pair(
        lambda: fit_many(pairs),
        lambda: [four_parameter_logistic(x, y) for x, y in pairs],
        3,
    )
    report("500 4PL fits of 5-12 points", ours, base, "one MINPACK fit each", 0.5)
    verdict = "ok" if ours < 2.0 else "ABOVE TARGET"
    print(f"{'':<34} ours {ours:.2f} s (target < 2 s) {verdict}")


def bench_spearman_missing(with_pandas: bool = False) -> None:
    """Spearman with missing values: scattered cells (each pair its own complete rows, the
    pairwise running counts), whole rows missing and columns of five lengths (each set of
    complete rows ranked once). With ``with_pandas``, scattered cells are also timed against
    ``pandas.DataFrame.corr(method="spearman")``, which ranks each pair's complete rows too
    (about a minute for 4,000 rows)."""
    rng = np.random.default_rng(4)
    for rows, repeats, kind in ((9, 30, "cells"), (4000, 1, "cells"), (4000, 3, "rows"),
                                (4000, 3, "lengths")):  # fmt: skip
        data = rng.normal(size=(rows, 500))
        if kind == "cells":
            data[rng.random(data.shape) < 0.2] = np.nan
        elif kind == "rows":
            data[rng.random(rows) < 0.2] = np.nan
        else:
            for j, length in enumerate(rng.choice([4000, 3500, 3000, 2000, 1000], size=500)):
                data[length:, j] = np.nan
        ours, base = best_of_pair(
            lambda d=data: correlation_matrix(d, method="spearman"),
            lambda d=data: correlation_matrix(d, method="pearson"),
            repeats,
        )
        name = {"cells": "20 % cells NaN", "rows": "20 % rows NaN", "lengths": "5 lengths"}[kind]
        report(f"Spearman 500 x {rows:,}, {name}", ours, base, "our Pearson, same data", 3.0)
        if with_pandas and kind == "cells":
            import pandas as pd

            frame = pd.DataFrame(data)
            ours, base = best_of_pair(
                lambda d=data: correlation_matrix(d, method="spearman"),
                lambda f=frame: f.corr(method="spearman"),
                1 if rows > 100 else 5,
            )
            report("  the same", ours, base, "pandas corr spearman", None)


def bench_comparisons() -> None:
    """Rank tests, contingency tests and survival comparisons against their reference library."""
    from plotdoc.stats import contingency_test, rank_test, survival_comparison

    rng = np.random.default_rng(5)
    a, b = rng.normal(size=40), rng.normal(0.5, size=45)  # exact P, no ties
    ours, base = best_of_pair(
        lambda: rank_test(a, b), lambda: sps.mannwhitneyu(a, b, method="exact"), 30
    )
    report("Mann-Whitney 40 vs 45, exact", ours, base, "scipy mannwhitneyu", None)
    a2, b2 = rng.normal(size=2_000), rng.normal(0.1, size=2_000)
    ours, base = best_of_pair(
        lambda: rank_test(a2, b2), lambda: sps.mannwhitneyu(a2, b2, method="asymptotic"), 5
    )
    report("Mann-Whitney 2,000 vs 2,000 (+HL)", ours, base, "scipy mannwhitneyu", None)
    table = [[12, 5], [7, 30]]
    ours, base = best_of_pair(lambda: contingency_test(table), lambda: sps.fisher_exact(table), 30)
    report("Fisher 2x2 (+ cond. OR, RR, OR)", ours, base, "scipy fisher_exact", None)
    big = rng.integers(5, 200, size=(6, 8))
    ours, base = best_of_pair(lambda: contingency_test(big), lambda: sps.chi2_contingency(big), 30)
    report("chi-square 6x8", ours, base, "scipy chi2_contingency", None)
    groups = []
    for scale in (10.0, 14.0):
        t = np.round(rng.exponential(scale, 1_000), 1)
        groups.append((t, (rng.random(t.size) < 0.7).astype(float)))
    (ta, ea), (tb, eb) = groups
    x = sps.CensoredData(uncensored=ta[ea == 1], right=ta[ea == 0])
    y = sps.CensoredData(uncensored=tb[eb == 1], right=tb[eb == 0])
    ours, base = best_of_pair(lambda: survival_comparison(groups), lambda: sps.logrank(x, y), 10)
    report("log-rank 2 x 1,000 (+KM medians)", ours, base, "scipy logrank", None)
    try:
        from lifelines.statistics import logrank_test
    except ImportError:
        return
    ours, base = best_of_pair(
        lambda: survival_comparison(groups),
        lambda: logrank_test(ta, tb, event_observed_A=ea, event_observed_B=eb),
        10,
    )
    report("  the same", ours, base, "lifelines logrank_test", None)


def bench_anova_family() -> None:
    """The ANOVA family against the library each is checked against (no targets: the
    computations are small; the rows show what a typical table costs)."""
    import pandas as pd
    import statsmodels.formula.api as smf
    from statsmodels.stats.anova import anova_lm

    from plotdoc.stats import multiple_comparisons, normality_test, one_way_anova, two_way_anova

    rng = np.random.default_rng(3)
    groups = [rng.normal(i * 0.3, 1.0, size=50) for i in range(6)]
    big = [rng.normal(i * 0.1, 1.0, size=20_000) for i in range(5)]
    for name, ours, base, base_name in [
        ("one-way ANOVA, 6 x 50", lambda: one_way_anova(groups),
         lambda: sps.f_oneway(*groups), "scipy f_oneway"),
        ("one-way ANOVA, 5 x 20,000", lambda: one_way_anova(big),
         lambda: sps.f_oneway(*big), "scipy f_oneway"),
        ("Kruskal-Wallis, 6 x 50", lambda: one_way_anova(groups, "kruskalWallis"),
         lambda: sps.kruskal(*groups), "scipy kruskal"),
        ("Friedman, 50 rows x 6", lambda: one_way_anova(groups, "friedman"),
         lambda: sps.friedmanchisquare(*groups), "scipy friedmanchisquare"),
        ("Tukey, 6 x 50 (15 pairs)", lambda: multiple_comparisons(groups),
         lambda: sps.tukey_hsd(*groups).confidence_interval(), "scipy tukey_hsd + CI"),
        ("Dunnett, 5 vs control, 50 each",
         lambda: multiple_comparisons(groups, comparisons="versusControl"),
         lambda: sps.dunnett(*groups[1:], control=groups[0], rng=1).confidence_interval(),
         "scipy dunnett + CI"),
        ("Games-Howell, 6 x 50", lambda: multiple_comparisons(groups, test="welch"),
         lambda: sps.tukey_hsd(*groups, equal_var=False).confidence_interval(),
         "scipy tukey_hsd unequal"),
        ("Shapiro-Wilk, 5,000 values", lambda: normality_test(big[0][:5000], "shapiroWilk"),
         lambda: sps.shapiro(big[0][:5000]), "scipy shapiro"),
    ]:  # fmt: skip
        t_ours, t_base = best_of_pair(ours, base, 15)
        report(name, t_ours, t_base, base_name, None)
    cells = [[rng.normal(i + j, 1.0, size=int(rng.integers(5, 12))) for j in range(4)]
             for i in range(3)]  # fmt: skip
    frame = pd.DataFrame(
        [
            (f"r{i}", f"c{j}", v)
            for i, row in enumerate(cells)
            for j, c in enumerate(row)
            for v in c
        ],
        columns=["r", "c", "y"],
    )
    t_ours, t_base = best_of_pair(
        lambda: two_way_anova(cells),
        lambda: anova_lm(smf.ols("y ~ C(r, Sum) * C(c, Sum)", data=frame).fit(), typ=3),
        15,
    )
    report("two-way ANOVA type III, 3 x 4", t_ours, t_base, "statsmodels anova_lm", None)


def main() -> None:
    import argparse
    import platform

    import scipy

    parser = argparse.ArgumentParser(description="plotdoc.stats against scipy and numpy")
    parser.add_argument(
        "--pandas", action="store_true", help="also time Spearman with missing values in pandas"
    )
    parser.add_argument(
        "--comparisons", action="store_true", help="only the rank, contingency and survival tests"
    )
    parser.add_argument(
        "--anova", action="store_true", help="time only the ANOVA family (needs statsmodels)"
    )
    args = parser.parse_args()
    if args.comparisons:
        bench_comparisons()
        return
    if args.anova:
        bench_anova_family()
        return
    print(f"python {platform.python_version()}, numpy {np.__version__}, scipy {scipy.__version__}")
    bench_linear_regression()
    bench_fourpl()
    bench_correlation()
    bench_fourpl_many()
    bench_spearman_missing(with_pandas=args.pandas)
    bench_comparisons()
    bench_anova_family()


if __name__ == "__main__":
    main()
