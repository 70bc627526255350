"""A pie of many parts draws its slices in one artist (``Wedges``): the same picture as a
matplotlib ``Wedge`` per slice, one SVG path and one hit region per slice, each with its id;
slices too thin at the rim for their edges are drawn without them."""

from __future__ import annotations

import io
from typing import Any

import numpy as np
import pytest
from matplotlib.patches import Wedge
from PIL import Image

from plotdoc.editor import hits as editor_hits
from plotdoc.render.artists.wedges import Wedges
from plotdoc.render.marks import slices

from ..docs import open_doc, svg_of
from ..row_docs import figure_of, many_parts_doc, png_of


def _pixels(png: bytes) -> Any:
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=float)


@pytest.mark.parametrize("variant", ["parts-pie", "parts-donut"])
@pytest.mark.parametrize(("n", "edges"), [(5, True), (60, True), (600, False)])
def test_one_artist_draws_what_a_wedge_per_slice_draws(
    variant: str, n: int, edges: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 5 and 60 parts the slices keep their edges; at 600 they are too thin for them."""
    doc = many_parts_doc(n, variant, most=8)
    monkeypatch.setattr(slices, "MANY_SLICES", 10**9)
    each = _pixels(png_of(doc, dpi=300))
    fig = figure_of(doc)
    assert len(fig.axes[0].findobj(Wedge)) == n
    assert all((w.get_linewidth() > 0) == edges for w in fig.axes[0].findobj(Wedge))
    monkeypatch.setattr(slices, "MANY_SLICES", 2)
    one = _pixels(png_of(doc, dpi=300))
    art = figure_of(doc).axes[0].findobj(Wedges)
    assert len(art) == 1 and len(art[0]) == n and (art[0].edge is not None) == edges
    assert one.shape == each.shape
    # the edges between slices are stroked over every fill, not each over its slice's
    # neighbour before it, so their antialiasing differs: 0.1-0.25% of the pixels (a missing
    # edge is 3%, an arc in steps of 20 degrees 0.75%)
    differ = np.abs(one - each).max(axis=2) > 48
    assert differ.mean() < 0.004, differ.mean()


def test_svg_has_one_path_per_slice_with_its_id(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(slices, "MANY_SLICES", 2)
    doc = many_parts_doc(40, most=8)
    svg = svg_of(doc)
    # (written a colour at a time)
    assert sorted(svg.ids("slice/")) == sorted(f"slice/row{r}" for r in range(40))
    monkeypatch.setattr(slices, "MANY_SLICES", 10**9)
    each = svg_of(doc)
    for r in (0, 7, 39):  # each slice where a Wedge of its own stands
        assert svg.bbox(f"slice/row{r}") == pytest.approx(each.bbox(f"slice/row{r}"), abs=0.6)


def test_each_slice_has_a_hit_region(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(slices, "MANY_SLICES", 2)
    p = open_doc(many_parts_doc(700, most=8))
    shown = editor_hits.screen(p, p.tables[0].id)
    found = {h.id: h.box for h in shown.regions if h.id.startswith("slice/")}
    assert sorted(found) == sorted(f"slice/row{r}" for r in range(700))
