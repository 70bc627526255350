"""Boxes of every family draw the mean as the ``meanSymbolShape`` symbol."""

from __future__ import annotations

from typing import Any

import pytest

from plotdoc.render.style.symbols import symbol_path

from ..docs import column_doc, nested_doc, svg_of
from ..row_docs import grouped_doc

MEAN = {"showMeanAsPlus": True, "meanSymbolShape": "diamond"}


def _styled() -> dict[str, Any]:
    return {"styleOverrides": {"global": {"bar": MEAN}}}


DOCS = {
    "column-box-whiskers": lambda: column_doc("column-box-whiskers", graph=_styled()),
    "nested-box": lambda: nested_doc("nested-box", graph=_styled()),
    "grouped-interleaved-box": lambda: grouped_doc("grouped-interleaved-box", graph=_styled()),
}


@pytest.mark.parametrize("variant", sorted(DOCS))
def test_mean_symbol_shape(variant: str) -> None:
    svg = svg_of(DOCS[variant]())
    means = [sid for sid in svg.ids("mean/") if sid.endswith("/p0")]
    groups = [sid for sid in svg.ids("mean/") if not sid.endswith("/p0")]
    assert means and len(means) == len(groups)
    diamond_d = _marker_d(svg, means[0])
    assert diamond_d is not None
    # every mean uses the same marker: a closed diamond outline (a plus is two open strokes)
    assert {_marker_d(svg, sid) for sid in means} == {diamond_d}
    assert diamond_d.count("M") == 1 and diamond_d.strip().endswith("z")
    assert len(symbol_path("diamond")[0].vertices) >= 4


def _marker_d(svg: Any, sid: str) -> str | None:
    """The path data of the marker a ``<use>`` mark points at."""
    from ..docs import XLINK_HREF

    el = svg[sid]
    use = el if el.tag.endswith("use") else next(iter(el.iter("{http://www.w3.org/2000/svg}use")))
    ref = use.get(XLINK_HREF, "").lstrip("#")
    target = svg.by_id.get(ref)
    return None if target is None else target.get("d")


OUTLIERS = [[1.0, 2.0, 30.0, 3.0, 2.5, 2.0, 1.5, 2.2]]


@pytest.mark.parametrize(
    ("doc", "expected"),
    [
        (lambda: column_doc("column-box-whiskers", values=OUTLIERS), ["outlier/ds0/p2"]),
        # grouped: k = row * replicates + replicate, as the replicate's symbol id
        (
            lambda: grouped_doc(
                "grouped-interleaved-box",
                values=[
                    [[1.0, 2.0, 1.5, 2.5, 2.0, 1.8, 2.2], [1.0, 2.0, 1.5, 40.0, 2.0, 1.8, 2.2]]
                ],
                options={"mode": "tukey"},
            ),
            ["outlier/ds0/p10"],
        ),
    ],
)
def test_outlier_ids_index_the_point(doc: Any, expected: list[str]) -> None:
    """Outliers of every family are ``outlier/ds{i}/p{k}``, k the point's own index."""
    d = doc()
    if "column" in d["tables"][0]["graph"]["variantId"]:
        d["tables"][0]["graph"]["plot"] = {"family": "column", "options": {"mode": "tukey"}}
    assert svg_of(d).ids("outlier/") == expected


def test_a_flat_box_keeps_its_median_readable_on_the_background() -> None:
    from ..docs import column_doc, svg_of

    # classic fills the third box black, and its median white; with one value the box is
    # flat, so the median lies on the white background and must turn dark
    doc = column_doc("column-box-whiskers", values=[[1.0], [2.0], [3.0]])
    doc["tables"][0]["graph"]["activePresetId"] = "classic"
    svg = svg_of(doc)
    stroke = svg.style("median/ds2").get("stroke", "#000000").lower()
    assert stroke not in ("#ffffff", "#fff", "white")


def test_a_flat_grouped_box_keeps_its_median_readable() -> None:
    from ..docs import svg_of
    from ..row_docs import grouped_doc

    values = [[[1.0, 1.0]], [[2.0, 2.0]], [[3.0, 3.0]]]
    doc = grouped_doc("grouped-interleaved-box", values=values)  # type: ignore[arg-type]
    doc["tables"][0]["graph"]["activePresetId"] = "classic"
    svg = svg_of(doc)
    stroke = svg.style("median/ds2/row0").get("stroke", "#000000").lower()
    assert stroke not in ("#ffffff", "#fff", "white")
