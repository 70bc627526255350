"""Analyses of a table of summary data: the t test computes from mean, SD or SEM, and N and
says so in every output; what needs raw values says that instead of giving a number."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import orjson
import pytest

from plotdoc.analyses.report import format_report, result_rows
from plotdoc.analyses.tables import to_html
from plotdoc.api import loads
from plotdoc.stats import ttest


def _project(
    entry: str, analyses: list[dict[str, Any]], rows: list[list[float]] | None = None
) -> Any:
    rows = rows or [[10.2, 1.5, 6], [14.8, 2.1, 6]]
    table = {
        "id": "t",
        "format": "column",
        "entry": entry,
        "dataSets": [
            {"name": n, "values": [[float(v) for v in r]]}
            for n, r in zip(("Control", "Drug"), rows, strict=True)
        ],
        "analyses": analyses,
    }
    return loads(orjson.dumps({"format": "plotdoc-project", "schemaVersion": 2, "tables": [table]}))


def test_the_t_test_of_a_summary_table_is_the_t_test_of_values_with_those_summaries() -> None:
    # raw values whose mean, SD and N are what the summary table holds
    rng = np.random.default_rng(4)
    a, b = rng.normal(10, 2, 7), rng.normal(13, 1, 5)
    rows = [[a.mean(), a.std(ddof=1), a.size], [b.mean(), b.std(ddof=1), b.size]]
    project = _project(
        "meanSdN", [{"id": "a", "method": "ttest", "params": {"variance": "equal"}}], rows
    )
    run = project.results[("t", "a")]
    assert run.status == "ok"
    raw = ttest(a, b, variance="equal")
    assert math.isclose(run.result.p, raw.p, rel_tol=1e-10)
    assert math.isclose(run.result.t, raw.t, rel_tol=1e-10)
    assert run.data_sets == ("Control", "Drug")
    # with SEMs, the same test
    sem_rows = [
        [a.mean(), a.std(ddof=1) / math.sqrt(7), 7],
        [b.mean(), b.std(ddof=1) / math.sqrt(5), 5],
    ]
    sem = _project(
        "meanSemN", [{"id": "a", "method": "ttest", "params": {"variance": "equal"}}], sem_rows
    )
    assert math.isclose(sem.results[("t", "a")].result.p, raw.p, rel_tol=1e-10)
    assert sem.results[("t", "a")].result.computed_from == "mean, SEM and N"


def test_every_output_says_the_t_test_was_computed_from_summaries() -> None:
    project = _project("meanSdN", [{"id": "a", "method": "ttest"}])
    run = project.results[("t", "a")]
    assert "computed_from = mean, SD and N" in format_report(project, project.results)
    assert run.to_dict()["result"]["computed_from"] == "mean, SD and N"
    assert ("Computed from", "mean, SD and N", "computed_from") in result_rows("ttest", run.result)
    assert "t / a: computed from mean, SD and N" in to_html([run], "results")


def test_a_paired_t_test_and_methods_that_need_raw_values_give_a_status_not_a_number() -> None:
    project = _project(
        "meanSdN",
        [
            {"id": "p", "method": "ttest", "params": {"design": "paired"}},
            {"id": "f", "method": "frequencyDistribution"},
        ],
    )
    paired = project.results[("t", "p")]
    assert (paired.status, paired.result) == ("needs-raw-values", None)
    assert "paired t test needs the values of each pair" in paired.message
    freq = project.results[("t", "f")]
    assert (freq.status, freq.result) == ("needs-raw-values", None)
    assert "frequencyDistribution needs raw values" in freq.message
    report = format_report(project, project.results)
    assert "needs-raw-values" in report


@pytest.mark.parametrize("method", ["linearRegression", "nonlinearRegression"])
def test_xy_methods_on_a_summary_table_need_raw_values(method: str) -> None:
    table = {
        "id": "t",
        "format": "xy",
        "entry": "meanSemN",
        "x": [1, 2, 3, 4],
        "dataSets": [{"name": "A", "values": [[1, 0.1, 3], [2, 0.2, 3], [3, 0.1, 3], [4, 0.3, 3]]}],
        "analyses": [{"id": "a", "method": method}],
    }
    project = loads(
        orjson.dumps({"format": "plotdoc-project", "schemaVersion": 2, "tables": [table]})
    )
    run = project.results[("t", "a")]
    assert run.status == "needs-raw-values" and run.result is None and not run.per_data_set


def test_a_t_test_of_data_sets_with_several_summaries_says_it_compares_one_each() -> None:
    table = {
        "id": "t",
        "format": "xy",
        "entry": "meanSdN",
        "x": [1, 2],
        "dataSets": [
            {"name": "A", "values": [[1, 0.1, 3], [2, 0.2, 3]]},
            {"name": "B", "values": [[1.5, 0.1, 3], [None, None, None]]},
        ],
        "analyses": [{"id": "a", "method": "ttest"}],
    }
    project = loads(
        orjson.dumps({"format": "plotdoc-project", "schemaVersion": 2, "tables": [table]})
    )
    run = project.results[("t", "a")]
    assert (run.status, run.result) == ("needs-raw-values", None)
    assert "one mean, SD and N per data set; 'A' has 2 rows" in run.message


def _groups_project(entry: str, analyses: list[dict[str, Any]], groups: list[Any]) -> Any:
    """A column table of three data sets: summaries of ``groups`` (``entry``), or the values."""
    names = ("Vehicle", "Low", "High")
    if entry == "values":
        sets = [
            {"name": n, "values": [[float(v)] for v in g]}
            for n, g in zip(names, groups, strict=True)
        ]
    else:
        spread = (
            (lambda g: g.std(ddof=1))
            if entry == "meanSdN"
            else (lambda g: g.std(ddof=1) / math.sqrt(g.size))
        )
        sets = [
            {"name": n, "values": [[float(g.mean()), float(spread(g)), g.size]]}
            for n, g in zip(names, groups, strict=True)
        ]
    table = {"id": "t", "format": "column", "entry": entry, "dataSets": sets, "analyses": analyses}
    return loads(orjson.dumps({"format": "plotdoc-project", "schemaVersion": 2, "tables": [table]}))


@pytest.mark.parametrize("entry", ["meanSdN", "meanSemN"])
@pytest.mark.parametrize(
    ("test", "correction"), [("ordinary", "tukey"), ("ordinary", "dunnett"), ("welch", "auto")]
)
def test_one_way_anova_of_a_summary_table_is_that_of_values_with_those_summaries(
    entry: str, test: str, correction: str
) -> None:
    from scipy import stats

    rng = np.random.default_rng(11)
    groups = [rng.normal(10, 2, 6), rng.normal(12, 2.5, 8), rng.normal(15, 1.5, 5)]
    compare = "versusControl" if correction == "dunnett" else "allPairs"
    params = {"test": test, "comparisons": compare, "correction": correction}
    analyses = [{"id": "a", "method": "oneWayAnova", "params": params}]
    summary = _groups_project(entry, analyses, groups).results[("t", "a")]
    raw = _groups_project("values", analyses, groups).results[("t", "a")]
    assert summary.status == raw.status == "ok", (summary.message, raw.message)
    s, r = summary.result, raw.result
    assert s.computed_from == {"meanSdN": "mean, SD and N", "meanSemN": "mean, SEM and N"}[entry]
    assert r.computed_from == "raw values"
    assert math.isclose(s.statistic, r.statistic, rel_tol=1e-9)
    assert math.isclose(s.p, r.p, rel_tol=1e-8)
    if test == "ordinary":  # and scipy, from the values
        assert math.isclose(s.p, stats.f_oneway(*groups).pvalue, rel_tol=1e-8)
    assert [(c.a, c.b) for c in s.pairs] == [(c.a, c.b) for c in r.pairs]
    for cs, cr in zip(s.pairs, r.pairs, strict=True):
        assert math.isclose(cs.p, cr.p, rel_tol=1e-6, abs_tol=1e-12)
        assert math.isclose(cs.mean_difference, cr.mean_difference, rel_tol=1e-9)
    if correction == "tukey":  # scipy's Tukey HSD of the values
        hsd = stats.tukey_hsd(*groups)
        assert math.isclose(s.pairs[0].p, float(hsd.pvalue[0, 1]), rel_tol=1e-5)


@pytest.mark.parametrize("test", ["kruskalWallis", "friedman", "repeatedMeasures"])
def test_a_one_way_test_that_needs_each_value_says_so_on_a_summary_table(test: str) -> None:
    rng = np.random.default_rng(2)
    groups = [rng.normal(10, 2, 6) for _ in range(3)]
    analyses = [{"id": "a", "method": "oneWayAnova", "params": {"test": test}}]
    run = _groups_project("meanSdN", analyses, groups).results[("t", "a")]
    assert run.status == "needs-raw-values"
    assert "needs each value" in run.message and run.result is None
    project = _groups_project("meanSdN", analyses, groups)
    assert "needs each value" in format_report(project, project.results)
