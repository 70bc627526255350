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
