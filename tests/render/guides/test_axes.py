"""A custom origin far beyond the data stands at the plot area's edge instead of breaking drawing."""

from __future__ import annotations

from ..docs import nested_doc, svg_of


def test_far_custom_origin_draws() -> None:
    frame = {"originMode": "custom", "originX": 0.0, "originY": -2.5e15}
    doc = nested_doc(
        "nested-scatter",
        graph={"axesOverrides": {"frameAndOrigin": frame, "rightY": {"show": True}}},
    )
    doc["tables"][0]["dataSets"] = [{"name": "a", "values": [[None]]}]
    svg = svg_of(doc)
    assert svg.has("axis/x") and svg.has("axis/y")
