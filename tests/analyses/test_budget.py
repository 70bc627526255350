"""Analyses are computed when read, each within a budget of time and memory.

The worst cases of a file within the contract's limits, scaled down: a 4PL table of many data
sets, correlation matrices of many variables, frequency distributions of many fine bins.
"""

from __future__ import annotations

import dataclasses
import io
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
import orjson
import pytest

from plotdoc.analyses import BUDGET_EXCEEDED, RESULT_TOO_LARGE, results_table_limit
from plotdoc.analyses.methods import METHODS
from plotdoc.analyses.results import Results
from plotdoc.api import loads, open_project, recompute
from plotdoc.cli import main
from plotdoc.contract.limits import MAX_TOTAL_CELLS
from plotdoc.stats.budget import Budget


def doc(*tables: dict[str, Any]) -> bytes:
    return orjson.dumps({"format": "plotdoc-project", "schemaVersion": 1, "tables": list(tables)})


def fourpl_table(data_sets: int, seed: int = 0) -> dict[str, Any]:
    rng = np.random.default_rng(seed)
    x = np.linspace(-9, -4, 12)
    sets = []
    for i in range(data_sets):
        y = 10 + 90 / (1 + 10 ** ((-6.5 - x) * 1.2)) + rng.normal(0, 4, x.size)
        sets.append({"name": f"d{i}", "values": [[round(float(v), 3)] for v in y]})
    return {
        "id": "fit",
        "format": "xy",
        "x": x.round(3).tolist(),
        "dataSets": sets,
        "analyses": [{"id": "4pl", "method": "nonlinearRegression"}],
    }


def frequency_tables(data_sets: int, bin_width: float) -> list[dict[str, Any]]:
    sets = [{"name": f"d{i}", "values": [[0.0], [1.0]]} for i in range(data_sets)]
    return [
        {
            "id": "c",
            "format": "column",
            "dataSets": sets,
            "analyses": [
                {"id": "f", "method": "frequencyDistribution", "params": {"binWidth": bin_width}}
            ],
        },
        {"id": "fr", "format": "grouped", "derivedFrom": {"sourceTableId": "c", "analysisId": "f"}},
    ]


def correlation_table(variables: int, rows: int, method: str, seed: int = 0) -> dict[str, Any]:
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(rows, variables)).round(4)
    cells = np.where(rng.random(x.shape) < 0.2, None, x.astype(object))
    return {
        "id": "mv",
        "format": "multipleVariables",
        "dataSets": [
            {"name": f"v{j}", "values": [[c] for c in cells[:, j].tolist()]}
            for j in range(variables)
        ],
        "analyses": [{"id": "r", "method": "correlationMatrix", "params": {"method": method}}],
    }


def test_open_computes_nothing_until_a_result_is_read() -> None:
    project = loads(doc(fourpl_table(3), *frequency_tables(2, 0.5)))
    results = project.results
    assert isinstance(results, Results)
    assert len(results) == 2 and results.computed() == {}
    assert project.table("fr").fill is not None  # the results table is not filled yet
    run = results[("fit", "4pl")]
    assert run.status in ("ok", "ambiguous") and set(run.per_data_set) == {"d0", "d1", "d2"}
    assert set(results.computed()) == {("fit", "4pl")}
    assert results[("fit", "4pl")] is run  # kept, not computed again


def test_reading_a_results_table_computes_only_its_analysis() -> None:
    project = loads(doc(fourpl_table(2), *frequency_tables(2, 0.5)))
    table = project.table("fr")
    assert [ds.values[:, 0].tolist() for ds in table.data_sets] == [[1, 1]] * 2
    assert set(project.results.computed()) == {("c", "f")}


