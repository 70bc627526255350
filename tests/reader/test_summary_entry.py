"""Summary-data tables (`table.entry`, v2-design section 2) in the document: read, checked at
the cell's path, built into the model, written canonically, refused by version 1."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from plotdoc import SaveError
from plotdoc.api import loads, validate
from plotdoc.writer import dumps

NOW = "2024-06-01T12:00:00Z"


def _doc(*tables: dict[str, Any]) -> bytes:
    return orjson.dumps({"format": "plotdoc-project", "schemaVersion": 2, "tables": list(tables)})


COLUMN = {
    "format": "column",
    "entry": "meanSdN",
    "dataSets": [
        {"name": "Control", "values": [[10.2, 1.5, 6]]},
        {"name": "Drug", "values": [[14.8, 2.1, 6]]},
    ],
}


def _problems(data: bytes) -> list[tuple[str, str]]:
    report = validate(data)
    return [(p.code, p.where) for p in (*report.errors, *report.warnings)]


def test_a_summary_column_table_opens_with_three_replicates_and_a_bar_graph() -> None:
    project = loads(_doc(COLUMN))
    table = project.tables[0]
    assert table.entry == "meanSdN"
    assert table.replicates == 3
    assert table.data_sets[0].values.tolist() == [[10.2, 1.5, 6.0]]
    # its graph draws the means with their error; the raw-values default (scatter bar) cannot
    assert table.graph is not None and table.graph.variant_id == "bar"


def test_entry_is_written_in_version_2_after_replicates_and_fmt_is_stable() -> None:
    project = loads(
        _doc(COLUMN, {"format": "column", "dataSets": [{"name": "A", "values": [[1]]}]})
    )
    saved = dumps(project, now=NOW)
    tables = orjson.loads(saved)["tables"]
    assert list(tables[0])[:5] == ["id", "name", "format", "replicates", "entry"]
    assert tables[0]["entry"] == "meanSdN"
    assert tables[1]["entry"] == "values"  # every default is written, as v2 writes them
    assert dumps(loads(saved), now=NOW) == saved


def test_version_1_refuses_a_summary_table_at_its_path() -> None:
    project = loads(
        _doc({"format": "column", "dataSets": [{"name": "A", "values": [[1]]}]}, COLUMN)
    )
    with pytest.raises(SaveError) as info:
        dumps(project, now=NOW, schema_version=1)
    assert [(p.code, p.where) for p in info.value.problems] == [
        ("version-1-unfit", "tables[1].entry")
    ]
    assert "mean, SD and N" in info.value.problems[0].message


def test_a_raw_table_still_writes_version_1_without_entry() -> None:
    project = loads(_doc({"format": "column", "dataSets": [{"name": "A", "values": [[1]]}]}))
    assert "entry" not in orjson.loads(dumps(project, now=NOW, schema_version=1))["tables"][0]


@pytest.mark.parametrize(
    ("table", "expected"),
    [
        (
            {**COLUMN, "replicates": 2},
            [("replicates-invalid", "tables[0].replicates")],
        ),
        (
            {**COLUMN, "dataSets": [{"name": "A", "values": [[1, 0.5, 3, 7]]}]},
            [("row-too-wide", "tables[0].dataSets[0].values[0]")],
        ),
        (
            {
                "format": "survival",
                "entry": "meanSemN",
                "x": [1],
                "dataSets": [{"name": "A", "values": [[1]]}],
            },
            [("entry-not-allowed", "tables[0].entry")],
        ),
        (
            {
                "format": "grouped",
                "entry": "meanSemN",
                "rowLabels": ["a", "b", "c"],
                "dataSets": [{"name": "A", "values": [[1, 0.5, 0], [1, -0.1, 3], [2, 1, "4.5"]]}],
            },
            [
                ("summary-n-invalid", "tables[0].dataSets[0].values[0][2]"),
                ("summary-spread-negative", "tables[0].dataSets[0].values[1][1]"),
                ("summary-n-invalid", "tables[0].dataSets[0].values[2][2]"),
            ],
        ),
        (
            {
                **COLUMN,
                "graph": {
                    "variantId": "bar",
                    "plot": {"family": "column", "options": {"mode": "medianWithIqr"}},
                },
            },
            [("summary-needs-values", "tables[0].graph.plot.options.mode")],
        ),
        (
            {**COLUMN, "graph": {"variantId": "column-violin"}},
            [("summary-needs-values", "tables[0].graph.variantId")],
        ),
        (
            {
                "format": "xy",
                "entry": "meanSdN",
                "x": [1, 2],
                "dataSets": [{"name": "A", "values": [[1, 0.5, 3], [2, 0.5, 3]]}],
                "graph": {
                    "variantId": "xy-points-error",
                    "plot": {"family": "xy", "options": {"center": "median"}},
                },
            },
            [("summary-needs-values", "tables[0].graph.plot.options.center")],
        ),
    ],
)
def test_summary_problems_are_reported_at_their_paths(
    table: dict[str, Any], expected: list[tuple[str, str]]
) -> None:
    assert _problems(_doc(table)) == expected


def test_a_results_table_cannot_be_entered_as_summaries() -> None:
    source = {
        "id": "src",
        "format": "column",
        "dataSets": [{"name": "A", "values": [[1], [2]]}],
        "analyses": [{"id": "f", "method": "frequencyDistribution"}],
    }
    results = {
        "format": "grouped",
        "entry": "meanSdN",
        "derivedFrom": {"sourceTableId": "src", "analysisId": "f"},
    }
    assert ("entry-not-allowed", "tables[1].entry") in _problems(_doc(source, results))


def test_modes_drawn_from_mean_sd_and_n_are_accepted() -> None:
    for variant, options in [
        ("bar", {"mode": "meanWithSem"}),
        ("column-mean-error", {"mode": "meanWithCi95"}),
        ("column-mean-error-connected", {"mode": "mean"}),
    ]:
        graph = {"variantId": variant, "plot": {"family": "column", "options": options}}
        assert _problems(_doc({**COLUMN, "graph": graph})) == []
    xy = {
        "format": "xy",
        "entry": "meanSemN",
        "x": [1, 2],
        "dataSets": [{"name": "A", "values": [[1, 0.5, 3], [2, None, 1]]}],
        "graph": {
            "variantId": "xy-points-line-error",
            "plot": {"family": "xy", "options": {"error": "ci95"}},
        },
    }
    assert _problems(_doc(xy)) == []


def test_values_entry_on_any_family_is_fine_and_a_missing_n_is_allowed() -> None:
    assert (
        _problems(
            _doc(
                {
                    "format": "nested",
                    "entry": "values",
                    "dataSets": [{"name": "A", "values": [[1, 2]]}],
                }
            )
        )
        == []
    )
    assert (
        _problems(_doc({**COLUMN, "dataSets": [{"name": "A", "values": [[10, 1.5, None]]}]})) == []
    )
