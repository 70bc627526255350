"""Violins of every family take the violin style's fillPattern in its patternColor, and so does
their legend swatch."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest

from ..docs import NS, Svg, column_doc, nested_doc, svg_of
from ..row_docs import figure_of, grouped_doc

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


# -- a distribution without spread ------------------------------------------------------------

_FLAT = {
    "column-violin": lambda: column_doc("column-violin", values=[[3.0, 3.0, 3.0], [5.0]]),
    "column-violin-alone": lambda: column_doc("column-violin", values=[[3.0, 3.0, 3.0]]),
    "grouped-interleaved-violin": lambda: grouped_doc(
        "grouped-interleaved-violin", values=[[[3.0, 3.0, 3.0], [5.0, None, None]]]
    ),
}


@pytest.mark.parametrize("case", sorted(_FLAT))
def test_flat_violin_is_a_line_at_its_value_inside_the_axis(case: str) -> None:
    doc = _FLAT[case]()
    svg = svg_of(doc)
    violins = svg.ids("violin/")
    assert violins, "a violin of equal values must draw something"
    for sid in violins:
        x0, y0, x1, y1 = svg.bbox(sid)
        assert y1 - y0 < 0.5 and x1 - x0 > 5, (sid, svg.bbox(sid))
    fig = figure_of(doc)
    lo, hi = fig.axes[0].get_ylim()
    values = [3.0] if case == "column-violin-alone" else [3.0, 5.0]
    for v in values:
        assert lo < v < hi, (lo, hi)
    # the value's line lies strictly inside the plot area
    assert not (lo <= 0.05 and hi <= 0.05 + 1e-9)
