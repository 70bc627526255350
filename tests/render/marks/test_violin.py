"""Violins of every family take the violin style's fillPattern in its patternColor, and so does
their legend swatch."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest

from ..docs import NS, Svg, column_doc, nested_doc, svg_of
from ..row_docs import grouped_doc

PATTERN = {"fillPattern": "diagonalRight", "patternColor": {"hex": "#13579b"}}


def _styled(graph: dict[str, Any]) -> dict[str, Any]:
    return {**graph, "styleOverrides": {"global": {"violin": PATTERN}}}


DOCS = {
    "column-violin": lambda: column_doc("column-violin", graph=_styled({})),
    "nested-violin": lambda: nested_doc("nested-violin", graph=_styled({})),
    "grouped-interleaved-violin": lambda: grouped_doc(
        "grouped-interleaved-violin", graph=_styled({"legend": {"show": True}})
    ),
}


def _pattern_colors(svg: Svg, element: ET.Element) -> set[str]:
    """The stroke colours of the hatch patterns ``element``'s paths are filled with."""
    patterns = {p.get("id"): p for p in svg.root.iter(f"{{{NS['svg']}}}pattern")}
    colors: set[str] = set()
    for path in element.iter(f"{{{NS['svg']}}}path"):
        style = path.get("style", "")
        if "url(#" not in style:
            continue
        pid = style.split("url(#", 1)[1].split(")", 1)[0]
        for line in patterns[pid].iter(f"{{{NS['svg']}}}path"):
            for part in line.get("style", "").split(";"):
                if part.strip().startswith("stroke:"):
                    colors.add(part.split(":", 1)[1].strip())
    return colors


@pytest.mark.parametrize("variant", sorted(DOCS))
def test_violin_pattern_in_pattern_color(variant: str) -> None:
    svg = svg_of(DOCS[variant]())
    violins = svg.ids("violin/")
    assert violins
    for sid in violins:
        assert _pattern_colors(svg, svg[sid]) == {"#13579b"}, sid


@pytest.mark.parametrize("variant", ["column-violin", "grouped-interleaved-violin"])
def test_violin_swatch_has_pattern(variant: str) -> None:
    doc = DOCS[variant]()
    doc["tables"][0]["graph"]["legend"] = {"show": True}
    svg = svg_of(doc)
    assert _pattern_colors(svg, svg["legend"]) == {"#13579b"}