def test_forget_drops_what_was_computed_and_recompute_computes_everything() -> None:
    project = loads(doc(*frequency_tables(1, 0.5)))
    assert project.table("fr").data_sets[0].values[:, 0].tolist() == [1, 1]
    project.table("c").data_sets[0].values[1, 0] = 0.25
    project.results.forget("c")  # type: ignore[attr-defined]
    assert project.results.computed() == {}  # type: ignore[attr-defined]
    assert project.table("fr").data_sets[0].values[:, 0].tolist() == [2]
    project.table("c").data_sets[0].values[1, 0] = 1.0
    recompute(project)
    assert set(project.results.computed()) == {("c", "f")}  # type: ignore[attr-defined]
    assert project.table("fr").fill is None
    assert project.table("fr").data_sets[0].values[:, 0].tolist() == [1, 1]


def test_giving_a_results_table_content_drops_its_pending_fill() -> None:
    project = loads(doc(*frequency_tables(1, 0.5)))
    table = project.table("fr")
    table.data_sets = []
    assert table.fill is None and table.data_sets == []
    assert project.results.computed() == {}  # type: ignore[attr-defined]


def test_a_tiny_time_budget_gives_budget_exceeded_not_a_hang() -> None:
    project = loads(doc(fourpl_table(200)), budget=Budget(seconds=0.001))
    run = project.results[("fit", "4pl")]
    assert run.status == BUDGET_EXCEEDED
    assert "budget" in run.message and run.per_data_set == {}


def test_the_default_budget_fits_a_table_of_many_curves() -> None:
    project = loads(doc(fourpl_table(40)))
    run = project.results[("fit", "4pl")]
    assert run.status != BUDGET_EXCEEDED
    assert len(run.per_data_set) == 40


def test_a_memory_budget_refuses_before_allocating() -> None:
    project = loads(doc(correlation_table(300, 50, "pearson")), budget=Budget(memory_mb=1))
    run = project.results[("mv", "r")]
    assert run.status == BUDGET_EXCEEDED
    assert "MB" in run.message and "memory budget of 1 MB" in run.message


def test_spearman_with_missing_values_over_its_time_estimate_is_refused_at_once() -> None:
    project = loads(doc(correlation_table(120, 400, "spearman")), budget=Budget(seconds=0.001))
    run = project.results[("mv", "r")]
    assert run.status == BUDGET_EXCEEDED and "would take about" in run.message


def test_out_of_memory_is_a_status(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*args: Any) -> Any:
        raise MemoryError

    spec = dataclasses.replace(METHODS["frequencyDistribution"], compute=boom)
    monkeypatch.setitem(METHODS, "frequencyDistribution", spec)
    project = loads(doc(*frequency_tables(2, 0.5)))
    run = project.results[("c", "f")]
    assert run.status == BUDGET_EXCEEDED and "out of memory" in run.message
    assert project.table("fr").data_sets == []


def test_the_total_budget_of_a_project_once_spent_refuses_the_rest() -> None:
    project = loads(doc(*frequency_tables(2, 0.5)), budget=Budget(total_seconds=5))
    results = project.results
    assert isinstance(results, Results)
    results.spent = 5.0
    run = results[("c", "f")]
    assert run.status == BUDGET_EXCEEDED and "all analyses" in run.message


def test_a_results_table_over_the_contract_cell_limit_is_a_status() -> None:
    # 500 data sets x 10,000 bins would be 5,000,000 bars
    project = loads(doc(*frequency_tables(500, 1e-4)))
    run = project.results[("c", "f")]
    assert run.status == RESULT_TOO_LARGE
    assert f"{MAX_TOTAL_CELLS:,}" in run.message and run.result is None
    assert project.table("fr").data_sets == []


def test_frequency_results_keep_only_the_counts_matrix() -> None:
    project = loads(doc(*frequency_tables(50, 0.01)))
    result = project.results[("c", "f")].result
    assert result.status == "ok"
    matrices = [getattr(result, f) for f in result.__dataclass_fields__ if f not in ("values",)]
    big = [m.shape for m in matrices if isinstance(m, np.ndarray) and m.ndim == 2]
    assert big == [(100, 50)]  # bins x data sets, once
    assert result.values.shape == (100, 50)


def test_results_table_limits_follow_the_contract() -> None:
    assert results_table_limit(200_000, 10) is None
    assert "rows" in (results_table_limit(200_001, 1) or "")
    assert "data sets" in (results_table_limit(10, 501) or "")
    assert "cells" in (results_table_limit(10_000, 201) or "")


