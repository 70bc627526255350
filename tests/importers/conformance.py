"""A check of the contract rules an imported document must keep, written independently of
the reader (sections 2.1-2.5 and 8), plus a round through the real reader."""

from __future__ import annotations

import math
from typing import Any

import orjson

from plotdoc.contract.site import CURRENT_VERSION

FAMILIES = {
    "xy",
    "column",
    "grouped",
    "nested",
    "contingency",
    "survival",
    "partsOfWhole",
    "multipleVariables",
}
FIXED_ONE = {"column", "contingency", "survival", "partsOfWhole", "multipleVariables"}
VARIANT_PREFIX = {
    "column": ("column-", "scatter-bar", "bar"),
    "grouped": ("grouped-",),
    "contingency": ("contingency-",),
    "survival": ("survival-",),
    "partsOfWhole": ("parts-",),
    "nested": ("nested-",),
    "multipleVariables": ("mv-",),
    "xy": ("xy-", "scatter", "line"),
}


def assert_conforms(document: dict[str, Any]) -> None:
    """Assert the key rules of the contract; a failing rule names the table and field."""
    text = orjson.dumps(document)
    assert orjson.loads(text) == document
    assert document["format"] == "plotdoc-project"
    assert document["schemaVersion"] == CURRENT_VERSION
    assert set(document) <= {"format", "schemaVersion", "tables", "meta", "usermeta"}
    assert len(document["tables"]) <= 200
    for key in ("usermeta",):
        if key in document:
            assert len(orjson.dumps(document[key])) <= 65536
    if "meta" in document:
        assert isinstance(document["meta"]["title"], str)
        assert len(document["meta"]["title"]) <= 200
    for t, table in enumerate(document["tables"]):
        _table(t, table)


def _table(t: int, table: dict[str, Any]) -> None:
    family = table["format"]
    where = f"tables[{t}]"
    assert family in FAMILIES, where
    reps = table.get("replicates", 1)
    assert isinstance(reps, int), where
    if family in FIXED_ONE:
        assert reps == 1, f"{where}.replicates"
    elif family == "nested":
        assert reps >= 2, f"{where}.replicates"
    assert 1 <= reps <= 64, f"{where}.replicates"
    if "x" in table:
        assert family in ("xy", "survival"), f"{where}.x"
        assert all(v is None or _finite(v) for v in table["x"]), f"{where}.x"
    if "rowLabels" in table:
        assert all(isinstance(s, str) and len(s) <= 200 for s in table["rowLabels"])
    if "name" in table:
        assert isinstance(table["name"], str) and len(table["name"]) <= 200
    sets = table["dataSets"]
    assert 1 <= len(sets) <= 500, f"{where}.dataSets"
    names = [ds["name"] for ds in sets]
    assert len(set(names)) == len(names), f"{where}: duplicate data set names {names}"
    # version 2: every data set has its id (1 to 128 characters, unique in its table)
    ids = [ds["id"] for ds in sets]
    assert all(isinstance(i, str) and 1 <= len(i) <= 128 for i in ids), f"{where}: ids {ids}"
    assert len(set(ids)) == len(ids), f"{where}: duplicate data set ids {ids}"
    rows = [len(table.get("x", ())), len(table.get("rowLabels", ()))]
    for d, ds in enumerate(sets):
        assert set(ds) == {"id", "name", "values"}, f"{where}.dataSets[{d}]"
        assert isinstance(ds["name"], str) and 1 <= len(ds["name"]) <= 200
        values = ds["values"]
        rows.append(len(values))
        for r, row in enumerate(values):
            assert isinstance(row, list) and len(row) <= reps, f"{where}.dataSets[{d}][{r}]"
            for cell in row:
                if isinstance(cell, str):
                    assert family == "multipleVariables", f"{where}: text cell {cell!r}"
                    assert len(cell) <= 1000
                else:
                    assert cell is None or _finite(cell), f"{where}: cell {cell!r}"
        if values:
            assert any(c is not None for c in values[-1]), f"{where}: trailing empty row"
    assert max(rows) <= 200_000
    graph = table["graph"]
    assert graph["variantId"].startswith(VARIANT_PREFIX[family]), f"{where}.graph"
    if family == "xy" and graph["variantId"] == "xy-points-error":
        assert reps > 1
    if "plot" in graph:
        assert graph["plot"]["family"] == family
    if family == "multipleVariables":
        mapping = graph["plot"]["options"]["mapping"]
        assert all(v in ids for v in mapping.values() if v is not None)
    for key in graph.get("dataSetVisibility") or {}:
        assert key in ids, f"{where}.graph.dataSetVisibility"
    if "usermeta" in table:
        assert len(orjson.dumps(table["usermeta"])) <= 65536


def _finite(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def assert_opens(document: dict[str, Any]) -> None:
    """The document opens with the reader without errors and without warnings."""
    from plotdoc.api import loads

    project = loads(orjson.dumps(document))
    assert project.warnings == ()
