"""Legends read like the graph: stacked bars list the top of the stack first."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from ..docs import Svg, svg_of, with_graph
from ..row_docs import contingency_doc, grouped_doc

NS = "{http://www.w3.org/2000/svg}"

STACKED: dict[str, Callable[[], dict[str, Any]]] = {
    "grouped": lambda: grouped_doc(
        "grouped-stacked-bars",
        values=[[[1.0], [2.0]], [[3.0], [4.0]], [[5.0], [6.0]]],
        graph={"legend": {"show": True}},
    ),
    "contingency": lambda: with_graph(
        contingency_doc("contingency-stacked-bar"), legend={"show": True}
    ),
}


def _legend_texts(svg: Svg) -> list[str]:
    texts = ("".join(t.itertext()).strip() for t in svg["legend"].iter(f"{NS}text"))
    return [t for t in texts if t]


@pytest.mark.parametrize("family", sorted(STACKED))
def test_stacked_legend_lists_the_top_of_the_stack_first(family: str) -> None:
    doc = STACKED[family]()
    svg = svg_of(doc)
    # the segments of the first row's bar, from the top of the stack down (SVG y grows down)
    segs = sorted((s for s in svg.ids("bar/") if s.endswith("/row0")), key=lambda s: svg.bbox(s)[1])
    assert len(segs) >= 2
    names = [ds["name"] for ds in doc["tables"][0]["dataSets"]]
    top_down = [names[int(s.split("/")[1][2:])] for s in segs]
    assert _legend_texts(svg) == top_down
