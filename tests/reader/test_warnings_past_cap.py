"""Warnings past the listed 1,000 cost only a count: no message is built for them.

A file of millions of ignored keys opened in tens of seconds when each ignored key built its
full warning (message, quoted key, path) before the cap threw it away. The warnings that are
listed stay exactly as before, and every ignored key is dropped all the same.
"""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from plotdoc import problems as problems_module
from plotdoc.api import loads, validate
from plotdoc.migrations import v1_to_v2
from plotdoc.reader import semantics

N_KEYS = 5_000


def _visibility_flood() -> bytes:
    visibility = {str(i): False for i in range(2, 2 + N_KEYS)}
    table = {
        "format": "column",
        "dataSets": [{"name": "A", "values": [[1]]}, {"name": "B", "values": [[2]]}],
        "graph": {"variantId": "scatter-bar", "dataSetVisibility": {"1": False, **visibility}},
    }
    return orjson.dumps({"format": "plotdoc-project", "schemaVersion": 1, "tables": [table]})


def _variable_types_flood() -> bytes:
    table = {
        "format": "multipleVariables",
        "dataSets": [{"name": "A", "values": [[1], [2]]}],
        "variableTypes": {"A": "continuous", **{f"v{i}": "continuous" for i in range(N_KEYS)}},
    }
    return orjson.dumps({"format": "plotdoc-project", "schemaVersion": 1, "tables": [table]})


@pytest.fixture
def built(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Codes of the warnings the semantic stage builds (``warning`` counted where it is used)."""
    codes: list[str] = []
    real = problems_module.warning

    def counting(code: str, *args: Any, **kwargs: Any) -> problems_module.Problem:
        codes.append(code)
        return real(code, *args, **kwargs)

    monkeypatch.setattr(semantics, "warning", counting)
    # a version 1 file's unmatched keys are dropped, with their warnings, by its migration
    monkeypatch.setattr(v1_to_v2, "warning", counting)
    return codes


@pytest.mark.parametrize("make", [_visibility_flood, _variable_types_flood])
def test_no_warning_is_built_past_the_cap(make: Any, built: list[str]) -> None:
    report = validate(make())
    assert report.ok
    assert len(report.warnings) == 1_000
    assert report.omitted_warnings == N_KEYS - 1_000
    assert len(built) == 1_000


def test_listed_warnings_are_unchanged_and_every_key_is_dropped() -> None:
    project = loads(_visibility_flood())
    first, last = project.warnings[0], project.warnings[-1]
    assert first.where == 'tables[0].graph.dataSetVisibility["2"]'
    assert (
        first.message
        == 'expected a data set index below 2; found "2", which matches none (ignored)'
    )
    assert last.path == ("tables", 0, "graph", "dataSetVisibility", "1001")
    assert project.omitted_warnings == N_KEYS - 1_000
    graph = project.tables[0].graph
    assert graph is not None
    assert graph.data_set_visibility == {"1": False}


def test_variable_types_past_the_cap_are_dropped() -> None:
    project = loads(_variable_types_flood())
    assert project.omitted_warnings == N_KEYS - 1_000
    assert dict(project.tables[0].variable_types or {}) == {"A": "continuous"}


def test_positions_of_the_listed_warnings_stop_at_the_last_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The line and column of the 1,000 listed warnings are found without walking the keys
    after the last of them (a 50 MB flood spent most of its time there)."""
    from plotdoc.reader import positions

    skipped: list[int] = []
    real = positions._skip

    def counting(text: str, i: int) -> int:
        skipped.append(i)
        return real(text, i)

    monkeypatch.setattr(positions, "_skip", counting)
    report = validate(_visibility_flood())
    assert report.warnings[0].line == 1 and report.warnings[-1].line == 1
    assert report.warnings[-1].column is not None and report.warnings[-1].column > 1
    assert len(skipped) < 1_100  # one per listed warning, not one per key (N_KEYS)
