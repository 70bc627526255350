"""Analyses are computed when read, never stored, and never make open fail."""

from __future__ import annotations

import json
from typing import Any

import orjson
import pytest

from plotdoc.analyses import analyze_project
from plotdoc.api import loads
from plotdoc.cli import main
from plotdoc.writer import dumps

from ..stats.helpers import REFERENCE


def sleep_document(design: str = "unpaired", variance: str = "welch") -> dict[str, Any]:
    ref = json.loads((REFERENCE / "ttest_sleep.json").read_text())
    g1, g2 = ref["data"]["group1"], ref["data"]["group2"]
    return {
        "format": "plotdoc-project",
        "schemaVersion": 1,
        "tables": [
            {
                "id": "sleep",
                "format": "column",
                "dataSets": [
                    {"name": "Group 1", "values": [[v] for v in g1]},
                    {"name": "Group 2", "values": [[v] for v in g2]},
                ],
                "analyses": [
                    {
                        "id": "t",
                        "method": "ttest",
                        "params": {"design": design, "variance": variance},
                    }
                ],
            }
        ],
    }


@pytest.mark.parametrize(
    ("design", "variance", "key"),
    [
        ("unpaired", "welch", "welch"),
        ("unpaired", "equal", "student"),
        ("paired", "welch", "paired"),
    ],
)
def test_ttest_at_open_matches_r(design: str, variance: str, key: str) -> None:
    ref = json.loads((REFERENCE / "ttest_sleep.json").read_text())["expected"]["r_printed"][key]
    project = loads(orjson.dumps(sleep_document(design, variance)))
    run = project.results[("sleep", "t")]
    assert run.status == "ok"
    assert run.result.t == pytest.approx(ref["t"], abs=5e-5)
    assert run.result.p == pytest.approx(ref["p_two_sided"], rel=1e-5)
    assert run.result.ci_lower == pytest.approx(ref["ci95_low"], abs=1e-6)
    assert run.result.ci_upper == pytest.approx(ref["ci95_high"], abs=1e-6)


def test_results_are_never_written() -> None:
    project = loads(orjson.dumps(sleep_document()))
    saved = orjson.loads(dumps(project))
    assert saved["tables"][0]["analyses"] == [
        {
            "id": "t",
            "method": "ttest",
            "params": {
                "groupA": None,
                "groupB": None,
                "design": "unpaired",
                "variance": "welch",
                "test": "parametric",
                "pValueStyle": "graphpad",
            },
        }
    ]
    assert "result" not in json.dumps(saved)


def test_an_analysis_that_cannot_run_does_not_fail_open() -> None:
    doc = {
        "format": "plotdoc-project",
        "schemaVersion": 1,
        "tables": [
            {
                "format": "column",
                "dataSets": [{"name": "Only", "values": [[1]]}],
                "analyses": [
                    {"method": "ttest", "params": {"groupA": "Only", "groupB": "Missing"}}
                ],
            }
        ],
    }
    project = loads(orjson.dumps(doc))
    run = next(iter(project.results.values()))
    assert run.status == "missing-group"
    assert "Missing" in run.message
    assert [w.code for w in project.warnings] == ["analysis-group-unknown"]


def test_per_data_set_regressions() -> None:
    doc = {
        "format": "plotdoc-project",
        "schemaVersion": 1,
        "tables": [
            {
                "id": "xy",
                "format": "xy",
                "replicates": 2,
                "x": [1, 2, 3, 4],
                "dataSets": [
                    {"name": "A", "values": [[1, 1.2], [2, 2.1], [3.1, 2.9], [4, 4.2]]},
                    {"name": "B", "values": [[5], [5], [5], [5]]},
                ],
                "analyses": [
                    {"id": "lin", "method": "linearRegression", "params": {"confidenceLevel": 99}}
                ],
            }
        ],
    }
    project = loads(orjson.dumps(doc))
    run = project.results[("xy", "lin")]
    assert set(run.per_data_set) == {"A", "B"}
    a = run.per_data_set["A"]
    assert a.n == 8
    import numpy as np

    x = np.repeat([1.0, 2, 3, 4], 2)
    y = np.array([1, 1.2, 2, 2.1, 3.1, 2.9, 4, 4.2])
    slope, intercept = np.polyfit(x, y, 1)
    assert a.slope == pytest.approx(slope, rel=1e-12)
    assert a.intercept == pytest.approx(intercept, rel=1e-10)
    assert run.per_data_set["B"].status == "ok"  # a flat line is a fit (slope 0)
    assert analyze_project(project)[("xy", "lin")].per_data_set["A"].slope == a.slope


def test_analyze_command(capsys: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    path = tmp_path / "sleep.plotdoc"
    path.write_bytes(orjson.dumps(sleep_document()))
    assert main(["analyze", str(path)]) == 0
    out = capsys.readouterr().out
    assert "t: ttest — ok" in out
    assert main(["analyze", "--json", str(path)]) == 0
    payload = json.loads(capsys.readouterr().out)
    entry = payload["tables"][0]["analyses"][0]
    assert entry["id"] == "t" and entry["method"] == "ttest" and entry["status"] == "ok"
    assert entry["result"]["t"] == pytest.approx(-1.860813467486853, rel=1e-9)


def test_results_tables_are_filled_when_read() -> None:
    import numpy as np

    values = [1, 2, 2, 3, 7, 7.5]
    doc = {
        "format": "plotdoc-project",
        "schemaVersion": 1,
        "tables": [
            {
                "id": "src",
                "format": "column",
                "dataSets": [{"name": "A", "values": [[v] for v in values]}],
                "analyses": [
                    {
                        "id": "f",
                        "method": "frequencyDistribution",
                        "params": {"binWidth": 2, "binStart": 0},
                    }
                ],
            },
            {
                "id": "mv",
                "format": "multipleVariables",
                "dataSets": [
                    {"name": "a", "values": [[1], [2], [3], [4]]},
                    {"name": "b", "values": [[2], [4], [5], [9]]},
                    {"name": "who", "values": [["x"], ["y"], ["z"], ["w"]]},
                ],
                "analyses": [{"id": "r", "method": "correlationMatrix"}],
            },
            {"format": "grouped", "derivedFrom": {"sourceTableId": "src", "analysisId": "f"}},
            {"format": "grouped", "derivedFrom": {"sourceTableId": "mv", "analysisId": "r"}},
        ],
    }
    project = loads(orjson.dumps(doc))
    freq, corr = project.tables[2], project.tables[3]
    counts, _ = np.histogram(values, bins=[0, 2, 4, 6, 8])
    assert freq.data_sets[0].values[:, 0].tolist() == counts.tolist()
    assert len(freq.row_labels or []) == 4
    assert freq.graph is not None and freq.graph.variant_id == "grouped-interleaved-bars"
    assert corr.row_labels == ["a", "b"]
    r = np.corrcoef([1, 2, 3, 4], [2, 4, 5, 9])[0, 1]
    assert corr.data_sets[1].values[0, 0] == pytest.approx(r, rel=1e-12)
    assert corr.graph is not None and corr.graph.variant_id == "grouped-heat-map"
    assert corr.graph.plot.options["heatMap"]["colormap"] == "diverging"
    saved = orjson.loads(dumps(project))
    assert "dataSets" not in saved["tables"][2]  # content is recomputed, never stored
