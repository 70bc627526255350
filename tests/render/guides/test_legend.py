"""Legend entries come from the mark each variant names, not from drawing order."""

from __future__ import annotations

from plotdoc.render.families.grouped import PARTS

from ..docs import NS, svg_of
from ..row_docs import grouped_doc


def _markers_in_legend(variant: str) -> int:
    svg = svg_of(grouped_doc(variant, graph={"legend": {"show": True}}))
    return len(list(svg["legend"].iter(f"{{{NS['svg']}}}use")))


def test_bar_variants_show_the_bar_swatch() -> None:
    assert PARTS["grouped-separated-bars"][2] == "bar"
    assert _markers_in_legend("grouped-separated-bars") == 0


def test_scatter_bar_shows_the_bar_with_its_symbol() -> None:
    assert PARTS["grouped-interleaved-scatter-bar"][2] == "scatter-bar"
    assert _markers_in_legend("grouped-interleaved-scatter-bar") > 0


def test_scatter_shows_the_symbol() -> None:
    assert _markers_in_legend("grouped-interleaved-scatter") > 0
