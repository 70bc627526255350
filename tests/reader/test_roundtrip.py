"""Round trip: open(save(open(x))) equals open(x), and saving twice gives the same bytes."""

from __future__ import annotations

from typing import Any

import numpy as np
import orjson
from hypothesis import HealthCheck, given, settings

from plotdoc.api import loads
from plotdoc.model import Project
from plotdoc.writer import dumps

from .strategies import documents

NOW = "2024-05-06T07:08:09Z"


def assert_same_project(a: Project, b: Project) -> None:
    assert a.meta == b.meta and a.usermeta == b.usermeta and a.view == b.view
    assert len(a.tables) == len(b.tables)
    for ta, tb in zip(a.tables, b.tables, strict=True):
        for field in (
            "id",
            "name",
            "format",
            "replicates",
            "row_labels",
            "variable_types",
            "column_widths",
            "derived_from",
            "graph",
            "analyses",
            "annotations",
            "titles",
            "usermeta",
        ):
            assert getattr(ta, field) == getattr(tb, field), field
        if ta.x is None:
            assert tb.x is None
        else:
            assert tb.x is not None
            np.testing.assert_array_equal(ta.x, tb.x)
        for da, db in zip(ta.data_sets, tb.data_sets, strict=True):
            assert da.name == db.name
            np.testing.assert_array_equal(da.values, db.values)
            if da.text is not None:
                assert db.text is not None and da.text.tolist() == db.text.tolist()


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents())
def test_generated_documents_round_trip(doc: dict[str, Any]) -> None:
    first = loads(orjson.dumps(doc))
    saved = dumps(first, now=NOW)
    second = loads(saved)
    assert_same_project(first, second)
    assert dumps(second, now=NOW) == saved


def test_saved_file_is_utf8_without_bom_and_keeps_created_at() -> None:
    doc = {
        "format": "plotdoc-project",
        "schemaVersion": 1,
        "createdAt": "2020-01-01T00:00:00Z",
        "meta": {"title": "Ünïcode ✓"},
        "tables": [],
    }
    saved = dumps(loads(orjson.dumps(doc)), now=NOW)
    assert not saved.startswith(b"\xef\xbb\xbf")
    out = orjson.loads(saved)
    assert out["createdAt"] == "2020-01-01T00:00:00Z"
    assert out["modifiedAt"] == NOW
    assert out["generator"]["name"] == "plotdoc"
    assert out["meta"]["title"] == "Ünïcode ✓"


def test_write_complete_fills_every_default() -> None:
    doc = {
        "format": "plotdoc-project",
        "schemaVersion": 1,
        "tables": [
            {"format": "column", "dataSets": [{"name": "A", "values": [[1], [2], [None], [None]]}]}
        ],
    }
    out = orjson.loads(dumps(loads(orjson.dumps(doc)), now=NOW))
    table = out["tables"][0]
    assert table["id"] == "table-1" and table["name"] == "Table 1" and table["replicates"] == 1
    assert table["dataSets"][0]["values"] == [[1.0], [2.0]]  # trailing empty rows are not stored
    graph = table["graph"]
    assert graph["variantId"] == "scatter-bar"
    assert graph["plot"] == {
        "family": "column",
        "options": {
            "mode": "meanWithSd",
            "flipXY": False,
            "showTruncatedViolin": True,
            "pointLayout": "scatter",
        },
    }
    assert graph["axesOverrides"]["leftY"]["rangeMin"] == "auto"
    assert graph["legend"]["position"] == "auto"
    assert table["titles"]["graph"]["text"] is None


def test_generated_ids_never_collide_with_explicit_ones() -> None:
    doc = {
        "format": "plotdoc-project",
        "schemaVersion": 1,
        "tables": [
            {"format": "column", "dataSets": [{"name": "A", "values": [[1]]}]},
            {
                "id": "table-1",
                "format": "column",
                "dataSets": [{"name": "A", "values": [[1]]}],
                "analyses": [{"method": "ttest"}, {"id": "analysis-1", "method": "ttest"}],
            },
        ],
    }
    project = loads(orjson.dumps(doc))
    assert [t.id for t in project.tables] == ["table-2", "table-1"]
    assert [a.id for a in project.tables[1].analyses] == ["analysis-2", "analysis-1"]


def test_text_that_spells_a_number_stays_text_in_multiple_variables_tables() -> None:
    doc = {
        "format": "plotdoc-project",
        "schemaVersion": 1,
        "tables": [
            {
                "format": "multipleVariables",
                "dataSets": [
                    {"name": "label", "values": [["NaN"], ["Inf"], ["007"]]},
                    {"name": "value", "values": [[1], [2], ["3.5"]]},
                ],
            }
        ],
    }
    project = loads(orjson.dumps(doc))
    label, value = project.tables[0].data_sets
    assert label.text is not None and label.text[:, 0].tolist() == ["NaN", "Inf", "007"]
    assert value.text is not None and value.text[2, 0] == "3.5"
    saved = orjson.loads(dumps(project, now=NOW))
    assert saved["tables"][0]["dataSets"][0]["values"] == [["NaN"], ["Inf"], ["007"]]
