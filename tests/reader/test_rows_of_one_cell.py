"""A long list of one-cell rows is flattened before its items' kinds are asked: an item that is
not a row (a one-character string or a one-key object unpacks like a row of one cell) is still
refused where it stands, as every other item that is not a row."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from plotdoc.reader.cells import FlatRows
from plotdoc.reader.pipeline import run_pipeline

ROWS = [[float(i)] for i in range(40)]  # past the length from which rows are flattened once
AT = ("tables", 0, "dataSets", 0, "values")


def _problems(values: list[Any]) -> list[tuple[str, tuple[Any, ...]]]:
    doc = {
        "format": "plotdoc-project",
        "schemaVersion": 1,
        "tables": [{"format": "column", "dataSets": [{"name": "Y", "values": values}]}],
    }
    _, report = run_pipeline(orjson.dumps(doc))
    return [(p.code, p.path) for p in report.problems]


@pytest.mark.parametrize("item", ["x", {"a": 1}, {}, 3.0, None, "", [[1.0]]], ids=repr)
@pytest.mark.parametrize("text_cells", [False, True])
def test_an_item_that_is_not_a_row_is_refused_where_it_stands(item: Any, text_cells: bool) -> None:
    rows: list[Any] = [["a"] for _ in ROWS] if text_cells else list(ROWS)
    rows[5] = item
    found = [p for p in _problems(rows) if p[0] != "text-cell"]
    path = (*AT, 5, 0) if isinstance(item, list) else (*AT, 5)
    assert found == [("wrong-type", path)]


def test_rows_of_one_cell_are_read_as_before() -> None:
    assert _problems(ROWS) == []
    texts = _problems([["a"] for _ in ROWS])
    assert {code for code, _ in texts} == {"text-cell"} and len(texts) == len(ROWS)


@pytest.mark.parametrize(
    "items", [[["a"], "b"], [[1.0], {"k": 2}], [[1.0], [2.0, 3.0]], [[1.0], 2.0]], ids=repr
)
def test_of_items_only_takes_lists_of_rows(items: list[Any]) -> None:
    flat = FlatRows.of_items(items)
    if all(type(i) is list for i in items):
        assert flat is not None and flat.cells == [c for i in items for c in i]
    else:
        assert flat is None
