"""The corpus: valid documents open (and round-trip), invalid ones give exactly their problems."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from plotdoc.api import loads, validate
from plotdoc.problems import PlotdocError
from plotdoc.writer import dumps

from ..conftest import CORPUS

VALID = sorted((CORPUS / "valid").glob("*.plotdoc"))
INVALID = sorted((CORPUS / "invalid").glob("*.plotdoc"))
WARNINGS = sorted((CORPUS / "warnings").glob("*.plotdoc"))


def expected(path: Path) -> list[tuple[str, str]]:
    sidecar = path.with_name(path.name.removesuffix(".plotdoc") + ".expected.json")
    return sorted((code, where) for code, where in json.loads(sidecar.read_text()))


def test_corpus_is_not_empty() -> None:
    assert len(VALID) >= 4 and len(INVALID) >= 25 and len(WARNINGS) >= 2


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_valid_documents_open_without_problems(path: Path) -> None:
    project = loads(path.read_bytes())
    assert project.warnings == ()
    assert project.tables or path.name == "bare-minimum.plotdoc"


@pytest.mark.parametrize("path", VALID + WARNINGS, ids=lambda p: p.name)
def test_save_is_a_fixed_point(path: Path) -> None:
    first = dumps(loads(path.read_bytes()), now="2024-01-01T00:00:00Z")
    reopened = loads(first)
    assert reopened.warnings == ()
    second = dumps(reopened, now="2024-01-01T00:00:00Z")
    assert first == second


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.name)
def test_invalid_documents_give_exactly_their_problems(path: Path) -> None:
    report = validate(path.read_bytes(), build=True)
    assert not report.ok
    got = sorted((p.code, p.where) for p in report.problems)
    assert got == expected(path)
    errors = sorted((p.code, p.where) for p in report.problems if p.severity == "error")
    with pytest.raises(PlotdocError) as info:
        loads(path.read_bytes())
    assert sorted((p.code, p.where) for p in info.value.errors) == errors


@pytest.mark.parametrize("path", WARNINGS, ids=lambda p: p.name)
def test_warning_documents_open_with_their_warnings(path: Path) -> None:
    project = loads(path.read_bytes())
    assert sorted((p.code, p.where) for p in project.warnings) == expected(path)
    assert all(p.severity == "warning" for p in project.warnings)


def test_mode_not_offered_is_replaced_by_the_variant_default() -> None:
    project = loads((CORPUS / "warnings" / "mode-not-offered.plotdoc").read_bytes())
    graph = project.tables[0].graph
    assert graph is not None
    assert graph.plot.options["mode"] == "minToMax"


def test_every_semantic_rule_of_the_contract_has_a_corpus_file() -> None:
    codes = {code for path in INVALID + WARNINGS for code, _ in expected(path)}
    contract_rules = {
        "duplicate-table-id",
        "duplicate-analysis-id",
        "dangling-source-table",
        "dangling-analysis",
        "analysis-makes-no-table",
        "dangling-active-table",
        "replicates-invalid",
        "variant-family-mismatch",
        "plot-family-mismatch",
        "variant-unavailable",
        "mapping-incomplete",
        "analysis-unavailable",
        "text-cell",
        "row-too-wide",
        "cells-too-many",
        "unmatched-data-set-key",
        "mode-not-offered",
        "invalid-timestamp",
        "usermeta-too-large",
    }
    assert contract_rules <= codes
