"""A flood of warnings: open and validate list the first 1,000 and count the rest.

A document may hold millions of keys that are ignored with a warning each (a data set
visibility for data sets that do not exist). The report keeps the first 1,000 warnings and a
count of the others, in the API, in `validate` text ("… and N more warnings") and in
`validate --json` (`omittedWarnings`); the ignored keys are dropped all the same.
"""

from __future__ import annotations

import json
from pathlib import Path

import orjson
import pytest

from plotdoc.api import loads, validate
from plotdoc.cli import main
from plotdoc.editing import Session

N_KEYS = 25_000


def flood(n_keys: int) -> bytes:
    visibility = {str(i): False for i in range(2, 2 + n_keys)}  # two data sets: 0 and 1
    doc = {
        "format": "plotdoc-project",
        "schemaVersion": 1,
        "tables": [
            {
                "format": "column",
                "dataSets": [
                    {"name": "A", "values": [[1], [2]]},
                    {"name": "B", "values": [[3], [4]]},
                ],
                "graph": {
                    "variantId": "scatter-bar",
                    "dataSetVisibility": {"1": False, **visibility},
                },
            }
        ],
    }
    return orjson.dumps(doc)


@pytest.fixture(scope="module")
def data() -> bytes:
    return flood(N_KEYS)


def test_validate_lists_the_first_warnings_and_counts_the_rest(data: bytes) -> None:
    report = validate(data)
    assert report.ok
    assert len(report.warnings) == 1_000
    assert report.omitted_warnings == N_KEYS - 1_000
    assert report.warnings[0].where == 'tables[0].graph.dataSetVisibility["2"]'


def test_open_drops_every_ignored_key_listed_or_not(data: bytes) -> None:
    project = loads(data)
    assert len(project.warnings) == 1_000
    assert project.omitted_warnings == N_KEYS - 1_000
    graph = project.tables[0].graph
    assert graph is not None
    assert graph.data_set_visibility == {"1": False}


def test_a_workspace_reports_the_count(data: bytes, tmp_path: Path) -> None:
    path = tmp_path / "flood.plotdoc"
    path.write_bytes(data)
    report = Session().open_path(path)
    assert len(report.warnings) == 1_000
    assert report.omitted_warnings == N_KEYS - 1_000


def test_a_few_warnings_are_all_listed() -> None:
    report = validate(flood(10))
    assert len(report.warnings) == 10
    assert report.omitted_warnings == 0


def test_validate_text_ends_with_the_count(
    data: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "flood.plotdoc"
    path.write_bytes(data)
    assert main(["validate", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1_000 + 2
    assert lines[-2] == f"{path}: … and {N_KEYS - 1_000:,} more warnings"
    assert lines[-1] == f"{path}: ok ({N_KEYS:,} warning(s))"


def test_validate_json_gives_the_count(
    data: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "flood.plotdoc"
    path.write_bytes(data)
    assert main(["validate", "--json", str(path)]) == 0
    (entry,) = json.loads(capsys.readouterr().out)["files"]
    assert len(entry["warnings"]) == 1_000
    assert entry["omittedWarnings"] == N_KEYS - 1_000
