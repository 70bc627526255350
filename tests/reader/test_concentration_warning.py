"""A logX dose-response fit of X that looks like concentrations is warned about at open and
by `plotdoc validate`, in version 1 and version 2 files (v2-design section 3)."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from plotdoc.analyses.methods.nonlinear_regression import (
    CONCENTRATION_RATIO,
    LOG_X_CONCENTRATIONS,
    looks_like_concentrations,
)
from plotdoc.api import loads, validate


def test_looks_like_concentrations() -> None:
    assert looks_like_concentrations([0.001, 0.01, 0.1, 1.0])
    assert looks_like_concentrations([1, None, 100, math.nan])
    assert not looks_like_concentrations([-9, -8, -7, -6])
    assert not looks_like_concentrations([0, 1, 10, 1000])  # 0 has no log: not a log-dose
    assert not looks_like_concentrations([1, 2, 50])
    assert not looks_like_concentrations([])
    assert looks_like_concentrations([1, CONCENTRATION_RATIO])
    assert not looks_like_concentrations([1, CONCENTRATION_RATIO * 0.999])
    assert looks_like_concentrations([1, "x", True, 1000])  # what is not a number is skipped
    assert looks_like_concentrations(np.array([1e-9, 1e-6]))
    assert looks_like_concentrations(np.array([1, 1000]))  # numpy integers


def _doc(version: int, x: list[float], params: dict[str, Any] | None) -> str:
    analysis: dict[str, Any] = {"id": "fit", "method": "nonlinearRegression"}
    if params is not None:
        analysis["params"] = params
    table = {
        "id": "t",
        "format": "xy",
        "x": x,
        "dataSets": [{"name": "resp", "values": [[v] for v in (3, 10, 45, 88, 97)]}],
        "analyses": [analysis],
    }
    return json.dumps({"format": "plotdoc-project", "schemaVersion": version, "tables": [table]})


CONC = [0.001, 0.01, 0.1, 1.0, 10.0]


@pytest.mark.parametrize("version", [1, 2])
@pytest.mark.parametrize("params", [None, {"model": "logX"}])
def test_log_x_of_concentrations_is_warned_at_open_and_in_validate(
    version: int, params: dict[str, Any] | None
) -> None:
    text = _doc(version, CONC, params)
    report = validate(text.encode())
    assert report.ok
    found = [p for p in report.problems if p.code == LOG_X_CONCENTRATIONS]
    assert [(p.severity, p.where) for p in found] == [
        ("warning", "tables[0].analyses[0].params.model")
    ]
    assert "linearX" in found[0].message and "0.001 to 10" in found[0].message
    project = loads(text)
    assert LOG_X_CONCENTRATIONS in [w.code for w in project.warnings]


@pytest.mark.parametrize(
    ("x", "params"),
    [
        (CONC, {"model": "linearX"}),
        ([-9.0, -8.0, -7.0, -6.0, -5.0], None),  # log doses
        ([1.0, 2.0, 5.0, 10.0, 50.0], None),  # a ratio under 100
        ([0.0, 0.01, 0.1, 1.0, 10.0], None),  # 0 has no logarithm
    ],
)
def test_no_warning_where_x_can_be_a_log_dose_or_the_model_is_linear_x(
    x: list[float], params: dict[str, Any] | None
) -> None:
    report = validate(_doc(2, x, params).encode())
    assert LOG_X_CONCENTRATIONS not in [p.code for p in report.problems]


@pytest.mark.parametrize("duplicate_id", [False, True])
def test_each_fit_of_a_table_is_warned_for_its_own_model(duplicate_id: bool) -> None:
    """A table's X is read once for all its fits, and fits with the same params share their
    warnings: each fit is still told about for its own model, at its own path (also when
    another problem, a repeated id, makes the reader visit the analyses one by one)."""
    doc = json.loads(_doc(2, CONC, None))
    models = [None, "logX", "linearX", "logX", None, "linearX"]
    doc["tables"][0]["analyses"] = [
        {"id": f"fit{k}", "method": "nonlinearRegression"} | ({"params": {"model": m}} if m else {})
        for k, m in enumerate(models)
    ]
    if duplicate_id:
        doc["tables"][0]["analyses"][-1]["id"] = "fit0"
    report = validate(json.dumps(doc).encode())
    found = [p.where for p in report.problems if p.code == LOG_X_CONCENTRATIONS]
    assert found == [
        f"tables[0].analyses[{k}].params.model" for k, m in enumerate(models) if m != "linearX"
    ]


def test_validate_stays_light(tmp_path: Path) -> None:
    path = tmp_path / "conc.plotdoc"
    path.write_text(_doc(2, CONC, None), encoding="utf-8")
    code = (
        "import sys\n"
        "from plotdoc.cli import main\n"
        f"rc = main(['validate', {str(path)!r}])\n"
        "heavy = sorted(m for m in ('numpy', 'scipy', 'matplotlib') if m in sys.modules)\n"
        "print('HEAVY', heavy, rc)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "HEAVY [] 0" in out.stdout
    assert LOG_X_CONCENTRATIONS in out.stdout + out.stderr


@pytest.mark.parametrize("mixed", [False, True])
def test_many_fits_of_one_model_are_warned_only_when_one_is_due(mixed: bool) -> None:
    """199 linearX fits over concentrations: none is warned; with one logX fit among them
    (and a fit of another method), only that one is, at its own path."""
    doc = json.loads(_doc(2, CONC, None))
    analyses = [
        {"id": f"fit{k}", "method": "nonlinearRegression", "params": {"model": "linearX"}}
        for k in range(199)
    ]
    if mixed:
        analyses[137]["params"] = {"model": "logX"}
        analyses.insert(3, {"id": "line", "method": "linearRegression"})
    doc["tables"][0]["analyses"] = analyses
    report = validate(json.dumps(doc).encode())
    found = [p.where for p in report.problems if p.code == LOG_X_CONCENTRATIONS]
    assert found == (["tables[0].analyses[138].params.model"] if mixed else [])
