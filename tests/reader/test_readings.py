"""Contract readings: what opens, and what is accepted with a warning (the part ignored)."""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from plotdoc.api import loads, validate

from ..conftest import CORPUS

EVERY = json.loads((CORPUS / "valid" / "every-family.plotdoc").read_bytes())


def table(i: int, **changes: Any) -> dict[str, Any]:
    """``every-family`` with table ``i`` alone, updated with ``changes``."""
    doc = json.loads(json.dumps(EVERY))
    doc["tables"] = [doc["tables"][i]]
    doc.pop("view", None)
    doc["tables"][0].pop("derivedFrom", None)
    doc["tables"][0].update(changes)
    return doc


def graph(doc: dict[str, Any]) -> dict[str, Any]:
    g: dict[str, Any] = doc["tables"][0]["graph"]
    return g


def codes(doc: dict[str, Any]) -> list[tuple[str, str]]:
    return [(p.code, p.where) for p in validate(json.dumps(doc).encode()).problems]


def test_label_rotation_takes_any_finite_angle() -> None:
    doc = table(0)
    graph(doc)["axesOverrides"] = {"xCategorical": {"labelRotation": 720}}
    assert codes(doc) == []
    doc = table(0)
    graph(doc)["axesOverrides"] = {"xCategorical": {"labelRotation": -1000.5}}
    project = loads(json.dumps(doc))
    assert project.tables[0].graph.axes["xCategorical"]["labelRotation"] == -1000.5  # type: ignore[union-attr]


def test_auto_is_accepted_for_the_origin() -> None:
    doc = table(0)
    graph(doc)["axesOverrides"] = {"frameAndOrigin": {"originX": "auto", "originY": "auto"}}
    assert codes(doc) == []
    doc = table(0)
    graph(doc)["axesOverrides"] = {"frameAndOrigin": {"originX": "automatic"}}
    assert codes(doc) == [
        ("wrong-constant", "tables[0].graph.axesOverrides.frameAndOrigin.originX")
    ]


def test_a_bare_shape_annotation_opens_with_documented_defaults() -> None:
    doc = table(0, annotations=[{"type": "shape"}])
    (annotation,) = loads(json.dumps(doc)).tables[0].annotations
    assert annotation.props["shape"] == "line"
    assert annotation.props["points"] == [{"x": 0.0, "y": 0.0}, {"x": 72.0, "y": 72.0}]
    assert annotation.props["fill"] == "none" and annotation.props["text"] == ""


def test_survival_cells_other_than_0_1_missing_are_ignored_with_a_warning() -> None:
    doc = table(4)
    rows = doc["tables"][0]["dataSets"][0]["values"]
    rows[0] = [2]
    rows[1] = ["0.5"]
    project = loads(json.dumps(doc))
    assert [(p.code, p.where) for p in project.warnings] == [
        ("survival-code-ignored", "tables[0].dataSets[0].values[0][0]"),
        ("survival-code-ignored", "tables[0].dataSets[0].values[1][0]"),
    ]
    values = project.tables[0].data_sets[0].values[:, 0]
    assert np.isnan(values[:2]).all()
    assert set(values[2:][~np.isnan(values[2:])].tolist()) <= {0.0, 1.0}


def test_a_parts_of_whole_index_past_the_last_data_set_is_replaced() -> None:
    doc = table(5)
    graph(doc)["plot"] = {"family": "partsOfWhole", "options": {"dataSetIndex": 3}}
    project = loads(json.dumps(doc))
    assert [(p.code, p.where) for p in project.warnings] == [
        ("unmatched-data-set-key", "tables[0].graph.plot.options.dataSetIndex")
    ]
    assert "replaced by 0" in project.warnings[0].message
    assert project.tables[0].graph.plot.options["dataSetIndex"] == 0  # type: ignore[union-attr]


def test_a_semantic_key_the_variant_does_not_draw_is_ignored_with_a_warning() -> None:
    doc = table(0)
    graph(doc)["styleOverrides"] = {"perDataSet": {"volcano:up": {"bar": {"fill": "theme"}}}}
    (problem,) = validate(json.dumps(doc).encode()).problems
    assert problem.code == "unmatched-data-set-key" and problem.severity == "warning"
    assert "scatter-bar does not draw" in problem.message
    doc = table(6)
    graph(doc)["styleOverrides"] = {"perDataSet": {"volcano:up": {"symbol": {"size": 4}}}}
    assert codes(doc) == []