def test_budget_parse() -> None:
    assert Budget.parse("30") == Budget(seconds=30, total_seconds=60)
    assert Budget.parse("2min,2GB") == Budget(seconds=120, memory_mb=2000, total_seconds=120)
    assert Budget.parse("512MB").memory_mb == 512
    assert Budget.parse("500ms").seconds == 0.5
    for bad in ("", "fast", "-1s", "0", "10 parsecs"):
        with pytest.raises(ValueError, match="expected"):
            Budget.parse(bad)
    with pytest.raises(ValueError, match="positive"):
        Budget(seconds=0)


def test_analyze_budget_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "fits.plotdoc"
    path.write_bytes(doc(fourpl_table(100)))
    # an analysis past its budget gives no result: exit 1 unless --allow-failed
    assert main(["analyze", "--json", "--budget", "1ms", str(path)]) == 1
    entry = json.loads(capsys.readouterr().out)["tables"][0]["analyses"][0]
    assert entry["status"] == BUDGET_EXCEEDED and entry["result"] is None
    assert main(["analyze", "--allow-failed", "--budget", "1ms", str(path)]) == 0
    capsys.readouterr()
    assert main(["analyze", "--budget", "soon", str(path)]) == 2
    assert "expected a time" in capsys.readouterr().err
    assert main(["analyze", "--budget", "30s", str(path)]) == 0
    assert "nonlinearRegression — " in capsys.readouterr().out


def test_open_project_takes_a_budget(tmp_path: Path) -> None:
    path = tmp_path / "f.plotdoc"
    path.write_bytes(doc(*frequency_tables(1, 0.5)))
    project = open_project(path, budget=Budget(seconds=3))
    assert isinstance(project.results, Results) and project.results.budget.seconds == 3


def test_a_graph_draws_the_fits_of_the_results_once_within_the_budget() -> None:
    from plotdoc.render import render_table

    project = loads(doc(fourpl_table(3)))
    svg = render_table(project, project.table("fit"), fmt="svg", dpi=72)
    assert svg.count(b'id="curve/fit/4pl/ds') == 3
    assert set(project.results.computed()) == {("fit", "4pl")}

    tight = loads(doc(fourpl_table(3)), budget=Budget(seconds=1e-6))
    svg = render_table(tight, tight.table("fit"), fmt="svg", dpi=72)
    assert b'id="curve/fit/4pl/ds' not in svg
    assert tight.results[("fit", "4pl")].status == BUDGET_EXCEEDED


def test_the_results_of_a_project_hold_at_most_the_contract_cells_in_total() -> None:
    source, _ = frequency_tables(500, 1e-3)  # 1,000 bins x 500 data sets = 500,000 cells each
    source["analyses"] = [
        {"id": f"f{i}", "method": "frequencyDistribution", "params": {"binWidth": 1e-3}}
        for i in range(5)
    ]
    project = loads(doc(source))
    fifth = project.results[("c", "f4")]  # read first: the limit follows the file's order
    assert fifth.status == RESULT_TOO_LARGE and "in total" in fifth.message
    assert project.results.computed().keys() == {("c", "f4")}
    assert [project.results[("c", f"f{i}")].status for i in range(4)] == ["ok"] * 4


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_analyze_shows_progress_on_a_terminal_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "two.plotdoc"
    source, _ = frequency_tables(2, 0.5)
    source["analyses"].append({"id": "g", "method": "frequencyDistribution"})
    path.write_bytes(doc(source))
    assert main(["analyze", str(path)]) == 0
    assert capsys.readouterr().err == ""  # not a terminal: no progress
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["analyze", str(path)]) == 0
    assert "2/2" in terminal.getvalue() and "[" in terminal.getvalue()


def test_render_takes_a_budget_too(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "f.plotdoc"
    path.write_bytes(doc(*frequency_tables(1, 0.5)))
    assert main(["render", "--budget", "-3", str(path)]) == 2
    assert "--budget" in capsys.readouterr().err
