"""Legend entries come from the mark each variant names, not from drawing order."""

from __future__ import annotations

import pytest

from plotdoc.render.families.grouped import PARTS

from ..docs import NS, svg_of
from ..row_docs import grouped_doc


def _markers_in_legend(variant: str) -> int:
    svg = svg_of(grouped_doc(variant, graph={"legend": {"show": True}}))
    return len(list(svg["legend"].iter(f"{{{NS['svg']}}}use")))


@pytest.mark.parametrize("variant", ["grouped-interleaved-scatter-bar", "grouped-separated-bars"])
def test_bar_variants_show_the_bar_swatch(variant: str) -> None:
    assert PARTS[variant][2] == "bar"
    assert _markers_in_legend(variant) == 0


def test_scatter_shows_the_symbol() -> None:
    assert _markers_in_legend("grouped-interleaved-scatter") > 0
