"""Every grouped, contingency, partsOfWhole and multipleVariables sample draws to valid, deterministic SVG
with unique ids; text stays literal."""

from __future__ import annotations

import pytest

from plotdoc.contract.variants import VARIANTS
from plotdoc.publish.samples import sample_document

from .docs import Svg, render, svg_of
from .row_docs import grouped_doc, mv_doc, parts_doc

PART2 = [
    v
    for v, spec in VARIANTS.items()
    if spec.family in ("grouped", "contingency", "partsOfWhole", "multipleVariables")
]


def test_samples_cover_the_32_variants_of_tables_with_rows() -> None:
    assert len(PART2) == 32


@pytest.mark.parametrize("variant", PART2)
def test_sample_renders_deterministic_valid_svg(variant: str) -> None:
    doc = sample_document(variant)
    first, second = render(doc), render(doc)
    assert first == second
    svg = Svg(first)  # parses, and refuses duplicate ids
    assert len(svg.ids()) >= 3


def test_dollar_signs_stay_literal() -> None:
    svg = svg_of(grouped_doc("grouped-separated-bars", rows=["$a$", "b", "c"]))
    assert "$a$" in svg.data.decode()
    pie = svg_of(parts_doc("parts-pie"))
    assert pie.has("label/row0")
    sets = [("x", [1.0, 2.0]), ("y", [1.0, 2.0]), ("l", ["$x^2$", "b"])]
    forest = svg_of(
        mv_doc("mv-forest", "forest", {"x": 0, "lower": 0, "upper": 1, "label": 2}, sets)
    )
    assert forest.text("label/p0") == "$x^2$"
