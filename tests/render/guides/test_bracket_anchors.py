"""A version 1 bracket's group n is the n-th plotted data set, in every family (contract
2.10): the migration to version 2 anchors it on that data set's id, and the drawing puts it
there. A column table with a hidden data set and a grouped table with several rows draw their
brackets at the same place from the version 1 file, from the version 2 file it migrates to,
and from the version 1 file written back; the data sets the version 2 anchors name are the
ones the version 1 file meant."""

from __future__ import annotations

import copy
from typing import Any

import orjson
import pytest

from plotdoc.api import loads
from plotdoc.writer import dumps

from ..docs import Svg, column_doc, render
from ..row_docs import grouped_doc


def _bracket(a: int, b: int, text: str) -> dict[str, Any]:
    return {
        "type": "bracket",
        "left": {"kind": "group", "groupIndex": a},
        "right": {"kind": "group", "groupIndex": b},
        "text": text,
    }


def _column() -> dict[str, Any]:
    doc = column_doc("bar", annotations=[_bracket(0, 1, "*"), _bracket(0, 2, "ns")])
    doc["tables"][0]["dataSets"].append({"name": "C3", "values": [[3.0], [4.0], [5.0]]})
    doc["tables"][0]["graph"]["dataSetVisibility"] = {"1": False}  # C1 hidden
    return doc


def _grouped() -> dict[str, Any]:
    doc = grouped_doc("grouped-separated-bars")
    doc["tables"][0]["annotations"] = [_bracket(0, 1, "*"), _bracket(0, 7, "past the end")]
    return doc


def _brackets(data: bytes) -> list[tuple[float, float, float, float]]:
    svg = Svg(data)
    return [svg.bbox(b) for b in svg.ids("bracket/")]


def _drawn(text: bytes) -> list[tuple[float, float, float, float]]:
    p = loads(text)
    from plotdoc.render import render_table

    return _brackets(render_table(p, p.tables[0], fmt="svg", dpi=72))


@pytest.mark.parametrize(
    ("make", "expected"),
    [
        # plotted: C0, C2, C3; group 1 is C2, group 2 is C3
        (_column, [("C0", "C2"), ("C0", "C3")]),
        # group 7 is past the last data set: version 1 draws it at the last one (warned)
        (_grouped, [("G0", "G1"), ("G0", None)]),
    ],
    ids=["column-hidden", "grouped-rows"],
)
def test_brackets_stand_where_version_1_put_them(
    make: Any, expected: list[tuple[str, str | None]]
) -> None:
    v1 = make()
    v1_text = orjson.dumps(v1)
    before = _brackets(render(copy.deepcopy(v1)))
    assert len(before) == 2
    v2_text = dumps(loads(v1_text))
    v2 = orjson.loads(v2_text)
    assert v2["schemaVersion"] == 2
    table = v2["tables"][0]
    ids = [ds["id"] for ds in table["dataSets"]]
    last = ids[-1]
    for ann, (a, b) in zip(table["annotations"], expected, strict=True):
        assert ann["left"] == {"kind": "dataSet", "dataSetId": a}
        assert ann["right"] == {"kind": "dataSet", "dataSetId": b or last}
    after = _drawn(v2_text)
    for x, y in zip(before, after, strict=True):
        assert x == pytest.approx(y, abs=0.01)
    # written back as version 1, the groups count plotted data sets again: drawn alike
    again = dumps(loads(v2_text), schema_version=1)
    assert orjson.loads(again)["schemaVersion"] == 1
    first = orjson.loads(again)["tables"][0]["annotations"][0]
    assert (first["left"], first["right"]) == (
        v1["tables"][0]["annotations"][0]["left"],
        v1["tables"][0]["annotations"][0]["right"],
    )
    for x, y in zip(before, _drawn(again), strict=True):
        assert x == pytest.approx(y, abs=0.01)


def test_version_1_cannot_point_at_a_hidden_data_set() -> None:
    from plotdoc.errors import SaveError

    p = loads(orjson.dumps(_column()))
    p.tables[0].annotations[0].props["right"] = {"kind": "group", "groupIndex": 1}  # hidden C1
    with pytest.raises(SaveError) as caught:
        dumps(p, schema_version=1)
    assert [(x.code, x.where) for x in caught.value.problems] == [
        ("version-1-unfit", "tables[0].annotations[0].right")
    ]
